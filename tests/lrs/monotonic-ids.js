// monotonic-ids.js - preloaded into the test LRS (node --require).  Its
// in-memory store orders statements by when they were stored but pages with a
// cursor that compares their internal ids (version 1 UUIDs) as text; the text
// of a version 1 UUID starts with the low 32 bits of its time, which wrap every
// 429.5 s, so a run that crosses a wrap gets pages that repeat some statements
// and leave out others.  Here the internal ids count up at a fixed width, so
// their text order is the order they were stored in.  Statement ids (ours) are
// not touched: this is the store's own key, used nowhere else.
"use strict";
const uuid = require(require.resolve("uuid", { paths: [process.cwd()] }));
let stored = 0;
uuid.v1 = () => {
	stored += 1;
	return "00000000-0000-1000-8000-" + stored.toString(16).padStart(12, "0");
};

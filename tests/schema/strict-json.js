'use strict';
// strict-json.js FILE - exits 0 when FILE is JSON text that a JSON Schema
// validator can judge as it stands; otherwise prints why and exits 1.
// strict-json.js --each FILE... - one line per file, in one process:
// "ok<TAB>FILE" or "bad<TAB>FILE<TAB>why"; exits 0.
//
// ajv-cli reads data files leniently: it decodes invalid UTF-8 to U+FFFD,
// falls back to Node's require() (which drops a byte order mark), and keeps
// the last of two equal keys.  Such a file is not the document paratutor
// reads, so run.sh counts it as structurally invalid on the schema side
// instead of asking ajv.  The rules are RFC 8259 (UTF-8 without a byte order
// mark, section 8.1; unpaired surrogates, section 8.2) and JSON Schema
// 2020-12 core section 4.2.3 (an object with two equal keys is undefined).
const fs = require('fs');

// A file that is not JSON a validator can judge: thrown with the reason.
class NotJudgeable extends Error {}

function fail(why) {
	throw new NotJudgeable(why.replace(/\s+/g, ' '));
}

function judge(file) {
	const bytes = fs.readFileSync(file);
	if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
		fail('starts with a byte order mark');
	let text;
	try {
		text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
	} catch (e) {
		fail('is not valid UTF-8');
	}
	try {
		JSON.parse(text);
	} catch (e) {
		fail('is not valid JSON: ' + e.message);
	}

	// The text is valid JSON; walk it for what JSON.parse accepts silently.
	const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
	let i = 0;

	function skipSpace() {
		while (i < text.length && ' \t\n\r'.includes(text[i]))
			i++;
	}

	function string(where) {
		const start = i++;
		while (text[i] !== '"')
			i += text[i] === '\\' ? 2 : 1;
		i++;
		const s = JSON.parse(text.slice(start, i));
		if (lone.test(s))
			fail(`has an unpaired UTF-16 surrogate in a string at ${where || '/'}`);
		return s;
	}

	function value(where) {
		skipSpace();
		const c = text[i];
		if (c === '{') {
			const seen = new Set();
			i++;
			skipSpace();
			if (text[i] === '}') {
				i++;
				return;
			}
			for (;;) {
				skipSpace();
				const key = string(where);
				if (seen.has(key))
					fail(`has the key "${key}" twice in the object at ${where || '/'}`);
				seen.add(key);
				skipSpace();
				i++; // ':'
				value(`${where}/${key}`);
				skipSpace();
				if (text[i++] === '}')
					return;
			}
		} else if (c === '[') {
			i++;
			skipSpace();
			if (text[i] === ']') {
				i++;
				return;
			}
			for (let n = 0; ; n++) {
				value(`${where}/${n}`);
				skipSpace();
				if (text[i++] === ']')
					return;
			}
		} else if (c === '"') {
			string(where);
		} else {
			while (i < text.length && !',]} \t\n\r'.includes(text[i]))
				i++;
		}
	}

	value('');
}

if (process.argv[2] === '--each') {
	for (const file of process.argv.slice(3)) {
		try {
			judge(file);
			console.log(`ok\t${file}`);
		} catch (e) {
			if (!(e instanceof NotJudgeable))
				throw e;
			console.log(`bad\t${file}\t${e.message}`);
		}
	}
} else {
	try {
		judge(process.argv[2]);
	} catch (e) {
		if (!(e instanceof NotJudgeable))
			throw e;
		console.log(e.message);
		process.exit(1);
	}
}

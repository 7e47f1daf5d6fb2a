// validate-xapi.js FILE... - checks every statement in each FILE (a JSON
// array, as `paratutor --report --format xapi` prints) with
// @learninglocker/xapi-validation, found through NODE_PATH.  Prints one line
// per problem and a count per file; exits 1 when any statement is invalid
// or a file is not a non-empty array.
'use strict';
const fs = require('fs');
const validate = require('@learninglocker/xapi-validation').default;

let bad = 0;
for (const file of process.argv.slice(2)) {
  let statements;
  try {
    statements = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.log(`${file}: not JSON: ${e.message}`);
    bad++;
    continue;
  }
  if (!Array.isArray(statements) || statements.length === 0) {
    console.log(`${file}: not a non-empty array of statements`);
    bad++;
    continue;
  }
  statements.forEach((st, i) => {
    for (const w of validate(st)) {
      console.log(`${file}: statement ${i}: ${w.path.join('.')}: ${w.typeName || w.name} (${JSON.stringify(w.data)})`);
      bad++;
    }
  });
  console.log(`${file}: ${statements.length} statements checked`);
}
process.exit(bad > 0 ? 1 : 0);

// oracle.js GIFT-PEGJS-DIR FILE.gift LESSON.json STDERR - compares what
// `paratutor import` made of FILE.gift with what the independent GIFT parser
// gift-pegjs reads in it: the number of questions (imported and skipped),
// and for each question its kind, stem, choices, correctness, feedback, id
// and difficulty.  Prints TAP-like "ok" / "not ok" lines; exits 1 on a
// difference.
//
// gift-pegjs gives the parse; the rules below turn a parsed question into
// the item paratutor promises for it (docs/formats.md, "Importing from
// Moodle"):
//   TF          choice True/False; the first '#' feedback (gift-pegjs calls
//               it trueFeedback) goes to the wrong option, the second (its
//               falseFeedback) is the right-answer feedback
//   MC, one '=' choice (fill when the answers sit inside the sentence)
//   MC, else    multi: an option is right when its weight is > 0, or with
//               no weight when it has '='
//   Short       text: accepted are the answers with credit
//   Numerical   numeric: the first answer with the most credit; answers
//               without full credit but with feedback are wrong ranges;
//               "*" feedback a common mistake
//   Matching    match: an empty left side is a distractor
//   Description, Essay: not imported (a warning); Category: no question
// Right-answer feedback becomes the explanation when there is no general
// feedback.
'use strict';
const fs = require('fs');
const path = require('path');

const [pegDir, giftFile, lessonFile, errFile] = process.argv.slice(2);
const gift = require(path.resolve(pegDir, 'node_modules', 'gift-pegjs'));
const questions = gift.parse(fs.readFileSync(giftFile, 'utf8'));
const lesson = JSON.parse(fs.readFileSync(lessonFile, 'utf8'));
const stderr = fs.readFileSync(errFile, 'utf8');
const name = path.basename(giftFile);
let failed = 0;

function decode(s) {
  return s.replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}
// Text as a learner would read it: HTML reduced, white space folded.
function norm(t) {
  if (t === null || t === undefined) return null;
  let s = typeof t === 'string' ? t : t.text;
  if (typeof t !== 'string' && t.format === 'html') s = decode(s.replace(/<[^>]*>/g, ' '));
  // gift-pegjs 1.0.2 leaves its own placeholders ("&&061;" for an escaped
  // '=') in the answers of a matching question: decode them.
  s = s.replace(/&&0*(\d+);/g, (m, d) => String.fromCharCode(Number(d)));
  s = s.replace(/\s+/g, ' ').trim().replace(/ ([.,;:!?)])/g, '$1');
  return s === '' ? null : s;
}
// gift-pegjs puts a space on either side of a missing word's gap: white
// space next to the blank is not compared.
function gap(s) {
  return s.replace(/\s*\{\{1\}\}\s*/, '{{1}}');
}
function slug(s) {
  return s.toLowerCase().replace(/'/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}
function range(t) {
  if (t.type === 'high-low') return { min: t.numberLow, max: t.numberHigh };
  const r = { value: t.number };
  if (t.type === 'range' && t.range > 0) r.tolerance = t.range;
  return r;
}
function credit(c) {
  return c.weight !== null && c.weight !== undefined ? c.weight > 0 : c.isCorrect;
}

// The item paratutor should make of one gift-pegjs question.
function expect(q) {
  const general = norm(q.globalFeedback);
  const stem = norm(q.stem);
  const item = { kind: null, prompt: stem };
  let right = null;
  if (q.type === 'TF') {
    const wrong = norm(q.trueFeedback);
    item.kind = 'choice';
    item.options = [
      { text: 'True', correct: q.isTrue, feedback: q.isTrue ? null : wrong },
      { text: 'False', correct: !q.isTrue, feedback: q.isTrue ? wrong : null },
    ];
    right = norm(q.falseFeedback);
  } else if (q.type === 'MC') {
    const equal = q.choices.filter((c) => c.isCorrect);
    if (equal.length === 1 && q.hasEmbeddedAnswers) {
      item.kind = 'fill';
      // In HTML, text before a <pre> that holds the gap is the instruction
      // (how `paratutor export` writes a fill item's prompt).
      let lead = null;
      let code = stem;
      if (q.stem.format === 'html' && q.stem.text.includes('<pre')) {
        const k = q.stem.text.indexOf('<pre');
        lead = norm({ format: 'html', text: q.stem.text.slice(0, k) });
        if (lead) code = norm({ format: 'html', text: q.stem.text.slice(k) });
      }
      item.prompt = lead || 'Choose the missing word.';
      item.code = gap(code.replace('_____', '{{1}}'));
      item.bank = q.choices.map((c) => norm(c.text));
      const fb = {};
      for (const c of q.choices) if (!c.isCorrect && norm(c.feedback)) fb[norm(c.text)] = norm(c.feedback);
      item.blanks = [{ accept: [norm(equal[0].text)], feedback: fb }];
      right = norm(equal[0].feedback);
    } else if (equal.length === 1) {
      item.kind = 'choice';
      item.options = q.choices.map((c) => ({ text: norm(c.text), correct: c.isCorrect,
        feedback: c.isCorrect ? null : norm(c.feedback) }));
      right = norm(equal[0].feedback);
    } else {
      item.kind = 'multi';
      item.options = q.choices.map((c) => ({ text: norm(c.text), correct: credit(c), feedback: norm(c.feedback) }));
    }
  } else if (q.type === 'Short') {
    item.kind = 'text';
    item.accept = q.choices.filter(credit).map((c) => norm(c.text));
    item.wrong = q.choices.filter((c) => !credit(c) && norm(c.feedback))
      .map((c) => ({ answer: norm(c.text), feedback: norm(c.feedback) }));
    const withFb = q.choices.filter((c) => credit(c) && norm(c.feedback));
    right = withFb.length ? norm(withFb[0].feedback) : null;
  } else if (q.type === 'Numerical') {
    item.kind = 'numeric';
    item.wrong = [];
    item.mistakes = [];
    if (!Array.isArray(q.choices)) {
      item.answer = range(q.choices);
    } else {
      const w = (c) => (c.weight !== null ? c.weight : c.isCorrect ? 100 : 0);
      const any = (c) => c.text.type === undefined;
      let best = null;
      for (const c of q.choices) if (!any(c) && w(c) > 0 && (best === null || w(c) > w(best))) best = c;
      item.answer = range(best.text);
      right = norm(best.feedback);
      for (const c of q.choices) {
        if (any(c)) {
          if (norm(c.feedback)) item.mistakes.push(norm(c.feedback));
        } else if (c !== best && w(c) < 100 && norm(c.feedback)) {
          item.wrong.push(Object.assign(range(c.text), { feedback: norm(c.feedback) }));
        }
      }
    }
  } else if (q.type === 'Matching') {
    item.kind = 'match';
    item.pairs = q.matchPairs.filter((p) => norm(p.subquestion)).map((p) => ({ left: norm(p.subquestion), right: norm(p.subanswer) }));
    item.distractors = q.matchPairs.filter((p) => !norm(p.subquestion)).map((p) => norm(p.subanswer));
  }
  item.explanation = general || right;
  if (q.id) item.id = slug(q.id);
  else if (q.title) item.id = slug(q.title);
  item.difficulty = ((q.tags || []).find((t) => /^(easy|medium|hard)$/i.test(t)) || 'medium').toLowerCase();
  return item;
}

// What paratutor made, in the same shape.
function actual(it) {
  const a = { kind: it.kind, prompt: norm(it.prompt) };
  if (it.options) a.options = it.options.map((o) => ({ text: norm(o.text), correct: !!o.correct, feedback: norm(o.feedback) }));
  if (it.kind === 'fill') {
    a.code = gap(norm(it.code));
    a.bank = it.bank.map(norm);
    a.blanks = it.blanks.map((b) => ({ accept: b.accept.map(norm),
      feedback: Object.fromEntries(Object.entries(b.feedback || {}).map(([k, v]) => [norm(k), norm(v)])) }));
  }
  if (it.kind === 'text') {
    a.accept = it.accept.map(norm);
    a.wrong = (it.wrong || []).map((w) => ({ answer: norm(w.answer), feedback: norm(w.feedback) }));
  }
  if (it.kind === 'numeric') {
    a.wrong = it.wrong || [];
    a.mistakes = it.mistakes || [];
    a.answer = it.answer;
  }
  if (it.kind === 'match') {
    a.pairs = it.pairs.map((p) => ({ left: norm(p.left), right: norm(p.right) }));
    a.distractors = it.distractors || [];
  }
  a.explanation = norm(it.explanation);
  a.id = it.id;
  a.difficulty = it.difficulty;
  return a;
}

// Lists the fields where want and got differ.
function differences(want, got) {
  const out = [];
  for (const key of Object.keys(want)) {
    if (key === 'id' && want.id === undefined) continue;
    if (JSON.stringify(want[key]) !== JSON.stringify(got[key]))
      out.push(`${key}: gift-pegjs reads ${JSON.stringify(want[key])}, paratutor made ${JSON.stringify(got[key])}`);
  }
  return out;
}

function report(ok, what, details) {
  if (!ok) failed++;
  console.log(`${ok ? 'ok' : 'not ok'} - ${name}: ${what}`);
  if (!ok) for (const d of details || []) console.log(`  | ${d}`);
}

const real = questions.filter((q) => q.type !== 'Category');
const skipped = real.filter((q) => q.type === 'Description' || q.type === 'Essay');
const wanted = real.filter((q) => q.type !== 'Description' && q.type !== 'Essay');
const counted = /imported (\d+) of (\d+) questions?/.exec(stderr);
report(counted && Number(counted[2]) === real.length && Number(counted[1]) === wanted.length,
  `${real.length} questions, ${wanted.length} imported`, counted ? [counted[0]] : ['no summary line']);
const notImported = (stderr.match(/: warning: question .* not imported$/gm) || []).length;
report(notImported === skipped.length, `${skipped.length} description or essay questions skipped with a warning`,
  [`${notImported} "not imported" warnings`]);
report(lesson.items.length === wanted.length, `${wanted.length} items in the lesson`, [`${lesson.items.length} items`]);
wanted.forEach((q, i) => {
  const it = lesson.items[i];
  const label = `question ${i + 1} (${q.title || norm(q.stem).slice(0, 30)}): ${q.type}`;
  if (!it) return report(false, label, ['no item']);
  const diff = differences(expect(q), actual(it));
  report(diff.length === 0, `${label} as ${it.kind}: stem, choices, correctness, feedback`, diff);
});
process.exit(failed ? 1 : 0);

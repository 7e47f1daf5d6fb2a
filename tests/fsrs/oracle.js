// oracle.js - the core's FSRS model beside ts-fsrs (npm), the reference
// implementation of FSRS-6, over random review logs.
//
//   node oracle.js NODE_PREFIX REPLAY_BINARY [LOGS] [RETENTION] [INDEX=VALUE]
//
// Writes LOGS (random, from a fixed seed) and runs the replay binary on
// them, then computes the same reviews with ts-fsrs (default parameters,
// no fuzz) and compares: intervals to the day, retrievability, stability
// and difficulty to 1e-6.  INDEX=VALUE is passed to the replay binary
// only, so the two models differ in that one parameter: the comparison
// must then fail.  Prints "ok"/"FAIL" lines and exits 1 on a mismatch.
'use strict';
const path = require('path');
const fs = require('fs');
const { execFileSync } = require('child_process');

const [prefix, replay, logsArg, retArg, change] = process.argv.slice(2);
const fsrsLib = require(path.resolve(prefix, 'node_modules', 'ts-fsrs'));
const retention = retArg ? Number(retArg) : 0.9;
const logCount = Number(process.env.FSRS_LOGS || 1000);

// A small deterministic generator (mulberry32), so a failure repeats.
let seed = Number(process.env.FSRS_SEED || 20261204) >>> 0;
function rand() {
	seed = (seed + 0x6d2b79f5) >>> 0;
	let t = seed;
	t = Math.imul(t ^ (t >>> 15), t | 1);
	t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
	return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const logs = [];
for (let k = 0; k < logCount; k++) {
	const n = 1 + Math.floor(rand() * 12);
	const log = [];
	for (let i = 0; i < n; i++) {
		// Mostly on or near the schedule, sometimes the same day, sometimes
		// very late; ratings weighted towards Good as real logs are.
		const u = rand();
		const t = i === 0 ? 0 : u < 0.15 ? 0 : u < 0.85 ? 1 + Math.floor(rand() * 60) : Math.floor(rand() * 900);
		const v = rand();
		const g = v < 0.15 ? 1 : v < 0.3 ? 2 : v < 0.85 ? 3 : 4;
		log.push(t, g);
	}
	logs.push(log);
}
const logsFile = logsArg || 'fsrs-logs.txt';
fs.writeFileSync(logsFile, logs.map((l) => l.join(' ')).join('\n') + '\n');
const args = [String(retention)];
if (change) args.push(change);
const ours = execFileSync(replay, args, { input: fs.readFileSync(logsFile) }).toString().trim().split('\n');

const params = fsrsLib.generatorParameters({ request_retention: retention, enable_fuzz: false, enable_short_term: true });
const algo = new fsrsLib.FSRSAlgorithm(params);
let worst = { r: 0, s: 0, d: 0 }, intervalsOff = 0, reviews = 0, firstBad = null;
logs.forEach((log, k) => {
	const got = ours[k].split(' ').map(Number);
	let m = null;
	for (let i = 0; i < log.length / 2; i++) {
		const t = log[2 * i], g = log[2 * i + 1];
		const r = i === 0 ? 0 : algo.forgetting_curve(t, m.stability);
		m = algo.next_state(m, i === 0 ? 0 : t, g);
		const ivl = algo.next_interval(m.stability, t);
		const [gr, gs, gd, gi] = got.slice(4 * i, 4 * i + 4);
		reviews++;
		const dr = Math.abs(gr - r), ds = Math.abs(gs - m.stability) / Math.max(1, m.stability), dd = Math.abs(gd - m.difficulty);
		worst = { r: Math.max(worst.r, dr), s: Math.max(worst.s, ds), d: Math.max(worst.d, dd) };
		if (gi !== ivl) intervalsOff++;
		if (firstBad === null && (gi !== ivl || dr > 1e-6 || ds > 1e-6 || dd > 1e-6))
			firstBad = `log ${k + 1} review ${i + 1}: ours R ${gr} S ${gs} D ${gd} I ${gi}; ts-fsrs R ${r} S ${m.stability} D ${m.difficulty} I ${ivl}`;
	}
});
const ok = firstBad === null;
console.log(`${ok ? 'ok' : 'FAIL'} - ${logs.length} logs, ${reviews} reviews at retention ${retention}${change ? ' with w[' + change + '] in ours only' : ''}: ` +
	`${intervalsOff} intervals differ; largest differences R ${worst.r.toExponential(2)}, S ${worst.s.toExponential(2)} (relative), D ${worst.d.toExponential(2)}`);
if (!ok) console.log('# first difference: ' + firstBad);
process.exit(ok ? 0 : 1);

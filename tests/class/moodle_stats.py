"""moodle_stats.py LESSON REFSTORE STORE... - Moodle's item statistics for
one lesson, worked out here from the progress stores alone, to check the
figures `paratutor class --format json` gives.

Definitions (Moodle's "Quiz statistics calculations"):
  item score x_i  a learner's score on the item, 0-100
  test score T    the sum of the item scores; rest of test X_i = T - x_i
  facility index        F_i  = 100 * mean(x_i) / 100
  discrimination index  D_i  = 100 * r(x_i, X_i)  (Pearson correlation)
  discriminative eff.   DE_i = 100 * C(x_i, X_i) / Cmax(x_i, X_i), Cmax the
                        covariance with both lists sorted the same way

paratutor's item score is the lesson's, as docs/scoring.md gives it:
attempt 1's first pass ("first" once a later attempt began; 0 when a later
attempt began without one), solved: 100 - 25 per extra check - 10 per hint
(hints counted up to the item's own), at least 10; failed, open, missing or
of another version (hash not the one REFSTORE holds for the item): 0.
("key_seen", from older stores, means nothing now.)  The learners
are those with at least one checked record of the current version of an
item of the lesson.

Prints a JSON object: item id -> {"facility_index", "discrimination_index",
"discriminative_efficiency"} (null when undefined), and "learners"."""
import json
import math
import sys

lesson = json.load(open(sys.argv[1], encoding="utf-8"))
ref = json.load(open(sys.argv[2], encoding="utf-8"))
lid = lesson["id"]
items = [it["id"] for it in lesson["items"]]
hints_of = {it["id"]: len(it.get("hints", [])) for it in lesson["items"]}
current = {i: r["hash"] for i, r in ref["lessons"][lid]["items"].items()}


def score(item, r):
    if r.get("hash") != current.get(item):
        return 0
    if "first" in r:
        r = r["first"]
    elif r.get("attempt", 1) > 1:
        return 0
    outcome = r["outcome"]
    if outcome in ("open", "failed"):
        return 0
    checks = max(1, r["attempts"])
    hints = min(max(0, r["hints"]), hints_of[item])
    return max(100 - 25 * (checks - 1) - 10 * hints, 10)


rows = []
for path in sys.argv[3:]:
    store = json.load(open(path, encoding="utf-8"))
    recs = store.get("lessons", {}).get(lid, {}).get("items", {})
    started = any(r.get("hash") == current.get(i) and (r["attempts"] > 0 or r["outcome"] != "open")
                  for i, r in recs.items() if i in current)
    if started:
        rows.append([score(i, recs[i]) if i in recs else 0 for i in items])


def mean(v):
    return sum(v) / len(v)


def cov(a, b):
    ma, mb = mean(a), mean(b)
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / (len(a) - 1)


out = {"learners": len(rows)}
for k, item in enumerate(items):
    x = [r[k] for r in rows]
    rest = [sum(r) - r[k] for r in rows]
    f = mean(x) if rows else None
    d = de = None
    if len(rows) > 1:
        c, vx, vr = cov(x, rest), cov(x, x), cov(rest, rest)
        if vx > 0 and vr > 0:
            d = 100 * c / math.sqrt(vx * vr)
        cmax = cov(sorted(x), sorted(rest))
        if cmax > 0:
            de = 100 * c / cmax
    out[item] = {"facility_index": f, "discrimination_index": d, "discriminative_efficiency": de}
print(json.dumps(out, indent=1))

"""xapi_values.py STORE STATEMENTS BASE - checks the statements that
`paratutor --report --format xapi` printed for the progress store STORE
against the store itself: one statement per record with a check in its
first pass, verb from its outcome, attempts, hints, time and first check
as stored, and lesson and item in the activity ids.  Prints each problem;
exits 1 when there is one."""
import json
import sys
from datetime import datetime, timezone

store_path, statements_path, base = sys.argv[1:4]
with open(store_path, encoding="utf-8") as f:
    store = json.load(f)
with open(statements_path, encoding="utf-8") as f:
    statements = json.load(f)

VERBS = {"open": "answered", "failed": "failed", "first_time": "passed",
         "with_hints": "passed", "retries": "passed"}
problems = []
by_object = {}
for st in statements:
    if st["verb"]["id"].endswith("/completed"):
        continue
    by_object.setdefault(st["object"]["id"], []).append(st)

expected = 0
for lesson_id, lesson in store["lessons"].items():
    for item_id, r in lesson.get("items", {}).items():
        if r["attempts"] == 0 and r["outcome"] == "open":
            continue
        expected += 1
        iri = base + lesson_id + "/" + item_id
        found = by_object.get(iri, [])
        if len(found) != 1:
            problems.append(f"{iri}: {len(found)} statements, wanted 1")
            continue
        st = found[0]
        res = st["result"]
        ext = res["extensions"]
        want = {
            "verb": "http://adlnet.gov/expapi/verbs/" + VERBS[r["outcome"]],
            "attempts": r["attempts"],
            "hints": r["hints"],
            "duration": f"PT{r['time_spent']}S",
            "timestamp": datetime.fromtimestamp(r["pass_start"], timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "success": r["outcome"] in ("first_time", "with_hints", "retries"),
            "completion": r["outcome"] != "open",
            "parent": base + lesson_id,
        }
        got = {
            "verb": st["verb"]["id"],
            "attempts": ext[base + "extensions/attempts"],
            "hints": ext[base + "extensions/hints"],
            "duration": res["duration"],
            "timestamp": st["timestamp"],
            "success": res["success"],
            "completion": res["completion"],
            "parent": st["context"]["contextActivities"]["parent"][0]["id"],
        }
        for key, value in want.items():
            if got[key] != value:
                problems.append(f"{iri}: {key} is {got[key]!r}, the store says {value!r}")

if sum(len(v) for v in by_object.values()) != expected:
    problems.append(f"{sum(len(v) for v in by_object.values())} item statements for {expected} records with a check")
ids = [st["id"] for st in statements]
if len(set(ids)) != len(ids):
    problems.append("statement ids repeat")
for p in problems:
    print(p)
sys.exit(1 if problems else 0)

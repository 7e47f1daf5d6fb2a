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
exam_statements = []
for st in statements:
    if st["verb"]["id"].endswith("/completed"):
        continue
    parent = st.get("context", {}).get("contextActivities", {}).get("parent", [{}])[0].get("id", "")
    if parent.startswith(base + "exams/"):
        exam_statements.append(st)
        continue
    by_object.setdefault(st["object"]["id"], []).append(st)

# Finished exams: one passed or failed statement for the exam (score: items
# right of items; success: the pass mark reached; duration: time used), then
# one answered statement per item, in the store's order.
want_exam = []
for ex in store.get("exams", {}).get("done", []):
    name = ex["id"].split("/", 1)[0] if "/" in ex["id"] else "mock"
    right = sum(1 for it in ex["items"] if it.get("result") == "right")
    n = len(ex["items"])
    passed = n > 0 and right * 100 >= ex["pass"] * n
    want_exam.append(("exam", base + "exams/" + name, "passed" if passed else "failed", right, n,
                      f"PT{ex['used']}S"))
    for it in ex["items"]:
        want_exam.append(("item", base + it["lesson"] + "/" + it["item"], "answered", it.get("result") == "right",
                          it.get("result") != "unanswered", base + "exams/" + name))
got_exam = []
for st in exam_statements:
    verb = st["verb"]["id"].rsplit("/", 1)[1]
    res = st["result"]
    if st["object"]["id"].startswith(base + "exams/"):
        got_exam.append(("exam", st["object"]["id"], verb, res["score"]["raw"], res["score"]["max"], res["duration"]))
    else:
        got_exam.append(("item", st["object"]["id"], verb, res["success"], res["completion"],
                         st["context"]["contextActivities"]["parent"][0]["id"]))
if got_exam != want_exam:
    problems.append(f"exam statements {got_exam!r}, the store says {want_exam!r}")

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

#!/bin/sh
# run.sh BINARY CHECK-SUITE... - `paratutor class` and `--report --format
# xapi`.
#
#  1. The Check suites (hand-computed item analysis, generated classes with
#     damaged stores and changed items, SHA-1 and UUID vectors, statement
#     values and ids).
#  2. The command line over a class whose stores the tutor itself wrote in
#     plain mode, with a damaged store and one of an older item version:
#     the formats parse, the gradebook has a row a learner and a column a
#     lesson, damaged stores are listed and left out, exit statuses.
#  3. The statements of every store of that class, each validated by
#     @learninglocker/xapi-validation (installed from npm into build/, at a
#     pinned version) and checked against the store; the same store gives
#     the same bytes; another learner gets other ids.
#
# Needs node and npm for step 3; build-aux/ensure-deps installs Debian's
# (set PT_AUTO_INSTALL=0 to be told instead).
set -u
if [ $# -lt 1 ]; then
	echo "usage: sh tests/class/run.sh BINARY CHECK-SUITE..." >&2
	exit 2
fi
bin=$1
shift
lessons=tests/fixtures/good
passed=0
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pt-class-test.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
out=$tmp/out err=$tmp/err
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME
XDG_CACHE_HOME=$tmp/cache
export XDG_CACHE_HOME

ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() {
	failed=$((failed + 1))
	echo "not ok - $1"
	[ -f "$out" ] && sed 's/^/  | /' "$out" | head -20
	[ -f "$err" ] && sed 's/^/  ! /' "$err" | head -20
}
. tests/lib/npm-oracle.sh

# expect NAME STATUS PATTERN -- ARGS...: runs the binary, checks the exit
# status and that stdout+stderr match the extended regex PATTERN.
expect() {
	name=$1 want=$2 pattern=$3
	shift 4
	"$bin" "$@" >"$out" 2>"$err" </dev/null
	got=$?
	if [ "$got" -eq "$want" ] && cat "$out" "$err" | grep -Eq -- "$pattern"; then
		ok "$name"
	else
		not_ok "$name (exit $got, wanted $want; pattern: $pattern)"
	fi
}

# ---- 1. the Check suites -------------------------------------------------

for suite in "$@"; do
	PT_SRCDIR=. CK_FORK=yes "$suite" >"$out" 2>"$err"
	st=$?
	line=$(grep -E '^[0-9]+%: Checks: ' "$out")
	if [ "$st" -eq 0 ] && printf '%s\n' "$line" | grep -q 'Failures: 0, Errors: 0'; then
		ok "$suite: $line"
	else
		not_ok "$suite (exit $st)"
	fi
done

# ---- 2. a class written by the tutor -------------------------------------

# learner NAME ANSWER...: NAME works through the fixture lesson in plain
# mode, answering with the given lines; the store is class/NAME.
learner() {
	who=$1
	shift
	mkdir -p "$tmp/class/$who"
	printf '%s\n' 1 "$@" quit | "$bin" --no-shuffle --only-lessons "$lessons" --state "$tmp/class/$who/progress.json" >/dev/null 2>&1
}
learner ann "1 b 2 d" b "a c"
learner ben "1 a 2 b" "1 b 2 d" a b "a b" "a c"
learner cat hint "1 b 2 d" c a
mkdir -p "$tmp/class/dud" "$tmp/class/old"
printf '{"format":1,"lessons":{' >"$tmp/class/dud/progress.json"
# old: ann's answers, but pick-one was answered in an earlier version whose
# right answer differs.
python3 - "$tmp/class/ann/progress.json" "$tmp/class/old/progress.json" <<'EOF'
import json, sys
store = json.load(open(sys.argv[1]))
store["lessons"]["fixture-minimal"]["items"]["pick-one"]["hash"] = "0123456789abcdef"
store["lessons"]["fixture-minimal"]["items"]["pick-one"]["key_hash"] = "0123456789abcdef"
json.dump(store, open(sys.argv[2], "w"))
EOF
for who in ann ben cat; do
	if [ -s "$tmp/class/$who/progress.json" ]; then
		ok "the tutor wrote $who's store"
	else
		not_ok "the tutor wrote $who's store"
	fi
done

expect "class: a table of 4 learners, the damaged store left out, exit 1" 1 '^Class report: 4 learners; 1 path skipped' \
	-- class --only-lessons "$lessons" "$tmp/class"
if grep -q "^paratutor: error: learner 'dud' left out, their records could not be read: $tmp/class/dud/progress.json is damaged: not valid JSON" "$err" &&
	grep -q "^paratutor: 1 learner missing from this report: dud;" "$err" && grep -q '^MISSING: dud ' "$out" &&
	grep -q 'started by 4 of 4 learners; completed by 2 (50% of those who started)' "$out" &&
	grep -Eq '^  pick-one +3 +33% +1\.67 +0\.00 +[-+0-9.]+ +1 ' "$out" &&
	grep -q '"Alpha" picked by 2 (67%): Not alpha.' "$out"; then
	ok "class: skips on stderr; completion, an older version counted apart, wrong picks"
else
	not_ok "class: skips on stderr; completion, an older version counted apart, wrong picks"
fi

expect "class --format gradebook" 1 '^Student,ID,SIS User ID,SIS Login ID,Section,Fixture: one of each kind' \
	-- class --only-lessons "$lessons" --format gradebook "$tmp/class"
if python3 - "$out" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert rows[0][:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"], rows[0]
assert len(rows) == 5, rows
names = [r[0] for r in rows[1:]]
assert names == ["ann", "ben", "cat", "old"], names
for r in rows[1:]:
    assert len(r) == len(rows[0]) and r[3] == r[0], r
    assert 0 <= int(r[5]) <= 100, r
assert rows[1][5] == "100" and rows[4][5] == "67", rows
EOF
then
	ok "gradebook: one row a learner, the identifier as SIS Login ID, scores 0-100"
else
	not_ok "gradebook: one row a learner, the identifier as SIS Login ID, scores 0-100"
fi
cp "$out" "$tmp/book-stdout.csv"
"$bin" class --only-lessons "$lessons" --gradebook "$tmp/book.csv" "$tmp/class" >/dev/null 2>&1
if cmp -s "$tmp/book.csv" "$tmp/book-stdout.csv"; then
	ok "--gradebook FILE writes the same gradebook beside the table"
else
	not_ok "--gradebook FILE writes the same gradebook beside the table"
fi
# A reader that stops early (| head) may end the table, never the file.
rm -f "$tmp/book-head.csv"
# (a pipe whose reader is gone before the first write: SIGPIPE at once)
python3 -c 'import os, subprocess, sys
r, w = os.pipe()
os.close(r)
subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.DEVNULL)' \
	"$bin" class --only-lessons "$lessons" --gradebook "$tmp/book-head.csv" "$tmp/class"
if cmp -s "$tmp/book-head.csv" "$tmp/book-stdout.csv"; then
	ok "--gradebook FILE is written whole when standard output is closed early (| head)"
else
	not_ok "--gradebook FILE is written whole when standard output is closed early (| head)"
fi

expect "class --format csv" 1 '^lesson,item,option,met,right_first_time,right_first_rate' \
	-- class --only-lessons "$lessons" --format csv "$tmp/class"
if python3 -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert all(len(r) == 26 for r in rows), rows
items = [r for r in rows[1:] if r[2] == "" and r[18] == "" and r[23] == ""]
assert [r[1] for r in items] == ["split", "pick-one", "pick-all"], items
assert items[1][9] == "1", items[1]
' "$out"; then
	ok "csv: 26 columns throughout, a row per item, the older version counted"
else
	not_ok "csv: 26 columns throughout, a row per item, the older version counted"
fi

expect "class --format json" 1 '"learner_count":' -- class --only-lessons "$lessons" --format json "$tmp/class"
if python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["learner_count"] == 4 and len(r["skipped"]) == 1, r
assert r["skipped"][0]["learner"] == "dud" and r["skipped"][0]["kind"] == "unreadable_learner", r
l = r["lessons"][0]
assert l["started"] == 4 and l["completed"] == 2 and sum(l["score_histogram"]) == 4, l
' "$out"; then
	ok "json: learners, skips, completion and histogram"
else
	not_ok "json: learners, skips, completion and histogram"
fi

# Three learners whose stores sit in directories of one name: a gradebook
# would have three rows named alike, so it is refused, naming the clash and
# the way out; the table is still printed, with the clash as a warning.
for d in a b c; do
	mkdir -p "$tmp/alike/$d/sam"
	cp "$tmp/class/ann/progress.json" "$tmp/alike/$d/sam/progress.json"
done
expect "gradebook: learners named alike are refused" 1 "--name-from path" \
	-- class --only-lessons "$lessons" --format gradebook "$tmp/alike"
if [ ! -s "$out" ] && grep -q "^paratutor: error: learners share a name, so the gradebook could not tell their rows apart" "$err" &&
	grep -q "^  'sam' names 3 stores: $tmp/alike/a/sam/progress.json $tmp/alike/b/sam/progress.json $tmp/alike/c/sam/progress.json$" "$err"; then
	ok "gradebook: the clash is named with its stores, nothing is written"
else
	not_ok "gradebook: the clash is named with its stores, nothing is written"
fi
rm -f "$tmp/alike-book.csv"
expect "--gradebook FILE: learners named alike are refused" 1 "'sam' names 3 stores" \
	-- class --only-lessons "$lessons" --gradebook "$tmp/alike-book.csv" "$tmp/alike"
if [ ! -e "$tmp/alike-book.csv" ] && grep -q '^Class report: 3 learners' "$out"; then
	ok "--gradebook FILE: the table is printed, the gradebook file is not written"
else
	not_ok "--gradebook FILE: the table is printed, the gradebook file is not written"
fi
expect "table: learners named alike are a warning" 0 "^paratutor: warning: learners share a name" \
	-- class --only-lessons "$lessons" "$tmp/alike"
expect "gradebook: --name-from path tells them apart" 0 "^$tmp/alike/a/sam/progress.json,," \
	-- class --only-lessons "$lessons" --format gradebook --name-from path "$tmp/alike"
# Moodle's figures against moodle_stats.py, an independent computation over
# the same stores: a generated class of 40 on the fixture lesson (hashes
# from ann's store), outcomes, checks and hints drawn at random.
mkdir -p "$tmp/moodle"
python3 - "$tmp/class/ann/progress.json" "$tmp/moodle" <<'EOF'
import json, os, random, sys
ref = json.load(open(sys.argv[1]))
items = ref["lessons"]["fixture-minimal"]["items"]
rng = random.Random(7)
for n in range(40):
    recs = {}
    for item, r in items.items():
        if rng.random() < 0.1:
            continue
        outcome = rng.choice(["first_time", "first_time", "with_hints", "retries", "retries", "failed", "open"])
        attempts = {"first_time": 1, "with_hints": 1, "failed": 3}.get(outcome, rng.randint(1, 3))
        hints = rng.randint(0, 3) if outcome != "first_time" else 0
        recs[item] = {"hash": r["hash"], "outcome": outcome, "attempts": attempts, "hints": hints, "wrong": [],
                      "first_seen": 1700000000, "last_seen": 1700000010, "pass_start": 1700000000,
                      "time_spent": 5, "box": 0}
    d = os.path.join(sys.argv[2], "l%02d" % n)
    os.makedirs(d)
    json.dump({"format": 1, "lessons": {"fixture-minimal": {"items": recs}}}, open(os.path.join(d, "progress.json"), "w"))
EOF
"$bin" class --only-lessons "$lessons" --format json "$tmp/moodle" >"$out" 2>"$err"
python3 tests/class/moodle_stats.py "$lessons/minimal.json" "$tmp/class/ann/progress.json" "$tmp/moodle"/*/progress.json \
	>"$tmp/moodle.json"
if python3 - "$out" "$tmp/moodle.json" <<'EOF'
import json, sys
ours = json.load(open(sys.argv[1]))
want = json.load(open(sys.argv[2]))
lesson = ours["lessons"][0]
assert lesson["started"] == want["learners"] and want["learners"] > 30, (lesson["started"], want["learners"])
assert lesson["small_sample"] is False
checked = 0
for it in lesson["item_analysis"]:
    w = want[it["id"]]
    for key in ("facility_index", "discrimination_index", "discriminative_efficiency"):
        assert w[key] is not None and it[key] is not None, (it["id"], key, it[key], w[key])
        assert abs(it[key] - w[key]) <= 0.006, (it["id"], key, it[key], w[key])
        checked += 1
assert checked == 9, checked
EOF
then
	ok "Moodle's facility index, discrimination index and discriminative efficiency equal moodle_stats.py's"
else
	not_ok "Moodle's facility index, discrimination index and discriminative efficiency equal moodle_stats.py's"
fi

# Exams: eli sits a mock exam in the tutor (submitted as it stands); six
# generated learners sat the course exam "midterm" (ids "midterm/..."), one
# twice (the best sitting is the grade; the item analysis takes the first),
# one drew an earlier version of an item; gil sat nothing.  The figures are
# computed again here from the stores.
mkdir -p "$tmp/exams/eli"
printf 'submit\nyes\n' | "$bin" exam --plain --no-shuffle --seed 5 -n 3 --only-lessons "$lessons" \
	--state "$tmp/exams/eli/progress.json" >/dev/null 2>&1
python3 - "$tmp/exams" <<'EOF'
import json, os, sys
root = sys.argv[1]
eli = json.load(open(os.path.join(root, "eli", "progress.json")))
hashes = {it["item"]: it["hash"] for it in eli["exams"]["done"][0]["items"]}
items = ["split", "pick-one", "pick-all"]
RIGHT = {"split": ["split", "sum"], "pick-one": ["Beta"], "pick-all": ["Two", "Four"]}
def sitting(n, results, used, old=None, answers=None):
    its = []
    for item, res in zip(items, results):
        it = {"lesson": "fixture-minimal", "item": item, "hash": hashes[item] if item != old else "0123456789abcdef",
              "marked": False, "result": res}
        if answers and item in answers:
            it["answer"] = answers[item]
        elif res == "right":
            it["answer"] = RIGHT[item]
        its.append(it)
    return {"id": "midterm/17000%05d-%016x" % (n, n), "seed": "%016x" % n, "shuffle": True, "started": 1700000000 + 1000 * n,
            "finished": 1700000000 + 1000 * n + used, "limit": 600, "used": used, "pass": 60, "timed_out": False,
            "answers_kept": True, "items": its}
W, R, U = "wrong", "right", "unanswered"
learners = {
    "ida": [sitting(1, [R, R, W], 300, answers={"pick-all": ["One", "Three"]})],
    "jon": [sitting(2, [R, W, W], 420, answers={"pick-one": ["Alpha"], "pick-all": ["One", "Three"]}),
            sitting(3, [R, R, R], 200)],
    "kim": [sitting(4, [W, R, U], 500, answers={"split": ["sum", "split"]})],
    "lea": [sitting(5, [R, R, R], 100)],
    "max": [sitting(6, [U, W, W], 590, answers={"pick-one": ["Alpha"], "pick-all": ["Five"]})],
    "ned": [sitting(7, [R, W, R], 250, old="pick-one", answers={"pick-one": ["Gamma"]})],
    "gil": [],
}
for who, sittings in learners.items():
    os.makedirs(os.path.join(root, who), exist_ok=True)
    store = {"format": 1, "lessons": {}}
    if sittings:
        store["exams"] = {"done": sittings}
    json.dump(store, open(os.path.join(root, who, "progress.json"), "w"))
EOF
expect "class: a course exam and the mock exams in the table" 0 '^Exam midterm: sat by 6 of 8 learners; passed by 4; mean best score 61\.1%' \
	-- class --only-lessons "$lessons" "$tmp/exams"
if grep -q '^Mock exams: sat by 1 of 8 learners; passed by 0; mean best score 0\.0%' "$out" &&
	grep -Eq '^  jon +2 +100\.0% +3:20  yes$' "$out" && grep -Eq '^  kim +1 +33\.3% +8:20  no$' "$out" &&
	grep -Eq '^  fixture-minimal/pick-one +5 +3 +2 +0 +1 +60\.0%' "$out" &&
	grep -q '^      "Alpha" given by 2$' "$out"; then
	ok "exam table: best sitting, time used, drawn/right/wrong/blank/older, facility, wrong answers"
else
	not_ok "exam table: best sitting, time used, drawn/right/wrong/blank/older, facility, wrong answers"
fi
expect "class --format gradebook: a column per exam" 0 '^Student,ID,SIS User ID,SIS Login ID,Section,Fixture: one of each kind,Exam: midterm,Exam: Mock exams' \
	-- class --only-lessons "$lessons" --format gradebook "$tmp/exams"
if python3 - "$out" <<'EOF'
import csv, sys
rows = {r[0]: r for r in csv.reader(open(sys.argv[1], newline=""))}
want = {"ida": "66.67", "jon": "100", "kim": "33.33", "lea": "100", "max": "0", "ned": "66.67", "gil": "", "eli": ""}
for who, score in want.items():
    assert rows[who][6] == score, (who, rows[who])
assert rows["eli"][7] == "0" and rows["ida"][7] == "", rows
EOF
then
	ok "gradebook: each learner's best midterm score (empty when not sat), the mock exam apart"
else
	not_ok "gradebook: each learner's best midterm score (empty when not sat), the mock exam apart"
fi
"$bin" class --only-lessons "$lessons" --format json "$tmp/exams" >"$out" 2>"$err"
"$bin" class --only-lessons "$lessons" --format csv "$tmp/exams" >"$tmp/exams.csv" 2>>"$err"
if python3 - "$out" "$tmp/exams.csv" "$tmp/exams" <<'EOF'
import csv, json, math, os, sys
report = json.load(open(sys.argv[1]))
rows = list(csv.reader(open(sys.argv[2], newline="")))
assert all(len(r) == 26 for r in rows), [r for r in rows if len(r) != 26]
mid = [e for e in report["exams"] if e["name"] == "midterm"][0]
assert mid["learners"] == 6 and mid["passed"] == 4, mid
jon = [r for r in mid["results"] if r["learner"] == "jon"][0]
assert jon["attempts"] == 2 and jon["best_score"] == 100 and jon["last_score"] == 100 and jon["used_seconds"] == 200, jon
assert [s["score"] for s in jon["sittings"]] == [33.33, 100], jon
# Recompute from the stores: each learner's first midterm sitting, items of
# the current version only; facility = share right; discrimination = 100 x
# the correlation of right (0/1) with the rest of the sitting in percent.
first = []
for who in sorted(os.listdir(sys.argv[3])):
    store = json.load(open(os.path.join(sys.argv[3], who, "progress.json")))
    done = [e for e in store.get("exams", {}).get("done", []) if e["id"].startswith("midterm/")]
    if done:
        first.append(done[0])
current = {}
for e in first:
    for it in e["items"]:
        if it["hash"] != "0123456789abcdef":
            current.setdefault(it["item"], it["hash"])
def corr(a, b):
    n = len(a); ma = sum(a) / n; mb = sum(b) / n
    c = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    va = sum((x - ma) ** 2 for x in a); vb = sum((y - mb) ** 2 for y in b)
    return None if va <= 0 or vb <= 0 else 100 * c / math.sqrt(va * vb)
checked = 0
for it in mid["item_analysis"]:
    xs, rest, older = [], [], 0
    for e in first:
        right = sum(1 for i in e["items"] if i["result"] == "right")
        for i in e["items"]:
            if i["item"] != it["id"]:
                continue
            if i["hash"] != current[it["id"]]:
                older += 1
                continue
            x = 1 if i["result"] == "right" else 0
            xs.append(x)
            rest.append(100 * (right - x) / (len(e["items"]) - 1))
    assert it["drawn"] == len(xs) and it["older_version"] == older, (it, len(xs), older)
    assert abs(it["facility_index"] - 100 * sum(xs) / len(xs)) <= 0.006, it
    d = corr(xs, rest)
    assert (d is None and it["discrimination_index"] is None) or abs(it["discrimination_index"] - d) <= 0.006, (it, d)
    row = [r for r in rows if r[23] == "midterm" and r[1] == it["id"] and r[2] == ""][0]
    assert float(row[14]) == it["facility_index"] and int(row[3]) == it["drawn"], row
    checked += 1
assert checked == 3, checked
wrong = [r for r in rows if r[23] == "midterm" and r[1] == "pick-one" and r[2] == "Alpha"]
assert len(wrong) == 1 and wrong[0][10] == "2", wrong
EOF
then
	ok "exam JSON and CSV: attempts, best and last score, time used; facility and discrimination recomputed from the stores"
else
	not_ok "exam JSON and CSV: attempts, best and last score, time used; facility and discrimination recomputed from the stores"
fi

# A course folder: the roster names the learners (the login column is the
# roster id, never a path), a roster learner with no store still has a row,
# each course exam has its column, a damaged store names its learner and
# exits 1, and records of someone not on the roster are noted and left out.
# ada's midterm is a sitting the tutor wrote, kept under the course exam's id.
co=$tmp/course
mkdir -p "$tmp/keys"
"$bin" course init "$co" --title "Parallelism 101" >/dev/null 2>&1
cp "$lessons/minimal.json" "$co/lessons/"
for who in ada bob cy dee; do
	ssh-keygen -q -t ed25519 -N '' -C "$who" -f "$tmp/keys/$who" >/dev/null 2>&1
done
"$bin" course add-learner "$co" ada --key "$tmp/keys/ada.pub" --name "Ada Lovelace" --email ada@example.org >/dev/null 2>&1
"$bin" course add-learner "$co" bob --key "$tmp/keys/bob.pub" --name "Bob Byte" >/dev/null 2>&1
"$bin" course add-learner "$co" cy --key "$tmp/keys/cy.pub" >/dev/null 2>&1
"$bin" course add-learner "$co" dee --key "$tmp/keys/dee.pub" --name "Dee Dee" --email dee@example.org >/dev/null 2>&1
"$bin" course add-exam "$co" midterm --only-lessons fixture-minimal --count 3 --minutes 10 >/dev/null 2>&1
mkdir -p "$co/learners/ada" "$co/learners/bob" "$co/learners/dee" "$co/learners/zed"
cp "$tmp/class/ann/progress.json" "$co/learners/ada/"
cp "$tmp/class/ben/progress.json" "$co/learners/bob/"
cp "$tmp/class/ben/progress.json" "$co/learners/zed/"
printf '{"format":1,"lessons":{' >"$co/learners/dee/progress.json"
printf 'submit\nyes\n' | "$bin" exam --plain --no-shuffle --seed 9 -n 3 --only-lessons "$co/lessons" \
	--state "$co/learners/ada/progress.json" >/dev/null 2>&1
python3 - "$co/learners/ada/progress.json" <<'EOF'
import json, sys
store = json.load(open(sys.argv[1]))
store["exams"]["done"][0]["id"] = "midterm/" + store["exams"]["done"][0]["id"]
json.dump(store, open(sys.argv[1], "w"))
EOF
expect "class COURSE --format gradebook: a damaged store names its learner, exit 1" 1 \
	"^paratutor: error: learner 'dee' left out, their records could not be read: .*learners/dee/progress.json is damaged" \
	-- class --format gradebook "$co"
if python3 - "$out" "$err" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
err = open(sys.argv[2]).read()
assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Fixture: one of each kind", "Exam: midterm"], rows[0]
by = {r[3]: r for r in rows[1:]}
assert sorted(by) == ["ada", "bob", "cy"], rows
assert by["ada"][0] == "Ada Lovelace" and by["bob"][0] == "Bob Byte" and by["cy"][0] == "cy", rows
assert by["ada"][6] == "0" and by["bob"][6] == "" and by["cy"][5:] == ["", ""], rows
assert all("/" not in r[0] and "/" not in r[3] for r in rows[1:]), rows
assert "learners/zed are of no one on the roster" in err and "missing from this report: dee;" in err, err
EOF
then
	ok "course gradebook: a row per readable roster learner named by the roster, login = roster id, the exam's column"
else
	not_ok "course gradebook: a row per readable roster learner named by the roster, login = roster id, the exam's column"
fi
rm "$co/learners/dee/progress.json"
expect "class COURSE: every store read, exit 0" 0 '^Exam midterm: sat by 1 of 4 learners; passed by 0' -- class "$co"
if grep -Eq '^  Ada Lovelace \(ada\) +1 +0\.0% ' "$out" && ! grep -q 'MISSING' "$out"; then
	ok "course table: the exam's results name the learner by roster name and id"
else
	not_ok "course table: the exam's results name the learner by roster name and id"
fi
"$bin" class --format gradebook "$co" >"$out" 2>"$err"
st=$?
if [ "$st" -eq 0 ] && [ "$(grep -c '' "$out")" -eq 5 ] && tr -d '\r' <"$out" | grep -q '^Dee Dee,,,dee,,,$'; then
	ok "course gradebook: one row per roster learner; dee, with no records, has an empty row"
else
	not_ok "course gradebook: one row per roster learner; dee, with no records, has an empty row (exit $st)"
fi
"$bin" class --format json "$co" >"$out" 2>"$err"
if python3 - "$out" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
people = {l["id"]: l for l in r["learners"]}
assert people["ada"]["email"] == "ada@example.org" and people["ada"]["name"] == "Ada Lovelace", people
assert people["dee"]["has_records"] is False and people["ada"]["has_records"] is True, people
mid = [e for e in r["exams"] if e["name"] == "midterm"][0]
assert mid["learners"] == 1 and mid["results"][0]["learner"] == "Ada Lovelace", mid
assert len(mid["item_analysis"]) == 3, mid
EOF
then
	ok "course json: roster id, e-mail and name; has_records; the midterm's results and item analysis"
else
	not_ok "course json: roster id, e-mail and name; has_records; the midterm's results and item analysis"
fi
# The course's policy for a changed right answer: reopen by default, or
# keep the credit as first graded ("policies": {"answer_changed": "keep"}).
python3 - "$co" <<'EOF'
import json, os, sys
path = os.path.join(sys.argv[1], "lessons", "minimal.json")
lesson = json.load(open(path))
for o in [it for it in lesson["items"] if it["id"] == "pick-one"][0]["options"]:
    o["correct"] = o["text"] == "Gamma"
json.dump(lesson, open(path, "w"))
EOF
pick_one() {
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
it = [i for i in r["lessons"][0]["item_analysis"] if i["id"] == "pick-one"][0]
print(it["met"], it["older_version"], it["reopened"], it["kept_after_change"])' "$out"
}
"$bin" class --format json "$co" >"$out" 2>"$err"
if [ "$(pick_one)" = "0 2 2 0" ]; then
	ok "course policy (default reopen): an item whose answer changed is reopened for the 2 who answered it"
else
	not_ok "course policy (default reopen): an item whose answer changed is reopened for the 2 who answered it ($(pick_one))"
fi
python3 - "$co/course.json" keep <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))
c["policies"] = {"answer_changed": sys.argv[2]}
json.dump(c, open(sys.argv[1], "w"))
EOF
"$bin" class --format json "$co" >"$out" 2>"$err"
if [ "$(pick_one)" = "2 0 0 2" ]; then
	ok "course policy keep: the 2 keep their credit as first graded, counted apart"
else
	not_ok "course policy keep: the 2 keep their credit as first graded, counted apart ($(pick_one))"
fi
expect "course policy keep: the table says so" 0 'answered before its right answer changed: their credit as first graded stands \(course policy "keep"\)' \
	-- class "$co"
# Who started a lesson is one rule in the table and the gradebook: cy
# answered only the item whose right answer changed; under either policy
# the table's "started by", JSON's "started" and scores, and the
# gradebook's column agree (keep: cy started it; reopen: cy did not).
python3 - "$co/learners/ada/progress.json" "$co/learners/cy/progress.json" <<'EOF'
import json, os, sys
s = json.load(open(sys.argv[1]))
s["lessons"] = {"fixture-minimal": {"items": {"pick-one": s["lessons"]["fixture-minimal"]["items"]["pick-one"]}}}
s.pop("exams", None)
os.makedirs(os.path.dirname(sys.argv[2]), exist_ok=True)
json.dump(s, open(sys.argv[2], "w"))
EOF
for policy in keep reopen; do
	python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); c["policies"] = {"answer_changed": sys.argv[2]}
json.dump(c, open(sys.argv[1], "w"))' "$co/course.json" $policy
	"$bin" class "$co" >"$out" 2>"$err"
	"$bin" class --format gradebook "$co" >"$tmp/agree.csv" 2>/dev/null
	"$bin" class --format json "$co" >"$tmp/agree.json" 2>/dev/null
	if python3 - "$out" "$tmp/agree.csv" "$tmp/agree.json" $policy <<'EOF'
import csv, json, re, sys
table = open(sys.argv[1]).read()
told = int(re.search(r"^  started by (\d+) of \d+ learners", table, re.M).group(1))
rows = list(csv.reader(open(sys.argv[2], newline="")))
col = rows[0].index("Fixture: one of each kind")
book = sorted(r[3] for r in rows[1:] if r[col] != "")
j = json.load(open(sys.argv[3]))
scored = sorted(l["id"] for l in j["learners"] if l["scores"]["fixture-minimal"] is not None)
assert told == len(book) == j["lessons"][0]["started"] and book == scored, (told, book, scored)
assert ("cy" in book) == (sys.argv[4] == "keep"), book
EOF
	then ok "course policy $policy: the table, JSON and gradebook agree on who started the lesson"
	else not_ok "course policy $policy: the table, JSON and gradebook agree on who started the lesson"; fi
done
rm -r "$co/learners/cy"
"$bin" course list "$co" >/dev/null 2>&1
python3 - "$co/course.json" regrade <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))
c["policies"] = {"answer_changed": sys.argv[2]}
json.dump(c, open(sys.argv[1], "w"))
EOF
expect "course policy: a value it cannot take is an error naming it" 1 '"answer_changed" is "reopen" or "keep"' -- class "$co"

# A course's own concepts: course.json declares "gpu-hours" (a title each),
# a lesson declares "ring-order" in its "concepts"; items carry both beside
# a bundled tag.  --check accepts the lesson's own and refuses a tag only
# another lesson declares (whatever the order lessons load in); the class
# report, the learner's statistics, "study next" and an exam's results by
# concept name them by their titles.
cc=$tmp/concepts
"$bin" course init "$cc" --title "Concepts" >/dev/null 2>&1
python3 - "$cc" "$lessons/minimal.json" <<'EOF'
import json, os, sys
root, src = sys.argv[1:3]
c = json.load(open(os.path.join(root, "course.json")))
c["concepts"] = {"gpu-hours": "cost in GPU hours"}
json.dump(c, open(os.path.join(root, "course.json"), "w"))
l = json.load(open(src))
l.pop("$schema", None)
l.update(format=2, id="own-concepts", title="Own concepts")
l["concepts"] = {"ring-order": "the order of a ring all-reduce"}
l["items"][0]["tags"] = ["ring-order", "collectives"]
l["items"][1]["tags"] = ["gpu-hours"]
l["items"][2]["tags"] = ["ring-order"]
json.dump(l, open(os.path.join(root, "lessons", "own.json"), "w"), indent=1)
os.makedirs(os.path.join(root, "..", "check-own"), exist_ok=True)
ll = dict(l)
ll["items"] = [dict(it) for it in l["items"]]
ll["items"][1]["tags"] = ["ring-order"]
json.dump(ll, open(os.path.join(root, "..", "check-own", "own.json"), "w"), indent=1)
other = dict(ll, id="borrows", title="Borrows")
other.pop("concepts")
for name in ("a-borrows.json", "z-borrows.json"):
    json.dump(other, open(os.path.join(root, "..", "check-own", name), "w"), indent=1)
EOF
expect "--check: a lesson's own concepts are accepted" 0 '0 errors' -- --check "$tmp/check-own/own.json"
expect "--check: a concept only another lesson declares is refused, whatever the order" 1 \
	'a-borrows.json:[0-9]+:[0-9]+: error: unknown tag "ring-order"' -- --check "$tmp/check-own"
if grep -Eq 'z-borrows.json:[0-9]+:[0-9]+: error: unknown tag "ring-order"' "$out" "$err"; then
	ok "--check: the lesson loaded after the declaring one is refused too"
else
	not_ok "--check: the lesson loaded after the declaring one is refused too"
fi
mkdir -p "$cc/learners/ada"
"$bin" course add-learner "$cc" ada --key "$tmp/keys/ada.pub" >/dev/null 2>&1
printf '%s\n' 1 "1 a 2 b" "1 b 2 d" a b "a c" quit | "$bin" --no-shuffle --lessons "$cc/lessons" \
	--state "$cc/learners/ada/progress.json" >/dev/null 2>&1
"$bin" class --format json "$cc" >"$out" 2>"$err"
if python3 - "$out" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
c = {g["tag"]: g for g in r["concepts"]}
assert c["ring-order"]["label"] == "the order of a ring all-reduce" and c["ring-order"]["items"] == 2, c
assert c["gpu-hours"]["label"] == "cost in GPU hours" and c["gpu-hours"]["items"] == 1, c
assert c["collectives"]["items"] == 1, c
EOF
then
	ok "class COURSE: the course's and the lesson's concepts, with their titles, per concept"
else
	not_ok "class COURSE: the course's and the lesson's concepts, with their titles, per concept"
fi
# The learner's own views, outside a course: a lesson's own concepts
# travel with it (a course's are known only in the course).
mkdir -p "$tmp/own-lesson"
cp "$tmp/check-own/own.json" "$tmp/own-lesson/"
printf '%s\n' 1 "1 a 2 b" "1 b 2 d" a b "a c" quit | "$bin" --no-shuffle --lessons "$tmp/own-lesson" \
	--state "$tmp/own-store.json" >/dev/null 2>&1
"$bin" stats --me --lessons "$tmp/own-lesson" --state "$tmp/own-store.json" >"$out" 2>"$err"
if grep -q '^  the order of a ring all-reduce$' "$out"; then
	ok "stats --me: mastery by concept names a lesson's own concept by its title"
else
	not_ok "stats --me: mastery by concept names a lesson's own concept by its title"
fi
"$bin" next --lessons "$tmp/own-lesson" --state "$tmp/own-store.json" >"$out" 2>"$err"
if grep -q 'the order of a ring all-reduce: [0-9] items\{0,1\} due for review' "$out"; then
	ok "next: study next names a lesson's own concept"
else
	not_ok "next: study next names a lesson's own concept"
fi
printf 'submit\nyes\n' | "$bin" exam --plain --from own-concepts -n 3 --seed 4 --lessons "$tmp/own-lesson" \
	--state "$tmp/concept-exam.json" >"$out" 2>"$err"
if grep -Eq '^ *the order of a ring all-reduce:? +3 held back' "$out"; then
	ok "exam results by concept name a lesson's own concept"
else
	not_ok "exam results by concept name a lesson's own concept"
fi
python3 - "$cc/course.json" <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))
c["concepts"] = {"collectives": "declared again"}
json.dump(c, open(sys.argv[1], "w"))
EOF
expect "course.json: a concept of paratutor's own list is refused, naming it" 1 'concept "collectives" needs a tag name' \
	-- class "$cc"

printf '{"course": 1, "title": 7}' >"$tmp/bad-course.json"
mkdir -p "$tmp/badcourse/lessons" && cp "$tmp/bad-course.json" "$tmp/badcourse/course.json"
expect "class COURSE: a course.json that cannot be read is an error naming it" 1 'course.json' -- class "$tmp/badcourse"

# Mid-course edits: two learners answer the fixture lesson in the tutor,
# then the lesson is edited one way per case.  Options reordered, a wrong
# option reworded (and the prompt and feedback), a new wrong option: every
# learner keeps their credit, in the class report and in their own
# --report.  A changed right answer: the item is reopened for them.
mkdir -p "$tmp/edit/orig" "$tmp/edit/class/kai" "$tmp/edit/class/liv"
cp "$lessons/minimal.json" "$tmp/edit/orig/"
printf '%s\n' 1 "1 b 2 d" b "a c" quit | "$bin" --no-shuffle --only-lessons "$tmp/edit/orig" \
	--state "$tmp/edit/class/kai/progress.json" >/dev/null 2>&1
printf '%s\n' 1 "1 b 2 d" a b "a b" "a c" quit | "$bin" --no-shuffle --only-lessons "$tmp/edit/orig" \
	--state "$tmp/edit/class/liv/progress.json" >/dev/null 2>&1
python3 - "$tmp/edit" <<'EOF'
import copy, json, os, sys
root = sys.argv[1]
orig = json.load(open(os.path.join(root, "orig", "minimal.json")))
def item(lesson, id):
    return [it for it in lesson["items"] if it["id"] == id][0]
cases = {}
l = copy.deepcopy(orig)
item(l, "pick-one")["options"].reverse()
item(l, "pick-all")["options"].reverse()
cases["reorder"] = l
l = copy.deepcopy(orig)
item(l, "pick-one")["options"][0]["text"] = "Alfa"
item(l, "pick-one")["prompt"] = "Which one is right?"
item(l, "pick-one")["options"][2]["feedback"] = "Gamma is the third letter."
item(l, "pick-all")["options"][1]["text"] = "Three (3)"
cases["reword"] = l
l = copy.deepcopy(orig)
item(l, "pick-one")["options"].append({"text": "Delta", "feedback": "Not delta."})
item(l, "pick-all")["options"].append({"text": "Seven", "feedback": "Seven is odd."})
item(l, "split")["bank"].append("scatter")
cases["distractor"] = l
l = copy.deepcopy(orig)
for o in item(l, "pick-one")["options"]:
    o["correct"] = o["text"] == "Gamma"
    o.pop("feedback", None)
cases["answer"] = l
for name, lesson in cases.items():
    os.makedirs(os.path.join(root, name), exist_ok=True)
    json.dump(lesson, open(os.path.join(root, name, "minimal.json"), "w"), indent=1)
EOF
"$bin" class --only-lessons "$tmp/edit/orig" --format json "$tmp/edit/class" >"$tmp/edit/orig.json" 2>/dev/null
for case in reorder reword distractor answer; do
	"$bin" class --only-lessons "$tmp/edit/$case" --format json "$tmp/edit/class" >"$out" 2>"$err"
	st=$?
	"$bin" --report --only-lessons "$tmp/edit/$case" --state "$tmp/edit/class/kai/progress.json" >"$tmp/edit/report.csv" 2>>"$err"
	if [ "$st" -eq 0 ] && python3 - "$case" "$tmp/edit/orig.json" "$out" "$tmp/edit/report.csv" <<'EOF'
import csv, json, sys
case, before, after, report = sys.argv[1:5]
b = {it["id"]: it for it in json.load(open(before))["lessons"][0]["item_analysis"]}
a_all = json.load(open(after))
a = {it["id"]: it for it in a_all["lessons"][0]["item_analysis"]}
status = {r["item"]: r["item_status"] for r in csv.DictReader(open(report, newline=""))}
edited = {"reorder": ["pick-one", "pick-all"], "reword": ["pick-one", "pick-all"],
          "distractor": ["pick-one", "pick-all", "split"], "answer": ["pick-one"]}[case]
for id, it in a.items():
    if id not in edited:
        assert it["met"] == b[id]["met"] and it["reworded"] == 0 and it["older_version"] == 0, (id, it)
        continue
    if case == "answer":
        assert it["met"] == 0 and it["older_version"] == 2 and it["reopened"] == 2 and it["kept_after_change"] == 0, it
        assert status[id] == "changed", status
    else:
        assert it["met"] == 2 and it["older_version"] == 0 and it["reworded"] == 2, (id, it)
        assert it["right_first_rate"] == b[id]["right_first_rate"], (id, it, b[id])
        assert status[id] == "current", status
mean = a_all["lessons"][0]["mean_score"]
before_mean = json.load(open(before))["lessons"][0]["mean_score"]
assert (mean == before_mean) == (case != "answer"), (mean, before_mean)
EOF
	then
		ok "mid-course edit ($case): $([ "$case" = answer ] && echo 'the item is reopened, said per item' || echo 'every learner keeps their credit')"
	else
		not_ok "mid-course edit ($case) (exit $st)"
	fi
done
"$bin" class --only-lessons "$tmp/edit/answer" "$tmp/edit/class" >"$out" 2>"$err"
if grep -q '^      2 answered before its right answer changed: reopened for them (no credit until they answer again)$' "$out"; then
	ok "mid-course edit: the table says which items were reopened and for how many"
else
	not_ok "mid-course edit: the table says which items were reopened and for how many"
fi

expect "--name-from path names learners by their store" 1 "^$tmp/class/ann/progress.json,," \
	-- class --only-lessons "$lessons" --format gradebook --name-from path "$tmp/class"
# Every learner whose records cannot be read is named and the exit status is
# 1, whatever the format, the others still reported: a damaged store, a
# directory where the store should be, and (run as nobody) a store its
# reader may not open.
mkdir -p "$tmp/unread/ann" "$tmp/unread/eve/progress.json" "$tmp/unread/fay" "$tmp/unread/dud"
cp "$tmp/class/ann/progress.json" "$tmp/unread/ann/"
cp "$tmp/class/ann/progress.json" "$tmp/unread/fay/"
cp "$tmp/class/dud/progress.json" "$tmp/unread/dud/"
for f in table csv json gradebook; do
	expect "unreadable learners named ($f)" 1 "^paratutor: 2 learners missing from this report: dud eve;" \
		-- class --only-lessons "$lessons" --format "$f" "$tmp/unread"
	if grep -q "learner 'eve' left out, their records could not be read: $tmp/unread/eve/progress.json is not a regular file" "$err" &&
		[ -s "$out" ] && { [ "$f" != gradebook ] || { grep -q '^ann,' "$out" && grep -q '^fay,' "$out"; }; }; then
		ok "unreadable learners ($f): eve's directory in place of a store named; ann still reported"
	else
		not_ok "unreadable learners ($f): eve's directory in place of a store named; ann still reported"
	fi
done
if command -v setpriv >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
	chmod 755 "$tmp" "$tmp/unread" "$tmp/unread/fay"
	chmod -R a+rX "$tmp/unread/ann"
	chmod 600 "$tmp/unread/fay/progress.json"
	mkdir -p "$tmp/nobody-cache" && chown nobody "$tmp/nobody-cache"
	XDG_CACHE_HOME=$tmp/nobody-cache setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$bin" class --only-lessons "$lessons" --format gradebook "$tmp/unread" >"$out" 2>"$err" </dev/null
	st=$?
	if [ "$st" -eq 1 ] && grep -q "learner 'fay' left out, their records could not be read: .*Permission denied" "$err" &&
		grep -q "missing from this report: dud eve fay;" "$err" && grep -q '^ann,' "$out"; then
		ok "a store its reader may not open (as nobody): fay named, exit 1, ann's row written"
	else
		not_ok "a store its reader may not open (as nobody): fay named, exit 1, ann's row written (exit $st)"
	fi
	chmod 700 "$tmp"
else
	skipped=$((skipped + 1)); echo "SKIP a store its reader may not open: needs root and setpriv to run as nobody"
fi

# Stores found in home folders are named after the folder's owner (the
# store's own directory is always "paratutor"); an owner with no account
# gives the folder's name.
mkdir -p "$tmp/home/h1/.local/state/paratutor" "$tmp/home/zed/.local/state/paratutor"
cp "$tmp/class/ann/progress.json" "$tmp/home/h1/.local/state/paratutor/"
cp "$tmp/class/ben/progress.json" "$tmp/home/zed/.local/state/paratutor/"
if [ "$(id -u)" -eq 0 ] && chown daemon "$tmp/home/h1" && chown 4242424 "$tmp/home/zed"; then
	expect "stores in home folders: named after each home's owner" 0 '^daemon,' \
		-- class --only-lessons "$lessons" --format gradebook "$tmp/home"
	if grep -q '^zed,' "$out" && ! grep -q 'paratutor' "$out" && ! grep -q '/' "$out"; then
		ok "home folders: an owner with no account gives the folder's name; no row is named paratutor or a path"
	else
		not_ok "home folders: an owner with no account gives the folder's name; no row is named paratutor or a path"
	fi
else
	expect "stores in home folders: named after each home's owner" 0 "^$(id -un)," \
		-- class --only-lessons "$lessons" --format gradebook "$tmp/home"
fi

expect "only damaged stores: nothing to report" 1 'no progress store could be read; nothing to report' \
	-- class --only-lessons "$lessons" "$tmp/class/dud"
expect "no lessons to analyse against" 3 'no lessons found to analyse against; give the lesson directory with --lessons DIR' \
	-- class --only-lessons "$tmp/class/dud" "$tmp/class"
expect "class needs a store" 2 'class needs at least one progress store or directory of stores' -- class --only-lessons "$lessons"
expect "class --format is checked" 2 "--format takes table, csv, json or gradebook, not 'xml'" \
	-- class --format xml "$tmp/class"
expect "class --name-from is checked" 2 "--name-from takes dir, path or file, not 'user'" \
	-- class --name-from user "$tmp/class"
expect "class --help" 0 'Usage: paratutor class' -- class --help

# Exam, then lesson: eva sits a mock exam of the whole fixture lesson and
# reads its results before she starts the lesson, then answers the lesson
# right; ann only does the lesson.  Eva keeps full credit (what an exam
# showed never changes a lesson's credit) and the report counts, under each
# item, who saw it in an exam first.
mkdir -p "$tmp/examfirst/eva" "$tmp/examfirst/ann"
printf 'submit\nyes\n' | "$bin" exam --plain --no-shuffle --seed 5 -n 3 --only-lessons "$lessons" \
	--state "$tmp/examfirst/eva/progress.json" >/dev/null 2>&1
for who in eva ann; do
	printf '%s\n' 1 "1 b 2 d" b "a c" quit | "$bin" --no-shuffle --only-lessons "$lessons" \
		--state "$tmp/examfirst/$who/progress.json" >/dev/null 2>&1
done
expect "exam then lesson: full credit for the learner who saw the paper first" 0 \
	'lesson scores of the 2 who started it: mean 100\.0, median 100\.0' -- class --only-lessons "$lessons" "$tmp/examfirst"
if [ "$(grep -c '^      1 met it in an exam before finishing it in its lesson: their lesson credit stands$' "$out")" = 3 ]; then
	ok "exam then lesson: the table flags each item under it (1 saw it in an exam first)"
else
	not_ok "exam then lesson: the table flags each item under it (1 saw it in an exam first)"
fi
"$bin" class --only-lessons "$lessons" --format json "$tmp/examfirst" >"$out" 2>"$err"
if python3 - "$out" <<'EOF2'
import json, sys
r = json.load(open(sys.argv[1]))
its = r["lessons"][0]["item_analysis"]
assert len(its) == 3 and all(it["exam_first"] == 1 and it["met"] == 2 for it in its), its
EOF2
then
	ok "exam then lesson: JSON gives exam_first for each item"
else
	not_ok "exam then lesson: JSON gives exam_first for each item"
fi

# ---- 3. xAPI -------------------------------------------------------------

expect "--format xapi needs the learner" 2 'give --actor mailto:ADDRESS or --actor-account HOMEPAGE,NAME' \
	-- --report --format xapi --state "$tmp/class/ann/progress.json"
expect "--format xapi goes with --report" 2 '--format xapi goes with --report' \
	-- --format xapi --actor mailto:ann@example.org
expect "--actor goes with --format xapi" 2 '--actor, --actor-account and --activity-base go with --report --format xapi' \
	-- --report --actor mailto:ann@example.org --state "$tmp/class/ann/progress.json"
expect "--actor is checked" 2 "--actor takes mailto:ADDRESS" \
	-- --report --format xapi --actor ann@example.org --state "$tmp/class/ann/progress.json"

prefix=build/node-xapi
validator_version=3.0.0
npm_oracle @learninglocker/xapi-validation "$validator_version" "$prefix" || { [ "${CI:-}" = true ] && finish; }
NODE_PATH=$PWD/$prefix/node_modules
export NODE_PATH

base=https://lms.example.org/paratutor/
for who in ann ben cat old; do
	"$bin" --only-lessons "$lessons" --report --format xapi --state "$tmp/class/$who/progress.json" \
		--actor "mailto:$who@example.org" --activity-base "$base" >"$tmp/$who.xapi" 2>"$err" </dev/null
	st=$?
	cp "$tmp/$who.xapi" "$out"
	if ! $have_oracle; then
		:
	elif [ "$st" -eq 0 ] && node tests/class/validate-xapi.js "$tmp/$who.xapi" >"$out" 2>&1; then
		ok "$who: $(tail -n 1 "$out" | sed 's/.*: //') valid by @learninglocker/xapi-validation $validator_version"
	else
		not_ok "$who: statements valid by @learninglocker/xapi-validation (exit $st)"
	fi
	if python3 tests/class/xapi_values.py "$tmp/class/$who/progress.json" "$tmp/$who.xapi" "$base" >"$out" 2>&1; then
		ok "$who: each statement says what the store holds"
	else
		not_ok "$who: each statement says what the store holds"
	fi
done
if grep -q '"http://adlnet.gov/expapi/verbs/completed"' "$tmp/ann.xapi" &&
	! grep -q '"http://adlnet.gov/expapi/verbs/completed"' "$tmp/cat.xapi" &&
	grep -q '"http://adlnet.gov/expapi/verbs/failed"' "$tmp/cat.xapi"; then
	ok "completed for a finished lesson only; failed for an item out of attempts"
else
	not_ok "completed for a finished lesson only; failed for an item out of attempts"
fi

# The validator is live: it refuses a statement with a bad duration.
sed 's/"PT[0-9]*S"/"PT1X"/' "$tmp/ann.xapi" >"$tmp/bad.xapi"
if ! $have_oracle; then
	:
elif ! node tests/class/validate-xapi.js "$tmp/bad.xapi" >"$out" 2>&1 && grep -q 'result.duration' "$out"; then
	ok "the validator refuses a statement with an invalid duration"
else
	not_ok "the validator refuses a statement with an invalid duration"
fi

"$bin" --only-lessons "$lessons" --report --format xapi --state "$tmp/class/ann/progress.json" \
	--actor mailto:ann@example.org --activity-base "$base" >"$tmp/again.xapi" 2>/dev/null </dev/null
if cmp -s "$tmp/ann.xapi" "$tmp/again.xapi"; then
	ok "the same store gives the same statements, ids included"
else
	not_ok "the same store gives the same statements, ids included"
fi
"$bin" --only-lessons "$lessons" --report --format xapi --state "$tmp/class/ann/progress.json" \
	--actor-account https://lms.example.org,ann --activity-base "$base" >"$tmp/account.xapi" 2>/dev/null </dev/null
if python3 - "$tmp/ann.xapi" "$tmp/account.xapi" <<'EOF'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert len(a) == len(b) and not {s["id"] for s in a} & {s["id"] for s in b}
assert all(s["actor"]["account"] == {"homePage": "https://lms.example.org", "name": "ann"} for s in b)
EOF
then
	ok "another actor (an account) gets other ids"
else
	not_ok "another actor (an account) gets other ids"
fi

# Exam statements: eli's mock exam from the tutor and jon's two midterm
# sittings, valid and saying what the stores hold.
for who in eli jon; do
	"$bin" --only-lessons "$lessons" --report --format xapi --state "$tmp/exams/$who/progress.json" \
		--actor "mailto:$who@example.org" --activity-base "$base" >"$tmp/$who.xapi" 2>"$err" </dev/null
	st=$?
	if ! $have_oracle; then
		:
	elif [ "$st" -eq 0 ] && node tests/class/validate-xapi.js "$tmp/$who.xapi" >"$out" 2>&1; then
		ok "$who (exams): $(tail -n 1 "$out" | sed 's/.*: //') valid by @learninglocker/xapi-validation"
	else
		not_ok "$who (exams): statements valid by @learninglocker/xapi-validation (exit $st)"
	fi
	if python3 tests/class/xapi_values.py "$tmp/exams/$who/progress.json" "$tmp/$who.xapi" "$base" >"$out" 2>&1 &&
		grep -q "\"${base}exams/" "$tmp/$who.xapi"; then
		ok "$who: an exam statement per sitting and an answered statement per item, as the store holds"
	else
		not_ok "$who: an exam statement per sitting and an answered statement per item, as the store holds"
	fi
done


# Every interaction type carries its correct-response pattern: a learner
# solves the numeric, text, match and order items of the screen lesson in
# plain mode; each statement is valid and names its type and pattern.
kinds=tests/screen/lessons/screen-kinds.json
mkdir -p "$tmp/kinds"
printf '%s\n' 1 next next next quit | "$bin" --plain --no-shuffle --only-lessons "$kinds" --state "$tmp/kinds/look.json" \
	>"$out" 2>&1
order=$(for w in "Each rank splits" "Reduce-scatter" "All-gather" "Every rank holds"; do
	sed -n "s/^  \([A-G]\)) $w.*/\1/p" "$out" | head -n 1 | tr 'A-G' 'a-g'; done | tr '\n' ' ')
printf '%s\n' 1 16 "" DistributedSampler "" "1 data parallelism 2 tensor parallelism 3 pipeline parallelism" "" \
	"$order" quit | "$bin" --plain --no-shuffle --only-lessons "$kinds" --state "$tmp/kinds/progress.json" >/dev/null 2>&1
"$bin" --only-lessons "$kinds" --report --format xapi --state "$tmp/kinds/progress.json" --actor mailto:kit@example.org \
	>"$tmp/kinds.xapi" 2>"$err" </dev/null
if python3 - "$tmp/kinds.xapi" <<'EOF'
import json, sys
got = {}
for s in json.load(open(sys.argv[1])):
    d = s["object"]["definition"]
    got[d["interactionType"]] = (d.get("correctResponsesPattern"), s.get("result", {}).get("response"))
want = {
    "numeric": (["16[:]16"], "16"),
    "fill-in": (["DistributedSampler", "torch.utils.data.DistributedSampler"], "DistributedSampler"),
    "matching": (["s1[.]t1[,]s2[.]t2[,]s3[.]t3"], "s1[.]t1[,]s2[.]t2[,]s3[.]t3"),
    "sequencing": (["step1[,]step2[,]step3[,]step4"], "step1[,]step2[,]step3[,]step4"),
}
for kind, value in want.items():
    assert got.get(kind) == value, (kind, got.get(kind), value)
EOF
then
	ok "numeric, fill-in, matching and sequencing statements carry their correct-response patterns"
else
	not_ok "numeric, fill-in, matching and sequencing statements carry their correct-response patterns"
fi
if ! $have_oracle; then
	:
elif node tests/class/validate-xapi.js "$tmp/kinds.xapi" >"$out" 2>&1; then
	ok "the four kinds' statements valid by @learninglocker/xapi-validation ($(tail -n 1 "$out" | sed 's/.*: //'))"
else
	not_ok "the four kinds' statements valid by @learninglocker/xapi-validation"
fi

finish

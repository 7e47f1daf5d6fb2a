#!/bin/sh
# load.sh BINARY LEARNERS SECONDS ANSWERS [bench] - LEARNERS learners of a
# course over a real sshd at once (tests/course/sshd.sh), each in a plain
# session answering until SECONDS have passed or it gave ANSWERS answers
# (tests/course/load.py).  Then: every session ended well, every record is
# in the course folder (one store per learner, under learners/ID), each
# store holds exactly the answers its learner gave, and the class report
# on the course counts every one.  With "bench", prints the figures
# (sessions, answers, answers a second, memory per session beside sshd's
# own per connection) for make bench.
set -u
bin=$(realpath "$1")
n=$2 seconds=$3 limit=$4 mode=${5:-check}
src=$(pwd)
passed=0
failed=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/paratutor-load.XXXXXX")
C=$TMP/course
. "$src/tests/course/sshd.sh"
trap 'sshd_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; }
check() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

"$bin" course init "$C" --title "Load test" >/dev/null || exit 1
python3 "$src/tests/course/load.py" "$C/lessons/load.json" 2000
i=1
while [ $i -le "$n" ]; do
	id=$(printf 'l%03d' $i)
	learner_key "$id"
	printf '%s,Learner %s,,%s\n' "$id" "$i" "$(cat "$TMP/keys/$id.pub")" >>"$TMP/roster.csv"
	i=$((i + 1))
done
"$bin" course add-learners "$C" "$TMP/roster.csv" >/dev/null || exit 1
sshd_start
# One sshd connection per learner at once: a high MaxStartups (sshd.sh).
ls "$TMP/keys" | grep -v '\.pub$' | python3 "$src/tests/course/load.py" drive "$seconds" "$limit" "$C" -- \
	ssh -F /dev/null -p "$SSHD_PORT" -i "$TMP/keys/LEARNER" -o IdentitiesOnly=yes -o BatchMode=yes \
	-o StrictHostKeyChecking=no -o UserKnownHostsFile="$TMP/known_hosts" -o LogLevel=ERROR -T \
	"$SSH_USER@127.0.0.1" plain >"$TMP/result.json"
"$bin" class --format json "$C" >"$TMP/class.json" 2>"$TMP/class.err"
class_status=$?
python3 - "$TMP/result.json" "$C" "$TMP/class.json" "$n" >"$TMP/verdicts" <<'PY'
import json, os, sys
result = json.load(open(sys.argv[1]))
course, n = sys.argv[2], int(sys.argv[4])
cls = json.load(open(sys.argv[3]))
def say(ok, name):
    print(("ok - " if ok else "not ok - ") + name)
say(result["sessions"] == n and all(s == 0 for s in result["status"].values()),
    f"{n} learners over ssh, every session ended well ({result['status'] if any(result['status'].values()) else 'all 0'})")
say(sorted(os.listdir(f"{course}/learners")) == sorted(result["answers"]), "one records folder per learner, under the course")
given = stored = 0
mismatch = []
for lid, answers in result["answers"].items():
    store = json.load(open(f"{course}/learners/{lid}/progress.json"))
    items = store["lessons"].get("course-load", {}).get("items", {})
    checks = sum(i.get("attempts", 0) for i in items.values())
    given += answers
    stored += checks
    if checks != answers:
        mismatch.append((lid, answers, checks))
say(not mismatch and given > 0, f"every answer is in its learner's store ({given} given, {stored} stored{', ' + str(mismatch[:3]) if mismatch else ''})")
counted = sum(it["met"] * (it["mean_attempts"] or 0) for l in cls["lessons"] for it in l["item_analysis"])
say(cls["learner_count"] == n and abs(counted - given) < 0.5, f"the class report counts every answer ({counted:.0f} of {given}) and learner")
PY
cat "$TMP/verdicts"
passed=$((passed + $(grep -c '^ok' "$TMP/verdicts")))
failed=$((failed + $(grep -c '^not ok' "$TMP/verdicts")))
check "the class report on the course exits 0" [ "$class_status" -eq 0 ]
if [ "$mode" = bench ]; then
	python3 - "$TMP/result.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
a = sum(r["answers"].values())
print(f"course over ssh: {r['sessions']} learners ({r['at_once']} sessions at once), {a} answers in {r['seconds']} s "
      f"({a / r['seconds']:.0f} a second, {a / r['sessions']:.0f} a learner)")
t, s = r["tutor_rss_kib"], r["sshd_rss_kib"]
print(f"memory per session: the tutor {t / 1024:.1f} MiB resident beside sshd's {s / 1024:.1f} MiB per connection "
      f"({t / s:.2f}x)" if s else f"memory per session: the tutor {t / 1024:.1f} MiB resident")
PY
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

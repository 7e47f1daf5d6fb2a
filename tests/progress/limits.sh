#!/bin/sh
# limits.sh BINARY - the progress store's limits, from the command line:
# a store the reader takes (up to 16 MiB) can be saved again, however it
# was laid out; a --state naming a FIFO, a folder or a device is refused
# before anything is made beside it; an exam record no tutor could have
# written (a result forged, a start in the future) is damage.  Prints
# "N passed, M failed".
set -u
bin=$1
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
passed=0
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pt-limits.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/xdg XDG_CACHE_HOME=$tmp/cache
export XDG_STATE_HOME XDG_CACHE_HOME
lesson=tests/fixtures/good/minimal.json

ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() { failed=$((failed + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && sed 's/^/  | /' "$2" | head -20; }

# answer STATE: answers the first item of the minimal lesson in plain mode.
answer() {
	printf 'next\nb\nquit\n' | "$bin" --plain --no-shuffle --only-lessons $lesson --state "$1" fixture-minimal \
		>"$tmp/out" 2>&1
}

# A compact 13 MiB store: readable, and its indented form would be over
# 16 MiB; saving it back must work (it is written compact).
python3 tests/progress/big_store.py "$tmp/big.json" 13631488
answer "$tmp/big.json"
rc=$?
size=$(wc -c <"$tmp/big.json")
if [ $rc -eq 0 ] && ! grep -q 'not saved' "$tmp/out" && [ "$size" -le 16777216 ] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert "pick-one" in d["lessons"]["fixture-minimal"]["items"], "the new answer is missing"
assert sum(1 for k in d["lessons"] if k.startswith("filler-")) > 100, "the other lessons are gone"
' "$tmp/big.json"; then
	ok "a 13 MiB compact store is saved back with the new answer ($size bytes)"
else
	not_ok "a 13 MiB compact store is saved back with the new answer (exit $rc, $size bytes)" "$tmp/out"
fi

# --state on something that is not a regular file: told, nothing beside it.
mkfifo "$tmp/fifo"
mkdir "$tmp/folder"
for target in fifo folder; do
	answer "$tmp/$target"
	if grep -q "$tmp/$target is not a regular file" "$tmp/out" && [ ! -e "$tmp/$target.lock" ] &&
		{ [ $target = folder ] || [ -p "$tmp/$target" ]; } && [ "$(ls "$tmp/folder")" = "" ]; then
		ok "--state naming a $target is refused, with no lock file made beside it"
	else
		not_ok "--state naming a $target is refused, with no lock file made beside it" "$tmp/out"
	fi
done
if [ -e /dev/null.lock ]; then
	echo "ok - # SKIP /dev/null.lock is there already, so the device case cannot be judged"
	passed=$((passed + 1))
else
	answer /dev/null
	if grep -q '/dev/null is not a regular file (a device)' "$tmp/out" && [ ! -e /dev/null.lock ]; then
		ok "--state /dev/null is refused and /dev/null.lock is not made"
	else
		rm -f /dev/null.lock 2>/dev/null
		not_ok "--state /dev/null is refused and /dev/null.lock is not made" "$tmp/out"
	fi
fi
# A FIFO where the lock file goes does not hang the tutor: refused, said.
printf '{ "format": 1, "lessons": {} }\n' >"$tmp/locked.json"
mkfifo "$tmp/locked.json.lock"
answer "$tmp/locked.json"
if grep -q "locked.json.lock is not a regular file" "$tmp/out"; then
	ok "a FIFO planted as the lock file is refused, not waited on"
else
	not_ok "a FIFO planted as the lock file is refused, not waited on" "$tmp/out"
fi

# Exam records no tutor could have written are damage: kept aside when the
# tutor opens the store, named when a report reads it.  A real exam is sat
# first, then forged two ways.
exam="exam --no-shuffle --only-lessons tests/screen/lessons --from screen-drills --count 2 --seed 1"
mkdir -p "$tmp/exam"
# shellcheck disable=SC2086
printf 'submit\nyes\n' | XDG_STATE_HOME=$tmp/exam "$bin" $exam >"$tmp/out" 2>&1
store=$tmp/exam/paratutor/progress.json
XDG_STATE_HOME=$tmp/exam "$bin" exam --history --only-lessons tests/screen/lessons >"$tmp/out" 2>&1
if grep -q ' 0%  *70%  not passed' "$tmp/out" && ! grep -q damaged "$tmp/out"; then
	ok "an honest exam is read back as it was sat"
else
	not_ok "an honest exam is read back as it was sat" "$tmp/out"
fi
python3 - "$store" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for it in d["exams"]["done"][0]["items"]:
    it["result"] = "right"   # answers kept, none given: no tutor wrote this
json.dump(d, open(sys.argv[1], "w"))
PY
XDG_STATE_HOME=$tmp/exam "$bin" exam --history --only-lessons tests/screen/lessons >"$tmp/out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q 'could not be read (some are not as paratutor writes them), so none are shown' "$tmp/out" &&
	! grep -q '100%\|mean-two-blanks\|No exams yet' "$tmp/out"; then
	ok "a result forged to right with no answer is damage, not 100 %, said without the item's name"
else
	not_ok "a result forged to right with no answer is damage, not 100 %, said without the item's name" "$tmp/out"
fi
"$bin" --report --only-lessons tests/screen/lessons --state "$store" >"$tmp/out" 2>&1
if grep -q 'is damaged: exam ".*" counts item "mean-two-blanks" right with no answer kept' "$tmp/out"; then
	ok "the report names the forged result exactly"
else
	not_ok "the report names the forged result exactly" "$tmp/out"
fi
printf 'quit\n' | XDG_STATE_HOME=$tmp/exam "$bin" --plain --only-lessons tests/screen/lessons >"$tmp/out" 2>&1
if grep -q 'could not be read (some are not as paratutor writes them); nothing was deleted: the file was moved to .*progress.json.corrupt-' "$tmp/out" &&
	! grep -q 'mean-two-blanks' "$tmp/out" && ls "$tmp/exam/paratutor" | grep -q '^progress.json.corrupt-'; then
	ok "the tutor keeps the store with the forged result aside and says where"
else
	not_ok "the tutor keeps the store with the forged result aside and says where" "$tmp/out"
fi
rm -rf "$tmp/exam"
mkdir -p "$tmp/exam"
# shellcheck disable=SC2086
printf 'quit\n' | XDG_STATE_HOME=$tmp/exam "$bin" $exam >"$tmp/out" 2>&1
python3 - "$store" <<'PY'
import json, sys, time
d = json.load(open(sys.argv[1]))
d["exams"]["open"]["started"] = int(time.time()) + 86400   # "1:00 left" for ever
json.dump(d, open(sys.argv[1], "w"))
PY
# shellcheck disable=SC2086
printf 'quit\n' | XDG_STATE_HOME=$tmp/exam "$bin" $exam >"$tmp/out" 2>&1
if grep -q 'could not be read (some are not as paratutor writes them); nothing was deleted: the file was moved to' \
	"$tmp/out" && ! grep -q 'started after now' "$tmp/out" && ls "$tmp/exam/paratutor" | grep -q '^progress.json.corrupt-'; then
	ok "an exam started in the future is damage: kept aside and said (a new paper is drawn)"
else
	not_ok "an exam started in the future is damage: kept aside and said (a new paper is drawn)" "$tmp/out"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

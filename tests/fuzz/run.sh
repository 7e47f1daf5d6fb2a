#!/bin/sh
# run.sh TARGET fixed RUNS SEED | run.sh TARGET long SECONDS
#
# Runs build/fuzz/fuzz_TARGET.  First it replays every input in
# tests/fuzz/regressions/ whose name starts with TARGET-.  "fixed" then runs
# RUNS inputs from seed SEED and an empty corpus: a bounded run whatever the
# machine's speed (close to, not exactly, the same inputs each time: what a
# run finds depends a little on the heap).  "long" explores for
# SECONDS with a new seed and keeps its corpus in build/fuzz/corpus-TARGET.
# A crash leaves its input in build/fuzz/TARGET-crash-*: make it a file in
# tests/fuzz/regressions/ once fixed.
set -e
t=$1 mode=$2
bin=build/fuzz/fuzz_$t
log=build/fuzz/$t.log
fail() { tail -n 40 "$1"; echo "fuzz_$t: FAILED (log: $1)"; exit 1; }

regs=$(ls tests/fuzz/regressions/"$t"-* 2>/dev/null || true)
if [ -n "$regs" ]; then
	echo "== fuzz_$t replays $(echo "$regs" | wc -l) regression input(s)"
	# shellcheck disable=SC2086
	"$bin" $regs >build/fuzz/$t-regressions.log 2>&1 || fail build/fuzz/$t-regressions.log
fi

case $mode in
fixed)
	case $3 in '' | *[!0-9]*) echo "run.sh: fixed needs a count of runs, not '$3'" >&2; exit 2 ;; esac
	corpus=build/fuzz/fixed-$t
	rm -rf "$corpus" && mkdir -p "$corpus"
	echo "== fuzz_$t: $3 inputs from seed $4"
	set -- -seed="$4" -runs="$3" -max_total_time=300
	;;
long)
	corpus=build/fuzz/corpus-$t
	mkdir -p "$corpus"
	echo "== fuzz_$t for $3 s"
	set -- -max_total_time="$3"
	;;
*) echo "usage: run.sh TARGET fixed RUNS SEED | run.sh TARGET long SECONDS" >&2; exit 2 ;;
esac
# shellcheck disable=SC2046
"$bin" "$@" -dict=tests/fuzz/"$t".dict -artifact_prefix=build/fuzz/"$t"- -print_final_stats=1 \
	"$corpus" $(cat tests/fuzz/"$t".seeds) >"$log" 2>&1 || fail "$log"
grep -E '^(Done|stat::(number_of_executed_units|new_units_added))' "$log" | tr '\n' ' '
echo

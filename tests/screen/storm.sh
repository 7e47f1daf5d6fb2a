#!/bin/sh
# storm.sh BINARY - storms for the full-screen tutor in tmux: 200 random
# resizes down to 1x1 with keys typed in between, then SIGINT, SIGTERM and
# SIGHUP at random moments across many short runs, each with a progress
# store to keep loadable.  Prints "ok N - name" / "not ok N - name" per test, then "N
# passed, M failed"; exits 1 when a test failed.
#
# The storms are random but replayable: the seed is printed first, and
# ST_SEED=SEED runs the same one again.  ST_RESIZES and ST_SIGNAL_RUNS
# change their sizes (200 and 30).
set -u
. "$(dirname "$0")/lib.sh"
st_setup "$@"
FIXTURE="--only-lessons tests/screen/lessons"
SEED=${ST_SEED:-$(($(od -An -N4 -tu4 /dev/urandom | tr -d ' ') % 2147483647))}
RESIZES=${ST_RESIZES:-200}
SIGNAL_RUNS=${ST_SIGNAL_RUNS:-30}
echo "# storm seed $SEED (ST_SEED=$SEED replays it)"

# Keys the storms type: anything but what quits (q, Ctrl-C) or resets
# progress (x, r); on the menu, in a lesson, in the summary and in help.
STORM_KEYS="j k n p h a b c 1 2 Enter Tab BTab Up Down Left Right PageUp PageDown Home End ? Escape l Space BSpace"

# plan KIND COUNT SALT - prints a random plan, one step a line, from the
# seed: for KIND resize, COUNT resizes ("resize W H", the first, middle and
# last 1x1 and a fifth of the rest tiny), each followed by up to two keys
# ("key K") and now and then a pause ("pause S"); for KIND signals, COUNT
# runs ("run SIGNAL MODE DELAY KEYS...").
plan() {
	awk -v kind="$1" -v count="$2" -v seed="$((SEED + $3))" -v keys="$STORM_KEYS" '
	function pick(lo, hi) { return lo + int(rand() * (hi - lo + 1)) }
	BEGIN {
		srand(seed % 2147483647) # mawk repeats itself from larger seeds
		nk = split(keys, k, " ")
		if (kind == "resize") {
			for (i = 1; i <= count; i++) {
				if (i == 1 || i == int(count / 2) || i == count) {
					w = 1; h = 1
				} else if (rand() < 0.2) {
					w = pick(1, 8); h = pick(1, 4)
				} else {
					w = pick(1, 160); h = pick(1, 50)
				}
				print "resize", w, h
				for (j = pick(0, 2); j > 0; j--)
					print "key", k[pick(1, nk)]
				if (rand() < 0.1)
					printf "pause 0.%02d\n", pick(1, 8)
			}
		} else {
			split("INT TERM HUP", sig, " ")
			for (i = 1; i <= count; i++) {
				mode = rand() < 0.5 ? "answered" : "early"
				line = sprintf("run %s %s %.3f", sig[pick(1, 3)], mode, pick(0, 400) / 1000)
				for (j = pick(0, 6); j > 0; j--)
					line = line " " k[pick(1, nk)]
				print line
			}
		}
	}'
}

# frame_ok COLS ROWS - true when the screen is a whole frame drawn for a
# COLS x ROWS terminal: ROWS lines, the header's right-hand text ending
# one column before the edge (so the tutor knows the width), a key bar on
# the last line (so it knows the height), no "too small" notice.
frame_ok() {
	st_screen >"$ST_TMP/frame" || return 1
	[ "$(wc -l <"$ST_TMP/frame")" -eq "$2" ] || return 1
	grep -qF "Terminal too small" "$ST_TMP/frame" && return 1
	header=$(head -n 1 "$ST_TMP/frame" | sed 's/ *$//')
	[ "$(printf '%s' "$header" | LC_ALL=C.UTF-8 wc -m)" -eq $(($1 - 1)) ] || return 1
	tail -n 1 "$ST_TMP/frame" | grep -q "help"
}

# wait_frame COLS ROWS - polls until frame_ok holds with the same screen
# five polls running, so keys the storm left queued have all been handled.
wait_frame() {
	i=0
	same=0
	: >"$ST_TMP/frame-before"
	while [ "$i" -lt "$ST_POLLS" ]; do
		if frame_ok "$1" "$2" && cmp -s "$ST_TMP/frame" "$ST_TMP/frame-before"; then
			same=$((same + 1))
			[ "$same" -ge 5 ] && return 0
		else
			same=0
		fi
		cp "$ST_TMP/frame" "$ST_TMP/frame-before"
		sleep 0.05
		i=$((i + 1))
	done
	st_fail "no steady whole ${1}x$2 frame after the storm"
}

# alive - fails when the tutor has exited.
alive() {
	if [ -s "$ST_RUN/status" ] || ! kill -0 "$pid" 2>/dev/null; then
		st_fail "the tutor died: status $(cat "$ST_RUN/status" 2>/dev/null)"
		return 1
	fi
}

# The resize storm: random sizes down to 1x1 with keys between them, then
# the tutor must be alive and draw a whole frame at 80x24; a clean resize
# cycle afterwards must bring back exactly the same screen.
test_resize_storm() {
	st_start -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	pid=$(st_pid)
	st_keys Enter
	st_wait "mean = " || return 1
	plan resize "$RESIZES" 0 >"$ST_TMP/plan"
	n=0
	while read -r op a b <&3; do
		case $op in
		resize)
			st_tmux resize-window -t st -x "$a" -y "$b" ||
				st_fail "tmux refused to resize to ${a}x$b" || return 1
			n=$((n + 1))
			[ $((n % 20)) = 0 ] && { alive || return 1; }
			;;
		key) st_keys "$a" ;;
		pause) sleep "$a" ;;
		esac
	done 3<"$ST_TMP/plan"
	[ "$n" = "$RESIZES" ] || st_fail "only $n of $RESIZES resizes done" || return 1
	alive || return 1
	st_tmux resize-window -t st -x 80 -y 24
	wait_frame 80 24 || return 1
	alive || return 1
	cp "$ST_TMP/frame" "$ST_TMP/after-storm"
	st_tmux resize-window -t st -x 100 -y 30
	wait_frame 100 30 || return 1
	st_tmux resize-window -t st -x 80 -y 24
	i=0
	while ! { frame_ok 80 24 && cmp -s "$ST_TMP/frame" "$ST_TMP/after-storm"; }; do
		i=$((i + 1))
		if [ "$i" -ge "$ST_POLLS" ]; then
			st_fail "the screen after the storm differs from a clean redraw:
$(diff "$ST_TMP/after-storm" "$ST_TMP/frame")"
			return 1
		fi
		sleep 0.05
	done
	alive
}

# A clean run that checks a drill and quits: the store the "early" signal
# runs start from.
test_template_store() {
	st_start XDG_STATE_HOME="$ST_TMP/template" -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "mean = " || return 1
	st_keys 1 a 2 b Enter
	st_wait "Correct" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_keys q
	[ "$(st_wait_exit)" = 0 ] || st_fail "q did not exit with status 0" || return 1
	[ -s "$ST_TMP/template/paratutor/progress.json" ] || st_fail "no progress store was written"
}

# One signal run.  An "answered" run starts with no store and checks a
# drill first, so one exists; an "early" run starts on a copy of the
# template store and waits for nothing.  Then the run's keys, a pause of
# DELAY s and SIGNAL.  The tutor must die of it or exit with 128 + its
# number, leave the terminal restored and no sanitizer report, and the
# store must still load, unmoved, with the checked drill in it.
signal_run() {
	sig=$1 mode=$2 delay=$3
	shift 3
	state="$ST_TMP/signal-state"
	rm -rf "$state"
	mkdir -p "$state/paratutor"
	if [ "$mode" = early ]; then
		cp "$ST_TMP/template/paratutor/progress.json" "$state/paratutor/" ||
			st_fail "no template store" || return 1
	fi
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	pid=$(st_pid)
	if [ "$mode" = answered ]; then
		st_wait "Screen test drills" || return 1
		st_keys Enter
		st_wait "mean = " || return 1
		st_keys 1 a 2 b Enter
		st_wait "Correct" || return 1
	fi
	[ $# -gt 0 ] && st_keys "$@"
	sleep "$delay"
	kill -s "$sig" "$pid" 2>/dev/null
	status=$(st_wait_exit) || return 1
	case $sig in INT) expected=130 ;; TERM) expected=143 ;; HUP) expected=129 ;; esac
	[ "$status" = "$expected" ] || st_fail "exit status $status, expected $expected" || return 1
	st_restored || return 1
	st_sanitizers_clean || return 1
	store="$state/paratutor/progress.json"
	[ -s "$store" ] || st_fail "no progress store at $store" || return 1
	for f in "$store".corrupt*; do
		[ -e "$f" ] && st_fail "the store was found corrupt and moved aside: $f" && return 1
	done
	ASAN_OPTIONS="log_path=$ST_TMP/asan:detect_leaks=1" \
	UBSAN_OPTIONS="log_path=$ST_TMP/ubsan:print_stacktrace=1:halt_on_error=1" \
	    "$ST_BIN" $FIXTURE --report --state "$store" >"$ST_TMP/report" 2>&1 </dev/null ||
		st_fail "--report failed on the store: $(cat "$ST_TMP/report")" || return 1
	grep -qi "corrupt" "$ST_TMP/report" &&
		st_fail "--report says the store is corrupt: $(cat "$ST_TMP/report")" && return 1
	grep -q "^screen-drills,mean-two-blanks," "$ST_TMP/report" ||
		st_fail "--report lacks the checked drill: $(cat "$ST_TMP/report")"
}

st_test "$RESIZES random resizes down to 1x1 with keys, then a whole 80x24 frame" test_resize_storm
st_test "a clean run leaves the store the signal runs start from" test_template_store
plan signals "$SIGNAL_RUNS" 1 >"$ST_TMP/signal-plan"
run=0
while read -r _ sig mode delay keys <&3; do
	run=$((run + 1))
	# shellcheck disable=SC2086 # keys holds tmux key names without spaces
	st_test "signal run $run: SIG$sig, $mode, ${delay} s after keys: ${keys:-none}" \
	    signal_run "$sig" "$mode" "$delay" $keys
done 3<"$ST_TMP/signal-plan"
st_finish

#!/bin/sh
# explore.sh BINARY - explore items (figure_explore.h): a scripted learner
# turns the knobs in the full screen (Left/Right, Tab) and in plain mode
# (set NAME VALUE), a wrong setting gets the author's feedback and costs
# an attempt, a computed line says which condition fails without the
# answer, and the right setting is accepted; --check reports each error
# of the bad fixture at its place.
set -u
. "$(dirname "$0")/lib.sh"
st_setup "$@"
EX=tests/fixtures/good/explore
BIN=$ST_BIN
ST_RUN=$ST_TMP/run
mkdir -p "$ST_RUN"
plain_out=$ST_TMP/plain.out

# press KEY N: sends KEY N times, waiting for each to be drawn.
press() {
	k=0
	while [ "$k" -lt "$2" ]; do
		st_keys "$1"
		k=$((k + 1))
	done
}

test_screen() {
	st_start -- --only-lessons "$EX" explore || return 1
	st_wait "Goal: bubble" || return 1
	st_wait "micro-batches: 4  (1 to 64)" || return 1
	st_wait "Turn the knobs" || return 1
	# Enter at the start costs nothing: the start never meets the goal.
	st_keys Enter
	st_wait "Turn a knob first" || return 1
	press Right 8
	st_wait "micro-batches: 12  (1 to 64)" || return 1
	st_wait "20.0 % of the time" || return 1
	st_keys Enter
	st_wait "The bubble (per cent of the time) is 20.0, but the goal asks" || return 1
	st_wait "Attempts: 2 left" || return 1
	st_lacks "27" || return 1
	press Right 18
	st_wait "micro-batches: 30" || return 1
	st_keys Enter
	st_wait "but fewer do too" || return 1
	st_wait "Attempts: 1 left" || return 1
	press Left 3
	st_wait "micro-batches: 27" || return 1
	st_keys Enter
	st_wait "Correct" || return 1
	st_keys q
}

# shows_chart TEXT [up]: the screen shows TEXT (a check's result) and the
# pipeline's picture with it, its rows and legend, and the goal once; with
# up (a screen too small for both), the picture is above, PgUp away.
shows_chart() {
	st_wait "$1" || return 1
	goals=$(st_screen | grep -c 'Goal:')
	[ "$goals" -le 1 ] || { st_fail "the goal is drawn $goals times"; return 1; }
	pages=0
	while [ "${2:-}" = up ] && ! st_screen | grep -qF "Stage 4  " && [ "$pages" -lt 10 ]; do
		st_screen >"$ST_TMP/before"
		st_keys PageUp
		i=0
		while st_screen | cmp -s - "$ST_TMP/before" && [ "$i" -lt 20 ]; do
			sleep 0.05
			i=$((i + 1))
		done
		pages=$((pages + 1))
	done
	st_wait "Stage 4  " || return 1
	st_wait "F forward, B backward, . idle" || return 1
}

# The picture stays after a check, wrong or right, and once out of
# attempts with the answer shown (SIZE: 80x24 or 60x16).
test_chart_stays() {
	st_start -- --only-lessons "$EX" explore || return 1
	[ "$1" = 60x16 ] && st_tmux resize-window -t st -x 60 -y 16
	st_wait "micro-batches: 4  (1 to 64)" || return 1
	press Right 8
	st_wait "micro-batches: 12  (1 to 64)" || return 1
	st_keys Enter
	st_wait "Attempts: 2 left" || return 1
	shows_chart "Wrong     micro-batches 12" || return 1
	press Right 15
	st_wait "micro-batches: 27  (1 to 64)" || return 1
	st_keys Enter
	# 60x16 with the explanation: the goal and the knob stay, the picture
	# scrolls above the result.
	if [ "$1" = 60x16 ]; then
		shows_chart "Correct   micro-batches 27" up || return 1
	else
		shows_chart "Correct   micro-batches 27" || return 1
	fi
	st_keys q
	st_wait "Turning knobs" || return 1
	# Out of attempts: the answer shows, with the picture at the last setting.
	st_start -- --only-lessons "$EX" explore || return 1
	[ "$1" = 60x16 ] && st_tmux resize-window -t st -x 60 -y 16
	st_wait "micro-batches: 4  (1 to 64)" || return 1
	for n in 5 6 7; do
		st_keys Right
		st_wait "micro-batches: $n  (1 to 64)" || return 1
		st_keys Enter
		st_wait "Wrong     micro-batches $n" || return 1
	done
	st_wait "Attempts: 0 left" || return 1
	if [ "$1" = 60x16 ]; then
		shows_chart "Wrong     micro-batches 7" up || return 1
	else
		shows_chart "Wrong     micro-batches 7" || return 1
	fi
}

# A review of an explore item says how to answer it: turn the knobs, not
# type an answer.
test_review_says_knobs() {
	st_start -- --only-lessons "$EX" explore || return 1
	st_wait "micro-batches: 4  (1 to 64)" || return 1
	press Right 8
	st_wait "micro-batches: 12  (1 to 64)" || return 1
	st_keys Enter
	st_wait "Attempts: 2 left" || return 1
	press Right 15
	st_wait "micro-batches: 27  (1 to 64)" || return 1
	st_keys Enter
	st_wait "right after 2 checks" || return 1
	st_keys q
	st_wait "Review: 1 item due" || return 1
	st_keys r
	st_wait "review 1/1" || return 1
	st_wait "Review 1 of 1: turn the knobs and press Enter; n skips to the next" || return 1
	st_lacks "type your answer" || return 1
}

# plain SCRIPT...: answers on a pipe in plain mode, into plain_out.
plain() {
	rm -rf "$ST_TMP/pstate"
	mkdir -p "$ST_TMP/pstate/paratutor"
	printf '{ "format": 1, "lessons": {} }\n' >"$ST_TMP/pstate/paratutor/progress.json"
	printf '%s\n' "$@" | XDG_STATE_HOME="$ST_TMP/pstate" XDG_CACHE_HOME="$ST_TMP/pcache" COLUMNS=1000 \
		"$BIN" --plain --no-shuffle --only-lessons "$EX" explore >"$plain_out" 2>&1
}

want() {
	grep -qF -- "$1" "$plain_out" || { st_fail "plain mode lacks: $1"; return 1; }
}

test_plain() {
	plain check "set microbatches 12" check "set stages 2" "set microbatches 30" check \
		"set microbatches 27" check "set sharding zero-3" check "set sharding zero-1" check quit
	want "The knobs are where they started, which does not meet the goal" || return 1
	want "Knobs: microbatches (micro-batches) is 12, from 1 to 64." || return 1
	want "Wrong: your setting micro-batches 12. The bubble (per cent of the time) is 20.0, but the goal asks for at most 10." || return 1
	want "Not yet. 2 attempts left." || return 1
	want 'There is no knob "stages"; the knobs are microbatches.' || return 1
	want "Wrong: your setting micro-batches 30. 30 micro-batches meet the goal, but fewer do too" || return 1
	want "Not yet. 1 attempt left." || return 1
	want "Correct: your setting micro-batches 27." || return 1
	want "Wrong: your setting sharding zero-3. ZeRO-3 fits, but it also gathers" || return 1
	want "Correct: your setting sharding zero-1." || return 1
	# No drawing characters in plain mode, and the answer before it was
	# earned nowhere: "27" first shows in the line that sets it.
	first=$(grep -n '27' "$plain_out" | head -n 1 | cut -d: -f1)
	set_at=$(grep -n 'micro-batches) is 27' "$plain_out" | head -n 1 | cut -d: -f1)
	[ "$first" = "$set_at" ] || { st_fail "27 appears before the learner set it (line $first, set at $set_at)"; return 1; }
}

# Adversary: turning the knobs and showing the figure costs nothing and
# says nothing of the goal beyond the figure's own numbers; every setting
# checked costs an attempt, so a search of the range runs out of them.
test_search_costs() {
	plain "set microbatches 1" show "set microbatches 64" show "set microbatches 27" show "set microbatches 1" \
		check "set microbatches 2" check "set microbatches 3" check "set microbatches 4" check quit
	if grep -q 'Correct' "$plain_out"; then st_fail "showing settings without checking was graded"; return 1; fi
	want "Out of attempts." || return 1
	want "micro-batches 27" || return 1 # the answer, once out of attempts
	if grep -q 'Not counted' "$plain_out"; then st_fail "a check was not counted"; return 1; fi
}

test_check() {
	"$BIN" --check --strict "$EX" >"$ST_TMP/check.out" 2>&1 ||
		{ st_fail "--check --strict failed on $EX: $(cat "$ST_TMP/check.out")"; return 1; }
	"$BIN" --check tests/fixtures/bad/explore.json >"$ST_TMP/bad.out" 2>&1
	[ $? = 1 ] || { st_fail "the bad explore fixture did not fail"; return 1; }
	grep -q 'explore.json:39:15: error: no setting of the knobs meets this goal' "$ST_TMP/bad.out" ||
		{ st_fail "an unreachable goal is not an error at its place"; return 1; }
}

st_test "--check: the explore fixture clean, an unreachable goal located" test_check
st_test "plain mode: set, check, feedback and attempts on two explore items" test_plain
st_test "adversary: showing settings is free and graded nothing; each check costs an attempt" test_search_costs
st_test "full screen: turn the knob, a wrong setting's feedback, then the right one" test_screen
st_test "full screen: a review of an explore item says to turn the knobs" test_review_says_knobs
st_test "full screen, 80x24: the picture stays after a check, wrong, right and out of attempts" test_chart_stays 80x24
st_test "full screen, 60x16: the picture stays after a check (above the result once it ends), the goal drawn once" test_chart_stays 60x16
st_finish

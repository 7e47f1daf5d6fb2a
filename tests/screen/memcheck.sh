#!/bin/sh
# memcheck.sh BINARY - a subset of the screen scenarios and a plain-mode
# run, for a binary run under a checker: `make check-valgrind` runs it with
# PT_WRAP set to valgrind (see lib.sh).  Each scenario ends with the tutor
# exiting (q, or a signal) so the checker's leak report is written, and
# fails on any report.  Prints "ok N - name" / "not ok N - name" per test,
# then "N passed, M failed"; exits 1 when a test failed.
set -u
. "$(dirname "$0")/lib.sh"
st_setup "$@"
FIXTURE="--only-lessons tests/screen/lessons"

# Open a lesson, fill, check wrong, check right; a hint, the help, quit
# to the menu and out with q.
test_lesson_walk() {
	st_start -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "mean = " || return 1
	st_keys 1 c 2 b
	st_wait "[1:max](values) / [2:len](values)" || return 1
	st_keys Enter
	st_wait "✗ Wrong" || return 1
	st_wait "Attempts: 2 left" || return 1
	st_keys 1 a Enter
	st_wait "✓ Correct" || return 1
	st_keys n n
	st_wait "capital of Australia" || return 1
	st_keys h
	st_wait "Hint 1/2" || return 1
	st_keys '?'
	st_wait "Tab, Shift-Tab" || return 1
	st_keys Escape
	st_wait_gone "Tab, Shift-Tab" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_keys q
	status=$(st_wait_exit) || return 1
	[ "$status" = 0 ] || st_fail "exit status $status (99: the checker found errors)" || return 1
	st_restored
}

# Mouse clicks on a blank and an option, a choice answered out of
# attempts, the summary and a retry; then out by SIGTERM.
test_mouse_summary_signal() {
	st_start -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "[2](values)" || return 1
	st_click "[2](values)" || return 1
	st_wait "▸[2](values)" || return 1
	st_click "B len" || return 1
	st_wait "[2:len](values)" || return 1
	st_keys n n
	st_wait "capital of Australia" || return 1
	st_keys b Enter
	st_wait "Attempts: 1 left" || return 1
	st_keys c Enter
	st_wait "Out of attempts" || return 1
	st_keys n n
	st_wait "Lesson summary" || return 1
	st_keys r
	st_wait "mean = " || return 1
	kill -TERM "$(st_pid)"
	status=$(st_wait_exit) || return 1
	[ "$status" = 143 ] || st_fail "exit status $status, expected 143 (99: the checker found errors)" || return 1
	st_restored
}

# Too small at 20x6 and back; out by SIGHUP.
test_resize_signal() {
	st_start -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_tmux resize-window -t st -x 20 -y 6
	st_wait "Terminal too small" || return 1
	st_tmux resize-window -t st -x 80 -y 24
	st_wait "Screen test drills" || return 1
	st_lacks "Terminal too small" || return 1
	kill -HUP "$(st_pid)"
	status=$(st_wait_exit) || return 1
	[ "$status" = 129 ] || st_fail "exit status $status, expected 129 (99: the checker found errors)" || return 1
	st_restored
}

# The plain mode on a pipe: a scripted walk through the good fixture.
test_plain() {
	state="$ST_TMP/plain-state"
	rm -rf "$state"
	mkdir -p "$state"
	# shellcheck disable=SC2086 # PT_WRAP holds words without spaces
	printf '%s\n' 1 "1 a 2 b" hint hint hint "1 b 2 d" a c "a b" "a c" quit |
		ST_LOGS="$ST_TMP" XDG_STATE_HOME="$state" XDG_CACHE_HOME="$state/cache" LC_ALL=C.UTF-8 \
		${PT_WRAP:-} "$ST_BIN" --no-shuffle --only-lessons tests/fixtures/good/minimal.json >"$ST_TMP/plain" 2>&1
	status=$?
	[ "$status" = 0 ] || st_fail "exit status $status (99: the checker found errors):
$(tail -n 30 "$ST_TMP/plain")" || return 1
	grep -qF "Score: 43/100" "$ST_TMP/plain" ||
		st_fail "no summary in the transcript: $(tail -n 30 "$ST_TMP/plain")"
}

# The statistics screen over a store with every figure, scrolled, and
# paratutor stats --me; q quits.
test_stats() {
	mkdir -p "$ST_TMP/stats/paratutor"
	sh tests/stats/write_store.sh "$ST_BIN" "$ST_TMP/stats/paratutor/progress.json" ||
		st_fail "could not write the store" || return 1
	st_start XDG_STATE_HOME="$ST_TMP/stats" PARATUTOR_TEST_NOW="$PWD/tests/stats/now" -- \
	    --only-lessons tests/fixtures/good/minimal.json \
	    --only-lessons tests/stats/second.json || return 1
	st_wait "Stats: second lesson" || return 1
	st_keys s
	st_wait "Mastery by lesson" || return 1
	st_keys NPage NPage NPage
	st_wait "Press m to go back to the menu" || return 1
	st_keys m
	st_wait "Choose a lesson" || return 1
	st_keys q
	status=$(st_wait_exit) || return 1
	[ "$status" = 0 ] || st_fail "exit status $status (99: the checker found errors)" || return 1
	ST_LOGS="$ST_TMP" ${PT_WRAP:-} "$ST_BIN" stats --me --progress "$ST_TMP/stats/paratutor/progress.json" \
	    --only-lessons tests/fixtures/good/minimal.json >"$ST_TMP/stats.out" 2>&1 ||
		st_fail "stats --me failed: $(cat "$ST_TMP/stats.out")" || return 1
	grep -q "Mastery by lesson" "$ST_TMP/stats.out" || st_fail "stats --me printed no statistics"
}

# An exam from the menu's form: answers, a mark, the list, leaving and
# taking it up again, submitting, the results; out with q.
test_exam_walk() {
	st_start -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys e
	st_wait "A new exam" || return 1
	st_keys Enter
	st_wait "Exam: item 1 of 10" || return 1
	st_keys Escape a b Enter m l
	st_wait "All 10 items" || return 1
	st_keys Escape q
	st_wait "The exam is kept" || return 1
	st_keys e
	st_wait "Your unfinished exam" || return 1
	st_keys Enter s y
	st_wait "Exam results" || return 1
	st_keys n n p m
	st_wait "The exam is kept in your history" || return 1
	st_keys q
	status=$(st_wait_exit) || return 1
	[ "$status" = 0 ] || st_fail "exit status $status (99: the checker found errors)" || return 1
	st_restored
}

# An exam in plain mode on a pipe: answers, list, submit, results.
test_plain_exam() {
	state="$ST_TMP/plain-exam-state"
	rm -rf "$state"
	mkdir -p "$state"
	# shellcheck disable=SC2086 # PT_WRAP holds words without spaces
	printf '%s\n' a "1 a 2 b" mark list "go 1" submit yes |
		ST_LOGS="$ST_TMP" XDG_STATE_HOME="$state" LC_ALL=C.UTF-8 ${PT_WRAP:-} "$ST_BIN" exam --no-shuffle \
		$FIXTURE --from screen-drills --count 4 --seed 1 >"$ST_TMP/plain-exam" 2>&1
	status=$?
	[ "$status" = 0 ] || st_fail "exit status $status (99: the checker found errors):
$(tail -n 30 "$ST_TMP/plain-exam")" || return 1
	grep -qF "Score: 50% (2 of 4 right)" "$ST_TMP/plain-exam" ||
		st_fail "no results in the transcript: $(tail -n 30 "$ST_TMP/plain-exam")"
}

st_test "open, fill, check wrong and right, hint, help, quit" test_lesson_walk
st_test "an exam: form, answers, list, leave, resume, submit, results" test_exam_walk
st_test "an exam in plain mode on a pipe" test_plain_exam
st_test "mouse, out of attempts, summary, retry; SIGTERM" test_mouse_summary_signal
st_test "too small and back; SIGHUP" test_resize_signal
st_test "plain mode on a pipe" test_plain
st_test "the statistics screen and stats --me" test_stats
st_finish

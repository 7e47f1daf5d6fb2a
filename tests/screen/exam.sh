#!/bin/sh
# exam.sh BINARY - screen tests of exam mode: sitting a whole exam and
# submitting it, the clock submitting it, killing the tutor mid-exam and
# resuming, the form behind e in the menu, and --history.  Prints "ok N -
# name" / "not ok N - name" per test, then "N passed, M failed"; exits 1
# when a test failed.
set -u
. "$(dirname "$0")/lib.sh"
st_setup "$@"
# The drills lesson, seed 1: Canberra (choice: A), the mean (fill: 1 a 2
# b), len (fill), even numbers (multi).
EXAM="exam --no-shuffle --only-lessons tests/screen/lessons --from screen-drills --count 4 --seed 1"

# been_through STATE - a store under STATE in which the drills and kinds
# lessons were each worked through once and reset (attempt 2): their
# items' verdicts and keys show in exam results.  An item its lesson's
# first attempt has not had is held back there (docs/scoring.md; plain
# mode's exam suite tests that).
been_through() {
	mkdir -p "$1/paratutor"
	printf '{ "format": 1, "lessons": { "screen-drills": { "attempt": 2 }, "screen-kinds": { "attempt": 2 } } }\n' \
		>"$1/paratutor/progress.json"
}

# history STATE - prints paratutor exam --history for the store under STATE.
history() {
	XDG_STATE_HOME=$1 "$ST_BIN" exam --history 2>&1
}

# Answers two items, skips two, marks one, lists them, submits after the
# confirmation names the two unanswered, then reads the results.
test_exam_submit() {
	state="$ST_TMP/exam-submit"
	rm -rf "$state"
	been_through "$state"
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" -- $EXAM --minutes 10 || return 1
	st_wait "Exam: item 1 of 4" || return 1
	st_wait "Which city is the capital of Australia?" || return 1
	st_wait " left" || return 1
	st_lacks "Correct" || return 1
	st_keys a
	st_wait "Answered 1/4" || return 1
	st_lacks "Canberra was chosen" || return 1 # no feedback before submitting
	st_keys Enter
	st_wait "Exam: item 2 of 4" || return 1
	st_keys 1 a 2 b Enter
	st_wait "Exam: item 3 of 4" || return 1
	st_keys n
	st_wait "Exam: item 4 of 4" || return 1
	st_keys m
	st_wait "Marked 1" || return 1
	st_keys l
	st_wait "All 4 items" || return 1
	st_wait "2 answered, 1 marked" || return 1
	st_wait "marked  Which numbers are even?" || return 1
	st_keys Up Up Enter
	st_wait "Exam: item 2 of 4" || return 1
	st_keys s
	st_wait "Submit now? 2 unanswered items count as wrong" || return 1
	st_keys x
	st_wait "Not submitted: go on answering" || return 1
	st_keys s
	st_wait "Submit now?" || return 1
	st_keys y
	st_wait "Exam results" || return 1
	st_wait "Score: 50%" || return 1
	st_wait "2 of 4 right, 0 wrong, 2 unanswered" || return 1
	st_wait "Not passed" || return 1
	st_wait "the pass mark is 70%" || return 1
	st_wait "no partial credit, no hints, no second try" || return 1
	st_keys n
	st_wait "Item 1 of 4" || return 1
	st_wait "Canberra was chosen" || return 1
	st_keys n n
	st_wait "Unanswered" || return 1
	st_keys m
	st_wait "The exam is kept in your history" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
	out=$(history "$state")
	case $out in
	*"   4    50%   70%  not passed"*) ;;
	*) st_fail "history: $out" || return 1 ;;
	esac
	# exam --show reopens the result once left, with the answers given.
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" -- exam --show 1 --only-lessons tests/screen/lessons || return 1
	st_wait "Exam results" || return 1
	st_wait "A past result: exam 1 of your history, finished" || return 1
	st_wait "2 of 4 right, 0 wrong, 2 unanswered" || return 1
	st_keys n
	st_wait "Item 1 of 4  ✓ Right" || return 1
	st_wait "A (•) Canberra" || return 1
	st_keys n
	st_wait "mean = [1:sum ✓](values) / [2:len ✓](values)" || return 1
	st_keys n
	st_wait "Item 3 of 4  ✗ Unanswered" || return 1
	st_wait "✗ Unanswered [1]  → answer: len" || return 1
	st_keys m
	st_wait "The exam is kept in your history" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
}

# The clock is injected (PARATUTOR_TEST_NOW names a file holding the
# time): no test waits for it.  T0 is a fixed start.
T0=2000000000

# now SECONDS - sets the injected clock to T0 + SECONDS.
now() {
	# Renamed into place: the tutor reads the file at any moment, and a
	# half-written one would read as the real time (a flaky clock).
	echo $((T0 + $1)) >"$ST_TMP/now.tmp" && mv -f "$ST_TMP/now.tmp" "$ST_TMP/now"
}

# The deadline passes while the exam is on screen: it submits itself.
test_exam_timeout() {
	state="$ST_TMP/exam-timeout"
	rm -rf "$state"
	now 0
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" -- $EXAM --minutes 10 ||
		return 1
	st_wait "Exam: item 1 of 4" || return 1
	st_wait "10:00 left" || return 1
	st_keys a
	st_wait "Answered 1/4" || return 1
	now 601
	st_wait "Time is up: the exam was submitted" || return 1
	st_wait "submitted by the clock" || return 1
	st_wait "1 of 4 right" || return 1
	st_wait "Time used: 10:00 of 10:00" || return 1
	st_keys q
	st_keys q
	st_wait_exit >/dev/null || return 1
	out=$(history "$state")
	case $out in
	*"(time ran out)"*) ;;
	*) st_fail "history: $out" || return 1 ;;
	esac
}

# The 1-minute warning comes while the exam runs.
test_exam_warning() {
	state="$ST_TMP/exam-warning"
	rm -rf "$state"
	now 0
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" -- $EXAM --minutes 10 ||
		return 1
	st_wait "Exam: item 1 of 4" || return 1
	now 545
	st_wait "Warning: 1 minute left" || return 1
	st_wait "0:55 left" || return 1
	st_keys s y
	st_wait "Score: 0%" || return 1
	# On a typed item the field has the keys: the warning names Tab first.
	rm -rf "$state"
	now 0
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" -- exam --no-shuffle \
	    --only-lessons tests/screen/lessons --from screen-kinds --count 2 --seed 1 --minutes 10 || return 1
	st_wait "Exam: item 1 of 2" || return 1
	st_wait "Answer: ▸[_" || return 1
	now 545
	st_wait "Unanswered items count as wrong; Tab, then s, submits" || return 1
	st_keys Tab s y
	st_wait "Score: 0%" || return 1
}

# The adversary leaves a timed exam to stop its clock, and kills the tutor
# to stop it again: the time away counts both times, and the history says
# the exam was left and interrupted.
test_exam_clock_away() {
	state="$ST_TMP/exam-away"
	rm -rf "$state"
	now 0
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" -- $EXAM --minutes 10 ||
		return 1
	st_wait "Exam: item 1 of 4" || return 1
	st_keys a
	st_wait "Answered 1/4" || return 1
	now 30
	st_wait "9:30 left" || return 1
	st_keys q
	st_wait "Exam kept, its clock still running (" || return 1
	now 150 # two minutes in the menu
	st_keys e
	st_wait "Your unfinished exam" || return 1
	st_wait "it ran on while you were away" || return 1
	st_wait "1 answered, 0 marked for later; 7:30 left." || return 1
	st_lacks "stopped" || return 1
	st_keys Enter
	# The offer's header names item 1 and the time too: wait until it has
	# gone, so the exam is taken up (and kept as sitting) before the kill.
	st_wait_gone "Enter take up" || return 1
	st_wait "Exam: item 1 of 4" || return 1
	st_wait "7:30 left" || return 1
	kill -KILL "$(st_pid)"
	st_wait_exit >/dev/null || return 1
	now 450 # five minutes dead
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" -- $EXAM --minutes 10 ||
		return 1
	st_wait "Your unfinished exam" || return 1
	st_wait "2:30 left" || return 1
	st_keys Enter
	st_wait "2:30 left" || return 1
	st_keys q
	st_wait "its clock still running" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
	now 3600 # back after the deadline: submitted as it stood
	st_start XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" -- --only-lessons tests/screen/lessons || return 1
	st_wait "Time ran out while you were away" || return 1
	st_wait "Exam results" || return 1
	st_wait "1 of 4 right" || return 1
	st_wait "Time used: 10:00 of 10:00" || return 1
	st_keys m q
	st_wait_exit >/dev/null || return 1
	out=$(history "$state")
	case $out in
	*"10:00  (time ran out, left 2 times, interrupted 1 time)"*) ;;
	*) st_fail "history: $out" || return 1 ;;
	esac
}

# Closed books and one tutor a paper.  The adversary leaves the exam to
# look an item up in its lesson, opens the statistics, and has a second
# tutor take the paper or submit it: each says why not; once the exam is
# submitted the lesson opens again and the history holds it once.
test_exam_closed_books() {
	state="$ST_TMP/exam-closed"
	rm -rf "$state"
	now 0
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" -- $EXAM --minutes 10 ||
		return 1
	st_wait "Exam: item 1 of 4" || return 1
	st_keys a
	st_wait "Answered 1/4" || return 1
	# A second tutor, while this one sits the paper.
	out=$(printf '%s\n' submit yes | XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" "$ST_BIN" exam \
	    --plain --only-lessons tests/screen/lessons 2>&1)
	status=$?
	case $out in
	*"An exam is in progress in another paratutor on this progress store: nothing of it opens here"*) ;;
	*) st_fail "a second tutor took the paper: $out" || return 1 ;;
	esac
	[ "$status" = 1 ] || st_fail "second tutor's exam status $status" || return 1
	case $out in *"Exam results"*|*"Score:"*) st_fail "a second tutor submitted: $out" || return 1 ;; esac
	out=$(printf '%s\n' 1 2 menu stats quit | XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" "$ST_BIN" \
	    --plain --only-lessons tests/screen/lessons 2>&1)
	case $out in
	*"Closed: your open exam draws on this lesson. Opens on submit, or in 10:00."*) ;;
	*) st_fail "plain: the exam's lesson opened: $out" || return 1 ;;
	esac
	case $out in
	*"Closed during an exam (stats show answers). Opens on submit, or in 10:00."*) ;;
	*) st_fail "plain: the statistics opened: $out" || return 1 ;;
	esac
	case $out in
	*"Which city is the capital of Australia"*) st_fail "plain: an exam item was shown: $out" || return 1 ;;
	esac
	case $out in
	*"Lesson: Screen test kinds, 6 items."*) ;;
	*) st_fail "plain: a lesson the exam does not draw from stayed closed: $out" || return 1 ;;
	esac
	# This tutor leaves the paper and tries its lesson and the statistics.
	now 90
	st_keys q
	st_wait "its clock still running" || return 1
	st_keys Home Enter
	st_wait "Closed: your open exam draws on this lesson. Opens on submit, or in 8:30" || return 1
	st_lacks "Which city is the capital of Australia?" || return 1
	st_keys s
	st_wait "Closed during an exam (stats show answers). Opens on submit, or in 8:30" || return 1
	# Back to the paper and submit it; the books open again.
	st_keys e
	st_wait "Your unfinished exam" || return 1
	st_keys Enter
	st_wait "Exam: item 1 of 4" || return 1
	st_keys s y
	st_wait "Exam results" || return 1
	st_keys m
	st_wait "The exam is kept in your history" || return 1
	st_keys Home Enter
	st_wait "Screen test drills                                                  1/4" || return 1
	st_keys q q
	st_wait_exit >/dev/null || return 1
	n=$(history "$state" | grep -c "not passed\|  passed")
	[ "$n" = 1 ] || st_fail "the history holds $n results of one paper: $(history "$state")" || return 1
}

# bar_wait TEXT - polls until the key bar (the screen's last line) shows
# TEXT: a hint in the message line above it does not count.
bar_wait() {
	i=0
	while [ "$i" -lt "$ST_POLLS" ]; do
		st_screen | tail -n 1 | grep -qF -- "$1" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	st_fail "the key bar never showed \"$1\"; it shows: $(st_screen | tail -n 1)"
}

# s submit is on the key bar of every kind of item (out of an answer
# field, which takes the letters), at 80x24 and at 60x16.
test_exam_submit_on_every_bar() {
	for size in 80x24 60x16; do
		st_start ST_SHUFFLE=1 -- exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds \
		    --from screen-drills --count 10 --seed 1 --untimed || return 1
		[ "$size" = 60x16 ] && st_tmux resize-window -t st -x 60 -y 16
		st_wait "Exam: item 1 of 10" || return 1
		n=1
		while [ "$n" -le 10 ]; do
			st_wait "Exam: item $n of 10" || return 1
			st_keys Escape # out of an answer field
			bar_wait "s submit" || { st_fail "$size, item $n: $ST_WHY"; return 1; }
			st_keys n
			n=$((n + 1))
		done
		st_keys s
		st_wait "Submit now?" || return 1
		st_keys y
		st_wait "Exam results" || return 1
		st_keys q q
		st_wait_exit >/dev/null || return 1
	done
}

# Small rules: an unreadable number is not kept, so it is not answered
# (the adversary hopes a half-typed number counts); a partly filled item's
# result shows what was entered, not the key; s is on the order item's key
# bar.
test_exam_small_rules() {
	# Seed 1 of the kinds: a name, a number, multi, match, order, fill.
	st_start ST_SHUFFLE=1 -- exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 6 \
	    --seed 1 || return 1
	st_wait "Exam: item 1 of 6" || return 1
	st_keys Tab n
	st_wait "Exam: item 2 of 6" || return 1
	st_keys a b c Tab
	bar_wait "s submit" || return 1
	st_keys n
	st_wait "Exam: item 3 of 6" || return 1
	st_wait "Answered 0/6" || return 1
	bar_wait "s submit" || return 1
	st_keys n n
	st_wait "Exam: item 5 of 6" || return 1
	bar_wait "A-D place" || return 1
	bar_wait "s submit" || return 1
	st_keys l
	st_wait "  2  empty" || return 1
	st_keys Escape
	st_keys s y
	st_wait "0 of 6 right, 0 wrong, 6 unanswered" || return 1
	st_keys q q
	st_wait_exit >/dev/null || return 1
	rm -rf "$ST_TMP/exam-rules"
	been_through "$ST_TMP/exam-rules"
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$ST_TMP/exam-rules" -- $EXAM --minutes 10 || return 1
	st_wait "Exam: item 1 of 4" || return 1
	st_keys Enter
	st_wait "Exam: item 2 of 4" || return 1
	st_keys 1 a
	st_wait "mean = [1:sum](values)" || return 1
	st_keys s y
	st_wait "Exam results" || return 1
	st_keys n n
	st_wait "Item 2 of 4" || return 1
	st_wait "mean = [1:sum](values) / [2](values)" || return 1
	st_lacks "[2:len]" || return 1
	st_wait "✗ Unanswered [2]  → answer: len" || return 1 # the key on a line of its own
}

# An untimed exam is the practice mode and says so; its clock stops.
test_exam_untimed() {
	state="$ST_TMP/exam-untimed"
	rm -rf "$state"
	now 0
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" PARATUTOR_TEST_NOW="$ST_TMP/now" -- $EXAM --untimed || return 1
	st_wait "untimed practice, 0:00 used" || return 1
	now 40
	st_keys a
	st_wait "untimed practice, 0:40 used" || return 1
	st_keys q
	st_wait "Exam kept (" || return 1 # left before the clock moves on, not after
	now 4000
	st_keys e
	st_wait "untimed practice exam" || return 1
	st_wait "0:40 used." || return 1
}

# kill -9 mid-exam loses nothing: the tutor offers the exam with its
# answers, mark and time; taking it up and submitting counts them.
test_exam_kill_resume() {
	state="$ST_TMP/exam-kill"
	rm -rf "$state"
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" -- $EXAM --minutes 10 || return 1
	st_wait "Exam: item 1 of 4" || return 1
	st_keys a m
	st_wait "Marked 1" || return 1
	st_keys Enter
	st_wait "Exam: item 2 of 4" || return 1
	st_keys 1 a 2 b
	st_wait "Answered 2/4" || return 1
	kill -KILL "$(st_pid)"
	st_wait_exit >/dev/null || return 1
	# The plain tutor says an exam waits, and e offers it.
	st_start XDG_STATE_HOME="$state" -- --only-lessons tests/screen/lessons || return 1
	st_wait "An unfinished exam, its clock running" || return 1
	st_keys e
	st_wait "Your unfinished exam" || return 1
	st_wait "4 items: 2 answered, 1 marked for later" || return 1
	st_wait " left." || return 1
	st_keys Enter
	st_wait "Exam: item 2 of 4" || return 1
	st_keys l
	st_wait "2 answered, 1 marked" || return 1
	st_keys Escape s
	st_wait "Submit now? 2 unanswered items count as wrong" || return 1
	st_keys y
	st_wait "Score: 50%" || return 1
}

# A typed number the item cannot read is said at once, with no verdict.
test_exam_number() {
	st_start ST_SHUFFLE=1 -- exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 6 \
	    --seed 1 || return 1
	st_wait "Exam: item 1 of 6" || return 1
	st_keys Enter
	st_wait "Exam: item 2 of 6" || return 1
	st_keys s i x
	st_keys Enter
	st_wait "Not a number this item takes (units: B, bytes, bits)" || return 1
	st_lacks "Wrong" || return 1
	st_keys BSpace BSpace BSpace 1 6 Enter
	st_wait "Exam: item 3 of 6" || return 1
	st_wait "Answered 1/6" || return 1
}

# Enter on the last item, a typed one, gives the letter keys back, so the
# status's "s submits the exam" works: s asks, y submits (they once typed
# "sy" into the answer).
test_exam_last_typed() {
	st_start ST_SHUFFLE=1 -- exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 2 \
	    --seed 2 --minutes 5 || return 1
	st_wait "Exam: item 1 of 2" || return 1
	st_keys Enter
	st_wait "Exam: item 2 of 2" || return 1
	st_keys 1 6
	st_wait "Answer: ▸[16_" || return 1
	st_keys Enter
	st_wait "That was the last item: l lists them all, s submits the" || return 1
	st_wait "(Tab: back to typing the answer)" || return 1
	st_wait "Tab type" || return 1 # the key bar offers the way back into the field
	st_keys s
	st_wait "Submit now?" || return 1
	st_lacks "16s" || return 1
	st_keys y
	st_wait "Exam results" || return 1
	st_wait "1 of 2 right" || return 1 # 16 was kept as the answer, and counted
	# A fresh store: both verdicts are held back, so the rows tell none
	# and the advice names the lesson where the items wait, in no mode's
	# words.
	st_wait "What to study next" || return 1
	st_wait "Start with lesson 2, \"Screen test kinds\": the paper's items" || return 1
	st_lacks "plain mode" || return 1
	st_keys Down Down Down Down Down Down Down Down Down Down
	st_wait "2 held back until you do them in this lesson" || return 1
	st_lacks "100%    1 of   1 right" || return 1
}

# Ctrl-C while sitting an exam: the tutor ends (130), the terminal is
# restored, and one line on stderr says the exam is kept and how to take
# it up; left for the menu first, it says nothing more.
test_exam_ctrl_c() {
	st_start ST_SHUFFLE=1 -- exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 2 \
	    --seed 2 --minutes 5 || return 1
	st_wait "Exam: item 1 of 2" || return 1
	st_keys C-c
	status=$(st_wait_exit) || return 1
	[ "$status" = 130 ] || st_fail "Ctrl-C: exit status $status, expected 130" || return 1
	st_wait_joined "paratutor: your exam is kept, its clock still running (" || return 1
	st_wait_joined " left): paratutor exam (or e in the menu) takes it up" || return 1
	st_restored || return 1
	st_start ST_SHUFFLE=1 -- exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 2 \
	    --seed 2 --untimed || return 1
	st_wait "Exam: item 1 of 2" || return 1
	st_keys q
	st_wait "Exam kept" || return 1
	st_keys C-c
	st_wait "[exited with status 130]" || return 1
	st_lacks "your exam is kept" || return 1
}

# Ctrl-U empties the answer field in the exam as on the item screen (the
# exam's own copy of the answer keys once lacked it): what is typed after
# it is the whole answer.
test_exam_kill_line() {
	st_start ST_SHUFFLE=1 -- exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 6 \
	    --seed 1 || return 1
	st_wait "Exam: item 1 of 6" || return 1
	st_keys Enter
	st_wait "Exam: item 2 of 6" || return 1
	st_keys s i x
	st_wait "Answer: ▸[six_" || return 1
	st_keys C-u
	st_wait "Answer: ▸[_" || return 1
	st_lacks "That key does nothing here" || return 1
	st_keys 1 6
	st_wait "Answer: ▸[16_" || return 1
	st_keys Enter
	st_wait "Exam: item 3 of 6" || return 1
	st_wait "Answered 1/6" || return 1
}

# e in the menu opens the form; Enter starts an exam across the lessons;
# q leaves it kept.
test_exam_form() {
	state="$ST_TMP/exam-form"
	cache="$ST_TMP/exam-form-cache"
	rm -rf "$state" "$cache"
	# A first start writes the lesson index; the second draws its menu from
	# it, so the exam must load the lessons it draws from.
	st_start XDG_STATE_HOME="$state" XDG_CACHE_HOME="$cache" -- --only-lessons tests/screen/lessons || return 1
	st_wait "Screen test drills" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
	ls "$cache"/paratutor/index-* >/dev/null 2>&1 || st_fail "no lesson index was written" || return 1
	st_start XDG_STATE_HOME="$state" XDG_CACHE_HOME="$cache" -- --only-lessons tests/screen/lessons || return 1
	st_wait "Screen test drills" || return 1
	st_keys e
	st_wait "A new exam" || return 1
	st_wait "of 10 items in the lessons" || return 1
	st_keys Down Down Left
	st_wait "65%" || return 1
	st_keys Up u
	st_wait "untimed" || return 1
	st_keys Enter
	st_wait "Exam: item 1 of 10" || return 1
	st_wait "untimed" || return 1
	st_keys '?'
	st_wait "keep the answer and go on to the next item" || return 1
	st_keys PageDown PageDown
	st_wait "leave the exam: it is kept" || return 1
	st_keys Escape
	st_wait_gone "leave the exam: it is kept" || return 1
	st_keys Escape q # Esc first: a typed answer's field takes the keys
	st_wait "Exam kept (untimed" || return 1
}

# The results break down by concept (the bundled lessons are tagged) and
# say what to study next.
test_exam_concepts() {
	st_start ST_SHUFFLE=1 -- exam --only-lessons content --from dp-vs-mp --count 3 --seed 1 --untimed || return 1
	st_wait "Exam: item 1 of 3" || return 1
	st_keys s
	st_wait "Submit now? 3 unanswered items count as wrong" || return 1
	st_keys y
	st_wait "Exam results" || return 1
	st_wait "What to study next" || return 1
	st_wait "   • " || return 1
	st_keys PageDown
	st_wait "By concept, weakest first" || return 1
	# A fresh store: the items' verdicts are held back, the rows count them apart.
	st_wait "held back           data parallelism" || return 1
	st_wait "3 held back until you do them in their lessons" || return 1
	st_lacks "0 of   3 right" || return 1
}

# At 60x16 a message wider than its row takes the status row too, so
# nothing of it is cut; the next key gives the row back.
test_exam_form_narrow_message() {
	st_start -- --only-lessons tests/screen/lessons || return 1
	st_wait "Screen test drills" || return 1
	st_tmux resize-window -t st -x 60 -y 16
	st_keys e
	st_wait "A new exam" || return 1
	st_keys Down Down Down Right
	st_wait "The menu's exam draws from all" || return 1
	st_wait_joined "paratutor exam --from picks some" || return 1
	st_screen | grep -q '…' && st_fail "a line is cut: $(st_screen | grep '…')" && return 1
	st_keys Up
	st_wait_gone "picks some" || return 1
	st_wait "Up/Down a field, Left/Right change it, Enter starts" || return 1
}

# At 60 columns the exam's standing hint fits its row (a shorter wording,
# not cut), and the menu's key bar keeps e while its message says "e takes
# it up": a key a message names is on the bar.
test_exam_narrow_hint() {
	st_start -- $EXAM --minutes 10 || return 1
	st_wait "Exam: item 1 of 4" || return 1
	st_tmux resize-window -t st -x 60 -y 16
	st_wait "Enter: next item; m marks, l lists, s submits" || return 1
	st_screen | tail -n 3 | grep -q '…' && st_fail "the footer is cut: $(st_screen | tail -n 3)" && return 1
	st_keys q
	st_wait_joined "e takes it up" || return 1
	st_screen | tail -n 1 | grep -q ' e exam ' || { st_fail "no e on the bar: $(st_screen | tail -n 1)"; return 1; }
	st_keys e
	st_wait "Enter: take it up   s: submit   q: leave it" || return 1
}

# exam --retake 1 on the full screen: the header says it is a retake, the
# paper's items come in a new order (seed 5: len first), the results say
# which paper it sat again, and exam 1's score stays in the history.
test_exam_retake() {
	state="$ST_TMP/exam-retake"
	rm -rf "$state"
	been_through "$state"
	printf '%s\n' a "1 a 2 b" next submit yes |
		XDG_STATE_HOME="$state" "$ST_BIN" $EXAM --plain --minutes 10 >/dev/null 2>&1
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" -- exam --only-lessons tests/screen/lessons --retake 1 --seed 5 ||
		return 1
	st_wait "Retake of exam 1: item 1 of 4" || return 1
	st_wait "A retake of exam 1: the same 4 items in a new order;" || return 1
	st_wait "exam 1's score stays as it was" || return 1
	st_wait "Complete the call so it returns the number of items." || return 1
	st_lacks "Canberra was chosen" || return 1
	st_keys n
	st_wait "Retake of exam 1: item 2 of 4" || return 1
	st_keys s
	st_wait "Submit now?" || return 1
	st_keys y
	st_wait "Exam results" || return 1
	st_wait "A retake of exam 1 of your history" || return 1
	st_wait "Score: 0%" || return 1
	st_keys m
	st_wait "The exam is kept in your history" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
	out=$(history "$state")
	case $out in
	*"   4    50%   70%  not passed"*"a retake of exam 1)"*) ;;
	*) st_fail "history: $out" || return 1 ;;
	esac
}

# --watch (a full-screen command, so tested here) refuses with one line
# while this user's exam is open, as stats --me, --report and export do
# (tests/plain/exam.sh); once the exam is submitted it runs.
test_exam_closed_watch() {
	state="$ST_TMP/exam-watch"
	rm -rf "$state"
	printf '%s\n' quit | XDG_STATE_HOME="$state" "$ST_BIN" $EXAM --plain --minutes 10 >/dev/null 2>&1
	st_start XDG_STATE_HOME="$state" -- --watch tests/screen/lessons/screen-drills.json || return 1
	status=$(st_wait_exit) || return 1
	[ "$status" = 1 ] || st_fail "--watch exit status $status while the exam is open" || return 1
	st_wait_joined "paratutor: --watch is closed while your exam is open; submit it first (paratutor exam), then try again" ||
		return 1
	printf '%s\n' resume submit yes | XDG_STATE_HOME="$state" "$ST_BIN" $EXAM --plain >/dev/null 2>&1
	st_start XDG_STATE_HOME="$state" -- --watch tests/screen/lessons/screen-drills.json || return 1
	st_wait "Watching screen-drills.json" || return 1
	st_keys q q
	st_wait_exit >/dev/null || return 1
}

# A paper drawn with repeats on the full screen: the note that says how many
# repeat is on the screen with the first item, and each repeated item says
# so in its header.
test_exam_repeats() {
	state="$ST_TMP/exam-repeats"
	rm -rf "$state"
	been_through "$state"
	for seed in 1 1; do
		printf '%s\n' submit yes | XDG_STATE_HOME="$state" "$ST_BIN" exam --plain --only-lessons tests/screen/lessons \
		    --from screen-kinds --count 3 --untimed --seed "$seed" >/dev/null 2>&1
	done
	st_start ST_SHUFFLE=1 XDG_STATE_HOME="$state" -- exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 3 \
	    --untimed --seed 1 || return 1
	st_wait "Exam: item 1 of 3 (a repeat)" || return 1
	st_wait_joined "3 of the 3 repeat ones whose answers you have seen" || return 1
	st_keys q
	st_wait "e takes it up" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
}

# A "select 2" item with one tick stands as partly answered on the screen's
# list, and as answered once two are ticked.
test_exam_select_n_partly() {
	st_start ST_SHUFFLE=1 -- exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 6 \
	    --seed 1 --untimed || return 1
	st_wait "Exam: item 1 of 6" || return 1
	st_keys Enter
	st_wait "Exam: item 2 of 6" || return 1
	st_keys Enter
	st_wait "Exam: item 3 of 6" || return 1
	st_keys a
	st_keys l
	st_wait "All 6 items  0 answered" || return 1
	st_wait "3  partly            Which two collectives" || return 1
	st_keys Enter
	st_wait "Exam: item 3 of 6" || return 1
	st_keys b l
	st_wait "All 6 items  1 answered" || return 1
	st_wait "3  answered          Which two collectives" || return 1
}

st_test "an exam sat and submitted, with its results and history" test_exam_submit
st_test "results by concept, and what to study next" test_exam_concepts
st_test "an exam submitted by the clock" test_exam_timeout
st_test "the 1-minute warning" test_exam_warning
st_test "the clock counts time away: left, killed, back after the deadline" test_exam_clock_away
st_test "an untimed exam is practice and its clock stops" test_exam_untimed
st_test "unreadable numbers not kept, entered blanks in results, s on every bar" test_exam_small_rules
st_test "s submit on the key bar of every kind of item, at 80x24 and 60x16" test_exam_submit_on_every_bar
st_test "closed books while an exam is open; one tutor a paper" test_exam_closed_books
st_test "kill -9 mid-exam, then resume and submit" test_exam_kill_resume
st_test "a typed number the item cannot read" test_exam_number
st_test "Ctrl-U empties the answer field in the exam" test_exam_kill_line
st_test "Enter on the last typed item gives the keys back: s submits" test_exam_last_typed
st_test "Ctrl-C mid-exam says the exam is kept and how to take it up" test_exam_ctrl_c
st_test "the exam form from the menu, lessons from the index" test_exam_form
st_test "a long message at 60x16 takes two rows, not cut" test_exam_form_narrow_message
st_test "at 60 columns the exam's hint fits and the menu's bar has the key its message names" test_exam_narrow_hint
st_test "repeats: the note with the first item, each marked in its header" test_exam_repeats
st_test "select-N: partly on the list until N are ticked" test_exam_select_n_partly
st_test "--watch refuses with one line while the exam is open" test_exam_closed_watch
st_test "exam --retake 1: a new order, a retake header and note, exam 1 kept" test_exam_retake
st_finish

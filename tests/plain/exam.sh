#!/bin/sh
# exam.sh BINARY - paratutor exam in plain mode: a whole exam sat and
# submitted, the clock submitting one, kill -9 and resume, bad input and
# the command line, --history and --report.  Input comes on a pipe or a
# FIFO; the output is polled, never waited for blindly.
set -u
bin=$1
passed=0
failed=0
tmp=$(mktemp -d)
out="$tmp/out"
XDG_STATE_HOME="$tmp/state"
export XDG_STATE_HOME
COLUMNS=1000 # plain mode wraps to COLUMNS: most checks read whole lines (the wrap has its own)
export COLUMNS
trap 'exec 3>&- 2>/dev/null; rm -rf "$tmp"' EXIT
# Seed 1 of the drills: Canberra (A), the mean (1 a 2 b), len (fill), even numbers.
exam_args="exam --no-shuffle --only-lessons tests/screen/lessons --from screen-drills --count 4 --seed 1"

# sit LINES... - feeds the lines to a new exam (same store) and keeps the transcript.
sit() {
	# shellcheck disable=SC2086 # exam_args holds words without spaces
	printf '%s\n' "$@" | "$bin" $exam_args --minutes 6 >"$out" 2>&1
	echo "$?" >"$tmp/status"
}

# has NAME TEXT: the last transcript contains TEXT as a fixed string.
has() {
	if grep -qF -- "$2" "$out"; then
		passed=$((passed + 1))
		echo "ok - $1"
	else
		failed=$((failed + 1))
		echo "not ok - $1: missing \"$2\""
		sed 's/^/  | /' "$out" | head -80
	fi
}

# lacks NAME TEXT: the last transcript does not contain TEXT.
lacks() {
	if grep -qF -- "$2" "$out"; then
		failed=$((failed + 1))
		echo "not ok - $1: unexpected \"$2\""
	else
		passed=$((passed + 1))
		echo "ok - $1"
	fi
}

# same NAME A B: file A is not empty and B holds the same bytes; a
# difference is shown.
same() {
	if [ -s "$2" ] && cmp -s "$2" "$3"; then
		passed=$((passed + 1))
		echo "ok - $1"
	else
		failed=$((failed + 1))
		echo "not ok - $1"
		diff "$2" "$3" | sed 's/^/  | /' | head -20
	fi
}

# wait_for TEXT SECONDS - polls the transcript until it holds TEXT.
wait_for() {
	i=0
	while [ "$i" -lt $(($2 * 20)) ]; do
		grep -qF -- "$1" "$out" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# Exam, then lesson: on a fresh store the results hold back the verdict and
# answer of items no lesson has had yet (the lesson's credit stays whole).
rm -rf "$XDG_STATE_HOME"
sit a "1 a 2 b" next submit yes
has "results before the lesson: an item's verdict held back" "Item 1 of 4, from Screen test drills: not done in its lesson yet, so its verdict and answer show here once you have done it there"
lacks "results before the lesson: no key shown" "Canberra was chosen"
has "results before the lesson: the rows hold back the verdicts, the plan lists the items to do there" "Screen test drills: 4 held back until you do them in this lesson. To do: do items 1, 2, 3, 4 of this lesson."
has "results before the lesson: by difficulty, the lesson named" "medium: 1 held back until you do it in its lesson. To do: do item 2 of Screen test drills."
lacks "results before the lesson: no item to review (none is scheduled)" "review item"
lacks "results before the lesson: no promise of reviews" "come back in your reviews"
has "results before the lesson: the advice names the paper's lesson, where its items wait" "1. Start with lesson 1, \"Screen test drills\": the paper's items from it show their verdicts once you have done them there."
lacks "results before the lesson: the advice speaks of no mode" "plain mode"
# A candidate sits two papers that differ only in the answer to item 1,
# held back: right (A) in one, wrong (B) in the other.  Beyond the
# headline score, which counts every item, the rows and the advice read
# the same, so neither tells the verdict.
sed -n '/^By lesson/,/^Item 1 of/p' "$out" >"$tmp/rows-right"
rm -rf "$XDG_STATE_HOME"
sit b "1 a 2 b" next submit yes
has "a candidate: the wrong paper scores lower" "Score: 25% (1 of 4 right)"
sed -n '/^By lesson/,/^Item 1 of/p' "$out" >"$tmp/rows-wrong"
same "a candidate: papers differing only in a held-back answer give the same rows and advice" \
	"$tmp/rows-right" "$tmp/rows-wrong"
# The rest play as a learner who has had the lessons (attempt 2 of each):
# the results show every verdict and key.
studied() {
	rm -rf "$XDG_STATE_HOME"
	printf '1\nreset\nyes\nmenu\n2\nreset\nyes\nquit\n' | "$bin" --plain --only-lessons tests/screen/lessons >/dev/null 2>&1
}
studied
sit a "1 a 2 b" next mark list time "go 9" "go 3" zz "go 1" submit no submit yes
has "exam header" "Exam: 4 items, "
has "exam header: time and pass mark" " left of 6:00, pass mark 70%."
has "each item: place, difficulty, task, lesson" "Exam item 1 of 4, hard, choose one. From Screen test drills."
has "time left at each item" "Time: 6:00 left of 6:00. Type your answer"
has "no feedback for an answer" "Kept your answer to item 1."
sed '/^Exam results\.$/q' "$out" >"$tmp/before"
if grep -qE "Correct|Wrong|Canberra was chosen" "$tmp/before"; then
	failed=$((failed + 1))
	echo "not ok - nothing checked or explained before submitting"
else
	passed=$((passed + 1))
	echo "ok - nothing checked or explained before submitting"
fi
has "mark" "Item 4 is marked for later."
has "list" "2 of 4 answered, 1 marked for later."
has "list marks" "Item 4, empty, marked: Which numbers are even? Select all that apply."
has "list names the current item in words" "You are at item 4."
has "time" "Time: "
has "a bad item number" "\"go 9\": give an item number from 1 to 4, e.g. go 3."
has "a bad answer is quoted" "\"zz\" is not"
has "the answer so far is shown" "Your answer so far: A"
has "submit asks first, naming the unanswered" "Submit now? 2 items are unanswered and will count as wrong."
has "no keeps the exam going" "Not submitted: go on answering."
has "score" "Score: 50% (2 of 4 right) - NOT PASSED: the pass mark is 70%."
has "how the score is made" "no partial credit"
has "by lesson" "Screen test drills: 2 of 4 right, 50%."
has "by difficulty" "hard: 1 of 1 right, 100%."
has "results plan: weakest lesson first, items to review" "Screen test drills: 2 of 4 right, 50%. To do: review items 3, 4; reopen this lesson."
has "results plan: by difficulty, weakest first" "By difficulty, weakest first:"
has "results plan: the weakest difficulty, its item and lesson" "medium: 0 of 1 right, 0%. To do: review item 4; reopen Screen test drills."
has "results name what to study next" "What to study next:"
has "what to study next, for a learner new to the lessons" "1. Start with lesson 1, \"Screen test drills\""
has "each item with its verdict" "Correct: item 1 of 4, hard, choose one, from Screen test drills."
has "an unanswered item shows its key" "The answer: blank 1 = len."
has "the explanation" "Canberra was chosen"

"$bin" exam --history >"$out" 2>&1
has "history lists the exam" "   4    50%   70%  not passed"
"$bin" exam --history --plain >"$tmp/history" 2>&1
cp "$tmp/history" "$out"
has "history --plain: a sentence an exam" "UTC: 4 items, 50%, not passed against a pass mark of 70%; time used "
has "history --plain: how to reopen a result, with no column named" "paratutor exam --show N (N is the exam's number); sit its paper again: paratutor exam --retake N."
"$bin" exam --history >"$out" 2>&1
has "history says how to reopen a result" "Reopen a result with its items and answers: paratutor exam --show N (N from the first column); sit its paper again: paratutor exam --retake N."
"$bin" --only-lessons tests/screen/lessons --report >"$out" 2>&1
has "--report lists exams" "exam,started,finished,items,right,score,pass_mark,passed,time_used,time_limit,timed_out,seed"
has "--report's exam row" ",4,2,50.0,70,no,"
"$bin" --only-lessons tests/screen/lessons --report --format json >"$out" 2>&1
has "--report json exam object" "\"record\":	\"exam\""

# Results by concept (the bundled lessons are tagged), and what to study
# next looking first at the concepts missed: the first advice names one of
# the concepts this paper missed.
# (a learner who has had the lesson: attempt 2 of it, so the results and
# the review schedule hold nothing back)
printf '1\nreset\nyes\nquit\n' | "$bin" --plain --only-lessons content --state "$tmp/tags.json" >/dev/null 2>&1
printf '%s\n' submit yes | "$bin" exam --only-lessons content --from dp-vs-mp --count 3 --seed 1 --untimed --state "$tmp/tags.json" \
    >"$out" 2>&1
has "results by concept" "By concept, weakest first:"
has "a concept's items to review" "0 of 3 right, 0%. To do: review items 1, 2, 3; reopen Data parallelism vs model parallelism."
concepts=$(sed -n '/^By concept, weakest first:$/,/^What to study next:$/p' "$out" | sed -n 's/^\(.*[^ ]\): [0-9]* of .*/\1/p')
first=$(sed -n '/^What to study next:$/{n;p;}' "$out" | sed 's/^1\. //; s/: .*//')
if [ -n "$first" ] && printf '%s\n' "$concepts" | grep -qxF -- "$first"; then
	passed=$((passed + 1))
	echo "ok - what to study next names a concept the paper missed ($first)"
else
	failed=$((failed + 1))
	echo "not ok - what to study next names a concept the paper missed: '$first' not in: $concepts"
fi

# The bundled blueprint pmle-scaling, named without a path, draws only
# from the lessons of the PMLE's scaling domain, each its share of 20.
printf '%s\n' submit yes | "$bin" exam --blueprint pmle-scaling --count 20 \
    --seed 3 --untimed --state "$tmp/pmle.json" >"$out" 2>&1
has "pmle-scaling: 30 % from the scaling-prototypes lesson" "Scaling prototypes into ML models: 6 held back until you do them in this lesson"
has "pmle-scaling: 25 % from managed platforms" "Managed platforms: tf.distribute and Vertex AI: 5 held back"
if [ "$(sed -n '/^By lesson/,/^By difficulty/p' "$out" | grep -c " held back ")" = 6 ]; then
	passed=$((passed + 1))
	echo "ok - pmle-scaling: its six lessons and no other"
else
	failed=$((failed + 1))
	echo "not ok - pmle-scaling: its six lessons and no other"
fi

# A blueprint decides each lesson's share (50/30/20 of 10 items), not the
# pool (where the three lessons hold 11, 12 and 13 items).
printf '%s\n' submit yes | "$bin" exam --only-lessons content --blueprint tests/fixtures/blueprint/good.json --count 10 \
    --seed 2 --untimed --state "$tmp/blueprint.json" >"$out" 2>&1
has "blueprint: half the paper from its 50 % lesson" "Data parallelism vs model parallelism: 5 held back"
has "blueprint: 30 %" "Collectives and their communication cost: 3 held back"
has "blueprint: 20 %" "Memory math: ZeRO and FSDP: 2 held back"
if [ "$(sed -n '/^By lesson/,/^By difficulty/p' "$out" | grep -c ' held back ')" = 3 ]; then
	passed=$((passed + 1))
	echo "ok - blueprint: no lesson it leaves out"
else
	failed=$((failed + 1))
	echo "not ok - blueprint: no lesson it leaves out"
fi

# exam --show N reopens a past result as it was shown when submitted, with
# the answers given (here the sitting's own transcript is the reference).
sit a "1 a 2 b" next mark list time "go 9" "go 3" zz "go 1" submit no submit yes
results() {
	sed -n '/^Exam results\.$/,$p' "$out" | grep -v -e '^A past result: ' -e '^It was submitted\.$' \
	    -e '^The exam is submitted\.$' -e 'Past exams: paratutor exam --history\.$'
}
results >"$tmp/sat"
"$bin" exam --show 2 --only-lessons tests/screen/lessons >"$out" 2>&1
echo "$?" >"$tmp/status"
has "--show says it is a past result" "A past result: exam 2 of your history, finished "
has "--show: the score as it was" "Score: 50% (2 of 4 right) - NOT PASSED: the pass mark is 70%."
has "--show: the choice given" "Correct: A) Canberra."
has "--show: the blanks given" "mean = [1: sum](values) / [2: len](values)"
results >"$tmp/shown"
if grep -qx 0 "$tmp/status" && [ -s "$tmp/sat" ] && cmp -s "$tmp/sat" "$tmp/shown"; then
	passed=$((passed + 1))
	echo "ok - --show gives the results as they were shown at the end of the exam"
else
	failed=$((failed + 1))
	echo "not ok - --show gives the results as they were shown at the end of the exam"
	diff "$tmp/sat" "$tmp/shown" | head -20
fi
"$bin" exam --show 3 --only-lessons tests/screen/lessons >"$out" 2>&1
echo "$?" >"$tmp/status"
has "--show of an exam the history lacks is located" \
    "paratutor exam: --show 3: $XDG_STATE_HOME/paratutor/progress.json holds 2 exam results, numbered 1 to 2 as paratutor exam --history lists them"
grep -qx 1 "$tmp/status" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "not ok - --show 3: status 1"; }
"$bin" exam --show first >"$out" 2>&1
has "--show takes a number" "--show takes an exam's number as --history lists it (1, 2, ...), not 'first'"
# A store written before the answers were kept: the result still shows.
sed 's/"answers_kept"/"answers_kept_not"/' "$XDG_STATE_HOME/paratutor/progress.json" >"$tmp/old.json"
"$bin" exam --show 1 --state "$tmp/old.json" --only-lessons tests/screen/lessons >"$out" 2>&1
has "an older result says its answers were not kept" "The answers given were not kept (it was sat with an older paratutor)"
has "an older result: per item" "Correct: item 1 of 4, hard, choose one, from Screen test drills. The answer given was not kept."
has "an older result: the key" "The answer: A) Canberra."
lacks "an older result shows no answer as given" "Correct: A) Canberra."

# The clock is injected (PARATUTOR_TEST_NOW: a time, or a file holding
# one): no test waits for it.
T0=2000000000
echo "$T0" >"$tmp/now"

# The clock: a FIFO keeps the input open while the exam waits; the deadline
# passes before the next line comes.
studied
mkfifo "$tmp/in"
# shellcheck disable=SC2086
PARATUTOR_TEST_NOW="$tmp/now" "$bin" $exam_args --minutes 10 <"$tmp/in" >"$out" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'a\n' >&3
wait_for "Kept your answer to item 1." 30
echo $((T0 + 601)) >"$tmp/now"
printf 'b\n' >&3
if wait_for "Time is up: the exam was submitted by the clock." 30; then
	passed=$((passed + 1))
	echo "ok - the clock submits the exam at zero"
else
	failed=$((failed + 1))
	echo "not ok - the clock submits the exam at zero"
	sed 's/^/  | /' "$out" | head -40
fi
exec 3>&-
wait "$pid"
has "a line after the deadline is refused" "That answer came too late."
has "the results follow" "(1 of 4 right) - NOT PASSED"
has "the time used is the limit" "Time used: 10:00 of 10:00."
"$bin" exam --history >"$out" 2>&1
has "history says the time ran out" "(time ran out)"

# The adversary quits a timed exam to stop its clock: two minutes away
# count, and back after the deadline the exam is submitted as it stood.
studied
rm -rf "$tmp/in"
# shellcheck disable=SC2086
printf '%s\n' a quit | PARATUTOR_TEST_NOW=$T0 "$bin" $exam_args --minutes 10 >"$out" 2>&1
has "quitting says the clock runs on" "The exam is kept (10:00 left of 10:00; its clock runs on while you are away)"
# Closed books: the adversary looks the item up in its lesson, then in the
# statistics; a lesson the exam does not draw from opens.
printf '%s\n' 1 stats 2 quit | PARATUTOR_TEST_NOW=$((T0 + 60)) "$bin" --plain --only-lessons tests/screen/lessons >"$out" 2>&1
has "the exam's lesson is closed, with why and how long" "Closed: your open exam draws on this lesson. Opens on submit, or in 9:00."
has "the statistics are closed" "Closed during an exam (stats show answers). Opens on submit, or in 9:00."
lacks "no exam item is shown" "Which city is the capital of Australia?"
has "another lesson opens" "Lesson: Screen test kinds, 6 items."
printf '%s\n' resume time quit | PARATUTOR_TEST_NOW=$((T0 + 120)) "$bin" exam --only-lessons tests/screen/lessons >"$out" 2>&1
has "two minutes away are gone" "You have an unfinished exam: 4 items, 1 answered, 8:00 left (its clock ran on while you were away)."
has "the time command agrees" "Time: 8:00 left of 10:00."
printf '%s\n' later | PARATUTOR_TEST_NOW=$((T0 + 3600)) "$bin" exam --only-lessons tests/screen/lessons >"$out" 2>&1
has "back after the deadline: submitted" "Time ran out while you were away: your unfinished exam was submitted as it stood at its deadline."
has "as it stood: the one answer kept counts" "Score: 25% (1 of 4 right)"
has "the time used is the limit, not the hour away" "Time used: 10:00 of 10:00."
lacks "no question asked of an expired exam" "Type resume to go on"
"$bin" exam --history >"$out" 2>&1
has "history: left twice, time ran out" "(time ran out, left 2 times)"
# An untimed exam is the practice mode: it says so and its clock stops.
studied
# shellcheck disable=SC2086
printf '%s\n' a quit | PARATUTOR_TEST_NOW=$T0 "$bin" $exam_args --untimed >"$out" 2>&1
has "untimed is practice" "untimed practice, 0:00 used"
printf '%s\n' later | PARATUTOR_TEST_NOW=$((T0 + 9999)) "$bin" exam --only-lessons tests/screen/lessons >"$out" 2>&1
has "an untimed exam's clock stops while away" "untimed practice, 0:00 used."

# kill -9 mid-exam, then resume: the answers and the mark stay; the time
# the tutor was dead counts.
studied
rm -rf "$tmp/in"
mkfifo "$tmp/in"
echo "$T0" >"$tmp/now"
# shellcheck disable=SC2086
PARATUTOR_TEST_NOW="$tmp/now" "$bin" $exam_args --minutes 10 <"$tmp/in" >"$out" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'a\nmark\n' >&3
if wait_for "Item 2 is marked for later." 30; then
	passed=$((passed + 1))
	echo "ok - answered and marked before the kill"
else
	failed=$((failed + 1))
	echo "not ok - answered and marked before the kill"
fi
kill -KILL "$pid"
wait "$pid" 2>/dev/null
exec 3>&-
printf '%s\n' later | PARATUTOR_TEST_NOW=$((T0 + 300)) "$bin" exam --only-lessons tests/screen/lessons >"$out" 2>&1
has "reopening offers the exam" "You have an unfinished exam: 4 items, 1 answered, 5:00 left"
has "leaving it keeps it" "The unfinished exam is kept as it was"
printf '%s\n' resume list submit yes | PARATUTOR_TEST_NOW=$((T0 + 400)) "$bin" exam --only-lessons tests/screen/lessons >"$out" 2>&1
has "resumed at the item left" "Exam item 2 of 4,"
has "the answer and mark survived" "1 of 4 answered, 1 marked for later."
has "the resumed exam is graded" "Score: 25% (1 of 4 right)"
has "the time dead counts" "Time used: 6:40 of 10:00."
"$bin" exam --history >"$out" 2>&1
has "history: interrupted" "6:40  (interrupted 1 time)"
"$bin" exam --history --plain >"$out" 2>&1
has "history --plain: interrupted, in words" "time used 6:40, interrupted 1 time."
printf '%s\n' quit | "$bin" exam --only-lessons tests/screen/lessons --count 2 --seed 3 >"$out" 2>&1
has "a new exam once the last was submitted" "Exam: 2 items"
# The adversary, with that exam left open, reopens a past result for its
# answers: closed, like the statistics.
"$bin" exam --show 1 --only-lessons tests/screen/lessons >"$out" 2>&1
echo "$?" >"$tmp/status"
has "--show is closed while an exam is open" "Closed during an exam (past results show answers). Opens on submit"
lacks "--show shows nothing while an exam is open" "Explanation:"
grep -qx 1 "$tmp/status" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "not ok - closed --show: status 1"; }

# Fresh papers: a second paper repeats no item whose answer the first
# paper's results showed; when the unseen items run short the paper says
# how many it repeats; --allow-repeats draws from everything.
studied
fresh_args="exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 3 --untimed"
# prompts - prints the prompts the last transcript's list showed, sorted.
prompts() {
	sed 's/^> //' "$out" | grep -E '^Item [0-9]+, (empty|answered|partly)' | sed 's/^[^:]*: //' | sort
}
# shellcheck disable=SC2086
printf '%s\n' list submit yes | "$bin" $fresh_args --seed 1 >"$out" 2>&1
prompts >"$tmp/first"
# shellcheck disable=SC2086
printf '%s\n' list submit yes | "$bin" $fresh_args --seed 1 >"$out" 2>&1
prompts >"$tmp/second"
if [ "$(wc -l <"$tmp/first")" = 3 ] && [ "$(wc -l <"$tmp/second")" = 3 ] &&
	[ -z "$(comm -12 "$tmp/first" "$tmp/second")" ]; then
	passed=$((passed + 1))
	echo "ok - a second paper (same seed even) repeats no item the first one's results showed"
else
	failed=$((failed + 1))
	echo "not ok - a second paper repeats no item the first one's results showed"
	sed 's/^/  first | /' "$tmp/first"
	sed 's/^/  second | /' "$tmp/second"
fi
lacks "no note while unseen items suffice" "repeat ones you have seen answered"
# shellcheck disable=SC2086
printf '%s\n' list submit yes | "$bin" $fresh_args --seed 1 >"$out" 2>&1
has "a third paper says how many it repeats" "Note: too few items are left whose answers no earlier result showed, so 3 of the 3 items repeat ones you have seen answered."
# The note comes before the first item, and each repeat says so on it.
note_line=$(grep -n "repeat ones you have seen answered" "$out" | head -1 | cut -d: -f1)
item_line=$(grep -n "^Exam item 1 of 3" "$out" | head -1 | cut -d: -f1)
if [ -n "$note_line" ] && [ -n "$item_line" ] && [ "$note_line" -lt "$item_line" ]; then
	passed=$((passed + 1))
	echo "ok - the repeat note comes before the first item"
else
	failed=$((failed + 1))
	echo "not ok - the repeat note comes before the first item (note line $note_line, item line $item_line)"
fi
has "a repeated item is marked on it" "Exam item 1 of 3, easy, fill in 1 blank. From Screen test kinds. A repeat: an earlier result showed its answer."
# shellcheck disable=SC2086
printf '%s\n' list submit yes | "$bin" $fresh_args --seed 1 --allow-repeats >"$out" 2>&1
lacks "--allow-repeats draws from everything without a note" "repeat ones you have seen answered"
has "--allow-repeats still draws a paper" "Exam: 3 items"

# The command line.
"$bin" exam --count 0 >"$out" 2>&1
echo "$?" >"$tmp/status"
has "--count 0 is refused" "--count takes a number of items from 1 to 1000, not '0'"
has "with status 2" "" && grep -qx 2 "$tmp/status" || { failed=$((failed + 1)); echo "not ok - status 2"; }
studied
"$bin" exam --only-lessons tests/screen/lessons --from nope >"$out" 2>&1
echo "$?" >"$tmp/status"
has "an unknown lesson is named" "no lesson has the id 'nope'"
grep -qx 1 "$tmp/status" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "not ok - status 1"; }
printf 'list\nquit\n' | "$bin" exam --only-lessons tests/screen/lessons --count 20 --from screen-drills screen-kinds >"$out" 2>&1
has "--from takes several ids" "Exam: 10 items"
"$bin" exam --minutes 5 --untimed >"$out" 2>&1
has "--minutes with --untimed" "give either --minutes or --untimed, not both"
"$bin" exam --help >"$out" 2>&1
has "--help" "Usage: paratutor exam [OPTION]..."

# A typed number the item cannot read is said at once, and not kept.
studied
printf '%s\n' "go 2" "sixteen" "16 GB" "16 B" "go 6" help list quit |
	"$bin" exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 6 --seed 1 >"$out" 2>&1
has "exam help promises no check" "an exam checks nothing until you submit it"
for line in "  time           how much time" "  mark           mark this item" "  list           every item" \
    "  go N           show item N" "  next, n        the next item" "  prev, p        the previous item" \
    "  submit         hand the exam in" "  quit, q, menu  leave the exam: it is kept" "  help, ?        this list"; do
	has "exam help lists \"$(echo "$line" | sed 's/^ *//; s/  .*//')\"" "$line"
done
has "not a number" "\"sixteen\" is not a number this item takes (units: B, bytes, bits); type it again"
has "not a unit it takes" "\"16 GB\" is not a number this item takes"
has "a number it reads is kept" "Kept your answer to item 2."
has "the number counts as answered" "1 of 6 answered"
lacks "a number is never judged before submitting" "Wrong"

# The results show what was entered for every kind, wrong answers too.
studied
printf '%s\n' tokenizer 17 a next "1 a 2 b 3 c" submit yes |
	"$bin" exam --no-shuffle --only-lessons tests/screen/lessons --from screen-kinds --count 6 --seed 1 --untimed >"$out" 2>&1
has "select-N: one tick of two is partly, and says so" "Kept, partly: 1 ticked of the 2 asked for; change the ticks, or type next."
has "results: the text typed" "Wrong: your answer tokenizer."
has "results: the number typed" "Wrong: your answer 17."
has "results: the ticks of a multi item short of its count" "Wrong: your answer A. Not as many ticks as the item asks for."
has "results: the pairs matched" "Wrong: prompt 2, One weight matrix is too big for one GPU, given Expert parallelism."

# --seed with --allow-repeats replays its paper, as the help says: the same
# seed after a submitted paper lists the same items in the same order.
# One time format where two times show together: an exam of two hours says
# the time used in hours too ("0:00:00 of 2:00:00", never "0:00 of 2:00:00").
printf '%s\n' submit yes | PARATUTOR_TEST_NOW=$T0 "$bin" exam --no-shuffle --only-lessons tests/screen/lessons \
    --from screen-drills --count 2 --seed 1 --minutes 120 >"$out" 2>&1 # the clock injected: no second passes
has "one time format: the results" "Time used: 0:00:00 of 2:00:00."
has "one time format: the item's clock" "Time: 2:00:00 left of 2:00:00."
"$bin" exam --help >"$out" 2>&1
has "the help says what --seed does" "so --seed S with --allow-repeats replays the same paper; without it,"
has "the help says what --seed does, at the option" "with --allow-repeats the same seed sits the same"
has "the help names --retake beside --seed" "      --retake N        sit the paper of past exam N (as --history numbers"
studied
printf '%s\n' list submit yes | "$bin" exam --only-lessons content --from dp-vs-mp --count 4 --seed 7 --untimed \
    --allow-repeats >"$out" 2>&1
grep '^Item [0-9]' "$out" >"$tmp/paper1"
printf '%s\n' list submit yes | "$bin" exam --only-lessons content --from dp-vs-mp --count 4 --seed 7 --untimed \
    --allow-repeats >"$out" 2>&1
grep '^Item [0-9]' "$out" >"$tmp/paper2"
same "--seed with --allow-repeats replays the same paper after a submitted one" "$tmp/paper1" "$tmp/paper2"

# After a perfect paper the advice says so first (the paper drawn with
# --kinds choice: the drills' one choice item, answered right).
studied
printf '%s\n' a submit yes | "$bin" exam --no-shuffle --only-lessons tests/screen/lessons --from screen-drills \
    --kinds choice --untimed >"$out" 2>&1
has "--kinds choice draws only the choice item" "Score: 100% (1 of 1 right)"
has "after a perfect paper the advice says so" "1. Every item right: nothing to study from this paper;"

# After a perfect paper the advice names no concept: none was missed, and
# one not on the paper is not this paper's to advise on, however due.  The
# store has lesson 1's items due in five concepts (the drills have none).
rm -rf "$XDG_STATE_HOME"
mkdir -p "$XDG_STATE_HOME/paratutor"
cp tests/fixtures/progress/leitner-0.1.0.json "$XDG_STATE_HOME/paratutor/progress.json"
printf '%s\n' a submit yes | PARATUTOR_TEST_NOW=1796570247 "$bin" exam --no-shuffle --only-lessons content \
    --only-lessons tests/screen/lessons --from screen-drills --kinds choice --untimed >"$out" 2>&1
has "a perfect paper beside items due elsewhere says so" "1. Every item right: nothing to study from this paper;"
has "... and counts the items due, as the menu does" "2. 8 items due for review, from your lessons"
sed -n '/^What to study next:$/,/^$/p' "$out" >"$tmp/advice"
if grep -qE '^[0-9]+\. .*: [0-9]+ (items? due for review|of [0-9]+ items mastered)' "$tmp/advice"; then
	failed=$((failed + 1))
	echo "not ok - after a perfect paper the advice names no concept not on the paper"
	sed 's/^/  | /' "$tmp/advice"
else
	passed=$((passed + 1))
	echo "ok - after a perfect paper the advice names no concept not on the paper"
fi

# Closed books on the command line: while this user's exam is open, stats
# --me, --report and export refuse with one line (the tutor closes its own
# statistics too); once it is submitted they run again.
studied
sit quit
closed() {
	name=$1
	shift
	"$bin" "$@" >"$out" 2>&1
	status=$?
	has "$name refuses while the exam is open" "paratutor: $name is closed while your exam is open; submit it first (paratutor exam), then try again"
	is_lines=$(wc -l <"$out")
	if [ "$status" -ne 0 ] && [ "$is_lines" -eq 1 ]; then
		passed=$((passed + 1))
		echo "ok - $name: one line, a failing status"
	else
		failed=$((failed + 1))
		echo "not ok - $name: status $status, $is_lines lines"
	fi
}
closed "stats --me" stats --me --only-lessons tests/screen/lessons
closed "--report" --only-lessons tests/screen/lessons --report
closed "export" export --to gift tests/screen/lessons/screen-drills.json
sit submit yes
"$bin" stats --me --only-lessons tests/screen/lessons >"$out" 2>&1
lacks "stats --me runs again once the exam is submitted" "is closed while your exam is open"

# exam --retake N sits paper N of the history again: the same items in a new
# order (seed 5 of a retake: len, the mean, Canberra, even numbers), with a
# note before the first item; the first sitting's score stays.
studied
sit a "1 a 2 b" next submit yes
"$bin" exam --history >"$out" 2>&1
has "retake: the first sitting in the history" "   4    50%   70%  not passed"
grep '^  1 ' "$out" >"$tmp/row1"
printf '%s\n' list quit | "$bin" exam --only-lessons tests/screen/lessons --retake 1 --seed 5 >"$out" 2>&1
has "retake: announced before the first item" "A retake of exam 1: the same 4 items in a new order; exam 1's score stays as it was."
sed -n '1,/^Exam item 1 of/p' "$out" >"$tmp/head"
if grep -q "A retake of exam 1" "$tmp/head"; then
	passed=$((passed + 1))
	echo "ok - retake: the note comes before item 1"
else
	failed=$((failed + 1))
	echo "not ok - retake: the note comes before item 1"
fi
has "retake: a new order" "Item 1, empty: Complete the call so it returns the number of items."
has "retake: the same items" "Item 3, empty: Which city is the capital of Australia?"
has "retake: the paper's own time limit" "Exam: 4 items, 6:00 left of 6:00, pass mark 70%."
# Adversary: while the retake is open, the first sitting's result (with its
# keys) stays closed, and no second retake starts beside it.
"$bin" exam --only-lessons tests/screen/lessons --show 1 >"$out" 2>&1
lacks "adversary: no key of the retake's paper while it is open" "Canberra was chosen"
lacks "adversary: the first result stays closed while the retake is open" "Exam results."
"$bin" exam --only-lessons tests/screen/lessons --retake 1 >"$out" 2>&1
has "retake: refused while an exam is open, saying what to do" "paratutor exam: an exam is still open: run paratutor exam to go on with it or submit it, then retake"
printf '%s\n' resume "go 1" "1 a" "go 2" "1 a 2 b" "go 3" a "go 4" "a b" submit yes | "$bin" exam --only-lessons tests/screen/lessons \
    >"$out" 2>&1
sed '/^Exam results\.$/q' "$out" >"$tmp/before"
if grep -qE "Correct|Wrong|Canberra was chosen" "$tmp/before"; then
	failed=$((failed + 1))
	echo "not ok - adversary: no verdict or key in a retake before it is submitted"
else
	passed=$((passed + 1))
	echo "ok - adversary: no verdict or key in a retake before it is submitted"
fi
has "retake: all right this time" "Score: 100% (4 of 4 right) - PASSED"
has "retake: the results say it is a retake" "A retake of exam 1 of your history: the same items in a new order; exam 1's score stays as it was."
# Adversary: a perfect retake leaves the first sitting's score as it was.
"$bin" exam --history >"$out" 2>&1
grep '^  1 ' "$out" >"$tmp/row1b"
same "adversary: a retake does not raise the first sitting's recorded score" "$tmp/row1" "$tmp/row1b"
has "retake: the history keeps the retake as exam 2" "4   100%   70%  passed"
has "retake: the history says which paper it sat again" ", a retake of exam 1)"
"$bin" stats --me --plain --only-lessons tests/screen/lessons >"$out" 2>&1
has "retake: the statistics' exam history says so" "100%, passed; the pass mark was 70%. A retake of exam 1."
"$bin" stats --me --only-lessons tests/screen/lessons >"$out" 2>&1
has "retake: the statistics' exam chart says so" "passed (pass mark 70%), a retake of exam 1"
"$bin" exam --show 1 --only-lessons tests/screen/lessons >"$out" 2>&1
has "retake: --show 1 still shows the first sitting's score" "Score: 50% (2 of 4 right)"
"$bin" exam --only-lessons tests/screen/lessons --retake 3 >"$out" 2>&1
has "retake: out of range, numbered as --history lists them" "paratutor exam: --retake 3: there are 2 exams, numbered 1 to 2 as paratutor exam --history lists them"
"$bin" exam --only-lessons tests/screen/lessons --retake 1 --count 3 >"$out" 2>&1
has "retake: an option that draws a paper is refused" "paratutor exam: give either --retake or --count, not both"
# A lesson changed since: refused, naming it.
mkdir -p "$tmp/changed"
sed 's/"Sydney"/"Sydney, NSW"/' tests/screen/lessons/screen-drills.json >"$tmp/changed/screen-drills.json"
"$bin" exam --only-lessons "$tmp/changed" --retake 1 >"$out" 2>&1
has "retake: a paper whose lesson changed is refused, naming it" "paratutor exam: --retake 1: exam 1 cannot be sat again: 1 of its items changed or left the lessons since (the lesson \"Screen test drills\" changed); paratutor exam draws a new paper"
lines=$(wc -l <"$out")
[ "$lines" -eq 1 ] && passed=$((passed + 1)) && echo "ok - retake: the refusal is one line" ||
	{ failed=$((failed + 1)); echo "not ok - retake: the refusal is one line ($lines)"; }

# Adversary: a course exam's paper is not sat again on one's own machine (a
# course decides its attempts: 'exam NAME' over ssh, while it allows another).
studied
printf '%s\n' submit yes | "$bin" exam --only-lessons tests/screen/lessons --count 2 --seed 1 --untimed >/dev/null 2>&1
sed 's/"id":[[:space:]]*"/&mid\//' "$XDG_STATE_HOME/paratutor/progress.json" >"$tmp/course.json"
"$bin" exam --only-lessons tests/screen/lessons --state "$tmp/course.json" --retake 1 >"$out" 2>&1
has "adversary: a course exam's paper is not retaken outside the course" "paratutor exam: --retake 1: exam 1 was the course exam mid, whose attempts the course decides: connect to the course and run 'exam mid' if it allows another"

# Plain exam text wraps at the terminal's width, as the plain tutor's does.
printf 'quit\n' | COLUMNS=80 "$bin" exam --plain --only-lessons content --state "$tmp/wrap.json" --seed 3 >"$out" 2>&1
widest=$(grep -v 'https\?://' "$out" | LC_ALL=C.UTF-8 wc -L) # display columns
if [ "$widest" -le 80 ] && [ "$(wc -l <"$out")" -gt 3 ]; then
	passed=$((passed + 1)); echo "ok - plain exam text wraps at 80 columns"
else
	failed=$((failed + 1)); echo "not ok - plain exam text wraps at 80 columns (a line of $widest)"
fi
# Options the command cannot honour are never dropped silently.
ex="$tmp/ex.json"
printf 'quit\n' | "$bin" exam --plain --only-lessons tests/screen/lessons --state "$ex" --count 900 >"$out" 2>&1
has "--count beyond what the lessons hold says so" "Note: only "
has "... with the paper's size and the count asked" ", not 900."
printf 'quit\n' | "$bin" exam --plain --only-lessons tests/screen/lessons --state "$ex" --kinds choice >"$out" 2>&1
has "with an exam open, new drawing options are named as waiting" \
	"Note: an exam is open, so it goes on as it was drawn; the options that draw a paper (here --kinds) wait for your next exam."
"$bin" exam --seed -1 >"$out" 2>&1
has "--seed -1 says which numbers it takes" "--seed takes a whole number from 0 to 18446744073709551615, not '-1'"

# An explore item in a plain exam: set turns a knob (the figure shown again)
# and keeps the setting as the answer, show shows it, check keeps it and goes
# on; the item's text and help say so in an exam's words (no check per item).
# Fixture order (--no-shuffle): the sharding item, then the micro-batches one.
rm -rf "$XDG_STATE_HOME"
printf '%s\n' help "set sharding zero-1" show check "set microbatches 40" "set microbatches 27" again submit yes |
	"$bin" exam --no-shuffle --only-lessons tests/fixtures/good/explore --from explore --count 2 --seed 1 --untimed \
	>"$out" 2>&1
lacks "explore in an exam: set is no answer refused" "is not a number this item takes"
has "explore in an exam: the item says what to type there" "Turn a knob with set NAME VALUE: the setting is kept as your answer; type check or next to go on."
has "explore in an exam: help says set keeps the setting" "  check          keep this setting as your answer and go on to the next item"
has "explore in an exam: set shows the figure again" "Knobs: sharding (sharding) is zero-1, from ddp to zero-3."
has "explore in an exam: check keeps the setting and goes on" "Kept your answer to item 1."
has "explore in an exam: a second set replaces the first" "Your setting so far: micro-batches 27"
has "explore in an exam: the settings kept are graded at submit" "Score: 100% (2 of 2 right)"
lacks "explore in an exam: no lesson's check promised" "then type check."

echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]

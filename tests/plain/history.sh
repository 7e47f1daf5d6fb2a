#!/bin/sh
# history.sh BINARY - a new attempt at a lesson starts its scoring over and
# keeps the learner's history: lesson 1 finished in plain mode (one retry on
# item 1), then reset; stats --me and next must say the same of the
# learner's past before and after.
set -u
bin=$1
passed=0
failed=0
XDG_STATE_HOME=$(mktemp -d)
export XDG_STATE_HOME
XDG_CACHE_HOME=$XDG_STATE_HOME/cache
export XDG_CACHE_HOME
COLUMNS=1000
export COLUMNS
lesson=content/01-dp-vs-mp.json
out=$XDG_STATE_HOME/out
trap 'rm -rf "$XDG_STATE_HOME"' EXIT
mkdir -p "$XDG_STATE_HOME/paratutor"
printf '{ "format": 1, "lessons": {} }\n' >"$XDG_STATE_HOME/paratutor/progress.json"

tutor() {
	printf '%s\n' "$@" | "$bin" --plain --no-shuffle --only-lessons "$lesson" >"$out" 2>&1
}

# line FILE TEXT: the first line of FILE holding TEXT, or "(none)".
line() {
	l=$(grep -F -- "$2" "$1" | head -n 1)
	printf '%s\n' "${l:-(none)}"
}

# same NAME TEXT: the line holding TEXT reads the same before and after.
same() {
	b=$(line "$XDG_STATE_HOME/before" "$2")
	a=$(line "$XDG_STATE_HOME/after" "$2")
	if [ "$b" != "(none)" ] && [ "$b" = "$a" ]; then
		passed=$((passed + 1))
		echo "ok - $1"
	else
		failed=$((failed + 1))
		echo "not ok - $1: before \"$b\", after \"$a\""
	fi
}

# has NAME FILE TEXT / lacks NAME FILE TEXT
has() {
	if grep -qF -- "$3" "$2"; then
		passed=$((passed + 1))
		echo "ok - $1"
	else
		failed=$((failed + 1))
		echo "not ok - $1: missing \"$3\""
		sed 's/^/  | /' "$2" | head -40
	fi
}
lacks() {
	if grep -qF -- "$3" "$2"; then
		failed=$((failed + 1))
		echo "not ok - $1: unexpected \"$3\""
	else
		passed=$((passed + 1))
		echo "ok - $1"
	fi
}

# Lesson 1: item 1 wrong (batch) then right (split), every other item
# right first time.
tutor 1 A B D A '1 a 2 c' '1 a 2 c 3 c' A D B E C 'B D E' quit
has "lesson 1 finished with one retry" "$out" "Score: 98/100. Right first time: 10."
"$bin" stats --me --only-lessons "$lesson" >"$XDG_STATE_HOME/before" 2>&1
"$bin" next --only-lessons "$lesson" >"$XDG_STATE_HOME/next-before" 2>&1
has "before: a 1-day streak" "$XDG_STATE_HOME/before" "Days practised in a row: 1, today included."
has "before: 11 first answers, 10 right first time" "$XDG_STATE_HOME/before" \
	"11 first answers on 1 day, 10 right first time (91%)"

tutor 1 reset yes quit
has "the reset says nothing is lost" "$out" "which stays 98 (attempt 1's): nothing is lost."
has "the reset starts attempt 2" "$out" "Attempt 2 starts"
"$bin" stats --me --only-lessons "$lesson" >"$XDG_STATE_HOME/after" 2>&1
"$bin" next --only-lessons "$lesson" >"$XDG_STATE_HOME/next-after" 2>&1

same "after a reset: the streak stays" "Days practised in a row:"
same "after a reset: the first answers and right first time stay" "first answers on"
same "after a reset: today's first answers stay" "    today "
same "after a reset: the reviews to come stay" "reviews in the next 14 days."
same "after a reset: the mistakes stay" "batch groups consecutive elements"
same "after a reset: the concept's mastery stays" "of 11 mastered, 1 due, recall"
has "after a reset: the lesson score stays 98" "$XDG_STATE_HOME/after" "0 of 11 mastered, 0 done, score 98"
same "after a reset: a concept of lesson 1 still reads as answered" "of 5 mastered, 0 due, recall"
lacks "after a reset: stats never says nothing was answered" "$XDG_STATE_HOME/after" "No first answers"
lacks "after a reset: stats never says nothing comes back" "$XDG_STATE_HOME/after" "Nothing comes back for review"
has "after a reset: next says to carry on with attempt 2, keeping the score" "$XDG_STATE_HOME/next-after" \
	'Carry on with attempt 2 of lesson 1, "Data parallelism vs model parallelism": 0 of 11 items done (the lesson score stays 98).'
lacks "after a reset: next never says to start with lesson 1" "$XDG_STATE_HOME/next-after" "Start with lesson 1"

# Item 1 was wrong then right: it is due because it was not right first
# time, and the reason must say so (its last check was right).
has "next gives the true reason item 1 is due" "$XDG_STATE_HOME/next-before" \
	"data parallelism: 1 item due for review, not right first time when last answered"
lacks "next never says the right last check was a miss" "$XDG_STATE_HOME/next-before" "missed at the last check"
"$bin" next --plain --only-lessons "$lesson" </dev/null >"$out" 2>&1
has "next --plain gives the same reason" "$out" "1 item due for review, not right first time when last answered"

# Attempt 2 answered: its first answers join the history, the review state
# moves on from the kept one, and attempt 2 scores beside attempt 1's 98.
tutor 1 B D A '1 a 2 c' '1 a 2 c 3 c' A D B E C 'B D E' quit
has "attempt 2 scores in full beside the lesson score" "$out" "Score: 98/100 (attempt 1's) - attempt 2: 100/100"
"$bin" stats --me --only-lessons "$lesson" >"$out" 2>&1
has "attempt 2's first answers are counted beside attempt 1's" "$out" \
	"22 first answers on 1 day, 21 right first time (95%)"
has "the mistakes still stay" "$out" "batch groups consecutive elements"

echo "history: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

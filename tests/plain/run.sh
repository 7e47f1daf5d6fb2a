#!/bin/sh
# run.sh BINARY - the plain line mode, driven by scripted answers on a pipe.
set -u
bin=$1
passed=0
failed=0
out=$(mktemp)
XDG_STATE_HOME=$(mktemp -d)
export XDG_STATE_HOME
trap 'rm -rf "$out" "$XDG_STATE_HOME"' EXIT

# resume SCRIPT: feeds the lines of SCRIPT to the tutor on the good
# fixture, keeping the progress store of earlier runs.
resume() {
	printf '%s\n' "$@" | "$bin" --no-shuffle --lessons tests/fixtures/good/minimal.json >"$out" 2>&1
}

# play SCRIPT: the same with a fresh progress store.
play() {
	rm -rf "$XDG_STATE_HOME/paratutor"
	resume "$@"
}

# has NAME TEXT: the last transcript contains TEXT as a fixed string.
has() {
	if grep -qF -- "$2" "$out"; then
		passed=$((passed + 1))
		echo "ok - $1"
	else
		failed=$((failed + 1))
		echo "not ok - $1: missing \"$2\""
		sed 's/^/  | /' "$out" | head -60
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

play 1 "1 a 2 b" hint hint hint "1 b 2 d" a c "a b" "a c" quit
has "a pipe selects plain mode" "paratutor, plain mode."
has "the menu lists the lesson" "1) Fixture: one of each kind (fixture-minimal, 3 items)"
has "fill code shows numbered blanks" "parts = data.[1](n)"
has "options are labelled" "B) split"
has "attempt budget shown" "Attempts: 3 left."
has "wrong blank with its feedback" "Blank 1: batch - Wrong. batch groups elements."
has "second wrong blank with its own feedback" "Blank 2: split - Wrong. already split."
has "attempt spent" "Not yet. Attempts: 2 left."
has "common mistakes after a failed check" "Common mistake: Using batch instead of dividing."
has "hints in order" "Hint 1/2: Which call divides?"
has "second hint" "Hint 2/2: Then reduce."
has "no third hint" "No more hints."
has "right answer" "Blank 1: split - Correct."
has "solution steps after solving" "Step 2: Reduce."
has "note after answering" "Note: Changed from the source."
has "choice feedback" "A) Alpha - Wrong. Not alpha."
has "out of attempts reveals the answer" "Out of attempts. The answer: B) Beta;"
has "multi wrong pick" "B) Three - Wrong. Three is odd."
has "multi missed option" "C) Four - Missed. Four is even."
has "summary at the end" "Score: 43/100. Right first time: 0. With hints: 0. After retries: 2. Failed: 1."
lacks "no escape sequences" "$(printf '\033')"

play 1 "9 z" "1" "1 b" help next prev quit
has "a bad pair says what is valid" "\"9 z\" is not a blank and an option: blanks 1 to 2, options A to D."
has "an odd word count asks for pairs" "Give pairs of blank number and option letter, e.g. 1 b."
has "partial answers list the empty blanks" "Blanks still empty: 2. Fill them to check."
has "help lists the answer syntax" "put option B into blank 1"
has "prev goes back" "item 1 of 3"

play nosuch 1 quit
has "an unknown lesson is named" "No lesson \"nosuch\"."

printf '1\n' | "$bin" --no-shuffle --lessons tests/fixtures/good/minimal.json fixture-minimal >"$out" 2>&1
status=$?
has "a lesson id opens that lesson" "item 1 of 3"
if [ "$status" -eq 0 ]; then passed=$((passed + 1)); echo "ok - end of input exits 0"
else failed=$((failed + 1)); echo "not ok - end of input exits 0 (got $status)"; fi

# Progress: a fresh store, then quit mid-lesson and come back.
play 1 "1 b 2 d" quit
resume 1 quit
has "resume opens the first unfinished item" "item 2 of 3"
resume quit
has "the menu shows progress" "(fixture-minimal, 3 items; 1/3 done, score 33)"
resume 1 a a "a b" "a c" quit
resume quit
has "missed items are due for review" "Review: 2 items due; type review."
resume review c b quit
has "review lists what is due" "2 items due for review."
has "review asks the due item" "Which one?"
resume 1 reset no quit
has "reset asks first" "Forget every answer you gave in this lesson? Type yes to confirm:"
has "reset can be declined" "Kept your answers."
resume 1 reset yes quit
has "reset after yes starts afresh" "Done: the lesson starts afresh."
resume quit
lacks "after a reset the menu shows no progress" "done, score"
"$bin" --lessons tests/fixtures/good/minimal.json --report >"$out" 2>&1
has "the report still runs after a reset" "lesson,item,outcome"
printf 'not json' >"$XDG_STATE_HOME/paratutor/progress.json"
resume quit
has "a corrupt store is moved aside and reported" "progress.json.corrupt-"
ls "$XDG_STATE_HOME/paratutor/" | grep -q 'progress.json.corrupt-'
if [ $? -eq 0 ]; then passed=$((passed + 1)); echo "ok - the corrupt file is kept"
else failed=$((failed + 1)); echo "not ok - the corrupt file is kept"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

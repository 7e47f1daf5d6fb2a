#!/bin/sh
# run.sh BINARY - the plain line mode, driven by scripted answers on a pipe.
set -u
bin=$1
passed=0
failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# play SCRIPT: feeds the lines of SCRIPT to the tutor on the good fixture.
play() {
	printf '%s\n' "$@" | "$bin" --lessons tests/fixtures/good >"$out" 2>&1
	echo $? >>"$out.status"
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

printf '1\n' | "$bin" --lessons tests/fixtures/good fixture-minimal >"$out" 2>&1
status=$?
has "a lesson id opens that lesson" "item 1 of 3"
if [ "$status" -eq 0 ]; then passed=$((passed + 1)); echo "ok - end of input exits 0"
else failed=$((failed + 1)); echo "not ok - end of input exits 0 (got $status)"; fi

rm -f "$out.status"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/sh
# run.sh BINARY - the plain line mode, driven by scripted answers on a pipe.
set -u
bin=$1
passed=0
failed=0
out=$(mktemp)
XDG_STATE_HOME=$(mktemp -d)
export XDG_STATE_HOME
XDG_CACHE_HOME=$XDG_STATE_HOME/cache # the lesson index, kept out of the home directory
export XDG_CACHE_HOME
COLUMNS=1000 # plain mode wraps to COLUMNS: most checks read whole lines (the wrap has its own)
export COLUMNS
trap 'rm -rf "$out" "$XDG_STATE_HOME"' EXIT

# resume SCRIPT: feeds the lines of SCRIPT to the tutor on the good
# fixture, keeping the progress store of earlier runs.
resume() {
	printf '%s\n' "$@" | "$bin" --no-shuffle --only-lessons tests/fixtures/good/minimal.json >"$out" 2>&1
}

# play SCRIPT: the same with a fresh, empty progress store (so not a
# first run, which would print the introduction).
play() {
	rm -rf "$XDG_STATE_HOME/paratutor"
	mkdir -p "$XDG_STATE_HOME/paratutor"
	printf '{ "format": 1, "lessons": {} }\n' >"$XDG_STATE_HOME/paratutor/progress.json"
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

# count TEXT: prints how many lines of the last transcript contain TEXT.
count() {
	grep -cF -- "$1" "$out"
}

# is NAME GOT WANT: GOT equals WANT.
is() {
	if [ "$2" = "$3" ]; then
		passed=$((passed + 1))
		echo "ok - $1"
	else
		failed=$((failed + 1))
		echo "not ok - $1: got \"$2\", expected \"$3\""
	fi
}

# The first run (no store yet) opens with the introduction; later runs do
# not, and "guide" shows it again.
rm -rf "$XDG_STATE_HOME/paratutor"
resume quit
lacks "first run: the introduction is not printed whole" "How paratutor works"
has "first run: how plain mode takes answers" "a blank's number and an option (1 b 2 c)"
has "first run: intro reads the rest" "Type intro to read how marks, scores and reviews work."
play quit
lacks "a later run: no introduction" "Type intro to read"
play intro quit
has "intro: the introduction" "How paratutor works"
has "intro: all eight kinds are named" "steps to put in order"
has "intro: the eighth kind, a figure with knobs" "whose knobs"
has "intro: the score rule" "Practice (a second go at items from the summary) and reviews are named as such"
has "intro: the score rule links the whole model" "docs/scoring.md"
play guide quit
has "guide is intro" "How paratutor works"

play 1 "1 a 2 b" hint hint hint "1 b 2 d" a c "a b" "a c" quit
has "a pipe selects plain mode" "paratutor, plain mode."
has "the menu lists the lesson" "1) Fixture: one of each kind, 3 items."
has "fill code shows numbered blanks" "parts = data.[1](n)"
has "options are labelled" "B) split"
has "attempt budget shown" "3 attempts left."
has "wrong blank with its feedback" "Wrong: blank 1, batch. batch groups elements."
has "second wrong blank with its own feedback" "Wrong: blank 2, split. already split."
has "attempt spent" "Not yet. 2 attempts left."
has "common mistakes after a failed check" "Common mistake: Using batch instead of dividing."
has "hints in order" "Hint 1 of 2: Which call divides?"
has "second hint" "Hint 2 of 2: Then reduce."
has "no third hint" "No more hints."
has "right answer" "Correct: blank 1, split."
has "solution steps after solving" "Step 2: Reduce."
has "note after answering" "Note: Changed from the source."
has "choice feedback" "Wrong: A) Alpha. Not alpha."
has "out of attempts reveals the answer" "Out of attempts. The answer: B) Beta."
has "multi wrong pick" "Wrong: B) Three. Three is odd."
lacks "multi: right ticks are never counted" "correctly ticked"
lacks "multi: right ticks are never counted, in words either" "ticks is right"
lacks "multi: no Missed mark while the item is open" "Missed"
has "summary at the end" "Score: 43/100. Right first time: 0. With hints: 0. After retries: 2. Failed: 1."
# An option that ends with its own full stop gets no second one.
sed 's/"Alpha"/"Alpha."/' tests/fixtures/good/minimal.json >"$XDG_STATE_HOME/stop.json"
play quit # a fresh store
printf '%s\n' 1 "1 b 2 d" a quit | "$bin" --no-shuffle --only-lessons "$XDG_STATE_HOME/stop.json" >"$out" 2>&1
has "an option's own full stop ends its line" "Wrong: A) Alpha. Not alpha."
lacks "no doubled full stop" "Alpha.."
play 1 "1 b 2 d" b a quit
has "multi: only right ticks, too few, still says what to do" "Not yet: change your ticks, then answer again. 2 attempts left."
lacks "multi: too few ticks are never counted" "not ticked"
lacks "no escape sequences" "$(printf '\033')"

play 1 "9 z" "1" "1 b" help next prev quit
has "a bad pair says what is valid" "\"9 z\" is not a blank and an option: blanks 1 to 2, options A to D."
has "an odd word count asks for pairs" "\"1\" is not a blank and an option: give pairs of blank number and option letter, e.g. 1 b."
has "partial answers list the empty blanks" "1 blank still empty: 2. Fill them to check."
has "help lists the answer syntax" "put option B into blank 1"
has "prev goes back" "Item 1 of 3"

# help is generated from each prompt's command table: every command and
# every short form it takes is listed, and each listed short form works.
play help 1 help quit
for line in "  review         answer the items due" "  stats          your statistics" \
    "  list, menu     show the lessons again" "  intro, guide   how paratutor works" \
    "  quit, q        leave paratutor (your progress is already saved)" \
    "  menu, q        back to the lesson menu (your answers are kept)" "  help, ?        this list" \
    "  hint, h        show the next hint" "  next, n        the next item" "  prev, p        the previous item" \
    "  reset          start the next attempt" "  again          show this item again" \
    "  go N           open item N" "  explain        a finished item's answer" "  summary        this lesson's summary" \
    "  exam           sit an exam"; do
	has "help lists \"$(echo "$line" | sed 's/^ *//; s/  .*//')\"" "$line"
done
play 1 h n p q
has "h is hint" "Hint 1 of 2: Which call divides?"
has "n is next, p is prev" "Item 2 of 3"
lacks "q leaves the item without a summary of an unknown command" "not a blank and an option"
# q means what it means on the full screen, where the same row of the item
# screen's table binds it (tests/screen/run.sh test_help_lists_keys): back to
# the lesson list from an item, out of paratutor from the list.
has "q on an item goes back to the lesson list, as on the full screen" "Back at the lesson list: type a lesson number"
play 1 q q
has "q at the lesson list leaves, as on the full screen" "Your progress is saved"
lacks "q is never an answer" "Not counted"
has "q on an item goes back to the lesson list, as on the full screen" "Back at the lesson list"

# exam from the lesson list, as the full screen's menu offers it: asks
# first, then the exam with its own prompt and commands, then the results
# and back at the lesson list.
play exam no exam yes again submit yes quit
has "exam at the lesson list asks first" "Type yes to start it (its clock starts), anything else to go back."
has "exam: no starts nothing" "No exam started."
has "exam: the first item" "Exam item 1 of 3,"
has "exam: again restates it with the time" "Time: 4:30 left of 4:30."
has "exam: submitted from the lesson list" "Exam results."
has "exam: back at the lesson list after the results" "Back at the lesson list"
play exam yes quit exam quit
has "exam: an unfinished one is taken up again" "Taking up your unfinished exam."

play nosuch 1 quit
has "an unknown lesson is named" "No lesson \"nosuch\": type a lesson number from 1 to 1 or its id"

printf '1\n' | "$bin" --no-shuffle --only-lessons tests/fixtures/good/minimal.json fixture-minimal >"$out" 2>&1
status=$?
has "a lesson id opens that lesson" "Item 1 of 3"
if [ "$status" -eq 0 ]; then passed=$((passed + 1)); echo "ok - end of input exits 0"
else failed=$((failed + 1)); echo "not ok - end of input exits 0 (got $status)"; fi

# Nothing gives an answer away: a hint shows only its own text; the common
# mistakes (which rule distractors out) wait for a wrong check.
play 1 hint hint quit
has "a hint shows its own text" "Hint 1 of 2: Which call divides?"
lacks "no Common mistake text before a wrong check" "Common mistake"
play 1 hint "1 a 2 b" quit
has "common mistakes after the first wrong check, hints or not" "Common mistake: Using batch instead of dividing."

# The score model (docs/scoring.md): an answer checked again costs
# nothing; an item's score is printed when it ends; a right answer goes on
# to the next unfinished item.
play 1 "1 a 2 b" "1 a 2 b" "1 a 2 b" "1 b 2 d" quit
has "an unchanged answer checked again is not checked" "You checked this answer already: change it first. That cost nothing."
is "an unchanged answer costs no attempt" "$(count 'Not yet. 2 attempts left.')" 1
lacks "an unchanged answer costs no attempt: never 1 left" "Attempts: 1 left."
has "the item's score when it ends" "Correct! right after 2 checks, score 75."
play 1 next b prev prev "1 b 2 d" quit
has "a right answer prints its score" "Correct! right first time, score 100."
is "a right answer goes on to the next unfinished item, never a finished one" "$(count 'Item 2 of 3')" 2
is "the unfinished item comes after each right answer" "$(count 'Item 3 of 3')" 2
play 1 next a c quit
has "out of attempts prints the score" "Result: out of attempts, score 0."
play 1 "1 a 2 b" "1 b 2 d" b "a c" practice "1 b 2 d" quit
has "the summary offers practice, saying the lesson score stays" "Type practice to answer again the 1 item not right first time (practice; the lesson score stays)"
has "practice is named as such and lowers nothing" "Correct! practice: right on the first check, 100 (practice; the lesson score stays)."
has "the summary keeps the first pass, practice beside it" "Score: 92/100."
has "the summary says how its score is made" "How the score is made: the mean of the items' first passes, an unfinished item counting 0. An item right on its first check without a hint scores 100; each wrong check costs 25 and each hint 10, but a solved item scores at least 10; an item out of attempts scores 0"
has "practice is shown beside the lesson score" "Practice: 1 item practised or reviewed, mean 100/100 (practice; the lesson score stays)"
# summary on a finished lesson offers practice too, and a practice item
# says it is one in its header.
play 1 "1 a 2 b" "1 b 2 d" b "a c" "" 1 summary practice "1 b 2 d" quit
# (offered at the lesson's end, at summary, and at the end of the practice)
is "summary on a finished lesson offers practice" "$(count 'Type practice to answer again the 1 item not right first time')" 3
lacks "practice after summary is never taken as an answer" "This item is finished"
has "a practice item's header says practice" "Item 1 of 3, practice, "
# The offer's prompt answers help and a word it does not know, and asks
# again, instead of leaving for the lesson list without a word.
play 1 "1 a 2 b" "1 b 2 d" b "a c" help bogus practice "1 b 2 d" quit
has "help at the summary's offer lists its commands" "  practice, retry, r"
has "an unknown word at the offer is said, and what to type" "\"bogus\" is not a command here: type practice, reset, press Enter for the lesson list, or type help."
has "after them, practice still starts" "Item 1 of 3, practice, "
play 1 "1 a 2 b" "1 b 2 d" b "a c" reset yes quit
has "reset at the summary's offer asks, then starts attempt 2, as x on the summary screen" "Attempt 2 starts: every item is open again."
# One lesson-number rule in both modes: the number, then Enter.  Plain mode
# reads a line, so 2 opens lesson 2 and 20 lesson 20 (the full screen's
# test_lesson_number types the same).
play quit
printf '%s\n' 2 q 20 q 3 q quit | "$bin" --no-shuffle --only-lessons content >"$out" 2>&1
has "2 then Enter opens lesson 2" "Lesson: Scaling prototypes into ML models"
has "20 then Enter opens lesson 20" "Lesson: Asynchronous checkpoints"
has "3 then Enter opens lesson 3" "Lesson: The two kinds of parallelism"
# q at the summary's offer goes back to the lesson list, as q on the summary
# screen does (its row gives plain mode the words): it never leaves.
play 1 "1 a 2 b" "1 b 2 d" b "a c" q list quit
has "q after the summary goes back to the lesson list" "Back at the lesson list: type a lesson number"
is "q after the summary leaves nothing: list still answers" "$(count '1) Fixture: one of each kind')" 2
# One lesson score everywhere, from the same store: the summary above, the
# menu, stats --me, --report (each item's share), class and xAPI.
store="$XDG_STATE_HOME/paratutor/progress.json"
resume quit
has "one lesson score: the menu" "1) Fixture: one of each kind, 3 items; 3 done, score 92."
"$bin" stats --me --only-lessons tests/fixtures/good/minimal.json >"$out" 2>&1
has "one lesson score: stats --me" "3 done, score 92"
"$bin" --only-lessons tests/fixtures/good/minimal.json --report >"$out" 2>&1
is "one lesson score: --report's item shares" \
    "$(awk -F, '$1 == "fixture-minimal" { t += $NF; n++ } END { print int(t / 3 + 0.5) }' "$out")" 92
"$bin" class --gradebook "$XDG_STATE_HOME/gradebook.csv" --only-lessons tests/fixtures/good/minimal.json "$store" \
    >"$out" 2>&1
has "one lesson score: class" "mean 92.0, median 92.0"
cp "$XDG_STATE_HOME/gradebook.csv" "$out"
has "one lesson score: the gradebook" "paratutor,,,paratutor,,92"
"$bin" --only-lessons tests/fixtures/good/minimal.json --report --format xapi --actor mailto:a@example.org \
    >"$out" 2>&1
has "one lesson score: xAPI" '"scaled":	0.92'


# Progress: a fresh store, then quit mid-lesson and come back.
play 1 "1 b 2 d" quit
resume 1 quit
has "resume opens the first unfinished item" "Item 2 of 3"
resume quit
has "the menu shows progress" "1) Fixture: one of each kind, 3 items; 1 done, score 33."
resume 1 a c "a b" "a c" quit
resume quit
has "missed items are due for review" "Review: 2 items due; type review."
resume review c b quit
has "review lists what is due" "2 items due for review."
has "review asks the due item" "Which one?"
resume review "" prev go again quit
has "review: each due item says which it is" "Review 1 of 1, from Fixture: one of each kind."
has "review: prev says in one line why not" "A review goes through the due items in turn: type next for the next one, or menu for the lesson list."
is "review: an empty line and again restate the item" "$(count "Item 3 of 3, hard, select all that apply.")" 3
resume 1 reset no quit
has "reset asks first, saying what it does to scores" "Start attempt 2 of this lesson? Every item opens again and attempt 2 scores in full beside the lesson score, which stays 58 (attempt 1's): nothing is lost. Type yes to confirm:"
has "reset can be declined" "Kept your answers."
resume 1 reset yes quit
has "reset after yes starts attempt 2" "Attempt 2 starts: every item is open again."
resume review quit
has "a due item open in attempt 2 says a review's answer counts for that attempt" "It is open in attempt 2 of its lesson, so this answer counts for that attempt."
resume quit
has "after a reset the menu shows attempt 1's score and attempt 2 beside it, not started (never a zero)" "3 items; 0 done, score 58 - attempt 2: not started."
# Reset, then all right: attempt 2 scores 100 beside attempt 1's 58, which
# is unchanged; never zeroes, and no "practice".
resume 1 "1 b 2 d" b "a c" quit
has "attempt 2: an item right scores in full" "Correct! right first time, score 100."
lacks "attempt 2 is not practice" "practice:"
has "attempt 2 all right: 100 beside the first attempt's score" "Score: 58/100 (attempt 1's) - attempt 2: 100/100. In attempt 2: Right first time: 3."
resume stats quit
has "the menu: attempt 1 unchanged, attempt 2 at 100" "3 items; 3 done, score 58 - attempt 2: 100."
has "the statistics show the attempt's score beside the lesson score, as the menu does" "0 of 3 mastered, 0%; 3 done, score 58 - attempt"
"$bin" --only-lessons tests/fixtures/good/minimal.json --report >"$out" 2>&1
has "the report still runs after a reset" "lesson,item,outcome"
printf 'not json' >"$XDG_STATE_HOME/paratutor/progress.json"
resume quit
has "a corrupt store is moved aside and reported" "progress.json.corrupt-"
has "a corrupt store: where the JSON error is, and that nothing was deleted" \
	"could not be read (not valid JSON at line 1, column 1); nothing was deleted: the file was moved to"
ls "$XDG_STATE_HOME/paratutor/" | grep -q 'progress.json.corrupt-'
if [ $? -eq 0 ]; then passed=$((passed + 1)); echo "ok - the corrupt file is kept"
else failed=$((failed + 1)); echo "not ok - the corrupt file is kept"; fi


# Issue 12: option texts as answers, errors that quote the input, the
# menu not listed again after a bad input, retry after the summary, and
# quit saying the progress is saved.
play 1 "1 split 2 SUM" "gamma delta" BETA "two, four" quit
has "a fill blank takes an option's text" "Correct: blank 2, sum."
has "a bad choice is quoted" "\"gamma delta\" is not an option: type one letter, A to C, or an option's text."
has "a choice takes an option's text in any case" "Item 3 of 3, hard, select all that apply."
has "multi takes option texts separated by commas" "Score: 100/100. Right first time: 3."
has "every item right first time offers no retry" "Every item right first time."
has "quit confirms the progress is saved" "Your progress is saved: next time you carry on where you left off."
play 1 "1 a 2 b" "1 b 2 d" b "a, five" "a c" retry quit
has "the summary offers practice" "Type practice to answer again the 2 items not right first time"
is "retry goes back to the first item missed" "$(count "Item 1 of 3")" 2
is "a retried item starts with its whole budget" "$(count "3 attempts left.")" 3
has "quit from an item still confirms the save" "Your progress is saved"
play nosuch zzz quit
is "a bad input at the menu does not list the lessons again" "$(count "Lessons, ")" 1
has "the second bad input is quoted too" "No lesson \"zzz\""
play 1 "1 a 2 b" help
has "help offers option texts" "an option's text works as well as its letter"
has "end of input still confirms the save" "Your progress is saved"

# Shuffled: what is printed is what is graded.
printf '%s\n' 1 next quit | "$bin" --only-lessons tests/fixtures/good/minimal.json >"$out" 2>&1
alpha=$(sed -n 's/^  \([A-G]\)) Alpha$/\1/p' "$out" | head -n 1)
printf '%s\n' 1 next "$alpha" quit | "$bin" --only-lessons tests/fixtures/good/minimal.json >"$out" 2>&1
has "shuffled: the letter printed is the option graded" "Wrong: $alpha) Alpha. Not alpha."

# kplay SCRIPT: the format-2 fixture lesson, fresh progress.
kplay() {
	rm -rf "$XDG_STATE_HOME/paratutor"
	printf '%s\n' "$@" | "$bin" --no-shuffle --only-lessons tests/screen/lessons/screen-kinds.json screen-kinds \
	    >"$out" 2>&1
}

kplay "16 bits" quit
has "numeric: a number right in another unit says how the units differ" "Wrong: your answer 16 bits. bits and B differ: 1 bits is 0.125 B."
has "numeric: ... and it is an ordinary wrong check" "Not yet. 1 attempt left."
kplay sixteen 12 "128 bits" quit
has "numeric: the units are shown" "Type a number; units: B, bytes, bits."
has "numeric: not a number costs nothing and says so" "Not counted: \"sixteen\". Type a number such as"
has "numeric: the no-cost promise" "This did not cost an attempt."
has "numeric: a known wrong value has its feedback" "Wrong: your answer 12. 12 counts only the fp32 copies"
has "numeric: only the wrong value cost an attempt" "Not yet. 1 attempt left."
has "numeric: another unit is converted" "Correct: your answer 128 bits."
kplay 12 "20 B" quit
has "numeric: out of attempts shows the value and unit" "Out of attempts. The answer: 16 B"

kplay next DistributedSamplr DataParallel "= next" quit
has "text: a near miss costs nothing" "Not counted: \"DistributedSamplr\". Nearly: check the spelling"
has "text: a known wrong answer has its feedback" "Wrong: your answer DataParallel. DataParallel copies a module"
has "text: = gives a command word as the answer" "Wrong: your answer next."
has "text: out of attempts shows the answer" "Out of attempts. The answer: DistributedSampler"
kplay next "  distributedsampler " quit
has "text: case and spaces do not matter" "Correct: your answer distributedsampler."

# Slips cost nothing (docs/scoring.md): a fraction for a percentage, a
# qualified name whose last part is the answer, the first near miss; the
# second near miss is a wrong check.
splay() {
	rm -rf "$XDG_STATE_HOME/paratutor"
	printf '%s\n' "$@" | "$bin" --no-shuffle --only-lessons tests/plain/slips.json plain-slips >"$out" 2>&1
}
splay 0.2 20 quit
has "a fraction for a percentage is a slip" "Not counted: \"0.2\". This answer is asked as a percentage, not as a fraction"
is "the slip says once that it cost nothing" "$(count 'This did not cost an attempt.')" 0
has "after the slip, the first check is right first time" "Correct! right first time, score 100."
splay next torch.amp.GradScaler.unscale_ GradScaler.unscal GradScaler.unscle GradScaler.unscale_ quit
has "a qualified name is a slip" "Not counted: \"torch.amp.GradScaler.unscale_\". Give the name as the question"
has "the first near miss is free" "Not counted: \"GradScaler.unscal\". Nearly: check the spelling"
has "the second near miss is a wrong check" "Wrong: your answer GradScaler.unscle."
has "only the second near miss cost: right after 2 checks" "Correct! right after 2 checks, score 75."

kplay next next "1 data parallelism 2 data parallelism" "3 pipeline parallelism" "2 tensor parallelism" quit
has "match: prompts are numbered" "2) One weight matrix is too big for one GPU"
has "match: a partial answer names the empty prompts" "1 prompt still empty: 3."
has "match: a wrong pair has its feedback" "Wrong: prompt 2, One weight matrix is too big for one GPU, given Data parallelism. Every rank would still hold the whole matrix."
has "match: right after a retry" "Correct: prompt 2, One weight matrix is too big for one GPU, given Tensor parallelism."
kplay next next "1 expert parallelism 2 expert parallelism 3 expert parallelism" \
    "1 pipeline parallelism 2 expert parallelism 3 expert parallelism" quit
has "match: out of attempts shows each answer" "Out of attempts. The answer: prompt 1 = Data parallelism; prompt 2 = Tensor parallelism; prompt 3 = Pipeline parallelism."

# step TEXT: the letter the last transcript shows for an order step.
step() {
	sed -n "s/^  \([A-G]\)) $1.*/\1/p" "$out" | head -n 1 | tr 'A-G' 'a-g'
}
kplay next next next quit
split=$(step "Each rank splits")
scatter=$(step "Reduce-scatter")
gather=$(step "All-gather")
sum=$(step "Every rank holds")
kplay next next next "$split $split $gather $sum" "x" "$split $gather" "$split $gather $scatter $sum" \
    "$split$scatter$gather$sum" quit
has "order: a step twice is refused" "names step"
has "order: a bad letter is quoted" "\"x\" is not a step: use the letters A to D."
has "order: all steps are needed" "places 2 of the 4 steps"
has "order: the first step out of place is named" "\"All-gather passes the summed chunks around the ring\", comes later. Sharing comes last: only summed chunks are worth passing on."
has "order: letters run together work" "Correct!"
kplay next next next "$sum $gather $scatter $split" "$sum $scatter $gather $split" quit
has "order: out of attempts shows the right order" "Out of attempts. The answer: 1 $(echo "$split" | tr 'a-g' 'A-G')) Each rank splits its buffer into N chunks;"

kplay next next next next next "reduce-scatter" "reduce-scatter, broadcast" quit
has "multi with choose says how many to tick" "Item 6 of 6, easy, tick exactly 2."
has "multi: a wrong number of ticks costs nothing" "Not counted: \"reduce-scatter\". Tick exactly 2 options: you ticked 1."
has "multi: the right number of ticks is checked" "Not yet. 1 attempt left."

kplay next next next next quit
has "fill: pseudo-code is tagged" "Code (pseudo-code: made-up calls, not a real API):"

# Blanks filled but not checked survive quitting, and come back filled.
play 1 "1 b" quit
has "draft: a partial fill is kept" "1 blank still empty: 2."
resume 1 quit
has "draft: the filled blank comes back after quitting" "parts = data.[1: split](n)"
has "draft: the empty blank stays empty" "x = parts[1].[2]()"
resume 1 "2 sum" quit
has "draft: the restored blank counts in the check" "Correct!"
resume 1 quit
lacks "draft: a checked item keeps no draft" "[2: sum]()"

# The shuffle salt is the learner's: kept in the store, the same order on
# every start.
rm -rf "$XDG_STATE_HOME/paratutor"
printf '1\nquit\n' | "$bin" --only-lessons tests/fixtures/good/minimal.json >"$out" 2>&1
first=$(sed -n 's/^  \([A-D]\)) split$/\1/p' "$out")
if grep -q '"salt":' "$XDG_STATE_HOME/paratutor/progress.json"; then
	passed=$((passed + 1)); echo "ok - salt: kept in the store"
else
	failed=$((failed + 1)); echo "not ok - salt: kept in the store"
fi
same=1
for k in 1 2 3; do
	printf '1\nquit\n' | "$bin" --only-lessons tests/fixtures/good/minimal.json >"$out" 2>&1
	[ "$(sed -n 's/^  \([A-D]\)) split$/\1/p' "$out")" = "$first" ] || same=0
done
if [ "$same" -eq 1 ] && [ -n "$first" ]; then
	passed=$((passed + 1)); echo "ok - salt: the same order on every start"
else
	failed=$((failed + 1)); echo "not ok - salt: the same order on every start"
fi

# paratutor stats --me: the figures of the store tests/stats/write_store.sh
# writes (worked out in that script's comments), in UTF-8 and in ASCII.
store="$XDG_STATE_HOME/stats-store.json"
sh tests/stats/write_store.sh "$bin" "$store"
stats_now=$(cat tests/stats/now) # the store's today (see write_store.sh)
stats() {
	env TZ=UTC PARATUTOR_TEST_NOW="$stats_now" "$@" "$bin" stats --me --progress "$store" \
	    --only-lessons tests/fixtures/good/minimal.json \
	    --only-lessons tests/stats/second.json >"$out" 2>&1
}
stats LC_ALL=C.UTF-8
has "stats: streak" "Days practised in a row: 3, today included."
has "stats: what to study next" "Finish lesson 2"
has "stats: mastery bar, first lesson" "    █████▎░░░░░░░░░░  33%  1 of 3 mastered, 3 done"
has "stats: mastery bar, second lesson" "    ░░░░░░░░░░░░░░░░   0%  0 of 3 mastered, 2 done"
has "stats: accuracy chart, middle row" "     │                           █ █"
has "stats: accuracy chart, bottom row" "     │························▁··█▁█"
has "stats: accuracy totals" "6 first answers on 4 days, 2 right first time (33%)"
has "stats: accuracy today" "    today   1 of 2 right (50%)"
has "stats: forecast bars" "   ██  ▃▃      ▃▃"
has "stats: forecast counts" "    3   1   0   1   0   0   0   0   0   0   0   0   0   0"
has "stats: forecast total" "5 reviews in the next 14 days; 1 of today's 3 is overdue."
has "stats: no exams yet" "No exams yet"
has "stats: most often met first" "  2×  Three is odd."
has "stats: the item a mistake came from" "      from Fixture: one of each kind, item 3"
has "stats: the other lesson's mistake" "      from Stats: second lesson, item 3"
lacks "stats: no item ids" "pick-all"
stats LC_ALL=C
has "stats ASCII: mastery bar" "    #####...........  33%  1 of 3 mastered, 3 done"
has "stats ASCII: accuracy chart, bottom row" "     |........................_..#_#"
has "stats ASCII: axis" "  0% +------------------------------"
has "stats ASCII: forecast bars" "   ##  --      --"
has "stats ASCII: mistakes" "  2x  Three is odd."
if LC_ALL=C grep -q "$(printf '[\200-\377]')" "$out"; then
	failed=$((failed + 1))
	echo "not ok - stats ASCII: only ASCII in the output"
	LC_ALL=C grep -n "$(printf '[\200-\377]')" "$out" | head -5 | sed 's/^/  | /'
else
	passed=$((passed + 1))
	echo "ok - stats ASCII: only ASCII in the output"
fi
# stats --me draws to the terminal's width (COLUMNS here), less a column
# each side: 30 exams are more columns than 80 or 60 take, so the chart
# shows the latest that fit, and no chart line passes the width.
python3 - "$store" "$stats_now" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
now = int(sys.argv[2])
items = d["lessons"]["fixture-minimal"]["items"]
done = []
for k in range(30):
    t = now - (30 - k) * 86400
    done.append({"id": "%d-%016x" % (t, k + 1), "seed": "%016x" % (k + 1), "shuffle": False, "started": t,
                 "finished": t + 60, "limit": 180, "pass": 70, "used": 60, "timed_out": False,
                 "answers_kept": True, "items": [{"lesson": "fixture-minimal", "item": i, "hash": r["hash"],
                                                  "marked": False, "result": "unanswered"}
                                                 for i, r in items.items()]})
d["exams"] = {"done": done}
json.dump(d, open(sys.argv[1] + ".exams", "w"))
PY
for cols in 80 60; do
	env COLUMNS=$cols TZ=UTC LC_ALL=C.UTF-8 PARATUTOR_TEST_NOW="$stats_now" "$bin" stats --me \
	    --progress "$store.exams" --only-lessons tests/fixtures/good/minimal.json \
	    --only-lessons tests/stats/second.json >"$out" 2>&1
	first=$((cols == 80 ? 8 : 15)) # (COLUMNS - 2 - 8) / 3 columns of exams: 23, 16
	has "stats --me at $cols columns: the latest exams that fit" \
		"$(seq "$first" 30 | awk 'BEGIN { printf "     " } { printf "%2d ", $1 }' | sed 's/ $//')"
	has "stats --me at $cols columns: the chart says so" "One column per exam (the latest that fit)"
	# Every line but the first (which names the store) in characters, as mawk's length counts bytes.
	wide=$(tail -n +2 "$out" | python3 -c 'import sys; [print(l, end="") for l in sys.stdin if len(l) - 1 > int(sys.argv[1])]' \
	    $((cols - 2)))
	if [ -z "$wide" ]; then
		passed=$((passed + 1))
		echo "ok - stats --me at $cols columns: no line wider than $((cols - 2)) but the store's name"
	else
		failed=$((failed + 1))
		echo "not ok - stats --me at $cols columns: lines wider than $((cols - 2)):"
		printf '%s\n' "$wide" | sed 's/^/  | /'
	fi
done
printf '%s\n' help stats quit | TZ=UTC LC_ALL=C.UTF-8 PARATUTOR_TEST_NOW="$stats_now" "$bin" --no-shuffle --state "$store" \
    --only-lessons tests/fixtures/good/minimal.json --only-lessons tests/stats/second.json >"$out" 2>&1
has "plain mode: help names stats" "  stats          your statistics"
has "plain mode: stats in sentences, a lesson" "Fixture: one of each kind: 1 of 3 mastered, 33%; 3 done, score 58."
has "plain mode: stats in sentences, a day" "Today: 1 of 2 right, 50%."
has "plain mode: stats in sentences, the forecast" "Reviews due: today 3, tomorrow 1, Sunday 1. 5 in the next 14 days; 1 of"
has "plain mode: stats in sentences, a mistake" "Three is odd. 2 times, first in Fixture: one of each kind, item 3."
lacks "plain mode: no chart" "│"
lacks "plain mode: no full-screen key named" "r in the menu"
has "plain mode: back at the lesson list after stats" "Type a lesson number, list, help, or quit."
"$bin" stats --progress "$store" >"$out" 2>&1
st=$?
if [ "$st" -eq 2 ] && grep -q "stats needs --me" "$out"; then
	passed=$((passed + 1))
	echo "ok - stats without --me is a usage error"
else
	failed=$((failed + 1))
	echo "not ok - stats without --me is a usage error (exit $st)"
fi

# Plain mode wraps to COLUMNS at spaces; a URL is never broken, and one
# longer than the line stands alone on its own.
printf '%s\n' next next next next next next next a quit | COLUMNS=40 "$bin" --plain --no-shuffle \
    --state "$XDG_STATE_HOME/wrap.json" --only-lessons tests/screen/layout screen-layout >"$out" 2>&1
url="https://pytorch.org/docs/stable/distributed.html#torch.distributed.all_reduce"
has "plain wrap: the long URL whole on one line" "$url"
wide=$(LC_ALL=C.UTF-8 awk 'length($0) > 40 && $0 !~ /^ *https?:\/\/[^ ]*$/' "$out")
if [ -z "$wide" ]; then
	passed=$((passed + 1))
	echo "ok - plain wrap: no line wider than COLUMNS=40 but a lone URL"
else
	failed=$((failed + 1))
	echo "not ok - plain wrap: lines wider than 40 columns:"
	printf '%s\n' "$wide" | sed 's/^/  | /'
fi
if grep -qE '^ *(torch\.distributed\.all_reduce|all_reduce)$' "$out"; then
	failed=$((failed + 1))
	echo "not ok - plain wrap: the URL was split"
else
	passed=$((passed + 1))
	echo "ok - plain wrap: no URL split across lines"
fi
# At 30 columns a verdict still starts its line with its subject beside
# it: wrapping never leaves "Wrong:" alone at a line's end.
printf '%s\n' 1 "1 a 2 b" next a b quit | COLUMNS=30 "$bin" --plain --no-shuffle \
    --state "$XDG_STATE_HOME/narrow.json" --only-lessons tests/fixtures/good/minimal.json >"$out" 2>&1
verdicts=$(sed 's/^> //' "$out" | grep -cE '^(Correct|Wrong|Missed): [^ ]')
alone=$(sed 's/^> //' "$out" | grep -cE '(Correct|Wrong|Missed):$|.(Correct|Wrong|Missed): ')
if [ "$verdicts" -ge 4 ] && [ "$alone" -eq 0 ]; then
	passed=$((passed + 1))
	echo "ok - plain wrap: at 30 columns each of $verdicts verdicts starts its line with its subject"
else
	failed=$((failed + 1))
	echo "not ok - plain wrap: verdicts at 30 columns ($verdicts found, $alone split)"
	sed 's/^/  | /' "$out" | head -40
fi
printf '%s\n' quit | COLUMNS=200 "$bin" --plain --state "$XDG_STATE_HOME/wrap.json" --only-lessons tests/screen/layout >"$out" 2>&1
has "plain wrap: COLUMNS=200 keeps a long line whole" "paratutor, plain mode. Type help at any prompt."

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

#!/bin/sh
# layout.sh BINARY - screen tests of the item layout at 80x24 and 60x16:
# after a wrong and a right check the prompt's first line and the line
# the learner answers in (code, options, prompts, positions or the answer
# field) stay on screen for every kind; an order item shows each step
# once; the match marker shares its prompt's line; a seven-pair match fits
# 80x24 with its feedback reachable; two bundled items a tester found cut
# (a long prompt, long code) keep their prompt, options and q in view after
# a check at 80x24 (tests/screen/inview.c checks every bundled item in
# process); the menu numbers its lessons and names their kinds of
# question; a URL is never split.  Prints "ok N -
# name" / "not ok N - name", then "N passed, M failed".
set -u
. "$(dirname "$0")/lib.sh"
st_setup "$@"
LAYOUT="--only-lessons tests/screen/layout"

# has_line REGEX - fails unless some line of the screen matches REGEX.
has_line() {
	st_screen | grep -qE -- "$1" || st_fail "no line matches: $1"
}

# letter_of TEXT - prints (upper case) the letter drawn before TEXT.
letter_of() {
	st_screen >"$ST_TMP/screen"
	line=$(grep -F -- "$1" "$ST_TMP/screen" | head -n 1)
	[ -n "$line" ] || return 1
	prefix=${line%%"$1"*}
	prefix=$(printf '%s' "$prefix" | sed 's/ *$//')
	printf '%s' "${prefix#"${prefix%?}"}"
}

# option_of TEXT - prints the letter of the option whose text starts with
# TEXT (the first thing on its line, before its box).
option_of() {
	line=$(st_screen | grep -F -- "$1" | head -n 1)
	[ -n "$line" ] || return 1
	printf '%s' "$line" | sed 's/^ *\([A-G]\) .*/\1/'
}

# lower LETTER - prints LETTER in lower case, the key that picks it.
lower() {
	printf '%s' "$1" | tr 'A-Z' 'a-z'
}

# open_item SIZE N - starts the layout lesson at SIZE ("80x24" or
# "60x16") and moves to its item N (1-based), leaving answer fields.
open_item() {
	st_start -- $LAYOUT screen-layout || return 1
	st_wait "Layout check, fill" || return 1
	if [ "$1" = 60x16 ]; then
		st_tmux resize-window -t st -x 60 -y 16
		st_wait "Attempts: 3 left" || return 1
	fi
	k=1
	while [ "$k" -lt "$2" ]; do
		st_keys Tab n # Tab leaves an answer field; elsewhere it only moves the focus
		k=$((k + 1))
		st_wait "$k/8" || return 1
	done
}

# in_view PROMPT WORK - the prompt's first words and the line answered in
# are both on screen.
in_view() {
	st_wait "$1" || return 1
	has_line "$2"
}

# check_kind SIZE N PROMPT WORK WRONG-KEYS... -- RIGHT-KEYS... - item N:
# a wrong check, then a right one, each leaving PROMPT and WORK in view.
check_kind() {
	size=$1 n=$2 prompt=$3 work=$4
	shift 4
	open_item "$size" "$n" || return 1
	while [ "$1" != "--" ]; do
		st_keys "$1"
		shift
	done
	shift
	st_keys Enter
	st_wait "Attempts: 2 left" || return 1
	st_wait "Not yet" || return 1
	in_view "$prompt" "$work" || return 1
	st_keys "$@"
	st_keys Enter
	st_wait "right after 2 checks, score 75" || return 1
	in_view "$prompt" "$work"
}

test_fill() {
	check_kind "$1" 1 "Layout check, fill: complete the line" "rank = dist\." b -- a
}
test_choice() {
	check_kind "$1" 2 "Layout check, choice: eight processes" "^ +A \(" b -- a
}
test_multi() {
	check_kind "$1" 3 "Layout check, select all: which of" "^ +A \[" a c -- c b
}
test_numeric() {
	check_kind "$1" 6 "Layout check, number: two machines" "Answer: " 4 -- C-u 8
}
test_text() {
	check_kind "$1" 7 "Layout check, word: which PyTorch" "Answer: " R a n d o m S a m p l e r -- \
	    C-u D i s t r i b u t e d S a m p l e r
}

# The match: every prompt answered, prompts 1 and 2 swapped, then fixed.
test_match() {
	open_item "$1" 4 || return 1
	st_wait "▸ 1  rank  [1]" || return 1 # the marker on the prompt's line
	st_keys PgDn PgDn
	for text in "this process's index" "how many processes" "sum, then share with all" \
	    "share one rank's data" "collect every rank's part" "sum, keep one part each" "wait for every process"; do
		# at 60x16 the bank may sit below the first screenful: polled for,
		# so the PgDn keys are handled before the screen is read
		st_wait "$text" || return 1
		l=$(letter_of "$text") || st_fail "no answer $text" || return 1
		set -- "$@" "$(lower "$l")"
	done
	shift
	rank=$1 world=$2
	shift 2
	st_keys 1 "$world" "$rank" "$@" Enter
	st_wait "Attempts: 2 left" || return 1
	in_view "Layout check, match: pair each" "^ ▸ 1  rank" || return 1
	st_keys 1 "$rank" 2 "$world" Enter
	st_wait "Press Enter for the next open item" || return 1
	st_wait "[2:how many processes ✓]" || return 1
	in_view "Layout check, match: pair each" "^ +1  rank" || return 1
}

# At 80x24 the seven pairs, the bank and the feedback fit, or scroll to.
test_match_fits() {
	open_item 80x24 4 || return 1
	st_wait "7  barrier  [7]" || return 1
	st_wait "G " || return 1
	st_lacks "more below" || return 1
	# every prompt given "share one rank's data": all-reduce has feedback for it
	l=$(letter_of "share one rank's data") || st_fail "no answer: share" || return 1
	l=$(lower "$l")
	st_keys "$l" "$l" "$l" "$l" "$l" "$l" "$l" Enter
	st_wait "Attempts: 2 left" || return 1
	st_wait "7  barrier  [7:" || return 1
	i=0
	while ! st_screen | grep -qF "That is a broadcast: nothing is summed."; do
		[ "$i" -lt 10 ] || st_fail "the feedback is not reachable with PgDn" || return 1
		st_keys PgDn
		i=$((i + 1))
		sleep 0.1
	done
	st_screen | grep -qF "Layout check, match" || st_fail "the prompt scrolled away" || return 1
}

# The order: each step's text once, placed or not.
test_order() {
	open_item "$1" 5 || return 1
	st_keys PgDn # at 60x16 the last steps are below
	st_wait "Training steps begin" || return 1
	start=$(letter_of "The launcher starts one process per GPU") || st_fail "no step: start" || return 1
	join=$(letter_of "Each process joins the process group") || st_fail "no step: join" || return 1
	wrap=$(letter_of "The model is wrapped for data parallelism") || st_fail "no step: wrap" || return 1
	train=$(letter_of "Training steps begin") || st_fail "no step: train" || return 1
	st_keys 1 "$(lower "$start")" "$(lower "$wrap")"
	st_wait "2  [$wrap]" || return 1
	for text in "The launcher starts one process" "Each process joins" "The model is wrapped" "Training steps begin"; do
		[ "$(st_screen | grep -cF "$text")" = 1 ] || st_fail "step shown other than once: $text" || return 1
	done
	st_keys "$(lower "$join")" "$(lower "$train")" Enter
	st_wait "Attempts: 2 left" || return 1
	in_view "Layout check, order: put the start" "^ +1 .\[" || return 1
	st_keys 2 "$(lower "$join")" "$(lower "$wrap")" Enter
	st_wait "right after 2 checks, score 75" || return 1
	in_view "Layout check, order: put the start" "^ +1  \[" || return 1
	for text in "The launcher starts one process" "Each process joins" "The model is wrapped" "Training steps begin"; do
		[ "$(st_screen | grep -cF "$text")" -le 1 ] || st_fail "step shown twice: $text" || return 1
	done
}

# The menu: numbers, kinds in a learner's words, and a number opens a
# lesson.
test_menu() {
	st_start -- --only-lessons tests/screen/lessons $LAYOUT || return 1
	st_wait "Choose a lesson" || return 1
	has_line "^ ▸ 1 Screen test drills" || return 1
	has_line "^   3 Screen layout" || return 1
	st_wait "8 items · choice · select all · fill · number · word · match · order ·" || return 1
	st_lacks "numeric" || return 1
	st_keys 3
	st_wait "Lesson 3: press Enter to open it" || return 1
	st_lacks "Layout check, fill" || return 1
	st_keys Enter
	st_wait "Layout check, fill" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_keys 9
	st_wait "The lessons are numbered 1 to 3" || return 1
}

# A URL is never split: whole on a line when it fits, else on a line of
# its own, cut only at the screen's edge.
test_url() {
	short="https://pytorch.org/docs/stable/distributed.html#torch.distributed.all_reduce"
	long="https://pytorch.org/docs/stable/data.html#torch.utils.data.distributed.DistributedSampler"
	open_item 80x24 8 || return 1
	st_keys a Enter
	st_wait "right first time" || return 1
	st_keys PgDn PgDn PgDn
	st_wait "$short" || return 1
	has_line "^ *https://pytorch.org/docs/stable/data.html#torch.utils.data.distrib" || return 1
	st_lacks "DistributedSampler for" || return 1
	st_screen | grep -E "^ *[a-zA-Z._#]*DistributedSampler" && st_fail "the long URL was split" && return 1
	st_tmux resize-window -t st -x 60 -y 16
	st_wait_gone "$short" || return 1
	st_keys PgDn PgDn PgDn
	has_line "^ *https://pytorch.org/docs/stable/distributed.html#torch" || return 1
	st_screen | grep -E "^ *[a-z._]*all_reduce" && st_fail "the URL was split at 60 columns" && return 1
	return 0
}

# OSC 8: asked for, a URL goes out as a hyperlink; in tmux by default it
# does not.
test_hyperlinks() {
	want=$1
	if [ "$want" = yes ]; then
		st_start PARATUTOR_HYPERLINKS=1 -- $LAYOUT screen-layout || return 1
	else
		st_start -- $LAYOUT screen-layout || return 1
	fi
	st_wait "Layout check, fill" || return 1
	st_tmux pipe-pane -t st -o "cat >>'$ST_TMP/raw'"
	for k in 2 3 4 5 6 7 8; do
		st_keys Tab n
		st_wait "$k/8" || return 1
	done
	st_keys a Enter
	st_wait "right first time" || return 1
	st_keys PgDn PgDn PgDn
	st_wait "torch.distributed.all_reduce" || return 1
	st_keys PgUp
	st_keys PgDn PgDn PgDn
	st_wait "torch.distributed.all_reduce" || return 1
	st_tmux pipe-pane -t st
	osc=$(printf '\033]8;;https://pytorch.org/docs/stable/distributed.html#torch.distributed.all_reduce\033\\')
	if [ "$want" = yes ]; then
		grep -qF "$osc" "$ST_TMP/raw" || st_fail "no OSC 8 link sent" || return 1
	else
		grep -qF "$(printf '\033]8;')" "$ST_TMP/raw" && st_fail "an OSC 8 link inside tmux by default" && return 1
	fi
	rm -f "$ST_TMP/raw"
	return 0
}

# open_bundled LESSON N TOTAL - starts bundled lesson LESSON at 80x24 on
# its item N of TOTAL.
open_bundled() {
	st_start -- --only-lessons content "$1" || return 1
	st_wait "1/$3" || return 1
	k=1
	while [ "$k" -lt "$2" ]; do
		st_keys Tab n
		k=$((k + 1))
		st_wait "$k/$3" || return 1
	done
}

# The tester's case (issue 37): lesson 2 item 6, a select-three item with a
# long prompt, after a wrong check at 80x24: the prompt's first line and a
# marker that it goes on, all seven options, and q in the key bar.
test_long_prompt_in_view() {
	open_bundled scaling-prototypes 6 9 || return 1
	st_wait "You will train a large PyTorch model" || return 1
	st_wait "G [ ]" || return 1
	vizier=$(option_of "Using Vertex AI Vizier") || st_fail "no option: Vizier" || return 1
	split=$(option_of "Splitting the model in the training code") || st_fail "no option: split" || return 1
	pools=$(option_of "Defining worker pools") || st_fail "no option: pools" || return 1
	st_keys "$(lower "$vizier")" "$(lower "$split")" "$(lower "$pools")" Enter
	st_wait "Attempts: 2 left" || return 1
	st_wait "Vizier is a black-box optimization service" || return 1
	has_line "^ You will train a large PyTorch model" || return 1
	has_line "the question goes on below" || return 1
	for l in A B C D E F G; do
		has_line "^ +$l \[" || return 1
	done
	has_line "q menu" || return 1
	has_line "\? help"
}

# A long code item at 80x24 (lesson 4 item 1): after a wrong check the
# options stay on screen above the feedback, and q in the key bar.
test_long_code_in_view() {
	open_bundled model-pipeline 1 14 || return 1
	st_keys PgDn PgDn
	st_wait "Options:" || return 1
	cpu=$(letter_of '"cpu"') || st_fail "no option: cpu" || return 1
	cuda1=$(letter_of '"cuda:1"') || st_fail "no option: cuda:1" || return 1
	out=$(letter_of 'out.device') || st_fail "no option: out.device" || return 1
	st_keys "$(lower "$cpu")" "$(lower "$cuda1")" "$(lower "$out")" Enter
	st_wait "Attempts: 2 left" || return 1
	st_wait "Not yet" || return 1
	has_line "^ The two halves of this model live on two GPUs" || return 1
	has_line 'Options: +[A-E] [^ ]+ +[A-E] [^ ]+ +[A-E] [^ ]+ +[A-E] [^ ]+ +[A-E] ' || return 1
	has_line "q menu"
}

# A first run with a lesson named: the introduction, then that lesson.
test_first_run_lesson() {
	st_start ST_FIRST_RUN=1 -- $LAYOUT screen-layout || return 1
	st_wait "Welcome" || return 1
	st_keys Escape
	st_wait "Layout check, fill" || return 1
	st_lacks "Choose a lesson" || return 1
	st_lacks "Welcome"
}

for size in 80x24 60x16; do
	st_test "fill at $size: prompt and code in view after a wrong and a right check" test_fill "$size"
	st_test "choice at $size: prompt and options in view after checks" test_choice "$size"
	st_test "select all at $size: prompt and options in view after checks" test_multi "$size"
	st_test "match at $size: marker on the prompt's line, prompt and pairs in view after checks" test_match "$size"
	st_test "order at $size: each step once, prompt and positions in view after checks" test_order "$size"
	st_test "number at $size: prompt and answer field in view after checks" test_numeric "$size"
	st_test "word at $size: prompt and answer field in view after checks" test_text "$size"
done
st_test "a seven-pair match fits 80x24, its feedback reachable" test_match_fits
st_test "lesson 2 item 6 at 80x24 after a check: prompt, its marker, every option, q" test_long_prompt_in_view
st_test "a long code item at 80x24 after a check: prompt, options, q" test_long_code_in_view
st_test "the menu numbers lessons, names their kinds; a number opens one" test_menu
st_test "a first run with a lesson named: the introduction, then the lesson" test_first_run_lesson
st_test "a URL is never split, at 80x24 and at 60x16" test_url
st_test "OSC 8 hyperlinks when asked for" test_hyperlinks yes
st_test "no OSC 8 hyperlinks inside tmux by default" test_hyperlinks no
st_finish

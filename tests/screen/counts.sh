#!/bin/sh
# counts.sh BINARY - one store, every count: the menu, the statistics
# screen, a review, plain mode's lesson list and stats, paratutor next and
# next --plain must say the same "due", "mastered", "recall" and "study
# next" (docs/scoring.md, "Counts").  The store is lesson 1's records
# (tests/fixtures/progress/leitner-0.1.0.json) and an exam sat on it with
# the clock injected (nothing answered: three items missed), read ten
# minutes later, when the misses are due again.  A view that counted on
# its own would disagree with the others here.
set -u
. "$(dirname "$0")/lib.sh"
st_setup "$@"
LESSONS="--only-lessons content"
STATE="$ST_TMP/counts"
ST_RUN="$ST_TMP/run" # st_stop reads it, should a test fail before st_start

# Writes the store: the fixture, then an exam left unanswered at T.
make_store() {
	rm -rf "$STATE"
	mkdir -p "$STATE/paratutor"
	cp tests/fixtures/progress/leitner-0.1.0.json "$STATE/paratutor/progress.json"
	echo 1796570247 >"$ST_TMP/now"
	# shellcheck disable=SC2086 # LESSONS holds words without spaces
	printf '%s\n' submit yes | XDG_STATE_HOME="$STATE" PARATUTOR_TEST_NOW="$ST_TMP/now" "$ST_BIN" exam $LESSONS \
	    --from dp-vs-mp --count 3 --seed 5 --untimed >"$ST_TMP/exam.txt" 2>&1 ||
		st_fail "the exam did not run: $(tail -n 3 "$ST_TMP/exam.txt")" || return 1
	grep -q "^Score: 0% (0 of 3 right)" "$ST_TMP/exam.txt" || st_fail "the exam was not left unanswered" || return 1
	echo 1796570947 >"$ST_TMP/now" # 700 s on: the exam's misses are due again
}

# Runs the CLI on the store at the injected time.
cli() {
	XDG_STATE_HOME="$STATE" PARATUTOR_TEST_NOW="$ST_TMP/now" "$ST_BIN" "$@"
}

# flat FILE - the file's text on one line, runs of blanks squeezed (the
# screen wraps paragraphs where the CLI does not).
flat() {
	tr -s ' \n' '  ' <"$1"
}

# agree NAME A B - fails unless A and B are the same, non-empty.
agree() {
	[ -n "$2" ] && [ "$2" = "$3" ] || st_fail "$1: '$2' against '$3'"
}

test_counts_agree() {
	make_store || return 1
	# shellcheck disable=SC2086 # LESSONS holds words without spaces
	cli next $LESSONS >"$ST_TMP/next.txt" 2>&1 || st_fail "next failed" || return 1
	due=$(sed -n "s/^Answer the \([0-9]*\) items\{0,1\} due, weakest first.*/\1/p" "$ST_TMP/next.txt")
	[ -n "$due" ] && [ "$due" -gt 3 ] || st_fail "next counts no items due: $(cat "$ST_TMP/next.txt")" || return 1
	sed -n 's/^[0-9]\. //p' "$ST_TMP/next.txt" >"$ST_TMP/advice"
	first=$(head -n 1 "$ST_TMP/advice")
	case $first in
	*"due for review"*) ;;
	*) st_fail "next names no concept due first: $first" || return 1 ;;
	esac
	# The weakest concept, its items due and its recall, as next says them.
	label=${first%%: [0-9]* due for review*}
	c_due=$(printf '%s\n' "$first" | sed -n 's/.*: \([0-9]*\) items\{0,1\} due for review.*/\1/p')
	c_recall=$(printf '%s\n' "$first" | sed -n 's/.*predicted recall \([0-9]*\) %.*/\1/p')
	[ -n "$c_recall" ] || c_recall=0 # every due item missed: recall 0 (docs/scoring.md)

	# next --plain: the review it opens.
	# shellcheck disable=SC2086 # LESSONS holds words without spaces
	echo quit | cli next --plain $LESSONS >"$ST_TMP/nextplain.txt" 2>&1
	agree "next --plain reviews the items next counts" \
	    "$(sed -n 's/^\([0-9]*\) items\{0,1\} due for review\.$/\1/p' "$ST_TMP/nextplain.txt")" "$due" || return 1

	# Plain mode: the lesson list, its stats and its review.
	# shellcheck disable=SC2086 # LESSONS holds words without spaces
	printf '%s\n' stats review quit | cli --plain $LESSONS >"$ST_TMP/plain.txt" 2>&1
	agree "plain lesson list: items due" \
	    "$(sed -n 's/^Review: \([0-9]*\) items\{0,1\} due; type review\.$/\1/p' "$ST_TMP/plain.txt" | head -n 1)" "$due" ||
		return 1
	brief=$(sed -n 's/^Study next: \(.*\)\.$/\1/p' "$ST_TMP/plain.txt" | head -n 1)
	agree "plain lesson list: study next" "$brief" "$due due, weakest: ${label%%: *}" || return 1
	agree "plain stats: items due now" \
	    "$(sed -n 's/^\([0-9]*\) items\{0,1\} due for review now: .*/\1/p' "$ST_TMP/plain.txt" | head -n 1)" "$due" ||
		return 1
	agree "plain review: items due" \
	    "$(sed -n 's/^\(> \)*\([0-9]*\) items\{0,1\} due for review\.$/\2/p' "$ST_TMP/plain.txt" | head -n 1)" "$due" ||
		return 1
	flat "$ST_TMP/plain.txt" >"$ST_TMP/plain.flat"
	while IFS= read -r line; do
		grep -qF -- "$line" "$ST_TMP/plain.flat" || st_fail "plain stats lack next's line: $line" || return 1
	done <"$ST_TMP/advice"
	# The concept's own line in plain stats: the same due and recall.
	grep -qE -- "^$label: [0-9]+ of [0-9]+ mastered, [0-9]+%; $c_due due, recall $c_recall%\.$" "$ST_TMP/plain.txt" ||
		st_fail "plain stats: $label is not $c_due due, recall $c_recall%" || return 1
	mastered=$(sed -n "s/^$label: \([0-9]* of [0-9]*\) mastered, .*/\1/p" "$ST_TMP/plain.txt")
	lesson1=$(sed -n 's/^Data parallelism vs model parallelism: \([0-9]* of [0-9]*\) mastered.*/\1/p' "$ST_TMP/plain.txt")

	# The tutor: the menu, the statistics screen, a review.
	# shellcheck disable=SC2086 # LESSONS holds words without spaces
	st_start XDG_STATE_HOME="$STATE" PARATUTOR_TEST_NOW="$ST_TMP/now" -- $LESSONS || return 1
	st_wait "Review: $due items due" || return 1
	st_wait "Study next: $brief" || return 1
	st_keys s
	st_wait "paratutor: your statistics" || return 1
	: >"$ST_TMP/screens"
	i=0
	while [ "$i" -lt 40 ]; do
		st_screen >>"$ST_TMP/screens"
		grep -qF "Press m to go back to the menu" "$ST_TMP/screens" && break
		st_screen >"$ST_TMP/before"
		st_keys PageDown
		j=0
		while [ "$j" -lt "$ST_POLLS" ] && st_screen | cmp -s - "$ST_TMP/before"; do
			sleep 0.05
			j=$((j + 1))
		done
		i=$((i + 1))
	done
	sed 's/[│▕▏]/ /g' "$ST_TMP/screens" >"$ST_TMP/screens.txt"
	flat "$ST_TMP/screens.txt" >"$ST_TMP/screens.flat"
	grep -qF "$due items due for review now" "$ST_TMP/screens.flat" ||
		st_fail "the statistics screen does not count $due due" || return 1
	while IFS= read -r line; do
		grep -qF -- "$line" "$ST_TMP/screens.flat" || st_fail "the statistics screen lacks next's line: $line" || return 1
	done <"$ST_TMP/advice"
	grep -qF -- "$mastered mastered, $c_due due, recall $c_recall %" "$ST_TMP/screens.flat" ||
		st_fail "the statistics screen: $label is not $mastered mastered, $c_due due, recall $c_recall %" || return 1
	grep -qF -- "$lesson1 mastered" "$ST_TMP/screens.flat" ||
		st_fail "the statistics screen: lesson 1 is not $lesson1 mastered" || return 1
	st_keys m
	st_wait "Choose a lesson" || return 1
	st_keys r
	st_wait "review 1/$due" || return 1
}

st_test "one store: menu, statistics, review, plain mode and next count alike" test_counts_agree
st_finish

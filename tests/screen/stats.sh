#!/bin/sh
# stats.sh BINARY - screen tests of the statistics screen: s in the menu
# opens it over a store the test writes (tests/stats/write_store.sh, whose
# comments give each record), and every chart is checked against the
# figures worked out from it, at 80x24 and at 60x16.
set -u
. "$(dirname "$0")/lib.sh"
st_setup "$@"
STATS_LESSONS="--only-lessons tests/fixtures/good/minimal.json --only-lessons tests/stats/second.json"

# page KEY - types a scroll key and polls until the screen has changed,
# so what is checked next is the new page, not the one before it.
page() {
	st_screen >"$ST_TMP/before"
	st_keys "$1"
	i=0
	while [ "$i" -lt "$ST_POLLS" ]; do
		st_screen | cmp -s - "$ST_TMP/before" || return 0
		sleep 0.05
		i=$((i + 1))
	done
	st_fail "the screen did not change after $1"
}

# Writes the store and opens the statistics screen from the menu, with
# the second lesson selected (MARK: the selection marker, default ▸).
open_stats() {
	mkdir -p "$ST_TMP/stats/paratutor"
	sh tests/stats/write_store.sh "$ST_BIN" "$ST_TMP/stats/paratutor/progress.json" ||
		st_fail "could not write the store" || return 1
	# shellcheck disable=SC2086 # the lesson options are words without spaces
	# The store's today is the day of tests/stats/now, and so is the tutor's.
	st_start XDG_STATE_HOME="$ST_TMP/stats" TZ=UTC PARATUTOR_TEST_NOW="$PWD/tests/stats/now" "$@" -- \
	    $STATS_LESSONS || return 1
	st_wait "Stats: second lesson" || return 1
	st_wait "stats" || return 1
	st_keys Down
	st_wait "${MARK:-▸} 2 Stats: second lesson" || return 1
	st_keys s
	st_wait "paratutor: your statistics" || return 1
}

# At 80x24: each chart, a page at a time, then back to the menu.
test_stats_80x24() {
	open_stats || return 1
	st_wait "Days practised in a row: 3, today included." || return 1
	st_wait "█████▎░░░░░░░░░░  33%  1 of 3 mastered, 3 done" || return 1
	st_wait "░░░░░░░░░░░░░░░░   0%  0 of 3 mastered, 2 done" || return 1
	st_wait "Mastered: right in a review a day or more after the lesson" || return 1
	st_wait "PgDn for more" || return 1
	page PageDown || return 1
	st_wait "     │                           █ █" || return 1
	st_wait "     │························▁··█▁█" || return 1
	st_wait "6 first answers on 4 days, 2 right first time (33%)" || return 1
	st_wait "today   1 of 2 right (50%)" || return 1
	st_wait "    ██  ▃▃      ▃▃" || return 1
	page PageDown || return 1
	st_wait "    3   1   0   1   0   0   0   0   0   0   0   0   0   0" || return 1
	st_wait "5 reviews in the next 14 days; 1 of today's 3 is overdue." || return 1
	st_wait "No exams yet" || return 1
	st_wait "2×  Three is odd." || return 1
	st_wait "from Fixture: one of each kind, item 3" || return 1
	st_wait "1×  Five is odd." || return 1
	st_wait "from Stats: second lesson, item 3" || return 1
	page PageDown || return 1
	st_wait "Finish lesson 2, \"Stats: second lesson\": 2 of 3 items done." || return 1
	st_wait "Press m to go back to the menu" || return 1
	st_lacks "pick-all" || return 1
	st_keys '?'
	st_wait "back to the lesson menu" || return 1
	st_keys Escape
	st_wait_gone "back to the lesson menu" || return 1
	page PageUp || return 1
	page PageUp || return 1
	page PageUp || return 1
	st_wait "Days practised in a row" || return 1
	st_keys m
	st_wait "Choose a lesson" || return 1
	st_wait "▸ 2 Stats: second lesson" || return 1
}

# At 60x16 the charts still fit: the forecast, the widest, is 58 columns,
# and a mastery bar's figures wrap after it (the score was cut off).
test_stats_60x16() {
	open_stats || return 1
	st_tmux resize-window -t st -x 60 -y 16
	st_wait " on. It keeps only the first and the latest answer to each" || return 1
	page PageDown || return 1
	st_wait "     █████▎░░░░░░░░░░  33%  1 of 3 mastered, 3 done, score" || return 1
	st_wait "                            58" || return 1
	page PageDown || return 1
	st_wait "      │························▁··█▁█" || return 1
	page PageDown || return 1
	st_wait "    ██  ▃▃      ▃▃" || return 1
	st_wait "   tdy " || return 1
	st_wait "     3   1   0   1   0   0   0   0   0   0   0   0   0   0" || return 1
	page PageDown || return 1
	page PageDown || return 1
	st_wait "from Stats: second lesson, item 3" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
}

# Outside UTF-8 and without colour the charts are ASCII.
test_stats_ascii() {
	MARK=">" open_stats LANG=C LC_ALL=C NO_COLOR=1 || return 1
	st_wait "#####...........  33%  1 of 3 mastered, 3 done" || return 1
	page PageDown || return 1
	st_wait "     |........................_..#_#" || return 1
	st_wait "   0% +------------------------------" || return 1
}

st_test "statistics at 80x24: every chart against the store's figures" test_stats_80x24
st_test "statistics at 60x16: the charts fit and scroll" test_stats_60x16
st_test "statistics in ASCII without colour" test_stats_ascii
st_finish

#!/bin/sh
# figure.sh BINARY - figures a lesson computes (figure.h): --check on the
# good and bad figure fixtures, plain mode's sentences (no drawing
# characters), and the full screen at 80x24 and 60x16 drawing a pipeline,
# a memory bar and a mesh whole or with a note.
set -u
. "$(dirname "$0")/lib.sh"
st_setup "$@"
FIG=tests/fixtures/good/figures
BIN=$ST_BIN
ST_RUN=$ST_TMP/run # the checks without a screen run before any st_start
mkdir -p "$ST_RUN"

# A plain line of checks before the screen tests (st_test prints "ok N").
plain_out=$ST_TMP/plain.out

test_check() {
	"$BIN" --check --strict "$FIG" >"$ST_TMP/check.out" 2>&1 ||
		{ st_fail "--check --strict failed on $FIG: $(cat "$ST_TMP/check.out")"; return 1; }
	"$BIN" --check tests/fixtures/bad/figure.json >"$ST_TMP/bad.out" 2>&1
	[ $? = 1 ] || { st_fail "the bad figure fixture did not fail"; return 1; }
	grep -q 'figure.json:10:17: error: the answer 20 does not match the figure: the pipeline model gives bubble_percent = 27.2727' \
		"$ST_TMP/bad.out" || { st_fail "a planted wrong key is not an error at its place"; return 1; }
	"$BIN" export --to gift "$FIG/figures.json" -o "$ST_TMP/out.gift" >"$ST_TMP/export.out" 2>&1
	grep -q 'figures.json:13:17: warning: item "bubble": GIFT cannot carry the figure' "$ST_TMP/export.out" ||
		{ st_fail "export does not say it leaves the figure out: $(cat "$ST_TMP/export.out")"; return 1; }
}

# plain SCRIPT...: answers on a pipe in plain mode, into plain_out.
plain() {
	rm -rf "$ST_TMP/pstate"
	mkdir -p "$ST_TMP/pstate/paratutor"
	printf '{ "format": 1, "lessons": {} }\n' >"$ST_TMP/pstate/paratutor/progress.json"
	printf '%s\n' "$@" | XDG_STATE_HOME="$ST_TMP/pstate" XDG_CACHE_HOME="$ST_TMP/pcache" COLUMNS=1000 \
		"$BIN" --plain --no-shuffle --only-lessons "$FIG" figs >"$plain_out" 2>&1
}

test_plain() {
	plain 20 27.3 a a 14 quit
	for want in "the bubble is 9 slots, 27.3 % of the time" \
		"Stage 1 starts in slot 1 with forwards 1 to 8; it waits in slots 9 to 17." \
		"Total 31.4 GB of the GPU's 80 GB: it fits, 48.6 GB to spare." \
		"Its tp group: ranks 12, 13, 14, 15." \
		"takes 14 steps (7 to reduce-scatter, 7 to all-gather)"; do
		grep -qF -- "$want" "$plain_out" || { st_fail "plain mode lacks: $want"; return 1; }
	done
	# The answer's figure is shown with the explanation, not before: the
	# first wrong answer (20) comes before any "bubble is".
	first_bubble=$(grep -n 'the bubble is' "$plain_out" | head -n 1 | cut -d: -f1)
	first_wrong=$(grep -n 'Wrong' "$plain_out" | head -n 1 | cut -d: -f1)
	[ -n "$first_wrong" ] && [ "$first_wrong" -lt "$first_bubble" ] ||
		{ st_fail "the bubble figure was printed before the item ended"; return 1; }
	# Sentences, not pictures: no block, box-drawing or geometric shapes.
	if LC_ALL=C.UTF-8 grep -nP '[\x{2500}-\x{25FF}]' "$plain_out" >"$ST_TMP/drawn" 2>/dev/null; then
		st_fail "plain mode printed drawing characters: $(head -n 3 "$ST_TMP/drawn")"
		return 1
	fi
}

# Opens item N (1-based) of the figures lesson and answers it with KEYS.
open_item() {
	st_start -- --only-lessons "$FIG" figs || return 1
	st_wait "GPipe with 4 stages" || return 1
}

# scroll_to TEXT: pages down until the screen shows TEXT, waiting for
# each page to be drawn before the next key (so no page is skipped), or
# fails at the end of the document.
scroll_to() {
	pages=0
	while [ "$pages" -lt 20 ]; do
		st_screen >"$ST_TMP/before"
		grep -qF -- "$1" "$ST_TMP/before" && return 0
		st_keys PageDown
		i=0
		while st_screen | cmp -s - "$ST_TMP/before"; do
			i=$((i + 1))
			[ "$i" -lt 20 ] || break # nothing moved: the end, or a slow draw; look again
			sleep 0.05
		done
		pages=$((pages + 1))
	done
	st_fail "never scrolled to: $1"
}

test_screen() {
	size=$1
	open_item || return 1
	[ "$size" = 60x16 ] && st_tmux resize-window -t st -x 60 -y 16
	st_keys 2 7 . 3 Enter
	st_wait "Correct" || return 1
	st_wait "Stage 1" || return 1
	if [ "$size" = 60x16 ]; then
		# 33 slots a column each fit 60 columns: the whole timeline.
		st_wait "Stage 1  FFFFFFFF.........BBBBBBBBBBBBBBBB" || return 1
	else
		st_wait "Stage 1  F1F2F3F4F5F6F7F8. . . . . . . . . B1B1" || return 1
	fi
	scroll_to "Stage 4" || return 1
	scroll_to "27.3 % of the time" || return 1
	# The memory bar, shown with the prompt (a question about the bar).
	st_keys Enter
	st_wait "which part shrinks" || return 1
	st_wait "W weights, G gradients, O optimizer" || return 1
	st_screen | grep -q 'WWWGGG' || { st_fail "no weights and gradients in the memory bar"; return 1; }
	# The mesh, shown with the explanation once the item ends.
	st_keys a Enter
	st_wait "Correct" || return 1
	st_keys Enter
	st_wait "Which ranks share" || return 1
	st_lacks "in brackets" || return 1
	st_keys a Enter
	st_wait "Correct" || return 1
	scroll_to "[13]" || return 1
	st_keys q
}

# A pipeline wider than the screen is cut with a note.
test_wide() {
	st_start -- --only-lessons tests/fixtures/good/figures wide || return 1
	st_wait "64 micro-batches" || return 1
	st_tmux resize-window -t st -x 60 -y 16
	scroll_to "of 201 shown: too wide)" || return 1
	st_keys q
}

st_test "--check: figures clean, a planted wrong key located; export says it leaves figures out" test_check
st_test "plain mode: figures as sentences, no drawing characters, the answer's figure after the item" test_plain
st_test "a pipeline, a memory bar and a mesh at 80x24" test_screen 80x24
st_test "a pipeline (cut with a note), a memory bar and a mesh at 60x16" test_screen 60x16
st_test "a timeline wider than 60 columns is cut with a note" test_wide
st_finish

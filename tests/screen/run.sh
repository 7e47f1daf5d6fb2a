#!/bin/sh
# run.sh BINARY - screen tests: the full-screen tutor in a real terminal
# (tmux), driven by keys and mouse reports, checked on the screen it draws.
# Prints "ok N - name" / "not ok N - name" per test, then "N passed, M
# failed"; exits 1 when a test failed.
set -u
. "$(dirname "$0")/lib.sh"
st_setup "$@"
FIXTURE="--only-lessons tests/screen/lessons"

# seed_words FIELD COUNT - prints the first COUNT words of the seed drill's
# explanation, or of the feedback for a bank option, as the bundled lesson
# has it today.
seed_words() {
	python3 - "$1" "$2" <<'EOF'
import glob, json, sys
field, count = sys.argv[1], int(sys.argv[2])
for path in sorted(glob.glob("content/*.json")):
    lesson = json.load(open(path, encoding="utf-8"))
    if lesson.get("id") != "dp-vs-mp":
        continue
    item = next(i for i in lesson["items"] if i["id"] == "fib1-split")
    text = item["explanation"] if field == "explanation" else item["blanks"][0]["feedback"][field]
    print(" ".join(text.split()[:count]))
EOF
}

# The first drill of the bundled seed lesson, as the source has it.
test_seed_drill() {
	explanation=$(seed_words explanation 8)
	batch_feedback=$(seed_words batch 6)
	[ -n "$explanation" ] && [ -n "$batch_feedback" ] ||
		st_fail "no drill fib1-split in lesson dp-vs-mp under content/" || return 1
	st_start -- --only-lessons content dp-vs-mp || return 1
	st_wait "distributed_data = dataset." || return 1
	st_wait "Attempts: 3 left" || return 1
	st_keys a Enter
	st_wait "Wrong" || return 1
	st_wait "Attempts: 2 left" || return 1
	st_wait "$batch_feedback" || return 1
	st_keys b Enter
	st_wait "Correct" || return 1
	st_wait "$explanation" || return 1
	st_lacks "Attempts: 1 left" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_wait "1/11 done" || return 1
}

# Opens the fixture lesson from the menu at its first item.
open_fixture() {
	st_start "$@" -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "mean = " || return 1
}

# Blank 2 first, by digit and letter, then blank 1; then check.
test_fill_keys() {
	open_fixture || return 1
	st_wait "[1](values) / [2](values)" || return 1
	st_keys 2 b
	st_wait "[2:len](values)" || return 1
	st_keys 1 a
	st_wait "mean = [1:sum](values) / [2:len](values)" || return 1
	st_wait "Press Enter to check" || return 1
	st_keys Enter
	st_wait "[1:sum ✓](values) / [2:len ✓](values)" || return 1
	st_wait "✓ Correct  right first time, score 100" || return 1
	st_wait "The mean adds every value up" || return 1
	st_wait "Step 1" || return 1
	st_wait "Final answer" || return 1
	st_wait "Quick check" || return 1
	st_wait "Note: Written for the screen tests." || return 1
	st_lacks "Kept short on purpose" || return 1
}

# The same drill with the mouse: click blank 2 then option B, then option
# A, which goes to the blank left empty; then a click on blank 1 and on
# option A again, and Enter.
test_fill_mouse() {
	open_fixture || return 1
	st_wait "[2](values)" || return 1
	st_click "[2](values)" || return 1
	st_wait "▸[2](values)" || return 1
	st_click "B len" || return 1
	st_wait "[2:len](values)" || return 1
	st_wait "▸[1](values)" || return 1
	st_click "A sum" || return 1
	st_wait "mean = [1:sum](values) / [2:len](values)" || return 1
	st_click "[1:sum]" || return 1
	st_wait "▸[1:sum]" || return 1
	st_click "C max" || return 1
	st_wait "[1:max](values)" || return 1
	st_click "[1:max]" || return 1
	st_click "A sum" || return 1
	st_wait "[1:sum](values)" || return 1
	st_keys Enter
	st_wait "✓ Correct  right first time" || return 1
}

# A select-all question: one right pick, one wrong pick, one miss.
test_multi() {
	open_fixture || return 1
	st_keys n
	st_wait "Which numbers are even?" || return 1
	st_keys a c
	st_wait "A [x] Two" || return 1
	st_wait "C [x] Three" || return 1
	st_keys Enter
	st_wait "✗ Wrong     C  Three leaves a remainder of one." || return 1
	st_wait "C [x] Three  ✗ Wrong" || return 1
	st_lacks "correctly ticked" || return 1 # right ticks are never counted
	st_wait "Attempts: 2 left" || return 1
	# No free reveals: until the item is solved or out of attempts, the
	# right pick is not marked and the missed option is not named.
	st_lacks "Missed" || return 1
	st_lacks "✓ Correct" || return 1
	st_lacks "Four is two times two" || return 1
	st_lacks "Five leaves a remainder" || return 1
	st_keys c b Enter
	st_wait "✓ Correct  right after 2 checks, score 75" || return 1
}

# Hints come in order; running out of attempts reveals the answers, for a
# choice and for a fill item.
test_hints_and_reveal() {
	open_fixture || return 1
	st_keys n n
	st_wait "capital of Australia" || return 1
	st_lacks "Common mistakes:" || return 1
	st_keys h
	st_wait "Hint 1/2  It is not the largest city." || return 1
	st_lacks "Common mistakes:" || return 1 # a hint shows only its own text
	st_lacks "Hint 2/2" || return 1
	st_keys h
	st_wait "Hint 2/2  It was built as a compromise" || return 1
	st_keys h
	st_wait "No more hints: all 2 are shown" || return 1
	st_lacks "Common mistakes:" || return 1
	st_keys b Enter
	st_wait "✗ Wrong     B  Sydney is the largest city" || return 1
	st_wait "Common mistakes:" || return 1 # earned by the wrong check
	st_wait "Attempts: 1 left" || return 1
	st_keys c Enter
	st_wait "✗ Out of attempts" || return 1
	st_wait "Attempts: 0 left" || return 1
	st_wait "→ Correct answer" || return 1
	st_wait "Canberra was chosen as a compromise" || return 1
	st_keys n
	st_wait "count = ▸[1](items)" || return 1
	st_keys b Enter
	st_wait "count = [1:len](items)" || return 1
	st_wait "✗ Wrong     [1] sum  → answer: len" || return 1
	st_wait "sum adds the items up instead of counting them." || return 1
	st_wait "len returns how many items a collection holds." || return 1
}

# Too small at 20x6, and back at 80x24 with the answer and hint intact.
test_resize() {
	open_fixture || return 1
	st_keys 2 b h
	st_wait "Hint 1/2" || return 1
	st_tmux resize-window -t st -x 20 -y 6
	st_wait "Terminal too small" || return 1
	st_tmux resize-window -t st -x 80 -y 24
	st_wait "[2:len](values)" || return 1
	st_wait "Hint 1/2  The mean is the total" || return 1
	st_tmux resize-window -t st -x 60 -y 16
	st_wait "Attempts: 3 left" || return 1
	st_lacks "Terminal too small" || return 1
	st_tmux resize-window -t st -x 100 -y 30
	st_wait "[2:len](values)" || return 1
}

# quit_by SIGNAL STATUS [VAR=VALUE...] - ends the program with a signal
# and checks its exit status and the terminal it leaves.
quit_by() {
	signal=$1
	expected=$2
	shift 2
	st_start "$@" -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	[ "$(st_tmux display-message -p -t st '#{alternate_on}')" = 1 ] ||
		st_fail "the tutor did not use the alternate screen" || return 1
	if [ "$signal" = C-c ] || [ "$signal" = 'C-\' ]; then
		st_keys "$signal"
	else
		kill -s "$signal" "$(st_pid)"
	fi
	status=$(st_wait_exit) || return 1
	[ "$status" = "$expected" ] || st_fail "$signal: exit status $status, expected $expected" || return 1
	st_wait "[exited with status" || return 1
	st_restored
}

test_signals() {
	quit_by TERM 143 || return 1
	quit_by C-c 130 || return 1
	quit_by HUP 129 || return 1
	quit_by 'C-\' 131 || return 1
	quit_by QUIT 131
}

# Ctrl-\ (SIGQUIT) on an item keeps the blank filled but not checked, as
# the other quitting signals do.
test_quit_keeps_draft() {
	state="$ST_TMP/quit-draft-state"
	rm -rf "$state"
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "[1](values) / [2](values)" || return 1
	st_keys 2 b
	st_wait "[2:len](values)" || return 1
	st_keys 'C-\'
	status=$(st_wait_exit) || return 1
	[ "$status" = 131 ] || st_fail "Ctrl-\\: exit status $status, expected 131" || return 1
	st_wait "[exited with status" || return 1
	st_restored || return 1
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "[1](values) / [2:len](values)"
}

# A crash (SIGSEGV) restores the terminal and still dies of the signal.
# AddressSanitizer stays out of it: its report of the signal would be
# right, but it is not what this test checks.
test_crash() {
	quit_by SEGV 139 ASAN_OPTIONS="log_path=$ST_TMP/asan:handle_segv=0"
}

# Prints the parameters of the SGR escape sequences on the screen, one a line.
sgr_params() {
	st_screen -e | grep -o "$(printf '\033')\[[0-9;]*m" | tr -d '\033[m' | tr ';' '\n'
}

# Prints the SGR parameters that set a colour (30-38, 40-48, 90-97, 100-107).
colour_sgr() {
	sgr_params | grep -Ex '3[0-8]|4[0-8]|9[0-7]|10[0-7]'
}

# With NO_COLOR set no colour reaches the screen; without it colour does.
test_no_color() {
	open_fixture NO_COLOR=1 || return 1
	st_keys c Enter
	st_wait "Fill every blank" || return 1
	st_keys b Enter
	st_wait "✗ Wrong" || return 1
	[ -z "$(colour_sgr)" ] || st_fail "colour with NO_COLOR=1: $(colour_sgr | sort -u | tr '\n' ' ')" || return 1
	sgr_params | grep -qx 7 ||
		st_fail "no reverse video for the title bar or the focus" || return 1
	st_stop
	open_fixture || return 1
	st_keys c Enter b Enter
	st_wait "✗ Wrong" || return 1
	[ -n "$(colour_sgr)" ] || st_fail "no colour without NO_COLOR, so the check above proves nothing"
}

# A broken lesson is listed with its first error and cannot be opened.
test_broken_lesson() {
	st_start -- $FIXTURE --only-lessons tests/screen/broken || return 1
	st_wait "Screen test drills" || return 1
	st_wait "✗ Broken: A lesson with an error" || return 1
	st_wait "broken-lesson.json:12:18: error: a choice item needs" || return 1
	st_keys j j Enter
	st_wait "Cannot open a broken lesson" || return 1
	st_keys k k Enter
	st_wait "mean = " || return 1
}

# menu_frame NAME [VAR=VALUE...]: starts the tutor on a broken and a good
# lesson, waits for the whole first menu frame, keeps it in $ST_TMP/NAME
# and quits.
menu_frame() {
	frame=$1
	shift
	st_start "$@" -- $FIXTURE --only-lessons tests/screen/broken || return 1
	st_wait "broken-lesson.json:12:18: error: a choice item needs" || return 1
	st_wait "q quit" || return 1
	st_screen >"$ST_TMP/$frame"
	st_keys q
	st_wait_exit >/dev/null
}

# The menu drawn from the lesson index, cold and then warm, is the one
# drawn without it, the broken lesson included; a lesson opens from it.
test_menu_from_index() {
	cache="$ST_TMP/menu-cache"
	rm -rf "$cache"
	menu_frame menu-without PARATUTOR_NO_CACHE=1 XDG_CACHE_HOME="$cache" || return 1
	[ ! -e "$cache" ] || st_fail "--no-cache wrote $(ls -R "$cache")" || return 1
	menu_frame menu-cold XDG_CACHE_HOME="$cache" || return 1
	# One index per lesson directory: the fixture's and the broken one.
	[ "$(ls "$cache"/paratutor/index-*.bin 2>/dev/null | wc -l)" = 2 ] ||
		st_fail "not two index files: $(ls "$cache/paratutor" 2>&1)" || return 1
	before=$(cat "$cache"/paratutor/index-*.bin | cksum)
	menu_frame menu-warm XDG_CACHE_HOME="$cache" || return 1
	[ "$(cat "$cache"/paratutor/index-*.bin | cksum)" = "$before" ] || st_fail "the warm start rewrote the index" || return 1
	for run in cold warm; do
		cmp -s "$ST_TMP/menu-without" "$ST_TMP/menu-$run" ||
			st_fail "the $run menu differs: $(diff "$ST_TMP/menu-without" "$ST_TMP/menu-$run")" || return 1
	done
	st_start XDG_CACHE_HOME="$cache" -- $FIXTURE --only-lessons tests/screen/broken || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "1/" || return 1
}

# The help overlay lists the keys; Esc closes it at once.
test_help() {
	open_fixture || return 1
	st_keys '?'
	st_wait "Keys" || return 1
	st_wait "Tab, Shift-Tab" || return 1
	st_keys Escape
	st_wait_gone "Tab, Shift-Tab" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_keys q
	[ "$(st_wait_exit)" = 0 ] || st_fail "q did not exit with status 0" || return 1
	st_restored
}

# The help is generated from the key tables: the menu's page keys and l,
# once handled but not listed, are listed; its own key bar replaces the
# screen's (no "Enter check" under the help).
test_help_lists_keys() {
	st_start -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys '?'
	st_wait "Lesson menu" || return 1
	st_wait "PgUp/PgDn, Home/End" || return 1
	st_wait "Enter, l, Right," || return 1
	st_wait "Esc, ?, q close help" || return 1
	st_keys Escape Enter
	st_wait "mean = " || return 1
	st_keys '?'
	st_wait "Item screen" || return 1
	st_lacks "Enter check" || return 1
	# The row plain mode's "menu, q" comes from (tests/plain/run.sh): q
	# means the same in both modes.  A taller window shows the whole section.
	st_tmux resize-window -t st -x 80 -y 60
	st_wait "back to the lesson menu (your answers are kept)" || return 1
	st_tmux resize-window -t st -x 80 -y 24
	st_wait "More below" || return 1
	st_keys q
	st_wait "Enter check" || return 1
	st_keys z
	st_wait "That key does nothing here: press ? for the keys" || return 1
}

# The first run opens the introduction alone; it closes like the help and
# comes back at the end of ?; a later run does not show it again.
test_first_run() {
	st_start ST_FIRST_RUN=1 -- $FIXTURE || return 1
	st_wait "Welcome" || return 1
	st_wait "How paratutor works" || return 1
	st_wait "steps to put in order" || return 1
	st_lacks "Item screen" || return 1
	st_keys Escape
	st_wait "Choose a lesson" || return 1
	st_keys Enter
	st_wait "mean = " || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct" || return 1
	st_keys '?'
	st_wait "close help" || return 1
	i=0
	while [ $i -lt 20 ]; do st_keys PageDown; i=$((i + 1)); done
	st_wait "Your progress is saved as you go" || return 1
	st_keys Escape q q
	[ "$(st_wait_exit)" = 0 ] || st_fail "q did not exit with status 0" || return 1
}

# End in a menu longer than the screen selects the last lesson and shows
# it whole: nothing is left below.
test_menu_end() {
	st_start -- --only-lessons content || return 1
	st_wait "Choose a lesson" || return 1
	# End and Home as xterm sends them (the pane's TERM), not as tmux's own
	st_keys "$(printf '\033OF')"
	st_wait "more above (PgUp)" || return 1
	st_lacks "more above and below" || return 1
	# The footer's three rows under the last lesson's two.
	st_screen | tail -n 5 | head -n 1 | grep -q "▸" || st_fail "the last lesson is not the selected one" || return 1
	st_screen | tail -n 4 | head -n 1 | grep -q " items · " || st_fail "the last lesson is not shown whole" || return 1
	st_keys "$(printf '\033OH')"
	st_wait "more below (PgDn)" || return 1
	st_screen | sed -n 2p | grep -q "▸" || st_fail "Home does not select the first lesson" || return 1
	st_keys q
	[ "$(st_wait_exit)" = 0 ] || st_fail "q did not exit with status 0" || return 1
}

# A terminal curses cannot drive (TERM empty, unknown or dumb) gets plain
# mode with one line saying why, and plain mode works there.
test_term_fallback() {
	for term in dumb no-such-terminal ''; do
		st_start TERM="$term" -- $FIXTURE || return 1
		case $term in
		'') why="TERM is not set" ;;
		dumb) why="TERM=dumb" ;;
		*) why="TERM=$term is unknown here" ;;
		esac
		st_wait "Type a lesson number, " || return 1
		# The line saying why wraps at 80 columns: read it joined.
		st_screen -J | grep -qF "$why" || st_fail "no line saying why (TERM=$term)" || return 1
		st_screen -J | grep -qF "so it runs in plain mode (--plain)" ||
		    st_fail "no line saying plain mode (TERM=$term)" || return 1
		st_lacks "Choose a lesson with" || return 1
		st_keys quit Enter
		[ "$(st_wait_exit)" = 0 ] || st_fail "quit did not exit with status 0 (TERM=$term)" || return 1
	done
}

# A single-blank drill: a letter fills the blank and another replaces it,
# with no blank to focus and no blank key offered.
test_single_blank() {
	open_fixture || return 1
	st_keys n n n
	st_wait "count = " || return 1
	st_lacks "1 blank" || return 1
	st_keys b
	st_wait "count = [1:sum](items)" || return 1
	st_keys c
	st_wait "count = [1:max](items)" || return 1
	st_keys 1
	st_wait "That key does nothing here" || return 1
}

# After the last item: the summary; r retries what was not right first time.
test_summary() {
	open_fixture || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct" || return 1
	st_keys p
	st_wait "This is the first item" || return 1
	st_keys n n n
	st_wait "count = " || return 1
	st_keys c Enter
	st_wait "✗ Out of attempts" || return 1
	st_keys n
	st_wait "Lesson summary" || return 1
	st_wait "Score: 25/100" || return 1
	st_wait "Right first time          1" || return 1
	st_wait "Failed                    1" || return 1
	# Items are named by number and a short title, never by their ids.
	st_wait " 1  Complete the line so it computes the mean" || return 1
	st_lacks "mean-two-blanks" || return 1
	st_lacks "reveal-fill" || return 1
	st_wait "Press r to practise the 1 item not right first time" || return 1
	# At 80x24 the key bar keeps its way out, the menu key the status names.
	st_wait "m menu" || return 1
	st_keys r
	st_wait "Which numbers are even?" || return 1
	st_keys n n
	st_wait "count = ▸[1](items)" || return 1
	st_wait "Attempts: 1 left" || return 1
}

# Every item right first time: the summary says so and its key bar offers
# no practice (there is nothing to practise).
test_summary_all_right() {
	open_fixture || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct" || return 1
	st_keys n
	st_wait "Which numbers are even?" || return 1
	st_keys a b Enter
	st_wait "✓ Correct" || return 1
	st_keys n
	st_wait "capital of Australia?" || return 1
	st_keys a Enter
	st_wait "✓ Correct" || return 1
	st_keys n
	st_wait "count = " || return 1
	st_keys a Enter
	st_wait "✓ Correct" || return 1
	st_keys n
	st_wait "Every item right first time. Press m for the menu" || return 1
	st_wait "x reset lesson" || return 1
	st_lacks "practise missed" || return 1
}

# The score model (docs/scoring.md): Enter on an answer already checked
# checks nothing and costs nothing (a double Enter).
test_double_enter_free() {
	open_fixture || return 1
	st_keys 1 c 2 d Enter
	st_wait "Attempts: 2 left" || return 1
	st_keys Enter
	st_wait "You checked this answer already" || return 1
	st_keys Enter Enter
	st_wait "Attempts: 2 left" || return 1
	st_lacks "Attempts: 1 left" || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct  right after 2 checks, score 75" || return 1
}

# Select all: ticking every option is no answer (free); a wrong check marks
# one wrong tick, not each; unticking what is marked does not solve it.
test_tick_all_free() {
	open_fixture || return 1
	st_keys n
	st_wait "Which numbers are even?" || return 1
	st_keys a b c d Enter
	st_wait "Ticking every option is not an answer" || return 1
	st_wait "Attempts: 3 left" || return 1
	st_keys b Enter
	st_wait "Attempts: 2 left" || return 1
	st_lacks "correctly ticked" || return 1
	# the option rows marked (the feedback line under them has its own ✗)
	wrong=$(st_screen | grep -c "\[x\] .*✗ Wrong")
	[ "$wrong" -eq 1 ] || st_fail "$wrong wrong ticks marked, not one" || return 1
	st_wait "✗ Wrong     C  Three leaves a remainder of one." || return 1
	st_lacks "Five leaves a remainder" || return 1
	st_keys c Enter
	st_wait "Attempts: 1 left" || return 1
	st_lacks "✓ Correct" || return 1
}

# Practice is named as such and lowers nothing; the summary and the menu
# keep the first pass as the lesson score, practice beside it.
test_retry_practice() {
	open_fixture || return 1
	st_keys 1 c 2 d Enter
	st_wait "Attempts: 2 left" || return 1
	st_keys 1 a 2 b Enter
	st_wait "right after 2 checks, score 75" || return 1
	st_keys n n n n
	st_wait "Lesson summary" || return 1
	st_wait "Score: 19/100" || return 1
	st_keys r
	st_wait "mean = " || return 1
	st_keys 1 a 2 b Enter
	st_wait "practice: right on the first check, 100 (practice; the lesson score stays)" || return 1
	st_keys n n n n
	st_wait "Lesson summary" || return 1
	st_wait "Score: 19/100" || return 1
	st_wait "Practice: 1 item practised or reviewed, mean 100/100" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_wait "1/4 done · score 19" || return 1
}

# A review is a pass of its own: leaving it half-way leaves the lesson as
# it was (its position, the first pass's marks and score).
test_review_own_pass() {
	st_start -- $FIXTURE || return 1
	st_wait "Review: nothing due" || return 1
	st_keys Enter
	st_wait "mean = " || return 1
	st_keys 1 b 2 a Enter
	st_wait "Attempts: 2 left" || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct  right after 2 checks, score 75" || return 1
	st_keys q
	st_wait "Review: 1 item due" || return 1
	st_keys r
	st_wait "review 1/1" || return 1
	st_wait "mean = ▸[1](values)" || return 1
	st_keys 1 c
	st_wait "[1:max](values)" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_wait "1/4 done · score 19" || return 1
	st_keys Enter
	st_wait "Which numbers are even?" || return 1
	st_keys p
	st_wait "✓ Correct  right after 2 checks, score 75" || return 1
	st_lacks "Attempts: 3 left" || return 1
	st_lacks "[1:max]" || return 1
}

# Quitting in the middle of a lesson and starting again resumes it: the
# menu shows the progress, the lesson opens at the first unfinished item,
# and the answered item comes back answered.
test_resume() {
	state="$ST_TMP/resume-state"
	rm -rf "$state"
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_wait "not started" || return 1
	st_keys Enter
	st_wait "mean = " || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct" || return 1
	st_keys n
	st_wait "Which numbers are even?" || return 1
	st_keys q
	st_wait "1/4 done" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	st_wait "1/4 done · score 25" || return 1
	st_keys Enter
	st_wait "Which numbers are even?" || return 1
	st_keys p
	st_wait "[1:sum ✓](values) / [2:len ✓](values)" || return 1
}

# A blank filled but not checked survives quitting the tutor, and one
# filled on another item survives leaving it for the menu.
test_draft() {
	state="$ST_TMP/draft-state"
	rm -rf "$state"
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "[1](values) / [2](values)" || return 1
	st_keys 2 b
	st_wait "[2:len](values)" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "[1](values) / [2:len](values)" || return 1
	st_keys 1 a Enter
	st_wait "✓ Correct  right first time" || return 1
}

# A typed answer not yet checked survives moving away and back, and
# quitting.
test_typed_draft() {
	state="$ST_TMP/typed-draft-state"
	rm -rf "$state"
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	st_wait "Screen test kinds" || return 1
	st_keys Down Enter
	st_wait "How many bytes per parameter" || return 1
	st_keys 1 2 Tab n
	st_wait "2/6" || return 1
	st_keys Tab p
	st_wait "1/6" || return 1
	st_wait "Answer: ▸[12_" || return 1
	st_keys Tab q
	st_wait "Choose a lesson" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	st_wait "Screen test kinds" || return 1
	st_keys Down Enter
	st_wait "Answer: ▸[12_" || return 1
}

# The summary's reset asks first, saying what it does to scores, then
# starts attempt 2: an item right scores 100 as attempt 2, shown beside
# attempt 1's score, which is unchanged.
test_reset() {
	state="$ST_TMP/reset-state"
	rm -rf "$state"
	st_start XDG_STATE_HOME="$state" -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys Enter
	st_wait "mean = " || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct" || return 1
	st_keys n n n n
	st_wait "Lesson summary" || return 1
	# The learner's history as stats --me tells it: a reset keeps it.
	history_has "Days practised in a row: 1, today included." || return 1
	history_has "1 first answer on 1 day, 1 right first time" || return 1
	history_has "1 review in the next 14 days." || return 1
	st_keys x
	st_wait "Start attempt 2? Score stays 25, attempt 2 beside it. y: yes; other keys: no" || return 1
	st_wait "y next attempt  other keep" || return 1
	st_keys n
	st_wait "Kept your answers" || return 1
	st_keys x y
	st_wait "Attempt 2 starts" || return 1
	# Nothing of attempt 2 is done yet: the menu says so, never a zero.
	st_keys q
	st_wait "score 25 · attempt 2: not started" || return 1
	st_keys Enter
	st_wait "mean = ▸[1](values)" || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct  right first time, score 100" || return 1
	st_lacks "practice:" || return 1
	st_keys q
	st_wait "1/4 done · score 25 · attempt 2: 25" || return 1
	# Attempt 1's first answer, streak and review stay beside attempt 2's.
	history_has "2 first answers on 1 day, 2 right first time" || return 1
	history_has "Days practised in a row: 1, today included." || return 1
	history_has "1 review in the next 14 days." || return 1
	# At 60 columns the bar gives way, so the title still shows beside
	# the attempt (it was cut to nothing).
	st_tmux resize-window -t st -x 60 -y 16
	st_wait "1/4 done · score 25 · attempt 2: 25" || return 1
	st_wait "1 Screen test dril" || return 1
}

# history_has TEXT - polls stats --me on test_reset's store (the tutor
# saves each check at once) until it shows TEXT.
history_has() {
	i=0
	while [ $i -lt 100 ]; do
		if XDG_STATE_HOME="$state" XDG_CACHE_HOME="$ST_TMP/reset-cache" "$ST_BIN" stats --me $FIXTURE \
		    2>&1 | grep -qF -- "$1"; then
			return 0
		fi
		i=$((i + 1))
		sleep 0.1
	done
	st_fail "stats --me never showed: $1"
}

# --watch reloads on save, in place and by rename, staying on the item;
# a broken save shows the diagnostics and a fix brings the lesson back.
test_watch() {
	lesson="$ST_TMP/watched.json"
	cp tests/screen/lessons/screen-drills.json "$lesson"
	st_start -- --watch "$lesson" || return 1
	st_wait "mean = " || return 1
	st_wait "Watching watched.json: each save reloads it here" || return 1
	st_wait "Editor's note (this preview only; learners never see it):" || return 1
	st_wait "Kept short on purpose" || return 1
	st_keys 1 a
	st_wait "[1:sum](values)" || return 1
	st_keys n
	st_wait "Which numbers are even?" || return 1
	st_keys a
	st_wait "A [x] Two" || return 1
	sed 's/Which numbers are even?/Which numbers are EVEN?/' "$lesson" >"$lesson.new"
	mv "$lesson.new" "$lesson"
	st_wait "Which numbers are EVEN?" || return 1
	st_wait "Reloaded watched.json: watching it for the next save" || return 1
	# Answers survive a reload: the unchanged item keeps its blank, the
	# edited one (its prompt is not graded content) keeps its tick.
	st_wait "A [x] Two" || return 1
	st_keys p
	st_wait "[1:sum](values)" || return 1
	st_keys n
	# Wait for the next item before looking: a look before the key is
	# handled would see the old screen and could not fail.
	st_wait_gone "[1:sum](values)" || return 1
	st_wait "A [x] Two" || return 1
	st_lacks "restart" || return 1
	printf '{ "format": 1,\n  "id": oops }\n' >"$lesson"
	st_wait "watched.json:2:9: error: invalid JSON" || return 1
	st_wait "has errors: fix them and save" || return 1
	# Opening the broken lesson in watch mode says to save, never to restart.
	st_keys Enter
	st_wait "fix them and save; it reloads by itself" || return 1
	st_lacks "restart" || return 1
	cp tests/screen/lessons/screen-drills.json "$lesson"
	st_wait "Which numbers are even?" || return 1
	st_wait "2/4" || return 1
}

# watch_edit WHAT: rewrites the watched lesson through python (json in,
# json out) and moves it into place, as an editor saving does.
watch_edit() {
	python3 - "$lesson" "$1" <<'EOF'
import json, sys
path, what = sys.argv[1], sys.argv[2]
l = json.load(open(path))
items = {it["id"]: it for it in l["items"]}
even = items.get("even-numbers")
if what == "reorder":
    even["options"] = [even["options"][i] for i in (2, 1, 0, 3)]
elif what == "rename":
    for o in even["options"]:
        if o["text"] == "Three":
            o["text"] = "Trois"
elif what == "warn":
    del items["capital-hints"]["explanation"]
elif what == "delete":
    l["items"] = [it for it in l["items"] if it["id"] != "even-numbers"]
json.dump(l, open(path + ".new", "w"), indent=2)
EOF
	mv "$lesson.new" "$lesson"
}

# --watch keeps the answers by option text: a reordered list keeps both
# ticks, a renamed option clears only its tick and says so; the lesson's
# warnings show; a deleted open item says where the preview went; every
# message fits the 80 columns.
test_watch_by_text() {
	# A folder name long enough that the whole path would not fit a line.
	mkdir -p "$ST_TMP/lessons-being-written-for-the-course-on-sharded-parallelism"
	lesson="$ST_TMP/lessons-being-written-for-the-course-on-sharded-parallelism/watched.json"
	cp tests/screen/lessons/screen-drills.json "$lesson"
	st_start -- --watch "$lesson" || return 1
	st_wait "Watching watched.json: each save reloads it here" || return 1
	st_keys n
	st_wait "Which numbers are even?" || return 1
	st_keys a c
	st_wait "[x] Two" || return 1
	st_wait "[x] Three" || return 1
	watch_edit reorder
	st_wait "Reloaded watched.json: watching it for the next save" || return 1
	st_wait "[x] Two" || return 1
	st_wait "[x] Three" || return 1
	watch_edit rename
	st_wait 'Option "Three" of even-numbers was renamed or removed: that choice is cleared' || return 1
	st_wait "[ ] Trois" || return 1
	st_wait "[x] Two" || return 1
	watch_edit warn
	st_wait 'Reloaded; 1 warning, first at line' || return 1
	st_wait 'item "capital-hints" has no explanation' || return 1 # whole, not cut mid-word
	st_wait "[x] Two" || return 1
	watch_edit delete
	st_wait "Item even-numbers is gone from watched.json: showing item 2 in its place" || return 1
	st_lacks "Which numbers are even?" || return 1
}

# An item right only after a retry is due for review at once: the menu
# says so with the mistakes made, r answers it, and then nothing is due.
test_review() {
	st_start -- $FIXTURE || return 1
	st_wait "Review: nothing due" || return 1
	st_keys Enter
	st_wait "mean = " || return 1
	st_keys 1 b 2 a Enter
	st_wait "Attempts: 2 left" || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct" || return 1
	st_keys q
	st_wait "Review: 1 item due" || return 1
	st_wait "Mistakes you made most often:" || return 1
	st_keys r
	st_wait "review 1/1" || return 1
	st_wait "mean = ▸[1](values)" || return 1
	st_keys 1 a 2 b Enter
	st_wait "✓ Correct" || return 1
	st_keys Enter
	st_wait "Review done: 1 item went through" || return 1
	st_wait "Review: nothing due" || return 1
}

# Waiting for a key costs no CPU time: while the test wakes up 40 times
# (however long that takes on a loaded machine), the tutor, once settled,
# is not woken at all (its count of voluntary context switches stays the
# same) and uses no CPU tick.  First it settles (finishes the draw the
# test saw): two polls in a row see the same count.
test_idle() {
	st_start -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	pid=$(st_pid)
	wakeups() { sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' "/proc/$pid/status"; }
	ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
	# Settled: two polls in a row see the same count.
	w0=$(wakeups) || return 1
	i=0
	while :; do
		sleep 0.05
		w1=$(wakeups) && t1=$(ticks) || return 1
		[ "$w1" = "$w0" ] && break
		i=$((i + 1))
		[ "$i" -lt "$ST_POLLS" ] || { st_fail "never settled: woke $((w1 - w0)) times in the last poll"; return 1; }
		w0=$w1
	done
	i=0
	while [ "$i" -lt 40 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	w2=$(wakeups) && t2=$(ticks) || return 1
	[ "$w2" = "$w1" ] || st_fail "woke $((w2 - w1)) times while idle"
	[ "$t2" = "$t1" ] || st_fail "used $((t2 - t1)) clock ticks while idle"
}

# letter_of TEXT - prints, in lower case, the letter drawn just before
# TEXT where it first appears (a bank entry or a step), so the tests do
# not depend on the order a session shows them in.
letter_of() {
	st_screen >"$ST_TMP/screen"
	line=$(grep -F -- "$1" "$ST_TMP/screen" | head -n 1)
	[ -n "$line" ] || return 1
	prefix=${line%%"$1"*}
	prefix=$(printf '%s' "$prefix" | sed 's/ *$//')
	printf '%s' "${prefix#"${prefix%?}"}" | tr 'A-Z' 'a-z'
}

# Opens the format-2 fixture lesson at its first item, the numeric one.
open_kinds() {
	st_start "$@" -- $FIXTURE screen-kinds || return 1
	st_wait "How many bytes per parameter" || return 1
}

# A numeric answer: typed letters go into the field (n and q too), an
# unclear answer costs nothing, a wrong one shows its feedback, Tab gives
# the letters back to the commands, and a number in another unit is right.
test_numeric() {
	open_kinds || return 1
	st_wait "Answer: ▸[_" || return 1
	st_wait "a number; units: B, bytes, bits" || return 1
	st_wait "Enter check  Tab commands  ? help" || return 1
	st_lacks "h hint" || return 1
	st_keys s i x t e e n q
	st_wait "Answer: ▸[sixteenq_" || return 1
	st_keys BSpace Enter
	st_wait "! Unclear   sixteen" || return 1
	st_wait "followed by one of: B, bytes, bits. This did not cost an" || return 1
	st_wait "Not counted: correct your answer, then press Enter" || return 1
	st_lacks "Attempts: 1 left" || return 1
	st_keys BSpace BSpace BSpace BSpace BSpace BSpace BSpace 1 2 Enter
	st_wait "✗ Wrong     12" || return 1
	st_wait "12 counts only the fp32 copies" || return 1
	st_wait "Attempts: 1 left" || return 1
	st_lacks "answer: 16" || return 1
	st_keys Tab
	st_wait "Tab type  h hint" || return 1
	st_wait "Answer:  [12 " || return 1
	st_keys h
	st_wait "Hint 1/1  Add up the bytes" || return 1
	st_keys Tab BSpace BSpace 1 2 8 Space b i t s Enter
	st_wait "✓ Correct   128 bits" || return 1
	st_wait "✓ Correct  right after 2 checks with 1 hint, score 65" || return 1
	st_wait "Final answer  16 bytes" || return 1
}

# Out of attempts, a numeric item shows its answer with its unit.
test_numeric_reveal() {
	open_kinds || return 1
	st_keys 1 2 Enter
	st_wait "Attempts: 1 left" || return 1
	st_keys BSpace BSpace 2 0 Space B Enter
	st_wait "✗ Out of attempts" || return 1
	st_wait "✗ Wrong     20 B  → answer: 16 B" || return 1
	st_wait "Enter continue" || return 1
}

# A text answer: a spelling slip costs nothing, a known wrong answer shows
# its feedback, out of attempts shows the answer; another pass is right.
test_text() {
	open_kinds || return 1
	st_keys Tab n
	st_wait "Which PyTorch class" || return 1
	st_wait "Answer: ▸[_" || return 1
	st_tmux send-keys -t st -l "DistributedSamplr"
	st_keys Enter
	st_wait "! Spelling  DistributedSamplr" || return 1
	st_wait "check the spelling and try again. This did not cost an" || return 1
	st_wait "Attempts: 2 left" || return 1
	i=0
	while [ $i -lt 3 ]; do st_keys BSpace; i=$((i + 1)); done
	st_wait "Answer: ▸[DistributedSam_" || return 1
	st_keys C-u
	st_wait "Answer: ▸[_ " || return 1
	st_tmux send-keys -t st -l "DataParallel"
	st_keys Enter
	st_wait "✗ Wrong     DataParallel" || return 1
	st_wait "DataParallel copies a module onto several GPUs" || return 1
	st_wait "Attempts: 1 left" || return 1
	st_tmux send-keys -t st -l "X"
	st_keys Enter
	st_wait "✗ Wrong     DataParallelX  → answer: DistributedSampler" || return 1
	st_wait "✗ Out of attempts  the correct answer is shown above" || return 1
	st_wait "Result: out of attempts, score 0." || return 1
	st_stop
	open_kinds || return 1
	st_keys Tab n
	st_wait "Which PyTorch class" || return 1
	st_tmux send-keys -t st -l " distributedsampler "
	st_keys Enter
	st_wait "✓ Correct  right first time, score 100" || return 1
}

# Matching: letters give the focused prompt an answer; a wrong pair shows
# its feedback and keeps the focus; a click on an answer fixes it.
test_match() {
	open_kinds || return 1
	st_keys Tab n Tab n
	st_wait "Match each situation" || return 1
	st_wait "▸ 1  The model fits on one GPU but the dataset is huge  [1]" || return 1
	data=$(letter_of "Data parallelism") || st_fail "no answer Data parallelism" || return 1
	pipe=$(letter_of "Pipeline parallelism") || st_fail "no answer Pipeline parallelism" || return 1
	st_wait "1-3 prompt" || return 1
	st_keys "$data" "$data" "$pipe"
	st_wait "[1:Data parallelism]" || return 1
	st_wait "[2:Data parallelism]" || return 1
	st_wait "[3:Pipeline parallelism]" || return 1
	st_keys Enter
	st_wait "✗ Wrong     [2] Data parallelism" || return 1
	st_wait "Every rank would still hold the whole matrix." || return 1
	st_wait "▸ 2  One weight matrix is too big for one GPU  [2:Data parallelism ✗]" || return 1
	st_wait "Not yet: change the pairs marked Wrong" || return 1
	st_click "Tensor parallelism" || return 1
	st_wait "[2:Tensor parallelism]" || return 1
	st_keys Enter
	st_wait "[2:Tensor parallelism ✓]" || return 1
	st_wait "✓ Correct  right after 2 checks, score 75" || return 1
}

# Out of attempts, a matching item shows the right answer for each prompt.
test_match_reveal() {
	open_kinds || return 1
	st_keys Tab n Tab n
	st_wait "Match each situation" || return 1
	expert=$(letter_of "Expert parallelism") || st_fail "no answer Expert parallelism" || return 1
	st_keys "$expert" "$expert" "$expert" Enter
	st_wait "Attempts: 1 left" || return 1
	st_wait "There are no experts to place." || return 1
	tensor=$(letter_of "Tensor parallelism") || st_fail "no answer Tensor parallelism" || return 1
	st_keys 1 "$tensor" Enter # another wrong answer: the same one again would cost nothing
	st_wait "✗ Out of attempts  the correct answers are shown above" || return 1
	st_wait "[1:Data parallelism]" || return 1
	st_wait "[2:Tensor parallelism]" || return 1
	st_wait "[3:Pipeline parallelism]" || return 1
	st_wait "→ answer: Tensor parallelism" || return 1
}

# Ordering: letters place steps in the next empty position, Backspace
# takes the last back; a check names the first step out of place with its
# feedback, and replacing it moves the steps along.
test_order() {
	open_kinds || return 1
	st_keys Tab n Tab n Tab n
	st_wait "Put the phases of a ring all-reduce in order." || return 1
	split=$(letter_of "Each rank splits its buffer") || st_fail "no step: split" || return 1
	scatter=$(letter_of "Reduce-scatter passes") || st_fail "no step: reduce-scatter" || return 1
	gather=$(letter_of "All-gather passes") || st_fail "no step: all-gather" || return 1
	sum=$(letter_of "Every rank holds the full sum") || st_fail "no step: sum" || return 1
	st_wait "1 ▸[ ]" || return 1
	st_keys "$split" "$sum"
	# A placed step shows once, in its position, with its letter.
	sum_label=$(printf '%s' "$sum" | tr 'a-z' 'A-Z')
	st_wait "2  [$sum_label]   Every rank holds the full sum" || return 1
	[ "$(st_screen | grep -c "Every rank holds the full sum")" = 1 ] ||
		st_fail "a placed step is shown twice" || return 1
	st_keys BSpace
	st_wait "2 ▸[ ]" || return 1
	st_wait "$sum_label  Every rank holds the full sum" || return 1
	st_lacks "[$sum_label]" || return 1
	st_keys "$gather" "$scatter" "$sum" Enter
	st_wait "comes later." || return 1
	st_wait "\"All-gather passes the summed chunks around the ring\"" || return 1
	st_wait "Sharing comes last: only summed chunks are worth passing on." || return 1
	st_wait "Attempts: 1 left" || return 1
	st_wait "✗]" || return 1
	st_lacks "The right order" || return 1
	st_keys "$scatter"
	st_wait_gone "comes later." || return 1
	st_keys "$gather" Enter
	st_wait "✓ Correct  right after 2 checks, score 75" || return 1
}

# Out of attempts, an ordering item shows the right order.
test_order_reveal() {
	open_kinds || return 1
	st_keys Tab n Tab n Tab n
	st_wait "Put the phases of a ring all-reduce in order." || return 1
	split=$(letter_of "Each rank splits its buffer") || return 1
	scatter=$(letter_of "Reduce-scatter passes") || return 1
	gather=$(letter_of "All-gather passes") || return 1
	sum=$(letter_of "Every rank holds the full sum") || return 1
	st_keys "$sum" "$gather" "$scatter" "$split" Enter
	st_wait "Attempts: 1 left" || return 1
	# Another wrong order (the same one again would cost nothing).
	st_keys 1 "$gather" 2 "$sum" Enter
	st_wait "✗ Out of attempts  the right order is shown above" || return 1
	st_wait "→ The right order:" || return 1
	st_wait "Reduce-scatter passes and adds chunks around the ring" || return 1
}

# Pseudo-code says so above the code.
test_pseudo_code() {
	open_kinds || return 1
	st_keys Tab n Tab n Tab n Tab n
	st_wait "shard = batch." || return 1
	st_wait "pseudo-code (made-up calls, not a real API)" || return 1
}

# Tick exactly N: a wrong count is said and costs nothing.
test_choose() {
	open_kinds || return 1
	st_keys Tab n Tab n Tab n Tab n n
	st_wait "Which two collectives" || return 1
	st_wait "Tick exactly 2 options (letters A-D), then press Enter" || return 1
	st_keys a Enter
	st_wait "Tick exactly 2 options: you ticked 1. That cost no attempt." || return 1
	st_wait "Attempts: 2 left" || return 1
	st_keys b Enter
	st_wait "✓ Correct  right first time" || return 1
}

# The menu's line of what to study next: none for a new learner (the menu
# is how to start), then the advice of paratutor next in a few words, on
# one line at 80x24 and at 60x16.
test_menu_next() {
	st_start -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_lacks "Study next" || return 1
	st_keys Enter
	st_wait "[1](values) / [2](values)" || return 1
	st_keys 1 a 2 b Enter
	st_wait "Correct" || return 1
	st_keys q
	st_wait "Study next: finish lesson 1, 1 of 4 items done" || return 1
	st_tmux resize-window -t st -x 60 -y 16
	st_wait "Study next: finish lesson 1, 1 of 4 items done" || return 1
	st_wait "▸ 1 Screen test drills" || return 1
}

# A save that fails (the state directory replaced by a plain file while
# the tutor runs, which fails for root too) stays on every screen, after
# other keys and at 60x16, until ! puts it away; the exit names it, and
# the exit status is 1.
test_save_failure_stays() {
	open_fixture || return 1
	rm -rf "$ST_RUN/state/paratutor"
	: >"$ST_RUN/state/paratutor"
	st_keys n
	st_wait "Progress not saved:" || return 1
	st_wait "! seen  ? help" || return 1
	st_keys p
	st_wait "mean = " || return 1
	st_wait "Progress not saved" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_wait "Progress not saved" || return 1
	st_tmux resize-window -t st -x 60 -y 16
	st_wait "q quit  ! seen  ? help" || return 1
	st_wait "Progress not saved" || return 1
	st_wait "! puts this away" || return 1
	# The help lists ! too: page through it (each page polled for) to its
	# section of the keys every screen shares.
	st_keys '?'
	st_wait "Lesson menu" || return 1
	i=0
	while ! st_screen | grep -qF "!                   after a warning that"; do
		[ "$i" -lt 60 ] || st_fail "the help does not list !" || return 1
		st_screen >"$ST_TMP/before"
		st_keys NPage
		j=0
		while st_screen | cmp -s - "$ST_TMP/before" && [ "$j" -lt "$ST_POLLS" ]; do
			sleep 0.05
			j=$((j + 1))
		done
		i=$((i + 1))
	done
	st_keys Escape
	st_wait_gone "!                   after a warning that" || return 1
	st_keys '!'
	st_wait_gone "Progress not saved" || return 1
	st_lacks "! seen" || return 1
	st_keys '!'
	st_wait "That key does nothing here" || return 1
	st_keys q
	status=$(st_wait_exit) || return 1
	[ "$status" = 1 ] || st_fail "a failed save: exit status $status, expected 1" || return 1
	st_wait_joined "paratutor: your latest work was not saved: $ST_RUN/state/paratutor is not a directory" ||
		return 1
}

# A damaged store moved aside at the start: the warning, in the learner's
# words (no field of the file named), stays through the first keys, and
# the exit says where the file went.
test_damaged_store_stays() {
	mkdir -p "$ST_TMP/damaged/paratutor"
	printf '{ "format": 1, "lessons": {}, "lessons": {} }\n' >"$ST_TMP/damaged/paratutor/progress.json"
	st_start XDG_STATE_HOME="$ST_TMP/damaged" -- $FIXTURE || return 1
	st_wait "⚠ your progress records in" || return 1
	st_lacks "appears twice" || return 1
	st_keys Escape # the introduction: a store started afresh is a first run
	st_wait "Screen test drills" || return 1
	st_wait "⚠ your progress records in" || return 1
	st_keys j
	st_wait "▸ 2 Screen test kinds" || return 1
	st_wait "⚠ your progress records in" || return 1
	st_keys k Enter
	st_wait "mean = " || return 1
	st_wait "⚠ your progress records in" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_wait "puts this away" || return 1
	st_lacks "all of it when you quit" || return 1 # whole at 80x24
	# At 60x16 its three rows cannot hold it: it says that it is cut, and
	# where the rest is, before the key that puts it away.
	st_tmux resize-window -t st -x 60 -y 16
	st_wait "(all of it when you quit)  ! puts this away" || return 1
	st_keys q
	st_wait_exit >/dev/null || return 1
	kept=$(ls "$ST_TMP/damaged/paratutor/" | grep "^progress.json.corrupt-") ||
		st_fail "no file kept aside" || return 1
	st_wait_joined "paratutor: your progress records in $ST_TMP/damaged/paratutor/progress.json could not be read" ||
		return 1
	st_wait_joined "nothing was deleted: the file was moved to $ST_TMP/damaged/paratutor/$kept, whole" || return 1
	st_lacks "appears twice" || return 1
	rm -rf "$ST_TMP/damaged"
}

# At 60x16 the answer field, its key bar and the feedback still fit; ?
# opens the help even while the field takes the keys.
test_kinds_small() {
	open_kinds || return 1
	st_tmux resize-window -t st -x 60 -y 16
	st_wait "Answer: ▸[_" || return 1
	st_wait "Enter check  Tab commands  ? help" || return 1
	st_keys 1 2 Enter
	st_wait "✗ Wrong     12" || return 1
	st_wait "12 counts only the fp32 copies" || return 1
	st_keys '?'
	st_wait "Item screen" || return 1
	st_keys PageDown PageDown
	st_wait "typed answers: type into the" || return 1
	st_keys Escape
	st_wait "Answer: ▸[12_" || return 1
}

# One rule for every lesson number: the digits select, Enter opens.  With
# 25 lessons, 2 waits (20 to 25 exist) and so does 3 (the old menu opened 3
# at once, so an Enter typed after it landed on the item); 2 then 20 and
# Enter opens lesson 20, not lesson 2 or "220".
test_lesson_number() {
	st_start -- --only-lessons content || return 1
	st_wait "Choose a lesson" || return 1
	st_wait "or type its number, then press Enter" || return 1
	st_keys 2
	st_wait "Lesson 2: press Enter to open it" || return 1
	st_lacks "Your team's Keras prototype" || return 1
	st_keys 2 0
	st_wait "Lesson 20: press Enter to open it" || return 1
	st_lacks "Complete the loop so that" || return 1
	st_keys Enter
	st_wait "Complete the loop so that" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_keys 3
	st_wait "Lesson 3: press Enter to open it" || return 1
	st_lacks "What is the core difference" || return 1
	st_keys Enter
	st_wait "What is the core difference" || return 1
	st_keys q
	st_wait "Choose a lesson" || return 1
	st_keys 0
	st_wait "The lessons are numbered 1 to 25" || return 1
}

# help_columns FILE - checks a capture of the help box: on every row that
# names keys (two spaces, then a key, inside the box), the column before
# the descriptions is blank, so no key runs into what it does; prints how
# many rows it checked, fails on the first that does.
help_columns() {
	python3 - "$1" <<'EOF'
import sys
rows = 0
for line in open(sys.argv[1], encoding="utf-8"):
    at = line.find("\u2502")
    if at < 0:
        continue
    content = line[at + 2:]
    if len(content) > 22 and content[:2] == "  " and content[2] not in " \u2502":
        rows += 1
        if content[21] != " ":
            print("a key runs into its description: " + line.rstrip())
            sys.exit(1)
print(rows)
EOF
}

# The help's key column wraps at 80 and 60 columns: a key too long for it
# goes on in the same column on the next row, never into the description.
test_help_key_column() {
	st_start -- $FIXTURE || return 1
	st_wait "Screen test drills" || return 1
	st_keys '?'
	st_wait "Lesson menu" || return 1
	for size in 80x24 60x16 80x400 60x400; do
		st_tmux resize-window -t st -x "${size%x*}" -y "${size#*x}"
		case $size in
		*x400) st_wait "How paratutor works" || return 1 ;;
		*) st_wait_gone "How paratutor works" || return 1 ;;
		esac
		st_wait "Enter, l, Right," || return 1
		st_screen >"$ST_TMP/help-$size"
		rows=$(help_columns "$ST_TMP/help-$size") || st_fail "at $size: $rows" || return 1
		[ "$rows" -ge 3 ] || st_fail "at $size only $rows key rows seen" || return 1
		case $size in
		*x400) [ "$rows" -ge 40 ] || st_fail "at $size only $rows key rows seen" || return 1 ;;
		esac
	done
}

st_test "first source drill: batch is wrong, split is right" test_seed_drill
st_test "two-blank drill by digit and letter" test_fill_keys
st_test "two-blank drill by mouse clicks" test_fill_mouse
st_test "select all: a wrong pick and a miss" test_multi
st_test "hints in order; out of attempts reveals the answers" test_hints_and_reveal
st_test "resize to 20x6 and back keeps the state" test_resize
st_test "SIGTERM, Ctrl-C, SIGHUP, Ctrl-\\ and SIGQUIT restore the terminal" test_signals
st_test "a crash signal restores the terminal" test_crash
st_test "NO_COLOR=1 draws without colour" test_no_color
st_test "a broken lesson is listed, not opened" test_broken_lesson
st_test "the menu from the lesson index is the menu without it" test_menu_from_index
st_test "help overlay; q back to the menu and out" test_help
st_test "help and key bars come from the key tables" test_help_lists_keys
st_test "a lesson number selects, Enter opens: 2, then 20 Enter, then 3" test_lesson_number
st_test "the help's key column wraps at 80 and 60 columns" test_help_key_column
st_test "the first run shows the introduction" test_first_run
st_test "TERM empty, unknown or dumb: plain mode, saying why" test_term_fallback
st_test "End and Home in a long menu: the last lesson whole, the first" test_menu_end
st_test "a single-blank drill: letters fill and replace" test_single_blank
st_test "summary after the last item; r retries what was missed" test_summary
st_test "every item right first time: the summary offers no practice" test_summary_all_right
st_test "quit mid-lesson, start again: progress resumes" test_resume
st_test "a double Enter on a checked answer costs nothing" test_double_enter_free
st_test "select all: tick all is no answer; one wrong tick marked" test_tick_all_free
st_test "practice is named and lowers nothing; the lesson score stays" test_retry_practice
st_test "leaving a review half-way leaves the lesson as it was" test_review_own_pass
st_test "a filled blank not yet checked survives quitting" test_draft
st_test "Ctrl-\\ (SIGQUIT) restores the terminal and keeps the draft" test_quit_keeps_draft
st_test "a typed answer not yet checked survives moving away and quitting" test_typed_draft
st_test "reset from the summary asks first, saying what it does, then starts attempt 2" test_reset
st_test "--watch reloads on save and survives a broken save" test_watch
st_test "--watch keeps answers by option text, shows warnings, says where a deleted item went" test_watch_by_text
st_test "review: what is due, the mistakes made, answering it" test_review
st_test "numeric: unclear costs nothing, wrong shows feedback, right in bits" test_numeric
st_test "numeric: out of attempts shows the value and unit" test_numeric_reveal
st_test "text: spelling costs nothing, wrong feedback, reveal, right" test_text
st_test "match: letters and clicks, wrong pair feedback, right" test_match
st_test "match: out of attempts shows each answer" test_match_reveal
st_test "order: place, take back, out of place named, fixed" test_order
st_test "order: out of attempts shows the right order" test_order_reveal
st_test "fill: pseudo-code is tagged" test_pseudo_code
st_test "typed answer at 60x16, help while typing" test_kinds_small
st_test "multi with choose: a wrong count costs nothing" test_choose
st_test "the menu's line of what to study next" test_menu_next
st_test "a failed save stays on screen until !, and is printed at exit" test_save_failure_stays
st_test "a damaged store's warning stays through the keys and is printed at exit" test_damaged_store_stays
if [ -r /proc/self/stat ] && grep -q '^voluntary_ctxt_switches:' /proc/self/status 2>/dev/null; then
	st_test "no CPU use while waiting for a key" test_idle
else
	st_skip "no CPU use while waiting for a key" "/proc/PID/stat and status cannot be read here, so wake-ups and clock ticks cannot be counted"
fi
st_finish

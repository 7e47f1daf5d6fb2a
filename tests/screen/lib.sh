# lib.sh - helpers for the screen tests, sourced by run.sh.
#
# Each test runs the real binary in a detached tmux pane (a real pty inside
# a real terminal emulator), types keys with send-keys, and polls the
# screen with capture-pane until the expected text appears or a deadline
# passes; nothing sleeps blindly before an assertion.  Sanitizer reports go
# to log files that every test checks at its end.
#
# PT_WRAP, when set, holds command words run before the binary, such as
# valgrind and its options (no word may contain a space).  The program's
# environment has ST_LOGS, the directory those end-of-test checks read: a
# wrapper that writes its report to a non-empty ST_LOGS/valgrind.* file
# (valgrind --log-file=%q{ST_LOGS}/valgrind.%p) fails the test.

ST_DIR=$(cd "$(dirname "$0")" && pwd)
ST_TMP=$(mktemp -d "${TMPDIR:-/tmp}/paratutor-screen.XXXXXX")
ST_STARTS=0
ST_SOCKET="$ST_TMP/tmux-$ST_STARTS"
ST_POLLS=$(( ${ST_TIMEOUT:-10} * 20 )) # polls 0.05 s apart
ST_N=0
ST_PASSED=0
ST_FAILED=0
ST_WHY=""
unset TMUX TMUX_PANE

# st_setup "$@" - takes the suite's one argument, the binary to test,
# checks that tmux is there, and moves to the source tree's root.
st_setup() {
	if [ $# -ne 1 ]; then
		echo "usage: sh $0 BINARY" >&2
		exit 2
	fi
	if ! command -v tmux >/dev/null 2>&1; then
		echo "screen tests need tmux; 'make test-deps' installs it" >&2
		exit 1
	fi
	ST_BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
	cd "$ST_DIR/../.." || exit 1
}

# st_tmux ARGS... - tmux on the tests' own server, whose socket lives in
# the scratch directory.
st_tmux() {
	tmux -S "$ST_SOCKET" -f /dev/null "$@"
}

# st_cleanup - stops the tmux server and removes the scratch directory.
st_cleanup() {
	st_tmux kill-server >/dev/null 2>&1
	rm -rf "$ST_TMP"
}
trap st_cleanup EXIT
trap 'exit 130' INT TERM HUP

# st_fail REASON - records why the running test failed; returns 1.
st_fail() {
	ST_WHY=$1
	return 1
}

# st_start [VAR=VALUE...] -- ARGS... - starts "$ST_BIN --no-shuffle ARGS" (without
# --no-shuffle when ST_SHUFFLE=1 is given) in a fresh
# 80x24 pane with a UTF-8 locale, TERM=xterm-256color, colour allowed and
# a state directory of its own (no progress from other runs); the
# assignments add to or override that environment.
st_start() {
	st_tmux kill-server >/dev/null 2>&1
	ST_STARTS=$((ST_STARTS + 1))
	ST_SOCKET="$ST_TMP/tmux-$ST_STARTS" # a new server: no race with the old one's exit
	ST_RUN="$ST_TMP/run"
	rm -rf "$ST_RUN"
	mkdir -p "$ST_RUN"
	# An empty store where none is yet, so the first-run introduction stays
	# away unless a test asks for it with ST_FIRST_RUN=1.
	state_home="$ST_RUN/state"
	first_run=0
	shuffle_arg=--no-shuffle # tests name option letters; ST_SHUFFLE=1 keeps shuffling on
	for arg in "$@"; do
		case $arg in
		--) break ;;
		ST_SHUFFLE=1) shuffle_arg= ;;
		XDG_STATE_HOME=*) state_home=${arg#XDG_STATE_HOME=} ;;
		ST_FIRST_RUN=1) first_run=1 ;;
		esac
	done
	if [ "$first_run" != 1 ] && [ ! -e "$state_home/paratutor/progress.json" ]; then
		mkdir -p "$state_home/paratutor"
		printf '{ "format": 1, "lessons": {} }\n' >"$state_home/paratutor/progress.json"
	fi
	set -- TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_STATE_HOME="$ST_RUN/state" XDG_CACHE_HOME="$ST_RUN/cache" ST_LOGS="$ST_TMP" \
	    ASAN_OPTIONS="log_path=$ST_TMP/asan:detect_leaks=1" \
	    UBSAN_OPTIONS="log_path=$ST_TMP/ubsan:print_stacktrace=1:halt_on_error=1" "$@"
	env_args=""
	while [ "$1" != "--" ]; do
		env_args="$env_args $1"
		shift
	done
	shift
	# shellcheck disable=SC2086 # env_args and PT_WRAP hold words without spaces
	st_tmux new-session -d -s st -x 80 -y 24 \
	    sh "$ST_DIR/pane.sh" "$ST_RUN" env -u NO_COLOR $env_args ${PT_WRAP:-} "$ST_BIN" $shuffle_arg "$@" || return 1
	st_tmux set-option -g window-size manual >/dev/null
}

# st_screen [OPTIONS] - prints the visible screen.
st_screen() {
	st_tmux capture-pane -p -t st "$@" 2>/dev/null
}

# st_wait TEXT - polls until the screen shows TEXT.
st_wait() {
	i=0
	while [ "$i" -lt "$ST_POLLS" ]; do
		st_screen | grep -qF -- "$1" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	st_fail "timed out waiting for: $1"
}

# st_wait_joined TEXT - polls until the screen, its wrapped lines joined,
# shows TEXT (what the program printed on leaving, as the terminal wrapped
# it).
st_wait_joined() {
	i=0
	while [ "$i" -lt "$ST_POLLS" ]; do
		st_screen -J | grep -qF -- "$1" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	st_fail "timed out waiting for: $1"
}

# st_wait_gone TEXT - polls until the screen no longer shows TEXT.
st_wait_gone() {
	i=0
	while [ "$i" -lt "$ST_POLLS" ]; do
		st_screen | grep -qF -- "$1" || return 0
		sleep 0.05
		i=$((i + 1))
	done
	st_fail "timed out waiting for this to go away: $1"
}

# st_lacks TEXT - fails when the screen shows TEXT now.
st_lacks() {
	if st_screen | grep -qF -- "$1"; then
		st_fail "unexpected on screen: $1"
		return 1
	fi
	return 0
}

# st_keys KEYS... - types tmux key names (a, Enter, BTab, C-c...).
st_keys() {
	st_tmux send-keys -t st "$@"
}

# st_find TEXT - prints "ROW COL" (0-based) where TEXT first appears.
st_find() {
	st_screen >"$ST_TMP/screen"
	row=$(grep -nF -- "$1" "$ST_TMP/screen" | head -n 1 | cut -d: -f1)
	[ -n "$row" ] || return 1
	line=$(sed -n "${row}p" "$ST_TMP/screen")
	prefix=${line%%"$1"*}
	col=$(printf '%s' "$prefix" | LC_ALL=C.UTF-8 wc -m)
	echo "$((row - 1)) $((col))"
}

# st_click TEXT [OFFSET] - left-clicks the first cell of TEXT (plus OFFSET
# columns) with an xterm SGR mouse press and release.
st_click() {
	pos=$(st_find "$1") || st_fail "nothing to click: $1" || return 1
	row=${pos% *}
	col=$((${pos#* } + ${2:-0}))
	st_tmux send-keys -t st -l "$(printf '\033[<0;%d;%dM' $((col + 1)) $((row + 1)))"
	st_tmux send-keys -t st -l "$(printf '\033[<0;%d;%dm' $((col + 1)) $((row + 1)))"
}

# st_pid - prints the process id of the program in the pane.
st_pid() {
	i=0
	while [ ! -s "$ST_RUN/pid" ] && [ "$i" -lt "$ST_POLLS" ]; do
		sleep 0.05
		i=$((i + 1))
	done
	cat "$ST_RUN/pid"
}

# st_wait_exit - polls until the program has exited; prints its status.
st_wait_exit() {
	i=0
	while [ ! -s "$ST_RUN/status" ]; do
		[ "$i" -lt "$ST_POLLS" ] || st_fail "the program did not exit" || return 1
		sleep 0.05
		i=$((i + 1))
	done
	cat "$ST_RUN/status"
}

# st_restored - checks the terminal the exited program left: main screen
# (alternate screen off), canonical mode and echo back on.
st_restored() {
	[ "$(st_tmux display-message -p -t st '#{alternate_on}')" = 0 ] ||
		st_fail "the alternate screen is still on" || return 1
	grep -qw -- '-icanon' "$ST_RUN/stty" && st_fail "the terminal was left in -icanon mode" && return 1
	grep -qw -- '-echo' "$ST_RUN/stty" && st_fail "the terminal was left in -echo mode" && return 1
	grep -qw -- 'icanon' "$ST_RUN/stty" || st_fail "no stty report: $(cat "$ST_RUN/stty")"
}

# st_stop - ends a program still running with SIGTERM and waits for it.
st_stop() {
	[ -s "$ST_RUN/status" ] && return 0
	pid=$(cat "$ST_RUN/pid" 2>/dev/null) || return 0
	kill -TERM "$pid" 2>/dev/null
	st_wait_exit >/dev/null
}

# st_sanitizers_clean - fails when a sanitizer or the PT_WRAP valgrind
# wrote a report.
st_sanitizers_clean() {
	for log in "$ST_TMP"/asan.* "$ST_TMP"/ubsan.* "$ST_TMP"/valgrind.*; do
		[ -e "$log" ] || continue
		if [ ! -s "$log" ]; then # valgrind --quiet leaves an empty log when all is well
			rm -f "$log"
			continue
		fi
		ST_WHY="sanitizer report $(basename "$log"):
$(cat "$log")"
		rm -f "$log"
		return 1
	done
	return 0
}

# st_test NAME FUNCTION - runs one test and prints TAP-style "ok N - NAME"
# or "not ok N - NAME" with the reason and the screen.  With ST_ONLY set,
# only the tests whose name contains it run.
st_test() {
	case $1 in
	*"${ST_ONLY:-}"*) ;;
	*) return 0 ;;
	esac
	ST_N=$((ST_N + 1))
	ST_WHY=""
	name=$1
	shift
	if "$@"; then
		result=0
	else
		result=1
	fi
	st_screen >"$ST_TMP/last-screen" 2>/dev/null
	st_stop
	st_sanitizers_clean || result=1
	if [ "$result" = 0 ]; then
		ST_PASSED=$((ST_PASSED + 1))
		echo "ok $ST_N - $name"
	else
		ST_FAILED=$((ST_FAILED + 1))
		echo "not ok $ST_N - $name"
		printf '%s\n' "$ST_WHY" | sed 's/^/# /'
		echo "# screen:"
		sed 's/^/# | /' "$ST_TMP/last-screen"
	fi
	st_tmux kill-server >/dev/null 2>&1
}

# st_skip NAME REASON - a test that could not run: printed as SKIP with
# the reason and counted as skipped, never as passed.
st_skip() {
	ST_SKIPPED=$((${ST_SKIPPED:-0} + 1))
	echo "SKIP $1: $2"
}

# st_finish - prints the totals; returns 1 when a test failed or when
# none passed (a suite that ran nothing).
st_finish() {
	echo "$ST_PASSED passed, $ST_FAILED failed${ST_SKIPPED:+, $ST_SKIPPED skipped}"
	[ "$ST_FAILED" = 0 ] && [ "$ST_PASSED" -gt 0 ]
}

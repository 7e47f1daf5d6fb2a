#!/bin/sh
# run.sh BINARY - the lesson index cache from the outside: every case
# (cold, warm, stale, deleted, truncated, corrupt, another version, a
# cache that cannot be written, tutors racing, turned off) must show
# exactly what the tutor shows without the index, broken lessons included.
# The tutor runs in plain mode (stdin is not a terminal); it lists the
# lessons, opens the first and goes back, so both the list drawn from the
# index and a lesson loaded on opening are compared.
# PARATUTOR_INDEX_STATS makes it say on stderr how many lessons came from
# the index and whether it wrote one.
set -u
bin=$1
passed=0
failed=0
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
lessons=$tmp/lessons
XDG_CACHE_HOME=$tmp/cache
XDG_STATE_HOME=$tmp/state
export XDG_CACHE_HOME XDG_STATE_HOME
COLUMNS=1000 # plain mode wraps to COLUMNS: these transcripts compare whole lines
export COLUMNS
unset PARATUTOR_NO_CACHE
mkdir -p "$lessons"
cp content/01-dp-vs-mp.json content/11-parallelism-kinds.json content/13-collectives.json "$lessons/"
cp tests/fixtures/bad/attempts.json "$lessons/20-broken.json" # a lesson with errors
printf '{ "id": "x", oops\n' >"$lessons/30-not-json.json"     # no lesson at all
# The index trusts no entry for a file modified in the second it was
# written or later (git's "racily clean" rule), so the lessons are dated a
# minute back, and so is every edit below: no test waits for the clock.
past=$(($(date +%s) - 60))
backdate() { touch -d "@$past" "$@"; }
backdate "$lessons"/* "$lessons"
input='1
menu
list
quit
'

AS= # a command prefix the tutor runs under (setpriv, below)
ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() {
	failed=$((failed + 1))
	echo "not ok - $1"
	[ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/  | /' | head -20
}

# tutor OUT [ARGS...]: runs the tutor on the lessons with a fresh store;
# stdout to OUT, stderr to OUT.err.
tutor() {
	o=$1
	shift
	rm -rf "$XDG_STATE_HOME"
	# shellcheck disable=SC2086 # AS is a command prefix or nothing
	printf '%s' "$input" | PARATUTOR_INDEX_STATS=1 $AS "$bin" --no-shuffle --only-lessons "$lessons" "$@" >"$o" 2>"$o.err"
	echo $? >"$o.status"
}

# same NAME STATS: runs the tutor and checks that its output is the one
# without the index and that it said STATS about the index.
same() {
	tutor "$tmp/got"
	if ! cmp -s "$tmp/got" "$tmp/want"; then
		not_ok "$1" "$(diff "$tmp/want" "$tmp/got")"
	elif [ "$(cat "$tmp/got.status")" != 0 ]; then
		not_ok "$1" "exit status $(cat "$tmp/got.status")"
	elif ! grep -qx "paratutor: index: $2" "$tmp/got.err"; then
		not_ok "$1" "$(cat "$tmp/got.err")"
	elif [ "$(grep -cv '^paratutor: index: ' "$tmp/got.err")" != 0 ]; then
		not_ok "$1" "stderr: $(cat "$tmp/got.err")"
	else
		ok "$1"
	fi
}

# reference: the output without any index.
reference() {
	PARATUTOR_NO_CACHE=1 tutor "$tmp/want"
}

index_file() {
	ls "$XDG_CACHE_HOME"/paratutor/index-*.bin 2>/dev/null
}

reference
if grep -q ') Broken, run paratutor' "$tmp/want" && grep -q 'attempts is 0' "$tmp/want" && grep -q 'invalid JSON' "$tmp/want" &&
    grep -q 'The two kinds of parallelism' "$tmp/want" && [ ! -e "$XDG_CACHE_HOME" ]; then
	ok "without the index: broken lessons listed, nothing cached"
else
	not_ok "without the index: broken lessons listed, nothing cached" "$(cat "$tmp/want")"
fi

same "cold: lessons loaded, index written" "0 of 5 lessons from the index, 1 index file written"
[ "$(index_file | wc -l)" = 1 ] && ok "one index file for the directory" || not_ok "one index file for the directory" "$(ls -la "$XDG_CACHE_HOME/paratutor")"
same "warm: every lesson from the index, the same text" "5 of 5 lessons from the index, 0 index files written"
grep -qx 'paratutor: index: 1 lesson folder listed from the index' "$tmp/got.err" &&
	ok "warm: the folder's lesson files listed from the index, the folder not read" ||
	not_ok "warm: the folder's lesson files listed from the index, the folder not read" "$(cat "$tmp/got.err")"

# Stale: the title changes by one letter, same size, same modification
# time (dated back like the rest); only the change time differs.
sed 's/"The two kinds of parallelism"/"The two kinds of parallelisn"/' "$lessons/11-parallelism-kinds.json" >"$tmp/edit"
cat "$tmp/edit" >"$lessons/11-parallelism-kinds.json"
backdate "$lessons/11-parallelism-kinds.json"
reference
grep -q 'The two kinds of parallelisn' "$tmp/want" || not_ok "the edit shows without the index" "$(cat "$tmp/want")"
same "stale: an edited file of the same size is loaded again" "4 of 5 lessons from the index, 1 index file written"
same "stale: then warm again" "5 of 5 lessons from the index, 0 index files written"

# A lesson that breaks after the index was written shows as broken.
sed '5s/"title"/"titel"/' "$lessons/01-dp-vs-mp.json" >"$tmp/edit"
cat "$tmp/edit" >"$lessons/01-dp-vs-mp.json"
backdate "$lessons/01-dp-vs-mp.json"
reference
grep -q 'is missing the required field "title"' "$tmp/want" || not_ok "the break shows without the index" "$(head -20 "$tmp/want")"
same "a lesson broken since is shown broken" "4 of 5 lessons from the index, 1 index file written"
cp content/01-dp-vs-mp.json "$lessons/01-dp-vs-mp.json"
backdate "$lessons/01-dp-vs-mp.json"
reference
same "mended again" "4 of 5 lessons from the index, 1 index file written"

# Racily clean: a file modified in the second the index was written, or
# later (here dated an hour ahead), is never taken from the index, however
# often the index is written again; dated back, it is.
touch -d "@$(($(date +%s) + 3600))" "$lessons/13-collectives.json"
same "modified at or after the index's second: loaded" "4 of 5 lessons from the index, 1 index file written"
same "... every time" "4 of 5 lessons from the index, 1 index file written"
backdate "$lessons/13-collectives.json"
same "dated back: loaded once more, then from the index" "4 of 5 lessons from the index, 1 index file written"
same "... from the index" "5 of 5 lessons from the index, 0 index files written"

rm -f "$(index_file)"
same "deleted: rebuilt" "0 of 5 lessons from the index, 1 index file written"

f=$(index_file)
size=$(wc -c <"$f")
head -c $((size / 2)) "$f" >"$tmp/half" && cat "$tmp/half" >"$f"
same "truncated: rebuilt" "0 of 5 lessons from the index, 1 index file written"

f=$(index_file)
printf 'corrupt' | dd of="$f" bs=1 seek=$(($(wc -c <"$f") / 3)) conv=notrunc 2>/dev/null
same "corrupt bytes: rebuilt" "0 of 5 lessons from the index, 1 index file written"

f=$(index_file)
printf '\143' | dd of="$f" bs=1 seek=4 conv=notrunc 2>/dev/null
same "another index version: rebuilt" "0 of 5 lessons from the index, 1 index file written"

printf 'not an index at all\n' >"$(index_file)"
same "garbage: rebuilt" "0 of 5 lessons from the index, 1 index file written"
same "then warm" "5 of 5 lessons from the index, 0 index files written"

# A cache that cannot be written costs only speed: a directory without
# write permission, and a cache path that is a file.  Root may write
# anyway, so as root the tutor runs as nobody (setpriv) for the first,
# with a cache and a state directory of its own.
rm -rf "$XDG_CACHE_HOME"
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null 2>&1 || { echo "setpriv is needed to run a test as nobody" >&2; exit 2; }
	AS="setpriv --reuid=65534 --regid=65534 --clear-groups --"
	chmod 755 "$tmp"
	mkdir -p "$tmp/nobody/cache/paratutor"
	chmod 1777 "$tmp/nobody"
	chmod 555 "$tmp/nobody/cache/paratutor"
	XDG_CACHE_HOME=$tmp/nobody/cache XDG_STATE_HOME=$tmp/nobody/state
	same "read-only cache directory (as nobody): the same text" "0 of 5 lessons from the index, 0 index files written"
	AS= XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state
else
	mkdir -p "$XDG_CACHE_HOME/paratutor"
	chmod 555 "$XDG_CACHE_HOME/paratutor"
	same "read-only cache directory: the same text" "0 of 5 lessons from the index, 0 index files written"
	chmod 755 "$XDG_CACHE_HOME/paratutor"
fi
rm -rf "$XDG_CACHE_HOME"
printf 'a file, not a directory\n' >"$XDG_CACHE_HOME"
same "cache path is a file: the same text" "0 of 5 lessons from the index, 0 index files written"
same "... every time" "0 of 5 lessons from the index, 0 index files written"
rm -f "$XDG_CACHE_HOME"

# Turned off: nothing is read or written.
tutor "$tmp/got" --no-cache
if cmp -s "$tmp/got" "$tmp/want" && [ ! -e "$XDG_CACHE_HOME" ] &&
    grep -qx 'paratutor: index: 0 of 5 lessons from the index, 0 index files written' "$tmp/got.err"; then
	ok "--no-cache reads and writes no index"
else
	not_ok "--no-cache reads and writes no index" "$(cat "$tmp/got.err")"
fi
PARATUTOR_NO_CACHE=1 tutor "$tmp/got"
[ ! -e "$XDG_CACHE_HOME" ] && cmp -s "$tmp/got" "$tmp/want" && ok "PARATUTOR_NO_CACHE=1 too" || not_ok "PARATUTOR_NO_CACHE=1 too"

# Racing: eight tutors build the index at once; every one shows the same
# text, and the index left behind is whole (the next start uses all of
# it) with no temporary file lying about.
i=0
while [ $i -lt 8 ]; do
	(printf '%s' "$input" | XDG_STATE_HOME="$tmp/state-$i" "$bin" --no-shuffle --only-lessons "$lessons" >"$tmp/race-$i" 2>"$tmp/race-$i.err") &
	i=$((i + 1))
done
wait
race_ok=true
i=0
while [ $i -lt 8 ]; do
	cmp -s "$tmp/race-$i" "$tmp/want" && [ ! -s "$tmp/race-$i.err" ] || race_ok=false
	i=$((i + 1))
done
$race_ok && ok "eight tutors building the index at once show the same text" || not_ok "eight tutors building the index at once show the same text" "$(diff "$tmp/want" "$tmp/race-0")"
same "the index they left is whole" "5 of 5 lessons from the index, 0 index files written"
if ls "$XDG_CACHE_HOME/paratutor" | grep -q 'tmp'; then
	not_ok "no temporary index files are left" "$(ls "$XDG_CACHE_HOME/paratutor")"
else
	ok "no temporary index files are left"
fi

# Another build of paratutor (its index tag differs) does not trust it:
# a copy of the binary with another size.
cp "$bin" "$tmp/paratutor-copy" && printf 'x' >>"$tmp/paratutor-copy"
rm -rf "$XDG_STATE_HOME"
printf '%s' "$input" | PARATUTOR_INDEX_STATS=1 "$tmp/paratutor-copy" --no-shuffle --only-lessons "$lessons" >"$tmp/got" 2>"$tmp/got.err"
if cmp -s "$tmp/got" "$tmp/want" && grep -qx 'paratutor: index: 0 of 5 lessons from the index, 1 index file written' "$tmp/got.err"; then
	ok "an index written by another build is rebuilt"
else
	not_ok "an index written by another build is rebuilt" "$(cat "$tmp/got.err")"
fi

# Statistics look into every lesson: from a warm index they load what
# they need and show what they show without it.
rm -rf "$XDG_CACHE_HOME"
input='stats
quit
'
reference
grep -q 'Mastery by lesson' "$tmp/want" || not_ok "statistics without the index" "$(head -20 "$tmp/want")"
tutor "$tmp/got"
same "statistics from a warm index: the same figures" "5 of 5 lessons from the index, 0 index files written"
input='1
menu
quit
'

# A lesson added to the folder, the folder's modification time set back
# as it was: its change time still tells, and the new lesson is listed.
tutor "$tmp/got"
cp content/02-scaling-prototypes.json "$lessons/02-added.json"
backdate "$lessons/02-added.json" "$lessons"
reference
grep -q '^6 lessons' "$tmp/want" || not_ok "the added lesson is in the reference" "$(head -20 "$tmp/want")"
same "a lesson added, the folder's time set back: listed" "5 of 6 lessons from the index, 1 index file written"
same "... then the folder from the index again" "6 of 6 lessons from the index, 0 index files written"
grep -qx 'paratutor: index: 1 lesson folder listed from the index' "$tmp/got.err" || not_ok "... listed from the index" "$(cat "$tmp/got.err")"
rm "$lessons/02-added.json"
backdate "$lessons"
reference
same "a lesson removed: not listed" "5 of 5 lessons from the index, 1 index file written"

# The tutor's --report and --check never use the index.
rm -rf "$XDG_CACHE_HOME"
"$bin" --check "$lessons" >/dev/null 2>&1
"$bin" --report --state "$tmp/none.json" >/dev/null 2>&1
[ ! -e "$XDG_CACHE_HOME" ] && ok "--check and --report write no index" || not_ok "--check and --report write no index"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

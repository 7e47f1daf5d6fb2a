#!/bin/sh
# run.sh BINARY - hostile text never reaches a terminal or a spreadsheet.
#
# A lesson, a GIFT bank, a Moodle XML bank, progress stores and an LRS's
# statements (class --lrs, from tests/lrs/lrs.py's stub) carrying
# the text of issue 24 (escape sequences, C1 controls, bidi overrides,
# invisible characters, bytes that are not UTF-8; make_fixtures.py) go
# through every command; scan.py fails on any byte of the output (stdout,
# stderr, files written) that a terminal would obey or hide.  --check
# names each such character at its line and column; import escapes and
# reports them; CSV cells that would start a formula are neutralised.
# The full screen and --watch run in a pty (pty_run.py), their raw output
# scanned past curses' own sequences.  Prints "N passed, M failed".
set -u
bin=$1
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
here=tests/hostile
passed=0
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pt-hostile.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache
export XDG_STATE_HOME XDG_CACHE_HOME
LC_ALL=C.UTF-8
export LC_ALL

ok() { passed=$((passed + 1)); echo "ok - $1"; }
# The output shown for a failure goes through cat -v: it may hold the very
# sequences under test, which must not reach the terminal running the tests.
not_ok() { failed=$((failed + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && cat -v "$2" | sed 's/^/  | /' | head -20; }

# A store the tutor itself writes: one answer on the clean lesson.
mkdir -p "$tmp/seed"
cp tests/fixtures/good/minimal.json "$tmp/seed/"
printf 'next\nb\nquit\n' | "$bin" --plain --no-shuffle --only-lessons "$tmp/seed" --state "$tmp/seed/progress.json" \
	fixture-minimal >/dev/null 2>&1
if ! python3 $here/make_fixtures.py "$tmp/h" tests/fixtures/good/minimal.json "$tmp/seed/progress.json" \
	>"$tmp/gen.err" 2>&1; then
	not_ok "the hostile fixtures are written" "$tmp/gen.err"
	echo "$passed passed, $failed failed"
	exit 1
fi
h=$tmp/h
L=$h/lessons
store=$h/class/=1+2/progress.json
osc=$(printf '\033]0;PWNED\007')
n=0

# run NAME STATUS INPUT -- ARGS...: runs the binary with INPUT on stdin,
# checks its exit status and that stdout and stderr hold nothing hostile.
# Leaves the output in $out and $err.
run() {
	name=$1 want=$2 input=$3
	shift 4
	n=$((n + 1))
	out=$tmp/out.$n err=$tmp/err.$n
	printf '%b' "$input" | "$bin" "$@" >"$out" 2>"$err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		not_ok "$name: exit $got, wanted $want" "$err"
	elif ! python3 $here/scan.py "$out" "$err" >"$tmp/scan.$n"; then
		not_ok "$name: raw control, C1 or bidi character in the output" "$tmp/scan.$n"
	elif [ ! -s "$out" ] && [ ! -s "$err" ]; then
		not_ok "$name: no output at all"
	else
		ok "$name"
	fi
}

# has NAME FILE PATTERN: the file holds a line matching the fixed string.
has() {
	if grep -qF -- "$3" "$2"; then ok "$1"; else not_ok "$1 (wanted: $3)" "$2"; fi
}

run "plain mode: the menu lists the hostile and the broken lesson" 0 'quit\n' \
	-- --plain --only-lessons "$L" --state "$store"
run "plain mode: opening the hostile lesson" 3 '' -- --plain --only-lessons "$L" --state "$store" hostile
run "plain mode: a lesson on a store of hostile keys" 0 '2\nnext\nquit\n' \
	-- --plain --no-shuffle --only-lessons "$L" --state "$store" fixture-minimal
run "plain mode: a damaged store under a hostile path" 0 'quit\n' \
	-- --plain --only-lessons "$L" --state "$h/damaged$osc/progress.json"
has "the damaged-store notice names the path, escaped" "$out" 'damaged\e]0;PWNED<U+0007>'

run "--check" 1 '' -- --check "$L"
run "--check --strict" 1 '' -- --check --strict "$L/hostile.json"
missing=0
while IFS= read -r want; do
	grep -qF -- "$L/$want" "$out" || { missing=1; echo "  | missing: $want"; }
done <"$h/expected"
if [ "$missing" -eq 0 ] && [ "$(wc -l <"$h/expected")" -ge 8 ]; then
	ok "--check --strict names each hostile field at its line and column"
else
	not_ok "--check --strict names each hostile field at its line and column" "$out"
fi
has "--check quotes a hostile key escaped" "$out" 'unknown field "evil\e]0;key<U+0007>"'
run "--check on a file name holding an OSC" 1 '' -- --check "$L/evil$osc.json"
has "--check names the file escaped" "$out" 'evil\e]0;PWNED<U+0007>.json:'

run "export --to gift refuses the hostile lesson" 1 '' -- export --to gift "$L/hostile.json"
run "export --to moodle-xml refuses the hostile lesson" 1 '' -- export --to moodle-xml "$L/hostile.json"

# A title's tab (allowed in a lesson) is a space on GIFT's $CATEGORY line.
mkdir -p "$tmp/tab"
sed 's/"title": "Fixture: one of each kind"/"title": "Tab\\tin title"/' tests/fixtures/good/minimal.json >"$tmp/tab/tab.json"
run "export --to gift of a title holding a tab" 0 '' -- export --to gift "$tmp/tab/tab.json"
has "GIFT's \$CATEGORY line writes the tab as a space" "$out" '$CATEGORY: $course$/top/Tab in title'

run "import of a GIFT bank" 0 '' -- import "$h/bank.gift"
cp "$out" "$tmp/gift.json"
has "import reports the escape at the question" "$err" 'bank.gift:3:1: warning: the question holds \e'
has "import writes the escape visibly" "$tmp/gift.json" '"prompt": "What \\e[2J is <U+202E> this <U+009B>31m?"'
run "import of a GIFT bank holding a byte that is not UTF-8" 1 '' -- import "$h/bytes.gift"
has "import names the byte that is not UTF-8" "$err" 'bytes.gift:1:11: error: the file is not valid UTF-8 here'
run "import of a Moodle XML bank" 0 '' -- import "$h/bank.xml"
cp "$out" "$tmp/xml.json"
has "import reports &#155; at the question" "$err" 'bank.xml:4:1: warning: the question holds <U+009B>'
has "import writes &#x202E; visibly" "$tmp/xml.json" 'is <U+202E>this<U+2066>?'
mkdir -p "$tmp/imported"
cp "$tmp/gift.json" "$tmp/imported/gift.json"
cp "$tmp/xml.json" "$tmp/imported/xml.json"
run "the imported GIFT lesson passes --check" 0 '' -- --check "$tmp/imported/gift.json"
run "the imported Moodle XML lesson passes --check" 0 '' -- --check "$tmp/imported/xml.json"
run "export --to gift of an imported lesson" 0 '' -- export --to gift "$tmp/imported/gift.json"
run "export --to moodle-xml of an imported lesson" 0 '' -- export --to moodle-xml "$tmp/imported/xml.json"

for fmt in table csv json gradebook; do
	run "class --format $fmt (a damaged store: exit 1)" 1 '' -- class --format "$fmt" --only-lessons "$L" --gradebook "$tmp/grades.$fmt.csv" "$h/class"
	cp "$out" "$tmp/class.$fmt"
	if python3 $here/scan.py "$tmp/grades.$fmt.csv" >"$tmp/scan.g"; then
		ok "class --gradebook FILE ($fmt) holds nothing hostile"
	else
		not_ok "class --gradebook FILE ($fmt) holds nothing hostile" "$tmp/scan.g"
	fi
done
has "class says why the damaged store is left out, its path escaped" "$err" "dud\\e]0;PWNED<U+0007>/progress.json"
has "gradebook: a learner named =1+2 is text" "$tmp/class.gradebook" "'=1+2,"
has "gradebook: a learner named @SUM(A1) is text" "$tmp/class.gradebook" "'@SUM(A1),"
has "gradebook: the learner's OSC is escaped" "$tmp/class.gradebook" 'evil\e]0;PWNED<U+0007><U+202E>'
run "class --format json on a store with a byte that is not UTF-8" 0 '' -- class --format json --only-lessons "$L" "$h/class/raw"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$out" 2>"$tmp/json.err" \
	&& ok "class --format json stays valid JSON" || not_ok "class --format json stays valid JSON" "$tmp/json.err"

# class --lrs from a hostile LRS (tests/lrs/lrs.py's stub on a free loopback
# port): learners named with an escape sequence and =1+2, broken statements.
printf 'paratutor:hostile-secret\n' >"$tmp/lrs-auth"
chmod 600 "$tmp/lrs-auth"
python3 tests/lrs/lrs.py stub "$tmp/lrs-auth" "$tmp/stub-port" &
stub=$!
trap 'kill "$stub" 2>/dev/null; rm -rf "$tmp"' EXIT
tries=0
until [ -s "$tmp/stub-port" ] || [ "$tries" -gt 300 ]; do tries=$((tries + 1)); sleep 0.1; done
for fmt in table csv json gradebook; do
	run "class --lrs --format $fmt from a hostile LRS" 0 '' -- class --format "$fmt" --only-lessons "$L" \
		--lrs "http://127.0.0.1:$(cat "$tmp/stub-port")/ok/xAPI" --lrs-auth "$tmp/lrs-auth"
	cp "$out" "$tmp/lrs.$fmt"
done
has "class --lrs gradebook: a learner named =1+2 is text" "$tmp/lrs.gradebook" "'=1+2,"
has "class --lrs gradebook: the learner's escape sequence is escaped" "$tmp/lrs.gradebook" '\e[31m=HYPERLINK'
kill "$stub" 2>/dev/null
wait "$stub" 2>/dev/null

run "stats --me" 0 '' -- stats --me --progress "$store" --only-lessons "$L"
for fmt in csv json xapi; do
	actor=
	[ "$fmt" = xapi ] && actor=--actor=mailto:learner@example.org
	run "--report --format $fmt" 0 '' -- --report --format "$fmt" $actor --only-lessons "$L" --state "$store"
	cp "$out" "$tmp/report.$fmt"
done
has "--report csv: a lesson key starting a formula is text" "$tmp/report.csv" "'=cmd|' /C calc'!A0 Evil \\e]0;PWNED"
has "--report csv: a wrong pick starting a formula is text" "$tmp/report.csv" "\"'=HYPERLINK(\"\"http"
for fmt in json xapi; do
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/report.$fmt" 2>"$tmp/json.err" \
		&& ok "--report --format $fmt stays valid JSON" || not_ok "--report --format $fmt stays valid JSON" "$tmp/json.err"
done
run "--report csv on a store with a byte that is not UTF-8" 0 '' -- --report --only-lessons "$L" --state "$h/class/raw/progress.json"
run "--report json on a store with a byte that is not UTF-8" 0 '' -- --report --format json --only-lessons "$L" \
	--state "$h/class/raw/progress.json"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$out" 2>"$tmp/json.err" \
	&& ok "--report json of a byte that is not UTF-8 stays valid JSON" \
	|| not_ok "--report json of a byte that is not UTF-8 stays valid JSON" "$tmp/json.err"

# The full screen and --watch, through a pty: the raw bytes the terminal
# gets, past curses' own cursor and colour sequences.
screen() {
	name=$1 wait=$2 keys=$3
	shift 4
	n=$((n + 1))
	if python3 $here/pty_run.py "$tmp/pty.$n" "$wait" "$keys" -- "$bin" "$@" >"$tmp/pty.err" 2>&1; then
		if python3 $here/scan.py --screen "$tmp/pty.$n" >"$tmp/scan.$n"; then
			ok "$name"
		else
			not_ok "$name: raw control, C1 or bidi character on the screen" "$tmp/scan.$n"
		fi
	else
		cat "$tmp/pty.err" >>"$tmp/scan.$n" 2>/dev/null
		not_ok "$name: did not run to the end" "$tmp/pty.err"
	fi
}
screen "full screen: the menu" 'Fixture' 'q' -- --only-lessons "$L" --state "$store"
screen "full screen: a lesson on a store of hostile keys" 'Split the data' 'qq' -- --no-shuffle --only-lessons "$L" \
	--state "$store" fixture-minimal
grep -qF 'Evil \e]0;PWNED<U+0007>\e[2J<U+009B>31m<U+202E> title' "$tmp/pty.$((n - 1))" \
	&& ok "full screen: the broken lesson's title is shown escaped" \
	|| not_ok "full screen: the broken lesson's title is shown escaped" "$tmp/pty.$((n - 1))"
screen "--watch on the hostile lesson shows its diagnostics" 'holds' 'q' -- --watch "$L/hostile.json"
grep -qF '\e, a control character' "$tmp/pty.$n" && ok "--watch shows the escape visibly" \
	|| not_ok "--watch shows the escape visibly" "$tmp/pty.$n"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

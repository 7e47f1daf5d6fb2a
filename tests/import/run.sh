#!/bin/sh
# run.sh BINARY - `paratutor import`, judged three ways:
#
#  1. Every GIFT file in tests/import/gift/ is also read by an independent
#     GIFT parser, gift-pegjs (installed from npm into build/node-gift on
#     first use, pinned), and oracle.js compares the two on the number of
#     questions, their kinds, stems, choices, correctness and feedback.
#  2. Every Moodle XML file in tests/import/xml/ imports to exactly its
#     golden lesson (NAME.json) with exactly the diagnostics in NAME.expect.
#  3. Every malformed file in tests/import/bad/ fails with exit status 1,
#     writes nothing, and prints exactly the diagnostics in NAME.expect.
# Every lesson made is also checked against the format-2 structure by
# format2.py, and the command line's own behaviour is checked at the end.
#
# Needs node and npm (build-aux/ensure-deps installs Debian's when missing;
# PT_AUTO_INSTALL=0 to be told instead) and python3.
set -u

if [ $# -ne 1 ]; then
	echo "usage: sh tests/import/run.sh BINARY" >&2
	exit 2
fi
bin=$1
case $bin in
/*) ;;
*/*) bin=$PWD/$bin ;;
esac
cd "$(dirname "$0")/../.." || exit 2

prefix=build/node-gift
peg=$prefix/node_modules/gift-pegjs/package.json
version=1.0.2
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { passed=$((passed + 1)); printf 'ok - %s\n' "$1"; }
fail() { failed=$((failed + 1)); printf 'not ok - %s\n' "$1"; }
quote() { sed 's/^/  | /' "$@" | head -30; }
. tests/lib/npm-oracle.sh

# ---- the peer parser ------------------------------------------------------

npm_oracle gift-pegjs "$version" "$prefix" || { [ "${CI:-}" = true ] && finish; }

# ---- 1. GIFT against gift-pegjs --------------------------------------------

for f in tests/import/gift/*.gift; do
	"$bin" import "$f" >"$tmp/out.json" 2>"$tmp/err" </dev/null
	st=$?
	if [ "$st" -ne 0 ]; then
		fail "$f imports (exit $st)"
		quote "$tmp/err"
		continue
	fi
	if ! $have_oracle; then
		:
	elif node tests/import/oracle.js "$prefix" "$f" "$tmp/out.json" "$tmp/err" >"$tmp/oracle" 2>&1; then
		n=$(grep -c '^ok' "$tmp/oracle")
		pass "$f: gift-pegjs and paratutor agree ($n checks)"
	else
		fail "$f: gift-pegjs and paratutor disagree"
		grep -v '^ok' "$tmp/oracle" | quote
	fi
	if python3 tests/import/format2.py "$tmp/out.json" >"$tmp/f2" 2>&1; then
		pass "$f: the lesson has the format-2 structure"
	else
		fail "$f: the lesson has the format-2 structure"
		quote "$tmp/f2"
	fi
done

# ---- 1b. what `paratutor export --to gift` writes, against gift-pegjs --------

# Every bundled lesson exported to GIFT is read by gift-pegjs, and it agrees
# with paratutor's importer on every question (count, kinds, stems, choices,
# correctness, feedback); the export itself warns but never fails.
for f in content/[0-9]*.json tests/import/export/*.json; do
	g=$tmp/$(basename "$f" .json).gift
	if ! "$bin" export --to gift "$f" >"$g" 2>"$tmp/xerr" </dev/null; then
		fail "$f exports to GIFT"
		quote "$tmp/xerr"
		continue
	fi
	"$bin" import "$g" >"$tmp/out.json" 2>"$tmp/err" </dev/null
	st=$?
	if [ "$st" -ne 0 ]; then
		fail "$f: its GIFT imports (exit $st)"
		quote "$tmp/err"
		continue
	fi
	if python3 tests/import/moodle_gift.py "$g" "$tmp/out.json" "$f" >"$tmp/moodle" 2>&1; then
		pass "$f as GIFT: read as Moodle's GIFT reader does, it means what paratutor imports ($(grep -c '^ok' "$tmp/moodle") checks)"
	else
		fail "$f as GIFT: read as Moodle's GIFT reader does, it differs from paratutor's import"
		grep -v '^ok' "$tmp/moodle" | quote
	fi
	if ! $have_oracle; then
		:
	elif node tests/import/oracle.js "$prefix" "$g" "$tmp/out.json" "$tmp/err" >"$tmp/oracle" 2>&1; then
		n=$(grep -c '^ok' "$tmp/oracle")
		pass "$f as GIFT: gift-pegjs and paratutor agree ($n checks)"
	else
		fail "$f as GIFT: gift-pegjs and paratutor disagree"
		grep -v '^ok' "$tmp/oracle" | quote
	fi
done

# ---- 2. Moodle XML against golden lessons ----------------------------------

for f in tests/import/xml/*.xml; do
	base=${f%.xml}
	"$bin" import "$f" >"$tmp/out.json" 2>"$tmp/err" </dev/null
	st=$?
	if [ "$st" -eq 0 ] && cmp -s "$tmp/out.json" "$base.json"; then
		pass "$f imports to $base.json"
	else
		fail "$f imports to $base.json (exit $st)"
		diff "$base.json" "$tmp/out.json" | quote
		quote "$tmp/err"
	fi
	if diff "$base.expect" "$tmp/err" >"$tmp/diff"; then
		pass "$f: diagnostics as in $base.expect"
	else
		fail "$f: diagnostics as in $base.expect"
		quote "$tmp/diff"
	fi
	if python3 tests/import/format2.py "$tmp/out.json" >"$tmp/f2" 2>&1; then
		pass "$f: the lesson has the format-2 structure"
	else
		fail "$f: the lesson has the format-2 structure"
		quote "$tmp/f2"
	fi
done

# ---- 3. malformed files ------------------------------------------------------

for f in tests/import/bad/*; do
	case $f in *.expect) continue ;; esac
	"$bin" import "$f" >"$tmp/out" 2>"$tmp/err" </dev/null
	st=$?
	if [ "$st" -eq 1 ] && [ ! -s "$tmp/out" ] && diff "${f%.*}.expect" "$tmp/err" >"$tmp/diff"; then
		pass "$f fails with the diagnostics in ${f%.*}.expect"
	else
		fail "$f fails with the diagnostics in ${f%.*}.expect (exit $st)"
		quote "$tmp/diff"
	fi
done

# ---- the command line -------------------------------------------------------

# expect NAME STATUS PATTERN -- ARGS...: the exit status and a line of
# stdout+stderr matching the extended regex PATTERN.
expect() {
	name=$1 want=$2 pattern=$3
	shift 4
	"$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	got=$?
	if [ "$got" -eq "$want" ] && cat "$tmp/out" "$tmp/err" | grep -Eq -- "$pattern"; then
		pass "$name"
	else
		fail "$name (exit $got, wanted $want; pattern: $pattern)"
		quote "$tmp/out" "$tmp/err"
	fi
}
g=tests/import/gift/numeric.gift
expect "import with no file is a usage error" 2 'needs at least one GIFT or Moodle XML file' -- import
expect "import --help names the formats" 0 'GIFT \(\.gift, \.txt\) or Moodle XML \(\.xml\)' -- import --help
expect "a bad --id is a usage error" 2 'lesson id "Bad Id" may use only' -- import --id 'Bad Id' "$g"
expect "an unknown option is a usage error" 2 "Try 'paratutor import --help'" -- import --bogus "$g"
expect "a missing file fails" 1 'nonexistent.gift: No such file or directory' -- import tests/import/nonexistent.gift
expect "--id and --title name the lesson" 0 '"id": "my-quiz",' -- import --id my-quiz --title 'My quiz' "$g"
expect "the summary line counts the questions" 0 'imported 6 of 6 questions into lesson "numeric"' -- import "$g"
"$bin" import -o "$tmp/written.json" --one-lesson --title 'Two files' "$g" tests/import/xml/types.xml >"$tmp/out" 2>"$tmp/err" </dev/null
if [ $? -eq 0 ] && [ ! -s "$tmp/out" ] && python3 -c '
import json, sys
l = json.load(open(sys.argv[1]))
assert l["title"] == "Two files" and l["id"] == "numeric" and len(l["items"]) == 15, l["title"]
' "$tmp/written.json"; then
	pass "-o with --one-lesson writes one lesson from a GIFT and an XML file"
else
	fail "-o with --one-lesson writes one lesson from a GIFT and an XML file"
	quote "$tmp/err"
fi

# ---- a bank of two categories with a broken question ---------------------------

# tests/import/split/bank.gift: categories Week 1 (a question {=4 =}, two
# with partial credit) and Week 2 ([markdown] before the title, formats in
# answers and feedback, one more partial credit).
b=tests/import/split/bank.gift
expect "a broken question stops the import, located, and names --skip-broken" 1 \
    "^$b:6:26: error: an accepted answer of question \"sum\" is empty" -- import "$b"
expect "the refusal says --skip-broken would write the good questions" 1 \
    'nothing was written\. Fix it and import again, or add --skip-broken to write the 5 questions without errors' -- import "$b"
expect "two categories need a folder or --one-lesson" 2 \
    'the questions are in 2 categories \("Week 1", "Week 2"\).*-o FOLDER.*--one-lesson to make one lesson; nothing was written' -- import --skip-broken "$b"
if [ ! -s "$tmp/out" ]; then pass "refusing to split writes nothing to standard output"; else fail "refusing to split writes nothing to standard output"; fi
expect "warnings of one kind: the first, then where the others are" 1 \
    "^$b: note: 2 more warnings like this one, at 10:66, 21:53 \(--verbose shows each\)\$" -- import "$b"
if [ "$(grep -c 'warning: partial credit' "$tmp/err")" -eq 1 ]; then
	pass "without --verbose one warning of the kind is printed"
else
	fail "without --verbose one warning of the kind is printed"
	quote "$tmp/err"
fi
expect "--verbose prints each warning" 1 "^$b:21:53: warning: partial credit \(50%\) for \"TP\"" -- import --verbose "$b"
if [ "$(grep -c 'warning: partial credit' "$tmp/err")" -eq 3 ] && ! grep -q 'more warnings like' "$tmp/err"; then
	pass "--verbose prints all three warnings and no summary"
else
	fail "--verbose prints all three warnings and no summary"
	quote "$tmp/err"
fi
mkdir "$tmp/lessons"
"$bin" import --skip-broken -o "$tmp/lessons" "$b" >"$tmp/out" 2>"$tmp/err" </dev/null
st=$?
if [ $st -eq 0 ] && [ ! -s "$tmp/out" ] && grep -q "^  $b:6:1: \"sum\"\$" "$tmp/err" &&
    grep -q '^paratutor: 1 broken question left out' "$tmp/err" &&
    [ "$(ls "$tmp/lessons")" = "week-1.json
week-2.json" ] && python3 - "$tmp/lessons" <<'PY'
import json, sys
d = sys.argv[1]
w1 = json.load(open(d + "/week-1.json"))
w2 = json.load(open(d + "/week-2.json"))
assert (w1["id"], w1["title"]) == ("week-1", "Week 1"), w1["id"]
assert [i["id"] for i in w1["items"]] == ["zero", "fsdp"], w1["items"]
assert (w2["id"], w2["title"]) == ("week-2", "Week 2"), w2["id"]
items = {i["id"]: i for i in w2["items"]}
assert list(items) == ["md-title", "answer-formats", "tp"], list(items)
# [markdown] before the title: the title is the title, not the prompt
assert items["md-title"]["prompt"] == "Which **collective** gathers shards?", items["md-title"]["prompt"]
o = items["answer-formats"]["options"]
assert [x["text"] for x in o] == ["all-reduce", "*broadcast*"], o
assert o[1]["feedback"] == "It copies.", o[1]
assert items["answer-formats"]["explanation"] == "It sums.", items["answer-formats"]
assert items["tp"]["explanation"] == "Split layers.", items["tp"]
PY
then
	pass "--skip-broken -o FOLDER writes one lesson per category and lists the broken question"
else
	fail "--skip-broken -o FOLDER writes one lesson per category and lists the broken question (exit $st)"
	quote "$tmp/err"
fi
for l in "$tmp"/lessons/*.json; do
	if python3 tests/import/format2.py "$l" >"$tmp/f2" 2>&1 && "$bin" --check "$l" >"$tmp/chk" 2>&1; then
		pass "split lesson $(basename "$l") has the format-2 structure and passes --check"
	else
		fail "split lesson $(basename "$l") has the format-2 structure and passes --check"
		quote "$tmp/f2" "$tmp/chk"
	fi
done
# -o FOLDER never replaces a file nor writes through a link that is there
# (a category named like a lesson, a planted week-1.json -> victim.txt):
# each is named, nothing is written, the exit status is 1; --force replaces.
mkdir "$tmp/taken"
printf 'victim\n' >"$tmp/victim.txt"
ln -s "$tmp/victim.txt" "$tmp/taken/week-1.json"
printf 'mine\n' >"$tmp/taken/week-2.json"
"$bin" import --skip-broken -o "$tmp/taken" "$b" >"$tmp/out" 2>"$tmp/err" </dev/null
st=$?
if [ $st -eq 1 ] && [ "$(cat "$tmp/victim.txt")" = victim ] && [ "$(cat "$tmp/taken/week-2.json")" = mine ] &&
    [ -L "$tmp/taken/week-1.json" ] && [ "$(ls "$tmp/taken" | wc -l)" -eq 2 ] &&
    grep -q "^paratutor: $tmp/taken/week-1.json is there already (a symbolic link, not followed)\$" "$tmp/err" &&
    grep -q "^paratutor: $tmp/taken/week-2.json is there already\$" "$tmp/err" &&
    grep -q 'nothing was written.*add --force to replace them' "$tmp/err"; then
	pass "-o FOLDER names the files and links there already, writes nothing and exits 1"
else
	fail "-o FOLDER names the files and links there already, writes nothing and exits 1 (exit $st)"
	quote "$tmp/err"
fi
rm "$tmp/taken/week-2.json"
"$bin" import --skip-broken --id week -o "$tmp/taken" "$b" >"$tmp/out" 2>"$tmp/err" </dev/null
st=$?
if [ $st -eq 0 ] && [ -f "$tmp/taken/week-week-1.json" ] && [ -f "$tmp/taken/week-week-2.json" ]; then
	pass "-o FOLDER writes new lesson files beside the ones there"
else
	fail "-o FOLDER writes new lesson files beside the ones there (exit $st)"
	quote "$tmp/err"
fi
"$bin" import --skip-broken --one-lesson --id week-1 -o "$tmp/taken" "$b" >"$tmp/out" 2>"$tmp/err" </dev/null
st=$?
if [ $st -eq 1 ] && [ "$(cat "$tmp/victim.txt")" = victim ] && grep -q "week-1.json is there already" "$tmp/err"; then
	pass "--one-lesson -o FOLDER does not write through a link there either"
else
	fail "--one-lesson -o FOLDER does not write through a link there either (exit $st)"
	quote "$tmp/err"
fi
"$bin" import --skip-broken --force -o "$tmp/taken" "$b" >"$tmp/out" 2>"$tmp/err" </dev/null
st=$?
if [ $st -eq 0 ] && grep -q '"id": "week-1"' "$tmp/victim.txt" && [ -f "$tmp/taken/week-2.json" ]; then
	pass "--force replaces the lesson files there"
else
	fail "--force replaces the lesson files there (exit $st)"
	quote "$tmp/err"
fi
"$bin" import --skip-broken --one-lesson --id bank-all "$b" >"$tmp/out" 2>"$tmp/err" </dev/null
if [ $? -eq 0 ] && python3 -c '
import json, sys
l = json.load(open(sys.argv[1]))
assert l["id"] == "bank-all" and len(l["items"]) == 5, (l["id"], len(l["items"]))
' "$tmp/out"; then
	pass "--one-lesson keeps every good question of both categories in one lesson"
else
	fail "--one-lesson keeps every good question of both categories in one lesson"
	quote "$tmp/err"
fi

finish

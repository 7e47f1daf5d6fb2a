#!/bin/sh
# docs-check.sh - the README stays a page for learners: at most 2,500 words,
# `make run` and `make check` in its first 40 lines, every file it links to
# exists, each section that moved out of it into docs/ is still there, and
# its figures (lessons, items) are the content's; content/README.md's
# examples pass --check --strict.
set -u
cd "$(dirname "$0")/.."
passed=0
failed=0

# result NAME CONDITION-STATUS: records one check.
result() {
	if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "ok - $1"
	else failed=$((failed + 1)); echo "not ok - $1"; fi
}

words=$(wc -w <README.md)
test "$words" -le 2500
result "README.md has at most 2,500 words ($words)" $?
head -n 40 README.md | grep -q 'make run'
result "make run in the README's first 40 lines" $?
head -n 40 README.md | grep -q 'make check'
result "make check in the README's first 40 lines" $?

for link in $(grep -o '](\(docs\|content\)/[^)#]*' README.md | sed 's/^](//' | sort -u); do
	test -f "$link"
	result "README links to $link, which exists" $?
done
for link in $(grep -oh '](\.\./[^)#]*\|](\([a-z]*\)\.md' docs/*.md | sed 's/^](//' | sort -u); do
	case "$link" in
	../*) test -f "$link" || test -f "${link#../}" ;;
	*) test -f "docs/$link" ;;
	esac
	result "docs link to $link, which exists" $?
done

# The README's figures come from the content (tests/docs-figures.py).
figures=$(python3 tests/docs-figures.py)
test "$(printf '%s\n' "$figures" | grep -c .)" -ge 4
result "the README shows figures from the content to check" $?
tab=$(printf '\t')
while IFS=$tab read -r name readme content; do
	test "$readme" = "$content"
	result "README: $name is the content's ($readme; content: $content)" $?
done <<FIGURES
$figures
FIGURES

# FILE HEADING: the section that once was in the README.
while IFS='|' read -r file heading; do
	grep -qx "## $heading" "docs/$file" || grep -qx "### $heading" "docs/$file"
	result "docs/$file has the section \"$heading\"" $?
done <<'LIST'
using.md|Keys
using.md|Using it
using.md|Progress
using.md|Your statistics
using.md|The lessons
scoring.md|Scoring and shuffling
exams.md|Exams
authoring.md|Writing lessons
formats.md|Importing from Moodle
formats.md|Exporting to Moodle
class.md|Teaching a class
class.md|Sending progress to a Learning Record Store
bench.md|Speed and memory
LIST

# The README's first screen counts the bundled lessons and items: the
# counts are those of content/ (paratutor --check prints them).
if [ -x ./paratutor ]; then
	counted=$(./paratutor --check content 2>/dev/null | sed -n 's/^paratutor: checked \([0-9]*\) lessons (\([0-9]*\) items).*/\1 lessons and \2 items/p')
	head -n 40 README.md | tr '\n' ' ' | grep -q "$counted make"
	result "README's first screen counts the bundled lessons: $counted" $?
else
	echo "SKIP README's lesson count: build ./paratutor first (make paratutor)"
fi

# content/README.md's item examples can be copied as they stand: each, in
# the README's own lesson skeleton, passes --check --strict.
if [ -x ./paratutor ]; then
	python3 tests/docs-examples.py ./paratutor
	result "content/README.md's examples pass --check --strict" $?
else
	echo "SKIP content/README.md's examples: build ./paratutor first (make paratutor)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

#!/bin/sh
# paths.sh BINARY - the lesson path: --lessons adds in front of the bundled
# lessons, lessons = lines of the learner's and the system's configuration
# files come next, then $XDG_DATA_HOME and $XDG_DATA_DIRS; --only-lessons
# replaces; the first lesson with an id wins and --check names the one it
# shadows.
set -u
bin=$1
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Nothing of this machine's own configuration or data may take part.
XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_DATA_DIRS=$tmp/share XDG_STATE_HOME=$tmp/state \
XDG_CACHE_HOME=$tmp/cache PARATUTOR_TEST_SYSCONFDIR=$tmp/etc HOME=$tmp/home
export XDG_CONFIG_HOME XDG_DATA_HOME XDG_DATA_DIRS XDG_STATE_HOME XDG_CACHE_HOME PARATUTOR_TEST_SYSCONFDIR HOME
mkdir -p "$tmp/config/paratutor" "$tmp/etc/paratutor" "$tmp/home"
out=$tmp/out

ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() { failed=$((failed + 1)); echo "not ok - $1"; sed 's/^/  | /' "$out" | head -20; }
# check NAME PATTERN ARGS...: runs the binary, and NAME passes when its
# output (both streams) matches the extended regex PATTERN.
check() {
	name=$1 pattern=$2
	shift 2
	"$bin" "$@" >"$out" 2>&1 </dev/null
	if grep -Eq -- "$pattern" "$out"; then ok "$name"; else not_ok "$name"; fi
}

bundled=$(ls content/*.json | grep -vc 'lesson.schema.json')
# A course folder with a lesson of its own (a new id) and its own copy of
# the bundled first lesson (the same id).
course=$tmp/course
mkdir -p "$course"
sed 's/"id": "fixture-minimal"/"id": "course-own"/' tests/fixtures/good/minimal.json >"$course/own.json"
first=$(ls content/0*.json | head -1)
first_id=$(sed -n 's/^  "id": "\(.*\)",$/\1/p' "$first" | head -1)
cp "$first" "$course/copy.json"

check "--check with no PATH checks the bundled lessons" "checked $bundled lessons" --check
check "--lessons adds a folder to the bundled lessons" "checked $((bundled + 1)) lessons" --check --lessons "$course"
check "--check names the bundled lesson the course's copy shadows" \
	"^$first:[0-9]+:[0-9]+: note: lesson \"$first_id\" is shadowed by $course/copy.json" --check --lessons "$course"
check "--only-lessons replaces the path" "checked 2 lessons" --check --only-lessons "$course"
check "--only-lessons: two lessons with one id are an error" 'error: duplicate lesson id' \
	--check --only-lessons "$course" --only-lessons content
check "export finds a lesson from --lessons" 'exported .* lesson "course-own"' export --to gift --lessons "$course" course-own

# The system's configuration file adds the course folder.
printf '# the course\nlessons = %s\n' "$course" >"$tmp/etc/paratutor/config"
check "/etc/paratutor/config adds a course folder" "checked $((bundled + 1)) lessons" --check
check "the course folder of /etc/paratutor/config comes before the bundled lessons" \
	"^$first:[0-9]+:[0-9]+: note: lesson \"$first_id\" is shadowed by $course/copy.json" --check
check "the tutor finds a lesson of the system's course folder" 'Fixture' --plain course-own

# The learner's file comes before the system's; a relative folder is the
# file's own folder's.
mine=$tmp/config/paratutor/mine
mkdir -p "$mine"
cp "$course/copy.json" "$mine/mine.json"
printf 'lessons = mine\n' >"$tmp/config/paratutor/config"
check "the learner's lessons = folder comes before the system's" \
	"^$course/copy.json:[0-9]+:[0-9]+: note: lesson \"$first_id\" is shadowed by $mine/mine.json" --check
check "--lessons comes before both" \
	"^$mine/mine.json:[0-9]+:[0-9]+: note: lesson \"$first_id\" is shadowed by $first" --check --lessons content
printf 'lessons =\n' >"$tmp/config/paratutor/config"
check "an empty lessons = line is located" "$tmp/config/paratutor/config:1: lessons takes a folder" --check
rm -f "$tmp/config/paratutor/config" "$tmp/etc/paratutor/config"

# $XDG_DATA_HOME, then each $XDG_DATA_DIRS, then the bundled lessons.
mkdir -p "$tmp/data/paratutor/lessons" "$tmp/share/paratutor/lessons"
cp "$course/own.json" "$tmp/data/paratutor/lessons/"
cp "$course/own.json" "$tmp/share/paratutor/lessons/"
check "\$XDG_DATA_HOME's lessons come before \$XDG_DATA_DIRS's" \
	"^$tmp/share/paratutor/lessons/own.json:[0-9]+:[0-9]+: note: lesson \"course-own\" is shadowed by $tmp/data/paratutor/lessons/own.json" --check
check "the same folder twice on the path is searched once" "checked $((bundled + 1)) lessons" \
	--check --lessons "$tmp/data/paratutor/lessons"

echo "paths: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

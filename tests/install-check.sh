#!/bin/sh
# install-check.sh - make install and uninstall into a staging DESTDIR:
# every file lands under PREFIX, the installed binary finds the installed
# lessons, the docs go under share/doc/paratutor, and uninstall removes
# exactly what install listed in its manifest: a lesson a course put into
# the lesson folder stays.
set -u
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
passed=0
failed=0

# result NAME CONDITION-STATUS: records one check.
result() {
	if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "ok - $1"
	else failed=$((failed + 1)); echo "not ok - $1"; fi
}

make -s install DESTDIR="$stage" PREFIX=/opt/pt >/dev/null
result "make install succeeds" $?
# The test hooks (a clock and a failing write set from the environment)
# are compiled into the test builds only, never into what is installed.
! grep -aq PARATUTOR_TEST "$stage/opt/pt/bin/paratutor"
result "the installed binary has no test hook" $?
for f in bin/paratutor share/man/man1/paratutor.1 share/man/man5/paratutor-lessons.5 \
	share/paratutor/lessons/01-dp-vs-mp.json share/paratutor/lessons/blueprints/pmle-scaling.json \
	share/doc/paratutor/README.md share/doc/paratutor/docs/scoring.md share/doc/paratutor/content/README.md \
	share/paratutor/installed-files; do
	test -f "$stage/opt/pt/$f"
	result "installs $f" $?
done
test ! -e "$stage/opt/pt/share/paratutor/lessons/README.md"
result "does not install the format README as a lesson" $?
"$stage/opt/pt/bin/paratutor" --help | grep -q '/opt/pt/share/paratutor/lessons'
result "the binary looks for lessons under its PREFIX" $?
"$stage/opt/pt/bin/paratutor" --check --strict "$stage/opt/pt/share/paratutor/lessons" >/dev/null 2>&1
result "installed lessons check clean" $?
st=$(mktemp -d)
(cd "$stage" && printf '%s\n' submit yes | "$stage/opt/pt/bin/paratutor" exam --plain --untimed --seed 1 --count 10 --only-lessons "$stage/opt/pt/share/paratutor/lessons" \
	--blueprint pmle-scaling --state "$st/p.json" 2>&1 | grep -q 'Scaling prototypes into ML models')
result "the installed binary finds the bundled blueprint pmle-scaling by name" $?
rm -rf "$st"
installed=$(find "$stage" -type f | wc -l)
listed=$(wc -l <"$stage/opt/pt/share/paratutor/installed-files")
test "$installed" -eq "$listed"
result "the manifest lists every installed file ($listed of $installed)" $?
# A course's own lesson, put into the installed lesson folder.
echo '{}' >"$stage/opt/pt/share/paratutor/lessons/zz-course.json"
make -s uninstall DESTDIR="$stage" PREFIX=/opt/pt >/dev/null
result "make uninstall succeeds" $?
test -f "$stage/opt/pt/share/paratutor/lessons/zz-course.json"
result "uninstall leaves a file it did not install in the lesson folder" $?
left=$(find "$stage" -type f | wc -l)
test "$left" -eq 1
result "uninstall removes every installed file ($left left, the course's lesson)" $?
rm "$stage/opt/pt/share/paratutor/lessons/zz-course.json"
make -s install DESTDIR="$stage" PREFIX=/opt/pt >/dev/null && make -s uninstall DESTDIR="$stage" PREFIX=/opt/pt >/dev/null
left=$(find "$stage/opt/pt" -mindepth 1 | wc -l)
test "$left" -eq 0
result "install then uninstall leaves nothing under PREFIX ($left left)" $?

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

#!/bin/sh
# deb-check.sh - the Debian package: built with dpkg-buildpackage from a copy
# of the source tree (build/deb/src; the tree itself is never cleaned),
# lintian reports no error, it depends only on the packages of the
# libraries the binary links, and unpacked into a scratch root (dpkg -x) its
# binary runs on its installed lessons, and its man pages render.
set -u
cd "$(dirname "$0")/.."
passed=0 failed=0
result() {
	if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "ok - $1"
	else failed=$((failed + 1)); echo "not ok - $1"; fi
}

top=build/deb
deb=$(ls "$top"/paratutor_*_*.deb 2>/dev/null | grep -v dbgsym | head -1)
test -n "$deb" && test -f "$deb"
result "make deb built a package ($deb)" $?
[ -n "$deb" ] || { echo "$passed passed, $failed failed"; exit 1; }

lintian --tag-display-limit 0 "$deb" >"$top/lintian.out" 2>&1
errors=$(grep -c '^E: ' "$top/lintian.out")
test "$errors" -eq 0
result "lintian reports no error ($errors; warnings: $(grep -c '^W: ' "$top/lintian.out"))" $?
[ "$errors" -eq 0 ] || sed 's/^/  | /' "$top/lintian.out"

root=$top/root
rm -rf "$root"
dpkg -x "$deb" "$root"
result "dpkg -x unpacks it" $?
bin=$root/usr/bin/paratutor
lessons=$root/usr/share/paratutor/lessons
test -x "$bin"
result "it installs /usr/bin/paratutor" $?
want=$(ls content/*.json | wc -l)
got=$(ls "$lessons"/*.json | wc -l)
test "$got" -eq "$want"
result "it installs the bundled lessons in /usr/share/paratutor/lessons ($got of $want files)" $?
for d in README.md.gz docs/scoring.md.gz copyright changelog.gz; do
	test -f "$root/usr/share/doc/paratutor/$d"
	result "it installs /usr/share/doc/paratutor/$d" $?
done
"$bin" --help | grep -q '(/usr/share/paratutor/lessons)'
result "the binary searches /usr/share/paratutor/lessons" $?
"$bin" --help | grep -q '/etc/paratutor/config'
result "the binary reads /etc/paratutor/config" $?

# Run outside the source tree, so the bundled content/ is not found.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
abs=$(pwd)
(cd "$scratch" && HOME=$scratch XDG_DATA_DIRS=$scratch "$abs/$bin" --check --strict --only-lessons "$abs/$lessons") \
	>"$top/check.out" 2>&1
result "the installed binary checks its installed lessons clean: $(tail -1 "$top/check.out")" $?
first=$(sed -n 's/^  "id": "\(.*\)",$/\1/p' content/01-*.json | head -1)
title=$(sed -n 's/^  "title": "\(.*\)",$/\1/p' content/01-*.json | head -1)
(cd "$scratch" && printf 'q\n' | HOME=$scratch XDG_DATA_DIRS=$scratch "$abs/$bin" --plain --only-lessons "$abs/$lessons" \
	"$first") >"$top/plain.out" 2>&1
grep -qF "$title" "$top/plain.out"
result "the installed binary opens an installed lesson (\"$title\")" $?
for page in man1/paratutor.1.gz man5/paratutor-lessons.5.gz; do
	warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings=all -l "$root/usr/share/man/$page" 2>&1 >/dev/null)
	lines=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$root/usr/share/man/$page" 2>/dev/null | wc -l)
	test -z "$warnings" && test "$lines" -gt 20
	result "the installed man page $page renders ($lines lines, no warning)" $?
done

# Depends: the packages of the libraries the binary links (and no other).
needed=$(objdump -p "$bin" | awk '$1 == "NEEDED" { print $2 }')
linked=""
for lib in $needed; do
	pkg=$(dpkg -S "*/$lib" 2>/dev/null | grep -v -- '-dev' | head -1 | cut -d: -f1)
	linked="$linked $pkg"
done
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/(.*//; s/ //g')
extra=""
for pkg in $depends; do
	case " $linked " in *" $pkg "*) ;; *) extra="$extra $pkg" ;; esac
done
test -z "$extra" && test -n "$depends"
result "it depends only on what the binary links ($(echo $depends); extra:${extra:- none})" $?

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

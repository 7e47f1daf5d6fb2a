#!/bin/sh
# python.sh BINARY - nothing in a lesson folder, the current directory or
# the environment runs when --check parses python fill items.
#
# An ast.py (whose parse would pass everything), a sitecustomize.py, a
# usercustomize.py and a fake python3 are planted in the lesson folder and
# in the current directory, and PYTHONPATH, PYTHONSTARTUP, PYTHONHOME,
# PYTHONUSERBASE and PATH point at them; each would leave a marker file.
# --check --strict must leave no marker and print what it prints without
# them, the broken python item still flagged.  Prints "N passed, M failed".
set -u
bin=$1
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
passed=0
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pt-python.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache
export XDG_STATE_HOME XDG_CACHE_HOME

ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() { failed=$((failed + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && sed 's/^/  | /' "$2" | head -20; }

marks=$tmp/marks
mkdir -p "$marks" "$tmp/clean" "$tmp/bundle" "$tmp/cwd"
cp tests/fixtures/cli/python-parse.json "$tmp/clean/"
cp tests/fixtures/cli/python-parse.json "$tmp/bundle/"

# plant DIR: every door a Python start-up opens, each leaving a marker.
plant() {
	d=$1
	printf 'import os\nopen("%s/ast-" + os.path.basename(os.getcwd()), "w").close()\ndef parse(s, *a, **k):\n    return None\n' \
		"$marks" >"$d/ast.py"
	for m in sitecustomize usercustomize startup; do
		printf 'open("%s/%s", "w").close()\n' "$marks" "$m" >"$d/$m.py"
	done
	mkdir -p "$d/lib/python3/site-packages"
	cp "$d/usercustomize.py" "$d/lib/python3/site-packages/"
	printf '#!/bin/sh\n: >"%s/fake-python3"\nexit 0\n' "$marks" >"$d/python3"
	chmod +x "$d/python3"
}
plant "$tmp/bundle"
plant "$tmp/cwd"

# The result without anything planted, checked from inside the folder.
(cd "$tmp/clean" && "$bin" --check --strict .) >"$tmp/clean.out" 2>&1
clean_rc=$?
if grep -q 'is not available' "$tmp/clean.out"; then
	echo "SKIP - the python3 this build runs is not installed; the parse check cannot be compared"
	echo "$passed passed, $failed failed"
	exit 0
fi
if [ $clean_rc -eq 1 ] && grep -q 'code line 1 does not parse as Python' "$tmp/clean.out"; then
	ok "without planted files the broken python item is flagged"
else
	not_ok "without planted files the broken python item is flagged (exit $clean_rc)" "$tmp/clean.out"
fi

# check NAME DIR OPERAND [PATH]: --check --strict OPERAND from DIR with
# every variable pointing at the planted files, PATH as given (the fake
# python3 first, and PYTHONHOME at a folder with no standard library, when
# not given: a Python that obeyed PYTHONHOME would fail, which would hide
# whether the planted ast.py runs).
check() {
	home=${4:+PYTHONNOHOME}
	(cd "$2" && env PATH="${4:-$tmp/bundle:$tmp/cwd:$PATH}" PYTHONPATH="$tmp/bundle:$tmp/cwd" \
		PYTHONSTARTUP="$tmp/bundle/startup.py" "${home:-PYTHONHOME}=$tmp/cwd" PYTHONUSERBASE="$tmp/bundle" \
		PYTHONSAFEPATH= PYTHONNOUSERSITE= PYTHONINSPECT=1 "$bin" --check --strict "$3") >"$tmp/got.out" 2>&1
	rc=$?
	if [ -n "$(ls -A "$marks")" ]; then
		not_ok "$1: nothing planted runs (markers: $(ls "$marks" | tr '\n' ' '))" "$tmp/got.out"
		rm -f "$marks"/*
	else
		ok "$1: nothing planted runs"
	fi
	if [ $rc -eq $clean_rc ] && cmp -s "$tmp/clean.out" "$tmp/got.out"; then
		ok "$1: the same result as without the planted files"
	else
		not_ok "$1: the same result as without the planted files (exit $rc, wanted $clean_rc)" "$tmp/got.out"
	fi
}
check "inside the lesson folder" "$tmp/bundle" .
check "inside the lesson folder, PATH as it was" "$tmp/bundle" . "$PATH"
# From another directory the path printed differs, so compare against a
# clean run with the same operand.
(cd "$tmp" && "$bin" --check --strict clean/python-parse.json) >"$tmp/clean.out" 2>&1
clean_rc=$?
cp "$tmp/bundle/python-parse.json" "$tmp/cwd/"
mkdir -p "$tmp/cwd/clean"
mv "$tmp/cwd/python-parse.json" "$tmp/cwd/clean/"
check "from a directory holding them" "$tmp/cwd" clean/python-parse.json
check "from a directory holding them, PATH as it was" "$tmp/cwd" clean/python-parse.json "$PATH"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

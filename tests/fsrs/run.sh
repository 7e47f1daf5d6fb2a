#!/bin/sh
# The review scheduler's memory model (app/core/learn/fsrs.c) beside
# ts-fsrs, the reference implementation of FSRS-6 from npm, over 1,000
# random review logs at two desired retentions; then with one parameter
# changed on our side only, which must make the comparison fail.
#   tests/fsrs/run.sh REPLAY_BINARY
# Needs node and npm (build-aux/ensure-deps installs Debian's).  Without
# the npm registry the suite says SKIP and why, except under CI=true,
# where it fails.  Prints "N passed, M failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
replay=$1
version=5.4.2
prefix=build/node-fsrs
lib=$prefix/node_modules/ts-fsrs/package.json
passed=0 failed=0 skipped=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pt-fsrs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
finish() {
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" -eq 0 ]
	exit $?
}
skip_or_fail() {
	if [ "${CI:-}" = true ]; then
		failed=$((failed + 1)); echo "FAIL $1"
	else
		skipped=$((skipped + 1)); echo "SKIP $1 (outside CI; CI=true makes this a failure)"
	fi
	sed 's/^/  | /' "$tmp/npm" 2>/dev/null | head -10
	finish
}

if [ ! -f "$lib" ] || ! grep -q "\"version\": \"$version\"" "$lib"; then
	if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
		build-aux/ensure-deps cmd:node:nodejs cmd:npm:npm </dev/null || skip_or_fail "nodejs and npm, needed for ts-fsrs, are not installed"
	fi
	echo "# installing ts-fsrs $version from npm into $prefix" >&2
	mkdir -p "$prefix"
	if ! npm install --prefix "$prefix" --no-audit --no-fund --no-update-notifier \
	    --loglevel=error "ts-fsrs@$version" </dev/null >"$tmp/npm" 2>&1 || [ ! -f "$lib" ]; then
		skip_or_fail "ts-fsrs $version could not be installed from npm (registry unreachable?)"
	fi
fi

for retention in 0.9 0.85; do
	if node tests/fsrs/oracle.js "$prefix" "$replay" "$tmp/logs" "$retention" >"$tmp/out" 2>&1; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
	cat "$tmp/out"
done
# One parameter changed in ours only: the oracle must notice.
for change in 9=0.17 20=0.2; do
	if node tests/fsrs/oracle.js "$prefix" "$replay" "$tmp/logs" 0.9 "$change" >"$tmp/out" 2>&1; then
		failed=$((failed + 1)); echo "FAIL - w[$change] in ours only went unnoticed"
	elif grep -q '^FAIL - 1000 logs' "$tmp/out"; then
		passed=$((passed + 1)); echo "ok - w[$change] in ours only fails the comparison ($(head -n 1 "$tmp/out" | cut -d: -f2 | cut -d';' -f1))"
	else
		failed=$((failed + 1)); echo "FAIL - w[$change]: the oracle did not run"; cat "$tmp/out"
	fi
done
finish

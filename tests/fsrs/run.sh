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
passed=0 failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pt-fsrs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
. tests/lib/npm-oracle.sh
npm_oracle ts-fsrs "$version" "$prefix" || finish

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

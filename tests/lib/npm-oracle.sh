# npm-oracle.sh - sourced by the suites that check the tutor beside a
# reference implementation from npm: schema (ajv-cli), import (gift-pegjs),
# class (@learninglocker/xapi-validation) and fsrs (ts-fsrs).  Each package
# is installed into the build tree on first use.  When it cannot be (no
# registry, no node), a suite outside CI says SKIP and why and its other
# checks still run; under CI=true that is a failure, since CI must run
# every oracle.  The suite sets passed=0 failed=0 before sourcing this, and
# runs from the top of the source tree.

skipped=0
have_oracle=true

# oracle_missing WHAT [NPM_LOG]: an oracle could not be installed.
oracle_missing() {
	have_oracle=false
	if [ "${CI:-}" = true ]; then
		failed=$((failed + 1)); echo "not ok - $1 (CI=true: the oracle must run)"
	else
		skipped=$((skipped + 1)); echo "SKIP $1: its checks do not run (outside CI; CI=true makes this a failure)"
	fi
	[ -n "${2:-}" ] && [ -f "$2" ] && grep -E '^npm (error|ERR!) (code|errno|network|request)' "$2" | head -n 3 | sed 's/^/  | /'
	return 0
}

# finish: the closing line; a suite that failed, or ran and skipped
# nothing, exits 1.
finish() {
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" -eq 0 ] && { [ "$passed" -gt 0 ] || [ "$skipped" -gt 0 ]; } && exit 0
	exit 1
}

# npm_oracle PACKAGE VERSION PREFIX: makes PACKAGE at VERSION (a full
# version, or its leading part: "5" takes any 5.x) ready under
# PREFIX/node_modules, installing it when it is missing or another
# version; returns 1, after oracle_missing, when it cannot.
npm_oracle() {
	pkg=$1 ver=$2 dir=$3
	manifest=$dir/node_modules/$pkg/package.json
	[ -f "$manifest" ] && grep -Eq "\"version\": ?\"$ver" "$manifest" && return 0
	if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
		if ! build-aux/ensure-deps cmd:node:nodejs cmd:npm:npm </dev/null; then
			oracle_missing "$pkg (nodejs and npm are not installed)"
			return 1
		fi
	fi
	echo "# installing $pkg@$ver from npm into $dir" >&2
	mkdir -p "$dir"
	npm_log=$(mktemp)
	if npm install --prefix "$dir" --no-audit --no-fund --no-update-notifier --loglevel=error "$pkg@$ver" \
	    </dev/null >"$npm_log" 2>&1 && [ -f "$manifest" ]; then
		rm -f "$npm_log"
		return 0
	fi
	oracle_missing "$pkg could not be installed from npm into $dir (registry unreachable?)" "$npm_log"
	rm -f "$npm_log"
	return 1
}

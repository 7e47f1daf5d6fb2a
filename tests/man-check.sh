#!/bin/sh
# man-check.sh PAGE... - each page renders with man -l and groff prints no
# warning.
set -u
passed=0
failed=0
for page in "$@"; do
	warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings=all -l "$page" 2>&1 >/dev/null)
	lines=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$page" 2>/dev/null | wc -l)
	if [ -z "$warnings" ] && [ "$lines" -gt 20 ]; then
		passed=$((passed + 1))
		echo "ok - $page renders without warnings ($lines lines)"
	else
		failed=$((failed + 1))
		echo "not ok - $page ($lines lines)"
		printf '%s\n' "$warnings" | sed 's/^/  | /'
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

#!/bin/sh
# import.sh BINARY DIR [N...] - times `paratutor import` of generated GIFT
# banks of N questions (default 80000 and 200000), half of them sharing one
# title so that the unique-id rule is exercised at scale.  The banks are
# written once under DIR.  Prints one line per size; a figure, not a test.
set -u
bin=$1
dir=$2
shift 2
[ $# -gt 0 ] || set -- 80000 200000
mkdir -p "$dir"
for n in "$@"; do
	bank=$dir/import-$n.gift
	if [ ! -s "$bank" ]; then
		awk -v n="$n" 'BEGIN {
			for (i = 0; i < n; i++) {
				title = i % 2 ? "same title" : "question " i
				printf "::%s:: How many ranks hold shard %d? {=%d ~%d ~%d}\n\n", title, i, i % 7 + 1, i % 7 + 2, i % 7 + 3
			}
		}' >"$bank"
	fi
	start=$(date +%s.%N)
	"$bin" import "$bank" -o "$dir/import-$n.json" >/dev/null 2>"$dir/import-$n.err"
	rc=$?
	end=$(date +%s.%N)
	size=$(wc -c <"$bank")
	# CPU time too, when a shell-independent clock is at hand: on a shared
	# machine the wall clock says more about the neighbours.
	cpu=
	if [ -x /usr/bin/time ]; then
		cpu=$(/usr/bin/time -f '%U %S' "$bin" import "$bank" -o "$dir/import-$n.json" 2>&1 >/dev/null | tail -n 1 |
		    awk '{ printf ", %.2f s CPU", $1 + $2 }')
	fi
	printf 'import: %d GIFT questions (%d KB): %.2f s%s, exit %d\n' "$n" $((size / 1024)) \
	    "$(awk "BEGIN { print $end - $start }")" "$cpu" "$rc"
done

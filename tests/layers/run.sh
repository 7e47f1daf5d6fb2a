#!/bin/sh
# The layering test: the objects of the sanitized build obey the folder
# order, and a planted upward call (a base-folder object calling the
# grader) is caught.  Takes the objects to read (the Makefile's
# ASAN_OBJ, so a stale object of an old layout never counts).  Prints
# "N passed, M failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

if python3 tests/layers/check_layers.py "$@" >build/layers.out 2>&1; then
	ok "every core folder uses only itself and the folders below it"
else
	cat build/layers.out; bad "the objects break the layer order"
fi
grep -q ' 0 upward' build/layers.out && ! grep -q ' 0 uses' build/layers.out \
	&& ok "the check read the objects ($(tail -n 1 build/layers.out | cut -d: -f2))" \
	|| bad "the check read no uses"

plant=build/layers-plant/core/base
mkdir -p "$plant"
printf '#include "paratutor/learn/grade.h"\nvoid planted_upward(pt_grade *g);\nvoid planted_upward(pt_grade *g) { grade_init(g, 0); }\n' >"$plant/planted.c"
if cc -Iinclude $(pkg-config --cflags libcjson) -c -o "$plant/planted.o" "$plant/planted.c" 2>build/layers-plant.err; then
	if python3 tests/layers/check_layers.py "$@" "$plant/planted.o" >build/layers-plant.out 2>&1; then
		bad "a planted upward call (base -> learn) passed the check"
	elif grep -q 'planted.o (base) uses grade_init' build/layers-plant.out; then
		ok "a planted upward call (base -> learn) fails and is named"
	else
		cat build/layers-plant.out; bad "the planted call failed the check without being named"
	fi
else
	cat build/layers-plant.err; bad "the planted object did not build"
fi
if python3 tests/layers/screen_state.py >build/screen-state.out 2>&1; then
	ok "no screen keeps file-static state ($(tail -n 1 build/screen-state.out))"
else
	cat build/screen-state.out; bad "a screen keeps file-static state"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]

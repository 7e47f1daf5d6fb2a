#!/bin/sh
# The layering test: the objects of the sanitized build and the includes
# of app/ and include/ obey the folder order, each header sits in the
# folder of the layer that defines what it declares, and planted breaks
# of each rule (a base-folder object calling the grader, a base file
# including a screen header, a base header declaring the grader) are
# caught and named.  The release binary holds no test hook.  Takes the
# objects to read (the Makefile's ASAN_OBJ, so a stale object of an old
# layout never counts).  Prints "N passed, M failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

if python3 tests/layers/check_layers.py "$@" >build/layers.out 2>&1; then
	ok "every folder uses and includes only itself and the folders below it"
else
	cat build/layers.out; bad "the objects or the includes break the layer order"
fi
grep -q '(0 upward)' build/layers.out && ! grep -q ' 0 uses' build/layers.out \
	&& ! grep -q ' 0 includes' build/layers.out && ! grep -q ' 0 declarations' build/layers.out \
	&& ok "the check read the objects, includes and headers ($(tail -n 1 build/layers.out | cut -d: -f2))" \
	|| bad "the check read no uses, includes or declarations"

# planted WHAT FILE NAMED: the check with FILE added fails, naming it as
# the grep pattern NAMED says.
planted() {
	what=$1 file=$2 named=$3
	shift 3
	if python3 tests/layers/check_layers.py "$@" "$file" >build/layers-plant.out 2>&1; then
		bad "$what passed the check"
	elif grep -q "$named" build/layers-plant.out; then
		ok "$what fails and is named"
	else
		cat build/layers-plant.out; bad "$what failed the check without being named"
	fi
}
plant=build/layers-plant
rm -rf "$plant"
mkdir -p "$plant/core/base" "$plant/app/core/base" "$plant/include/paratutor/base"
printf '#include "paratutor/learn/grade.h"\nvoid planted_upward(pt_grade *g);\nvoid planted_upward(pt_grade *g) { grade_init(g, 0); }\n' >"$plant/core/base/planted.c"
if cc -Iinclude $(pkg-config --cflags libcjson) -c -o "$plant/core/base/planted.o" "$plant/core/base/planted.c" 2>build/layers-plant.err; then
	planted "a planted upward call (base -> learn)" "$plant/core/base/planted.o" 'planted.o (base) uses grade_init' "$@"
else
	cat build/layers-plant.err; bad "the planted object did not build"
fi
printf '/* planted */\n#include <stddef.h>\n#include "paratutor/ui/ui_app.h"\n' >"$plant/app/core/base/planted.c"
planted "a planted upward include (base -> ui)" "$plant/app/core/base/planted.c" \
	'app/core/base/planted.c:3 (base) includes paratutor/ui/ui_app.h' "$@"
printf 'struct pt_grade;\nvoid grade_init(struct pt_grade *g,\n\tconst struct pt_item *item);\n' >"$plant/include/paratutor/base/planted.h"
planted "a header in the wrong folder (base declaring the grader)" "$plant/include/paratutor/base/planted.h" \
	'base/planted.h (base) declares grade_init, defined in .*learn/grade.o (learn)' "$@"

if python3 tests/layers/screen_state.py >build/screen-state.out 2>&1; then
	ok "no screen keeps file-static state ($(tail -n 1 build/screen-state.out))"
else
	cat build/screen-state.out; bad "a screen keeps file-static state"
fi

# The test hooks (PARATUTOR_TEST_* read from the environment, the code
# around them) are compiled into the test builds only: the release binary
# names none of them, symbols and debug information included, while the
# sanitized build shows the same search finds them.
hooks='_test|test_'
if [ ! -x paratutor ] || [ ! -x build/asan/paratutor ]; then
	bad "the release and test binaries are not built"
elif strings paratutor | grep -iE "$hooks" >build/layers-hooks.out; then
	cat build/layers-hooks.out; bad "the release binary holds a test hook"
elif ! strings build/asan/paratutor | grep -q PARATUTOR_TEST_NOW; then
	bad "the search for test hooks does not find those of the test build"
else
	ok "strings paratutor shows no test hook (the test build shows $(strings build/asan/paratutor | grep -ciE "$hooks"))"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]

#!/bin/sh
# The layering test: the objects of the sanitized build and the includes
# of app/ and include/ obey the folder order, each header sits in the
# folder of the layer that defines what it declares, no two files of a
# folder use each other round about but a registry's table and its rows,
# and planted breaks of each rule (a base-folder object calling the
# grader, a base file including a screen header, a base header declaring
# the grader, two base files calling each other, a kind table calling
# into its row's file) are caught and named.  No file is over 800 lines;
# the release binary holds no test hook.  Takes the objects to read (the
# Makefile's ASAN_OBJ, so a stale object of an old layout never counts).
# Prints "N passed, M failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

if python3 tests/layers/check_layers.py "$@" >build/layers.out 2>&1; then
	ok "every folder uses and includes only itself and the folders below it, and no file cycle but the registries"
else
	cat build/layers.out; bad "the objects or the includes break the layer order, or files use each other round about"
fi
grep -q '(0 upward)' build/layers.out && ! grep -q ' 0 uses' build/layers.out \
	&& ! grep -q ' 0 includes' build/layers.out && ! grep -q ' 0 declarations' build/layers.out \
	&& ok "the check read the objects, includes and headers ($(tail -n 1 build/layers.out | cut -d: -f2))" \
	|| bad "the check read no uses, includes or declarations"

# planted WHAT FILE NAMED: the check with FILE added fails, naming it as
# the grep pattern NAMED says.
planted() {
	what=$1 files=$2 named=$3
	shift 3
	# shellcheck disable=SC2086
	if python3 tests/layers/check_layers.py "$@" $files >build/layers-plant.out 2>&1; then
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

# plant NAME.o SOURCE: compiles SOURCE into $plant/NAME.o; false when
# it does not build.
plant() {
	mkdir -p "$plant/$(dirname "$1")"
	printf '%s\n' "$2" >"$plant/$1.c"
	cc -c -o "$plant/$1.o" "$plant/$1.c" 2>>build/layers-plant.err
}
if plant core/base/cycle_a 'void planted_b(void); void planted_a(void); void planted_a(void) { planted_b(); }' &&
	plant core/base/cycle_b 'void planted_a(void); void planted_b(void); void planted_b(void) { planted_a(); }'; then
	planted "a planted file cycle (base: cycle_a.c <-> cycle_b.c)" "$plant/core/base/cycle_a.o $plant/core/base/cycle_b.o" \
		'file cycle in base: cycle_a.o cycle_b.o' "$@"
else
	cat build/layers-plant.err; bad "the planted cycle did not build"
fi
# A registry's table may list its rows, not call into their files.
if plant core/learn/kind 'void planted_row(void); void planted_table(void); void planted_table(void) { planted_row(); }' &&
	plant core/learn/kind_planted 'void planted_table(void); void planted_row(void); void planted_row(void) { planted_table(); }'; then
	planted "a kind table calling a function of its row's file" "$plant/core/learn/kind.o $plant/core/learn/kind_planted.o" \
		'file cycle in learn: kind.o kind_planted.o' "$@"
else
	cat build/layers-plant.err; bad "the planted table did not build"
fi

# No file in app/ or include/ is over 800 lines (docs/styleguide.md).
long=$(find app include -name '*.[ch]' -exec wc -l {} + | awk '$2 != "total" && $1 > 800 { print $2 " (" $1 " lines)" }')
if [ -n "$long" ]; then
	echo "$long"; bad "a file is over 800 lines: $(echo "$long" | tr '\n' ' ')"
else
	ok "no file in app/ or include/ is over 800 lines (the longest: $(find app include -name '*.[ch]' -exec wc -l {} + | awk '$2 != "total"' | sort -n | tail -n 1 | awk '{ print $2 ", " $1 }'))"
fi

if python3 tests/layers/screen_state.py >build/screen-state.out 2>&1; then
	ok "no screen keeps file-static state ($(tail -n 1 build/screen-state.out))"
else
	cat build/screen-state.out; bad "a screen keeps file-static state"
fi

# The core keeps no process-wide mutable state: no app/core object holds
# writable static data; a planted counter and function-static buffer fail
# it, named, while a planted constant table passes.
if python3 tests/layers/core_state.py "$@" >build/core-state.out 2>&1; then
	ok "no core object holds writable static data ($(tail -n 1 build/core-state.out))"
else
	cat build/core-state.out; bad "a core object holds writable static data"
fi
if plant core/base/state 'static const char *const planted_names[] = { "a", "b" };
const char *planted_name(int i); const char *planted_name(int i) { return planted_names[i]; }
static int planted_count; int planted_bump(void); int planted_bump(void) { return ++planted_count; }
char *planted_buffer(void); char *planted_buffer(void) { static char planted_buf[64]; return planted_buf; }'; then
	if python3 tests/layers/core_state.py "$@" "$plant/core/base/state.o" >build/core-state-plant.out 2>&1; then
		bad "a planted writable static passed the core state check"
	elif grep -q 'state.c: writable static data planted_count (.bss)' build/core-state-plant.out &&
		grep -q 'writable static data planted_buf' build/core-state-plant.out &&
		! grep -q planted_names build/core-state-plant.out; then
		ok "a planted writable static and function-static buffer fail the core state check, named; a constant table passes"
	else
		cat build/core-state-plant.out; bad "the planted writable statics failed the core state check without being named"
	fi
else
	cat build/layers-plant.err; bad "the planted state object did not build"
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

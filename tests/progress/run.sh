#!/bin/sh
# run.sh - crash and concurrency tests of the progress store.
#
# Builds tests/progress/killer.c against the sanitized core objects, then
# SIGKILLs a saving tutor at random moments (PT_KILL_ROUNDS, default 200)
# and checks after each kill that the store loads with every reported
# check, and runs two processes saving to one store at once.  track_oom.c
# checks that the tracker reports a store out of memory.  Then
# broken.sh runs the sanitized tutor over every bad fixture beside a good
# lesson with a store that knows them, and limits.sh the store's size cap
# and a --state that is not a regular file.  Prints "N passed, M failed" and
# exits non-zero on any failure.
# PT_KILL_SEED fixes the random kill times (default: the process id).
set -u
cd "$(dirname "$0")/../.." || exit 2

objs=$(for f in app/core/*/*.c; do printf 'build/asan/%s.o ' "${f%.c}"; done)
# shellcheck disable=SC2086
make -s $objs || exit 2
mkdir -p build/asan/tests
bin=build/asan/tests/progress-killer
# shellcheck disable=SC2046,SC2086
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Werror -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Iinclude $(pkg-config --cflags libcjson expat uuid) -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -g -o "$bin" tests/progress/killer.c $objs $(pkg-config --libs libcjson ncursesw expat uuid) -lm || exit 2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pt-progress-test.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
rounds=${PT_KILL_ROUNDS:-200}
seed=${PT_KILL_SEED:-$$}
echo "# seed $seed (PT_KILL_SEED=$seed to repeat)"

extra=0
"$bin" kill "$tmp/kill" "$rounds" "$seed" >"$tmp/kill.out"; rc=$?
cat "$tmp/kill.out"
grep -q '^FAIL' "$tmp/kill.out" || [ $rc -eq 0 ] || { echo "FAIL kill: killer exited with status $rc"; extra=$((extra + 1)); }
"$bin" race "$tmp/race" 100 >"$tmp/race.out"; rc=$?
cat "$tmp/race.out"
grep -q '^FAIL' "$tmp/race.out" || [ $rc -eq 0 ] || { echo "FAIL race: killer exited with status $rc"; extra=$((extra + 1)); }

# The tracker over a store that runs out of memory: allocations fail on
# demand through the linker's --wrap.
oom=build/asan/tests/progress-track-oom
# shellcheck disable=SC2046,SC2086
cc -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Werror -D_POSIX_C_SOURCE=200809L -Iinclude $(pkg-config --cflags libcjson expat uuid) -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -g -o "$oom" tests/progress/track_oom.c $objs -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup $(pkg-config --libs libcjson ncursesw expat uuid) -lm || exit 2
ASAN_OPTIONS=detect_leaks=0 "$oom" >"$tmp/oom.out"; rc=$?
cat "$tmp/oom.out"
grep -q '^FAIL' "$tmp/oom.out" || [ $rc -eq 0 ] || { echo "FAIL track-oom: exited with status $rc"; extra=$((extra + 1)); }

make -s build/asan/paratutor || exit 2
sh tests/progress/broken.sh build/asan/paratutor >"$tmp/broken.out"; rc=$?
grep -Ev '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' "$tmp/broken.out"
grep -q '^not ok' "$tmp/broken.out" || [ $rc -eq 0 ] || { echo "FAIL broken: broken.sh exited with status $rc"; extra=$((extra + 1)); }

sh tests/progress/limits.sh build/asan/paratutor >"$tmp/limits.out"; rc=$?
grep -Ev '^[0-9]+ passed, [0-9]+ failed$' "$tmp/limits.out"
grep -q '^not ok' "$tmp/limits.out" || [ $rc -eq 0 ] || { echo "FAIL limits: limits.sh exited with status $rc"; extra=$((extra + 1)); }

passed=$(( $(cat "$tmp/kill.out" "$tmp/race.out" "$tmp/oom.out" | grep -c '^PASS') + $(cat "$tmp/broken.out" "$tmp/limits.out" | grep -c '^ok') ))
failed=$(( $(cat "$tmp/kill.out" "$tmp/race.out" "$tmp/oom.out" | grep -c '^FAIL') + $(cat "$tmp/broken.out" "$tmp/limits.out" | grep -c '^not ok') + extra ))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

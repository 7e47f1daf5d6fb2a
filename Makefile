# paratutor - a terminal tutor for data, model, pipeline, tensor and sharded
# parallelism.  `make run` builds and starts it; `make check` runs every test.

VERSION    := 0.1.0
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
DATADIR    ?= $(PREFIX)/share
MANDIR     ?= $(DATADIR)/man
DOCDIR     ?= $(DATADIR)/doc/paratutor
SYSCONFDIR ?= /etc
DESTDIR    ?=
CC         ?= cc
CFLAGS     ?= -O2 -g
PKG_CONFIG ?= pkg-config
# The Python --check runs to parse python fill items: an absolute path fixed
# here, never looked up on PATH (see codecheck.h).
PYTHON3    ?= /usr/bin/python3

# The project's own flags, kept apart from the user's CFLAGS.  Warnings are
# errors in `make check` and in CI (WERROR below), not in a plain `make`: a
# packager's flags or a newer compiler must not stop a build on a warning.
PT_WARN    := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
WERROR     ?=
PT_DEFS    := -D_POSIX_C_SOURCE=200809L \
              -DPT_VERSION='"$(VERSION)"' -DPT_LESSON_DIR='"$(DATADIR)/paratutor/lessons"' \
              -DPT_PYTHON3='"$(PYTHON3)"' \
              -DPT_SYSCONFDIR='"$(SYSCONFDIR)"'
SANITIZE   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# The test builds (build/asan, build/vg) read PARATUTOR_TEST_NOW,
# PARATUTOR_TEST_WRITE_FAIL and PARATUTOR_TEST_SYSCONFDIR (the folder of
# the system's configuration file); the release binary has no test hook.
TEST_HOOKS := -DPT_TEST_HOOKS

BUILD_DEPS := pc:ncursesw:libncurses-dev pc:libcjson:libcjson-dev pc:libcurl:libcurl4-openssl-dev pc:expat:libexpat1-dev pc:uuid:uuid-dev pc:check:check \
              cmd:pkg-config:pkg-config
DEB_DEPS   := cmd:dpkg-buildpackage:dpkg-dev cmd:dh:debhelper cmd:lintian:lintian cmd:man:man-db
TEST_DEPS  := cmd:tmux:tmux cmd:man:man-db cmd:groff:groff-base cmd:python3:python3 file:$(PYTHON3):python3 \
              file:/usr/sbin/sshd:openssh-server cmd:ssh:openssh-client cmd:ssh-keygen:openssh-client \
              file:/usr/share/i18n/locales/de_DE:locales

DEPS_OK    := build/.deps-ok
# libcurl: its headers only; app/cli/lrs.c opens the library when it talks to an LRS.
LIBS_PC     = $(shell $(PKG_CONFIG) --libs ncursesw libcjson expat uuid) -pthread -lm
CFLAGS_PC   = $(shell $(PKG_CONFIG) --cflags ncursesw libcjson libcurl expat uuid)
CHECK_LIBS  = $(shell $(PKG_CONFIG) --libs check)
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check)

CORE_SRC   := $(sort $(wildcard app/core/*/*.c))
UI_SRC     := $(sort $(wildcard app/ui/*.c))
CLI_SRC    := $(sort $(wildcard app/cli/*.c))
APP_SRC    := $(CORE_SRC) $(UI_SRC) $(CLI_SRC) app/main.c
TEST_SRC   := $(sort $(wildcard tests/unit/check_*.c))

OBJ        := $(APP_SRC:%.c=build/rel/%.o)
ASAN_CORE  := $(CORE_SRC:%.c=build/asan/%.o)
ASAN_OBJ   := $(APP_SRC:%.c=build/asan/%.o)
TEST_BIN   := $(TEST_SRC:tests/unit/%.c=build/asan/tests/%)
VG_CORE    := $(CORE_SRC:%.c=build/rel/%.o)
VG_BIN     := $(TEST_SRC:tests/unit/%.c=build/rel/tests/%)
VG_APP_OBJ := $(APP_SRC:%.c=build/vg/%.o)
VALGRIND   := valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible
# The tutor itself: curses keeps memory reachable (and possibly lost) at
# exit by design, so only definite and indirect leaks count; the log goes
# where the screen tests look for reports (lib.sh sets ST_LOGS).
VALGRIND_APP := valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect --log-file=%q{ST_LOGS}/valgrind.%p

ALL_CFLAGS  = $(PT_WARN) $(WERROR) $(PT_DEFS) $(CPPFLAGS) -Iinclude $(CFLAGS_PC) -pthread -MMD -MP $(CFLAGS)

FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_DEPS    := cmd:clang:clang pc:ncursesw:libncurses-dev \
                file:/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a:libclang-rt-14-dev

.PHONY: all run check build-matrix fsrs-tests layers-tests content-tests unit-tests cli-tests plain-tests cache-tests progress-tests import-tests class-tests lrs-tests hostile-tests course-tests scaling-tests schema-check install-check screen-tests man-check docs-check install uninstall deb deb-check clean deps test-deps bench bench-figures fuzz fuzz-long check-valgrind

all: paratutor

$(DEPS_OK): build-aux/ensure-deps
	@build-aux/ensure-deps $(BUILD_DEPS)
	@mkdir -p $(@D) && touch $@

deps: $(DEPS_OK)

test-deps: $(DEPS_OK)
	@build-aux/ensure-deps $(TEST_DEPS)

# The lesson and configuration directories are compiled in: rebuild what
# uses them when they change.
build/datadir.stamp: FORCE
	@mkdir -p $(@D)
	@echo '$(DATADIR) $(SYSCONFDIR)' | cmp -s - $@ || echo '$(DATADIR) $(SYSCONFDIR)' >$@

STAMPED := app/core/catalog/catalog.o app/core/store/settings.o app/main.o
$(foreach b,rel asan vg,$(STAMPED:%=build/$(b)/%)): build/datadir.stamp

FORCE:

paratutor: $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(LIBS_PC)

build/rel/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

build/asan/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SANITIZE) $(TEST_HOOKS) -c -o $@ $<

build/asan/paratutor: $(ASAN_OBJ)
	$(CC) $(CFLAGS) $(SANITIZE) $(LDFLAGS) -o $@ $(ASAN_OBJ) $(LIBS_PC)

# Unoptimised and unsanitized, for valgrind.
build/vg/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -O0 -g $(TEST_HOOKS) -c -o $@ $<

build/vg/paratutor: $(VG_APP_OBJ)
	$(CC) $(CFLAGS) -O0 -g $(LDFLAGS) -o $@ $(VG_APP_OBJ) $(LIBS_PC)

build/asan/tests/%: tests/unit/%.c $(ASAN_CORE) tests/unit/testutil.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) $(SANITIZE) -Itests/unit -o $@ $< $(ASAN_CORE) $(LIBS_PC) $(CHECK_LIBS)

# The kind tables with a kind that exists only in this test build: its one
# file (tests/unit/load_kind_test.c) and its one row (load_kind.c built with
# PT_TEST_LOAD_KIND) are all a new kind takes for loading, its one file
# (tests/unit/kind_test.c) and its one row (kind.c built with
# PT_TEST_KIND) all it takes for grading, and one more file
# (tests/unit/export_kind_test.c) and row (export_kind.c built with
# PT_TEST_EXPORT_KIND) for GIFT and Moodle XML (docs/styleguide.md).
LOAD_KIND_TEST_SRC := tests/unit/load_kind_test.c app/core/load/load_kind.c
KIND_TEST_SRC := tests/unit/check_kind_table.c tests/unit/kind_test.c app/core/learn/kind.c \
	tests/unit/export_kind_test.c app/core/interop/export_kind.c $(LOAD_KIND_TEST_SRC)
KIND_TEST_OUT := %/learn/kind.o %/interop/export_kind.o %/load/load_kind.o
KIND_TEST_DEFS := -DPT_TEST_KIND=kind_test -DPT_TEST_EXPORT_KIND=export_kind_test -DPT_TEST_LOAD_KIND=load_kind_test
build/asan/tests/check_kind_table: $(KIND_TEST_SRC) $(filter-out $(KIND_TEST_OUT),$(ASAN_CORE)) tests/unit/testutil.h
	@mkdir -p $(@D)
	$(CC) $(PT_WARN) $(WERROR) $(PT_DEFS) -Iinclude $(CFLAGS_PC) -pthread $(CFLAGS) $(CHECK_CFLAGS) $(SANITIZE) -Itests/unit \
	    $(KIND_TEST_DEFS) -o $@ $(KIND_TEST_SRC) $(filter-out $(KIND_TEST_OUT),$(ASAN_CORE)) $(LIBS_PC) $(CHECK_LIBS)

build/rel/tests/check_kind_table: $(KIND_TEST_SRC) $(filter-out $(KIND_TEST_OUT),$(VG_CORE)) tests/unit/testutil.h
	@mkdir -p $(@D)
	$(CC) $(PT_WARN) $(WERROR) $(PT_DEFS) -Iinclude $(CFLAGS_PC) -pthread $(CFLAGS) $(CHECK_CFLAGS) -Itests/unit \
	    $(KIND_TEST_DEFS) -o $@ $(KIND_TEST_SRC) $(filter-out $(KIND_TEST_OUT),$(VG_CORE)) $(LIBS_PC) $(CHECK_LIBS)

# The UI's kind table, with the same test-only kind: its UI row is one file
# (tests/unit/ui_kind_test.c) and one row of ui_kind.c (built with
# PT_TEST_UI_KIND); the test links the UI's objects, not main.o.
UI_KIND_TEST_SRC := tests/unit/check_ui_kind_table.c tests/unit/ui_kind_test.c app/ui/ui_kind.c \
	tests/unit/kind_test.c app/core/learn/kind.c $(LOAD_KIND_TEST_SRC)
UI_KIND_TEST_OUT := %/learn/kind.o %/ui/ui_kind.o %/load/load_kind.o %/app/main.o
build/asan/tests/check_ui_kind_table: $(UI_KIND_TEST_SRC) $(filter-out $(UI_KIND_TEST_OUT),$(ASAN_OBJ)) tests/unit/testutil.h
	@mkdir -p $(@D)
	$(CC) $(PT_WARN) $(WERROR) $(PT_DEFS) -Iinclude $(CFLAGS_PC) -pthread $(CFLAGS) $(CHECK_CFLAGS) $(SANITIZE) -Itests/unit \
	    -DPT_TEST_KIND=kind_test -DPT_TEST_UI_KIND=ui_kind_test -DPT_TEST_LOAD_KIND=load_kind_test -o $@ $(UI_KIND_TEST_SRC) \
	    $(filter-out $(UI_KIND_TEST_OUT),$(ASAN_OBJ)) $(LIBS_PC) $(CHECK_LIBS)

build/rel/tests/check_ui_kind_table: $(UI_KIND_TEST_SRC) $(filter-out $(UI_KIND_TEST_OUT),$(OBJ)) tests/unit/testutil.h
	@mkdir -p $(@D)
	$(CC) $(PT_WARN) $(WERROR) $(PT_DEFS) -Iinclude $(CFLAGS_PC) -pthread $(CFLAGS) $(CHECK_CFLAGS) -Itests/unit \
	    -DPT_TEST_KIND=kind_test -DPT_TEST_UI_KIND=ui_kind_test -DPT_TEST_LOAD_KIND=load_kind_test -o $@ $(UI_KIND_TEST_SRC) \
	    $(filter-out $(UI_KIND_TEST_OUT),$(OBJ)) $(LIBS_PC) $(CHECK_LIBS)

# The question in view on every bundled item (tests/screen/inview.c): the
# item screen's own code drawn into a curses screen with no terminal, linked
# with the UI's objects (not main.o).
build/asan/tests/inview: tests/screen/inview.c $(filter-out %/app/main.o,$(ASAN_OBJ))
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -o $@ $< $(filter-out %/app/main.o,$(ASAN_OBJ)) $(LIBS_PC)

build/rel/tests/%: tests/unit/%.c $(VG_CORE) tests/unit/testutil.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Itests/unit -o $@ $< $(VG_CORE) $(LIBS_PC) $(CHECK_LIBS)

# The unit tests, then (through PT_WRAP) the screen tests' scenarios and a
# plain-mode run of an unsanitized debug build, under memcheck: any error
# or leak fails.
check-valgrind: $(VG_BIN) paratutor build/vg/paratutor test-deps
	@build-aux/ensure-deps cmd:valgrind:valgrind
	@set -e; for t in $(VG_BIN); do \
		echo "== valgrind $$t"; PT_SRCDIR=. CK_FORK=no $(VALGRIND) $$t; \
	done
	@echo "== valgrind build/vg/paratutor: screen scenarios and plain mode"
	@PT_WRAP="$(VALGRIND_APP)" ST_TIMEOUT=60 sh tests/screen/memcheck.sh build/vg/paratutor

build/rel/bench/%: tests/bench/%.c tests/bench/bench.h $(VG_CORE)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(VG_CORE) $(LIBS_PC)

# The pty bench drives programs through forkpty (libutil); the minimal
# ncurses menu it compares against needs nothing but ncursesw.
build/rel/bench/bench_pty: tests/bench/bench_pty.c tests/bench/bench.h $(VG_CORE)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(VG_CORE) $(LIBS_PC) -lutil

build/rel/bench/minimal_menu: tests/bench/minimal_menu.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(shell $(PKG_CONFIG) --libs ncursesw)

# Figures, not pass/fail.  bench-figures: a generated library of 1,000
# lessons (under build/bench/, kept between runs): --check beside python3
# json.load and beside ajv-cli (npm, installed into build/node as
# tests/schema/run.sh does) with the lesson schema, and opening a 300 KB
# lesson; then the release build's menu through a pty beside whiptail
# --menu and a minimal ncurses menu (BENCH_RUNS rounds), with the bundled
# lessons and with the library; last, the ratios issue #40 recorded beside
# those of this run.  bench: load + validate cost for the bundled lessons
# and generated packs, bench-figures, then the rest below.
BENCH_RUNS ?= 5
# Class sizes (learners, one store each) for `paratutor class`, generated
# once into build/bench/.
BENCH_CLASS_SIZES ?= 1000 10000
# GIFT banks (questions) for `paratutor import`, generated once too.
# Then every input that once cost quadratic time (tests/bench/scaling.py) at
# n and 4n, at the sizes that found it: 200,000 GIFT questions (and as many
# categories) and XML attributes, a store of 300,000 wrong answers and a class who typed as many,
# 80,000 units and numbers.
BENCH_IMPORT_SIZES ?= 80000 200000
# Learners of one course answering over a real sshd at once, and for how long.
BENCH_COURSE_LEARNERS ?= 50
BENCH_COURSE_SECONDS ?= 60
BENCH_FIGURE_BINS = build/rel/bench/bench_library build/rel/bench/bench_pty build/rel/bench/minimal_menu paratutor
define bench_figures
	@build-aux/ensure-deps cmd:whiptail:whiptail
	@passed=0 failed=0; . tests/lib/npm-oracle.sh; npm_oracle ajv-cli 5 build/node || true
	@mkdir -p build/bench && rm -f build/bench/figures
	@BENCH_FIGURES=build/bench/figures build/rel/bench/bench_library ./paratutor build/bench \
		build/node/node_modules/.bin/ajv content/lesson.schema.json
	@echo
	@BENCH_FIGURES=build/bench/figures build/rel/bench/bench_pty ./paratutor build/rel/bench/minimal_menu content \
		$(BENCH_RUNS) build/bench/library
	@echo; echo "Issue #40's figures beside the same peers in this run (lower is better):"; cat build/bench/figures
endef
bench-figures: $(BENCH_FIGURE_BINS)
	$(bench_figures)
bench: $(BENCH_FIGURE_BINS) build/rel/bench/bench_load build/rel/bench/bench_class
	@build/rel/bench/bench_load content
	@echo
	$(bench_figures)
	@echo
	@build/rel/bench/bench_class content build/bench $(BENCH_CLASS_SIZES)
	@echo
	@sh tests/bench/import.sh ./paratutor build/bench $(BENCH_IMPORT_SIZES)
	@echo
	@SCALING_CASES="import categories" python3 tests/bench/scaling.py ./paratutor build/bench/scaling 50000 8 1
	@SCALING_CASES="xml-attrs" python3 tests/bench/scaling.py ./paratutor build/bench/scaling 50000 8 3
	@SCALING_CASES="store class" python3 tests/bench/scaling.py ./paratutor build/bench/scaling 75000 8 1
	@SCALING_CASES="units units-cap" python3 tests/bench/scaling.py ./paratutor build/bench/scaling 20000 8 1
	@echo
	@sh tests/course/load.sh ./paratutor $(BENCH_COURSE_LEARNERS) $(BENCH_COURSE_SECONDS) 0 bench

run: paratutor
	./paratutor --lessons content

# Everything `make check` builds treats warnings as errors (a target-specific
# variable reaches its prerequisites).
check: WERROR := -Werror
check: build-matrix layers-tests fsrs-tests unit-tests content-tests cli-tests plain-tests cache-tests progress-tests import-tests class-tests lrs-tests hostile-tests course-tests scaling-tests schema-check screen-tests man-check docs-check install-check
	@echo "make check: all test suites passed"

# The app built the ways users and packagers build it, warnings as errors:
# gcc at -O1 with the sanitizers and at -O3, and clang (a compiler that is not
# installed is skipped with a note).  Each variant keeps its objects in its
# own directory, so a second run compiles only what changed.
MATRIX          := gcc-O1-san gcc-O3 clang
MATRIX_CC_gcc-O1-san     := gcc
MATRIX_CFLAGS_gcc-O1-san := -O1 -g -fsanitize=address,undefined
MATRIX_CC_gcc-O3         := gcc
MATRIX_CFLAGS_gcc-O3     := -O3
MATRIX_CC_clang          := clang
MATRIX_CFLAGS_clang      := -O2 -g

define MATRIX_RULES
build/matrix/$(1)/%.o: %.c | $$(DEPS_OK)
	@mkdir -p $$(@D)
	@echo "  CC [$(1)] $$<"
	@$$(MATRIX_CC_$(1)) $$(PT_WARN) -Werror $$(PT_DEFS) -Iinclude $$(CFLAGS_PC) -pthread -MMD -MP $$(MATRIX_CFLAGS_$(1)) -c -o $$@ $$<

build/matrix/$(1)/paratutor: $$(APP_SRC:%.c=build/matrix/$(1)/%.o)
	@echo "  LD [$(1)] $$@"
	@$$(MATRIX_CC_$(1)) $$(MATRIX_CFLAGS_$(1)) -o $$@ $$^ $$(LIBS_PC)

-include $$(APP_SRC:%.c=build/matrix/$(1)/%.d)
endef
$(foreach v,$(MATRIX),$(eval $(call MATRIX_RULES,$(v))))

build-matrix: | $(DEPS_OK)
	@set -e; for v in $(MATRIX); do \
		case $$v in clang) cc=clang;; *) cc=gcc;; esac; \
		if ! command -v $$cc >/dev/null 2>&1; then \
			if [ -n "$${CI:-}" ]; then echo "build-matrix: $$cc is not installed" >&2; exit 1; fi; \
			echo "SKIP build-matrix $$v: $$cc is not installed"; continue; \
		fi; \
		$(MAKE) --no-print-directory build/matrix/$$v/paratutor; \
	done

# The folders of app/ are its layers (docs/styleguide.md): read from the
# sanitized objects with nm and from the includes, with planted breaks
# that must fail; the release binary (beside the test build) has no hook.
layers-tests: $(ASAN_OBJ) paratutor build/asan/paratutor test-deps
	@sh tests/layers/run.sh $(ASAN_OBJ)

# The review scheduler's memory model beside ts-fsrs (npm) over random logs.
build/asan/tests/fsrs-replay: tests/fsrs/replay.c build/asan/app/core/learn/fsrs.o
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SANITIZE) -o $@ $< build/asan/app/core/learn/fsrs.o -lm

fsrs-tests: build/asan/tests/fsrs-replay test-deps
	@sh tests/fsrs/run.sh build/asan/tests/fsrs-replay

# Every numeric answer of the bundled lessons, and every known wrong value,
# recomputed from the inputs its prompt states; then faults planted in a
# copy must be caught.
content-tests: test-deps
	@python3 tests/content/check_numeric.py content
	@python3 tests/content/check_planted.py content
	@python3 tests/content/check_findings.py content

# A locale whose decimal point is a comma, for check_kinds' number_locale
# (decimals are read the same whatever LC_NUMERIC says): made with localedef
# from the locales package's sources into the build tree, so no locale need
# be installed; the unit tests find it through LOCPATH.
TEST_LOCALES := build/locale/de_DE.UTF-8
$(TEST_LOCALES): | test-deps
	@mkdir -p $(@D) && localedef -i de_DE -f UTF-8 $@

unit-tests: $(TEST_BIN) $(TEST_LOCALES)
	@set -e; for t in $(TEST_BIN); do \
		echo "== $$t"; LOCPATH=$(CURDIR)/build/locale:/usr/lib/locale PT_SRCDIR=. CK_FORK=yes $$t; \
	done

cli-tests: build/asan/paratutor
	@sh tests/cli/run.sh build/asan/paratutor
	@sh tests/cli/paths.sh build/asan/paratutor

plain-tests: build/asan/paratutor
	@sh tests/plain/run.sh build/asan/paratutor
	@sh tests/plain/exam.sh build/asan/paratutor
	@sh tests/plain/history.sh build/asan/paratutor
	@python3 tests/plain/terminal.py build/asan/paratutor
	@python3 tests/plain/accessible.py build/asan/paratutor

# The lesson index cache: every way it can be stale, damaged or missing
# shows what the tutor shows without it.
cache-tests: build/asan/paratutor
	@sh tests/cache/run.sh build/asan/paratutor

screen-tests: build/asan/paratutor build/asan/tests/inview test-deps
	@build/asan/tests/inview content >build/inview.log || { grep -A 30 '^not ok' build/inview.log | head -n 200; tail -n 1 build/inview.log; exit 1; }
	@tail -n 1 build/inview.log
	@sh tests/screen/run.sh build/asan/paratutor
	@sh tests/screen/layout.sh build/asan/paratutor
	@sh tests/screen/stats.sh build/asan/paratutor
	@sh tests/screen/counts.sh build/asan/paratutor
	@sh tests/screen/exam.sh build/asan/paratutor
	@sh tests/screen/storm.sh build/asan/paratutor
	@sh tests/screen/figure.sh build/asan/paratutor
	@sh tests/screen/explore.sh build/asan/paratutor

# The suite makes build/asan/paratutor itself: built first here, so a parallel
# make never links it twice at once while another suite runs it.
progress-tests: $(ASAN_CORE) build/asan/paratutor
	@sh tests/progress/run.sh

# paratutor import: GIFT beside the gift-pegjs parser, Moodle XML against
# golden lessons, malformed files against their exact diagnostics.
import-tests: build/asan/paratutor test-deps
	@sh tests/import/run.sh build/asan/paratutor

# paratutor class and --report --format xapi: the item analysis against
# hand-computed figures and generated classes, the command line, and the
# statements through @learninglocker/xapi-validation.
CLASS_TEST_SRC := $(sort $(wildcard tests/class/check_*.c))
CLASS_TEST_BIN := $(CLASS_TEST_SRC:tests/class/%.c=build/asan/class-tests/%)

build/asan/class-tests/%: tests/class/%.c $(ASAN_CORE) tests/unit/testutil.h tests/class/class_util.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) $(SANITIZE) -Itests/unit -Itests/class -o $@ $< $(ASAN_CORE) $(LIBS_PC) $(CHECK_LIBS)

class-tests: $(CLASS_TEST_BIN) build/asan/paratutor test-deps
	@sh tests/class/run.sh build/asan/paratutor $(CLASS_TEST_BIN)

# Hostile text (escape sequences, C1 and bidi controls, bytes that are not
# UTF-8) in a lesson, GIFT and Moodle XML banks and progress stores, through
# every command: no such byte reaches the output, the full screen's
# included (through a pty); --check names each at its line and column.
# paratutor sync against a real Learning Record Store: Learning Locker's
# statement service (npm xapi-statements) on a free loopback port.
lrs-tests: build/asan/paratutor test-deps
	@sh tests/lrs/run.sh build/asan/paratutor

hostile-tests: build/asan/paratutor test-deps
	@sh tests/hostile/run.sh build/asan/paratutor
	@sh tests/hostile/python.sh build/asan/paratutor

# A hosted course: the instructor's commands on a course folder, then a real
# sshd (started and stopped by the test) serving it to learners and attackers.
course-tests: build/asan/paratutor test-deps
	@sh tests/course/cli.sh build/asan/paratutor
	@sh tests/course/ssh.sh build/asan/paratutor
	@sh tests/course/lrs.sh build/asan/paratutor
	@sh tests/course/load.sh build/asan/paratutor 10 60 20
	@sh tests/course/doc.sh build/asan/paratutor

# Every input costs linear time: the inputs that once cost quadratic time
# (a GIFT bank, one with a category per question, units and numbers, a
# store's wrong answers, a class's typed answers, XML attributes)
# at 3,000 and 12,000, through the release build (the sanitizers' own costs
# would blur the ratio); quadratic work gives about 16, linear under 5.
scaling-tests: paratutor test-deps
	@python3 tests/bench/scaling.py ./paratutor build/scaling 3000 8 3

schema-check: build/asan/paratutor
	@sh tests/schema/run.sh build/asan/paratutor

install-check: paratutor
	@sh tests/install-check.sh

man-check: test-deps
	@sh tests/man-check.sh man/paratutor.1 man/paratutor-lessons.5

# The README stays short and the sections moved out of it stay in docs/.
docs-check: paratutor test-deps
	@sh tests/docs-check.sh

# Each fuzz target links the core sources built with libFuzzer and the
# sanitizers and starts from the bundled lessons and fixtures.  `make fuzz`
# (CI) replays tests/fuzz/regressions/, then runs a fixed number of inputs
# from a fixed seed (about 45 s a target on an idle machine).  `make
# fuzz-long FUZZ_SECONDS=600` explores with new seeds and keeps its corpus:
# run it before a release.  tests/fuzz/run.sh says more.
FUZZ_SEED ?= 1
# Inputs a target runs in `make fuzz` (50,000 when it has no line here).
FUZZ_RUNS_blueprint := 2500000
FUZZ_RUNS_cache     := 3000000
FUZZ_RUNS_course    := 2500000
FUZZ_RUNS_explore   := 300000
FUZZ_RUNS_gift      := 90000
FUZZ_RUNS_lesson    := 60000
FUZZ_RUNS_moodlexml := 350000
FUZZ_RUNS_progress  := 100000
FUZZ_RUNS_sanitise  := 25000
FUZZ_RUNS_xapi      := 30000
build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(CORE_SRC) | $(DEPS_OK)
	@build-aux/ensure-deps $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(PT_WARN) $(WERROR) $(PT_DEFS) -Iinclude $(CFLAGS_PC) -g -O1 \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-o $@ $< $(CORE_SRC) $(LIBS_PC)

fuzz: $(FUZZ_TARGETS:%=build/fuzz/fuzz_%)
	@set -e; $(foreach t,$(FUZZ_TARGETS),sh tests/fuzz/run.sh $(t) fixed $(or $(FUZZ_RUNS_$(t)),50000) $(FUZZ_SEED);)

fuzz-long: $(FUZZ_TARGETS:%=build/fuzz/fuzz_%)
	@set -e; $(foreach t,$(FUZZ_TARGETS),sh tests/fuzz/run.sh $(t) long $(FUZZ_SECONDS);)

# install writes a manifest of every file it installs
# ($(DATADIR)/paratutor/installed-files, itself included); uninstall removes
# exactly those files, then each folder it leaves empty: a lesson a course
# put into the lesson folder stays, and so does its folder.
MANIFEST = $(DATADIR)/paratutor/installed-files
install: paratutor
	@set -e; list=$$(mktemp); \
	put() { install -D -m "$$1" "$$2" "$(DESTDIR)$$3"; echo "$$3" >>"$$list"; echo "  INSTALL $(DESTDIR)$$3"; }; \
	put 755 paratutor $(BINDIR)/paratutor; \
	for f in content/*.json content/blueprints/*.json; do put 644 "$$f" "$(DATADIR)/paratutor/lessons/$${f#content/}"; done; \
	put 644 man/paratutor.1 $(MANDIR)/man1/paratutor.1; \
	put 644 man/paratutor-lessons.5 $(MANDIR)/man5/paratutor-lessons.5; \
	put 644 README.md $(DOCDIR)/README.md; \
	for f in docs/*.md; do put 644 "$$f" "$(DOCDIR)/$$f"; done; \
	put 644 content/README.md $(DOCDIR)/content/README.md; \
	echo "$(MANIFEST)" >>"$$list"; \
	install -D -m 644 "$$list" "$(DESTDIR)$(MANIFEST)"; rm -f "$$list"

uninstall:
	@set -e; m="$(DESTDIR)$(MANIFEST)"; \
	if [ ! -f "$$m" ]; then echo "make uninstall: $$m is missing: nothing here was installed by make install" >&2; exit 1; fi; \
	dirs=""; \
	while IFS= read -r f; do \
		case "$$f" in /*) ;; *) echo "make uninstall: $$m: '$$f' is not an absolute path; stopped" >&2; exit 1;; esac; \
		rm -f "$(DESTDIR)$$f"; echo "  RM $(DESTDIR)$$f"; dirs="$$dirs $$(dirname "$(DESTDIR)$$f")"; \
	done <"$$m"; \
	for d in $$(printf '%s\n' $$dirs | sort -ur); do \
		while [ "$$d" != "$(DESTDIR)$(PREFIX)" ] && [ "$$d" != / ] && rmdir "$$d" 2>/dev/null; do d=$$(dirname "$$d"); done; \
	done

# The Debian package, built by dpkg-buildpackage from a copy of the source
# tree in build/deb/src (its clean step must not touch this tree): the
# .deb lands in build/deb/.  deb-check runs lintian on it and the unpacked
# binary on its own lessons and man pages (tests/deb-check.sh; .ci/run).
deb: | $(DEPS_OK)
	@build-aux/ensure-deps $(DEB_DEPS)
	@rm -rf build/deb && mkdir -p build/deb/src
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
		git ls-files -co --exclude-standard | grep -v '^build/' | tar -cf - -T - | tar -xf - -C build/deb/src; \
	else \
		tar --exclude=./build --exclude=./paratutor -cf - . | tar -xf - -C build/deb/src; \
	fi
	@cd build/deb/src && dpkg-buildpackage -us -uc -b >../build.log 2>&1 || { tail -n 30 ../build.log; exit 1; }
	@ls build/deb/*.deb

deb-check: deb
	@sh tests/deb-check.sh

clean:
	rm -rf build paratutor

-include $(OBJ:.o=.d) $(ASAN_OBJ:.o=.d) $(VG_APP_OBJ:.o=.d)

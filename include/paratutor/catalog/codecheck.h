/* codecheck.h - checking fill items' code with the answers filled in.
 *
 * Pure by contract: nothing is printed and no process-wide state changes.
 * Nothing a lesson folder, the current directory or the environment holds
 * runs: python3 is the one at the absolute path fixed at build time
 * (PT_PYTHON3, /usr/bin/python3 by default), started isolated (-I -S) in /
 * with only LC_ALL in its environment, under the limits below, and runs a
 * program built into codecheck.c, given on its stdin (the code goes on
 * descriptor 3).  It is a child process fed through a pipe; a write to a pipe
 * python3 has closed raises SIGPIPE at the writing thread only, so that
 * thread blocks SIGPIPE with pthread_sigmask while it writes, takes a
 * SIGPIPE its own write raised off the pending set with sigtimedwait,
 * and restores its mask: the process's handlers and every other thread
 * are untouched.  The caller tells the user what the result means. */
#ifndef PARATUTOR_CODECHECK_H
#define PARATUTOR_CODECHECK_H

#include <stddef.h>

#include "paratutor/catalog/catalog.h"

/* The child's limits: CPU time, wall-clock time (an alarm kept across
 * exec), address space; it may not write files (RLIMIT_FSIZE 0). */
#define CODECHECK_CPU_SECONDS 30
#define CODECHECK_WALL_SECONDS 60
#define CODECHECK_MEMORY_MIB 1024

typedef enum pt_codecheck_status {
	CODECHECK_DONE,      /* every python fill item that could be checked was (maybe none) */
	CODECHECK_NO_PYTHON, /* python3 could not be run: *unchecked items were not checked */
	CODECHECK_NO_MEMORY  /* out of memory: *unchecked items were not checked */
} pt_codecheck_status;

/* For every fill item whose language is python and whose placeholders and
 * answers are sound (a knock-on parse error would only repeat theirs),
 * fills in the first accepted answers and asks python3's own parser
 * whether the result parses; adds an error to the item's entry for each
 * that does not.  Runs one python3 process: the built-in one when python
 * is NULL, as the program always passes (tests pass the path of a stand-in,
 * so no input can choose the Python).  Sets *unchecked to the number of
 * such items left unchecked. */
pt_codecheck_status codecheck_catalog(pt_catalog *catalog, const char *python, size_t *unchecked);

/* Returns true when lesson has an item codecheck_catalog() would check
 * (so a catalog that drops lessons after validating keeps this one). */
bool codecheck_wants(const pt_lesson *lesson);

#endif

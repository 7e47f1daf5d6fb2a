/* ui_guard.h - every byte the tutor writes to standard output or standard
 * error passes the sanitiser (sanitise.h) on its way out, so no text from
 * a lesson, a bank, a store or a file name can steer the terminal, and
 * the tutor's own printing needs no call of its own. */
#ifndef PARATUTOR_UI_GUARD_H
#define PARATUTOR_UI_GUARD_H

#include <stdio.h>

/* Puts the sanitiser between stdout, stderr and their file descriptors.
 * Call once, first thing in main, before anything is written.  Where the
 * C library offers no way to do so, the streams stay as they were. */
void guard_install(void);

/* Returns the unguarded standard output, for curses alone: the full
 * screen writes escape sequences of its own and sanitises the text it
 * draws (draw.c).  Flushes the guarded stream first, to keep order. */
FILE *guard_terminal(void);

#endif

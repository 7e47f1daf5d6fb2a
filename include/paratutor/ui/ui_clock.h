/* ui_clock.h - the time of day for the tutor's screens and commands,
 * and the local time's offset from UTC.
 *
 * Returns time(NULL), except in tests: when the environment variable
 * PARATUTOR_TEST_NOW is set (test-only; never documented for learners),
 * its value is the time in seconds since the epoch, or, when it does not
 * start with a digit, the name of a file holding that number, read at
 * every call, so a test can move the clock of a running tutor without
 * waiting.  A value or file that does not hold a number falls back to
 * time(NULL). */
#ifndef PARATUTOR_UI_CLOCK_H
#define PARATUTOR_UI_CLOCK_H

#include <time.h>

/* Returns the time now (see above). */
time_t ui_now(void);

/* Returns the local time's offset from UTC at now, in seconds east. */
long ui_utc_offset(time_t now);

#endif

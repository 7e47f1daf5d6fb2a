/* cli_closed.h - closed books for the commands that show answers or
 * records: while this user's own exam is open (its deadline not passed),
 * stats --me, --watch, export and --report refuse with one line, as the
 * tutor closes its own statistics.  A courtesy on one's own machine: only
 * hosted courses are proctored (README, threat model). */
#ifndef PARATUTOR_CLI_CLOSED_H
#define PARATUTOR_CLI_CLOSED_H

#include <stdbool.h>

/* Returns true, having printed one line on stderr naming command, when
 * the progress store at path (NULL: this user's default store) holds an
 * open exam whose deadline has not passed; false otherwise (also when the
 * store cannot be read: the command then says so itself). */
bool cli_exam_closed(const char *path, const char *command);

#endif

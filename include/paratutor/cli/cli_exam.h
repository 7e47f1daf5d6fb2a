/* cli_exam.h - the `paratutor exam` command: a timed exam drawn from the
 * lessons, resumed when one was left unfinished, and the history of past
 * exams. */
#ifndef PARATUTOR_CLI_EXAM_H
#define PARATUTOR_CLI_EXAM_H

/* Runs `paratutor exam` with argv[0] being "exam"; returns the exit
 * status (0 done, 1 the exam could not be drawn or kept, 2 bad command
 * line, 3 no lessons found). */
int cli_exam(int argc, char **argv);

#include "paratutor/catalog/catalog.h"
#include "paratutor/learn/exam.h"

/* Hosted mode (cli_course.h): sits the course exam name as cfg defines it,
 * in the store at state, resuming it when it is the one open; its id
 * begins "NAME/" (course.h); the exam key then says hosted instead of
 * opening the exam form, and the statistics hold back the scores of
 * course's exams whose results are not out.  Full screen on a terminal,
 * else plain.  Returns the exit status as cli_exam does. */
struct pt_course;
int cli_exam_course(pt_catalog *cat, const pt_exam_config *cfg, const char *state, const char *name,
    const char *hosted, const struct pt_course *course);

#endif

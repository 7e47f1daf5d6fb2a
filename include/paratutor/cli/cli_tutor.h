/* cli_tutor.h - running the tutor itself (the lesson menu, a lesson or the
 * review, full screen or plain) over a progress store, for the command
 * line and for hosted mode (cli_course.h). */
#ifndef PARATUTOR_CLI_TUTOR_H
#define PARATUTOR_CLI_TUTOR_H

#include <stdbool.h>

#include "paratutor/catalog/catalog.h"

typedef struct cli_tutor_options {
	const char *lesson_id; /* open this lesson, or NULL for the menu */
	bool review;           /* start with the items due for review */
	const char *state;     /* the progress store, or NULL: memory only */
	bool plain;            /* line mode (also whenever stdin or stdout is not a terminal) */
	bool shuffle;
	double retention;      /* the review schedule's desired retention */
	const char *hosted;    /* hosted mode: what the exam key says instead of opening the exam form */
	const char *notice;    /* shown when opening the store gives no notice of its own, or NULL */
	const struct pt_course *course; /* hosted mode: the course (pt_ui_options); NULL otherwise */
} cli_tutor_options;

/* Opens the store and runs the tutor; returns the exit status (0, 1 out
 * of memory, 3 no such lesson). */
int cli_run_tutor(pt_catalog *cat, const cli_tutor_options *o);

#endif

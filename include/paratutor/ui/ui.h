/* ui.h - the full-screen terminal tutor (curses). */
#ifndef PARATUTOR_UI_H
#define PARATUTOR_UI_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/learn/exam.h"
#include "paratutor/store/track.h"

typedef struct pt_ui_options {
	const char *lesson_id; /* open this lesson directly; NULL for the menu */
	bool review;           /* start with the items due for review */
	const char *watch;     /* reload this lesson file (catalog entry 0) on save */
	pt_track *track;       /* progress keeping; never NULL */
	bool first_run;        /* no progress store existed: show the introduction */
	bool shuffle;          /* show options shuffled (session_init_shuffled) */
	unsigned long long salt; /* the learner's shuffle salt */
	pt_exam *exam;         /* sit this exam (started or resumed; borrowed), or NULL */
	const char *hosted;    /* hosted mode (a course): what the exam key says instead of opening the
	                        * exam form, since a course's exams are sat as it defines them; NULL otherwise */
	const struct pt_course *course; /* hosted mode: the course, whose exams' results may not be out yet; NULL
	                                 * otherwise */
} pt_ui_options;

/* Runs the tutor on the catalog until the learner quits.  Restores the
 * terminal on every exit path, signals included.  Returns an exit status. */
/* Returns true when curses can drive the terminal on standard output
 * (TERM set, known to terminfo, able to move the cursor); otherwise
 * writes why into why and returns false. */
bool ui_terminal_usable(char *why, size_t size);

int ui_run(pt_catalog *catalog, const pt_ui_options *options);

#endif

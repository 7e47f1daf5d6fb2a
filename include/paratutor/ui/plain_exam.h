/* plain_exam.h - an exam in plain line mode (paratutor exam --plain, and
 * whenever stdin or stdout is not a terminal). */
#ifndef PARATUTOR_PLAIN_EXAM_H
#define PARATUTOR_PLAIN_EXAM_H

#include <stdbool.h>
#include <stdio.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/learn/exam.h"
#include "paratutor/store/track.h"

/* Runs exam e (started or resumed, borrowed) reading commands from in and
 * writing to out: answers are kept without feedback and the exam is kept
 * through track after each answer, mark and move.  The clock wakes the
 * loop for the 5- and 1-minute warnings and submits at zero.  Ends when
 * the exam is submitted (printing the results), or the learner quits or
 * input ends (the exam is kept to resume).  in should be unbuffered
 * (setvbuf _IONBF) so that waiting on its descriptor sees every line.
 * The results say what to study next from the store and catalog.
 * Returns an exit status. */
int plain_exam_run(pt_exam *e, pt_track *track, pt_catalog *catalog, FILE *in, FILE *out);

/* Prints the results of submitted exam e: score, verdict and how they are
 * made, time used, by lesson, by difficulty and by concept, what to study
 * next (next.h, from store p and catalog; left out when either is NULL),
 * then each item with the learner's answer, the key, the feedback and the
 * explanation. */
void plain_exam_results(FILE *out, pt_exam *e, pt_progress *p, pt_catalog *catalog);

/* The lesson list's exam command: takes up the unfinished exam, or offers
 * a new one with the default choices (exam_config_default) and starts it
 * on a yes; runs it on in and out, then returns to the caller (0; 1 when
 * input ended before the exam began). */
int plain_exam_menu(pt_track *track, pt_catalog *catalog, bool shuffle, FILE *in, FILE *out);

#endif

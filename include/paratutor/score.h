/* score.h - the score model (docs/scoring.md): the one place every number
 * a learner or instructor sees is computed from.  Pure. */
#ifndef PARATUTOR_SCORE_H
#define PARATUTOR_SCORE_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/grade.h"

#define PT_SCORE_FULL 100       /* right on the first check, no hint */
#define PT_SCORE_WRONG_CHECK 25 /* each wrong check */
#define PT_SCORE_HINT 10        /* each hint */
#define PT_SCORE_FLOOR 10       /* a solved first pass scores at least this */

/* Returns the score of one pass through an item: 0 unless solved; else
 * 100 - 25 per wrong check - 10 per hint, at least 10; a practice pass (a
 * retry, a review, or any pass after the answer could be seen) scores
 * half of that, rounded down. */
int score_item(pt_outcome outcome, int checks, int hints, bool practice);

/* Returns what an item adds to its lesson score: its first pass
 * (score_item of the lesson result), or 0 when that pass is open or was
 * made after the answer could be seen (key_seen).  Retries and reviews
 * never change it. */
int score_lesson_item(pt_outcome outcome, int checks, int hints, bool key_seen);

/* Returns the lesson score: total of score_lesson_item over the lesson's
 * n items, divided by n (rounded down); 0 for an empty lesson. */
int score_lesson(long total, size_t n);

/* Writes the label of a finished pass into out: "right first time, score
 * 100", "retry: right on the first check, score 50", "right after 2
 * checks, score 75", "out of attempts, score 0"; "" while open. */
void score_label(pt_outcome outcome, int checks, int hints, bool practice, char *out, size_t size);

#endif

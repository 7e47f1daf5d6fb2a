/* score.h - the score model (docs/scoring.md): the one place every number
 * a learner or instructor sees is computed from.  Pure.
 *
 * Credit is built on attempts at a lesson, as a quiz's attempts are: a
 * lesson's score is its first attempt's; a reset starts attempt 2, 3, ...
 * whose items score in full as that attempt and are shown beside the
 * first.  A practice pass (a second go at an item from the summary) and a
 * review are named as such and never change either figure. */
#ifndef PARATUTOR_SCORE_H
#define PARATUTOR_SCORE_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/learn/grade.h"

#define PT_SCORE_FULL 100       /* right on the first check, no hint */
#define PT_SCORE_WRONG_CHECK 25 /* each wrong check */
#define PT_SCORE_HINT 10        /* each hint */
#define PT_SCORE_FLOOR 10       /* a solved pass scores at least this */

/* What a pass through an item is (one word each, as the learner reads it). */
typedef enum pt_pass_kind {
	PT_PASS_ATTEMPT,  /* the item's pass in the lesson's current attempt: it scores */
	PT_PASS_PRACTICE, /* a second go after the item ended: "practice" */
	PT_PASS_REVIEW,   /* a pass from the review queue: "review" */
} pt_pass_kind;

/* Returns the score of one pass through an item: 0 unless solved; else
 * 100 - 25 per wrong check - 10 per hint, at least 10.  The same for every
 * kind of pass; only an attempt's pass counts towards a lesson. */
int score_item(pt_outcome outcome, int checks, int hints);

/* Returns what a finished pass adds to its attempt's lesson score
 * (score_item), 0 while open. */
int score_lesson_item(pt_outcome outcome, int checks, int hints);

/* Returns the lesson score: total of score_lesson_item over the lesson's
 * n items, divided by n (to the nearest whole number); 0 for an empty
 * lesson. */
int score_lesson(long total, size_t n);

/* Writes the label of a finished pass into out: "right first time, score
 * 100", "practice: right on the first check, 100 (practice; the lesson
 * score stays)", "right after 2 checks, score 75", "out of attempts, score
 * 0"; "" while open. */
void score_label(pt_outcome outcome, int checks, int hints, pt_pass_kind kind, char *out, size_t size);

/* Writes a lesson's score as every screen shows it into out: "74" in its
 * first attempt, "74 · attempt 2: 100" in a later one (attempt > 1, its
 * score attempt_score; "74 · attempt 2: not started" while it is below 0,
 * no item of the attempt done yet).  With ascii, "-" stands for the
 * middle dot. */
void score_attempt_text(int score, int attempt, int attempt_score, bool ascii, char *out, size_t size);

/* Returns what the score beside it is, in a few words, for an attempt. */
const char *score_explain(int attempt);

/* Writes what a reset of a lesson at attempt (its lesson score score)
 * does to scores, for its confirmation, into out: a sentence, or with
 * brief a phrase that fits a key bar. */
void score_reset_text(int score, int attempt, bool brief, char *out, size_t size);

#endif

/* schedule.h - the review schedule: how a finished pass or a review moves
 * an item's memory state (FSRS-6, fsrs.h) and when it is due again.  Pure:
 * no I/O, no clock (callers pass `now`).  docs/scoring.md says how a check
 * becomes a rating. */
#ifndef PARATUTOR_SCHEDULE_H
#define PARATUTOR_SCHEDULE_H

#include <stdbool.h>
#include <time.h>

#include "paratutor/learn/fsrs.h"
#include "paratutor/learn/grade.h"

/* Legacy Leitner boxes (stores written before FSRS): box 0 was due at
 * once; boxes 1-5 waited 1, 3, 7, 21 and 60 days.  A box is still written
 * beside the memory state, as the level of the current interval, so an
 * older paratutor reads the store sensibly. */
#define PT_LEITNER_BOXES 6

/* Seconds until an item answered wrongly in a review comes back (the
 * relearning step). */
#define PT_RELEARN_SECONDS 600

/* Right first time, with no hint, within this many seconds of work on the
 * item: rated Easy rather than Good. */
#define PT_EASY_SECONDS 15

#define PT_DAY_SECONDS 86400

/* An item's review state. */
typedef struct pt_sched {
	double stability;   /* days; 0 before the first finished pass */
	double difficulty;  /* 1 to 10 */
	time_t last;        /* the latest review (or finished pass) */
	time_t due;
	int box;            /* legacy level of the interval, 0 to 5 */
} pt_sched;

/* Returns the interval of legacy box in days: 0, 1, 3, 7, 21, 60
 * (clamped). */
int schedule_interval_days(int box);

/* The rating of a finished first pass: failed is Again; right after a
 * wrong check or with a hint is Hard; right first time is Good, or Easy
 * within PT_EASY_SECONDS of work.  PT_OUTCOME_NONE gives 0 (no rating). */
int schedule_rating(pt_outcome outcome, long seconds);

/* Applies a rating (1-4) given at now to *s: the memory state moves by
 * the model with the whole days since s->last; the item is due after the
 * model's interval at the desired retention, except that Again and Hard
 * are due at once after a first pass (first true: the item comes back in
 * the review queue, as a learning step would) and Again is due
 * PT_RELEARN_SECONDS later after a review.  A rating of 0 changes nothing. */
void schedule_apply(const pt_fsrs *f, int rating, bool first, time_t now, pt_sched *s);

/* Predicted recall of the item at now (0 before its first finished pass). */
double schedule_recall(const pt_fsrs *f, const pt_sched *s, time_t now);

/* Converts a legacy Leitner state (box, due, set at `at`) into a memory
 * state that keeps the same due time: a box of interval I days becomes
 * stability I (recall 90 % at the due date), with the difficulty of a
 * first Good; box 0 becomes the state of a first Again. */
void schedule_from_leitner(const pt_fsrs *f, int box, time_t due, time_t at, pt_sched *s);

#endif

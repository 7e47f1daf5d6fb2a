/* fsrs.h - the memory model behind review scheduling: FSRS-6 (the Free
 * Spaced Repetition Scheduler, version 6) with its published default
 * parameters.  Each item has a stability S (days until recall falls to
 * 90 %) and a difficulty D (1 to 10); a review rated Again, Hard, Good or
 * Easy moves both.  Retrievability R(t, S) is the predicted chance of
 * recall t days after the last review.
 *
 * Pure: no I/O, no clock.  Every intermediate value is rounded to eight
 * decimals where the reference implementation rounds it, so results agree
 * with it to the last digit that matters (tests/fsrs/ checks that against
 * ts-fsrs over random review logs). */
#ifndef PARATUTOR_FSRS_H
#define PARATUTOR_FSRS_H

#include <stdbool.h>

#define PT_FSRS_PARAMS 21
#define PT_FSRS_DEFAULT_RETENTION 0.9
#define PT_FSRS_MAX_INTERVAL 36500

typedef enum pt_rating {
	PT_RATING_AGAIN = 1,
	PT_RATING_HARD = 2,
	PT_RATING_GOOD = 3,
	PT_RATING_EASY = 4
} pt_rating;

typedef struct pt_fsrs {
	double w[PT_FSRS_PARAMS];
	double retention;        /* desired retention, (0, 1) */
	int max_interval;        /* days */
	double decay, factor;    /* derived from w[20] */
	double modifier;         /* interval = S * modifier at the desired retention */
} pt_fsrs;

/* An item's memory state; stability 0 means never reviewed. */
typedef struct pt_memory {
	double stability;
	double difficulty;
} pt_memory;

/* The default parameters of FSRS-6. */
extern const double fsrs_default_w[PT_FSRS_PARAMS];

/* Fills f with parameters w (NULL: the defaults) and a desired retention
 * (values outside (0, 1) fall back to 0.9).  Parameters are clamped to the
 * ranges the model allows. */
void fsrs_init(pt_fsrs *f, const double *w, double retention);

/* Returns true when retention is a usable desired retention: 0.7 to 0.99. */
bool fsrs_retention_ok(double retention);

/* Predicted recall elapsed_days after the last review of an item with
 * stability s (> 0). */
double fsrs_retrievability(const pt_fsrs *f, double elapsed_days, double s);

/* The interval in whole days (1 to max_interval) for stability s. */
int fsrs_interval(const pt_fsrs *f, double s);

/* The state after a review rated r, elapsed_days (whole days, >= 0) after
 * the previous one; a state with stability 0 is a first review.  Reviews
 * on the same day (elapsed_days 0) use the short-term formula. */
pt_memory fsrs_next(const pt_fsrs *f, pt_memory m, int elapsed_days, pt_rating r);

#endif

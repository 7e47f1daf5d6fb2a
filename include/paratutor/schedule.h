/* schedule.h - the Leitner review schedule: which box an item is in and
 * when it is due again.  Pure: no I/O, no clock (callers pass `now`). */
#ifndef PARATUTOR_SCHEDULE_H
#define PARATUTOR_SCHEDULE_H

#include <stdbool.h>
#include <time.h>

#include "paratutor/grade.h"

/* Leitner boxes: box 0 is due at once; boxes 1-5 wait 1, 3, 7, 21 and 60
 * days. */
#define PT_LEITNER_BOXES 6

/* Seconds until an item answered wrongly in a review comes back. */
#define PT_RELEARN_SECONDS 600

/* Returns the interval of box in days: 0, 1, 3, 7, 21, 60 (clamped). */
int schedule_interval_days(int box);

/* Applies the outcome of an item's first pass (in its lesson) to *box and
 * *due: right first time moves up a box (at most the last), due after its
 * interval; anything else finished goes to box 0, due now.
 * PT_OUTCOME_NONE changes nothing. */
void schedule_apply(pt_outcome outcome, time_t now, int *box, time_t *due);

/* Applies a review answer to *box and *due: right moves up a box (at most
 * the last), due after its interval; wrong drops to box 1, due again
 * PT_RELEARN_SECONDS from now.  Either way the item is no longer due at
 * now. */
void schedule_review(bool right, time_t now, int *box, time_t *due);

#endif

/* schedule.c - the Leitner review schedule: which box an item moves to
 * after a finished pass or a review answer, and when it is due again. */
#include "paratutor/schedule.h"

#define DAY_SECONDS 86400

/* Days to wait in each box; box 0 is due at once. */
static const int interval_days[PT_LEITNER_BOXES] = { 0, 1, 3, 7, 21, 60 };

int schedule_interval_days(int box)
{
	if (box < 0)
		box = 0;
	if (box >= PT_LEITNER_BOXES)
		box = PT_LEITNER_BOXES - 1;
	return interval_days[box];
}

/* Moves *box up one (at most the last) and sets *due after its interval. */
static void promote(time_t now, int *box, time_t *due)
{
	int next = *box < 0 ? 1 : *box + 1;
	if (next >= PT_LEITNER_BOXES)
		next = PT_LEITNER_BOXES - 1;
	*box = next;
	*due = now + (time_t)schedule_interval_days(next) * DAY_SECONDS;
}

void schedule_apply(pt_outcome outcome, time_t now, int *box, time_t *due)
{
	switch (outcome) {
	case PT_OUTCOME_NONE:
		return;
	case PT_OUTCOME_FIRST_TIME:
		promote(now, box, due);
		return;
	case PT_OUTCOME_WITH_HINTS:
	case PT_OUTCOME_RETRIES:
	case PT_OUTCOME_FAILED:
		*box = 0;
		*due = now;
		return;
	}
}

void schedule_review(bool right, time_t now, int *box, time_t *due)
{
	if (right) {
		promote(now, box, due);
		return;
	}
	*box = 1;
	*due = now + PT_RELEARN_SECONDS;
}

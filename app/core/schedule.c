/* schedule.c - the Leitner review schedule: which box an item moves to
 * after a finished pass, and when it is due again.  Pure. */
#include "paratutor/progress.h"

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

void schedule_apply(pt_outcome outcome, time_t now, int *box, time_t *due)
{
	switch (outcome) {
	case PT_OUTCOME_NONE:
		return;
	case PT_OUTCOME_FIRST_TIME: {
		int next = *box < 0 ? 1 : *box + 1;
		if (next >= PT_LEITNER_BOXES)
			next = PT_LEITNER_BOXES - 1;
		*box = next;
		*due = now + (time_t)schedule_interval_days(next) * DAY_SECONDS;
		return;
	}
	case PT_OUTCOME_WITH_HINTS:
	case PT_OUTCOME_RETRIES:
	case PT_OUTCOME_FAILED:
		*box = 0;
		*due = now;
		return;
	}
}

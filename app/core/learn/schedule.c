/* schedule.c - the review schedule over the FSRS-6 memory model: ratings
 * from outcomes, the next state and due time, and the conversion of
 * stores written with Leitner boxes. */
#include "paratutor/learn/schedule.h"

static const int interval_days[PT_LEITNER_BOXES] = { 0, 1, 3, 7, 21, 60 };

int schedule_interval_days(int box)
{
	if (box < 0)
		box = 0;
	if (box >= PT_LEITNER_BOXES)
		box = PT_LEITNER_BOXES - 1;
	return interval_days[box];
}

int schedule_rating(pt_outcome outcome, long seconds)
{
	switch (outcome) {
	case PT_OUTCOME_NONE:
		return 0;
	case PT_OUTCOME_FAILED:
		return PT_RATING_AGAIN;
	case PT_OUTCOME_WITH_HINTS:
	case PT_OUTCOME_RETRIES:
		return PT_RATING_HARD;
	case PT_OUTCOME_FIRST_TIME:
		break;
	}
	return seconds > 0 && seconds <= PT_EASY_SECONDS ? PT_RATING_EASY : PT_RATING_GOOD;
}

/* The legacy level of an interval of the given seconds. */
static int level(time_t seconds)
{
	if (seconds <= 0)
		return 0;
	int box = 1;
	while (box + 1 < PT_LEITNER_BOXES && seconds >= (time_t)interval_days[box + 1] * PT_DAY_SECONDS)
		box++;
	return box;
}

void schedule_apply(const pt_fsrs *f, int rating, bool first, time_t now, pt_sched *s)
{
	if (rating < PT_RATING_AGAIN || rating > PT_RATING_EASY)
		return;
	long days = 0;
	if (s->stability > 0 && now > s->last)
		days = (long)((now - s->last) / PT_DAY_SECONDS);
	pt_memory m = fsrs_next(f, (pt_memory){ s->stability, s->difficulty },
	    days > 36500 ? 36500 : (int)days, (pt_rating)rating);
	s->stability = m.stability;
	s->difficulty = m.difficulty;
	s->last = now;
	if (first && rating <= PT_RATING_HARD)
		s->due = now;  /* missed or helped on its first pass: review it now */
	else if (rating == PT_RATING_AGAIN)
		s->due = now + PT_RELEARN_SECONDS;
	else
		s->due = now + (time_t)fsrs_interval(f, m.stability) * PT_DAY_SECONDS;
	s->box = level(s->due - now);
}

double schedule_recall(const pt_fsrs *f, const pt_sched *s, time_t now)
{
	if (s->stability <= 0)
		return 0;
	double days = now > s->last ? (double)(now - s->last) / PT_DAY_SECONDS : 0;
	return fsrs_retrievability(f, days, s->stability);
}

void schedule_from_leitner(const pt_fsrs *f, int box, time_t due, time_t at, pt_sched *s)
{
	int days = schedule_interval_days(box);
	pt_memory first = fsrs_next(f, (pt_memory){ 0, 0 }, 0, days > 0 ? PT_RATING_GOOD : PT_RATING_AGAIN);
	s->stability = days > 0 ? days : first.stability;
	s->difficulty = first.difficulty;
	s->due = due;
	s->last = days > 0 && at <= 0 ? due - (time_t)days * PT_DAY_SECONDS : at;
	s->box = box < 0 ? 0 : box >= PT_LEITNER_BOXES ? PT_LEITNER_BOXES - 1 : box;
}

/* score.c - the score model: item, practice and lesson scores and their
 * labels (docs/scoring.md). */
#include <stdio.h>

#include "paratutor/score.h"

int score_item(pt_outcome outcome, int checks, int hints, bool practice)
{
	if (outcome == PT_OUTCOME_NONE || outcome == PT_OUTCOME_FAILED)
		return 0;
	if (checks < 1)
		checks = 1;
	if (hints < 0)
		hints = 0;
	int score = PT_SCORE_FULL - PT_SCORE_WRONG_CHECK * (checks - 1) - PT_SCORE_HINT * hints;
	if (score < PT_SCORE_FLOOR)
		score = PT_SCORE_FLOOR;
	return practice ? score / 2 : score;
}

int score_lesson_item(pt_outcome outcome, int checks, int hints, bool key_seen)
{
	if (key_seen)
		return 0;
	return score_item(outcome, checks, hints, false);
}

int score_lesson(long total, size_t n)
{
	/* the mean, to the nearest whole number */
	return n > 0 && total > 0 ? (int)((total + (long)n / 2) / (long)n) : 0;
}

void score_label(pt_outcome outcome, int checks, int hints, bool practice, char *out, size_t size)
{
	int score = score_item(outcome, checks, hints, practice);
	const char *pass = practice ? "retry: " : "";
	if (checks < 1)
		checks = 1;
	char how[64];
	if (hints > 0)
		snprintf(how, sizeof how, " with %d hint%s", hints, hints == 1 ? "" : "s");
	else
		how[0] = '\0';
	switch (outcome) {
	case PT_OUTCOME_NONE:
		snprintf(out, size, "%s", "");
		return;
	case PT_OUTCOME_FAILED:
		snprintf(out, size, "%sout of attempts, score 0", pass);
		return;
	case PT_OUTCOME_FIRST_TIME:
	case PT_OUTCOME_WITH_HINTS:
	case PT_OUTCOME_RETRIES:
		break;
	}
	if (checks == 1 && !practice && hints == 0)
		snprintf(out, size, "right first time, score %d", score);
	else if (checks == 1)
		snprintf(out, size, "%sright on the first check%s, score %d", pass, how, score);
	else
		snprintf(out, size, "%sright after %d checks%s, score %d", pass, checks, how, score);
}

/* score.c - the score model: item, attempt and lesson scores and their
 * labels (docs/scoring.md). */
#include <stdio.h>

#include "paratutor/learn/score.h"

int score_item(pt_outcome outcome, int checks, int hints)
{
	if (outcome == PT_OUTCOME_NONE || outcome == PT_OUTCOME_FAILED)
		return 0;
	if (checks < 1)
		checks = 1;
	if (hints < 0)
		hints = 0;
	int score = PT_SCORE_FULL - PT_SCORE_WRONG_CHECK * (checks - 1) - PT_SCORE_HINT * hints;
	return score < PT_SCORE_FLOOR ? PT_SCORE_FLOOR : score;
}

int score_lesson_item(pt_outcome outcome, int checks, int hints)
{
	return score_item(outcome, checks, hints);
}

int score_lesson(long total, size_t n)
{
	/* the mean, to the nearest whole number */
	return n > 0 && total > 0 ? (int)((total + (long)n / 2) / (long)n) : 0;
}

/* Returns the word a pass kind is shown with: "" for an attempt's pass,
 * "practice" or "review". */
static const char *score_pass_word(pt_pass_kind kind)
{
	switch (kind) {
	case PT_PASS_PRACTICE: return "practice";
	case PT_PASS_REVIEW: return "review";
	case PT_PASS_ATTEMPT: break;
	}
	return "";
}

void score_label(pt_outcome outcome, int checks, int hints, pt_pass_kind kind, char *out, size_t size)
{
	int score = score_item(outcome, checks, hints);
	bool other = kind != PT_PASS_ATTEMPT;
	char pass[32], tail[64];
	snprintf(pass, sizeof pass, "%s%s", score_pass_word(kind), other ? ": " : "");
	if (other)
		snprintf(tail, sizeof tail, ", %d (%s; the lesson score stays)", score, score_pass_word(kind));
	else
		snprintf(tail, sizeof tail, ", score %d", score);
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
		snprintf(out, size, "%sout of attempts%s", pass, tail);
		return;
	case PT_OUTCOME_FIRST_TIME:
	case PT_OUTCOME_WITH_HINTS:
	case PT_OUTCOME_RETRIES:
		break;
	}
	if (checks == 1 && !other && hints == 0)
		snprintf(out, size, "right first time%s", tail);
	else if (checks == 1)
		snprintf(out, size, "%sright on the first check%s%s", pass, how, tail);
	else
		snprintf(out, size, "%sright after %d checks%s%s", pass, checks, how, tail);
}

void score_attempt_text(int score, int attempt, int attempt_score, bool ascii, char *out, size_t size)
{
	if (attempt > 1 && attempt_score < 0)
		snprintf(out, size, "%d %s attempt %d: not started", score, ascii ? "-" : "\u00b7", attempt);
	else if (attempt > 1)
		snprintf(out, size, "%d %s attempt %d: %d", score, ascii ? "-" : "\u00b7", attempt, attempt_score);
	else
		snprintf(out, size, "%d", score);
}

const char *score_explain(int attempt)
{
	return attempt > 1 ? "the lesson score is attempt 1's; this attempt scores beside it" :
	                     "the mean of the items' first passes";
}

void score_reset_text(int score, int attempt, bool brief, char *out, size_t size)
{
	int next = (attempt > 1 ? attempt : 1) + 1;
	if (brief)
		snprintf(out, size, "Start attempt %d? Score stays %d, attempt %d beside it", next, score, next);
	else
		snprintf(out, size, "Start attempt %d of this lesson? Every item opens again and attempt %d scores in "
		    "full beside the lesson score, which stays %d (attempt 1's): nothing is lost.", next, next, score);
}

/* kind_match.c - match: each prompt given an answer from a bank. */
#include "paratutor/learn/kind.h"

/* The prompts. */
static size_t match_slots(const pt_item *it)
{
	return it->n_blanks;
}

/* Marks each pair; returns true when all are right. */
static bool match_check(pt_grade *g, bool *clear)
{
	*clear = true;
	return grade_mark_slots(g);
}

/* Answer o is right for prompt s when the prompt accepts it. */
static bool match_takes(const pt_item *it, int s, int o)
{
	return lesson_blank_accepts(it, (size_t)s, (size_t)o);
}

/* The feedback of a prompt given answer text wrongly. */
static const char *match_wrong_feedback(const pt_item *item, const char *text)
{
	int o = lesson_bank_find(item, text);
	for (size_t b = 0; o >= 0 && b < item->n_blanks; b++) {
		const char *fb = lesson_blank_accepts(item, b, (size_t)o) ? NULL :
		    lesson_blank_feedback(item, b, (size_t)o);
		if (fb != NULL)
			return fb;
	}
	return NULL;
}

/* The feedback of the blank or prompt s for option o. */
static const char *match_slot_feedback(const pt_item *it, int s, int o)
{
	return lesson_blank_feedback(it, (size_t)s, (size_t)o);
}

const pt_kind_ops kind_match = {
	.kind = PT_KIND_MATCH, .slots = match_slots, .max_slots = PT_MAX_BLANKS,
	.check = match_check, .slot_takes = match_takes, .slot_feedback = match_slot_feedback, .wrong_feedback = match_wrong_feedback,
	.wrong_answers = grade_slot_wrong_answers,
	.slot_word = "pair",
	.xapi_type = "matching", .locks_right = true, .drawn_always = true,
};

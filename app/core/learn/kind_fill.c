/* kind_fill.c - fill: code with numbered blanks, each filled from a bank of
 * options. */
#include "paratutor/learn/kind.h"

/* The blanks. */
static size_t fill_slots(const pt_item *it)
{
	return it->n_blanks;
}

/* Marks each blank; returns true when all are right. */
static bool fill_check(pt_grade *g, bool *clear)
{
	*clear = true;
	return grade_mark_slots(g);
}

/* Option o is right in blank s when the blank accepts it. */
static bool fill_takes(const pt_item *it, int s, int o)
{
	return lesson_blank_accepts(it, (size_t)s, (size_t)o);
}

/* The feedback of the blank or prompt s for option o. */
static const char *fill_slot_feedback(const pt_item *it, int s, int o)
{
	return lesson_blank_feedback(it, (size_t)s, (size_t)o);
}

const pt_kind_ops kind_fill = {
	.kind = PT_KIND_FILL, .slots = fill_slots, .max_slots = PT_MAX_BLANKS,
	.check = fill_check, .slot_takes = fill_takes, .slot_feedback = fill_slot_feedback,
	.wrong_answers = grade_slot_wrong_answers,
	.slot_word = "blank",
	.xapi_type = "fill-in", .locks_right = true,
};

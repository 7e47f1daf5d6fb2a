/* kind_choice.c - choice: one answer picked from the options. */
#include "paratutor/learn/kind.h"

/* The options. */
static size_t choice_slots(const pt_item *it)
{
	return it->n_options;
}

/* Marks the pick; a correct option not picked is not marked (there is one
 * answer). */
static bool choice_check(pt_grade *g, bool *clear)
{
	*clear = true;
	return grade_mark_options(g, false);
}

const pt_kind_ops kind_choice = {
	.kind = PT_KIND_CHOICE, .slots = choice_slots, .max_slots = PT_MAX_OPTIONS,
	.check = choice_check,
	.wrong_answers = grade_option_wrong_answers,
	.xapi_type = "choice",
};

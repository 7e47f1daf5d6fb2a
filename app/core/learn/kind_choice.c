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

/* Every option not marked correct, with its feedback. */
static bool choice_wrong_answers(const pt_item *item, bool (*add)(void *, int, const char *, const char *), void *ctx)
{
	for (size_t o = 0; o < item->n_options; o++) {
		const pt_option *op = &item->options[o];
		if (!op->correct && op->text.s != NULL && !add(ctx, -1, op->text.s, op->feedback.s))
			return false;
	}
	return true;
}

const pt_kind_ops kind_choice = {
	.kind = PT_KIND_CHOICE, .slots = choice_slots, .max_slots = PT_MAX_OPTIONS,
	.check = choice_check,
	.wrong_answers = choice_wrong_answers,
	.xapi_type = "choice",
};

/* kind_multi.c - multi: every option that applies ticked. */
#include "paratutor/learn/kind.h"

/* The options. */
static size_t multi_slots(const pt_item *it)
{
	return it->n_options;
}

/* Marks the ticks; a correct option left unticked is Missed. */
static bool multi_check(pt_grade *g, bool *clear)
{
	*clear = true;
	return grade_mark_options(g, true);
}

/* Every option not marked correct, with its feedback. */
static bool multi_wrong_answers(const pt_item *item, bool (*add)(void *, int, const char *, const char *), void *ctx)
{
	for (size_t o = 0; o < item->n_options; o++) {
		const pt_option *op = &item->options[o];
		if (!op->correct && op->text.s != NULL && !add(ctx, -1, op->text.s, op->feedback.s))
			return false;
	}
	return true;
}

const pt_kind_ops kind_multi = {
	.kind = PT_KIND_MULTI, .slots = multi_slots, .max_slots = PT_MAX_OPTIONS,
	.check = multi_check,
	.wrong_answers = multi_wrong_answers,
	.xapi_type = "choice",
};

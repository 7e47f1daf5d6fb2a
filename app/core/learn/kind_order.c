/* kind_order.c - order: steps put in order, each placed in a position. */
#include "paratutor/learn/kind.h"

/* The positions, one per step. */
static size_t order_slots(const pt_item *it)
{
	return it->steps.n;
}

/* Marks each position of an order item; notes the first step out of
 * place and its feedback.  Returns true when every step is in place. */
static bool order_check(pt_grade *g, bool *clear)
{
	const pt_item *it = g->item;
	bool all = true;
	*clear = true;
	for (int p = 0; p < grade_slots(g); p++) {
		const char *text = it->bank.v[g->fill[p]].s;
		bool right = grade_step_index(it, text) == p;
		g->marks[p] = right ? PT_MARK_RIGHT : PT_MARK_WRONG;
		if (right)
			continue;
		grade_mark_slot_wrong(g, p);
		if (all) {
			int step = grade_step_index(it, text);
			g->first_out_of_place = p;
			g->said_text = step >= 0 && it->step_feedback != NULL ? it->step_feedback[step].s : NULL;
		}
		all = false;
	}
	return all;
}

/* Step o of the bank is right in position s when it is step s. */
static bool order_takes(const pt_item *it, int s, int o)
{
	return grade_step_index(it, it->bank.v[o].s) == s;
}

/* The feedback of a step placed out of order. */
static const char *order_wrong_feedback(const pt_item *item, const char *text)
{
	int step = grade_step_index(item, text);
	return step >= 0 && item->step_feedback != NULL ? item->step_feedback[step].s : NULL;
}

/* A step put in a position not its own: the step's own feedback. */
static const char *order_slot_feedback(const pt_item *it, int s, int o)
{
	(void)s;
	return order_wrong_feedback(it, it->bank.v[o].s);
}

const pt_kind_ops kind_order = {
	.kind = PT_KIND_ORDER, .slots = order_slots, .max_slots = PT_MAX_OPTIONS,
	.check = order_check, .slot_takes = order_takes, .slot_feedback = order_slot_feedback, .wrong_feedback = order_wrong_feedback,
	.slot_word = "position",
	.xapi_type = "sequencing", .drawn_always = true, .one_place = true,
};

/* kind_multi.c - multi: every option that applies ticked. */
#include <stdio.h>

#include "paratutor/learn/kind.h"

/* The options. */
static size_t multi_slots(const pt_item *it)
{
	return it->n_options;
}

/* Marks the ticks; a correct option left unticked is Missed.  Ticks that
 * are no answer (not as many as "choose" says, or every option where
 * some are wrong) are no check. */
static bool multi_check(pt_grade *g, bool *clear)
{
	int ticked = 0, correct = 0;
	for (int o = 0; o < grade_slots(g); o++) {
		ticked += g->picked[o];
		correct += g->item->options[o].correct;
	}
	*clear = false;
	if (g->item->choose > 0 && ticked != g->item->choose)
		snprintf(g->said_buf, sizeof g->said_buf,
		    "Tick exactly %d options: you ticked %d. That cost no attempt.", g->item->choose, ticked);
	else if (ticked == grade_slots(g) && correct < ticked)
		snprintf(g->said_buf, sizeof g->said_buf, "Ticking every option is not an answer. That cost no attempt.");
	else
		*clear = true;
	return *clear && grade_mark_options(g, true);
}

const pt_kind_ops kind_multi = {
	.kind = PT_KIND_MULTI, .slots = multi_slots, .max_slots = PT_MAX_OPTIONS,
	.check = multi_check,
	.wrong_answers = grade_option_wrong_answers,
	.xapi_type = "choice", .unclear = PT_GRADE_UNCLEAR,
};

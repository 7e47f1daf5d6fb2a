/* export_kind_order.c - order in the exchange formats: GIFT has no
 * ordering question; Moodle's ordering question places each step by its
 * fraction. */
#include "paratutor/interop/export_parts.h"

/* GIFT has no ordering question. */
static const char *order_gift_no_form(const pt_item *it)
{
	(void)it;
	return "GIFT has no ordering question; export to moodle-xml to keep it";
}

/* Writes an order item as ordering: each step's fraction is its place. */
static void order_moodle(xml_writer *w)
{
	const pt_item *it = w->item;
	moodle_put_value(w, "layouttype", "VERTICAL");
	moodle_put_value(w, "selecttype", "ALL");
	moodle_put_value(w, "selectcount", "0");
	moodle_put_value(w, "gradingtype", "ABSOLUTE_POSITION");
	moodle_put_value(w, "showgrading", "SHOW");
	moodle_put_incorrect(w);
	for (size_t i = 0; i < it->steps.n; i++)
		moodle_put_answer(w, (double)(i + 1), it->steps.v[i].s, NULL, it->step_feedback ? it->step_feedback[i].s : NULL);
}

const export_kind_ops export_kind_order = {
	.kind = PT_KIND_ORDER,
	.gift_no_form = order_gift_no_form,
	.moodle_type = "ordering",
	.moodle_write = order_moodle,
};

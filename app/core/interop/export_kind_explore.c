/* export_kind_explore.c - explore in the exchange formats.  Neither format
 * has knobs or a computed figure.  In Moodle XML an item with one numeric
 * knob and one right value for it becomes a numerical question on that
 * knob (the goal and the knob's range said in the question, the author's
 * feedback for wrong values of it kept); any other becomes a description
 * (the prompt and the goal, no answer); the loss is warned.  GIFT leaves
 * explore items out, warned. */
#include <stdio.h>
#include <stdlib.h>

#include "paratutor/model/explore_item.h"
#include "paratutor/interop/export_parts.h"

/* The one right value of the item's one numeric knob, or false when it
 * has several knobs, a named choice, or several right values. */
static bool one_value(const pt_item *it, pt_explore *e, double *right)
{
	if (!explore_of(it, e) || e->n_knobs != 1 || figure_type(e->start.type)->params[e->knob[0].param].words != NULL)
		return false;
	long n = explore_knob_count(&e->knob[0]), found = 0;
	for (long i = 0; i < n && found < 2; i++) {
		pt_figure f = e->start;
		f.v[e->knob[0].param] = e->knob[0].min + (double)i * e->knob[0].step;
		int cond;
		double got;
		char why[160];
		if (explore_judge(e, &f, &cond, &got, why, sizeof why) == PT_EXPLORE_MET) {
			*right = f.v[e->knob[0].param];
			found++;
		}
	}
	return found == 1;
}

/* The question's text: the prompt, the goal, and what to answer. */
static void question_text(const pt_item *it, pt_strbuf *b)
{
	pt_explore e;
	double right;
	strbuf_printf(b, "%s", it->prompt.s);
	if (!explore_of(it, &e))
		return;
	const pt_fig_type_info *ti = figure_type(e.start.type);
	strbuf_printf(b, "\n\nGoal: ");
	explore_goal_text(&e, b);
	if (one_value(it, &e, &right)) {
		const pt_fig_param *p = &ti->params[e.knob[0].param];
		strbuf_printf(b, ".\nAnswer with the %s (from %.6g to %.6g).", p->what, e.knob[0].min, e.knob[0].max);
	} else {
		strbuf_printf(b, ".");
	}
}

static const char *moodle_type_of(const pt_item *it)
{
	pt_explore e;
	double right;
	return one_value(it, &e, &right) ? "numerical" : "description";
}

static void explore_moodle_text(xml_writer *w)
{
	pt_strbuf b = { 0 };
	question_text(w->item, &b);
	moodle_put_element(w, "    ", "questiontext", b.s != NULL ? b.s : w->item->prompt.s);
	w->out->failed |= b.failed;
	free(b.s);
}

/* The right value, and the author's feedback for each wrong value. */
static void explore_moodle(xml_writer *w)
{
	pt_explore e;
	double right;
	char v[EXPORT_NUMBER_MAX];
	if (!one_value(w->item, &e, &right))
		return; /* a description: no answers */
	moodle_put_answer(w, 100, export_number(right, v, sizeof v), "0", NULL);
	for (size_t i = 0; i < w->item->n_explore_fb; i++) {
		const pt_explore_feedback *fb = &w->item->explore_fb[i];
		if (fb->when.n == 1)
			moodle_put_answer(w, 0, export_number(fb->when.v[0], v, sizeof v), "0", fb->text.s);
	}
}

/* GIFT's numerical question would give any other answer the common
 * mistakes, and a description comes back as no item: neither means what
 * the item does, so GIFT leaves it out (warned). */
static const char *explore_gift_no_form(const pt_item *it)
{
	(void)it;
	return "GIFT has no question with knobs on a figure; export to moodle-xml for a numerical question or a "
	       "description";
}

/* What neither format keeps of an explore item. */
static void explore_lost(const pt_lesson *lesson, const pt_item *it, pt_diags *diags, pt_export_format format)
{
	pt_explore e;
	double right;
	export_lost(lesson, it, diags, format, it->knobs_pos,
	    one_value(it, &e, &right) ? "the knobs and the figure they turn (a numerical question on the knob instead)"
	                              : "the knobs, the goal's check and the figure (a description only, with no answer)");
}

const export_kind_ops export_kind_explore = {
	.kind = PT_KIND_EXPLORE,
	.lost = explore_lost,
	.gift_no_form = explore_gift_no_form,
	.moodle_type = "numerical", /* the form with one right value; else a description */
	.moodle_type_of = moodle_type_of,
	.moodle_text = explore_moodle_text,
	.moodle_write = explore_moodle,
};

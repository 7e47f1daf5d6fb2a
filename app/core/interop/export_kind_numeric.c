/* export_kind_numeric.c - numeric in the exchange formats: GIFT's
 * numerical question (the one form with feedback for any other answer,
 * where the common mistakes go; its units are lost), Moodle's numerical
 * with units. */
#include "paratutor/interop/export_parts.h"

/* Appends a numeric range: "value:tolerance", "value" or "min..max". */
static void put_range(gift_writer *w, const pt_range *r)
{
	char a[EXPORT_NUMBER_MAX], b[EXPORT_NUMBER_MAX];
	double tol = r->max - r->value;
	if (r->min == r->max) {
		strbuf_puts(w->out, export_number(r->value, a, sizeof a));
	} else if (export_close(r->value - tol, r->min, r->value)) {
		strbuf_puts(w->out, export_number(r->value, a, sizeof a));
		strbuf_puts(w->out, ":");
		strbuf_puts(w->out, export_tolerance(tol, r->value, b, sizeof b));
	} else {
		strbuf_puts(w->out, export_number(r->min, a, sizeof a));
		strbuf_puts(w->out, "..");
		strbuf_puts(w->out, export_number(r->max, b, sizeof b));
	}
}

/* Writes a numeric item as Moodle reads one: the answer, each known
 * wrong value as a 0% answer ("=%0%65536:0#feedback", as Moodle itself
 * writes them: its reader takes everything after a numeric question's
 * first '~' as one answer), and last the common mistakes joined as the
 * one "~#feedback" for any other answer. */
static void numeric_gift(gift_writer *w)
{
	const pt_item *it = w->item;
	gift_put_field(w, it->prompt.s);
	strbuf_puts(w->out, " {#\n\t=");
	put_range(w, &it->answer);
	strbuf_puts(w->out, "\n");
	for (size_t i = 0; i < it->n_wrong; i++) {
		strbuf_puts(w->out, "\t=%0%");
		put_range(w, &it->wrong[i]);
		if (it->wrong[i].min == it->wrong[i].max)
			strbuf_puts(w->out, ":0");
		gift_put_feedback(w, it->wrong[i].feedback.s);
		strbuf_puts(w->out, "\n");
	}
	if (it->mistakes.n > 0) {
		strbuf_puts(w->out, "\t~#");
		for (size_t i = 0; i < it->mistakes.n; i++) {
			if (i > 0)
				strbuf_puts(w->out, " ");
			gift_put_field(w, it->mistakes.v[i].s);
		}
		strbuf_puts(w->out, "\n");
	}
	gift_put_close(w);
}

/* Writes a numeric item as numerical: the answer with its tolerance, the
 * known wrong values without credit, the common mistakes as feedback for
 * any other answer ("*"), and the units with Moodle's multipliers. */
static void numeric_moodle(xml_writer *w)
{
	const pt_item *it = w->item;
	char v[EXPORT_NUMBER_MAX], t[EXPORT_NUMBER_MAX];
	const pt_range *r = &it->answer;
	moodle_put_answer(w, 100, export_number(r->value, v, sizeof v), export_tolerance(r->max - r->value, r->value, t, sizeof t), NULL);
	for (size_t i = 0; i < it->n_wrong; i++) {
		const pt_range *x = &it->wrong[i];
		double mid = x->min / 2 + x->max / 2;
		moodle_put_answer(w, 0, export_number(mid, v, sizeof v), export_tolerance(x->max - mid, mid, t, sizeof t), x->feedback.s);
	}
	for (size_t i = 0; i < it->mistakes.n; i++)
		moodle_put_answer(w, 0, "*", "0", it->mistakes.v[i].s);
	if (it->n_units == 0)
		return;
	moodle_put_value(w, "unitgradingtype", "0");
	moodle_put_value(w, "unitpenalty", "0");
	moodle_put_value(w, "showunits", "0");
	moodle_put_value(w, "unitsleft", "0");
	strbuf_puts(w->out, "    <units>\n");
	/* Moodle's first unit is the answer's own: factor 1 goes first. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < it->n_units; i++) {
			if ((it->units[i].factor == 1) != (pass == 0))
				continue;
			strbuf_puts(w->out, "      <unit>\n        <multiplier>");
			/* In full: Moodle divides by it, so 1/60 must come back as 60. */
			strbuf_puts(w->out, export_number(1 / it->units[i].factor, v, sizeof v));
			strbuf_puts(w->out, "</multiplier>\n        <unit_name>");
			moodle_put_escaped(w->out, it->units[i].name.s);
			strbuf_puts(w->out, "</unit_name>\n      </unit>\n");
		}
	strbuf_puts(w->out, "    </units>\n");
}

const export_kind_ops export_kind_numeric = {
	.kind = PT_KIND_NUMERIC,
	.gift_write = numeric_gift,
	.gift_mistakes = true,
	.moodle_type = "numerical",
	.moodle_write = numeric_moodle,
};

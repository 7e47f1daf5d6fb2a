/* ui_kind_numeric.c - a numeric item in the UI: a number typed, with a unit
 * when it takes one.  Its row (ui_kind.h) and what only it says: what the
 * answer field accepts and how to answer in plain mode; the field and the
 * typed answer's results are shared with the other typed kind
 * (ui_kind_parts.h). */
#include <stdio.h>
#include <string.h>

#include "paratutor/ui/ui_answer.h"
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* ---- the screen body ---- */

/* The answer area: the field, and below it the units it takes. */
static void area(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a)
{
	(void)show;
	(void)a;
	char accepts[256], units[200];
	if (answer_units(g->item, units, sizeof units))
		snprintf(accepts, sizeof accepts, "a number; units: %s", units);
	else
		snprintf(accepts, sizeof accepts, "a number, without a unit");
	body_field(d, g, v, accepts);
}

/* Returns the name of the unit the answer is written in (the first with
 * factor 1), or NULL. */
static const char *answer_unit(const pt_item *item)
{
	for (size_t i = 0; i < item->n_units; i++)
		if (item->units[i].factor == 1.0 && item->units[i].name.s != NULL)
			return item->units[i].name.s;
	return NULL;
}

/* The key: "16 B", or with a range "22 (anything from 20 to 24)". */
static void typed_key(const pt_item *item, char *buf, size_t size)
{
	const char *unit = answer_unit(item);
	const char *space = unit != NULL && strcmp(unit, "%") != 0 ? " " : "";
	const pt_range *r = &item->answer;
	if (r->min == r->max)
		snprintf(buf, size, "%.10g%s%s", r->value, unit ? space : "", unit ? unit : "");
	else
		snprintf(buf, size, "%.10g%s%s (anything from %.10g to %.10g%s%s)", r->value,
		    unit ? space : "", unit ? unit : "", r->min, r->max, unit ? space : "", unit ? unit : "");
}

/* ---- plain mode ---- */

/* How to answer. */
static void help(FILE *out, bool exam)
{
	(void)exam;
	fputs("  16 GB          your answer: a number, with one of the units shown when it has one\n"
	      "  = next         an answer that is also a command word\n", out);
}

/* What the item asks for: a number, and the units it takes. */
static void print_area(FILE *out, const pt_grade *g)
{
	char units[256];
	if (answer_units(g->item, units, sizeof units))
		fprintf(out, "Type a number; units: %s.\n", units);
	else
		fputs("Type a number, without a unit.\n", out);
}

const ui_kind_ops ui_kind_numeric = {
	.kind = PT_KIND_NUMERIC,
	.word = "number",
	.area = area,
	.typed_key = typed_key,
	.task = "type a number",
	.help = help,
	.print_area = print_area,
	UI_KIND_TYPED_OPS,
};

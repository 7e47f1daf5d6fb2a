/* ui_kind_numeric.c - a numeric item in the UI: a number typed, with a unit
 * when it takes one.  Its row (ui_kind.h) and what only it says: what the
 * answer field accepts and how to answer in plain mode; the field and the
 * typed answer's results are shared with the other typed kind
 * (ui_kind_parts.h). */
#include <stdio.h>

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

/* The results of the last check; one not counted is marked "Unclear". */
static void results(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show)
{
	(void)v;
	body_typed_results(d, g, show, "Unclear");
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
	.results = results,
	.shown = body_shown_one,
	.keys = AN_TYPED, /* AN_TYPING is added while the field takes the keys */
	.incomplete = "Type your answer first, then press Enter",
	.slot_word = NULL,
	.slot_noun = NULL,
	.task = "type a number",
	.help = help,
	.print_area = print_area,
	.print_key = plain_key_typed,
	.print_checked = plain_print_typed_check,
	.apply = plain_apply_typed,
	.print_given = plain_given_typed,
};

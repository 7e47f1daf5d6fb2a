/* ui_kind_multi.c - a multi item in the UI: every option that applies
 * ticked.  Its row (ui_kind.h); the options are drawn, printed and read as
 * the other picking kind's are (ui_kind_parts.h), with what only it has:
 * tick boxes and its help. */
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* ---- the screen body ---- */

/* The answer area: the options with tick boxes and their marks. */
static void area(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a)
{
	(void)a;
	body_options(d, g, show, true, v->compact);
}

/* ---- plain mode ---- */

/* How to answer. */
static void help(FILE *out, bool exam)
{
	(void)exam;
	fputs("  a c            answer with options A and C (all you think are right);\n"
	      "                 option texts work too, separated by commas\n", out);
}

/* Reads letters or option texts. */
static bool apply(FILE *out, pt_grade *g, const char *line)
{
	return plain_apply_options(out, g, line, false);
}

const ui_kind_ops ui_kind_multi = {
	.kind = PT_KIND_MULTI,
	.word = "select all",
	.area = area,
	.results = body_option_results,
	.shown = body_shown_several,
	.keys = AN_MULTI,
	.incomplete = "Pick at least one option first: press letters A-",
	.slot_word = NULL,
	.slot_noun = NULL,
	.task = "select all that apply",
	.help = help,
	.print_area = plain_area_options,
	.print_key = plain_key_options,
	.print_checked = plain_print_options_check,
	.apply = apply,
	.print_given = plain_given_picks,
};

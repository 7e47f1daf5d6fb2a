/* ui_kind_choice.c - a choice item in the UI: one answer picked from
 * lettered options.  Its row (ui_kind.h); the options are drawn, printed
 * and read as the other picking kind's are (ui_kind_parts.h), with what
 * only it has: radio buttons and its help. */
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* ---- the screen body ---- */

/* The answer area: the options with radio buttons and their marks. */
static void area(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a)
{
	(void)a;
	body_options(d, g, show, false, v->compact);
}

/* ---- plain mode ---- */

/* How to answer. */
static void help(FILE *out, bool exam)
{
	(void)exam;
	fputs("  b              answer with option B (or type the option's text)\n", out);
}

/* Reads one letter or option text. */
static bool apply(FILE *out, pt_grade *g, const char *line)
{
	return plain_apply_options(out, g, line, true);
}

const ui_kind_ops ui_kind_choice = {
	.kind = PT_KIND_CHOICE,
	.word = "choice",
	.area = area,
	.results = body_option_results,
	.shown = body_shown_one,
	.keys = AN_CHOICE,
	.incomplete = "Pick an answer first: press a letter A-",
	.slot_word = NULL,
	.slot_noun = NULL,
	.task = "choose one",
	.help = help,
	.print_area = plain_area_options,
	.print_key = plain_key_options,
	.print_checked = plain_print_options_check,
	.apply = apply,
	.print_given = plain_given_picks,
};

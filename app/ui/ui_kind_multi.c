/* ui_kind_multi.c - a multi item in the UI: every option that applies
 * ticked.  Its row (ui_kind.h); the options are drawn, printed and read as
 * the other picking kind's are (ui_kind_parts.h), each pick toggling a
 * tick box, with what only it has: its help. */
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* How to answer, in plain mode. */
static void help(FILE *out, bool exam)
{
	(void)exam;
	fputs("  a c            answer with options A and C (all you think are right);\n"
	      "                 option texts work too, separated by commas\n", out);
}

const ui_kind_ops ui_kind_multi = {
	.kind = PT_KIND_MULTI,
	.word = "select all",
	.shown = body_shown_several,
	.keys = AN_MULTI,
	.incomplete = "Pick at least one option first: press letters A-",
	.task = "select all that apply",
	.help = help,
	UI_KIND_PICKS_OPS,
};

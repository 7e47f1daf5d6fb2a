/* ui_kind_choice.c - a choice item in the UI: one answer picked from
 * lettered options.  Its row (ui_kind.h); the options are drawn, printed
 * and read as the other picking kind's are (ui_kind_parts.h), a pick
 * replacing the last (radio buttons), with what only it has: its help. */
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* How to answer, in plain mode. */
static void help(FILE *out, bool exam)
{
	(void)exam;
	fputs("  b              answer with option B (or type the option's text)\n", out);
}

const ui_kind_ops ui_kind_choice = {
	.kind = PT_KIND_CHOICE,
	.word = "choice",
	.shown = body_shown_one,
	.keys = AN_CHOICE,
	.incomplete = "Pick an answer first: press a letter A-",
	.task = "choose one",
	.help = help,
	UI_KIND_PICKS_OPS,
};

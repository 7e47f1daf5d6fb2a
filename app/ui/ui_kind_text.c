/* ui_kind_text.c - a text item in the UI: a word or phrase typed.  Its row
 * (ui_kind.h) and what only it says: what the answer field accepts and how
 * to answer in plain mode; the field and the typed answer's results are
 * shared with the other typed kind (ui_kind_parts.h). */
#include <stdio.h>

#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* ---- the screen body ---- */

/* The answer area: the field, and below it whether capitals count. */
static void area(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a)
{
	(void)show;
	(void)a;
	body_field(d, g, v, g->item->case_sensitive ? "capitals count" : "");
}

/* The key: the first accepted answer. */
static void typed_key(const pt_item *item, char *buf, size_t size)
{
	if (item->accept.n > 0 && item->accept.v[0].s != NULL)
		snprintf(buf, size, "%s", item->accept.v[0].s);
}

/* ---- plain mode ---- */

/* How to answer. */
static void help(FILE *out, bool exam)
{
	(void)exam;
	fputs("  WORDS          your answer, as you would write it\n"
	      "  = next         an answer that is also a command word\n", out);
}

/* What the item asks for: an answer, and whether capitals count. */
static void print_area(FILE *out, const pt_grade *g)
{
	fputs(g->item->case_sensitive ? "Type your answer; capitals count.\n" : "Type your answer.\n", out);
}

const ui_kind_ops ui_kind_text = {
	.kind = PT_KIND_TEXT,
	.word = "word",
	.area = area,
	.typed_key = typed_key,
	.task = "type the answer",
	.help = help,
	.print_area = print_area,
	UI_KIND_TYPED_OPS,
};

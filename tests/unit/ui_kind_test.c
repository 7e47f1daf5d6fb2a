/* ui_kind_test.c - the UI's row of the kind that exists only in a test
 * build: "echo" (tests/unit/kind_test.c grades it), a typed answer said
 * backwards.  The test build compiles this file and adds its row to the UI
 * kind table (ui_kind.c built with -DPT_TEST_UI_KIND=ui_kind_test);
 * nothing else in app/ui changes. */
#include <stdio.h>

#include "paratutor/learn/kind.h"
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

#define PT_KIND_ECHO ((pt_kind)PT_KIND_COUNT)

/* The answer field, saying what it takes. */
static void echo_area(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show,
    item_anchors *a)
{
	(void)show;
	(void)a;
	body_field(d, g, v, "the answer, backwards");
}

/* The results of the last check. */
static void echo_results(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show)
{
	(void)v;
	body_typed_results(d, g, show, "Unclear");
}

/* How to answer. */
static void echo_help(FILE *out, bool exam)
{
	(void)exam;
	fputs("  WORDS          the answer, backwards\n", out);
}

/* What the item asks for. */
static void echo_print_area(FILE *out, const pt_grade *g)
{
	(void)g;
	fputs("Type it backwards.\n", out);
}

/* The answer, as the core's row writes it. */
static void echo_print_key(FILE *out, const pt_item *it)
{
	char key[PT_MAX_TYPED];
	kind_ops(it->kind)->right_typed(it, key, sizeof key);
	fprintf(out, " %s", key);
}

const ui_kind_ops ui_kind_test = {
	.kind = PT_KIND_ECHO,
	.word = "echo",
	.area = echo_area,
	.results = echo_results,
	.shown = body_shown_one,
	.keys = AN_TYPED,
	.incomplete = "Type your answer first, then press Enter",
	.task = "say it backwards",
	.help = echo_help,
	.print_area = echo_print_area,
	.print_key = echo_print_key,
	.print_checked = plain_print_typed_check,
	.apply = plain_apply_typed,
	.print_given = plain_given_typed,
};

/* load_kind_test.c - the loader's row of the test-only kind "echo" (see
 * kind_test.c): its accepted answer is read from "accept", as a text
 * item's.  The test build compiles this file and adds its row to the
 * loader's table (load_kind.c built with -DPT_TEST_LOAD_KIND=load_kind_test);
 * nothing else in the loader changes. */
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"

#define PT_KIND_ECHO ((pt_kind)PT_KIND_COUNT)

/* Reads the accepted answers (at least one). */
static void echo_load(pt_loader *ld, const pt_fields *f, pt_item *item)
{
	field_text_list(ld, f, F_ACCEPT, "an echo item", true, &item->accept);
}

/* An echo item needs an answer to say backwards. */
static void echo_validate(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	if (it->accept.n == 0)
		diags_add(d, l->path, it->pos, PT_ERROR, "an echo item needs an answer to say backwards");
}

/* Folds the accepted answers into an item hash. */
static unsigned long long echo_hash(unsigned long long h, const pt_item *it)
{
	for (size_t i = 0; i < it->accept.n; i++)
		h = lesson_hash_str(h, it->accept.v[i].s);
	return h;
}

const pt_load_kind load_kind_test = {
	.kind = PT_KIND_ECHO, .name = "echo", .what = "an echo item", .shape = PT_SHAPE_TYPED, .format = 2,
	.fields = COMMON_ITEM_FIELDS | BIT(F_ACCEPT), .load = echo_load, .validate = echo_validate,
	.lint = lint_text_leaks, .hash = echo_hash, .giveaway = lint_text_giveaways,
};

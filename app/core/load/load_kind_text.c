/* load_kind_text.c - the loader's row of the text kind.
 * A text item: a typed answer, right when it is one of the accepted ones. */
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"

/* Folds the accepted answers and the case rule into an item hash. */
static unsigned long long text_hash(unsigned long long h, const pt_item *it)
{
	for (size_t i = 0; i < it->accept.n; i++)
		h = lesson_hash_str(h, it->accept.v[i].s);
	return lesson_hash_str(h, it->case_sensitive ? "case" : "nocase");
}

const pt_load_kind load_kind_text = {
	.kind = PT_KIND_TEXT, .name = "text", .what = "a text item", .shape = PT_SHAPE_TYPED, .format = 2,
	.fields = TEXT_FIELDS, .load = kinds_load_text, .validate = validate_text, .lint = lint_text_leaks, .hash = text_hash,
	.giveaway = lint_text_giveaways,
};

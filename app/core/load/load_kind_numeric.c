/* load_kind_numeric.c - the loader's row of the numeric kind.
 * A numeric item: a typed number, right within a range, in one of its units. */
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"

/* Folds the range and the units into an item hash. */
static unsigned long long numeric_hash(unsigned long long h, const pt_item *it)
{
	h = lesson_hash_num(lesson_hash_num(h, it->answer.min), it->answer.max);
	for (size_t i = 0; i < it->n_units; i++)
		h = lesson_hash_num(lesson_hash_str(h, it->units[i].name.s), it->units[i].factor);
	return h;
}

const pt_load_kind load_kind_numeric = {
	.kind = PT_KIND_NUMERIC, .name = "numeric", .what = "a numeric item", .shape = PT_SHAPE_TYPED, .format = 2,
	.fields = NUMERIC_FIELDS, .load = kinds_load_numeric, .validate = validate_numeric,
	.lint = lint_numeric, .hash = numeric_hash, .giveaway = lint_numeric_giveaways,
};

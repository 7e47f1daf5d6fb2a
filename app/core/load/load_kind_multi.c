/* load_kind_multi.c - the loader's row of the multi kind.
 * A multi item: options to select all the right ones of (or "choose" of them). */
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"

const pt_load_kind load_kind_multi = {
	.kind = PT_KIND_MULTI, .name = "multi", .what = "a multi item", .shape = PT_SHAPE_PICKS, .format = 1,
	.fields = MULTI_FIELDS, .load = kinds_load_options, .validate = validate_multi, .lint = lint_pick_leaks,
	.giveaway = lint_multi_giveaways,
};

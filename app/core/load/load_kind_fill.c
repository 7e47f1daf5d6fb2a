/* load_kind_fill.c - the loader's row of the fill kind.
 * A fill item: code with numbered blanks, each filled from a bank. */
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"

const pt_load_kind load_kind_fill = {
	.kind = PT_KIND_FILL, .name = "fill", .what = "a fill item", .shape = PT_SHAPE_SLOTS, .format = 1,
	.fields = FILL_FIELDS, .load = kinds_load_fill, .validate = validate_fill, .lint = lint_fill_leaks,
	.giveaway = lint_fill_giveaways,
};

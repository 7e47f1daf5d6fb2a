/* load_kind_choice.c - the loader's row of the choice kind.
 * A choice item: options, exactly one of them right. */
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"

const pt_load_kind load_kind_choice = {
	.kind = PT_KIND_CHOICE, .name = "choice", .what = "a choice item", .shape = PT_SHAPE_PICKS, .format = 1,
	.fields = CHOICE_FIELDS, .load = kinds_load_options, .validate = validate_choice, .lint = lint_pick_leaks,
	.giveaway = lint_choice_giveaways, .one_right = true,
};

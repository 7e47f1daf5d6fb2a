/* load_kind_match.c - the loader's row of the match kind.
 * A match item: pairs, each left side given its right-hand answer (its bank is
 * the right-hand answers and the distractors). */
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"

const pt_load_kind load_kind_match = {
	.kind = PT_KIND_MATCH, .name = "match", .what = "a match item", .shape = PT_SHAPE_SLOTS, .format = 2,
	.fields = MATCH_FIELDS, .load = kinds_load_match, .validate = validate_match, .derived_bank = true,
	.giveaway = lint_match_giveaways,
};

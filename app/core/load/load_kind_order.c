/* load_kind_order.c - the loader's row of the order kind.
 * An order item: steps put in order (its bank is a copy of the steps). */
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"

const pt_load_kind load_kind_order = {
	.kind = PT_KIND_ORDER, .name = "order", .what = "an order item", .shape = PT_SHAPE_SLOTS, .format = 2,
	.fields = ORDER_FIELDS, .load = kinds_load_order, .validate = validate_order,
	.derived_bank = true, .always_shuffled = true, .giveaway = lint_order_giveaways,
};

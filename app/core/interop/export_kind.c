/* export_kind.c - the exchange formats' table of item kinds: one row per
 * kind file.  Adding a kind to GIFT and Moodle XML is its file
 * (export_kind_NAME.c, defining one export_kind_ops) and its row here. */
#include <stddef.h>

#include "paratutor/interop/export_parts.h"

#ifdef PT_TEST_EXPORT_KIND
/* A test build adds the test-only kind's row: tests/unit/export_kind_test.c. */
extern const export_kind_ops PT_TEST_EXPORT_KIND;
#endif

static const export_kind_ops *const kinds[] = {
	&export_kind_fill, &export_kind_choice, &export_kind_multi, &export_kind_numeric, &export_kind_text,
	&export_kind_match, &export_kind_order, &export_kind_explore,
#ifdef PT_TEST_EXPORT_KIND
	&PT_TEST_EXPORT_KIND,
#endif
};

/* A kind without a row of its own: no GIFT form. */
static const char *none_gift_no_form(const pt_item *it)
{
	(void)it;
	return "GIFT has no question of this kind; export to moodle-xml to keep it";
}

/* A kind without a row of its own: a Moodle description, its prompt alone. */
static void none_moodle(xml_writer *w)
{
	(void)w;
}

static const export_kind_ops none = {
	.kind = PT_KIND_FILL, /* not read */
	.gift_no_form = none_gift_no_form,
	.moodle_type = "description",
	.moodle_write = none_moodle,
};

const export_kind_ops *export_kind(pt_kind kind)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i]->kind == kind)
			return kinds[i];
	return &none;
}

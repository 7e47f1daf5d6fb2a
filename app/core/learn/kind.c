/* kind.c - the table of item kinds: one row per kind file.  Adding a kind
 * is its file (kind_NAME.c, defining one pt_kind_ops) and its row here. */
#include <stddef.h>

#include "paratutor/learn/kind.h"

#ifdef PT_TEST_KIND
/* A test build adds a kind of its own: tests/unit/check_kind_table.c. */
extern const pt_kind_ops PT_TEST_KIND;
#endif

static const pt_kind_ops *const kinds[] = {
	&kind_fill, &kind_choice, &kind_multi, &kind_numeric, &kind_text, &kind_match, &kind_order, &kind_explore,
#ifdef PT_TEST_KIND
	&PT_TEST_KIND,
#endif
};

const pt_kind_ops *kind_ops(pt_kind kind)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i]->kind == kind)
			return kinds[i];
	return &kind_choice; /* not reached: every kind has its row (check_kind_table) */
}

bool kind_readable(const pt_item *item, const char *typed)
{
	const pt_kind_ops *k = kind_ops(item->kind);
	return k->readable == NULL || k->readable(item, typed);
}

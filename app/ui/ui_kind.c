/* ui_kind.c - the UI's table of item kinds: one row per kind file.  Adding
 * a kind to the screens and plain mode is its file (ui_kind_NAME.c,
 * defining one ui_kind_ops) and its row here, beside the core's (kind.c). */
#include <stddef.h>

#include "paratutor/ui/ui_kind.h"

#ifdef PT_TEST_UI_KIND
/* A test build adds a kind of its own: tests/unit/check_ui_kind_table.c. */
extern const ui_kind_ops PT_TEST_UI_KIND;
#endif

/* In the order the lesson menu lists the kinds a lesson holds. */
static const ui_kind_ops *const kinds[] = {
	&ui_kind_choice, &ui_kind_multi, &ui_kind_fill, &ui_kind_numeric, &ui_kind_text, &ui_kind_match,
	&ui_kind_order, &ui_kind_explore,
#ifdef PT_TEST_UI_KIND
	&PT_TEST_UI_KIND,
#endif
};

const ui_kind_ops *ui_kind(pt_kind kind)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i]->kind == kind)
			return kinds[i];
	return &ui_kind_choice; /* not reached: every kind has its row (check_ui_kind_table) */
}

const ui_kind_ops *ui_kind_at(size_t i)
{
	return i < sizeof kinds / sizeof kinds[0] ? kinds[i] : NULL;
}

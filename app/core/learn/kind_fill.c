/* kind_fill.c - fill: code with numbered blanks, each filled from a bank of
 * options. */
#include "paratutor/kind.h"

/* The blanks. */
static size_t fill_slots(const pt_item *it)
{
	return it->n_blanks;
}

/* Marks each blank; returns true when all are right. */
static bool fill_check(pt_grade *g, bool *clear)
{
	*clear = true;
	return grade_mark_slots(g);
}

/* Option o is right in blank s when the blank accepts it. */
static bool fill_takes(const pt_item *it, int s, int o)
{
	return lesson_blank_accepts(it, (size_t)s, (size_t)o);
}

/* Every bank option some blank does not accept, with the feedback of the
 * first such blank that has one. */
static bool fill_wrong_answers(const pt_item *item, bool (*add)(void *, int, const char *, const char *), void *ctx)
{
	for (size_t o = 0; o < item->bank.n; o++) {
		const char *fb = NULL;
		int from = -1;
		bool wrong_somewhere = false;
		for (size_t b = 0; b < item->n_blanks; b++) {
			if (lesson_blank_accepts(item, b, o))
				continue;
			wrong_somewhere = true;
			if (fb == NULL && (fb = lesson_blank_feedback(item, b, o)) != NULL)
				from = (int)b;
		}
		if (wrong_somewhere && item->bank.v[o].s != NULL && !add(ctx, from, item->bank.v[o].s, fb))
			return false;
	}
	return true;
}

const pt_kind_ops kind_fill = {
	.kind = PT_KIND_FILL, .name = "fill", .shape = PT_SHAPE_SLOTS,
	.slots = fill_slots, .max_slots = PT_MAX_BLANKS,
	.check = fill_check, .slot_takes = fill_takes,
	.wrong_answers = fill_wrong_answers,
	.xapi_type = "fill-in",
};

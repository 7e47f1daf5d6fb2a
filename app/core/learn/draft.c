/* draft.c - answers still being composed, as text. */
#include <string.h>

#include "paratutor/learn/draft.h"
#include "paratutor/learn/kind.h"

bool draft_take(const pt_grade *g, pt_draft *d)
{
	memset(d, 0, sizeof *d);
	if (g->status != PT_OPEN || (g->retry_pass && !g->kept_pass))
		return false;
	const pt_item *it = g->item;
	bool any = false;
	int slots = grade_slots(g);
	const pt_kind_ops *k = kind_ops(it->kind);
	switch (kind_shape(k->kind)) {
	case PT_SHAPE_SLOTS:
		for (int s = 0; s < slots && s < PT_DRAFT_MAX; s++) {
			int o = g->fill[s];
			if (o >= 0 && (size_t)o < it->bank.n) {
				d->slot[s] = it->bank.v[o].s;
				d->locked[s] = g->locked[s];
				any = true;
			}
			d->n = (size_t)s + 1;
		}
		break;
	case PT_SHAPE_PICKS:
		for (int o = 0; o < slots && d->n < PT_DRAFT_MAX; o++)
			if (g->picked[o])
				d->slot[d->n++] = it->options[o].text.s;
		any = d->n > 0;
		break;
	case PT_SHAPE_TYPED:
		if (g->typed[0] != '\0') {
			d->slot[0] = g->typed;
			d->n = 1;
			any = true;
		}
		break;
	}
	if (!any)
		memset(d, 0, sizeof *d);
	return any;
}

/* Returns the index of the bank entry whose text is s, or -1. */
static int find_bank(const pt_item *it, const char *s)
{
	for (size_t o = 0; s != NULL && o < it->bank.n; o++)
		if (it->bank.v[o].s != NULL && strcmp(it->bank.v[o].s, s) == 0)
			return (int)o;
	return -1;
}

/* Returns the index of the option whose text is s, or -1. */
static int find_option(const pt_item *it, const char *s)
{
	for (size_t o = 0; s != NULL && o < it->n_options; o++)
		if (it->options[o].text.s != NULL && strcmp(it->options[o].text.s, s) == 0)
			return (int)o;
	return -1;
}

void draft_apply(pt_grade *g, const pt_draft *d)
{
	if (g->status != PT_OPEN || (g->retry_pass && !g->kept_pass) || d->n == 0)
		return;
	const pt_item *it = g->item;
	if (kind_shape(it->kind) == PT_SHAPE_SLOTS) {
		for (size_t s = 0; s < d->n && (int)s < grade_slots(g); s++) {
			int o = find_bank(it, d->slot[s]);
			if (o < 0 || grade_fill(g, (int)s, o) != PT_GRADE_OK)
				continue;
			if (d->locked[s] && g->checks > 0) {
				g->locked[s] = true;
				g->marks[s] = PT_MARK_RIGHT;
			}
		}
	} else if (kind_shape(it->kind) == PT_SHAPE_PICKS) {
		for (size_t s = 0; s < d->n; s++) {
			int o = find_option(it, d->slot[s]);
			if (o >= 0 && !g->picked[o])
				grade_pick(g, o);
		}
	} else if (d->slot[0] != NULL) {
		grade_type(g, d->slot[0]);
	}
}

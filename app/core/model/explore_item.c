/* explore_item.c - an explore item's knobs and goal as the lesson holds
 * them (explore_item.h). */
#include <stddef.h>

#include "paratutor/model/explore_item.h"

_Static_assert(EXP_MAX_KNOBS == PT_MAX_KNOBS, "an explore item's positions cover its knobs");

bool explore_of(const pt_item *it, pt_explore *e)
{
	if (it->explore == NULL || it->figure == NULL)
		return false;
	*e = *it->explore;
	e->start = *it->figure;
	return true;
}

const char *explore_feedback_for(const pt_item *it, const pt_explore *e, const pt_figure *f)
{
	for (size_t i = 0; i < it->n_explore_fb; i++)
		if (explore_when_matches(e, &it->explore_fb[i].when, f))
			return it->explore_fb[i].text.s;
	return NULL;
}

void explore_feedback_setting(const pt_explore *e, const pt_explore_feedback *fb, pt_figure *f)
{
	*f = e->start;
	for (int j = 0; j < fb->when.n; j++)
		f->v[e->knob[fb->when.knob[j]].param] = fb->when.v[j];
}

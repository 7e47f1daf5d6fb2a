/* explore_item.h - an explore item's knobs and goal (figure_explore.h)
 * as a lesson holds them: the setting is the figure as written, and the
 * author's feedback is keyed by the knobs' values. */
#ifndef PARATUTOR_EXPLORE_ITEM_H
#define PARATUTOR_EXPLORE_ITEM_H

#include "paratutor/model/figure_explore.h"
#include "paratutor/model/lesson.h"

/* The author's feedback for a wrong setting: "wrong": [{"when": {...},
 * "feedback": "..."}]. */
typedef struct pt_explore_feedback {
	pt_explore_when when;
	pt_text text;
	pt_pos pos;
} pt_explore_feedback;

/* Copies the item's knobs and goal into *e with its figure as the start;
 * false for an item without both. */
bool explore_of(const pt_item *it, pt_explore *e);

/* The author's feedback for setting f (the first that matches), or NULL. */
const char *explore_feedback_for(const pt_item *it, const pt_explore *e, const pt_figure *f);

/* The author's feedback setting i as a whole setting: the start with its
 * knobs set. */
void explore_feedback_setting(const pt_explore *e, const pt_explore_feedback *fb, pt_figure *f);

#endif

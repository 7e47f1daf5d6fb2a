/* kind_explore.c - explore: knobs turned on the item's figure until its
 * computed numbers meet the goal (figure_explore.h).  The answer is the
 * setting, kept as typed text ("microbatches=27"); a wrong setting is told
 * which condition fails and by how much, or the author's feedback for it,
 * never the setting that is right. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/model/explore_item.h"
#include "paratutor/learn/kind.h"

/* One setting. */
static size_t explore_slots(const pt_item *it)
{
	(void)it;
	return 1;
}

/* Grades the setting: *clear false when the text names no setting of the
 * knobs (it costs nothing).  Returns true when it meets the goal (and is
 * the best, when the goal asks for one). */
static bool explore_check(pt_grade *g, bool *clear)
{
	pt_explore e;
	pt_figure f;
	char why[PT_MAX_SAID];
	*clear = explore_of(g->item, &e) && explore_setting_read(&e, g->typed, &f, why, sizeof why);
	if (!*clear) {
		snprintf(g->said_buf, sizeof g->said_buf, "%s", explore_of(g->item, &e) ? why : "This item cannot be checked.");
		return false;
	}
	int cond;
	double got;
	pt_explore_verdict v = explore_judge(&e, &f, &cond, &got, why, sizeof why);
	if (v == PT_EXPLORE_OFF_RANGE) {
		pt_strbuf b = { 0 };
		explore_explain(&e, v, cond, got, why, &b);
		snprintf(g->said_buf, sizeof g->said_buf, "%s", b.s != NULL ? b.s : "");
		free(b.s);
		*clear = false;
		return false;
	}
	bool right = v == PT_EXPLORE_MET;
	g->marks[0] = right ? PT_MARK_RIGHT : PT_MARK_WRONG;
	if (right)
		return true;
	g->said_text = explore_feedback_for(g->item, &e, &f);
	if (g->said_text == NULL) {
		pt_strbuf b = { 0 };
		explore_explain(&e, v, cond, got, why, &b);
		snprintf(g->said_buf, sizeof g->said_buf, "%s", b.s != NULL ? b.s : "");
		free(b.s);
	}
	return false;
}

/* The best setting that meets the goal, as text. */
static void explore_right(const pt_item *it, char *buf, size_t size)
{
	pt_explore e;
	pt_figure best;
	buf[0] = '\0';
	if (!explore_of(it, &e) || explore_search(&e, &best) <= 0)
		return;
	pt_strbuf b = { 0 };
	explore_setting_write(&e, &best, &b);
	snprintf(buf, size, "%s", b.s != NULL ? b.s : "");
	free(b.s);
}

/* The author's feedback for a wrong setting given as text. */
static const char *explore_wrong_feedback(const pt_item *it, const char *text)
{
	pt_explore e;
	pt_figure f;
	char why[PT_MAX_SAID];
	int cond;
	double got;
	if (!explore_of(it, &e) || !explore_setting_read(&e, text, &f, why, sizeof why) ||
	    explore_judge(&e, &f, &cond, &got, why, sizeof why) == PT_EXPLORE_MET)
		return NULL;
	return explore_feedback_for(it, &e, &f);
}

/* The settings the author wrote feedback for. */
static bool explore_wrong_answers(const pt_item *it, bool (*add)(void *, int, const char *, const char *), void *ctx)
{
	pt_explore e;
	if (!explore_of(it, &e))
		return true;
	for (size_t i = 0; i < it->n_explore_fb; i++) {
		pt_figure f;
		explore_feedback_setting(&e, &it->explore_fb[i], &f);
		pt_strbuf b = { 0 };
		explore_setting_write(&e, &f, &b);
		bool ok = b.s != NULL && add(ctx, -1, b.s, it->explore_fb[i].text.s);
		free(b.s);
		if (!ok)
			return false;
	}
	return true;
}

/* A setting of the item's knobs. */
static bool explore_readable(const pt_item *it, const char *typed)
{
	pt_explore e;
	pt_figure f;
	char why[PT_MAX_SAID];
	return explore_of(it, &e) && explore_setting_read(&e, typed, &f, why, sizeof why);
}

const pt_kind_ops kind_explore = {
	.kind = PT_KIND_EXPLORE, .slots = explore_slots, .max_slots = 1,
	.check = explore_check, .right_typed = explore_right, .wrong_feedback = explore_wrong_feedback,
	.wrong_answers = explore_wrong_answers,
	.xapi_type = "other", .unclear = PT_GRADE_UNCLEAR, .readable = explore_readable,
};

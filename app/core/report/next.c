/* next.c - what to study next (next.h), from the statistics' per-tag and
 * per-lesson figures. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/diag.h"
#include "paratutor/next.h"
#include "paratutor/stats.h"
#include "paratutor/tags.h"

/* Appends a line; silently ignores more than PT_NEXT_MAX. */
static void PT_PRINTF(2, 3) say(pt_next *out, const char *fmt, ...)
{
	if (out->n >= PT_NEXT_MAX)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->lines[out->n++], PT_NEXT_TEXT, fmt, ap);
	va_end(ap);
}

/* Orders tags by predicted recall, lowest first, then by more due. */
static int by_recall(const void *a, const void *b)
{
	const pt_stats_tag *x = *(const pt_stats_tag *const *)a, *y = *(const pt_stats_tag *const *)b;
	if (x->recall != y->recall)
		return x->recall < y->recall ? -1 : 1;
	return (x->due < y->due) - (x->due > y->due);
}

/* Orders tags by the share of their items mastered, lowest first. */
static int by_mastery(const void *a, const void *b)
{
	const pt_stats_tag *x = *(const pt_stats_tag *const *)a, *y = *(const pt_stats_tag *const *)b;
	double sx = (double)x->mastered / (double)x->items, sy = (double)y->mastered / (double)y->items;
	if (sx != sy)
		return sx < sy ? -1 : 1;
	return by_recall(a, b);
}

/* Sets the brief, the first advice in a few words, unless set already. */
static void PT_PRINTF(2, 3) brief(pt_next *out, const char *fmt, ...)
{
	if (out->brief[0] != '\0' || out->nothing_done)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->brief, sizeof out->brief, fmt, ap);
	va_end(ap);
}

/* Returns how many bytes of a tag's label to keep in a brief: up to an
 * aside in brackets ("expert parallelism (mixture of experts)"). */
static int short_label(const char *label)
{
	const char *aside = strstr(label, " (");
	return aside != NULL ? (int)(aside - label) : (int)strlen(label);
}

static int percent(double share)
{
	return (int)(share * 100 + 0.5);
}

bool next_item_named(const pt_item *item, unsigned long long tags)
{
	if (tags == 0)
		return true;
	for (size_t t = 0; t < item->tags.n; t++) {
		int k = item->tags.v[t].s != NULL ? tags_find(item->tags.v[t].s) : -1;
		if (k >= 0 && k < 64 && (tags >> k & 1ull))
			return true;
	}
	return false;
}

/* Returns true when tag g is among focus (every tag when focus is 0). */
static bool in_focus(const pt_stats_tag *g, unsigned long long focus)
{
	int k = tags_find(g->name);
	return focus == 0 || (k >= 0 && k < 64 && (focus >> k & 1ull));
}

bool next_from_stats(const pt_stats *st, pt_next *out)
{
	return next_from_stats_focus(st, 0, out);
}

bool next_from_stats_focus(const pt_stats *st, unsigned long long focus, pt_next *out)
{
	memset(out, 0, sizeof *out);
	const pt_stats_tag **order = calloc(st->n_tags ? st->n_tags : 1, sizeof *order);
	if (order == NULL)
		return false;
	size_t done = 0, n_due = 0, n_seen = 0;
	for (size_t i = 0; i < st->n_lessons; i++)
		done += st->lessons[i].done;
	out->nothing_done = done == 0;
	/* Tags among focus first; should none of them call for work, all. */
	bool any = false;
	for (size_t t = 0; focus != 0 && t < st->n_tags; t++)
		any = any || (in_focus(&st->tags[t], focus) && (st->tags[t].due > 0 ||
		    (st->tags[t].seen > 0 && st->tags[t].mastered < st->tags[t].items)));
	if (!any)
		focus = 0;
	for (size_t t = 0; t < st->n_tags; t++)
		if (st->tags[t].due > 0 && in_focus(&st->tags[t], focus))
			order[n_due++] = &st->tags[t];
	qsort(order, n_due, sizeof *order, by_recall);
	for (size_t i = 0; i < n_due && i < 3; i++) {
		const pt_stats_tag *g = order[i];
		/* Recall is near 100 % only just after a review: a due item then
		 * was missed a moment ago (an exam, a failed pass), and "recall
		 * 100 %" beside "due" would read as a contradiction. */
		if (percent(g->recall) >= 99)
			say(out, "%s: %zu item%s due for review, missed just now", g->label, g->due,
			    g->due == 1 ? "" : "s");
		else
			say(out, "%s: %zu item%s due for review, predicted recall %d %%", g->label, g->due,
			    g->due == 1 ? "" : "s", percent(g->recall));
		brief(out, "%zu due in %.*s", g->due, short_label(g->label), g->label);
		out->tags |= 1ull << tags_find(g->name);
	}
	if (n_due == 0) {
		for (size_t t = 0; t < st->n_tags; t++)
			if (st->tags[t].seen > 0 && st->tags[t].mastered < st->tags[t].items && in_focus(&st->tags[t], focus))
				order[n_seen++] = &st->tags[t];
		qsort(order, n_seen, sizeof *order, by_mastery);
		for (size_t i = 0; i < n_seen && i < 2; i++) {
			say(out, "%s: %zu of %zu items mastered, predicted recall %d %%", order[i]->label,
			    order[i]->mastered, order[i]->items, percent(order[i]->recall));
			brief(out, "%.*s, %zu of %zu mastered", short_label(order[i]->label), order[i]->label,
			    order[i]->mastered, order[i]->items);
		}
	}
	for (size_t i = 0; i < st->n_lessons; i++) {
		const pt_stats_lesson *l = &st->lessons[i];
		if (l->done >= l->items)
			continue;
		const char *title = l->lesson->title.s != NULL ? l->lesson->title.s : "";
		if (out->nothing_done)
			say(out, "Start with lesson %zu, \"%s\": open it from the menu (type %zu in plain mode).",
			    l->number, title, l->number);
		else if (l->done == 0)
			say(out, "Next lesson: %zu, \"%s\" (not started).", l->number, title);
		else
			say(out, "Finish lesson %zu, \"%s\": %zu of %zu items done.", l->number, title, l->done, l->items);
		if (l->done == 0)
			brief(out, "lesson %zu, not started yet", l->number);
		else
			brief(out, "finish lesson %zu, %zu of %zu items done", l->number, l->done, l->items);
		break;
	}
	if (out->n == 0)
		say(out, "Every lesson is finished and nothing is due: come back when the review schedule says so.");
	brief(out, "nothing due, and every lesson is finished");
	free(order);
	return true;
}

bool next_compute(const pt_progress *p, pt_catalog *catalog, time_t now, pt_next *out)
{
	return next_compute_focus(p, catalog, now, 0, out);
}

bool next_compute_focus(const pt_progress *p, pt_catalog *catalog, time_t now, unsigned long long focus,
    pt_next *out)
{
	pt_stats st;
	memset(out, 0, sizeof *out);
	if (!stats_compute(p, catalog, now, 0, &st))
		return false;
	bool ok = next_from_stats_focus(&st, focus, out);
	stats_free(&st);
	/* The items a review of the advice opens, each counted once. */
	pt_due_list due;
	if (ok && out->tags != 0) {
		ok = progress_due(p, catalog, now, &due);
		for (size_t i = 0; ok && i < due.n; i++)
			out->due += next_item_named(due.v[i].item, out->tags);
		if (ok)
			progress_due_free(&due);
	}
	return ok;
}

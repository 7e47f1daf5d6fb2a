/* next.c - what to study next (next.h), from the statistics' per-tag and
 * per-lesson figures. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/diag.h"
#include "paratutor/learn/exam.h"
#include "paratutor/report/next.h"
#include "paratutor/report/stats.h"

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
 * aside ("expert parallelism (mixture of experts)", "collectives:
 * all-reduce and friends"). */
static int short_label(const char *label)
{
	size_t n = strlen(label);
	const char *aside = strstr(label, " ("), *colon = strstr(label, ": ");
	if (aside != NULL && (size_t)(aside - label) < n)
		n = (size_t)(aside - label);
	if (colon != NULL && (size_t)(colon - label) < n)
		n = (size_t)(colon - label);
	return (int)n;
}

static int percent(double share)
{
	return (int)(share * 100 + 0.5);
}

/* Returns true when tag g may be named: any tag outside a paper's scope,
 * only the paper's missed ones within it. */
static bool in_scope(const pt_stats_tag *g, const pt_next_scope *scope)
{
	return scope == NULL || (g->tag >= 0 && g->tag < 64 && (scope->missed >> g->tag & 1ull));
}

/* Says one concept with items due, with the reason. */
static void say_due(pt_next *out, const pt_stats_tag *g)
{
	char missed[96] = "";
	if (g->missed > 0)
		snprintf(missed, sizeof missed, " (%zu of them not right first time when last answered)", g->missed);
	if (g->due == g->missed)
		say(out, "%s: %zu item%s due for review, not right first time when last answered", g->label,
		    g->due, g->due == 1 ? "" : "s");
	else
		say(out, "%s: %zu item%s due for review%s, predicted recall %d %%", g->label, g->due,
		    g->due == 1 ? "" : "s", missed, percent(g->recall));
}

/* Returns true when lesson number is one of the scope's lessons. */
static bool in_lessons(const pt_next_scope *scope, size_t number)
{
	for (size_t k = 0; scope != NULL && k < scope->n_lessons; k++)
		if (scope->lessons[k] == number)
			return true;
	return false;
}

/* Returns the index in st of the lesson to finish next: the first not
 * finished of the scope's lessons, else of all; st->n_lessons when none. */
static size_t next_lesson(const pt_stats *st, const pt_next_scope *scope)
{
	for (int pass = scope != NULL && scope->n_lessons > 0 ? 0 : 1; pass < 2; pass++)
		for (size_t i = 0; i < st->n_lessons; i++)
			if (st->lessons[i].done < st->lessons[i].items && (pass == 1 || in_lessons(scope, st->lessons[i].number)))
				return i;
	return st->n_lessons;
}

bool next_from_stats(const pt_stats *st, const pt_next_scope *scope, pt_next *out)
{
	memset(out, 0, sizeof *out);
	const pt_stats_tag **order = calloc(st->n_tags ? st->n_tags : 1, sizeof *order);
	if (order == NULL)
		return false;
	out->due = st->due;
	out->items = st->items;
	out->mastered = st->mastered;
	out->nothing_done = st->done == 0;
	for (size_t i = 0; i < st->n_lessons; i++)
		out->nothing_done = out->nothing_done && st->lessons[i].answered == 0; /* a reset keeps the history */
	if (scope != NULL && scope->perfect)
		say(out, "%s", PT_NEXT_PERFECT);
	size_t n_due = 0, n_seen = 0;
	for (size_t t = 0; t < st->n_tags; t++)
		if (st->tags[t].due > 0 && in_scope(&st->tags[t], scope))
			order[n_due++] = &st->tags[t];
	qsort(order, n_due, sizeof *order, by_recall);
	for (size_t i = 0; i < n_due && i < 3; i++) {
		say_due(out, order[i]);
		out->tags |= 1ull << order[i]->tag;
	}
	if (n_due > 0)
		brief(out, "%zu due, weakest: %.*s", st->due, short_label(order[0]->label), order[0]->label);
	else if (st->due > 0)
		brief(out, "%zu due for review", st->due);
	if (n_due == 0) {
		for (size_t t = 0; t < st->n_tags; t++)
			if (st->tags[t].seen > 0 && st->tags[t].mastered < st->tags[t].items && in_scope(&st->tags[t], scope))
				order[n_seen++] = &st->tags[t];
		qsort(order, n_seen, sizeof *order, by_mastery);
		for (size_t i = 0; i < n_seen && i < 2; i++) {
			say(out, "%s: %zu of %zu items mastered, predicted recall %d %%", order[i]->label,
			    order[i]->mastered, order[i]->items, percent(order[i]->recall));
			brief(out, "%.*s, %zu of %zu mastered", short_label(order[i]->label), order[i]->label,
			    order[i]->mastered, order[i]->items);
		}
	}
	if (st->due > 0 && out->tags == 0)
		say(out, "%zu item%s due for review, from your lessons: a review goes through %s, weakest first.",
		    st->due, st->due == 1 ? "" : "s", st->due == 1 ? "it" : "them");
	size_t at = next_lesson(st, scope);
	if (at < st->n_lessons) {
		const pt_stats_lesson *l = &st->lessons[at];
		const char *title = l->title;
		if (l->attempt > 1 && !out->nothing_done)
			say(out, "Carry on with attempt %d of lesson %zu, \"%s\": %zu of %zu items done (the lesson score "
			    "stays %d).", l->attempt, l->number, title, l->done, l->items, l->score);
		else if (out->nothing_done && scope != NULL)
			say(out, "Start with lesson %zu, \"%s\"%s.", l->number, title, in_lessons(scope, l->number) ?
			    ": the paper's items from it show their verdicts once you have done them there" : "");
		else if (out->nothing_done)
			say(out, "Start with lesson %zu, \"%s\": open it from the menu (type %zu in plain mode).",
			    l->number, title, l->number);
		else if (l->done == 0)
			say(out, "Next lesson: %zu, \"%s\" (not started).", l->number, title);
		else
			say(out, "Finish lesson %zu, \"%s\": %zu of %zu items done.", l->number, title, l->done, l->items);
		if (l->attempt > 1 && !out->nothing_done)
			brief(out, "attempt %d of lesson %zu, %zu of %zu items done", l->attempt, l->number, l->done,
			    l->items);
		else if (l->done == 0)
			brief(out, "lesson %zu, not started yet", l->number);
		else
			brief(out, "finish lesson %zu, %zu of %zu items done", l->number, l->done, l->items);
	}
	if (out->n == 0 || (out->n == 1 && scope != NULL && scope->perfect))
		say(out, "Every lesson is finished and nothing is due: come back when the review schedule says so.");
	brief(out, "nothing due, and every lesson is finished");
	free(order);
	return true;
}

bool next_compute(const pt_progress *p, pt_catalog *catalog, time_t now, const pt_next_scope *scope, pt_next *out)
{
	pt_stats st;
	memset(out, 0, sizeof *out);
	if (!stats_compute(p, catalog, now, 0, &st))
		return false;
	bool ok = next_from_stats(&st, scope, out);
	stats_free(&st);
	return ok;
}

bool next_after_exam(const pt_progress *p, pt_catalog *catalog, time_t now, const pt_exam *e, const bool *held,
    pt_next *out)
{
	size_t *lessons = calloc(e->n ? e->n : 1, sizeof *lessons);
	if (lessons == NULL)
		return false;
	pt_next_scope scope = { exam_missed_tags(e, held), exam_perfect(e), lessons, 0 };
	for (size_t i = 0; i < e->n; i++) {
		/* a lesson with an item held back, right or not, or missed */
		const pt_entry *at = (held != NULL && held[i]) || e->results[i] != PT_EXAM_RIGHT ?
		    catalog_find(catalog, e->lessons[i]->id.s) : NULL;
		if (at != NULL)
			lessons[scope.n_lessons++] = (size_t)(at - catalog->v) + 1;
	}
	bool ok = next_compute(p, catalog, now, &scope, out);
	free(lessons);
	return ok;
}

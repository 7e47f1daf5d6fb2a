/* progress_view.c - views built from the progress records: where a lesson
 * resumes, the menu's stats, the items due for review and the
 * misconceptions met most often. */
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/grow.h"
#include "paratutor/learn/kind.h"
#include "paratutor/store/progress_data.h"
#include "paratutor/learn/score.h"

bool progress_lesson_has_records(const pt_progress *p, const char *lesson_id)
{
	/* Records are sorted by lesson, then item; "" sorts first. */
	size_t at;
	if (lesson_id == NULL)
		return false;
	data_search(&p->d, lesson_id, "", &at);
	return at < p->d.n_rec && strcmp(p->d.rec[at].lesson, lesson_id) == 0;
}

/* Returns the record of item when its hash matches, else NULL. */
static const pt_record *current_record(const pt_progress *p, const pt_lesson *lesson, const pt_item *item)
{
	const pt_record *r = data_find(&p->d, lesson->id.s, item->id.s);
	return r != NULL && progress_record_matches(r, lesson_item_hash(item), lesson_item_key_hash(item)) ? r : NULL;
}

/* Rebuilds the grading state of item from its record's lesson result. */
static void restore_grade(const pt_record *r, const pt_item *item, pt_grade *g)
{
	grade_restore(g, item, r->outcome, r->attempts, r->hints, r->wrong, r->n_wrong);
}

size_t progress_resume_point(const pt_progress *p, const pt_lesson *lesson)
{
	for (size_t i = 0; i < lesson->n_items; i++) {
		const pt_record *r = current_record(p, lesson, &lesson->items[i]);
		if (r == NULL || r->outcome == PT_OUTCOME_NONE)
			return i;
	}
	return 0;
}

size_t progress_restore(const pt_progress *p, pt_session *s, size_t *changed)
{
	const pt_lesson *lesson = s->lesson;
	size_t restored = 0, reset = 0;
	for (size_t i = 0; i < lesson->n_items; i++) {
		const pt_item *item = &lesson->items[i];
		const pt_record *r = data_find(&p->d, lesson->id.s, item->id.s);
		if (r != NULL && !progress_record_matches(r, lesson_item_hash(item), lesson_item_key_hash(item))) {
			session_reset_item(s, i);
			reset++;
			continue;
		}
		if (r != NULL) {
			session_show_pass(s, i, r->pass);
			restore_grade(r, s->grades[i].item, &s->grades[i]);
			s->prior[i] = progress_record_lesson_score(r, item->hints.n);
			restored++;
		}
		pt_draft draft;
		if (progress_draft(p, lesson->id.s, item->id.s, &draft))
			draft_apply(&s->grades[i], &draft);
	}
	if (changed != NULL)
		*changed = reset;
	s->attempt = progress_lesson_attempt(p, lesson->id.s);
	s->current = progress_resume_point(p, lesson);
	return restored;
}

/* Adds item id (with hash, answer key and n_hints) of lesson lesson_id to the scores
 * *sc: done when its lesson result in this attempt is finished, and its
 * shares of the lesson score and of the attempt's. */
static void add_item(const pt_progress *p, const char *lesson_id, const char *id, unsigned long long hash,
    unsigned long long key, size_t n_hints, pt_lesson_scores *sc, long *sum, long *asum)
{
	const pt_record *r = id != NULL ? data_find(&p->d, lesson_id, id) : NULL;
	if (r == NULL || !progress_record_matches(r, hash, key))
		return;
	sc->done += r->outcome != PT_OUTCOME_NONE;
	*sum += progress_record_lesson_score(r, n_hints);
	*asum += progress_record_attempt_score(r, n_hints);
}

/* Sets the scores from the sums of the first passes (sum) and of the
 * current attempt's (asum). */
static void finish_scores(pt_lesson_scores *sc, long sum, long asum, int attempt)
{
	sc->score = score_lesson(sum, sc->total);
	sc->attempt = attempt;
	sc->attempt_score = sc->done > 0 ? score_lesson(asum, sc->total) : -1;
}

void progress_lesson_scores(const pt_progress *p, const pt_lesson *lesson, pt_lesson_scores *sc)
{
	long sum = 0, asum = 0;
	memset(sc, 0, sizeof *sc);
	sc->total = lesson->n_items;
	for (size_t i = 0; lesson->id.s != NULL && i < lesson->n_items; i++) {
		const pt_item *it = &lesson->items[i];
		add_item(p, lesson->id.s, it->id.s, lesson_item_hash(it), lesson_item_key_hash(it), it->hints.n, sc, &sum,
		    &asum);
	}
	finish_scores(sc, sum, asum, progress_lesson_attempt(p, lesson->id.s));
}

void progress_info_scores(const pt_progress *p, const pt_lesson_info *info, pt_lesson_scores *sc)
{
	long sum = 0, asum = 0;
	memset(sc, 0, sizeof *sc);
	sc->total = info->n_items;
	pt_index_items items = index_items(info);
	pt_index_item it;
	/* A lesson without progress needs no look at its items. */
	while (info->id != NULL && progress_lesson_has_records(p, info->id) && index_items_next(&items, &it))
		add_item(p, info->id, it.id, it.hash, it.key, it.n_hints, sc, &sum, &asum);
	finish_scores(sc, sum, asum, progress_lesson_attempt(p, info->id));
}

void progress_lesson_stats(const pt_progress *p, const pt_lesson *lesson,
    size_t *done, size_t *total, int *score)
{
	pt_lesson_scores sc;
	progress_lesson_scores(p, lesson, &sc);
	*done = sc.done;
	*total = sc.total;
	*score = sc.score;
}

/* Returns true when the views may look into catalog entry e (not broken,
 * with an id). */
static bool usable_entry(const pt_entry *e)
{
	return e != NULL && !e->broken && e->info != NULL && e->info->id != NULL;
}

/* Returns the lesson of catalog entry index when the views may look into
 * it, loading it first when it came from an index; else NULL. */
static const pt_lesson *usable(pt_catalog *cat, size_t index)
{
	if (!usable_entry(&cat->v[index]))
		return NULL;
	const pt_lesson *l = catalog_lesson(cat, index);
	return usable_entry(&cat->v[index]) && l != NULL && l->id.s != NULL ? l : NULL;
}

/* Returns how many items of entry e's info are due at now. */
static size_t info_due(const pt_progress *p, const pt_entry *e, time_t now)
{
	size_t count = 0;
	if (!usable_entry(e) || !progress_lesson_has_records(p, e->info->id))
		return 0;
	pt_index_items items = index_items(e->info);
	pt_index_item it;
	while (index_items_next(&items, &it)) {
		const pt_record *r = it.id != NULL ? data_find(&p->d, e->info->id, it.id) : NULL;
		pt_item_count c;
		progress_item_count(p, r != NULL && progress_record_matches(r, it.hash, it.key) ? r : NULL, now, &c);
		count += c.due;
	}
	return count;
}

/* ---- review ------------------------------------------------------------ */

/* Orders due entries: lowest predicted recall first, then oldest due,
 * then lesson id, then item order. */
static int due_cmp(const void *a, const void *b)
{
	const pt_due *x = a, *y = b;
	if (x->recall != y->recall)
		return x->recall < y->recall ? -1 : 1;
	if (x->due != y->due)
		return x->due < y->due ? -1 : 1;
	int c = strcmp(x->lesson->id.s, y->lesson->id.s);
	if (c != 0)
		return c;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Appends the due entries to out; false when out of memory. */
static bool collect_due(const pt_progress *p, pt_catalog *cat, time_t now, pt_due_list *out)
{
	size_t cap = 0;
	for (size_t e = 0; e < cat->n; e++) {
		const pt_lesson *l = info_due(p, &cat->v[e], now) > 0 ? usable(cat, e) : NULL;
		for (size_t i = 0; l != NULL && i < l->n_items; i++) {
			const pt_record *r = current_record(p, l, &l->items[i]);
			pt_item_count c;
			progress_item_count(p, r, now, &c);
			if (!c.due)
				continue;
			if (!grow_array((void **)&out->v, &cap, out->n + 1, sizeof *out->v))
				return false;
			out->v[out->n++] = (pt_due){ l, &l->items[i], i, r->due, r->box, progress_recall(p, r, now) };
		}
	}
	return true;
}

bool progress_due(const pt_progress *p, pt_catalog *catalog, time_t now, pt_due_list *out)
{
	out->v = NULL;
	out->n = 0;
	if (!collect_due(p, catalog, now, out)) {
		progress_due_free(out);
		return false;
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof *out->v, due_cmp);
	return true;
}

void progress_due_free(pt_due_list *list)
{
	free(list->v);
	list->v = NULL;
	list->n = 0;
}

/* ---- misconceptions ---------------------------------------------------- */

/* Returns the feedback for having picked the wrong option text, or NULL.
 * A bank text kept without its place (by an older paratutor) counts for
 * the only blank or pair where it is wrong, and for none when it is wrong
 * in several. */
static const char *wrong_feedback(const pt_item *item, const char *text)
{
	if (kind_ops(item->kind)->wrong_answers == grade_slot_wrong_answers) /* feedback per slot (fill, match) */
		return grade_wrong_feedback_at(item, grade_wrong_slot(item, text), text);
	if (kind_shape(item->kind) != PT_SHAPE_PICKS)
		return grade_wrong_feedback(item, text);
	for (size_t o = 0; o < item->n_options; o++)
		if (!item->options[o].correct && item->options[o].text.s != NULL &&
		    strcmp(item->options[o].text.s, text) == 0)
			return item->options[o].feedback.s;
	return NULL;
}

bool progress_wrong_placed(const pt_record *r, const char *text)
{
	int slot;
	for (size_t i = 0; i < r->n_wrong_at; i++) {
		const char *t = progress_wrong_place(r->wrong_at[i], &slot);
		if (t != NULL && strcmp(t, text) == 0)
			return true;
	}
	return false;
}

typedef struct tally {
	const char *feedback;
	size_t count;
	size_t first; /* order first met, for stable ties */
	const pt_lesson *lesson; /* where it was first met */
	const pt_item *item;
} tally;

/* Orders tallies by count, most first, then by first appearance. */
static int tally_cmp(const void *a, const void *b)
{
	const tally *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

/* Counts feedback fb, met in item of lesson, in the tallies t (n of them,
 * cap allocated); false when out of memory. */
static bool tally_add(tally **t, size_t *n, size_t *cap, const char *fb, const pt_lesson *lesson,
    const pt_item *item)
{
	size_t k = 0;
	while (k < *n && strcmp((*t)[k].feedback, fb) != 0)
		k++;
	if (k == *n) {
		if (!grow_array((void **)t, cap, *n + 1, sizeof **t))
			return false;
		(*t)[k] = (tally){ fb, 0, k, lesson, item };
		++*n;
	}
	(*t)[k].count++;
	return true;
}

bool progress_misconceptions(const pt_progress *p, pt_catalog *catalog,
    const char *lesson_id, pt_misconception *out, size_t max, size_t *n)
{
	tally *t = NULL;
	size_t nt = 0, cap = 0;
	*n = 0;
	for (size_t i = 0; i < p->d.n_rec; i++) {
		const pt_record *r = &p->d.rec[i];
		if (r->n_wrong == 0 || (lesson_id != NULL && strcmp(r->lesson, lesson_id) != 0))
			continue;
		const pt_entry *e = catalog_find(catalog, r->lesson);
		const pt_lesson *l = e != NULL ? usable(catalog, (size_t)(e - catalog->v)) : NULL;
		const pt_item *item = l != NULL ? lesson_find_item(l, r->item) : NULL;
		for (size_t w = 0; item != NULL && w < r->n_wrong_at; w++) {
			int slot;
			const char *text = progress_wrong_place(r->wrong_at[w], &slot);
			const char *fb = text != NULL ? grade_wrong_feedback_at(item, slot - 1, text) : NULL;
			if (fb != NULL && !tally_add(&t, &nt, &cap, fb, l, item)) {
				free(t);
				return false;
			}
		}
		for (size_t w = 0; item != NULL && w < r->n_wrong; w++) {
			const char *fb = progress_wrong_placed(r, r->wrong[w]) ? NULL : wrong_feedback(item, r->wrong[w]);
			if (fb != NULL && !tally_add(&t, &nt, &cap, fb, l, item)) {
				free(t);
				return false;
			}
		}
	}
	if (nt > 1)
		qsort(t, nt, sizeof *t, tally_cmp);
	for (size_t k = 0; k < nt && k < max; k++)
		out[(*n)++] = (pt_misconception){ t[k].feedback, t[k].count, t[k].lesson, t[k].item,
			(size_t)(t[k].item - t[k].lesson->items) };
	free(t);
	return true;
}

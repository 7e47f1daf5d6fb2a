/* class.c - the class report's data: reading each store as a learner
 * (see class.h); finding them is class_find.c's, their
 * exams class_exam.c's, finding what was read class_data.c's.  The item
 * and lesson analysis over what was read is class_analysis.c's; rendering
 * is class_out.c's. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paratutor/report/class.h"
#include "paratutor/report/class_parts.h"
#include "paratutor/learn/grade.h"
#include "paratutor/learn/kind.h"
#include "paratutor/base/grow.h"
#include "paratutor/store/progress.h"
#include "paratutor/learn/score.h"
#include "paratutor/model/tags.h"


/* ---- setting up -------------------------------------------------------- */

/* Orders id keys by id. */
static int key_cmp(const void *a, const void *b)
{
	return strcmp(((const pt_class_key *)a)->id, ((const pt_class_key *)b)->id);
}

/* Returns true when the catalog entry's lesson can be analysed: loaded,
 * not broken, with ids on the lesson and every item. */
static bool usable(const pt_entry *e)
{
	if (e->broken || e->lesson == NULL || e->lesson->id.s == NULL)
		return false;
	for (size_t i = 0; i < e->lesson->n_items; i++)
		if (e->lesson->items[i].id.s == NULL)
			return false;
	return true;
}

/* Returns true when an earlier usable lesson of the class has id. */
static bool have_lesson(const pt_class *c, const char *id)
{
	for (size_t i = 0; i < c->n_lessons; i++)
		if (strcmp(c->lessons[i].lesson->id.s, id) == 0)
			return true;
	return false;
}

/* Adds a wrong answer the kind lists at its slot (place slot + 1; 0 for
 * the item as a whole), as a copy. */
static bool add_listed(void *ctx, int slot, const char *text, const char *feedback)
{
	pt_class_item *ci = ctx;
	pt_class_option *w = class_add_wrong(ci, slot >= 0 ? slot + 1 : 0, text, feedback, true);
	/* A wrong option every learner is shown is a distractor. */
	if (w != NULL && kind_shape(ci->item->kind) == PT_SHAPE_PICKS)
		w->distractor = true;
	return w != NULL;
}

/* Lists the item's wrong answers known before any store is read, as its
 * kind's row gives them: for
 * choice and multi the options not marked correct, with their feedback;
 * for fill and match, per blank or pair, the bank options that place
 * has feedback for; for text the declared wrong answers (normalised, as
 * stored), for numeric the declared wrong values.  False when out of
 * memory. */
static bool list_wrong(pt_class_item *ci)
{
	const pt_kind_ops *k = kind_ops(ci->item->kind);
	if (kind_shape(k->kind) == PT_SHAPE_SLOTS) {
		size_t n = k->slots(ci->item);
		ci->n_places = n < PT_MAX_SLOTS ? n : PT_MAX_SLOTS;
	}
	return k->wrong_answers == NULL || k->wrong_answers(ci->item, add_listed, ci);
}

/* Returns the class's figures of the item's k-th tag, or NULL when it is
 * not one of tags.h. */
static pt_class_tag *tag_of(const pt_class *c, const pt_item *item, size_t k)
{
	int t = item->tags.v[k].s != NULL ? tags_find(&c->catalog->tags, item->tags.v[k].s) : -1;
	return t >= 0 && (size_t)t < c->n_tags ? &c->tags[t] : NULL;
}

/* Sets up lesson l of the class from the catalog's lesson; false when out
 * of memory. */
static bool setup_lesson(pt_class *c, pt_class_lesson *l, const pt_lesson *lesson)
{
	l->lesson = lesson;
	l->first = c->n_items;
	l->n_items = lesson->n_items;
	l->items = calloc(lesson->n_items ? lesson->n_items : 1, sizeof *l->items);
	if (l->items == NULL)
		return false;
	c->n_items += lesson->n_items;
	for (size_t i = 0; i < lesson->n_items; i++) {
		pt_class_item *ci = &l->items[i];
		ci->item = &lesson->items[i];
		ci->hash = lesson_item_hash(ci->item);
		ci->key = lesson_item_key_hash(ci->item);
		for (size_t k = 0; k < ci->item->tags.n; k++) {
			pt_class_tag *g = tag_of(c, ci->item, k);
			if (g != NULL)
				g->items++;
		}
		if (!list_wrong(ci))
			return false;
	}
	return true;
}

/* Builds the sorted lookups from lesson and item ids; false when out of
 * memory. */
static bool build_index(pt_class *c)
{
	c->by_id = calloc(c->n_lessons ? c->n_lessons : 1, sizeof *c->by_id);
	c->item_by_id = calloc(c->n_lessons ? c->n_lessons : 1, sizeof *c->item_by_id);
	if (c->by_id == NULL || c->item_by_id == NULL)
		return false;
	for (size_t i = 0; i < c->n_lessons; i++) {
		const pt_lesson *lesson = c->lessons[i].lesson;
		c->by_id[i] = (pt_class_key){ lesson->id.s, i };
		c->item_by_id[i] = calloc(lesson->n_items ? lesson->n_items : 1, sizeof **c->item_by_id);
		if (c->item_by_id[i] == NULL)
			return false;
		for (size_t k = 0; k < lesson->n_items; k++)
			c->item_by_id[i][k] = (pt_class_key){ lesson->items[k].id.s, k };
		qsort(c->item_by_id[i], lesson->n_items, sizeof **c->item_by_id, key_cmp);
	}
	qsort(c->by_id, c->n_lessons, sizeof *c->by_id, key_cmp);
	return true;
}

pt_class *class_new(const pt_catalog *catalog, pt_class_naming naming)
{
	pt_class *c = calloc(1, sizeof *c);
	if (c == NULL)
		return NULL;
	c->catalog = catalog;
	c->naming = naming;
	c->n_tags = tags_count(&catalog->tags);
	c->tags = calloc(c->n_tags ? c->n_tags : 1, sizeof *c->tags);
	for (size_t t = 0; c->tags != NULL && t < c->n_tags; t++) {
		c->tags[t].name = tags_at(&catalog->tags, t)->name;
		c->tags[t].label = tags_at(&catalog->tags, t)->label;
	}
	c->lessons = calloc(catalog->n ? catalog->n : 1, sizeof *c->lessons);
	bool ok = c->lessons != NULL && c->tags != NULL;
	for (size_t e = 0; ok && e < catalog->n; e++) {
		const pt_entry *entry = &catalog->v[e];
		if (!usable(entry) || have_lesson(c, entry->lesson->id.s))
			continue;
		ok = setup_lesson(c, &c->lessons[c->n_lessons], entry->lesson);
		c->n_lessons++; /* counted even when it failed, so class_free frees it */
	}
	if (!ok || !build_index(c)) {
		class_free(c);
		return NULL;
	}
	return c;
}

void class_free(pt_class *c)
{
	if (c == NULL)
		return;
	for (size_t i = 0; i < c->n_lessons; i++) {
		for (size_t k = 0; c->lessons[i].items != NULL && k < c->lessons[i].n_items; k++) {
			pt_class_item *ci = &c->lessons[i].items[k];
			for (size_t o = 0; o < ci->n_wrong; o++) {
				free(ci->wrong[o].owned);
				free(ci->wrong[o].who);
			}
			free(ci->wrong);
			free(ci->wrong_index);
		}
		free(c->lessons[i].items);
		if (c->item_by_id != NULL)
			free(c->item_by_id[i]);
	}
	free(c->lessons);
	free(c->by_id);
	free(c->item_by_id);
	for (size_t i = 0; i < c->n_learners; i++)
		class_learner_free(&c->learners[i]);
	free(c->learners);
	for (size_t i = 0; i < c->n_found; i++)
		class_learner_free(&c->found[i]);
	free(c->found);
	for (size_t i = 0; i < c->n_skips; i++) {
		free(c->skips[i].path);
		free(c->skips[i].why);
		free(c->skips[i].name);
	}
	free(c->skips);
	for (size_t i = 0; i < c->n_unknown; i++)
		free(c->unknown[i].id);
	free(c->unknown);
	free(c->scores);
	free(c->states);
	free(c->tags);
	free(c->item_scores);
	class_free_exams(c);
	free(c);
}

/* ---- reading ----------------------------------------------------------- */

/* Orders stores by name, then path. */
static int learner_cmp(const void *a, const void *b)
{
	const pt_class_learner *x = a, *y = b;
	int d = strcmp(x->name, y->name);
	return d != 0 ? d : strcmp(x->path, y->path);
}

/* Counts learner (an index) once for the unknown lesson id; false when
 * out of memory. */
static bool note_unknown(pt_class *c, const char *id, size_t learner)
{
	size_t lo;
	if (!grow_search(c->unknown, c->n_unknown, sizeof *c->unknown, offsetof(pt_class_unknown, id), id, &lo)) {
		char *copy = strdup(id);
		pt_class_unknown *u = copy != NULL ?
		    grow_insert((void **)&c->unknown, &c->cap_unknown, &c->n_unknown, lo, sizeof *u) : NULL;
		if (u == NULL) {
			free(copy);
			return false;
		}
		u->id = copy;
	}
	if (c->unknown[lo].last != learner + 1) {
		c->unknown[lo].last = learner + 1;
		c->unknown[lo].learners++;
	}
	return true;
}

/* Per-lesson sums for the learner being read. */
typedef struct lesson_tally {
	long score_sum;
	size_t done;
	bool started;
	bool removed;
} lesson_tally;

/* Returns the menu's score of the record's first pass (the one core
 * function, progress_record_lesson_score). */
static int record_score(const pt_record *r, const pt_item *item)
{
	return progress_record_lesson_score(r, item->hints.n);
}

/* Notes learner L as one who gave the wrong answer; false when out of
 * memory. */
static bool note_who(pt_class_option *op, size_t L)
{
	if (!grow_array((void **)&op->who, &op->cap_who, op->n_who + 1, sizeof *op->who))
		return false;
	op->who[op->n_who++] = L;
	return true;
}

/* Counts the wrong answers of record r (of the item's current version)
 * at their places; false when out of memory. */
static bool take_wrong(pt_class_item *ci, const pt_record *r, size_t L)
{
	const pt_item *item = ci->item;
	pt_answer_shape shape = kind_shape(item->kind);
	bool bank = shape == PT_SHAPE_SLOTS;
	bool at[PT_MAX_SLOTS] = { false }, unplaced = false;
	for (size_t w = 0; bank && w < r->n_wrong_at; w++) {
		int slot;
		const char *text = progress_wrong_place(r->wrong_at[w], &slot);
		int o = text != NULL ? lesson_bank_find(item, text) : -1;
		if (o < 0 || (size_t)slot > ci->n_places)
			continue;
		pt_class_option *op = class_add_wrong(ci, slot, item->bank.v[o].s,
		    grade_wrong_feedback_at(item, slot - 1, text), false);
		if (op == NULL || !note_who(op, L))
			return false;
		op->picks++;
		at[slot - 1] = true;
	}
	for (size_t w = 0; w < r->n_wrong; w++) {
		const char *text = r->wrong[w], *fb = NULL;
		int place = 0;
		bool own = false;
		if (bank) {
			int o = lesson_bank_find(item, text);
			if (o < 0 || progress_wrong_placed(r, text))
				continue;
			place = grade_wrong_slot(item, text) + 1;
			fb = place > 0 ? grade_wrong_feedback_at(item, place - 1, text) : grade_wrong_feedback(item, text);
			text = item->bank.v[o].s;
			if (place > 0)
				at[place - 1] = true;
			else
				unplaced = true;
		} else if (shape == PT_SHAPE_PICKS) {
			const pt_option *op = NULL;
			for (size_t o = 0; op == NULL && o < item->n_options; o++)
				if (item->options[o].text.s != NULL && strcmp(item->options[o].text.s, text) == 0 &&
				    !item->options[o].correct)
					op = &item->options[o];
			if (op == NULL)
				continue;
			text = op->text.s;
			fb = op->feedback.s;
		} else {
			fb = grade_wrong_feedback(item, text);
			own = true;
		}
		pt_class_option *op = class_add_wrong(ci, place, text, fb, own);
		if (op == NULL || !note_who(op, L))
			return false;
		op->picks++;
	}
	for (size_t p = 0; p < ci->n_places; p++)
		ci->place_wrong[p] += at[p];
	ci->unplaced += unplaced;
	return true;
}

/* Takes in one record of learner L (score: its lesson score as given, -1
 * to take the record's own); false when out of memory. */
static bool take_record(pt_class *c, size_t L, const pt_record *r, int score, long li, lesson_tally *t)
{
	if (li < 0)
		return note_unknown(c, r->lesson, L);
	pt_class_lesson *l = &c->lessons[li];
	long ii = class_item_index(c, (size_t)li, r->item);
	if (ii < 0) {
		t[li].removed = true;
		return true;
	}
	pt_class_item *ci = &l->items[ii];
	unsigned char *state = &c->states[L * c->n_items + l->first + (size_t)ii];
	bool checked = r->attempts > 0 || r->outcome != PT_OUTCOME_NONE;
	if (!checked)
		return true;
	/* A record of another version: the same right answers keep its
	 * credit; an answer known to have changed is reopened or kept as the
	 * course says; a record too old to tell is left out. */
	bool same = progress_record_matches(r, ci->hash, ci->key);
	bool changed = !same && r->key_hash != 0;
	if (!same && !(changed && c->keep_changed)) {
		*state = STATE_OLDER;
		ci->older++;
		ci->reopened += changed;
		return true;
	}
	ci->reworded += same && r->hash != ci->hash;
	ci->kept += changed;
	ci->exam_first += r->exam_first;
	bool right = r->outcome == PT_OUTCOME_FIRST_TIME;
	*state = right ? STATE_RIGHT : STATE_MET;
	ci->met++;
	ci->right += right;
	ci->attempts += r->attempts;
	ci->hints += r->hints;
	if (!take_wrong(ci, r, L))
		return false;
	for (size_t k = 0; k < ci->item->tags.n; k++) {
		pt_class_tag *g = tag_of(c, ci->item, k);
		if (g == NULL)
			continue;
		g->met++;
		g->right += right;
		g->mastered += progress_item_mastered(r);
		if (g->last != L + 1) {
			g->last = L + 1;
			g->learners++;
		}
	}
	t[li].started = true;
	if (score < 0 || score > 100)
		score = record_score(r, ci->item);
	c->item_scores[L * c->n_items + l->first + (size_t)ii] = (short)score;
	t[li].score_sum += score;
	t[li].done += r->outcome != PT_OUTCOME_NONE;
	return true;
}

/* Makes room for one more learner's rows; false when out of memory. */
static bool grow_rows(pt_class *c)
{
	size_t n = c->n_learners + 1, cap = c->cap_learners;
	if (!grow_array((void **)&c->learners, &c->cap_learners, n, sizeof *c->learners))
		return false;
	if (c->cap_learners == cap)
		return true;
	size_t lessons = c->n_lessons ? c->n_lessons : 1, items = c->n_items ? c->n_items : 1;
	if (c->cap_learners > SIZE_MAX / lessons / sizeof *c->scores ||
	    c->cap_learners > SIZE_MAX / items / sizeof *c->item_scores)
		return false;
	short *s = realloc(c->scores, c->cap_learners * lessons * sizeof *s);
	if (s == NULL)
		return false;
	c->scores = s;
	unsigned char *st = realloc(c->states, c->cap_learners * items);
	if (st == NULL)
		return false;
	c->states = st;
	short *is = realloc(c->item_scores, c->cap_learners * items * sizeof *is);
	if (is == NULL)
		return false;
	c->item_scores = is;
	return true;
}

/* Takes in the n records rec of learner who (scores[i] rec[i]'s lesson
 * score, or NULL: the records' own) and the exams of store p (may be
 * NULL) as the next learner, whose strings the class takes over; false
 * when out of memory. */
static bool take_learner(pt_class *c, pt_class_learner *who, const pt_record *rec, const int *scores, size_t n,
    pt_progress *p, lesson_tally *t)
{
	if (!grow_rows(c))
		return false;
	size_t L = c->n_learners;
	memset(&c->states[L * c->n_items], STATE_NONE, c->n_items);
	memset(&c->item_scores[L * c->n_items], 0, c->n_items * sizeof *c->item_scores);
	memset(t, 0, c->n_lessons * sizeof *t);
	const char *last_lesson = NULL;
	long li = -1;
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		if (last_lesson == NULL || strcmp(rec[i].lesson, last_lesson) != 0) {
			last_lesson = rec[i].lesson;
			li = class_lesson_index(c, last_lesson);
		}
		ok = take_record(c, L, &rec[i], scores != NULL ? scores[i] : -1, li, t);
	}
	bool settled = false;
	char why[256];
	/* In memory only: the store is read-only here.  An exam that cannot be
	 * resumed (its items gone) stays open, as before. */
	if (ok && p != NULL && c->now != 0)
		(void)progress_exam_settle(p, c->catalog, c->now, &settled, why, sizeof why);
	ok = ok && (p == NULL || class_take_exams(c, L, p));
	if (!ok)
		return false;
	for (size_t k = 0; k < c->n_lessons; k++) {
		pt_class_lesson *l = &c->lessons[k];
		short score = -1;
		if (t[k].started) {
			score = (short)score_lesson(t[k].score_sum, l->n_items);
			l->started++;
			l->completed += t[k].done == l->n_items;
		}
		l->removed += t[k].removed;
		c->scores[L * (c->n_lessons ? c->n_lessons : 1) + k] = score;
	}
	c->learners[L] = *who;
	who->name = who->path = who->login = who->email = NULL;
	c->n_learners++;
	return true;
}

/* Reads the store of found[f] as the next learner; false when out of
 * memory. */
static bool read_store(pt_class *c, size_t f, lesson_tally *t)
{
	pt_class_learner *who = &c->found[f];
	pt_open_report rep;
	struct stat st;
	who->no_records = who->roster && lstat(who->path, &st) != 0 && errno == ENOENT;
	pt_progress *p = progress_open_readonly(who->no_records ? "" : who->path, &rep);
	if (p == NULL)
		return false;
	if (!rep.loaded && !who->no_records) {
		progress_close(p);
		return class_skip(c, PT_CLASS_SKIP_UNREAD, class_login(who), who->path, "%s", rep.message);
	}
	if (who->roster && !class_note_kept_aside(c, who)) {
		progress_close(p);
		return false;
	}
	size_t n;
	const pt_record *rec = progress_records(p, &n);
	bool ok = take_learner(c, who, rec, NULL, n, p, t);
	progress_close(p);
	return ok;
}

bool class_add_records(pt_class *c, const char *name, const char *path, const pt_record *rec, const int *scores,
    size_t n)
{
	pt_class_learner who = { .name = strdup(name), .path = strdup(path) };
	lesson_tally *t = calloc(c->n_lessons ? c->n_lessons : 1, sizeof *t);
	bool ok = who.name != NULL && who.path != NULL && t != NULL && take_learner(c, &who, rec, scores, n, NULL, t);
	free(who.name);
	free(who.path);
	free(t);
	return ok;
}

bool class_finish(pt_class *c)
{
	return class_analyse(c) && class_analyse_exams(c);
}

/* Orders stores by file, then name and path. */
static int file_cmp(const void *a, const void *b)
{
	const pt_class_learner *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return learner_cmp(a, b);
}

/* Drops stores found twice (the same file under two paths), listing each
 * as a skip; false when out of memory. */
static bool drop_repeats(pt_class *c)
{
	if (c->n_found < 2)
		return true;
	qsort(c->found, c->n_found, sizeof *c->found, file_cmp);
	size_t kept = 1;
	bool ok = true;
	for (size_t i = 1; i < c->n_found; i++) {
		pt_class_learner *f = &c->found[i], *first = &c->found[kept - 1];
		if (f->dev == first->dev && f->ino == first->ino) {
			ok = ok && class_skip(c, PT_CLASS_SKIP_REPEAT, NULL, f->path, "%s: the same store as %s, read once",
			    f->path, first->path);
			free(f->name);
			free(f->path);
			continue;
		}
		c->found[kept++] = *f;
	}
	c->n_found = kept;
	return ok;
}

bool class_read(pt_class *c)
{
	if (!drop_repeats(c))
		return false;
	if (c->n_found > 1)
		qsort(c->found, c->n_found, sizeof *c->found, learner_cmp);
	lesson_tally *t = calloc(c->n_lessons ? c->n_lessons : 1, sizeof *t);
	bool ok = t != NULL;
	for (size_t f = 0; ok && f < c->n_found; f++)
		ok = read_store(c, f, t);
	free(t);
	for (size_t f = 0; f < c->n_found; f++)
		class_learner_free(&c->found[f]);
	c->n_found = 0;
	return ok && class_finish(c);
}

size_t class_name_clashes(const pt_class *c)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n_learners; i++) {
		const char *me = class_login(&c->learners[i]);
		bool same_prev = i > 0 && strcmp(me, class_login(&c->learners[i - 1])) == 0;
		bool same_next = i + 1 < c->n_learners && strcmp(me, class_login(&c->learners[i + 1])) == 0;
		n += same_prev || same_next;
	}
	return n;
}

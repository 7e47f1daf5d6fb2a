/* class_exam.c - the exams of a class report: each learner's finished
 * sittings, grouped by exam (a course exam by its name, the part of the
 * stored id before '/'; the mock exams learners chose for themselves
 * together), their standings and the item analysis of each exam over
 * every learner's first sitting of it (see class.h and docs/class.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/report/class.h"
#include "paratutor/report/class_parts.h"
#include "paratutor/base/grow.h"
#include "paratutor/base/strbuf.h"

/* Returns the exam the stored id belongs to, added when new; NULL when
 * out of memory. */
static pt_class_exam *exam_for(pt_class *c, const char *id)
{
	const char *sep = strchr(id, '/');
	size_t n = sep != NULL ? (size_t)(sep - id) : 0;
	for (size_t i = 0; i < c->n_exams; i++) {
		const char *name = c->exams[i].name;
		if (sep == NULL ? name == NULL : name != NULL && strlen(name) == n && strncmp(name, id, n) == 0)
			return &c->exams[i];
	}
	char *name = sep != NULL ? strndup(id, n) : NULL;
	if ((sep != NULL && name == NULL) ||
	    !grow_array((void **)&c->exams, &c->cap_exams, c->n_exams + 1, sizeof *c->exams)) {
		free(name);
		return NULL;
	}
	c->exams[c->n_exams] = (pt_class_exam){ .name = name };
	return &c->exams[c->n_exams++];
}

/* Returns the exam's item for lesson and item ids, added when new; NULL
 * when out of memory. */
static pt_class_exam_item *item_for(pt_class *c, pt_class_exam *e, const char *lesson, const char *id)
{
	for (size_t i = 0; i < e->n_items; i++)
		if (strcmp(e->items[i].lesson, lesson) == 0 && strcmp(e->items[i].id, id) == 0)
			return &e->items[i];
	if (!grow_array((void **)&e->items, &e->cap_items, e->n_items + 1, sizeof *e->items))
		return NULL;
	pt_class_exam_item *it = &e->items[e->n_items];
	*it = (pt_class_exam_item){ .lesson = strdup(lesson), .id = strdup(id) };
	if (it->lesson == NULL || it->id == NULL) {
		free(it->lesson);
		free(it->id);
		return NULL;
	}
	const pt_class_lesson *l = class_lesson(c, lesson);
	const pt_class_item *ci = l != NULL ? class_item(l, id) : NULL;
	it->item = ci != NULL ? ci->item : NULL;
	e->n_items++;
	return it;
}

/* Returns the item's current hash, or 0 when it is gone. */
static unsigned long long hash_now(const pt_class *c, const pt_class_exam_item *it)
{
	const pt_class_lesson *l = class_lesson(c, it->lesson);
	const pt_class_item *ci = l != NULL ? class_item(l, it->id) : NULL;
	return ci != NULL ? ci->hash : 0;
}

/* Counts the answer given to a wrong item (its texts joined by " | ");
 * false when out of memory. */
static bool note_wrong(pt_class_exam_item *it, const pt_exam_entry *en)
{
	pt_strbuf text = { 0 };
	for (size_t k = 0; k < en->n_answer; k++) {
		if (k > 0)
			strbuf_put(&text, " | ", 3);
		strbuf_put(&text, en->answer[k], strlen(en->answer[k]));
	}
	if (text.failed)
		return false;
	for (size_t i = 0; i < it->n_wrong_answers; i++)
		if (strcmp(it->wrong_answers[i].text, text.s) == 0) {
			it->wrong_answers[i].picks++;
			free(text.s);
			return true;
		}
	size_t cap = it->n_wrong_answers;
	if (!grow_array((void **)&it->wrong_answers, &cap, it->n_wrong_answers + 1, sizeof *it->wrong_answers)) {
		free(text.s);
		return false;
	}
	it->wrong_answers[it->n_wrong_answers++] = (pt_class_option){ .text = text.s, .owned = text.s, .picks = 1 };
	return true;
}

/* Takes in the items of a learner's first sitting r of exam e; false when
 * out of memory. */
static bool take_first(pt_class *c, pt_class_exam *e, const pt_exam_record *r)
{
	size_t right = progress_exam_right(r);
	for (size_t k = 0; k < r->n_items; k++) {
		const pt_exam_entry *en = &r->items[k];
		pt_class_exam_item *it = item_for(c, e, en->lesson, en->item);
		if (it == NULL)
			return false;
		if (it->item == NULL || hash_now(c, it) != en->hash) {
			it->older++;
			continue;
		}
		it->drawn++;
		it->right += en->result == PT_EXAM_RIGHT;
		it->wrong += en->result == PT_EXAM_WRONG;
		it->unanswered += en->result == PT_EXAM_UNANSWERED;
		if (en->result == PT_EXAM_WRONG && r->answers_kept && en->n_answer > 0 && !note_wrong(it, en))
			return false;
		if (!grow_array((void **)&it->x, &it->cap_x, it->n_x + 1, sizeof *it->x) ||
		    !grow_array((void **)&it->rest, &it->cap_rest, it->n_x + 1, sizeof *it->rest))
			return false;
		double x = en->result == PT_EXAM_RIGHT;
		it->x[it->n_x] = x;
		it->rest[it->n_x] = r->n_items > 1 ? 100.0 * ((double)right - x) / (double)(r->n_items - 1) : 0;
		it->n_x++;
	}
	return true;
}

bool class_take_exams(pt_class *c, size_t L, const pt_progress *p)
{
	size_t n = progress_exam_count(p);
	for (size_t i = 0; i < n; i++) {
		const pt_exam_record *r = progress_exam_at(p, i);
		pt_class_exam *e = r != NULL ? exam_for(c, r->id) : NULL;
		if (r == NULL)
			continue;
		if (e == NULL || !grow_array((void **)&e->sittings, &e->cap_sittings, e->n_sittings + 1,
		    sizeof *e->sittings))
			return false;
		bool first = e->n_sittings == 0 || e->sittings[e->n_sittings - 1].learner != L;
		pt_exam_summary sum;
		if (!progress_exam_summary(p, i, &sum))
			continue;
		e->sittings[e->n_sittings++] = (pt_class_sitting){ .learner = L, .score = sum.score,
			.passed = sum.passed, .timed_out = r->timed_out, .pass_percent = sum.pass_percent,
			.used = r->used, .limit = r->limit, .started = (long long)r->started,
			.finished = (long long)r->finished, .items = r->n_items, .right = progress_exam_right(r) };
		if (first && !take_first(c, e, r))
			return false;
	}
	const pt_exam_record *open = progress_exam_open(p);
	if (open != NULL) {
		pt_class_exam *e = exam_for(c, open->id);
		if (e == NULL)
			return false;
		e->open++;
	}
	return true;
}

bool class_declare_exam(pt_class *c, const char *name)
{
	size_t n = strlen(name);
	char *id = malloc(n + 2);
	if (id == NULL)
		return false;
	memcpy(id, name, n);
	memcpy(id + n, "/", 2);
	bool ok = exam_for(c, id) != NULL;
	free(id);
	return ok;
}

pt_class_standing class_standing(const pt_class_exam *e, size_t L)
{
	pt_class_standing s = { 0 };
	for (size_t i = 0; i < e->n_sittings; i++) {
		const pt_class_sitting *t = &e->sittings[i];
		if (t->learner != L)
			continue;
		s.attempts++;
		if (s.best == NULL || t->score > s.best->score)
			s.best = t;
		s.last = t;
	}
	return s;
}

const char *class_exam_title(const pt_class_exam *e)
{
	return e->name != NULL ? e->name : "Mock exams";
}

/* Orders exam items by lesson, then item id. */
static int item_cmp(const void *a, const void *b)
{
	const pt_class_exam_item *x = a, *y = b;
	int d = strcmp(x->lesson, y->lesson);
	return d != 0 ? d : strcmp(x->id, y->id);
}

/* Orders wrong answers most given first, then by text. */
static int wrong_cmp(const void *a, const void *b)
{
	const pt_class_option *x = a, *y = b;
	if (x->picks != y->picks)
		return x->picks > y->picks ? -1 : 1;
	return strcmp(x->text, y->text);
}

/* Orders exams by name, the learners' own mock exams last. */
static int exam_cmp(const void *a, const void *b)
{
	const pt_class_exam *x = a, *y = b;
	if (x->name == NULL || y->name == NULL)
		return (x->name == NULL) - (y->name == NULL);
	return strcmp(x->name, y->name);
}

bool class_analyse_exams(pt_class *c)
{
	if (c->n_exams > 1)
		qsort(c->exams, c->n_exams, sizeof *c->exams, exam_cmp);
	for (size_t k = 0; k < c->n_exams; k++) {
		pt_class_exam *e = &c->exams[k];
		double sum = 0;
		for (size_t L = 0; L < c->n_learners; L++) {
			pt_class_standing s = class_standing(e, L);
			if (s.best == NULL)
				continue;
			e->learners++;
			e->passed += s.best->passed;
			sum += s.best->score;
		}
		e->mean_best = e->learners > 0 ? sum / (double)e->learners : 0;
		for (size_t i = 0; i < e->n_items; i++) {
			pt_class_exam_item *it = &e->items[i];
			it->has_facility_index = it->drawn > 0;
			it->facility_index = it->drawn > 0 ? 100.0 * (double)it->right / (double)it->drawn : 0;
			if (it->n_x >= 2) {
				double cxr = class_co_sum(it->x, it->rest, it->n_x), vx = class_co_sum(it->x, it->x, it->n_x);
				double vr = class_co_sum(it->rest, it->rest, it->n_x);
				it->has_discrimination_index = vx > 0 && vr > 0;
				if (it->has_discrimination_index)
					it->discrimination_index = 100 * cxr / sqrt(vx * vr);
			}
			if (it->n_wrong_answers > 1)
				qsort(it->wrong_answers, it->n_wrong_answers, sizeof *it->wrong_answers, wrong_cmp);
		}
		if (e->n_items > 1)
			qsort(e->items, e->n_items, sizeof *e->items, item_cmp);
	}
	return true;
}

void class_free_exams(pt_class *c)
{
	for (size_t k = 0; k < c->n_exams; k++) {
		pt_class_exam *e = &c->exams[k];
		for (size_t i = 0; i < e->n_items; i++) {
			pt_class_exam_item *it = &e->items[i];
			for (size_t w = 0; w < it->n_wrong_answers; w++)
				free(it->wrong_answers[w].owned);
			free(it->wrong_answers);
			free(it->lesson);
			free(it->id);
			free(it->x);
			free(it->rest);
		}
		free(e->items);
		free(e->sittings);
		free(e->name);
	}
	free(c->exams);
	c->exams = NULL;
	c->n_exams = c->cap_exams = 0;
}

/* progress_exam.c - exams in the progress store: keeping the running exam
 * and the finished ones, merging two copies, resuming (progress_exam.h).
 * The JSON text is progress_file.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/grow.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/store/progress_data.h"

const char *progress_exam_result_word(pt_exam_result r)
{
	switch (r) {
	case PT_EXAM_RIGHT: return "right";
	case PT_EXAM_WRONG: return "wrong";
	case PT_EXAM_UNANSWERED: return "unanswered";
	}
	return "unanswered";
}

void exam_record_free(pt_exam_record *r)
{
	for (size_t i = 0; i < r->n_items; i++) {
		pt_exam_entry *it = &r->items[i];
		free(it->lesson);
		free(it->item);
		for (size_t k = 0; k < it->n_answer; k++)
			free(it->answer[k]);
		free(it->answer);
	}
	free(r->items);
	free(r->id);
	free(r->retake_of);
	memset(r, 0, sizeof *r);
}

/* Returns the index of the finished exam with id, or d->n_exams. */
static size_t find_done(const store_data *d, const char *id)
{
	for (size_t i = 0; i < d->n_exams; i++)
		if (strcmp(d->exams[i].id, id) == 0)
			return i;
	return d->n_exams;
}

/* Returns true when finished exam a comes before b: finished earlier,
 * then a paper before its retake, then started earlier, then by id (the
 * history's numbers stay as they were when the next exam is added). */
static bool done_before(const pt_exam_record *a, const pt_exam_record *b)
{
	if (a->finished != b->finished)
		return a->finished < b->finished;
	if ((a->retake_of != NULL && strcmp(a->retake_of, b->id) == 0) ||
	    (b->retake_of != NULL && strcmp(b->retake_of, a->id) == 0))
		return b->retake_of != NULL && strcmp(b->retake_of, a->id) == 0;
	if (a->started != b->started)
		return a->started < b->started;
	return strcmp(a->id, b->id) < 0;
}

bool exam_data_add_done(store_data *d, pt_exam_record *r)
{
	if (d->open_exam != NULL && strcmp(d->open_exam->id, r->id) == 0) {
		exam_data_set_open(d, NULL);
		d->open_dirty = true;
	}
	if (find_done(d, r->id) < d->n_exams) {
		exam_record_free(r);
		return true;
	}
	size_t at = d->n_exams;
	while (at > 0 && done_before(r, &d->exams[at - 1]))
		at--;
	pt_exam_record *slot = grow_insert((void **)&d->exams, &d->cap_exams, &d->n_exams, at, sizeof *slot);
	if (slot == NULL) {
		exam_record_free(r);
		return false;
	}
	*slot = *r;
	memset(r, 0, sizeof *r);
	return true;
}

void exam_data_set_open(store_data *d, pt_exam_record *r)
{
	if (d->open_exam != NULL) {
		exam_record_free(d->open_exam);
		free(d->open_exam);
	}
	d->open_exam = r;
}

bool exam_data_merge(store_data *mem, store_data *disk)
{
	bool ok = true;
	for (size_t i = 0; i < disk->n_exams; i++)
		ok = exam_data_add_done(mem, &disk->exams[i]) && ok;
	disk->n_exams = 0;
	pt_exam_record *theirs = disk->open_exam;
	disk->open_exam = NULL;
	/* An exam is only ever closed by finishing it, so a copy not among the
	 * finished ones wins unless this store changed its own open exam. */
	if (theirs != NULL && find_done(mem, theirs->id) == mem->n_exams &&
	    (mem->open_exam == NULL || !mem->open_dirty)) {
		exam_data_set_open(mem, theirs);
		theirs = NULL;
	}
	if (theirs != NULL) {
		exam_record_free(theirs);
		free(theirs);
	}
	if (mem->open_exam != NULL && find_done(mem, mem->open_exam->id) < mem->n_exams)
		exam_data_set_open(mem, NULL);
	return ok;
}

void exam_data_free(store_data *d)
{
	for (size_t i = 0; i < d->n_exams; i++)
		exam_record_free(&d->exams[i]);
	free(d->exams);
	d->exams = NULL;
	d->n_exams = 0;
	d->cap_exams = 0;
	exam_data_set_open(d, NULL);
}

size_t progress_exam_count(const pt_progress *p)
{
	return p->d.n_exams;
}

const pt_exam_record *progress_exam_at(const pt_progress *p, size_t i)
{
	return i < p->d.n_exams ? &p->d.exams[i] : NULL;
}

size_t progress_exam_right(const pt_exam_record *r)
{
	size_t n = 0;
	for (size_t i = 0; i < r->n_items; i++)
		n += r->items[i].result == PT_EXAM_RIGHT;
	return n;
}

bool progress_exam_summary(const pt_progress *p, size_t i, pt_exam_summary *out)
{
	const pt_exam_record *r = progress_exam_at(p, i);
	if (r == NULL)
		return false;
	size_t right = progress_exam_right(r);
	out->started = r->started;
	out->finished = r->finished;
	out->n_items = r->n_items;
	out->pass_percent = r->pass_percent;
	out->score = r->n_items ? 100.0 * (double)right / (double)r->n_items : 0;
	out->passed = r->n_items > 0 && right * 100 >= (size_t)r->pass_percent * r->n_items;
	size_t of = r->retake_of != NULL ? find_done(&p->d, r->retake_of) : p->d.n_exams;
	out->retake_of = of < p->d.n_exams ? of + 1 : 0;
	return true;
}

const pt_exam_record *progress_exam_open(const pt_progress *p)
{
	return p->d.open_exam;
}

/* Copies item i of e into entry k: ids, hash, mark, and the answer so far
 * (while it runs) or the result (once submitted).  False when out of
 * memory. */
static bool entry_from(pt_exam_entry *k, const pt_exam *e, size_t i)
{
	k->lesson = strdup(e->lessons[i]->id.s);
	k->item = strdup(e->items[i]->id.s);
	k->hash = lesson_item_hash(e->items[i]);
	k->marked = e->marked[i];
	k->result = e->submitted ? e->results[i] : PT_EXAM_UNANSWERED;
	if (k->lesson == NULL || k->item == NULL)
		return false;
	const char *texts[PT_MAX_BLANKS > PT_MAX_OPTIONS ? PT_MAX_BLANKS : PT_MAX_OPTIONS];
	size_t n = exam_answer_texts(e, i, texts, sizeof texts / sizeof texts[0]);
	if (n == 0)
		return true;
	k->answer = calloc(n, sizeof *k->answer);
	if (k->answer == NULL)
		return false;
	for (size_t a = 0; a < n; a++) {
		k->answer[a] = strdup(texts[a]);
		if (k->answer[a] == NULL)
			return false;
		k->n_answer++;
	}
	return true;
}

/* Builds the record of e at now into r; false when out of memory (r is
 * then freed). */
static bool record_from(pt_exam_record *r, const pt_exam *e, time_t now)
{
	memset(r, 0, sizeof *r);
	r->id = strdup(e->id);
	r->seed = e->seed;
	r->shuffle = e->shuffle;
	r->started = e->started;
	r->finished = e->submitted ? e->finished : 0;
	r->limit = e->limit;
	r->left = e->limit > 0 && !e->submitted ? exam_time_left(e, now) : 0;
	r->used = e->submitted ? e->used : exam_time_used(e, now);
	r->pass_percent = e->pass_percent;
	r->timed_out = e->timed_out;
	r->sitting = !e->submitted && !e->paused;
	r->answers_kept = e->submitted && !e->answers_lost;
	r->leaves = e->leaves;
	r->interruptions = e->interruptions;
	r->current = e->session.current;
	r->retake_of = e->retake_id[0] != '\0' ? strdup(e->retake_id) : NULL;
	r->items = calloc(e->n ? e->n : 1, sizeof *r->items);
	bool ok = r->id != NULL && r->items != NULL && (e->retake_id[0] == '\0' || r->retake_of != NULL);
	for (size_t i = 0; ok && i < e->n; i++) {
		ok = entry_from(&r->items[i], e, i);
		r->n_items = i + 1;
	}
	if (!ok)
		exam_record_free(r);
	return ok;
}

bool progress_exam_keep(pt_progress *p, const pt_exam *e, time_t now)
{
	pt_exam_record *r = malloc(sizeof *r);
	if (r == NULL || !record_from(r, e, now)) {
		free(r);
		return false;
	}
	p->dirty = true;
	if (!e->submitted) {
		exam_data_set_open(&p->d, r);
		p->d.open_dirty = true;
		return true;
	}
	bool ok = exam_data_add_done(&p->d, r);
	free(r);
	/* Results the course releases later say nothing yet: no item of the
	 * paper is scheduled or noted for the learner's reviews. */
	bool withheld = e->results_at > now;
	for (size_t i = 0; ok && !withheld && i < e->n; i++)
		ok = progress_record_exam_item(p, e->lessons[i], e->items[i], e->results[i] != PT_EXAM_RIGHT, now) &&
		    (e->results[i] != PT_EXAM_WRONG || !progress_exam_may_show(p, e->lessons[i], e->items[i]) ||
		        progress_record_exam_wrong(p, e->lessons[i], e->items[i], &e->session.grades[i], now));
	return ok;
}

bool *progress_exam_held(const pt_progress *p, const pt_exam *e)
{
	bool *held = calloc(e->n + 1, sizeof *held);
	for (size_t i = 0; held != NULL && p != NULL && i < e->n; i++)
		held[i] = !progress_exam_may_show(p, e->lessons[i], e->items[i]);
	return held;
}

void progress_exam_new_id(const pt_progress *p, pt_exam *e)
{
	char base[sizeof e->id];
	snprintf(base, sizeof base, "%s", e->id);
	for (int n = 2; n < 1000; n++) {
		bool taken = find_done(&p->d, e->id) < p->d.n_exams ||
		    (p->d.open_exam != NULL && strcmp(p->d.open_exam->id, e->id) == 0);
		if (!taken)
			return;
		/* At most 40 bytes of the base, a dash and three digits. */
		char suffix[8];
		snprintf(suffix, sizeof suffix, "-%d", n % 1000);
		size_t keep = strlen(base) < 40 ? strlen(base) : 40;
		memcpy(e->id, base, keep);
		memcpy(e->id + keep, suffix, strlen(suffix) + 1);
	}
}

/* Notes on e which paper record r sat again, when it is a retake: its
 * id, and its number in p's history (0 when the history lost it). */
static void note_retake(const store_data *d, const pt_exam_record *r, pt_exam *e)
{
	if (r->retake_of == NULL)
		return;
	snprintf(e->retake_id, sizeof e->retake_id, "%s", r->retake_of);
	size_t k = find_done(d, r->retake_of);
	e->retake_of = k < d->n_exams ? k + 1 : 0;
}

bool progress_exam_resume(const pt_progress *p, const pt_catalog *catalog, pt_exam *e, time_t now,
    size_t *dropped, char *err, size_t errlen)
{
	const pt_exam_record *r = p->d.open_exam;
	*dropped = 0;
	if (r == NULL) {
		snprintf(err, errlen, "there is no unfinished exam");
		return false;
	}
	size_t n = r->n_items ? r->n_items : 1;
	const pt_lesson **lessons = malloc(n * sizeof *lessons);
	const pt_item **items = malloc(n * sizeof *items);
	size_t *from = malloc(n * sizeof *from);
	size_t kept = 0;
	for (size_t i = 0; lessons && items && from && i < r->n_items; i++) {
		const pt_entry *en = catalog_find(catalog, r->items[i].lesson);
		const pt_item *it = en != NULL && en->lesson != NULL && !en->broken ?
		    lesson_find_item(en->lesson, r->items[i].item) : NULL;
		if (it == NULL || lesson_item_hash(it) != r->items[i].hash) {
			++*dropped;
			continue;
		}
		lessons[kept] = en->lesson;
		items[kept] = it;
		from[kept++] = i;
	}
	bool ok = lessons && items && from && kept > 0 &&
	    exam_setup(e, lessons, items, kept, r->seed, r->shuffle, r->pass_percent, r->limit, r->used,
	        r->started, now);
	if (ok) {
		snprintf(e->id, sizeof e->id, "%s", r->id);
		e->paused = true;
		e->leaves = r->leaves;
		e->interruptions = r->interruptions + (r->sitting ? 1u : 0u);
		note_retake(&p->d, r, e);
		for (size_t k = 0; k < kept; k++) {
			const pt_exam_entry *en = &r->items[from[k]];
			e->marked[k] = en->marked;
			exam_restore_answer(e, k, en->answer, en->n_answer);
			if (from[k] <= r->current)
				e->session.current = k;
		}
	} else if (lessons && items && from && kept == 0) {
		snprintf(err, errlen, "none of the unfinished exam's items is in the lessons any more");
	} else {
		snprintf(err, errlen, "out of memory");
	}
	free(lessons);
	free(items);
	free(from);
	if (ok)
		e->tags = &catalog->tags;
	return ok;
}

bool progress_exam_reopen(const pt_progress *p, size_t i, const pt_catalog *catalog, pt_exam *e, time_t now,
    size_t *dropped, char *err, size_t errlen)
{
	const pt_exam_record *r = progress_exam_at(p, i);
	*dropped = 0;
	if (r == NULL) {
		snprintf(err, errlen, "there is no exam %zu", i + 1);
		return false;
	}
	size_t n = r->n_items ? r->n_items : 1;
	const pt_lesson **lessons = malloc(n * sizeof *lessons);
	const pt_item **items = malloc(n * sizeof *items);
	pt_exam_result *results = malloc(n * sizeof *results);
	size_t *from = malloc(n * sizeof *from);
	size_t kept = 0;
	for (size_t k = 0; lessons && items && results && from && k < r->n_items; k++) {
		const pt_entry *en = catalog_find(catalog, r->items[k].lesson);
		const pt_item *it = en != NULL && en->lesson != NULL && !en->broken ?
		    lesson_find_item(en->lesson, r->items[k].item) : NULL;
		if (it == NULL) {
			++*dropped;
			continue;
		}
		lessons[kept] = en->lesson;
		items[kept] = it;
		results[kept] = r->items[k].result;
		from[kept++] = k;
	}
	bool ok = lessons && items && results && from && kept > 0 &&
	    exam_setup(e, lessons, items, kept, r->seed, r->shuffle, r->pass_percent, r->limit, 0, r->started, now);
	if (ok) {
		snprintf(e->id, sizeof e->id, "%s", r->id);
		e->leaves = r->leaves;
		e->interruptions = r->interruptions;
		for (size_t k = 0; k < kept; k++) {
			const pt_exam_entry *en = &r->items[from[k]];
			e->marked[k] = en->marked;
			if (r->answers_kept)
				exam_restore_answer(e, k, en->answer, en->n_answer);
		}
		exam_reopen(e, results, r->used, r->finished, r->timed_out);
		e->reopened = i + 1;
		e->answers_lost = !r->answers_kept;
		note_retake(&p->d, r, e);
	} else if (lessons && items && results && from && kept == 0) {
		snprintf(err, errlen, "none of exam %zu's items is in the lessons any more", i + 1);
	} else {
		snprintf(err, errlen, "out of memory");
	}
	free(lessons);
	free(items);
	free(results);
	free(from);
	if (ok)
		e->tags = &catalog->tags;
	return ok;
}

bool progress_exam_retake(const pt_progress *p, size_t i, const pt_catalog *catalog, pt_exam *e,
    unsigned long long seed, time_t now, char *err, size_t errlen)
{
	const pt_exam_record *r = progress_exam_at(p, i);
	memset(e, 0, sizeof *e);
	if (r == NULL) {
		snprintf(err, errlen, "there is no exam %zu", i + 1);
		return false;
	}
	const pt_lesson **lessons = malloc(r->n_items * sizeof *lessons + 1);
	const pt_item **items = malloc(r->n_items * sizeof *items + 1);
	bool ok = lessons != NULL && items != NULL;
	size_t gone = 0;
	const char *which = NULL;
	for (size_t k = 0; ok && k < r->n_items; k++) {
		const pt_entry *en = catalog_find(catalog, r->items[k].lesson);
		const pt_lesson *l = en != NULL && !en->broken ? en->lesson : NULL;
		const pt_item *it = l != NULL ? lesson_find_item(l, r->items[k].item) : NULL;
		if (it == NULL || lesson_item_hash(it) != r->items[k].hash) {
			if (gone++ == 0)
				which = l != NULL ? l->title.s : en != NULL && en->info != NULL ? en->info->title : NULL;
			continue;
		}
		lessons[k] = l;
		items[k] = it;
	}
	if (ok && gone > 0) {
		snprintf(err, errlen, "exam %zu cannot be sat again: %zu of its items changed or left the lessons since "
		    "(%s%.60s%s); paratutor exam draws a new paper", i + 1, gone,
		    which ? "the lesson \"" : "a lesson no longer installed", which ? which : "", which ? "\" changed" : "");
		ok = false;
	} else if (ok) {
		ok = exam_retake(e, lessons, items, r->n_items, seed, r->shuffle, r->pass_percent, r->limit, now, i + 1,
		    r->id);
		if (!ok)
			snprintf(err, errlen, "out of memory");
	} else {
		snprintf(err, errlen, "out of memory");
	}
	free(lessons);
	free(items);
	if (ok)
		e->tags = &catalog->tags;
	return ok;
}

bool progress_exam_done(const pt_progress *p, const char *id)
{
	return find_done(&p->d, id) < p->d.n_exams;
}

bool progress_exam_closes(const pt_progress *p, const char *lesson_id, time_t now, long *left)
{
	const pt_exam_record *r = p->d.open_exam;
	if (r == NULL || (r->limit > 0 && now >= r->started + r->limit))
		return false;
	if (left != NULL)
		*left = r->limit > 0 ? (long)(r->started + r->limit - now) : -1;
	if (lesson_id == NULL)
		return true;
	for (size_t i = 0; i < r->n_items; i++)
		if (strcmp(r->items[i].lesson, lesson_id) == 0)
			return true;
	return false;
}

bool progress_exam_shown(const void *store, const char *lesson_id, const char *item_id)
{
	const pt_progress *p = store;
	for (size_t e = 0; e < p->d.n_exams; e++)
		for (size_t i = 0; i < p->d.exams[e].n_items; i++) {
			const pt_exam_entry *k = &p->d.exams[e].items[i];
			if (strcmp(k->item, item_id) == 0 && strcmp(k->lesson, lesson_id) == 0)
				return true;
		}
	return false;
}

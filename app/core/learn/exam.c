/* exam.c - drawing a paper, answering it with one attempt an item and no
 * feedback, the clock, submitting, and the results (see exam.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/exam.h"

static char paper_id[] = "exam";
static char paper_title[] = "Exam";

void exam_config_default(pt_exam_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->count = PT_EXAM_DEFAULT_COUNT;
	cfg->seconds = -1;
	cfg->pass_percent = PT_EXAM_DEFAULT_PASS;
	cfg->seed = 1;
	cfg->shuffle = true;
}

/* Returns the next number of a splitmix64 sequence at *state. */
static unsigned long long rng_next(unsigned long long *state)
{
	unsigned long long z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Returns a number below n (n > 0) from the sequence at *state. */
static size_t rng_below(unsigned long long *state, size_t n)
{
	return (size_t)(rng_next(state) % (unsigned long long)n);
}

/* One candidate item: its catalog entry and its index there. */
typedef struct candidate {
	size_t entry;
	size_t item;
} candidate;

/* One stratum: the items of one lesson at one difficulty. */
typedef struct stratum {
	candidate *v;
	size_t n;
	size_t quota;
	size_t remainder;       /* of the share before rounding down */
	unsigned long long tie; /* breaks ties between equal remainders */
} stratum;

/* Orders strata by remainder, largest first, then by their tie number. */
static int stratum_cmp(const void *a, const void *b)
{
	const stratum *x = *(const stratum *const *)a, *y = *(const stratum *const *)b;
	if (x->remainder != y->remainder)
		return x->remainder > y->remainder ? -1 : 1;
	return x->tie < y->tie ? -1 : x->tie > y->tie;
}

/* Returns true when entry e of catalog may give items. */
static bool usable(const pt_entry *e)
{
	return e->lesson != NULL && !e->broken && e->lesson->n_items > 0;
}

/* Marks in use[] the catalog entries the exam draws from; false with the
 * cause when a named lesson is missing or broken. */
static bool pick_lessons(const pt_catalog *c, const pt_exam_config *cfg, bool *use, char *err, size_t errlen)
{
	for (size_t i = 0; i < c->n; i++)
		use[i] = cfg->n_from == 0 && usable(&c->v[i]);
	for (size_t k = 0; k < cfg->n_from; k++) {
		pt_entry *e = catalog_find(c, cfg->from[k]);
		if (e == NULL) {
			snprintf(err, errlen, "no lesson has the id '%s'", cfg->from[k]);
			return false;
		}
		if (!usable(e)) {
			snprintf(err, errlen, "lesson '%s' has errors; run 'paratutor --check %s'", cfg->from[k], e->path);
			return false;
		}
		use[e - c->v] = true;
	}
	return true;
}

/* Shares count items among the strata in proportion to their sizes (of
 * total), the leftover going to the largest remainders. */
static bool share_out(stratum *st, size_t n_st, size_t count, size_t total, unsigned long long *rng)
{
	size_t given = 0;
	stratum **order = malloc((n_st ? n_st : 1) * sizeof *order);
	if (order == NULL)
		return false;
	for (size_t s = 0; s < n_st; s++) {
		unsigned long long share = (unsigned long long)count * st[s].n;
		st[s].quota = (size_t)(share / total);
		st[s].remainder = (size_t)(share % total);
		st[s].tie = rng_next(rng);
		given += st[s].quota;
		order[s] = &st[s];
	}
	qsort(order, n_st, sizeof *order, stratum_cmp);
	for (size_t s = 0; s < n_st && given < count; s++)
		if (order[s]->quota < order[s]->n) {
			order[s]->quota++;
			given++;
		}
	free(order);
	return true;
}

/* Draws the paper into pick (count entries): each stratum's quota of its
 * items, then the whole paper in an order of the seed's. */
static void draw(stratum *st, size_t n_st, candidate *pick, size_t count, unsigned long long *rng)
{
	size_t k = 0;
	for (size_t s = 0; s < n_st; s++)
		for (size_t i = 0; i < st[s].quota && k < count; i++) {
			size_t j = i + rng_below(rng, st[s].n - i);
			candidate t = st[s].v[i];
			st[s].v[i] = st[s].v[j];
			st[s].v[j] = t;
			pick[k++] = st[s].v[i];
		}
	for (size_t i = k; i > 1; i--) {
		size_t j = rng_below(rng, i);
		candidate t = pick[i - 1];
		pick[i - 1] = pick[j];
		pick[j] = t;
	}
}

/* Collects the candidates of the lessons in use, grouped into strata by
 * lesson and difficulty; *n_st gets the number of strata. */
static stratum *collect(const pt_catalog *c, const bool *use, candidate *all, size_t *total, size_t *n_st)
{
	stratum *st = calloc(c->n * 3 + 1, sizeof *st);
	if (st == NULL)
		return NULL;
	size_t k = 0, s = 0;
	for (size_t e = 0; e < c->n; e++) {
		if (!use[e])
			continue;
		const pt_lesson *l = c->v[e].lesson;
		for (int d = PT_EASY; d <= PT_HARD; d++) {
			st[s].v = all + k;
			for (size_t i = 0; i < l->n_items; i++)
				if ((int)l->items[i].difficulty == d)
					all[k++] = (candidate){ e, i };
			st[s].n = (size_t)(all + k - st[s].v);
			s += st[s].n > 0;
		}
	}
	*total = k;
	*n_st = s;
	return st;
}

bool exam_start(pt_exam *e, const pt_catalog *catalog, const pt_exam_config *cfg, time_t now,
    char *err, size_t errlen)
{
	memset(e, 0, sizeof *e);
	size_t total_items = 0;
	bool *use = calloc(catalog->n + 1, sizeof *use);
	if (use == NULL || !pick_lessons(catalog, cfg, use, err, errlen)) {
		if (use == NULL)
			snprintf(err, errlen, "out of memory");
		free(use);
		return false;
	}
	for (size_t i = 0; i < catalog->n; i++)
		total_items += use[i] ? catalog->v[i].lesson->n_items : 0;
	candidate *all = malloc((total_items + 1) * sizeof *all);
	size_t total = 0, n_st = 0;
	stratum *st = all != NULL ? collect(catalog, use, all, &total, &n_st) : NULL;
	size_t count = cfg->count < total ? cfg->count : total;
	if (count > PT_EXAM_MAX_ITEMS)
		count = PT_EXAM_MAX_ITEMS;
	unsigned long long rng = cfg->seed ^ 0x6a09e667f3bcc909ull;
	candidate *pick = st != NULL ? malloc((count + 1) * sizeof *pick) : NULL;
	const pt_lesson **lessons = pick != NULL ? malloc((count + 1) * sizeof *lessons) : NULL;
	const pt_item **items = lessons != NULL ? malloc((count + 1) * sizeof *items) : NULL;
	bool ok = false;
	if (items == NULL) {
		snprintf(err, errlen, "out of memory");
	} else if (count == 0) {
		snprintf(err, errlen, "the lessons chosen hold no items to draw an exam from");
	} else if (!share_out(st, n_st, count, total, &rng)) {
		snprintf(err, errlen, "out of memory");
	} else {
		draw(st, n_st, pick, count, &rng);
		for (size_t i = 0; i < count; i++) {
			lessons[i] = catalog->v[pick[i].entry].lesson;
			items[i] = &lessons[i]->items[pick[i].item];
		}
		long limit = cfg->seconds < 0 ? (long)count * PT_EXAM_SECONDS_PER_ITEM : cfg->seconds;
		ok = exam_setup(e, lessons, items, count, cfg->seed, cfg->shuffle, cfg->pass_percent, limit, 0,
		    now, now);
		if (!ok)
			snprintf(err, errlen, "out of memory");
	}
	free(use);
	free(all);
	free(st);
	free(pick);
	free(lessons);
	free(items);
	return ok;
}

bool exam_setup(pt_exam *e, const pt_lesson *const *lessons, const pt_item *const *items, size_t n,
    unsigned long long seed, bool shuffle, int pass_percent, long limit, long used, time_t started,
    time_t now)
{
	memset(e, 0, sizeof *e);
	if (n == 0)
		return false;
	e->seed = seed;
	e->shuffle = shuffle;
	e->pass_percent = pass_percent < 0 ? 0 : pass_percent > 100 ? 100 : pass_percent;
	e->limit = limit > 0 ? (limit > PT_EXAM_MAX_SECONDS ? PT_EXAM_MAX_SECONDS : limit) : 0;
	if (e->limit == 0)
		e->used_before = used < 0 ? 0 : used > PT_EXAM_MAX_SECONDS * 10L ? PT_EXAM_MAX_SECONDS * 10L : used;
	e->started = started;
	e->resumed_at = now;
	snprintf(e->id, sizeof e->id, "%lld-%016llx", (long long)started, seed);
	e->n = n;
	e->lessons = malloc(n * sizeof *e->lessons);
	e->items = malloc(n * sizeof *e->items);
	e->marked = calloc(n, sizeof *e->marked);
	e->results = calloc(n, sizeof *e->results);
	pt_item *copies = malloc(n * sizeof *copies);
	e->paper.items = copies;
	if (e->lessons == NULL || e->items == NULL || e->marked == NULL || e->results == NULL || copies == NULL) {
		exam_free(e);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		e->lessons[i] = lessons[i];
		e->items[i] = items[i];
		copies[i] = *items[i];
		copies[i].attempts = 1;
	}
	e->paper.id.s = paper_id;
	e->paper.title.s = paper_title;
	e->paper.n_items = n;
	e->paper.format = PT_FORMAT_VERSION;
	e->paper.attempts = 1;
	if (!session_init_shuffled(&e->session, &e->paper, shuffle, seed)) {
		exam_free(e);
		return false;
	}
	return true;
}

void exam_free(pt_exam *e)
{
	if (e->session.grades != NULL)
		session_free(&e->session);
	free(e->lessons);
	free(e->items);
	free(e->marked);
	free(e->results);
	free(e->paper.items);
	memset(e, 0, sizeof *e);
}

pt_grade *exam_grade(pt_exam *e, size_t i)
{
	return &e->session.grades[i];
}

/* Returns true for the kinds answered by placing bank entries in slots. */
static bool bank_kind(pt_kind kind)
{
	return kind == PT_KIND_FILL || kind == PT_KIND_MATCH || kind == PT_KIND_ORDER;
}

pt_exam_state exam_state(const pt_exam *e, size_t i)
{
	const pt_grade *g = &e->session.grades[i];
	if (e->submitted)
		return e->results[i] == PT_EXAM_UNANSWERED ? PT_EXAM_EMPTY : PT_EXAM_ANSWERED;
	if (grade_ready(g))
		return PT_EXAM_ANSWERED;
	if (bank_kind(g->item->kind))
		for (int b = 0; b < grade_slots(g); b++)
			if (g->fill[b] >= 0)
				return PT_EXAM_PARTLY;
	return PT_EXAM_EMPTY;
}

size_t exam_unanswered(const pt_exam *e)
{
	size_t n = 0;
	for (size_t i = 0; i < e->n; i++)
		n += exam_state(e, i) != PT_EXAM_ANSWERED;
	return n;
}

size_t exam_marked_count(const pt_exam *e)
{
	size_t n = 0;
	for (size_t i = 0; i < e->n; i++)
		n += e->marked[i];
	return n;
}

long exam_time_used(const pt_exam *e, time_t now)
{
	if (e->submitted)
		return e->used;
	if (e->limit > 0) /* the wall clock since the start: time away counts */
		return now <= e->started ? 0 : now - e->started >= e->limit ? e->limit : (long)(now - e->started);
	return e->used_before + (!e->paused && now > e->resumed_at ? (long)(now - e->resumed_at) : 0);
}

time_t exam_deadline(const pt_exam *e)
{
	return e->limit > 0 ? e->started + e->limit : 0;
}

bool exam_expired(const pt_exam *e, time_t now)
{
	return e->limit > 0 && !e->submitted && now >= exam_deadline(e);
}

void exam_pause(pt_exam *e, time_t now)
{
	if (e->paused || e->submitted)
		return;
	if (e->limit == 0)
		e->used_before = exam_time_used(e, now);
	e->paused = true;
	e->leaves++;
}

void exam_resume(pt_exam *e, time_t now)
{
	if (!e->paused)
		return;
	e->paused = false;
	e->resumed_at = now;
}

long exam_time_left(const pt_exam *e, time_t now)
{
	if (e->limit == 0)
		return -1;
	return e->limit - exam_time_used(e, now);
}

int exam_warning(pt_exam *e, time_t now)
{
	long left = exam_time_left(e, now);
	if (e->submitted || left <= 0)
		return 0;
	if (left <= 60 && !(e->warned & 2u) && e->limit > 60) {
		e->warned |= 3u;
		return 1;
	}
	if (left <= 300 && !(e->warned & 1u) && e->limit > 300) {
		e->warned |= 1u;
		return 5;
	}
	return 0;
}

/* Ends grading item g as it stands: a grade still open is out of its
 * attempt, which discloses the key. */
static void close_grade(pt_grade *g)
{
	if (g->status == PT_OPEN) {
		g->status = PT_FAILED;
		g->attempts_left = 0;
	}
}

void exam_submit(pt_exam *e, time_t now, bool by_clock)
{
	if (e->submitted)
		return;
	e->used = exam_time_used(e, now);
	for (size_t i = 0; i < e->n; i++) {
		pt_grade *g = &e->session.grades[i];
		pt_exam_result r = PT_EXAM_UNANSWERED;
		if (grade_ready(g)) {
			r = grade_check(g) == PT_GRADE_OK && g->status == PT_SOLVED ? PT_EXAM_RIGHT : PT_EXAM_WRONG;
		}
		close_grade(g);
		e->results[i] = r;
	}
	e->submitted = true;
	e->timed_out = by_clock;
	e->finished = e->limit > 0 && now > exam_deadline(e) ? exam_deadline(e) : now;
}

/* Adds one item's result to a tally. */
static void tally(pt_exam_tally *t, pt_exam_result r)
{
	t->items++;
	t->right += r == PT_EXAM_RIGHT;
}

bool exam_results(const pt_exam *e, pt_exam_results *r)
{
	memset(r, 0, sizeof *r);
	r->by_lesson = calloc(e->n ? e->n : 1, sizeof *r->by_lesson);
	if (r->by_lesson == NULL)
		return false;
	for (size_t i = 0; i < e->n; i++) {
		pt_exam_result res = e->results[i];
		r->items++;
		r->right += res == PT_EXAM_RIGHT;
		r->wrong += res == PT_EXAM_WRONG;
		r->unanswered += res == PT_EXAM_UNANSWERED;
		int d = (int)e->items[i]->difficulty;
		tally(&r->by_difficulty[d >= 0 && d < 3 ? d : 1], res);
		size_t l = 0;
		while (l < r->n_lessons && r->by_lesson[l].lesson != e->lessons[i])
			l++;
		if (l == r->n_lessons)
			r->by_lesson[r->n_lessons++].lesson = e->lessons[i];
		tally(&r->by_lesson[l], res);
	}
	r->score = r->items ? 100.0 * (double)r->right / (double)r->items : 0;
	r->pass_percent = e->pass_percent;
	r->passed = r->items > 0 && r->right * 100 >= (size_t)e->pass_percent * r->items;
	r->used = e->used;
	r->limit = e->limit;
	r->timed_out = e->timed_out;
	return true;
}

void exam_results_free(pt_exam_results *r)
{
	free(r->by_lesson);
	r->by_lesson = NULL;
	r->n_lessons = 0;
}

void exam_score_rule(int pass_percent, char *buf, size_t size)
{
	snprintf(buf, size, "Each item counts 1 when its one answer is right and 0 when it is wrong or "
	    "unanswered: no partial credit, no hints, no second try. The score is the share of items "
	    "right, and %d%% or more passes.", pass_percent);
}

void exam_format_clock(long seconds, char *buf, size_t size)
{
	if (seconds < 0)
		seconds = 0;
	if (seconds >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", seconds / 3600, seconds / 60 % 60, seconds % 60);
	else
		snprintf(buf, size, "%ld:%02ld", seconds / 60, seconds % 60);
}

size_t exam_answer_texts(const pt_exam *e, size_t i, const char **out, size_t max)
{
	const pt_grade *g = &e->session.grades[i];
	const pt_item *v = g->item;
	size_t n = 0;
	if (bank_kind(v->kind)) {
		if (exam_state(e, i) == PT_EXAM_EMPTY)
			return 0;
		for (int b = 0; b < grade_slots(g) && n < max; b++)
			out[n++] = g->fill[b] >= 0 ? v->bank.v[g->fill[b]].s : "";
	} else if (v->kind == PT_KIND_CHOICE || v->kind == PT_KIND_MULTI) {
		for (size_t o = 0; o < v->n_options && o < PT_MAX_OPTIONS && n < max; o++)
			if (g->picked[o])
				out[n++] = v->options[o].text.s;
	} else if (g->typed[0] != '\0' && max > 0) {
		out[n++] = g->typed;
	}
	return n;
}

void exam_restore_answer(pt_exam *e, size_t i, char *const *texts, size_t n)
{
	pt_grade *g = &e->session.grades[i];
	const pt_item *v = g->item;
	if (bank_kind(v->kind)) {
		for (size_t b = 0; b < n && (int)b < grade_slots(g); b++) {
			int o = texts[b][0] != '\0' ? lesson_bank_find(v, texts[b]) : -1;
			if (o >= 0)
				grade_fill(g, (int)b, o);
		}
	} else if (v->kind == PT_KIND_CHOICE || v->kind == PT_KIND_MULTI) {
		for (size_t k = 0; k < n; k++)
			for (size_t o = 0; o < v->n_options && o < PT_MAX_OPTIONS; o++)
				if (strcmp(v->options[o].text.s, texts[k]) == 0 && !g->picked[o])
					grade_pick(g, (int)o);
	} else if (n > 0) {
		grade_type(g, texts[0]);
	}
}

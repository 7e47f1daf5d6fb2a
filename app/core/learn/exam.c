/* exam.c - a paper being sat: answering it with one attempt an item and
 * no feedback, the clock, submitting, and the results (see exam.h).
 * Drawing the paper is exam_draw.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "paratutor/base/strbuf.h"
#include "paratutor/learn/exam.h"
#include "paratutor/learn/kind.h"
#include "paratutor/model/tags.h"

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
	e->paper.id.s = "exam"; /* literals: nothing writes a paper's id or title */
	e->paper.title.s = "Exam";
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
	free(e->repeat);
	free(e->results);
	free(e->paper.items);
	memset(e, 0, sizeof *e);
}

pt_grade *exam_grade(pt_exam *e, size_t i)
{
	return &e->session.grades[i];
}

/* Returns true when g holds a whole answer: ready to check, and for a
 * number, one the item can read (an unreadable one is not kept). */
static bool complete(const pt_grade *g)
{
	return grade_ready(g) && kind_readable(g->item, g->typed);
}

/* Returns how much of an answer item i's grading state holds. */
static pt_exam_state given(const pt_exam *e, size_t i)
{
	const pt_grade *g = &e->session.grades[i];
	if (g->item->choose > 0) { /* a multi item's own field */
		/* "Select three": partly until three are ticked */
		int ticked = 0;
		for (int o = 0; o < grade_slots(g); o++)
			ticked += g->picked[o];
		if (ticked > 0 && ticked != g->item->choose)
			return PT_EXAM_PARTLY;
	}
	if (complete(g))
		return PT_EXAM_ANSWERED;
	if (kind_shape(g->item->kind) == PT_SHAPE_SLOTS)
		for (int b = 0; b < grade_slots(g); b++)
			if (g->fill[b] >= 0)
				return PT_EXAM_PARTLY;
	return PT_EXAM_EMPTY;
}

pt_exam_state exam_state(const pt_exam *e, size_t i)
{
	if (e->submitted)
		return e->results[i] == PT_EXAM_UNANSWERED ? PT_EXAM_EMPTY : PT_EXAM_ANSWERED;
	return given(e, i);
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
		if (complete(g)) {
			r = grade_check(g) == PT_GRADE_OK && g->status == PT_SOLVED ? PT_EXAM_RIGHT : PT_EXAM_WRONG;
		}
		close_grade(g);
		e->results[i] = r;
	}
	e->submitted = true;
	e->timed_out = by_clock;
	e->finished = e->limit > 0 && now > exam_deadline(e) ? exam_deadline(e) : now;
}

void exam_reopen(pt_exam *e, const pt_exam_result *results, long used, time_t finished, bool by_clock)
{
	for (size_t i = 0; i < e->n; i++) {
		pt_grade *g = &e->session.grades[i];
		if (complete(g))
			(void)grade_check(g); /* marks the answer as the result shows it */
		close_grade(g);
		e->results[i] = results[i];
	}
	e->used = used < 0 ? 0 : used;
	e->finished = finished;
	e->timed_out = by_clock;
	e->submitted = true;
	e->paused = false;
}

/* Returns true when tally a is weaker than b: a lower share right, or
 * the same share over more items. */
static bool tally_weaker(const pt_exam_tally *a, const pt_exam_tally *b)
{
	unsigned long long x = (unsigned long long)a->right * b->items, y = (unsigned long long)b->right * a->items;
	if (a->items == 0 || b->items == 0)
		return a->items > b->items;
	return x != y ? x < y : a->items > b->items;
}

/* Sorts the n tallies of v weakest first (a stable insertion sort); with
 * by_tag, equally weak ones in the concept list's order. */
static void sort_weakest(pt_exam_tally *v, size_t n, bool by_tag)
{
	for (size_t a = 1; a < n; a++)
		for (size_t b = a; b > 0 && (tally_weaker(&v[b], &v[b - 1]) ||
		    (by_tag && !tally_weaker(&v[b - 1], &v[b]) && v[b].tag < v[b - 1].tag)); b--) {
			pt_exam_tally t = v[b];
			v[b] = v[b - 1];
			v[b - 1] = t;
		}
}

/* Adds one item's result to a tally; an item held back only to its count
 * of those. */
static void tally(pt_exam_tally *t, pt_exam_result r, bool held)
{
	t->held += held;
	t->items += !held;
	t->right += !held && r == PT_EXAM_RIGHT;
}

bool exam_results(const pt_exam *e, const bool *held, pt_exam_results *r)
{
	memset(r, 0, sizeof *r);
	r->by_lesson = calloc(e->n ? e->n : 1, sizeof *r->by_lesson);
	r->by_tag = calloc(tags_count(e->tags) + 1, sizeof *r->by_tag);
	if (r->by_lesson == NULL || r->by_tag == NULL) {
		exam_results_free(r);
		return false;
	}
	for (size_t i = 0; i < e->n; i++) {
		pt_exam_result res = e->results[i];
		bool back = held != NULL && held[i];
		r->items++;
		r->right += res == PT_EXAM_RIGHT;
		r->wrong += res == PT_EXAM_WRONG;
		r->unanswered += res == PT_EXAM_UNANSWERED;
		int d = (int)e->items[i]->difficulty;
		tally(&r->by_difficulty[d >= 0 && d < 3 ? d : 1], res, back);
		size_t l = 0;
		while (l < r->n_lessons && r->by_lesson[l].lesson != e->lessons[i])
			l++;
		if (l == r->n_lessons)
			r->by_lesson[r->n_lessons++].lesson = e->lessons[i];
		tally(&r->by_lesson[l], res, back);
		for (size_t t = 0; t < e->items[i]->tags.n; t++) {
			int k = e->items[i]->tags.v[t].s != NULL ? tags_find(e->tags, e->items[i]->tags.v[t].s) : -1;
			if (k < 0)
				continue;
			size_t g = 0;
			while (g < r->n_tags && r->by_tag[g].tag != k)
				g++;
			if (g == r->n_tags)
				r->by_tag[r->n_tags++].tag = k;
			tally(&r->by_tag[g], res, back);
		}
	}
	/* Weakest first: the lowest share right, then the most items;
	 * concepts as weak as each other in the list's order. */
	sort_weakest(r->by_tag, r->n_tags, true);
	sort_weakest(r->by_lesson, r->n_lessons, false);
	for (int d = 0; d < 3; d++)
		r->difficulty_order[d] = d;
	for (int a = 1; a < 3; a++)
		for (int b = a; b > 0 && tally_weaker(&r->by_difficulty[r->difficulty_order[b]],
		    &r->by_difficulty[r->difficulty_order[b - 1]]); b--) {
			int t = r->difficulty_order[b];
			r->difficulty_order[b] = r->difficulty_order[b - 1];
			r->difficulty_order[b - 1] = t;
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
	free(r->by_tag);
	r->by_tag = NULL;
	r->n_tags = 0;
}

void exam_tally_held(const pt_exam_tally *t, char *buf, size_t size)
{
	if (t->held == 0)
		snprintf(buf, size, "%s", "");
	else
		snprintf(buf, size, "%zu held back until you do %s in %s", t->held, t->held == 1 ? "it" : "them",
		    t->lesson != NULL ? "this lesson" : t->held == 1 ? "its lesson" : "their lessons");
}

void exam_score_rule(int pass_percent, char *buf, size_t size)
{
	snprintf(buf, size, "Each item counts 1 when its one answer is right and 0 when it is wrong or "
	    "unanswered: no partial credit, no hints, no second try. The score is the share of items "
	    "right, and %d%% or more passes.", pass_percent);
}

void exam_past_note(const pt_exam *e, char *buf, size_t size)
{
	char when[40] = "", retake[160] = "";
	struct tm tm;
	buf[0] = '\0';
	if (e->retake_of > 0)
		snprintf(retake, sizeof retake, "%sA retake of exam %zu of your history: the same items in a new order; "
		    "exam %zu's score stays as it was.", e->reopened ? " " : "", e->retake_of, e->retake_of);
	if (e->reopened == 0) {
		snprintf(buf, size, "%s", retake);
		return;
	}
	if (gmtime_r(&e->finished, &tm) != NULL)
		strftime(when, sizeof when, ", finished %Y-%m-%d %H:%M UTC", &tm);
	snprintf(buf, size, "A past result: exam %zu of your history%s.%s%s", e->reopened, when, retake,
	    e->answers_lost ? " The answers given were not kept (it was sat with an older paratutor): each item "
	    "shows its result, the key and the explanation." : "");
}

/* Writes seconds as exam_format_clock does, with hours when hours is set. */
static void format_clock(long seconds, bool hours, char *buf, size_t size)
{
	if (seconds < 0)
		seconds = 0;
	if (hours)
		snprintf(buf, size, "%ld:%02ld:%02ld", seconds / 3600, seconds / 60 % 60, seconds % 60);
	else
		snprintf(buf, size, "%ld:%02ld", seconds / 60, seconds % 60);
}

void exam_format_clock(long seconds, char *buf, size_t size)
{
	format_clock(seconds, seconds >= 3600, buf, size);
}

void exam_format_clock_pair(long a, long b, char *abuf, char *bbuf, size_t size)
{
	bool hours = a >= 3600 || b >= 3600;
	format_clock(a, hours, abuf, size);
	format_clock(b, hours, bbuf, size);
}

size_t exam_answer_texts(const pt_exam *e, size_t i, const char **out, size_t max)
{
	const pt_grade *g = &e->session.grades[i];
	const pt_item *v = g->item;
	size_t n = 0;
	if (kind_shape(v->kind) == PT_SHAPE_SLOTS) {
		if (given(e, i) == PT_EXAM_EMPTY)
			return 0;
		for (int b = 0; b < grade_slots(g) && n < max; b++)
			out[n++] = g->fill[b] >= 0 ? v->bank.v[g->fill[b]].s : "";
	} else if (kind_shape(v->kind) == PT_SHAPE_PICKS) {
		for (size_t o = 0; o < v->n_options && o < PT_MAX_OPTIONS && n < max; o++)
			if (g->picked[o])
				out[n++] = v->options[o].text.s;
	} else if (max > 0 && g->typed[strspn(g->typed, " \t")] != '\0' &&
	    kind_readable(v, g->typed)) {
		out[n++] = g->typed; /* an unreadable number is not kept */
	}
	return n;
}

void exam_restore_answer(pt_exam *e, size_t i, char *const *texts, size_t n)
{
	pt_grade *g = &e->session.grades[i];
	const pt_item *v = g->item;
	if (kind_shape(v->kind) == PT_SHAPE_SLOTS) {
		for (size_t b = 0; b < n && (int)b < grade_slots(g); b++) {
			int o = texts[b][0] != '\0' ? lesson_bank_find(v, texts[b]) : -1;
			if (o >= 0)
				grade_fill(g, (int)b, o);
		}
	} else if (kind_shape(v->kind) == PT_SHAPE_PICKS) {
		for (size_t k = 0; k < n; k++)
			for (size_t o = 0; o < v->n_options && o < PT_MAX_OPTIONS; o++)
				if (strcmp(v->options[o].text.s, texts[k]) == 0 && !g->picked[o])
					grade_pick(g, (int)o);
	} else if (n > 0) {
		grade_type(g, texts[0]);
	}
}

/* Returns true when item i of e carries concept tag tag. */
static bool has_tag(const pt_exam *e, size_t i, int tag)
{
	for (size_t t = 0; t < e->items[i]->tags.n; t++)
		if (e->items[i]->tags.v[t].s != NULL && tags_find(e->tags, e->items[i]->tags.v[t].s) == tag)
			return true;
	return false;
}

/* A group of a paper's items, as one line of the results sorts them: of
 * lesson (NULL: any), at difficulty (-1: any), carrying tag (-1: any);
 * held (per item, or NULL: none) marks the items held back. */
typedef struct exam_group {
	const pt_lesson *lesson;
	int difficulty;
	int tag;
	const bool *held;
} exam_group;

/* Returns true when item i of group g is held back (want_held) or, when
 * not, is one to review: not right. */
static bool in_group(const pt_exam *e, const exam_group *g, size_t i, bool want_held)
{
	bool held = g->held != NULL && g->held[i];
	return held == want_held && (held || e->results[i] != PT_EXAM_RIGHT) &&
	    (g->lesson == NULL || e->lessons[i] == g->lesson) &&
	    (g->difficulty < 0 || (int)e->items[i]->difficulty == g->difficulty) && (g->tag < 0 || has_tag(e, i, g->tag));
}

/* Returns paper item i's number in its lesson (from 1). */
static size_t lesson_number(const pt_exam *e, size_t i)
{
	const pt_lesson *l = e->lessons[i];
	for (size_t k = 0; k < l->n_items; k++)
		if (&l->items[k] == e->items[i])
			return k + 1;
	return i + 1; /* not the lesson's own item: never, as exam_start draws them */
}

/* Orders item numbers. */
static int number_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* Appends verb and the numbers of the items in_group picks ("review
 * items 2, 5", "review item 2"): the paper's numbers, or with
 * in_lesson each item's number in its lesson; returns how many,
 * appending nothing when none. */
static size_t add_numbers(const pt_exam *e, const exam_group *g, bool want_held, bool in_lesson, const char *verb,
    pt_strbuf *out)
{
	size_t n = 0, *numbers = malloc((e->n ? e->n : 1) * sizeof *numbers);
	if (numbers == NULL) {
		out->failed = true;
		return 0;
	}
	for (size_t i = 0; i < e->n; i++)
		if (in_group(e, g, i, want_held))
			numbers[n++] = in_lesson ? lesson_number(e, i) : i + 1;
	qsort(numbers, n, sizeof *numbers, number_cmp); /* the paper's are in order already */
	for (size_t k = 0; k < n; k++)
		if (k == 0)
			strbuf_printf(out, "%s item%s %zu", verb, n == 1 ? "" : "s", numbers[k]);
		else
			strbuf_printf(out, ", %zu", numbers[k]);
	free(numbers);
	return n;
}

/* Appends the titles of the lessons of the items in_group picks, each
 * once, the first after first and the rest after ", " (out NULL: only
 * counts them); returns how many. */
static size_t add_lessons(const pt_exam *e, const exam_group *g, bool want_held, const char *first, pt_strbuf *out)
{
	size_t m = 0;
	for (size_t i = 0; i < e->n; i++) {
		bool named = !in_group(e, g, i, want_held);
		for (size_t j = 0; j < i && !named; j++)
			named = e->lessons[j] == e->lessons[i] && in_group(e, g, j, want_held);
		if (!named && out != NULL)
			strbuf_printf(out, "%s%s", m == 0 ? first : ", ", e->lessons[i]->title.s);
		m += !named;
	}
	return m;
}

/* Writes the plan for group g (exam_review_list) into buf. */
static void plan(const pt_exam *e, const exam_group *g, char *buf, size_t size)
{
	pt_strbuf out = { 0 };
	if (add_numbers(e, g, false, false, "review", &out) > 0) {
		if (g->lesson != NULL)
			strbuf_puts(&out, "; reopen this lesson");
		else
			add_lessons(e, g, false, "; reopen ", &out);
	}
	/* Items to do in one lesson go by the lesson's numbers, which the
	 * learner meets there; across lessons, by the paper's. */
	const char *verb = out.n > 0 ? "; do" : "do";
	bool one_lesson = g->lesson != NULL || add_lessons(e, g, true, "", NULL) == 1;
	if (add_numbers(e, g, true, one_lesson, verb, &out) > 0) {
		if (g->lesson != NULL)
			strbuf_puts(&out, " of this lesson");
		else if (!one_lesson)
			strbuf_puts(&out, " of this paper in their lessons");
		else
			add_lessons(e, g, true, " of ", &out);
	}
	snprintf(buf, size, "%s", out.s != NULL && !out.failed ? out.s : "");
	free(out.s);
}

void exam_review_list(const pt_exam *e, const pt_lesson *lesson, int difficulty, const bool *held, char *buf,
    size_t size)
{
	plan(e, &(exam_group){ lesson, difficulty, -1, held }, buf, size);
}

void exam_review_tag(const pt_exam *e, int tag, const bool *held, char *buf, size_t size)
{
	plan(e, &(exam_group){ NULL, -1, tag, held }, buf, size);
}

size_t exam_to_review(const pt_exam *e, const bool *held)
{
	size_t n = 0;
	for (size_t i = 0; i < e->n; i++)
		n += in_group(e, &(exam_group){ NULL, -1, -1, held }, i, false);
	return n;
}

unsigned long long exam_missed_tags(const pt_exam *e, const bool *held)
{
	unsigned long long bits = 0;
	for (size_t i = 0; i < e->n; i++)
		for (size_t t = 0; in_group(e, &(exam_group){ NULL, -1, -1, held }, i, false) && t < e->items[i]->tags.n;
		    t++) {
			int k = e->items[i]->tags.v[t].s != NULL ? tags_find(e->tags, e->items[i]->tags.v[t].s) : -1;
			if (k >= 0 && k < 64)
				bits |= 1ull << k;
		}
	return bits;
}

bool exam_perfect(const pt_exam *e)
{
	size_t right = 0;
	for (size_t i = 0; i < e->n; i++)
		right += e->results[i] == PT_EXAM_RIGHT;
	return e->n > 0 && right == e->n;
}

bool exam_results_withheld(const pt_exam *e, time_t now, char *buf, size_t size)
{
	if (e->results_at == 0 || now >= e->results_at)
		return false;
	char when[32];
	struct tm tm;
	time_t at = e->results_at;
	if (gmtime_r(&at, &tm) == NULL || strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm) == 0)
		snprintf(when, sizeof when, "its closing time");
	snprintf(buf, size, "Your exam is submitted and kept. The course releases its results when the exam closes, "
	    "at %s (UTC); from then on, help gives your score.", when);
	return true;
}

/* session.c - grading states for a whole lesson. */
#include <stdlib.h>
#include <string.h>

#include "paratutor/learn/kind.h"
#include "paratutor/learn/score.h"
#include "paratutor/learn/session.h"

/* Returns a 64-bit FNV-1a hash of s, continued from h. */
static unsigned long long hash_text(unsigned long long h, const char *s)
{
	for (; s != NULL && *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

unsigned long long session_random(unsigned long long *state)
{
	unsigned long long z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Fills perm with a permutation of 0..n-1: drawn from seed, or the
 * identity when seed is 0; with moved set, never the identity (for n > 1). */
static void permutation(size_t *perm, size_t n, unsigned long long seed, bool moved)
{
	for (size_t i = 0; i < n; i++)
		perm[i] = i;
	if (seed != 0)
		for (size_t i = n; i > 1; i--) {
			size_t j = (size_t)(session_random(&seed) % i);
			size_t t = perm[i - 1];
			perm[i - 1] = perm[j];
			perm[j] = t;
		}
	bool identity = true;
	for (size_t i = 0; i < n; i++)
		identity = identity && perm[i] == i;
	if (moved && identity && n > 1)
		for (size_t i = 0; i < n; i++)
			perm[i] = (i + 1) % n;
}

/* Returns the seed of item index's order on its current pass: 0 (the
 * written order) when it keeps it. */
static unsigned long long view_seed(const pt_session *s, size_t index)
{
	const pt_item *it = &s->lesson->items[index];
	bool answer_order = kind_ops(it->kind)->drawn_always;
	if (!answer_order && (!s->shuffle || !it->shuffle))
		return 0;
	unsigned long long h = hash_text(1469598103934665603ull ^ (s->shuffle ? s->salt : 0), it->id.s);
	h = hash_text(h, s->lesson->id.s);
	return (h ^ (unsigned long long)s->passes[index] * 0x9e3779b97f4a7c15ull) | 1;
}

/* Returns how many option or bank entries item it shows. */
static size_t shown_count(const pt_item *it)
{
	return kind_shape(it->kind) == PT_SHAPE_PICKS ? it->n_options : it->bank.n;
}

/* Lays out item index's view for its current pass, in its slot of the
 * view memory (at offset bytes). */
static void build_view(pt_session *s, size_t index, size_t offset)
{
	const pt_item *it = &s->lesson->items[index];
	pt_item *view = &s->views[index];
	*view = *it;
	size_t n = shown_count(it);
	if (n == 0 || n > PT_MAX_OPTIONS + 2)
		return;
	size_t perm[PT_MAX_OPTIONS + 2];
	permutation(perm, n, view_seed(s, index), kind_ops(it->kind)->one_place);
	char *mem = (char *)s->view_mem + offset;
	if (kind_shape(it->kind) == PT_SHAPE_PICKS) {
		pt_option *options = (pt_option *)(void *)mem;
		for (size_t k = 0; k < n; k++)
			options[k] = it->options[perm[k]];
		view->options = options;
	} else {
		pt_text *bank = (pt_text *)(void *)mem;
		for (size_t k = 0; k < n; k++)
			bank[k] = it->bank.v[perm[k]];
		view->bank.v = bank;
	}
}

/* Returns the bytes of view memory item it needs, rounded for alignment. */
static size_t view_bytes(const pt_item *it)
{
	size_t n = shown_count(it);
	size_t each = kind_shape(it->kind) == PT_SHAPE_PICKS ? sizeof(pt_option) : sizeof(pt_text);
	size_t bytes = n * each;
	return (bytes + 15) / 16 * 16;
}

/* Returns the offset of item index's slot in the view memory. */
static size_t view_offset(const pt_session *s, size_t index)
{
	size_t offset = 0;
	for (size_t i = 0; i < index; i++)
		offset += view_bytes(&s->lesson->items[i]);
	return offset;
}

bool session_init_shuffled(pt_session *s, const pt_lesson *lesson, bool shuffle,
    unsigned long long salt)
{
	memset(s, 0, sizeof *s);
	s->lesson = lesson;
	s->shuffle = shuffle;
	s->salt = salt;
	size_t n = lesson->n_items ? lesson->n_items : 1, bytes = 0;
	for (size_t i = 0; i < lesson->n_items; i++)
		bytes += view_bytes(&lesson->items[i]);
	s->grades = calloc(n, sizeof *s->grades);
	s->views = calloc(n, sizeof *s->views);
	s->passes = calloc(n, sizeof *s->passes);
	s->first = calloc(n, sizeof *s->first);
	s->prior = calloc(n, sizeof *s->prior);
	s->attempt = 1;
	s->view_mem = malloc(bytes ? bytes : 1);
	if (s->grades == NULL || s->views == NULL || s->passes == NULL || s->first == NULL || s->prior == NULL ||
	    s->view_mem == NULL) {
		session_free(s);
		return false;
	}
	size_t offset = 0;
	for (size_t i = 0; i < lesson->n_items; i++) {
		build_view(s, i, offset);
		offset += view_bytes(&lesson->items[i]);
		grade_init(&s->grades[i], &s->views[i]);
	}
	return true;
}

bool session_init(pt_session *s, const pt_lesson *lesson)
{
	return session_init_shuffled(s, lesson, false, 0);
}

void session_free(pt_session *s)
{
	free(s->grades);
	free(s->views);
	free(s->passes);
	free(s->first);
	free(s->prior);
	free(s->view_mem);
	s->first = NULL;
	s->prior = NULL;
	s->grades = NULL;
	s->views = NULL;
	s->passes = NULL;
	s->view_mem = NULL;
}

pt_grade *session_grade(pt_session *s)
{
	return &s->grades[s->current];
}

void session_reset_item(pt_session *s, size_t index)
{
	if (index >= s->lesson->n_items)
		return;
	const pt_grade *old = &s->grades[index];
	bool finished_before = old->status != PT_OPEN || old->retry_pass;
	if (old->status != PT_OPEN && !s->first[index].set)
		s->first[index] = (pt_first_pass){ true, grade_outcome(old), old->checks, old->hints_shown };
	s->passes[index]++;
	build_view(s, index, view_offset(s, index));
	grade_init(&s->grades[index], &s->views[index]);
	s->grades[index].retry_pass = finished_before;
}

void session_show_pass(pt_session *s, size_t index, int pass)
{
	if (index >= s->lesson->n_items || pass < 0 || pass == s->passes[index])
		return;
	s->passes[index] = pass;
	build_view(s, index, view_offset(s, index));
	grade_init(&s->grades[index], &s->views[index]);
}

size_t session_next_open(const pt_session *s, size_t start)
{
	size_t n = s->lesson->n_items;
	for (size_t k = 0; k < n; k++) {
		size_t i = (start + k) % n;
		if (s->grades[i].status == PT_OPEN)
			return i;
	}
	return n;
}

int session_attempt_item_score(const pt_session *s, size_t index)
{
	if (index >= s->lesson->n_items)
		return 0;
	const pt_first_pass *f = &s->first[index];
	if (f->set)
		return score_lesson_item(f->outcome, f->checks, f->hints);
	const pt_grade *g = &s->grades[index];
	return score_lesson_item(grade_outcome(g), g->checks, g->hints_shown);
}

int session_lesson_item_score(const pt_session *s, size_t index)
{
	if (index >= s->lesson->n_items)
		return 0;
	return s->attempt > 1 ? s->prior[index] : session_attempt_item_score(s, index);
}

void session_new_attempt(pt_session *s)
{
	for (size_t i = 0; i < s->lesson->n_items; i++) {
		if (s->attempt <= 1)
			s->prior[i] = session_attempt_item_score(s, i);
		session_reset_item(s, i);
		s->grades[i].retry_pass = false;
		s->first[i].set = false;
	}
	s->attempt = (s->attempt > 1 ? s->attempt : 1) + 1;
	s->current = 0;
}

int session_pass_kind(const pt_grade *g)
{
	return g->review_pass ? PT_PASS_REVIEW : g->retry_pass ? PT_PASS_PRACTICE : PT_PASS_ATTEMPT;
}

pt_outcome session_lesson_outcome(const pt_session *s, size_t index)
{
	if (index >= s->lesson->n_items)
		return PT_OUTCOME_NONE;
	return s->first[index].set ? s->first[index].outcome : grade_outcome(&s->grades[index]);
}

void session_summarize(const pt_session *s, pt_summary *out)
{
	memset(out, 0, sizeof *out);
	long total = 0, attempt = 0, practice = 0;
	out->items = s->lesson->n_items;
	for (size_t i = 0; i < out->items; i++) {
		const pt_grade *g = &s->grades[i];
		const pt_first_pass *f = &s->first[i];
		out->hints += (size_t)(f->set ? f->hints : g->hints_shown);
		total += session_lesson_item_score(s, i);
		attempt += session_attempt_item_score(s, i);
		if (g->retry_pass && g->status != PT_OPEN) {
			out->practiced++;
			practice += grade_score(g);
		}
		switch (session_lesson_outcome(s, i)) {
		case PT_OUTCOME_FIRST_TIME: out->first_time++; break;
		case PT_OUTCOME_WITH_HINTS: out->with_hints++; break;
		case PT_OUTCOME_RETRIES: out->retries++; break;
		case PT_OUTCOME_FAILED: out->failed++; break;
		case PT_OUTCOME_NONE: out->open++; break;
		}
	}
	out->score = score_lesson(total, out->items);
	out->attempt = s->attempt > 1 ? s->attempt : 1;
	out->attempt_score = score_lesson(attempt, out->items);
	out->practice_score = out->practiced ? (int)(practice / (long)out->practiced) : 0;
}

void session_disclose(const pt_grade *g, pt_disclosure *out)
{
	memset(out, 0, sizeof *out);
	int failed_checks = g->checks - (g->status == PT_SOLVED ? 1 : 0);
	out->finished = g->status != PT_OPEN;
	out->answer = g->status == PT_FAILED;
	out->explanation = out->finished;
	/* The list rules distractors out: it is earned by a wrong check. */
	out->mistakes = failed_checks > 0 || out->finished;
	out->hints = g->hints_shown;
}

pt_mark session_shown_mark(const pt_grade *g, int slot)
{
	if (slot < 0 || slot >= grade_slots(g))
		return PT_MARK_NONE;
	pt_mark mark = g->marks[slot];
	/* A right blank or pair is locked once checked: its mark tells
	 * nothing the locked answer does not already show. */
	if (g->status != PT_OPEN || kind_ops(g->item->kind)->locks_right)
		return mark;
	return mark == PT_MARK_WRONG ? PT_MARK_WRONG : PT_MARK_NONE;
}

bool session_shows_wrong(const pt_grade *g)
{
	for (int k = 0; k < grade_slots(g); k++)
		if (session_shown_mark(g, k) == PT_MARK_WRONG)
			return true;
	return false;
}

/* Spells a number macro's value (XSTR expands it first, STR quotes it). */
#define STR(x) #x
#define XSTR(x) STR(x)

const char *session_score_rule(void)
{
	/* Made from the constants the scores are computed with (score.h). */
	return "An item gives you " XSTR(PT_DEFAULT_ATTEMPTS) " attempts unless its lesson sets another number; "
	    "each wrong check uses one. An item right on its first check without a hint scores " XSTR(PT_SCORE_FULL)
	    ". Each wrong check costs " XSTR(PT_SCORE_WRONG_CHECK) " and each hint " XSTR(PT_SCORE_HINT) "; a solved "
	    "item scores at least " XSTR(PT_SCORE_FLOOR) "; an item out of attempts scores 0. Checking an answer you "
	    "already checked, a slip (a missing unit, a fraction for a percentage, the first near miss in spelling), "
	    "ticking every option, and on an item that says how many to tick another number of ticks, cost nothing; "
	    "on an item that does not say, any other set of ticks is an ordinary check. The lesson score is the mean "
	    "of the items' first passes in your first attempt at the lesson, unfinished items counting 0, rounded to "
	    "the nearest whole number. Starting the lesson again (x) begins attempt 2, 3, ...: it scores in full on "
	    "its own, shown beside the lesson score, which stays. Practice (a second go at items from the summary) "
	    "and reviews are named as such and never change either score, and neither does an exam. The whole model "
	    "is in docs/scoring.md.";
}

/* grade.c - the per-item grading state machine.
 *
 * Options, bank entries and steps are compared by their text, never by
 * index, so an item shown through a shuffled copy grades the same. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/grade.h"
#include "paratutor/learn/kind.h"
#include "paratutor/learn/score.h"

/* Relative slack when comparing a typed number with a range, so that a
 * value converted from another unit is not lost to rounding. */
#define NUMBER_SLACK 1e-9

void grade_init(pt_grade *g, const pt_item *item)
{
	memset(g, 0, sizeof *g);
	g->item = item;
	g->status = PT_OPEN;
	g->attempts_left = item->attempts > 0 ? item->attempts : PT_DEFAULT_ATTEMPTS;
	g->first_out_of_place = -1;
	for (int b = 0; b < PT_MAX_BLANKS; b++)
		g->fill[b] = -1;
}

int grade_slots(const pt_grade *g)
{
	const pt_kind_ops *k = kind_ops(g->item->kind);
	size_t n = k->slots(g->item), max = k->max_slots;
	return (int)(n < max ? n : max);
}

/* Returns the size of the option list the learner picks from (0 for the
 * typed kinds). */
static int choices(const pt_grade *g)
{
	const pt_item *it = g->item;
	pt_answer_shape shape = kind_shape(it->kind);
	size_t n = shape == PT_SHAPE_SLOTS ? it->bank.n : shape == PT_SHAPE_TYPED ? 0 : it->n_options;
	return (int)(n < PT_MAX_OPTIONS ? n : PT_MAX_OPTIONS);
}

/* Forgets what the last check said. */
static void said_clear(pt_grade *g)
{
	g->said_text = NULL;
	g->said_buf[0] = '\0';
	g->first_out_of_place = -1;
}

pt_grade_rc grade_fill(pt_grade *g, int blank, int option)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED;
	if (kind_shape(g->item->kind) != PT_SHAPE_SLOTS || blank < 0 || blank >= grade_slots(g) ||
	    option < 0 || option >= choices(g))
		return PT_GRADE_RANGE;
	if (g->locked[blank])
		return PT_GRADE_LOCKED;
	if (kind_ops(g->item->kind)->one_place) {
		/* A step stands in one position: placing it again moves it. */
		for (int p = 0; p < grade_slots(g); p++)
			if (g->fill[p] == option && p != blank) {
				g->fill[p] = -1;
				g->marks[p] = PT_MARK_NONE;
			}
	}
	g->fill[blank] = option;
	g->marks[blank] = PT_MARK_NONE;
	return PT_GRADE_OK;
}

pt_grade_rc grade_clear(pt_grade *g, int blank)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED;
	if (kind_shape(g->item->kind) != PT_SHAPE_SLOTS || blank < 0 || blank >= grade_slots(g))
		return PT_GRADE_RANGE;
	if (g->locked[blank])
		return PT_GRADE_LOCKED;
	g->fill[blank] = -1;
	g->marks[blank] = PT_MARK_NONE;
	return PT_GRADE_OK;
}

pt_grade_rc grade_pick(pt_grade *g, int option)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED;
	pt_kind kind = g->item->kind;
	if (kind_shape(kind) != PT_SHAPE_PICKS || option < 0 || option >= choices(g))
		return PT_GRADE_RANGE;
	if (load_kind(kind)->one_right) {
		memset(g->picked, 0, sizeof g->picked);
		g->picked[option] = true;
	} else {
		g->picked[option] = !g->picked[option];
	}
	g->checked = false;
	memset(g->marks, 0, sizeof g->marks);
	return PT_GRADE_OK;
}

pt_grade_rc grade_type(pt_grade *g, const char *text)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED;
	if (kind_shape(g->item->kind) != PT_SHAPE_TYPED || text == NULL)
		return PT_GRADE_RANGE;
	if (strcmp(text, g->typed) == 0)
		return PT_GRADE_OK; /* unchanged: the last check's marks still hold */
	size_t n = strlen(text);
	if (n > PT_MAX_TYPED - 1) {
		n = PT_MAX_TYPED - 1;
		while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
			n--; /* never cut a character in two */
	}
	memcpy(g->typed, text, n);
	g->typed[n] = '\0';
	g->checked = false;
	memset(g->marks, 0, sizeof g->marks);
	said_clear(g);
	return PT_GRADE_OK;
}

bool grade_ready(const pt_grade *g)
{
	if (g->status != PT_OPEN)
		return false;
	if (kind_shape(g->item->kind) == PT_SHAPE_SLOTS) {
		for (int b = 0; b < grade_slots(g); b++)
			if (g->fill[b] < 0)
				return false;
		return grade_slots(g) > 0;
	}
	if (kind_shape(g->item->kind) == PT_SHAPE_TYPED)
		return g->typed[strspn(g->typed, " \t")] != '\0';
	for (int o = 0; o < choices(g); o++)
		if (g->picked[o])
			return true;
	return false;
}

/* ---- typed answers (read by grade_typed.c) ----------------------------- */

bool grade_in_range(const pt_range *r, double v)
{
	if (isnan(r->min) || isnan(r->max))
		return false;
	double lo = r->min < 0 ? -r->min : r->min, hi = r->max < 0 ? -r->max : r->max;
	double big = lo > hi ? lo : hi;
	double slack = big * NUMBER_SLACK;
	return v >= r->min - slack && v <= r->max + slack;
}

/* ---- placed and picked answers ------------------------------------------ */

bool grade_mark_slots(pt_grade *g)
{
	bool all = true;
	for (int b = 0; b < grade_slots(g); b++) {
		bool right = lesson_blank_accepts(g->item, (size_t)b, (size_t)g->fill[b]);
		g->marks[b] = right ? PT_MARK_RIGHT : PT_MARK_WRONG;
		if (right)
			g->locked[b] = true;
		else
			grade_mark_slot_wrong(g, b);
		all = all && right;
	}
	return all;
}

int grade_step_index(const pt_item *it, const char *text)
{
	for (size_t i = 0; text != NULL && i < it->steps.n; i++)
		if (it->steps.v[i].s != NULL && strcmp(it->steps.v[i].s, text) == 0)
			return (int)i;
	return -1;
}

bool grade_slot_wrong_answers(const pt_item *it, bool (*add)(void *ctx, int slot, const char *text,
    const char *feedback), void *ctx)
{
	const pt_kind_ops *k = kind_ops(it->kind);
	size_t n = k->slots(it);
	for (size_t b = 0; b < n; b++)
		for (size_t o = 0; o < it->bank.n; o++) {
			const char *fb = k->slot_takes(it, (int)b, (int)o) ? NULL : k->slot_feedback(it, (int)b, (int)o);
			if (fb != NULL && it->bank.v[o].s != NULL && !add(ctx, (int)b, it->bank.v[o].s, fb))
				return false;
		}
	return true;
}

void grade_mark_slot_wrong(pt_grade *g, int slot)
{
	g->wrong_seen |= 1u << g->fill[slot];
	g->slot_wrong[slot] |= 1u << g->fill[slot];
}

/* Only ONE wrong tick of a select-all item (missed set) is marked Wrong
 * (the first as shown) and its feedback said: marking every wrong tick
 * would let "tick everything, untick what is marked" solve an item with
 * no knowledge (docs/scoring.md). */
bool grade_mark_options(pt_grade *g, bool missed)
{
	bool all = true, named = false;
	for (int o = 0; o < choices(g); o++) {
		bool correct = g->item->options[o].correct;
		if (g->picked[o])
			g->marks[o] = correct ? PT_MARK_RIGHT : named ? PT_MARK_NONE : PT_MARK_WRONG;
		else
			g->marks[o] = correct && missed ? PT_MARK_MISSED : PT_MARK_NONE;
		if (g->picked[o] && !correct && !named) {
			g->wrong_seen |= 1u << o;
			named = missed;
			if (named)
				g->said_text = g->item->options[o].feedback.s;
		}
		if (g->picked[o] != correct)
			all = false;
	}
	return all;
}

bool grade_option_wrong_answers(const pt_item *item, bool (*add)(void *ctx, int slot, const char *text,
    const char *feedback), void *ctx)
{
	for (size_t o = 0; o < item->n_options; o++) {
		const pt_option *op = &item->options[o];
		if (!op->correct && op->text.s != NULL && !add(ctx, -1, op->text.s, op->feedback.s))
			return false;
	}
	return true;
}

/* Returns a key of the answer now in g (its slots and typed text). */
static unsigned long long answer_key(const pt_grade *g)
{
	unsigned long long h = 1469598103934665603ull;
	bool picks = kind_shape(g->item->kind) == PT_SHAPE_PICKS;
	for (int s = 0; s < grade_slots(g); s++) {
		long v = picks ? (long)g->picked[s] : (long)g->fill[s];
		h = (h ^ (unsigned long long)(v + 2)) * 1099511628211ull;
	}
	char key[PT_MAX_TYPED];
	if (kind_shape(g->item->kind) == PT_SHAPE_TYPED && !grade_typed_key(g, key, sizeof key))
		snprintf(key, sizeof key, "%s", g->typed); /* not a number: kept as typed */
	for (const char *c = kind_shape(g->item->kind) == PT_SHAPE_TYPED ? key : ""; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return h;
}

/* Returns true when the answer now in g was checked before in this pass. */
static bool answered_before(const pt_grade *g, unsigned long long key)
{
	for (int i = 0; i < g->n_answered; i++)
		if (g->answered[i] == key)
			return true;
	return false;
}

/* Keeps the key of a checked answer (the oldest goes when full). */
static void keep_answered(pt_grade *g, unsigned long long key)
{
	if (g->n_answered == PT_MAX_CHECKED) {
		memmove(g->answered, g->answered + 1, sizeof g->answered[0] * (PT_MAX_CHECKED - 1));
		g->n_answered--;
	}
	g->answered[g->n_answered++] = key;
}

pt_grade_rc grade_check(pt_grade *g)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED;
	if (!grade_ready(g))
		return PT_GRADE_INCOMPLETE;
	unsigned long long key = answer_key(g);
	if (answered_before(g, key))
		return PT_GRADE_REPEAT; /* the marks and feedback of that check stay */
	said_clear(g);
	bool clear = true;
	bool right = kind_ops(g->item->kind)->check(g, &clear);
	if (!clear) {
		g->checked = false;
		return kind_ops(g->item->kind)->unclear;
	}
	keep_answered(g, key);
	g->checks++;
	g->checked = true;
	if (right) {
		g->status = PT_SOLVED;
		return PT_GRADE_OK;
	}
	if (--g->attempts_left <= 0) {
		g->attempts_left = 0;
		g->status = PT_FAILED;
	}
	return PT_GRADE_OK;
}

bool grade_typed_key(const pt_grade *g, char *out, size_t size)
{
	if (size == 0)
		return false;
	out[0] = '\0';
	const pt_kind_ops *k = kind_ops(g->item->kind);
	return k->typed_key != NULL && k->typed_key(g->item, g->typed, out, size);
}

const char *grade_said(const pt_grade *g)
{
	if (g->said_text != NULL)
		return g->said_text;
	return g->said_buf[0] != '\0' ? g->said_buf : NULL;
}

pt_grade_rc grade_hint(pt_grade *g)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED; /* a hint now would lower a score already earned */
	if ((size_t)g->hints_shown >= g->item->hints.n)
		return PT_GRADE_NO_HINT;
	g->hints_shown++;
	return PT_GRADE_OK;
}

int grade_next_empty(const pt_grade *g, int blank)
{
	int n = grade_slots(g);
	if (kind_shape(g->item->kind) != PT_SHAPE_SLOTS || n == 0)
		return -1;
	for (int k = 1; k <= n; k++) {
		int b = (blank + k) % n;
		if (b < 0)
			b += n;
		if (g->fill[b] < 0 && !g->locked[b])
			return b;
	}
	return -1;
}

pt_outcome grade_outcome(const pt_grade *g)
{
	if (g->status == PT_FAILED)
		return PT_OUTCOME_FAILED;
	if (g->status != PT_SOLVED)
		return PT_OUTCOME_NONE;
	if (g->checks > 1 || g->retry_pass)
		return PT_OUTCOME_RETRIES;
	return g->hints_shown > 0 ? PT_OUTCOME_WITH_HINTS : PT_OUTCOME_FIRST_TIME;
}

int grade_score(const pt_grade *g)
{
	return score_item(grade_outcome(g), g->checks, g->hints_shown);
}

const char *grade_outcome_name(pt_outcome outcome)
{
	switch (outcome) {
	case PT_OUTCOME_NONE: return "not finished";
	case PT_OUTCOME_FIRST_TIME: return "right first time";
	case PT_OUTCOME_WITH_HINTS: return "right with hints";
	case PT_OUTCOME_RETRIES: return "right after retries";
	case PT_OUTCOME_FAILED: return "failed";
	}
	return "?";
}

/* Returns the text of option o of item (a bank entry for the bank
 * kinds), or NULL. */
static const char *option_text(const pt_item *item, size_t o)
{
	if (kind_shape(item->kind) == PT_SHAPE_SLOTS)
		return o < item->bank.n ? item->bank.v[o].s : NULL;
	if (kind_shape(item->kind) == PT_SHAPE_TYPED)
		return NULL;
	return o < item->n_options ? item->options[o].text.s : NULL;
}

/* Puts the right answer of a solved item in place. */
static void restore_right_answer(pt_grade *g)
{
	const pt_item *item = g->item;
	g->checked = true;
	const pt_kind_ops *k = kind_ops(item->kind);
	switch (kind_shape(k->kind)) {
	case PT_SHAPE_SLOTS:
		for (int b = 0; b < grade_slots(g); b++) {
			for (int o = 0; o < choices(g); o++) {
				if (k->slot_takes(item, b, o)) {
					g->fill[b] = o;
					g->locked[b] = true;
					g->marks[b] = PT_MARK_RIGHT;
					break;
				}
			}
		}
		return;
	case PT_SHAPE_TYPED:
		k->right_typed(item, g->typed, sizeof g->typed);
		g->marks[0] = PT_MARK_RIGHT;
		return;
	case PT_SHAPE_PICKS:
		break;
	}
	for (int o = 0; o < grade_slots(g); o++) {
		g->picked[o] = item->options[o].correct;
		g->marks[o] = item->options[o].correct ? PT_MARK_RIGHT : PT_MARK_NONE;
	}
}

void grade_restore(pt_grade *g, const pt_item *item, pt_outcome outcome,
    int checks, int hints, char *const *wrong, size_t n_wrong)
{
	grade_init(g, item);
	int budget = g->attempts_left;
	g->checks = checks < 0 ? 0 : checks;
	g->hints_shown = hints < 0 ? 0 : hints;
	if ((size_t)g->hints_shown > item->hints.n)
		g->hints_shown = (int)item->hints.n;
	for (size_t i = 0; i < n_wrong; i++)
		for (int o = 0; o < choices(g); o++) {
			const char *text = option_text(item, (size_t)o);
			if (text != NULL && wrong[i] != NULL && strcmp(text, wrong[i]) == 0)
				g->wrong_seen |= 1u << o;
		}
	switch (outcome) {
	case PT_OUTCOME_NONE:
		g->attempts_left = budget - g->checks < 1 ? 1 : budget - g->checks;
		return;
	case PT_OUTCOME_FAILED:
		g->status = PT_FAILED;
		g->attempts_left = 0;
		if (g->checks < 1)
			g->checks = 1;
		return;
	case PT_OUTCOME_RETRIES:
		/* Right at the first check yet a retry: a pass after the answer
		 * could be seen, which scores as one. */
		g->retry_pass = g->checks <= 1;
		break;
	case PT_OUTCOME_FIRST_TIME:
	case PT_OUTCOME_WITH_HINTS:
		break;
	}
	g->status = PT_SOLVED;
	if (g->checks < 1)
		g->checks = 1;
	g->attempts_left = budget - (g->checks - 1) < 0 ? 0 : budget - (g->checks - 1);
	restore_right_answer(g);
}

const char *grade_wrong_feedback(const pt_item *item, const char *text)
{
	const pt_kind_ops *k = kind_ops(item->kind);
	return k->wrong_feedback != NULL ? k->wrong_feedback(item, text) : NULL;
}

const char *grade_wrong_feedback_at(const pt_item *item, int slot, const char *text)
{
	const pt_kind_ops *k = kind_ops(item->kind);
	if (slot < 0 || kind_shape(k->kind) != PT_SHAPE_SLOTS || k->slot_feedback == NULL)
		return NULL;
	int o = lesson_bank_find(item, text);
	if (o < 0 || (size_t)slot >= k->slots(item) || k->slot_takes(item, slot, o))
		return NULL;
	return k->slot_feedback(item, slot, o);
}

int grade_wrong_slot(const pt_item *item, const char *text)
{
	const pt_kind_ops *k = kind_ops(item->kind);
	if (kind_shape(k->kind) != PT_SHAPE_SLOTS)
		return -1;
	int o = lesson_bank_find(item, text), slot = -1;
	for (size_t s = 0; o >= 0 && s < k->slots(item); s++) {
		if (k->slot_takes(item, (int)s, o))
			continue;
		if (slot >= 0)
			return -1;
		slot = (int)s;
	}
	return slot;
}

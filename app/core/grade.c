/* grade.c - the per-item grading state machine. */
#include <stdio.h>
#include <string.h>

#include "paratutor/grade.h"

void grade_init(pt_grade *g, const pt_item *item)
{
	memset(g, 0, sizeof *g);
	g->item = item;
	g->status = PT_OPEN;
	g->attempts_left = item->attempts > 0 ? item->attempts : PT_DEFAULT_ATTEMPTS;
	for (int b = 0; b < PT_MAX_BLANKS; b++)
		g->fill[b] = -1;
}

int grade_slots(const pt_grade *g)
{
	const pt_item *it = g->item;
	size_t n = it->kind == PT_KIND_FILL ? it->n_blanks : it->n_options;
	size_t max = it->kind == PT_KIND_FILL ? PT_MAX_BLANKS : PT_MAX_OPTIONS;
	return (int)(n < max ? n : max);
}

/* Returns the size of the option list the learner picks from. */
static int choices(const pt_grade *g)
{
	const pt_item *it = g->item;
	size_t n = it->kind == PT_KIND_FILL ? it->bank.n : it->n_options;
	return (int)(n < PT_MAX_OPTIONS ? n : PT_MAX_OPTIONS);
}

pt_grade_rc grade_fill(pt_grade *g, int blank, int option)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED;
	if (g->item->kind != PT_KIND_FILL || blank < 0 || blank >= grade_slots(g) ||
	    option < 0 || option >= choices(g))
		return PT_GRADE_RANGE;
	if (g->locked[blank])
		return PT_GRADE_LOCKED;
	g->fill[blank] = option;
	g->marks[blank] = PT_MARK_NONE;
	return PT_GRADE_OK;
}

pt_grade_rc grade_clear(pt_grade *g, int blank)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED;
	if (g->item->kind != PT_KIND_FILL || blank < 0 || blank >= grade_slots(g))
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
	if (g->item->kind == PT_KIND_FILL || option < 0 || option >= choices(g))
		return PT_GRADE_RANGE;
	if (g->item->kind == PT_KIND_CHOICE) {
		memset(g->picked, 0, sizeof g->picked);
		g->picked[option] = true;
	} else {
		g->picked[option] = !g->picked[option];
	}
	g->checked = false;
	memset(g->marks, 0, sizeof g->marks);
	return PT_GRADE_OK;
}

bool grade_ready(const pt_grade *g)
{
	if (g->status != PT_OPEN)
		return false;
	if (g->item->kind == PT_KIND_FILL) {
		for (int b = 0; b < grade_slots(g); b++)
			if (g->fill[b] < 0)
				return false;
		return grade_slots(g) > 0;
	}
	for (int o = 0; o < choices(g); o++)
		if (g->picked[o])
			return true;
	return false;
}

/* Marks each blank; returns true when all are right. */
static bool check_fill(pt_grade *g)
{
	bool all = true;
	for (int b = 0; b < grade_slots(g); b++) {
		bool right = lesson_blank_accepts(g->item, (size_t)b, (size_t)g->fill[b]);
		g->marks[b] = right ? PT_MARK_RIGHT : PT_MARK_WRONG;
		if (right)
			g->locked[b] = true;
		else
			g->wrong_seen |= 1u << g->fill[b];
		all = all && right;
	}
	return all;
}

/* Marks each option; returns true when the selection is exactly right. */
static bool check_options(pt_grade *g)
{
	bool all = true;
	for (int o = 0; o < choices(g); o++) {
		bool correct = g->item->options[o].correct;
		if (g->picked[o])
			g->marks[o] = correct ? PT_MARK_RIGHT : PT_MARK_WRONG;
		else
			g->marks[o] = correct && g->item->kind == PT_KIND_MULTI ? PT_MARK_MISSED : PT_MARK_NONE;
		if (g->picked[o] && !correct)
			g->wrong_seen |= 1u << o;
		if (g->picked[o] != correct)
			all = false;
	}
	return all;
}

pt_grade_rc grade_check(pt_grade *g)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED;
	if (!grade_ready(g))
		return PT_GRADE_INCOMPLETE;
	bool right = g->item->kind == PT_KIND_FILL ? check_fill(g) : check_options(g);
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
	if (g->checks > 1)
		return PT_OUTCOME_RETRIES;
	return g->hints_shown > 0 ? PT_OUTCOME_WITH_HINTS : PT_OUTCOME_FIRST_TIME;
}

int grade_score(const pt_grade *g)
{
	if (g->status != PT_SOLVED)
		return 0;
	int score = 100 - 25 * (g->checks - 1) - 10 * g->hints_shown;
	return score < 10 ? 10 : score;
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

/* Returns the text of option o of item (a bank entry for fill), or NULL. */
static const char *option_text(const pt_item *item, size_t o)
{
	if (item->kind == PT_KIND_FILL)
		return o < item->bank.n ? item->bank.v[o].s : NULL;
	return o < item->n_options ? item->options[o].text.s : NULL;
}

/* Puts the right answer of a solved item in place. */
static void restore_right_answer(pt_grade *g)
{
	const pt_item *item = g->item;
	g->checked = true;
	if (item->kind == PT_KIND_FILL) {
		for (int b = 0; b < grade_slots(g); b++) {
			for (int o = 0; o < choices(g); o++) {
				if (lesson_blank_accepts(item, (size_t)b, (size_t)o)) {
					g->fill[b] = o;
					g->locked[b] = true;
					g->marks[b] = PT_MARK_RIGHT;
					break;
				}
			}
		}
		return;
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
	case PT_OUTCOME_FIRST_TIME:
	case PT_OUTCOME_WITH_HINTS:
	case PT_OUTCOME_RETRIES:
		break;
	}
	g->status = PT_SOLVED;
	if (g->checks < 1)
		g->checks = 1;
	g->attempts_left = budget - (g->checks - 1) < 0 ? 0 : budget - (g->checks - 1);
	restore_right_answer(g);
}

/* ---- stubs, replaced by the real implementation in the next commits ---- */

pt_grade_rc grade_type(pt_grade *g, const char *text)
{
	if (g->status != PT_OPEN)
		return PT_GRADE_CLOSED;
	if (g->item->kind != PT_KIND_NUMERIC && g->item->kind != PT_KIND_TEXT)
		return PT_GRADE_RANGE;
	snprintf(g->typed, sizeof g->typed, "%s", text);
	return PT_GRADE_OK;
}

const char *grade_said(const pt_grade *g)
{
	if (g->said_text != NULL)
		return g->said_text;
	return g->said_buf[0] != '\0' ? g->said_buf : NULL;
}

void grade_normalise(const pt_item *item, const char *s, char *out, size_t size)
{
	(void)item;
	snprintf(out, size, "%s", s);
}

pt_number_rc grade_number(const pt_item *item, const char *s, double *value)
{
	(void)item;
	(void)s;
	*value = 0;
	return PT_NUMBER_NOT_NUMBER;
}

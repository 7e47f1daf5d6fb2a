/* session.c - grading states for a whole lesson. */
#include <stdlib.h>
#include <string.h>

#include "paratutor/session.h"

bool session_init(pt_session *s, const pt_lesson *lesson)
{
	memset(s, 0, sizeof *s);
	s->lesson = lesson;
	s->grades = calloc(lesson->n_items ? lesson->n_items : 1, sizeof *s->grades);
	if (s->grades == NULL)
		return false;
	for (size_t i = 0; i < lesson->n_items; i++)
		grade_init(&s->grades[i], &lesson->items[i]);
	return true;
}

void session_free(pt_session *s)
{
	free(s->grades);
	s->grades = NULL;
}

pt_grade *session_grade(pt_session *s)
{
	return &s->grades[s->current];
}

void session_reset_item(pt_session *s, size_t index)
{
	if (index < s->lesson->n_items)
		grade_init(&s->grades[index], &s->lesson->items[index]);
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

void session_summarize(const pt_session *s, pt_summary *out)
{
	memset(out, 0, sizeof *out);
	long total = 0;
	out->items = s->lesson->n_items;
	for (size_t i = 0; i < out->items; i++) {
		const pt_grade *g = &s->grades[i];
		out->hints += (size_t)g->hints_shown;
		total += grade_score(g);
		switch (grade_outcome(g)) {
		case PT_OUTCOME_FIRST_TIME: out->first_time++; break;
		case PT_OUTCOME_WITH_HINTS: out->with_hints++; break;
		case PT_OUTCOME_RETRIES: out->retries++; break;
		case PT_OUTCOME_FAILED: out->failed++; break;
		case PT_OUTCOME_NONE: out->open++; break;
		}
	}
	out->score = out->items ? (int)(total / (long)out->items) : 0;
}

void session_disclose(const pt_grade *g, pt_disclosure *out)
{
	memset(out, 0, sizeof *out);
	int failed_checks = g->checks - (g->status == PT_SOLVED ? 1 : 0);
	out->finished = g->status != PT_OPEN;
	out->answer = g->status == PT_FAILED;
	out->explanation = out->finished;
	out->mistakes = g->hints_shown > 0 || failed_checks > 0;
	out->hints = g->hints_shown;
	if (!out->finished && g->checked && g->item->kind == PT_KIND_MULTI) {
		out->right_count = true;
		for (int o = 0; o < grade_slots(g); o++)
			out->right_picked += g->marks[o] == PT_MARK_RIGHT;
	}
}

pt_mark session_shown_mark(const pt_grade *g, int slot)
{
	if (slot < 0 || slot >= grade_slots(g))
		return PT_MARK_NONE;
	pt_mark mark = g->marks[slot];
	if (g->status != PT_OPEN || g->item->kind == PT_KIND_FILL)
		return mark;
	return mark == PT_MARK_WRONG ? PT_MARK_WRONG : PT_MARK_NONE;
}

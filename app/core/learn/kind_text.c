/* kind_text.c - text: a word or name typed, right when it matches an
 * accepted answer once normalised; a near miss is a spelling slip. */
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/kind.h"
#include "paratutor/base/text.h"

/* A typed answer. */
static size_t text_slots(const pt_item *it)
{
	(void)it;
	return 1;
}

/* Returns the number of characters (code points) of s. */
static size_t char_count(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Returns the edit distance a typo of accepted answer a may have: 1 for
 * 4-7 characters, 2 for longer, 0 for shorter. */
static int near_miss_limit(const char *a)
{
	size_t n = char_count(a);
	return n < 4 ? 0 : n <= 7 ? 1 : 2;
}

/* Grades a text item's typed answer: *clear false when it is near an
 * accepted answer (a spelling slip).  Returns true when right. */
static bool text_check(pt_grade *g, bool *clear)
{
	const pt_item *it = g->item;
	char typed[PT_MAX_TYPED], norm[PT_MAX_TYPED];
	grade_normalise(it, g->typed, typed, sizeof typed);
	*clear = true;
	for (size_t i = 0; i < it->accept.n; i++) {
		grade_normalise(it, it->accept.v[i].s, norm, sizeof norm);
		if (strcmp(typed, norm) == 0) {
			g->marks[0] = PT_MARK_RIGHT;
			return true;
		}
	}
	g->marks[0] = PT_MARK_WRONG;
	for (size_t i = 0; i < it->n_wrong_answers; i++) {
		grade_normalise(it, it->wrong_answers[i].option.s, norm, sizeof norm);
		if (strcmp(typed, norm) == 0) {
			g->said_text = it->wrong_answers[i].text.s;
			return false;
		}
	}
	for (size_t i = 0; i < it->accept.n; i++) {
		grade_normalise(it, it->accept.v[i].s, norm, sizeof norm);
		size_t nt = strlen(typed), na = strlen(norm);
		if (na > 0 && nt > na + 1 && typed[nt - na - 1] == '.' && strcmp(typed + nt - na, norm) == 0) {
			/* A qualified name whose tail is the answer: a slip of form. */
			*clear = false;
			g->marks[0] = PT_MARK_NONE;
			snprintf(g->said_buf, sizeof g->said_buf,
			    "Give the name as the question asks, without the module path in front. "
			    "That cost no attempt.");
			return false;
		}
	}
	for (size_t i = 0; i < it->accept.n && !g->spelling_used; i++) {
		grade_normalise(it, it->accept.v[i].s, norm, sizeof norm);
		int limit = near_miss_limit(norm);
		if (limit > 0 && text_distance(typed, norm) <= limit) {
			/* Free once per pass: more would make the check an oracle. */
			*clear = false;
			g->spelling_used = true;
			g->marks[0] = PT_MARK_NONE;
			snprintf(g->said_buf, sizeof g->said_buf,
			    "Nearly: check the spelling and try again. This did not cost an attempt; "
			    "another near miss on this item will.");
			return false;
		}
	}
	return false;
}

/* Writes the first accepted answer. */
static void text_right(const pt_item *it, char *buf, size_t size)
{
	if (size > 0)
		buf[0] = '\0';
	if (it->accept.n > 0)
		snprintf(buf, size, "%s", it->accept.v[0].s);
}

/* The text normalised. */
static bool text_typed_key(const pt_item *it, const char *typed, char *out, size_t size)
{
	grade_normalise(it, typed, out, size);
	return out[0] != '\0';
}

/* The feedback of the wrong answer a typed text matches. */
static const char *text_wrong_feedback(const pt_item *item, const char *text)
{
	char typed[PT_MAX_TYPED], norm[PT_MAX_TYPED];
	grade_normalise(item, text, typed, sizeof typed);
	for (size_t i = 0; i < item->n_wrong_answers; i++) {
		grade_normalise(item, item->wrong_answers[i].option.s, norm, sizeof norm);
		if (strcmp(typed, norm) == 0)
			return item->wrong_answers[i].text.s;
	}
	return NULL;
}

/* The declared wrong answers, normalised as what learners typed is
 * stored, with their feedback. */
static bool text_wrong_answers(const pt_item *item, bool (*add)(void *, int, const char *, const char *), void *ctx)
{
	for (size_t i = 0; i < item->n_wrong_answers; i++) {
		char norm[PT_MAX_TYPED];
		if (item->wrong_answers[i].option.s == NULL)
			continue;
		grade_normalise(item, item->wrong_answers[i].option.s, norm, sizeof norm);
		if (!add(ctx, -1, norm, item->wrong_answers[i].text.s))
			return false;
	}
	return true;
}

const pt_kind_ops kind_text = {
	.kind = PT_KIND_TEXT, .slots = text_slots, .max_slots = 1,
	.check = text_check, .right_typed = text_right, .typed_key = text_typed_key,
	.wrong_feedback = text_wrong_feedback,
	.wrong_answers = text_wrong_answers,
	.xapi_type = "fill-in", .unclear = PT_GRADE_SPELLING,
};

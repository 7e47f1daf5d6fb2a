/* lesson.c - lesson model helpers: freeing, names, lookups, hashing. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/model/lesson.h"

void lesson_free(pt_lesson *lesson)
{
	if (lesson != NULL)
		arena_free(lesson->arena);
}

const char *lesson_difficulty_name(pt_difficulty difficulty)
{
	switch (difficulty) {
	case PT_EASY: return "easy";
	case PT_MEDIUM: return "medium";
	case PT_HARD: return "hard";
	}
	return "?";
}

char lesson_option_label(size_t index)
{
	return (char)('A' + index);
}

int lesson_option_index(int key, size_t n_options)
{
	if (key < 0 || key > 127 || !isalpha(key))
		return -1;
	size_t index = (size_t)(toupper(key) - 'A');
	return index < n_options ? (int)index : -1;
}

/* Returns true when a and b are both set and equal.  A lesson with errors
 * can lack any string, so every lookup goes through here. */
static bool same(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

/* Returns bank option index's text, or NULL when there is none. */
static const char *bank_text(const pt_item *item, size_t option)
{
	return option < item->bank.n ? item->bank.v[option].s : NULL;
}

int lesson_bank_find(const pt_item *item, const char *text)
{
	for (size_t i = 0; i < item->bank.n; i++)
		if (same(item->bank.v[i].s, text))
			return (int)i;
	return -1;
}

bool lesson_blank_accepts(const pt_item *item, size_t blank, size_t option)
{
	const char *text = bank_text(item, option);
	if (blank >= item->n_blanks || text == NULL)
		return false;
	const pt_text_list *accept = &item->blanks[blank].accept;
	for (size_t i = 0; i < accept->n; i++)
		if (same(accept->v[i].s, text))
			return true;
	return false;
}

const char *lesson_blank_feedback(const pt_item *item, size_t blank, size_t option)
{
	const char *text = bank_text(item, option);
	if (blank >= item->n_blanks || text == NULL)
		return NULL;
	const pt_blank *b = &item->blanks[blank];
	for (size_t i = 0; i < b->n_feedback; i++)
		if (same(b->feedback[i].option.s, text))
			return b->feedback[i].text.s;
	return NULL;
}

size_t lesson_correct_count(const pt_item *item)
{
	size_t n = 0;
	for (size_t i = 0; i < item->n_options; i++)
		n += item->options[i].correct;
	return n;
}

pt_item *lesson_find_item(const pt_lesson *lesson, const char *id)
{
	for (size_t i = 0; lesson != NULL && i < lesson->n_items; i++)
		if (same(lesson->items[i].id.s, id))
			return &lesson->items[i];
	return NULL;
}

unsigned long long lesson_hash_str(unsigned long long h, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	do {
		h ^= *p;
		h *= 1099511628211ULL;
	} while (*p++ != '\0');
	return h;
}

unsigned long long lesson_hash_num(unsigned long long h, double v)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%.17g", v);
	return lesson_hash_str(h, buf);
}

bool lesson_id_ok(const char *id)
{
	if (!islower((unsigned char)id[0]) && !isdigit((unsigned char)id[0]))
		return false;
	for (const char *p = id; *p; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && !strchr("-_.", *p))
			return false;
	return true;
}

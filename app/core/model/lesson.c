/* lesson.c - lesson model helpers: freeing, names, lookups, hashing. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/lesson.h"

void lesson_free(pt_lesson *lesson)
{
	if (lesson != NULL)
		arena_free(lesson->arena);
}

const char *lesson_kind_name(pt_kind kind)
{
	/* A switch on kind, not the kind table: the model is below the learn
	 * layer that holds the table, and the loader names kinds through it
	 * (check_kind_table holds the table's names to these). */
	switch (kind) {
	case PT_KIND_FILL: return "fill";
	case PT_KIND_CHOICE: return "choice";
	case PT_KIND_MULTI: return "multi";
	case PT_KIND_NUMERIC: return "numeric";
	case PT_KIND_TEXT: return "text";
	case PT_KIND_MATCH: return "match";
	case PT_KIND_ORDER: return "order";
	}
	return "?";
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

/* Folds a NUL-terminated string (and its terminator) into an FNV-1a hash. */
static unsigned long long hash_str(unsigned long long h, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	do {
		h ^= *p;
		h *= 1099511628211ULL;
	} while (*p++ != '\0');
	return h;
}

/* Folds a number into a hash by its shortest exact text. */
static unsigned long long hash_num(unsigned long long h, double v)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%.17g", v);
	return hash_str(h, buf);
}

/* Folds what decides the grading of the format-2 kinds into a hash:
 * numeric ranges and units, text answers and case, match lefts and
 * distractors (the rights are in the blanks), order steps.  Nothing
 * is added for an item without them, so format-1 hashes stay as they
 * were. */
static unsigned long long hash_format2(unsigned long long h, const pt_item *item)
{
	if (item->kind == PT_KIND_NUMERIC) {
		h = hash_num(hash_num(h, item->answer.min), item->answer.max);
		for (size_t i = 0; i < item->n_units; i++)
			h = hash_num(hash_str(h, item->units[i].name.s), item->units[i].factor);
	}
	if (item->kind == PT_KIND_TEXT) {
		for (size_t i = 0; i < item->accept.n; i++)
			h = hash_str(h, item->accept.v[i].s);
		h = hash_str(h, item->case_sensitive ? "case" : "nocase");
	}
	for (size_t i = 0; i < item->n_lefts; i++)
		h = hash_str(h, item->lefts[i].s);
	for (size_t i = 0; i < item->distractors.n; i++)
		h = hash_str(h, item->distractors.v[i].s);
	for (size_t i = 0; i < item->steps.n; i++)
		h = hash_str(h, item->steps.v[i].s);
	return h;
}

unsigned long long lesson_item_hash(const pt_item *item)
{
	unsigned long long h = 14695981039346656037ULL;
	h = hash_str(h, lesson_kind_name(item->kind));
	h = hash_str(h, item->code.s);
	/* A match or order bank is made from the pairs, distractors and steps,
	 * hashed below in written order, so a shuffled copy hashes the same. */
	bool own_bank = item->kind != PT_KIND_MATCH && item->kind != PT_KIND_ORDER;
	for (size_t i = 0; own_bank && i < item->bank.n; i++)
		h = hash_str(h, item->bank.v[i].s);
	for (size_t i = 0; i < item->n_blanks; i++) {
		h = hash_str(h, "|");
		for (size_t j = 0; j < item->blanks[i].accept.n; j++)
			h = hash_str(h, item->blanks[i].accept.v[j].s);
	}
	for (size_t i = 0; i < item->n_options; i++) {
		h = hash_str(h, item->options[i].text.s);
		h = hash_str(h, item->options[i].correct ? "1" : "0");
	}
	return hash_format2(h, item);
}

unsigned long long lesson_item_key_hash(const pt_item *item)
{
	unsigned long long h = hash_str(14695981039346656037ULL, "key");
	h = hash_str(h, lesson_kind_name(item->kind));
	for (size_t i = 0; i < item->n_blanks; i++) {
		h = hash_str(h, "|");
		for (size_t j = 0; j < item->blanks[i].accept.n; j++)
			h = hash_str(h, item->blanks[i].accept.v[j].s);
	}
	/* The right options as a set: a sum of their own hashes, so their
	 * order, and every wrong option, leave it alone. */
	unsigned long long right = 0;
	for (size_t i = 0; i < item->n_options; i++)
		if (item->options[i].correct)
			right += hash_str(14695981039346656037ULL, item->options[i].text.s);
	h = hash_num(h, (double)lesson_correct_count(item));
	h ^= right;
	h *= 1099511628211ULL;
	if (item->kind == PT_KIND_NUMERIC) {
		h = hash_num(hash_num(h, item->answer.min), item->answer.max);
		for (size_t i = 0; i < item->n_units; i++)
			h = hash_num(hash_str(h, item->units[i].name.s), item->units[i].factor);
	}
	if (item->kind == PT_KIND_TEXT) {
		for (size_t i = 0; i < item->accept.n; i++)
			h = hash_str(h, item->accept.v[i].s);
		h = hash_str(h, item->case_sensitive ? "case" : "nocase");
	}
	for (size_t i = 0; i < item->n_lefts; i++)
		h = hash_str(h, item->lefts[i].s);
	for (size_t i = 0; i < item->steps.n; i++)
		h = hash_str(h, item->steps.v[i].s);
	return h != 0 ? h : 1; /* 0 stands for "not known" in a store */
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

/* load_kind.c - the loader's table of item kinds: one row per kind file,
 * and what every layer reads through it (a kind's name and shape, the item
 * hashes).  Adding a kind is its file (load_kind_NAME.c, defining one
 * pt_load_kind) and its row here. */
#include <stddef.h>

#include "paratutor/load/load_kind.h"

#ifdef PT_TEST_LOAD_KIND
/* A test build adds a kind of its own: tests/unit/check_kind_table.c. */
extern const pt_load_kind PT_TEST_LOAD_KIND;
#endif

static const pt_load_kind *const kinds[] = {
	&load_kind_fill, &load_kind_choice, &load_kind_multi, &load_kind_numeric, &load_kind_text,
	&load_kind_match, &load_kind_order, &load_kind_explore,
#ifdef PT_TEST_LOAD_KIND
	&PT_TEST_LOAD_KIND,
#endif
};

const pt_load_kind *load_kind_at(size_t i)
{
	return i < sizeof kinds / sizeof kinds[0] ? kinds[i] : NULL;
}

const pt_load_kind *load_kind(pt_kind kind)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i]->kind == kind)
			return kinds[i];
	return &load_kind_choice; /* not reached: every kind has its row (check_kind_table) */
}

pt_answer_shape kind_shape(pt_kind kind)
{
	return load_kind(kind)->shape;
}

const char *lesson_kind_name(pt_kind kind)
{
	return load_kind(kind)->name;
}

#define FNV_BASIS 14695981039346656037ULL

/* Continues h with each text of list, in order. */
static unsigned long long hash_list(unsigned long long h, const pt_text_list *list)
{
	for (size_t i = 0; i < list->n; i++)
		h = lesson_hash_str(h, list->v[i].s);
	return h;
}

/* Continues h with each blank's accepted answers, each blank after a "|". */
static unsigned long long hash_blanks(unsigned long long h, const pt_item *item)
{
	for (size_t i = 0; i < item->n_blanks; i++)
		h = hash_list(lesson_hash_str(h, "|"), &item->blanks[i].accept);
	return h;
}

/* Continues h with the matching item's left texts. */
static unsigned long long hash_lefts(unsigned long long h, const pt_item *item)
{
	for (size_t i = 0; i < item->n_lefts; i++)
		h = lesson_hash_str(h, item->lefts[i].s);
	return h;
}

unsigned long long lesson_item_hash(const pt_item *item)
{
	const pt_load_kind *k = load_kind(item->kind);
	unsigned long long h = lesson_hash_str(FNV_BASIS, k->name);
	h = lesson_hash_str(h, item->code.s);
	/* A match or order bank is made from the pairs, distractors and steps,
	 * hashed below in written order, so a shuffled copy hashes the same. */
	if (!k->derived_bank)
		h = hash_list(h, &item->bank);
	h = hash_blanks(h, item);
	for (size_t i = 0; i < item->n_options; i++) {
		h = lesson_hash_str(h, item->options[i].text.s);
		h = lesson_hash_str(h, item->options[i].correct ? "1" : "0");
	}
	/* Nothing is added for an item without the format-2 fields, so
	 * format-1 hashes stay as they were. */
	if (k->hash != NULL)
		h = k->hash(h, item);
	return hash_list(hash_list(hash_lefts(h, item), &item->distractors), &item->steps);
}

unsigned long long lesson_item_key_hash(const pt_item *item)
{
	const pt_load_kind *k = load_kind(item->kind);
	unsigned long long h = hash_blanks(lesson_hash_str(lesson_hash_str(FNV_BASIS, "key"), k->name), item);
	/* The right options as a set: a sum of their own hashes, so their
	 * order, and every wrong option, leave it alone. */
	unsigned long long right = 0;
	for (size_t i = 0; i < item->n_options; i++)
		if (item->options[i].correct)
			right += lesson_hash_str(FNV_BASIS, item->options[i].text.s);
	h = lesson_hash_num(h, (double)lesson_correct_count(item));
	h ^= right;
	h *= 1099511628211ULL;
	if (k->hash != NULL)
		h = k->hash(h, item);
	h = hash_list(hash_lefts(h, item), &item->steps);
	return h != 0 ? h : 1; /* 0 stands for "not known" in a store */
}

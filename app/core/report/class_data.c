/* class_data.c - the class report's data, found: a lesson or an item by
 * id, an item's wrong answers by place and text, a learner's score in a
 * lesson.  class.c fills it in; class_analysis.c and class_exam.c read it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/report/class.h"
#include "paratutor/report/class_parts.h"
#include "paratutor/base/grow.h"

/* FNV-1a of a wrong answer's place and text. */
static size_t option_hash(int place, const char *text)
{
	uint64_t h = 1469598103934665603ull ^ (unsigned)place;
	for (; *text; text++)
		h = (h ^ (unsigned char)*text) * 1099511628211ull;
	return (size_t)h;
}

/* Returns the slot of ci's index holding (place, text), or the empty slot
 * where it would go. */
static size_t *option_slot(const pt_class_item *ci, int place, const char *text)
{
	size_t mask = ci->cap_index - 1;
	for (size_t i = option_hash(place, text) & mask;; i = (i + 1) & mask) {
		size_t k = ci->wrong_index[i];
		if (k == 0 || (ci->wrong[k - 1].place == place && strcmp(ci->wrong[k - 1].text, text) == 0))
			return &ci->wrong_index[i];
	}
}

/* Remakes ci's index with cap slots (a power of two); false when out of
 * memory. */
static bool index_wrong(pt_class_item *ci, size_t cap)
{
	size_t *v = calloc(cap, sizeof *v);
	if (v == NULL)
		return false;
	free(ci->wrong_index);
	ci->wrong_index = v;
	ci->cap_index = cap;
	for (size_t k = 0; k < ci->n_wrong; k++)
		*option_slot(ci, ci->wrong[k].place, ci->wrong[k].text) = k + 1;
	return true;
}

void class_unindex_wrong(pt_class_item *ci)
{
	free(ci->wrong_index);
	ci->wrong_index = NULL;
	ci->cap_index = 0;
}

pt_class_option *class_add_wrong(pt_class_item *ci, int place, const char *text, const char *feedback, bool own)
{
	/* A class's typed answers can be many: found by hash, not by a walk. */
	if (2 * (ci->n_wrong + 1) > ci->cap_index && !index_wrong(ci, ci->cap_index ? 2 * ci->cap_index : 16))
		return NULL;
	size_t *slot = option_slot(ci, place, text);
	if (*slot != 0)
		return &ci->wrong[*slot - 1];
	char *copy = own ? strdup(text) : NULL;
	void *v = ci->wrong;
	if ((own && copy == NULL) || !grow_array(&v, &ci->cap_wrong, ci->n_wrong + 1, sizeof *ci->wrong)) {
		free(copy);
		return NULL;
	}
	ci->wrong = v;
	ci->wrong[ci->n_wrong] = (pt_class_option){ .text = own ? copy : text, .feedback = feedback, .place = place,
		.owned = copy, .order = ci->n_wrong };
	*slot = ++ci->n_wrong;
	return &ci->wrong[ci->n_wrong - 1];
}

/* Returns the index of the key with id among n sorted keys, or -1. */
static long find_key(const pt_class_key *keys, size_t n, const char *id)
{
	size_t at;
	return grow_search(keys, n, sizeof *keys, offsetof(pt_class_key, id), id, &at) ? (long)keys[at].index : -1;
}

long class_lesson_index(const pt_class *c, const char *id)
{
	return find_key(c->by_id, c->n_lessons, id);
}

long class_item_index(const pt_class *c, size_t li, const char *id)
{
	return find_key(c->item_by_id[li], c->lessons[li].n_items, id);
}

int class_score(const pt_class *c, size_t learner, size_t lesson)
{
	return c->scores[learner * (c->n_lessons ? c->n_lessons : 1) + lesson];
}

const pt_class_lesson *class_lesson(const pt_class *c, const char *id)
{
	long li = class_lesson_index(c, id);
	return li < 0 ? NULL : &c->lessons[li];
}

const pt_class_item *class_item(const pt_class_lesson *l, const char *id)
{
	for (size_t i = 0; i < l->n_items; i++)
		if (strcmp(l->items[i].item->id.s, id) == 0)
			return &l->items[i];
	return NULL;
}

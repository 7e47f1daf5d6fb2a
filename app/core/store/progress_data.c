/* progress_data.c - the progress store's data in memory: records sorted
 * by lesson and item, with their wrong answers, and lesson states sorted
 * by id; finding, adding and removing them.  Freeing a whole store's data
 * (drafts and exams included) is data_free, in progress_merge.c. */
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/grow.h"
#include "paratutor/store/progress_data.h"
#include "paratutor/base/text.h"

/* Frees a list of n strings and empties it. */
static void strings_clear(char ***v, size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		free((*v)[i]);
	free(*v);
	*v = NULL;
	*n = 0;
}

/* Frees every wrong-option text of a record, placed or not. */
void record_clear_wrong(pt_record *r)
{
	strings_clear(&r->wrong, &r->n_wrong);
	strings_clear(&r->wrong_at, &r->n_wrong_at);
}

void record_free(pt_record *r)
{
	free(r->lesson);
	free(r->item);
	record_clear_wrong(r);
	memset(r, 0, sizeof *r);
}

char *data_text_dup(const char *s, size_t prefix_room)
{
	size_t len = strlen(s);
	char *out = malloc(prefix_room + 3 * len + 1); /* one invalid byte becomes three */
	if (out == NULL)
		return NULL;
	char *o = out + prefix_room;
	for (size_t i = 0; i < len;) {
		size_t at = i;
		unsigned cp = text_decode(s, len, &i);
		bool invalid = cp == 0xFFFD && !(i - at == 3 && memcmp(s + at, "\xEF\xBF\xBD", 3) == 0);
		if (invalid) {
			memcpy(o, "\xEF\xBF\xBD", 3);
			o += 3;
		} else {
			memcpy(o, s + at, i - at);
			o += i - at;
		}
	}
	*o = '\0';
	return out;
}

/* Adds s to the list unless it is there or the list holds PT_MAX_WRONG
 * (which bounds this scan), as a copy made valid UTF-8 (data_text_dup);
 * false when out of memory. */
static bool strings_add(char ***list, size_t *n, const char *s)
{
	if (*n >= PT_MAX_WRONG)
		return true;
	char *copy = data_text_dup(s, 0);
	if (copy == NULL)
		return false;
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*list)[i], copy) == 0) {
			free(copy);
			return true;
		}
	char **v = realloc(*list, (*n + 1) * sizeof *v);
	if (v == NULL) {
		free(copy);
		return false;
	}
	*list = v;
	v[(*n)++] = copy;
	return true;
}

bool record_add_wrong(pt_record *r, const char *text)
{
	return strings_add(&r->wrong, &r->n_wrong, text);
}

bool record_add_wrong_at(pt_record *r, const char *placed)
{
	int slot;
	const char *text = progress_wrong_place(placed, &slot);
	return text == NULL || strings_add(&r->wrong_at, &r->n_wrong_at, placed);
}

const char *progress_wrong_place(const char *placed, int *slot)
{
	int n = 0;
	const char *s = placed;
	for (; *s >= '0' && *s <= '9' && n <= PT_MAX_SLOTS; s++)
		n = n * 10 + (*s - '0');
	if (s == placed || *s != ':' || n < 1 || n > PT_MAX_SLOTS)
		return NULL;
	*slot = n;
	return s + 1;
}

/* Compares a key, its lesson and item ids, with a record's. */
static int key_cmp(const void *key, const void *el)
{
	const char *const *k = key;
	const pt_record *r = el;
	int c = strcmp(k[0], r->lesson);
	return c != 0 ? c : strcmp(k[1], r->item);
}

bool data_search(const store_data *d, const char *lesson, const char *item, size_t *at)
{
	const char *key[2] = { lesson, item };
	return grow_find(d->rec, d->n_rec, sizeof *d->rec, key_cmp, key, at);
}

pt_record *data_find(const store_data *d, const char *lesson, const char *item)
{
	size_t at;
	if (lesson == NULL || item == NULL)
		return NULL;
	return data_search(d, lesson, item, &at) ? &d->rec[at] : NULL;
}

pt_record *data_insert_at(store_data *d, size_t at)
{
	return grow_insert((void **)&d->rec, &d->cap_rec, &d->n_rec, at, sizeof *d->rec);
}

void data_remove_at(store_data *d, size_t at)
{
	record_free(&d->rec[at]);
	memmove(&d->rec[at], &d->rec[at + 1], (d->n_rec - at - 1) * sizeof *d->rec);
	d->n_rec--;
}

/* Finds id among the sorted lesson states: true when found, with *at its
 * index; else *at is where it would be inserted. */
static bool lesson_search(const store_data *d, const char *id, size_t *at)
{
	return grow_search(d->les, d->n_les, sizeof *d->les, offsetof(lesson_state, id), id, at);
}

lesson_state *data_lesson(const store_data *d, const char *id)
{
	size_t at;
	if (id == NULL)
		return NULL;
	return lesson_search(d, id, &at) ? &d->les[at] : NULL;
}

lesson_state *data_lesson_get(store_data *d, const char *id)
{
	size_t at;
	if (lesson_search(d, id, &at))
		return &d->les[at];
	char *copy = strdup(id);
	lesson_state *l = copy != NULL ? grow_insert((void **)&d->les, &d->cap_les, &d->n_les, at, sizeof *l) : NULL;
	if (l == NULL) {
		free(copy);
		return NULL;
	}
	l->id = copy;
	return l;
}

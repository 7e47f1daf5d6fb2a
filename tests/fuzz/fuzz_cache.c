/* fuzz_cache.c - libFuzzer target: the lesson index reader must survive
 * any file without crashing, leaking or undefined behaviour.
 *
 * An index ends with a checksum, so almost every mutated file is refused
 * at once; to reach the decoder the input is also decoded sealed: with
 * the checksum of its bytes appended.  Whatever decodes is used as the
 * catalog would use it (each entry looked up and its strings and
 * diagnostics read), then written again and decoded again, which must
 * give the same entries; and decoded once more into an arena, as the
 * catalog does. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/catalog/index.h"

#define TAG "fuzz"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads every string of an entry, as the menu would. */
static size_t touch(const pt_index_entry *e)
{
	size_t n = strlen(e->path);
	if (e->info != NULL) {
		const pt_lesson_info *l = e->info;
		n += l->id ? strlen(l->id) : 0;
		n += l->title ? strlen(l->title) : 0;
		n += l->summary ? strlen(l->summary) : 0;
		pt_index_items c = index_items(l);
		pt_index_item it;
		size_t read = 0;
		while (index_items_next(&c, &it)) {
			n += (it.id ? strlen(it.id) : 0) + (it.tags ? strlen(it.tags) : 0) + it.n_hints + it.kind + it.difficulty;
			read++;
		}
		if (read != l->n_items)
			abort();
	}
	for (size_t i = 0; i < e->diags.n; i++) {
		char line[2048];
		diags_format(&e->diags.v[i], line, sizeof line);
		n += strlen(line);
	}
	return n;
}

/* Returns true when two optional strings are equal. */
static bool same_str(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Aborts unless two decoded entries are the same. */
static void check_same(const pt_index_entry *a, const pt_index_entry *b)
{
	if (strcmp(a->path, b->path) != 0 || !index_key_equal(&a->key, &b->key) || (a->info == NULL) != (b->info == NULL) ||
	    a->diags.n != b->diags.n || a->diags.errors != b->diags.errors || a->diags.warnings != b->diags.warnings ||
	    a->diags.dropped != b->diags.dropped)
		abort();
	if (a->info != NULL) {
		const pt_lesson_info *x = a->info, *y = b->info;
		if (!same_str(x->id, y->id) || !same_str(x->title, y->title) || !same_str(x->summary, y->summary) ||
		    x->n_items != y->n_items || x->id_pos.line != y->id_pos.line || x->id_pos.col != y->id_pos.col ||
		    memcmp(x->per_difficulty, y->per_difficulty, sizeof x->per_difficulty) != 0)
			abort();
		pt_index_items cx = index_items(x), cy = index_items(y);
		pt_index_item i, j;
		while (index_items_next(&cx, &i))
			if (!index_items_next(&cy, &j) || !same_str(i.id, j.id) || i.hash != j.hash || i.kind != j.kind ||
			    i.difficulty != j.difficulty || i.n_hints != j.n_hints)
				abort();
	}
	for (size_t i = 0; i < a->diags.n; i++)
		if (strcmp(a->diags.v[i].message, b->diags.v[i].message) != 0 ||
		    strcmp(a->diags.v[i].file, b->diags.v[i].file) != 0 ||
		    a->diags.v[i].severity != b->diags.v[i].severity)
			abort();
}

/* Uses a decoded index, then writes it again and decodes that. */
static void exercise(const pt_index *ix)
{
	volatile size_t sink = 0;
	pt_index_writer w;
	index_writer_start(&w, TAG, ix->has_dir ? &ix->dir : NULL);
	for (size_t i = 0; i < ix->n; i++) {
		const pt_index_entry *e = &ix->v[i];
		if (index_find(ix, e->path, &e->key) == NULL)
			abort();
		sink += touch(e);
		index_writer_add(&w, e->path, &e->key, e->info, &e->diags);
	}
	char *buf;
	size_t len;
	if (!index_writer_finish(&w, &buf, &len))
		return;
	pt_index again;
	if (!index_decode(buf, len, TAG, &again) || again.n != ix->n || again.has_dir != ix->has_dir ||
	    (ix->has_dir && !index_key_equal(&again.dir, &ix->dir)))
		abort();
	for (size_t i = 0; i < ix->n; i++)
		check_same(&ix->v[i], &again.v[i]);
	index_free(&again);
	free(buf);
	(void)sink;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pt_index ix;
	if (index_decode((const char *)data, size, TAG, &ix)) {
		exercise(&ix);
		index_free(&ix);
	}
	char *sealed = malloc(size + 8);
	if (sealed == NULL)
		return 0;
	if (size > 0)
		memcpy(sealed, data, size);
	unsigned long long sum = index_checksum(sealed, size);
	for (size_t i = 0; i < 8; i++)
		sealed[size + i] = (char)(unsigned char)(sum >> (8 * i));
	if (index_decode(sealed, size + 8, TAG, &ix)) {
		exercise(&ix);
		index_free(&ix);
	}
	/* As the catalog reads it: everything in one arena. */
	pt_arena *arena = arena_new_populated();
	if (arena != NULL && index_decode_into(sealed, size + 8, TAG, &ix, arena)) {
		exercise(&ix);
		index_free(&ix);
	}
	arena_free(arena);
	free(sealed);
	return 0;
}

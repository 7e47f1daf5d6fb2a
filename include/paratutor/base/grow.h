/* grow.h - growing a heap array geometrically, inserting into it and
 * searching it when it is sorted.
 *
 * The array stays the caller's: these only reallocate it, and the caller
 * frees it with free(). */
#ifndef PARATUTOR_GROW_H
#define PARATUTOR_GROW_H

#include <stdbool.h>
#include <stddef.h>

/* Makes the array *v of *cap elements of elem bytes hold at least need
 * elements, at least doubling its capacity when it grows (so appending one
 * at a time costs amortised constant time).  Returns false, leaving *v and
 * *cap untouched, when the size overflows or memory runs out. */
bool grow_array(void **v, size_t *cap, size_t need, size_t elem);

/* Inserts a zeroed element at index at (at most *n) of the array *v of *n
 * elements of elem bytes and capacity *cap, moving the later ones up, and
 * returns it; returns NULL, the array untouched, when memory runs out. */
void *grow_insert(void **v, size_t *cap, size_t *n, size_t at, size_t elem);

/* Binary search among the n elements of elem bytes at v, sorted so that
 * cmp(key, element) is below, at or above 0 as for bsearch: true when one
 * compares equal, with *at its index; else *at is where key would go. */
bool grow_find(const void *v, size_t n, size_t elem, int (*cmp)(const void *key, const void *el), const void *key,
    size_t *at);

/* grow_find where the elements are sorted by strcmp of the string each
 * points to at offset off (a char pointer member). */
bool grow_search(const void *v, size_t n, size_t elem, size_t off, const char *key, size_t *at);

#endif

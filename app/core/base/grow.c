/* grow.c - growing a heap array geometrically, inserting into it and
 * searching it when it is sorted. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/grow.h"

#define GROW_MIN 8 /* elements in an array's first block */

bool grow_array(void **v, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	if (elem == 0)
		return false;
	size_t bigger = *cap < GROW_MIN ? GROW_MIN : *cap;
	while (bigger < need)
		bigger = bigger <= SIZE_MAX / 2 ? bigger * 2 : need;
	if (bigger > SIZE_MAX / elem)
		bigger = need; /* doubling would overflow: exactly what is needed */
	if (bigger > SIZE_MAX / elem)
		return false;
	void *p = realloc(*v, bigger * elem);
	if (p == NULL)
		return false;
	*v = p;
	*cap = bigger;
	return true;
}

void *grow_insert(void **v, size_t *cap, size_t *n, size_t at, size_t elem)
{
	if (!grow_array(v, cap, *n + 1, elem))
		return NULL;
	char *slot = (char *)*v + at * elem;
	memmove(slot + elem, slot, (*n - at) * elem);
	memset(slot, 0, elem);
	++*n;
	return slot;
}

bool grow_find(const void *v, size_t n, size_t elem, int (*cmp)(const void *key, const void *el), const void *key,
    size_t *at)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp(key, (const char *)v + mid * elem);
		if (c == 0) {
			*at = mid;
			return true;
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	*at = lo;
	return false;
}

/* A string and the offset of the string member it is compared with. */
typedef struct member_key {
	const char *s;
	size_t off;
} member_key;

static int member_cmp(const void *key, const void *el)
{
	const member_key *k = key;
	const char *s;
	memcpy(&s, (const char *)el + k->off, sizeof s);
	return strcmp(k->s, s);
}

bool grow_search(const void *v, size_t n, size_t elem, size_t off, const char *key, size_t *at)
{
	member_key k = { key, off };
	return grow_find(v, n, elem, member_cmp, &k, at);
}

/* grow.c - growing heap arrays by doubling. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/grow.h"

#define MIN_CAP 8

bool grow_array(void **v, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	size_t want = *cap > SIZE_MAX / 2 ? SIZE_MAX : *cap * 2;
	if (want < MIN_CAP)
		want = MIN_CAP;
	if (want < need)
		want = need;
	if (elem == 0)
		return false;
	if (want > SIZE_MAX / elem)
		want = need; /* doubling would overflow: take just what is needed */
	if (want > SIZE_MAX / elem)
		return false;
	/* Through memcpy: *v is the caller's typed pointer seen as void *. */
	void *old;
	memcpy(&old, v, sizeof old);
	void *grown = realloc(old, want * elem);
	if (grown == NULL)
		return false;
	memcpy(v, &grown, sizeof grown);
	*cap = want;
	return true;
}

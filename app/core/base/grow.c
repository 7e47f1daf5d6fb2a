/* grow.c - growing a heap array geometrically. */
#include <stdint.h>
#include <stdlib.h>

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

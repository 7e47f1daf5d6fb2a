/* grow.h - growing a heap array geometrically.
 *
 * The array stays the caller's: grow_array only reallocates it, and the
 * caller frees it with free(). */
#ifndef PARATUTOR_GROW_H
#define PARATUTOR_GROW_H

#include <stdbool.h>
#include <stddef.h>

/* Makes the array *v of *cap elements of elem bytes hold at least need
 * elements, at least doubling its capacity when it grows (so appending one
 * at a time costs amortised constant time).  Returns false, leaving *v and
 * *cap untouched, when the size overflows or memory runs out. */
bool grow_array(void **v, size_t *cap, size_t need, size_t elem);

#endif

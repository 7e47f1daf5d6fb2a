/* grow.h - growing a heap array to hold more elements.
 *
 * The array belongs to the caller, who frees it with free(). */
#ifndef PARATUTOR_GROW_H
#define PARATUTOR_GROW_H

#include <stdbool.h>
#include <stddef.h>

/* Makes the array *v of *cap elements of elem bytes hold at least need
 * elements: when *cap is smaller, reallocates it to the larger of need and
 * twice *cap (at least 8) and updates *v and *cap.  Pass the address of a
 * typed pointer cast to void **.  Returns false, leaving *v and *cap as
 * they were, when out of memory or when the size would overflow. */
bool grow_array(void **v, size_t *cap, size_t need, size_t elem);

#endif

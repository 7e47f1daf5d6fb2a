/* strbuf.c - a growing string. */
#include <string.h>

#include "paratutor/grow.h"
#include "paratutor/strbuf.h"

void strbuf_put(pt_strbuf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	void *v = b->s;
	if (!grow_array(&v, &b->cap, b->n + n + 1, 1)) {
		b->failed = true;
		return;
	}
	b->s = v;
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

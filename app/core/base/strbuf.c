/* strbuf.c - a growing string. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

void strbuf_printf(pt_strbuf *b, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = true;
		return;
	}
	if ((size_t)n < sizeof small) {
		strbuf_put(b, small, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (big == NULL) {
		b->failed = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	strbuf_put(b, big, (size_t)n);
	free(big);
}

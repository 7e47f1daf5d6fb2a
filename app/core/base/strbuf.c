/* strbuf.c - a growing string. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/grow.h"
#include "paratutor/base/strbuf.h"

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

void strbuf_puts(pt_strbuf *b, const char *s)
{
	strbuf_put(b, s, strlen(s));
}

/* Appends a printf-style text (with its arguments as a va_list). */
static void strbuf_vprintf(pt_strbuf *b, const char *fmt, va_list ap)
{
	char small[256];
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	if (n < 0) {
		b->failed = true;
	} else if ((size_t)n < sizeof small) {
		strbuf_put(b, small, (size_t)n);
	} else {
		char *big = malloc((size_t)n + 1);
		if (big == NULL) {
			b->failed = true;
		} else {
			vsnprintf(big, (size_t)n + 1, fmt, again);
			strbuf_put(b, big, (size_t)n);
			free(big);
		}
	}
	va_end(again);
}

void strbuf_printf(pt_strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

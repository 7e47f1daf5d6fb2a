/* strbuf.h - a growing string, for text built piece by piece.
 *
 * The string is the caller's: free(b.s) when done.  After a failed
 * allocation the buffer keeps what it had and ignores further pieces, so a
 * caller checks failed once, at the end. */
#ifndef PARATUTOR_STRBUF_H
#define PARATUTOR_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pt_strbuf {
	char *s;     /* NUL-terminated once anything was put */
	size_t n;    /* bytes, without the NUL */
	size_t cap;
	bool failed; /* an allocation failed: s holds an earlier prefix */
} pt_strbuf;

/* Appends n bytes of s. */
void strbuf_put(pt_strbuf *b, const char *s, size_t n);

/* Appends the string s. */
void strbuf_puts(pt_strbuf *b, const char *s);

/* Appends a printf-style text. */
void strbuf_printf(pt_strbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif

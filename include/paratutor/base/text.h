/* text.h - measuring and wrapping UTF-8 text by display width.
 *
 * Pure functions; nothing here allocates except text_wrap, whose result
 * the caller frees with text_lines_free. */
#ifndef PARATUTOR_TEXT_H
#define PARATUTOR_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* One wrapped line: a byte range of the source text and its width. */
typedef struct pt_line {
	size_t start;
	size_t len;
	int width;
} pt_line;

typedef struct pt_lines {
	pt_line *v;
	size_t n;
} pt_lines;

/* Decodes the code point at s[*i] (of len bytes) and advances *i.  Invalid
 * bytes decode as U+FFFD and advance by one. */
unsigned text_decode(const char *s, size_t len, size_t *i);

/* Returns the display width of one code point: 0, 1 or 2, or for a
 * character shown escaped (sanitise.h) the width of its escape; newline
 * and tab count 0. */
int text_cp_width(unsigned cp);

/* Returns the display width of len bytes of s. */
int text_width(const char *s, size_t len);

/* Returns text_width(s, len), or cap when that is more: measuring stops
 * there. */
int text_width_capped(const char *s, size_t len, int cap);

/* Returns how many of the first len bytes of s fit in width columns,
 * never cutting a character. */
size_t text_fit(const char *s, size_t len, int width);

/* Returns the edit distance (insertions, deletions, substitutions of
 * bytes) between a and b, capped at 9; strings over 40 bytes count as 9. */
int text_distance(const char *a, const char *b);

/* Splits s into lines at most width columns wide, breaking at spaces, at
 * '\n' always, and never inside a character.  A word (a URL above all)
 * wider than width is never broken: it takes a line of its own, wider
 * than width; only a run of wide characters (text written without spaces)
 * breaks where the line ends.  Returns false when out of memory. */
bool text_wrap(const char *s, int width, pt_lines *out);

/* Frees a wrap result. */
void text_lines_free(pt_lines *lines);

#endif

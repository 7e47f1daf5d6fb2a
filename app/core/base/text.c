/* text.c - UTF-8 decoding, display width and word wrapping. */
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "paratutor/base/grow.h"
#include "paratutor/base/sanitise.h"
#include "paratutor/base/text.h"

unsigned text_decode(const char *s, size_t len, size_t *i)
{
	const unsigned char *p = (const unsigned char *)s + *i;
	size_t left = len - *i;
	unsigned c = p[0];
	int n;
	unsigned cp, min;
	if (c < 0x80) {
		*i += 1;
		return c;
	} else if ((c & 0xE0) == 0xC0) {
		n = 2; cp = c & 0x1F; min = 0x80;
	} else if ((c & 0xF0) == 0xE0) {
		n = 3; cp = c & 0x0F; min = 0x800;
	} else if ((c & 0xF8) == 0xF0) {
		n = 4; cp = c & 0x07; min = 0x10000;
	} else {
		*i += 1;
		return 0xFFFD;
	}
	if ((size_t)n > left) {
		*i += 1;
		return 0xFFFD;
	}
	for (int k = 1; k < n; k++) {
		if ((p[k] & 0xC0) != 0x80) {
			*i += 1;
			return 0xFFFD;
		}
		cp = (cp << 6) | (p[k] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
		*i += 1;
		return 0xFFFD;
	}
	*i += (size_t)n;
	return cp;
}

int text_cp_width(unsigned cp)
{
	if (cp == '\n' || cp == '\t')
		return 0;
	if (sanitise_hostile(cp)) { /* drawn as its visible escape */
		char esc[PT_SANITISE_ESCAPE_MAX + 1];
		return sanitise_escape(cp, esc);
	}
	if (cp < 0x7F)
		return 1;
	int w = wcwidth((wchar_t)cp);
	if (w >= 0)
		return w;
	/* Outside a UTF-8 locale wcwidth knows nothing; count wide ranges. */
	if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
	    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
	    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
	    (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1FAFF) ||
	    (cp >= 0x20000 && cp <= 0x3FFFD))
		return 2;
	if ((cp >= 0x0300 && cp <= 0x036F) || cp == 0x200B || cp == 0x200D)
		return 0;
	return 1;
}

int text_width(const char *s, size_t len)
{
	int w = 0;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) { /* ASCII, most text: as text_cp_width counts it */
			w += c >= 0x20 && c != 0x7F ? 1 : text_cp_width(c);
			i++;
			continue;
		}
		w += text_cp_width(text_decode(s, len, &i));
	}
	return w;
}

int text_width_capped(const char *s, size_t len, int cap)
{
	int w = 0;
	for (size_t i = 0; i < len && w < cap;)
		w += text_cp_width(text_decode(s, len, &i));
	return w < cap ? w : cap;
}

size_t text_fit(const char *s, size_t len, int width)
{
	size_t i = 0;
	int w = 0;
	while (i < len) {
		size_t next = i;
		int cw = text_cp_width(text_decode(s, len, &next));
		if (w + cw > width)
			break;
		w += cw;
		i = next;
	}
	return i;
}

int text_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 40 || lb > 40)
		return 9;
	int row[41];
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j];
			int best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best) best = up + 1;
			if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb] > 9 ? 9 : row[lb];
}

/* Appends a line; returns false when out of memory. */
static bool lines_push(pt_lines *out, size_t *cap, size_t start, size_t len, int width)
{
	void *v = out->v;
	if (!grow_array(&v, cap, out->n + 1, sizeof *out->v))
		return false;
	out->v = v;
	out->v[out->n++] = (pt_line){ start, len, width };
	return true;
}

/* Returns true when s[start, end) holds a character wider than one
 * column: text written without spaces between words (Chinese, Japanese),
 * which may break between any two characters. */
static bool has_wide(const char *s, size_t start, size_t end)
{
	for (size_t i = start; i < end;)
		if (text_cp_width(text_decode(s, end, &i)) > 1)
			return true;
	return false;
}

bool text_wrap(const char *s, int width, pt_lines *out)
{
	size_t len = strlen(s), cap = 0;
	out->v = NULL;
	out->n = 0;
	if (width < 1)
		width = 1;
	size_t start = 0;
	while (start <= len) {
		size_t i = start, brk = 0;
		int w = 0, brk_w = 0;
		bool have_brk = false;
		while (i < len && s[i] != '\n') {
			size_t next = i;
			int cw = text_cp_width(text_decode(s, len, &next));
			if (w + cw > width)
				break;
			if (s[i] == ' ') {
				brk = i;
				brk_w = w;
				have_brk = true;
			}
			w += cw;
			i = next;
		}
		if (i >= len || s[i] == '\n') {
			if (!lines_push(out, &cap, start, i - start, w))
				return false;
			if (i >= len)
				break;
			start = i + 1;
			continue;
		}
		if (have_brk && brk > start) {
			if (!lines_push(out, &cap, start, brk - start, brk_w))
				return false;
			start = brk + 1;
			continue;
		}
		/* One word wider than the line.  A word, a URL above all, is
		 * never broken: it takes a line of its own, wider than width.
		 * Only text of wide characters, written without spaces, breaks
		 * where the line ends. */
		size_t end = i;
		while (end < len && s[end] != ' ' && s[end] != '\n')
			end++;
		if (has_wide(s, start, end)) {
			if (i == start) /* a character wider than the line */
				text_decode(s, len, &i), w = width;
			if (!lines_push(out, &cap, start, i - start, w))
				return false;
			start = i;
			continue;
		}
		if (!lines_push(out, &cap, start, end - start, text_width(s + start, end - start)))
			return false;
		start = end < len && s[end] == ' ' ? end + 1 : end;
		if (end < len && s[end] == '\n')
			start = end + 1;
		if (end >= len)
			break;
	}
	return true;
}

void text_lines_free(pt_lines *lines)
{
	free(lines->v);
	lines->v = NULL;
	lines->n = 0;
}

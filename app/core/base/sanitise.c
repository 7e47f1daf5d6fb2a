/* sanitise.c - outside text made safe to show: controls, C1, bidi and
 * invisible format characters, and invalid UTF-8, as visible escapes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/sanitise.h"

bool sanitise_hostile(unsigned cp)
{
	if (cp < 0x20)
		return cp != '\n' && cp != '\t';
	if (cp < 0x7F)
		return false;
	if (cp <= 0x9F) /* DEL and C1 */
		return true;
	switch (cp) {
	case 0x061C: case 0x180E: case 0x2028: case 0x2029: case 0xFEFF:
		return true;
	default:
		break;
	}
	return (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
	       (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x206F) ||
	       (cp >= 0xFFF9 && cp <= 0xFFFB) || (cp >= 0xE0000 && cp <= 0xE007F);
}

int sanitise_escape(unsigned cp, char out[PT_SANITISE_ESCAPE_MAX + 1])
{
	if (cp == 0x1B)
		return snprintf(out, PT_SANITISE_ESCAPE_MAX + 1, "\\e");
	if (cp == '\r')
		return snprintf(out, PT_SANITISE_ESCAPE_MAX + 1, "\\r");
	return snprintf(out, PT_SANITISE_ESCAPE_MAX + 1, "<U+%04X>", cp & 0x1FFFFF);
}

/* Decodes one UTF-8 sequence at s[i]: returns its length, 0 for an
 * invalid byte, or -1 when the sequence is cut off by the end of the
 * text but valid so far. */
static int decode(const unsigned char *s, size_t len, size_t i, unsigned *cp)
{
	unsigned c = s[i], v, min;
	int n;
	if (c < 0x80) {
		*cp = c;
		return 1;
	} else if (c >= 0xC2 && c <= 0xDF) {
		n = 2; v = c & 0x1F; min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3; v = c & 0x0F; min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4; v = c & 0x07; min = 0x10000;
	} else {
		return 0;
	}
	for (int k = 1; k < n; k++) {
		if (i + (size_t)k >= len)
			return -1; /* cut off, but valid so far */
		if ((s[i + k] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i + k] & 0x3F);
		if (k == 1 && ((n == 3 && v < 0x20) || (n == 3 && v >= 0x360 && v <= 0x37F) ||
		    (n == 4 && v < 0x10) || (n == 4 && v > 0x10F)))
			return 0; /* overlong, surrogate or past U+10FFFF */
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return n;
}

size_t sanitise_find(const char *s, size_t len, unsigned *cp, size_t *n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		unsigned c = u[i];
		if (c >= 0x20 && c < 0x7F) {
			i++;
			continue;
		}
		if (c == '\r' && i + 1 < len && u[i + 1] == '\n') {
			i += 2;
			continue;
		}
		unsigned v = 0;
		int k = decode(u, len, i, &v);
		if (k <= 0) {
			*cp = 0xFFFFFFFFu;
			*n = 1;
			return i;
		}
		if (sanitise_hostile(v)) {
			*cp = v;
			*n = (size_t)k;
			return i;
		}
		i += (size_t)k;
	}
	*cp = 0;
	*n = 0;
	return len;
}

/* Writes the escape of code point cp (or, when bad, of the byte c that is
 * not UTF-8): visible text, or a JSON escape that decodes to the same
 * character (a bad byte to the text \xNN). */
static void put_escape(pt_strbuf *out, unsigned cp, unsigned c, bool bad, bool json)
{
	char esc[16];
	int e;
	if (bad && json)
		e = snprintf(esc, sizeof esc, "\\\\x%02X", c);
	else if (bad)
		e = snprintf(esc, sizeof esc, "\\x%02X", c);
	else if (!json)
		e = sanitise_escape(cp, esc);
	else if (cp < 0x10000)
		e = snprintf(esc, sizeof esc, "\\u%04x", cp);
	else
		e = snprintf(esc, sizeof esc, "\\u%04x\\u%04x", 0xD800 + ((cp - 0x10000) >> 10),
		    0xDC00 + ((cp - 0x10000) & 0x3FF));
	strbuf_put(out, esc, (size_t)e);
}

/* sanitise_put, with JSON escapes when json. */
static size_t put_text(pt_strbuf *out, const char *s, size_t len, bool final, bool json)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, clean = 0;
	while (i < len) {
		unsigned c = u[i];
		if ((c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t') {
			i++;
			continue;
		}
		if (c == '\r' && i + 1 < len && u[i + 1] == '\n') {
			i += 2;
			continue;
		}
		if (c == '\r' && i + 1 == len && !final)
			break; /* the newline may come with the next piece */
		unsigned v = 0;
		int k = decode(u, len, i, &v);
		if (k < 0 && !final)
			break; /* the rest of the character is still to come */
		if (k > 0 && !sanitise_hostile(v)) {
			i += (size_t)k;
			continue;
		}
		strbuf_put(out, s + clean, i - clean);
		put_escape(out, v, c, k <= 0, json);
		i += k <= 0 ? 1 : (size_t)k;
		clean = i;
	}
	strbuf_put(out, s + clean, i - clean);
	return i;
}

size_t sanitise_put(pt_strbuf *out, const char *s, size_t len, bool final)
{
	return put_text(out, s, len, final, false);
}

void sanitise_json(pt_strbuf *out, const char *s, size_t len)
{
	put_text(out, s, len, true, true);
}

bool sanitise_json_print(pt_strbuf *out, const cJSON *root)
{
	char *text = root != NULL ? cJSON_Print(root) : NULL;
	if (text == NULL) {
		out->failed = true;
		return false;
	}
	sanitise_json(out, text, strlen(text));
	strbuf_put(out, "\n", 1);
	cJSON_free(text);
	return !out->failed;
}

char *sanitise_dup(const char *s)
{
	pt_strbuf b = { 0 };
	size_t len = strlen(s);
	sanitise_put(&b, s, len, true);
	if (b.failed || (b.s == NULL && len > 0)) {
		free(b.s);
		return NULL;
	}
	return b.s != NULL ? b.s : calloc(1, 1);
}

/* Returns true when s is a plain decimal number: -?digits[.digits]. */
static bool plain_number(const char *s)
{
	if (*s == '-')
		s++;
	size_t whole = strspn(s, "0123456789");
	if (whole == 0)
		return false;
	s += whole;
	if (*s == '.') {
		s++;
		size_t frac = strspn(s, "0123456789");
		if (frac == 0)
			return false;
		s += frac;
	}
	return *s == '\0';
}

const char *sanitise_cell(const char *s, pt_strbuf *tmp)
{
	size_t len = strlen(s);
	unsigned cp;
	size_t n;
	bool formula = len > 0 && strchr("=+-@\t\r", s[0]) != NULL && !plain_number(s);
	if (!formula && sanitise_find(s, len, &cp, &n) == len)
		return s;
	if (formula)
		strbuf_put(tmp, "'", 1);
	sanitise_put(tmp, s, len, true);
	if (tmp->failed || tmp->s == NULL)
		return "";
	return tmp->s;
}

void sanitise_csv_field(pt_strbuf *b, const char *s, bool last)
{
	pt_strbuf safe = { 0 }; /* text that steers a terminal or a spreadsheet, neutralised */
	s = sanitise_cell(s, &safe);
	if (strpbrk(s, ",\"\r\n") != NULL) {
		strbuf_put(b, "\"", 1);
		for (const char *q; (q = strchr(s, '"')) != NULL; s = q + 1) {
			strbuf_put(b, s, (size_t)(q - s) + 1); /* through the quote */
			strbuf_put(b, "\"", 1);              /* which is doubled */
		}
		strbuf_puts(b, s);
		strbuf_put(b, "\"", 1);
	} else {
		strbuf_puts(b, s);
	}
	free(safe.s);
	strbuf_puts(b, last ? "\r\n" : ",");
}

/* htmltext.c - plain text from the HTML of imported questions. */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/strbuf.h"
#include "paratutor/base/htmltext.h"

/* A growing output string; failed is set once memory runs out. */

/* Returns the finished string (an empty one when nothing was written), or
 * NULL when memory ran out. */
static char *out_finish(pt_strbuf *b)
{
	strbuf_put(b, "", 0);
	if (b->failed) {
		free(b->s);
		return NULL;
	}
	return b->s;
}

/* Appends the UTF-8 encoding of code point cp to out (room for 4 bytes);
 * returns the number of bytes written (0 for an invalid code point). */
static size_t htmltext_utf8(unsigned cp, char *out)
{
	if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* The named character references met in question banks. */
static const struct entity {
	const char *name;
	unsigned cp;
} entities[] = {
	{ "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' }, { "apos", '\'' },
	{ "nbsp", ' ' }, { "ndash", 0x2013 }, { "mdash", 0x2014 }, { "hellip", 0x2026 },
	{ "lsquo", 0x2018 }, { "rsquo", 0x2019 }, { "ldquo", 0x201C }, { "rdquo", 0x201D },
	{ "laquo", 0xAB }, { "raquo", 0xBB }, { "times", 0xD7 }, { "divide", 0xF7 },
	{ "minus", 0x2212 }, { "plusmn", 0xB1 }, { "deg", 0xB0 }, { "le", 0x2264 },
	{ "ge", 0x2265 }, { "ne", 0x2260 }, { "asymp", 0x2248 }, { "middot", 0xB7 },
	{ "bull", 0x2022 }, { "copy", 0xA9 }, { "reg", 0xAE }, { "trade", 0x2122 },
	{ "euro", 0x20AC }, { "pound", 0xA3 }, { "micro", 0xB5 }, { "sect", 0xA7 },
	{ "para", 0xB6 }, { "frac12", 0xBD }, { "frac14", 0xBC }, { "frac34", 0xBE },
	{ "sup2", 0xB2 }, { "sup3", 0xB3 }, { "larr", 0x2190 }, { "rarr", 0x2192 },
	{ "uarr", 0x2191 }, { "darr", 0x2193 }, { "harr", 0x2194 }, { "rArr", 0x21D2 },
	{ "lArr", 0x21D0 }, { "hArr", 0x21D4 }, { "infin", 0x221E }, { "sum", 0x2211 },
	{ "radic", 0x221A }, { "alpha", 0x3B1 }, { "beta", 0x3B2 }, { "gamma", 0x3B3 },
	{ "delta", 0x3B4 }, { "epsilon", 0x3B5 }, { "theta", 0x3B8 }, { "lambda", 0x3BB },
	{ "mu", 0x3BC }, { "pi", 0x3C0 }, { "sigma", 0x3C3 }, { "tau", 0x3C4 },
	{ "phi", 0x3C6 }, { "omega", 0x3C9 }, { "Delta", 0x394 }, { "Sigma", 0x3A3 },
	{ "Omega", 0x3A9 }, { "eacute", 0xE9 }, { "egrave", 0xE8 }, { "aacute", 0xE1 },
	{ "agrave", 0xE0 }, { "ouml", 0xF6 }, { "uuml", 0xFC }, { "auml", 0xE4 },
	{ "szlig", 0xDF }, { "ccedil", 0xE7 }, { "ntilde", 0xF1 },
};

/* Decodes the character reference at s (which starts with '&'); returns
 * the code point and sets *len to its length, or returns 0 when s does not
 * start a known reference. */
static unsigned entity_decode(const char *s, size_t *len)
{
	const char *semi = strchr(s, ';');
	if (semi == NULL || semi - s > 12 || semi - s < 2)
		return 0;
	size_t n = (size_t)(semi - s) + 1;
	if (s[1] == '#') {
		unsigned long v = 0;
		const char *p = s + 2;
		int base = 10;
		if (*p == 'x' || *p == 'X') {
			base = 16;
			p++;
		}
		if (p == semi)
			return 0;
		for (; p < semi; p++) {
			int d = isdigit((unsigned char)*p) ? *p - '0'
			    : base == 16 && isxdigit((unsigned char)*p) ? tolower((unsigned char)*p) - 'a' + 10 : -1;
			if (d < 0 || v > 0x10FFFF)
				return 0;
			v = v * (unsigned long)base + (unsigned long)d;
		}
		char tmp[4];
		if (htmltext_utf8((unsigned)v, tmp) == 0 || v > 0x10FFFF)
			return 0;
		*len = n;
		return (unsigned)v;
	}
	for (size_t i = 0; i < sizeof entities / sizeof entities[0]; i++) {
		size_t k = strlen(entities[i].name);
		if (k == n - 2 && memcmp(s + 1, entities[i].name, k) == 0) {
			*len = n;
			return entities[i].cp;
		}
	}
	return 0;
}

/* Returns the first place in s where word (lower case) starts, ignoring
 * case, or NULL. */
static const char *find_ci(const char *s, const char *word)
{
	size_t n = strlen(word);
	for (; *s; s++) {
		size_t k = 0;
		while (k < n && tolower((unsigned char)s[k]) == word[k])
			k++;
		if (k == n)
			return s;
	}
	return NULL;
}

/* Reducer state: pending white space and line breaks are written only
 * before the next visible character, so runs fold and the ends trim. */
typedef struct reducer {
	pt_strbuf out;
	bool space;
	bool newline;
	int pre;
	size_t images;
} reducer;

/* Writes visible text, first flushing a pending break or space. */
static void emit(reducer *r, const char *s, size_t n)
{
	if (r->out.n > 0 && r->newline)
		strbuf_put(&r->out, "\n", 1);
	else if (r->out.n > 0 && r->space && r->out.s[r->out.n - 1] != '\n')
		strbuf_put(&r->out, " ", 1);
	r->space = r->newline = false;
	strbuf_put(&r->out, s, n);
}

/* Returns true when the lower-cased tag name is one of the
 * space-separated names in list. */
static bool tag_in(const char *name, const char *list)
{
	size_t n = strlen(name);
	for (const char *p = list; *p;) {
		const char *e = strchr(p, ' ');
		size_t k = e ? (size_t)(e - p) : strlen(p);
		if (k == n && memcmp(p, name, n) == 0)
			return true;
		p += k + (e != NULL);
	}
	return false;
}

/* Handles the tag at html[i] ('<'); returns the index after it, or i
 * when it is not a tag (the '<' is then text). */
static size_t reduce_tag(reducer *r, const char *html, size_t i)
{
	size_t j = i + 1;
	if (strncmp(html + j, "!--", 3) == 0) {
		const char *end = strstr(html + j + 3, "-->");
		return end ? (size_t)(end - html) + 3 : strlen(html);
	}
	bool closing = html[j] == '/';
	if (closing)
		j++;
	char name[16];
	size_t k = 0;
	while (isalnum((unsigned char)html[j]) && k + 1 < sizeof name)
		name[k++] = (char)tolower((unsigned char)html[j++]);
	name[k] = '\0';
	if (k == 0 && html[j] != '!')
		return i;
	char quote = 0;
	for (; html[j] != '\0'; j++) {
		if (quote) {
			if (html[j] == quote)
				quote = 0;
		} else if (html[j] == '"' || html[j] == '\'') {
			quote = html[j];
		} else if (html[j] == '>') {
			break;
		}
	}
	if (html[j] != '>')
		return i;
	j++;
	if (!closing && (strcmp(name, "script") == 0 || strcmp(name, "style") == 0)) {
		const char *end = find_ci(html + j, strcmp(name, "script") == 0 ? "</script" : "</style");
		if (end == NULL)
			return strlen(html);
		const char *gt = strchr(end, '>');
		return gt ? (size_t)(gt - html) + 1 : strlen(html);
	}
	if (tag_in(name, "img video audio object embed iframe svg") && !closing)
		r->images++;
	else if (strcmp(name, "br") == 0 && r->pre && r->out.n > 0) {
		/* Inside <pre> every <br> is a line of its own. */
		if (r->newline)
			strbuf_put(&r->out, "\n", 1);
		strbuf_put(&r->out, "\n", 1);
		r->newline = r->space = false;
	} else if (strcmp(name, "br") == 0)
		r->newline = true;
	else if (strcmp(name, "li") == 0 && !closing) {
		r->newline = true;
		emit(r, "- ", 2);
		r->space = false;
	} else if (strcmp(name, "pre") == 0) {
		r->newline = true;
		r->pre += closing ? (r->pre > 0 ? -1 : 0) : 1;
	} else if (tag_in(name, "p div h1 h2 h3 h4 h5 h6 ul ol dl dt dd table tr blockquote section article header footer hr"))
		r->newline = true;
	else if (tag_in(name, "td th"))
		r->space = true;
	else if (strcmp(name, "sup") == 0 && !closing)
		emit(r, "^", 1);
	return j;
}

char *htmltext_reduce(const char *html, size_t *images)
{
	reducer r = { 0 };
	for (size_t i = 0; html[i] != '\0';) {
		unsigned char c = (unsigned char)html[i];
		if (c == '<') {
			size_t next = reduce_tag(&r, html, i);
			if (next != i) {
				i = next;
				continue;
			}
		}
		if (c == '&') {
			size_t n = 0;
			unsigned cp = entity_decode(html + i, &n);
			if (cp != 0) {
				char tmp[4];
				if (cp == ' ' && !r.pre)
					r.space = true;
				else
					emit(&r, tmp, htmltext_utf8(cp, tmp));
				i += n;
				continue;
			}
		}
		if (r.pre && (c == '\n' || c == ' ' || c == '\t')) {
			if (r.newline && r.out.n > 0)
				strbuf_put(&r.out, "\n", 1);
			/* The line break right after <pre> is not content. */
			if (!(r.newline && c == '\n') && r.out.n > 0)
				strbuf_put(&r.out, html + i, 1);
			r.newline = r.space = false;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
			r.space = true;
			i++;
			continue;
		}
		emit(&r, html + i, 1);
		i++;
	}
	if (images != NULL)
		*images = r.images;
	while (r.out.n > 0 && strchr(" \t\n", r.out.s[r.out.n - 1]) != NULL)
		r.out.s[--r.out.n] = '\0';
	return out_finish(&r.out);
}

char *htmltext_fold(const char *s, int keep_newlines)
{
	reducer r = { 0 };
	for (; *s; s++) {
		if (*s == '\n' && keep_newlines)
			r.newline = true;
		else if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f' || *s == '\v')
			r.space = true;
		else
			emit(&r, s, 1);
	}
	return out_finish(&r.out);
}

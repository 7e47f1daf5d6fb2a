/* xml.c - a small non-validating XML reader for question banks. */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/htmltext.h"
#include "paratutor/text.h"
#include "paratutor/xml.h"

/* An open element and the character data gathered for it so far. */
typedef struct open_elem {
	pt_xml_node *node;
	pt_xml_node *last;   /* its last child element */
	char *text;
	size_t n;
	size_t cap;
	bool has_text;
} open_elem;

typedef struct parser {
	const char *name;
	const char *s;
	size_t len;
	size_t i;
	int line;
	int col;
	pt_diags *diags;
	pt_arena *arena;
	bool failed;         /* an error was reported (or memory ran out) */
	open_elem stack[PT_XML_MAX_DEPTH];
	int depth;
} parser;

/* Returns the position of the next byte. */
static pt_pos here(const parser *p)
{
	return (pt_pos){ p->line, p->col };
}

/* Reports an error at pos (only the first one counts). */
static void fail_at(parser *p, pt_pos pos, const char *fmt, const char *a, const char *b)
{
	if (!p->failed)
		diags_add(p->diags, p->name, pos, PT_ERROR, fmt, a ? a : "", b ? b : "");
	p->failed = true;
}

/* Moves past one byte, keeping line and column (in characters). */
static void advance(parser *p)
{
	unsigned char c = (unsigned char)p->s[p->i++];
	if (c == '\n') {
		p->line++;
		p->col = 1;
	} else if ((c & 0xC0) != 0x80) {
		p->col++;
	}
	/* A continuation byte belongs to the character already counted. */
}

/* Moves past n bytes. */
static void skip(parser *p, size_t n)
{
	while (n-- > 0 && p->i < p->len)
		advance(p);
}

/* Returns true when the text at the cursor starts with lit. */
static bool at(const parser *p, const char *lit)
{
	size_t n = strlen(lit);
	return p->len - p->i >= n && memcmp(p->s + p->i, lit, n) == 0;
}

/* Skips white space. */
static void skip_space(parser *p)
{
	while (p->i < p->len && strchr(" \t\r\n", p->s[p->i]) != NULL)
		advance(p);
}

/* Returns true when c may appear in a name. */
static bool name_char(unsigned char c, bool first)
{
	return isalpha(c) || c == '_' || c == ':' || c >= 0x80 ||
	    (!first && (isdigit(c) || c == '-' || c == '.'));
}

/* Reads a name into the arena; reports what was expected when there is
 * none. */
static const char *read_name(parser *p, const char *what)
{
	size_t start = p->i;
	while (p->i < p->len && name_char((unsigned char)p->s[p->i], p->i == start))
		advance(p);
	if (p->i == start) {
		fail_at(p, here(p), "expected %s%s", what, NULL);
		return NULL;
	}
	const char *n = arena_strndup(p->arena, p->s + start, p->i - start);
	if (n == NULL)
		fail_at(p, here(p), "out of memory%s%s", NULL, NULL);
	return n;
}

/* Appends n bytes to a growing buffer; returns false when out of memory. */
static bool grow_put(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
	if (*len + n + 1 > *cap) {
		size_t c = *cap ? *cap : 64;
		while (c < *len + n + 1)
			c *= 2;
		char *q = realloc(*buf, c);
		if (q == NULL)
			return false;
		*buf = q;
		*cap = c;
	}
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[*len] = '\0';
	return true;
}

/* Decodes the reference at the cursor ('&') into out; returns its UTF-8
 * length, or 0 after reporting an error. */
static size_t read_reference(parser *p, char out[4])
{
	pt_pos pos = here(p);
	size_t j = p->i + 1;
	while (j < p->len && j - p->i < 12 && p->s[j] != ';' && !strchr(" \t\r\n<&", p->s[j]))
		j++;
	if (j >= p->len || p->s[j] != ';') {
		fail_at(p, pos, "'&' must start a reference such as &amp; (write &amp; for a literal '&')%s%s", NULL, NULL);
		return 0;
	}
	char ref[16];
	size_t n = j - p->i - 1;
	memcpy(ref, p->s + p->i + 1, n);
	ref[n] = '\0';
	static const char *const names[] = { "lt", "gt", "amp", "quot", "apos" };
	static const char chars[] = "<>&\"'";
	for (int k = 0; k < 5; k++) {
		if (strcmp(ref, names[k]) == 0) {
			out[0] = chars[k];
			skip(p, n + 2);
			return 1;
		}
	}
	if (ref[0] == '#') {
		bool hex = ref[1] == 'x';
		const char *d = ref + 1 + hex;
		unsigned long v = 0;
		bool ok = *d != '\0';
		for (; *d && ok; d++) {
			ok = hex ? isxdigit((unsigned char)*d) : isdigit((unsigned char)*d);
			if (ok)
				v = v * (hex ? 16 : 10) + (unsigned long)(isdigit((unsigned char)*d) ? *d - '0'
				    : tolower((unsigned char)*d) - 'a' + 10);
			if (v > 0x10FFFF)
				ok = false;
		}
		size_t k = ok ? htmltext_utf8((unsigned)v, out) : 0;
		if (k == 0 || (v < 0x20 && v != '\t' && v != '\n' && v != '\r')) {
			fail_at(p, pos, "&%s; is not a character XML allows%s", ref, NULL);
			return 0;
		}
		skip(p, n + 2);
		return k;
	}
	fail_at(p, pos, "unknown entity &%s; (XML knows &lt; &gt; &amp; &quot; &apos; and &#NN;)%s", ref, NULL);
	return 0;
}

/* Reads a quoted attribute value with references decoded. */
static const char *read_value(parser *p)
{
	char q = p->i < p->len ? p->s[p->i] : '\0';
	if (q != '"' && q != '\'') {
		fail_at(p, here(p), "an attribute value must be in quotes%s%s", NULL, NULL);
		return NULL;
	}
	advance(p);
	char *buf = NULL;
	size_t n = 0, cap = 0;
	bool ok = grow_put(&buf, &n, &cap, "", 0);
	while (ok && !p->failed && p->i < p->len && p->s[p->i] != q) {
		char c = p->s[p->i];
		if (c == '<') {
			fail_at(p, here(p), "'<' in an attribute value must be written &lt;%s%s", NULL, NULL);
		} else if (c == '&') {
			char tmp[4];
			size_t k = read_reference(p, tmp);
			if (k > 0)
				ok = grow_put(&buf, &n, &cap, tmp, k);
		} else {
			ok = grow_put(&buf, &n, &cap, strchr("\t\r\n", c) ? " " : &c, 1);
			advance(p);
		}
	}
	const char *v = NULL;
	if (!ok)
		fail_at(p, here(p), "out of memory%s%s", NULL, NULL);
	else if (!p->failed && p->i >= p->len)
		fail_at(p, here(p), "the attribute value is not closed with %s%s", q == '"' ? "\"" : "'", NULL);
	else if (!p->failed) {
		advance(p);
		v = arena_strdup(p->arena, buf);
	}
	free(buf);
	return v;
}

/* Skips a comment, processing instruction or DOCTYPE at the cursor;
 * returns false after reporting an error. */
static bool skip_markup(parser *p)
{
	pt_pos pos = here(p);
	const char *end = at(p, "<!--") ? "-->" : at(p, "<?") ? "?>" : ">";
	if (at(p, "<!DOCTYPE")) {
		for (size_t j = p->i; j < p->len && p->s[j] != '>'; j++)
			if (p->s[j] == '[') {
				fail_at(p, pos, "a DOCTYPE with declarations is not supported; remove it%s%s", NULL, NULL);
				return false;
			}
	}
	skip(p, 2);
	while (p->i < p->len && !at(p, end))
		advance(p);
	if (p->i >= p->len) {
		fail_at(p, pos, "%s is not closed with '%s'",
		    end[0] == '-' ? "this comment" : end[0] == '?' ? "this processing instruction" : "this declaration", end);
		return false;
	}
	skip(p, strlen(end));
	return true;
}

/* Appends character data to the innermost open element. */
static void add_text(parser *p, const char *s, size_t n, pt_pos pos)
{
	open_elem *e = &p->stack[p->depth - 1];
	if (!e->has_text) {
		e->node->text_pos = pos;
		e->has_text = true;
	}
	if (!grow_put(&e->text, &e->n, &e->cap, s, n))
		fail_at(p, pos, "out of memory%s%s", NULL, NULL);
}

/* Reads a start tag at the cursor ('<') and opens or adds its element;
 * returns it, or NULL after an error. */
static pt_xml_node *read_start_tag(parser *p)
{
	pt_pos pos = here(p);
	advance(p);
	const char *name = read_name(p, "an element name after '<' (write &lt; for a literal '<')");
	if (name == NULL)
		return NULL;
	pt_xml_node *node = arena_calloc(p->arena, 1, sizeof *node);
	if (node == NULL) {
		fail_at(p, pos, "out of memory%s%s", NULL, NULL);
		return NULL;
	}
	node->name = name;
	node->pos = pos;
	node->text = "";
	pt_xml_attr **tail = &node->attrs;
	for (int n_attrs = 0;; n_attrs++) {
		size_t before = p->i;
		skip_space(p);
		if (p->i >= p->len) {
			fail_at(p, pos, "the start tag <%s> is not closed with '>'%s", name, NULL);
			return NULL;
		}
		if (at(p, "/>") || p->s[p->i] == '>')
			break;
		if (before == p->i) {
			fail_at(p, here(p), "expected a space, '>' or '/>' in the start tag <%s>%s", name, NULL);
			return NULL;
		}
		pt_pos apos = here(p);
		if (n_attrs == PT_XML_MAX_ATTRS) {
			fail_at(p, apos, "<%s> has more than %s attributes; a question bank needs a few", name, "64");
			return NULL;
		}
		const char *an = read_name(p, "an attribute name");
		if (an == NULL)
			return NULL;
		skip_space(p);
		if (p->i >= p->len || p->s[p->i] != '=') {
			fail_at(p, here(p), "expected '=' after the attribute name %s%s", an, NULL);
			return NULL;
		}
		advance(p);
		skip_space(p);
		const char *av = read_value(p);
		if (av == NULL)
			return NULL;
		for (const pt_xml_attr *a = node->attrs; a; a = a->next)
			if (strcmp(a->name, an) == 0) {
				fail_at(p, apos, "the attribute %s appears twice in <%s>", an, name);
				return NULL;
			}
		pt_xml_attr *attr = arena_calloc(p->arena, 1, sizeof *attr);
		if (attr == NULL) {
			fail_at(p, apos, "out of memory%s%s", NULL, NULL);
			return NULL;
		}
		attr->name = an;
		attr->value = av;
		*tail = attr;
		tail = &attr->next;
	}
	bool empty = at(p, "/>");
	skip(p, empty ? 2 : 1);
	node->text_pos = here(p);
	if (p->depth > 0) {
		open_elem *up = &p->stack[p->depth - 1];
		node->parent = up->node;
		if (up->last)
			up->last->next = node;
		else
			up->node->child = node;
		up->last = node;
	}
	if (empty)
		return node;
	if (p->depth == PT_XML_MAX_DEPTH) {
		fail_at(p, pos, "elements are nested too deeply (more than %s levels)%s", "256", NULL);
		return NULL;
	}
	p->stack[p->depth++] = (open_elem){ .node = node };
	return node;
}

/* Reads an end tag at the cursor ("</") and closes the innermost element. */
static void read_end_tag(parser *p)
{
	pt_pos pos = here(p);
	skip(p, 2);
	const char *name = read_name(p, "an element name after '</'");
	if (name == NULL)
		return;
	skip_space(p);
	if (p->i >= p->len || p->s[p->i] != '>') {
		fail_at(p, here(p), "expected '>' to end </%s>%s", name, NULL);
		return;
	}
	advance(p);
	if (p->depth == 0) {
		fail_at(p, pos, "</%s> closes nothing%s", name, NULL);
		return;
	}
	open_elem *e = &p->stack[p->depth - 1];
	if (strcmp(e->node->name, name) != 0) {
		char opened[64];
		snprintf(opened, sizeof opened, "%.30s> opened at %d:%d", e->node->name, e->node->pos.line, e->node->pos.col);
		fail_at(p, pos, "</%s> does not close <%s; close that first", name, opened);
		return;
	}
	if (e->text != NULL) {
		e->node->text = arena_strndup(p->arena, e->text, e->n);
		if (e->node->text == NULL)
			fail_at(p, pos, "out of memory%s%s", NULL, NULL);
	}
	free(e->text);
	p->depth--;
}

/* Reads character data up to the next '<', CR LF and lone CR read as LF. */
static void read_text(parser *p)
{
	while (!p->failed && p->i < p->len && p->s[p->i] != '<') {
		pt_pos pos = here(p);
		char c = p->s[p->i];
		if (c == '&') {
			char tmp[4];
			size_t k = read_reference(p, tmp);
			if (k > 0)
				add_text(p, tmp, k, pos);
			continue;
		}
		size_t start = p->i;
		while (p->i < p->len && p->s[p->i] != '<' && p->s[p->i] != '&' && p->s[p->i] != '\r')
			advance(p);
		if (p->i > start)
			add_text(p, p->s + start, p->i - start, pos);
		if (p->i < p->len && p->s[p->i] == '\r') {
			add_text(p, "\n", 1, here(p));
			advance(p);
			if (p->i < p->len && p->s[p->i] == '\n')
				advance(p);
		}
	}
}

/* Reads a CDATA section at the cursor. */
static void read_cdata(parser *p)
{
	pt_pos pos = here(p);
	skip(p, 9);
	const char *end = NULL;
	for (size_t j = p->i; j + 3 <= p->len; j++)
		if (memcmp(p->s + j, "]]>", 3) == 0) {
			end = p->s + j;
			break;
		}
	if (end == NULL) {
		fail_at(p, pos, "this CDATA section is not closed with ']]>'%s%s", NULL, NULL);
		return;
	}
	pt_pos tpos = here(p);
	size_t n = (size_t)(end - (p->s + p->i));
	if (n > 0)
		add_text(p, p->s + p->i, n, tpos);
	else if (!p->stack[p->depth - 1].has_text)
		add_text(p, "", 0, tpos);
	skip(p, n + 3);
}

/* Checks that text is UTF-8 with no characters XML forbids; reports the
 * first bad one. */
static bool check_chars(parser *p)
{
	int line = 1, col = 1;
	for (size_t i = 0; i < p->len;) {
		size_t at_i = i;
		unsigned cp = text_decode(p->s, p->len, &i);
		bool bad_utf8 = cp == 0xFFFD && !(i - at_i == 3 && memcmp(p->s + at_i, "\xEF\xBF\xBD", 3) == 0);
		if (bad_utf8 || (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || cp == 0xFFFE || cp == 0xFFFF) {
			char what[16];
			snprintf(what, sizeof what, "U+%04X", cp);
			fail_at(p, (pt_pos){ line, col }, bad_utf8 ? "the file is not valid UTF-8 here; save it as UTF-8%s%s"
			    : "the character %s is not allowed in XML%s", bad_utf8 ? NULL : what, NULL);
			return false;
		}
		if (cp == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	return true;
}

/* Reads the whole document; the root ends up in *root. */
static void read_document(parser *p, pt_xml_node **root)
{
	if (at(p, "\xEF\xBB\xBF"))
		p->i += 3;
	for (;;) {
		if (p->failed)
			return;
		if (p->depth > 0) {
			read_text(p);
		} else {
			skip_space(p);
		}
		if (p->failed)
			return;
		if (p->i >= p->len)
			break;
		if (p->s[p->i] != '<') {
			fail_at(p, here(p), *root ? "text after the root element <%s> has ended%s"
			    : "expected '<' to start the root element%s%s", *root ? (*root)->name : NULL, NULL);
			return;
		}
		if (at(p, "<![CDATA[")) {
			if (p->depth == 0) {
				fail_at(p, here(p), "CDATA outside the root element%s%s", NULL, NULL);
				return;
			}
			read_cdata(p);
		} else if (at(p, "<!--") || at(p, "<?")) {
			skip_markup(p);
		} else if (at(p, "<!DOCTYPE") && *root == NULL && p->depth == 0) {
			skip_markup(p);
		} else if (at(p, "</")) {
			read_end_tag(p);
		} else {
			if (p->depth == 0 && *root != NULL) {
				fail_at(p, here(p), "a second root element; the document already has <%s>%s", (*root)->name, NULL);
				return;
			}
			int before = p->depth;
			pt_xml_node *node = read_start_tag(p);
			if (before == 0)
				*root = node;
		}
	}
	if (p->depth > 0) {
		open_elem *e = &p->stack[p->depth - 1];
		fail_at(p, e->node->pos, "<%s> is never closed; add </%s>", e->node->name, e->node->name);
	} else if (*root == NULL) {
		fail_at(p, here(p), "the file holds no XML element%s%s", NULL, NULL);
	}
}

pt_xml_doc *xml_parse(const char *name, const char *text, size_t len, pt_diags *diags)
{
	parser *p = calloc(1, sizeof *p);
	pt_xml_doc *doc = calloc(1, sizeof *doc);
	pt_arena *arena = arena_new();
	if (p == NULL || doc == NULL || arena == NULL) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while reading XML");
		free(p);
		free(doc);
		arena_free(arena);
		return NULL;
	}
	*p = (parser){ .name = name, .s = text, .len = len, .line = 1, .col = 1, .diags = diags, .arena = arena };
	pt_xml_node *root = NULL;
	if (check_chars(p))
		read_document(p, &root);
	for (int d = 0; d < p->depth; d++)
		free(p->stack[d].text);
	bool failed = p->failed;
	free(p);
	if (failed) {
		arena_free(arena);
		free(doc);
		return NULL;
	}
	doc->arena = arena;
	doc->root = root;
	return doc;
}

void xml_free(pt_xml_doc *doc)
{
	if (doc == NULL)
		return;
	arena_free(doc->arena);
	free(doc);
}

const pt_xml_node *xml_child(const pt_xml_node *node, const char *name)
{
	for (const pt_xml_node *c = node ? node->child : NULL; c; c = c->next)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

const pt_xml_node *xml_next(const pt_xml_node *node)
{
	for (const pt_xml_node *c = node->next; c; c = c->next)
		if (strcmp(c->name, node->name) == 0)
			return c;
	return NULL;
}

const char *xml_attr(const pt_xml_node *node, const char *name)
{
	for (const pt_xml_attr *a = node ? node->attrs : NULL; a; a = a->next)
		if (strcmp(a->name, name) == 0)
			return a->value;
	return NULL;
}

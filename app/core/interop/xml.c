/* xml.c - Moodle XML read with expat into a small tree.  Expat checks the
 * syntax and gives every line and column; a DOCTYPE (so any entity
 * declaration: no billion laughs, no external files), more than
 * PT_XML_MAX_DEPTH levels or more than PT_XML_MAX_ATTRS attributes on one
 * element are refused at their place.  Expat's commonest errors are said
 * in this file's words, naming the tags and entities involved. */
#include <expat.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/text.h"
#include "paratutor/interop/xml.h"

/* An open element and the character data gathered for it so far. */
typedef struct open_elem {
	pt_xml_node *node;
	pt_xml_node *last; /* its last child element */
	char *text;
	size_t n;
	size_t cap;
} open_elem;

typedef struct parser {
	XML_Parser xp;
	const char *name;
	const char *s; /* the whole text, for the words of an error */
	size_t len;
	pt_diags *diags;
	pt_arena *arena;
	bool failed; /* an error was reported (or memory ran out) */
	pt_xml_node *root;
	open_elem stack[PT_XML_MAX_DEPTH];
	int depth;
} parser;

/* Returns where expat is: the start of the current event or error. */
static pt_pos here(const parser *p)
{
	XML_Size line = XML_GetCurrentLineNumber(p->xp), col = XML_GetCurrentColumnNumber(p->xp);
	return (pt_pos){ line > INT_MAX ? INT_MAX : (int)line, col >= INT_MAX ? INT_MAX : (int)col + 1 };
}

/* Reports an error at pos (only the first one counts) and stops expat. */
static void fail_at(parser *p, pt_pos pos, const char *fmt, const char *a, const char *b)
{
	if (!p->failed)
		diags_add(p->diags, p->name, pos, PT_ERROR, fmt, a ? a : "", b ? b : "");
	p->failed = true;
	XML_StopParser(p->xp, XML_FALSE);
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

static void XMLCALL on_text(void *ctx, const XML_Char *s, int n)
{
	parser *p = ctx;
	if (p->failed || p->depth == 0)
		return;
	open_elem *e = &p->stack[p->depth - 1];
	if (!grow_put(&e->text, &e->n, &e->cap, s, (size_t)n))
		fail_at(p, here(p), "out of memory%s%s", NULL, NULL);
}

static void XMLCALL on_start(void *ctx, const XML_Char *name, const XML_Char **atts)
{
	parser *p = ctx;
	if (p->failed)
		return;
	pt_pos pos = here(p);
	int n_atts = 0;
	while (atts[2 * n_atts] != NULL)
		n_atts++;
	if (n_atts > PT_XML_MAX_ATTRS) {
		char count[24];
		snprintf(count, sizeof count, "%d", PT_XML_MAX_ATTRS);
		fail_at(p, pos, "<%s> has more than %s attributes; a question bank needs a few", name, count);
		return;
	}
	if (p->depth == PT_XML_MAX_DEPTH) {
		fail_at(p, pos, "elements are nested too deeply (more than %s levels)%s", "256", NULL);
		return;
	}
	pt_xml_node *node = arena_calloc(p->arena, 1, sizeof *node);
	if (node == NULL || (node->name = arena_strdup(p->arena, name)) == NULL) {
		fail_at(p, pos, "out of memory%s%s", NULL, NULL);
		return;
	}
	node->pos = pos;
	node->text = "";
	pt_xml_attr **tail = &node->attrs;
	for (int i = 0; i < n_atts; i++) {
		pt_xml_attr *a = arena_calloc(p->arena, 1, sizeof *a);
		if (a == NULL || (a->name = arena_strdup(p->arena, atts[2 * i])) == NULL ||
		    (a->value = arena_strdup(p->arena, atts[2 * i + 1])) == NULL) {
			fail_at(p, pos, "out of memory%s%s", NULL, NULL);
			return;
		}
		*tail = a;
		tail = &a->next;
	}
	if (p->depth > 0) {
		open_elem *up = &p->stack[p->depth - 1];
		if (up->last)
			up->last->next = node;
		else
			up->node->child = node;
		up->last = node;
	} else {
		p->root = node;
	}
	p->stack[p->depth++] = (open_elem){ .node = node };
}

static void XMLCALL on_end(void *ctx, const XML_Char *name)
{
	parser *p = ctx;
	(void)name; /* expat has matched it to the start tag */
	if (p->failed || p->depth == 0)
		return;
	open_elem *e = &p->stack[p->depth - 1];
	if (e->text != NULL && (e->node->text = arena_strndup(p->arena, e->text, e->n)) == NULL)
		fail_at(p, here(p), "out of memory%s%s", NULL, NULL);
	free(e->text);
	e->text = NULL;
	p->depth--;
}

/* Returns the offset of the first lit in s[from..len), or len. */
static size_t find(const parser *p, size_t from, const char *lit)
{
	size_t n = strlen(lit);
	for (size_t i = from; i + n <= p->len; i++)
		if (memcmp(p->s + i, lit, n) == 0)
			return i;
	return p->len;
}

/* Returns the line and column of byte offset at. */
static pt_pos pos_of(const parser *p, size_t at)
{
	return diag_walk((pt_pos){ 1, 1 }, p->s, at < p->len ? at : p->len);
}

/* A DOCTYPE could declare entities (a billion laughs) or name files: none
 * is read. */
static void XMLCALL on_doctype(void *ctx, const XML_Char *name, const XML_Char *sys, const XML_Char *pub, int subset)
{
	(void)name, (void)sys, (void)pub, (void)subset;
	parser *p = ctx;
	fail_at(p, pos_of(p, find(p, 0, "<!DOCTYPE")), "a DOCTYPE is not supported in a question bank (it could declare entities or name "
	    "other files); remove it%s%s", NULL, NULL);
}

/* Copies into out the run of s (at most size - 1 bytes) from at up to the
 * first byte in stop, or "" when at is outside the text. */
static const char *word_at(const parser *p, XML_Index at, const char *stop, char *out, size_t size)
{
	size_t n = 0;
	if (at >= 0)
		for (size_t i = (size_t)at; i < p->len && n + 1 < size && !strchr(stop, p->s[i]); i++)
			out[n++] = p->s[i];
	out[n] = '\0';
	return out;
}

/* Reports expat's error in this file's words where it has them. */
static void report_expat(parser *p)
{
	enum XML_Error code = XML_GetErrorCode(p->xp);
	pt_pos pos = here(p);
	XML_Index at = XML_GetCurrentByteIndex(p->xp);
	const char *s = at >= 0 && (size_t)at < p->len ? p->s + at : "";
	char word[64], opened[80];
	switch (code) {
	case XML_ERROR_TAG_MISMATCH: /* expat points at the end tag's name */
		if (p->depth > 0 && at >= 2 && s[-2] == '<' && s[-1] == '/') {
			const pt_xml_node *open = p->stack[p->depth - 1].node;
			snprintf(opened, sizeof opened, "%.30s> opened at %d:%d", open->name, open->pos.line, open->pos.col);
			pos.col -= 2;
			fail_at(p, pos, "</%s> does not close <%s; close that first", word_at(p, at, " \t\r\n>", word,
			    sizeof word), opened);
			return;
		}
		break;
	case XML_ERROR_NO_ELEMENTS:
		if (p->depth > 0) {
			const pt_xml_node *open = p->stack[p->depth - 1].node;
			fail_at(p, open->pos, "<%s> is never closed; add </%s>", open->name, open->name);
		} else {
			fail_at(p, pos, "the file holds no XML element%s%s", NULL, NULL);
		}
		return;
	case XML_ERROR_JUNK_AFTER_DOC_ELEMENT:
		fail_at(p, pos, s[0] == '<' ? "a second root element; the document already has <%s>%s"
		    : "text after the root element <%s> has ended%s", p->root ? p->root->name : "", NULL);
		return;
	case XML_ERROR_UNDEFINED_ENTITY:
		fail_at(p, pos, "unknown entity &%s; (XML knows &lt; &gt; &amp; &quot; &apos; and &#NN;)",
		    word_at(p, at + 1, ";<& \t\r\n", word, sizeof word), NULL);
		return;
	case XML_ERROR_BAD_CHAR_REF:
		fail_at(p, pos, "&%s; is not a character XML allows%s", word_at(p, at + 1, ";<& \t\r\n", word, sizeof word),
		    NULL);
		return;
	case XML_ERROR_DUPLICATE_ATTRIBUTE: {
		XML_Index tag = at;
		while (tag > 0 && p->s[tag] != '<')
			tag--;
		word_at(p, tag + 1, " \t\r\n/>", opened, sizeof opened);
		fail_at(p, pos, "the attribute %s appears twice in <%s>", word_at(p, at, "= \t\r\n", word, sizeof word),
		    opened);
		return;
	}
	case XML_ERROR_UNCLOSED_CDATA_SECTION: { /* expat points at the end of the file: find the section */
		size_t start = find(p, 0, "<![CDATA[");
		while (start < p->len) {
			size_t end = find(p, start + 9, "]]>");
			if (end == p->len)
				break;
			start = find(p, end + 3, "<![CDATA[");
		}
		fail_at(p, pos_of(p, start), "this CDATA section is not closed with ']]>'%s%s", NULL, NULL);
		return;
	}
	case XML_ERROR_UNCLOSED_TOKEN:
	case XML_ERROR_PARTIAL_CHAR:
		if (strncmp(s, "<!--", 4) == 0) {
			fail_at(p, pos, "this comment is not closed with '-->'%s%s", NULL, NULL);
			return;
		}
		if (strncmp(s, "<?", 2) == 0) {
			fail_at(p, pos, "this processing instruction is not closed with '?>'%s%s", NULL, NULL);
			return;
		}
		break;
	case XML_ERROR_INVALID_TOKEN: {
		size_t i = 0, rest = p->len - (size_t)(s - p->s);
		unsigned cp = rest > 0 ? text_decode(s, rest, &i) : 0;
		if (cp == 0xFFFD && !(i == 3 && memcmp(s, "\xEF\xBF\xBD", 3) == 0)) {
			fail_at(p, pos, "the file is not valid UTF-8 here; save it as UTF-8%s%s", NULL, NULL);
			return;
		}
		if (rest > 0 && ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || cp == 0xFFFE || cp == 0xFFFF)) {
			snprintf(word, sizeof word, "U+%04X", cp);
			fail_at(p, pos, "the character %s is not allowed in XML%s", word, NULL);
			return;
		}
		if (at > 0 && s[-1] == '<') {
			fail_at(p, pos, "expected an element name after '<' (write &lt; for a literal '<')%s%s", NULL, NULL);
			return;
		}
		for (const char *b = s; b > p->s; b--)
			if (!strchr(" \t\r\n", b[-1])) {
				if (b[-1] == '=') {
					fail_at(p, pos, "an attribute value must be in quotes%s%s", NULL, NULL);
					return;
				}
				break;
			}
		break;
	}
	default:
		break;
	}
	fail_at(p, pos, "%s (XML)%s", XML_ErrorString(code), NULL);
}

pt_xml_doc *xml_parse(const char *name, const char *text, size_t len, pt_diags *diags)
{
	parser *p = calloc(1, sizeof *p);
	pt_xml_doc *doc = calloc(1, sizeof *doc);
	pt_arena *arena = arena_new();
	XML_Parser xp = XML_ParserCreate("UTF-8");
	if (p == NULL || doc == NULL || arena == NULL || xp == NULL) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while reading XML");
		free(p);
		free(doc);
		arena_free(arena);
		if (xp != NULL)
			XML_ParserFree(xp);
		return NULL;
	}
	*p = (parser){ .xp = xp, .name = name, .s = text, .len = len, .diags = diags, .arena = arena };
	XML_SetUserData(xp, p);
	XML_SetElementHandler(xp, on_start, on_end);
	XML_SetCharacterDataHandler(xp, on_text);
	XML_SetStartDoctypeDeclHandler(xp, on_doctype);
	XML_SetParamEntityParsing(xp, XML_PARAM_ENTITY_PARSING_NEVER);
	if (len > INT_MAX)
		fail_at(p, (pt_pos){ 1, 1 }, "the file is too large to read as XML%s%s", NULL, NULL);
	else if (XML_Parse(xp, text, (int)len, XML_TRUE) == XML_STATUS_ERROR && !p->failed)
		report_expat(p);
	for (int d = 0; d < p->depth; d++)
		free(p->stack[d].text);
	bool failed = p->failed;
	pt_xml_node *root = p->root;
	XML_ParserFree(xp);
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

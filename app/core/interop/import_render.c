/* import_render.c - an imported lesson's JSON text: two-space indents,
 * keys in the order made, arrays of scalars on one line when they fit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/interop/import.h"
#include "paratutor/base/strbuf.h"

#define RENDER_WIDTH 100

/* Appends s as a JSON string literal. */
static void put_string(pt_strbuf *b, const char *s)
{
	strbuf_put(b, "\"", 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		char esc[8];
		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = (char)c;
			strbuf_put(b, esc, 2);
		} else if (c == '\n') {
			strbuf_put(b, "\\n", 2);
		} else if (c == '\t') {
			strbuf_put(b, "\\t", 2);
		} else if (c < 0x20 || c == 0x7F) {
			snprintf(esc, sizeof esc, "\\u%04x", c);
			strbuf_put(b, esc, 6);
		} else {
			strbuf_put(b, (const char *)&c, 1);
		}
	}
	strbuf_put(b, "\"", 1);
}

/* Appends a number the shortest way that reads back exactly. */
static void put_number(pt_strbuf *b, double v)
{
	char num[40];
	if (!isfinite(v))
		v = 0;
	if (v == floor(v) && fabs(v) < 1e15)
		snprintf(num, sizeof num, "%.0f", v);
	else {
		snprintf(num, sizeof num, "%.15g", v);
		if (strtod(num, NULL) != v)
			snprintf(num, sizeof num, "%.17g", v);
	}
	strbuf_puts(b, num);
}

/* Appends a scalar value. */
static void put_scalar(pt_strbuf *b, const cJSON *v)
{
	if (cJSON_IsString(v))
		put_string(b, v->valuestring);
	else if (cJSON_IsNumber(v))
		put_number(b, v->valuedouble);
	else if (cJSON_IsTrue(v))
		strbuf_puts(b, "true");
	else if (cJSON_IsFalse(v))
		strbuf_puts(b, "false");
	else
		strbuf_puts(b, "null");
}

/* Appends indent spaces. */
static void put_indent(pt_strbuf *b, int indent)
{
	for (int i = 0; i < indent; i++)
		strbuf_put(b, " ", 1);
}

/* Appends v, whose first line starts at column col, nested indent deep. */
static void put_value(pt_strbuf *b, const cJSON *v, int indent, size_t col)
{
	if (cJSON_IsArray(v) || cJSON_IsObject(v)) {
		bool obj = cJSON_IsObject(v);
		if (v->child == NULL) {
			strbuf_puts(b, obj ? "{}" : "[]");
			return;
		}
		if (!obj) {
			/* Scalars only: one line when it fits. */
			bool flat = true;
			const cJSON *e;
			cJSON_ArrayForEach(e, v)
				flat = flat && !cJSON_IsArray(e) && !cJSON_IsObject(e);
			if (flat) {
				size_t start = b->n;
				strbuf_puts(b, "[");
				cJSON_ArrayForEach(e, v) {
					put_scalar(b, e);
					if (e->next)
						strbuf_puts(b, ", ");
				}
				strbuf_puts(b, "]");
				if (!b->failed && col + (b->n - start) <= RENDER_WIDTH)
					return;
				b->n = start;
				if (b->s)
					b->s[b->n] = '\0';
			}
		}
		strbuf_puts(b, obj ? "{\n" : "[\n");
		const cJSON *e;
		cJSON_ArrayForEach(e, v) {
			put_indent(b, indent + 2);
			size_t line_start = b->n;
			if (obj) {
				put_string(b, e->string ? e->string : "");
				strbuf_puts(b, ": ");
			}
			put_value(b, e, indent + 2, (size_t)indent + 2 + (b->n - line_start));
			strbuf_puts(b, e->next ? ",\n" : "\n");
		}
		put_indent(b, indent);
		strbuf_puts(b, obj ? "}" : "]");
		return;
	}
	put_scalar(b, v);
}

char *import_render(const cJSON *json)
{
	pt_strbuf b = { 0 };
	put_value(&b, json, 0, 0);
	strbuf_puts(&b, "\n");
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

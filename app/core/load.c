/* load.c - lesson files to the lesson model, with exact positions.
 *
 * A small scanner walks the text first: it reports the first JSON syntax
 * error with its line and column, and otherwise records where every value
 * and object key starts.  cJSON then builds the tree, and the converter
 * copies it into pt_lesson, looking positions up by node.  No cJSON type
 * leaves this file. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cJSON.h>

#include "paratutor/load.h"
#include "paratutor/validate.h"

#define MAX_DEPTH 64

/* Where one value and its key start, in document order. */
typedef struct pos_pair {
	pt_pos value;
	pt_pos key;
} pos_pair;

typedef struct scanner {
	const char *s;
	size_t len;
	size_t i;
	int line;
	int col;
	const char *error;
	int depth;
	pos_pair *rec;    /* positions of every value, when recording */
	size_t n_rec;
	size_t cap_rec;
	pt_pos key;       /* key of the member whose value comes next */
	bool have_key;
} scanner;

typedef struct loader {
	const char *name;
	pt_diags *diags;
	const pos_pair *rec; /* value and key positions, by node index */
	size_t n_rec;
	bool failed; /* out of memory */
} loader;

/* ---- scanning ---------------------------------------------------------- */

/* Advances one byte, keeping line and column (in characters) current. */
static void sc_advance(scanner *sc)
{
	unsigned char c = (unsigned char)sc->s[sc->i++];
	if (c == '\n') {
		sc->line++;
		sc->col = 1;
	} else if ((c & 0xC0) != 0x80) {
		sc->col++;
	}
}

/* Returns the current position. */
static pt_pos sc_pos(const scanner *sc)
{
	return (pt_pos){ sc->line, sc->col };
}

/* Skips JSON white space. */
static void sc_skip_ws(scanner *sc)
{
	while (sc->i < sc->len) {
		char c = sc->s[sc->i];
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			break;
		sc_advance(sc);
	}
}

/* Returns the current byte, or 0 at the end. */
static char sc_peek(const scanner *sc)
{
	return sc->i < sc->len ? sc->s[sc->i] : '\0';
}

/* Records a syntax error at the current position; returns false. */
static bool sc_fail(scanner *sc, const char *why)
{
	if (sc->error == NULL)
		sc->error = why;
	return false;
}

/* Returns true when none of the 8 bytes at p is a quote, a backslash, a
 * control character or a non-ASCII byte (word-at-a-time byte tests). */
static bool plain_ascii8(const unsigned char *p)
{
	const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
	uint64_t v;
	memcpy(&v, p, sizeof v);
	uint64_t quote = v ^ (ones * '"'), backslash = v ^ (ones * '\\');
	uint64_t special = ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) |
	    ((v - ones * 0x20) & ~v) | v;
	return (special & highs) == 0;
}

/* Skips a string starting at '"'. */
static bool sc_string(scanner *sc)
{
	sc_advance(sc);
	const unsigned char *s = (const unsigned char *)sc->s;
	while (sc->i < sc->len) {
		/* Fast path: plain characters only move the column, eight plain
		 * ASCII bytes at a time where they come in a run. */
		size_t i = sc->i;
		int col = sc->col;
		unsigned char c;
		while (i + 8 <= sc->len && plain_ascii8(s + i)) {
			i += 8;
			col += 8;
		}
		while (i < sc->len && (c = s[i]) != '"' && c != '\\' && c >= 0x20) {
			col += (c & 0xC0) != 0x80;
			i++;
		}
		sc->i = i;
		sc->col = col;
		if (i >= sc->len)
			break;
		c = s[i];
		if (c == '"') {
			sc_advance(sc);
			return true;
		}
		if (c == '\n')
			return sc_fail(sc, "unterminated string (a line break must be written \\n)");
		if (c < 0x20)
			return sc_fail(sc, "control character in string (write it as an escape such as \\t)");
		sc_advance(sc); /* the backslash */
		char e = sc_peek(sc);
		if (e == 'u') {
			sc_advance(sc);
			for (int k = 0; k < 4; k++) {
				char h = sc_peek(sc);
				if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F')))
					return sc_fail(sc, "\\u must be followed by four hex digits");
				sc_advance(sc);
			}
			continue;
		}
		if (e == '\0' || strchr("\"\\/bfnrt", e) == NULL)
			return sc_fail(sc, "invalid escape in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
		sc_advance(sc);
	}
	return sc_fail(sc, "unterminated string at end of file");
}

/* Skips a number. */
static bool sc_number(scanner *sc)
{
	if (sc_peek(sc) == '-')
		sc_advance(sc);
	char c = sc_peek(sc);
	if (c == '0') {
		sc_advance(sc);
	} else if (c >= '1' && c <= '9') {
		while (sc_peek(sc) >= '0' && sc_peek(sc) <= '9')
			sc_advance(sc);
	} else {
		return sc_fail(sc, "invalid number");
	}
	if (sc_peek(sc) == '.') {
		sc_advance(sc);
		if (!(sc_peek(sc) >= '0' && sc_peek(sc) <= '9'))
			return sc_fail(sc, "invalid number: digits must follow '.'");
		while (sc_peek(sc) >= '0' && sc_peek(sc) <= '9')
			sc_advance(sc);
	}
	if (sc_peek(sc) == 'e' || sc_peek(sc) == 'E') {
		sc_advance(sc);
		if (sc_peek(sc) == '+' || sc_peek(sc) == '-')
			sc_advance(sc);
		if (!(sc_peek(sc) >= '0' && sc_peek(sc) <= '9'))
			return sc_fail(sc, "invalid number: digits must follow the exponent");
		while (sc_peek(sc) >= '0' && sc_peek(sc) <= '9')
			sc_advance(sc);
	}
	return true;
}

/* Skips a literal word such as true. */
static bool sc_word(scanner *sc, const char *word)
{
	size_t n = strlen(word);
	if (sc->len - sc->i < n || memcmp(sc->s + sc->i, word, n) != 0)
		return sc_fail(sc, "unexpected character: expected a value (string, number, object, array, true, false or null)");
	for (size_t k = 0; k < n; k++)
		sc_advance(sc);
	return true;
}

static bool sc_value(scanner *sc);

/* Skips an object or array starting at its opening bracket. */
static bool sc_container(scanner *sc, char close)
{
	bool object = close == '}';
	if (++sc->depth > MAX_DEPTH)
		return sc_fail(sc, "nesting too deep");
	sc_advance(sc);
	sc_skip_ws(sc);
	if (sc_peek(sc) == close) {
		sc_advance(sc);
		sc->depth--;
		return true;
	}
	for (;;) {
		sc_skip_ws(sc);
		if (object) {
			if (sc_peek(sc) == '}')
				return sc_fail(sc, "trailing comma before '}'");
			if (sc_peek(sc) != '"')
				return sc_fail(sc, "expected a field name in double quotes");
			pt_pos key = sc_pos(sc);
			if (!sc_string(sc))
				return false;
			sc_skip_ws(sc);
			if (sc_peek(sc) != ':')
				return sc_fail(sc, "expected ':' after the field name");
			sc_advance(sc);
			sc_skip_ws(sc);
			sc->key = key;
			sc->have_key = true;
		} else if (sc_peek(sc) == ']') {
			return sc_fail(sc, "trailing comma before ']'");
		}
		if (!sc_value(sc))
			return false;
		sc_skip_ws(sc);
		char c = sc_peek(sc);
		if (c == ',') {
			sc_advance(sc);
			continue;
		}
		if (c == close) {
			sc_advance(sc);
			sc->depth--;
			return true;
		}
		if (c == '\0')
			return sc_fail(sc, object ? "unexpected end of file: '}' missing" : "unexpected end of file: ']' missing");
		return sc_fail(sc, object ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

/* Notes where the value about to be scanned starts; returns false when
 * out of memory. */
static bool sc_record(scanner *sc)
{
	if (sc->n_rec == sc->cap_rec) {
		size_t cap = sc->cap_rec ? sc->cap_rec * 2 : 256;
		pos_pair *v = realloc(sc->rec, cap * sizeof *v);
		if (v == NULL)
			return sc_fail(sc, "out of memory");
		sc->rec = v;
		sc->cap_rec = cap;
	}
	pt_pos here = sc_pos(sc);
	sc->rec[sc->n_rec++] = (pos_pair){ here, sc->have_key ? sc->key : here };
	sc->have_key = false;
	return true;
}

/* Skips one value of any type, recording where it starts. */
static bool sc_value(scanner *sc)
{
	sc_skip_ws(sc);
	if (!sc_record(sc))
		return false;
	switch (sc_peek(sc)) {
	case '{': return sc_container(sc, '}');
	case '[': return sc_container(sc, ']');
	case '"': return sc_string(sc);
	case 't': return sc_word(sc, "true");
	case 'f': return sc_word(sc, "false");
	case 'n': return sc_word(sc, "null");
	case '\0':
		if (sc->i >= sc->len)
			return sc_fail(sc, "unexpected end of file: expected a value");
		return sc_fail(sc, "NUL byte in file");
	default:
		if (sc_peek(sc) == '-' || (sc_peek(sc) >= '0' && sc_peek(sc) <= '9'))
			return sc_number(sc);
		return sc_fail(sc, "unexpected character: expected a value (string, number, object, array, true, false or null)");
	}
}

/* ---- parse arena ------------------------------------------------------- */

/* cJSON allocates a block per node and per string and frees them one by
 * one; during a load they all live exactly as long as the tree, so they
 * come from a bump arena that is dropped whole afterwards. */
typedef struct arena_chunk {
	struct arena_chunk *next;
	size_t used;
	size_t size;
	max_align_t data[];
} arena_chunk;

static arena_chunk *parse_arena;

/* Allocates from the current parse arena (cJSON's malloc hook). */
static void *arena_alloc(size_t n)
{
	n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	arena_chunk *c = parse_arena;
	if (c == NULL || c->size - c->used < n) {
		size_t size = n > (size_t)64 << 10 ? n : (size_t)64 << 10;
		arena_chunk *fresh = malloc(sizeof *fresh + size);
		if (fresh == NULL)
			return NULL;
		fresh->next = c;
		fresh->used = 0;
		fresh->size = size;
		parse_arena = c = fresh;
	}
	void *p = (char *)c->data + c->used;
	c->used += n;
	return p;
}

/* Leaves freeing to arena_drop (cJSON's free hook). */
static void arena_free(void *p)
{
	(void)p;
}

/* Frees every chunk of the parse arena. */
static void arena_drop(void)
{
	while (parse_arena != NULL) {
		arena_chunk *next = parse_arena->next;
		free(parse_arena);
		parse_arena = next;
	}
}

/* ---- positions --------------------------------------------------------- */

/* Numbers are read from valuedouble, so each node's valueint is free to
 * carry its index in document order: a pre-order walk of the tree meets
 * the values in the order the scanner recorded them. */
static void index_walk(cJSON *node, size_t *next)
{
	for (; node != NULL; node = node->next) {
		node->valueint = (int)(*next)++;
		index_walk(node->child, next);
	}
}

/* Returns the recorded positions of node, or NULL when unknown. */
static const pos_pair *pos_of(const loader *ld, const cJSON *node)
{
	if (node == NULL || node->valueint < 0 || (size_t)node->valueint >= ld->n_rec)
		return NULL;
	return &ld->rec[node->valueint];
}

/* Returns where node's value starts. */
static pt_pos pos_value(const loader *ld, const cJSON *node)
{
	const pos_pair *p = pos_of(ld, node);
	return p ? p->value : (pt_pos){ 1, 1 };
}

/* Returns where node's key starts (its value when it has no key). */
static pt_pos pos_key(const loader *ld, const cJSON *node)
{
	const pos_pair *p = pos_of(ld, node);
	return p ? p->key : (pt_pos){ 1, 1 };
}

/* ---- conversion helpers ------------------------------------------------ */

/* Returns a copy of s. */
static char *dup_str(loader *ld, const char *s)
{
	char *copy = strdup(s);
	if (copy == NULL)
		ld->failed = true;
	return copy;
}

/* Names a cJSON value's type for messages. */
static const char *type_name(const cJSON *v)
{
	if (cJSON_IsString(v)) return "a string";
	if (cJSON_IsNumber(v)) return "a number";
	if (cJSON_IsBool(v)) return "a boolean";
	if (cJSON_IsNull(v)) return "null";
	if (cJSON_IsArray(v)) return "an array";
	if (cJSON_IsObject(v)) return "an object";
	return "invalid";
}

/* Returns the edit distance between a and b, capped at 9. */
static int edit_distance(const char *a, const char *b)
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

/* Warns about members of obj not in known (NULL-terminated) and reports
 * fields given twice. */
static void check_fields(loader *ld, const cJSON *obj, const char *what,
    const char *const *known)
{
	unsigned long seen = 0; /* bit per known field met so far */
	for (const cJSON *c = obj->child; c != NULL; c = c->next) {
		int k = 0;
		while (known[k] != NULL && strcmp(known[k], c->string) != 0)
			k++;
		bool twice = known[k] != NULL ? (seen >> k) & 1ul : true;
		if (known[k] != NULL)
			seen |= 1ul << k;
		/* Only a known field met before, or an unknown one, can repeat. */
		for (const cJSON *p = obj->child; twice && p != c; p = p->next) {
			if (strcmp(p->string, c->string) == 0) {
				pt_pos first = pos_key(ld, p);
				diags_add(ld->diags, ld->name, pos_key(ld, c), PT_ERROR,
				    "field \"%s\" appears twice in %s (first at line %d)",
				    c->string, what, first.line);
				break;
			}
		}
		if (known[k] != NULL)
			continue;
		const char *best = NULL;
		int best_d = 3;
		for (const char *const *kn = known; *kn != NULL; kn++) {
			int d = edit_distance(*kn, c->string);
			if (d < best_d) {
				best_d = d;
				best = *kn;
			}
		}
		if (best != NULL)
			diags_add(ld->diags, ld->name, pos_key(ld, c), PT_WARNING,
			    "unknown field \"%s\" in %s; did you mean \"%s\"?", c->string, what, best);
		else
			diags_add(ld->diags, ld->name, pos_key(ld, c), PT_WARNING,
			    "unknown field \"%s\" in %s", c->string, what);
	}
}

/* Returns obj's member name, reporting it when required and missing. */
static const cJSON *get_field(loader *ld, const cJSON *obj, const char *name,
    const char *what, bool required)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	if (v == NULL && required)
		diags_add(ld->diags, ld->name, pos_value(ld, obj), PT_ERROR,
		    "%s is missing the required field \"%s\"", what, name);
	return v;
}

/* Reports that field has the wrong type. */
static void wrong_type(loader *ld, const cJSON *v, const char *name, const char *want)
{
	diags_add(ld->diags, ld->name, pos_value(ld, v), PT_ERROR,
	    "\"%s\" must be %s, not %s", name, want, type_name(v));
}

/* Copies a string value into out, checking type, UTF-8 and emptiness. */
static bool take_text(loader *ld, const cJSON *v, const char *name, pt_text *out)
{
	if (!cJSON_IsString(v)) {
		wrong_type(ld, v, name, "a string");
		return false;
	}
	out->pos = pos_value(ld, v);
	const char *s = v->valuestring;
	if (!validate_utf8(s, strlen(s))) {
		diags_add(ld->diags, ld->name, out->pos, PT_ERROR,
		    "\"%s\" is not valid UTF-8", name);
		return false;
	}
	size_t k = strspn(s, " \t\n\r");
	if (s[k] == '\0')
		diags_add(ld->diags, ld->name, out->pos, PT_ERROR, "\"%s\" is empty", name);
	out->s = dup_str(ld, s);
	return out->s != NULL;
}

/* Reads an optional or required string member. */
static void get_text(loader *ld, const cJSON *obj, const char *name,
    const char *what, bool required, pt_text *out)
{
	const cJSON *v = get_field(ld, obj, name, what, required);
	if (v != NULL)
		take_text(ld, v, name, out);
}

/* Reads an array of strings into list. */
static void get_text_list(loader *ld, const cJSON *obj, const char *name,
    const char *what, bool required, pt_text_list *list)
{
	const cJSON *v = get_field(ld, obj, name, what, required);
	if (v == NULL)
		return;
	list->pos = pos_value(ld, v);
	if (!cJSON_IsArray(v)) {
		wrong_type(ld, v, name, "an array of strings");
		return;
	}
	int n = cJSON_GetArraySize(v);
	list->v = calloc((size_t)n + 1, sizeof *list->v);
	if (list->v == NULL) {
		ld->failed = true;
		return;
	}
	const cJSON *e;
	cJSON_ArrayForEach(e, v) {
		if (take_text(ld, e, name, &list->v[list->n]))
			list->n++;
	}
}

/* Reads an integer member; returns whether it was present and valid. */
static bool get_int(loader *ld, const cJSON *obj, const char *name,
    const char *what, bool required, int *out, pt_pos *pos)
{
	const cJSON *v = get_field(ld, obj, name, what, required);
	if (v == NULL)
		return false;
	*pos = pos_value(ld, v);
	double d = v->valuedouble;
	/* The range comes first: casting a larger double to int is undefined. */
	if (!cJSON_IsNumber(v) || d > 1e6 || d < -1e6 || d != (double)(int)d) {
		if (cJSON_IsNumber(v) && (d > 1e6 || d < -1e6))
			diags_add(ld->diags, ld->name, *pos, PT_ERROR,
			    "\"%s\" is out of range: give a whole number up to 1000000", name);
		else if (cJSON_IsNumber(v))
			diags_add(ld->diags, ld->name, *pos, PT_ERROR, "\"%s\" must be a whole number", name);
		else
			wrong_type(ld, v, name, "a whole number");
		return false;
	}
	*out = (int)d;
	return true;
}

/* Reads an object member, reporting a wrong type. */
static const cJSON *get_object(loader *ld, const cJSON *obj, const char *name,
    const char *what, bool required)
{
	const cJSON *v = get_field(ld, obj, name, what, required);
	if (v != NULL && !cJSON_IsObject(v)) {
		wrong_type(ld, v, name, "an object");
		return NULL;
	}
	return v;
}

/* Reads an array member, reporting a wrong type. */
static const cJSON *get_array(loader *ld, const cJSON *obj, const char *name,
    const char *what, bool required)
{
	const cJSON *v = get_field(ld, obj, name, what, required);
	if (v != NULL && !cJSON_IsArray(v)) {
		wrong_type(ld, v, name, "an array");
		return NULL;
	}
	return v;
}

/* Matches a string member against names; returns the index or -1. */
static int get_enum(loader *ld, const cJSON *obj, const char *name,
    const char *what, const char *const *names, const char *choices)
{
	const cJSON *v = get_field(ld, obj, name, what, true);
	if (v == NULL)
		return -1;
	if (!cJSON_IsString(v)) {
		wrong_type(ld, v, name, "a string");
		return -1;
	}
	for (int i = 0; names[i] != NULL; i++)
		if (strcmp(names[i], v->valuestring) == 0)
			return i;
	diags_add(ld->diags, ld->name, pos_value(ld, v), PT_ERROR,
	    "\"%s\" must be one of %s, not \"%s\"", name, choices, v->valuestring);
	return -1;
}

/* ---- lesson structure -------------------------------------------------- */

static const char *const lesson_fields[] = {
	"$schema", "format", "id", "title", "summary", "attempts", "language", "items", NULL
};
static const char *const any_item_fields[] = {
	"id", "kind", "difficulty", "prompt", "hints", "mistakes", "explanation",
	"solution", "attempts", "language", "note", "source", "references",
	"code", "bank", "blanks", "options", NULL
};
static const char *const fill_fields[] = {
	"id", "kind", "difficulty", "prompt", "hints", "mistakes", "explanation",
	"solution", "attempts", "language", "note", "source", "references",
	"code", "bank", "blanks", NULL
};
static const char *const option_item_fields[] = {
	"id", "kind", "difficulty", "prompt", "hints", "mistakes", "explanation",
	"solution", "attempts", "language", "note", "source", "references",
	"options", NULL
};
static const char *const solution_fields[] = { "steps", "answer", "check", NULL };
static const char *const reference_fields[] = { "title", "url", NULL };
static const char *const blank_fields[] = { "accept", "feedback", NULL };
static const char *const option_fields[] = { "text", "correct", "feedback", NULL };
static const char *const kind_names[] = { "fill", "choice", "multi", NULL };
static const char *const difficulty_names[] = { "easy", "medium", "hard", NULL };

/* Reads a fill item's blanks. */
static void load_blanks(loader *ld, const cJSON *obj, pt_item *item)
{
	const cJSON *arr = get_array(ld, obj, "blanks", "a fill item", true);
	if (arr == NULL)
		return;
	item->blanks_pos = pos_value(ld, arr);
	int n = cJSON_GetArraySize(arr);
	item->blanks = calloc((size_t)n + 1, sizeof *item->blanks);
	if (item->blanks == NULL) {
		ld->failed = true;
		return;
	}
	const cJSON *b;
	cJSON_ArrayForEach(b, arr) {
		pt_blank *blank = &item->blanks[item->n_blanks++];
		blank->pos = pos_value(ld, b);
		if (!cJSON_IsObject(b)) {
			wrong_type(ld, b, "blanks[]", "an object");
			continue;
		}
		check_fields(ld, b, "a blank", blank_fields);
		get_text_list(ld, b, "accept", "a blank", true, &blank->accept);
		const cJSON *fb = get_object(ld, b, "feedback", "a blank", false);
		if (fb == NULL)
			continue;
		int nf = cJSON_GetArraySize(fb);
		blank->feedback = calloc((size_t)nf + 1, sizeof *blank->feedback);
		if (blank->feedback == NULL) {
			ld->failed = true;
			continue;
		}
		const cJSON *f;
		cJSON_ArrayForEach(f, fb) {
			for (const cJSON *p = fb->child; p != f; p = p->next)
				if (strcmp(p->string, f->string) == 0)
					diags_add(ld->diags, ld->name, pos_key(ld, f), PT_ERROR,
					    "feedback for \"%s\" appears twice in this blank (first at line %d)",
					    f->string, pos_key(ld, p).line);
			pt_feedback *entry = &blank->feedback[blank->n_feedback];
			if (!take_text(ld, f, "feedback", &entry->text))
				continue;
			entry->option.s = dup_str(ld, f->string);
			entry->option.pos = pos_key(ld, f);
			blank->n_feedback++;
		}
	}
}

/* Reads a choice or multi item's options. */
static void load_options(loader *ld, const cJSON *obj, pt_item *item)
{
	const cJSON *arr = get_array(ld, obj, "options", "a choice or multi item", true);
	if (arr == NULL)
		return;
	item->options_pos = pos_value(ld, arr);
	int n = cJSON_GetArraySize(arr);
	item->options = calloc((size_t)n + 1, sizeof *item->options);
	if (item->options == NULL) {
		ld->failed = true;
		return;
	}
	const cJSON *o;
	cJSON_ArrayForEach(o, arr) {
		pt_option *opt = &item->options[item->n_options++];
		opt->pos = pos_value(ld, o);
		if (!cJSON_IsObject(o)) {
			wrong_type(ld, o, "options[]", "an object");
			continue;
		}
		check_fields(ld, o, "an option", option_fields);
		get_text(ld, o, "text", "an option", true, &opt->text);
		get_text(ld, o, "feedback", "an option", false, &opt->feedback);
		const cJSON *c = get_field(ld, o, "correct", "an option", false);
		if (c != NULL && !cJSON_IsBool(c))
			wrong_type(ld, c, "correct", "true or false");
		else if (c != NULL)
			opt->correct = cJSON_IsTrue(c);
	}
}

/* Reads an item's solution and references. */
static void load_extras(loader *ld, const cJSON *obj, pt_item *item)
{
	const cJSON *sol = get_object(ld, obj, "solution", "an item", false);
	if (sol != NULL) {
		item->solution.present = true;
		check_fields(ld, sol, "a solution", solution_fields);
		get_text_list(ld, sol, "steps", "a solution", true, &item->solution.steps);
		get_text(ld, sol, "answer", "a solution", false, &item->solution.answer);
		get_text(ld, sol, "check", "a solution", false, &item->solution.check);
	}
	const cJSON *refs = get_array(ld, obj, "references", "an item", false);
	if (refs == NULL)
		return;
	item->refs = calloc((size_t)cJSON_GetArraySize(refs) + 1, sizeof *item->refs);
	if (item->refs == NULL) {
		ld->failed = true;
		return;
	}
	const cJSON *r;
	cJSON_ArrayForEach(r, refs) {
		if (!cJSON_IsObject(r)) {
			wrong_type(ld, r, "references[]", "an object");
			continue;
		}
		pt_reference *ref = &item->refs[item->n_refs++];
		check_fields(ld, r, "a reference", reference_fields);
		get_text(ld, r, "title", "a reference", true, &ref->title);
		get_text(ld, r, "url", "a reference", true, &ref->url);
	}
}

/* Reads one item; kind-specific parts follow its kind. */
static void load_item(loader *ld, const cJSON *obj, pt_item *item, const pt_lesson *lesson)
{
	item->pos = pos_value(ld, obj);
	item->attempts = lesson->attempts;
	item->attempts_pos = lesson->attempts_pos;
	get_text(ld, obj, "id", "an item", true, &item->id);
	int kind = get_enum(ld, obj, "kind", "an item", kind_names, "\"fill\", \"choice\", \"multi\"");
	int diff = get_enum(ld, obj, "difficulty", "an item", difficulty_names, "\"easy\", \"medium\", \"hard\"");
	item->kind = kind < 0 ? PT_KIND_CHOICE : (pt_kind)kind;
	item->difficulty = diff < 0 ? PT_EASY : (pt_difficulty)diff;
	if (kind < 0)
		check_fields(ld, obj, "an item", any_item_fields);
	else if (kind == PT_KIND_FILL)
		check_fields(ld, obj, "a fill item", fill_fields);
	else
		check_fields(ld, obj, kind == PT_KIND_CHOICE ? "a choice item" : "a multi item", option_item_fields);
	get_text(ld, obj, "prompt", "an item", true, &item->prompt);
	get_text_list(ld, obj, "hints", "an item", false, &item->hints);
	get_text_list(ld, obj, "mistakes", "an item", false, &item->mistakes);
	get_text(ld, obj, "explanation", "an item", false, &item->explanation);
	get_text(ld, obj, "note", "an item", false, &item->note);
	get_text(ld, obj, "source", "an item", false, &item->source);
	get_text(ld, obj, "language", "an item", false, &item->language);
	if (item->language.s == NULL && lesson->language.s != NULL) {
		item->language.s = dup_str(ld, lesson->language.s);
		item->language.pos = lesson->language.pos;
	}
	get_int(ld, obj, "attempts", "an item", false, &item->attempts, &item->attempts_pos);
	load_extras(ld, obj, item);
	if (kind == PT_KIND_FILL) {
		get_text(ld, obj, "code", "a fill item", true, &item->code);
		get_text_list(ld, obj, "bank", "a fill item", true, &item->bank);
		load_blanks(ld, obj, item);
	} else if (kind >= 0) {
		load_options(ld, obj, item);
	}
}

/* Builds the lesson from a parsed tree. */
static pt_lesson *load_tree(loader *ld, const cJSON *root)
{
	if (!cJSON_IsObject(root)) {
		diags_add(ld->diags, ld->name, pos_value(ld, root), PT_ERROR,
		    "a lesson file must hold one JSON object, not %s", type_name(root));
		return NULL;
	}
	pt_lesson *lesson = calloc(1, sizeof *lesson);
	if (lesson == NULL) {
		ld->failed = true;
		return NULL;
	}
	lesson->path = dup_str(ld, ld->name);
	lesson->attempts = PT_DEFAULT_ATTEMPTS;
	check_fields(ld, root, "the lesson", lesson_fields);
	const cJSON *schema = get_field(ld, root, "$schema", "the lesson", false);
	if (schema != NULL && !cJSON_IsString(schema))
		wrong_type(ld, schema, "$schema", "a string");
	int format = 0;
	pt_pos format_pos;
	if (get_int(ld, root, "format", "the lesson", true, &format, &format_pos) &&
	    format != PT_FORMAT_VERSION)
		diags_add(ld->diags, ld->name, format_pos, PT_ERROR,
		    "unsupported format %d; this paratutor reads format %d", format, PT_FORMAT_VERSION);
	get_text(ld, root, "id", "the lesson", true, &lesson->id);
	get_text(ld, root, "title", "the lesson", true, &lesson->title);
	get_text(ld, root, "summary", "the lesson", true, &lesson->summary);
	get_text(ld, root, "language", "the lesson", false, &lesson->language);
	lesson->attempts_pos = pos_value(ld, root);
	get_int(ld, root, "attempts", "the lesson", false, &lesson->attempts, &lesson->attempts_pos);
	const cJSON *items = get_array(ld, root, "items", "the lesson", true);
	if (items == NULL)
		return lesson;
	lesson->items_pos = pos_value(ld, items);
	int n = cJSON_GetArraySize(items);
	lesson->items = calloc((size_t)n + 1, sizeof *lesson->items);
	if (lesson->items == NULL) {
		ld->failed = true;
		return lesson;
	}
	const cJSON *it;
	cJSON_ArrayForEach(it, items) {
		if (!cJSON_IsObject(it)) {
			wrong_type(ld, it, "items[]", "an object");
			continue;
		}
		load_item(ld, it, &lesson->items[lesson->n_items++], lesson);
	}
	return lesson;
}

/* ---- entry points ------------------------------------------------------ */

pt_pos load_offset_pos(const char *text, size_t len, size_t offset)
{
	scanner sc = { .s = text, .len = len, .line = 1, .col = 1 };
	while (sc.i < offset && sc.i < len)
		sc_advance(&sc);
	return sc_pos(&sc);
}

pt_lesson *load_lesson_text(const char *name, const char *text, size_t len,
    pt_diags *diags)
{
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR,
		    "file starts with a UTF-8 byte order mark; save it without one");
		return NULL;
	}
	scanner sc = { .s = text, .len = len, .line = 1, .col = 1 };
	if (sc_value(&sc)) {
		sc_skip_ws(&sc);
		if (sc.i < sc.len)
			sc_fail(&sc, "unexpected text after the end of the lesson object");
	}
	if (sc.error != NULL) {
		diags_add(diags, name, sc_pos(&sc), PT_ERROR, "invalid JSON: %s", sc.error);
		free(sc.rec);
		return NULL;
	}
	const char *end = NULL;
	cJSON_Hooks hooks = { arena_alloc, arena_free };
	cJSON_InitHooks(&hooks);
	cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	cJSON_InitHooks(NULL); /* other cJSON users get malloc and free back */
	if (root == NULL) {
		arena_drop();
		size_t off = end != NULL && end >= text ? (size_t)(end - text) : 0;
		diags_add(diags, name, load_offset_pos(text, len, off), PT_ERROR,
		    "invalid JSON: the parser rejected this value");
		free(sc.rec);
		return NULL;
	}
	size_t n_nodes = 0;
	index_walk(root, &n_nodes);
	/* A parser that disagreed with the scanner would misplace positions. */
	loader ld = { name, diags, sc.rec, n_nodes == sc.n_rec ? sc.n_rec : 0, false };
	pt_lesson *lesson = load_tree(&ld, root);
	arena_drop();
	free(sc.rec);
	if (ld.failed) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while loading");
		lesson_free(lesson);
		return NULL;
	}
	return lesson;
}

char *load_read_file(const char *path, size_t max, size_t *len, const char **why)
{
	FILE *fp = fopen(path, "rb");
	if (fp == NULL) {
		*why = strerror(errno);
		return NULL;
	}
	struct stat st;
	if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(fp);
		*why = "is a directory";
		return NULL;
	}
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap + 1);
	while (buf != NULL) {
		size_t got = fread(buf + n, 1, cap - n, fp);
		n += got;
		if (n > max) {
			*why = "file too large";
			break;
		}
		if (got == 0) {
			if (ferror(fp)) {
				*why = strerror(errno);
				break;
			}
			fclose(fp);
			buf[n] = '\0';
			*len = n;
			return buf;
		}
		if (n == cap) {
			char *bigger = realloc(buf, cap * 2 + 1);
			if (bigger == NULL)
				break;
			buf = bigger;
			cap *= 2;
		}
	}
	if (buf == NULL || *why == NULL)
		*why = "out of memory";
	free(buf);
	fclose(fp);
	return NULL;
}

pt_lesson *load_lesson_file(const char *path, pt_diags *diags)
{
	size_t len = 0;
	const char *why = NULL;
	char *text = load_read_file(path, PT_MAX_FILE_SIZE, &len, &why);
	if (text == NULL) {
		if (strcmp(why, "file too large") == 0)
			diags_add(diags, path, (pt_pos){ 1, 1 }, PT_ERROR,
			    "file is larger than %u MiB; split the lesson", PT_MAX_FILE_SIZE / (1024u * 1024u));
		else
			diags_add(diags, path, (pt_pos){ 1, 1 }, PT_ERROR, "cannot read: %s", why);
		return NULL;
	}
	pt_lesson *lesson = load_lesson_text(path, text, len, diags);
	free(text);
	return lesson;
}

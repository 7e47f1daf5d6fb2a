/* load.c - lesson files to the lesson model, with exact positions.
 *
 * A small scanner walks the text first: it reports the first JSON syntax
 * error with its line and column, and otherwise records where every value
 * and object key starts.  As it goes it writes a skeleton of the text in
 * which every string value without escapes is emptied, since the text
 * already holds its characters.  cJSON then parses the skeleton: the root
 * object with its items array left empty, and each item on its own, so
 * the tree in memory is never larger than one item.  The converter copies
 * each tree into pt_lesson, looking positions (and emptied strings) up by
 * node.  No cJSON type leaves this file. */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <cJSON.h>

#include "paratutor/arena.h"
#include "paratutor/load.h"
#include "paratutor/text.h"
#include "paratutor/validate.h"

#define MAX_DEPTH 64

/* Where one value and its key start, in document order; for a string
 * value without escapes, also the offset of its first character in the
 * text (the skeleton cJSON parses holds it emptied), else 0: a string's
 * characters never start a file. */
typedef struct pos_pair {
	pt_pos value;
	pt_pos key;
	uint32_t raw_off;
} pos_pair;

/* Where a member of the root object, or an element of one of its arrays,
 * lies in the text: byte offsets, its record, how many records its
 * contents take, and its key's bytes (quotes included) for members. */
typedef struct span {
	size_t rec;
	size_t desc;
	size_t start, end;       /* in the text */
	size_t sk_start, sk_end; /* in the skeleton */
	size_t key_at, key_len;
	int depth;
} span;

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
	size_t key_at, key_len;
	bool have_key;
	bool bad_utf8;    /* some string holds bytes that are not UTF-8 */
	span *spans;      /* values at depths 1 and 2, in document order */
	size_t n_spans;
	size_t cap_spans;
	char *out;        /* the skeleton: the text with plain string values emptied */
	size_t out_len;
	size_t copied;    /* the text before this offset is in out already */
} scanner;

typedef struct loader {
	const char *name;
	pt_diags *diags;
	const pos_pair *rec; /* value and key positions, by node index */
	size_t n_rec;
	pt_arena *model;     /* where the lesson being built lives */
	bool text_is_utf8;   /* every string of the file is valid UTF-8 */
	bool failed;         /* out of memory */
	const char *text;    /* the file */
	size_t text_len;
	const char *skel;    /* the text cJSON parses: the file's skeleton, or the file */
	const span *items;   /* the root's items array when parsed apart, else NULL */
	const span *elements; /* the array's elements, parsed one at a time */
	size_t n_elements;
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
	const char *s = sc->s;
	size_t i = sc->i, n = sc->len;
	if (i < n && (unsigned char)s[i] > ' ')
		return; /* most values follow a bracket, colon or comma directly */
	int line = sc->line, col = sc->col;
	while (i < n) {
		char c = s[i];
		if (c == ' ') {
			size_t j = i + 1;
			while (j < n && s[j] == ' ')
				j++;
			col += (int)(j - i);
			i = j;
		} else if (c == '\n') {
			line++;
			col = 1;
			i++;
		} else if (c == '\t' || c == '\r') {
			col++;
			i++;
		} else {
			break;
		}
	}
	sc->i = i;
	sc->line = line;
	sc->col = col;
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

/* Returns a mask with the high bit set in each of the 8 bytes at p that
 * is a quote, a backslash, a control character or a non-ASCII byte; the
 * lowest flagged byte is exact (bytes after it may be flagged falsely). */
static uint64_t special8(const unsigned char *p)
{
	const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
	uint64_t v;
	memcpy(&v, p, sizeof v);
	uint64_t quote = v ^ (ones * '"'), backslash = v ^ (ones * '\\');
	return (((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) |
	    ((v - ones * 0x20) & ~v) | v) & highs;
}

/* Returns how many plain ASCII string bytes (no quote, backslash or
 * control character) start p, looking at most n bytes ahead. */
static size_t plain_run(const unsigned char *p, size_t n)
{
	size_t i = 0;
#ifdef __SSE2__
	/* Sixteen bytes at a time: the signed compare flags both control
	 * characters and bytes of 0x80 and above. */
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
	const __m128i space = _mm_set1_epi8(' ');
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
		__m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
		    _mm_cmplt_epi8(v, space));
		unsigned mask = (unsigned)_mm_movemask_epi8(special);
		if (mask != 0)
			return i + (size_t)__builtin_ctz(mask);
	}
#endif
	for (; i + 8 <= n; i += 8) {
		uint64_t m = special8(p + i);
		if (m != 0) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
			return i + (size_t)__builtin_clzll(m) / 8;
#else
			return i + (size_t)__builtin_ctzll(m) / 8;
#endif
		}
	}
	while (i < n && p[i] != '"' && p[i] != '\\' && p[i] >= 0x20 && p[i] < 0x80)
		i++;
	return i;
}

/* Returns where the text's current offset falls in the skeleton. */
static size_t sc_skeleton_at(const scanner *sc)
{
	return sc->out_len + (sc->i - sc->copied);
}

/* Empties the string value that runs from the quote at open to the
 * current offset (just past its closing quote) in the skeleton, noting
 * where its characters are in the text. */
static void sc_blank_string(scanner *sc, size_t open)
{
	memcpy(sc->out + sc->out_len, sc->s + sc->copied, open + 1 - sc->copied);
	sc->out_len += open + 1 - sc->copied;
	sc->out[sc->out_len++] = '"';
	sc->copied = sc->i;
	pos_pair *r = &sc->rec[sc->n_rec - 1];
	r->raw_off = (uint32_t)(open + 1);
}

/* Skips a string starting at '"'; a value (not a key) without escapes is
 * emptied in the skeleton, as cJSON need not copy what the text holds. */
static bool sc_string(scanner *sc, bool value)
{
	const unsigned char *s = (const unsigned char *)sc->s;
	size_t open = sc->i, i = sc->i + 1, len = sc->len;
	int col = sc->col + 1;
	bool escaped = false;
	for (;;) {
		/* Plain characters only move the column. */
		size_t run = plain_run(s + i, len - i);
		i += run;
		col += (int)run;
		if (i >= len)
			break;
		unsigned char c = s[i];
		if (c >= 0x80) {
			size_t at = i;
			unsigned cp = text_decode(sc->s, len, &i);
			if (cp == 0xFFFD && !(i - at == 3 && memcmp(s + at, "\xEF\xBF\xBD", 3) == 0))
				sc->bad_utf8 = true;
			for (; at < i; at++)
				col += (s[at] & 0xC0) != 0x80; /* a character starts here */
			continue;
		}
		sc->i = i;
		sc->col = col;
		if (c == '"') {
			sc_advance(sc);
			if (value && !escaped && sc->out != NULL)
				sc_blank_string(sc, open);
			return true;
		}
		if (c == '\n')
			return sc_fail(sc, "unterminated string (a line break must be written \\n)");
		if (c < 0x20)
			return sc_fail(sc, "control character in string (write it as an escape such as \\t)");
		sc_advance(sc); /* the backslash */
		escaped = true;
		char e = sc_peek(sc);
		if (e == 'u') {
			sc_advance(sc);
			for (int k = 0; k < 4; k++) {
				char h = sc_peek(sc);
				if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F')))
					return sc_fail(sc, "\\u must be followed by four hex digits");
				sc_advance(sc);
			}
		} else if (e == '\0' || strchr("\"\\/bfnrt", e) == NULL) {
			return sc_fail(sc, "invalid escape in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
		} else {
			sc_advance(sc);
		}
		i = sc->i;
		col = sc->col;
	}
	sc->i = i;
	sc->col = col;
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
			size_t key_at = sc->i;
			if (!sc_string(sc, false))
				return false;
			sc->key_at = key_at;
			sc->key_len = sc->i - key_at;
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
	sc->rec[sc->n_rec++] = (pos_pair){ .value = here, .key = sc->have_key ? sc->key : here };
	sc->have_key = false;
	return true;
}

/* Skips one value of any type (after its leading white space). */
static bool sc_value_body(scanner *sc)
{
	switch (sc_peek(sc)) {
	case '{': return sc_container(sc, '}');
	case '[': return sc_container(sc, ']');
	case '"': return sc_string(sc, true);
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

/* Starts a span for the value about to be scanned; returns its index, or
 * SIZE_MAX when out of memory. */
static size_t sc_span_open(scanner *sc)
{
	if (sc->n_spans == sc->cap_spans) {
		size_t cap = sc->cap_spans ? sc->cap_spans * 2 : 64;
		span *v = realloc(sc->spans, cap * sizeof *v);
		if (v == NULL)
			return SIZE_MAX;
		sc->spans = v;
		sc->cap_spans = cap;
	}
	sc->spans[sc->n_spans] = (span){
		.rec = sc->n_rec,
		.start = sc->i,
		.sk_start = sc_skeleton_at(sc),
		.key_at = sc->have_key ? sc->key_at : 0,
		.key_len = sc->have_key ? sc->key_len : 0,
		.depth = sc->depth,
	};
	return sc->n_spans++;
}

/* Skips one value of any type, recording where it starts, and its span
 * when it sits at depth 1 or 2. */
static bool sc_value(scanner *sc)
{
	sc_skip_ws(sc);
	size_t at = SIZE_MAX;
	if ((sc->depth == 1 || sc->depth == 2) && (at = sc_span_open(sc)) == SIZE_MAX)
		return sc_fail(sc, "out of memory");
	if (!sc_record(sc) || !sc_value_body(sc))
		return false;
	if (at != SIZE_MAX) {
		sc->spans[at].end = sc->i;
		sc->spans[at].sk_end = sc_skeleton_at(sc);
		sc->spans[at].desc = sc->n_rec - sc->spans[at].rec - 1;
	}
	return true;
}

/* ---- parse arena ------------------------------------------------------- */

/* cJSON allocates a block per node and per string and frees them one by
 * one; during a load they all live exactly as long as the tree, so while
 * this thread parses a lesson they come from an arena emptied whole
 * afterwards and kept for the next lesson, until load_release().  Outside
 * a lesson parse the hooks fall back to malloc and free, so other cJSON
 * users are unaffected.  Parsing on several threads at once follows the
 * conditions cJSON documents for it: the hooks are set once, before any
 * parse, and cJSON_GetErrorPtr is never used. */
static _Thread_local pt_arena *parse_arena;   /* set while parsing */
static _Thread_local pt_arena *parse_scratch;  /* the root's tree, kept between loads */
static _Thread_local pt_arena *element_scratch; /* one item's tree at a time */
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* cJSON asks for a block per node and per string, so small blocks are cut
 * from a run taken from the arena PARSE_RUN bytes at a time. */
#define PARSE_RUN ((size_t)32 << 10)
static _Thread_local char *run_at, *run_end;

/* Allocates for cJSON from this thread's parse arena, if one is open. */
static void *parse_alloc(size_t n)
{
	if (parse_arena == NULL)
		return malloc(n);
	const size_t align = sizeof(max_align_t);
	n = (n + align - 1) / align * align;
	if (n > (size_t)(run_end - run_at)) {
		if (n > PARSE_RUN / 4)
			return arena_alloc(parse_arena, n);
		run_at = arena_alloc(parse_arena, PARSE_RUN);
		run_end = run_at != NULL ? run_at + PARSE_RUN : NULL;
		if (run_at == NULL)
			return NULL;
	}
	void *p = run_at;
	run_at += n;
	return p;
}

/* Frees for cJSON; blocks of an open parse arena wait for the arena. */
static void parse_free(void *p)
{
	if (parse_arena == NULL)
		free(p);
}

/* Parses len bytes of text with cJSON into arena; the tree lives until
 * the arena is reset.  Returns NULL when the parser rejects the text (end
 * then points near the fault) or arena is NULL. */
static cJSON *parse_into(pt_arena *arena, const char *text, size_t len, const char **end)
{
	*end = NULL;
	if (arena == NULL)
		return NULL;
	parse_arena = arena;
	run_at = run_end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(text, len, end, 0);
	parse_arena = NULL;
	run_at = run_end = NULL;
	return root;
}

/* ---- positions --------------------------------------------------------- */

/* Numbers are read from valuedouble, so each node's valueint is free to
 * carry its index in document order: a pre-order walk of the tree meets
 * the values in the order the scanner recorded them. */
static void index_walk(cJSON *node, size_t *next, size_t skip_at, size_t skip)
{
	for (; node != NULL; node = node->next) {
		size_t at = (*next)++;
		node->valueint = (int)at;
		if (at == skip_at)
			*next += skip; /* records of contents parsed apart */
		index_walk(node->child, next, skip_at, skip);
	}
}

/* Marks every node of a tree as having no known position. */
static void index_forget(cJSON *node)
{
	for (; node != NULL; node = node->next) {
		node->valueint = -1;
		index_forget(node->child);
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

/* Returns a copy of s in the lesson's arena. */
static char *dup_str(loader *ld, const char *s)
{
	char *copy = arena_strdup(ld->model, s);
	if (copy == NULL)
		ld->failed = true;
	return copy;
}

/* Returns a copy of the n bytes at s in the lesson's arena. */
static char *dup_strn(loader *ld, const char *s, size_t n)
{
	char *copy = arena_strndup(ld->model, s, n);
	if (copy == NULL)
		ld->failed = true;
	return copy;
}

/* Returns n zeroed elements of size bytes in the lesson's arena. */
static void *model_calloc(loader *ld, size_t n, size_t size)
{
	void *p = arena_calloc(ld->model, n, size);
	if (p == NULL)
		ld->failed = true;
	return p;
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

/* ---- fields ------------------------------------------------------------ */

/* Every field name of the format.  The order agrees with the order of
 * each object's own list in the format reference, so "did you mean"
 * picks the same name whichever object it looks at. */
typedef enum field {
	F_SCHEMA, F_FORMAT, F_ID, F_TITLE, F_SUMMARY, F_KIND, F_DIFFICULTY,
	F_PROMPT, F_HINTS, F_MISTAKES, F_EXPLANATION, F_SOLUTION, F_ATTEMPTS,
	F_LANGUAGE, F_ITEMS, F_NOTE, F_SOURCE, F_REFERENCES, F_CODE, F_BANK,
	F_BLANKS, F_OPTIONS, F_STEPS, F_ANSWER, F_CHECK, F_URL, F_ACCEPT,
	F_TEXT, F_CORRECT, F_FEEDBACK, N_FIELDS
} field;

static const char *const field_names[N_FIELDS] = {
	"$schema", "format", "id", "title", "summary", "kind", "difficulty",
	"prompt", "hints", "mistakes", "explanation", "solution", "attempts",
	"language", "items", "note", "source", "references", "code", "bank",
	"blanks", "options", "steps", "answer", "check", "url", "accept",
	"text", "correct", "feedback"
};

#define BIT(f) (1ul << (f))
#define LESSON_FIELDS (BIT(F_SCHEMA) | BIT(F_FORMAT) | BIT(F_ID) | BIT(F_TITLE) | \
	BIT(F_SUMMARY) | BIT(F_ATTEMPTS) | BIT(F_LANGUAGE) | BIT(F_ITEMS))
#define COMMON_ITEM_FIELDS (BIT(F_ID) | BIT(F_KIND) | BIT(F_DIFFICULTY) | BIT(F_PROMPT) | \
	BIT(F_HINTS) | BIT(F_MISTAKES) | BIT(F_EXPLANATION) | BIT(F_SOLUTION) | \
	BIT(F_ATTEMPTS) | BIT(F_LANGUAGE) | BIT(F_NOTE) | BIT(F_SOURCE) | BIT(F_REFERENCES))
#define FILL_FIELDS (COMMON_ITEM_FIELDS | BIT(F_CODE) | BIT(F_BANK) | BIT(F_BLANKS))
#define OPTION_ITEM_FIELDS (COMMON_ITEM_FIELDS | BIT(F_OPTIONS))
#define ANY_ITEM_FIELDS (FILL_FIELDS | OPTION_ITEM_FIELDS)
#define SOLUTION_FIELDS (BIT(F_STEPS) | BIT(F_ANSWER) | BIT(F_CHECK))
#define REFERENCE_FIELDS (BIT(F_TITLE) | BIT(F_URL))
#define BLANK_FIELDS (BIT(F_ACCEPT) | BIT(F_FEEDBACK))
#define OPTION_FIELDS (BIT(F_TEXT) | BIT(F_CORRECT) | BIT(F_FEEDBACK))

/* An object's members looked up once: the first member of each field the
 * object may have, or NULL. */
typedef struct fields {
	const cJSON *obj;
	const cJSON *v[N_FIELDS];
} fields;

/* Field names hash to distinct slots of FIELD_SLOTS (checked when the
 * table is built); a slot two names shared would fall back to a search. */
#define FIELD_SLOTS 64
#define SLOT_EMPTY ((unsigned char)N_FIELDS)
#define SLOT_SHARED ((unsigned char)(N_FIELDS + 1))
static unsigned char field_slots[FIELD_SLOTS];

/* Hashes a member name from its first two bytes and its length. */
static size_t field_hash(const char *name, size_t len)
{
	return ((size_t)(unsigned char)name[0] * 22 + (size_t)(unsigned char)name[1] * 54 + len) % FIELD_SLOTS;
}

/* Fills field_slots. */
static void field_slots_build(void)
{
	memset(field_slots, SLOT_EMPTY, sizeof field_slots);
	for (int k = 0; k < N_FIELDS; k++) {
		unsigned char *slot = &field_slots[field_hash(field_names[k], strlen(field_names[k]))];
		*slot = *slot == SLOT_EMPTY ? (unsigned char)k : SLOT_SHARED;
	}
}

/* Returns the field a member name stands for, or N_FIELDS. */
static field field_lookup(const char *name)
{
	if (name[0] == '\0')
		return N_FIELDS;
	size_t len = strlen(name);
	unsigned char k = field_slots[field_hash(name, len)];
	if (k < N_FIELDS)
		return strcmp(field_names[k], name) == 0 ? (field)k : N_FIELDS;
	for (int i = 0; k == SLOT_SHARED && i < N_FIELDS; i++)
		if (strcmp(field_names[i], name) == 0)
			return (field)i;
	return N_FIELDS;
}

/* Returns true when field k is one of the allowed set. */
static bool field_allowed(field k, unsigned long allowed)
{
	return k < N_FIELDS && ((allowed >> k) & 1ul);
}

/* Fills f with obj's members of the allowed fields; reports nothing. */
static void fields_scan(const cJSON *obj, unsigned long allowed, fields *f)
{
	memset(f, 0, sizeof *f);
	f->obj = obj;
	for (const cJSON *c = obj->child; c != NULL; c = c->next) {
		field k = field_lookup(c->string);
		if (field_allowed(k, allowed) && f->v[k] == NULL)
			f->v[k] = c;
	}
}

/* Warns about members of f's object outside allowed and reports fields
 * given twice. */
static void check_fields(loader *ld, const fields *f, const char *what, unsigned long allowed)
{
	unsigned long seen = 0; /* bit per allowed field met so far */
	const cJSON *obj = f->obj;
	for (const cJSON *c = obj->child; c != NULL; c = c->next) {
		field k = field_lookup(c->string);
		bool known = field_allowed(k, allowed);
		bool twice = known ? (seen >> k) & 1ul : true;
		if (known)
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
		if (known)
			continue;
		const char *best = NULL;
		int best_d = 3;
		for (int kn = 0; kn < N_FIELDS; kn++) {
			if (!field_allowed((field)kn, allowed))
				continue;
			int d = edit_distance(field_names[kn], c->string);
			if (d < best_d) {
				best_d = d;
				best = field_names[kn];
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

/* Returns field k of f's object, reporting it when required and missing. */
static const cJSON *get_field(loader *ld, const fields *f, field k, const char *what, bool required)
{
	const cJSON *v = f->v[k];
	if (v == NULL && required)
		diags_add(ld->diags, ld->name, pos_value(ld, f->obj), PT_ERROR,
		    "%s is missing the required field \"%s\"", what, field_names[k]);
	return v;
}

/* Returns a string node's characters and sets *len to their count: from
 * the text when the skeleton held the string emptied, else as cJSON
 * decoded them. */
static const char *node_string(const loader *ld, const cJSON *v, size_t *len)
{
	const pos_pair *p = pos_of(ld, v);
	if (p != NULL && p->raw_off != 0) {
		/* Without escapes, the first quote after the start ends it. */
		const char *s = ld->text + p->raw_off;
		*len = (size_t)((const char *)memchr(s, '"', ld->text_len - p->raw_off) - s);
		return s;
	}
	*len = strlen(v->valuestring);
	return v->valuestring;
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
	size_t n;
	const char *s = node_string(ld, v, &n);
	if (!ld->text_is_utf8 && !validate_utf8(s, n)) {
		diags_add(ld->diags, ld->name, out->pos, PT_ERROR,
		    "\"%s\" is not valid UTF-8", name);
		return false;
	}
	size_t k = 0;
	while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
		k++;
	if (k == n)
		diags_add(ld->diags, ld->name, out->pos, PT_ERROR, "\"%s\" is empty", name);
	out->s = dup_strn(ld, s, n);
	return out->s != NULL;
}

/* Reads an optional or required string member. */
static void get_text(loader *ld, const fields *f, field k, const char *what, bool required, pt_text *out)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v != NULL)
		take_text(ld, v, field_names[k], out);
}

/* Reads an array of strings into list. */
static void get_text_list(loader *ld, const fields *f, field k, const char *what, bool required,
    pt_text_list *list)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v == NULL)
		return;
	list->pos = pos_value(ld, v);
	if (!cJSON_IsArray(v)) {
		wrong_type(ld, v, field_names[k], "an array of strings");
		return;
	}
	int n = cJSON_GetArraySize(v);
	list->v = model_calloc(ld, (size_t)n + 1, sizeof *list->v);
	if (list->v == NULL)
		return;
	const cJSON *e;
	cJSON_ArrayForEach(e, v) {
		if (take_text(ld, e, field_names[k], &list->v[list->n]))
			list->n++;
	}
}

/* Reads an integer member; returns whether it was present and valid. */
static bool get_int(loader *ld, const fields *f, field k, const char *what, bool required,
    int *out, pt_pos *pos)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v == NULL)
		return false;
	const char *name = field_names[k];
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
static const cJSON *get_object(loader *ld, const fields *f, field k, const char *what, bool required)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v != NULL && !cJSON_IsObject(v)) {
		wrong_type(ld, v, field_names[k], "an object");
		return NULL;
	}
	return v;
}

/* Reads an array member, reporting a wrong type. */
static const cJSON *get_array(loader *ld, const fields *f, field k, const char *what, bool required)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v != NULL && !cJSON_IsArray(v)) {
		wrong_type(ld, v, field_names[k], "an array");
		return NULL;
	}
	return v;
}

/* Matches a string member against names; returns the index or -1. */
static int get_enum(loader *ld, const fields *f, field k, const char *what,
    const char *const *names, const char *choices)
{
	const cJSON *v = get_field(ld, f, k, what, true);
	if (v == NULL)
		return -1;
	if (!cJSON_IsString(v)) {
		wrong_type(ld, v, field_names[k], "a string");
		return -1;
	}
	size_t n;
	const char *s = node_string(ld, v, &n);
	for (int i = 0; names[i] != NULL; i++)
		if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
			return i;
	diags_add(ld->diags, ld->name, pos_value(ld, v), PT_ERROR,
	    "\"%s\" must be one of %s, not \"%.*s\"", field_names[k], choices,
	    (int)n, s);
	return -1;
}

/* ---- lesson structure -------------------------------------------------- */

static const char *const kind_names[] = { "fill", "choice", "multi", NULL };
static const char *const difficulty_names[] = { "easy", "medium", "hard", NULL };

/* Reads a fill item's blanks. */
static void load_blanks(loader *ld, const fields *itf, pt_item *item)
{
	const cJSON *arr = get_array(ld, itf, F_BLANKS, "a fill item", true);
	if (arr == NULL)
		return;
	item->blanks_pos = pos_value(ld, arr);
	int n = cJSON_GetArraySize(arr);
	item->blanks = model_calloc(ld, (size_t)n + 1, sizeof *item->blanks);
	if (item->blanks == NULL)
		return;
	const cJSON *b;
	cJSON_ArrayForEach(b, arr) {
		pt_blank *blank = &item->blanks[item->n_blanks++];
		blank->pos = pos_value(ld, b);
		if (!cJSON_IsObject(b)) {
			wrong_type(ld, b, "blanks[]", "an object");
			continue;
		}
		fields bf;
		fields_scan(b, BLANK_FIELDS, &bf);
		check_fields(ld, &bf, "a blank", BLANK_FIELDS);
		get_text_list(ld, &bf, F_ACCEPT, "a blank", true, &blank->accept);
		const cJSON *fb = get_object(ld, &bf, F_FEEDBACK, "a blank", false);
		if (fb == NULL)
			continue;
		int nf = cJSON_GetArraySize(fb);
		blank->feedback = model_calloc(ld, (size_t)nf + 1, sizeof *blank->feedback);
		if (blank->feedback == NULL)
			continue;
		const cJSON *e;
		cJSON_ArrayForEach(e, fb) {
			for (const cJSON *p = fb->child; p != e; p = p->next)
				if (strcmp(p->string, e->string) == 0)
					diags_add(ld->diags, ld->name, pos_key(ld, e), PT_ERROR,
					    "feedback for \"%s\" appears twice in this blank (first at line %d)",
					    e->string, pos_key(ld, p).line);
			pt_feedback *entry = &blank->feedback[blank->n_feedback];
			if (!take_text(ld, e, "feedback", &entry->text))
				continue;
			entry->option.s = dup_str(ld, e->string);
			entry->option.pos = pos_key(ld, e);
			blank->n_feedback++;
		}
	}
}

/* Reads a choice or multi item's options. */
static void load_options(loader *ld, const fields *itf, pt_item *item)
{
	const cJSON *arr = get_array(ld, itf, F_OPTIONS, "a choice or multi item", true);
	if (arr == NULL)
		return;
	item->options_pos = pos_value(ld, arr);
	int n = cJSON_GetArraySize(arr);
	item->options = model_calloc(ld, (size_t)n + 1, sizeof *item->options);
	if (item->options == NULL)
		return;
	const cJSON *o;
	cJSON_ArrayForEach(o, arr) {
		pt_option *opt = &item->options[item->n_options++];
		opt->pos = pos_value(ld, o);
		if (!cJSON_IsObject(o)) {
			wrong_type(ld, o, "options[]", "an object");
			continue;
		}
		fields of;
		fields_scan(o, OPTION_FIELDS, &of);
		check_fields(ld, &of, "an option", OPTION_FIELDS);
		get_text(ld, &of, F_TEXT, "an option", true, &opt->text);
		get_text(ld, &of, F_FEEDBACK, "an option", false, &opt->feedback);
		const cJSON *c = get_field(ld, &of, F_CORRECT, "an option", false);
		if (c != NULL && !cJSON_IsBool(c))
			wrong_type(ld, c, "correct", "true or false");
		else if (c != NULL)
			opt->correct = cJSON_IsTrue(c);
	}
}

/* Reads an item's solution and references. */
static void load_extras(loader *ld, const fields *itf, pt_item *item)
{
	const cJSON *sol = get_object(ld, itf, F_SOLUTION, "an item", false);
	if (sol != NULL) {
		item->solution.present = true;
		fields sf;
		fields_scan(sol, SOLUTION_FIELDS, &sf);
		check_fields(ld, &sf, "a solution", SOLUTION_FIELDS);
		get_text_list(ld, &sf, F_STEPS, "a solution", true, &item->solution.steps);
		get_text(ld, &sf, F_ANSWER, "a solution", false, &item->solution.answer);
		get_text(ld, &sf, F_CHECK, "a solution", false, &item->solution.check);
	}
	const cJSON *refs = get_array(ld, itf, F_REFERENCES, "an item", false);
	if (refs == NULL)
		return;
	item->refs = model_calloc(ld, (size_t)cJSON_GetArraySize(refs) + 1, sizeof *item->refs);
	if (item->refs == NULL)
		return;
	const cJSON *r;
	cJSON_ArrayForEach(r, refs) {
		if (!cJSON_IsObject(r)) {
			wrong_type(ld, r, "references[]", "an object");
			continue;
		}
		pt_reference *ref = &item->refs[item->n_refs++];
		fields rf;
		fields_scan(r, REFERENCE_FIELDS, &rf);
		check_fields(ld, &rf, "a reference", REFERENCE_FIELDS);
		get_text(ld, &rf, F_TITLE, "a reference", true, &ref->title);
		get_text(ld, &rf, F_URL, "a reference", true, &ref->url);
	}
}

/* Reads one item; kind-specific parts follow its kind. */
static void load_item(loader *ld, const cJSON *obj, pt_item *item, const pt_lesson *lesson)
{
	fields f;
	fields_scan(obj, ANY_ITEM_FIELDS, &f);
	item->pos = pos_value(ld, obj);
	item->attempts = lesson->attempts;
	item->attempts_pos = lesson->attempts_pos;
	get_text(ld, &f, F_ID, "an item", true, &item->id);
	int kind = get_enum(ld, &f, F_KIND, "an item", kind_names, "\"fill\", \"choice\", \"multi\"");
	int diff = get_enum(ld, &f, F_DIFFICULTY, "an item", difficulty_names, "\"easy\", \"medium\", \"hard\"");
	item->kind = kind < 0 ? PT_KIND_CHOICE : (pt_kind)kind;
	item->difficulty = diff < 0 ? PT_EASY : (pt_difficulty)diff;
	if (kind < 0)
		check_fields(ld, &f, "an item", ANY_ITEM_FIELDS);
	else if (kind == PT_KIND_FILL)
		check_fields(ld, &f, "a fill item", FILL_FIELDS);
	else
		check_fields(ld, &f, kind == PT_KIND_CHOICE ? "a choice item" : "a multi item", OPTION_ITEM_FIELDS);
	get_text(ld, &f, F_PROMPT, "an item", true, &item->prompt);
	get_text_list(ld, &f, F_HINTS, "an item", false, &item->hints);
	get_text_list(ld, &f, F_MISTAKES, "an item", false, &item->mistakes);
	get_text(ld, &f, F_EXPLANATION, "an item", false, &item->explanation);
	get_text(ld, &f, F_NOTE, "an item", false, &item->note);
	get_text(ld, &f, F_SOURCE, "an item", false, &item->source);
	get_text(ld, &f, F_LANGUAGE, "an item", false, &item->language);
	if (item->language.s == NULL && lesson->language.s != NULL)
		item->language = lesson->language; /* the same arena holds both */
	get_int(ld, &f, F_ATTEMPTS, "an item", false, &item->attempts, &item->attempts_pos);
	load_extras(ld, &f, item);
	if (kind == PT_KIND_FILL) {
		get_text(ld, &f, F_CODE, "a fill item", true, &item->code);
		get_text_list(ld, &f, F_BANK, "a fill item", true, &item->bank);
		load_blanks(ld, &f, item);
	} else if (kind >= 0) {
		load_options(ld, &f, item);
	}
}

/* Adds one element of the items array to the lesson. */
static void load_element(loader *ld, const cJSON *it, pt_lesson *lesson)
{
	if (!cJSON_IsObject(it))
		wrong_type(ld, it, "items[]", "an object");
	else
		load_item(ld, it, &lesson->items[lesson->n_items++], lesson);
}

/* Parses one element of the items array on its own, numbering its nodes
 * from its first record; NULL (and failed set) when out of memory, as the
 * scanner has already accepted its syntax. */
static const cJSON *parse_element(loader *ld, const span *e)
{
	if (element_scratch == NULL)
		element_scratch = arena_new();
	const char *end;
	cJSON *node = parse_into(element_scratch, ld->skel + e->sk_start, e->sk_end - e->sk_start, &end);
	size_t next = e->rec;
	if (node != NULL)
		index_walk(node, &next, SIZE_MAX, 0);
	if (node == NULL || next != e->rec + e->desc + 1) {
		/* The parsers disagree: parse the text itself, without positions. */
		arena_reset(element_scratch);
		node = parse_into(element_scratch, ld->text + e->start, e->end - e->start, &end);
		if (node != NULL)
			index_forget(node);
	}
	if (node == NULL)
		ld->failed = true;
	return node;
}

/* Builds the lesson from a parsed tree. */
static pt_lesson *load_tree(loader *ld, const cJSON *root)
{
	if (!cJSON_IsObject(root)) {
		diags_add(ld->diags, ld->name, pos_value(ld, root), PT_ERROR,
		    "a lesson file must hold one JSON object, not %s", type_name(root));
		return NULL;
	}
	pt_lesson *lesson = model_calloc(ld, 1, sizeof *lesson);
	if (lesson == NULL)
		return NULL;
	lesson->arena = ld->model;
	lesson->path = dup_str(ld, ld->name);
	lesson->attempts = PT_DEFAULT_ATTEMPTS;
	fields f;
	fields_scan(root, LESSON_FIELDS, &f);
	check_fields(ld, &f, "the lesson", LESSON_FIELDS);
	const cJSON *schema = get_field(ld, &f, F_SCHEMA, "the lesson", false);
	if (schema != NULL && !cJSON_IsString(schema))
		wrong_type(ld, schema, "$schema", "a string");
	int format = 0;
	pt_pos format_pos;
	if (get_int(ld, &f, F_FORMAT, "the lesson", true, &format, &format_pos) &&
	    format != PT_FORMAT_VERSION)
		diags_add(ld->diags, ld->name, format_pos, PT_ERROR,
		    "unsupported format %d; this paratutor reads format %d", format, PT_FORMAT_VERSION);
	get_text(ld, &f, F_ID, "the lesson", true, &lesson->id);
	get_text(ld, &f, F_TITLE, "the lesson", true, &lesson->title);
	get_text(ld, &f, F_SUMMARY, "the lesson", true, &lesson->summary);
	get_text(ld, &f, F_LANGUAGE, "the lesson", false, &lesson->language);
	lesson->attempts_pos = pos_value(ld, root);
	get_int(ld, &f, F_ATTEMPTS, "the lesson", false, &lesson->attempts, &lesson->attempts_pos);
	const cJSON *items = get_array(ld, &f, F_ITEMS, "the lesson", true);
	if (items == NULL)
		return lesson;
	lesson->items_pos = pos_value(ld, items);
	bool apart = ld->items != NULL && items->valueint >= 0 && (size_t)items->valueint == ld->items->rec;
	size_t n = apart ? ld->n_elements : (size_t)cJSON_GetArraySize(items);
	lesson->items = model_calloc(ld, n + 1, sizeof *lesson->items);
	if (lesson->items == NULL)
		return lesson;
	if (apart) {
		for (size_t k = 0; k < n && !ld->failed; k++) {
			const cJSON *it = parse_element(ld, &ld->elements[k]);
			if (it != NULL)
				load_element(ld, it, lesson);
			arena_reset(element_scratch);
		}
		return lesson;
	}
	const cJSON *it;
	cJSON_ArrayForEach(it, items)
		load_element(ld, it, lesson);
	return lesson;
}

/* Sets up what every load shares, once per process: cJSON's allocation
 * hooks and the field name table. */
static void load_init(void)
{
	cJSON_Hooks hooks = { parse_alloc, parse_free };
	cJSON_InitHooks(&hooks);
	field_slots_build();
}

/* ---- entry points ------------------------------------------------------ */

void load_release(void)
{
	arena_free(parse_scratch);
	arena_free(element_scratch);
	parse_scratch = element_scratch = NULL;
}

pt_pos load_offset_pos(const char *text, size_t len, size_t offset)
{
	scanner sc = { .s = text, .len = len, .line = 1, .col = 1 };
	while (sc.i < offset && sc.i < len)
		sc_advance(&sc);
	return sc_pos(&sc);
}

/* Finds the root's items array for parsing apart: the first root member
 * whose key is written "items" and whose value is an array. */
static void find_items(const scanner *sc, loader *ld)
{
	for (size_t k = 0; k < sc->n_spans; k++) {
		const span *m = &sc->spans[k];
		if (m->depth == 1 && m->key_len == 7 && memcmp(sc->s + m->key_at, "\"items\"", 7) == 0 &&
		    sc->s[m->start] == '[') {
			ld->items = m;
			ld->elements = m + 1;
			while (k + 1 + ld->n_elements < sc->n_spans && m[1 + ld->n_elements].depth == 2 &&
			    m[1 + ld->n_elements].rec <= m->rec + m->desc)
				ld->n_elements++;
			return;
		}
	}
}

/* Parses the skeleton's root object with its items array emptied,
 * numbering nodes as if the items were there; NULL when that fails. */
static cJSON *parse_root_apart(const loader *ld, const scanner *sc)
{
	const span *items = ld->items;
	size_t skel_len = sc->out != NULL ? sc->out_len : sc->len;
	size_t tail = skel_len - items->sk_end, len = items->sk_start + 2 + tail;
	char *root_text = malloc(len + 1);
	if (root_text == NULL)
		return NULL;
	memcpy(root_text, ld->skel, items->sk_start);
	memcpy(root_text + items->sk_start, "[]", 2);
	memcpy(root_text + items->sk_start + 2, ld->skel + items->sk_end, tail);
	root_text[len] = '\0';
	const char *end;
	cJSON *root = parse_into(parse_scratch, root_text, len, &end);
	free(root_text);
	size_t n_nodes = 0;
	if (root != NULL)
		index_walk(root, &n_nodes, items->rec, items->desc);
	if (root == NULL || n_nodes != sc->n_rec) {
		arena_reset(parse_scratch);
		return NULL;
	}
	return root;
}

/* Parses all of text (len bytes) and numbers its nodes; clears
 * ld->n_rec when the count disagrees with the scanner's.  NULL when the
 * parser rejects it, with *end near the fault. */
static cJSON *parse_whole(loader *ld, const char *text, size_t len, const char **end)
{
	cJSON *root = parse_into(parse_scratch, text, len, end);
	if (root == NULL)
		return NULL;
	size_t n_nodes = 0;
	index_walk(root, &n_nodes, SIZE_MAX, 0);
	if (n_nodes != ld->n_rec) {
		arena_reset(parse_scratch);
		return NULL;
	}
	return root;
}

/* Parses the lesson for the loader: the root with its items apart when
 * it can, else the whole skeleton, else the text itself (where a count
 * that disagrees with the scanner leaves positions unknown).  Returns
 * NULL, with a diagnostic, when the parser rejects the text. */
static cJSON *parse_lesson(loader *ld, const scanner *sc)
{
	cJSON *root = ld->items != NULL ? parse_root_apart(ld, sc) : NULL;
	if (root != NULL)
		return root;
	ld->items = NULL;
	const char *end;
	size_t skel_len = sc->out != NULL ? sc->out_len : sc->len;
	root = parse_whole(ld, ld->skel, skel_len, &end);
	if (root != NULL)
		return root;
	root = parse_into(parse_scratch, ld->text, sc->len, &end);
	if (root != NULL) {
		size_t n_nodes = 0;
		index_walk(root, &n_nodes, SIZE_MAX, 0);
		if (n_nodes != ld->n_rec)
			ld->n_rec = 0; /* the parsers disagree: positions are unknown */
		return root;
	}
	bool no_memory = parse_scratch == NULL;
	size_t off = end != NULL && end >= ld->text ? (size_t)(end - ld->text) : 0;
	diags_add(ld->diags, ld->name, no_memory ? (pt_pos){ 1, 1 } : load_offset_pos(ld->text, sc->len, off),
	    PT_ERROR, no_memory ? "out of memory while loading" : "invalid JSON: the parser rejected this value");
	return NULL;
}

pt_lesson *load_lesson_text(const char *name, const char *text, size_t len,
    pt_diags *diags)
{
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR,
		    "file starts with a UTF-8 byte order mark; save it without one");
		return NULL;
	}
	/* Files are at most 4 MiB, so offsets fit the records' 32 bits; a
	 * larger text is parsed without a skeleton. */
	scanner sc = { .s = text, .len = len, .line = 1, .col = 1 };
	/* In blocks of 64 KiB, like the file's, so the next file reuses them. */
	sc.out = len < UINT32_MAX ? malloc((len + 1 + 0xFFFF) / 0x10000 * 0x10000) : NULL;
	if (sc_value(&sc)) {
		sc_skip_ws(&sc);
		if (sc.i < sc.len)
			sc_fail(&sc, "unexpected text after the end of the lesson object");
	}
	pt_lesson *lesson = NULL;
	if (sc.error != NULL) {
		diags_add(diags, name, sc_pos(&sc), PT_ERROR, "invalid JSON: %s", sc.error);
		goto done;
	}
	if (sc.out != NULL) {
		memcpy(sc.out + sc.out_len, text + sc.copied, len - sc.copied);
		sc.out_len += len - sc.copied;
		sc.out[sc.out_len] = '\0';
	}
	pthread_once(&init_once, load_init);
	if (parse_scratch == NULL)
		parse_scratch = arena_new();
	loader ld = {
		.name = name,
		.diags = diags,
		.rec = sc.rec,
		.n_rec = sc.n_rec,
		.text_is_utf8 = !sc.bad_utf8,
		.text = text,
		.text_len = len,
		.skel = sc.out != NULL ? sc.out : text,
	};
	/* Items are parsed one at a time, so the parser's memory stays the
	 * size of one item instead of the whole file. */
	find_items(&sc, &ld);
	cJSON *root = parse_lesson(&ld, &sc);
	if (root == NULL)
		goto done;
	ld.model = arena_new();
	lesson = ld.model != NULL ? load_tree(&ld, root) : NULL;
	if (lesson == NULL)
		arena_free(ld.model);
	if (ld.failed || ld.model == NULL) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while loading");
		lesson_free(lesson);
		lesson = NULL;
	}
done:
	arena_reset(parse_scratch);
	arena_reset(element_scratch);
	free(sc.rec);
	free(sc.spans);
	free(sc.out);
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
	bool have_size = fstat(fileno(fp), &st) == 0;
	if (have_size && S_ISDIR(st.st_mode)) {
		fclose(fp);
		*why = "is a directory";
		return NULL;
	}
	/* A regular file is read into one block of its size (a byte more shows
	 * whether it grew meanwhile); anything else grows as it is read. */
	size_t cap = 4096, n = 0;
	if (have_size && S_ISREG(st.st_mode) && st.st_size > 0)
		cap = (uintmax_t)st.st_size < max ? (size_t)st.st_size + 1 : max + 1;
	cap = (cap + 1 + 0xFFFF) / 0x10000 * 0x10000 - 1; /* blocks of 64 KiB, reused file after file */
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

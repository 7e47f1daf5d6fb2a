/* scan.c - the loader's JSON scanner: exact positions.
 *
 * One pass over the text: line and column (in characters) are kept
 * current, every value's start is recorded, and plain string bytes are
 * skipped eight at a time. */
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/diag.h"
#include "paratutor/base/grow.h"
#include "paratutor/load/scan.h"
#include "paratutor/base/text.h"

#define MAX_DEPTH 64

typedef struct scanner {
	pt_scan *out;     /* what the scan produces */
	const char *s;
	size_t len;
	size_t i;
	int line;
	int col;
	int depth;
	bool offsets;     /* string offsets fit the records */
	pt_pos key;       /* key of the member whose value comes next */
	bool have_key;
} scanner;

static const char *const error_messages[] = {
	[SCAN_OK] = "no error",
	[SCAN_NO_MEMORY] = "out of memory",
	[SCAN_LINE_BREAK_IN_STRING] = "unterminated string (a line break must be written \\n)",
	[SCAN_CONTROL_IN_STRING] = "control character in string (write it as an escape such as \\t)",
	[SCAN_BAD_UNICODE_ESCAPE] = "\\u must be followed by four hex digits",
	[SCAN_UNPAIRED_SURROGATE] = "unpaired UTF-16 surrogate in a \\u escape (write the character itself)",
	[SCAN_BAD_ESCAPE] = "invalid escape in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
	[SCAN_UNTERMINATED_STRING] = "unterminated string at end of file",
	[SCAN_BAD_NUMBER] = "invalid number",
	[SCAN_BAD_FRACTION] = "invalid number: digits must follow '.'",
	[SCAN_BAD_EXPONENT] = "invalid number: digits must follow the exponent",
	[SCAN_EXPECTED_VALUE] = "unexpected character: expected a value (string, number, object, array, true, false or null)",
	[SCAN_TOO_DEEP] = "nesting too deep",
	[SCAN_TRAILING_COMMA_OBJECT] = "trailing comma before '}'",
	[SCAN_TRAILING_COMMA_ARRAY] = "trailing comma before ']'",
	[SCAN_EXPECTED_NAME] = "expected a field name in double quotes",
	[SCAN_EXPECTED_COLON] = "expected ':' after the field name",
	[SCAN_EOF_IN_OBJECT] = "unexpected end of file: '}' missing",
	[SCAN_EOF_IN_ARRAY] = "unexpected end of file: ']' missing",
	[SCAN_EXPECTED_OBJECT_COMMA] = "expected ',' or '}'",
	[SCAN_EXPECTED_ARRAY_COMMA] = "expected ',' or ']'",
	[SCAN_EOF_EXPECTED_VALUE] = "unexpected end of file: expected a value",
	[SCAN_NUL_BYTE] = "NUL byte in file",
	[SCAN_TEXT_AFTER_END] = "unexpected text after the end of the lesson object",
	[SCAN_UNESCAPED_QUOTE] = ("this '\"' ends the string, but its text goes on after it; write a '\"' inside a "
	    "string as \\\""),
};

const char *scan_error_message(pt_scan_error e)
{
	return (size_t)e < sizeof error_messages / sizeof error_messages[0] ? error_messages[e] : "invalid JSON";
}

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

/* Records the first error, at pos; returns false. */
static bool sc_fail_at(scanner *sc, pt_scan_error why, pt_pos pos)
{
	if (sc->out->error == SCAN_OK) {
		sc->out->error = why;
		sc->out->error_pos = pos;
	}
	return false;
}

/* Records the first error, at the current position; returns false. */
static bool sc_fail(scanner *sc, pt_scan_error why)
{
	return sc_fail_at(sc, why, sc_pos(sc));
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

/* Returns true for a hex digit. */
static bool is_hex(char h)
{
	return (h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F');
}

/* Returns the value of the four hex digits at s. */
static unsigned hex4(const char *s)
{
	unsigned v = 0;
	for (int k = 0; k < 4; k++) {
		char c = s[k];
		v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

/* Returns true when the 6 bytes at s are a backslash-u escape of a low surrogate. */
static bool is_low_surrogate_escape(const char *s, size_t left)
{
	if (left < 6 || s[0] != '\\' || s[1] != 'u')
		return false;
	for (int k = 2; k < 6; k++)
		if (!is_hex(s[k]))
			return false;
	unsigned low = hex4(s + 2);
	return low >= 0xDC00 && low <= 0xDFFF;
}

/* Skips a string starting at '"'; for a value (not a key), notes where its
 * characters start. */
static bool sc_string(scanner *sc, bool value)
{
	const unsigned char *s = (const unsigned char *)sc->s;
	size_t open = sc->i, i = sc->i + 1, len = sc->len;
	int col = sc->col + 1;
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
				sc->out->bad_utf8 = true;
			for (; at < i; at++)
				col += (s[at] & 0xC0) != 0x80; /* a character starts here */
			continue;
		}
		sc->i = i;
		sc->col = col;
		if (c == '"') {
			sc_advance(sc);
			if (value && sc->offsets)
				sc->out->rec[sc->out->n_rec - 1].raw = (uint32_t)(open + 1);
			return true;
		}
		if (c == '\n')
			return sc_fail(sc, SCAN_LINE_BREAK_IN_STRING);
		if (c < 0x20)
			return sc_fail(sc, SCAN_CONTROL_IN_STRING);
		pt_pos escape = sc_pos(sc);
		sc_advance(sc); /* the backslash */
		char e = sc_peek(sc);
		if (e == 'u') {
			sc_advance(sc);
			for (int k = 0; k < 4; k++) {
				if (!is_hex(sc_peek(sc)))
					return sc_fail(sc, SCAN_BAD_UNICODE_ESCAPE);
				sc_advance(sc);
			}
			/* UTF-16 surrogates come in pairs, high then low, or not at all. */
			unsigned cp = hex4(sc->s + sc->i - 4);
			if (cp >= 0xDC00 && cp <= 0xDFFF)
				return sc_fail_at(sc, SCAN_UNPAIRED_SURROGATE, escape);
			if (cp >= 0xD800 && cp <= 0xDBFF) {
				if (!is_low_surrogate_escape(sc->s + sc->i, sc->len - sc->i))
					return sc_fail_at(sc, SCAN_UNPAIRED_SURROGATE, escape);
				for (int k = 0; k < 6; k++)
					sc_advance(sc);
			}
		} else if (e == '\0' || strchr("\"\\/bfnrt", e) == NULL) {
			return sc_fail(sc, SCAN_BAD_ESCAPE);
		} else {
			sc_advance(sc);
		}
		i = sc->i;
		col = sc->col;
	}
	sc->i = i;
	sc->col = col;
	return sc_fail(sc, SCAN_UNTERMINATED_STRING);
}

/* Skips a number, noting where it starts. */
static bool sc_number(scanner *sc)
{
	if (sc->offsets && sc->out->n_rec > 0)
		sc->out->rec[sc->out->n_rec - 1].raw = (uint32_t)sc->i;
	if (sc_peek(sc) == '-')
		sc_advance(sc);
	char c = sc_peek(sc);
	if (c == '0') {
		sc_advance(sc);
	} else if (c >= '1' && c <= '9') {
		while (sc_peek(sc) >= '0' && sc_peek(sc) <= '9')
			sc_advance(sc);
	} else {
		return sc_fail(sc, SCAN_BAD_NUMBER);
	}
	if (sc_peek(sc) == '.') {
		sc_advance(sc);
		if (!(sc_peek(sc) >= '0' && sc_peek(sc) <= '9'))
			return sc_fail(sc, SCAN_BAD_FRACTION);
		while (sc_peek(sc) >= '0' && sc_peek(sc) <= '9')
			sc_advance(sc);
	}
	if (sc_peek(sc) == 'e' || sc_peek(sc) == 'E') {
		sc_advance(sc);
		if (sc_peek(sc) == '+' || sc_peek(sc) == '-')
			sc_advance(sc);
		if (!(sc_peek(sc) >= '0' && sc_peek(sc) <= '9'))
			return sc_fail(sc, SCAN_BAD_EXPONENT);
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
		return sc_fail(sc, SCAN_EXPECTED_VALUE);
	for (size_t k = 0; k < n; k++)
		sc_advance(sc);
	return true;
}

static bool sc_value(scanner *sc);

/* After a string value that ended on line: true when what follows is no
 * ',' or closing bracket but more text on that line that reaches another
 * '"' (as in "say "hi" now"), so the '"' that ended the string was meant
 * inside it. */
static bool quote_inside(const scanner *sc, int line)
{
	char c = sc_peek(sc);
	if (sc->line != line || c == '\0' || strchr(",}]\":", c) != NULL)
		return false;
	for (size_t i = sc->i; i < sc->len && sc->s[i] != '\n'; i++)
		if (sc->s[i] == '"')
			return true;
	return false;
}

/* Skips an object or array starting at its opening bracket. */
static bool sc_container(scanner *sc, char close)
{
	bool object = close == '}';
	if (++sc->depth > MAX_DEPTH)
		return sc_fail(sc, SCAN_TOO_DEEP);
	sc_advance(sc);
	sc_skip_ws(sc);
	if (sc_peek(sc) == close) {
		sc_advance(sc);
		sc->depth--;
		return true;
	}
	pt_pos comma = sc_pos(sc); /* of the last comma, once there is one */
	for (;;) {
		sc_skip_ws(sc);
		if (object) {
			if (sc_peek(sc) == '}')
				return sc_fail_at(sc, SCAN_TRAILING_COMMA_OBJECT, comma);
			if (sc_peek(sc) != '"')
				return sc_fail(sc, SCAN_EXPECTED_NAME);
			pt_pos key = sc_pos(sc);
			if (!sc_string(sc, false))
				return false;
			sc_skip_ws(sc);
			if (sc_peek(sc) != ':')
				return sc_fail(sc, SCAN_EXPECTED_COLON);
			sc_advance(sc);
			sc_skip_ws(sc);
			sc->key = key;
			sc->have_key = true;
		} else if (sc_peek(sc) == ']') {
			return sc_fail_at(sc, SCAN_TRAILING_COMMA_ARRAY, comma);
		}
		bool string = sc_peek(sc) == '"';
		if (!sc_value(sc))
			return false;
		/* The closing quote of a string value, for the message below. */
		pt_pos quote = { sc->line, sc->col - 1 };
		sc_skip_ws(sc);
		char c = sc_peek(sc);
		if (string && quote_inside(sc, quote.line))
			return sc_fail_at(sc, SCAN_UNESCAPED_QUOTE, quote);
		if (c == ',') {
			comma = sc_pos(sc);
			sc_advance(sc);
			continue;
		}
		if (c == close) {
			sc_advance(sc);
			sc->depth--;
			return true;
		}
		if (c == '\0' && sc->i >= sc->len)
			return sc_fail(sc, object ? SCAN_EOF_IN_OBJECT : SCAN_EOF_IN_ARRAY);
		return sc_fail(sc, object ? SCAN_EXPECTED_OBJECT_COMMA : SCAN_EXPECTED_ARRAY_COMMA);
	}
}

/* Notes where the value about to be scanned starts; returns false when
 * out of memory. */
static bool sc_record(scanner *sc)
{
	pt_scan *o = sc->out;
	if (o->n_rec == o->cap_rec) {
		void *v = o->rec;
		if (!grow_array(&v, &o->cap_rec, o->n_rec + 1, sizeof *o->rec))
			return sc_fail(sc, SCAN_NO_MEMORY);
		o->rec = v;
	}
	pt_pos here = sc_pos(sc);
	o->rec[o->n_rec++] = (pt_scan_pos){ .value = here, .key = sc->have_key ? sc->key : here };
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
			return sc_fail(sc, SCAN_EOF_EXPECTED_VALUE);
		return sc_fail(sc, SCAN_NUL_BYTE);
	default:
		if (sc_peek(sc) == '-' || (sc_peek(sc) >= '0' && sc_peek(sc) <= '9'))
			return sc_number(sc);
		return sc_fail(sc, SCAN_EXPECTED_VALUE);
	}
}

/* Skips one value of any type, recording where it starts. */
static bool sc_value(scanner *sc)
{
	sc_skip_ws(sc);
	return sc_record(sc) && sc_value_body(sc);
}

bool scan_text(pt_scan *out, const char *text, size_t len)
{
	memset(out, 0, sizeof *out);
	scanner sc = { .out = out, .s = text, .len = len, .line = 1, .col = 1 };
	sc.offsets = len < SCAN_MAX_OFFSET;
	void *rec = NULL;
	if (!grow_array(&rec, &out->cap_rec, 256, sizeof *out->rec))
		return sc_fail(&sc, SCAN_NO_MEMORY);
	out->rec = rec;
	if (sc_value(&sc)) {
		sc_skip_ws(&sc);
		if (sc.i < sc.len)
			sc_fail(&sc, SCAN_TEXT_AFTER_END);
	}
	return out->error == SCAN_OK;
}

void scan_free(pt_scan *sc)
{
	free(sc->rec);
	memset(sc, 0, sizeof *sc);
}

pt_pos scan_offset_pos(const char *text, size_t len, size_t offset)
{
	return diag_walk((pt_pos){ 1, 1 }, text, offset < len ? offset : len);
}

pt_pos scan_string_pos(const char *text, size_t len, size_t first, pt_pos first_pos, size_t decoded)
{
	size_t i = first;
	/* The scanner has accepted the string, so its escapes are complete. */
	for (size_t done = 0; i < len && text[i] != '"';) {
		size_t raw = 1, bytes = 1;
		if (text[i] == '\\' && i + 6 <= len && text[i + 1] == 'u') {
			unsigned cp = hex4(text + i + 2);
			raw = 6;
			bytes = cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
			if (cp >= 0xD800 && cp < 0xDC00 && i + 12 <= len && text[i + 6] == '\\' &&
			    text[i + 7] == 'u') {
				unsigned low = hex4(text + i + 8);
				if (low >= 0xDC00 && low < 0xE000) {
					raw = 12; /* a surrogate pair: one character of four bytes */
					bytes = 4;
				}
			}
		} else if (text[i] == '\\') {
			raw = 2;
		}
		if (done + bytes > decoded)
			break;
		done += bytes;
		i = i + raw < len ? i + raw : len;
	}
	return diag_walk(first_pos, text + first, i - first);
}

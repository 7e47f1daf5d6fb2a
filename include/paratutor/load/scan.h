/* scan.h - the loader's JSON scanner: exact positions.
 *
 * Internal to the loader (load.c, convert.c).  scan_text walks a lesson's
 * text once: it finds the first JSON syntax error with its line and
 * column, and otherwise records where every value and object key starts,
 * in document order.  A pt_scan owns its array; free it with scan_free. */
#ifndef PARATUTOR_SCAN_H
#define PARATUTOR_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "paratutor/model/lesson.h"

/* Texts this long or longer get no offsets. */
#define SCAN_MAX_OFFSET 0x80000000u

/* Where one value and its key start; for a string value, also the offset
 * of its first character in the text; for a number, the offset of its first
 * character, so it can be quoted as written; else 0 (neither starts a
 * file: a lesson is an object). */
typedef struct pt_scan_pos {
	pt_pos value;
	pt_pos key;
	uint32_t raw;
} pt_scan_pos;

/* The syntax errors, and running out of memory. */
typedef enum pt_scan_error {
	SCAN_OK,
	SCAN_NO_MEMORY,
	SCAN_LINE_BREAK_IN_STRING,
	SCAN_CONTROL_IN_STRING,
	SCAN_BAD_UNICODE_ESCAPE,
	SCAN_UNPAIRED_SURROGATE,
	SCAN_BAD_ESCAPE,
	SCAN_UNTERMINATED_STRING,
	SCAN_BAD_NUMBER,
	SCAN_BAD_FRACTION,
	SCAN_BAD_EXPONENT,
	SCAN_EXPECTED_VALUE,
	SCAN_TOO_DEEP,
	SCAN_TRAILING_COMMA_OBJECT,
	SCAN_TRAILING_COMMA_ARRAY,
	SCAN_EXPECTED_NAME,
	SCAN_EXPECTED_COLON,
	SCAN_EOF_IN_OBJECT,
	SCAN_EOF_IN_ARRAY,
	SCAN_EXPECTED_OBJECT_COMMA,
	SCAN_EXPECTED_ARRAY_COMMA,
	SCAN_EOF_EXPECTED_VALUE,
	SCAN_NUL_BYTE,
	SCAN_TEXT_AFTER_END,
	SCAN_UNESCAPED_QUOTE  /* a string's text goes on after a '"': placed at that quote */
} pt_scan_error;

typedef struct pt_scan {
	pt_scan_error error;
	pt_pos error_pos;     /* where the first error is */
	pt_scan_pos *rec;     /* every value's positions, in document order */
	size_t n_rec;
	bool bad_utf8;        /* some string holds bytes that are not UTF-8 */
	size_t cap_rec;       /* private */
} pt_scan;

/* Scans len bytes of text into sc.  Returns false when the text is not
 * JSON or memory ran out (sc->error says which, sc->error_pos where); sc's
 * array needs scan_free either way. */
bool scan_text(pt_scan *sc, const char *text, size_t len);

/* Frees what scan_text allocated; the scan may be used again. */
void scan_free(pt_scan *sc);

/* Returns the words for a syntax error, after "invalid JSON: ". */
const char *scan_error_message(pt_scan_error e);

/* Converts a byte offset in text to a 1-based line and column, counting
 * columns in characters. */
pt_pos scan_offset_pos(const char *text, size_t len, size_t offset);

/* Returns where, in the text, the byte at offset decoded of a string value
 * comes from: first is the offset of the string's first character (just
 * past its opening quote) and first_pos that character's position.
 * Escapes count as the characters they are written with. */
pt_pos scan_string_pos(const char *text, size_t len, size_t first, pt_pos first_pos, size_t decoded);

#endif

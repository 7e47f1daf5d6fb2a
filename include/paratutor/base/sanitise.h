/* sanitise.h - the one gate between outside text (lessons, imported banks,
 * progress stores, file names) and a terminal or a file a person opens.
 *
 * Characters that a terminal obeys or hides rather than shows are written
 * as visible escapes: ESC as \e, carriage return as \r, every other C0
 * control (but newline and tab), DEL, the C1 controls, the bidi overrides
 * and isolates and the invisible format characters as <U+XXXX>, and a
 * byte that is not part of valid UTF-8 as \xNN.  A carriage return right
 * before a newline (the CSV line end) is kept.  Everything else passes
 * through unchanged, so clean text costs one scan. */
#ifndef PARATUTOR_SANITISE_H
#define PARATUTOR_SANITISE_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "paratutor/base/strbuf.h"

/* The longest escape: "<U+10FFFF>". */
#define PT_SANITISE_ESCAPE_MAX 11

/* Returns true for a code point that is shown escaped: C0 controls but
 * newline and tab, DEL, C1 controls (U+0080-U+009F), bidi embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the invisible
 * format characters (U+061C, U+180E, U+200B-U+200F, U+2028, U+2029,
 * U+2060-U+2064, U+206A-U+206F, U+FEFF, U+FFF9-U+FFFB, the tag
 * characters U+E0000-U+E007F). */
bool sanitise_hostile(unsigned cp);

/* Writes the visible escape of a hostile code point into out (NUL-
 * terminated, at most PT_SANITISE_ESCAPE_MAX bytes) and returns its
 * length, which is also its display width. */
int sanitise_escape(unsigned cp, char out[PT_SANITISE_ESCAPE_MAX + 1]);

/* Finds the first character of len bytes of s that would be escaped: a
 * hostile code point or a byte that is not valid UTF-8.  Returns its byte
 * offset (len when there is none), its length in *n and its code point in
 * *cp (0xFFFFFFFF for an invalid byte). */
size_t sanitise_find(const char *s, size_t len, unsigned *cp, size_t *n);

/* Appends len bytes of s to out with every escaped character replaced by
 * its escape.  When more text follows (final false), a trailing UTF-8
 * sequence or carriage return that the next piece may complete is left
 * alone; returns the bytes consumed (len when final). */
size_t sanitise_put(pt_strbuf *out, const char *s, size_t len, bool final);

/* Appends JSON text s (len bytes, as cJSON prints it: such characters
 * occur only inside its strings) to out with each character sanitise_put
 * would escape written as a JSON escape (\u202e), which keeps the data and
 * shows nothing raw, and each byte that is not UTF-8 as the text \xNN. */
void sanitise_json(pt_strbuf *out, const char *s, size_t len);

/* Appends root printed as JSON, through sanitise_json, and a newline: how
 * every report the tutor prints as JSON is written.  Returns false, with
 * out->failed set, when root is NULL or out of memory. */
bool sanitise_json_print(pt_strbuf *out, const cJSON *root);

/* Returns s as a spreadsheet should take it: sanitised, and with a
 * leading ' when it starts with =, +, -, @, tab or carriage return, which
 * a spreadsheet would read as the start of a formula (a plain number such
 * as -0.25 stays a number).  Returns s itself when it needs neither,
 * otherwise tmp->s (the caller frees it), or "" when out of memory. */
const char *sanitise_cell(const char *s, pt_strbuf *tmp);

/* Appends s as one CSV field, as sanitise_cell gives it and quoted per
 * RFC 4180 when needed, and its separator (CRLF after the last). */
void sanitise_csv_field(pt_strbuf *b, const char *s, bool last);

/* Returns a sanitised copy of s (caller frees), or NULL when out of
 * memory. */
char *sanitise_dup(const char *s);

#endif

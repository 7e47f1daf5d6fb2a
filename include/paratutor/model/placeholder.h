/* placeholder.h - the one reader of the blanks written in a fill item's code.
 *
 * A code string is a sequence of tokens:
 *   BLANK  "{{N}}" with N a single digit 1-9: blank N (index N-1);
 *   BAD    an attempt at a placeholder that is not one: "{{", optional
 *          spaces or tabs, one or more ASCII digits, optional spaces or
 *          tabs, "}}" -- such as {{0}}, {{01}}, {{10}}, {{ 1 }};
 *   TEXT   everything else, including any other braces ("{{x}}", "{{}}",
 *          "{1}", "{{-1}}" stay literal code).
 * The leftmost match wins, so "{{{1}}}" is TEXT "{", BLANK 1, TEXT "}".
 * content/README.md states the same rule for lesson authors.
 *
 * Tokens point into the caller's string, which must stay unchanged and
 * alive while they are used; nothing here allocates. */
#ifndef PARATUTOR_PLACEHOLDER_H
#define PARATUTOR_PLACEHOLDER_H

#include <stdbool.h>
#include <stddef.h>

typedef enum pt_ph_kind { PT_PH_TEXT, PT_PH_BLANK, PT_PH_BAD } pt_ph_kind;

typedef struct pt_ph_token {
	pt_ph_kind kind;
	const char *start; /* into the code string */
	size_t len;        /* bytes of the token, braces included for BLANK/BAD */
	int blank;         /* BLANK: 0-based blank index (the N of {{N}} minus 1); else -1 */
} pt_ph_token;

typedef struct pt_ph_iter { const char *s; size_t at; } pt_ph_iter;

/* Starts reading the NUL-terminated code (NULL reads as empty). */
void ph_begin(pt_ph_iter *it, const char *code);

/* Returns false at the end; TEXT tokens never contain a BLANK or BAD token. */
bool ph_next(pt_ph_iter *it, pt_ph_token *tok);

/* Returns the 0-based blank index when s starts with a blank placeholder
 * ({{N}}), setting *len to its length in bytes; else -1.  The screens use
 * it while walking code, so they read blanks by the same grammar. */
int ph_blank_at(const char *s, size_t *len);

#endif

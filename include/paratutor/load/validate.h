/* validate.h - semantic checks and authoring lint for loaded lessons. */
#ifndef PARATUTOR_VALIDATE_H
#define PARATUTOR_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/base/diag.h"
#include "paratutor/model/lesson.h"

/* Checks one lesson's cross-field rules (bank membership, correct-option
 * counts, duplicates, limits) and its authoring lint (missing feedback,
 * hints or explanations, wide code, hints that give the answer away);
 * appends to diags.  Placeholders are checked by the loader, which alone
 * knows where each byte of the code is in the file (see
 * validate_placeholders). */
void validate_lesson(const pt_lesson *lesson, pt_diags *diags);

/* Returns where byte offset of a fill item's code comes from in its file. */
typedef pt_pos (*pt_code_locator)(void *ctx, size_t offset);

/* Checks a fill item's placeholders (placeholder.h) against its blanks:
 * exactly {{1}}..{{N}} for N blanks, each once.  A bad placeholder, one
 * without a blank and one written twice are reported where they are
 * (where(ctx, offset)); a missing one at the code's start. */
void validate_placeholders(const char *file, const pt_item *item, pt_code_locator where, void *ctx,
    pt_diags *diags);

/* Returns true when a fill item's placeholders pass validate_placeholders. */
bool validate_placeholders_ok(const pt_item *item);

/* Returns the code of a fill item with every blank replaced by its first
 * accepted answer (caller frees), or NULL for an item without code or on
 * allocation failure.  Placeholders without a blank or an answer, and bad
 * ones, stay as written. */
char *validate_fill_answers(const pt_item *item);

/* Returns true when s (of len bytes) is valid UTF-8. */
bool validate_utf8(const char *s, size_t len);

#endif

/* validate.h - semantic checks and authoring lint for loaded lessons. */
#ifndef PARATUTOR_VALIDATE_H
#define PARATUTOR_VALIDATE_H

#include <stdbool.h>

#include "paratutor/diag.h"
#include "paratutor/lesson.h"

/* Checks one lesson's cross-field rules (placeholders, bank membership,
 * correct-option counts, duplicates, empty text, UTF-8, limits) and its
 * authoring lint (missing feedback, hints or explanations, wide code,
 * hints that give the answer away); appends to diags. */
void validate_lesson(const pt_lesson *lesson, pt_diags *diags);

/* Returns the code of a fill item with every blank replaced by its first
 * accepted answer (caller frees), or NULL for an item without code or on
 * allocation failure. */
char *validate_fill_answers(const pt_item *item);

/* Returns true when s (of len bytes) is valid UTF-8. */
bool validate_utf8(const char *s, size_t len);

#endif

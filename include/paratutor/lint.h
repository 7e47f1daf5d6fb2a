/* lint.h - item-writing lint: warnings about items that are easy to
 * answer without knowing the subject, or that tell the answer.
 *
 * Called by validate_lesson(); every warning says how to fix the item.
 * Warnings fail `--check --strict` only. */
#ifndef PARATUTOR_LINT_H
#define PARATUTOR_LINT_H

#include <stdbool.h>

#include "paratutor/diag.h"
#include "paratutor/lesson.h"

/* Appends the lesson's item-writing warnings to diags:
 *  - a choice item whose correct option is the longest by a clear margin
 *    (at least 1.25 times and 10 characters longer than the next);
 *  - a lesson (with at least LINT_MIN_CHOICE choice items) where the
 *    correct option is the longest in more than half of them;
 *  - "all of the above" or "none of the above" in an item that shuffles;
 *  - a hint that contains an answer (fill, choice, multi, numeric, text). */
void lint_lesson(const pt_lesson *lesson, pt_diags *diags);

#define LINT_MIN_CHOICE 3

/* Returns true when needle occurs in hay as a whole word, ignoring ASCII
 * case when fold is true. */
bool lint_contains_word(const char *hay, const char *needle, bool fold);

#endif

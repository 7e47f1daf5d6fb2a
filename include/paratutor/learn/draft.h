/* draft.h - an answer still being composed, kept as text so that filled
 * blanks, picks and typed answers survive quitting before the check.
 *
 * Pure.  A draft borrows its texts from the grading state's item (or the
 * typed answer in the state) or from whoever filled it in; it owns
 * nothing. */
#ifndef PARATUTOR_DRAFT_H
#define PARATUTOR_DRAFT_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/learn/grade.h"

#define PT_DRAFT_MAX (PT_MAX_OPTIONS > PT_MAX_BLANKS ? PT_MAX_OPTIONS : PT_MAX_BLANKS)

/* Fill, match and order: one slot per blank, pair or position, NULL when
 * empty, locked when a check found it right.  Choice and multi: the texts
 * of the options picked.  Numeric and text: the typed answer. */
typedef struct pt_draft {
	size_t n;
	const char *slot[PT_DRAFT_MAX];
	bool locked[PT_DRAFT_MAX];
} pt_draft;

/* Fills d with g's answer so far.  Returns false, with d empty, when there
 * is nothing worth keeping: the item is finished, this is a retry or a
 * review pass, or nothing is filled, picked or typed. */
bool draft_take(const pt_grade *g, pt_draft *d);

/* Puts draft d back into the open first pass g: texts are matched to the
 * item's options, bank or steps by their text, so a different shown order
 * restores the same answer; texts the item does not have are ignored. */
void draft_apply(pt_grade *g, const pt_draft *d);

#endif

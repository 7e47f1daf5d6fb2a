/* progress_draft.h - work in progress kept by the store (progress_draft.c):
 * answers filled in but not yet checked, the learner's shuffle salt, and
 * the pass each item was last shown in.  Together these make a lesson
 * come back exactly as it was left: the same order of options, the same
 * blanks filled.  Ownership as in progress.h. */
#ifndef PARATUTOR_PROGRESS_DRAFT_H
#define PARATUTOR_PROGRESS_DRAFT_H

#include <stdbool.h>

#include "paratutor/learn/draft.h"

typedef struct pt_progress pt_progress;

/* Keeps draft d of an item (copied); NULL or an empty draft forgets it.
 * A check recorded on the item does not clear it: callers set the draft
 * they have after each move.  Returns false when out of memory. */
bool progress_set_draft(pt_progress *p, const char *lesson_id, const char *item_id, const pt_draft *d);

/* Fills out with the item's kept draft, its texts borrowed from the store
 * until the next call that changes it; false (out empty) when none. */
bool progress_draft(const pt_progress *p, const char *lesson_id, const char *item_id, pt_draft *out);

/* Returns the learner's shuffle salt, adopting fresh (saved with the
 * store) when the store has none yet.  When two tutors start at once, the
 * salt that reaches the file first is kept by both from their next
 * start. */
unsigned long long progress_salt(pt_progress *p, unsigned long long fresh);

/* Notes that the latest check of the item was made in pass (0 the first),
 * so a later start shows its options in that pass's order.  Needs the
 * item's record; returns false without one. */
bool progress_set_pass(pt_progress *p, const char *lesson_id, const char *item_id, int pass);

#endif

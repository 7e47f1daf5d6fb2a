/* ui_answer.h - how the format-2 kinds' answers and verdicts are put into
 * words for the learner, shared by the item screen and plain mode so both
 * say the same thing.
 *
 * Every function writes into a caller's buffer (cut to size, always
 * NUL-terminated) and reads the item or grade it is given without keeping
 * it.  Nothing here reveals an answer by itself: callers ask for the key
 * only when session_disclose() allows it. */
#ifndef PARATUTOR_UI_ANSWER_H
#define PARATUTOR_UI_ANSWER_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/learn/grade.h"

/* Writes the key of a numeric or text item: "16 B", "22 (anything from
 * 20 to 24)", or a text item's first accepted answer.  Writes "" for
 * other kinds. */
void answer_key(const pt_item *item, char *buf, size_t size);

/* Writes the units a numeric item accepts, as "B, bytes, bits"; returns
 * false (buf "") when it declares none. */
bool answer_units(const pt_item *item, char *buf, size_t size);

/* Writes why the last check of a numeric or text item was not counted
 * (not a number the item takes, or a near miss of the spelling), ending in
 * the promise that it cost no attempt; returns false when the last check
 * was counted or there was none. */
bool answer_not_counted(const pt_grade *g, char *buf, size_t size);

/* Writes what a failed check of an order item says about the first step
 * out of place: 'Step C, "All-gather...", comes later.'  Returns false
 * when there is none (no failed check, or another kind). */
bool answer_out_of_place(const pt_grade *g, char *buf, size_t size);

/* Returns the bank index of the step that belongs in position pos of an
 * order item, or -1. */
int answer_step_at(const pt_item *item, int pos);

#endif

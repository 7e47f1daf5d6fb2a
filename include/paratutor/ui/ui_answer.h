/* ui_answer.h - how the typed kinds' units and unclear checks are put into
 * words for the learner, shared by the item screen, the exam and plain
 * mode so all say the same thing (each kind's key is its UI row's:
 * ui_kind.h).
 *
 * Every function writes into a caller's buffer (cut to size, always
 * NUL-terminated) and reads the item or grade it is given without keeping
 * it.  Nothing here reveals an answer. */
#ifndef PARATUTOR_UI_ANSWER_H
#define PARATUTOR_UI_ANSWER_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/learn/grade.h"

/* Writes the units a numeric item accepts, as "B, bytes, bits"; returns
 * false (buf "") when it declares none. */
bool answer_units(const pt_item *item, char *buf, size_t size);

/* Writes why the last check of a numeric or text item was not counted
 * (not a number the item takes, or a near miss of the spelling), ending in
 * the promise that it cost no attempt; returns false when the last check
 * was counted or there was none. */
bool answer_not_counted(const pt_grade *g, char *buf, size_t size);

#endif

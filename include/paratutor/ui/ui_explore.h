/* ui_explore.h - an explore item's knobs on the screens (ui_kind_explore.c):
 * the answer entry turns them, the setting kept as the answer text. */
#ifndef PARATUTOR_UI_EXPLORE_H
#define PARATUTOR_UI_EXPLORE_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/model/lesson.h"

/* Returns how many knobs the item has (0 for another kind). */
int explore_ui_knobs(const pt_item *it);

/* Turns knob k of the setting in field (empty: the start) dir steps and
 * writes the new setting back; false with a sentence in why when it is at
 * the end of its range. */
bool explore_ui_turn(const pt_item *it, char *field, size_t size, int k, int dir, char *why, size_t why_len);

#endif

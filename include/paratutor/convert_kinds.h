/* convert_kinds.h - reading the format-2 kinds (numeric, text, match,
 * order) into the lesson model.
 *
 * Internal to the loader: convert.c calls these with an item's members
 * looked up (f); everything read lives in the lesson's arena.  Each
 * function reports structural problems only; the cross-field rules
 * (limits, duplicates, overlaps) are validate.c's. */
#ifndef PARATUTOR_CONVERT_KINDS_H
#define PARATUTOR_CONVERT_KINDS_H

#include "paratutor/convert_field.h"
#include "paratutor/lesson.h"

/* Reads a numeric item's answer, wrong values and units. */
void kinds_load_numeric(pt_loader *ld, const pt_fields *f, pt_item *item);

/* Reads a text item's accepted answers, case sensitivity and wrong answers. */
void kinds_load_text(pt_loader *ld, const pt_fields *f, pt_item *item);

/* Reads a match item's pairs and distractors, filling lefts, bank (the
 * right-hand answers, then the distractors) and one blank per pair. */
void kinds_load_match(pt_loader *ld, const pt_fields *f, pt_item *item);

/* Reads an order item's steps, filling steps, step_feedback and bank (a
 * copy of the steps). */
void kinds_load_order(pt_loader *ld, const pt_fields *f, pt_item *item);

/* Reads an item's "figure" (convert_figure.c); after the kind's fields, as it
 * may hold a numeric key to the figure. */
void load_figure(pt_loader *ld, const pt_fields *f, pt_item *item);

#endif

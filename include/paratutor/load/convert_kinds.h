/* convert_kinds.h - what the loader's kind rows (load_kind.h) point at:
 * reading each kind's fields into the lesson model, checking them and
 * linting them.
 *
 * Internal to the loader: convert.c calls a row's load with an item's
 * members looked up (f); everything read lives in the lesson's arena.
 * Each load reports structural problems only; the cross-field rules
 * (limits, duplicates, overlaps) are the row's validate (validate.c), the
 * give-aways its lint (lint.c). */
#ifndef PARATUTOR_CONVERT_KINDS_H
#define PARATUTOR_CONVERT_KINDS_H

#include "paratutor/load/convert_field.h"
#include "paratutor/base/diag.h"
#include "paratutor/model/lesson.h"

/* Reads a fill item's code, bank and blanks, and checks its placeholders
 * (convert.c). */
void kinds_load_fill(pt_loader *ld, const pt_fields *f, pt_item *item);

/* Reads a choice or multi item's options (convert.c). */
void kinds_load_options(pt_loader *ld, const pt_fields *f, pt_item *item);

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

/* Each kind's cross-field rules (validate.c). */
void validate_fill(const pt_lesson *l, const pt_item *it, pt_diags *d);
void validate_choice(const pt_lesson *l, const pt_item *it, pt_diags *d);
void validate_multi(const pt_lesson *l, const pt_item *it, pt_diags *d);
void validate_numeric(const pt_lesson *l, const pt_item *it, pt_diags *d);
void validate_text(const pt_lesson *l, const pt_item *it, pt_diags *d);
void validate_match(const pt_lesson *l, const pt_item *it, pt_diags *d);
void validate_order(const pt_lesson *l, const pt_item *it, pt_diags *d);

/* Warn about hints and common mistakes that state a kind's answers
 * (lint.c): a blank's accepted answers, the right options, the accepted
 * texts (in any case unless case matters); for a numeric item, the key,
 * and a worked solution whose answer is not the key. */
void lint_fill_leaks(const pt_lesson *l, const pt_item *it, pt_diags *d);
void lint_pick_leaks(const pt_lesson *l, const pt_item *it, pt_diags *d);
void lint_text_leaks(const pt_lesson *l, const pt_item *it, pt_diags *d);
void lint_numeric(const pt_lesson *l, const pt_item *it, pt_diags *d);

/* Warn where what the learner sees of item i gives a kind's answer away
 * (lint_giveaway.c, listed in lint.h): a blank's answer in the prompt or
 * code, feedback for a wrong bank entry or a common mistake naming it
 * (fill; the feedback alone for match, and a hint holding a pair whole),
 * the one right option's form (choice), wrong-option feedback naming a
 * right option (choice, multi), an accepted text in the prompt, an
 * earlier item or wrong feedback (text), wrong-value feedback stating the
 * key (numeric), steps told with their places (order), the winning
 * setting stated (explore). */
void lint_fill_giveaways(const pt_lesson *l, size_t i, pt_diags *d);
void lint_choice_giveaways(const pt_lesson *l, size_t i, pt_diags *d);
void lint_text_giveaways(const pt_lesson *l, size_t i, pt_diags *d);
void lint_numeric_giveaways(const pt_lesson *l, size_t i, pt_diags *d);
void lint_multi_giveaways(const pt_lesson *l, size_t i, pt_diags *d);
void lint_match_giveaways(const pt_lesson *l, size_t i, pt_diags *d);
void lint_order_giveaways(const pt_lesson *l, size_t i, pt_diags *d);
void lint_explore_giveaways(const pt_lesson *l, size_t i, pt_diags *d);

/* Reads an item's "figure" (convert_figure.c); after the kind's fields, as it
 * may hold a numeric key to the figure. */
void load_figure(pt_loader *ld, const pt_fields *f, pt_item *item);

#endif

/* kind.h - the core's table of item kinds: one row of operations per kind.
 *
 * Each kind's operations live in its own file (app/core/learn/kind_*.c),
 * which defines one const pt_kind_ops; kind.c lists the rows.  The rest
 * of the core asks the row of an item's kind instead of switching on the
 * kind, so adding a kind is one file and one row.  The table sits in the
 * learn layer, the lowest that holds grading; the layers above (report,
 * interop) read it, the UI keeps its own table of drawing, answer-entry
 * and plain-mode operations (ui_kind.h, app/ui/ui_kind_*.c) beside it, and
 * the loader's table (load_kind.h, below it) names each kind, says how it
 * is answered (kind_shape) and reads and checks its fields.  See docs/styleguide.md. */
#ifndef PARATUTOR_KIND_H
#define PARATUTOR_KIND_H

#include <stdbool.h>

#include "paratutor/learn/grade.h"
#include "paratutor/model/lesson.h"
#include "paratutor/load/load_kind.h"

typedef struct pt_kind_ops {
	pt_kind kind;           /* its name and shape are its loader row's (load_kind.h) */
	/* Returns how many slots (blanks, prompts, positions) or options the
	 * learner fills or ticks, before any cap; 1 for a typed answer. */
	size_t (*slots)(const pt_item *it);
	size_t max_slots;       /* the cap on slots */
	/* Grades a ready answer: sets the marks, what wrong picks were seen and
	 * what the check says.  *clear is set false when the answer is no
	 * check at all (an unclear number, a spelling slip).  Returns true
	 * when right. */
	bool (*check)(pt_grade *g, bool *clear);
	/* Slots kinds: returns true when option o (a bank index) is right in
	 * slot s; used to put the right answer in place.  NULL otherwise. */
	bool (*slot_takes)(const pt_item *it, int s, int o);
	/* Slots kinds: returns the author's feedback for option o put in slot
	 * s where it is wrong (the blank's or prompt's feedback for it, an
	 * order step's own), or NULL.  NULL otherwise. */
	const char *(*slot_feedback)(const pt_item *it, int s, int o);
	/* Typed kinds: writes the right answer as the learner would type it. */
	void (*right_typed)(const pt_item *it, char *buf, size_t size);
	/* Typed kinds: writes into out the form typed is kept in among wrong
	 * answers (grade_typed_key); returns false when it has none (nothing
	 * typed, not a number the item takes).  NULL: the kind keeps none. */
	bool (*typed_key)(const pt_item *it, const char *typed, char *out, size_t size);
	/* Returns the author's feedback for a wrong answer given as text (an
	 * option, a bank entry, what was typed), or NULL when the kind has
	 * none for it.  May be NULL: the kind never has any. */
	const char *(*wrong_feedback)(const pt_item *it, const char *text);
	/* The class report's breakdown of wrong answers known before any
	 * learner gives one: calls add for each (an option, a bank entry at a
	 * blank or prompt where it is wrong and has feedback, a declared wrong
	 * text or value), with the slot it is wrong in, or -1 for the item as a
	 * whole, and its feedback (NULL for none); text may be the caller's
	 * only until add returns.  add returns false to stop (out of memory);
	 * returns false then.  May be NULL: the kind lists none (an order's
	 * wrong answers are the positions learners gave). */
	bool (*wrong_answers)(const pt_item *it, bool (*add)(void *ctx, int slot, const char *text,
	    const char *feedback), void *ctx);
	/* Slots kinds: what one slot is called in reports ("blank", "pair",
	 * "position"); NULL otherwise. */
	const char *slot_word;
	/* The xAPI interaction type its statements name ("fill-in", "choice",
	 * "other"). */
	const char *xapi_type;
	/* What a check that is no check (*clear false) returns:
	 * PT_GRADE_UNCLEAR (a number not understood, ticks that are no
	 * answer) or PT_GRADE_SPELLING. */
	pt_grade_rc unclear;
	/* Typed kinds: returns true when typed is an answer the kind can read
	 * at all (a number in a unit the item takes), so it may be kept
	 * unchecked, as in an exam.  NULL: any text is. */
	bool (*readable)(const pt_item *it, const char *typed);
	/* Slots kinds: a right slot locks once checked (fill, match), so its
	 * marks show as they are. */
	bool locks_right;
	/* Slots kinds: the bank in written order gives the answer away (the
	 * right-hand answers in pair order, the steps), so it is always shown
	 * in a drawn order. */
	bool drawn_always;
	/* Slots kinds: each bank entry stands in one slot (an order's steps):
	 * placing it again moves it, and the drawn order leaves none in its
	 * place. */
	bool one_place;
} pt_kind_ops;

/* Returns the row of kind (every pt_kind has one). */
const pt_kind_ops *kind_ops(pt_kind kind);

/* The rows, one per kind file. */
extern const pt_kind_ops kind_fill, kind_choice, kind_multi, kind_numeric, kind_text, kind_match, kind_order,
    kind_explore;

/* Returns true when typed is an answer item's kind can read (the row's
 * readable; any text for a kind without one). */
bool kind_readable(const pt_item *item, const char *typed);

/* grade.c: what the kinds' files share. */

/* Returns true when v lies in range r (with rounding slack). */
bool grade_in_range(const pt_range *r, double v);

/* Returns the step number of text in an order item, or -1. */
int grade_step_index(const pt_item *it, const char *text);

/* Marks each slot whose bank entry slot_takes accepts Right (and locks it),
 * the others Wrong; returns true when all are right. */
bool grade_mark_slots(pt_grade *g);

/* The wrong_answers of the slots kinds whose slots have feedback per
 * option (fill, match): each bank entry at each slot where it is wrong
 * and the row's slot_feedback has some. */
bool grade_slot_wrong_answers(const pt_item *it, bool (*add)(void *ctx, int slot, const char *text,
    const char *feedback), void *ctx);

/* The wrong_answers of the option kinds (choice, multi): every option not
 * marked correct, with its feedback. */
bool grade_option_wrong_answers(const pt_item *it, bool (*add)(void *ctx, int slot, const char *text,
    const char *feedback), void *ctx);

/* Notes the bank entry in slot as checked wrong, there (slot_wrong) and
 * overall (wrong_seen). */
void grade_mark_slot_wrong(pt_grade *g, int slot);

/* Marks each option (a missed correct one Missed when missed is set);
 * returns true when the selection is exactly right. */
bool grade_mark_options(pt_grade *g, bool missed);

#endif

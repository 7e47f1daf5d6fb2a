/* grade.h - the grading state machine for one item.
 *
 * Pure: no I/O, no clock, no allocation.  The state points at an item it
 * does not own; the item must outlive it. */
#ifndef PARATUTOR_GRADE_H
#define PARATUTOR_GRADE_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/model/grade_typed.h"
#include "paratutor/model/lesson.h"

typedef enum pt_status {
	PT_OPEN,   /* still answering */
	PT_SOLVED, /* answered correctly */
	PT_FAILED  /* out of attempts; the answer is revealed */
} pt_status;

typedef enum pt_outcome {
	PT_OUTCOME_NONE,        /* not finished */
	PT_OUTCOME_FIRST_TIME,  /* right on the first check, no hints */
	PT_OUTCOME_WITH_HINTS,  /* right on the first check after hints */
	PT_OUTCOME_RETRIES,     /* right after one or more failed checks */
	PT_OUTCOME_FAILED       /* attempts ran out */
} pt_outcome;

/* Verdict of the last check for one blank or option. */
typedef enum pt_mark {
	PT_MARK_NONE,    /* not checked, or an option neither picked nor due */
	PT_MARK_RIGHT,   /* right blank, right pick */
	PT_MARK_WRONG,   /* wrong blank, wrong pick */
	PT_MARK_MISSED   /* multi: a correct option left unpicked */
} pt_mark;

/* Result codes of the mutating calls. */
typedef enum pt_grade_rc {
	PT_GRADE_OK,
	PT_GRADE_CLOSED,     /* the item is solved or failed */
	PT_GRADE_LOCKED,     /* the blank was right and stays locked */
	PT_GRADE_RANGE,      /* no such blank or option */
	PT_GRADE_INCOMPLETE, /* check with an empty blank or nothing picked */
	PT_GRADE_NO_HINT,    /* every hint is already shown */
	PT_GRADE_UNCLEAR,    /* numeric: not a number, or a unit the item does not declare; no attempt spent */
	PT_GRADE_SPELLING,   /* text: near an accepted answer, check the spelling; no attempt spent */
	PT_GRADE_REPEAT      /* the answer was checked already on this item; nothing spent, nothing changed */
} pt_grade_rc;

/* What a learner is told when an answer is checked again unchanged. */
#define PT_GRADE_REPEAT_SAID "You checked this answer already: change it first. That cost nothing."

#define PT_MAX_CHECKED 16 /* answers remembered per pass, to tell a repeat */

/* The most blanks, pairs or positions an item has. */
#define PT_MAX_SLOTS (PT_MAX_BLANKS > PT_MAX_OPTIONS ? PT_MAX_BLANKS : PT_MAX_OPTIONS)

#define PT_MAX_SAID 200   /* bytes of a composed grade_said() sentence */

/* Slots: fill = blanks, match = pairs (left prompts), order = positions
 * (one per step), choice/multi = options, numeric/text = 1. */
typedef struct pt_grade {
	const pt_item *item;
	pt_status status;
	int attempts_left;
	int checks;       /* checks made, failed ones included */
	int hints_shown;
	int fill[PT_MAX_BLANKS];       /* bank index per blank/pair/position, -1 when empty */
	bool locked[PT_MAX_BLANKS];    /* blank was right and cannot change */
	bool picked[PT_MAX_OPTIONS];   /* choice/multi selection */
	pt_mark marks[PT_MAX_OPTIONS > PT_MAX_BLANKS ? PT_MAX_OPTIONS : PT_MAX_BLANKS];
	unsigned wrong_seen; /* bit per bank option or option picked wrongly */
	unsigned slot_wrong[PT_MAX_SLOTS]; /* fill, match, order: bit per bank option checked wrong in that slot */
	bool checked;        /* marks hold the result of a check */
	bool retry_pass;     /* a pass after the item was finished once (practice or a review) */
	bool review_pass;    /* with retry_pass: a pass from the review queue */
	bool kept_pass;      /* with retry_pass: the store keeps this pass (the answer was seen before the
	                      * lesson's first pass: an exam, or a reset), so its draft is kept too */
	char typed[PT_MAX_TYPED];      /* numeric/text: the answer typed so far */
	int first_out_of_place;        /* order: position of the first wrong step after a failed check, else -1 */
	unsigned long long answered[PT_MAX_CHECKED]; /* keys of the answers checked in this pass */
	int n_answered;
	bool spelling_used;  /* text: the one free near miss of this pass is spent */
	/* What the last check said (see grade_said): a text of the item, or
	 * a sentence composed here. */
	const char *said_text;
	char said_buf[PT_MAX_SAID];
} pt_grade;

/* Starts grading item with its attempt budget. */
void grade_init(pt_grade *g, const pt_item *item);

/* Puts bank option into blank (fill), pair (match: the bank index of the
 * right-hand answer) or position (order: the bank index of the step placed
 * there); clears the slot's old mark.  Right order positions do not lock. */
pt_grade_rc grade_fill(pt_grade *g, int blank, int option);

/* Sets the typed answer of a numeric or text item (cut at PT_MAX_TYPED - 1
 * bytes); clears the marks and what the last check said. */
pt_grade_rc grade_type(pt_grade *g, const char *text);

/* Empties blank (fill), pair (match) or position (order). */
pt_grade_rc grade_clear(pt_grade *g, int blank);

/* Selects option (choice: the only pick; multi: toggles it). */
pt_grade_rc grade_pick(pt_grade *g, int option);

/* Grades the current answer: marks each blank or option, costs an attempt
 * when anything is wrong, locks right blanks (not order positions), and
 * solves or fails the item.  What a check reveals (docs/scoring.md): a
 * wrong select-all check marks ONE wrong tick (its feedback is said) and
 * the disclosure counts the right ticks.  Free, no check: an answer
 * identical to one already checked in this pass (PT_GRADE_REPEAT, the
 * last check's marks stay); a number not understood, a fraction where a
 * percentage is asked or the reverse, a wrong count of ticks or every
 * option ticked (PT_GRADE_UNCLEAR); a qualified name whose tail is
 * accepted, and the first near miss of a pass (PT_GRADE_SPELLING); a
 * later near miss is a wrong check. */
pt_grade_rc grade_check(pt_grade *g);

/* Returns the learner-facing sentence of the last check: why the input was
 * unclear, "check the spelling", or the feedback of the wrong value or
 * answer it matched; NULL when there is none. */
const char *grade_said(const pt_grade *g);

/* Reveals the next hint of an open item. */
pt_grade_rc grade_hint(pt_grade *g);

/* Returns the index of the first empty, unlocked blank after blank
 * (wrapping), or -1 when every blank is filled. */
int grade_next_empty(const pt_grade *g, int blank);

/* Returns true when the current answer can be checked. */
bool grade_ready(const pt_grade *g);

/* Returns the outcome of a finished item, PT_OUTCOME_NONE while open. */
pt_outcome grade_outcome(const pt_grade *g);

/* Returns the score of this pass (score_item: 100 minus 25 per wrong
 * check and 10 per hint, at least 10 when solved; 0 when failed or open).
 * A practice or review pass is never "right first time" or "right with
 * hints": its outcome is "right after retries". */
int grade_score(const pt_grade *g);

/* Writes into out the form a numeric or text item's typed answer is kept
 * in among wrong answers: a number as "%.15g" in the answer's unit, text
 * normalised (grade_normalise).  Returns false, leaving out empty, for
 * other kinds and for input that is not a number the item takes. */
bool grade_typed_key(const pt_grade *g, char *out, size_t size);

/* Returns the feedback a format-2 item (numeric, text, match, order) gives
 * for a wrong answer kept by its text (grade_typed_key for numeric and
 * text, the bank text for match and order), or NULL. */
const char *grade_wrong_feedback(const pt_item *item, const char *text);

/* Returns the feedback for bank text put in slot (from 0: a fill blank, a
 * match pair, an order position) where it is wrong: the blank's or pair's
 * feedback for that option, or the order step's own; NULL when it is
 * right there, unknown, or has none. */
const char *grade_wrong_feedback_at(const pt_item *item, int slot, const char *text);

/* Returns the only slot (from 0) of a slots item (fill, match, order: the
 * kind row's slot_takes decides) where bank text
 * is wrong, or -1 when it is wrong in none or in more than one (a wrong
 * pick kept without its place, by an older paratutor, is put there). */
int grade_wrong_slot(const pt_item *item, const char *text);

/* Rebuilds the state of a pass through item from what was kept of it: its
 * outcome, checks made, hints shown and the texts of the options picked
 * wrongly (n_wrong of them; unknown texts are ignored).  An open pass gets
 * its attempts left (at least one); a solved one has the right answer in
 * place and locked; a failed one has no attempts left.  A pass "right
 * after retries" with a single check was a retry pass (retry_pass is set,
 * so it scores as one).  For numeric and text items the wrong texts are
 * typed answers and are not restored. */
void grade_restore(pt_grade *g, const pt_item *item, pt_outcome outcome,
    int checks, int hints, char *const *wrong, size_t n_wrong);

/* Returns a short word for an outcome, e.g. "right first time". */
const char *grade_outcome_name(pt_outcome outcome);

/* Returns the number of slots: blanks (fill), pairs (match), positions
 * (order), options (choice/multi), 1 (numeric/text). */
int grade_slots(const pt_grade *g);

#endif

/* ui_kind.h - the UI's table of item kinds: one row of operations per kind.
 *
 * Each kind's row and the functions only it uses live in the kind's own
 * file (app/ui/ui_kind_NAME.c); ui_kind.c lists the rows.  The screens and
 * plain mode ask the row of an item's kind instead of comparing kinds, so
 * adding a kind to the UI is one file and one row.  The row sits beside the
 * core's (kind.h: grading, what a check reveals); what several kinds draw or
 * read alike (options, blanks, pairs) is in ui_kind_parts.h.  See
 * docs/styleguide.md. */
#ifndef PARATUTOR_UI_KIND_H
#define PARATUTOR_UI_KIND_H

#include <stdbool.h>
#include <stdio.h>

#include "paratutor/learn/grade.h"
#include "paratutor/learn/session.h"
#include "paratutor/ui/ui_item.h"

/* Context bits of the answer-entry key bindings (answering.c): which
 * answer keys an item takes.  A row's keys name its kind's; answering.c
 * adds the state (open, typing, more than one blank). */
enum {
	AN_OPEN = 1u << 0,    /* still answering */
	AN_FILL = 1u << 1,    /* code with blanks */
	AN_BLANKS = 1u << 2,  /* slots to focus: several blanks, match prompts, order positions */
	AN_CHOICE = 1u << 3,  /* one answer */
	AN_MULTI = 1u << 4,   /* select all that apply */
	AN_MATCH = 1u << 5,   /* prompts to match with answers */
	AN_ORDER = 1u << 6,   /* steps to put in order */
	AN_TYPED = 1u << 7,   /* a typed answer: numeric or text */
	AN_TYPING = 1u << 8,  /* the answer field takes the keys */
	AN_KNOBS = 1u << 9    /* knobs to turn on a figure: explore */
};

typedef struct ui_kind_ops {
	pt_kind kind;
	const char *word; /* what the lesson menu calls the kind: "select all" */

	/* ---- the screen body (item_body.c) ---- */
	/* Adds the kind's answer area: what to fill, pick or type (the part of
	 * the question that stays in view). */
	void (*area)(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show,
	    item_anchors *a);
	/* Adds what belongs to the answer area but may scroll beneath the
	 * question, above the results (explore: the figure's sentences under
	 * its picture); NULL: nothing. */
	void (*under)(pt_doc *d, const pt_grade *g, const pt_item_view *v);
	/* Adds the results of the last check, below the question. */
	void (*results)(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show);
	/* The answer area draws the item's figure itself (at the setting
	 * being explored), so the prompt does not. */
	bool draws_figure;
	/* Returns where a failed item's answer is shown, for the verdict. */
	const char *(*shown)(const pt_item *it);
	/* Typed kinds: writes the key as the learner is told it ("16 B",
	 * "22 (anything from 20 to 24)", a text item's first accepted
	 * answer), for the results and plain mode.  NULL: the results name
	 * none. */
	void (*typed_key)(const pt_item *it, char *buf, size_t size);

	/* ---- answer entry (answering.c, item.c, exam_screen.c) ---- */
	unsigned keys;          /* the answer-entry keys it takes: AN_* bits */
	const char *incomplete; /* said when Enter finds the answer incomplete; a
				 * picking kind's ends with the letters "A-" and the last */
	/* What one slot (a bank entry's place) is called, capitalised and not:
	 * "Blank" and "blank", "Prompt", "Position"; NULL for kinds without
	 * slots. */
	const char *slot_word, *slot_noun;
	/* Slots kinds: what the item screen calls the slots a check marked
	 * Wrong ("change the steps marked Wrong"); NULL for other kinds. */
	const char *slots_wrong;
	/* Slots kinds: writes what to do next on an open answer with several
	 * slots, not yet complete, the slot in focus (-1: none) to fill; last
	 * is the bank's last letter.  NULL for other kinds. */
	void (*focus_step)(const pt_grade *g, int focus, char last, char *message, size_t size);

	/* ---- plain mode (plain_item.c, plain_exam.c) ---- */
	/* What the learner does, for the item's header ("choose one"); for a
	 * kind with slots a printf format taking their number and the plural
	 * ending ("fill in %d blank%s"). */
	const char *task;
	/* Prints how to answer, under "Commands:"; in an exam, without the
	 * promise of a check. */
	void (*help)(FILE *out, bool exam);
	/* Prints what the item asks for: code and options, prompts, steps, or
	 * what to type. */
	void (*print_area)(FILE *out, const pt_grade *g);
	/* Prints the right answer, after "The answer:". */
	void (*print_key)(FILE *out, const pt_item *it);
	/* Prints the marks of the last check. */
	void (*print_checked)(FILE *out, const pt_grade *g);
	/* Reads an answer line into g; false (with a message quoting it) when
	 * it is no answer. */
	bool (*apply)(FILE *out, pt_grade *g, const char *line);
	/* An exam: prints the answer given so far where print_area does not
	 * show it; NULL when it does (blanks and prompts show what they hold). */
	void (*print_given)(FILE *out, const pt_grade *g);
	/* An exam, where the kind words it otherwise (explore: a setting is
	 * kept as the answer, not checked): print_area and apply in an exam's
	 * words; exam_apply reads its own commands and settings, so the exam
	 * does not first ask whether the line is a readable answer.  NULL: the
	 * exam uses print_area and apply. */
	void (*exam_print_area)(FILE *out, const pt_grade *g);
	bool (*exam_apply)(FILE *out, pt_grade *g, const char *line);
} ui_kind_ops;

/* Returns the row of kind (every pt_kind has one). */
const ui_kind_ops *ui_kind(pt_kind kind);

/* Returns row i of the table, in the order the lesson menu lists the
 * kinds a lesson holds, or NULL past the last. */
const ui_kind_ops *ui_kind_at(size_t i);

/* The rows, one per kind file. */
extern const ui_kind_ops ui_kind_fill, ui_kind_choice, ui_kind_multi, ui_kind_numeric, ui_kind_text,
    ui_kind_match, ui_kind_order, ui_kind_explore;

#endif

/* ui_item.h - what the item screen's files share: its view state and the
 * body it draws.
 *
 * The screens that show an item keep a pt_item_view in their state (the
 * item and exam screens in their answer entry, ui_answering.h); item_body.c
 * builds the body document from a grade and a view it only reads. */
#ifndef PARATUTOR_UI_ITEM_H
#define PARATUTOR_UI_ITEM_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/learn/grade.h"
#include "paratutor/ui/ui_doc.h"

/* The part of the body the next draw should scroll into view. */
typedef enum item_reveal { REVEAL_NONE, REVEAL_RESULT, REVEAL_HINT, REVEAL_FOCUS } item_reveal;

/* The item screen's view state. */
typedef struct pt_item_view {
	int focus;     /* focused blank (fill), left prompt (match) or position (order); -1 for none */
	bool typing;   /* numeric and text: the answer field takes the keys */
	char field[PT_MAX_TYPED]; /* numeric and text: the answer being typed */
	size_t scroll;
	item_reveal reveal;
	bool editor;   /* --watch preview: the item's editor_note is shown too */
	bool exam;     /* an exam's result: right or wrong, without a lesson's score or attempts */
	bool compact;  /* the answer area drawn compact (each option, step or bank entry on one
	                * line) to stay in view, then in full where the body scrolls */
	bool below;    /* that area in full, beneath its compact copy: a kind may add only what
	                * the compact copy left out */
} pt_item_view;

/* Lines of the body the next draw may scroll into view. */
typedef struct item_anchors {
	size_t result_first, result_last;
	size_t hint_first, hint_last;
	size_t focus_line; /* the focused blank, prompt or position */
	size_t work_line;  /* the first line answered in: code, options, prompts, positions or field */
	size_t question_end; /* the lines before it are the question, those from it the feedback */
	size_t prompt_end; /* the line after the prompt's text */
	size_t area_first; /* the first line of the kind's answer area */
} item_anchors;

/* Returns the number of lettered options the learner picks from: the
 * bank (fill, match answers, order steps) or the options, at most 7. */
int item_body_choices(const pt_item *it);

/* Returns the label of the last lettered option, for "A-D". */
char item_body_last_label(const pt_item *it);

/* Builds the whole body of the item screen for grade g seen through view
 * v: prompt, the kind's answer area, marks and feedback, hints, mistakes,
 * and once finished the verdict, explanation and solution.  Fills a with
 * the lines worth scrolling to. */
void item_body_build(pt_doc *d, const pt_grade *g, const pt_item_view *v, item_anchors *a);

#endif

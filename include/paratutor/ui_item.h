/* ui_item.h - what the item screen's files share: its view state and the
 * body it draws.
 *
 * item.c owns the view state (one pt_item_view) and the keys; item_body.c
 * builds the body document from a grade and a view it only reads. */
#ifndef PARATUTOR_UI_ITEM_H
#define PARATUTOR_UI_ITEM_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/grade.h"
#include "paratutor/ui_app.h"
#include "paratutor/ui_doc.h"

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
} pt_item_view;

/* Lines of the body the next draw may scroll into view. */
typedef struct item_anchors {
	size_t result_first, result_last;
	size_t hint_first, hint_last;
	size_t focus_line; /* the focused blank, prompt or position */
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

/* item.c: the view, and the answering keys the exam screen shares with
 * the item screen.  They act on the current grade of ui_session(ui) (the
 * exam's paper while an exam runs) and on this one view. */

/* Returns the item screen's view state. */
pt_item_view *item_view(void);

/* Resets the view for grade g: no scroll, focus on the first slot to
 * fill, the answer field (with g's typed answer) taking the keys.  What
 * is typed is kept in g as it is typed, so g must live while the view
 * shows it (every screen opens the view again on entering an item). */
void item_view_open(pt_grade *g);

/* a-g: fill, match, place, choose or toggle an option. */
unsigned item_key_letter(pt_ui *ui, const pt_event *ev);
/* 1-9: focus a blank, prompt or position. */
unsigned item_key_blank(pt_ui *ui, const pt_event *ev);
/* Tab / Shift-Tab: the next / previous slot. */
unsigned item_key_cycle(pt_ui *ui, const pt_event *ev);
/* Backspace / Delete: empty the focused blank or prompt. */
unsigned item_key_clear(pt_ui *ui, const pt_event *ev);
/* Backspace / Delete on an order item: take back a placed step. */
unsigned item_key_unplace(pt_ui *ui, const pt_event *ev);
/* A printable key while the answer field takes the keys (kept in the
 * view's grade as a draft, as every edit of the field is). */
unsigned item_key_type(pt_ui *ui, const pt_event *ev);
/* Backspace / Delete on a typed answer: erase a character. */
unsigned item_key_erase(pt_ui *ui, const pt_event *ev);
/* Tab, Esc: leave the answer field. */
unsigned item_key_leave_field(pt_ui *ui, const pt_event *ev);
/* Tab: back into the answer field. */
unsigned item_key_enter_field(pt_ui *ui, const pt_event *ev);
/* A printable key on a typed item while the commands have the keys. */
unsigned item_key_not_typing(pt_ui *ui, const pt_event *ev);
/* A click on a slot, an option or the answer field. */
unsigned item_key_click(pt_ui *ui, const pt_event *ev);
/* Scrolling keys and the wheel. */
unsigned item_key_scroll(pt_ui *ui, const pt_event *ev);

#endif

/* ui_answering.h - the answer entry the item and exam screens share.
 *
 * A screen that takes answers keeps a pt_answering in its own state and
 * returns it from its pt_screen_ops.answering hook; the shared
 * answer-entry key table (ui_answering_table, answering.c) is then
 * chained after the screen's own keys, so both screens answer with one
 * table.  The keys act on the current grade of ui_session(ui) and on the
 * entry's view. */
#ifndef PARATUTOR_UI_ANSWERING_H
#define PARATUTOR_UI_ANSWERING_H

#include <stdbool.h>

#include "paratutor/learn/grade.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_item.h"

typedef struct pt_answering {
	pt_item_view view;
	/* The grade the view was last opened on: the answer field is kept in
	 * it as it is typed, so it must live while the view shows it. */
	pt_grade *grade;
	/* Called after a letter, a clear or a click changed the answer (the
	 * exam keeps itself then); may be NULL. */
	void (*picked)(pt_ui *ui);
} pt_answering;

/* Resets the entry for grade g: no scroll, focus on the first slot to
 * fill, the answer field (with g's typed answer) taking the keys.  Every
 * screen opens the entry again on entering an item. */
void answering_open(pt_answering *a, pt_grade *g);

/* Returns true while the answer field takes the keys. */
bool answering_typing(const pt_answering *a);

/* Returns true while an open explore item's knobs take Left and Right. */
bool answering_knobs(const pt_answering *a);

/* Returns true for the kinds answered by placing bank entries in slots
 * (the core row's shape). */
bool answering_uses_bank(pt_kind kind);

/* Returns true for the kinds answered by typing. */
bool answering_is_typed(pt_kind kind);

/* Returns true when g's item has a single slot that takes no focusing (a
 * fill item with one blank): a letter or a clear goes to it. */
bool answering_one_slot(const pt_grade *g);

/* Returns the slot to focus after slot after: the next empty one, else
 * the next one still marked Wrong, else -1. */
int answering_next_focus(const pt_grade *g, int after);

/* Says why Enter could not check item it yet: what its kind still needs. */
void answering_say_incomplete(pt_ui *ui, const pt_item *it);

/* Says that a finished item takes no more answers; returns UI_REDRAW. */
unsigned answering_say_finished(pt_ui *ui);

#endif

/* ui_app.h - the terminal UI's shared state and its screens.
 *
 * Every screen is a draw function and a key handler.  Key handlers return
 * result flags (UI_REDRAW, UI_QUIT); they change screens through the
 * ui_* calls below.  UI state (screen, focus, scroll offsets, messages)
 * lives here; grading state lives in the core's pt_session. */
#ifndef PARATUTOR_UI_APP_H
#define PARATUTOR_UI_APP_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/catalog.h"
#include "paratutor/progress.h"
#include "paratutor/session.h"
#include "paratutor/track.h"
#include "paratutor/ui_doc.h"
#include "paratutor/ui_input.h"
#include "paratutor/watch.h"

#define UI_MIN_COLS 60
#define UI_MIN_ROWS 16
#define UI_MESSAGE_MAX 320

/* Result flags of the key handlers. */
enum { UI_REDRAW = 1u << 0, UI_QUIT = 1u << 1 };

typedef enum pt_screen { UI_SCREEN_MENU, UI_SCREEN_ITEM, UI_SCREEN_SUMMARY } pt_screen;

/* What just happened to a session, for the progress store. */
typedef enum pt_progress_event {
	UI_PROGRESS_OPEN,  /* the session was just created: restore it */
	UI_PROGRESS_CHECK, /* item was checked */
	UI_PROGRESS_HINT,  /* item revealed a hint */
	UI_PROGRESS_MOVE   /* the learner moved from item to session->current */
} pt_progress_event;

/* The part of the body the next draw should scroll into view. */
typedef enum pt_reveal { REVEAL_NONE, REVEAL_RESULT, REVEAL_HINT } pt_reveal;

typedef struct pt_menu_view {
	size_t selected;
	size_t scroll;
	char message[UI_MESSAGE_MAX];
} pt_menu_view;

typedef struct pt_item_view {
	int focus;  /* focused blank, -1 for none */
	size_t scroll;
	pt_reveal reveal;
	char message[UI_MESSAGE_MAX]; /* empty: say what to do next */
} pt_item_view;

typedef struct pt_summary_view {
	size_t scroll;
	bool confirm_reset; /* the next key answers "forget this lesson?" */
	char message[UI_MESSAGE_MAX];
} pt_summary_view;

/* A pass over the items due for review, across lessons. */
typedef struct pt_review {
	bool active;
	pt_due_list due;
	size_t pos; /* the due item being answered */
} pt_review;

typedef struct pt_help_view {
	bool open;
	size_t scroll;
	int rows; /* rows of its last draw, for paging */
} pt_help_view;

typedef struct pt_ui {
	pt_catalog *catalog;
	pt_session *sessions; /* one per catalog entry; grades NULL until opened */
	size_t entry;         /* the open lesson's catalog index */
	pt_screen screen;
	bool too_small;       /* the last draw found the terminal too small */
	int body_rows;        /* rows of the scrolling body at the last draw */
	pt_menu_view menu;
	pt_item_view item;
	pt_summary_view summary;
	pt_help_view help;
	pt_doc body;          /* the current screen's scrolling content */
	pt_doc overlay;       /* the help overlay's content */
	pt_track *track;      /* progress keeping, borrowed */
	pt_review review;
	const char *watch_path; /* the lesson file reloaded on save, or NULL */
	pt_watch watch;
} pt_ui;

/* A key and what it does, for the key bar. */
typedef struct pt_keyhint {
	const char *key;
	const char *label;
} pt_keyhint;

/* ui.c */

/* Returns the open lesson's session. */
pt_session *ui_session(pt_ui *ui);

/* Opens catalog entry index on its current item; returns false (and
 * leaves the screen alone) when it cannot be opened. */
bool ui_open_lesson(pt_ui *ui, size_t index);

/* Shows another screen of the open lesson, or the menu. */
void ui_show(pt_ui *ui, pt_screen screen);

/* Records in the progress store what happened to item, and shows any
 * notice the store has for the learner. */
void ui_notify(pt_ui *ui, size_t item, pt_progress_event event);

/* review.c: answering the items due for review */

/* Starts a review of the due items; says so on the menu when none is due. */
void review_start(pt_ui *ui);

/* Goes to the next due item, or ends the review on the menu. */
void review_next(pt_ui *ui);

/* Ends the review and frees its list. */
void review_stop(pt_ui *ui);

/* Formats a message into a view's message buffer. */
void ui_say(char message[UI_MESSAGE_MAX], const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* frame.c: the parts every screen shares */

/* Row where the scrolling body starts, right under the header bar. */
#define UI_BODY_TOP 1
/* Rows below the body: status, message and key bar. */
#define UI_FOOTER_ROWS 3

/* Returns the number of body rows on a screen rows high. */
int frame_body_rows(int rows);

/* Draws the header bar: left-aligned title, right-aligned position. */
void frame_header(int cols, const char *left, const char *right);

/* Draws the status line, the message line and the key bar. */
void frame_footer(int rows, int cols, const char *status, const char *message,
    const pt_keyhint *keys, size_t n_keys);

/* Clamps *scroll, renders the body document and draws the scroll
 * indicator at the right of the status line. */
void frame_body(pt_ui *ui, pt_doc *d, size_t *scroll, int rows, int cols);

/* Handles the scrolling keys and the wheel; with arrows set, Up and Down
 * scroll too.  Returns true when ev was one of them. */
bool frame_scroll_key(const pt_event *ev, size_t *scroll, int page, bool arrows);

/* Adds, after an empty line, the mistakes the learner made most often (in
 * one lesson, or in all when lesson_id is NULL), from the progress store;
 * nothing when there are none. */
void frame_misconceptions(const pt_ui *ui, pt_doc *d, const char *lesson_id);

/* Draws the "Terminal too small" notice. */
void frame_too_small(int rows, int cols);

/* menu.c: the lesson list */

/* Draws the menu: every catalog entry, broken ones with their first error. */
void menu_draw(pt_ui *ui, int rows, int cols);

/* Moves the selection, opens a lesson (Enter, click) or quits (q). */
unsigned menu_key(pt_ui *ui, const pt_event *ev);

/* item.c: one item of the open lesson */

/* Shows item index of the open lesson with a fresh view (focus on the
 * first blank to fill, no scroll, no message). */
void item_enter(pt_ui *ui, size_t index);

/* Draws the item: prompt, code and bank or options, marks and feedback,
 * hints, mistakes, and once finished the explanation and solution. */
void item_draw(pt_ui *ui, int rows, int cols);

/* Handles answering, checking, hints, moving between items and scrolling. */
unsigned item_key(pt_ui *ui, const pt_event *ev);

/* summary.c: the end-of-lesson summary */

/* Draws the score, the outcome counts and every item's result. */
void summary_draw(pt_ui *ui, int rows, int cols);

/* Retries the missed items (r), goes back (p) or to the menu (m, q). */
unsigned summary_key(pt_ui *ui, const pt_event *ev);

/* help.c: the key list overlay */

/* Draws the key list in a box over the current screen. */
void help_draw(pt_ui *ui, int rows, int cols);

/* Scrolls the key list or closes it (Esc, ?, q). */
unsigned help_key(pt_ui *ui, const pt_event *ev);

#endif

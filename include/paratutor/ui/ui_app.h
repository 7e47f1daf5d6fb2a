/* ui_app.h - the terminal UI's shared state and its screen table.
 *
 * The UI is a table of screens, one const pt_screen_ops per screen file
 * (menu.c, item.c, summary.c, stats.c, exam_form.c, exam_screen.c,
 * exam_results.c), in the manner of tmux's modes: each screen keeps its
 * view state private to its file, draws itself, and lists its keys in a
 * binding table that ui.c uses for three things at once -
 * dispatching a key, the key bar and the help overlay - so a key that is
 * handled is always listed; plain mode reads its commands and their help
 * from the same rows (plain_cmd.h).  Screens never call each other: a handler asks
 * for a transition with ui_go() and go.c carries it out after the handler
 * returns.  Grading state lives in the core's pt_session. */
#ifndef PARATUTOR_UI_APP_H
#define PARATUTOR_UI_APP_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/learn/exam.h"
#include "paratutor/learn/session.h"
#include "paratutor/store/track.h"
#include "paratutor/ui/ui.h"
#include "paratutor/ui/ui_doc.h"
#include "paratutor/ui/ui_input.h"
#include "paratutor/ui/watch.h"

#define UI_MIN_COLS 60
#define UI_MIN_ROWS 16
#define UI_MESSAGE_MAX 320

/* Result flags of the key handlers. */
enum { UI_REDRAW = 1u << 0, UI_QUIT = 1u << 1 };

typedef enum pt_screen {
	UI_SCREEN_MENU, UI_SCREEN_ITEM, UI_SCREEN_SUMMARY, UI_SCREEN_STATS,
	UI_SCREEN_EXAM_FORM, UI_SCREEN_EXAM, UI_SCREEN_EXAM_RESULTS,
	UI_N_SCREENS
} pt_screen;

/* Transitions a handler can ask for; ui.c carries them out. */
typedef enum pt_goto {
	UI_GO_NONE,
	UI_GO_MENU,        /* the lesson menu, on the open lesson */
	UI_GO_LESSON,      /* open catalog entry arg at its resume point */
	UI_GO_ITEM,        /* item arg of the open lesson */
	UI_GO_NEXT,        /* the next item (the summary after the last; in a review, the next due item) */
	UI_GO_CONTINUE,    /* the next unfinished item, else the summary (in a review, the next due item) */
	UI_GO_SUMMARY,     /* the open lesson's summary */
	UI_GO_REVIEW,      /* start answering the items due for review */
	UI_GO_STATS,       /* the learner's statistics; arg: the menu entry to select on the way back */
	UI_GO_MENU_AT,     /* the lesson menu with catalog entry arg selected */
	UI_GO_EXAM,        /* the running exam (resumed from the store when one is open), else the exam form */
	UI_GO_EXAM_START,  /* start a new exam with ui->exam_cfg */
	UI_GO_EXAM_RESULTS /* the submitted exam's results */
} pt_goto;

/* What just happened to a session, for the progress store. */
typedef enum pt_progress_event {
	UI_PROGRESS_OPEN,  /* the session was just created: restore it */
	UI_PROGRESS_CHECK, /* item was checked */
	UI_PROGRESS_HINT,  /* item revealed a hint */
	UI_PROGRESS_MOVE   /* the learner moved from item to session->current */
} pt_progress_event;

/* A pass over the items due for review, across lessons. */
typedef struct pt_review {
	bool active;
	pt_due_list due;
	size_t pos; /* the due item being answered */
} pt_review;

/* A scrolling area as last drawn: its rows and the furthest its scroll
 * offset can go.  Scroll keys clamp against it; a draw clamps only the
 * copy it renders, so resizing never moves what the learner scrolled to. */
typedef struct pt_pane {
	int rows;
	size_t max;
} pt_pane;

typedef struct pt_ui {
	pt_catalog *catalog;
	pt_session *sessions; /* one per catalog entry; grades NULL until opened */
	size_t entry;         /* the open lesson's catalog index */
	pt_screen screen;
	void *view;           /* the current screen's state (pt_screen_ops.view_size) */
	pt_goto go;           /* the transition asked for by the last handler */
	size_t go_arg;
	bool too_small;       /* the last draw found the terminal too small */
	bool help_open;       /* the key list is drawn over the screen */
	bool help_intro;      /* it shows the introduction alone (the first run) */
	size_t help_scroll;
	pt_pane help_pane;    /* the help's rows and furthest scroll at its last draw */
	pt_pane body_pane;    /* the body's rows and furthest scroll at the last draw */
	bool body_scrolls;    /* the last body was taller than its rows */
	char message[UI_MESSAGE_MAX]; /* for the footer; empty: the screen says what to do next */
	pt_doc body;          /* the current screen's scrolling content */
	pt_doc overlay;       /* the help overlay's content */
	pt_doc alert;         /* the alert under the key bar, as last laid out */
	pt_track *track;      /* progress keeping, borrowed */
	pt_review review;
	bool shuffle;           /* sessions show options shuffled */
	unsigned long long salt; /* the learner's shuffle salt */
	const char *watch_path; /* the lesson file reloaded on save, or NULL */
	char watch_item[256];   /* the previewed item's id, kept while the file is broken */
	struct pt_kept_grade *watch_kept; /* answers kept across a reload, by item id */
	size_t watch_n_kept;
	pt_watch watch;
	pt_exam *exam;          /* the exam being sat or just submitted, or NULL */
	pt_exam exam_mem;       /* an exam started or resumed here (ui->exam then points to it) */
	pt_exam_config exam_cfg; /* the exam form's choices */
	const char *hosted;     /* hosted mode: said instead of opening the exam form (pt_ui_options) */
	const struct pt_course *course; /* hosted mode: the course (pt_ui_options) */
} pt_ui;

/* Events a binding answers to besides characters and named keys:
 * UI_ON_TEXT is any printable character (for typing an answer) except
 * those the keys every screen shares claim, so ? still opens the help. */
enum { UI_ON_CLICK = 1u << 0, UI_ON_WHEEL = 1u << 1, UI_ON_ANY = 1u << 2, UI_ON_TEXT = 1u << 3 };

#define UI_MAX_NAMED 6

/* Plain mode's names for the actions of the command tables' rows: its
 * prompts switch on them (plain.c, plain_exam.c). */
typedef enum pt_cmd {
	PT_CMD_NONE, PT_CMD_REVIEW, PT_CMD_EXAM, PT_CMD_STATS, PT_CMD_LIST, PT_CMD_INTRO, PT_CMD_QUIT, PT_CMD_HELP,
	PT_CMD_AGAIN, PT_CMD_HINT, PT_CMD_NEXT, PT_CMD_PREV, PT_CMD_GO, PT_CMD_EXPLAIN, PT_CMD_SUMMARY,
	PT_CMD_RESET, PT_CMD_MENU, PT_CMD_TIME, PT_CMD_MARK, PT_CMD_SUBMIT, PT_CMD_PRACTICE
} pt_cmd;

/* One command of a screen's table, for both modes: what triggers it on the
 * full screen (keys, context, handler), the words that name it at plain
 * mode's prompt for the same screen, and the one help line both modes
 * print.  A row without keys is a plain-mode command only (a line-mode
 * need: "again", "go N"); a row without a word is a key only (scrolling,
 * the mouse). */
typedef struct pt_binding {
	const char *keys;  /* as the help names them: "n, Right"; NULL: plain mode only */
	const char *help;  /* what it does, for the help overlay */
	const char *bar;   /* key-bar label, or NULL to list it in the help only */
	const char *bar_keys; /* key-bar key name when shorter than keys, or NULL */
	unsigned when;     /* context bits that must all be set */
	unsigned unless;   /* context bits that must all be clear */
	const char *chars; /* characters that trigger it, or NULL */
	int named[UI_MAX_NAMED]; /* pt_key codes + 1 that trigger it; 0 ends */
	unsigned events;   /* UI_ON_* */
	unsigned (*run)(pt_ui *ui, const pt_event *ev);
	pt_goto go;        /* with no handler: the transition the key asks for (ui_go, arg 0), then a redraw */
	const char *word;  /* plain mode: the command word, or NULL for a key only */
	const char *arg;   /* plain mode: what follows the word ("N"), or NULL */
	const char *shorts; /* plain mode: other forms it takes, comma-separated ("q"), or NULL */
	pt_cmd cmd;        /* plain mode: the action */
} pt_binding;

/* A key and its label as drawn in the key bar. */
typedef struct pt_keyhint {
	char key[24];
	const char *label;
} pt_keyhint;

/* A key table: bindings and the context bits they are offered in.  A key
 * goes through a chain of them, the first binding that takes it wins:
 * the screen's own keys, then (on the screens that take answers) the
 * answer-entry keys the item and exam screens share, then scrolling, then
 * the keys every screen shares.  The key bar and the help are built from
 * the same chain. */
typedef struct pt_keytable {
	const char *name;                     /* its section in the help */
	const pt_binding *keys;
	size_t n_keys;
	unsigned (*context)(const pt_ui *ui); /* context bits for the bindings; NULL: none */
	/* Fills buf with the key-bar name of a binding whose keys depend on the
	 * context ("A-D"), or leaves it alone; may be NULL. */
	void (*bar_keys)(const pt_ui *ui, const pt_binding *b, char *buf, size_t size);
} pt_keytable;

struct pt_answering;

/* A screen: its name for the help, its hooks and its keys. */
typedef struct pt_screen_ops {
	const char *name;
	void (*enter)(pt_ui *ui, size_t arg);   /* made current; arg from ui_go */
	void (*draw)(pt_ui *ui, int rows, int cols);
	/* The screen's state lives in ui->view while the screen is current:
	 * entering it from another screen allocates view_size zeroed bytes,
	 * leaving it calls leave (which frees what the view owns; may be
	 * NULL) and then frees the view.  Moving within a screen (the next
	 * item) keeps the view and calls enter again. */
	size_t view_size;
	void (*leave)(pt_ui *ui);
	unsigned (*context)(const pt_ui *ui);    /* context bits for the bindings; NULL: none */
	/* Fills buf with the key-bar name of a binding whose keys depend on the
	 * context ("A-D"), or leaves it alone; may be NULL. */
	void (*bar_keys)(const pt_ui *ui, const pt_binding *b, char *buf, size_t size);
	const pt_binding *keys;
	size_t n_keys;
	/* With a clock (a running exam): true while the screen wants tick()
	 * every second; tick returns result flags.  Both may be NULL: every
	 * other screen sleeps until a key arrives. */
	bool (*ticking)(const pt_ui *ui);
	unsigned (*tick)(pt_ui *ui);
	/* The screen's answer entry while it takes answers, else NULL; the
	 * shared answer-entry keys (answering.c) come after the screen's own
	 * when it returns one.  May be NULL: the screen takes no answers. */
	struct pt_answering *(*answering)(const pt_ui *ui);
	/* In the key bar, the answer-entry keys come after this many of the
	 * screen's own rows (the rest follow them). */
	size_t bar_lead;
	/* The screen's body scroll offset while its body scrolls with the
	 * shared scrolling keys, else NULL.  May be NULL. */
	size_t *(*scroll)(const pt_ui *ui);
} pt_screen_ops;

/* The screens, defined in their files; only ui.c and help.c use them. */
extern const pt_screen_ops ui_menu_screen;
extern const pt_screen_ops ui_item_screen;
extern const pt_screen_ops ui_summary_screen;
extern const pt_screen_ops ui_stats_screen;
extern const pt_screen_ops ui_exam_form_screen;
extern const pt_screen_ops ui_exam_screen;
extern const pt_screen_ops ui_exam_results_screen;

/* screens.c */

/* Returns the session the screens answer into: the exam's paper on the
 * exam and results screens, else the open lesson's. */
pt_session *ui_session(pt_ui *ui);

/* Records in the progress store what happened to item, and shows any
 * notice the store has for the learner. */
void ui_notify(pt_ui *ui, size_t item, pt_progress_event event);

/* Formats the footer message. */
void ui_say(pt_ui *ui, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Returns the screen table entry of screen. */
const pt_screen_ops *ui_screen_ops(pt_screen screen);

/* Makes screen current and lets it set up its view: coming from another
 * screen, the view is allocated afresh (the old one left and freed);
 * moving within the screen keeps it.  Out of memory, the current screen
 * stays.  For go.c: screens ask with ui_go. */
void ui_show(pt_ui *ui, pt_screen screen, size_t arg);

/* Leaves the current screen: it frees what its view owns, then its view
 * goes. */
void ui_leave_screen(pt_ui *ui);

/* Asks for a transition, carried out once the current handler returns
 * (by go.c's go_apply). */
void ui_go(pt_ui *ui, pt_goto where, size_t arg);

/* go.c: carrying out transitions */

/* Carries out the transition the last handler asked for, if any. */
void go_apply(pt_ui *ui);

/* Opens what the command line asked for (an exam, a lesson, the review,
 * the watched lesson) over the menu, and the introduction on a first run. */
void go_start(pt_ui *ui, const pt_ui_options *options);

/* Reloads the watched lesson after a save and puts the learner back on
 * the item they were on, with the answers given so far (by option text
 * where the item's graded content changed); says when a pick was cleared,
 * when the item was removed (and where it moved), and the lesson's
 * warnings; while the file is broken, the menu shows its diagnostics. */
void go_reload(pt_ui *ui);

/* At the end: pauses and keeps an exam not submitted (one being sat says
 * so on stderr, with how to take it up), lets go of it, the review and the
 * answers kept for the watched lesson. */
void go_end(pt_ui *ui);

/* bind.c: matching events to bindings, the key bar, scrolling */

/* Returns the first binding of the n in keys offered in ctx that ev
 * triggers, or NULL. */
const pt_binding *bind_find(const pt_binding *keys, size_t n, unsigned ctx, const pt_event *ev);

/* Fills out (up to max) with the key-bar entries of the screen's chain in
 * its context, ending with "? help"; returns how many. */
size_t bind_bar(const pt_ui *ui, const pt_screen_ops *ops, pt_keyhint *out, size_t max);

/* Scrolls *scroll for a scrolling key or the wheel, by a line, a page of
 * pane or to an end, within the pane as last drawn; returns false for any
 * other event. */
bool frame_scroll(const pt_event *ev, size_t *scroll, const pt_pane *pane);

/* Runs the binding ev triggers in the chain of the screen ops: the
 * screen's keys, its answer entry's, scrolling, the keys every screen
 * shares.  Returns the binding (NULL when none takes ev, or it has no
 * handler), and in *result the handler's result flags. */
const pt_binding *bind_dispatch(pt_ui *ui, const pt_screen_ops *ops, const pt_event *ev, unsigned *result);

/* The shared tables of the chain, for the help overlay. */
extern const pt_keytable ui_answering_table; /* answering.c */
extern const pt_keytable ui_scroll_table;    /* bind.c */
extern const pt_keytable ui_global_table;    /* screens.c */

/* The keys every screen shares (the help), for the help overlay.  Those
 * offered only in a context of ui_global_table (the acknowledgement of an
 * alert, UI_GLOBAL_ALERT) take their key before the screen's own. */
extern const pt_binding ui_global_keys[];
extern const size_t ui_n_global_keys;
enum { UI_GLOBAL_ALERT = 1u << 0 };

/* The binding that acknowledges the alert, for the alert's own line. */
extern const pt_binding *const ui_alert_key;

/* review.c: the queue of items due for review */

/* Loads the items due now; returns false when none is due. */
bool review_load(pt_ui *ui);

/* Returns the current due item, or NULL past the end. */
const pt_due *review_current(const pt_ui *ui);

/* Ends the review and frees its list. */
void review_stop(pt_ui *ui);

/* frame.c: the parts every screen shares */

/* Row where the scrolling body starts, right under the header bar. */
#define UI_BODY_TOP 1
/* Rows below the body: status, message and key bar. */
#define UI_FOOTER_ROWS 3
/* Widest a paragraph of text is wrapped on a wide terminal. */
#define UI_TEXT_MAX 100

/* Returns the number of body rows on a screen rows high. */
int frame_body_rows(int rows);

/* Returns the width to lay text out in on a screen cols wide. */
int frame_text_width(int cols);

/* Draws the header bar: left-aligned title, right-aligned position. */
void frame_header(int cols, const char *left, const char *right);

/* Draws the status line, the message line (ui->message when set, else
 * fallback) and the key bar generated from the current screen's keys. */
void frame_footer(pt_ui *ui, int rows, int cols, const char *status, const char *fallback);

/* Renders the body document at *scroll (clamped for this size only) and
 * draws the scroll indicator at the right of the status line. */
void frame_body(pt_ui *ui, pt_doc *d, size_t *scroll, int rows, int cols);

/* How an item's body is laid out by frame_split: the question (the prompt
 * and what the learner answers in) is its first fixed lines, the feedback
 * the rest. */
typedef struct pt_split {
	size_t fixed;  /* lines of the question, from the top */
	size_t keep;   /* the line the learner is working on */
	bool reveal;   /* bring lines [first, last] into view in this draw */
	size_t first, last;
	size_t stem;   /* lines of the prompt's text, from the top */
	size_t area;   /* the first line of the answer area (it ends at fixed) */
	bool feedback; /* a check, a hint or the end of the item put something beneath it */
} pt_split;

/* Draws an item's body by one rule for every kind: when it all fits, all
 * of it; else the question stays in view when it leaves the feedback four
 * rows or more; else, once there is feedback, the prompt's first lines, a
 * marker that it goes on and the answer area stay, the rest of the prompt
 * scrolling above the feedback (before it, or when even the answer area is
 * too tall, the prompt's first line alone stays).  The rest scrolls below what stays (*scroll counts
 * its lines); what is revealed comes into view without pushing the line
 * sp->keep out of it. */
void frame_split(pt_ui *ui, pt_doc *d, const pt_split *sp, size_t *scroll, int rows, int cols);

/* Returns true when frame_split keeps the answer area of a body height
 * lines tall in view on a screen rows high (false: only the prompt's
 * first line stays; a compact answer area may fit). */
bool frame_split_keeps(const pt_split *sp, size_t height, int rows);


/* Records the geometry of a scrolling area drawn with d in rows rows, and
 * returns scroll clamped for it. */
size_t frame_pane(pt_pane *pane, const pt_doc *d, int rows, size_t scroll);

/* Adds, after an empty line, the mistakes the learner made most often (in
 * one lesson, or in all when lesson_id is NULL), from the progress store;
 * nothing when there are none. */
void frame_misconceptions(const pt_ui *ui, pt_doc *d, const char *lesson_id);

/* Draws the "Terminal too small" notice. */
void frame_too_small(int rows, int cols);

/* Lays out the alert (track_alert: progress not kept, shown until the
 * learner acknowledges it) for a screen rows x cols, ending with the key
 * that puts it away; returns the rows it takes at the bottom, under the
 * key bar (0 when there is none).  The screen is drawn in the rows above. */
int frame_alert_rows(pt_ui *ui, int rows, int cols);

/* Draws the alert laid out by frame_alert_rows in the bottom rows of a
 * screen rows high. */
void frame_alert(pt_ui *ui, int rows, int height);

/* help.c: the key list overlay */

/* Draws every screen's keys in a box over the current screen, the
 * current screen's first. */
void help_draw(pt_ui *ui, int rows, int cols);

/* Opens the introduction alone, as on the first run. */
void help_open_intro(pt_ui *ui);

/* Scrolls the key list or closes it; the keys come from help_keys. */
unsigned help_key(pt_ui *ui, const pt_event *ev);

#endif

/* exam_screen.c - sitting an exam: the item as the item screen draws it
 * (answered with the same keys, never checked), the countdown in the
 * header with warnings at 5 and 1 minutes, marks, the list of items to
 * jump to, submitting after a confirmation, the clock submitting at zero,
 * and the offer to take up an exam left unfinished. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "paratutor/learn/kind.h"
#include "paratutor/ui/ui_answer.h"
#include "paratutor/ui/ui_answering.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/ui/ui_draw.h"
#include "paratutor/ui/ui_item.h"

#define SAVE_EVERY_TICKS 10 /* a running clock is kept this often (seconds) */

/* The exam screen's view state. */
struct exam_view {
	pt_answering entry; /* the item being answered, with the keys the item screen takes */
	bool list;          /* the list of items is shown */
	size_t sel;         /* the item selected in the list */
	size_t list_scroll;
	bool confirm;       /* the next key answers "submit now?" */
	unsigned ticks;     /* seconds since the exam was last kept */
};

/* Context bits of the exam screen's own bindings (the answer entry's are
 * answering.c's). */
enum {
	EX_ANSWER = 1u << 0,  /* answering: not paused, no list, no question asked */
	EX_TYPING = 1u << 1,
	EX_LIST = 1u << 2,
	EX_CONFIRM = 1u << 3,
	EX_PAUSED = 1u << 4,
	EX_KNOBS = 1u << 5  /* an explore item's knobs take Left and Right */
};

/* Returns the grade of the item on screen. */
static pt_grade *current_grade(pt_ui *ui)
{
	return exam_grade(ui->exam, ui->exam->session.current);
}

/* Keeps the exam in the store and shows any notice the saving left. */
static void keep(pt_ui *ui)
{
	struct exam_view *xv = ui->view;
	track_exam(ui->track, ui->exam, ui_now());
	track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
	xv->ticks = 0;
}

/* Shows the exam's current item with a fresh view. */
static void exam_enter(pt_ui *ui, size_t arg)
{
	struct exam_view *xv = ui->view;
	(void)arg;
	xv->list = false;
	xv->confirm = false;
	answering_open(&xv->entry, current_grade(ui));
	xv->entry.picked = keep; /* a pick, a clear or a click is kept at once */
	if (!ui->exam->paused)
		keep(ui);
}

/* Writes the clock for the header: the time left, or the time used. */
static void clock_text(const pt_exam *e, char *buf, size_t size)
{
	char clock[24];
	time_t now = ui_now();
	if (e->limit == 0) {
		exam_format_clock(exam_time_used(e, now), clock, sizeof clock);
		snprintf(buf, size, "untimed practice, %s used", clock);
	} else {
		exam_format_clock(exam_time_left(e, now), clock, sizeof clock);
		snprintf(buf, size, "%s left", clock);
	}
}

/* Returns the word for how item i stands. */
static const char *state_word(const pt_exam *e, size_t i)
{
	switch (exam_state(e, i)) {
	case PT_EXAM_ANSWERED: return "answered";
	case PT_EXAM_PARTLY: return "partly";
	case PT_EXAM_EMPTY: break;
	}
	return "empty";
}

/* Builds the list of items, the selected one marked. */
static void build_list(pt_ui *ui, pt_doc *d, int body_rows)
{
	struct exam_view *xv = ui->view;
	const pt_exam *e = ui->exam;
	size_t sel_line = 0;
	doc_atomf(d, ROLE_HEADING, 0, "All %zu items", e->n);
	doc_atomf(d, ROLE_DIM, 0, "  %zu answered, %zu marked", e->n - exam_unanswered(e), exam_marked_count(e));
	doc_gap(d);
	for (size_t i = 0; i < e->n; i++) {
		bool on = i == xv->sel;
		if (on)
			sel_line = doc_line(d);
		const char *prompt = e->items[i]->prompt.s;
		int len = (int)strcspn(prompt, "\n");
		doc_move_to(d, 1);
		doc_atom(d, on ? ROLE_SELECTED : ROLE_NORMAL, 0, on ? ">" : " ");
		doc_move_to(d, 3);
		doc_atomf(d, exam_state(e, i) == PT_EXAM_ANSWERED ? ROLE_NORMAL : ROLE_WRONG, 0, "%3zu  %-8s", i + 1,
		    state_word(e, i));
		doc_move_to(d, 18);
		doc_atom(d, ROLE_HINT, 0, e->marked[i] ? "marked" : "");
		doc_move_to(d, 26);
		int room = d->width - 30 > 8 ? d->width - 30 : 8;
		doc_atomf(d, on ? ROLE_SELECTED : ROLE_DIM, 0, "%.*s%s", len > room ? room - 1 : len, prompt,
		    len > room ? draw_glyph(GLYPH_ELLIPSIS) : "");
		doc_newline(d);
	}
	doc_show_lines(&xv->list_scroll, sel_line, sel_line, body_rows);
}

/* Builds the offer to take up an exam left unfinished. */
static void build_paused(pt_ui *ui, pt_doc *d)
{
	const pt_exam *e = ui->exam;
	char clock[64];
	time_t now = ui_now();
	exam_format_clock(e->limit > 0 ? exam_time_left(e, now) : exam_time_used(e, now), clock, sizeof clock);
	doc_atom(d, ROLE_HEADING, 0, "Your unfinished exam");
	doc_gap(d);
	doc_wrap(d, ROLE_NORMAL, 0, e->limit > 0 ?
	    "You left this exam before submitting it. Its clock is the time since it started: it ran on while you "
	    "were away, as an exam's does, and at its deadline the exam is submitted as it stands." :
	    "You left this untimed practice exam before submitting it. Its clock stopped when you left and starts "
	    "again when you take it up.");
	doc_gap(d);
	doc_atomf(d, ROLE_PROMPT, 0, "%zu items: %zu answered, %zu marked for later; %s %s.", e->n,
	    e->n - exam_unanswered(e), exam_marked_count(e), clock, e->limit > 0 ? "left" : "used");
	doc_gap(d);
	doc_wrap(d, ROLE_NORMAL, 0, "Press Enter to go on with it, s to submit it as it stands, or q to leave it for "
	    "later.");
}

/* Writes the standing hint wide into buf, or narrow when wide takes more
 * than width columns (both ASCII, with the same arguments): a hint is
 * never cut off on a narrow terminal. */
static void fit(char *buf, size_t size, int width, const char *wide, const char *narrow, ...)
{
	va_list ap, again;
	va_start(ap, narrow);
	va_copy(again, ap);
	if (vsnprintf(buf, size, wide, ap) > width)
		vsnprintf(buf, size, narrow, again);
	va_end(again);
	va_end(ap);
}

/* Writes what the learner should do next, to fit width columns. */
static void next_step(pt_ui *ui, char *buf, size_t size, int width)
{
	struct exam_view *xv = ui->view;
	const pt_exam *e = ui->exam;
	size_t open = exam_unanswered(e);
	if (xv->confirm && open > 0)
		fit(buf, size, width, "Submit now? %zu unanswered item%s count%s as wrong. y: submit; any other key: go on",
		    "Submit now? %zu unanswered item%s count%s as wrong. y: submit", open, open == 1 ? "" : "s",
		    open == 1 ? "s" : "");
	else if (xv->confirm)
		fit(buf, size, width, "Submit now? Every item is answered. y: submit; any other key: go on",
		    "Submit now? y: submit; any other key: go on");
	else if (e->paused)
		fit(buf, size, width, "Enter: take the exam up again   s: submit it as it stands   q: leave it",
		    "Enter: take it up   s: submit   q: leave it");
	else if (xv->list)
		fit(buf, size, width, "Up/Down pick an item, Enter shows it; Esc closes the list",
		    "Up/Down pick, Enter shows it, Esc closes");
	else if (open == 0)
		fit(buf, size, width, "Every item is answered: press s to submit, or change any answer first",
		    "All answered: s submits, or change an answer");
	else
		fit(buf, size, width, "Answer, then Enter for the next item; m marks it, l lists all, s submits",
		    "Enter: next item; m marks, l lists, s submits");
}

/* Draws the exam: header with the clock, the item (or the list, or the
 * offer to resume), and the footer. */
static void exam_draw(pt_ui *ui, int rows, int cols)
{
	struct exam_view *xv = ui->view;
	pt_exam *e = ui->exam;
	pt_doc *d = &ui->body;
	size_t i = e->session.current;
	pt_item_view *v = &xv->entry.view;
	int body_rows = frame_body_rows(rows);
	char left[160], right[64], status[128], fallback[UI_MESSAGE_MAX];
	doc_reset(d, frame_text_width(cols));
	if (e->paused) {
		build_paused(ui, d);
		frame_body(ui, d, &(size_t){ 0 }, rows, cols);
	} else if (xv->list) {
		build_list(ui, d, body_rows);
		frame_body(ui, d, &xv->list_scroll, rows, cols);
	} else {
		item_anchors a = { 0 };
		item_body_build(d, exam_grade(e, i), v, &a);
		if (v->reveal == REVEAL_FOCUS && v->focus >= 0)
			doc_show_lines(&v->scroll, a.focus_line, a.focus_line, body_rows);
		v->reveal = REVEAL_NONE;
		frame_body(ui, d, &v->scroll, rows, cols);
	}
	char what[40] = "Exam";
	if (e->retake_of > 0)
		snprintf(what, sizeof what, "Retake of exam %zu", e->retake_of);
	snprintf(left, sizeof left, "%s: item %zu of %zu%s, %s", what, i + 1, e->n,
	    e->repeat != NULL && e->repeat[i] ? " (a repeat)" : "", e->lessons[i]->title.s);
	clock_text(e, right, sizeof right);
	frame_header(cols, left, right);
	snprintf(status, sizeof status, "Answered %zu/%zu   Marked %zu%s", e->n - exam_unanswered(e), e->n,
	    exam_marked_count(e), e->marked[i] && !xv->list && !e->paused ? "   this item: marked for later" : "");
	next_step(ui, fallback, sizeof fallback, cols - 2);
	if (xv->confirm)
		ui->message[0] = '\0';
	frame_footer(ui, rows, cols, status, fallback);
}

/* ---- keys ---- */

/* Moves to item i: the screen opens it afresh. */
static unsigned go_item(pt_ui *ui, size_t i)
{
	keep(ui);
	ui->exam->session.current = i;
	ui_go(ui, UI_GO_EXAM, 0);
	return UI_REDRAW;
}

/* Enter: keep the answer and go on to the next item (on the last, leave
 * the answer field); a typed number the item cannot read is said at once
 * (that tells nothing of the key). */
static unsigned key_keep(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	size_t i = ui->exam->session.current;
	pt_grade *g = current_grade(ui);
	char units[200];
	/* Only a number can be read (or not) before the exam checks it. */
	if (g->typed[0] != '\0' && !kind_readable(g->item, g->typed)) {
		bool has_units = answer_units(g->item, units, sizeof units);
		ui_say(ui, "Not a number this item takes%s%s%s: correct it (nothing is checked until you submit)",
		    has_units ? " (units: " : "", units, has_units ? ")" : "");
		return UI_REDRAW;
	}
	if (i + 1 < ui->exam->n)
		return go_item(ui, i + 1);
	keep(ui);
	/* The field gives the keys back, so the letters said here work (Tab
	 * types into it again, as the key bar says). */
	struct exam_view *xv = ui->view;
	bool typed = answering_typing(&xv->entry);
	xv->entry.view.typing = false;
	ui_say(ui, "That was the last item: l lists them all, s submits the exam%s",
	    typed ? " (Tab: back to typing the answer)" : "");
	return UI_REDRAW;
}

/* n, Right: the next item. */
static unsigned key_next(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	size_t i = ui->exam->session.current;
	if (i + 1 < ui->exam->n)
		return go_item(ui, i + 1);
	ui_say(ui, "This is the last item: l lists them all, s submits the exam");
	return UI_REDRAW;
}

/* p, Left: the previous item. */
static unsigned key_prev(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	size_t i = ui->exam->session.current;
	if (i > 0)
		return go_item(ui, i - 1);
	ui_say(ui, "This is the first item");
	return UI_REDRAW;
}

/* m: mark the item for later, or take the mark off. */
static unsigned key_mark(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	size_t i = ui->exam->session.current;
	ui->exam->marked[i] = !ui->exam->marked[i];
	keep(ui);
	ui_say(ui, ui->exam->marked[i] ? "Item %zu is marked for later: the list shows it" : "Took the mark off item %zu",
	    i + 1);
	return UI_REDRAW;
}

/* l: the list of items. */
static unsigned key_list(pt_ui *ui, const pt_event *ev)
{
	struct exam_view *xv = ui->view;
	(void)ev;
	xv->list = true;
	xv->sel = ui->exam->session.current;
	xv->list_scroll = 0;
	return UI_REDRAW;
}

/* Up / Down in the list. */
static unsigned key_list_move(pt_ui *ui, const pt_event *ev)
{
	struct exam_view *xv = ui->view;
	size_t n = ui->exam->n;
	if (event_is_key(ev, PT_KEY_UP) || event_is_char(ev, 'k'))
		xv->sel = xv->sel > 0 ? xv->sel - 1 : 0;
	else if (event_is_key(ev, PT_KEY_HOME))
		xv->sel = 0;
	else if (event_is_key(ev, PT_KEY_END))
		xv->sel = n - 1;
	else
		xv->sel = xv->sel + 1 < n ? xv->sel + 1 : n - 1;
	return UI_REDRAW;
}

/* Enter in the list: show the selected item. */
static unsigned key_list_open(pt_ui *ui, const pt_event *ev)
{
	struct exam_view *xv = ui->view;
	(void)ev;
	xv->list = false;
	return go_item(ui, xv->sel);
}

/* Esc, l, q in the list: close it. */
static unsigned key_list_close(pt_ui *ui, const pt_event *ev)
{
	struct exam_view *xv = ui->view;
	(void)ui;
	(void)ev;
	xv->list = false;
	return UI_REDRAW;
}

/* s: ask before submitting. */
static unsigned key_ask_submit(pt_ui *ui, const pt_event *ev)
{
	struct exam_view *xv = ui->view;
	(void)ui;
	(void)ev;
	xv->confirm = true;
	return UI_REDRAW;
}

/* Grades the exam, keeps it and shows the results; a paper already
 * submitted (in another paratutor) is refused, never recorded twice. */
static void submit(pt_ui *ui, bool by_clock)
{
	time_t now = ui_now();
	pt_progress *p = ui->track->progress;
	if (p != NULL && (progress_exam_sync(p), progress_exam_done(p, ui->exam->id))) {
		ui->exam->paused = true; /* dropped on the way to the menu */
		ui_go(ui, UI_GO_MENU, 0);
		ui_say(ui, "Not submitted: this exam was already submitted in another paratutor, and a paper counts "
		    "once; its result is in the history");
		return;
	}
	exam_submit(ui->exam, now, by_clock);
	track_exam(ui->track, ui->exam, now);
	ui_go(ui, UI_GO_EXAM_RESULTS, 0);
	if (by_clock)
		ui_say(ui, "Time is up: the exam was submitted");
	track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
}

/* y after s: submit. */
static unsigned key_submit(pt_ui *ui, const pt_event *ev)
{
	struct exam_view *xv = ui->view;
	(void)ev;
	xv->confirm = false;
	submit(ui, false);
	return UI_REDRAW;
}

/* Any other key after s: go on answering. */
static unsigned key_no_submit(pt_ui *ui, const pt_event *ev)
{
	struct exam_view *xv = ui->view;
	(void)ev;
	xv->confirm = false;
	ui_say(ui, "Not submitted: go on answering");
	return UI_REDRAW;
}

/* Enter on an exam left unfinished: start its clock again. */
static unsigned key_take_up(pt_ui *ui, const pt_event *ev)
{
	struct exam_view *xv = ui->view;
	(void)ev;
	if (exam_expired(ui->exam, ui_now())) {
		submit(ui, true);
		return UI_REDRAW;
	}
	exam_resume(ui->exam, ui_now());
	answering_open(&xv->entry, current_grade(ui));
	keep(ui);
	return UI_REDRAW;
}

/* q: leave the exam; it is kept, a timed one's clock running on. */
static unsigned key_leave(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	char clock[64];
	exam_pause(ui->exam, ui_now());
	keep(ui);
	if (ui->hosted != NULL)
		return UI_QUIT; /* a course's open exam closes every lesson: the session ends, go_end says how to come back */
	clock_text(ui->exam, clock, sizeof clock);
	ui_go(ui, UI_GO_MENU, 0);
	if (ui->exam->limit > 0)
		ui_say(ui, "Exam kept, its clock still running (%s): e takes it up", clock);
	else
		ui_say(ui, "Exam kept (%s): e takes it up", clock);
	return UI_REDRAW;
}

#define A EX_ANSWER

/* Bindings are tried in this order, then the answer entry's (answering.c,
 * while answering), scrolling and the keys every screen shares.  The
 * letters here are offered only while the answer field does not take the
 * keys. */
static const pt_binding exam_keys[] = {
	{ .keys = "y", .help = "after s: yes, submit the exam now", .bar = "submit", .when = EX_CONFIRM,
	    .chars = "yY", .run = key_submit },
	{ .keys = "any other key", .help = "after s: go on answering", .bar = "go on", .bar_keys = "other",
	    .when = EX_CONFIRM, .events = UI_ON_ANY | UI_ON_TEXT | UI_ON_CLICK, .run = key_no_submit },
	{ .keys = "Enter", .help = "unfinished exam: take it up again (its clock starts)", .bar = "take up",
	    .when = EX_PAUSED, .named = { PT_KEY_ENTER + 1 }, .run = key_take_up },
	{ .keys = "Up/Down, k/j", .help = "list: pick an item (Home/End: the first / last)", .bar = "pick",
	    .bar_keys = "Up/Down", .when = EX_LIST, .chars = "kj",
	    .named = { PT_KEY_UP + 1, PT_KEY_DOWN + 1, PT_KEY_HOME + 1, PT_KEY_END + 1 },
	    .run = key_list_move },
	{ .keys = "Enter, Right", .help = "list: show the item picked", .bar = "show", .bar_keys = "Enter",
	    .when = EX_LIST, .named = { PT_KEY_ENTER + 1, PT_KEY_RIGHT + 1 }, .run = key_list_open },
	{ .keys = "Esc, l, q", .help = "list: close it", .bar = "close", .bar_keys = "Esc", .when = EX_LIST,
	    .chars = "lLqQ", .named = { PT_KEY_ESC + 1 }, .run = key_list_close },
	{ .keys = "Enter",
	    .help = "keep the answer and go on to the next item (nothing is checked before you submit); on the last "
	    "item a typed answer's field then gives the letter keys back, so l and s work",
	    .bar = "next item", .when = A, .named = { PT_KEY_ENTER + 1 }, .run = key_keep },
	/* Early in the table, so the key bar always has room for it. */
	{ .keys = "s", .help = "hand the exam in (asks first, naming the items left unanswered); answers are "
	    "graded then", .bar = "submit", .unless = EX_TYPING | EX_CONFIRM, .chars = "sS", .run = key_ask_submit,
	    .word = "submit", .cmd = PT_CMD_SUBMIT },
	{ .keys = "m", .help = "mark this item for later (again: take the mark off)", .bar = "mark",
	    .when = A, .unless = EX_TYPING, .chars = "mM", .run = key_mark, .word = "mark", .cmd = PT_CMD_MARK },
	{ .keys = "l", .help = "every item: answered, partly answered or empty, and marked; jump to any",
	    .bar = "list", .when = A, .unless = EX_TYPING, .chars = "lL", .run = key_list, .word = "list",
	    .cmd = PT_CMD_LIST },
	{ .keys = "n, Right", .help = "the next item", .bar = "next", .bar_keys = "n", .when = A,
	    .unless = EX_TYPING, .chars = "nN", .run = key_next, .word = "next", .shorts = "n", .cmd = PT_CMD_NEXT },
	{ .when = A, .unless = EX_TYPING | EX_KNOBS, .named = { PT_KEY_RIGHT + 1 }, .run = key_next },
	{ .keys = "p, Left", .help = "the previous item", .bar = "prev", .bar_keys = "p", .when = A,
	    .unless = EX_TYPING, .chars = "pP", .run = key_prev, .word = "prev", .shorts = "p", .cmd = PT_CMD_PREV },
	{ .when = A, .unless = EX_TYPING | EX_KNOBS, .named = { PT_KEY_LEFT + 1 }, .run = key_prev },
	{ .keys = "q",
	    .help = "leave the exam: it is kept to take up later (e in the menu; exam in plain mode; a course's exam ends "
	    "the session, and ssh HOST 'exam NAME' takes it up); a timed exam's clock runs on, and at its deadline it is "
	    "submitted as it stands", .bar = "leave", .unless = EX_TYPING | EX_LIST | EX_CONFIRM,
	    .chars = "qQ", .run = key_leave, .word = "quit", .shorts = "q, menu", .cmd = PT_CMD_QUIT },
	{ .word = "again", .help = "show this item again with your answer so far (an empty line too)",
	    .cmd = PT_CMD_AGAIN },
	{ .word = "time", .help = "how much time is left", .cmd = PT_CMD_TIME },
	{ .word = "go", .arg = "N", .help = "show item N", .cmd = PT_CMD_GO },
};

/* Returns the exam screen's context bits. */
static unsigned exam_context(const pt_ui *ui)
{
	struct exam_view *xv = ui->view;
	const pt_exam *e = ui->exam;
	if (xv->confirm)
		return EX_CONFIRM;
	if (e->paused)
		return EX_PAUSED;
	if (xv->list)
		return EX_LIST;
	return EX_ANSWER | (answering_typing(&xv->entry) ? EX_TYPING : 0) | (answering_knobs(&xv->entry) ? EX_KNOBS : 0);
}

/* The answer entry, while the learner answers (not in the list, not
 * paused, not asked to confirm). */
static pt_answering *exam_answering(const pt_ui *ui)
{
	struct exam_view *xv = ui->view;
	return exam_context(ui) & EX_ANSWER ? &xv->entry : NULL;
}

/* The item's body scrolls with the shared keys while answering. */
static size_t *exam_scroll(const pt_ui *ui)
{
	struct exam_view *xv = ui->view;
	return exam_context(ui) & EX_ANSWER ? &xv->entry.view.scroll : NULL;
}

/* True while the clock runs: the loop then wakes every second (also on
 * the offer to take up a timed exam, whose clock runs on). */
static bool exam_ticking(const pt_ui *ui)
{
	const pt_exam *e = ui->exam;
	return e != NULL && !e->submitted && e->limit > 0;
}

/* A second passed: the warnings, the exam kept now and then, and the
 * exam submitted when the time is up. */
static unsigned exam_tick(pt_ui *ui)
{
	struct exam_view *xv = ui->view;
	pt_exam *e = ui->exam;
	time_t now = ui_now();
	int warn = e->paused ? 0 : exam_warning(e, now);
	if (warn > 0) /* while the answer field has the keys, s would type */
		ui_say(ui, "Warning: %d minute%s left. Unanswered items count as wrong; %s submits", warn,
		    warn == 1 ? "" : "s", exam_context(ui) & EX_TYPING ? "Tab, then s," : "s");
	if (exam_time_left(e, now) == 0) {
		xv->confirm = false;
		xv->list = false;
		submit(ui, true);
	} else if (++xv->ticks >= SAVE_EVERY_TICKS && !e->paused) {
		keep(ui);
	}
	return UI_REDRAW;
}

const pt_screen_ops ui_exam_screen = {
	.name = "Exam",
	.enter = exam_enter,
	.draw = exam_draw,
	.view_size = sizeof(struct exam_view),
	.context = exam_context,
	.keys = exam_keys,
	.n_keys = sizeof exam_keys / sizeof exam_keys[0],
	.ticking = exam_ticking,
	.tick = exam_tick,
	.answering = exam_answering,
	.bar_lead = 8, /* the question, the offer, the list, Enter, s: submit on every item's bar */
	.scroll = exam_scroll,
};

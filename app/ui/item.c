/* item.c - the item screen's keys and frame: filling blanks, matching
 * prompts, ordering steps, picking options and typing answers; checks,
 * hints and moving between items.  The body is built by item_body.c. */
#include <stdio.h>
#include <string.h>

#include "paratutor/ui/ui_answer.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_answering.h"
#include "paratutor/ui/ui_item.h"
#include "paratutor/ui/ui_kind.h"

/* The item screen's state: the answer entry it shares with the exam. */
struct item_view {
	pt_answering entry;
};

/* Context bits of the item screen's own bindings (the answer entry's are
 * answering.c's). */
enum {
	IT_OPEN = 1u << 0,    /* still answering */
	IT_DONE = 1u << 1,    /* solved or out of attempts */
	IT_REVIEW = 1u << 2,  /* answering the items due for review */
	IT_TYPING = 1u << 3,  /* the answer field takes the keys */
	IT_KNOBS = 1u << 4    /* an explore item's knobs take Left and Right */
};

/* Returns true when some slot or option carries a Wrong or Missed mark. */
static bool has_wrong_mark(const pt_grade *g)
{
	for (size_t k = 0; k < sizeof g->marks / sizeof g->marks[0]; k++)
		if (g->marks[k] == PT_MARK_WRONG || g->marks[k] == PT_MARK_MISSED)
			return true;
	return false;
}

/* Shows item index of the open lesson with a fresh view: focus on the
 * first slot to fill, or the answer field taking the keys; no scroll. */
static void item_enter(pt_ui *ui, size_t index)
{
	struct item_view *V = ui->view;
	pt_session *s = ui_session(ui);
	size_t from = s->current;
	s->current = index;
	answering_open(&V->entry, session_grade(s));
	ui_notify(ui, from, UI_PROGRESS_MOVE);
}

/* ---- drawing ---- */

/* Writes what to do next on an open bank item (fill, match, order). */
static void next_step_bank(const struct item_view *V, const pt_grade *g, char *message, size_t size)
{
	const pt_item *it = g->item;
	char last = item_body_last_label(it);
	bool one_blank = answering_one_slot(g);
	if (g->checked && has_wrong_mark(g) && one_blank)
		snprintf(message, size, "Not yet: press another letter A-%c, then Enter", last);
	else if (g->checked && has_wrong_mark(g))
		snprintf(message, size, "Not yet: change the %s marked Wrong, then press Enter",
		    ui_kind(it->kind)->slots_wrong);
	else if (grade_ready(g))
		snprintf(message, size, one_blank ? "Press Enter to check, or another letter to change it" :
		    "Press Enter to check your answer");
	else if (one_blank)
		snprintf(message, size, "Press a letter A-%c (or click an option) to fill the blank", last);
	else
		ui_kind(it->kind)->focus_step(g, V->entry.view.focus, last, message, size);
}

/* Writes what to do next on an open numeric or text item. */
static void next_step_typed(const struct item_view *V, const pt_grade *g, char *message, size_t size)
{
	char said[PT_MAX_SAID + 64];
	bool edited = strcmp(V->entry.view.field, g->typed) != 0;
	if (!V->entry.view.typing)
		snprintf(message, size, "Press Tab (or click the field) to type your answer");
	else if (!edited && answer_not_counted(g, said, sizeof said))
		snprintf(message, size, "Not counted: correct your answer, then press Enter");
	else if (!edited && g->checked && has_wrong_mark(g))
		snprintf(message, size, "Not yet: change your answer, then press Enter");
	else if (V->entry.view.field[strspn(V->entry.view.field, " ")] != '\0')
		snprintf(message, size, "Press Enter to check your answer");
	else
		snprintf(message, size, "Type your answer, then press Enter; Tab for the other keys");
}

/* Writes what the learner should do next into message. */
static void next_step(pt_ui *ui, const pt_grade *g, char *message, size_t size)
{
	const pt_item *it = g->item;
	pt_session *s = ui_session(ui);
	char last = item_body_last_label(it);
	bool ticks = (ui_kind(it->kind)->keys & AN_MULTI) != 0; /* select all: each letter toggles a tick */
	if (g->status != PT_OPEN && ui->review.active) {
		snprintf(message, size, "Press Enter for the next item due for review");
	} else if (g->status != PT_OPEN) {
		if (session_next_open(s, 0) == s->lesson->n_items)
			snprintf(message, size, "Lesson complete: press Enter for your summary");
		else
			snprintf(message, size, "Press Enter for the next open item (n/p: next/previous)");
	} else if (answering_uses_bank(it->kind)) {
		next_step_bank(ui->view, g, message, size);
	} else if (answering_knobs(&((struct item_view *)ui->view)->entry)) {
		snprintf(message, size, g->checked && has_wrong_mark(g) ?
		    "Not yet: turn the knobs (Left/Right; Tab for the next knob), then press Enter" :
		    "Turn the knobs (Left/Right; Tab for the next knob), then press Enter to check");
	} else if (answering_is_typed(it->kind)) {
		next_step_typed(ui->view, g, message, size);
	} else if (g->checked && has_wrong_mark(g)) {
		snprintf(message, size, "Not yet: change your %s, then press Enter",
		    ticks && !session_shows_wrong(g) ? "ticks" : "answer");
	} else if (it->choose > 0) {
		/* choice and multi differ by a word here, and choose is multi's own field */
		snprintf(message, size, "Tick exactly %d options (letters A-%c), then press Enter", it->choose, last);
	} else if (grade_ready(g)) {
		snprintf(message, size, ticks ?
		    "Toggle every option that applies, then press Enter to check" :
		    "Press Enter to check, or another letter to change your answer");
	} else {
		snprintf(message, size, "Press %s A-%c (or click) to answer, then Enter to check",
		    ticks ? "letters" : "a letter", last);
	}
}

/* Draws the header, status, message and key bar around the body. */
static void draw_frame(pt_ui *ui, const pt_grade *g, int rows, int cols)
{
	const pt_session *s = ui_session(ui);
	const pt_item *it = g->item;
	char right[64], status[128], fallback[UI_MESSAGE_MAX];
	char where[32] = "the lesson"; /* a due item open in its lesson: the answer is the lesson's */
	if (s->attempt > 1)
		snprintf(where, sizeof where, "attempt %d", s->attempt);
	if (ui->review.active && !g->review_pass)
		snprintf(right, sizeof right, "review %zu/%zu, counts in %s   %s", ui->review.pos + 1, ui->review.due.n,
		    where, lesson_difficulty_name(it->difficulty));
	else if (ui->review.active)
		snprintf(right, sizeof right, "review %zu/%zu   %s", ui->review.pos + 1, ui->review.due.n,
		    lesson_difficulty_name(it->difficulty));
	else
		snprintf(right, sizeof right, "%zu/%zu   %s", s->current + 1, s->lesson->n_items,
		    lesson_difficulty_name(it->difficulty));
	frame_header(cols, s->lesson->title.s, right);
	snprintf(status, sizeof status, "Attempts: %d left   Hints: %d/%zu", g->attempts_left,
	    g->hints_shown, it->hints.n);
	next_step(ui, g, fallback, sizeof fallback);
	frame_footer(ui, rows, cols, status, fallback);
}

/* Draws the item: prompt, its answer area, marks and feedback, hints,
 * mistakes, and once finished the explanation and solution. */
static void item_draw(pt_ui *ui, int rows, int cols)
{
	struct item_view *V = ui->view;
	const pt_grade *g = session_grade(ui_session(ui));
	pt_doc *d = &ui->body;
	item_anchors a = { 0 };
	pt_item_view *v = &V->entry.view;
	v->editor = ui->watch_path != NULL;
	v->compact = false;
	pt_split sp;
	/* On a screen too small for the answer area with the feedback under
	 * it, the area is drawn compact to stay in view, and in full below. */
	for (int pass = 0; pass < 2; pass++) {
		memset(&a, 0, sizeof a);
		doc_reset(d, frame_text_width(cols));
		item_body_build(d, g, v, &a);
		/* Compact, the line worked on stays in view through the area
		 * kept at the top: what a check reveals may take the rest. */
		size_t keep = v->focus >= 0 && !v->compact ? a.focus_line : a.work_line;
		sp = (pt_split){ .fixed = a.question_end, .keep = keep, .reveal = true, .stem = a.prompt_end,
			.area = a.area_first, .feedback = g->checks > 0 || g->hints_shown > 0 || g->status != PT_OPEN };
		if (v->compact || !sp.feedback || frame_split_keeps(&sp, doc_height(d), rows))
			break;
		v->compact = true;
	}
	if (v->reveal == REVEAL_RESULT) {
		sp.first = a.result_first;
		sp.last = a.result_last;
	} else if (v->reveal == REVEAL_HINT) {
		sp.first = a.hint_first;
		sp.last = a.hint_last;
	} else if (v->reveal == REVEAL_FOCUS && v->focus >= 0) {
		sp.first = sp.last = a.focus_line;
	} else {
		sp.reveal = false;
	}
	v->reveal = REVEAL_NONE;

	frame_split(ui, d, &sp, &v->scroll, rows, cols);
	draw_frame(ui, g, rows, cols);
}

/* ---- keys ---- */

/* Returns the grading state of the item on screen. */
static pt_grade *grade_of(pt_ui *ui)
{
	return session_grade(ui_session(ui));
}

/* Enter on an open item: check the answer (a typed one as it stands in
 * the field).  An unclear number or a spelling slip is shown but is no
 * check: it costs nothing and is not recorded. */
static unsigned key_check(pt_ui *ui, const pt_event *ev)
{
	struct item_view *V = ui->view;
	(void)ev;
	pt_grade *g = grade_of(ui);
	const pt_item *it = g->item;
	if (answering_is_typed(it->kind))
		grade_type(g, V->entry.view.field);
	pt_grade_rc rc = grade_check(g);
	if (rc == PT_GRADE_INCOMPLETE) {
		answering_say_incomplete(ui, it);
		return UI_REDRAW;
	}
	if (rc == PT_GRADE_REPEAT) {
		ui_say(ui, "%s", PT_GRADE_REPEAT_SAID);
		return UI_REDRAW;
	}
	V->entry.view.reveal = REVEAL_RESULT;
	if (rc != PT_GRADE_OK) {
		/* Not counted: a typed answer's reason is in the body; another
		 * kind's (a wrong number of ticks) is said until the next key. */
		if (!answering_is_typed(it->kind) && grade_said(g) != NULL)
			ui_say(ui, "%s", grade_said(g));
		return UI_REDRAW;
	}
	if (!answering_knobs(&V->entry))
		V->entry.view.focus = answering_next_focus(g, -1); /* a knob stays focused */
	if (g->status != PT_OPEN)
		V->entry.view.typing = false;
	ui_notify(ui, ui_session(ui)->current, UI_PROGRESS_CHECK);
	return UI_REDRAW;
}

/* h: the next hint. */
static unsigned key_hint(pt_ui *ui, const pt_event *ev)
{
	struct item_view *V = ui->view;
	(void)ev;
	pt_grade *g = grade_of(ui);
	if (grade_hint(g) == PT_GRADE_NO_HINT) {
		if (g->item->hints.n == 0)
			ui_say(ui, "This item has no hints");
		else
			ui_say(ui, "No more hints: all %zu are shown", g->item->hints.n);
		return UI_REDRAW;
	}
	V->entry.view.reveal = REVEAL_HINT;
	ui_notify(ui, ui_session(ui)->current, UI_PROGRESS_HINT);
	return UI_REDRAW;
}

/* A key that answers, pressed on a finished item. */
static unsigned key_finished(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	return answering_say_finished(ui);
}

/* p, Left: the previous item. */
static unsigned key_previous(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_session *s = ui_session(ui);
	if (s->current == 0)
		ui_say(ui, "This is the first item");
	else
		ui_go(ui, UI_GO_ITEM, s->current - 1);
	return UI_REDRAW;
}

#define LETTERS "abcdefgABCDEFG"
#define DIGITS "123456789"

/* Bindings are tried in this order, then the answer entry's (answering.c),
 * scrolling and the keys every screen shares.  The letters here are
 * offered only while the answer field does not take the keys. */
static const pt_binding item_keys[] = {
	{ .keys = "Enter", .help = "check the answer", .bar = "check", .when = IT_OPEN,
	    .named = { PT_KEY_ENTER + 1 }, .run = key_check },
	{ .keys = "Enter",
	    .help = "on a finished item: go on to the next open item (in a review, the next due item)",
	    .bar = "continue", .when = IT_DONE, .named = { PT_KEY_ENTER + 1 }, .go = UI_GO_CONTINUE },
	{ .keys = "h", .help = "show the next hint (each hint lowers the item's score)", .bar = "hint",
	    .when = IT_OPEN, .unless = IT_TYPING, .chars = "hH", .run = key_hint,
	    .word = "hint", .shorts = "h", .cmd = PT_CMD_HINT },
	{ .keys = "a-g, h", .when = IT_DONE, .chars = LETTERS "hH" DIGITS, .run = key_finished },
	{ .keys = "n, Right",
	    .help = "the next item (after the last one: the summary; in a review: the next due item)",
	    .bar = "next", .bar_keys = "n", .unless = IT_TYPING, .chars = "nN", .go = UI_GO_NEXT, .word = "next",
	    .shorts = "n", .cmd = PT_CMD_NEXT },
	{ .unless = IT_TYPING | IT_KNOBS, .named = { PT_KEY_RIGHT + 1 }, .go = UI_GO_NEXT },
	{ .keys = "p, Left", .help = "the previous item (not in a review)", .bar = "prev", .bar_keys = "p",
	    .unless = IT_REVIEW | IT_TYPING, .chars = "pP", .run = key_previous, .word = "prev", .shorts = "p",
	    .cmd = PT_CMD_PREV },
	{ .unless = IT_REVIEW | IT_TYPING | IT_KNOBS, .named = { PT_KEY_LEFT + 1 }, .run = key_previous },
	{ .keys = "q", .help = "back to the lesson menu (your answers are kept)", .bar = "menu",
	    .unless = IT_TYPING, .chars = "qQ", .go = UI_GO_MENU, .word = "menu", .shorts = "q",
	    .cmd = PT_CMD_MENU },
	{ .word = "again", .help = "show this item again with where it stands (an empty line too)",
	    .cmd = PT_CMD_AGAIN },
	{ .word = "go", .arg = "N", .help = "open item N of this lesson", .cmd = PT_CMD_GO },
	{ .word = "explain", .help = "a finished item's answer and explanation again", .cmd = PT_CMD_EXPLAIN },
	{ .word = "summary", .help = "this lesson's summary: score, items done, hints", .cmd = PT_CMD_SUMMARY },
	{ .word = "reset", .help = "start the next attempt of this lesson (asks first)", .cmd = PT_CMD_RESET },
};

/* Returns the item screen's context bits. */
static unsigned item_context(const pt_ui *ui)
{
	struct item_view *V = ui->view;
	const pt_session *s = &ui->sessions[ui->entry];
	const pt_grade *g = &s->grades[s->current];
	unsigned ctx = g->status == PT_OPEN ? IT_OPEN : IT_DONE;
	if (answering_typing(&V->entry))
		ctx |= IT_TYPING;
	if (answering_knobs(&V->entry))
		ctx |= IT_KNOBS;
	if (ui->review.active)
		ctx |= IT_REVIEW;
	return ctx;
}

/* The item screen always shows its answer entry (on a finished item it
 * says the item takes no more answers). */
static pt_answering *item_answering(const pt_ui *ui)
{
	struct item_view *V = ui->view;
	(void)ui;
	return &V->entry;
}

/* The body scrolls with the shared keys. */
static size_t *item_scroll(const pt_ui *ui)
{
	struct item_view *V = ui->view;
	(void)ui;
	return &V->entry.view.scroll;
}

const pt_screen_ops ui_item_screen = {
	.name = "Item screen",
	.enter = item_enter,
	.draw = item_draw,
	.view_size = sizeof(struct item_view),
	.context = item_context,
	.keys = item_keys,
	.n_keys = sizeof item_keys / sizeof item_keys[0],
	.answering = item_answering,
	.bar_lead = 2, /* check, continue */
	.scroll = item_scroll,
};

/* summary.c - the end-of-lesson summary: score, outcomes, hints used and
 * each item's result; r retries the items not right first time. */
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/score.h"
#include "paratutor/base/text.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_draw.h"

#define COUNT_COL 26 /* column of the numbers in the outcome table */

/* Adds one "label   count" row of the outcome table. */
static void add_count(pt_doc *d, const char *label, size_t count)
{
	doc_move_to(d, 2);
	doc_atom(d, ROLE_NORMAL, 0, label);
	doc_move_to(d, COUNT_COL);
	doc_atomf(d, ROLE_PROMPT, 0, "%3zu", count);
	doc_newline(d);
}

/* Writes into buf the start of prompt that fits in cols columns, cut at a
 * word where it can be and marked with an ellipsis when cut, padded with
 * spaces to cols columns: a short title for an item. */
static void short_title(const char *prompt, int cols, char *buf, size_t size)
{
	const char *ellipsis = draw_glyph(GLYPH_ELLIPSIS);
	int ellipsis_w = text_width(ellipsis, strlen(ellipsis));
	size_t full = strlen(prompt), len = strcspn(prompt, "\n"), i = 0;
	int w = text_width(prompt, len);
	bool cut = len < full || w > cols;
	if (cut) {
		size_t word_end = 0;
		int w_at_word = 0, budget = cols - ellipsis_w;
		w = 0;
		while (i < len) {
			size_t next = i;
			int cw = text_cp_width(text_decode(prompt, len, &next));
			if (w + cw > budget)
				break;
			if (prompt[i] == ' ') {
				word_end = i;
				w_at_word = w;
			}
			w += cw;
			i = next;
		}
		if (i < len && word_end > 0 && w_at_word > budget / 2) {
			i = word_end;
			w = w_at_word;
		}
		w += ellipsis_w;
	} else {
		i = len;
	}
	int n = snprintf(buf, size, "%.*s%s", (int)i, prompt, cut ? ellipsis : "");
	for (; w < cols && n > 0 && (size_t)n + 1 < size; w++)
		buf[n++] = ' ';
	if (n > 0 && (size_t)n < size)
		buf[n] = '\0';
}

/* Adds one line per item: symbol, number, a short title from its prompt,
 * outcome and score. */
static void add_items(pt_doc *d, const pt_session *s)
{
	/* The rest of a row takes 32 columns. */
	int title_cols = d->width - 32 > 16 ? d->width - 32 : 16;
	doc_gap(d);
	doc_atom(d, ROLE_HEADING, 0, "Items");
	if (s->attempt > 1)
		doc_atomf(d, ROLE_DIM, 0, "  attempt %d", s->attempt);
	for (size_t i = 0; i < s->lesson->n_items; i++) {
		pt_outcome outcome = session_lesson_outcome(s, i);
		pt_glyph glyph = GLYPH_DOT;
		pt_role role = ROLE_DIM;
		if (outcome != PT_OUTCOME_NONE && outcome != PT_OUTCOME_FAILED) {
			glyph = GLYPH_RIGHT;
			role = ROLE_RIGHT;
		} else if (outcome == PT_OUTCOME_FAILED) {
			glyph = GLYPH_WRONG;
			role = ROLE_WRONG;
		}
		char title[512];
		short_title(s->lesson->items[i].prompt.s, title_cols, title, sizeof title);
		doc_newline(d);
		doc_move_to(d, 2);
		doc_atom(d, role, 0, draw_glyph(glyph));
		doc_move_to(d, 4);
		doc_atomf(d, ROLE_NORMAL, 0, "%2zu  %s %-19s %3d", i + 1, title,
		    grade_outcome_name(outcome), session_attempt_item_score(s, i));
	}
}

/* Returns true when a retry covers item g: finished, but not right first
 * time. */
static bool missed(const pt_grade *g)
{
	return g->status != PT_OPEN && grade_outcome(g) != PT_OUTCOME_FIRST_TIME;
}

/* Returns the number of items a retry covers. */
static size_t count_missed(const pt_session *s)
{
	size_t n = 0;
	for (size_t i = 0; i < s->lesson->n_items; i++)
		n += missed(&s->grades[i]);
	return n;
}

/* The summary's view state, private to this screen. */
struct summary_view {
	size_t scroll;
	bool confirm_reset; /* the next key answers "forget this lesson?" */
};

/* Context bits of the summary's bindings: asking before a reset; nothing
 * left to practise (every item right first time), when r is not offered. */
enum { SUM_CONFIRM = 1u << 0, SUM_ALL_RIGHT = 1u << 1 };

/* Draws the score, the outcome counts and every item's result. */
static void summary_draw(pt_ui *ui, int rows, int cols)
{
	struct summary_view *view = ui->view;
	pt_session *s = ui_session(ui);
	pt_doc *d = &ui->body;
	pt_summary sum;
	session_summarize(s, &sum);
	doc_reset(d, frame_text_width(cols));
	doc_atom(d, ROLE_HEADING, 0, sum.open ? "Lesson summary" : "Lesson complete");
	if (sum.open > 0)
		doc_atomf(d, ROLE_DIM, 0, "  %zu of %zu items not finished yet", sum.open, sum.items);
	doc_gap(d);
	char attempt[64] = "";
	if (sum.attempt > 1)
		snprintf(attempt, sizeof attempt, " %s attempt %d: %d/100", draw_glyph(GLYPH_DOT), sum.attempt,
		    sum.attempt_score);
	doc_atomf(d, ROLE_PROMPT, 0, "Score: %d/100%s", sum.score, attempt);
	doc_atomf(d, ROLE_DIM, 0, "  %s", score_explain(sum.attempt));
	if (sum.practiced > 0) {
		doc_newline(d);
		doc_atomf(d, ROLE_DIM, 0, "Practice: %zu item%s practised or reviewed, mean %d/100 (practice; "
		    "the lesson score stays)", sum.practiced, sum.practiced == 1 ? "" : "s", sum.practice_score);
	}
	doc_gap(d);
	add_count(d, "Right first time", sum.first_time);
	add_count(d, "Right with hints", sum.with_hints);
	add_count(d, "Right after retries", sum.retries);
	add_count(d, "Failed", sum.failed);
	if (sum.open > 0)
		add_count(d, "Not finished", sum.open);
	add_count(d, "Hints used", sum.hints);
	add_items(d, s);
	doc_gap(d);
	doc_atom(d, ROLE_HEADING, 0, "How the score is made");
	doc_newline(d);
	doc_wrap(d, ROLE_NORMAL, 0, session_score_rule());
	frame_misconceptions(ui, d, s->lesson->id.s);

	frame_header(cols, s->lesson->title.s, "Summary");
	frame_body(ui, d, &view->scroll, rows, cols);

	char status[64], fallback[UI_MESSAGE_MAX];
	snprintf(status, sizeof status, "%zu of %zu items solved",
	    sum.items - sum.failed - sum.open, sum.items);
	size_t to_retry = count_missed(s);
	if (view->confirm_reset) {
		char what[160];
		score_reset_text(sum.score, sum.attempt, true, what, sizeof what);
		snprintf(fallback, sizeof fallback, "%s. y: yes; other keys: no", what);
	} else if (to_retry > 0)
		snprintf(fallback, sizeof fallback,
		    "Press r to practise the %zu item%s not right first time, or m for the menu",
		    to_retry, to_retry == 1 ? "" : "s");
	else if (sum.open > 0)
		snprintf(fallback, sizeof fallback,
		    "Press r to go to the %zu item%s not finished yet, or m for the menu",
		    sum.open, sum.open == 1 ? "" : "s");
	else
		snprintf(fallback, sizeof fallback, "Every item right first time. Press m for the menu");
	frame_footer(ui, rows, cols, status, view->confirm_reset ? "" : fallback);
	if (view->confirm_reset)
		draw_str(rows - 2, 1, cols - 2, ROLE_MESSAGE, fallback);
}

/* Makes the summary current, scrolled to the top. */
static void summary_enter(pt_ui *ui, size_t arg)
{
	struct summary_view *view = ui->view;
	(void)ui;
	(void)arg;
	view->scroll = 0;
	view->confirm_reset = false;
}

/* r: reset the finished items that were not right first time and go to
 * the first item left to do. */
static unsigned key_retry(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_session *s = ui_session(ui);
	size_t n = s->lesson->n_items;
	for (size_t i = 0; i < n; i++) {
		if (missed(&s->grades[i]))
			session_reset_item(s, i);
	}
	size_t first = session_next_open(s, 0);
	if (first == n)
		ui_say(ui, "Nothing to practise: every item was right first time");
	else
		ui_go(ui, UI_GO_ITEM, first);
	return UI_REDRAW;
}

/* p, Left: back to the lesson's last item. */
static unsigned key_last_item(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	ui_go(ui, UI_GO_ITEM, ui_session(ui)->lesson->n_items - 1);
	return UI_REDRAW;
}

/* x: ask before forgetting the lesson's answers. */
static unsigned key_ask_reset(pt_ui *ui, const pt_event *ev)
{
	struct summary_view *view = ui->view;
	(void)ui;
	(void)ev;
	view->confirm_reset = true;
	return UI_REDRAW;
}

/* y after x: forget the lesson's answers, in the store too, and start afresh. */
static unsigned key_reset(pt_ui *ui, const pt_event *ev)
{
	struct summary_view *view = ui->view;
	(void)ev;
	pt_session *s = ui_session(ui);
	view->confirm_reset = false;
	if (!track_reset(ui->track, s)) {
		track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
		return UI_REDRAW;
	}
	ui_go(ui, UI_GO_ITEM, 0);
	ui_say(ui, "Attempt %d starts: it scores beside the lesson score, which stays", s->attempt);
	return UI_REDRAW;
}

/* Any other key after x: keep the answers. */
static unsigned key_keep(pt_ui *ui, const pt_event *ev)
{
	struct summary_view *view = ui->view;
	(void)ev;
	view->confirm_reset = false;
	ui_say(ui, "Kept your answers");
	return UI_REDRAW;
}

static const pt_binding summary_keys[] = {
	{ .keys = "y", .help = "after x: yes, start the next attempt", .bar = "next attempt",
	    .when = SUM_CONFIRM, .chars = "yY", .run = key_reset },
	{ .keys = "any other key", .help = "after x: keep the answers", .bar = "keep", .bar_keys = "other",
	    .when = SUM_CONFIRM, .events = UI_ON_ANY, .run = key_keep },
	{ .keys = "r", .help = "practise the items not right first time (practice; the lesson score stays)",
	    .bar = "practise missed", .unless = SUM_CONFIRM | SUM_ALL_RIGHT, .chars = "rR", .run = key_retry, .word = "practice",
	    .shorts = "retry, r", .cmd = PT_CMD_PRACTICE },
	{ .keys = "x",
	    .help = "start the lesson again as its next attempt, scored beside the lesson score, which stays (asks "
	    "first)", .bar = "reset lesson", .unless = SUM_CONFIRM, .chars = "xX", .run = key_ask_reset,
	    .word = "reset", .cmd = PT_CMD_RESET },
	{ .keys = "p, Left", .help = "back to the last item", .bar = "last item", .bar_keys = "p",
	    .unless = SUM_CONFIRM, .chars = "pP", .named = { PT_KEY_LEFT + 1 }, .run = key_last_item },
	{ .keys = "m, q", .help = "back to the lesson menu", .bar = "menu", .bar_keys = "m",
	    .unless = SUM_CONFIRM, .chars = "mMqQ", .go = UI_GO_MENU, .word = "menu", .shorts = "m, q",
	    .cmd = PT_CMD_MENU },
};

/* Returns the summary's context bits. */
static unsigned summary_context(const pt_ui *ui)
{
	struct summary_view *view = ui->view;
	const pt_session *s = ui_session((pt_ui *)ui);
	if (view->confirm_reset)
		return SUM_CONFIRM;
	return count_missed(s) == 0 && session_next_open(s, 0) == s->lesson->n_items ? SUM_ALL_RIGHT : 0;
}

/* The summary scrolls with the shared keys, except while it asks. */
static size_t *summary_scroll(const pt_ui *ui)
{
	struct summary_view *view = ui->view;
	(void)ui;
	return view->confirm_reset ? NULL : &view->scroll;
}

const pt_screen_ops ui_summary_screen = {
	.name = "Lesson summary",
	.enter = summary_enter,
	.draw = summary_draw,
	.view_size = sizeof(struct summary_view),
	.context = summary_context,
	.keys = summary_keys,
	.n_keys = sizeof summary_keys / sizeof summary_keys[0],
	.scroll = summary_scroll,
};

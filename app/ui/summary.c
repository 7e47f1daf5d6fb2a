/* summary.c - the end-of-lesson summary: score, outcomes, hints used and
 * each item's result; r retries the items not right first time. */
#include <stdio.h>
#include <string.h>

#include "paratutor/ui_app.h"

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

/* Adds one line per item: symbol, number, id, outcome and score. */
static void add_items(pt_doc *d, const pt_session *s)
{
	/* The id column fits the longest id, as far as the line allows: the
	 * rest of a row takes 32 columns. */
	int id_cols = 24;
	for (size_t i = 0; i < s->lesson->n_items; i++) {
		int w = (int)strlen(s->lesson->items[i].id.s);
		if (w > id_cols)
			id_cols = w;
	}
	if (id_cols > d->width - 32)
		id_cols = d->width - 32 > 8 ? d->width - 32 : 8;
	doc_gap(d);
	doc_atom(d, ROLE_HEADING, 0, "Items");
	for (size_t i = 0; i < s->lesson->n_items; i++) {
		const pt_grade *g = &s->grades[i];
		pt_glyph glyph = GLYPH_DOT;
		pt_role role = ROLE_DIM;
		if (g->status == PT_SOLVED) {
			glyph = GLYPH_RIGHT;
			role = ROLE_RIGHT;
		} else if (g->status == PT_FAILED) {
			glyph = GLYPH_WRONG;
			role = ROLE_WRONG;
		}
		doc_newline(d);
		doc_move_to(d, 2);
		doc_atom(d, role, 0, draw_glyph(glyph));
		doc_move_to(d, 4);
		doc_atomf(d, ROLE_NORMAL, 0, "%2zu  %-*.*s %-19s %3d", i + 1, id_cols, id_cols,
		    s->lesson->items[i].id.s, grade_outcome_name(grade_outcome(g)), grade_score(g));
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

void summary_draw(pt_ui *ui, int rows, int cols)
{
	pt_session *s = ui_session(ui);
	pt_doc *d = &ui->body;
	pt_summary sum;
	session_summarize(s, &sum);
	doc_reset(d, cols - 2);
	doc_atom(d, ROLE_HEADING, 0, sum.open ? "Lesson summary" : "Lesson complete");
	if (sum.open > 0)
		doc_atomf(d, ROLE_DIM, 0, "  %zu of %zu items not finished yet", sum.open, sum.items);
	doc_gap(d);
	doc_atomf(d, ROLE_PROMPT, 0, "Score: %d/100", sum.score);
	doc_gap(d);
	add_count(d, "Right first time", sum.first_time);
	add_count(d, "Right with hints", sum.with_hints);
	add_count(d, "Right after retries", sum.retries);
	add_count(d, "Failed", sum.failed);
	if (sum.open > 0)
		add_count(d, "Not finished", sum.open);
	add_count(d, "Hints used", sum.hints);
	add_items(d, s);
	frame_misconceptions(ui, d, s->lesson->id.s);

	frame_header(cols, s->lesson->title.s, "Summary");
	frame_body(ui, d, &ui->summary.scroll, rows, cols);

	char status[64], message[UI_MESSAGE_MAX];
	snprintf(status, sizeof status, "%zu of %zu items solved",
	    sum.items - sum.failed - sum.open, sum.items);
	size_t to_retry = count_missed(s);
	if (ui->summary.confirm_reset)
		snprintf(message, sizeof message,
		    "Forget every answer in this lesson? Press y to confirm, any other key keeps them");
	else if (ui->summary.message[0] != '\0')
		snprintf(message, sizeof message, "%s", ui->summary.message);
	else if (to_retry > 0)
		snprintf(message, sizeof message,
		    "Press r to retry the %zu item%s not right first time, or m for the menu",
		    to_retry, to_retry == 1 ? "" : "s");
	else if (sum.open > 0)
		snprintf(message, sizeof message,
		    "Press r to go to the %zu item%s not finished yet, or m for the menu",
		    sum.open, sum.open == 1 ? "" : "s");
	else
		snprintf(message, sizeof message, "Every item right first time. Press m for the menu");
	const pt_keyhint keys[] = {
		{ "r", "retry missed" }, { "x", "reset lesson" }, { "m", "menu" }, { "p", "last item" },
		{ "?", "help" }, { "q", "menu" },
	};
	frame_footer(rows, cols, status, message, keys, sizeof keys / sizeof keys[0]);
}

/* Resets the finished items that were not right first time and goes to
 * the first item left to do. */
static unsigned retry_missed(pt_ui *ui)
{
	pt_session *s = ui_session(ui);
	size_t n = s->lesson->n_items;
	for (size_t i = 0; i < n; i++) {
		if (missed(&s->grades[i]))
			session_reset_item(s, i);
	}
	size_t first = session_next_open(s, 0);
	if (first == n) {
		ui_say(ui->summary.message, "Nothing to retry: every item was right first time");
		return UI_REDRAW;
	}
	item_enter(ui, first);
	return UI_REDRAW;
}

/* Goes back to the lesson's last item. */
static unsigned back_to_last_item(pt_ui *ui)
{
	item_enter(ui, ui_session(ui)->lesson->n_items - 1);
	return UI_REDRAW;
}

/* Forgets the lesson's answers, in the store too, and starts it afresh. */
static unsigned reset_lesson(pt_ui *ui)
{
	pt_session *s = ui_session(ui);
	track_reset(ui->track, s->lesson);
	for (size_t i = 0; i < s->lesson->n_items; i++)
		session_reset_item(s, i);
	item_enter(ui, 0);
	ui_say(ui->item.message, "The lesson starts afresh: your earlier answers are forgotten");
	return UI_REDRAW;
}

unsigned summary_key(pt_ui *ui, const pt_event *ev)
{
	ui->summary.message[0] = '\0';
	if (ui->summary.confirm_reset) {
		ui->summary.confirm_reset = false;
		if (event_is_char(ev, 'y') || event_is_char(ev, 'Y'))
			return reset_lesson(ui);
		ui_say(ui->summary.message, "Kept your answers");
		return UI_REDRAW;
	}
	if (frame_scroll_key(ev, &ui->summary.scroll, ui->body_rows, true))
		return UI_REDRAW;
	if (event_is_key(ev, PT_KEY_LEFT))
		return back_to_last_item(ui);
	if (ev->kind != EV_CHAR)
		return UI_REDRAW;
	switch (ev->code) {
	case 'r': case 'R': return retry_missed(ui);
	case 'x': case 'X':
		ui->summary.confirm_reset = true;
		return UI_REDRAW;
	case 'p': case 'P': return back_to_last_item(ui);
	case 'm': case 'M': case 'q': case 'Q':
		ui_show(ui, UI_SCREEN_MENU);
		return UI_REDRAW;
	default:
		return UI_REDRAW;
	}
}

/* exam_results.c - a submitted exam's results: score and verdict with how
 * they are made, time used, by lesson and by difficulty, then every item
 * in turn as the item screen shows a finished one (the learner's answer
 * marked, the feedback for each wrong choice, the key, the explanation). */
#include <stdio.h>
#include <stdlib.h>

#include "paratutor/report/next.h"
#include "paratutor/model/tags.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/ui/ui_draw.h"
#include "paratutor/ui/ui_item.h"

/* The results' view state, private to this screen. */
struct results_view {
	size_t scroll;
	size_t *starts; /* the line each item's part starts on, at the last draw */
	size_t n_starts;
	pt_next next;   /* what to study next, from when the results opened */
	bool have_next;
	bool *held;     /* per item: its verdict held back (progress_exam_held); NULL: out of memory */
};

/* Adds one "label   right of items   percent" row, with what it holds
 * back and the items to review and the lessons to reopen under it (what),
 * when any. */
static void add_tally(pt_doc *d, const char *label, const pt_exam_tally *t, const char *what)
{
	char held[96];
	if (t->items + t->held == 0)
		return;
	exam_tally_held(t, held, sizeof held);
	doc_move_to(d, 2);
	if (t->items > 0)
		doc_atomf(d, ROLE_PROMPT, 0, "%3.0f%%  %3zu of %3zu right", 100.0 * (double)t->right /
		    (double)t->items, t->right, t->items);
	else
		doc_atom(d, ROLE_DIM, 0, "      held back");
	doc_move_to(d, 28);
	doc_set_indent(d, 28);
	doc_wrap(d, ROLE_NORMAL, 0, label);
	const char *under[] = { held, what };
	for (size_t k = 0; k < 2; k++)
		if (under[k][0] != '\0') {
			doc_newline(d);
			doc_move_to(d, 28);
			doc_wrap(d, ROLE_DIM, 0, under[k]);
		}
	doc_set_indent(d, 0);
	doc_newline(d);
}

/* Builds the figures at the top. */
static void add_figures(const struct results_view *rv, pt_doc *d, const pt_exam *e, const pt_exam_results *r)
{
	char what[512];
	char used[24], limit[24], rule[400];
	exam_format_clock_pair(r->used, r->limit, used, limit, sizeof used);
	exam_score_rule(r->pass_percent, rule, sizeof rule);
	doc_atom(d, ROLE_HEADING, 0, "Exam results");
	if (r->timed_out)
		doc_atom(d, ROLE_DIM, 0, "  submitted by the clock: time is up");
	doc_gap(d);
	exam_past_note(e, what, sizeof what);
	if (what[0] != '\0') {
		doc_wrap(d, ROLE_DIM, 0, what);
		doc_gap(d);
	}
	doc_atomf(d, ROLE_PROMPT, 0, "Score: %.0f%%", r->score);
	doc_atomf(d, ROLE_DIM, 0, "  %zu of %zu right, %zu wrong, %zu unanswered", r->right, r->items, r->wrong,
	    r->unanswered);
	doc_newline(d);
	doc_atom(d, r->passed ? ROLE_RIGHT : ROLE_WRONG, 0, draw_glyph(r->passed ? GLYPH_RIGHT : GLYPH_WRONG));
	doc_atomf(d, r->passed ? ROLE_RIGHT : ROLE_WRONG, 0, " %s", r->passed ? "Passed" : "Not passed");
	doc_atomf(d, ROLE_DIM, 0, "  the pass mark is %d%%", r->pass_percent);
	doc_newline(d);
	doc_wrap(d, ROLE_NORMAL, 0, rule);
	doc_newline(d);
	if (r->limit > 0)
		doc_atomf(d, ROLE_NORMAL, 0, "Time used: %s of %s", used, limit);
	else
		doc_atomf(d, ROLE_NORMAL, 0, "Time used: %s (untimed)", used);
	doc_gap(d);
	if (rv->have_next) {
		doc_atom(d, ROLE_HEADING, 0, "What to study next");
		doc_newline(d);
		for (size_t k = 0; k < rv->next.n; k++) {
			doc_move_to(d, 2);
			doc_atom(d, ROLE_PROMPT, 0, draw_glyph(GLYPH_BULLET));
			doc_move_to(d, 4);
			doc_set_indent(d, 4);
			doc_wrap(d, ROLE_PROMPT, 0, rv->next.lines[k]);
			doc_set_indent(d, 0);
			doc_newline(d);
		}
		doc_gap(d);
	}
	doc_atom(d, ROLE_HEADING, 0, "By lesson, weakest first");
	doc_newline(d);
	for (size_t l = 0; l < r->n_lessons; l++) {
		exam_review_list(e, r->by_lesson[l].lesson, -1, rv->held, what, sizeof what);
		add_tally(d, r->by_lesson[l].lesson->title.s, &r->by_lesson[l], what);
	}
	doc_gap(d);
	doc_atom(d, ROLE_HEADING, 0, "By difficulty, weakest first");
	doc_newline(d);
	for (int k = 0; k < 3; k++) {
		int dd = r->difficulty_order[k];
		exam_review_list(e, NULL, dd, rv->held, what, sizeof what);
		add_tally(d, lesson_difficulty_name((pt_difficulty)dd), &r->by_difficulty[dd], what);
	}
	if (r->n_tags > 0) {
		doc_gap(d);
		doc_atom(d, ROLE_HEADING, 0, "By concept, weakest first");
		doc_newline(d);
	}
	for (size_t k = 0; k < r->n_tags; k++) {
		exam_review_tag(e, r->by_tag[k].tag, rv->held, what, sizeof what);
		add_tally(d, tags_at(e->tags, (size_t)r->by_tag[k].tag)->label, &r->by_tag[k], what);
	}
}

/* Draws the figures, then every item in turn. */
static void results_draw(pt_ui *ui, int rows, int cols)
{
	struct results_view *rv = ui->view;
	pt_exam *e = ui->exam;
	pt_doc *d = &ui->body;
	pt_exam_results r;
	doc_reset(d, frame_text_width(cols));
	char held[320];
	if (exam_results_withheld(e, ui_now(), held, sizeof held)) {
		doc_atom(d, ROLE_HEADING, 0, "Exam submitted");
		doc_gap(d);
		doc_wrap(d, ROLE_NORMAL, 0, held);
		for (size_t i = 0; i < rv->n_starts; i++)
			rv->starts[i] = 0;
		frame_header(cols, "Exam", "submitted");
		frame_body(ui, d, &rv->scroll, rows, cols);
		frame_footer(ui, rows, cols, "", "m: the menu");
		return;
	}
	bool ok = rv->held != NULL && exam_results(e, rv->held, &r);
	if (ok) {
		add_figures(ui->view, d, e, &r);
		exam_results_free(&r);
	} else {
		doc_atom(d, ROLE_WRONG, 0, "Out of memory: the figures cannot be shown");
	}
	pt_item_view v = { .focus = -1, .reveal = REVEAL_NONE, .exam = true };
	for (size_t i = 0; i < e->n && i < rv->n_starts; i++) {
		doc_gap(d);
		rv->starts[i] = doc_line(d);
		const char *word = e->results[i] == PT_EXAM_RIGHT ? "Right" : e->results[i] == PT_EXAM_WRONG ? "Wrong" :
		    "Unanswered";
		doc_atomf(d, ROLE_HEADING, 0, "Item %zu of %zu", i + 1, e->n);
		if (rv->held == NULL || rv->held[i]) {
			doc_atomf(d, ROLE_DIM, 0, "  %s: %s", e->lessons[i]->title.s, PT_EXAM_HELD_BACK);
			continue;
		}
		doc_atomf(d, e->results[i] == PT_EXAM_RIGHT ? ROLE_RIGHT : ROLE_WRONG, 0, "  %s %s",
		    draw_glyph(e->results[i] == PT_EXAM_RIGHT ? GLYPH_RIGHT : GLYPH_WRONG), word);
		doc_atomf(d, ROLE_DIM, 0, "  %s, %s%s%s", e->lessons[i]->title.s,
		    lesson_difficulty_name(e->items[i]->difficulty), e->marked[i] ? ", marked" : "",
		    e->answers_lost && e->results[i] != PT_EXAM_UNANSWERED ? ", the answer given was not kept" : "");
		doc_gap(d);
		item_anchors a = { 0 };
		item_body_build(d, exam_grade(e, i), &v, &a);
	}
	frame_header(cols, "Exam", "results");
	frame_body(ui, d, &rv->scroll, rows, cols);
	char status[96];
	snprintf(status, sizeof status, "%zu items", e->n);
	frame_footer(ui, rows, cols, status, "n/p: the next / previous item's answer and explanation; m: the menu");
}

/* Shows the results from the top. */
static void results_enter(pt_ui *ui, size_t arg)
{
	struct results_view *rv = ui->view;
	(void)arg;
	rv->scroll = 0;
	/* What to study next, looking first at the concepts this paper missed
	 * (its misses are in the store by now). */
	free(rv->held);
	rv->held = progress_exam_held(ui->track->progress, ui->exam);
	rv->have_next = ui->track->progress != NULL && rv->held != NULL &&
	    next_after_exam(ui->track->progress, ui->catalog, ui_now(), ui->exam, rv->held, &rv->next);
	free(rv->starts);
	rv->n_starts = ui->exam->n;
	rv->starts = calloc(rv->n_starts ? rv->n_starts : 1, sizeof *rv->starts);
	if (rv->starts == NULL)
		rv->n_starts = 0;
}

/* Leaving: frees the item starts and held marks (the view itself is
 * freed by ui.c). */
static void results_leave(pt_ui *ui)
{
	struct results_view *rv = ui->view;
	free(rv->starts);
	free(rv->held);
	rv->starts = NULL;
	rv->held = NULL;
}

/* n / p: scroll to the next / previous item's part. */
static unsigned key_item(pt_ui *ui, const pt_event *ev)
{
	struct results_view *rv = ui->view;
	bool next = event_is_char(ev, 'n') || event_is_char(ev, 'N') || event_is_key(ev, PT_KEY_RIGHT);
	size_t to = rv->scroll;
	if (next) {
		for (size_t i = 0; i < rv->n_starts; i++)
			if (rv->starts[i] > rv->scroll) {
				to = rv->starts[i];
				break;
			}
	} else {
		to = 0;
		for (size_t i = 0; i < rv->n_starts; i++)
			if (rv->starts[i] < rv->scroll)
				to = rv->starts[i];
	}
	rv->scroll = to < ui->body_pane.max ? to : ui->body_pane.max;
	return UI_REDRAW;
}

/* m, q: back to the menu; the exam is in the history. */
static unsigned key_menu(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	const bool *held = ((struct results_view *)ui->view)->held;
	bool reviews = held != NULL && exam_to_review(ui->exam, held) > 0;
	ui_go(ui, UI_GO_MENU, 0);
	/* A hosted session has no exam --history: s shows the history there. */
	ui_say(ui, "The exam is kept in your history (%s)%s", ui->hosted != NULL ? "s shows it" : "paratutor exam --history",
	    reviews ? "; missed items come back in reviews" : "");
	return UI_REDRAW;
}

static const pt_binding results_keys[] = {
	{ .keys = "n, Right", .help = "the next item's answer, key and explanation", .bar = "next item",
	    .bar_keys = "n", .chars = "nN", .named = { PT_KEY_RIGHT + 1 }, .run = key_item },
	{ .keys = "p, Left", .help = "the previous item's", .bar = "prev item", .bar_keys = "p",
	    .chars = "pP", .named = { PT_KEY_LEFT + 1 }, .run = key_item },
	{ .keys = "m, q", .help = "back to the lesson menu", .bar = "menu", .bar_keys = "m", .chars = "mMqQ",
	    .run = key_menu },
};

/* The results scroll with the shared keys. */
static size_t *results_scroll(const pt_ui *ui)
{
	struct results_view *rv = ui->view;
	(void)ui;
	return &rv->scroll;
}

const pt_screen_ops ui_exam_results_screen = {
	.name = "Exam results",
	.enter = results_enter,
	.draw = results_draw,
	.leave = results_leave,
	.view_size = sizeof(struct results_view),
	.keys = results_keys,
	.n_keys = sizeof results_keys / sizeof results_keys[0],
	.scroll = results_scroll,
};

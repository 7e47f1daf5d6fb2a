/* stats.c - the statistics screen: the learner's figures and charts
 * (stats.h, stats_out.h) in a scrolling pane; m, q or Left goes back. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "paratutor/report/stats_out.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_clock.h"

/* The statistics screen's view state, private to this screen. */
struct stats_view {
	size_t scroll;
	size_t selected; /* the menu entry selected when the screen opened */
};

/* Adds one block of the statistics text to the document. */
static void add_block(pt_doc *d, const pt_stats_block *b)
{
	if (b->form == STATS_HEADING) {
		doc_gap(d);
		doc_atom(d, ROLE_HEADING, 0, b->text);
		return;
	}
	if (d->n_segs > 0)
		doc_newline(d);
	doc_move_to(d, b->indent);
	if (b->form == STATS_LINE && b->lead == NULL) {
		doc_atom(d, ROLE_NORMAL, 0, b->text);
		return;
	}
	if (b->lead != NULL) {
		doc_atom(d, b->form == STATS_LINE ? ROLE_NORMAL : ROLE_PROMPT, 0, b->lead); /* a bar, or "3x" */
		doc_move_to(d, d->col + 2);
	}
	doc_wrap(d, b->form == STATS_NOTE ? ROLE_DIM : ROLE_NORMAL, 0, b->text);
}

/* Builds the document from the store at now; says so when out of memory. */
static void build(pt_ui *ui, pt_doc *d, int cols)
{
	time_t now = ui_now();
	pt_stats_style style = { draw_ascii(), frame_text_width(cols), ui_utc_offset(now), false, ui->course != NULL };
	pt_stats_text text;
	doc_reset(d, style.width);
	if (stats_text_for(ui->track->progress, ui->course, ui->catalog, now, &style, &text)) {
		for (size_t i = 0; i < text.n; i++)
			add_block(d, &text.v[i]);
		stats_text_free(&text);
	} else {
		doc_atom(d, ROLE_WRONG, 0, "Out of memory: cannot draw your statistics.");
	}
}

/* Draws the statistics. */
static void stats_draw(pt_ui *ui, int rows, int cols)
{
	struct stats_view *view = ui->view;
	build(ui, &ui->body, cols);
	frame_header(cols, "paratutor: your statistics", "Statistics");
	frame_body(ui, &ui->body, &view->scroll, rows, cols);
	bool more = view->scroll < ui->body_pane.max;
	frame_footer(ui, rows, cols, "", more ? "PgDn for more; m goes back to the menu" :
	    "Press m to go back to the menu");
}

/* Makes the statistics current, scrolled to the top; arg is the menu
 * entry to select again on the way back. */
static void stats_enter(pt_ui *ui, size_t arg)
{
	struct stats_view *view = ui->view;
	(void)ui;
	view->scroll = 0;
	view->selected = arg;
}

/* m, q, Left: back to the menu, on the lesson selected before. */
static unsigned key_menu(pt_ui *ui, const pt_event *ev)
{
	struct stats_view *view = ui->view;
	(void)ev;
	ui_go(ui, UI_GO_MENU_AT, view->selected);
	return UI_REDRAW;
}

static const pt_binding stats_keys[] = {
	{ .keys = "m, q, Left", .help = "back to the lesson menu", .bar = "menu", .bar_keys = "m",
	    .chars = "mMqQ", .named = { PT_KEY_LEFT + 1 }, .run = key_menu },
};

/* The statistics scroll with the shared keys. */
static size_t *stats_scroll(const pt_ui *ui)
{
	struct stats_view *view = ui->view;
	(void)ui;
	return &view->scroll;
}

const pt_screen_ops ui_stats_screen = {
	.name = "Your statistics",
	.enter = stats_enter,
	.draw = stats_draw,
	.view_size = sizeof(struct stats_view),
	.keys = stats_keys,
	.n_keys = sizeof stats_keys / sizeof stats_keys[0],
	.scroll = stats_scroll,
};

/* exam_form.c - the small form `e` opens from the menu: items, time (or
 * untimed), pass mark and lessons, then Enter starts the exam. */
#include <stdio.h>

#include "paratutor/ui/ui_app.h"

enum { FIELD_COUNT, FIELD_TIME, FIELD_PASS, FIELD_LESSONS, N_FIELDS };

#define MAX_FORM_ITEMS 200

/* The form's view state, private to this screen. */
struct form_view {
	int field; /* the selected field */
};

/* Returns the number of items the usable lessons hold. */
static size_t items_available(const pt_ui *ui)
{
	size_t n = 0;
	for (size_t i = 0; i < ui->catalog->n; i++) {
		const pt_entry *e = &ui->catalog->v[i];
		if (e->info != NULL && !e->broken)
			n += e->info->n_items;
	}
	return n;
}

/* Adds one "label  value  note" row, the selected one marked. */
static void add_row(const struct form_view *view, pt_doc *d, int field, const char *label, const char *value,
    const char *note)
{
	bool on = view->field == field;
	doc_move_to(d, 2);
	doc_atom(d, on ? ROLE_SELECTED : ROLE_NORMAL, 0, on ? ">" : " ");
	doc_move_to(d, 4);
	doc_atom(d, ROLE_HEADING, 0, label);
	doc_move_to(d, 18);
	doc_atom(d, on ? ROLE_SELECTED : ROLE_PROMPT, 0, value);
	/* The note wraps under itself; on a narrow screen it goes on the
	 * next line, under the label. */
	doc_set_indent(d, 4);
	doc_make_room(d, 32 - d->col + 12);
	doc_move_to(d, d->col > 4 ? 32 : 4);
	doc_wrap(d, ROLE_DIM, 0, note);
	doc_set_indent(d, 0);
	doc_newline(d);
}

/* Draws the form. */
static void form_draw(pt_ui *ui, int rows, int cols)
{
	const struct form_view *view = ui->view;
	pt_doc *d = &ui->body;
	const pt_exam_config *c = &ui->exam_cfg;
	char value[64], note[96];
	doc_reset(d, frame_text_width(cols));
	doc_atom(d, ROLE_HEADING, 0, "A new exam");
	doc_gap(d);
	snprintf(value, sizeof value, "%zu", c->count);
	snprintf(note, sizeof note, "of %zu items in the lessons", items_available(ui));
	add_row(view, d, FIELD_COUNT, "Items", value, note);
	if (c->seconds == 0) {
		snprintf(value, sizeof value, "untimed");
		snprintf(note, sizeof note, "practice mode, no deadline; u: set a time limit");
	} else {
		long seconds = c->seconds < 0 ? (long)c->count * PT_EXAM_SECONDS_PER_ITEM : c->seconds;
		exam_format_clock(seconds, value, sizeof value);
		snprintf(note, sizeof note, c->seconds < 0 ? "1.5 minutes an item, running even while you are away; "
		    "u: untimed" : "running even while you are away; u: untimed");
	}
	add_row(view, d, FIELD_TIME, "Time", value, note);
	snprintf(value, sizeof value, "%d%%", c->pass_percent);
	add_row(view, d, FIELD_PASS, "Pass mark", value, "share of items right");
	add_row(view, d, FIELD_LESSONS, "Lessons", "all", "items drawn from each lesson and difficulty in proportion");
	doc_gap(d);
	doc_wrap(d, ROLE_NORMAL, 0, "One answer an item: no hints, no feedback and no second try until you submit. "
	    "Mark items to come back to, jump between them from the list, and submit when you are done; at zero "
	    "the exam submits itself. Missed items come back in your reviews once you have done them in their "
	    "lessons.");
	frame_header(cols, "Exam", "new");
	frame_body(ui, d, &(size_t){ 0 }, rows, cols);
	frame_footer(ui, rows, cols, "", "Up/Down a field, Left/Right change it, Enter starts");
}

/* Makes the form current on its first field. */
static void form_enter(pt_ui *ui, size_t arg)
{
	struct form_view *view = ui->view;
	(void)ui;
	(void)arg;
	view->field = FIELD_COUNT;
}

/* Up / Down: the field above / below. */
static unsigned key_field(pt_ui *ui, const pt_event *ev)
{
	struct form_view *view = ui->view;
	(void)ui;
	int step = event_is_key(ev, PT_KEY_UP) || event_is_char(ev, 'k') ? -1 : 1;
	view->field = (view->field + step + N_FIELDS) % N_FIELDS;
	return UI_REDRAW;
}

/* Left / Right, - / +: change the selected field. */
static unsigned key_change(pt_ui *ui, const pt_event *ev)
{
	struct form_view *view = ui->view;
	pt_exam_config *c = &ui->exam_cfg;
	int step = event_is_key(ev, PT_KEY_LEFT) || event_is_char(ev, '-') ? -1 : 1;
	switch (view->field) {
	case FIELD_COUNT: {
		long n = (long)c->count + step * (c->count >= 20 ? 5 : 1);
		c->count = (size_t)(n < 1 ? 1 : n > MAX_FORM_ITEMS ? MAX_FORM_ITEMS : n);
		break;
	}
	case FIELD_TIME: {
		long seconds = c->seconds < 0 ? (long)c->count * PT_EXAM_SECONDS_PER_ITEM : c->seconds;
		if (c->seconds == 0)
			seconds = 0;
		seconds = (seconds / 60 + step) * 60;
		c->seconds = seconds < 60 ? 60 : seconds > PT_EXAM_MAX_SECONDS ? PT_EXAM_MAX_SECONDS : seconds;
		break;
	}
	case FIELD_PASS: {
		int p = c->pass_percent + step * 5;
		c->pass_percent = p < 0 ? 0 : p > 100 ? 100 : p;
		break;
	}
	default:
		ui_say(ui, "The menu's exam draws from all lessons; paratutor exam --from picks some");
	}
	return UI_REDRAW;
}

/* u: untimed, or back to a time limit. */
static unsigned key_untimed(pt_ui *ui, const pt_event *ev)
{
	struct form_view *view = ui->view;
	(void)ev;
	ui->exam_cfg.seconds = ui->exam_cfg.seconds == 0 ? -1 : 0;
	view->field = FIELD_TIME;
	return UI_REDRAW;
}

static const pt_binding form_keys[] = {
	{ .keys = "Enter", .help = "start the exam with these choices", .bar = "start",
	    .named = { PT_KEY_ENTER + 1 }, .go = UI_GO_EXAM_START },
	{ .keys = "Up/Down, k/j", .help = "pick a field", .bar = "field", .bar_keys = "Up/Down",
	    .chars = "kj", .named = { PT_KEY_UP + 1, PT_KEY_DOWN + 1 }, .run = key_field },
	{ .keys = "Left/Right, -/+",
	    .help = "change the field: items (by 5 from 20 up), minutes, pass mark (by 5)", .bar = "change",
	    .bar_keys = "Left/Right", .chars = "-+", .named = { PT_KEY_LEFT + 1, PT_KEY_RIGHT + 1 },
	    .run = key_change },
	{ .keys = "u", .help = "untimed, or back to a time limit", .bar = "untimed", .chars = "uU",
	    .run = key_untimed },
	{ .keys = "q, Esc", .help = "back to the lesson menu", .bar = "menu", .bar_keys = "q", .chars = "qQ",
	    .named = { PT_KEY_ESC + 1 }, .go = UI_GO_MENU },
};

const pt_screen_ops ui_exam_form_screen = {
	.name = "Exam form",
	.enter = form_enter,
	.draw = form_draw,
	.view_size = sizeof(struct form_view),
	.keys = form_keys,
	.n_keys = sizeof form_keys / sizeof form_keys[0],
};

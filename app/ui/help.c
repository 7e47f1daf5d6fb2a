/* help.c - the help overlay: every screen's keys, generated from the
 * screens' key tables, in a box over the current screen (its own keys
 * first).  Its own keys are a table too. */
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/intro.h"
#include "paratutor/base/text.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_draw.h"

#define KEY_COL 2   /* column of the key names */
#define WHAT_COL 22 /* column of what they do */
#define MAX_BOX_WIDTH 78

/* Adds line i of lines (of text s) at column col in role, if there is one. */
static void add_line(pt_doc *d, int col, pt_role role, const char *s, const pt_lines *lines, size_t i)
{
	if (i >= lines->n)
		return;
	char buf[512];
	snprintf(buf, sizeof buf, "%.*s", (int)lines->v[i].len, s + lines->v[i].start);
	doc_move_to(d, col);
	doc_atom(d, role, 0, buf);
}

/* Adds the rows [from, to) of keys that have a help line: the keys wrap
 * in their own column (at spaces) and what they do in the column beside
 * it, so neither runs into the other at any width. */
static void add_rows(pt_doc *d, const pt_binding *keys, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++) {
		if (keys[i].help == NULL || keys[i].keys == NULL)
			continue;
		pt_lines k = { 0 }, h = { 0 };
		if (!text_wrap(keys[i].keys, WHAT_COL - KEY_COL - 1, &k) ||
		    !text_wrap(keys[i].help, d->width - WHAT_COL, &h)) {
			d->failed = true;
		} else {
			for (size_t l = 0; l < k.n || l < h.n; l++) {
				doc_newline(d);
				add_line(d, KEY_COL, ROLE_KEY, keys[i].keys, &k, l);
				add_line(d, WHAT_COL, ROLE_NORMAL, keys[i].help, &h, l);
			}
		}
		text_lines_free(&k);
		text_lines_free(&h);
	}
}

/* Adds a section: a heading, then each binding that has a help line. */
static void add_section(pt_doc *d, const char *name, const pt_binding *keys, size_t n)
{
	doc_gap(d);
	doc_atom(d, ROLE_HEADING, 0, name);
	add_rows(d, keys, 0, n);
}

/* Adds a shared key table's section. */
static void add_table(pt_doc *d, const pt_keytable *t)
{
	add_section(d, t->name, t->keys, t->n_keys);
}

/* Adds the current screen's section: every key it takes, in the order the
 * key bar names them (its leading keys, the answer entry's, its others,
 * scrolling). */
static void add_current(pt_doc *d, const pt_screen_ops *ops)
{
	size_t lead = ops->answering != NULL ? ops->bar_lead : ops->n_keys;
	doc_gap(d);
	doc_atom(d, ROLE_HEADING, 0, ops->name);
	add_rows(d, ops->keys, 0, lead);
	if (ops->answering != NULL)
		add_rows(d, ui_answering_table.keys, 0, ui_answering_table.n_keys);
	add_rows(d, ops->keys, lead, ops->n_keys);
	if (ops->scroll != NULL)
		add_rows(d, ui_scroll_table.keys, 0, ui_scroll_table.n_keys);
}

/* How the full screen takes answers: the part of the introduction that
 * is this screen's own. */
static const char keys_paragraph[] =
	"Pick a lesson in the menu with the arrows and Enter. Answer with the letters shown beside the "
	"options and banks (digits pick a blank, prompt or position first), type numbers and names into "
	"the answer field, or click with the mouse; Enter checks. h shows a hint, n and p move between "
	"items, q goes back. In the menu, r starts a review and s shows your statistics: mastery, answers "
	"right first time, reviews to come, your most frequent mistakes. Press ? on any screen for the keys "
	"it takes.";

/* Adds the introduction's paragraphs under a heading: the core's, with
 * this screen's keys after the first. */
static void add_intro(pt_doc *d)
{
	doc_gap(d);
	doc_atom(d, ROLE_HEADING, 0, "How paratutor works");
	const char *p;
	for (size_t i = 0; (p = intro_paragraph(i)) != NULL; i++) {
		doc_gap(d);
		doc_wrap(d, ROLE_NORMAL, 0, p);
		if (i == 0) {
			doc_gap(d);
			doc_wrap(d, ROLE_NORMAL, 0, keys_paragraph);
		}
	}
}

static unsigned help_close(pt_ui *ui, const pt_event *ev);
static unsigned help_scroll(pt_ui *ui, const pt_event *ev);

static const pt_binding help_keys[] = {
	{ .keys = "Esc, ?, q", .help = "close this list", .bar = "close help", .chars = "?qQ",
	    .named = { PT_KEY_ESC + 1 }, .run = help_close },
	{ .keys = "Up/Down, PgUp/PgDn", .help = "scroll the list; Home/End jump to the top / bottom",
	    .bar = "scroll", .bar_keys = "PgUp/PgDn", .chars = "jk",
	    .named = { PT_KEY_UP + 1, PT_KEY_DOWN + 1, PT_KEY_PGUP + 1, PT_KEY_PGDN + 1, PT_KEY_HOME + 1, PT_KEY_END + 1 },
	    .events = UI_ON_WHEEL, .run = help_scroll },
};
#define N_HELP_KEYS (sizeof help_keys / sizeof help_keys[0])

/* Builds the key list: this screen's keys, the others', then the keys
 * that work everywhere. */
static void build_help(const pt_ui *ui, pt_doc *d)
{
	if (ui->help_intro) {
		add_intro(d);
		return;
	}
	const pt_screen_ops *current = ui_screen_ops(ui->screen);
	add_current(d, current);
	for (int s = 0; s < UI_N_SCREENS; s++) {
		const pt_screen_ops *ops = ui_screen_ops((pt_screen)s);
		if (ops != current)
			add_section(d, ops->name, ops->keys, ops->n_keys);
	}
	/* The shared tables the current screen does not take (its own section
	 * lists those it does). */
	if (current->answering == NULL)
		add_table(d, &ui_answering_table);
	if (current->scroll == NULL)
		add_table(d, &ui_scroll_table);
	add_table(d, &ui_global_table);
	add_section(d, "In this list", help_keys, N_HELP_KEYS);
	add_intro(d);
}

void help_open_intro(pt_ui *ui)
{
	ui->help_open = true;
	ui->help_intro = true;
	ui->help_scroll = 0;
}

void help_draw(pt_ui *ui, int rows, int cols)
{
	pt_doc *d = &ui->overlay;
	int width = cols - 2 < MAX_BOX_WIDTH ? cols - 2 : MAX_BOX_WIDTH;
	doc_reset(d, width - 4);
	build_help(ui, d);

	/* The box leaves the key bar free, so it shows this list's keys. */
	int height = (int)doc_height(d) + 3;
	if (height > rows - 2)
		height = rows - 2;
	int y = 1 + (rows - 2 - height) / 2, x = (cols - width) / 2;
	int inner = height - 3;
	size_t shown = frame_pane(&ui->help_pane, d, inner, ui->help_scroll);
	draw_box(y, x, height, width);
	draw_str(y, x + 2, width - 4, ROLE_HEADING, ui->help_intro ? " Welcome " : " Keys ");
	doc_render(d, y + 1, x + 2, inner, shown);

	bool more = shown < ui->help_pane.max;
	draw_str(y + height - 2, x + 2, width - 4, ROLE_MESSAGE, more ? "More below: PgDn or Down" : "");

	draw_fill(rows - 1, 0, cols, ROLE_NORMAL);
	int bx = 1;
	for (size_t i = 0; i < N_HELP_KEYS; i++) {
		const char *keys = help_keys[i].bar_keys ? help_keys[i].bar_keys : help_keys[i].keys;
		bx += draw_str(rows - 1, bx, cols - bx - 1, ROLE_KEY, keys) + 1;
		bx += draw_str(rows - 1, bx, cols - bx - 1, ROLE_NORMAL, help_keys[i].bar) + 2;
	}
}

/* Closes the list. */
static unsigned help_close(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	ui->help_open = false;
	ui->help_intro = false;
	return UI_REDRAW;
}

/* Scrolls the list; j and k move a line like Down and Up. */
static unsigned help_scroll(pt_ui *ui, const pt_event *ev)
{
	pt_event e = *ev;
	if (ev->type == EV_CHAR) {
		e.type = EV_KEY;
		e.code = ev->code == 'j' ? PT_KEY_DOWN : PT_KEY_UP;
	}
	frame_scroll(&e, &ui->help_scroll, &ui->help_pane);
	return UI_REDRAW;
}

unsigned help_key(pt_ui *ui, const pt_event *ev)
{
	const pt_binding *b = bind_find(help_keys, N_HELP_KEYS, 0, ev);
	return b != NULL ? b->run(ui, ev) : 0;
}

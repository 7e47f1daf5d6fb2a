/* help.c - the help overlay: every key, by screen, in a box over the
 * current screen.  Esc, ? or q closes it. */
#include <stdio.h>

#include "paratutor/ui_app.h"

#define KEY_COL 2   /* column of the key names */
#define WHAT_COL 22 /* column of what they do */
#define MAX_BOX_WIDTH 78

/* One line of the key list; a NULL key starts a section named by what. */
typedef struct help_line {
	const char *key;
	const char *what;
} help_line;

static const help_line help_lines[] = {
	{ NULL, "Lesson menu" },
	{ "Up/Down, j/k", "move between lessons" },
	{ "Enter, click", "open the lesson, at its first unfinished item" },
	{ "r", "answer the items due for review" },
	{ "q", "quit paratutor" },
	{ NULL, "Item screen" },
	{ "1-9", "focus blank N (code with blanks)" },
	{ "Tab, Shift-Tab", "focus the next / previous blank" },
	{ "a-g", "put option A-G into the focused blank, then go to the next empty one; "
		 "choose it (one answer); toggle it (select all that apply)" },
	{ "Backspace, Delete", "empty the focused blank" },
	{ "Enter", "check the answer; once the item is finished, go on to the next open item" },
	{ "h", "show the next hint" },
	{ "n, Right", "next item (after the last one: the summary; in a review: the next due item)" },
	{ "p, Left", "previous item" },
	{ "Up/Down, PgUp/PgDn", "scroll; Home/End jump to the top / bottom; the mouse wheel scrolls too" },
	{ "mouse", "click a blank, then click an option; or click an option to fill the first "
		   "empty blank, choose or toggle it" },
	{ "q", "back to the lesson menu" },
	{ NULL, "Lesson summary" },
	{ "r", "retry the items not right first time" },
	{ "x", "forget every answer to this lesson and start afresh (asks first)" },
	{ "p, Left", "back to the last item" },
	{ "m, q", "back to the lesson menu" },
	{ NULL, "Everywhere" },
	{ "?", "this help; Esc, ? or q closes it" },
	{ "Ctrl-C", "quit at once" },
};

/* Builds the key list into the overlay document. */
static void build_help(pt_doc *d)
{
	for (size_t i = 0; i < sizeof help_lines / sizeof help_lines[0]; i++) {
		const help_line *line = &help_lines[i];
		if (line->key == NULL) {
			doc_gap(d);
			doc_atom(d, ROLE_HEADING, 0, line->what);
			continue;
		}
		doc_newline(d);
		doc_move_to(d, KEY_COL);
		doc_atom(d, ROLE_KEY, 0, line->key);
		doc_move_to(d, d->col + 1 > WHAT_COL ? d->col + 1 : WHAT_COL);
		doc_wrap(d, ROLE_NORMAL, 0, line->what);
	}
}

void help_draw(pt_ui *ui, int rows, int cols)
{
	pt_doc *d = &ui->overlay;
	int width = cols - 2 < MAX_BOX_WIDTH ? cols - 2 : MAX_BOX_WIDTH;
	doc_reset(d, width - 4);
	build_help(d);

	int height = (int)doc_height(d) + 3;
	if (height > rows - 2)
		height = rows - 2;
	int y = (rows - height) / 2, x = (cols - width) / 2;
	int inner = height - 3;
	ui->help.rows = inner;
	draw_box(y, x, height, width);
	draw_str(y, x + 2, width - 4, ROLE_HEADING, " Keys ");
	doc_clamp_scroll(d, &ui->help.scroll, inner);
	doc_render(d, y + 1, x + 2, inner, ui->help.scroll);

	char foot[96];
	bool more = ui->help.scroll + (size_t)inner < doc_height(d);
	snprintf(foot, sizeof foot, "Esc, ? or q closes%s", more ? "; PgDn / Down for more" : "");
	draw_str(y + height - 2, x + 2, width - 4, ROLE_MESSAGE, foot);
}

unsigned help_key(pt_ui *ui, const pt_event *ev)
{
	if (event_is_key(ev, PT_KEY_ESC) || event_is_char(ev, '?') || event_is_char(ev, 'q')) {
		ui->help.open = false;
		return UI_REDRAW;
	}
	if (frame_scroll_key(ev, &ui->help.scroll, ui->help.rows, true))
		return UI_REDRAW;
	return 0;
}

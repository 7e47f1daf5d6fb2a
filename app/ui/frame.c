/* frame.c - what every screen shares: header bar, footer, scrolling body,
 * scroll keys and the "terminal too small" notice. */
#include <stdio.h>
#include <string.h>

#include "paratutor/text.h"
#include "paratutor/ui_app.h"

/* Columns kept free at the right of the status line for the scroll mark. */
#define SCROLL_MARK_COLS 22

int frame_body_rows(int rows)
{
	int body = rows - UI_BODY_TOP - UI_FOOTER_ROWS;
	return body > 1 ? body : 1;
}

void frame_header(int cols, const char *left, const char *right)
{
	draw_fill(0, 0, cols, ROLE_TITLE);
	int right_w = text_width(right, strlen(right));
	int left_room = cols - right_w - 4;
	draw_str(0, 1, left_room, ROLE_TITLE, left);
	draw_str(0, cols - right_w - 1, right_w, ROLE_TITLE, right);
}

/* Draws the key bar; pairs that do not fit are left out. */
static void draw_keys(int y, int cols, const pt_keyhint *keys, size_t n_keys)
{
	int x = 1;
	for (size_t k = 0; k < n_keys; k++) {
		int kw = text_width(keys[k].key, strlen(keys[k].key));
		int lw = text_width(keys[k].label, strlen(keys[k].label));
		if (x + kw + 1 + lw > cols - 1)
			break;
		x += draw_str(y, x, kw, ROLE_KEY, keys[k].key) + 1;
		x += draw_str(y, x, lw, ROLE_NORMAL, keys[k].label) + 2;
	}
}

void frame_footer(int rows, int cols, const char *status, const char *message,
    const pt_keyhint *keys, size_t n_keys)
{
	draw_str(rows - 3, 1, cols - 2 - SCROLL_MARK_COLS, ROLE_NORMAL, status);
	draw_str(rows - 2, 1, cols - 2, ROLE_MESSAGE, message);
	draw_keys(rows - 1, cols, keys, n_keys);
}

void frame_body(pt_ui *ui, pt_doc *d, size_t *scroll, int rows, int cols)
{
	int body_rows = frame_body_rows(rows);
	ui->body_rows = body_rows;
	doc_clamp_scroll(d, scroll, body_rows);
	doc_render(d, UI_BODY_TOP, 1, body_rows, *scroll);

	bool above = *scroll > 0;
	bool below = *scroll + (size_t)body_rows < doc_height(d);
	if (!above && !below)
		return;
	const char *mark = !above ? "more below (PgDn)" :
	    !below ? "more above (PgUp)" : "more above and below";
	int w = text_width(mark, strlen(mark));
	draw_str(rows - 3, cols - w - 1, w, ROLE_DIM, mark);
}

bool frame_scroll_key(const pt_event *ev, size_t *scroll, int page, bool arrows)
{
	size_t step = page > 2 ? (size_t)page - 1 : 1;
	if (ev->kind == EV_WHEEL) {
		step = 3;
		if (ev->code < 0)
			*scroll = *scroll > step ? *scroll - step : 0;
		else
			*scroll += step;
		return true;
	}
	if (ev->kind != EV_KEY)
		return false;
	switch (ev->code) {
	case PT_KEY_UP:
		if (!arrows)
			return false;
		step = 1;
		/* fall through */
	case PT_KEY_PGUP:
		*scroll = *scroll > step ? *scroll - step : 0;
		return true;
	case PT_KEY_DOWN:
		if (!arrows)
			return false;
		step = 1;
		/* fall through */
	case PT_KEY_PGDN:
		*scroll += step; /* the next draw clamps it */
		return true;
	case PT_KEY_HOME:
		*scroll = 0;
		return true;
	case PT_KEY_END:
		*scroll = (size_t)-1 / 2;
		return true;
	default:
		return false;
	}
}

void frame_too_small(int rows, int cols)
{
	char need[64];
	snprintf(need, sizeof need, "%dx%d, need %dx%d", cols, rows, UI_MIN_COLS, UI_MIN_ROWS);
	draw_str(0, 0, cols, ROLE_WRONG, "Terminal too small");
	if (rows > 1)
		draw_str(1, 0, cols, ROLE_NORMAL, need);
	if (rows > 2)
		draw_str(2, 0, cols, ROLE_NORMAL, "Enlarge it; q quits.");
}

void frame_misconceptions(const pt_ui *ui, pt_doc *d, const char *lesson_id)
{
	pt_misconception m[3];
	size_t n = 0;
	if (!progress_misconceptions(ui->track->progress, ui->catalog, lesson_id, m, 3, &n) || n == 0)
		return;
	doc_gap(d);
	doc_atom(d, lesson_id ? ROLE_HEADING : ROLE_DIM, 0, "Mistakes you made most often:");
	for (size_t k = 0; k < n; k++) {
		doc_newline(d);
		doc_move_to(d, 2);
		doc_atomf(d, ROLE_PROMPT, 0, "%zux", m[k].count);
		doc_move_to(d, 7);
		doc_wrap(d, ROLE_NORMAL, 0, m[k].feedback);
	}
}

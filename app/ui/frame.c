/* frame.c - what every screen shares: header bar, footer, scrolling body
 * and the "terminal too small" notice (the scroll keys are bind.c's). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "paratutor/base/text.h"
#include "paratutor/ui/ui_app.h"

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

int frame_text_width(int cols)
{
	int width = cols - 2;
	return width > UI_TEXT_MAX ? UI_TEXT_MAX : width;
}

/* Returns the columns key hint k takes in the key bar, gap included. */
static int hint_width(const pt_keyhint *k)
{
	return text_width(k->key, strlen(k->key)) + 1 + text_width(k->label, strlen(k->label)) + 2;
}

/* Returns true when key hint k is the screen's way out ("q", or "Esc"
 * where q does not leave, or the pair back to the menu, whatever its key). */
static bool way_out(const pt_keyhint *k)
{
	return strcmp(k->key, "q") == 0 || strcmp(k->key, "Esc") == 0 || strcmp(k->label, "menu") == 0;
}

/* Returns true when text names key as a word of its own ("e takes it up",
 * "(s shows it)"), not inside a word. */
static bool names_key(const char *text, const char *key)
{
	size_t n = strlen(key);
	for (const char *at = text; n > 0 && (at = strstr(at, key)) != NULL; at++) {
		bool starts = at == text || at[-1] == ' ' || at[-1] == '(';
		unsigned char next = (unsigned char)at[n];
		if (starts && !isalnum(next) && next != '\'' && next != '-')
			return true;
	}
	return false;
}

/* Draws the key bar.  What always stays: the first pair (what the state
 * asks for next: check, continue, open), the screen's way out, a key the
 * line above it names (said: "e takes it up") and the last shared pairs
 * ("! seen" while there is an alert, "? help"); when no pair is the way
 * out, the one before the shared pairs stays for it.  The other pairs give
 * way from the right (the bar lists the most needed first) until the rest
 * fit. */
static void draw_keys(int y, int cols, const pt_keyhint *keys, size_t n_keys, size_t shared, const char *said)
{
	bool keep[16] = { false }, shown[16];
	if (n_keys > sizeof keep / sizeof keep[0])
		n_keys = sizeof keep / sizeof keep[0];
	if (shared > n_keys)
		shared = n_keys;
	bool out = false;
	for (size_t k = 0; k < n_keys; k++) {
		keep[k] = k == 0 || k + shared >= n_keys || way_out(&keys[k]) || names_key(said, keys[k].key);
		out = out || (way_out(&keys[k]) && k + shared < n_keys);
	}
	if (!out && n_keys > shared)
		keep[n_keys - shared - 1] = true;
	int width = 0;
	for (size_t k = 0; k < n_keys; k++) {
		shown[k] = true;
		width += hint_width(&keys[k]);
	}
	for (size_t k = n_keys; k-- > 0 && 1 + width - 2 > cols - 1;) {
		if (keep[k])
			continue;
		shown[k] = false;
		width -= hint_width(&keys[k]);
	}
	int x = 1;
	for (size_t k = 0; k < n_keys; k++) {
		if (!shown[k] || x + hint_width(&keys[k]) - 2 > cols - 1)
			continue;
		int kw = text_width(keys[k].key, strlen(keys[k].key));
		int lw = text_width(keys[k].label, strlen(keys[k].label));
		x += draw_str(y, x, kw, ROLE_KEY, keys[k].key) + 1;
		x += draw_str(y, x, lw, ROLE_NORMAL, keys[k].label) + 2;
	}
}

/* Returns where a message wider than width columns is best split over two
 * rows, the first first_width wide (the scroll mark keeps the rest): the
 * byte offset of the last space before which it fits there; 0 when it
 * fits in one row or has no such space. */
static size_t message_split(const char *s, int width, int first_width)
{
	size_t len = strlen(s);
	if (text_width_capped(s, len, width + 1) <= width)
		return 0;
	size_t best = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] != ' ')
			continue;
		if (text_width_capped(s, i, first_width + 1) > first_width)
			break;
		best = i;
	}
	return best;
}

void frame_footer(pt_ui *ui, int rows, int cols, const char *status, const char *fallback)
{
	pt_keyhint keys[16];
	size_t n = bind_bar(ui, ui_screen_ops(ui->screen), keys, sizeof keys / sizeof keys[0]);
	/* The alert under the key bar already says what a notice of it says. */
	const char *alert = track_alert(ui->track);
	bool repeats = alert[0] != '\0' && strncmp(ui->message, alert, UI_MESSAGE_MAX - 1) == 0;
	bool said = ui->message[0] != '\0' && !repeats;
	const char *line = said ? ui->message : fallback, *named = line;
	size_t first = said ? message_split(line, cols - 2, cols - 2 - SCROLL_MARK_COLS) : 0;
	if (first > 0) {
		/* A message wider than its row takes the status row too until the
		 * next key: what it says is not cut off on a narrow terminal (the
		 * standing hint, shown when nothing was said, keeps to its row). */
		draw_text(rows - 3, 1, cols - 2 - SCROLL_MARK_COLS, ROLE_MESSAGE, line, first);
		line += first + 1;
	} else {
		draw_str(rows - 3, 1, cols - 2 - SCROLL_MARK_COLS, ROLE_NORMAL, status);
	}
	draw_str(rows - 2, 1, cols - 2, ROLE_MESSAGE, line);
	draw_keys(rows - 1, cols, keys, n, alert[0] != '\0' ? 2 : 1, named);
}

/* The rows the alert may take: three on a small screen (the exam form
 * still fits at the smallest), a third of a taller one. */
static int alert_max_rows(int rows)
{
	return rows > 20 ? rows / 3 : 3;
}

/* Lays out the alert's first len bytes in d, then, when cut, a mark that
 * says where the rest is, then the key that puts it away. */
static void alert_doc(pt_doc *d, int cols, const char *alert, size_t len, bool cut)
{
	doc_reset(d, cols - 2);
	doc_atom(d, ROLE_WRONG, 0, draw_ascii() ? "!!" : "\u26a0");
	doc_move_to(d, d->col + 1);
	/* Wrapped at spaces, and inside a path wider than the line rather
	 * than cutting it off. */
	doc_set_indent(d, d->col);
	doc_code(d, ROLE_WRONG, alert, len);
	if (cut)
		doc_atom(d, ROLE_WRONG, 0, draw_ascii() ? "... (all of it when you quit)" : "\u2026 (all of it when you quit)");
	doc_move_to(d, d->col + 2);
	doc_atom(d, ROLE_KEY, 0, ui_alert_key->keys);
	doc_move_to(d, d->col + 1);
	doc_atom(d, ROLE_NORMAL, 0, "puts this away");
}

int frame_alert_rows(pt_ui *ui, int rows, int cols)
{
	const char *alert = ui->track != NULL ? track_alert(ui->track) : "";
	if (alert[0] == '\0')
		return 0;
	size_t len = strlen(alert), most = (size_t)alert_max_rows(rows);
	alert_doc(&ui->alert, cols, alert, len, false);
	if (doc_height(&ui->alert) > most) {
		/* Taller than its rows, it ends where the mark still fits (found
		 * by halving), at the space before (quitting prints it whole). */
		size_t fits = 0, over = len;
		while (over - fits > 1) {
			size_t mid = fits + (over - fits) / 2;
			alert_doc(&ui->alert, cols, alert, mid, true);
			*(doc_height(&ui->alert) <= most ? &fits : &over) = mid;
		}
		len = fits;
		while (len > 0 && alert[len] != ' ' && alert[len - 1] != ' ')
			len--;
		if (len == 0) /* no space: not inside a character */
			for (len = fits; len > 0 && ((unsigned char)alert[len] & 0xC0) == 0x80; len--)
				;
		while (len > 0 && alert[len - 1] == ' ')
			len--;
		alert_doc(&ui->alert, cols, alert, len, true);
	}
	size_t height = doc_height(&ui->alert);
	return height < most ? (int)height : (int)most;
}

void frame_alert(pt_ui *ui, int rows, int height)
{
	if (height <= 0)
		return;
	doc_render(&ui->alert, rows - height, 1, height, 0);
}

size_t frame_pane(pt_pane *pane, const pt_doc *d, int rows, size_t scroll)
{
	size_t height = doc_height(d);
	pane->rows = rows;
	pane->max = height > (size_t)rows ? height - (size_t)rows : 0;
	return scroll < pane->max ? scroll : pane->max;
}

/* Says at the right of the status line whether the body scrolled to shown
 * (of at most max) has more above or below. */
static void scroll_mark(int rows, int cols, size_t shown, size_t max)
{
	bool above = shown > 0;
	bool below = shown < max;
	if (!above && !below)
		return;
	const char *mark = !above ? "more below (PgDn)" :
	    !below ? "more above (PgUp)" : "more above and below";
	int w = text_width(mark, strlen(mark));
	draw_str(rows - 3, cols - w - 1, w, ROLE_DIM, mark);
}

void frame_body(pt_ui *ui, pt_doc *d, size_t *scroll, int rows, int cols)
{
	int body_rows = frame_body_rows(rows);
	size_t shown = frame_pane(&ui->body_pane, d, body_rows, *scroll);
	doc_render(d, UI_BODY_TOP, 1, body_rows, shown);
	ui->body_scrolls = ui->body_pane.max > 0;
	scroll_mark(rows, cols, shown, ui->body_pane.max);
}

/* Rows the feedback keeps under a question that stays in view (when
 * the prompt is cut to its first line, what is left). */
#define FEEDBACK_MIN_ROWS 4

/* Lines [from, to) of the body document. */
typedef struct span {
	size_t from, to;
} span;

/* How an item's body is laid out: the spans kept at the top (with the
 * marker row after the first when the prompt is cut) and the spans that
 * scroll beneath them, as one list. */
typedef struct split_layout {
	span pinned[2];
	size_t n_pinned;
	bool marker;
	span pane[2];
	size_t n_pane;
} split_layout;

static size_t span_len(span s)
{
	return s.to > s.from ? s.to - s.from : 0;
}

/* Chooses what stays at the top of rows body rows: the whole question
 * when it leaves the feedback its rows; else the prompt's first lines, a
 * marker that it goes on, and the answer area (what the learner answers
 * in) whole, the rest of the prompt scrolling above the feedback; else,
 * when the answer area alone is too tall, the prompt's first line (and
 * false). */
static bool split_choose(const pt_split *sp, size_t height, size_t rows, split_layout *l)
{
	size_t area = sp->area < sp->fixed ? sp->fixed - sp->area : 0;
	size_t area_end = sp->fixed;
	size_t stem = sp->stem > 0 && sp->stem <= sp->area ? sp->stem : 1;
	memset(l, 0, sizeof *l);
	if (sp->fixed + FEEDBACK_MIN_ROWS <= rows && sp->fixed < height) {
		l->pinned[l->n_pinned++] = (span){ 0, sp->fixed };
		l->pane[l->n_pane++] = (span){ sp->fixed, height };
		return true;
	}
	if (!sp->feedback) {
		/* Nothing beneath to make room for yet: the body reads on in
		 * order under the prompt's first line. */
		l->pinned[l->n_pinned++] = (span){ 0, 1 };
		l->pane[l->n_pane++] = (span){ 1, height };
		return true;
	}
	if (area > 1) {
		area--; /* the empty line under the area: the feedback's row now */
		area_end--;
	}
	if (area > 0 && area + 3 <= rows && sp->fixed <= height) {
		/* The prompt keeps the lines that leave the feedback its rows,
		 * at least one; the feedback keeps at least one. */
		size_t keep = area + 1 + FEEDBACK_MIN_ROWS < rows ? rows - area - 1 - FEEDBACK_MIN_ROWS : 1;
		if (keep > stem)
			keep = stem;
		l->pinned[l->n_pinned++] = (span){ 0, keep };
		l->marker = keep < stem || stem < sp->area - 1;
		l->pinned[l->n_pinned++] = (span){ sp->area, area_end };
		if (keep < sp->area)
			l->pane[l->n_pane++] = (span){ keep, sp->area };
		l->pane[l->n_pane++] = (span){ sp->fixed, height };
		return true;
	}
	l->pinned[l->n_pinned++] = (span){ 0, 1 };
	l->pane[l->n_pane++] = (span){ 1, height };
	return false;
}

bool frame_split_keeps(const pt_split *sp, size_t height, int rows)
{
	split_layout l;
	size_t body_rows = (size_t)frame_body_rows(rows);
	return height <= body_rows || split_choose(sp, height, body_rows, &l);
}

/* Returns where document line line is in the pane's list, or false when
 * it is not in the pane. */
static bool pane_index(const split_layout *l, size_t line, size_t *at)
{
	size_t before = 0;
	for (size_t k = 0; k < l->n_pane; k++) {
		if (line >= l->pane[k].from && line < l->pane[k].to) {
			*at = before + line - l->pane[k].from;
			return true;
		}
		before += span_len(l->pane[k]);
	}
	return false;
}

/* Renders row i of the pane's list at screen row y. */
static void pane_render(pt_doc *d, const split_layout *l, int y, size_t i)
{
	for (size_t k = 0; k < l->n_pane; k++) {
		if (i < span_len(l->pane[k])) {
			doc_render_more(d, y, 1, 1, l->pane[k].from + i);
			return;
		}
		i -= span_len(l->pane[k]);
	}
}

void frame_split(pt_ui *ui, pt_doc *d, const pt_split *sp, size_t *scroll, int rows, int cols)
{
	int body_rows = frame_body_rows(rows);
	size_t height = doc_height(d);
	if (height <= (size_t)body_rows) {
		*scroll = 0;
		frame_body(ui, d, scroll, rows, cols);
		return;
	}
	/* Too tall: what stays at the top is chosen above; the rest scrolls
	 * below it (*scroll counts the pane's lines). What is revealed comes
	 * into view, but never pushes the line being worked on out. */
	split_layout l;
	split_choose(sp, height, (size_t)body_rows, &l);
	size_t pinned = l.marker ? 1 : 0, total = 0;
	for (size_t k = 0; k < l.n_pinned; k++)
		pinned += span_len(l.pinned[k]);
	for (size_t k = 0; k < l.n_pane; k++)
		total += span_len(l.pane[k]);
	int pane_rows = body_rows - (int)pinned;
	ui->body_pane.rows = pane_rows;
	ui->body_pane.max = total > (size_t)pane_rows ? total - (size_t)pane_rows : 0;
	size_t first, last, keep;
	/* A span that ends the body ends on its empty last line, which is
	 * not drawn: its last drawn line is the one to bring into view. */
	if (sp->reveal && pane_index(&l, sp->last < height ? sp->last : height - 1, &last)) {
		if (!pane_index(&l, sp->first, &first))
			first = 0;
		doc_show_lines(scroll, first, last, pane_rows);
		if (pane_index(&l, sp->keep, &keep) && keep < *scroll)
			*scroll = keep;
		else if (pane_index(&l, sp->keep, &keep) && keep >= *scroll + (size_t)pane_rows)
			*scroll = keep - (size_t)pane_rows + 1;
	}
	size_t shown = *scroll < ui->body_pane.max ? *scroll : ui->body_pane.max;
	int y = UI_BODY_TOP;
	d->n_hits = 0;
	d->n_links = 0;
	for (size_t k = 0; k < l.n_pinned; k++) {
		doc_render_more(d, y, 1, (int)span_len(l.pinned[k]), l.pinned[k].from);
		y += (int)span_len(l.pinned[k]);
		if (k == 0 && l.marker) {
			const char *goes_on = "\u2026 the question goes on below (PgUp/PgDn)";
			const char *text = draw_ascii() ? "... the question goes on below (PgUp/PgDn)" : goes_on;
			draw_str(y++, 1, cols - 2, ROLE_DIM, text);
		}
	}
	for (int r = 0; r < pane_rows; r++)
		pane_render(d, &l, y + r, shown + (size_t)r);
	ui->body_scrolls = true;
	scroll_mark(rows, cols, shown, ui->body_pane.max);
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

/* menu.c - the lesson menu: every lesson found, broken ones included and
 * shown with their first diagnostic, never hidden and never opened. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "paratutor/text.h"
#include "paratutor/ui_app.h"

/* Lessons the page keys move over. */
#define MENU_PAGE 5
/* Cells of a lesson's progress bar. */
#define BAR_CELLS 10

/* Returns true when the entry is shown as broken. */
static bool entry_broken(const pt_entry *e)
{
	return e->lesson == NULL || e->broken;
}

/* Diagnostics listed under a broken lesson; the rest are counted. */
#define MAX_SHOWN_DIAGS 6

/* Adds a broken entry: its name and its diagnostics, errors first. */
static void add_broken(pt_doc *d, const pt_entry *e, int zone, bool selected)
{
	const char *name = e->lesson != NULL && e->lesson->title.s != NULL ? e->lesson->title.s : e->path;
	doc_atomf(d, ROLE_WRONG, zone, "%s Broken:", draw_glyph(GLYPH_WRONG));
	doc_move_to(d, d->col + 1);
	doc_wrap(d, selected ? ROLE_SELECTED : ROLE_HEADING, zone, name);
	size_t shown = 0;
	for (int pass = 0; pass < 2; pass++) {
		pt_severity want = pass == 0 ? PT_ERROR : PT_WARNING;
		for (size_t i = 0; i < e->diags.n && shown < MAX_SHOWN_DIAGS; i++) {
			if (e->diags.v[i].severity != want)
				continue;
			char text[1024];
			diags_format(&e->diags.v[i], text, sizeof text);
			doc_newline(d);
			doc_move_to(d, 4);
			doc_wrap(d, ROLE_DIM, zone, text);
			shown++;
		}
	}
	if (e->diags.n > shown) {
		doc_newline(d);
		doc_move_to(d, 4);
		doc_atomf(d, ROLE_DIM, zone, "... and %zu more: run paratutor --check %s", e->diags.n - shown, e->path);
	}
}

/* Writes "10 items · 3 easy 4 medium 3 hard · " into buf. */
static void format_counts(const pt_lesson *lesson, char *buf, size_t size)
{
	size_t per[3] = { 0, 0, 0 };
	for (size_t i = 0; i < lesson->n_items; i++)
		per[lesson->items[i].difficulty]++;
	const char *dot = draw_glyph(GLYPH_DOT);
	int len = snprintf(buf, size, "%zu item%s %s", lesson->n_items, lesson->n_items == 1 ? "" : "s", dot);
	for (int k = PT_EASY; k <= PT_HARD && len > 0 && (size_t)len < size; k++)
		if (per[k] > 0)
			len += snprintf(buf + len, size - (size_t)len, " %zu %s", per[k],
			    lesson_difficulty_name((pt_difficulty)k));
	if (len > 0 && (size_t)len < size)
		snprintf(buf + len, size - (size_t)len, " %s ", dot);
}

/* Writes the lesson's progress from the store into buf: a bar, done/total
 * and score, or "not started"; returns the role to draw it in. */
static pt_role format_progress(const pt_ui *ui, const pt_lesson *lesson, char *buf, size_t size)
{
	size_t done = 0, total = lesson->n_items;
	int score = 0;
	progress_lesson_stats(ui->track->progress, lesson, &done, &total, &score);
	if (done == 0) {
		snprintf(buf, size, "not started");
		return ROLE_DIM;
	}
	char bar[BAR_CELLS + 1];
	size_t filled = total ? done * BAR_CELLS / total : 0;
	for (size_t k = 0; k < BAR_CELLS; k++)
		bar[k] = k < filled ? '#' : '.';
	bar[BAR_CELLS] = '\0';
	snprintf(buf, size, "[%s] %zu/%zu done %s score %d", bar, done, total, draw_glyph(GLYPH_DOT), score);
	return done == total ? ROLE_RIGHT : ROLE_NORMAL;
}

/* Adds s, cut with an ellipsis to the room left on the line (less keep
 * columns), never inside a character. */
static void add_clipped(pt_doc *d, pt_role role, int zone, const char *s, int keep)
{
	int room = d->width - d->col - keep;
	size_t len = strlen(s);
	if (room <= 0)
		return;
	if (text_width(s, len) <= room) {
		doc_atom(d, role, zone, s);
		return;
	}
	const char *ellipsis = draw_glyph(GLYPH_ELLIPSIS);
	int budget = room - text_width(ellipsis, strlen(ellipsis));
	size_t i = 0;
	int w = 0;
	while (i < len) {
		size_t next = i;
		int cw = text_cp_width(text_decode(s, len, &next));
		if (w + cw > budget)
			break;
		w += cw;
		i = next;
	}
	char cut[1024];
	snprintf(cut, sizeof cut, "%.*s%s", (int)(i < sizeof cut - 8 ? i : sizeof cut - 8), s, ellipsis);
	doc_atom(d, role, zone, cut);
}

/* Adds catalog entry index to the menu document: two rows that do not
 * change when the selection moves, so a move redraws only the marker.
 * Row one: marker, title and progress; row two: item count, difficulty
 * mix and the summary, cut to fit. */
static void add_entry(pt_ui *ui, pt_doc *d, size_t index, bool selected)
{
	const pt_entry *e = &ui->catalog->v[index];
	int zone = ZONE(ZONE_ENTRY, index);
	doc_atom(d, ROLE_NORMAL, zone, selected ? draw_glyph(GLYPH_FOCUS) : " ");
	doc_move_to(d, 2);
	if (entry_broken(e)) {
		add_broken(d, e, zone, selected);
		return;
	}
	char progress[96], counts[160];
	pt_role progress_role = format_progress(ui, e->lesson, progress, sizeof progress);
	int progress_w = text_width(progress, strlen(progress));
	add_clipped(d, ROLE_HEADING, zone, e->lesson->title.s, progress_w + 2);
	doc_move_to(d, d->width - progress_w);
	doc_atom(d, progress_role, zone, progress);
	doc_newline(d);
	doc_move_to(d, 4);
	format_counts(e->lesson, counts, sizeof counts);
	doc_atom(d, ROLE_DIM, zone, counts);
	add_clipped(d, ROLE_NORMAL, zone, e->lesson->summary.s, 0);
}

void menu_draw(pt_ui *ui, int rows, int cols)
{
	pt_menu_view *m = &ui->menu;
	pt_doc *d = &ui->body;
	size_t n = ui->catalog->n;
	size_t first = 0, last = 0;
	doc_reset(d, cols - 2);
	for (size_t i = 0; i < n; i++) {
		if (entry_broken(&ui->catalog->v[i]) || (i > 0 && entry_broken(&ui->catalog->v[i - 1])))
			doc_gap(d);
		else if (i > 0)
			doc_newline(d);
		if (i == m->selected)
			first = doc_line(d);
		add_entry(ui, d, i, i == m->selected);
		if (i == m->selected)
			last = doc_line(d);
	}
	frame_misconceptions(ui, d, NULL);
	doc_show_lines(&m->scroll, first, last, frame_body_rows(rows));

	char right[64];
	snprintf(right, sizeof right, "%zu lesson%s", n, n == 1 ? "" : "s");
	frame_header(cols, "paratutor: lessons", right);
	frame_body(ui, d, &m->scroll, rows, cols);

	char status[96], message[UI_MESSAGE_MAX], move[32];
	size_t due = progress_due_count(ui->track->progress, ui->catalog, time(NULL));
	if (due > 0)
		snprintf(status, sizeof status, "Review: %zu item%s due %s press r", due, due == 1 ? "" : "s",
		    draw_glyph(GLYPH_DOT));
	else
		snprintf(status, sizeof status, "Review: nothing due");
	snprintf(move, sizeof move, "%s/%s", draw_glyph(GLYPH_UP), draw_glyph(GLYPH_DOWN));
	if (m->message[0] != '\0')
		snprintf(message, sizeof message, "%s", m->message);
	else if (entry_broken(&ui->catalog->v[m->selected]))
		snprintf(message, sizeof message, "This lesson has errors: see 'paratutor --check %s'",
		    ui->catalog->v[m->selected].path);
	else
		snprintf(message, sizeof message, "Choose a lesson with %s and press Enter to start", move);
	const pt_keyhint keys[] = {
		{ move, "move" }, { "Enter", "open" }, { "r", "review" }, { "?", "help" }, { "q", "quit" },
	};
	frame_footer(rows, cols, status, message, keys, sizeof keys / sizeof keys[0]);
}

/* Opens the selected lesson, or says why it cannot be opened. */
static unsigned open_selected(pt_ui *ui)
{
	pt_menu_view *m = &ui->menu;
	const pt_entry *e = &ui->catalog->v[m->selected];
	if (ui_open_lesson(ui, m->selected))
		return UI_REDRAW;
	if (entry_broken(e))
		ui_say(m->message, "Cannot open a broken lesson: fix %s and restart paratutor", e->path);
	else if (e->lesson->n_items == 0)
		ui_say(m->message, "This lesson has no items yet");
	else
		ui_say(m->message, "Out of memory: cannot open this lesson");
	return UI_REDRAW;
}

/* Moves the selection by delta entries, stopping at either end. */
static void move_selection(pt_ui *ui, long delta)
{
	long target = (long)ui->menu.selected + delta;
	long last = (long)ui->catalog->n - 1;
	ui->menu.selected = (size_t)(target < 0 ? 0 : target > last ? last : target);
}

unsigned menu_key(pt_ui *ui, const pt_event *ev)
{
	pt_menu_view *m = &ui->menu;
	m->message[0] = '\0';
	switch (ev->kind) {
	case EV_CLICK: {
		int zone = doc_hit(&ui->body, ev->y, ev->x);
		if (ZONE_KIND(zone) != ZONE_ENTRY)
			return UI_REDRAW;
		if ((size_t)ZONE_INDEX(zone) == m->selected)
			return open_selected(ui);
		m->selected = (size_t)ZONE_INDEX(zone);
		return UI_REDRAW;
	}
	case EV_WHEEL:
		move_selection(ui, ev->code);
		return UI_REDRAW;
	case EV_CHAR:
		switch (ev->code) {
		case 'j': move_selection(ui, 1); break;
		case 'k': move_selection(ui, -1); break;
		case 'l': return open_selected(ui);
		case 'r': case 'R': review_start(ui); break;
		case 'q': case 'Q': return UI_QUIT;
		default: break;
		}
		return UI_REDRAW;
	case EV_KEY:
		switch (ev->code) {
		case PT_KEY_UP: move_selection(ui, -1); break;
		case PT_KEY_DOWN: move_selection(ui, 1); break;
		case PT_KEY_PGUP: move_selection(ui, -MENU_PAGE); break;
		case PT_KEY_PGDN: move_selection(ui, MENU_PAGE); break;
		case PT_KEY_HOME: m->selected = 0; break;
		case PT_KEY_END: move_selection(ui, (long)ui->catalog->n); break;
		case PT_KEY_ENTER: case PT_KEY_RIGHT: return open_selected(ui);
		default: break;
		}
		return UI_REDRAW;
	case EV_RESIZE:
		break;
	}
	return UI_REDRAW;
}

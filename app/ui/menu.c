/* menu.c - the lesson menu: every lesson found, broken ones included and
 * shown with their first diagnostic, never hidden and never opened. */
#include <stdio.h>
#include <string.h>
#include <time.h>

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

/* Adds the line "10 items · 3 easy 4 medium 3 hard". */
static void add_counts(pt_doc *d, const pt_lesson *lesson, int zone)
{
	size_t per[3] = { 0, 0, 0 };
	for (size_t i = 0; i < lesson->n_items; i++)
		per[lesson->items[i].difficulty]++;
	char text[256];
	int len = snprintf(text, sizeof text, "%zu item%s %s", lesson->n_items,
	    lesson->n_items == 1 ? "" : "s", draw_glyph(GLYPH_DOT));
	for (int k = PT_EASY; k <= PT_HARD && len > 0 && (size_t)len < sizeof text; k++)
		if (per[k] > 0)
			len += snprintf(text + len, sizeof text - (size_t)len, " %zu %s", per[k],
			    lesson_difficulty_name((pt_difficulty)k));
	doc_wrap(d, ROLE_DIM, zone, text);
}

/* Adds the lesson's progress from the store: a bar, done/total, score. */
static void add_progress(pt_doc *d, const pt_ui *ui, const pt_lesson *lesson, int zone)
{
	size_t done = 0, total = lesson->n_items;
	int score = 0;
	progress_lesson_stats(ui->track->progress, lesson, &done, &total, &score);
	char bar[BAR_CELLS + 3];
	size_t filled = total ? done * BAR_CELLS / total : 0;
	bar[0] = '[';
	for (size_t k = 0; k < BAR_CELLS; k++)
		bar[k + 1] = k < filled ? '#' : '.';
	bar[BAR_CELLS + 1] = ']';
	bar[BAR_CELLS + 2] = '\0';
	doc_atom(d, done == total && total > 0 ? ROLE_RIGHT : ROLE_LABEL, zone, bar);
	doc_move_to(d, d->col + 1);
	if (done == 0)
		doc_atomf(d, ROLE_DIM, zone, "not started");
	else
		doc_atomf(d, ROLE_NORMAL, zone, "%zu/%zu done %s score %d", done, total,
		    draw_glyph(GLYPH_DOT), score);
}

/* Adds catalog entry index to the menu document. */
static void add_entry(pt_ui *ui, pt_doc *d, size_t index, bool selected)
{
	const pt_entry *e = &ui->catalog->v[index];
	int zone = ZONE(ZONE_ENTRY, index);
	/* The blank where the marker is not stays plain: moving the selection
	 * then costs the terminal no attribute changes for it. */
	doc_atom(d, selected ? ROLE_LABEL : ROLE_NORMAL, zone, selected ? draw_glyph(GLYPH_FOCUS) : " ");
	doc_move_to(d, 2);
	if (entry_broken(e)) {
		add_broken(d, e, zone, selected);
		return;
	}
	doc_wrap(d, selected ? ROLE_SELECTED : ROLE_HEADING, zone, e->lesson->title.s);
	doc_newline(d);
	doc_move_to(d, 4);
	doc_wrap(d, ROLE_NORMAL, zone, e->lesson->summary.s);
	doc_newline(d);
	doc_move_to(d, 4);
	add_counts(d, e->lesson, zone);
	doc_newline(d);
	doc_move_to(d, 4);
	add_progress(d, ui, e->lesson, zone);
}

void menu_draw(pt_ui *ui, int rows, int cols)
{
	pt_menu_view *m = &ui->menu;
	pt_doc *d = &ui->body;
	size_t n = ui->catalog->n;
	size_t first = 0, last = 0;
	size_t due = progress_due_count(ui->track->progress, ui->catalog, time(NULL));
	doc_reset(d, cols - 2);
	if (due > 0)
		doc_atomf(d, ROLE_PROMPT, 0, "Review: %zu item%s due %s press r to answer %s", due,
		    due == 1 ? "" : "s", draw_glyph(GLYPH_DOT), due == 1 ? "it" : "them");
	else
		doc_atom(d, ROLE_DIM, 0, "Review: nothing due");
	frame_misconceptions(ui, d, NULL);
	for (size_t i = 0; i < n; i++) {
		doc_gap(d);
		if (i == m->selected)
			first = doc_line(d);
		add_entry(ui, d, i, i == m->selected);
		if (i == m->selected)
			last = doc_line(d);
	}
	doc_show_lines(&m->scroll, first, last, frame_body_rows(rows));

	char right[64];
	snprintf(right, sizeof right, "%zu lesson%s", n, n == 1 ? "" : "s");
	frame_header(cols, "paratutor: lessons", right);
	frame_body(ui, d, &m->scroll, rows, cols);

	char status[64], message[UI_MESSAGE_MAX], move[32];
	snprintf(status, sizeof status, "Lesson %zu of %zu", m->selected + 1, n);
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

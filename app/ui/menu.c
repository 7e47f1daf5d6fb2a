/* menu.c - the lesson menu: every lesson found, broken ones included and
 * shown with their first diagnostic, never hidden and never opened.  It
 * is drawn from each entry's info (what the index keeps), so no lesson is
 * loaded until it is opened. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "paratutor/learn/score.h"
#include "paratutor/report/next.h"
#include "paratutor/base/text.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/ui/ui_exam_gate.h"
#include "paratutor/ui/ui_kind.h"

/* Cells of a lesson's progress bar. */
#define BAR_CELLS 10

/* Returns true when the entry is shown as broken. */
static bool entry_broken(const pt_entry *e)
{
	return e->info == NULL || e->broken;
}

/* Diagnostics listed under a broken lesson; the rest are counted. */
#define MAX_SHOWN_DIAGS 6

/* Adds a broken entry: its name and its diagnostics, errors first. */
static void add_broken(pt_doc *d, const pt_entry *e, int zone, bool selected)
{
	const char *name = e->info != NULL && e->info->title != NULL ? e->info->title : e->path;
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
	char dropped[512];
	if (diags_format_dropped(&e->diags, e->path, dropped, sizeof dropped)) {
		doc_newline(d);
		doc_move_to(d, 4);
		doc_wrap(d, ROLE_WRONG, zone, dropped);
	}
	if (e->diags.n > shown) {
		doc_newline(d);
		doc_move_to(d, 4);
		doc_atomf(d, ROLE_DIM, zone, "... and %zu more: run paratutor --check %s", e->diags.n - shown, e->path);
	}
}

/* Appends s to the len bytes in buf (size > 0), as much as fits, and
 * returns the new length.  The menu builds its rows for every lesson, so
 * it appends instead of calling snprintf a few times per row. */
static size_t append(char *buf, size_t size, size_t len, const char *s)
{
	size_t n = strlen(s);
	if (n > size - 1 - len)
		n = size - 1 - len;
	memcpy(buf + len, s, n);
	buf[len + n] = '\0';
	return len + n;
}

/* Appends the decimal digits of n, as append does. */
static size_t append_count(char *buf, size_t size, size_t len, size_t n)
{
	char digits[24];
	size_t at = sizeof digits - 1;
	digits[at] = '\0';
	do
		digits[--at] = (char)('0' + n % 10);
	while ((n /= 10) > 0);
	return append(buf, size, len, digits + at);
}

/* Writes "10 items · choice · fill · number · " into buf: the count, then
 * each kind of question the lesson holds. */
static void format_counts(const pt_lesson_info *lesson, char *buf, size_t size)
{
	const char *dot = draw_glyph(GLYPH_DOT);
	buf[0] = '\0';
	size_t len = append_count(buf, size, 0, lesson->n_items);
	len = append(buf, size, len, lesson->n_items == 1 ? " item " : " items ");
	len = append(buf, size, len, dot);
	const ui_kind_ops *k;
	for (size_t i = 0; (k = ui_kind_at(i)) != NULL; i++)
		if (lesson->kinds & (1u << k->kind)) {
			len = append(buf, size, len, " ");
			len = append(buf, size, len, k->word);
			len = append(buf, size, len, " ");
			len = append(buf, size, len, dot);
		}
	append(buf, size, len, " ");
}

/* The fewest columns a lesson's title keeps beside its progress. */
#define MIN_TITLE_COLS 12

/* Writes the lesson's progress from the store into buf: a bar (when bar
 * is set), done/total and score, or "not started"; returns the role to
 * draw it in. */
static pt_role format_progress(const pt_ui *ui, const pt_lesson_info *lesson, bool bar_too, char *buf, size_t size)
{
	pt_lesson_scores sc;
	progress_info_scores(ui->track->progress, lesson, &sc);
	size_t done = sc.done, total = sc.total;
	if (done == 0 && sc.attempt <= 1) {
		buf[0] = '\0';
		append(buf, size, 0, "not started");
		return ROLE_DIM;
	}
	/* To the nearest cell, but one item done always shows and the bar is
	 * full only when every item is. */
	size_t filled = total ? (done * BAR_CELLS + total / 2) / total : 0;
	if (filled == 0 && done > 0)
		filled = 1;
	if (filled == BAR_CELLS && done < total)
		filled = BAR_CELLS - 1;
	char bar[BAR_CELLS * 4 + 1];
	size_t len = 0;
	bar[0] = '\0';
	for (size_t k = 0; k < BAR_CELLS; k++)
		len = append(bar, sizeof bar, len, draw_glyph(k < filled ? GLYPH_BAR_FULL : GLYPH_BAR_EMPTY));
	char score[64];
	score_attempt_text(sc.score, sc.attempt, sc.attempt_score, draw_ascii(), score, sizeof score);
	if (bar_too)
		snprintf(buf, size, "[%s] %zu/%zu done %s score %s", bar, done, total, draw_glyph(GLYPH_DOT), score);
	else
		snprintf(buf, size, "%zu/%zu done %s score %s", done, total, draw_glyph(GLYPH_DOT), score);
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
	if (text_width_capped(s, len, room + 1) <= room) {
		doc_atom(d, role, zone, s);
		return;
	}
	const char *ellipsis = draw_glyph(GLYPH_ELLIPSIS);
	size_t i = text_fit(s, len, room - text_width(ellipsis, strlen(ellipsis)));
	char cut[1024];
	size_t keep_bytes = i < sizeof cut - 8 ? i : sizeof cut - 8;
	memcpy(cut, s, keep_bytes);
	cut[keep_bytes] = '\0';
	append(cut, sizeof cut, keep_bytes, ellipsis);
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
	/* The lesson's number, right-aligned: typing it opens the lesson. */
	char number[24];
	int digits = snprintf(number, sizeof number, "%zu", ui->catalog->n);
	int len = snprintf(number, sizeof number, "%zu", index + 1);
	doc_move_to(d, 2 + digits - len);
	doc_atom(d, ROLE_LABEL, zone, number);
	int text_col = 2 + digits + 1;
	doc_move_to(d, text_col);
	if (entry_broken(e)) {
		add_broken(d, e, zone, selected);
		return;
	}
	char progress[192], counts[160];
	pt_role progress_role = format_progress(ui, e->info, true, progress, sizeof progress);
	int progress_w = text_width(progress, strlen(progress));
	if (d->width - text_col - progress_w - 2 < MIN_TITLE_COLS) {
		/* A narrow screen keeps the title readable: the bar goes first. */
		progress_role = format_progress(ui, e->info, false, progress, sizeof progress);
		progress_w = text_width(progress, strlen(progress));
	}
	add_clipped(d, ROLE_HEADING, zone, e->info->title, progress_w + 2);
	doc_move_to(d, d->width - progress_w);
	doc_atom(d, progress_role, zone, progress);
	doc_newline(d);
	doc_move_to(d, text_col + 2);
	format_counts(e->info, counts, sizeof counts);
	add_clipped(d, ROLE_DIM, zone, counts, 0); /* the entry keeps to two rows */
	add_clipped(d, ROLE_NORMAL, zone, e->info->summary, 0);
}

/* The menu's view state, private to this screen. */
struct menu_view {
	size_t selected;
	size_t scroll;
	bool paged;     /* the last key scrolled by a page: keep the scroll, fit the selection to it */
	size_t typed;   /* the lesson number being typed; 0 for none */
	size_t *first;  /* first body line of each entry at the last draw */
	size_t *last;   /* last body line of each entry at the last draw */
	size_t n_lines; /* entries the arrays hold */
	char next[PT_NEXT_TEXT]; /* what to study next, in a few words; "" hides the line */
	size_t due;     /* items due for review (next_compute, as every count) */
};

/* Keeps room for each entry's first and last line; false when out of memory. */
static bool reserve_lines(struct menu_view *menu, size_t n)
{
	if (n <= menu->n_lines)
		return true;
	size_t *first = realloc(menu->first, n * sizeof *first);
	if (first == NULL)
		return false;
	menu->first = first;
	size_t *last = realloc(menu->last, n * sizeof *last);
	if (last == NULL)
		return false;
	menu->last = last;
	menu->n_lines = n;
	return true;
}

/* After a page key: selects the entry nearest the view's top (moving
 * down) or bottom (moving up) that is wholly in view. */
static void fit_selection(struct menu_view *menu, int rows)
{
	size_t top = menu->scroll, bottom = menu->scroll + (size_t)rows;
	size_t n = menu->n_lines;
	if (menu->selected < n && menu->first[menu->selected] >= top && menu->last[menu->selected] < bottom)
		return;
	for (size_t i = 0; i < n; i++) {
		size_t k = menu->first[menu->selected] < top ? i : n - 1 - i;
		if (menu->first[k] >= top && menu->last[k] < bottom) {
			menu->selected = k;
			return;
		}
	}
}

/* Builds the menu document: every entry, then the mistakes made most
 * often; with lines set, records where each entry lies.  An entry that is
 * not broken takes two lines whatever it says, so one wholly outside body
 * lines [from, to) is laid out as two blank lines: a library of a
 * thousand lessons costs the text of a screenful. */
static void build_menu(pt_ui *ui, pt_doc *d, int cols, bool lines, size_t from, size_t to)
{
	struct menu_view *menu = ui->view;
	doc_reset(d, frame_text_width(cols));
	if (menu->next[0] != '\0') {
		doc_atom(d, ROLE_HEADING, 0, "Study next:");
		doc_move_to(d, d->col + 1);
		add_clipped(d, ROLE_NORMAL, 0, menu->next, 0);
		doc_newline(d);
	}
	for (size_t i = 0; i < ui->catalog->n; i++) {
		if (entry_broken(&ui->catalog->v[i]) || (i > 0 && entry_broken(&ui->catalog->v[i - 1])))
			doc_gap(d);
		else if (i > 0)
			doc_newline(d);
		size_t first = doc_line(d);
		if (!entry_broken(&ui->catalog->v[i]) && (first + 1 < from || first >= to))
			doc_newline(d);
		else
			add_entry(ui, d, i, i == menu->selected);
		if (lines) {
			menu->first[i] = first;
			menu->last[i] = doc_line(d);
		}
	}
	frame_misconceptions(ui, d, NULL);
}

/* Draws the menu: every catalog entry, broken ones with their first error. */
static void menu_draw(pt_ui *ui, int rows, int cols)
{
	struct menu_view *menu = ui->view;
	pt_doc *d = &ui->body;
	size_t n = ui->catalog->n;
	bool lines = reserve_lines(menu, n);
	if (menu->selected >= n)
		menu->selected = n ? n - 1 : 0;
	/* First the layout alone, to place the view; then the text of what
	 * is in view (without the line arrays, all of it). */
	build_menu(ui, d, cols, lines, 0, lines ? 0 : SIZE_MAX);
	int body_rows = frame_body_rows(rows);
	if (menu->paged && lines) {
		doc_clamp_scroll(d, &menu->scroll, body_rows);
		fit_selection(menu, body_rows);
	} else if (lines && n > 0) {
		doc_show_lines(&menu->scroll, menu->first[menu->selected], menu->last[menu->selected], body_rows);
	}
	if (lines)
		build_menu(ui, d, cols, lines, menu->scroll, menu->scroll + (size_t)body_rows);
	menu->paged = false;

	char right[64];
	snprintf(right, sizeof right, "%zu lesson%s", n, n == 1 ? "" : "s");
	frame_header(cols, "paratutor: lessons", right);
	frame_body(ui, d, &menu->scroll, rows, cols);

	char status[96], fallback[UI_MESSAGE_MAX];
	size_t due = menu->due;
	if (due > 0)
		snprintf(status, sizeof status, "Review: %zu item%s due %s press r", due, due == 1 ? "" : "s",
		    draw_glyph(GLYPH_DOT));
	else
		snprintf(status, sizeof status, "Review: nothing due");
	if (n > 0 && entry_broken(&ui->catalog->v[menu->selected]))
		snprintf(fallback, sizeof fallback, "This lesson has errors: see 'paratutor --check %s'",
		    ui->catalog->v[menu->selected].path);
	else
		snprintf(fallback, sizeof fallback, "Choose a lesson with %s/%s or type its number, then press Enter",
		    draw_glyph(GLYPH_UP), draw_glyph(GLYPH_DOWN));
	frame_footer(ui, rows, cols, status, fallback);
}

/* Sets the count of items due and the line of what to study next
 * (next.c): no line for a learner with nothing answered yet, whom the
 * menu itself starts, nor while an exam keeps the statistics closed. */
static void find_next(pt_ui *ui)
{
	struct menu_view *menu = ui->view;
	pt_progress *p = ui->track->progress;
	size_t n_records = 0;
	char why[256];
	pt_next next;
	menu->next[0] = '\0';
	menu->due = 0;
	if (p == NULL || (progress_records(p, &n_records), n_records == 0) ||
	    !next_compute(p, ui->catalog, ui_now(), NULL, &next))
		return;
	menu->due = next.due;
	if (!exam_gate_closed(p, NULL, why, sizeof why))
		snprintf(menu->next, sizeof menu->next, "%s", next.brief);
}

/* Makes the menu current with the selection on entry arg. */
static void menu_enter(pt_ui *ui, size_t arg)
{
	struct menu_view *menu = ui->view;
	find_next(ui);
	menu->selected = arg;
	menu->paged = false;
	menu->typed = 0;
}

/* Leaving: frees the entry line arrays (the view itself is freed by ui.c). */
static void menu_leave(pt_ui *ui)
{
	struct menu_view *menu = ui->view;
	free(menu->first);
	free(menu->last);
}

/* Writes the arrows for the move binding in the key bar. */
static void menu_bar_keys(const pt_ui *ui, const pt_binding *b, char *buf, size_t size)
{
	(void)ui;
	if (b->bar_keys != NULL && strcmp(b->bar_keys, "Up/Down") == 0)
		snprintf(buf, size, "%s/%s", draw_glyph(GLYPH_UP), draw_glyph(GLYPH_DOWN));
}

/* Opens the selected lesson, or says why it cannot be opened.  The
 * lesson is loaded and validated here, so a file broken since the index
 * was written shows as broken now. */
static unsigned open_selected(pt_ui *ui)
{
	struct menu_view *menu = ui->view;
	const pt_entry *e = &ui->catalog->v[menu->selected];
	if (!entry_broken(e))
		catalog_lesson(ui->catalog, menu->selected);
	if (entry_broken(e) && ui->watch_path != NULL)
		ui_say(ui, "Cannot open it while it has errors: fix them and save; it reloads by itself");
	else if (entry_broken(e))
		ui_say(ui, "Cannot open a broken lesson: fix %s and restart paratutor", e->path);
	else if (e->info->n_items == 0)
		ui_say(ui, "This lesson has no items yet");
	else
		ui_go(ui, UI_GO_LESSON, menu->selected);
	return UI_REDRAW;
}

/* Moves the selection by delta entries, stopping at either end. */
static void move_selection(pt_ui *ui, long delta)
{
	struct menu_view *menu = ui->view;
	menu->typed = 0;
	long target = (long)menu->selected + delta;
	long last = (long)ui->catalog->n - 1;
	menu->selected = (size_t)(target < 0 ? 0 : target > last ? last : target);
}

/* Up, k, wheel up: the lesson above. */
static unsigned key_up(pt_ui *ui, const pt_event *ev)
{
	move_selection(ui, ev->type == EV_WHEEL ? ev->code : -1);
	return UI_REDRAW;
}

/* Down, j: the lesson below. */
static unsigned key_down(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	move_selection(ui, 1);
	return UI_REDRAW;
}

/* PgUp, PgDn, Home, End: scroll the list by a page or to an end. */
static unsigned key_page(pt_ui *ui, const pt_event *ev)
{
	struct menu_view *menu = ui->view;
	menu->typed = 0;
	if (ev->code == PT_KEY_HOME) {
		menu->selected = 0;
	} else if (ev->code == PT_KEY_END) {
		/* The last lesson, shown whole (the view follows the selection). */
		move_selection(ui, (long)ui->catalog->n);
	} else {
		frame_scroll(ev, &menu->scroll, &ui->body_pane);
		menu->paged = true;
	}
	return UI_REDRAW;
}

/* 0-9: a digit of a lesson's number.  One rule for every number: the
 * digits select the lesson and Enter opens it, whatever the count.  The
 * number is the longest run of the last digits typed that names a lesson,
 * so typing 20 after 2 selects lesson 20, never lesson 220. */
static unsigned key_digit(pt_ui *ui, const pt_event *ev)
{
	struct menu_view *menu = ui->view;
	size_t n = ui->catalog->n;
	size_t d = (size_t)(ev->code - '0');
	size_t number = 0;
	/* The longest suffix of the typed digits and d that is 1..n. */
	char digits[48];
	int len = menu->typed == 0 ? snprintf(digits, sizeof digits, "%zu", d)
	                           : snprintf(digits, sizeof digits, "%zu%zu", menu->typed, d);
	for (int start = 0; start < len; start++) {
		if (digits[start] == '0')
			continue;
		size_t v = (size_t)strtoull(digits + start, NULL, 10);
		if (v >= 1 && v <= n) {
			number = v;
			break;
		}
	}
	if (number == 0) {
		menu->typed = 0;
		ui_say(ui, "The lessons are numbered 1 to %zu: type one of those numbers, then Enter", n);
		return UI_REDRAW;
	}
	menu->typed = number;
	menu->selected = number - 1;
	menu->paged = false;
	ui_say(ui, "Lesson %zu: press Enter to open it", number);
	return UI_REDRAW;
}

/* Enter, l, Right, a click on the selected lesson: open it. */
static unsigned key_open(pt_ui *ui, const pt_event *ev)
{
	struct menu_view *menu = ui->view;
	menu->typed = 0;
	if (ev->type == EV_CLICK) {
		int zone = doc_hit(&ui->body, ev->y, ev->x);
		if (ZONE_KIND(zone) != ZONE_ENTRY)
			return UI_REDRAW;
		if ((size_t)ZONE_INDEX(zone) != menu->selected) {
			menu->selected = (size_t)ZONE_INDEX(zone);
			return UI_REDRAW;
		}
	}
	return open_selected(ui);
}

/* s: the learner's statistics (the selection stays for the way back). */
static unsigned key_stats(pt_ui *ui, const pt_event *ev)
{
	struct menu_view *menu = ui->view;
	(void)ev;
	ui_go(ui, UI_GO_STATS, menu->selected);
	return UI_REDRAW;
}

/* q: leave paratutor. */
static unsigned key_quit(pt_ui *ui, const pt_event *ev)
{
	(void)ui;
	(void)ev;
	return UI_QUIT;
}

static const pt_binding menu_keys[] = {
	{ .keys = "Up, k", .help = "select the lesson above (the mouse wheel moves too)", .bar = "move",
	    .bar_keys = "Up/Down", .chars = "kK", .named = { PT_KEY_UP + 1 }, .events = UI_ON_WHEEL,
	    .run = key_up },
	{ .keys = "Down, j", .help = "select the lesson below", .chars = "jJ", .named = { PT_KEY_DOWN + 1 },
	    .run = key_down },
	{ .keys = "PgUp/PgDn, Home/End", .help = "scroll the list by a page, or to the top / bottom",
	    .named = { PT_KEY_PGUP + 1, PT_KEY_PGDN + 1, PT_KEY_HOME + 1, PT_KEY_END + 1 }, .run = key_page },
	{ .keys = "Enter, l, Right, click", .help = "open the lesson at its first unfinished item",
	    .bar = "open", .bar_keys = "Enter", .chars = "lL",
	    .named = { PT_KEY_ENTER + 1, PT_KEY_RIGHT + 1 }, .events = UI_ON_CLICK, .run = key_open },
	{ .keys = "1-9, 0",
	    .help = "type a lesson's number to select it, then Enter opens it (the last digits typed count)",
	    .chars = "0123456789", .run = key_digit },
	{ .keys = "r", .help = "answer the items due for review", .bar = "review", .chars = "rR",
	    .go = UI_GO_REVIEW, .word = "review", .cmd = PT_CMD_REVIEW },
	{ .keys = "s",
	    .help = "your statistics: mastery, right first time per day, reviews due, exams, mistakes, streak",
	    .bar = "stats", .chars = "sS", .run = key_stats, .word = "stats", .cmd = PT_CMD_STATS },
	{ .keys = "e",
	    .help = "sit an exam: a timed paper drawn across the lessons, scored only when submitted (asks "
	    "first; resumes an unfinished one; on a hosted course, says how its exams are sat)", .bar = "exam", .chars = "eE", .go = UI_GO_EXAM, .word = "exam",
	    .cmd = PT_CMD_EXAM },
	{ .word = "list", .shorts = "menu", .help = "show the lessons again", .cmd = PT_CMD_LIST },
	{ .word = "intro", .shorts = "guide", .help = "how paratutor works: items, marks, scores and review",
	    .cmd = PT_CMD_INTRO },
	{ .keys = "q", .help = "leave paratutor (your progress is already saved)", .bar = "quit",
	    .chars = "qQ", .run = key_quit, .word = "quit", .shorts = "q", .cmd = PT_CMD_QUIT },
};

const pt_screen_ops ui_menu_screen = {
	.name = "Lesson menu",
	.enter = menu_enter,
	.draw = menu_draw,
	.leave = menu_leave,
	.view_size = sizeof(struct menu_view),
	.bar_keys = menu_bar_keys,
	.keys = menu_keys,
	.n_keys = sizeof menu_keys / sizeof menu_keys[0],
};

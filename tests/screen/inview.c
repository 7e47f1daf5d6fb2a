/* inview.c - the question stays in view, on every bundled item: each item
 * of every lesson in the folders named on the command line is opened on
 * the real item screen (item.c's draw and keys, drawn by frame.c into a
 * curses screen with no terminal behind it), answered wrong and checked,
 * then answered right and checked (and, afresh, shown its first hint),
 * with the keys a learner presses (the
 * same bindings the event loop dispatches).  After each check, at 80x24
 * and at 60x16, the screen must show the prompt's first line, what the
 * learner answers from (every option of a choice or select-all item, every
 * entry of a fill item's bank, every prompt of a match item with its
 * answer, every position of an order item with its step, the answer field
 * of a typed item), and q and ? in the key bar.
 *
 * Prints "ok N - name" or "not ok N - name" with the screen (the first
 * dozen, or those whose name holds $INVIEW_SHOW; $INVIEW_SHOW_ALL shows
 * passing ones too), then a summary; exits 1 on any failure.  While the
 * answer field takes the keys, q is a letter of the answer and the bar
 * must name Tab instead; a compact area (view.compact) may cut a match
 * prompt's text and an answer already marked right. */
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/model/explore_item.h"
#include "paratutor/learn/kind.h"
#include "paratutor/learn/session.h"
#include "paratutor/base/text.h"
#include "paratutor/store/track.h"
#include "paratutor/ui/ui_answer.h"
#include "paratutor/ui/ui_answering.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_draw.h"
#include "paratutor/ui/ui_item.h"
#include "paratutor/ui/ui_kind_parts.h"

#define MAX_ROWS 24
#define MAX_COLS 80
#define ROW_BYTES (MAX_COLS * 4 + 1)

typedef struct screen_text {
	int rows, cols;
	char row[MAX_ROWS][ROW_BYTES];
	char body[MAX_ROWS * ROW_BYTES]; /* the body rows, trimmed and joined by one space */
} screen_text;

static int n_run, n_failed;
static int shown_screens;

/* ---- the screen ---- */

/* Reads the curses screen back into s. */
static void read_screen(screen_text *s, int rows, int cols)
{
	s->rows = rows;
	s->cols = cols;
	s->body[0] = '\0';
	size_t used = 0;
	for (int y = 0; y < rows; y++) {
		wchar_t w[MAX_COLS + 1];
		if (mvinnwstr(y, 0, w, cols) == ERR)
			w[0] = L'\0';
		w[cols] = L'\0';
		size_t n = wcstombs(s->row[y], w, ROW_BYTES - 1);
		if (n == (size_t)-1)
			n = 0;
		s->row[y][n] = '\0';
		while (n > 0 && s->row[y][n - 1] == ' ')
			s->row[y][--n] = '\0';
		if (y < UI_BODY_TOP || y >= rows - UI_FOOTER_ROWS)
			continue;
		const char *t = s->row[y] + strspn(s->row[y], " ");
		if (*t == '\0')
			continue;
		used += (size_t)snprintf(s->body + used, sizeof s->body - used, "%s%s", used ? " " : "", t);
	}
}

/* Copies text into out with every run of white space made one space and
 * the ends trimmed, at most max bytes of it (cut at a character). */
static void squeeze(const char *text, char *out, size_t size, size_t max)
{
	size_t n = 0;
	bool space = false;
	for (const char *p = text; *p != '\0' && n + 1 < size && n < max; p++) {
		if (*p == ' ' || *p == '\n' || *p == '\t') {
			space = n > 0;
			continue;
		}
		if (space && n + 2 < size) {
			out[n++] = ' ';
			space = false;
		}
		out[n++] = *p;
	}
	while (n > 0 && ((unsigned char)out[n - 1] & 0xC0) == 0x80)
		n--; /* a cut character goes whole */
	if (n > 0 && (unsigned char)out[n - 1] >= 0xC0)
		n--;
	out[n] = '\0';
}

/* Returns true when the body shows text (white space squeezed, its first
 * max bytes). */
static bool body_has(const screen_text *s, const char *text, size_t max)
{
	char want[512];
	squeeze(text, want, sizeof want, max);
	return want[0] == '\0' || strstr(s->body, want) != NULL;
}

/* Returns true when some body row, trimmed, starts with label then " (" or
 * " [" (an option of a choice or select-all item). */
static bool option_row(const screen_text *s, char label)
{
	for (int y = UI_BODY_TOP; y < s->rows - UI_FOOTER_ROWS; y++) {
		const char *t = s->row[y] + strspn(s->row[y], " ");
		if (t[0] == label && t[1] == ' ' && (t[2] == '(' || t[2] == '['))
			return true;
	}
	return false;
}

/* Returns true when the key bar (the last row) offers key. */
static bool bar_has(const screen_text *s, const char *key)
{
	const char *bar = s->row[s->rows - 1];
	size_t len = strlen(key);
	for (const char *p = bar; (p = strstr(p, key)) != NULL; p++)
		if ((p == bar || p[-1] == ' ') && p[len] == ' ')
			return true;
	return false;
}

/* The text of line i of the body document. */
static void doc_line_text(const pt_doc *d, size_t i, char *out, size_t size)
{
	size_t n = 0;
	size_t end = i + 1 < d->n_lines ? d->lines[i + 1] : d->n_segs;
	out[0] = '\0';
	for (size_t k = i < d->n_lines ? d->lines[i] : d->n_segs; k < end && n + 1 < size; k++) {
		const pt_seg *seg = &d->segs[k];
		n += (size_t)snprintf(out + n, size - n, "%s%.*s", n ? " " : "", (int)seg->len, d->text + seg->off);
		if (n >= size)
			n = size - 1;
	}
}

/* ---- the tutor ---- */

typedef struct tutor {
	pt_ui ui;
	pt_track track;
} tutor;

/* Sends one event through the item screen's chain of key tables, as the
 * event loop does. */
static void send(tutor *t, pt_event ev)
{
	unsigned result = 0;
	t->ui.message[0] = '\0';
	bind_dispatch(&t->ui, &ui_item_screen, &ev, &result);
}

static void key(tutor *t, pt_key k)
{
	send(t, (pt_event){ EV_KEY, (int)k, 0, 0 });
}

static void chr(tutor *t, int c)
{
	send(t, (pt_event){ EV_CHAR, c, 0, 0 });
}

/* Types text into the answer field, a character at a time. */
static void type(tutor *t, const char *text)
{
	size_t len = strlen(text), i = 0;
	while (i < len)
		chr(t, (int)text_decode(text, len, &i));
}

/* Draws the item screen at rows x cols and reads it back. */
static void draw_at(tutor *t, int rows, int cols, screen_text *s)
{
	resizeterm(rows, cols);
	draw_erase();
	ui_item_screen.draw(&t->ui, rows, cols);
	read_screen(s, rows, cols);
}

/* Opens item index of the lesson open in t, afresh. */
static void open_item(tutor *t, size_t index)
{
	pt_session *s = &t->ui.sessions[t->ui.entry];
	session_reset_item(s, index);
	ui_item_screen.enter(&t->ui, index);
}

/* ---- answering ---- */

/* Returns the bank entry right in slot b of g's item, or -1. */
static int right_entry(const pt_grade *g, int b)
{
	const pt_item *it = g->item;
	if (it->kind == PT_KIND_ORDER)
		return lesson_bank_find(it, it->steps.v[b].s);
	return lesson_bank_find(it, it->blanks[b].accept.v[0].s);
}

/* Returns true when bank entry o is right in slot b. */
static bool entry_right(const pt_grade *g, int b, int o)
{
	const pt_item *it = g->item;
	if (it->kind == PT_KIND_ORDER)
		return strcmp(it->bank.v[o].s, it->steps.v[b].s) == 0;
	for (size_t k = 0; k < it->blanks[b].accept.n; k++)
		if (strcmp(it->bank.v[o].s, it->blanks[b].accept.v[k].s) == 0)
			return true;
	return false;
}

/* Puts entry o into slot b with the keys: the slot's digit (unless it is
 * the only one), then the entry's letter. */
static void place(tutor *t, const pt_grade *g, int b, int o)
{
	if (g->fill[b] == o || g->locked[b])
		return;
	if (grade_slots(g) > 1)
		chr(t, '1' + b);
	chr(t, 'a' + o);
}

/* Answers a slots item wrong: every slot right but one (for an order
 * item, the first two steps swapped). */
static bool answer_slots_wrong(tutor *t, const pt_grade *g)
{
	int n = grade_slots(g), wrong_slot = -1, wrong_entry = -1;
	int choices = item_body_choices(g->item);
	for (int b = 0; b < n && wrong_slot < 0; b++)
		for (int o = 0; o < choices && wrong_slot < 0; o++)
			if (!entry_right(g, b, o)) {
				wrong_slot = b;
				wrong_entry = o;
			}
	if (wrong_slot < 0)
		return false;
	if (g->item->kind == PT_KIND_ORDER && n > 1) {
		/* a step stands in one position: the first two swapped */
		for (int b = 2; b < n; b++)
			place(t, g, b, right_entry(g, b));
		place(t, g, 0, right_entry(g, 1));
		place(t, g, 1, right_entry(g, 0));
		return true;
	}
	for (int b = 0; b < n; b++) {
		if (b == wrong_slot)
			continue;
		int o = right_entry(g, b);
		if (o < 0)
			return false;
		place(t, g, b, o);
	}
	place(t, g, wrong_slot, wrong_entry);
	return true;
}

static bool answer_slots_right(tutor *t, const pt_grade *g)
{
	for (int b = 0; b < grade_slots(g); b++) {
		int o = right_entry(g, b);
		if (o < 0)
			return false;
		place(t, g, b, o);
	}
	return true;
}

/* Ticks exactly the options of set (choice: presses the one). */
static void tick(tutor *t, const pt_grade *g, const bool *set)
{
	for (int o = 0; o < item_body_choices(g->item); o++)
		if (g->item->kind == PT_KIND_CHOICE ? set[o] : g->picked[o] != set[o])
			chr(t, 'a' + o);
}

static bool answer_picks(tutor *t, const pt_grade *g, bool right)
{
	const pt_item *it = g->item;
	int n = item_body_choices(it);
	bool set[PT_MAX_OPTIONS] = { false };
	int wrong = -1, n_right = 0;
	for (int o = 0; o < n; o++) {
		set[o] = it->options[o].correct;
		n_right += set[o];
		if (!set[o] && wrong < 0)
			wrong = o;
	}
	if (!right) {
		if (wrong < 0 || n_right == 0)
			return false;
		/* as many ticks as the key has, one of them wrong */
		for (int o = n - 1; o >= 0; o--)
			if (set[o]) {
				set[o] = false;
				break;
			}
		set[wrong] = true;
	}
	tick(t, g, set);
	return true;
}

/* Types a typed item's answer: its key, or a number or word it is not. */
static bool answer_typed(tutor *t, const pt_grade *g, bool right)
{
	const pt_item *it = g->item;
	char text[256];
	if (it->kind == PT_KIND_TEXT)
		snprintf(text, sizeof text, "%s", right ? it->accept.v[0].s : "zzqx");
	else if (right)
		snprintf(text, sizeof text, "%.17g%s%s", it->answer.value, it->n_units > 0 ? " " : "",
		    it->n_units > 0 ? it->units[0].name.s : "");
	else
		snprintf(text, sizeof text, "%.17g", it->answer.max * 1000 + 7777);
	key(t, PT_KEY_KILL_LINE);
	type(t, text);
	return true;
}

/* Turns an explore item's one knob (every bundled one has one) to its best
 * setting, or to the first setting past the start that is wrong: down to
 * its least with Left, then up with Right. */
static bool answer_knob(tutor *t, const pt_grade *g, bool right)
{
	pt_explore e;
	pt_figure best;
	if (!explore_of(g->item, &e) || e.n_knobs != 1 || explore_search(&e, &best) <= 0)
		return false;
	const pt_knob *k = &e.knob[0];
	long n = explore_knob_count(k), target = -1;
	for (long i = 0; i < n && target < 0; i++) {
		pt_figure f = e.start;
		f.v[k->param] = k->min + (double)i * k->step;
		int cond;
		double got;
		char why[160];
		bool met = explore_judge(&e, &f, &cond, &got, why, sizeof why) == PT_EXPLORE_MET;
		if (right ? met : !met && f.v[k->param] != e.start.v[k->param])
			target = i;
	}
	if (target < 0)
		return false;
	for (long i = 0; i < n; i++)
		key(t, PT_KEY_LEFT);
	for (long i = 0; i < target; i++)
		key(t, PT_KEY_RIGHT);
	return true;
}

static bool answer(tutor *t, const pt_grade *g, bool right)
{
	if (g->item->kind == PT_KIND_EXPLORE)
		return answer_knob(t, g, right);
	switch (kind_shape(g->item->kind)) {
	case PT_SHAPE_SLOTS: return right ? answer_slots_right(t, g) : answer_slots_wrong(t, g);
	case PT_SHAPE_PICKS: return answer_picks(t, g, right);
	case PT_SHAPE_TYPED: return answer_typed(t, g, right);
	}
	return false;
}

/* ---- what must be in view ---- */

/* Checks the screen after a check of g; writes what is missing. */
static bool in_view(const screen_text *s, const pt_grade *g, bool typing, bool compact, const char *stem,
    const char *last, char *why,
    size_t size)
{
	const pt_item *it = g->item;
	why[0] = '\0';
	if (!body_has(s, stem, 200)) {
		snprintf(why, size, "the prompt's first line is not on screen: \"%s\"", stem);
		return false;
	}
	if (!body_has(s, last, 200) && !body_has(s, "the question goes on", 40)) {
		snprintf(why, size, "the prompt's last line is not on screen, and nothing says it goes on: \"%s\"", last);
		return false;
	}
	if (strstr(s->row[s->rows - 3], "Attempts:") == NULL || strstr(s->row[s->rows - 3], "Hints:") == NULL) {
		snprintf(why, size, "the status line is not whole");
		return false;
	}
	/* While the answer field takes the keys, q is a letter of the answer:
	 * the bar names Tab, which gives the keys back to the screen. */
	if (!(bar_has(s, "q") || (typing && bar_has(s, "Tab"))) || !bar_has(s, "?")) {
		snprintf(why, size, "the key bar lacks q or ?");
		return false;
	}
	char want[600];
	switch (it->kind) {
	case PT_KIND_CHOICE:
	case PT_KIND_MULTI:
		for (int o = 0; o < item_body_choices(it); o++)
			if (!option_row(s, lesson_option_label((size_t)o))) {
				snprintf(why, size, "option %c is not on screen", lesson_option_label((size_t)o));
				return false;
			}
		break;
	case PT_KIND_FILL:
		for (int o = 0; o < item_body_choices(it); o++) {
			snprintf(want, sizeof want, "%c %s", lesson_option_label((size_t)o), it->bank.v[o].s);
			if (!body_has(s, want, 24)) {
				snprintf(why, size, "bank entry %c is not on screen", lesson_option_label((size_t)o));
				return false;
			}
		}
		break;
	case PT_KIND_MATCH:
		for (int b = 0; b < grade_slots(g); b++) {
			char token[300];
			body_blank_token(g, false, b, token, sizeof token, 0);
			/* Compact, a prompt's text may give way to its answer, and an
			 * answer marked right may be cut (its start stays). */
			bool right = compact && session_shown_mark(g, b) == PT_MARK_RIGHT;
			if ((!compact && !body_has(s, it->lefts[b].s, 24)) || !body_has(s, token, right ? 12 : sizeof want)) {
				snprintf(why, size, "prompt %d or its answer %s is not on screen whole", b + 1, token);
				return false;
			}
		}
		break;
	case PT_KIND_ORDER:
		/* every step, in its position or among those left to place */
		for (int o = 0; o < item_body_choices(it); o++)
			if (!body_has(s, it->bank.v[o].s, 24)) {
				snprintf(why, size, "step %c is not on screen", lesson_option_label((size_t)o));
				return false;
			}
		break;
	case PT_KIND_NUMERIC:
	case PT_KIND_TEXT:
		if (!body_has(s, "Answer:", 7)) {
			snprintf(why, size, "the answer field is not on screen");
			return false;
		}
		break;
	default:
		break;
	}
	return true;
}

/* Reports one case. */
static void report(const char *name, bool ok, const char *why, const screen_text *s)
{
	n_run++;
	printf("%s %d - %s\n", ok ? "ok" : "not ok", n_run, name);
	const char *all = getenv("INVIEW_SHOW_ALL");
	if (ok && (all == NULL || strstr(name, all) == NULL))
		return;
	if (ok) {
		for (int y = 0; y < s->rows; y++)
			printf("#   |%s\n", s->row[y]);
		return;
	}
	n_failed++;
	printf("#   %s\n", why);
	const char *show = getenv("INVIEW_SHOW");
	if (show != NULL ? strstr(name, show) == NULL : shown_screens++ >= 12)
		return;
	for (int y = 0; y < s->rows; y++)
		printf("#   |%s\n", s->row[y]);
}

static const int sizes[][2] = { { 24, 80 }, { 16, 60 } };

/* After a check: the screen at both sizes. */
static void check_sizes(tutor *t, const pt_lesson *lesson, size_t index, const char *when)
{
	pt_grade *g = session_grade(&t->ui.sessions[t->ui.entry]);
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		screen_text s;
		char name[256], why[400], stem[256], last[256];
		draw_at(t, sizes[k][0], sizes[k][1], &s);
		/* The prompt's first and last lines as laid out at this width. */
		pt_doc d = { 0 };
		item_anchors a = { 0 };
		doc_reset(&d, frame_text_width(sizes[k][1]));
		item_body_build(&d, g, &ui_item_screen.answering(&t->ui)->view, &a);
		doc_line_text(&d, 0, stem, sizeof stem);
		doc_line_text(&d, a.prompt_end - 1, last, sizeof last);
		doc_free(&d);
		snprintf(name, sizeof name, "%s item %zu (%s) %dx%d after %s", lesson->id.s, index + 1,
		    lesson->items[index].id.s, sizes[k][1], sizes[k][0], when);
		bool typing = answering_typing(ui_item_screen.answering(&t->ui));
		bool compact = ui_item_screen.answering(&t->ui)->view.compact;
		report(name, in_view(&s, g, typing, compact, stem, last, why, sizeof why), why, &s);
	}
}

/* One item: a wrong check, then a right one (on a fresh pass when the
 * wrong one used the last attempt). */
static void run_item(tutor *t, const pt_lesson *lesson, size_t index)
{
	pt_session *ses = &t->ui.sessions[t->ui.entry];
	screen_text s;
	char name[256];
	snprintf(name, sizeof name, "%s item %zu (%s) answered", lesson->id.s, index + 1, lesson->items[index].id.s);
	open_item(t, index);
	pt_grade *g = session_grade(ses);
	if (g->item->hints.n > 0) {
		/* A hint is feedback too: it comes beneath the question. */
		if (answering_typing(ui_item_screen.answering(&t->ui)))
			key(t, PT_KEY_TAB); /* the field gives the keys back */
		chr(t, 'h');
		if (g->hints_shown != 1) {
			draw_at(t, 24, 80, &s);
			report(name, false, "h showed no hint", &s);
			return;
		}
		check_sizes(t, lesson, index, "a hint");
		open_item(t, index);
		g = session_grade(ses);
	}
	draw_at(t, 24, 80, &s);
	int checks = g->checks;
	if (!answer(t, g, false)) {
		report(name, false, "no wrong answer could be made", &s);
		return;
	}
	key(t, PT_KEY_ENTER);
	if (g->checks != checks + 1 || g->status == PT_SOLVED) {
		draw_at(t, 24, 80, &s);
		report(name, false, "the wrong answer was not checked as wrong", &s);
		return;
	}
	check_sizes(t, lesson, index, "a wrong check");
	if (g->status != PT_OPEN) {
		open_item(t, index);
		g = session_grade(ses);
	}
	draw_at(t, 24, 80, &s);
	if (!answer(t, g, true)) {
		report(name, false, "no right answer could be made", &s);
		return;
	}
	key(t, PT_KEY_ENTER);
	if (g->status != PT_SOLVED) {
		draw_at(t, 24, 80, &s);
		char why[400];
		snprintf(why, sizeof why, "the right answer was not checked as right (%s)", grade_said(g) ? grade_said(g) : "");
		report(name, false, why, &s);
		return;
	}
	check_sizes(t, lesson, index, "a right check");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs("usage: inview LESSON-DIR...\n", stderr);
		return 2;
	}
	setlocale(LC_ALL, "C.UTF-8");
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *screen = out && in ? newterm("xterm", out, in) : NULL;
	if (screen == NULL) {
		fputs("inview: no curses screen for TERM=xterm\n", stderr);
		return 2;
	}
	draw_setup(false, false);
	pt_catalog catalog = { 0 };
	for (int a = 1; a < argc; a++) {
		const char *why = NULL;
		if (!catalog_add_path(&catalog, argv[a], false, &why)) {
			endwin();
			fprintf(stderr, "inview: %s: %s\n", argv[a], why ? why : "cannot read");
			return 2;
		}
	}
	tutor t;
	memset(&t, 0, sizeof t);
	track_init(&t.track, NULL, NULL);
	t.ui.catalog = &catalog;
	t.ui.track = &t.track;
	t.ui.shuffle = true;
	t.ui.salt = 1;
	t.ui.sessions = calloc(catalog.n ? catalog.n : 1, sizeof *t.ui.sessions);
	t.ui.screen = UI_SCREEN_ITEM;
	t.ui.view = calloc(1, ui_item_screen.view_size);
	size_t items = 0;
	for (size_t e = 0; e < catalog.n && t.ui.sessions && t.ui.view; e++) {
		const pt_lesson *lesson = catalog_lesson(&catalog, e);
		if (lesson == NULL || catalog.v[e].broken || lesson->n_items == 0)
			continue;
		if (!session_init_shuffled(&t.ui.sessions[e], lesson, true, 1))
			break;
		t.ui.entry = e;
		for (size_t i = 0; i < lesson->n_items; i++, items++)
			run_item(&t, lesson, i);
		session_free(&t.ui.sessions[e]);
	}
	endwin();
	delscreen(screen);
	fclose(out);
	fclose(in);
	free(t.ui.view);
	free(t.ui.sessions);
	doc_free(&t.ui.body);
	catalog_free(&catalog);
	printf("%d passed, %d failed (%zu items: a hint, a wrong check, a right check; 80x24 and 60x16)\n", n_run - n_failed, n_failed, items);
	return n_failed == 0 && items > 0 ? 0 : 1;
}

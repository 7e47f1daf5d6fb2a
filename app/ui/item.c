/* item.c - the item screen's keys and frame: filling blanks, matching
 * prompts, ordering steps, picking options and typing answers; checks,
 * hints and moving between items.  The body is built by item_body.c. */
#include <stdio.h>
#include <string.h>

#include "paratutor/ui_answer.h"
#include "paratutor/ui_app.h"
#include "paratutor/ui_item.h"

/* The item screen's view state, private to this screen's files. */
static pt_item_view view = { -1, false, "", 0, REVEAL_NONE, false, false };

/* Context bits of the item screen's bindings. */
enum {
	IT_OPEN = 1u << 0,    /* still answering */
	IT_DONE = 1u << 1,    /* solved or out of attempts */
	IT_FILL = 1u << 2,    /* code with blanks */
	IT_BLANKS = 1u << 3,  /* slots to focus: several blanks, match prompts, order positions */
	IT_CHOICE = 1u << 4,  /* one answer */
	IT_MULTI = 1u << 5,   /* select all that apply */
	IT_REVIEW = 1u << 6,  /* answering the items due for review */
	IT_SCROLLS = 1u << 7, /* the body is taller than the screen */
	IT_MATCH = 1u << 8,   /* prompts to match with answers */
	IT_ORDER = 1u << 9,   /* steps to put in order */
	IT_TYPED = 1u << 10,  /* a typed answer: numeric or text */
	IT_TYPING = 1u << 11  /* the answer field takes the keys */
};

/* Returns true for the kinds answered by placing bank entries in slots. */
static bool uses_bank(pt_kind kind)
{
	return kind == PT_KIND_FILL || kind == PT_KIND_MATCH || kind == PT_KIND_ORDER;
}

/* Returns true for the kinds answered by typing. */
static bool is_typed(pt_kind kind)
{
	return kind == PT_KIND_NUMERIC || kind == PT_KIND_TEXT;
}

/* Returns what a slot of the item is called: "Blank", "Prompt", "Position". */
static const char *slot_word(const pt_item *it)
{
	return it->kind == PT_KIND_MATCH ? "Prompt" : it->kind == PT_KIND_ORDER ? "Position" : "Blank";
}

/* Returns true when some slot or option carries a Wrong or Missed mark. */
static bool has_wrong_mark(const pt_grade *g)
{
	for (size_t k = 0; k < sizeof g->marks / sizeof g->marks[0]; k++)
		if (g->marks[k] == PT_MARK_WRONG || g->marks[k] == PT_MARK_MISSED)
			return true;
	return false;
}

/* Returns the slot to focus after slot after: the next empty one, else
 * the next one still marked Wrong, else -1. */
static int next_focus(const pt_grade *g, int after)
{
	if (!uses_bank(g->item->kind) || g->status != PT_OPEN)
		return -1;
	int empty = grade_next_empty(g, after);
	if (empty >= 0)
		return empty;
	int n = grade_slots(g);
	for (int k = 1; k <= n; k++) {
		int b = ((after + k) % n + n) % n;
		if (!g->locked[b] && g->marks[b] == PT_MARK_WRONG)
			return b;
	}
	return -1;
}

pt_item_view *item_view(void)
{
	return &view;
}

/* The grade the view was last opened on: the answer field is kept in it
 * as it is typed. */
static pt_grade *field_grade;

void item_view_open(pt_grade *g)
{
	field_grade = g;
	view.scroll = 0;
	view.reveal = REVEAL_NONE;
	view.focus = next_focus(g, -1);
	view.typing = is_typed(g->item->kind) && g->status == PT_OPEN;
	snprintf(view.field, sizeof view.field, "%s", g->typed);
}

/* Shows item index of the open lesson with a fresh view: focus on the
 * first slot to fill, or the answer field taking the keys; no scroll. */
static void item_enter(pt_ui *ui, size_t index)
{
	pt_session *s = ui_session(ui);
	size_t from = s->current;
	s->current = index;
	item_view_open(session_grade(s));
	ui_notify(ui, from, UI_PROGRESS_MOVE);
}

/* ---- drawing ---- */

/* Writes what to do next on an open bank item (fill, match, order). */
static void next_step_bank(const pt_grade *g, char *message, size_t size)
{
	const pt_item *it = g->item;
	char last = item_body_last_label(it);
	bool one_blank = it->kind == PT_KIND_FILL && grade_slots(g) == 1;
	const char *things = it->kind == PT_KIND_MATCH ? "pairs" : it->kind == PT_KIND_ORDER ? "steps" : "blanks";
	if (g->checked && has_wrong_mark(g) && one_blank)
		snprintf(message, size, "Not yet: press another letter A-%c, then Enter", last);
	else if (g->checked && has_wrong_mark(g))
		snprintf(message, size, "Not yet: change the %s marked Wrong, then press Enter", things);
	else if (grade_ready(g))
		snprintf(message, size, one_blank ? "Press Enter to check, or another letter to change it" :
		    "Press Enter to check your answer");
	else if (one_blank)
		snprintf(message, size, "Press a letter A-%c (or click an option) to fill the blank", last);
	else if (it->kind == PT_KIND_ORDER)
		snprintf(message, size, "Position %d: which step goes here? Press its letter A-%c",
		    view.focus + 1, last);
	else if (view.focus >= 0 && it->kind == PT_KIND_MATCH)
		snprintf(message, size, "Prompt %d: press a letter A-%c to give it an answer",
		    view.focus + 1, last);
	else if (view.focus >= 0)
		snprintf(message, size, "Blank %d: press a letter A-%c (or click an option) to %s it",
		    view.focus + 1, last, g->fill[view.focus] < 0 ? "fill" : "change");
	else
		snprintf(message, size, "Fill every blank, then press Enter to check");
}

/* Writes what to do next on an open numeric or text item. */
static void next_step_typed(const pt_grade *g, char *message, size_t size)
{
	char said[PT_MAX_SAID + 64];
	bool edited = strcmp(view.field, g->typed) != 0;
	if (!view.typing)
		snprintf(message, size, "Press Tab (or click the field) to type your answer");
	else if (!edited && answer_not_counted(g, said, sizeof said))
		snprintf(message, size, "Not counted: correct your answer, then press Enter");
	else if (!edited && g->checked && has_wrong_mark(g))
		snprintf(message, size, "Not yet: change your answer, then press Enter");
	else if (view.field[strspn(view.field, " ")] != '\0')
		snprintf(message, size, "Press Enter to check your answer");
	else
		snprintf(message, size, "Type your answer, then press Enter; Tab for the other keys");
}

/* Writes what the learner should do next into message. */
static void next_step(pt_ui *ui, const pt_grade *g, char *message, size_t size)
{
	const pt_item *it = g->item;
	pt_session *s = ui_session(ui);
	char last = item_body_last_label(it);
	if (g->status != PT_OPEN && ui->review.active) {
		snprintf(message, size, "Press Enter for the next item due for review");
	} else if (g->status != PT_OPEN) {
		if (session_next_open(s, 0) == s->lesson->n_items)
			snprintf(message, size, "Lesson complete: press Enter for your summary");
		else
			snprintf(message, size, "Press Enter for the next open item (n/p: next/previous)");
	} else if (uses_bank(it->kind)) {
		next_step_bank(g, message, size);
	} else if (is_typed(it->kind)) {
		next_step_typed(g, message, size);
	} else if (g->checked && has_wrong_mark(g)) {
		snprintf(message, size, "Not yet: change your answer, then press Enter");
	} else if (it->kind == PT_KIND_MULTI && it->choose > 0) {
		snprintf(message, size, "Tick exactly %d options (letters A-%c), then press Enter", it->choose, last);
	} else if (grade_ready(g)) {
		snprintf(message, size, it->kind == PT_KIND_MULTI ?
		    "Toggle every option that applies, then press Enter to check" :
		    "Press Enter to check, or another letter to change your answer");
	} else {
		snprintf(message, size, "Press %s A-%c (or click) to answer, then Enter to check",
		    it->kind == PT_KIND_MULTI ? "letters" : "a letter", last);
	}
}

/* Draws the header, status, message and key bar around the body. */
static void draw_frame(pt_ui *ui, const pt_grade *g, int rows, int cols)
{
	const pt_session *s = ui_session(ui);
	const pt_item *it = g->item;
	char right[64], status[128], fallback[UI_MESSAGE_MAX];
	if (ui->review.active)
		snprintf(right, sizeof right, "review %zu/%zu   %s", ui->review.pos + 1, ui->review.due.n,
		    lesson_difficulty_name(it->difficulty));
	else
		snprintf(right, sizeof right, "%zu/%zu   %s", s->current + 1, s->lesson->n_items,
		    lesson_difficulty_name(it->difficulty));
	frame_header(cols, s->lesson->title.s, right);
	snprintf(status, sizeof status, "Attempts: %d left   Hints: %d/%zu", g->attempts_left,
	    g->hints_shown, it->hints.n);
	next_step(ui, g, fallback, sizeof fallback);
	frame_footer(ui, rows, cols, status, fallback);
}

/* Draws the item: prompt, its answer area, marks and feedback, hints,
 * mistakes, and once finished the explanation and solution. */
static void item_draw(pt_ui *ui, int rows, int cols)
{
	const pt_grade *g = session_grade(ui_session(ui));
	pt_doc *d = &ui->body;
	item_anchors a = { 0, 0, 0, 0, 0 };
	doc_reset(d, frame_text_width(cols));
	view.editor = ui->watch_path != NULL;
	item_body_build(d, g, &view, &a);

	int body_rows = frame_body_rows(rows);
	if (view.reveal == REVEAL_RESULT)
		doc_show_lines(&view.scroll, a.result_first, a.result_last, body_rows);
	else if (view.reveal == REVEAL_HINT)
		doc_show_lines(&view.scroll, a.hint_first, a.hint_last, body_rows);
	else if (view.reveal == REVEAL_FOCUS && view.focus >= 0)
		doc_show_lines(&view.scroll, a.focus_line, a.focus_line, body_rows);
	view.reveal = REVEAL_NONE;

	frame_body(ui, d, &view.scroll, rows, cols);
	draw_frame(ui, g, rows, cols);
}

/* ---- keys ---- */

/* Returns the grading state of the item on screen. */
static pt_grade *grade_of(pt_ui *ui)
{
	return session_grade(ui_session(ui));
}

/* Says that a finished item takes no more answers. */
static unsigned say_finished(pt_ui *ui)
{
	ui_say(ui, "This item is finished: press Enter for the next one, or p to go back");
	return UI_REDRAW;
}

/* Focuses slot b of a fill, match or order item. */
static unsigned focus_blank(pt_ui *ui, pt_grade *g, int b)
{
	const char *word = slot_word(g->item);
	if (b >= grade_slots(g)) {
		ui_say(ui, "There are %d %ss here: press 1-%d", grade_slots(g),
		    g->item->kind == PT_KIND_MATCH ? "prompt" : g->item->kind == PT_KIND_ORDER ? "position" : "blank",
		    grade_slots(g));
		return UI_REDRAW;
	}
	view.focus = b;
	view.reveal = REVEAL_FOCUS;
	if (g->locked[b])
		ui_say(ui, "%s %d is already correct and stays as it is", word, b + 1);
	return UI_REDRAW;
}

/* 1-9: focus that blank, prompt or position. */
unsigned item_key_blank(pt_ui *ui, const pt_event *ev)
{
	return focus_blank(ui, grade_of(ui), ev->code - '1');
}

/* Tab / Shift-Tab: the next / previous unlocked slot. */
unsigned item_key_cycle(pt_ui *ui, const pt_event *ev)
{
	pt_grade *g = grade_of(ui);
	int step = ev->code == PT_KEY_BTAB ? -1 : 1;
	int n = grade_slots(g);
	int b = view.focus >= 0 ? view.focus : (step > 0 ? -1 : n);
	for (int k = 0; k < n; k++) {
		b = ((b + step) % n + n) % n;
		if (!g->locked[b]) {
			view.focus = b;
			view.reveal = REVEAL_FOCUS;
			break;
		}
	}
	return UI_REDRAW;
}

/* Puts option o into the focused slot (the only blank, or the first empty
 * slot) of a fill, match or order item, or picks / toggles it in a choice
 * or multi item. */
static unsigned choose(pt_ui *ui, pt_grade *g, int o)
{
	const pt_item *it = g->item;
	if (!uses_bank(it->kind)) {
		grade_pick(g, o);
		return UI_REDRAW;
	}
	int n = grade_slots(g);
	int slot = it->kind == PT_KIND_FILL && n == 1 ? 0 : view.focus >= 0 ? view.focus : grade_next_empty(g, -1);
	if (slot < 0) {
		ui_say(ui, "Every %s is filled: press Enter to check, or 1-%d to change one",
		    it->kind == PT_KIND_MATCH ? "prompt" : it->kind == PT_KIND_ORDER ? "position" : "blank", n);
		return UI_REDRAW;
	}
	if (grade_fill(g, slot, o) == PT_GRADE_LOCKED) {
		ui_say(ui, "%s %d is already correct and stays as it is; Tab moves on", slot_word(it), slot + 1);
		return UI_REDRAW;
	}
	view.focus = next_focus(g, slot);
	view.reveal = REVEAL_FOCUS;
	return UI_REDRAW;
}

/* An option letter: fill, match, place, choose or toggle it. */
unsigned item_key_letter(pt_ui *ui, const pt_event *ev)
{
	pt_grade *g = grade_of(ui);
	int o = lesson_option_index(ev->code, (size_t)item_body_choices(g->item));
	if (o < 0) {
		ui_say(ui, "The letters here are A-%c; press ? for every key", item_body_last_label(g->item));
		return UI_REDRAW;
	}
	return choose(ui, g, o);
}

/* A click on a blank, prompt or position, a bank entry, an option or the
 * answer field. */
unsigned item_key_click(pt_ui *ui, const pt_event *ev)
{
	pt_grade *g = grade_of(ui);
	int zone = doc_hit(&ui->body, ev->y, ev->x);
	if (g->status != PT_OPEN)
		return ZONE_KIND(zone) == ZONE_NONE ? UI_REDRAW : say_finished(ui);
	switch (ZONE_KIND(zone)) {
	case ZONE_BLANK: return focus_blank(ui, g, ZONE_INDEX(zone));
	case ZONE_BANK:
	case ZONE_OPTION: return choose(ui, g, ZONE_INDEX(zone));
	case ZONE_FIELD: view.typing = true; return UI_REDRAW;
	default: return UI_REDRAW;
	}
}

/* Backspace / Delete: empty the focused blank or prompt. */
unsigned item_key_clear(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_grade *g = grade_of(ui);
	int blank = g->item->kind == PT_KIND_FILL && grade_slots(g) == 1 ? 0 : view.focus;
	if (blank < 0) {
		ui_say(ui, "Pick a %s to clear first: press 1-%d or Tab",
		    g->item->kind == PT_KIND_MATCH ? "prompt" : "blank", grade_slots(g));
		return UI_REDRAW;
	}
	if (grade_clear(g, blank) == PT_GRADE_LOCKED)
		ui_say(ui, "%s %d is already correct and stays as it is", slot_word(g->item), blank + 1);
	return UI_REDRAW;
}

/* Backspace / Delete on an order item: take back the step in the focused
 * position, else the last one placed before it, and focus that position. */
unsigned item_key_unplace(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_grade *g = grade_of(ui);
	int n = grade_slots(g), p = view.focus;
	if (p < 0 || g->fill[p] < 0) {
		int from = p < 0 ? n : p;
		p = -1;
		for (int k = 1; k <= n && p < 0; k++) {
			int q = ((from - k) % n + n) % n;
			if (g->fill[q] >= 0)
				p = q;
		}
	}
	if (p < 0) {
		ui_say(ui, "No step is placed yet: press the letter of the first step");
		return UI_REDRAW;
	}
	grade_clear(g, p);
	view.focus = p;
	view.reveal = REVEAL_FOCUS;
	return UI_REDRAW;
}

/* Appends code point cp to the answer field as UTF-8; false when full. */
static bool field_append(unsigned cp)
{
	char bytes[4];
	size_t n = 0;
	if (cp < 0x80) {
		bytes[n++] = (char)cp;
	} else if (cp < 0x800) {
		bytes[n++] = (char)(0xC0 | (cp >> 6));
		bytes[n++] = (char)(0x80 | (cp & 0x3F));
	} else if (cp < 0x10000) {
		bytes[n++] = (char)(0xE0 | (cp >> 12));
		bytes[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
		bytes[n++] = (char)(0x80 | (cp & 0x3F));
	} else {
		bytes[n++] = (char)(0xF0 | (cp >> 18));
		bytes[n++] = (char)(0x80 | ((cp >> 12) & 0x3F));
		bytes[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
		bytes[n++] = (char)(0x80 | (cp & 0x3F));
	}
	size_t len = strlen(view.field);
	if (len + n >= sizeof view.field)
		return false;
	memcpy(view.field + len, bytes, n);
	view.field[len + n] = '\0';
	return true;
}

/* Keeps the answer field in the grade the view shows, as a draft: it
 * survives moving to another item, going back to the menu, quitting and
 * a --watch reload, and an exam keeps it as the answer.  Like a new pick
 * on a choice item, an edit clears the marks of the last check, which were
 * about another answer. */
static void keep_field(void)
{
	pt_grade *g = field_grade;
	if (g != NULL && is_typed(g->item->kind) && g->status == PT_OPEN && strcmp(g->typed, view.field) != 0)
		grade_type(g, view.field);
}

/* A printable key while the answer field takes the keys: type it. */
unsigned item_key_type(pt_ui *ui, const pt_event *ev)
{
	if (ev->code <= 0 || ev->code > 0x10FFFF || !field_append((unsigned)ev->code))
		ui_say(ui, "The answer cannot be any longer: press Enter to check it");
	keep_field();
	return UI_REDRAW;
}

/* Backspace / Delete on a numeric or text item: erase the last character
 * typed; the field takes the keys again. */
unsigned item_key_erase(pt_ui *ui, const pt_event *ev)
{
	(void)ui;
	(void)ev;
	size_t len = strlen(view.field);
	while (len > 0 && ((unsigned char)view.field[len - 1] & 0xC0) == 0x80)
		len--;
	if (len > 0)
		len--;
	view.field[len] = '\0';
	view.typing = true;
	keep_field();
	return UI_REDRAW;
}

/* Ctrl-U on a numeric or text item: empty the answer field, as a shell
 * line editor does; the field takes the keys again. */
static unsigned key_kill_field(pt_ui *ui, const pt_event *ev)
{
	(void)ui;
	(void)ev;
	view.field[0] = '\0';
	view.typing = true;
	keep_field();
	return UI_REDRAW;
}

/* Tab, Esc: the answer field gives the keys back to the commands. */
unsigned item_key_leave_field(pt_ui *ui, const pt_event *ev)
{
	(void)ui;
	(void)ev;
	view.typing = false;
	return UI_REDRAW;
}

/* Tab: the answer field takes the keys again. */
unsigned item_key_enter_field(pt_ui *ui, const pt_event *ev)
{
	(void)ui;
	(void)ev;
	view.typing = true;
	return UI_REDRAW;
}

/* A printable key on a numeric or text item while the commands have the
 * keys: say how to type. */
unsigned item_key_not_typing(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	ui_say(ui, "Press Tab to type your answer; letters are commands now");
	return UI_REDRAW;
}

/* Says why a check could not be made yet. */
static void say_incomplete(pt_ui *ui, const pt_item *it)
{
	switch (it->kind) {
	case PT_KIND_FILL: ui_say(ui, "Fill every blank, then press Enter to check"); break;
	case PT_KIND_MATCH: ui_say(ui, "Give every prompt an answer, then press Enter to check"); break;
	case PT_KIND_ORDER: ui_say(ui, "Place every step, then press Enter to check"); break;
	case PT_KIND_NUMERIC:
	case PT_KIND_TEXT: ui_say(ui, "Type your answer first, then press Enter"); break;
	case PT_KIND_CHOICE:
	case PT_KIND_MULTI:
		ui_say(ui, "Pick %s first: press %s A-%c", it->kind == PT_KIND_MULTI ? "at least one option" :
		    "an answer", it->kind == PT_KIND_MULTI ? "letters" : "a letter", item_body_last_label(it));
		break;
	}
}

/* Enter on an open item: check the answer (a typed one as it stands in
 * the field).  An unclear number or a spelling slip is shown but is no
 * check: it costs nothing and is not recorded. */
static unsigned key_check(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_grade *g = grade_of(ui);
	const pt_item *it = g->item;
	if (is_typed(it->kind))
		grade_type(g, view.field);
	pt_grade_rc rc = grade_check(g);
	if (rc == PT_GRADE_INCOMPLETE) {
		say_incomplete(ui, it);
		return UI_REDRAW;
	}
	view.reveal = REVEAL_RESULT;
	if (rc != PT_GRADE_OK) {
		/* Not counted: a typed answer's reason is in the body; another
		 * kind's (a wrong number of ticks) is said until the next key. */
		if (!is_typed(it->kind) && grade_said(g) != NULL)
			ui_say(ui, "%s", grade_said(g));
		return UI_REDRAW;
	}
	view.focus = next_focus(g, -1);
	if (g->status != PT_OPEN)
		view.typing = false;
	ui_notify(ui, ui_session(ui)->current, UI_PROGRESS_CHECK);
	return UI_REDRAW;
}

/* Enter on a finished item: the next open item (or due item, or summary). */
static unsigned key_continue(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	ui_go(ui, UI_GO_CONTINUE, 0);
	return UI_REDRAW;
}

/* h: the next hint. */
static unsigned key_hint(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_grade *g = grade_of(ui);
	if (grade_hint(g) == PT_GRADE_NO_HINT) {
		if (g->item->hints.n == 0)
			ui_say(ui, "This item has no hints");
		else
			ui_say(ui, "No more hints: all %zu are shown", g->item->hints.n);
		return UI_REDRAW;
	}
	view.reveal = REVEAL_HINT;
	ui_notify(ui, ui_session(ui)->current, UI_PROGRESS_HINT);
	return UI_REDRAW;
}

/* A key that answers, pressed on a finished item. */
static unsigned key_finished(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	return say_finished(ui);
}

/* n, Right: the next item. */
static unsigned key_next(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	ui_go(ui, UI_GO_NEXT, 0);
	return UI_REDRAW;
}

/* p, Left: the previous item. */
static unsigned key_previous(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_session *s = ui_session(ui);
	if (s->current == 0)
		ui_say(ui, "This is the first item");
	else
		ui_go(ui, UI_GO_ITEM, s->current - 1);
	return UI_REDRAW;
}

/* Scrolling keys and the wheel. */
unsigned item_key_scroll(pt_ui *ui, const pt_event *ev)
{
	frame_scroll(ev, &view.scroll, &ui->body_pane);
	return UI_REDRAW;
}

/* q: back to the menu. */
static unsigned key_menu(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	ui_go(ui, UI_GO_MENU, 0);
	return UI_REDRAW;
}

#define LETTERS "abcdefgABCDEFG"
#define DIGITS "123456789"
#define SCROLL_KEYS { PT_KEY_UP + 1, PT_KEY_DOWN + 1, PT_KEY_PGUP + 1, PT_KEY_PGDN + 1, PT_KEY_HOME + 1, PT_KEY_END + 1 }
#define ERASE_KEYS { PT_KEY_BACKSPACE + 1, PT_KEY_DELETE + 1 }

/* Bindings are tried in this order. */
static const pt_binding item_keys[] = {
	{ "Enter", "check the answer", "check", NULL, IT_OPEN, 0, NULL, { PT_KEY_ENTER + 1 }, 0, key_check },
	{ "Enter", "on a finished item: go on to the next open item (in a review, the next due item)",
	    "continue", NULL, IT_DONE, 0, NULL, { PT_KEY_ENTER + 1 }, 0, key_continue },
	{ "a-g", "put option A-G into the focused blank, then focus the next empty one", "fill", NULL,
	    IT_OPEN | IT_FILL, 0, LETTERS, { 0 }, 0, item_key_letter },
	{ "a-g", "choose that answer (one answer)", "choose", NULL, IT_OPEN | IT_CHOICE, 0, LETTERS, { 0 }, 0,
	    item_key_letter },
	{ "a-g", "tick or untick that option (select all that apply)", "toggle", NULL, IT_OPEN | IT_MULTI, 0,
	    LETTERS, { 0 }, 0, item_key_letter },
	{ "a-g", "matching: give the focused prompt answer A-G", "answer", NULL, IT_OPEN | IT_MATCH, 0, LETTERS,
	    { 0 }, 0, item_key_letter },
	{ "a-g", "ordering: put step A-G in the next empty (or focused) position", "place", NULL,
	    IT_OPEN | IT_ORDER, 0, LETTERS, { 0 }, 0, item_key_letter },
	{ "1-9", "focus blank, prompt or position N", "blank", NULL, IT_OPEN | IT_BLANKS | IT_FILL, 0, DIGITS,
	    { 0 }, 0, item_key_blank },
	{ "1-9", NULL, "prompt", NULL, IT_OPEN | IT_MATCH, 0, DIGITS, { 0 }, 0, item_key_blank },
	{ "1-9", NULL, "position", NULL, IT_OPEN | IT_ORDER, 0, DIGITS, { 0 }, 0, item_key_blank },
	{ "Tab, Shift-Tab", "focus the next / previous blank, prompt or position", NULL, NULL,
	    IT_OPEN | IT_BLANKS, 0, NULL, { PT_KEY_TAB + 1, PT_KEY_BTAB + 1 }, 0, item_key_cycle },
	{ "Backspace, Delete", "empty the focused blank or prompt", NULL, NULL, IT_OPEN | IT_FILL, 0, NULL,
	    ERASE_KEYS, 0, item_key_clear },
	{ "Backspace, Delete", NULL, NULL, NULL, IT_OPEN | IT_MATCH, 0, NULL, ERASE_KEYS, 0, item_key_clear },
	{ "Backspace, Delete", "ordering: take back the focused step, else the last one placed", NULL, NULL,
	    IT_OPEN | IT_ORDER, 0, NULL, ERASE_KEYS, 0, item_key_unplace },
	/* While the answer field takes the keys, typing comes before every
	 * command letter below. */
	{ "letters, digits", "typed answers: type into the answer field (it takes the keys when the item "
			     "opens; ? still shows this list)", NULL, NULL, IT_OPEN | IT_TYPING, 0, NULL, { 0 },
	    UI_ON_TEXT, item_key_type },
	{ "Backspace, Delete", "typed answers: erase the last character", NULL, NULL, IT_OPEN | IT_TYPED, 0, NULL,
	    ERASE_KEYS, 0, item_key_erase },
	{ "Ctrl-U", "typed answers: empty the answer field", NULL, NULL, IT_OPEN | IT_TYPED, 0, NULL,
	    { PT_KEY_KILL_LINE + 1 }, 0, key_kill_field },
	{ "Tab, Esc", "typed answers: leave the field, so h, n, p and q are commands", "commands", "Tab",
	    IT_OPEN | IT_TYPING, 0, NULL, { PT_KEY_TAB + 1, PT_KEY_ESC + 1 }, 0, item_key_leave_field },
	{ "Tab", "typed answers: back into the answer field (or click it)", "type", NULL, IT_OPEN | IT_TYPED,
	    IT_TYPING, NULL, { PT_KEY_TAB + 1 }, 0, item_key_enter_field },
	{ "h", "show the next hint (each hint lowers the item's score)", "hint", NULL, IT_OPEN, IT_TYPING, "hH",
	    { 0 }, 0, key_hint },
	{ "mouse", "click a blank or prompt, then an option or answer; click an option to fill the first "
		   "empty blank, choose or toggle it; click a step to place it; click the answer field to type",
	    NULL, NULL, 0, 0, NULL, { 0 }, UI_ON_CLICK, item_key_click },
	{ "a-g, h", NULL, NULL, NULL, IT_DONE, 0, LETTERS "hH" DIGITS, { 0 }, 0, key_finished },
	{ "n, Right", "next item (after the last one: the summary; in a review: the next due item)", "next",
	    "n", 0, IT_TYPING, "nN", { PT_KEY_RIGHT + 1 }, 0, key_next },
	{ "p, Left", "previous item (not in a review)", "prev", "p", 0, IT_REVIEW | IT_TYPING, "pP",
	    { PT_KEY_LEFT + 1 }, 0, key_previous },
	{ "Up/Down, PgUp/PgDn", "scroll a long item; Home/End jump to the top / bottom; the wheel scrolls too",
	    "scroll", "PgUp/PgDn", IT_SCROLLS, 0, NULL, SCROLL_KEYS, UI_ON_WHEEL, item_key_scroll },
	{ "q", "back to the lesson menu (your answers are kept)", "menu", NULL, 0, IT_TYPING, "qQ", { 0 }, 0,
	    key_menu },
	{ "any other key", NULL, NULL, NULL, IT_OPEN | IT_TYPED, IT_TYPING, NULL, { 0 }, UI_ON_TEXT,
	    item_key_not_typing },
};

/* Returns the item screen's context bits. */
static unsigned item_context(const pt_ui *ui)
{
	const pt_session *s = &ui->sessions[ui->entry];
	const pt_grade *g = &s->grades[s->current];
	bool open = g->status == PT_OPEN;
	unsigned ctx = open ? IT_OPEN : IT_DONE;
	switch (g->item->kind) {
	case PT_KIND_FILL: ctx |= IT_FILL | (g->item->n_blanks > 1 ? IT_BLANKS : 0); break;
	case PT_KIND_MATCH: ctx |= IT_MATCH | IT_BLANKS; break;
	case PT_KIND_ORDER: ctx |= IT_ORDER | IT_BLANKS; break;
	case PT_KIND_CHOICE: ctx |= IT_CHOICE; break;
	case PT_KIND_MULTI: ctx |= IT_MULTI; break;
	case PT_KIND_NUMERIC:
	case PT_KIND_TEXT: ctx |= IT_TYPED | (open && view.typing ? IT_TYPING : 0); break;
	}
	if (ui->review.active)
		ctx |= IT_REVIEW;
	if (ui->body_scrolls)
		ctx |= IT_SCROLLS;
	return ctx;
}

/* Names the item's own letters and slots in the key bar: "A-D", "1-3". */
static void item_bar_keys(const pt_ui *ui, const pt_binding *b, char *buf, size_t size)
{
	const pt_session *s = &ui->sessions[ui->entry];
	const pt_grade *g = &s->grades[s->current];
	if (b->chars != NULL && strcmp(b->chars, LETTERS) == 0)
		snprintf(buf, size, "A-%c", item_body_last_label(g->item));
	else if (b->chars != NULL && strcmp(b->chars, DIGITS) == 0)
		snprintf(buf, size, "1-%d", grade_slots(g));
}

const pt_screen_ops ui_item_screen = {
	"Item screen", item_enter, item_draw, NULL, item_context, item_bar_keys,
	item_keys, sizeof item_keys / sizeof item_keys[0], NULL, NULL,
};

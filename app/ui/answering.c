/* answering.c - the answer entry the item and exam screens share: its
 * state (the view of the item being answered) and one key table of
 * answer-entry keys, chained after each screen's own keys.  Filling
 * blanks, matching prompts, ordering steps, picking options and typing
 * answers work the same on both screens because they are one table. */
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/kind.h"
#include "paratutor/ui/ui_answering.h"
#include "paratutor/ui/ui_explore.h"
#include "paratutor/ui/ui_kind.h"

void answering_say_incomplete(pt_ui *ui, const pt_item *it)
{
	if (kind_shape(it->kind) == PT_SHAPE_PICKS)
		ui_say(ui, "%s%c", ui_kind(it->kind)->incomplete, item_body_last_label(it));
	else
		ui_say(ui, "%s", ui_kind(it->kind)->incomplete);
}

/* Returns the current screen's answer entry (the table is chained only
 * while there is one). */
static pt_answering *answering_of(pt_ui *ui)
{
	return ui_screen_ops(ui->screen)->answering(ui);
}

bool answering_uses_bank(pt_kind kind)
{
	return kind_shape(kind) == PT_SHAPE_SLOTS;
}

bool answering_is_typed(pt_kind kind)
{
	return kind_shape(kind) == PT_SHAPE_TYPED;
}

/* Returns what a slot of the item is called: "Blank", "Prompt", "Position"
 * (its UI row's slot_word). */
static const char *answering_slot_word(const pt_item *it)
{
	return ui_kind(it->kind)->slot_word;
}

bool answering_one_slot(const pt_grade *g)
{
	return answering_uses_bank(g->item->kind) && !(ui_kind(g->item->kind)->keys & AN_BLANKS) &&
	    grade_slots(g) == 1;
}

/* Returns the slot to focus after slot after: the next empty one, else
 * the next one still marked Wrong, else -1. */
int answering_next_focus(const pt_grade *g, int after)
{
	if (!answering_uses_bank(g->item->kind) || g->status != PT_OPEN)
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

void answering_open(pt_answering *a, pt_grade *g)
{
	a->grade = g;
	a->view.scroll = 0;
	a->view.reveal = REVEAL_NONE;
	a->view.focus = ui_kind(g->item->kind)->keys & AN_KNOBS ? 0 : answering_next_focus(g, -1);
	a->view.typing = ui_kind(g->item->kind)->keys & AN_TYPED && g->status == PT_OPEN;
	snprintf(a->view.field, sizeof a->view.field, "%s", g->typed);
}

/* Returns the grading state of the item on screen. */
static pt_grade *grade_of(pt_ui *ui)
{
	return session_grade(ui_session(ui));
}

unsigned answering_say_finished(pt_ui *ui)
{
	ui_say(ui, "This item is finished: press Enter for the next one, or p to go back");
	return UI_REDRAW;
}

/* Lets the screen keep what a pick, a clear or a click changed. */
static unsigned picked(pt_ui *ui, unsigned result)
{
	pt_answering *a = answering_of(ui);
	if (a->picked != NULL)
		a->picked(ui);
	return result;
}

/* Focuses slot b of a fill, match or order item. */
static unsigned focus_blank(pt_ui *ui, pt_grade *g, int b)
{
	pt_answering *a = answering_of(ui);
	const char *word = answering_slot_word(g->item);
	if (b >= grade_slots(g)) {
		ui_say(ui, "There are %d %ss here: press 1-%d", grade_slots(g), ui_kind(g->item->kind)->slot_noun,
		    grade_slots(g));
		return UI_REDRAW;
	}
	a->view.focus = b;
	a->view.reveal = REVEAL_FOCUS;
	if (g->locked[b])
		ui_say(ui, "%s %d is already correct and stays as it is", word, b + 1);
	return UI_REDRAW;
}

/* 1-9: focus that blank, prompt or position. */
static unsigned key_blank(pt_ui *ui, const pt_event *ev)
{
	return focus_blank(ui, grade_of(ui), ev->code - '1');
}

/* Tab / Shift-Tab: the next / previous unlocked slot. */
static unsigned key_cycle(pt_ui *ui, const pt_event *ev)
{
	pt_answering *a = answering_of(ui);
	pt_grade *g = grade_of(ui);
	int step = ev->code == PT_KEY_BTAB ? -1 : 1;
	int n = grade_slots(g);
	int b = a->view.focus >= 0 ? a->view.focus : (step > 0 ? -1 : n);
	for (int k = 0; k < n; k++) {
		b = ((b + step) % n + n) % n;
		if (!g->locked[b]) {
			a->view.focus = b;
			a->view.reveal = REVEAL_FOCUS;
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
	pt_answering *a = answering_of(ui);
	const pt_item *it = g->item;
	if (!answering_uses_bank(it->kind)) {
		grade_pick(g, o);
		return UI_REDRAW;
	}
	int n = grade_slots(g);
	int slot = answering_one_slot(g) ? 0 :
	    a->view.focus >= 0 ? a->view.focus : grade_next_empty(g, -1);
	if (slot < 0) {
		ui_say(ui, "Every %s is filled: press Enter to check, or 1-%d to change one", ui_kind(it->kind)->slot_noun,
		    n);
		return UI_REDRAW;
	}
	if (grade_fill(g, slot, o) == PT_GRADE_LOCKED) {
		ui_say(ui, "%s %d is already correct and stays as it is; Tab moves on", answering_slot_word(it),
		    slot + 1);
		return UI_REDRAW;
	}
	a->view.focus = answering_next_focus(g, slot);
	a->view.reveal = REVEAL_FOCUS;
	return UI_REDRAW;
}

/* An option letter: fill, match, place, choose or toggle it. */
static unsigned key_letter(pt_ui *ui, const pt_event *ev)
{
	pt_grade *g = grade_of(ui);
	int o = lesson_option_index(ev->code, (size_t)item_body_choices(g->item));
	if (o < 0) {
		ui_say(ui, "The letters here are A-%c; press ? for every key", item_body_last_label(g->item));
		return picked(ui, UI_REDRAW);
	}
	return picked(ui, choose(ui, g, o));
}

/* A click on a blank, prompt or position, a bank entry, an option or the
 * answer field. */
static unsigned key_click(pt_ui *ui, const pt_event *ev)
{
	pt_answering *a = answering_of(ui);
	pt_grade *g = grade_of(ui);
	int zone = doc_hit(&ui->body, ev->y, ev->x);
	if (g->status != PT_OPEN)
		return picked(ui, ZONE_KIND(zone) == ZONE_NONE ? UI_REDRAW : answering_say_finished(ui));
	switch (ZONE_KIND(zone)) {
	case ZONE_BLANK: return picked(ui, focus_blank(ui, g, ZONE_INDEX(zone)));
	case ZONE_BANK:
	case ZONE_OPTION: return picked(ui, choose(ui, g, ZONE_INDEX(zone)));
	case ZONE_FIELD: a->view.typing = true; return picked(ui, UI_REDRAW);
	default: return picked(ui, UI_REDRAW);
	}
}

/* Backspace / Delete: empty the focused blank or prompt. */
static unsigned key_clear(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_answering *a = answering_of(ui);
	pt_grade *g = grade_of(ui);
	int blank = answering_one_slot(g) ? 0 : a->view.focus;
	if (blank < 0) {
		ui_say(ui, "Pick a %s to clear first: press 1-%d or Tab", ui_kind(g->item->kind)->slot_noun,
		    grade_slots(g));
		return picked(ui, UI_REDRAW);
	}
	if (grade_clear(g, blank) == PT_GRADE_LOCKED)
		ui_say(ui, "%s %d is already correct and stays as it is", answering_slot_word(g->item), blank + 1);
	return picked(ui, UI_REDRAW);
}

/* Backspace / Delete on an order item: take back the step in the focused
 * position, else the last one placed before it, and focus that position. */
static unsigned key_unplace(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_answering *a = answering_of(ui);
	pt_grade *g = grade_of(ui);
	int n = grade_slots(g), p = a->view.focus;
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
		return picked(ui, UI_REDRAW);
	}
	grade_clear(g, p);
	a->view.focus = p;
	a->view.reveal = REVEAL_FOCUS;
	return picked(ui, UI_REDRAW);
}

/* Appends code point cp to the answer field as UTF-8; false when full. */
static bool field_append(pt_answering *a, unsigned cp)
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
	size_t len = strlen(a->view.field);
	if (len + n >= sizeof a->view.field)
		return false;
	memcpy(a->view.field + len, bytes, n);
	a->view.field[len + n] = '\0';
	return true;
}

/* Keeps the answer field in the grade the view shows, as a draft: it
 * survives moving to another item, going back to the menu, quitting and
 * a --watch reload, and an exam keeps it as the answer.  Like a new pick
 * on a choice item, an edit clears the marks of the last check, which were
 * about another answer. */
static void keep_field(pt_answering *a)
{
	pt_grade *g = a->grade;
	if (g != NULL && answering_is_typed(g->item->kind) && g->status == PT_OPEN &&
	    strcmp(g->typed, a->view.field) != 0)
		grade_type(g, a->view.field);
}

/* A printable key while the answer field takes the keys: type it. */
static unsigned key_type(pt_ui *ui, const pt_event *ev)
{
	pt_answering *a = answering_of(ui);
	if (ev->code <= 0 || ev->code > 0x10FFFF || !field_append(a, (unsigned)ev->code))
		ui_say(ui, "The answer cannot be any longer: press Enter to check it");
	keep_field(a);
	return UI_REDRAW;
}

/* Backspace / Delete on a numeric or text item: erase the last character
 * typed; the field takes the keys again. */
static unsigned key_erase(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_answering *a = answering_of(ui);
	size_t len = strlen(a->view.field);
	while (len > 0 && ((unsigned char)a->view.field[len - 1] & 0xC0) == 0x80)
		len--;
	if (len > 0)
		len--;
	a->view.field[len] = '\0';
	a->view.typing = true;
	keep_field(a);
	return UI_REDRAW;
}

/* Ctrl-U on a numeric or text item: empty the answer field, as a shell
 * line editor does; the field takes the keys again. */
static unsigned key_kill_field(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_answering *a = answering_of(ui);
	a->view.field[0] = '\0';
	a->view.typing = true;
	keep_field(a);
	return UI_REDRAW;
}

/* Tab, Esc: the answer field gives the keys back to the commands. */
static unsigned key_leave_field(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_answering *a = answering_of(ui);
	a->view.typing = false;
	return UI_REDRAW;
}

/* Tab: the answer field takes the keys again. */
static unsigned key_enter_field(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_answering *a = answering_of(ui);
	a->view.typing = true;
	return UI_REDRAW;
}

/* A printable key on a numeric or text item while the commands have the
 * keys: say how to type. */
static unsigned key_not_typing(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	ui_say(ui, "Press Tab to type your answer; letters are commands now");
	return UI_REDRAW;
}

/* Left, Right, + or -: turns the focused knob of an explore item a step
 * down or up; the figure redraws from the new setting. */
static unsigned key_knob_turn(pt_ui *ui, const pt_event *ev)
{
	pt_answering *a = answering_of(ui);
	int dir = event_is_key(ev, PT_KEY_LEFT) || event_is_char(ev, '-') ? -1 : 1;
	char why[PT_MAX_SAID];
	if (!explore_ui_turn(a->grade->item, a->view.field, sizeof a->view.field, a->view.focus, dir, why, sizeof why))
		ui_say(ui, "%s", why);
	keep_field(a);
	return UI_REDRAW;
}

/* Tab, Shift-Tab, Up or Down: focuses the next or previous knob. */
static unsigned key_knob_focus(pt_ui *ui, const pt_event *ev)
{
	pt_answering *a = answering_of(ui);
	int n = explore_ui_knobs(a->grade->item);
	int dir = event_is_key(ev, PT_KEY_BTAB) || event_is_key(ev, PT_KEY_UP) ? -1 : 1;
	if (n > 0)
		a->view.focus = ((a->view.focus + dir) % n + n) % n;
	return UI_REDRAW;
}

#define LETTERS "abcdefgABCDEFG"
#define DIGITS "123456789"
#define ERASE_KEYS { PT_KEY_BACKSPACE + 1, PT_KEY_DELETE + 1 }

/* Bindings are tried in this order, after the screen's own keys: a screen
 * that takes a letter as a command while the field takes the keys would
 * shadow typing, so screens offer their letters only while not typing. */
static const pt_binding answering_keys[] = {
	{ .keys = "a-g", .help = "put option A-G into the focused blank, then focus the next empty one",
	    .bar = "fill", .when = AN_OPEN | AN_FILL, .chars = LETTERS, .run = key_letter },
	{ .keys = "a-g", .help = "choose that answer (one answer)", .bar = "choose",
	    .when = AN_OPEN | AN_CHOICE, .chars = LETTERS, .run = key_letter },
	{ .keys = "a-g", .help = "tick or untick that option (select all that apply)", .bar = "toggle",
	    .when = AN_OPEN | AN_MULTI, .chars = LETTERS, .run = key_letter },
	{ .keys = "a-g", .help = "matching: give the focused prompt answer A-G", .bar = "answer",
	    .when = AN_OPEN | AN_MATCH, .chars = LETTERS, .run = key_letter },
	{ .keys = "a-g", .help = "ordering: put step A-G in the next empty (or focused) position",
	    .bar = "place", .when = AN_OPEN | AN_ORDER, .chars = LETTERS, .run = key_letter },
	{ .keys = "1-9", .help = "focus blank, prompt or position N", .bar = "blank",
	    .when = AN_OPEN | AN_BLANKS | AN_FILL, .chars = DIGITS, .run = key_blank },
	{ .keys = "1-9", .bar = "prompt", .when = AN_OPEN | AN_MATCH, .chars = DIGITS, .run = key_blank },
	{ .keys = "1-9", .bar = "position", .when = AN_OPEN | AN_ORDER, .chars = DIGITS, .run = key_blank },
	{ .keys = "Tab, Shift-Tab", .help = "focus the next / previous blank, prompt or position",
	    .when = AN_OPEN | AN_BLANKS, .named = { PT_KEY_TAB + 1, PT_KEY_BTAB + 1 }, .run = key_cycle },
	{ .keys = "Backspace, Delete", .help = "empty the focused blank or prompt", .when = AN_OPEN | AN_FILL,
	    .named = ERASE_KEYS, .run = key_clear },
	{ .keys = "Backspace, Delete", .when = AN_OPEN | AN_MATCH, .named = ERASE_KEYS, .run = key_clear },
	{ .keys = "Backspace, Delete",
	    .help = "ordering: take back the focused step, else the last one placed",
	    .when = AN_OPEN | AN_ORDER, .named = ERASE_KEYS, .run = key_unplace },
	{ .keys = "letters, digits",
	    .help = "typed answers: type into the answer field (it takes the keys when the item "
	    "opens; ? still shows this list)", .when = AN_OPEN | AN_TYPING, .events = UI_ON_TEXT,
	    .run = key_type },
	{ .keys = "Backspace, Delete", .help = "typed answers: erase the last character",
	    .when = AN_OPEN | AN_TYPED, .named = ERASE_KEYS, .run = key_erase },
	{ .keys = "Ctrl-U", .help = "typed answers: empty the answer field", .when = AN_OPEN | AN_TYPED,
	    .named = { PT_KEY_KILL_LINE + 1 }, .run = key_kill_field },
	{ .keys = "Tab, Esc",
	    .help = "typed answers: leave the field, so the screen's letter keys are commands",
	    .bar = "commands", .bar_keys = "Tab", .when = AN_OPEN | AN_TYPING,
	    .named = { PT_KEY_TAB + 1, PT_KEY_ESC + 1 }, .run = key_leave_field },
	{ .keys = "Tab", .help = "typed answers: back into the answer field (or click it)", .bar = "type",
	    .when = AN_OPEN | AN_TYPED, .unless = AN_TYPING, .named = { PT_KEY_TAB + 1 },
	    .run = key_enter_field },
	{ .keys = "Left, Right, -, +", .help = "explore: turn the focused knob down or up a step (the figure "
	    "redraws)", .bar = "turn", .bar_keys = "Left/Right", .when = AN_OPEN | AN_KNOBS, .chars = "-+=",
	    .named = { PT_KEY_LEFT + 1, PT_KEY_RIGHT + 1 }, .run = key_knob_turn },
	{ .keys = "Tab, Shift-Tab, Up, Down", .help = "explore: focus the next / previous knob", .bar = "knob",
	    .bar_keys = "Tab", .when = AN_OPEN | AN_KNOBS,
	    .named = { PT_KEY_TAB + 1, PT_KEY_BTAB + 1, PT_KEY_UP + 1, PT_KEY_DOWN + 1 }, .run = key_knob_focus },
	{ .keys = "mouse",
	    .help = "click a blank or prompt, then an option or answer; click an option to fill the first "
	    "empty blank, choose or toggle it; click a step to place it; click the answer field to type",
	    .events = UI_ON_CLICK, .run = key_click },
	{ .keys = "any other key", .when = AN_OPEN | AN_TYPED, .unless = AN_TYPING, .events = UI_ON_TEXT,
	    .run = key_not_typing },
};

/* Returns the answer entry's context bits: the kind of the item it shows,
 * whether it is still open, whether the field takes the keys. */
static unsigned answering_context(const pt_ui *ui)
{
	const pt_answering *a = ui_screen_ops(ui->screen)->answering(ui);
	const pt_grade *g = a->grade;
	bool open = g->status == PT_OPEN;
	const ui_kind_ops *k = ui_kind(g->item->kind);
	unsigned ctx = (open ? AN_OPEN : 0) | k->keys;
	if (k->keys & AN_FILL && g->item->n_blanks > 1)
		ctx |= AN_BLANKS; /* one blank takes no focusing keys */
	if (k->keys & AN_TYPED && open && a->view.typing)
		ctx |= AN_TYPING;
	return ctx;
}

/* Names the item's own letters and slots in the key bar: "A-D", "1-3". */
static void answering_bar_keys(const pt_ui *ui, const pt_binding *b, char *buf, size_t size)
{
	const pt_grade *g = ui_screen_ops(ui->screen)->answering(ui)->grade;
	if (b->chars != NULL && strcmp(b->chars, LETTERS) == 0)
		snprintf(buf, size, "A-%c", item_body_last_label(g->item));
	else if (b->chars != NULL && strcmp(b->chars, DIGITS) == 0)
		snprintf(buf, size, "1-%d", grade_slots(g));
}

const pt_keytable ui_answering_table = {
	"Answering (item screen and exam)", answering_keys, sizeof answering_keys / sizeof answering_keys[0],
	answering_context, answering_bar_keys,
};

bool answering_typing(const pt_answering *a)
{
	return a->grade != NULL && ui_kind(a->grade->item->kind)->keys & AN_TYPED && a->grade->status == PT_OPEN &&
	    a->view.typing;
}

bool answering_knobs(const pt_answering *a)
{
	return a->grade != NULL && ui_kind(a->grade->item->kind)->keys & AN_KNOBS && a->grade->status == PT_OPEN;
}

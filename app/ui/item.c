/* item.c - the item screen: the prompt, code with blanks and an option
 * bank (fill) or options (choice, multi), checks with Correct / Wrong /
 * Missed marks and feedback, hints, common mistakes and the worked
 * solution. */
#include <stdio.h>
#include <string.h>

#include "paratutor/text.h"
#include "paratutor/ui_app.h"

#define MARGIN 2       /* indent of code, options and result lines */
#define OPTION_TEXT 8  /* column of an option's text */
#define RESULT_TEXT 14 /* column of what a result line is about */
#define TAB_WIDTH 4    /* tab stops in code */

/* The part of the body the next draw should scroll into view. */
typedef enum item_reveal { REVEAL_NONE, REVEAL_RESULT, REVEAL_HINT } item_reveal;

/* The item screen's view state, private to this screen. */
static struct item_view {
	int focus; /* focused blank, -1 for none */
	size_t scroll;
	item_reveal reveal;
} view = { -1, 0, REVEAL_NONE };

/* Context bits of the item screen's bindings. */
enum {
	IT_OPEN = 1u << 0,   /* still answering */
	IT_DONE = 1u << 1,   /* solved or out of attempts */
	IT_FILL = 1u << 2,   /* code with blanks */
	IT_BLANKS = 1u << 3, /* more than one blank */
	IT_CHOICE = 1u << 4, /* one answer */
	IT_MULTI = 1u << 5,  /* select all that apply */
	IT_REVIEW = 1u << 6, /* answering the items due for review */
	IT_SCROLLS = 1u << 7 /* the body is taller than the screen */
};

/* Lines of the body the next draw may scroll into view. */
typedef struct item_anchors {
	size_t result_first, result_last;
	size_t hint_first, hint_last;
} item_anchors;

/* Returns the number of options the learner picks from (the bank for fill). */
static int option_count(const pt_item *it)
{
	size_t n = it->kind == PT_KIND_FILL ? it->bank.n : it->n_options;
	return (int)(n < PT_MAX_OPTIONS ? n : PT_MAX_OPTIONS);
}

/* Returns the label of the last option, for "A-D". */
static char last_label(const pt_item *it)
{
	int n = option_count(it);
	return lesson_option_label((size_t)(n > 0 ? n - 1 : 0));
}

/* Returns true when some blank or option carries a Wrong or Missed mark. */
static bool has_wrong_mark(const pt_grade *g)
{
	for (size_t k = 0; k < sizeof g->marks / sizeof g->marks[0]; k++)
		if (g->marks[k] == PT_MARK_WRONG || g->marks[k] == PT_MARK_MISSED)
			return true;
	return false;
}

/* Returns the blank to focus after blank after: the next empty one, else
 * the next one still marked Wrong, else -1. */
static int next_focus(const pt_grade *g, int after)
{
	if (g->item->kind != PT_KIND_FILL || g->status != PT_OPEN)
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

/* Shows item index of the open lesson with a fresh view (focus on the
 * first blank to fill, no scroll). */
static void item_enter(pt_ui *ui, size_t index)
{
	pt_session *s = ui_session(ui);
	size_t from = s->current;
	s->current = index;
	view.scroll = 0;
	view.reveal = REVEAL_NONE;
	view.focus = next_focus(session_grade(s), -1);
	ui_notify(ui, from, UI_PROGRESS_MOVE);
}

/* ---- drawing ---- */

/* Writes blank b as "[1]" or "[1:split]" into token, with its mark after a
 * check; returns the role to draw it in. */
static pt_role blank_token(const pt_grade *g, int b, char *token, size_t size)
{
	const pt_item *it = g->item;
	const char *shown = g->fill[b] >= 0 ? it->bank.v[g->fill[b]].s : NULL;
	const char *mark = "";
	pt_role role = ROLE_BLANK;
	pt_mark shown_mark = session_shown_mark(g, b);
	if (g->status == PT_FAILED && shown_mark != PT_MARK_RIGHT) {
		shown = it->blanks[b].accept.v[0].s; /* the revealed answer */
		role = ROLE_RIGHT;
	} else if (shown_mark == PT_MARK_RIGHT) {
		mark = draw_glyph(GLYPH_RIGHT);
		role = ROLE_RIGHT;
	} else if (shown_mark == PT_MARK_WRONG) {
		mark = draw_glyph(GLYPH_WRONG);
		role = ROLE_WRONG;
	}
	if (shown == NULL)
		snprintf(token, size, "[%d]", b + 1);
	else
		snprintf(token, size, "[%d:%s%s%s]", b + 1, shown, *mark ? " " : "", mark);
	return role;
}

/* Returns the columns blank b takes, with the focus marker when focused. */
static int blank_width(const pt_grade *g, int b, int focus)
{
	char token[256];
	blank_token(g, b, token, sizeof token);
	int w = text_width(token, strlen(token));
	if (b == focus) {
		const char *marker = draw_glyph(GLYPH_FOCUS);
		w += text_width(marker, strlen(marker));
	}
	return w;
}

/* Adds blank b, with the focus marker when focused. */
static void add_blank(pt_doc *d, const pt_grade *g, int b, int focus)
{
	char token[256];
	pt_role role = blank_token(g, b, token, sizeof token);
	int zone = ZONE(ZONE_BLANK, b);
	if (b == focus) {
		const char *marker = draw_glyph(GLYPH_FOCUS);
		doc_make_room(d, text_width(marker, strlen(marker)) + text_width(token, strlen(token)));
		doc_atom(d, ROLE_LABEL, zone, marker);
		role = ROLE_FOCUS;
	}
	doc_atom(d, role, zone, token);
}

/* Adds the code with its blanks, tabs expanded; lines too wide continue
 * indented. */
static void add_code(pt_doc *d, const pt_grade *g, int focus)
{
	const char *code = g->item->code.s;
	size_t len = strlen(code), start = 0;
	doc_set_indent(d, MARGIN + 4);
	doc_move_to(d, MARGIN);
	for (size_t i = 0; i < len;) {
		if (code[i] == '\n' || code[i] == '\t') {
			doc_code(d, ROLE_CODE, code + start, i - start);
			if (code[i] == '\n') {
				doc_newline(d);
				doc_move_to(d, MARGIN);
			} else {
				doc_code(d, ROLE_CODE, "    ", (size_t)(TAB_WIDTH - (d->col - MARGIN) % TAB_WIDTH));
			}
			start = ++i;
			continue;
		}
		int b = len - i >= 5 && code[i] == '{' && code[i + 1] == '{' && code[i + 3] == '}' &&
		    code[i + 4] == '}' ? code[i + 2] - '1' : -1;
		if (b < 0 || b >= grade_slots(g)) {
			i++;
			continue;
		}
		/* A blank stays with the code that touches it ("strategy.[2]",
		 * "[2]}"): a line too wide wraps before that word, not inside it. */
		size_t word = i, after = i + 5, end = i + 5;
		while (word > start && code[word - 1] != ' ')
			word--;
		while (end < len && code[end] != ' ' && code[end] != '\n' && code[end] != '\t' && code[end] != '{')
			end++;
		doc_code(d, ROLE_CODE, code + start, word - start);
		doc_make_room(d, text_width(code + word, i - word) + blank_width(g, b, focus) +
		    text_width(code + after, end - after));
		doc_code(d, ROLE_CODE, code + word, i - word);
		add_blank(d, g, b, focus);
		i += 5;
		start = i;
	}
	doc_code(d, ROLE_CODE, code + start, len - start);
	doc_set_indent(d, 0);
}

/* Adds the option bank: "Options:  A batch   B split ..." */
static void add_bank(pt_doc *d, const pt_item *it)
{
	doc_move_to(d, MARGIN);
	doc_atom(d, ROLE_HEADING, 0, "Options:");
	doc_set_indent(d, d->col + 2);
	for (int o = 0; o < option_count(it); o++) {
		const char *text = it->bank.v[o].s;
		int zone = ZONE(ZONE_BANK, o);
		char label[2] = { lesson_option_label((size_t)o), '\0' };
		doc_move_to(d, d->col + (o == 0 ? 2 : 3));
		doc_make_room(d, 2 + text_width(text, strlen(text)));
		doc_atom(d, ROLE_LABEL, zone, label);
		doc_move_to(d, d->col + 1);
		doc_atom(d, ROLE_NORMAL, zone, text);
	}
	doc_set_indent(d, 0);
}

/* Adds a mark word ("✓ Correct"), then the feedback, if any, after it. */
static void add_mark(pt_doc *d, pt_glyph glyph, const char *word, pt_role role,
    const char *feedback)
{
	doc_atomf(d, role, 0, "%s %s", draw_glyph(glyph), word);
	if (feedback == NULL)
		return;
	doc_atom(d, ROLE_NORMAL, 0, ":");
	doc_move_to(d, d->col + 1);
	doc_wrap(d, ROLE_NORMAL, 0, feedback);
}

/* Adds the options of a choice or multi item, each with its mark and
 * feedback after a check. */
static void add_options(pt_doc *d, const pt_grade *g, const pt_disclosure *show)
{
	const pt_item *it = g->item;
	bool multi = it->kind == PT_KIND_MULTI;
	for (int o = 0; o < option_count(it); o++) {
		const pt_option *opt = &it->options[o];
		pt_mark mark = session_shown_mark(g, o);
		int zone = ZONE(ZONE_OPTION, o);
		pt_role role = g->picked[o] ? ROLE_BLANK : ROLE_NORMAL;
		if (mark == PT_MARK_RIGHT)
			role = ROLE_RIGHT;
		else if (mark == PT_MARK_WRONG)
			role = ROLE_WRONG;
		else if (mark == PT_MARK_MISSED)
			role = ROLE_MISSED;
		char label[2] = { lesson_option_label((size_t)o), '\0' };
		char box[16];
		if (multi)
			snprintf(box, sizeof box, "[%s]", g->picked[o] ? "x" : " ");
		else
			snprintf(box, sizeof box, "(%s)", g->picked[o] ? draw_glyph(GLYPH_RADIO_ON) : " ");
		doc_move_to(d, MARGIN);
		doc_atom(d, ROLE_LABEL, zone, label);
		doc_move_to(d, MARGIN + 2);
		doc_atom(d, role, zone, box);
		doc_move_to(d, OPTION_TEXT);
		doc_wrap(d, g->picked[o] ? ROLE_PROMPT : ROLE_NORMAL, zone, opt->text.s);

		bool reveal = show->answer && opt->correct && mark == PT_MARK_NONE;
		if (mark != PT_MARK_NONE || reveal) {
			doc_newline(d);
			doc_move_to(d, OPTION_TEXT);
		}
		switch (mark) {
		case PT_MARK_RIGHT: add_mark(d, GLYPH_RIGHT, "Correct", ROLE_RIGHT, NULL); break;
		case PT_MARK_WRONG: add_mark(d, GLYPH_WRONG, "Wrong", ROLE_WRONG, opt->feedback.s); break;
		case PT_MARK_MISSED: add_mark(d, GLYPH_MISSED, "Missed", ROLE_MISSED, opt->feedback.s); break;
		case PT_MARK_NONE:
			if (reveal)
				add_mark(d, GLYPH_ANSWER, "Correct answer", ROLE_RIGHT, NULL);
			break;
		}
		doc_newline(d);
	}
	if (show->right_count) {
		char said[160];
		if (show->right_picked == 0)
			snprintf(said, sizeof said, "None of the options you ticked is correct.");
		else
			snprintf(said, sizeof said, "You have correctly ticked %d option%s; only wrong ticks are marked.",
			    show->right_picked, show->right_picked == 1 ? "" : "s");
		doc_newline(d);
		doc_move_to(d, MARGIN);
		doc_wrap(d, ROLE_PROMPT, 0, said);
		doc_newline(d);
	}
}

/* Adds one line per checked blank: its mark, the learner's choice, the
 * answer once the item is failed, and the feedback for a wrong choice. */
static void add_fill_results(pt_doc *d, const pt_grade *g, const pt_disclosure *show)
{
	const pt_item *it = g->item;
	for (int b = 0; b < grade_slots(g); b++) {
		if (session_shown_mark(g, b) == PT_MARK_NONE || g->fill[b] < 0)
			continue;
		const char *chosen = it->bank.v[g->fill[b]].s;
		bool right = g->marks[b] == PT_MARK_RIGHT;
		doc_move_to(d, MARGIN);
		doc_atomf(d, right ? ROLE_RIGHT : ROLE_WRONG, 0, "%s %s",
		    draw_glyph(right ? GLYPH_RIGHT : GLYPH_WRONG), right ? "Correct" : "Wrong");
		doc_move_to(d, RESULT_TEXT);
		doc_atomf(d, ROLE_BLANK, 0, "[%d] %s", b + 1, chosen);
		if (!right && show->answer) {
			doc_move_to(d, d->col + 2);
			doc_atomf(d, ROLE_RIGHT, 0, "%s answer: %s", draw_glyph(GLYPH_ANSWER),
			    it->blanks[b].accept.v[0].s);
		}
		const char *feedback = right ? NULL : lesson_blank_feedback(it, (size_t)b, (size_t)g->fill[b]);
		if (feedback != NULL) {
			doc_newline(d);
			doc_move_to(d, RESULT_TEXT);
			doc_wrap(d, ROLE_NORMAL, 0, feedback);
		}
		doc_newline(d);
	}
}

/* Adds a label and a paragraph hanging after it at column text_col. */
static void add_labelled(pt_doc *d, int col, pt_role label_role, const char *label,
    int text_col, const char *text)
{
	doc_newline(d);
	doc_move_to(d, col);
	doc_atom(d, label_role, 0, label);
	doc_move_to(d, d->col + 1 > text_col ? d->col + 1 : text_col);
	doc_wrap(d, ROLE_NORMAL, 0, text);
}

/* Adds the worked solution: steps, final answer and quick check. */
static void add_solution(pt_doc *d, const pt_solution *sol)
{
	doc_gap(d);
	doc_atom(d, ROLE_HEADING, 0, "Solution");
	for (size_t k = 0; k < sol->steps.n; k++) {
		char label[32];
		snprintf(label, sizeof label, "Step %zu", k + 1);
		add_labelled(d, MARGIN, ROLE_LABEL, label, 10, sol->steps.v[k].s);
	}
	if (sol->answer.s != NULL)
		add_labelled(d, MARGIN, ROLE_LABEL, "Final answer", 16, sol->answer.s);
	if (sol->check.s != NULL)
		add_labelled(d, MARGIN, ROLE_LABEL, "Quick check", 16, sol->check.s);
}

/* Adds what a finished item shows: the verdict, explanation, solution,
 * note and references. */
static void add_verdict(pt_doc *d, const pt_grade *g)
{
	const pt_item *it = g->item;
	doc_gap(d);
	if (g->status == PT_SOLVED) {
		doc_atomf(d, ROLE_RIGHT, 0, "%s Correct", draw_glyph(GLYPH_RIGHT));
		doc_atomf(d, ROLE_DIM, 0, "  %s, score %d", grade_outcome_name(grade_outcome(g)), grade_score(g));
	} else {
		doc_atomf(d, ROLE_WRONG, 0, "%s Out of attempts", draw_glyph(GLYPH_WRONG));
		bool one = it->kind == PT_KIND_CHOICE || (it->kind == PT_KIND_FILL && it->n_blanks == 1);
		doc_atomf(d, ROLE_DIM, 0, "  the correct answer%s shown above", one ? " is" : "s are");
	}
	if (it->explanation.s != NULL) {
		doc_newline(d);
		doc_wrap(d, ROLE_NORMAL, 0, it->explanation.s);
	}
	if (it->solution.present)
		add_solution(d, &it->solution);
	if (it->note.s != NULL) {
		doc_gap(d);
		doc_atom(d, ROLE_HEADING, 0, "Note:");
		doc_move_to(d, d->col + 1);
		doc_wrap(d, ROLE_NORMAL, 0, it->note.s);
	}
	if (it->n_refs > 0) {
		doc_gap(d);
		doc_atom(d, ROLE_HEADING, 0, "References");
		for (size_t k = 0; k < it->n_refs; k++) {
			char ref[1024];
			snprintf(ref, sizeof ref, "%s %s %s", it->refs[k].title.s,
			    draw_glyph(GLYPH_DASH), it->refs[k].url.s);
			add_labelled(d, MARGIN, ROLE_NORMAL, draw_glyph(GLYPH_BULLET), MARGIN + 2, ref);
		}
	}
}

/* Adds the hints shown so far, "Hint 1/2" first. */
static void add_hints(pt_doc *d, const pt_grade *g, item_anchors *a)
{
	const pt_text_list *hints = &g->item->hints;
	for (size_t k = 0; k < (size_t)g->hints_shown && k < hints->n; k++) {
		doc_gap(d);
		a->hint_first = doc_line(d);
		char label[32];
		snprintf(label, sizeof label, "Hint %zu/%zu", k + 1, hints->n);
		doc_atom(d, ROLE_LABEL, 0, label);
		doc_move_to(d, d->col + 2);
		doc_wrap(d, ROLE_HINT, 0, hints->v[k].s);
		a->hint_last = doc_line(d);
	}
}

/* Adds the general common-mistake notes once a hint was taken or a check
 * failed. */
static void add_mistakes(pt_doc *d, const pt_grade *g, const pt_disclosure *show)
{
	const pt_text_list *mistakes = &g->item->mistakes;
	if (mistakes->n == 0 || !show->mistakes)
		return;
	doc_gap(d);
	doc_atom(d, ROLE_HEADING, 0, "Common mistakes:");
	for (size_t k = 0; k < mistakes->n; k++)
		add_labelled(d, MARGIN, ROLE_NORMAL, draw_glyph(GLYPH_BULLET), MARGIN + 2, mistakes->v[k].s);
}

/* Builds the whole body of the item screen. */
static void build_body(pt_doc *d, const pt_grade *g, int focus, item_anchors *a)
{
	const pt_item *it = g->item;
	pt_disclosure show;
	session_disclose(g, &show);
	doc_wrap(d, ROLE_PROMPT, 0, it->prompt.s);
	doc_gap(d);
	if (it->kind == PT_KIND_FILL) {
		add_code(d, g, focus);
		doc_gap(d);
		add_bank(d, it);
		doc_gap(d);
		a->result_first = doc_line(d);
		add_fill_results(d, g, &show);
	} else {
		a->result_first = doc_line(d);
		add_options(d, g, &show);
	}
	if (show.explanation)
		add_verdict(d, g);
	a->result_last = doc_line(d);
	add_hints(d, g, a);
	add_mistakes(d, g, &show);
}

/* Writes what the learner should do next into message. */
static void next_step(pt_ui *ui, const pt_grade *g, char *message, size_t size)
{
	const pt_item *it = g->item;
	pt_session *s = ui_session(ui);
	char last = last_label(it);
	bool one_blank = it->kind == PT_KIND_FILL && grade_slots(g) == 1;
	if (g->status != PT_OPEN && ui->review.active) {
		snprintf(message, size, "Press Enter for the next item due for review");
	} else if (g->status != PT_OPEN) {
		if (session_next_open(s, 0) == s->lesson->n_items)
			snprintf(message, size, "Lesson complete: press Enter for your summary");
		else
			snprintf(message, size, "Press Enter for the next open item (n/p: next/previous)");
	} else if (it->kind == PT_KIND_FILL) {
		if (g->checked && has_wrong_mark(g))
			snprintf(message, size, one_blank ? "Not yet: press another letter A-%c, then Enter" :
			    "Not yet: refill the blanks marked Wrong, then press Enter", last);
		else if (grade_ready(g))
			snprintf(message, size, one_blank ? "Press Enter to check, or another letter to change it" :
			    "Press Enter to check your answer");
		else if (one_blank)
			snprintf(message, size, "Press a letter A-%c (or click an option) to fill the blank", last);
		else if (view.focus >= 0)
			snprintf(message, size, "Blank %d: press a letter A-%c (or click an option) to %s it",
			    view.focus + 1, last, g->fill[view.focus] < 0 ? "fill" : "change");
		else
			snprintf(message, size, "Fill every blank, then press Enter to check");
	} else if (g->checked && has_wrong_mark(g)) {
		snprintf(message, size, "Not yet: change your answer, then press Enter");
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

/* Draws the item: prompt, code and bank or options, marks and feedback,
 * hints, mistakes, and once finished the explanation and solution. */
static void item_draw(pt_ui *ui, int rows, int cols)
{
	const pt_grade *g = session_grade(ui_session(ui));
	pt_doc *d = &ui->body;
	item_anchors a = { 0, 0, 0, 0 };
	doc_reset(d, frame_text_width(cols));
	build_body(d, g, view.focus, &a);

	int body_rows = frame_body_rows(rows);
	if (view.reveal == REVEAL_RESULT)
		doc_show_lines(&view.scroll, a.result_first, a.result_last, body_rows);
	else if (view.reveal == REVEAL_HINT)
		doc_show_lines(&view.scroll, a.hint_first, a.hint_last, body_rows);
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

/* Focuses blank b of a fill item. */
static unsigned focus_blank(pt_ui *ui, pt_grade *g, int b)
{
	if (b >= grade_slots(g)) {
		ui_say(ui, "This code has %d blanks: press 1-%d", grade_slots(g), grade_slots(g));
		return UI_REDRAW;
	}
	view.focus = b;
	if (g->locked[b])
		ui_say(ui, "Blank %d is already correct and stays as it is", b + 1);
	return UI_REDRAW;
}

/* 1-9 or a click on a blank: focus that blank. */
static unsigned key_blank(pt_ui *ui, const pt_event *ev)
{
	pt_grade *g = grade_of(ui);
	if (ev->kind == EV_CHAR)
		return focus_blank(ui, g, ev->code - '1');
	return UI_REDRAW;
}

/* Tab / Shift-Tab: the next / previous unlocked blank. */
static unsigned key_cycle(pt_ui *ui, const pt_event *ev)
{
	pt_grade *g = grade_of(ui);
	int step = ev->code == PT_KEY_BTAB ? -1 : 1;
	int n = grade_slots(g);
	int b = view.focus >= 0 ? view.focus : (step > 0 ? -1 : n);
	for (int k = 0; k < n; k++) {
		b = ((b + step) % n + n) % n;
		if (!g->locked[b]) {
			view.focus = b;
			break;
		}
	}
	return UI_REDRAW;
}

/* Puts option o into the focused blank (the only one, or the first empty
 * one) of a fill item, or picks / toggles it in a choice or multi item. */
static unsigned choose(pt_ui *ui, pt_grade *g, int o)
{
	if (g->item->kind != PT_KIND_FILL) {
		grade_pick(g, o);
		return UI_REDRAW;
	}
	int blank = grade_slots(g) == 1 ? 0 : view.focus >= 0 ? view.focus : grade_next_empty(g, -1);
	if (blank < 0) {
		ui_say(ui, "Every blank is filled: press Enter to check, or 1-%d to change one", grade_slots(g));
		return UI_REDRAW;
	}
	if (grade_fill(g, blank, o) == PT_GRADE_LOCKED) {
		ui_say(ui, "Blank %d is already correct and stays as it is; Tab moves on", blank + 1);
		return UI_REDRAW;
	}
	view.focus = next_focus(g, blank);
	return UI_REDRAW;
}

/* An option letter: fill, choose or toggle it. */
static unsigned key_letter(pt_ui *ui, const pt_event *ev)
{
	pt_grade *g = grade_of(ui);
	int o = lesson_option_index(ev->code, (size_t)option_count(g->item));
	if (o < 0) {
		ui_say(ui, "The options are A-%c; press ? for every key", last_label(g->item));
		return UI_REDRAW;
	}
	return choose(ui, g, o);
}

/* A click on a blank, a bank option or an option. */
static unsigned key_click(pt_ui *ui, const pt_event *ev)
{
	pt_grade *g = grade_of(ui);
	int zone = doc_hit(&ui->body, ev->y, ev->x);
	if (g->status != PT_OPEN)
		return ZONE_KIND(zone) == ZONE_NONE ? UI_REDRAW : say_finished(ui);
	switch (ZONE_KIND(zone)) {
	case ZONE_BLANK: return focus_blank(ui, g, ZONE_INDEX(zone));
	case ZONE_BANK:
	case ZONE_OPTION: return choose(ui, g, ZONE_INDEX(zone));
	default: return UI_REDRAW;
	}
}

/* Backspace / Delete: empty the focused blank. */
static unsigned key_clear(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_grade *g = grade_of(ui);
	int blank = grade_slots(g) == 1 ? 0 : view.focus;
	if (blank < 0) {
		ui_say(ui, "Pick a blank to clear first: press 1-%d or Tab", grade_slots(g));
		return UI_REDRAW;
	}
	if (grade_clear(g, blank) == PT_GRADE_LOCKED)
		ui_say(ui, "Blank %d is already correct and stays as it is", blank + 1);
	return UI_REDRAW;
}

/* Enter on an open item: check the answer. */
static unsigned key_check(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	pt_grade *g = grade_of(ui);
	const pt_item *it = g->item;
	if (grade_check(g) == PT_GRADE_INCOMPLETE) {
		if (it->kind == PT_KIND_FILL)
			ui_say(ui, "Fill every blank, then press Enter to check");
		else
			ui_say(ui, "Pick %s first: press %s A-%c", it->kind == PT_KIND_MULTI ?
			    "at least one option" : "an answer", it->kind == PT_KIND_MULTI ? "letters" : "a letter",
			    last_label(it));
		return UI_REDRAW;
	}
	view.focus = next_focus(g, -1);
	view.reveal = REVEAL_RESULT;
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
static unsigned key_scroll(pt_ui *ui, const pt_event *ev)
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
#define SCROLL_KEYS { PT_KEY_UP + 1, PT_KEY_DOWN + 1, PT_KEY_PGUP + 1, PT_KEY_PGDN + 1, PT_KEY_HOME + 1, PT_KEY_END + 1 }

static const pt_binding item_keys[] = {
	{ "Enter", "check the answer", "check", NULL, IT_OPEN, 0, NULL, { PT_KEY_ENTER + 1 }, 0, key_check },
	{ "Enter", "on a finished item: go on to the next open item (in a review, the next due item)",
	    "continue", NULL, IT_DONE, 0, NULL, { PT_KEY_ENTER + 1 }, 0, key_continue },
	{ "a-g", "put option A-G into the focused blank, then focus the next empty one", "fill", NULL,
	    IT_OPEN | IT_FILL, 0, LETTERS, { 0 }, 0, key_letter },
	{ "a-g", "choose that answer (one answer)", "choose", NULL, IT_OPEN | IT_CHOICE, 0, LETTERS, { 0 }, 0,
	    key_letter },
	{ "a-g", "tick or untick that option (select all that apply)", "toggle", NULL, IT_OPEN | IT_MULTI, 0,
	    LETTERS, { 0 }, 0, key_letter },
	{ "1-9", "focus blank N (code with several blanks)", "blank", NULL, IT_OPEN | IT_BLANKS, 0, "123456789",
	    { 0 }, 0, key_blank },
	{ "Tab, Shift-Tab", "focus the next / previous blank", NULL, NULL, IT_OPEN | IT_BLANKS, 0, NULL,
	    { PT_KEY_TAB + 1, PT_KEY_BTAB + 1 }, 0, key_cycle },
	{ "Backspace, Delete", "empty the focused blank", NULL, NULL, IT_OPEN | IT_FILL, 0, NULL,
	    { PT_KEY_BACKSPACE + 1, PT_KEY_DELETE + 1 }, 0, key_clear },
	{ "h", "show the next hint (each hint lowers the item's score)", "hint", NULL, IT_OPEN, 0, "hH", { 0 }, 0,
	    key_hint },
	{ "mouse", "click a blank, then an option; or click an option to fill the first empty blank, "
		   "choose or toggle it", NULL, NULL, 0, 0, NULL, { 0 }, UI_ON_CLICK, key_click },
	{ "a-g, h", NULL, NULL, NULL, IT_DONE, 0, LETTERS "hH123456789", { 0 }, 0, key_finished },
	{ "n, Right", "next item (after the last one: the summary; in a review: the next due item)", "next",
	    "n", 0, 0, "nN", { PT_KEY_RIGHT + 1 }, 0, key_next },
	{ "p, Left", "previous item (not in a review)", "prev", "p", 0, IT_REVIEW, "pP", { PT_KEY_LEFT + 1 }, 0,
	    key_previous },
	{ "Up/Down, PgUp/PgDn", "scroll a long item; Home/End jump to the top / bottom; the wheel scrolls too",
	    "scroll", "PgUp/PgDn", IT_SCROLLS, 0, NULL, SCROLL_KEYS, UI_ON_WHEEL, key_scroll },
	{ "q", "back to the lesson menu (your answers are kept)", "menu", NULL, 0, 0, "qQ", { 0 }, 0, key_menu },
};

/* Returns the item screen's context bits. */
static unsigned item_context(const pt_ui *ui)
{
	const pt_session *s = &ui->sessions[ui->entry];
	const pt_grade *g = &s->grades[s->current];
	unsigned ctx = g->status == PT_OPEN ? IT_OPEN : IT_DONE;
	switch (g->item->kind) {
	case PT_KIND_FILL: ctx |= IT_FILL | (g->item->n_blanks > 1 ? IT_BLANKS : 0); break;
	case PT_KIND_CHOICE: ctx |= IT_CHOICE; break;
	case PT_KIND_MULTI: ctx |= IT_MULTI; break;
	case PT_KIND_NUMERIC: case PT_KIND_TEXT: case PT_KIND_MATCH: case PT_KIND_ORDER:
		break; /* placeholder from the kinds branch; the UI branch replaces it */
	}
	if (ui->review.active)
		ctx |= IT_REVIEW;
	if (ui->body_scrolls)
		ctx |= IT_SCROLLS;
	return ctx;
}

/* Names the item's own letters and blanks in the key bar: "A-D", "1-3". */
static void item_bar_keys(const pt_ui *ui, const pt_binding *b, char *buf, size_t size)
{
	const pt_session *s = &ui->sessions[ui->entry];
	const pt_item *it = s->grades[s->current].item;
	if (b->chars != NULL && strcmp(b->chars, LETTERS) == 0)
		snprintf(buf, size, "A-%c", last_label(it));
	else if (b->chars != NULL && strcmp(b->chars, "123456789") == 0)
		snprintf(buf, size, "1-%zu", it->n_blanks);
}

const pt_screen_ops ui_item_screen = {
	"Item screen", item_enter, item_draw, NULL, item_context, item_bar_keys,
	item_keys, sizeof item_keys / sizeof item_keys[0],
};

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

void item_enter(pt_ui *ui, size_t index)
{
	pt_session *s = ui_session(ui);
	size_t from = s->current;
	s->current = index;
	ui->screen = UI_SCREEN_ITEM;
	ui->item.scroll = 0;
	ui->item.reveal = REVEAL_NONE;
	ui->item.message[0] = '\0';
	ui->item.focus = next_focus(session_grade(s), -1);
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
	if (g->status == PT_FAILED && g->marks[b] != PT_MARK_RIGHT) {
		shown = it->blanks[b].accept.v[0].s; /* the revealed answer */
		role = ROLE_RIGHT;
	} else if (g->marks[b] == PT_MARK_RIGHT) {
		mark = draw_glyph(GLYPH_RIGHT);
		role = ROLE_RIGHT;
	} else if (g->marks[b] == PT_MARK_WRONG) {
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
static void add_options(pt_doc *d, const pt_grade *g)
{
	const pt_item *it = g->item;
	bool multi = it->kind == PT_KIND_MULTI;
	for (int o = 0; o < option_count(it); o++) {
		const pt_option *opt = &it->options[o];
		int zone = ZONE(ZONE_OPTION, o);
		pt_role role = g->picked[o] ? ROLE_BLANK : ROLE_NORMAL;
		if (g->marks[o] == PT_MARK_RIGHT)
			role = ROLE_RIGHT;
		else if (g->marks[o] == PT_MARK_WRONG)
			role = ROLE_WRONG;
		else if (g->marks[o] == PT_MARK_MISSED)
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

		bool reveal = g->status == PT_FAILED && opt->correct && g->marks[o] == PT_MARK_NONE;
		if (g->marks[o] != PT_MARK_NONE || reveal) {
			doc_newline(d);
			doc_move_to(d, OPTION_TEXT);
		}
		switch (g->marks[o]) {
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
}

/* Adds one line per checked blank: its mark, the learner's choice, the
 * answer once the item is failed, and the feedback for a wrong choice. */
static void add_fill_results(pt_doc *d, const pt_grade *g)
{
	const pt_item *it = g->item;
	for (int b = 0; b < grade_slots(g); b++) {
		if (g->marks[b] == PT_MARK_NONE || g->fill[b] < 0)
			continue;
		const char *chosen = it->bank.v[g->fill[b]].s;
		bool right = g->marks[b] == PT_MARK_RIGHT;
		doc_move_to(d, MARGIN);
		doc_atomf(d, right ? ROLE_RIGHT : ROLE_WRONG, 0, "%s %s",
		    draw_glyph(right ? GLYPH_RIGHT : GLYPH_WRONG), right ? "Correct" : "Wrong");
		doc_move_to(d, RESULT_TEXT);
		doc_atomf(d, ROLE_BLANK, 0, "[%d] %s", b + 1, chosen);
		if (!right && g->status == PT_FAILED) {
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
		doc_atom(d, ROLE_DIM, 0, "  the correct answers are shown above");
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
static void add_mistakes(pt_doc *d, const pt_grade *g)
{
	const pt_text_list *mistakes = &g->item->mistakes;
	int failed_checks = g->checks - (g->status == PT_SOLVED ? 1 : 0);
	if (mistakes->n == 0 || (g->hints_shown == 0 && failed_checks == 0))
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
	doc_wrap(d, ROLE_PROMPT, 0, it->prompt.s);
	doc_gap(d);
	if (it->kind == PT_KIND_FILL) {
		add_code(d, g, focus);
		doc_gap(d);
		add_bank(d, it);
		doc_gap(d);
		a->result_first = doc_line(d);
		add_fill_results(d, g);
	} else {
		a->result_first = doc_line(d);
		add_options(d, g);
	}
	if (g->status != PT_OPEN)
		add_verdict(d, g);
	a->result_last = doc_line(d);
	add_hints(d, g, a);
	add_mistakes(d, g);
}

/* Writes what the learner should do next into message. */
static void next_step(pt_ui *ui, const pt_grade *g, char message[UI_MESSAGE_MAX])
{
	const pt_item *it = g->item;
	pt_session *s = ui_session(ui);
	char last = last_label(it);
	if (g->status != PT_OPEN && ui->review.active) {
		ui_say(message, "Press Enter for the next item due for review");
	} else if (g->status != PT_OPEN) {
		if (session_next_open(s, 0) == s->lesson->n_items)
			ui_say(message, "Lesson complete: press Enter for your summary");
		else
			ui_say(message, "Press Enter for the next open item (n/p: next/previous)");
	} else if (it->kind == PT_KIND_FILL) {
		if (g->checked && has_wrong_mark(g))
			ui_say(message, "Not yet: refill the blanks marked Wrong, then press Enter");
		else if (grade_ready(g))
			ui_say(message, "Press Enter to check your answer");
		else if (ui->item.focus >= 0)
			ui_say(message, "Blank %d: press a letter A-%c (or click an option) to %s it",
			    ui->item.focus + 1, last, g->fill[ui->item.focus] < 0 ? "fill" : "change");
		else
			ui_say(message, "Fill every blank, then press Enter to check");
	} else if (g->checked && has_wrong_mark(g)) {
		ui_say(message, "Not yet: change your answer, then press Enter");
	} else if (grade_ready(g)) {
		ui_say(message, it->kind == PT_KIND_MULTI ?
		    "Toggle every option that applies, then press Enter to check" :
		    "Press Enter to check, or another letter to change your answer");
	} else {
		ui_say(message, "Press %s A-%c (or click) to answer, then Enter to check",
		    it->kind == PT_KIND_MULTI ? "letters" : "a letter", last);
	}
}

/* Draws the header, status, message and key bar around the body. */
static void draw_frame(pt_ui *ui, const pt_grade *g, int rows, int cols)
{
	const pt_session *s = ui_session(ui);
	const pt_item *it = g->item;
	char right[64], status[128], message[UI_MESSAGE_MAX], letters[8], blanks[8];
	if (ui->review.active)
		snprintf(right, sizeof right, "review %zu/%zu   %s", ui->review.pos + 1, ui->review.due.n,
		    lesson_difficulty_name(it->difficulty));
	else
		snprintf(right, sizeof right, "%zu/%zu   %s", s->current + 1, s->lesson->n_items,
		    lesson_difficulty_name(it->difficulty));
	frame_header(cols, s->lesson->title.s, right);

	snprintf(status, sizeof status, "Attempts: %d left   Hints: %d/%zu", g->attempts_left,
	    g->hints_shown, it->hints.n);
	if (ui->item.message[0] != '\0')
		snprintf(message, sizeof message, "%s", ui->item.message);
	else
		next_step(ui, g, message);
	snprintf(letters, sizeof letters, "A-%c", last_label(it));
	if (grade_slots(g) > 1)
		snprintf(blanks, sizeof blanks, "1-%d", grade_slots(g));
	else
		snprintf(blanks, sizeof blanks, "1");

	pt_keyhint keys[8];
	size_t n = 0;
	if (g->status != PT_OPEN) {
		keys[n++] = (pt_keyhint){ "Enter", "continue" };
		keys[n++] = (pt_keyhint){ "PgUp/PgDn", "scroll" };
	} else {
		keys[n++] = (pt_keyhint){ "Enter", "check" };
		if (it->kind == PT_KIND_FILL) {
			keys[n++] = (pt_keyhint){ letters, "fill" };
			keys[n++] = (pt_keyhint){ blanks, "blank" };
		} else {
			keys[n++] = (pt_keyhint){ letters, it->kind == PT_KIND_MULTI ? "toggle" : "choose" };
		}
		keys[n++] = (pt_keyhint){ "h", "hint" };
	}
	keys[n++] = (pt_keyhint){ "n/p", "item" };
	keys[n++] = (pt_keyhint){ "?", "help" };
	keys[n++] = (pt_keyhint){ "q", "menu" };
	frame_footer(rows, cols, status, message, keys, n);
}

void item_draw(pt_ui *ui, int rows, int cols)
{
	pt_item_view *v = &ui->item;
	const pt_grade *g = session_grade(ui_session(ui));
	pt_doc *d = &ui->body;
	item_anchors a = { 0, 0, 0, 0 };
	doc_reset(d, cols - 2);
	build_body(d, g, v->focus, &a);

	int body_rows = frame_body_rows(rows);
	if (v->reveal == REVEAL_RESULT)
		doc_show_lines(&v->scroll, a.result_first, a.result_last, body_rows);
	else if (v->reveal == REVEAL_HINT)
		doc_show_lines(&v->scroll, a.hint_first, a.hint_last, body_rows);
	v->reveal = REVEAL_NONE;

	draw_frame(ui, g, rows, cols);
	frame_body(ui, d, &v->scroll, rows, cols);
}

/* ---- keys ---- */

/* Goes to item index, or to the summary past the last item; in a review,
 * to the next due item instead. */
static unsigned go_to(pt_ui *ui, size_t index)
{
	if (ui->review.active)
		review_next(ui);
	else if (index >= ui_session(ui)->lesson->n_items)
		ui_show(ui, UI_SCREEN_SUMMARY);
	else
		item_enter(ui, index);
	return UI_REDRAW;
}

/* After a finished item: the next open item, or the summary when none is left. */
static unsigned continue_lesson(pt_ui *ui)
{
	pt_session *s = ui_session(ui);
	return go_to(ui, session_next_open(s, s->current + 1));
}

/* Says that a finished item takes no more answers. */
static unsigned say_finished(pt_ui *ui)
{
	ui_say(ui->item.message, "This item is finished: press Enter for the next one, or p to go back");
	return UI_REDRAW;
}

/* Focuses blank b of a fill item. */
static unsigned focus_blank(pt_ui *ui, pt_grade *g, int b)
{
	if (g->item->kind != PT_KIND_FILL) {
		ui_say(ui->item.message, "This question has no blanks: press a letter A-%c", last_label(g->item));
		return UI_REDRAW;
	}
	if (g->status != PT_OPEN)
		return say_finished(ui);
	if (b >= grade_slots(g)) {
		ui_say(ui->item.message, "This code has %d blank%s: press 1-%d", grade_slots(g),
		    grade_slots(g) == 1 ? "" : "s", grade_slots(g));
		return UI_REDRAW;
	}
	ui->item.focus = b;
	if (g->locked[b])
		ui_say(ui->item.message, "Blank %d is already correct and stays as it is", b + 1);
	return UI_REDRAW;
}

/* Moves the focus to the next (step 1) or previous (step -1) unlocked blank. */
static unsigned cycle_focus(pt_ui *ui, pt_grade *g, int step)
{
	if (g->item->kind != PT_KIND_FILL || g->status != PT_OPEN)
		return UI_REDRAW;
	int n = grade_slots(g);
	int b = ui->item.focus >= 0 ? ui->item.focus : (step > 0 ? -1 : n);
	for (int k = 0; k < n; k++) {
		b = ((b + step) % n + n) % n;
		if (!g->locked[b]) {
			ui->item.focus = b;
			break;
		}
	}
	return UI_REDRAW;
}

/* Puts option o into the focused blank (or the first empty one) of a fill
 * item, or picks / toggles it in a choice or multi item. */
static unsigned choose(pt_ui *ui, pt_grade *g, int o)
{
	pt_item_view *v = &ui->item;
	if (g->status != PT_OPEN)
		return say_finished(ui);
	if (g->item->kind != PT_KIND_FILL) {
		grade_pick(g, o);
		return UI_REDRAW;
	}
	int blank = v->focus >= 0 ? v->focus : grade_next_empty(g, -1);
	if (blank < 0) {
		ui_say(v->message, "Every blank is filled: press Enter to check, or 1-%d to change one",
		    grade_slots(g));
		return UI_REDRAW;
	}
	if (grade_fill(g, blank, o) == PT_GRADE_LOCKED) {
		ui_say(v->message, "Blank %d is already correct and stays as it is; Tab moves on", blank + 1);
		return UI_REDRAW;
	}
	v->focus = next_focus(g, blank);
	return UI_REDRAW;
}

/* Empties the focused blank. */
static unsigned clear_blank(pt_ui *ui, pt_grade *g)
{
	pt_item_view *v = &ui->item;
	if (g->item->kind != PT_KIND_FILL)
		return UI_REDRAW;
	if (g->status != PT_OPEN)
		return say_finished(ui);
	if (v->focus < 0) {
		ui_say(v->message, "Pick a blank to clear first: press 1-%d or Tab", grade_slots(g));
		return UI_REDRAW;
	}
	if (grade_clear(g, v->focus) == PT_GRADE_LOCKED)
		ui_say(v->message, "Blank %d is already correct and stays as it is", v->focus + 1);
	return UI_REDRAW;
}

/* Checks the answer; on a finished item, moves on instead. */
static unsigned check(pt_ui *ui, pt_grade *g)
{
	pt_item_view *v = &ui->item;
	const pt_item *it = g->item;
	if (g->status != PT_OPEN)
		return continue_lesson(ui);
	if (grade_check(g) == PT_GRADE_INCOMPLETE) {
		if (it->kind == PT_KIND_FILL)
			ui_say(v->message, "Fill every blank, then press Enter to check");
		else
			ui_say(v->message, "Pick %s first: press %s A-%c", it->kind == PT_KIND_MULTI ?
			    "at least one option" : "an answer", it->kind == PT_KIND_MULTI ? "letters" : "a letter",
			    last_label(it));
		return UI_REDRAW;
	}
	v->focus = next_focus(g, -1);
	v->reveal = REVEAL_RESULT;
	ui_notify(ui, ui_session(ui)->current, UI_PROGRESS_CHECK);
	return UI_REDRAW;
}

/* Reveals the next hint. */
static unsigned hint(pt_ui *ui, pt_grade *g)
{
	pt_grade_rc rc = grade_hint(g);
	if (rc == PT_GRADE_CLOSED)
		return say_finished(ui);
	if (rc == PT_GRADE_NO_HINT) {
		if (g->item->hints.n == 0)
			ui_say(ui->item.message, "This item has no hints");
		else
			ui_say(ui->item.message, "No more hints: all %zu are shown", g->item->hints.n);
		return UI_REDRAW;
	}
	ui->item.reveal = REVEAL_HINT;
	ui_notify(ui, ui_session(ui)->current, UI_PROGRESS_HINT);
	return UI_REDRAW;
}

/* Goes to the previous item, if there is one. */
static unsigned previous(pt_ui *ui)
{
	pt_session *s = ui_session(ui);
	if (ui->review.active) {
		ui_say(ui->item.message, "In a review: n goes to the next due item, q back to the menu");
		return UI_REDRAW;
	}
	if (s->current == 0) {
		ui_say(ui->item.message, "This is the first item");
		return UI_REDRAW;
	}
	return go_to(ui, s->current - 1);
}

/* Handles a mouse click on a blank, a bank option or an option. */
static unsigned click(pt_ui *ui, pt_grade *g, const pt_event *ev)
{
	int zone = doc_hit(&ui->body, ev->y, ev->x);
	switch (ZONE_KIND(zone)) {
	case ZONE_BLANK: return focus_blank(ui, g, ZONE_INDEX(zone));
	case ZONE_BANK:
	case ZONE_OPTION: return choose(ui, g, ZONE_INDEX(zone));
	default: return UI_REDRAW;
	}
}

/* Handles a named key. */
static unsigned named_key(pt_ui *ui, pt_grade *g, int key)
{
	switch (key) {
	case PT_KEY_ENTER: return check(ui, g);
	case PT_KEY_TAB: return cycle_focus(ui, g, 1);
	case PT_KEY_BTAB: return cycle_focus(ui, g, -1);
	case PT_KEY_BACKSPACE:
	case PT_KEY_DELETE: return clear_blank(ui, g);
	case PT_KEY_RIGHT: return go_to(ui, ui_session(ui)->current + 1);
	case PT_KEY_LEFT: return previous(ui);
	default: return UI_REDRAW;
	}
}

/* Handles a character key: digits, command letters, option letters. */
static unsigned char_key(pt_ui *ui, pt_grade *g, int c)
{
	if (c >= '1' && c <= '9')
		return focus_blank(ui, g, c - '1');
	switch (c) {
	case 'n': case 'N': return go_to(ui, ui_session(ui)->current + 1);
	case 'p': case 'P': return previous(ui);
	case 'h': case 'H': return hint(ui, g);
	case 'q': case 'Q':
		review_stop(ui);
		ui_show(ui, UI_SCREEN_MENU);
		return UI_REDRAW;
	default: break;
	}
	int o = lesson_option_index(c, (size_t)option_count(g->item));
	if (o >= 0)
		return choose(ui, g, o);
	if (c < 128 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
		ui_say(ui->item.message, "The options are A-%c; press ? for every key", last_label(g->item));
	return UI_REDRAW;
}

unsigned item_key(pt_ui *ui, const pt_event *ev)
{
	pt_grade *g = session_grade(ui_session(ui));
	ui->item.message[0] = '\0';
	if (frame_scroll_key(ev, &ui->item.scroll, ui->body_rows, true))
		return UI_REDRAW;
	switch (ev->kind) {
	case EV_CLICK: return click(ui, g, ev);
	case EV_KEY: return named_key(ui, g, ev->code);
	case EV_CHAR: return char_key(ui, g, ev->code);
	default: return UI_REDRAW;
	}
}

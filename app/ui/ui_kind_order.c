/* ui_kind_order.c - an order item in the UI: lettered steps to place in
 * numbered positions.  Its row (ui_kind.h) and all it draws and reads: the
 * positions and the steps left on the screen, the right order, and the
 * letters of every step in plain mode. */
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/kind.h"
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* Writes what a failed check says about the first step out of place:
 * 'Step C, "All-gather...", comes later.'  Returns false when there is
 * none (no failed check, or a step placed there since took the mark
 * away).  The item screen and plain mode say the same. */
static bool out_of_place(const pt_grade *g, char *buf, size_t size)
{
	const pt_item *item = g->item;
	int pos = g->first_out_of_place;
	buf[0] = '\0';
	if (!g->checked || pos < 0 || pos >= grade_slots(g) || g->fill[pos] < 0 || g->marks[pos] != PT_MARK_WRONG)
		return false;
	int placed = g->fill[pos];
	const char *text = item->bank.v[placed].s;
	int belongs = grade_step_index(item, text);
	snprintf(buf, size, "Step %c, \"%s\", comes %s.", lesson_option_label((size_t)placed), text,
	    belongs > pos ? "later" : "earlier");
	return true;
}

/* Returns the bank index of the step that belongs in position pos, or -1. */
static int step_at(const pt_item *item, int pos)
{
	if (pos < 0 || (size_t)pos >= item->steps.n)
		return -1;
	return lesson_bank_find(item, item->steps.v[pos].s);
}

/* ---- the screen body ---- */

/* Returns the position step o of the bank is placed in, or -1. */
static int placed_at(const pt_grade *g, int o)
{
	for (int p = 0; p < grade_slots(g); p++)
		if (g->fill[p] == o)
			return p;
	return -1;
}

/* Adds the steps of an order item not yet placed, lettered in the order
 * shown (a placed step is shown once, in its position above). */
static void add_steps(pt_doc *d, const pt_grade *g, bool compact)
{
	const pt_item *it = g->item;
	bool heading = false;
	for (int o = 0; o < item_body_choices(it); o++) {
		if (placed_at(g, o) >= 0)
			continue;
		if (!heading && !compact) {
			doc_move_to(d, MARGIN);
			doc_atom(d, ROLE_HEADING, 0, "Steps to place:");
			doc_newline(d);
			heading = true;
		}
		int zone = ZONE(ZONE_BANK, o);
		char label[2] = { lesson_option_label((size_t)o), '\0' };
		doc_move_to(d, MARGIN);
		doc_atom(d, ROLE_LABEL, zone, label);
		doc_move_to(d, LIST_TEXT);
		doc_set_indent(d, LIST_TEXT);
		if (compact)
			body_cut(d, ROLE_NORMAL, zone, it->bank.v[o].s, d->width - LIST_TEXT);
		else
			doc_wrap(d, ROLE_NORMAL, zone, it->bank.v[o].s);
		doc_set_indent(d, 0);
		doc_newline(d);
	}
}

/* Adds the positions of an order item, numbered, each with the step
 * placed there ("[C]", marked after a check) and its text. */
static void add_positions(pt_doc *d, const pt_grade *g, int focus, bool compact, item_anchors *a)
{
	const pt_item *it = g->item;
	for (int p = 0; p < grade_slots(g); p++) {
		int o = g->fill[p], zone = ZONE(ZONE_BLANK, p);
		if (compact && o < 0 && p != focus)
			continue; /* compact: an empty position shows only when focused */
		pt_mark mark = session_shown_mark(g, p);
		pt_role role = mark == PT_MARK_RIGHT ? ROLE_RIGHT : mark == PT_MARK_WRONG ? ROLE_WRONG : ROLE_BLANK;
		char token[32];
		if (o < 0)
			snprintf(token, sizeof token, "[ ]");
		else if (mark == PT_MARK_RIGHT || mark == PT_MARK_WRONG)
			snprintf(token, sizeof token, "[%c %s]", lesson_option_label((size_t)o),
			    draw_glyph(mark == PT_MARK_RIGHT ? GLYPH_RIGHT : GLYPH_WRONG));
		else
			snprintf(token, sizeof token, "[%c]", lesson_option_label((size_t)o));
		doc_move_to(d, MARGIN);
		doc_atomf(d, ROLE_LABEL, zone, "%d", p + 1);
		doc_move_to(d, LIST_TEXT - 1);
		if (p == focus) {
			doc_atom(d, ROLE_LABEL, zone, draw_glyph(GLYPH_FOCUS));
			a->focus_line = doc_line(d);
			role = ROLE_FOCUS;
		}
		doc_move_to(d, LIST_TEXT);
		doc_atom(d, role, zone, token);
		if (o >= 0) {
			doc_move_to(d, ORDER_TEXT);
			doc_set_indent(d, ORDER_TEXT);
			if (compact)
				body_cut(d, ROLE_NORMAL, zone, it->bank.v[o].s, d->width - ORDER_TEXT);
			else
				doc_wrap(d, ROLE_NORMAL, zone, it->bank.v[o].s);
			doc_set_indent(d, 0);
		}
		doc_newline(d);
	}
}

/* The answer area: the positions with the steps placed, then the steps
 * left to place; compact, the positions that hold a step (and the focused
 * one), then the steps left, each on one line, its text cut (all of it
 * comes in full below). */
static void area(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a)
{
	(void)show;
	add_positions(d, g, v->focus, v->compact, a);
	if (v->compact) {
		add_steps(d, g, true);
		return;
	}
	doc_gap(d);
	add_steps(d, g, false);
}

/* The results: what a check says: the first step out of place
 * and its feedback, and once out of attempts the right order. */
static void results(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show)
{
	(void)v;
	const pt_item *it = g->item;
	char said[320];
	if (out_of_place(g, said, sizeof said)) {
		doc_move_to(d, MARGIN);
		doc_atomf(d, ROLE_WRONG, 0, "%s Wrong", draw_glyph(GLYPH_WRONG));
		doc_move_to(d, RESULT_TEXT);
		doc_wrap(d, ROLE_NORMAL, 0, said);
		const char *feedback = grade_said(g);
		if (feedback != NULL) {
			doc_newline(d);
			doc_move_to(d, RESULT_TEXT);
			doc_wrap(d, ROLE_NORMAL, 0, feedback);
		}
		doc_newline(d);
	}
	if (!show->answer)
		return;
	doc_gap(d);
	doc_move_to(d, MARGIN);
	doc_atomf(d, ROLE_RIGHT, 0, "%s The right order:", draw_glyph(GLYPH_ANSWER));
	doc_newline(d);
	for (int p = 0; p < grade_slots(g); p++) {
		int o = step_at(it, p);
		if (o < 0)
			continue;
		doc_move_to(d, MARGIN);
		doc_atomf(d, ROLE_LABEL, 0, "%d", p + 1);
		doc_move_to(d, LIST_TEXT);
		doc_atomf(d, ROLE_RIGHT, 0, "%c", lesson_option_label((size_t)o));
		doc_move_to(d, LIST_TEXT + 3);
		doc_wrap(d, ROLE_RIGHT, 0, it->bank.v[o].s);
		doc_newline(d);
	}
}

/* Where a failed item's answer is shown. */
static const char *shown(const pt_item *it)
{
	(void)it;
	return "the right order is shown above";
}

/* ---- answer entry ---- */

/* What to do next: place a step in the position in focus. */
static void focus_step(const pt_grade *g, int focus, char last, char *message, size_t size)
{
	(void)g;
	snprintf(message, size, "Position %d: which step goes here? Press its letter A-%c", focus + 1, last);
}

/* ---- plain mode ---- */

/* How to answer. */
static void help(FILE *out, bool exam)
{
	(void)exam;
	fputs("  c a b d        the letters of all the steps, first step first\n", out);
}

/* What the item asks for: the steps. */
static void print_area(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	fputs("Steps:\n", out);
	plain_print_lettered(out, it->bank.v, it->bank.n);
	fprintf(out, "Type the letters of all %d steps in order, first step first.\n", grade_slots(g));
}

/* The answer: the steps in order. */
static void print_key(FILE *out, const pt_item *it)
{
	for (size_t p = 0; p < it->steps.n; p++) {
		int o = step_at(it, (int)p);
		if (o >= 0)
			fprintf(out, " %zu %c) %s;", p + 1, lesson_option_label((size_t)o), it->bank.v[o].s);
	}
}

/* Prints the shown marks of the last check of an order item and the
 * first step out of place with its feedback. */
static void print_checked(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	for (int p = 0; p < grade_slots(g); p++) {
		const char *word = plain_mark_word(session_shown_mark(g, p));
		if (word != NULL && g->fill[p] >= 0)
			fprintf(out, "%s: position %d, %c) %s.\n", word, p + 1, lesson_option_label((size_t)g->fill[p]),
			    it->bank.v[g->fill[p]].s);
	}
	char said[320];
	if (out_of_place(g, said, sizeof said)) {
		const char *fb = grade_said(g);
		fprintf(out, "%s%s%s\n", said, fb ? " " : "", fb ? fb : "");
	}
}

/* Reads an order answer: the letters of every step, first step first
 * ("c a b d", "c,a,b,d" or "cabd").  Returns false with a message quoting
 * what was typed. */
static bool apply(FILE *out, pt_grade *g, const char *line)
{
	int n = grade_slots(g);
	char last = lesson_option_label((size_t)(n > 0 ? n - 1 : 0));
	char copy[1024], *words[PLAIN_MAX_WORDS], letters[PLAIN_MAX_WORDS][2];
	snprintf(copy, sizeof copy, "%s", line);
	size_t k = plain_split_words(copy, words, true);
	if (k == 1 && strlen(words[0]) == (size_t)n && n > 1) {
		const char *run = words[0]; /* "cabd": one letter per step */
		for (int i = 0; i < n; i++) {
			letters[i][0] = run[i];
			letters[i][1] = '\0';
			words[i] = letters[i];
		}
		k = (size_t)n;
	}
	int steps[PT_MAX_OPTIONS];
	bool used[PT_MAX_OPTIONS] = { false };
	for (size_t i = 0; i < k; i++) {
		int o = strlen(words[i]) == 1 ? lesson_option_index(words[i][0], (size_t)n) : -1;
		if (o < 0) {
			if (k == 1)
				fprintf(out, "\"%s\" is not a step: use the letters A to %c.\n", line, last);
			else
				fprintf(out, "\"%s\" in \"%s\" is not a step: use the letters A to %c.\n", words[i], line,
				    last);
			return false;
		}
		if (used[o]) {
			fprintf(out, "\"%s\" names step %c twice: give each step once.\n", line, lesson_option_label((size_t)o));
			return false;
		}
		used[o] = true;
		if (i < PT_MAX_OPTIONS)
			steps[i] = o;
	}
	if (k != (size_t)n) {
		fprintf(out, "\"%s\" places %zu of the %d steps: give all %d letters in order, first step first.\n",
		    line, k, n, n);
		return false;
	}
	for (int p = 0; p < n; p++)
		grade_clear(g, p);
	for (int p = 0; p < n; p++)
		grade_fill(g, p, steps[p]);
	return true;
}

/* An exam: the order given so far (the steps list does not show it). */
static void print_given(FILE *out, const pt_grade *g)
{
	fputs("Your order so far:", out);
	for (int p = 0; p < grade_slots(g); p++)
		fprintf(out, " %c", g->fill[p] >= 0 ? lesson_option_label((size_t)g->fill[p]) : '_');
	fputc('\n', out);
}

const ui_kind_ops ui_kind_order = {
	.kind = PT_KIND_ORDER,
	.word = "order",
	.area = area,
	.results = results,
	.shown = shown,
	.keys = AN_ORDER | AN_BLANKS,
	.incomplete = "Place every step, then press Enter to check",
	.slot_word = "Position",
	.slot_noun = "position",
	.slots_wrong = "steps",
	.focus_step = focus_step,
	.task = "put %d step%s in order",
	.help = help,
	.print_area = print_area,
	.print_key = print_key,
	.print_checked = print_checked,
	.apply = apply,
	.print_given = print_given,
};

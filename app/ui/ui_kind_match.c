/* ui_kind_match.c - a match item in the UI: numbered prompts, each given
 * an answer from a lettered bank.  Its row (ui_kind.h) and what only it
 * draws and prints: the prompts with the answers given them. */
#include <stdio.h>

#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* ---- the screen body ---- */

/* Adds the answer given pair b ("[1:Data parallelism ✓]"), wrapped at
 * its spaces when it is wider than a line; cut only when compact and
 * already marked right (the learner knows it, and the whole text is
 * further down). */
static void add_token(pt_doc *d, const pt_grade *g, const pt_item_view *v, int b)
{
	char token[256];
	bool right = v->compact && session_shown_mark(g, b) == PT_MARK_RIGHT;
	pt_role role = body_blank_token(g, v->exam, b, token, sizeof token, right ? d->width - d->col : 0);
	if (b == v->focus)
		role = ROLE_FOCUS;
	int zone = ZONE(ZONE_BLANK, b);
	if (body_width(token) <= d->width - d->col)
		doc_atom(d, role, zone, token);
	else
		doc_wrap(d, role, zone, token);
}

/* Adds the left prompts of a match item, numbered, the focused one with
 * the focus marker before its number, each followed by the answer chosen
 * for it ("[1:Data parallelism]"; on the line below when it does not fit
 * after the prompt, wrapped when wider than a line). */
static void add_lefts(pt_doc *d, const pt_grade *g, const pt_item_view *v, item_anchors *a)
{
	const pt_item *it = g->item;
	int focus = v->focus;
	for (int b = 0; b < grade_slots(g) && (size_t)b < it->n_lefts; b++) {
		int zone = ZONE(ZONE_BLANK, b);
		pt_role role = ROLE_LABEL;
		if (b == focus) {
			doc_atom(d, ROLE_LABEL, zone, draw_glyph(GLYPH_FOCUS));
			a->focus_line = doc_line(d);
			role = ROLE_FOCUS;
		}
		doc_move_to(d, MARGIN);
		doc_atomf(d, role, zone, "%d", b + 1);
		doc_move_to(d, LIST_TEXT);
		doc_set_indent(d, LIST_TEXT);
		doc_wrap(d, ROLE_NORMAL, zone, it->lefts[b].s);
		doc_move_to(d, d->col + 2);
		char token[256];
		body_blank_token(g, v->exam, b, token, sizeof token, 0);
		if (body_width(token) > d->width - d->col) {
			doc_newline(d);
			doc_move_to(d, LIST_TEXT + 2);
			doc_set_indent(d, LIST_TEXT + 2);
		}
		add_token(d, g, v, b);
		doc_set_indent(d, 0);
		doc_newline(d);
	}
}

/* Compact (the question kept in view on a small screen): each prompt's
 * number, its text cut to what the line leaves beside the answer given it
 * (none when that is less than a word), and the answer (whole unless it is
 * marked right); the prompts in full further down. */
static void add_tokens(pt_doc *d, const pt_grade *g, const pt_item_view *v, item_anchors *a)
{
	for (int b = 0; b < grade_slots(g) && (size_t)b < g->item->n_lefts; b++) {
		int zone = ZONE(ZONE_BLANK, b);
		if (b == v->focus) {
			doc_atom(d, ROLE_LABEL, zone, draw_glyph(GLYPH_FOCUS));
			a->focus_line = doc_line(d);
		}
		doc_move_to(d, MARGIN);
		doc_atomf(d, b == v->focus ? ROLE_FOCUS : ROLE_LABEL, zone, "%d", b + 1);
		doc_move_to(d, LIST_TEXT);
		doc_set_indent(d, LIST_TEXT + 1);
		char token[256];
		body_blank_token(g, v->exam, b, token, sizeof token, 0);
		const char *left = g->item->lefts[b].s;
		int avail = d->width - LIST_TEXT, left_w = body_width(left);
		int room = avail - body_width(token) - 2;
		/* A pair marked right may be cut: its prompt keeps up to half
		 * the line, the answer the rest. */
		if (session_shown_mark(g, b) == PT_MARK_RIGHT && room < left_w)
			room = left_w < avail / 2 ? left_w : avail / 2;
		if (room >= 10 || (room >= left_w && left_w > 0)) {
			body_cut(d, ROLE_NORMAL, zone, left, room);
			doc_move_to(d, d->col + 2);
		}
		add_token(d, g, v, b);
		doc_set_indent(d, 0);
		doc_newline(d);
	}
}

/* The answer area: the prompts, the answers. */
static void area(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a)
{
	(void)show;
	if (v->compact) {
		add_tokens(d, g, v, a);
		return;
	}
	add_lefts(d, g, v, a);
	doc_gap(d);
	body_bank(d, g->item, "Answers:", false);
}

/* ---- answer entry ---- */

/* What to do next: answer the prompt in focus. */
static void focus_step(const pt_grade *g, int focus, char last, char *message, size_t size)
{
	(void)g;
	if (focus >= 0)
		snprintf(message, size, "Prompt %d: press a letter A-%c to give it an answer", focus + 1, last);
	else
		snprintf(message, size, "Fill every blank, then press Enter to check");
}

/* ---- plain mode ---- */

/* How to answer. */
static void help(FILE *out, bool exam)
{
	fputs("  1 b            give prompt 1 answer B (several pairs at once: 1 b 2 c);\n", out);
	fputs(exam ? PLAIN_EXAM_WHEN : "                 the answer is checked once every prompt has one\n", out);
}

/* What the item asks for: the prompts with their answers so far, and the
 * answers. */
static void print_area(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	fputs("Prompts:\n", out);
	for (int b = 0; b < grade_slots(g) && (size_t)b < it->n_lefts; b++) {
		fprintf(out, "  %d) %s", b + 1, it->lefts[b].s);
		if (g->fill[b] >= 0)
			fprintf(out, " [%d: %s]", b + 1, it->bank.v[g->fill[b]].s);
		fputc('\n', out);
	}
	fputs("Answers:\n", out);
	plain_print_lettered(out, it->bank.v, it->bank.n);
}

/* The answer: each prompt's. */
static void print_key(FILE *out, const pt_item *it)
{
	for (size_t b = 0; b < it->n_blanks; b++)
		fprintf(out, " prompt %zu = %s;", b + 1, it->blanks[b].accept.v[0].s);
}

/* The marks of the last check, prompt by prompt with its text. */
static void print_checked(FILE *out, const pt_grade *g)
{
	plain_print_pairs_check(out, g, true);
}

/* Reads pairs of a prompt and an answer. */
static bool apply(FILE *out, pt_grade *g, const char *line)
{
	return plain_apply_pairs(out, g, line, "answer");
}

const ui_kind_ops ui_kind_match = {
	.kind = PT_KIND_MATCH,
	.word = "match",
	.area = area,
	.results = body_fill_results,
	.shown = body_shown_slots,
	.keys = AN_MATCH | AN_BLANKS,
	.incomplete = "Give every prompt an answer, then press Enter to check",
	.slot_word = "Prompt",
	.slot_noun = "prompt",
	.slots_wrong = "pairs",
	.focus_step = focus_step,
	.task = "match %d prompt%s",
	.help = help,
	.print_area = print_area,
	.print_key = print_key,
	.print_checked = print_checked,
	.apply = apply,
	.print_given = NULL, /* the prompts show their answers */
};

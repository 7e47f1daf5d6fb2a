/* ui_kind_fill.c - a fill item in the UI: code with numbered blanks to
 * fill from a bank of options.  Its row (ui_kind.h) and what only it draws
 * and reads: the code with its blanks on the screen and in plain mode. */
#include <stdio.h>
#include <string.h>

#include "paratutor/model/placeholder.h"
#include "paratutor/base/text.h"
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* ---- the screen body ---- */

/* Returns the columns blank b takes, with the focus marker when focused. */
static int blank_width(const pt_grade *g, const pt_item_view *v, int b)
{
	char token[256];
	body_blank_token(g, v->exam, b, token, sizeof token, 0);
	return body_width(token) + (b == v->focus ? body_width(draw_glyph(GLYPH_FOCUS)) : 0);
}

/* Adds blank b, with the focus marker when focused. */
static void add_blank(pt_doc *d, const pt_grade *g, const pt_item_view *v, int b, item_anchors *a)
{
	char token[256];
	int focus = v->focus;
	pt_role role = body_blank_token(g, v->exam, b, token, sizeof token, 0);
	int zone = ZONE(ZONE_BLANK, b);
	if (b == focus) {
		const char *marker = draw_glyph(GLYPH_FOCUS);
		doc_make_room(d, body_width(marker) + body_width(token));
		doc_atom(d, ROLE_LABEL, zone, marker);
		a->focus_line = doc_line(d);
		role = ROLE_FOCUS;
	}
	doc_atom(d, role, zone, token);
}

/* Adds the code with its blanks, tabs expanded; lines too wide continue
 * indented.  Pseudo-code says so above it. */
static void add_code(pt_doc *d, const pt_grade *g, const pt_item_view *v, item_anchors *a)
{
	const char *code = g->item->code.s;
	size_t len = strlen(code), start = 0;
	if (g->item->pseudo_code) {
		doc_move_to(d, MARGIN);
		doc_atom(d, ROLE_LABEL, 0, "pseudo-code");
		doc_move_to(d, d->col + 1);
		doc_wrap(d, ROLE_DIM, 0, "(made-up calls, not a real API)");
		doc_newline(d);
	}
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
		size_t ph_len = 0;
		int b = ph_blank_at(code + i, &ph_len);
		if (b < 0 || b >= grade_slots(g)) {
			i++;
			continue;
		}
		/* A blank stays with the code that touches it ("strategy.[2]",
		 * "[2]}"): a line too wide wraps before that word, not inside it. */
		size_t word = i, after = i + ph_len, end = i + ph_len;
		while (word > start && code[word - 1] != ' ')
			word--;
		while (end < len && code[end] != ' ' && code[end] != '\n' && code[end] != '\t' && code[end] != '{')
			end++;
		doc_code(d, ROLE_CODE, code + start, word - start);
		doc_make_room(d, text_width(code + word, i - word) + blank_width(g, v, b) +
		    text_width(code + after, end - after));
		doc_code(d, ROLE_CODE, code + word, i - word);
		add_blank(d, g, v, b, a);
		i += ph_len;
		start = i;
	}
	doc_code(d, ROLE_CODE, code + start, len - start);
	doc_set_indent(d, 0);
}

/* The answer area: the code (under its pseudo-code tag), the options;
 * compact, the options alone (the code comes in full below). */
static void area(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a)
{
	(void)show;
	if (v->compact) {
		body_bank(d, g->item, "Options:", true);
		return;
	}
	if (g->item->pseudo_code)
		a->work_line++;
	add_code(d, g, v, a);
	doc_gap(d);
	body_bank(d, g->item, "Options:", false);
}

/* ---- answer entry ---- */

/* What to do next: fill or change the blank in focus. */
static void focus_step(const pt_grade *g, int focus, char last, char *message, size_t size)
{
	if (focus >= 0)
		snprintf(message, size, "Blank %d: press a letter A-%c (or click an option) to %s it", focus + 1, last,
		    g->fill[focus] < 0 ? "fill" : "change");
	else
		snprintf(message, size, "Fill every blank, then press Enter to check");
}

/* ---- plain mode ---- */

/* How to answer. */
static void help(FILE *out, bool exam)
{
	fputs("  1 b            put option B into blank 1 (several pairs at once: 1 b 2 c);\n", out);
	fputs(exam ? PLAIN_EXAM_WHEN : "                 the answer is checked once every blank is filled\n", out);
	fputs("  b              with a single blank, put option B into it\n"
	      "  1 split        an option's text works as well as its letter\n", out);
}

/* Prints fill code with each blank as [N], or [N: option] once filled. */
static void print_code(FILE *out, const pt_grade *g)
{
	const char *code = g->item->code.s;
	fputs("    ", out);
	for (const char *p = code; *p;) {
		size_t ph_len = 0;
		int b = ph_blank_at(p, &ph_len);
		if (b >= 0 && b < grade_slots(g)) {
			if (g->fill[b] >= 0)
				fprintf(out, "[%d: %s]", b + 1, g->item->bank.v[g->fill[b]].s);
			else
				fprintf(out, "[%d]", b + 1);
			p += ph_len;
			continue;
		}
		fputc(*p, out);
		if (*p++ == '\n')
			fputs("    ", out);
	}
	fputc('\n', out);
}

/* What the item asks for: its code and the options. */
static void print_area(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	fputs(it->pseudo_code ? "Code (pseudo-code: made-up calls, not a real API):\n" : "Code:\n", out);
	print_code(out, g);
	fputs("Options:\n", out);
	plain_print_lettered(out, it->bank.v, it->bank.n);
}

/* The answer: each blank's. */
static void print_key(FILE *out, const pt_item *it)
{
	for (size_t b = 0; b < it->n_blanks; b++)
		fprintf(out, " blank %zu = %s;", b + 1, it->blanks[b].accept.v[0].s);
}

/* The marks of the last check, blank by blank. */
static void print_checked(FILE *out, const pt_grade *g)
{
	plain_print_pairs_check(out, g, false);
}

/* Reads pairs of a blank and an option, or the option for a single blank. */
static bool apply(FILE *out, pt_grade *g, const char *line)
{
	return plain_apply_pairs(out, g, line, "option");
}

const ui_kind_ops ui_kind_fill = {
	.kind = PT_KIND_FILL,
	.word = "fill",
	.area = area,
	.results = body_fill_results,
	.shown = body_shown_slots,
	.keys = AN_FILL, /* AN_BLANKS is added when there are several blanks */
	.incomplete = "Fill every blank, then press Enter to check",
	.slot_word = "Blank",
	.slot_noun = "blank",
	.slots_wrong = "blanks",
	.focus_step = focus_step,
	.task = "fill in %d blank%s",
	.help = help,
	.print_area = print_area,
	.print_key = print_key,
	.print_checked = print_checked,
	.apply = apply,
	.print_given = NULL, /* the code shows what each blank holds */
};

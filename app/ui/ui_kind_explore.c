/* ui_kind_explore.c - an explore item in the UI: knobs on the item's
 * figure, turned with Left/Right (or - and +) and focused with Tab or
 * Up/Down in the full screen, "set NAME VALUE" in plain mode; the figure
 * and its numbers redraw at each setting, and Enter (plain: "check")
 * checks it against the goal.  The setting is the answer text
 * ("microbatches=12"), so drafts, exams and reports keep it as they keep
 * a typed answer; the learner reads it in words ("micro-batches 12"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/model/explore_item.h"
#include "paratutor/learn/kind.h"
#include "paratutor/ui/ui_explore.h"
#include "paratutor/ui/ui_figure.h"
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

/* The setting in text (empty: the start) into *f; false when it is no
 * setting of the item (the start then). */
static bool setting_of(const pt_explore *e, const char *text, pt_figure *f)
{
	char why[PT_MAX_SAID];
	if (explore_setting_read(e, text, f, why, sizeof why))
		return true;
	*f = e->start;
	return false;
}

/* A knob's value for a learner: a word or a number. */
static void put_value(pt_strbuf *b, const pt_fig_param *p, double x)
{
	if (p->words != NULL)
		strbuf_printf(b, "%s", p->words[(int)x]);
	else
		strbuf_printf(b, "%.6g", x);
}

/* The setting in words: "micro-batches 12, schedule gpipe". */
static void setting_words(const pt_explore *e, const pt_figure *f, pt_strbuf *b)
{
	const pt_fig_type_info *ti = figure_type(e->start.type);
	for (int k = 0; k < e->n_knobs; k++) {
		const pt_fig_param *p = &ti->params[e->knob[k].param];
		strbuf_printf(b, "%s%s ", k == 0 ? "" : ", ", p->what);
		put_value(b, p, f->v[e->knob[k].param]);
	}
}

/* The same for setting text, into buf. */
static void words_of(const pt_item *it, const char *text, char *buf, size_t size)
{
	pt_explore e;
	pt_figure f;
	buf[0] = '\0';
	if (!explore_of(it, &e))
		return;
	if (!setting_of(&e, text, &f)) {
		snprintf(buf, size, "%s", text);
		return;
	}
	pt_strbuf b = { 0 };
	setting_words(&e, &f, &b);
	snprintf(buf, size, "%s", b.s != NULL ? b.s : "");
	free(b.s);
}

int explore_ui_knobs(const pt_item *it)
{
	return it->explore != NULL ? it->explore->n_knobs : 0;
}

bool explore_ui_turn(const pt_item *it, char *field, size_t size, int k, int dir, char *why, size_t why_len)
{
	pt_explore e;
	pt_figure f;
	if (!explore_of(it, &e) || k < 0 || k >= e.n_knobs) {
		snprintf(why, why_len, "This item has no knob to turn.");
		return false;
	}
	setting_of(&e, field, &f);
	if (!explore_knob_move(&e, &f, k, dir)) {
		const pt_fig_param *p = &figure_type(e.start.type)->params[e.knob[k].param];
		snprintf(why, why_len, "The %s %s at %s end.", p->what, p->words != NULL ? "is" : "are",
		    dir < 0 ? "its lower" : "its upper");
		return false;
	}
	pt_strbuf b = { 0 };
	explore_setting_write(&e, &f, &b);
	if (b.s != NULL && b.n < size)
		memcpy(field, b.s, b.n + 1);
	free(b.s);
	return true;
}

/* ---- the screen body ---- */

/* The setting the screen shows: the one being turned while the item is
 * open, else the one last checked; false for no explore item. */
static bool shown_setting(const pt_grade *g, const pt_item_view *v, pt_explore *e, pt_figure *f)
{
	if (!explore_of(g->item, e))
		return false;
	setting_of(e, g->status == PT_OPEN ? v->field : g->typed, f);
	return true;
}

/* The goal, the knobs (the focused one marked), then the figure's picture
 * at the setting, its sentences following under the question (under), so
 * that the picture stays in view above a check's result.  Compact, on a
 * screen too small for that, the goal and the knobs alone, the picture
 * following below them (v->below), where the body scrolls. */
static void area(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a)
{
	(void)show;
	pt_explore e;
	pt_figure f;
	if (!shown_setting(g, v, &e, &f))
		return;
	bool open = g->status == PT_OPEN;
	const pt_fig_type_info *ti = figure_type(e.start.type);
	if (!v->below) {
		pt_strbuf goal = { 0 };
		explore_goal_text(&e, &goal);
		doc_move_to(d, MARGIN);
		doc_atom(d, ROLE_HEADING, 0, "Goal:");
		doc_move_to(d, d->col + 1);
		doc_wrap(d, ROLE_NORMAL, 0, goal.s != NULL ? goal.s : "");
		free(goal.s);
		doc_newline(d);
	}
	for (int k = 0; k < e.n_knobs && !v->below; k++) {
		const pt_fig_param *p = &ti->params[e.knob[k].param];
		bool focused = open && k == v->focus;
		if (focused)
			a->focus_line = doc_line(d);
		pt_strbuf b = { 0 };
		strbuf_printf(&b, "%s %s: ", focused ? draw_glyph(GLYPH_FOCUS) : " ", p->what);
		put_value(&b, p, f.v[e.knob[k].param]);
		strbuf_printf(&b, "  (");
		put_value(&b, p, e.knob[k].min);
		strbuf_printf(&b, " to ");
		put_value(&b, p, e.knob[k].max);
		strbuf_printf(&b, ")");
		doc_move_to(d, MARGIN);
		doc_atom(d, focused ? ROLE_FOCUS : ROLE_NORMAL, 0, b.s != NULL ? b.s : "");
		doc_newline(d);
		free(b.s);
	}
	if (!v->compact)
		figure_view_add_figure(d, &f, FIG_VIEW_PICTURE);
}

/* The figure's sentences at the setting, under its picture. */
static void under(pt_doc *d, const pt_grade *g, const pt_item_view *v)
{
	pt_explore e;
	pt_figure f;
	if (shown_setting(g, v, &e, &f))
		figure_view_add_figure(d, &f, FIG_VIEW_SENTENCES);
}

/* The results of the last check: the setting checked, in words, and what
 * it got. */
static void results(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show)
{
	(void)v;
	char words[PT_MAX_SAID], key[PT_MAX_SAID], typed[PT_MAX_TYPED];
	words_of(g->item, g->typed, words, sizeof words);
	kind_ops(g->item->kind)->right_typed(g->item, typed, sizeof typed);
	words_of(g->item, typed, key, sizeof key);
	pt_mark mark = session_shown_mark(g, 0);
	const char *said = grade_said(g);
	if (!g->checked && said != NULL && g->typed[0] != '\0')
		body_result(d, GLYPH_MISSED, "Not counted", ROLE_MISSED, words, NULL, said);
	else if (mark == PT_MARK_RIGHT)
		body_result(d, GLYPH_RIGHT, "Correct", ROLE_RIGHT, words, NULL, NULL);
	else if (mark == PT_MARK_WRONG)
		body_result(d, GLYPH_WRONG, "Wrong", ROLE_WRONG, words, show->answer ? key : NULL, said);
	else if (show->answer)
		body_result(d, GLYPH_ANSWER, "Answer", ROLE_RIGHT, key, NULL, NULL);
}

/* Where a failed item's answer is shown. */
static const char *shown(const pt_item *it)
{
	(void)it;
	return "the best setting is shown above";
}

/* ---- plain mode ---- */

static void help(FILE *out, bool exam)
{
	fprintf(out, "  set NAME VALUE turn a knob: set microbatches 12 (the figure is shown again%s)\n"
	             "  show           the knobs, the goal and the figure at the setting\n"
	             "  check          %s", exam ? "; the setting is kept as your answer" : "",
	    exam ? "keep this setting as your answer and go on to the next item\n" PLAIN_EXAM_WHEN : "check the setting\n");
}

/* The goal, the knobs with their ranges, and the figure at the setting;
 * while the item is open, how to answer it, in a lesson or an exam. */
static void area_in(FILE *out, const pt_grade *g, bool exam)
{
	pt_explore e;
	pt_figure f;
	if (!explore_of(g->item, &e))
		return;
	setting_of(&e, g->typed, &f);
	const pt_fig_type_info *ti = figure_type(e.start.type);
	pt_strbuf b = { 0 };
	explore_goal_text(&e, &b);
	strbuf_printf(&b, ".\nKnobs:");
	for (int k = 0; k < e.n_knobs; k++) {
		const pt_fig_param *p = &ti->params[e.knob[k].param];
		strbuf_printf(&b, "%s %s (%s) is ", k == 0 ? "" : ";", p->name, p->what);
		put_value(&b, p, f.v[e.knob[k].param]);
		strbuf_printf(&b, ", from ");
		put_value(&b, p, e.knob[k].min);
		strbuf_printf(&b, " to ");
		put_value(&b, p, e.knob[k].max);
		if (p->words == NULL && e.knob[k].step != 1)
			strbuf_printf(&b, " in steps of %.6g", e.knob[k].step);
	}
	fprintf(out, "Goal: %s.\n", b.s != NULL ? b.s : "");
	free(b.s);
	figure_view_print_figure(out, &f);
	if (g->status != PT_OPEN)
		return;
	fputs(exam ? "Turn a knob with set NAME VALUE: the setting is kept as your answer; type check or next to "
	             "go on.\n" :
	             "Turn a knob with set NAME VALUE, then type check.\n", out);
}

static void print_area(FILE *out, const pt_grade *g)
{
	area_in(out, g, false);
}

static void exam_print_area(FILE *out, const pt_grade *g)
{
	area_in(out, g, true);
}

/* The best setting, in words. */
static void print_key(FILE *out, const pt_item *it)
{
	char typed[PT_MAX_TYPED], words[PT_MAX_SAID];
	kind_ops(it->kind)->right_typed(it, typed, sizeof typed);
	words_of(it, typed, words, sizeof words);
	fprintf(out, " %s", words);
}

static void print_checked(FILE *out, const pt_grade *g)
{
	char words[PT_MAX_SAID];
	words_of(g->item, g->typed, words, sizeof words);
	const char *word = plain_mark_word(session_shown_mark(g, 0));
	const char *fb = g->marks[0] == PT_MARK_WRONG ? grade_said(g) : NULL;
	fprintf(out, "%s: your setting %s.%s%s\n", word ? word : "Checked", words, fb ? " " : "", fb ? fb : "");
}

/* set NAME VALUE turns a knob and shows the figure again; show shows it;
 * check (or a whole setting, "microbatches=12") is the answer to check,
 * in an exam the answer to keep. */
static bool apply_in(FILE *out, pt_grade *g, const char *line, bool exam)
{
	pt_explore e;
	pt_figure f;
	char why[PT_MAX_SAID], name[64], value[64];
	if (!explore_of(g->item, &e))
		return false;
	while (*line == ' ')
		line++;
	if (strcmp(line, "show") == 0) {
		area_in(out, g, exam);
		return false;
	}
	if (strcmp(line, "check") == 0) {
		if (g->typed[0] == '\0') {
			fputs("The knobs are where they started, which does not meet the goal: turn one first, "
			      "with set NAME VALUE.\n", out);
			return false;
		}
		return true;
	}
	if (strncmp(line, "set ", 4) == 0) {
		setting_of(&e, g->typed, &f);
		if (sscanf(line + 4, " %63s %63s", name, value) != 2) {
			fputs("Write set, a knob's name and its value: set microbatches 12.\n", out);
			return false;
		}
		if (!explore_set(&e, &f, name, value, why, sizeof why)) {
			fprintf(out, "%s\n", why);
			return false;
		}
		pt_strbuf b = { 0 };
		explore_setting_write(&e, &f, &b);
		grade_type(g, b.s != NULL ? b.s : "");
		free(b.s);
		area_in(out, g, exam);
		return false;
	}
	if (!explore_setting_read(&e, line, &f, why, sizeof why)) {
		fprintf(out, "%s Turn a knob with set NAME VALUE%s.\n", why, exam ? "" : ", then type check");
		return false;
	}
	pt_strbuf b = { 0 };
	explore_setting_write(&e, &f, &b);
	grade_type(g, b.s != NULL ? b.s : "");
	free(b.s);
	return true;
}

static bool apply(FILE *out, pt_grade *g, const char *line)
{
	return apply_in(out, g, line, false);
}

static bool exam_apply(FILE *out, pt_grade *g, const char *line)
{
	return apply_in(out, g, line, true);
}

/* An exam: the setting so far, in words. */
static void print_given(FILE *out, const pt_grade *g)
{
	char words[PT_MAX_SAID];
	if (g->typed[0] == '\0')
		return;
	words_of(g->item, g->typed, words, sizeof words);
	fprintf(out, "Your setting so far: %s\n", words);
}

const ui_kind_ops ui_kind_explore = {
	.kind = PT_KIND_EXPLORE,
	.word = "explore",
	.area = area,
	.under = under,
	.results = results,
	.draws_figure = true,
	.shown = shown,
	.keys = AN_KNOBS,
	.incomplete = "Turn a knob first: the figure as it starts does not meet the goal",
	.task = "turn the knobs",
	.help = help,
	.print_area = print_area,
	.print_key = print_key,
	.print_checked = print_checked,
	.apply = apply,
	.print_given = print_given,
	.exam_print_area = exam_print_area,
	.exam_apply = exam_apply,
};

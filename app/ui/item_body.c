/* item_body.c - the item screen's body: the prompt, then the kind's answer
 * area (code with blanks and a bank, options, prompts to match, steps to
 * order, or an answer field), marks and feedback after a check, hints,
 * common mistakes and, once the item is finished, the verdict and the
 * worked solution.  What is shown when follows session_disclose() and
 * session_shown_mark().  The layout is the same for every kind; the
 * kind's part comes from its row (ui_kind.h), and what kinds draw alike
 * (blanks, banks, options, the answer field) is here, for the rows
 * (ui_kind_parts.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/kind.h"
#include "paratutor/learn/score.h"
#include "paratutor/learn/session.h"
#include "paratutor/base/text.h"
#include "paratutor/ui/ui_answer.h"
#include "paratutor/ui/ui_figure.h"
#include "paratutor/ui/ui_item.h"
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

int item_body_choices(const pt_item *it)
{
	pt_answer_shape shape = kind_shape(it->kind);
	size_t n = shape == PT_SHAPE_SLOTS ? it->bank.n : shape == PT_SHAPE_PICKS ? it->n_options : 0;
	return (int)(n < PT_MAX_OPTIONS ? n : PT_MAX_OPTIONS);
}

char item_body_last_label(const pt_item *it)
{
	int n = item_body_choices(it);
	return lesson_option_label((size_t)(n > 0 ? n - 1 : 0));
}

int body_width(const char *s)
{
	return text_width(s, strlen(s));
}

/* ---- blanks and match prompts ---- */

void body_cut(pt_doc *d, pt_role role, int zone, const char *text, int room)
{
	char buf[512];
	size_t len = strcspn(text, "\n");
	if (room < 2)
		room = 2;
	if (len == strlen(text) && text_width(text, len) <= room && len < sizeof buf) {
		doc_atom(d, role, zone, text);
		return;
	}
	const char *ellipsis = draw_glyph(GLYPH_ELLIPSIS);
	size_t keep = text_fit(text, len, room - body_width(ellipsis));
	if (keep > sizeof buf - 8)
		keep = text_fit(text, sizeof buf - 8, room - body_width(ellipsis));
	while (keep > 0 && text[keep - 1] == ' ')
		keep--;
	snprintf(buf, sizeof buf, "%.*s%s", (int)keep, text, keep < len || len < strlen(text) ? ellipsis : "");
	doc_atom(d, role, zone, buf);
}

pt_role body_blank_token(const pt_grade *g, bool given_only, int b, char *token, size_t size, int room)
{
	const pt_item *it = g->item;
	const char *shown = g->fill[b] >= 0 ? it->bank.v[g->fill[b]].s : NULL;
	const char *mark = "";
	pt_role role = ROLE_BLANK;
	pt_mark shown_mark = session_shown_mark(g, b);
	if (g->status == PT_FAILED && shown_mark != PT_MARK_RIGHT && !given_only) {
		shown = it->blanks[b].accept.v[0].s; /* the revealed answer */
		role = ROLE_RIGHT;
	} else if (shown_mark == PT_MARK_RIGHT) {
		mark = draw_glyph(GLYPH_RIGHT);
		role = ROLE_RIGHT;
	} else if (shown_mark == PT_MARK_WRONG) {
		mark = draw_glyph(GLYPH_WRONG);
		role = ROLE_WRONG;
	}
	if (shown == NULL) {
		snprintf(token, size, "[%d]", b + 1);
		return role;
	}
	snprintf(token, size, "[%d:%s%s%s]", b + 1, shown, *mark ? " " : "", mark);
	if (room <= 0 || body_width(token) <= room)
		return role;
	const char *ellipsis = draw_glyph(GLYPH_ELLIPSIS);
	char frame[64];
	snprintf(frame, sizeof frame, "[%d:%s%s]", b + 1, *mark ? " " : "", mark);
	int text_room = room - body_width(frame) - body_width(ellipsis);
	size_t keep = text_fit(shown, strlen(shown), text_room > 1 ? text_room : 1);
	while (keep > 0 && shown[keep - 1] == ' ')
		keep--;
	snprintf(token, size, "[%d:%.*s%s%s%s]", b + 1, (int)keep, shown, ellipsis, *mark ? " " : "", mark);
	return role;
}

/* Adds a bank in one wrapped row: "Options:  A batch   B split ..." */
void body_bank(pt_doc *d, const pt_item *it, const char *heading, bool compact)
{
	doc_move_to(d, MARGIN);
	doc_atom(d, ROLE_HEADING, 0, heading);
	int first_col = d->col + 2;
	/* Short options share lines; when one would not fit on a line of its
	 * own beside the others, each gets a line, its text hanging under it. */
	bool one_per_line = false;
	for (int o = 0; o < item_body_choices(it); o++)
		if (first_col + 2 + body_width(it->bank.v[o].s) > d->width)
			one_per_line = true;
	/* Compact (the question kept in view on a small screen): an entry
	 * wider than its line is cut; the whole bank is further down. */
	doc_set_indent(d, first_col);
	for (int o = 0; o < item_body_choices(it); o++) {
		const char *text = it->bank.v[o].s;
		int zone = ZONE(ZONE_BANK, o);
		char label[2] = { lesson_option_label((size_t)o), '\0' };
		if (one_per_line) {
			if (o > 0)
				doc_newline(d);
			doc_move_to(d, first_col);
			doc_atom(d, ROLE_LABEL, zone, label);
			doc_set_indent(d, first_col + 2);
			doc_move_to(d, first_col + 2);
			if (compact)
				body_cut(d, ROLE_NORMAL, zone, text, d->width - first_col - 2);
			else
				doc_wrap(d, ROLE_NORMAL, zone, text);
			doc_set_indent(d, first_col);
			continue;
		}
		doc_move_to(d, d->col + (o == 0 ? 2 : 3));
		doc_make_room(d, 2 + body_width(text));
		doc_atom(d, ROLE_LABEL, zone, label);
		doc_move_to(d, d->col + 1);
		doc_atom(d, ROLE_NORMAL, zone, text);
	}
	doc_set_indent(d, 0);
}

/* ---- numeric and text items ---- */

/* The answer field, "Answer: [16 GB_      ]", with the focus marker and a
 * cursor while it takes the keys, and below it what it accepts. */
void body_field(pt_doc *d, const pt_grade *g, const pt_item_view *v, const char *accepts)
{
	bool open = g->status == PT_OPEN, focused = open && v->typing;
	const char *text = open ? v->field : g->typed;
	int zone = ZONE(ZONE_FIELD, 0);
	if (!open && text[0] == '\0')
		return; /* finished in an earlier session: the results say it all */
	doc_move_to(d, MARGIN);
	doc_atom(d, ROLE_HEADING, zone, "Answer:");
	doc_move_to(d, d->col + 1);
	int field_col = d->col;
	const char *marker = draw_glyph(GLYPH_FOCUS), *cursor = focused ? "_" : "";
	const char *ellipsis = draw_glyph(GLYPH_ELLIPSIS);
	int room = d->width - d->col - body_width(marker) - 2; /* inside the brackets */
	int inside = room < FIELD_MIN ? room : FIELD_MIN;
	/* A long answer shows its end, where the typing happens. */
	const char *shown = text;
	bool cut = false;
	while (*shown != '\0' && body_width(shown) + body_width(cursor) + (cut ? body_width(ellipsis) : 0) > room) {
		shown++;
		while (((unsigned char)*shown & 0xC0) == 0x80)
			shown++;
		cut = true;
	}
	char token[PT_MAX_TYPED + 128];
	int used = snprintf(token, sizeof token, "[%s%s%s", cut ? ellipsis : "", shown, cursor);
	int w = body_width(token) - 1;
	while (w < inside && used + 2 < (int)sizeof token) {
		token[used++] = ' ';
		w++;
	}
	snprintf(token + used, sizeof token - (size_t)used, "]");
	if (focused)
		doc_atom(d, ROLE_LABEL, zone, marker);
	else
		doc_move_to(d, d->col + body_width(marker));
	doc_atom(d, focused ? ROLE_FOCUS : ROLE_BLANK, zone, token);
	doc_newline(d);

	if (accepts[0] != '\0') {
		doc_move_to(d, field_col + body_width(marker) + 1);
		doc_wrap(d, ROLE_DIM, 0, accepts);
		doc_newline(d);
	}
}

void body_result(pt_doc *d, pt_glyph glyph, const char *word, pt_role role, const char *what,
    const char *answer, const char *feedback)
{
	doc_move_to(d, MARGIN);
	doc_atomf(d, role, 0, "%s %s", draw_glyph(glyph), word);
	doc_move_to(d, d->col < RESULT_TEXT ? RESULT_TEXT : d->col + 1);
	doc_set_indent(d, RESULT_TEXT); /* what does not fit continues under what it is about */
	if (what != NULL)
		doc_atom(d, ROLE_BLANK, 0, what);
	if (answer != NULL) {
		doc_move_to(d, d->col + 2);
		doc_atomf(d, ROLE_RIGHT, 0, "%s answer: %s", draw_glyph(GLYPH_ANSWER), answer);
	}
	if (feedback != NULL) {
		doc_newline(d);
		doc_move_to(d, RESULT_TEXT);
		doc_wrap(d, ROLE_NORMAL, 0, feedback);
	}
	doc_set_indent(d, 0);
	doc_newline(d);
}

/* What the last check of a numeric or text item said: not counted (and
 * why), or Correct / Wrong with the feedback, and once out of attempts the
 * key. */
void body_typed_results(pt_doc *d, const pt_grade *g, const pt_disclosure *show, const char *not_counted)
{
	const pt_item *it = g->item;
	char said[PT_MAX_SAID + 64], key[256] = "";
	if (ui_kind(it->kind)->typed_key != NULL)
		ui_kind(it->kind)->typed_key(it, key, sizeof key);
	pt_mark mark = session_shown_mark(g, 0);
	if (answer_not_counted(g, said, sizeof said))
		body_result(d, GLYPH_MISSED, not_counted, ROLE_MISSED, g->typed, NULL, said);
	else if (mark == PT_MARK_RIGHT)
		body_result(d, GLYPH_RIGHT, "Correct", ROLE_RIGHT, g->typed, NULL, NULL);
	else if (mark == PT_MARK_WRONG)
		body_result(d, GLYPH_WRONG, "Wrong", ROLE_WRONG, g->typed, show->answer ? key : NULL, grade_said(g));
	else if (show->answer)
		body_result(d, GLYPH_ANSWER, "Answer", ROLE_RIGHT, key, NULL, NULL);
}

void body_typed_checked(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show)
{
	(void)v;
	body_typed_results(d, g, show, kind_ops(g->item->kind)->unclear == PT_GRADE_UNCLEAR ? "Unclear" : "Spelling");
}

/* ---- choice and multi items ---- */

/* Returns the mark word and glyph option o of a choice or multi item
 * shows: its mark, or "Correct answer" for a right option revealed; NULL
 * for none. */
static const char *option_mark(const pt_grade *g, const pt_disclosure *show, int o, pt_glyph *glyph,
    pt_role *role)
{
	pt_mark mark = session_shown_mark(g, o);
	switch (mark) {
	case PT_MARK_RIGHT: *glyph = GLYPH_RIGHT; *role = ROLE_RIGHT; return "Correct";
	case PT_MARK_WRONG: *glyph = GLYPH_WRONG; *role = ROLE_WRONG; return "Wrong";
	case PT_MARK_MISSED: *glyph = GLYPH_MISSED; *role = ROLE_MISSED; return "Missed";
	case PT_MARK_NONE: break;
	}
	if (show->answer && g->item->options[o].correct) {
		*glyph = GLYPH_ANSWER;
		*role = ROLE_RIGHT;
		return "Correct answer";
	}
	return NULL;
}

/* The options of a choice or multi item, each with its mark after its
 * text once checked (the feedback goes below, with the results). */
void body_options(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a)
{
	(void)a;
	const pt_item *it = g->item;
	bool ticks = !load_kind(it->kind)->one_right, compact = v->compact;
	for (int o = 0; o < item_body_choices(it); o++) {
		const pt_option *opt = &it->options[o];
		pt_glyph glyph = GLYPH_RIGHT;
		pt_role mark_role = ROLE_NORMAL;
		const char *word = option_mark(g, show, o, &glyph, &mark_role);
		int zone = ZONE(ZONE_OPTION, o);
		pt_role role = g->picked[o] ? ROLE_BLANK : ROLE_NORMAL;
		if (word != NULL && session_shown_mark(g, o) != PT_MARK_NONE)
			role = mark_role;
		char label[2] = { lesson_option_label((size_t)o), '\0' };
		char box[16];
		if (ticks)
			snprintf(box, sizeof box, "[%s]", g->picked[o] ? "x" : " ");
		else
			snprintf(box, sizeof box, "(%s)", g->picked[o] ? draw_glyph(GLYPH_RADIO_ON) : " ");
		doc_move_to(d, MARGIN);
		doc_atom(d, ROLE_LABEL, zone, label);
		doc_move_to(d, MARGIN + 2);
		doc_atom(d, role, zone, box);
		doc_move_to(d, OPTION_TEXT);
		doc_set_indent(d, OPTION_TEXT);
		/* The text keeps room for its mark at the end of its last line. */
		char mark[64] = "";
		if (word != NULL)
			snprintf(mark, sizeof mark, "%s %s", draw_glyph(glyph), word);
		int full = d->width, reserve = word != NULL ? body_width(mark) + 2 : 0;
		if (reserve > 0 && full - reserve - OPTION_TEXT >= 20)
			d->width = full - reserve;
		if (compact)
			body_cut(d, g->picked[o] ? ROLE_PROMPT : ROLE_NORMAL, zone, opt->text.s, d->width - OPTION_TEXT);
		else
			doc_wrap(d, g->picked[o] ? ROLE_PROMPT : ROLE_NORMAL, zone, opt->text.s);
		d->width = full;
		if (word != NULL) {
			doc_move_to(d, d->col + 2);
			doc_atom(d, mark_role, 0, mark);
		}
		doc_set_indent(d, 0);
		doc_newline(d);
	}
}

/* Adds the feedback of each option marked Wrong or Missed, under its mark
 * and letter (a select-all item names one wrong tick at most). */
void body_option_results(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show)
{
	(void)v; /* the fill row uses it */
	const pt_item *it = g->item;
	for (int o = 0; o < item_body_choices(it); o++) {
		pt_mark mark = session_shown_mark(g, o);
		const char *feedback = it->options[o].feedback.s;
		if ((mark != PT_MARK_WRONG && mark != PT_MARK_MISSED) || feedback == NULL)
			continue;
		bool wrong = mark == PT_MARK_WRONG;
		pt_role role = wrong ? ROLE_WRONG : ROLE_MISSED;
		doc_move_to(d, MARGIN);
		doc_atomf(d, role, 0, "%s %s", draw_glyph(wrong ? GLYPH_WRONG : GLYPH_MISSED), wrong ? "Wrong" : "Missed");
		doc_move_to(d, d->col < RESULT_TEXT ? RESULT_TEXT : d->col + 1);
		doc_atomf(d, ROLE_LABEL, 0, "%c", lesson_option_label((size_t)o));
		doc_move_to(d, d->col + 2);
		doc_wrap(d, ROLE_NORMAL, 0, feedback);
		doc_newline(d);
	}
	(void)show; /* a select-all check names at most one wrong tick, and never counts right ones */
}

/* Adds one line per checked blank or match pair: its mark, the learner's
 * choice, the answer once the item is failed, and the feedback for a
 * wrong choice. */
void body_fill_results(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show)
{
	const pt_item *it = g->item;
	for (int b = 0; b < grade_slots(g); b++) {
		pt_mark mark = session_shown_mark(g, b);
		if (v->exam && show->answer && (mark == PT_MARK_NONE || g->fill[b] < 0)) {
			/* An exam item left incomplete was not graded: each blank's
			 * key beside what was entered in it, if anything. */
			char what[256];
			if (g->fill[b] >= 0)
				snprintf(what, sizeof what, "[%d] %s", b + 1, it->bank.v[g->fill[b]].s);
			else
				snprintf(what, sizeof what, "[%d]", b + 1);
			body_result(d, GLYPH_WRONG, "Unanswered", ROLE_WRONG, what, it->blanks[b].accept.v[0].s, NULL);
			continue;
		}
		if (mark == PT_MARK_NONE || g->fill[b] < 0)
			continue;
		bool right = mark == PT_MARK_RIGHT;
		char what[256];
		snprintf(what, sizeof what, "[%d] %s", b + 1, it->bank.v[g->fill[b]].s);
		body_result(d, right ? GLYPH_RIGHT : GLYPH_WRONG, right ? "Correct" : "Wrong",
		    right ? ROLE_RIGHT : ROLE_WRONG, what, !right && show->answer ? it->blanks[b].accept.v[0].s : NULL,
		    right ? NULL : lesson_blank_feedback(it, (size_t)b, (size_t)g->fill[b]));
	}
}

/* ---- after the answer ---- */

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

/* Returns where a failed item's answer is shown, for the verdict. */
static const char *answer_shown(const pt_item *it)
{
	return ui_kind(it->kind)->shown(it);
}

/* One answer shown. */
const char *body_shown_one(const pt_item *it)
{
	(void)it;
	return "the correct answer is shown above";
}

/* Several answers shown. */
const char *body_shown_several(const pt_item *it)
{
	(void)it;
	return "the correct answers are shown above";
}

/* A blank's or a prompt's answer each. */
const char *body_shown_slots(const pt_item *it)
{
	return it->n_blanks == 1 ? body_shown_one(it) : body_shown_several(it);
}

/* Adds what a finished item shows: the verdict, explanation, solution,
 * note and references. */
static void add_verdict(pt_doc *d, const pt_grade *g, bool exam)
{
	const pt_item *it = g->item;
	doc_gap(d);
	if (exam) {
		/* The results say Right, Wrong or Unanswered above each item: an
		 * exam has one attempt and no score, so no lesson verdict here. */
		if (g->status != PT_SOLVED)
			doc_atomf(d, ROLE_DIM, 0, "(%s)", answer_shown(it));
	} else if (g->status == PT_SOLVED) {
		doc_atomf(d, ROLE_RIGHT, 0, "%s Correct", draw_glyph(GLYPH_RIGHT));
		char label[96];
		score_label(grade_outcome(g), g->checks, g->hints_shown, session_pass_kind(g), label, sizeof label);
		doc_atomf(d, ROLE_DIM, 0, "  %s", label);
	} else {
		/* The score too, in plain mode's words: "Result: out of attempts,
		 * score 0." (a practice pass or review says so). */
		char label[96], result[112];
		score_label(grade_outcome(g), g->checks, g->hints_shown, session_pass_kind(g), label, sizeof label);
		snprintf(result, sizeof result, "Result: %s.", label);
		doc_atomf(d, ROLE_WRONG, 0, "%s Out of attempts", draw_glyph(GLYPH_WRONG));
		doc_atomf(d, ROLE_DIM, 0, "  %s", answer_shown(it));
		doc_newline(d);
		doc_wrap(d, ROLE_DIM, 0, result);
	}
	if (it->explanation.s != NULL) {
		doc_newline(d);
		doc_wrap(d, ROLE_NORMAL, 0, it->explanation.s);
	}
	if (it->figure_at == PT_FIGURE_AT_EXPLANATION)
		figure_view_add(d, it);
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

/* Adds the general common-mistake notes once a check failed or the item
 * ended (never for a hint: the list rules distractors out). */
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

void item_body_build(pt_doc *d, const pt_grade *g, const pt_item_view *v, item_anchors *a)
{
	const pt_item *it = g->item;
	pt_disclosure show;
	session_disclose(g, &show);
	doc_wrap(d, ROLE_PROMPT, 0, it->prompt.s);
	a->prompt_end = doc_line(d) + 1;
	if (it->figure_at == PT_FIGURE_AT_PROMPT && !ui_kind(it->kind)->draws_figure)
		figure_view_add(d, it);
	doc_gap(d);
	/* One layout for every kind: the question (the prompt and the kind's
	 * answer area), then from a->question_end the feedback. */
	a->work_line = a->area_first = doc_line(d);
	const ui_kind_ops *k = ui_kind(it->kind);
	a->focus_line = SIZE_MAX;
	k->area(d, g, v, &show, a);
	doc_gap(d);
	a->question_end = a->result_first = doc_line(d);
	if (v->compact) {
		/* The compact area stays in view; the area in full comes first
		 * in what scrolls beneath it. */
		pt_item_view full = *v;
		size_t focus = a->focus_line, work = a->work_line;
		full.compact = false;
		full.below = true;
		k->area(d, g, &full, &show, a);
		doc_gap(d);
		a->work_line = work;
		if (focus != SIZE_MAX)
			a->focus_line = focus;
		a->result_first = doc_line(d);
	}
	if (k->under != NULL) {
		k->under(d, g, v);
		doc_gap(d);
		a->result_first = doc_line(d);
	}
	if (a->focus_line == SIZE_MAX)
		a->focus_line = a->work_line;
	k->results(d, g, v, &show);
	if (show.explanation)
		add_verdict(d, g, v->exam);
	a->result_last = doc_line(d);
	add_hints(d, g, a);
	add_mistakes(d, g, &show);
	if (v->editor && it->editor_note.s != NULL) {
		doc_gap(d);
		doc_atom(d, ROLE_HEADING, 0, "Editor's note (this preview only; learners never see it):");
		doc_newline(d);
		doc_wrap(d, ROLE_DIM, 0, it->editor_note.s);
	}
}

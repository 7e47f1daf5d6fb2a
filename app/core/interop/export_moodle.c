/* export_moodle.c - a lesson as a Moodle XML question bank: choice and
 * multi as multichoice, fill as gapselect, numeric as numerical (with
 * units), text as shortanswer, match as matching and order as ordering;
 * hints as <hint>, the explanation as general feedback. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/export.h"
#include "paratutor/placeholder.h"

/* The state of writing one item. */
typedef struct xml_writer {
	const pt_lesson *lesson;
	const pt_item *item;
	pt_strbuf *out;
	pt_diags *diags;
} xml_writer;

/* Appends s with the XML special characters as entities. */
static void put_escaped(pt_strbuf *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': export_puts(out, "&amp;"); break;
		case '<': export_puts(out, "&lt;"); break;
		case '>': export_puts(out, "&gt;"); break;
		case '"': export_puts(out, "&quot;"); break;
		default:
			/* XML 1.0 has no place for other control characters. */
			if (((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t') || *s == 0x7f)
				export_puts(out, " ");
			else
				strbuf_put(out, s, 1);
		}
	}
}

/* Appends <tag format="plain_text"><text>s</text></tag> on its own line. */
static void put_element(xml_writer *w, const char *indent, const char *tag, const char *s)
{
	export_puts(w->out, indent);
	export_puts(w->out, "<");
	export_puts(w->out, tag);
	export_puts(w->out, " format=\"plain_text\"><text>");
	put_escaped(w->out, s ? s : "");
	export_puts(w->out, "</text></");
	export_puts(w->out, tag);
	export_puts(w->out, ">\n");
}

/* Appends <tag>value</tag> on its own line. */
static void put_value(xml_writer *w, const char *tag, const char *value)
{
	export_puts(w->out, "    <");
	export_puts(w->out, tag);
	export_puts(w->out, ">");
	put_escaped(w->out, value);
	export_puts(w->out, "</");
	export_puts(w->out, tag);
	export_puts(w->out, ">\n");
}

/* Appends an <answer> with a fraction, its text and feedback (when not
 * NULL), and for a numerical answer its tolerance (when tolerance is not
 * NULL). */
static void put_answer(xml_writer *w, double fraction, const char *text, const char *tolerance, const char *feedback)
{
	char num[40];
	snprintf(num, sizeof num, "%.7g", fraction);
	export_puts(w->out, "    <answer fraction=\"");
	export_puts(w->out, num);
	export_puts(w->out, "\" format=\"plain_text\">\n      <text>");
	put_escaped(w->out, text);
	export_puts(w->out, "</text>\n");
	if (tolerance != NULL) {
		export_puts(w->out, "      <tolerance>");
		export_puts(w->out, tolerance);
		export_puts(w->out, "</tolerance>\n");
	}
	if (feedback != NULL)
		put_element(w, "      ", "feedback", feedback);
	export_puts(w->out, "    </answer>\n");
}

/* Appends the common mistakes as the feedback for any incorrect answer, a
 * list when there are several. */
static void put_incorrect(xml_writer *w)
{
	const pt_text_list *m = &w->item->mistakes;
	if (m->n == 0)
		return;
	/* One mistake is plain text, unless it looks like a list itself. */
	if (m->n == 1 && strncmp(m->v[0].s, "- ", 2) != 0) {
		put_element(w, "    ", "incorrectfeedback", m->v[0].s);
		return;
	}
	export_puts(w->out, "    <incorrectfeedback format=\"html\"><text><![CDATA[<ul>");
	for (size_t i = 0; i < m->n; i++) {
		pt_strbuf html = { 0 };
		put_escaped(&html, m->v[i].s);
		export_puts(w->out, "<li>");
		/* "]]>" cannot stand inside CDATA: close and reopen around '>'. */
		for (const char *p = html.s ? html.s : ""; *p; p++)
			export_puts(w->out, strncmp(p, "]]>", 3) == 0 ? "]]]]><![CDATA[" : (char[]){ *p, '\0' });
		export_puts(w->out, "</li>");
		w->out->failed |= html.failed;
		free(html.s);
	}
	export_puts(w->out, "</ul>]]></text></incorrectfeedback>\n");
}

/* Appends "<shuffleanswers>" as the item says. */
static void put_shuffle(xml_writer *w)
{
	put_value(w, "shuffleanswers", w->item->shuffle ? "true" : "false");
}

/* Writes a choice or multi item as multichoice; a multi's right options
 * share 100 % and its wrong ones -100 %. */
static void write_multichoice(xml_writer *w)
{
	const pt_item *it = w->item;
	bool single = it->kind == PT_KIND_CHOICE;
	size_t right = lesson_correct_count(it), wrong = it->n_options - right;
	put_value(w, "single", single ? "true" : "false");
	put_shuffle(w);
	put_value(w, "answernumbering", "ABCD");
	put_incorrect(w);
	for (size_t i = 0; i < it->n_options; i++) {
		const pt_option *o = &it->options[i];
		double f = single ? (o->correct ? 100 : 0) : o->correct ? 100.0 / (double)right : -100.0 / (double)wrong;
		put_answer(w, f, o->text.s, NULL, o->feedback.s);
	}
}

/* Writes a fill item as gapselect: the code in <pre>, each blank a gap
 * [[n]] naming its first accepted option, the bank as the choices. */
static void write_gapselect(xml_writer *w)
{
	const pt_item *it = w->item;
	put_shuffle(w);
	put_incorrect(w);
	for (size_t i = 0; i < it->bank.n; i++) {
		export_puts(w->out, "    <selectoption>\n      <text>");
		put_escaped(w->out, it->bank.v[i].s);
		export_puts(w->out, "</text>\n      <group>1</group>\n    </selectoption>\n");
	}
}

/* Appends the questiontext of a fill item in HTML: its prompt, then its
 * code in <pre> with [[n]] for each blank. */
static void put_gap_text(xml_writer *w)
{
	const pt_item *it = w->item;
	pt_strbuf html = { 0 };
	export_puts(&html, "<p>");
	for (const char *p = it->prompt.s; *p; p++) {
		if (*p == '\n')
			export_puts(&html, "<br>");
		else
			put_escaped(&html, (char[]){ *p, '\0' });
	}
	export_puts(&html, "</p><pre>");
	pt_ph_iter iter;
	pt_ph_token tok;
	ph_begin(&iter, it->code.s);
	while (ph_next(&iter, &tok)) {
		if (tok.kind == PT_PH_BLANK && (size_t)tok.blank < it->n_blanks && it->blanks[tok.blank].accept.n > 0) {
			int k = lesson_bank_find(it, it->blanks[tok.blank].accept.v[0].s);
			char gap[24];
			snprintf(gap, sizeof gap, "[[%d]]", k + 1);
			export_puts(&html, gap);
			continue;
		}
		for (size_t i = 0; i < tok.len; i++) {
			char c[2] = { tok.start[i], '\0' };
			put_escaped(&html, c);
		}
	}
	export_puts(&html, "</pre>");
	export_puts(w->out, "    <questiontext format=\"html\"><text>");
	put_escaped(w->out, html.s ? html.s : "");
	export_puts(w->out, "</text></questiontext>\n");
	w->out->failed |= html.failed;
	free(html.s);
}

/* Writes a numeric item as numerical: the answer with its tolerance, the
 * known wrong values without credit, the common mistakes as feedback for
 * any other answer ("*"), and the units with Moodle's multipliers. */
static void write_numerical(xml_writer *w)
{
	const pt_item *it = w->item;
	char v[EXPORT_NUMBER_MAX], t[EXPORT_NUMBER_MAX];
	const pt_range *r = &it->answer;
	put_answer(w, 100, export_number(r->value, v, sizeof v), export_tolerance(r->max - r->value, r->value, t, sizeof t), NULL);
	for (size_t i = 0; i < it->n_wrong; i++) {
		const pt_range *x = &it->wrong[i];
		double mid = x->min / 2 + x->max / 2;
		put_answer(w, 0, export_number(mid, v, sizeof v), export_tolerance(x->max - mid, mid, t, sizeof t), x->feedback.s);
	}
	for (size_t i = 0; i < it->mistakes.n; i++)
		put_answer(w, 0, "*", "0", it->mistakes.v[i].s);
	if (it->n_units == 0)
		return;
	put_value(w, "unitgradingtype", "0");
	put_value(w, "unitpenalty", "0");
	put_value(w, "showunits", "0");
	put_value(w, "unitsleft", "0");
	export_puts(w->out, "    <units>\n");
	/* Moodle's first unit is the answer's own: factor 1 goes first. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < it->n_units; i++) {
			if ((it->units[i].factor == 1) != (pass == 0))
				continue;
			export_puts(w->out, "      <unit>\n        <multiplier>");
			export_puts(w->out, export_tolerance(1 / it->units[i].factor, 1 / it->units[i].factor, v, sizeof v));
			export_puts(w->out, "</multiplier>\n        <unit_name>");
			put_escaped(w->out, it->units[i].name.s);
			export_puts(w->out, "</unit_name>\n      </unit>\n");
		}
	export_puts(w->out, "    </units>\n");
}

/* Writes a text item as shortanswer: accepted answers with full credit,
 * known wrong ones without credit, common mistakes as "*" feedback. */
static void write_shortanswer(xml_writer *w)
{
	const pt_item *it = w->item;
	put_value(w, "usecase", it->case_sensitive ? "1" : "0");
	for (size_t i = 0; i < it->accept.n; i++)
		put_answer(w, 100, it->accept.v[i].s, NULL, NULL);
	for (size_t i = 0; i < it->n_wrong_answers; i++)
		put_answer(w, 0, it->wrong_answers[i].option.s, NULL, it->wrong_answers[i].text.s);
	for (size_t i = 0; i < it->mistakes.n; i++)
		put_answer(w, 0, "*", NULL, it->mistakes.v[i].s);
}

/* Writes a match item as matching; a distractor is a subquestion with no
 * text. */
static void write_matching(xml_writer *w)
{
	const pt_item *it = w->item;
	put_shuffle(w);
	put_incorrect(w);
	for (size_t i = 0; i < it->n_lefts + it->distractors.n; i++) {
		bool pair = i < it->n_lefts;
		export_puts(w->out, "    <subquestion format=\"plain_text\">\n      <text>");
		put_escaped(w->out, pair ? it->lefts[i].s : "");
		export_puts(w->out, "</text>\n      <answer><text>");
		put_escaped(w->out, pair ? it->blanks[i].accept.v[0].s : it->distractors.v[i - it->n_lefts].s);
		export_puts(w->out, "</text></answer>\n    </subquestion>\n");
	}
}

/* Writes an order item as ordering: each step's fraction is its place. */
static void write_ordering(xml_writer *w)
{
	const pt_item *it = w->item;
	put_value(w, "layouttype", "VERTICAL");
	put_value(w, "selecttype", "ALL");
	put_value(w, "selectcount", "0");
	put_value(w, "gradingtype", "ABSOLUTE_POSITION");
	put_value(w, "showgrading", "SHOW");
	put_incorrect(w);
	for (size_t i = 0; i < it->steps.n; i++)
		put_answer(w, (double)(i + 1), it->steps.v[i].s, NULL, it->step_feedback ? it->step_feedback[i].s : NULL);
}

/* Moodle XML's form of one item kind: one row per kind (the kind's other
 * operations are in its row of the core's kind table, kind.h). */
typedef struct moodle_kind {
	pt_kind kind;
	const char *type;            /* Moodle's question type */
	void (*write)(xml_writer *w); /* the question's answers */
} moodle_kind;

/* The rows: adding a kind to Moodle XML is its writer above and its row
 * here. */
static const moodle_kind moodle_kinds[] = {
	{ PT_KIND_FILL, "gapselect", write_gapselect },
	{ PT_KIND_CHOICE, "multichoice", write_multichoice },
	{ PT_KIND_MULTI, "multichoice", write_multichoice },
	{ PT_KIND_NUMERIC, "numerical", write_numerical },
	{ PT_KIND_TEXT, "shortanswer", write_shortanswer },
	{ PT_KIND_MATCH, "matching", write_matching },
	{ PT_KIND_ORDER, "ordering", write_ordering },
};

/* Returns the row of the item's kind, or NULL. */
static const moodle_kind *moodle_kind_of(const pt_item *it)
{
	for (size_t i = 0; i < sizeof moodle_kinds / sizeof moodle_kinds[0]; i++)
		if (moodle_kinds[i].kind == it->kind)
			return &moodle_kinds[i];
	return NULL;
}

/* Returns Moodle's question type for the item. */
static const char *type_of(const pt_item *it)
{
	const moodle_kind *k = moodle_kind_of(it);
	return k != NULL ? k->type : "description";
}

/* Warns about what Moodle XML cannot carry of the item. */
static void warn_lost(xml_writer *w)
{
	const pt_item *it = w->item;
	const pt_lesson *l = w->lesson;
	export_lost_common(l, it, w->diags, PT_EXPORT_MOODLE_XML);
	if (it->choose > 0)
		export_lost(l, it, w->diags, PT_EXPORT_MOODLE_XML, it->choose_pos, "\"choose\"");
	if (it->kind == PT_KIND_FILL) {
		for (size_t b = 0; b < it->n_blanks; b++) {
			for (size_t a = 1; a < it->blanks[b].accept.n; a++) {
				char what[512];
				snprintf(what, sizeof what, "\"%.100s\" as a right answer of gap %zu (a gap has one; "
				    "\"%.100s\" is kept and \"%.100s\" counts as wrong there)", it->blanks[b].accept.v[a].s,
				    b + 1, it->blanks[b].accept.v[0].s, it->blanks[b].accept.v[a].s);
				export_lost(l, it, w->diags, PT_EXPORT_MOODLE_XML, it->blanks[b].accept.v[a].pos, what);
			}
			if (it->blanks[b].n_feedback > 0)
				export_lost(l, it, w->diags, PT_EXPORT_MOODLE_XML, it->blanks[b].feedback[0].option.pos,
				    "feedback for a wrong choice in a gap");
		}
	}
	if (it->kind == PT_KIND_MATCH)
		for (size_t i = 0; i < it->n_lefts; i++)
			if (it->blanks[i].n_feedback > 0) {
				export_lost(l, it, w->diags, PT_EXPORT_MOODLE_XML, it->blanks[i].feedback[0].option.pos,
				    "feedback on a matching pair");
				break;
			}
}

/* Returns true when a fill item's code holds text Moodle reads as a gap
 * ("[[2]]"). */
static bool has_gap_text(const pt_item *it)
{
	for (const char *p = it->code.s; it->kind == PT_KIND_FILL && (p = strstr(p, "[[")) != NULL; p++) {
		size_t digits = strspn(p + 2, "0123456789");
		if (digits > 0 && strncmp(p + 2 + digits, "]]", 2) == 0)
			return true;
	}
	return false;
}

/* Writes one item as a <question>; returns false when it has no Moodle
 * XML form (warned). */
static bool write_item(xml_writer *w)
{
	const pt_item *it = w->item;
	if (has_gap_text(it)) {
		diags_add(w->diags, w->lesson->path, it->code.pos, PT_WARNING,
		    "item \"%s\" (fill) is not exported: its code holds [[N]], which Moodle reads as a gap", it->id.s);
		return false;
	}
	warn_lost(w);
	export_puts(w->out, "  <question type=\"");
	export_puts(w->out, type_of(it));
	export_puts(w->out, "\">\n");
	export_puts(w->out, "    <name><text>");
	export_puts(w->out, it->id.s);
	export_puts(w->out, "</text></name>\n");
	if (it->kind == PT_KIND_FILL)
		put_gap_text(w);
	else
		put_element(w, "    ", "questiontext", it->prompt.s);
	if (it->explanation.s != NULL)
		put_element(w, "    ", "generalfeedback", it->explanation.s);
	put_value(w, "defaultgrade", "1");
	put_value(w, "penalty", "0.25");
	put_value(w, "hidden", "0");
	put_value(w, "idnumber", it->id.s);
	const moodle_kind *k = moodle_kind_of(it);
	if (k != NULL)
		k->write(w);
	for (size_t i = 0; i < it->hints.n; i++)
		put_element(w, "    ", "hint", it->hints.v[i].s);
	export_puts(w->out, "    <tags><tag><text>");
	export_puts(w->out, lesson_difficulty_name(it->difficulty));
	export_puts(w->out, "</text></tag></tags>\n  </question>\n");
	return true;
}

bool export_moodle(const pt_lesson *lesson, pt_strbuf *out, pt_diags *diags, pt_export_count *count)
{
	xml_writer w = { .lesson = lesson, .out = out, .diags = diags };
	*count = (pt_export_count){ 0, 0 };
	export_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<!-- A paratutor lesson as Moodle XML: import it in Moodle under Question bank, Import. -->\n<quiz>\n"
	    "  <question type=\"category\">\n    <category><text>$course$/top/");
	for (const char *s = lesson->title.s; *s; s++) {
		if (*s == '/')
			export_puts(out, "//");
		else
			put_escaped(out, (char[]){ *s, '\0' });
	}
	export_puts(out, "</text></category>\n  </question>\n");
	for (size_t i = 0; i < lesson->n_items; i++) {
		w.item = &lesson->items[i];
		if (write_item(&w))
			count->written++;
		else
			count->skipped++;
	}
	export_puts(out, "</quiz>\n");
	return !out->failed;
}

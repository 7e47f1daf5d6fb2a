/* export_moodle.c - a lesson as a Moodle XML question bank: the category,
 * and for each item what every question has (name, text, general feedback
 * from the explanation, grade, id number, hints, difficulty tag) around
 * the type and answers the row of its kind writes (export_kind.h: choice
 * and multi as multichoice, fill as gapselect, numeric as numerical with
 * units, text as shortanswer, match as matching and order as ordering). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/interop/export.h"
#include "paratutor/interop/export_kind.h"
#include "paratutor/interop/export_parts.h"
#include "paratutor/load/load_kind.h"

/* Appends s with the XML special characters as entities. */
void moodle_put_escaped(pt_strbuf *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': strbuf_puts(out, "&amp;"); break;
		case '<': strbuf_puts(out, "&lt;"); break;
		case '>': strbuf_puts(out, "&gt;"); break;
		case '"': strbuf_puts(out, "&quot;"); break;
		default:
			/* XML 1.0 has no place for other control characters. */
			if (((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t') || *s == 0x7f)
				strbuf_puts(out, " ");
			else
				strbuf_put(out, s, 1);
		}
	}
}

/* Appends <tag format="plain_text"><text>s</text></tag> on its own line. */
void moodle_put_element(xml_writer *w, const char *indent, const char *tag, const char *s)
{
	strbuf_puts(w->out, indent);
	strbuf_puts(w->out, "<");
	strbuf_puts(w->out, tag);
	strbuf_puts(w->out, " format=\"plain_text\"><text>");
	moodle_put_escaped(w->out, s ? s : "");
	strbuf_puts(w->out, "</text></");
	strbuf_puts(w->out, tag);
	strbuf_puts(w->out, ">\n");
}

/* Appends <tag>value</tag> on its own line. */
void moodle_put_value(xml_writer *w, const char *tag, const char *value)
{
	strbuf_puts(w->out, "    <");
	strbuf_puts(w->out, tag);
	strbuf_puts(w->out, ">");
	moodle_put_escaped(w->out, value);
	strbuf_puts(w->out, "</");
	strbuf_puts(w->out, tag);
	strbuf_puts(w->out, ">\n");
}

/* Appends an <answer> with a fraction, its text and feedback (when not
 * NULL), and for a numerical answer its tolerance (when tolerance is not
 * NULL). */
void moodle_put_answer(xml_writer *w, double fraction, const char *text, const char *tolerance, const char *feedback)
{
	char num[40];
	snprintf(num, sizeof num, "%.7g", fraction);
	strbuf_puts(w->out, "    <answer fraction=\"");
	strbuf_puts(w->out, num);
	strbuf_puts(w->out, "\" format=\"plain_text\">\n      <text>");
	moodle_put_escaped(w->out, text);
	strbuf_puts(w->out, "</text>\n");
	if (tolerance != NULL) {
		strbuf_puts(w->out, "      <tolerance>");
		strbuf_puts(w->out, tolerance);
		strbuf_puts(w->out, "</tolerance>\n");
	}
	if (feedback != NULL)
		moodle_put_element(w, "      ", "feedback", feedback);
	strbuf_puts(w->out, "    </answer>\n");
}

/* Appends the common mistakes as the feedback for any incorrect answer, a
 * list when there are several. */
void moodle_put_incorrect(xml_writer *w)
{
	const pt_text_list *m = &w->item->mistakes;
	if (m->n == 0)
		return;
	/* One mistake is plain text, unless it looks like a list itself. */
	if (m->n == 1 && strncmp(m->v[0].s, "- ", 2) != 0) {
		moodle_put_element(w, "    ", "incorrectfeedback", m->v[0].s);
		return;
	}
	strbuf_puts(w->out, "    <incorrectfeedback format=\"html\"><text><![CDATA[<ul>");
	for (size_t i = 0; i < m->n; i++) {
		pt_strbuf html = { 0 };
		moodle_put_escaped(&html, m->v[i].s);
		strbuf_puts(w->out, "<li>");
		/* "]]>" cannot stand inside CDATA: close and reopen around '>'. */
		for (const char *p = html.s ? html.s : ""; *p; p++)
			strbuf_puts(w->out, strncmp(p, "]]>", 3) == 0 ? "]]]]><![CDATA[" : (char[]){ *p, '\0' });
		strbuf_puts(w->out, "</li>");
		w->out->failed |= html.failed;
		free(html.s);
	}
	strbuf_puts(w->out, "</ul>]]></text></incorrectfeedback>\n");
}

/* Appends "<shuffleanswers>" as the item says. */
void moodle_put_shuffle(xml_writer *w)
{
	moodle_put_value(w, "shuffleanswers", w->item->shuffle ? "true" : "false");
}

/* Warns about what Moodle XML cannot carry of the item, of the kind k. */
static void warn_lost(xml_writer *w, const export_kind_ops *k)
{
	const pt_item *it = w->item;
	export_lost_common(w->lesson, it, w->diags, PT_EXPORT_MOODLE_XML);
	if (it->choose > 0)
		export_lost(w->lesson, it, w->diags, PT_EXPORT_MOODLE_XML, it->choose_pos, "\"choose\"");
	if (k->moodle_lost != NULL)
		k->moodle_lost(w);
}

/* Writes one item as a <question>; returns false when it has no Moodle
 * XML form (warned). */
static bool write_item(xml_writer *w)
{
	const pt_item *it = w->item;
	const export_kind_ops *k = export_kind(it->kind);
	pt_pos pos = it->pos;
	const char *why = k->moodle_no_form != NULL ? k->moodle_no_form(it, &pos) : NULL;
	if (why != NULL) {
		diags_add(w->diags, w->lesson->path, pos, PT_WARNING, "item \"%s\" (%s) is not exported: %s", it->id.s,
		    lesson_kind_name(it->kind), why);
		return false;
	}
	warn_lost(w, k);
	strbuf_puts(w->out, "  <question type=\"");
	strbuf_puts(w->out, k->moodle_type_of != NULL ? k->moodle_type_of(it) : k->moodle_type);
	strbuf_puts(w->out, "\">\n");
	strbuf_puts(w->out, "    <name><text>");
	strbuf_puts(w->out, it->id.s);
	strbuf_puts(w->out, "</text></name>\n");
	if (k->moodle_text != NULL)
		k->moodle_text(w);
	else
		moodle_put_element(w, "    ", "questiontext", it->prompt.s);
	if (it->explanation.s != NULL)
		moodle_put_element(w, "    ", "generalfeedback", it->explanation.s);
	moodle_put_value(w, "defaultgrade", "1");
	moodle_put_value(w, "penalty", "0.25");
	moodle_put_value(w, "hidden", "0");
	moodle_put_value(w, "idnumber", it->id.s);
	k->moodle_write(w);
	for (size_t i = 0; i < it->hints.n; i++)
		moodle_put_element(w, "    ", "hint", it->hints.v[i].s);
	strbuf_puts(w->out, "    <tags><tag><text>");
	strbuf_puts(w->out, lesson_difficulty_name(it->difficulty));
	strbuf_puts(w->out, "</text></tag></tags>\n  </question>\n");
	return true;
}

bool export_moodle(const pt_lesson *lesson, pt_strbuf *out, pt_diags *diags, pt_export_count *count)
{
	xml_writer w = { .lesson = lesson, .out = out, .diags = diags };
	*count = (pt_export_count){ 0, 0 };
	strbuf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<!-- A paratutor lesson as Moodle XML: import it in Moodle under Question bank, Import. -->\n<quiz>\n"
	    "  <question type=\"category\">\n    <category><text>$course$/top/");
	for (const char *s = lesson->title.s; *s; s++) {
		if (*s == '/')
			strbuf_puts(out, "//");
		else
			moodle_put_escaped(out, (char[]){ *s, '\0' });
	}
	strbuf_puts(out, "</text></category>\n  </question>\n");
	for (size_t i = 0; i < lesson->n_items; i++) {
		w.item = &lesson->items[i];
		if (write_item(&w))
			count->written++;
		else
			count->skipped++;
	}
	strbuf_puts(out, "</quiz>\n");
	return !out->failed;
}

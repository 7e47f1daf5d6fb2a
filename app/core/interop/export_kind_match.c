/* export_kind_match.c - match in the exchange formats: matching in both;
 * a distractor is a right side with no left one.  Neither format has
 * feedback for a wrong pair. */
#include <string.h>

#include "paratutor/interop/export_parts.h"

/* Warns, once, that the feedback on wrong pairs is lost. */
static void match_lost_feedback(const pt_lesson *lesson, const pt_item *it, pt_diags *diags, pt_export_format format)
{
	for (size_t i = 0; i < it->n_lefts; i++)
		if (it->blanks[i].n_feedback > 0) {
			export_lost(lesson, it, diags, format, it->blanks[i].feedback[0].option.pos, "feedback on a matching pair");
			return;
		}
}

/* A left prompt GIFT would read as the arrow of a pair or as a weight. */
static const char *match_gift_no_form(const pt_item *it)
{
	for (size_t i = 0; i < it->n_lefts; i++) {
		if (strstr(it->lefts[i].s, "->") != NULL)
			return "a left prompt contains \"->\", which GIFT reads as the arrow of a pair";
		if (it->lefts[i].s[strspn(it->lefts[i].s, " \t")] == '%')
			return "a left prompt starts with '%', which GIFT reads as a weight";
	}
	return NULL;
}

/* Writes a match item as matching; distractors have an empty left side. */
static void match_gift(gift_writer *w)
{
	const pt_item *it = w->item;
	gift_put_field(w, it->prompt.s);
	strbuf_puts(w->out, " {\n");
	for (size_t i = 0; i < it->n_lefts; i++) {
		strbuf_puts(w->out, "\t=");
		gift_put_field(w, it->lefts[i].s);
		strbuf_puts(w->out, " -> ");
		gift_put_text(w, it->blanks[i].accept.v[0].s);
		strbuf_puts(w->out, "\n");
	}
	for (size_t i = 0; i < it->distractors.n; i++) {
		strbuf_puts(w->out, "\t= -> ");
		gift_put_text(w, it->distractors.v[i].s);
		strbuf_puts(w->out, "\n");
	}
	gift_put_close(w);
}

/* GIFT loses the feedback on wrong pairs. */
static void match_gift_lost(gift_writer *w)
{
	match_lost_feedback(w->lesson, w->item, w->diags, PT_EXPORT_GIFT);
}

/* Writes a match item as matching; a distractor is a subquestion with no
 * text. */
static void match_moodle(xml_writer *w)
{
	const pt_item *it = w->item;
	moodle_put_shuffle(w);
	moodle_put_incorrect(w);
	for (size_t i = 0; i < it->n_lefts + it->distractors.n; i++) {
		bool pair = i < it->n_lefts;
		strbuf_puts(w->out, "    <subquestion format=\"plain_text\">\n      <text>");
		moodle_put_escaped(w->out, pair ? it->lefts[i].s : "");
		strbuf_puts(w->out, "</text>\n      <answer><text>");
		moodle_put_escaped(w->out, pair ? it->blanks[i].accept.v[0].s : it->distractors.v[i - it->n_lefts].s);
		strbuf_puts(w->out, "</text></answer>\n    </subquestion>\n");
	}
}

/* Moodle XML loses the feedback on wrong pairs. */
static void match_moodle_lost(xml_writer *w)
{
	match_lost_feedback(w->lesson, w->item, w->diags, PT_EXPORT_MOODLE_XML);
}

const export_kind_ops export_kind_match = {
	.kind = PT_KIND_MATCH,
	.gift_write = match_gift,
	.gift_no_form = match_gift_no_form,
	.gift_lost = match_gift_lost,
	.moodle_type = "matching",
	.moodle_write = match_moodle,
	.moodle_lost = match_moodle_lost,
};

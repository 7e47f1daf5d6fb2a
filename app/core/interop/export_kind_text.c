/* export_kind_text.c - text in the exchange formats: short answer in
 * both. */
#include <string.h>

#include "paratutor/interop/export_parts.h"

/* An answer or a wrong answer's feedback with "->" makes GIFT read a
 * matching question (the whole answer block is looked at, and "->" has no
 * escape in GIFT). */
static const char *text_gift_no_form(const pt_item *it)
{
	for (size_t i = 0; i < it->accept.n; i++)
		if (strstr(it->accept.v[i].s, "->") != NULL)
			return "an answer contains \"->\", which makes GIFT read a matching question";
	for (size_t i = 0; i < it->n_wrong_answers; i++) {
		if (strstr(it->wrong_answers[i].option.s, "->") != NULL)
			return "an answer contains \"->\", which makes GIFT read a matching question";
		if (it->wrong_answers[i].text.s != NULL && strstr(it->wrong_answers[i].text.s, "->") != NULL)
			return "a wrong answer's feedback contains \"->\", which makes GIFT read a matching question";
	}
	return NULL;
}

/* Writes a text item as short answer; known wrong answers get no credit
 * and keep their feedback. */
static void text_gift(gift_writer *w)
{
	const pt_item *it = w->item;
	gift_put_field(w, it->prompt.s);
	strbuf_puts(w->out, " {\n");
	for (size_t i = 0; i < it->accept.n; i++) {
		strbuf_puts(w->out, "\t=");
		gift_put_answer(w, it->accept.v[i].s, true);
		strbuf_puts(w->out, "\n");
	}
	for (size_t i = 0; i < it->n_wrong_answers; i++) {
		strbuf_puts(w->out, "\t=%0%");
		gift_put_field(w, it->wrong_answers[i].option.s);
		gift_put_feedback(w, it->wrong_answers[i].text.s);
		strbuf_puts(w->out, "\n");
	}
	gift_put_close(w);
}

/* Writes a text item as shortanswer: accepted answers with full credit,
 * known wrong ones without credit, common mistakes as "*" feedback. */
static void text_moodle(xml_writer *w)
{
	const pt_item *it = w->item;
	moodle_put_value(w, "usecase", it->case_sensitive ? "1" : "0");
	for (size_t i = 0; i < it->accept.n; i++)
		moodle_put_answer(w, 100, it->accept.v[i].s, NULL, NULL);
	for (size_t i = 0; i < it->n_wrong_answers; i++)
		moodle_put_answer(w, 0, it->wrong_answers[i].option.s, NULL, it->wrong_answers[i].text.s);
	for (size_t i = 0; i < it->mistakes.n; i++)
		moodle_put_answer(w, 0, "*", NULL, it->mistakes.v[i].s);
}

const export_kind_ops export_kind_text = {
	.kind = PT_KIND_TEXT,
	.gift_write = text_gift,
	.gift_no_form = text_gift_no_form,
	.moodle_type = "shortanswer",
	.moodle_write = text_moodle,
};

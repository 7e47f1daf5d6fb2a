/* export_kind_choice.c - choice in the exchange formats: multiple choice
 * in GIFT, multichoice in Moodle XML.  A multi is written by the same
 * writers (export_choice_gift, export_choice_moodle, declared in
 * export_parts.h), which differ only in how the options are weighted: a
 * choice's one right option takes full credit, a multi's right options
 * share 100 % and its wrong ones -100 %. */
#include <stdio.h>

#include "paratutor/interop/export_parts.h"

/* Appends the weight of a multi option, one of n right (sharing 100 %)
 * or n wrong ones (sharing -100 %). */
static void put_weight(gift_writer *w, size_t n, bool right)
{
	char num[40], buf[48];
	snprintf(num, sizeof num, "%.7g", (right ? 100.0 : -100.0) / (double)n);
	snprintf(buf, sizeof buf, "%%%s%%", num);
	strbuf_puts(w->out, buf);
}

void export_choice_gift(gift_writer *w, bool single)
{
	const pt_item *it = w->item;
	size_t right = lesson_correct_count(it), wrong = it->n_options - right;
	gift_put_field(w, it->prompt.s);
	strbuf_puts(w->out, " {\n");
	for (size_t i = 0; i < it->n_options; i++) {
		const pt_option *o = &it->options[i];
		strbuf_puts(w->out, "\t");
		if (single) {
			strbuf_puts(w->out, o->correct ? "=" : "~");
			gift_put_answer(w, o->text.s, o->correct);
		} else {
			strbuf_puts(w->out, "~");
			put_weight(w, o->correct ? right : wrong, o->correct);
			gift_put_field(w, o->text.s);
		}
		gift_put_feedback(w, o->feedback.s);
		strbuf_puts(w->out, "\n");
	}
	gift_put_close(w);
}

void export_choice_moodle(xml_writer *w, bool single)
{
	const pt_item *it = w->item;
	size_t right = lesson_correct_count(it), wrong = it->n_options - right;
	moodle_put_value(w, "single", single ? "true" : "false");
	moodle_put_shuffle(w);
	moodle_put_value(w, "answernumbering", "ABCD");
	moodle_put_incorrect(w);
	for (size_t i = 0; i < it->n_options; i++) {
		const pt_option *o = &it->options[i];
		double f = single ? (o->correct ? 100 : 0) : o->correct ? 100.0 / (double)right : -100.0 / (double)wrong;
		moodle_put_answer(w, f, o->text.s, NULL, o->feedback.s);
	}
}

/* Writes a choice item as GIFT multiple choice. */
static void choice_gift(gift_writer *w)
{
	export_choice_gift(w, true);
}

/* Writes a choice item as multichoice with one right answer. */
static void choice_moodle(xml_writer *w)
{
	export_choice_moodle(w, true);
}

const export_kind_ops export_kind_choice = {
	.kind = PT_KIND_CHOICE,
	.gift_write = choice_gift,
	.moodle_type = "multichoice",
	.moodle_write = choice_moodle,
};

/* export_parts.h - what the kinds' writers (export_kind_*.c) share with
 * the GIFT and Moodle XML writers: the state of writing one item and the
 * pieces every question is made of.  Internal to app/core/interop. */
#ifndef PARATUTOR_EXPORT_PARTS_H
#define PARATUTOR_EXPORT_PARTS_H

#include <stdbool.h>

#include "paratutor/base/diag.h"
#include "paratutor/interop/export_kind.h"
#include "paratutor/model/lesson.h"
#include "paratutor/base/strbuf.h"

/* GIFT (export_gift.c) */

/* The state of writing one item as GIFT. */
struct gift_writer {
	const pt_lesson *lesson;
	const pt_item *item;
	pt_strbuf *out;
	pt_diags *diags;
	bool html; /* the question is written in [html] */
};

/* Appends s with GIFT's special characters escaped, line breaks as \n
 * and, in an [html] question, & < > as entities. */
void gift_put_text(gift_writer *w, const char *s);

/* Appends a text that GIFT reads with its own [format] marker: one that
 * starts with '[' gets the question's marker first, so its own text is
 * never taken for one. */
void gift_put_field(gift_writer *w, const char *s);

/* Appends an answer's text after its sign: one starting with '%' gets a
 * weight first (full for a right answer), so it is not read as one. */
void gift_put_answer(gift_writer *w, const char *s, bool right);

/* Appends "#feedback" when feedback is not NULL. */
void gift_put_feedback(gift_writer *w, const char *feedback);

/* Appends the general feedback (the explanation) and closes the answer
 * block. */
void gift_put_close(gift_writer *w);

/* Moodle XML (export_moodle.c) */

/* The state of writing one item as Moodle XML. */
struct xml_writer {
	const pt_lesson *lesson;
	const pt_item *item;
	pt_strbuf *out;
	pt_diags *diags;
};

/* Appends s with the XML special characters as entities. */
void moodle_put_escaped(pt_strbuf *out, const char *s);

/* Appends <tag format="plain_text"><text>s</text></tag> on its own line. */
void moodle_put_element(xml_writer *w, const char *indent, const char *tag, const char *s);

/* Appends <tag>value</tag> on its own line. */
void moodle_put_value(xml_writer *w, const char *tag, const char *value);

/* Appends an <answer> with a fraction, its text and feedback (when not
 * NULL), and for a numerical answer its tolerance (when tolerance is not
 * NULL). */
void moodle_put_answer(xml_writer *w, double fraction, const char *text, const char *tolerance, const char *feedback);

/* Appends the common mistakes as the feedback for any incorrect answer, a
 * list when there are several. */
void moodle_put_incorrect(xml_writer *w);

/* Appends "<shuffleanswers>" as the item says. */
void moodle_put_shuffle(xml_writer *w);

/* Choice and multi (export_kind_choice.c): both are multiple choice and
 * differ only in how their options are weighted. */

/* Writes a choice (single) or multi item as GIFT multiple choice. */
void export_choice_gift(gift_writer *w, bool single);

/* Writes a choice (single) or multi item as multichoice; a multi's right
 * options share 100 % and its wrong ones -100 %. */
void export_choice_moodle(xml_writer *w, bool single);

#endif

/* export_gift.c - a lesson as Moodle's GIFT format: the category, and
 * for each item its head (id, difficulty, title), what the format cannot
 * carry of it and its question, written by the row of its kind
 * (export_kind.h: choice and multi as multiple choice, a one-blank fill as
 * a missing-word question, numeric, text as short answer and match as
 * matching).  An item the format has no form for (a fill with several
 * blanks, an order item) is left out with a warning. */
#include <string.h>

#include "paratutor/interop/export.h"
#include "paratutor/interop/export_kind.h"
#include "paratutor/interop/export_parts.h"
#include "paratutor/learn/kind.h"

/* Appends s with GIFT's special characters escaped, line breaks as \n
 * and, in an [html] question, & < > as entities. */
void gift_put_text(gift_writer *w, const char *s)
{
	for (; *s; s++) {
		const char *rep = NULL;
		char esc[3] = { '\\', *s, '\0' };
		if (strchr("~=#{}:\\", *s) != NULL)
			rep = esc;
		else if (*s == '\n')
			rep = "\\n";
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			rep = " "; /* control characters: \x02 marks a gap inside the reader */
		else if (w->html && *s == '&')
			rep = "&amp;";
		else if (w->html && *s == '<')
			rep = "&lt;";
		else if (w->html && *s == '>')
			rep = "&gt;";
		if (rep != NULL)
			strbuf_puts(w->out, rep);
		else
			strbuf_put(w->out, s, 1);
	}
}

/* Appends a text that GIFT reads with its own [format] marker: one that
 * starts with '[' gets the question's marker first, so its own text is
 * never taken for one. */
void gift_put_field(gift_writer *w, const char *s)
{
	if (s[strspn(s, " \t")] == '[')
		strbuf_puts(w->out, w->html ? "[html]" : "[moodle]");
	gift_put_text(w, s);
}

/* Appends an answer's text after its sign: one starting with '%' gets a
 * weight first (full for a right answer), so it is not read as one. */
void gift_put_answer(gift_writer *w, const char *s, bool right)
{
	if (s[strspn(s, " \t")] == '%')
		strbuf_puts(w->out, right ? "%100%" : "%0%");
	gift_put_field(w, s);
}

/* Appends "#feedback" when feedback is not NULL. */
void gift_put_feedback(gift_writer *w, const char *feedback)
{
	if (feedback == NULL)
		return;
	strbuf_puts(w->out, "#");
	gift_put_field(w, feedback);
}

/* Appends the comment line with the item's id and difficulty, and its
 * title (the id). */
static void put_head(gift_writer *w)
{
	const pt_item *it = w->item;
	strbuf_puts(w->out, "// [id:");
	strbuf_puts(w->out, it->id.s);
	strbuf_puts(w->out, "] [tag:");
	strbuf_puts(w->out, lesson_difficulty_name(it->difficulty));
	strbuf_puts(w->out, "]\n::");
	strbuf_puts(w->out, it->id.s);
	strbuf_puts(w->out, "::");
}

/* Appends the general feedback (the explanation) and closes the answer
 * block. */
void gift_put_close(gift_writer *w)
{
	if (w->item->explanation.s != NULL) {
		strbuf_puts(w->out, "\t####");
		gift_put_field(w, w->item->explanation.s);
		strbuf_puts(w->out, "\n");
	}
	strbuf_puts(w->out, "}");
}

/* Warns about what GIFT cannot carry of the item, of the kind k. */
static void warn_lost(gift_writer *w, const export_kind_ops *k)
{
	const pt_item *it = w->item;
	const pt_lesson *l = w->lesson;
	export_lost_common(l, it, w->diags, PT_EXPORT_GIFT);
	if (it->hints.n > 0)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->hints.pos, "hints");
	if (it->mistakes.n > 0 && !k->gift_mistakes)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->mistakes.pos, "common mistakes (only a numeric question has feedback for any other answer)");
	/* A typed answer has no options for "shuffle" to order. */
	if (!it->shuffle && kind_shape(it->kind) != PT_SHAPE_TYPED)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->shuffle_pos, "\"shuffle\": false (Moodle's quiz settings decide)");
	if (it->choose > 0)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->choose_pos, "\"choose\"");
	if (it->n_units > 0)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->units_pos, "units (export to moodle-xml to keep them)");
	if (it->case_sensitive)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->pos, "\"case_sensitive\"");
	if (k->gift_lost != NULL)
		k->gift_lost(w);
}

/* Writes one item as a GIFT question; returns false when it has no GIFT
 * form (warned). */
static bool write_item(gift_writer *w)
{
	const pt_item *it = w->item;
	const export_kind_ops *k = export_kind(it->kind);
	const char *why = k->gift_no_form != NULL ? k->gift_no_form(it) : NULL;
	if (why == NULL && k->gift_write == NULL)
		why = "GIFT has no question of this kind; export to moodle-xml to keep it";
	if (why != NULL) {
		diags_add(w->diags, w->lesson->path, it->pos, PT_WARNING, "item \"%s\" (%s) is not exported: %s", it->id.s,
		    lesson_kind_name(it->kind), why);
		return false;
	}
	warn_lost(w, k);
	put_head(w);
	k->gift_write(w);
	strbuf_puts(w->out, "\n\n");
	return true;
}

bool export_gift(const pt_lesson *lesson, pt_strbuf *out, pt_diags *diags, pt_export_count *count)
{
	gift_writer w = { .lesson = lesson, .out = out, .diags = diags };
	*count = (pt_export_count){ 0, 0 };
	strbuf_puts(out, "// paratutor lesson \"");
	strbuf_puts(out, lesson->id.s);
	strbuf_puts(out, "\" as GIFT: import it in Moodle under Question bank > Import.\n\n$CATEGORY: $course$/top/");
	/* Moodle writes a '/' inside a category name twice. */
	for (const char *s = lesson->title.s; *s; s++) {
		if (*s == '/')
			strbuf_puts(out, "//");
		else if (*s == '\n' || (unsigned char)*s < 0x20 || *s == 0x7f)
			strbuf_puts(out, " "); /* control characters, as everywhere in GIFT */
		else if (strchr("~=#{}:\\", *s) != NULL)
			strbuf_put(out, (const char[]){ '\\', *s }, 2);
		else
			strbuf_put(out, s, 1);
	}
	strbuf_puts(out, "\n\n");
	for (size_t i = 0; i < lesson->n_items; i++) {
		w.item = &lesson->items[i];
		w.html = false;
		if (write_item(&w))
			count->written++;
		else
			count->skipped++;
	}
	return !out->failed;
}

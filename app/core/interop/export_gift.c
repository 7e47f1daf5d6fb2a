/* export_gift.c - a lesson as Moodle's GIFT format: choice and multi as
 * multiple choice, a one-blank fill as a missing-word question, numeric,
 * text as short answer and match as matching.  A fill with several blanks
 * and an order item have no GIFT form and are left out with a warning. */
#include <stdio.h>
#include <string.h>

#include "paratutor/export.h"
#include "paratutor/placeholder.h"

/* The state of writing one item. */
typedef struct gift_writer {
	const pt_lesson *lesson;
	const pt_item *item;
	pt_strbuf *out;
	pt_diags *diags;
	bool html; /* the question is written in [html] */
} gift_writer;

/* Appends s with GIFT's special characters escaped, line breaks as \n
 * and, in an [html] question, & < > as entities. */
static void put_text(gift_writer *w, const char *s)
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
			export_puts(w->out, rep);
		else
			strbuf_put(w->out, s, 1);
	}
}

/* Appends a text that GIFT reads with its own [format] marker: one that
 * starts with '[' gets the question's marker first, so its own text is
 * never taken for one. */
static void put_field(gift_writer *w, const char *s)
{
	if (s[strspn(s, " \t")] == '[')
		export_puts(w->out, w->html ? "[html]" : "[moodle]");
	put_text(w, s);
}

/* Appends an answer's text after its sign: one starting with '%' gets a
 * weight first (full for a right answer), so it is not read as one. */
static void put_answer(gift_writer *w, const char *s, bool right)
{
	if (s[strspn(s, " \t")] == '%')
		export_puts(w->out, right ? "%100%" : "%0%");
	put_field(w, s);
}

/* Appends "#feedback" when feedback is not NULL. */
static void put_feedback(gift_writer *w, const char *feedback)
{
	if (feedback == NULL)
		return;
	export_puts(w->out, "#");
	put_field(w, feedback);
}

/* Appends the comment line with the item's id and difficulty, and its
 * title (the id). */
static void put_head(gift_writer *w)
{
	const pt_item *it = w->item;
	export_puts(w->out, "// [id:");
	export_puts(w->out, it->id.s);
	export_puts(w->out, "] [tag:");
	export_puts(w->out, lesson_difficulty_name(it->difficulty));
	export_puts(w->out, "]\n::");
	export_puts(w->out, it->id.s);
	export_puts(w->out, "::");
}

/* Appends the general feedback (the explanation) and closes the answer
 * block. */
static void put_close(gift_writer *w)
{
	if (w->item->explanation.s != NULL) {
		export_puts(w->out, "\t####");
		put_field(w, w->item->explanation.s);
		export_puts(w->out, "\n");
	}
	export_puts(w->out, "}");
}

/* Appends the weight of a multi option, one of n right (sharing 100 %)
 * or n wrong ones (sharing -100 %). */
static void put_weight(gift_writer *w, size_t n, bool right)
{
	char num[40], buf[48];
	snprintf(num, sizeof num, "%.7g", (right ? 100.0 : -100.0) / (double)n);
	snprintf(buf, sizeof buf, "%%%s%%", num);
	export_puts(w->out, buf);
}

/* Writes a choice or multi item as multiple choice. */
static void write_choice(gift_writer *w)
{
	const pt_item *it = w->item;
	size_t right = lesson_correct_count(it), wrong = it->n_options - right;
	put_field(w, it->prompt.s);
	export_puts(w->out, " {\n");
	for (size_t i = 0; i < it->n_options; i++) {
		const pt_option *o = &it->options[i];
		export_puts(w->out, "\t");
		if (it->kind == PT_KIND_CHOICE) {
			export_puts(w->out, o->correct ? "=" : "~");
			put_answer(w, o->text.s, o->correct);
		} else {
			export_puts(w->out, "~");
			put_weight(w, o->correct ? right : wrong, o->correct);
			put_field(w, o->text.s);
		}
		put_feedback(w, o->feedback.s);
		export_puts(w->out, "\n");
	}
	put_close(w);
}

/* Writes a one-blank fill item as a missing-word question in HTML: the
 * prompt, then the code in <pre> with the answer block at the blank and
 * the bank as its choices, every option the blank accepts marked right. */
static void write_fill(gift_writer *w)
{
	const pt_item *it = w->item;
	w->html = true;
	export_puts(w->out, "[html]<p>");
	put_text(w, it->prompt.s);
	export_puts(w->out, "</p><pre>");
	pt_ph_iter iter;
	pt_ph_token tok;
	ph_begin(&iter, it->code.s);
	while (ph_next(&iter, &tok)) {
		if (tok.kind != PT_PH_BLANK) {
			char piece[256];
			for (size_t at = 0; at < tok.len; at += sizeof piece - 1) {
				size_t n = tok.len - at < sizeof piece - 1 ? tok.len - at : sizeof piece - 1;
				memcpy(piece, tok.start + at, n);
				piece[n] = '\0';
				put_text(w, piece);
			}
			continue;
		}
		export_puts(w->out, "{\n");
		for (size_t i = 0; i < it->bank.n; i++) {
			const char *opt = it->bank.v[i].s;
			bool right = lesson_blank_accepts(it, 0, i);
			export_puts(w->out, right ? "\t=" : "\t~");
			put_answer(w, opt, right);
			if (!right)
				put_feedback(w, lesson_blank_feedback(it, 0, i));
			export_puts(w->out, "\n");
		}
		put_close(w);
	}
	export_puts(w->out, "</pre>");
}

/* Appends a numeric range: "value:tolerance", "value" or "min..max". */
static void put_range(gift_writer *w, const pt_range *r)
{
	char a[EXPORT_NUMBER_MAX], b[EXPORT_NUMBER_MAX];
	double tol = r->max - r->value;
	if (r->min == r->max) {
		export_puts(w->out, export_number(r->value, a, sizeof a));
	} else if (export_close(r->value - tol, r->min, r->value)) {
		export_puts(w->out, export_number(r->value, a, sizeof a));
		export_puts(w->out, ":");
		export_puts(w->out, export_tolerance(tol, r->value, b, sizeof b));
	} else {
		export_puts(w->out, export_number(r->min, a, sizeof a));
		export_puts(w->out, "..");
		export_puts(w->out, export_number(r->max, b, sizeof b));
	}
}

/* Writes a numeric item as Moodle reads one: the answer, each known
 * wrong value as a 0% answer ("=%0%65536:0#feedback", as Moodle itself
 * writes them: its reader takes everything after a numeric question's
 * first '~' as one answer), and last the common mistakes joined as the
 * one "~#feedback" for any other answer. */
static void write_numeric(gift_writer *w)
{
	const pt_item *it = w->item;
	put_field(w, it->prompt.s);
	export_puts(w->out, " {#\n\t=");
	put_range(w, &it->answer);
	export_puts(w->out, "\n");
	for (size_t i = 0; i < it->n_wrong; i++) {
		export_puts(w->out, "\t=%0%");
		put_range(w, &it->wrong[i]);
		if (it->wrong[i].min == it->wrong[i].max)
			export_puts(w->out, ":0");
		put_feedback(w, it->wrong[i].feedback.s);
		export_puts(w->out, "\n");
	}
	if (it->mistakes.n > 0) {
		export_puts(w->out, "\t~#");
		for (size_t i = 0; i < it->mistakes.n; i++) {
			if (i > 0)
				export_puts(w->out, " ");
			put_field(w, it->mistakes.v[i].s);
		}
		export_puts(w->out, "\n");
	}
	put_close(w);
}

/* Writes a text item as short answer; known wrong answers get no credit
 * and keep their feedback. */
static void write_text(gift_writer *w)
{
	const pt_item *it = w->item;
	put_field(w, it->prompt.s);
	export_puts(w->out, " {\n");
	for (size_t i = 0; i < it->accept.n; i++) {
		export_puts(w->out, "\t=");
		put_answer(w, it->accept.v[i].s, true);
		export_puts(w->out, "\n");
	}
	for (size_t i = 0; i < it->n_wrong_answers; i++) {
		export_puts(w->out, "\t=%0%");
		put_field(w, it->wrong_answers[i].option.s);
		put_feedback(w, it->wrong_answers[i].text.s);
		export_puts(w->out, "\n");
	}
	put_close(w);
}

/* Writes a match item as matching; distractors have an empty left side. */
static void write_match(gift_writer *w)
{
	const pt_item *it = w->item;
	put_field(w, it->prompt.s);
	export_puts(w->out, " {\n");
	for (size_t i = 0; i < it->n_lefts; i++) {
		export_puts(w->out, "\t=");
		put_field(w, it->lefts[i].s);
		export_puts(w->out, " -> ");
		put_text(w, it->blanks[i].accept.v[0].s);
		export_puts(w->out, "\n");
	}
	for (size_t i = 0; i < it->distractors.n; i++) {
		export_puts(w->out, "\t= -> ");
		put_text(w, it->distractors.v[i].s);
		export_puts(w->out, "\n");
	}
	put_close(w);
}

/* Returns why the item has no GIFT form, or NULL when it has one. */
static const char *no_form(const pt_item *it)
{
	if (it->kind == PT_KIND_ORDER)
		return "GIFT has no ordering question; export to moodle-xml to keep it";
	if (it->kind == PT_KIND_FILL && it->n_blanks != 1)
		return "GIFT's missing-word question has one gap; export to moodle-xml (gapselect) to keep it";
	if (it->kind == PT_KIND_MATCH)
		for (size_t i = 0; i < it->n_lefts; i++) {
			if (strstr(it->lefts[i].s, "->") != NULL)
				return "a left prompt contains \"->\", which GIFT reads as the arrow of a pair";
			if (it->lefts[i].s[strspn(it->lefts[i].s, " \t")] == '%')
				return "a left prompt starts with '%', which GIFT reads as a weight";
		}
	if (it->kind == PT_KIND_TEXT) {
		for (size_t i = 0; i < it->accept.n; i++)
			if (strstr(it->accept.v[i].s, "->") != NULL)
				return "an answer contains \"->\", which makes GIFT read a matching question";
		for (size_t i = 0; i < it->n_wrong_answers; i++)
			if (strstr(it->wrong_answers[i].option.s, "->") != NULL)
				return "an answer contains \"->\", which makes GIFT read a matching question";
	}
	return NULL;
}

/* Warns about what GIFT cannot carry of the item. */
static void warn_lost(gift_writer *w)
{
	const pt_item *it = w->item;
	const pt_lesson *l = w->lesson;
	export_lost_common(l, it, w->diags, PT_EXPORT_GIFT);
	if (it->hints.n > 0)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->hints.pos, "hints");
	if (it->mistakes.n > 0 && it->kind != PT_KIND_NUMERIC)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->mistakes.pos, "common mistakes (only a numeric question has feedback for any other answer)");
	if (!it->shuffle && it->kind != PT_KIND_NUMERIC && it->kind != PT_KIND_TEXT)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->shuffle_pos, "\"shuffle\": false (Moodle's quiz settings decide)");
	if (it->choose > 0)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->choose_pos, "\"choose\"");
	if (it->n_units > 0)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->units_pos, "units (export to moodle-xml to keep them)");
	if (it->case_sensitive)
		export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->pos, "\"case_sensitive\"");
	if (it->kind == PT_KIND_MATCH)
		for (size_t i = 0; i < it->n_lefts; i++)
			if (it->blanks[i].n_feedback > 0) {
				export_lost(l, it, w->diags, PT_EXPORT_GIFT, it->blanks[i].feedback[0].option.pos,
				    "feedback on a matching pair");
				break;
			}
}

/* GIFT's form of one item kind: one row per kind (the kind's other
 * operations are in its row of the core's kind table, kind.h). */
typedef struct gift_kind {
	pt_kind kind;
	void (*write)(gift_writer *w); /* the question's answers; NULL: GIFT has no form for it */
} gift_kind;

/* The rows: adding a kind to GIFT is its writer above and its row here. */
static const gift_kind gift_kinds[] = {
	{ PT_KIND_FILL, write_fill },
	{ PT_KIND_CHOICE, write_choice },
	{ PT_KIND_MULTI, write_choice },
	{ PT_KIND_NUMERIC, write_numeric },
	{ PT_KIND_TEXT, write_text },
	{ PT_KIND_MATCH, write_match },
	{ PT_KIND_ORDER, NULL },
};

/* Returns the row of the item's kind, or NULL. */
static const gift_kind *gift_kind_of(const pt_item *it)
{
	for (size_t i = 0; i < sizeof gift_kinds / sizeof gift_kinds[0]; i++)
		if (gift_kinds[i].kind == it->kind)
			return &gift_kinds[i];
	return NULL;
}

/* Writes one item as a GIFT question; returns false when it has no GIFT
 * form (warned). */
static bool write_item(gift_writer *w)
{
	const pt_item *it = w->item;
	const char *why = no_form(it);
	if (why != NULL) {
		diags_add(w->diags, w->lesson->path, it->pos, PT_WARNING, "item \"%s\" (%s) is not exported: %s", it->id.s,
		    lesson_kind_name(it->kind), why);
		return false;
	}
	warn_lost(w);
	put_head(w);
	const gift_kind *k = gift_kind_of(it);
	if (k != NULL && k->write != NULL)
		k->write(w);
	export_puts(w->out, "\n\n");
	return true;
}

bool export_gift(const pt_lesson *lesson, pt_strbuf *out, pt_diags *diags, pt_export_count *count)
{
	gift_writer w = { .lesson = lesson, .out = out, .diags = diags };
	*count = (pt_export_count){ 0, 0 };
	export_puts(out, "// paratutor lesson \"");
	export_puts(out, lesson->id.s);
	export_puts(out, "\" as GIFT: import it in Moodle under Question bank > Import.\n\n$CATEGORY: $course$/top/");
	/* Moodle writes a '/' inside a category name twice. */
	for (const char *s = lesson->title.s; *s; s++) {
		if (*s == '/')
			export_puts(out, "//");
		else if (*s == '\n' || (unsigned char)*s < 0x20 || *s == 0x7f)
			export_puts(out, " "); /* control characters, as everywhere in GIFT */
		else if (strchr("~=#{}:\\", *s) != NULL)
			strbuf_put(out, (const char[]){ '\\', *s }, 2);
		else
			strbuf_put(out, s, 1);
	}
	export_puts(out, "\n\n");
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

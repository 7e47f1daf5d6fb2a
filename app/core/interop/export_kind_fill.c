/* export_kind_fill.c - fill in the exchange formats: a one-blank fill as
 * GIFT's missing-word question (a fill with several blanks has no GIFT
 * form), every fill as Moodle's gapselect. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/interop/export_parts.h"
#include "paratutor/model/placeholder.h"

/* The code's language and the pseudo-code tag: neither format has a place
 * for them. */
static void fill_lost(const pt_lesson *lesson, const pt_item *it, pt_diags *diags, pt_export_format format)
{
	if (it->pseudo_code)
		export_lost(lesson, it, diags, format, it->code.pos, "the pseudo-code tag");
	size_t accepted = 0;
	for (size_t k = 0; format == PT_EXPORT_GIFT && it->n_blanks == 1 && k < it->bank.n; k++)
		accepted += lesson_blank_accepts(it, 0, k);
	if (accepted > 1)
		diags_add(diags, lesson->path, it->blanks[0].accept.pos.line > 0 ? it->blanks[0].accept.pos : it->pos,
		    PT_WARNING, "item \"%s\": its blank accepts %zu options and GIFT takes any one of them as right, but "
		    "reading the GIFT back (paratutor import) asks for all of them", it->id.s, accepted);
	if (it->language.s != NULL && strcmp(it->language.s, "text") != 0) {
		char what[96];
		snprintf(what, sizeof what, "the code's language (%.40s)", it->language.s);
		export_lost(lesson, it, diags, format, it->language.pos, what);
	}
}

/* Writes a one-blank fill item as a missing-word question in HTML: the
 * prompt, then the code in <pre> with the answer block at the blank and
 * the bank as its choices, every option the blank accepts marked right. */
static void fill_gift(gift_writer *w)
{
	const pt_item *it = w->item;
	w->html = true;
	strbuf_puts(w->out, "[html]<p>");
	gift_put_text(w, it->prompt.s);
	strbuf_puts(w->out, "</p><pre>");
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
				gift_put_text(w, piece);
			}
			continue;
		}
		strbuf_puts(w->out, "{\n");
		for (size_t i = 0; i < it->bank.n; i++) {
			const char *opt = it->bank.v[i].s;
			bool right = lesson_blank_accepts(it, 0, i);
			strbuf_puts(w->out, right ? "\t=" : "\t~");
			gift_put_answer(w, opt, right);
			if (!right)
				gift_put_feedback(w, lesson_blank_feedback(it, 0, i));
			strbuf_puts(w->out, "\n");
		}
		gift_put_close(w);
	}
	strbuf_puts(w->out, "</pre>");
}

/* GIFT's missing-word question has one gap. */
static const char *fill_gift_no_form(const pt_item *it)
{
	if (it->n_blanks != 1)
		return "GIFT's missing-word question has one gap; export to moodle-xml (gapselect) to keep it";
	return NULL;
}

/* Returns why the fill has no gapselect form: its code holds text Moodle
 * reads as a gap ("[[2]]"). */
static const char *fill_moodle_no_form(const pt_item *it, pt_pos *pos)
{
	for (const char *p = it->code.s; (p = strstr(p, "[[")) != NULL; p++) {
		size_t digits = strspn(p + 2, "0123456789");
		if (digits > 0 && strncmp(p + 2 + digits, "]]", 2) == 0) {
			*pos = it->code.pos;
			return "its code holds [[N]], which Moodle reads as a gap";
		}
	}
	return NULL;
}

/* Appends the questiontext of a fill item in HTML: its prompt, then its
 * code in <pre> with [[n]] for each blank. */
static void fill_moodle_text(xml_writer *w)
{
	const pt_item *it = w->item;
	pt_strbuf html = { 0 };
	strbuf_puts(&html, "<p>");
	for (const char *p = it->prompt.s; *p; p++) {
		if (*p == '\n')
			strbuf_puts(&html, "<br>");
		else
			moodle_put_escaped(&html, (char[]){ *p, '\0' });
	}
	strbuf_puts(&html, "</p><pre>");
	pt_ph_iter iter;
	pt_ph_token tok;
	ph_begin(&iter, it->code.s);
	while (ph_next(&iter, &tok)) {
		if (tok.kind == PT_PH_BLANK && (size_t)tok.blank < it->n_blanks && it->blanks[tok.blank].accept.n > 0) {
			int k = lesson_bank_find(it, it->blanks[tok.blank].accept.v[0].s);
			char gap[24];
			snprintf(gap, sizeof gap, "[[%d]]", k + 1);
			strbuf_puts(&html, gap);
			continue;
		}
		for (size_t i = 0; i < tok.len; i++) {
			char c[2] = { tok.start[i], '\0' };
			moodle_put_escaped(&html, c);
		}
	}
	strbuf_puts(&html, "</pre>");
	strbuf_puts(w->out, "    <questiontext format=\"html\"><text>");
	moodle_put_escaped(w->out, html.s ? html.s : "");
	strbuf_puts(w->out, "</text></questiontext>\n");
	w->out->failed |= html.failed;
	free(html.s);
}

/* Writes a fill item as gapselect: the code in <pre>, each blank a gap
 * [[n]] naming its first accepted option, the bank as the choices. */
static void fill_moodle(xml_writer *w)
{
	const pt_item *it = w->item;
	moodle_put_shuffle(w);
	moodle_put_incorrect(w);
	for (size_t i = 0; i < it->bank.n; i++) {
		strbuf_puts(w->out, "    <selectoption>\n      <text>");
		moodle_put_escaped(w->out, it->bank.v[i].s);
		strbuf_puts(w->out, "</text>\n      <group>1</group>\n    </selectoption>\n");
	}
}

/* A gap has one right choice and no feedback for a wrong one. */
static void fill_moodle_lost(xml_writer *w)
{
	const pt_item *it = w->item;
	const pt_lesson *l = w->lesson;
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

const export_kind_ops export_kind_fill = {
	.kind = PT_KIND_FILL,
	.lost = fill_lost,
	.gift_write = fill_gift,
	.gift_no_form = fill_gift_no_form,
	.moodle_type = "gapselect",
	.moodle_no_form = fill_moodle_no_form,
	.moodle_text = fill_moodle_text,
	.moodle_write = fill_moodle,
	.moodle_lost = fill_moodle_lost,
};

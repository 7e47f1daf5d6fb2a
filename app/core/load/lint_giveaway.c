/* lint_giveaway.c - what the learner sees must not hand over an answer:
 * a blank's answer written in the prompt or in the code around the
 * blanks, a typed answer printed by an earlier item of the lesson, a
 * choice whose right option alone ends or begins differently, and
 * feedback shown before the item is solved that states the key. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/lint.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/model/grade_typed.h"
#include "paratutor/model/placeholder.h"

/* Returns code with every blank placeholder replaced by a space (caller
 * frees), or NULL when out of memory or code is NULL. */
static char *code_outside_blanks(const char *code)
{
	if (code == NULL)
		return NULL;
	char *out = malloc(strlen(code) + 1);
	if (out == NULL)
		return NULL;
	size_t n = 0;
	pt_ph_iter iter;
	pt_ph_token tok;
	ph_begin(&iter, code);
	while (ph_next(&iter, &tok)) {
		if (tok.kind == PT_PH_BLANK) {
			out[n++] = ' ';
			continue;
		}
		memcpy(out + n, tok.start, tok.len);
		n += tok.len;
	}
	out[n] = '\0';
	return out;
}

/* Returns true when line defines answer: an import (in_import: inside a
 * parenthesised one), or an assignment with answer left of its "=". */
static bool defines(const char *line, const char *answer, bool in_import)
{
	line += strspn(line, " \t");
	if (in_import || strncmp(line, "import ", 7) == 0 || strncmp(line, "from ", 5) == 0)
		return lint_contains_word(line, answer, false);
	char lhs[256];
	const char *eq = strchr(line, '=');
	if (eq == NULL || (size_t)(eq - line) >= sizeof lhs || eq[1] == '=' ||
	    (eq > line && strchr("!<>=", eq[-1]) != NULL) || memchr(line, '(', (size_t)(eq - line)) != NULL)
		return false; /* no assignment: a comparison, or a keyword argument */
	memcpy(lhs, line, (size_t)(eq - line));
	lhs[eq - line] = '\0';
	return lint_contains_word(lhs, answer, false);
}

/* Returns true when code shows answer and nowhere defines it (reading the
 * code to find a name it defines is the skill such a blank asks). */
static bool shows(const char *code, const char *answer, bool fold)
{
	if (!lint_contains_word(code, answer, fold))
		return false;
	bool in_import = false;
	for (const char *line = code; line != NULL && *line != '\0';) {
		const char *end = strchr(line, '\n');
		size_t len = end != NULL ? (size_t)(end - line) : strlen(line);
		char buf[1024];
		size_t n = len < sizeof buf ? len : sizeof buf - 1;
		memcpy(buf, line, n);
		buf[n] = '\0';
		const char *t = buf + strspn(buf, " \t");
		bool import = strncmp(t, "import ", 7) == 0 || strncmp(t, "from ", 5) == 0;
		if (defines(buf, answer, in_import))
			return false;
		if (import && strchr(buf, '(') != NULL && strchr(buf, ')') == NULL)
			in_import = true;
		else if (in_import && strchr(buf, ')') != NULL)
			in_import = false;
		line = end != NULL ? end + 1 : NULL;
	}
	return true;
}

/* Returns true when answer is long enough to be a give-away when seen
 * (a letter or a digit alone is everywhere). */
static bool telling(const char *answer)
{
	return answer != NULL && strlen(answer) >= LINT_GIVEAWAY_MIN;
}

/* Warns when a blank's answer appears in the fill item's prompt or its
 * code outside the blanks. */
static void blank_answer_in_stem(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	char *code = code_outside_blanks(it->code.s);
	for (size_t b = 0; b < it->n_blanks; b++)
		for (size_t a = 0; a < it->blanks[b].accept.n; a++) {
			const char *ans = it->blanks[b].accept.v[a].s;
			if (!telling(ans))
				continue;
			if (lint_contains_word(it->prompt.s, ans, false))
				diags_add(d, l->path, it->prompt.pos, PT_WARNING,
				    "the prompt holds blank %zu's answer \"%s\", so it can be copied rather than known; "
				    "describe what goes there instead", b + 1, ans);
			if (code != NULL && shows(code, ans, false))
				diags_add(d, l->path, it->code.pos, PT_WARNING,
				    "the code shows blank %zu's answer \"%s\" outside its blank, so it can be copied "
				    "rather than known; rename it there or make that a blank too", b + 1, ans);
		}
	free(code);
}

/* Warns when an accepted answer of a text item appears in its prompt or
 * its code. */
static void accepted_answer_in_stem(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	char *code = code_outside_blanks(it->code.s);
	for (size_t a = 0; a < it->accept.n; a++) {
		const char *ans = it->accept.v[a].s;
		if (!telling(ans))
			continue;
		/* A long answer in the prompt is lint_rules' stem_spells_key. */
		if (strlen(ans) < LINT_STEM_MIN && lint_contains_word(it->prompt.s, ans, !it->case_sensitive))
			diags_add(d, l->path, it->prompt.pos, PT_WARNING,
			    "the prompt holds the accepted answer \"%s\", so it can be copied rather than known; "
			    "describe what it does instead of naming it", ans);
		if (code != NULL && shows(code, ans, !it->case_sensitive))
			diags_add(d, l->path, it->code.pos, PT_WARNING,
			    "the code shows the accepted answer \"%s\", so it can be copied rather than known", ans);
	}
	free(code);
}

/* Returns the name of the first text of earlier item e that a learner
 * reads while answering it (prompt, code, options) and that holds answer
 * as a word, or NULL. */
static const char *printed_in(const pt_item *e, const char *answer, bool fold)
{
	if (lint_contains_word(e->prompt.s, answer, fold))
		return "prompt";
	if (lint_contains_word(e->code.s, answer, fold))
		return "code";
	for (size_t o = 0; o < e->n_options; o++)
		if (lint_contains_word(e->options[o].text.s, answer, fold))
			return "options";
	/* An explanation or worked solution teaches, after the item: a later
	 * item asking to recall what it taught is retrieval practice. */
	return NULL;
}

/* Warns when a typed answer of item i (a text item's) is printed by an
 * earlier item of the lesson. */
static void answer_printed_earlier(const pt_lesson *l, size_t i, pt_diags *d)
{
	const pt_item *it = &l->items[i];
	for (size_t a = 0; a < it->accept.n; a++) {
		const char *ans = it->accept.v[a].s;
		if (!telling(ans) || strlen(ans) < LINT_EARLIER_MIN)
			continue;
		for (size_t e = 0; e < i; e++) {
			const char *where = printed_in(&l->items[e], ans, !it->case_sensitive);
			if (where == NULL)
				continue;
			diags_add(d, l->path, it->accept.v[a].pos, PT_WARNING,
			    "the answer \"%s\" is printed verbatim in item %zu's %s, earlier in this lesson, so it can be "
			    "copied from there; reword one of them", ans, e + 1, where);
			return;
		}
	}
}

/* Returns a class for how s ends: 0 a letter, digit or other character,
 * else the closing punctuation mark. */
static char ending(const char *s)
{
	size_t n = s != NULL ? strlen(s) : 0;
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	return n > 0 && strchr(".!?;:", s[n - 1]) != NULL ? s[n - 1] : 0;
}

/* Returns 'A' when s begins with an upper-case ASCII letter, 'a' with a
 * lower-case one, else 0 (digits, code, symbols say nothing). */
static char opening(const char *s)
{
	unsigned char c = s != NULL ? (unsigned char)s[0] : 0;
	return isupper(c) ? 'A' : islower(c) ? 'a' : 0;
}

/* Warns when a choice item's one right option alone ends with other
 * punctuation, or alone begins in another case, than every wrong one. */
void lint_choice_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	const pt_item *it = &l->items[i];
	if (it->n_options < 3)
		return;
	int key = -1;
	for (size_t o = 0; o < it->n_options; o++)
		if (it->options[o].correct)
			key = key < 0 ? (int)o : -2;
	if (key < 0)
		return;
	char (*const form[2])(const char *) = { ending, opening };
	static const char *const what[2] = { "ends with different punctuation", "begins in a different case" };
	for (int f = 0; f < 2; f++) {
		char mine = form[f](it->options[key].text.s), others = 0;
		bool same = true;
		for (size_t o = 0; o < it->n_options && same; o++) {
			if ((int)o == key)
				continue;
			char c = form[f](it->options[o].text.s);
			same = others == 0 || c == others;
			others = c;
		}
		if (!same || mine == others || (f == 1 && (mine == 0 || others == 0)))
			continue;
		diags_add(d, l->path, it->options[key].pos, PT_WARNING,
		    "the correct option %c alone %s than the others, so its form gives it away; write every "
		    "option the same way", lesson_option_label((size_t)key), what[f]);
	}
}

/* Returns true when c may be part of an operator token ("//", "**=", "->"). */
static bool op_char(char c)
{
	return c != '\0' && strchr("+-*/%=<>!&|^~:.@", c) != NULL;
}

/* Returns true when answer reads as words (letters, digits, spaces,
 * hyphens), matched with any case; anything else is a code token. */
static bool wordy(const char *answer)
{
	for (const char *p = answer; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && *p != ' ' && *p != '-')
			return false;
	return true;
}

/* Returns true when text shows answer as a token: a word with any case
 * between word boundaries, a code token exactly, and an operator ("//")
 * not inside a longer one ("///", "//="). */
static bool shows_token(const char *text, const char *answer)
{
	size_t n = text != NULL && answer != NULL ? strlen(answer) : 0;
	if (n == 0)
		return false;
	if (strspn(answer, "0123456789") == n) {
		/* A number, not the start of a compound ("16-bit") or a decimal. */
		for (const char *p = text; (p = strstr(p, answer)) != NULL; p++)
			if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == ',')) &&
			    !isalnum((unsigned char)p[n]) && !(strchr("-.,", p[n]) != NULL && p[n] != '\0' &&
			    isalnum((unsigned char)p[n + 1])))
				return true;
		return false;
	}
	if (wordy(answer) || isalnum((unsigned char)answer[0]) || answer[0] == '_')
		return lint_contains_word(text, answer, wordy(answer));
	for (const char *p = text; (p = strstr(p, answer)) != NULL; p++)
		if ((p == text || !op_char(p[-1]) || !op_char(answer[0])) && (!op_char(p[n]) || !op_char(answer[n - 1])))
			return true;
	return false;
}

/* Returns true when a blank's answer is worth looking for in feedback: two
 * characters or more, and not a bare number of one digit. */
static bool blank_telling(const char *answer)
{
	return answer != NULL && strlen(answer) >= 2;
}

/* Warns about the feedback of a fill or match item shown before it is
 * solved (a blank's wrong-option feedback, a common mistake) that holds a
 * blank's answer. */
void lint_blank_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	const pt_item *it = &l->items[i];
	for (size_t b = 0; b < it->n_blanks; b++) {
		const pt_blank *bl = &it->blanks[b];
		for (size_t a = 0; a < bl->accept.n; a++) {
			const char *ans = bl->accept.v[a].s;
			if (!blank_telling(ans))
				continue;
			for (size_t f = 0; f < bl->n_feedback; f++)
				if (shows_token(bl->feedback[f].text.s, ans))
					diags_add(d, l->path, bl->feedback[f].text.pos, PT_WARNING,
					    "the feedback for \"%s\" in blank %zu names that blank's answer \"%s\" before it is "
					    "solved; explain the mistake without the answer", bl->feedback[f].option.s, b + 1, ans);
			/* Answers of three characters or more are lint.c's hint_leaks. */
			if (strlen(ans) >= 3)
				continue;
			for (size_t m = 0; m < it->mistakes.n; m++)
				if (shows_token(it->mistakes.v[m].s, ans))
					diags_add(d, l->path, it->mistakes.v[m].pos, PT_WARNING,
					    "common mistake %zu names blank %zu's answer \"%s\", and it shows after a wrong "
					    "check, before the answer may be; describe the mistake without it", m + 1, b + 1, ans);
		}
	}
}

/* Returns true when the feedback of wrong range w states the key of
 * numeric item it, not counting a number inside w itself (the value the
 * learner typed, read in another unit, is theirs to see), writing the
 * words that do into as. */
static bool states_beyond(const pt_item *it, const pt_range *w, char *as, size_t size)
{
	for (const char *p = w->feedback.s; p != NULL && lint_states_number(it, p, false, as, size);) {
		const char *at = strstr(p, as);
		double v = grade_decimal(as, NULL);
		if (at == NULL || v < w->min || v > w->max)
			return true;
		p = at + strlen(as);
	}
	return false;
}

/* Warns about a numeric item's wrong-value feedback that states the key. */
void lint_numeric_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	const pt_item *it = &l->items[i];
	char as[96];
	for (size_t w = 0; w < it->n_wrong; w++)
		if (states_beyond(it, &it->wrong[w], as, sizeof as))
			diags_add(d, l->path, it->wrong[w].feedback.pos, PT_WARNING,
			    "the feedback for the wrong value %s states the answer (\"%s\") before it is solved; "
			    "explain the mistake without the answer", it->wrong[w].written != NULL ?
			    it->wrong[w].written : "", as);
}

/* A text item's accepted answers in its stem or printed by an earlier
 * item, and its wrong-answer feedback that holds one. */
void lint_text_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	const pt_item *it = &l->items[i];
	accepted_answer_in_stem(l, it, d);
	answer_printed_earlier(l, i, d);
	for (size_t w = 0; w < it->n_wrong_answers; w++)
		for (size_t a = 0; a < it->accept.n; a++) {
			const char *ans = it->accept.v[a].s;
			if (!blank_telling(ans) || !shows_token(it->wrong_answers[w].text.s, ans))
				continue;
			diags_add(d, l->path, it->wrong_answers[w].text.pos, PT_WARNING,
			    "the feedback for the wrong answer \"%s\" holds the accepted answer \"%s\" before it "
			    "is solved; explain the mistake without the answer", it->wrong_answers[w].option.s, ans);
			break;
		}
}

/* A fill item's blank answers in its stem, and its feedback that names one. */
void lint_fill_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	blank_answer_in_stem(l, &l->items[i], d);
	lint_blank_giveaways(l, i, d);
}

void lint_giveaways(const pt_lesson *l, pt_diags *d)
{
	for (size_t i = 0; i < l->n_items; i++)
		if (load_kind(l->items[i].kind)->giveaway != NULL)
			load_kind(l->items[i].kind)->giveaway(l, i, d);
}

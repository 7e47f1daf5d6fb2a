/* lint_giveaway.c - what the learner sees must not hand over an answer:
 * a blank's answer written in the prompt or in the code around the
 * blanks, a typed answer printed by an earlier item of the lesson, a
 * choice whose right option alone ends or begins differently, and
 * feedback shown before the item is solved that states the key. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/lint.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/model/explore_item.h"
#include "paratutor/model/grade_typed.h"
#include "paratutor/model/placeholder.h"

#define LINT_NEAR 24 /* bytes between words read as one phrase ("first: ...") */

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

/* Returns true when text names needle (a word, in any ASCII case when
 * fold) other than inside a mention of own, the option the text is the
 * feedback for ("Data parallelism with ZeRO" may say its own name). */
static bool names_beyond(const char *text, const char *needle, const char *own, bool fold)
{
	size_t n = strlen(needle), m = own != NULL ? strlen(own) : 0;
	for (const char *p = text; (p = lint_find_word(text, p, needle, fold)) != NULL; p++) {
		bool inside = false;
		for (const char *q = text; !inside && m >= n && (q = lint_find_word(text, q, own, fold)) != NULL && q <= p; q++)
			inside = p + n <= q + m;
		if (!inside)
			return true;
	}
	return false;
}

/* Warns about the feedback of a wrong option, shown when it is picked
 * while attempts remain, that names a right option's text. */
static void feedback_names_key(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	for (size_t w = 0; w < it->n_options; w++) {
		const pt_option *wrong = &it->options[w];
		if (wrong->correct || wrong->feedback.s == NULL)
			continue;
		for (size_t k = 0; k < it->n_options; k++) {
			const char *key = it->options[k].text.s;
			if (!it->options[k].correct || !telling(key) ||
			    !names_beyond(wrong->feedback.s, key, wrong->text.s, lint_option_folds(key)))
				continue;
			diags_add(d, l->path, wrong->feedback.pos, PT_WARNING,
			    "the feedback for the wrong option %c names the correct option %c (\"%s\"), and it shows while "
			    "attempts remain; explain the mistake without the answer", lesson_option_label(w),
			    lesson_option_label(k), key);
			break;
		}
	}
}

/* A multi item's wrong-option feedback that names a right option (a
 * right option's own feedback shows once the item ends). */
void lint_multi_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	feedback_names_key(l, &l->items[i], d);
}

/* Warns when a choice item's wrong-option feedback names the key, and
 * when its one right option alone ends with other punctuation, or alone
 * begins in another case, than every wrong one. */
void lint_choice_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	const pt_item *it = &l->items[i];
	feedback_names_key(l, it, d);
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
static void lint_blank_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
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

/* Returns the i-th text of item it that a learner may read before the
 * item is solved, besides its prompt: the hints, the common mistakes
 * (after a wrong check), an order step's feedback and an explore item's
 * feedback for a wrong setting (when placed or set wrongly); NULL past
 * the last.  Names it in what ("hint 2"). */
static const pt_text *open_text(const pt_item *it, size_t i, char *what, size_t size)
{
	size_t steps = it->step_feedback != NULL ? it->steps.n : 0;
	if (i < it->hints.n) {
		snprintf(what, size, "hint %zu", i + 1);
		return &it->hints.v[i];
	}
	if ((i -= it->hints.n) < it->mistakes.n) {
		snprintf(what, size, "common mistake %zu", i + 1);
		return &it->mistakes.v[i];
	}
	if ((i -= it->mistakes.n) < steps) {
		snprintf(what, size, "step %zu's feedback", i + 1);
		return &it->step_feedback[i];
	}
	if ((i -= steps) < it->n_explore_fb) {
		snprintf(what, size, "the feedback for wrong setting %zu", i + 1);
		return &it->explore_fb[i].text;
	}
	return NULL;
}

/* Returns true when word occurs in text (any case) within LINT_NEAR bytes
 * before at or after at + n, outside [at, at + n). */
static bool near(const char *text, const char *at, size_t n, const char *word)
{
	size_t len = strlen(word);
	for (const char *q = text; (q = lint_find_word(text, q, word, true)) != NULL; q++)
		if ((q + len <= at && (size_t)(at - (q + len)) <= LINT_NEAR) ||
		    (q >= at + n && (size_t)(q - (at + n)) <= LINT_NEAR))
			return true;
	return false;
}

/* Returns true when a word near [at, at + n) in text tells place j of an
 * order of n_steps ("first", "2nd", "step 3", "last"), writing it into
 * word (size bytes). */
static bool place_near(const char *text, const char *at, size_t n, size_t j, size_t n_steps, char *word,
    size_t size)
{
	static const char *const ordinal[] = { "first", "second", "third", "fourth", "fifth", "sixth", "seventh" };
	static const char *const suffix[] = { "st", "nd", "rd", "th", "th", "th", "th" };
	static const char *const ends[2][3] = { { "start", "begin", "begins" }, { "last", "final", "finally" } };
	if (j >= sizeof ordinal / sizeof ordinal[0])
		return false;
	char nth[8], step[16];
	snprintf(nth, sizeof nth, "%zu%s", j + 1, suffix[j]);
	snprintf(step, sizeof step, "step %zu", j + 1);
	const char *words[9] = { ordinal[j], nth, step };
	size_t n_words = 3;
	for (int e = 0; e < 2; e++)
		for (size_t w = 0; (e == 0 ? j == 0 : j + 1 == n_steps) && w < 3; w++)
			words[n_words++] = ends[e][w];
	for (size_t w = 0; w < n_words; w++)
		if (near(text, at, n, words[w])) {
			snprintf(word, size, "%s", words[w]);
			return true;
		}
	return false;
}

/* Returns true when text holds every step of it, each after the one
 * before it. */
static bool lists_in_order(const char *text, const pt_item *it)
{
	const char *p = text;
	for (size_t j = 0; j < it->steps.n && p != NULL; j++)
		if ((p = lint_find_word(text, p, it->steps.v[j].s, true)) != NULL)
			p += strlen(it->steps.v[j].s);
	return p != NULL && it->steps.n >= 2;
}

/* Returns true when text says that step a comes before step b: "A, then
 * B", "A before B", "B after A" (the two a few words apart). */
static bool tells_before(const char *text, const char *a, const char *b)
{
	static const char *const forward[] = { "then", "before", "followed by", "next" };
	const char *pa = lint_find_word(text, text, a, true), *pb = lint_find_word(text, text, b, true);
	if (pa == NULL || pb == NULL)
		return false;
	bool a_first = pa < pb;
	const char *gap = a_first ? pa + strlen(a) : pb + strlen(b), *gap_end = a_first ? pb : pa;
	if (gap > gap_end || (size_t)(gap_end - gap) > LINT_NEAR)
		return false;
	char between[LINT_NEAR + 1];
	snprintf(between, sizeof between, "%.*s", (int)(gap_end - gap), gap);
	if (!a_first)
		return lint_contains_word(between, "after", true);
	for (size_t w = 0; w < sizeof forward / sizeof forward[0]; w++)
		if (lint_contains_word(between, forward[w], true))
			return true;
	return false;
}

/* Warns about what an order item shows before it is solved that tells
 * where steps go: every step listed in the right order, a step named with
 * its place ("first", "step 2", "last"), or two steps with the order
 * between them ("A, then B").  A step named alone is no give-away. */
void lint_order_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	const pt_item *it = &l->items[i];
	char what[64];
	for (size_t s = 0; s < it->steps.n; s++)
		if (!telling(it->steps.v[s].s))
			return; /* a step of a letter or two is everywhere */
	const pt_text *t;
	for (size_t o = 0; (t = open_text(it, o, what, sizeof what)) != NULL; o++) {
		if (t->s == NULL)
			continue;
		if (lists_in_order(t->s, it)) {
			diags_add(d, l->path, t->pos, PT_WARNING,
			    "%s lists every step in the right order, before the item is solved; hint at what each step "
			    "needs first instead", what);
			continue;
		}
		for (size_t j = 0; j < it->steps.n; j++) {
			const char *step = it->steps.v[j].s, *later = NULL;
			char place[16] = "";
			for (const char *at = t->s; place[0] == '\0' && (at = lint_find_word(t->s, at, step, true)) != NULL; at++)
				place_near(t->s, at, strlen(step), j, it->steps.n, place, sizeof place);
			for (size_t k = j + 1; place[0] == '\0' && later == NULL && k < it->steps.n; k++)
				if (tells_before(t->s, step, it->steps.v[k].s))
					later = it->steps.v[k].s;
			if (place[0] != '\0')
				diags_add(d, l->path, t->pos, PT_WARNING,
				    "%s names step %zu (\"%s\") with its place (\"%s\"), before the item is solved; say why it "
				    "comes where it does instead", what, j + 1, step, place);
			else if (later != NULL)
				diags_add(d, l->path, t->pos, PT_WARNING,
				    "%s tells that step %zu (\"%s\") comes before \"%s\", before the item is solved; say what "
				    "each step needs instead", what, j + 1, step, later);
			if (place[0] != '\0' || later != NULL)
				break;
		}
	}
}

/* Warns about a match item's feedback that names a blank's answer, and
 * a hint or common mistake that holds a pair whole: its left and its
 * right together (either alone is no give-away: both are on screen). */
void lint_match_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	const pt_item *it = &l->items[i];
	char what[64];
	lint_blank_giveaways(l, i, d);
	const pt_text *t;
	for (size_t o = 0; (t = open_text(it, o, what, sizeof what)) != NULL; o++)
		for (size_t p = 0; p < it->n_lefts && p < it->n_blanks; p++) {
			const char *left = it->lefts[p].s;
			const char *right = it->blanks[p].accept.n > 0 ? it->blanks[p].accept.v[0].s : NULL;
			if (!telling(left) || !blank_telling(right) || !lint_contains_word(t->s, left, true) ||
			    !lint_contains_word(t->s, right, true))
				continue;
			diags_add(d, l->path, t->pos, PT_WARNING,
			    "%s holds pair %zu whole (\"%s\" with \"%s\"), before the item is solved; hint at how to tell "
			    "the answers apart instead", what, p + 1, left, right);
			break;
		}
}

/* Returns true when the words just before at (in text) say that what
 * follows is knob name's setting: "to", "answer", "NAME =" or "NAME:". */
static bool said_as_setting(const char *text, const char *at, const char *name)
{
	size_t back = (size_t)(at - text) < 32 ? (size_t)(at - text) : 32;
	char before[40];
	snprintf(before, sizeof before, "%.*s", (int)back, at - back);
	if (lint_contains_word(before + (back > 12 ? back - 12 : 0), "to", true) ||
	    lint_contains_word(before, "answer", true))
		return true;
	size_t n = back, len = strlen(name);
	while (n > 0 && before[n - 1] == ' ')
		n--;
	if (n == 0 || (before[n - 1] != '=' && before[n - 1] != ':'))
		return false;
	for (n--; n > 0 && before[n - 1] == ' ';)
		n--;
	return n >= len && strncasecmp(before + n - len, name, len) == 0 && (n == len || !lint_word_char(before[n - len - 1]));
}

/* Returns true when text states value of knob name: a number of two
 * digits or more as shows_token reads it; one digit, or a named choice's
 * word, only as the setting ("set it to 8", "chunks = 4"), since those
 * are everyday words in a hint that explains the model. */
static bool states_setting(const char *text, const char *value, const char *name, bool word)
{
	if (!word && strlen(value) > 1)
		return strchr(value, '.') != NULL ? lint_contains_word(text, value, false) : shows_token(text, value);
	for (const char *p = text; (p = lint_find_word(text, p, value, word)) != NULL; p++)
		if (said_as_setting(text, p, name))
			return true;
	return false;
}

/* Warns about an explore item's hint, common mistake or wrong-setting
 * feedback that states a knob's value in the setting that meets the goal:
 * known when the goal asks for the fewest or most of a knob (that knob's
 * value), or when one setting alone meets it (each knob's); a value the
 * start has already, or the prompt states too, is not the answer's. */
void lint_explore_giveaways(const pt_lesson *l, size_t i, pt_diags *d)
{
	const pt_item *it = &l->items[i];
	pt_explore e;
	pt_figure best;
	long met = explore_of(it, &e) ? explore_search(&e, &best) : 0;
	if (met <= 0 || (e.best < 0 && met != 1))
		return;
	const pt_fig_type_info *ti = figure_type(e.start.type);
	for (int k = 0; k < e.n_knobs; k++) {
		const pt_fig_param *p = &ti->params[e.knob[k].param];
		double v = best.v[e.knob[k].param];
		if ((e.best >= 0 && k != e.best) || v == e.start.v[e.knob[k].param])
			continue;
		char value[32], what[64];
		if (p->words != NULL)
			snprintf(value, sizeof value, "%s", p->words[(int)v]);
		else
			snprintf(value, sizeof value, "%.15g", v);
		if (lint_contains_word(it->prompt.s, value, true))
			continue; /* "4 stages" in the prompt: a hint may say it again */
		const pt_text *t;
		for (size_t o = 0; (t = open_text(it, o, what, sizeof what)) != NULL; o++)
			if (t->s != NULL && states_setting(t->s, value, p->name, p->words != NULL))
				diags_add(d, l->path, t->pos, PT_WARNING,
				    "%s states the setting that meets the goal (\"%s\" at %s), before the item is solved; hint "
				    "at how to find it instead", what, p->name, value);
	}
}

void lint_giveaways(const pt_lesson *l, pt_diags *d)
{
	for (size_t i = 0; i < l->n_items; i++)
		if (load_kind(l->items[i].kind)->giveaway != NULL)
			load_kind(l->items[i].kind)->giveaway(l, i, d);
}

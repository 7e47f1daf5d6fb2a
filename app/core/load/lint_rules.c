/* lint_rules.c - writing rules every lesson keeps: "choose N" wording
 * with its count, short API names accepted beside qualified ones, numeric
 * keys that admit a sensible rounding, hints that do not whittle the
 * options down to one, and stems that do not spell the key. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "paratutor/load/convert_field.h"
#include "paratutor/load/lint.h"
#include "paratutor/load/load_kind.h"

/* ---- "choose two" wording ------------------------------------------ */

static const char *const count_words[] = { "one", "two", "three", "four", "five", "six", "seven" };

/* Reads a count at s ("2", "two"); returns its value and sets *len, or 0. */
static int read_count(const char *s, size_t *len)
{
	if (*s >= '1' && *s <= '9' && !lint_word_char(s[1])) {
		*len = 1;
		return *s - '0';
	}
	for (size_t i = 0; i < sizeof count_words / sizeof count_words[0]; i++) {
		size_t n = strlen(count_words[i]);
		if (strncasecmp(s, count_words[i], n) == 0 && !lint_word_char(s[n])) {
			*len = n;
			return (int)i + 1;
		}
	}
	return 0;
}

/* Returns true when the instruction ends at s: an optional noun such as
 * "options", then the end of a sentence or of the text. */
static bool instruction_ends(const char *s)
{
	static const char *const nouns[] = { "options", "answers", "statements", "items", "choices" };
	while (*s == ' ')
		s++;
	for (size_t i = 0; i < sizeof nouns / sizeof nouns[0]; i++) {
		size_t n = strlen(nouns[i]);
		if (strncasecmp(s, nouns[i], n) == 0 && !lint_word_char(s[n])) {
			s += n;
			break;
		}
	}
	return *s == '\0' || *s == '.' || *s == ')' || *s == ':' || *s == '!';
}

int lint_choose_wording(const char *prompt, size_t *at, size_t *len)
{
	static const char *const verbs[] = { "choose", "select", "pick" };
	for (const char *p = prompt; p != NULL && *p != '\0'; p++) {
		if (p != prompt && lint_word_char(p[-1]))
			continue;
		for (size_t v = 0; v < sizeof verbs / sizeof verbs[0]; v++) {
			/* The first letter first: most words start with none of them. */
			if ((*p | 0x20) != verbs[v][0])
				continue;
			size_t n = strlen(verbs[v]);
			if (strncasecmp(p, verbs[v], n) != 0 || p[n] != ' ')
				continue;
			size_t clen = 0;
			int count = read_count(p + n + 1, &clen);
			if (count > 0 && instruction_ends(p + n + 1 + clen)) {
				*at = (size_t)(p - prompt);
				*len = n + 1 + clen;
				return count;
			}
		}
	}
	return 0;
}

/* An item whose prompt says how many options to pick must be a multi
 * item whose "choose" says the same, so the screen tells it too ("choose
 * one" is a choice item's own wording). */
static void choose_wording(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	size_t at = 0, len = 0;
	int count = lint_choose_wording(it->prompt.s, &at, &len);
	const pt_load_kind *k = load_kind(it->kind);
	if (count == 0 || (count == 1 && k->one_right))
		return;
	char said[32];
	snprintf(said, sizeof said, "%.*s", (int)(len < sizeof said ? len : sizeof said - 1), it->prompt.s + at);
	if (!(k->fields & BIT(F_CHOOSE)))
		diags_add(d, l->path, it->prompt.pos, PT_ERROR,
		    "the prompt says \"%s\", but a %s item has no options to pick several of; make it a multi item "
		    "with \"choose\": %d, or reword the prompt", said, k->name, count);
	else if (it->choose == 0)
		diags_add(d, l->path, it->prompt.pos, PT_ERROR,
		    "the prompt says \"%s\", but the item has no \"choose\"; add \"choose\": %d so the screen "
		    "tells the learner how many to pick too", said, count);
	else if (it->choose != count)
		diags_add(d, l->path, it->choose_pos, PT_ERROR,
		    "the prompt says \"%s\", but \"choose\" is %d; make them agree", said, it->choose);
}

/* ---- qualified API names ------------------------------------------- */

/* Returns the last part of a qualified name ("unscale_" of
 * "GradScaler.unscale_", "unscale_(opt)" of "s.unscale_(opt)"), or NULL
 * when s is not dotted identifiers (an optional call at the end). */
static const char *qualified_tail(const char *s)
{
	const char *tail = NULL, *p = s;
	for (;;) {
		if (!(isalpha((unsigned char)*p) || *p == '_'))
			return NULL;
		while (lint_word_char(*p))
			p++;
		if (*p == '.') {
			p++;
			tail = p;
			continue;
		}
		if (*p == '(') {
			const char *close = strchr(p, ')');
			if (close == NULL || close[1] != '\0' || memchr(p, '.', (size_t)(close - p)) != NULL)
				return NULL;
		} else if (*p != '\0') {
			return NULL;
		}
		return tail;
	}
}

/* Returns true when a text item accepts answer (compared as grading does:
 * trimmed, case folded unless case-sensitive). */
static bool accepts(const pt_item *it, const char *answer)
{
	for (size_t a = 0; a < it->accept.n; a++) {
		const char *s = it->accept.v[a].s;
		if (s != NULL && (it->case_sensitive ? strcmp(s, answer) == 0 : strcasecmp(s, answer) == 0))
			return true;
	}
	return false;
}

/* Grading accepts a qualified name whose last part is an accepted answer;
 * the reverse it cannot know, so an accepted qualified name needs its
 * short form accepted too. */
static void qualified_names(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	for (size_t a = 0; a < it->accept.n; a++) { /* a text item's answers */
		const char *s = it->accept.v[a].s;
		const char *tail = s != NULL ? qualified_tail(s) : NULL;
		if (tail != NULL && !accepts(it, tail))
			diags_add(d, l->path, it->accept.v[a].pos, PT_WARNING,
			    "accepted answer \"%s\" is a qualified name, but its last part \"%s\" is not accepted; "
			    "accept \"%s\" too, the form most learners type", s, tail, tail);
	}
}

/* ---- numeric precision --------------------------------------------- */

/* Returns x rounded to three significant figures (printed and read back,
 * so the core needs no maths library). */
static double round3(double x)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%.2e", x);
	return strtod(buf, NULL);
}

/* Returns true when x is a whole number (or too large to tell). */
static bool whole(double x)
{
	return x >= 9e15 || x <= -9e15 || x == (double)(long long)x;
}

/* Returns true when the prompt says how precise the answer must be. */
static bool states_precision(const char *prompt)
{
	static const char *const words[] = { "significant", "decimal place", "nearest", "round" };
	for (const char *p = prompt; p != NULL && *p != '\0'; p++)
		for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
			if (strncasecmp(p, words[i], strlen(words[i])) == 0)
				return true;
	return false;
}

/* A numeric key (a kind with an "answer" range) that is not a whole
 * number must admit itself rounded to three significant figures, unless
 * the prompt asks for a precision. */
static void numeric_precision(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	double key = it->answer.value;
	if (!(load_kind(it->kind)->fields & BIT(F_ANSWER)) || key != key || whole(key) || states_precision(it->prompt.s))
		return;
	double r = round3(key), slack = 1e-9 * (r < 0 ? -r : r);
	if (r >= it->answer.min - slack && r <= it->answer.max + slack)
		return;
	/* The key and its range as the file writes them ("1.5 ± 0.001",
	 * "1 to 5"), else as resolved. */
	char key_text[64], range[160];
	const char *w = it->answer.written;
	const char *pm = w != NULL ? strstr(w, " ± ") : NULL;
	bool bounds = w != NULL && strstr(w, " to ") != NULL;
	if (w != NULL && !bounds)
		snprintf(key_text, sizeof key_text, "%.*s", pm ? (int)(pm - w) : (int)strlen(w), w);
	else
		snprintf(key_text, sizeof key_text, "%.15g", key);
	if (w != NULL && (pm != NULL || bounds))
		snprintf(range, sizeof range, "%s", w);
	else
		snprintf(range, sizeof range, "[%.15g, %.15g]", it->answer.min, it->answer.max);
	diags_add(d, l->path, it->answer.pos, PT_WARNING,
	    "the answer %s rounded to three significant figures, %.15g, is outside the accepted range "
	    "%s, and the prompt does not say what precision it wants; widen the range or ask for "
	    "a precision (\"to two decimal places\")", key_text, r, range);
}

/* ---- hints that leave one option ----------------------------------- */

/* A hint that rules options out by counting leaves the key standing
 * without teaching anything. */
static void eliminating_hints(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	static const char *const phrases[] = { "only one option", "only one of the options", "all but one",
		"one option is not", "the only option", "only one answer", "just one option" };
	if (kind_shape(it->kind) != PT_SHAPE_PICKS)
		return;
	for (size_t h = 0; h < it->hints.n; h++)
		for (size_t i = 0; i < sizeof phrases / sizeof phrases[0]; i++)
			if (it->hints.v[h].s != NULL && lint_contains_word(it->hints.v[h].s, phrases[i], true)) {
				diags_add(d, l->path, it->hints.v[h].pos, PT_WARNING,
				    "hint %zu rules options out until one is left (\"%s\"); hint at the idea instead",
				    h + 1, phrases[i]);
				break;
			}
}

/* ---- stems that spell the key -------------------------------------- */

/* Writes s's ASCII letters and digits, folded to lower case (other bytes
 * kept), to out; returns the length written (at most cap - 1). */
static size_t squash(const char *s, char *out, size_t cap)
{
	size_t n = 0;
	for (; s != NULL && *s != '\0' && n + 1 < cap; s++) {
		unsigned char c = (unsigned char)*s;
		if (c >= 0x80 || isalnum(c))
			out[n++] = (char)tolower(c);
	}
	out[n] = '\0';
	return n;
}

size_t lint_common_run(const char *stem, const char *key)
{
	char k[128];
	size_t kn = squash(key, k, sizeof k), best = 0;
	size_t run[128] = { 0 }; /* run[j]: common run ending at key[j - 1] and the stem's last character */
	for (const char *p = stem; p != NULL && *p != '\0'; p++) {
		unsigned char c = (unsigned char)*p;
		if (c < 0x80 && !isalnum(c))
			continue;
		c = (unsigned char)tolower(c);
		for (size_t j = kn; j > 0; j--) {
			run[j] = (unsigned char)k[j - 1] == c ? run[j - 1] + 1 : 0;
			if (run[j] > best)
				best = run[j];
		}
	}
	return best;
}

/* A stem that holds most of a typed answer hands it over. */
static void stem_spells_key(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	for (size_t a = 0; a < it->accept.n; a++) { /* a text item's answers */
		char k[128];
		size_t kn = squash(it->accept.v[a].s, k, sizeof k);
		size_t need = (kn * 4 + 4) / 5; /* four fifths, rounded up */
		if (kn < LINT_STEM_MIN || lint_common_run(it->prompt.s, it->accept.v[a].s) < need)
			continue;
		diags_add(d, l->path, it->prompt.pos, PT_WARNING,
		    "the prompt holds most of the accepted answer \"%s\", so it can be copied rather than known; "
		    "describe what it does instead of naming it", it->accept.v[a].s);
		return;
	}
}

void lint_rules(const pt_lesson *l, pt_diags *d)
{
	for (size_t i = 0; i < l->n_items; i++) {
		const pt_item *it = &l->items[i];
		choose_wording(l, it, d);
		qualified_names(l, it, d);
		numeric_precision(l, it, d);
		eliminating_hints(l, it, d);
		stem_spells_key(l, it, d);
	}
}

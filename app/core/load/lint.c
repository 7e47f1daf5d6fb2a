/* lint.c - item-writing lint: answers guessable by length or position,
 * and hints that give the answer away. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/lint.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/model/grade_typed.h"

#define LONGEST_RATIO 1.25 /* the key is this many times the next option... */
#define LONGEST_EXTRA 10   /* ...and this many characters longer */

/* Returns the number of characters (code points) of s. */
static size_t chars(const char *s)
{
	size_t n = 0;
	for (; s != NULL && *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

bool lint_word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Returns the first place at or after p where needle could match: where
 * it does (exact), or where a character folds to its first (fold); NULL
 * when there is none.  Checks are long texts, so this skips ahead with
 * strstr rather than comparing at every character. */
static const char *next_candidate(const char *p, const char *needle, bool fold)
{
	if (!fold)
		return strstr(p, needle);
	int first = tolower((unsigned char)needle[0]);
	while (*p != '\0' && tolower((unsigned char)*p) != first)
		p++;
	return *p != '\0' ? p : NULL;
}

const char *lint_find_word(const char *hay, const char *from, const char *needle, bool fold)
{
	size_t n = hay != NULL && needle != NULL ? strlen(needle) : 0;
	if (n == 0)
		return NULL;
	bool word_edges = lint_word_char(needle[0]) || lint_word_char(needle[n - 1]);
	for (const char *p = from != NULL ? from : hay; (p = next_candidate(p, needle, fold)) != NULL; p++) {
		if (fold && strncasecmp(p, needle, n) != 0)
			continue;
		bool left = p == hay || !lint_word_char(p[-1]);
		bool right = !lint_word_char(p[n]);
		if (!word_edges || (left && right))
			return p;
	}
	return NULL;
}

bool lint_option_folds(const char *text)
{
	return text != NULL && strchr(text, ' ') != NULL;
}

bool lint_contains_word(const char *hay, const char *needle, bool fold)
{
	return lint_find_word(hay, hay, needle, fold) != NULL;
}

/* Returns the length of a separator between groups of three digits at s
 * (',', '_', an apostrophe, a space, a no-break, thin or narrow no-break
 * space), or 0. */
static size_t group_sep(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	if (*s == ',' || *s == '_' || *s == '\'' || *s == ' ')
		return 1;
	if (u[0] == 0xC2 && u[1] == 0xA0)
		return 2;
	if (u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x89 || u[2] == 0xAF))
		return 3;
	return 0;
}

/* Returns true when s starts with three digits and no fourth. */
static bool three_digits(const char *s)
{
	return isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) && isdigit((unsigned char)s[2]) &&
	    !isdigit((unsigned char)s[3]);
}

/* Reads the number written at p (digits, grouped by threes with a
 * separator when the first group has at most three, a decimal part, an
 * exponent) into *v and the count of its digits into *digits; returns its
 * length, 0 when none starts at p or it runs on into a longer token
 * ("0.25.5", "1.2.3"). */
static size_t read_number(const char *p, double *v, size_t *digits)
{
	char buf[96];
	size_t n = 0, i = 0, lead = 0;
	*digits = 0;
	while (isdigit((unsigned char)p[i]) && n + 1 < sizeof buf) {
		buf[n++] = p[i++];
		lead++;
	}
	if (lead == 0)
		return 0;
	for (size_t g; lead <= 3 && (g = group_sep(p + i)) > 0 && three_digits(p + i + g) && n + 4 < sizeof buf;) {
		memcpy(buf + n, p + i + g, 3);
		n += 3;
		i += g + 3;
	}
	if (p[i] == '.' && isdigit((unsigned char)p[i + 1])) {
		buf[n++] = p[i++];
		while (isdigit((unsigned char)p[i]) && n + 1 < sizeof buf)
			buf[n++] = p[i++];
	}
	for (size_t k = 0; k < n; k++)
		*digits += isdigit((unsigned char)buf[k]) != 0;
	size_t e = i + 1 + (p[i + 1] == '+' || p[i + 1] == '-');
	if ((p[i] == 'e' || p[i] == 'E') && isdigit((unsigned char)p[e]) && n + (e - i) + 4 < sizeof buf) {
		while (i < e)
			buf[n++] = p[i++];
		while (isdigit((unsigned char)p[i]) && n + 1 < sizeof buf)
			buf[n++] = p[i++];
	}
	if ((p[i] == '.' || p[i] == ',') && isdigit((unsigned char)p[i + 1]))
		return 0;
	buf[n] = '\0';
	*v = grade_decimal(buf, NULL);
	return i;
}

/* Returns true when v agrees with the key of a numeric item: inside the
 * range of a key with a tolerance, equal to the key of a "min"/"max"
 * range (its middle), and, when loose, within half a percent of the key
 * (a rounded statement of it). */
static bool is_key(const pt_item *it, double v, bool loose)
{
	const pt_range *a = &it->answer;
	double slack = 1e-9 * fabs(a->value);
	bool bounds = a->written != NULL && strstr(a->written, " to ") != NULL;
	if (fabs(v - a->value) <= slack)
		return true;
	if (!bounds && v >= a->min - slack && v <= a->max + slack)
		return true;
	return loose && fabs(v - a->value) <= 0.005 * fabs(a->value);
}

/* The units of an item by their first byte: each list in the order the
 * item declares them, so a token is compared only with the units that
 * could start it (PT_MAX_UNITS bounds a list). */
typedef struct unit_table {
	unsigned char head[256]; /* first unit of each first byte, PT_MAX_UNITS when none */
	unsigned char next[PT_MAX_UNITS];
} unit_table;

static void unit_table_build(unit_table *t, const pt_item *it)
{
	memset(t->head, PT_MAX_UNITS, sizeof t->head);
	size_t n = it->n_units < PT_MAX_UNITS ? it->n_units : PT_MAX_UNITS;
	for (size_t u = n; u-- > 0;) {
		const char *name = it->units[u].name.s;
		if (name == NULL || name[0] == '\0')
			continue;
		unsigned char c = (unsigned char)name[0];
		t->next[u] = t->head[c];
		t->head[c] = (unsigned char)u;
	}
}

/* Returns the factor of the item's unit written at p (after spaces), or
 * 0 when none is. */
static double unit_at(const pt_item *it, const unit_table *t, const char *p)
{
	while (*p == ' ' || (((unsigned char)p[0] == 0xC2) && (unsigned char)p[1] == 0xA0))
		p += *p == ' ' ? 1 : 2;
	for (unsigned u = t->head[(unsigned char)*p]; u < PT_MAX_UNITS; u = t->next[u]) {
		const char *name = it->units[u].name.s;
		size_t n = strlen(name);
		if (strncmp(p, name, n) == 0 && !lint_word_char(p[n]))
			return it->units[u].factor;
	}
	return 0;
}

/* Returns true when the few characters before at (in text) say that what
 * follows is the answer ("the answer is", "answer:"). */
static bool after_answer_words(const char *text, const char *at)
{
	size_t back = (size_t)(at - text) < 24 ? (size_t)(at - text) : 24;
	for (const char *p = at - back; p + 6 <= at; p++)
		if (strncasecmp(p, "answer", 6) == 0)
			return true;
	return false;
}

bool lint_states_number(const pt_item *it, const char *text, bool loose, char *as, size_t size)
{
	if (text == NULL || isnan(it->answer.value))
		return false;
	unit_table units;
	unit_table_build(&units, it);
	for (const char *p = text; *p != '\0';) {
		bool starts = isdigit((unsigned char)*p) && (p == text || !(lint_word_char(p[-1]) || p[-1] == '.'));
		double v;
		size_t digits, n = starts ? read_number(p, &v, &digits) : 0;
		if (n == 0) {
			/* Skip the rest of a token that is not a number. */
			if (isdigit((unsigned char)*p))
				while (isdigit((unsigned char)*p) || *p == '.' || *p == ',')
					p++;
			else
				p++;
			continue;
		}
		const char *start = p > text && p[-1] == '-' && (p - 1 == text || !lint_word_char(p[-2])) ? p - 1 : p;
		if (start != p)
			v = -v;
		double factor = unit_at(it, &units, p + n);
		bool bare = is_key(it, v, loose), in_unit = factor > 0 && factor != 1 && is_key(it, v * factor, loose);
		/* A one-digit number is the answer only when the words or a unit
		 * say so. */
		if (in_unit || (bare && (loose || digits >= 2 || after_answer_words(text, start)))) {
			size_t end = (size_t)(p + n - start);
			if (in_unit && !bare) {
				const char *u = p + n;
				while (*u == ' ' || ((unsigned char)u[0] == 0xC2 && (unsigned char)u[1] == 0xA0))
					u += *u == ' ' ? 1 : 2;
				while (*u != '\0' && *u != ' ' && !strchr(".,;:!?)", *u))
					u++;
				end = (size_t)(u - start);
			}
			if (as != NULL)
				snprintf(as, size, "%.*s", (int)(end < size ? end : size - 1), start);
			return true;
		}
		p += n;
	}
	return false;
}

/* Returns the key of a numeric item as the file writes it (the middle of
 * a "min"/"max" range), into buf. */
static const char *key_text(const pt_item *it, char *buf, size_t size)
{
	const char *w = it->answer.written;
	const char *pm = w != NULL ? strstr(w, " ± ") : NULL;
	if (w != NULL && strstr(w, " to ") == NULL)
		snprintf(buf, size, "%.*s", pm ? (int)(pm - w) : (int)strlen(w), w);
	else
		snprintf(buf, size, "%.15g", it->answer.value);
	return buf;
}

/* Warns about each hint and common mistake of a numeric item that states
 * its key, as written or grouped, spaced, or in one of its units. */
static void number_leaks(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	char key[64], as[96];
	key_text(it, key, sizeof key);
	for (size_t h = 0; h < it->hints.n; h++) {
		if (!lint_states_number(it, it->hints.v[h].s, false, as, sizeof as))
			continue;
		if (strcmp(as, key) == 0)
			diags_add(d, l->path, it->hints.v[h].pos, PT_WARNING,
			    "hint %zu gives the answer \"%s\" away verbatim; hint at the idea or the method instead",
			    h + 1, key);
		else
			diags_add(d, l->path, it->hints.v[h].pos, PT_WARNING,
			    "hint %zu gives the answer %s away, written \"%s\"; hint at the idea or the method instead",
			    h + 1, key, as);
	}
	for (size_t m = 0; m < it->mistakes.n; m++)
		if (lint_states_number(it, it->mistakes.v[m].s, false, as, sizeof as))
			diags_add(d, l->path, it->mistakes.v[m].pos, PT_WARNING,
			    "common mistake %zu gives the answer %s away%s%s%s, and it shows after a wrong "
			    "check, before the answer may be; describe the mistake without the answer",
			    m + 1, key, strcmp(as, key) ? ", written \"" : " verbatim", strcmp(as, key) ? as : "",
			    strcmp(as, key) ? "\"" : "");
}

/* An error when a numeric item's worked solution gives an answer with
 * numbers, none of which is the key (in the key's unit or one of its
 * units; a statement rounded to half a percent counts as the key). */
static void solution_contradicts(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	const char *ans = it->solution.answer.s;
	if (!it->solution.present || ans == NULL || isnan(it->answer.value))
		return;
	bool any = false;
	for (const char *p = ans; *p != '\0'; p++) {
		double v;
		size_t digits;
		if (isdigit((unsigned char)*p) && (p == ans || !(lint_word_char(p[-1]) || p[-1] == '.')) &&
		    read_number(p, &v, &digits) > 0) {
			any = true;
			break;
		}
	}
	if (!any || lint_states_number(it, ans, true, NULL, 0))
		return;
	char key[64];
	diags_add(d, l->path, it->solution.answer.pos, PT_ERROR,
	    "the solution's answer \"%s\" is not the key %s; make them agree (a learner who got the key right "
	    "would be told otherwise)", ans, key_text(it, key, sizeof key));
}

/* Warns about each hint and common mistake that contains answer. */
static void hint_leaks(const pt_lesson *l, const pt_item *it, const char *answer, bool fold, pt_diags *d)
{
	if (answer == NULL || strlen(answer) < 3)
		return;
	for (size_t h = 0; h < it->hints.n; h++) {
		const char *hint = it->hints.v[h].s;
		if (hint != NULL && lint_contains_word(hint, answer, fold))
			diags_add(d, l->path, it->hints.v[h].pos, PT_WARNING,
			    "hint %zu gives the answer \"%s\" away verbatim; hint at the idea or the method instead",
			    h + 1, answer);
	}
	/* Common mistakes show after a wrong check, while the item
	 * is still open. */
	for (size_t m = 0; m < it->mistakes.n; m++) {
		const char *text = it->mistakes.v[m].s;
		if (text != NULL && lint_contains_word(text, answer, fold))
			diags_add(d, l->path, it->mistakes.v[m].pos, PT_WARNING,
			    "common mistake %zu gives the answer \"%s\" away verbatim, and it shows after a wrong "
			    "check, before the answer may be; describe the mistake without the answer",
			    m + 1, answer);
	}
}

void lint_numeric(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	number_leaks(l, it, d);
	solution_contradicts(l, it, d);
}

void lint_fill_leaks(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	for (size_t b = 0; b < it->n_blanks; b++)
		for (size_t a = 0; a < it->blanks[b].accept.n; a++)
			hint_leaks(l, it, it->blanks[b].accept.v[a].s, false, d);
}

void lint_pick_leaks(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	for (size_t o = 0; o < it->n_options; o++)
		if (it->options[o].correct)
			hint_leaks(l, it, it->options[o].text.s, lint_option_folds(it->options[o].text.s), d);
}

void lint_text_leaks(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	for (size_t a = 0; a < it->accept.n; a++)
		hint_leaks(l, it, it->accept.v[a].s, !it->case_sensitive, d);
}

/* Returns the index of the only correct option of a choice item, or -1. */
static int single_key(const pt_item *it)
{
	int key = -1;
	for (size_t o = 0; o < it->n_options; o++) {
		if (!it->options[o].correct)
			continue;
		if (key >= 0)
			return -1;
		key = (int)o;
	}
	return key;
}

/* Warns when a choice item's key is the longest option by a clear margin;
 * returns true when the key is strictly the longest option at all. */
static bool key_longest(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	int key = single_key(it);
	if (!load_kind(it->kind)->one_right || key < 0 || it->n_options < 2)
		return false;
	size_t key_len = chars(it->options[key].text.s), next = 0;
	for (size_t o = 0; o < it->n_options; o++) {
		size_t n = chars(it->options[o].text.s);
		if ((int)o != key && n > next)
			next = n;
	}
	if (key_len >= next + LONGEST_EXTRA && (double)key_len >= LONGEST_RATIO * (double)next)
		diags_add(d, l->path, it->options[key].pos, PT_WARNING,
		    "the correct option %c is much the longest (%zu characters, the next %zu), so it can be "
		    "guessed by length; shorten it or give the wrong options the same detail",
		    lesson_option_label((size_t)key), key_len, next);
	return key_len > next;
}

/* Returns true when s mentions the other options as a group. */
static bool refers_to_others(const char *s)
{
	return s != NULL && (lint_contains_word(s, "all of the above", true) ||
	    lint_contains_word(s, "none of the above", true));
}

/* Warns about options that name "the above" in an item shown shuffled. */
static void above_options(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	if (!it->shuffle || kind_shape(it->kind) != PT_SHAPE_PICKS)
		return;
	for (size_t o = 0; o < it->n_options; o++) {
		const char *s = it->options[o].text.s;
		if (!refers_to_others(s))
			continue;
		diags_add(d, l->path, it->options[o].text.pos, PT_WARNING,
		    "option %c refers to the options \"above\", but they are shown shuffled; %s, or name the "
		    "options it means", lesson_option_label(o),
		    it->format >= 2 ? "set \"shuffle\": false on the item" :
		    "set \"format\": 2 and \"shuffle\": false on the item");
	}
}

/* Returns true when s names options by letter and nothing else ("B",
 * "A and C", "(B), (D)"). */
static bool letters_only(const char *s)
{
	size_t letters = 0;
	if (s == NULL)
		return false;
	while (*s != '\0') {
		if (*s >= 'A' && *s <= 'G' && !lint_word_char(s[1])) { /* what precedes is a separator or nothing */
			letters++;
			s++;
		} else if (strncmp(s, "and", 3) == 0 && !lint_word_char(s[3])) {
			s += 3;
		} else if (strchr(" ,;&()/.", *s) != NULL) {
			s++;
		} else {
			return false;
		}
	}
	return letters > 0;
}

/* Warns about a worked solution whose answer names options by letter in
 * an item whose letters are shuffled for each learner. */
static void solution_letters(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	const pt_load_kind *k = load_kind(it->kind);
	bool shuffled = k->always_shuffled || (it->shuffle && k->shape != PT_SHAPE_TYPED &&
	    (k->shape == PT_SHAPE_PICKS || it->bank.n > 0));
	if (!shuffled || !it->solution.present || !letters_only(it->solution.answer.s))
		return;
	diags_add(d, l->path, it->solution.answer.pos, PT_WARNING,
	    "the solution's answer names options by letter, but the letters are shuffled for each learner, so "
	    "\"%s\" points at another option on their screen; write the option's text instead",
	    it->solution.answer.s);
}

void lint_lesson(const pt_lesson *l, pt_diags *d)
{
	size_t choice = 0, longest = 0;
	for (size_t i = 0; i < l->n_items; i++) {
		const pt_item *it = &l->items[i];
		if (load_kind(it->kind)->one_right && single_key(it) >= 0 && it->n_options >= 2)
			choice++;
		longest += key_longest(l, it, d);
		above_options(l, it, d);
		solution_letters(l, it, d);
		if (load_kind(it->kind)->lint != NULL)
			load_kind(it->kind)->lint(l, it, d);
	}
	if (choice >= LINT_MIN_CHOICE && longest * 2 > choice)
		diags_add(d, l->path, l->items_pos, PT_WARNING,
		    "in %zu of this lesson's %zu choice items the correct option is the longest, so length gives "
		    "answers away; make a wrong option the longest in some of them", longest, choice);
}

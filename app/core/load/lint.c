/* lint.c - item-writing lint: answers guessable by length or position,
 * and hints that give the answer away. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "paratutor/lint.h"

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

/* Returns true when c continues a word. */
static bool word_char(char c)
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

bool lint_contains_word(const char *hay, const char *needle, bool fold)
{
	size_t n = strlen(needle);
	if (n == 0)
		return false;
	bool word_edges = word_char(needle[0]) || word_char(needle[n - 1]);
	for (const char *p = hay; (p = next_candidate(p, needle, fold)) != NULL; p++) {
		if (fold && strncasecmp(p, needle, n) != 0)
			continue;
		bool left = p == hay || !word_char(p[-1]);
		bool right = !word_char(p[n]);
		if (!word_edges || (left && right))
			return true;
	}
	return false;
}

/* Returns true when the number written as num occurs in hay on its own:
 * not inside a longer number ("16" is not in "1.16" or "160"). */
static bool contains_number(const char *hay, const char *num)
{
	size_t n = strlen(num);
	for (const char *p = strstr(hay, num); p != NULL; p = strstr(p + 1, num)) {
		bool left = p == hay || !(isdigit((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == ',' ||
		    p[-1] == '-');
		const char *q = p + n;
		bool right = !isdigit((unsigned char)*q) &&
		    !((*q == '.' || *q == ',') && isdigit((unsigned char)q[1]));
		if (left && right)
			return true;
	}
	return false;
}

/* Warns about each hint that contains answer (a number when number). */
static void hint_leaks(const pt_lesson *l, const pt_item *it, const char *answer, bool fold, bool number,
    pt_diags *d)
{
	if (answer == NULL || strlen(answer) < (number ? 2 : 3))
		return;
	for (size_t h = 0; h < it->hints.n; h++) {
		const char *hint = it->hints.v[h].s;
		if (hint != NULL && (number ? contains_number(hint, answer) : lint_contains_word(hint, answer, fold)))
			diags_add(d, l->path, it->hints.v[h].pos, PT_WARNING,
			    "hint %zu gives the answer \"%s\" away verbatim; hint at the idea or the method instead",
			    h + 1, answer);
	}
	/* Common mistakes show after a hint or a wrong check, while the item
	 * is still open. */
	for (size_t m = 0; m < it->mistakes.n; m++) {
		const char *text = it->mistakes.v[m].s;
		if (text != NULL && (number ? contains_number(text, answer) : lint_contains_word(text, answer, fold)))
			diags_add(d, l->path, it->mistakes.v[m].pos, PT_WARNING,
			    "common mistake %zu gives the answer \"%s\" away verbatim, and it shows after a hint or a "
			    "wrong check, before the answer may be; describe the mistake without the answer",
			    m + 1, answer);
	}
}

/* Checks every hint of an item against its answers. */
static void item_hint_leaks(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	char num[64];
	/* A switch on kind, not the kind table: lint is in the load layer, below
	 * learn where the table sits, and reads each kind's own fields. */
	switch (it->kind) {
	case PT_KIND_FILL:
		for (size_t b = 0; b < it->n_blanks; b++)
			for (size_t a = 0; a < it->blanks[b].accept.n; a++)
				hint_leaks(l, it, it->blanks[b].accept.v[a].s, false, false, d);
		return;
	case PT_KIND_CHOICE:
	case PT_KIND_MULTI:
		for (size_t o = 0; o < it->n_options; o++)
			if (it->options[o].correct)
				hint_leaks(l, it, it->options[o].text.s, false, false, d);
		return;
	case PT_KIND_TEXT:
		for (size_t a = 0; a < it->accept.n; a++)
			hint_leaks(l, it, it->accept.v[a].s, !it->case_sensitive, false, d);
		return;
	case PT_KIND_NUMERIC:
		if (it->answer.value == it->answer.value) { /* not NAN */
			snprintf(num, sizeof num, "%.15g", it->answer.value);
			hint_leaks(l, it, num, false, true, d);
		}
		return;
	case PT_KIND_MATCH:
	case PT_KIND_ORDER:
		return;
	}
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
	if (it->kind != PT_KIND_CHOICE || key < 0 || it->n_options < 2)
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
	if (!it->shuffle || (it->kind != PT_KIND_CHOICE && it->kind != PT_KIND_MULTI))
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
		if (*s >= 'A' && *s <= 'G' && !word_char(s[1])) { /* what precedes is a separator or nothing */
			letters++;
			s++;
		} else if (strncmp(s, "and", 3) == 0 && !word_char(s[3])) {
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
	bool shuffled = it->kind == PT_KIND_ORDER || (it->shuffle && (it->kind == PT_KIND_CHOICE ||
	    it->kind == PT_KIND_MULTI || it->kind == PT_KIND_MATCH || (it->kind == PT_KIND_FILL && it->bank.n > 0)));
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
		if (it->kind == PT_KIND_CHOICE && single_key(it) >= 0 && it->n_options >= 2)
			choice++;
		longest += key_longest(l, it, d);
		above_options(l, it, d);
		solution_letters(l, it, d);
		item_hint_leaks(l, it, d);
	}
	if (choice >= LINT_MIN_CHOICE && longest * 2 > choice)
		diags_add(d, l->path, l->items_pos, PT_WARNING,
		    "in %zu of this lesson's %zu choice items the correct option is the longest, so length gives "
		    "answers away; make a wrong option the longest in some of them", longest, choice);
}

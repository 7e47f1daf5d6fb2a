/* validate.c - cross-field rules and authoring lint for lessons. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/placeholder.h"
#include "paratutor/text.h"
#include "paratutor/validate.h"

#define CODE_MAX_WIDTH 76 /* an 80-column screen less the code margin */

bool validate_utf8(const char *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		uint64_t word;
		if (i + 8 <= len && (memcpy(&word, s + i, 8), (word & 0x8080808080808080ULL) == 0)) {
			i += 8; /* eight ASCII bytes need no decoding */
			continue;
		}
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		size_t at = i;
		unsigned cp = text_decode(s, len, &i);
		if (cp == 0xFFFD && !(i - at == 3 && memcmp(s + at, "\xEF\xBF\xBD", 3) == 0))
			return false;
	}
	return true;
}

/* Reports a fill item's placeholders against its blanks; with d NULL
 * only judges them.  Returns true when they are exactly {{1}}..{{N}}
 * for N blanks, each once. */
static bool placeholders(const char *file, const pt_item *it, pt_code_locator where, void *ctx, pt_diags *d)
{
	size_t n = it->n_blanks, total = 0, bad = 0;
	size_t first[PT_MAX_BLANKS]; /* offset of each blank's first placeholder, + 1 */
	memset(first, 0, sizeof first);
	bool ok = true;
	pt_ph_iter iter;
	pt_ph_token tok;
	ph_begin(&iter, it->code.s);
	while (ph_next(&iter, &tok)) {
		if (tok.kind == PT_PH_TEXT)
			continue;
		size_t at = (size_t)(tok.start - it->code.s);
		total++;
		ok = ok && tok.kind == PT_PH_BLANK && (size_t)tok.blank < n && first[tok.blank] == 0;
		if (d == NULL) {
			if (!ok)
				return false;
		} else if (tok.kind == PT_PH_BAD) {
			bad++;
			diags_add(d, file, where(ctx, at), PT_ERROR,
			    "placeholder %.*s is not a blank: write blanks as {{1}} to {{9}}, "
			    "without spaces or leading zeros", (int)tok.len, tok.start);
		} else if ((size_t)tok.blank >= n) {
			diags_add(d, file, where(ctx, at), PT_ERROR, "placeholder {{%d}} has no blank (%zu blank%s given)",
			    tok.blank + 1, n, n == 1 ? "" : "s");
		} else if (first[tok.blank] != 0) {
			pt_pos was = where(ctx, first[tok.blank] - 1);
			diags_add(d, file, where(ctx, at), PT_ERROR,
			    "placeholder {{%d}} appears more than once in code (first at line %d, column %d)",
			    tok.blank + 1, was.line, was.col);
		}
		if (tok.kind == PT_PH_BLANK && first[tok.blank] == 0)
			first[tok.blank] = at + 1;
	}
	/* A bad placeholder is a blank written wrongly: the blank it stands
	 * for is not missing as well. */
	if (total == 0 || bad > 0) {
		if (d != NULL && total == 0)
			diags_add(d, file, it->code.pos, PT_ERROR,
			    "code has no placeholders; write blanks as {{1}}, {{2}}, ...");
		return false;
	}
	for (size_t k = 0; k < n && k < PT_MAX_BLANKS; k++) {
		if (first[k] != 0)
			continue;
		ok = false;
		if (d != NULL)
			diags_add(d, file, it->code.pos, PT_ERROR,
			    "placeholder {{%zu}} is missing from code (%zu blank%s given)", k + 1, n, n == 1 ? "" : "s");
	}
	return ok && n <= PT_MAX_BLANKS;
}

void validate_placeholders(const char *file, const pt_item *item, pt_code_locator where, void *ctx,
    pt_diags *diags)
{
	if (item->kind == PT_KIND_FILL && item->code.s != NULL)
		placeholders(file, item, where, ctx, diags);
}

bool validate_placeholders_ok(const pt_item *item)
{
	return item->kind == PT_KIND_FILL && item->code.s != NULL && placeholders(NULL, item, NULL, NULL, NULL);
}

/* Returns the index of the bank option nearest to word, when one is near
 * enough to be a slip of the keyboard, else -1. */
static int nearest_in_bank(const pt_item *it, const char *word)
{
	int best = -1, best_d = 3;
	for (size_t i = 0; i < it->bank.n; i++) {
		int dist = text_distance(it->bank.v[i].s, word);
		if (dist < best_d) {
			best_d = dist;
			best = (int)i;
		}
	}
	return best;
}

/* Reports text, an accepted answer (answer set) or a feedback key of
 * blank b, when it is not in the bank, with the option it was probably
 * meant to name; marks that option in *meant. */
static void check_in_bank(const pt_lesson *l, const pt_item *it, size_t b, const pt_text *text, bool answer,
    uint64_t *meant, pt_diags *d)
{
	if (lesson_bank_find(it, text->s) >= 0)
		return;
	char where[64];
	snprintf(where, sizeof where, answer ? "blank %zu accepts" : "feedback for", b + 1);
	char tail[32] = "";
	if (!answer)
		snprintf(tail, sizeof tail, " in blank %zu", b + 1);
	int near = nearest_in_bank(it, text->s);
	if (near < 0) {
		diags_add(d, l->path, text->pos, PT_ERROR, "%s \"%s\"%s, which is not in the bank", where, text->s, tail);
		return;
	}
	if (near < 64)
		*meant |= (uint64_t)1 << near;
	diags_add(d, l->path, text->pos, PT_ERROR, "%s \"%s\"%s, which is not in the bank; did you mean \"%s\"?",
	    where, text->s, tail, it->bank.v[near].s);
}

/* Returns true when needle occurs in hay as a whole word. */
static bool contains_word(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	if (n == 0)
		return false;
	for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle)) {
		bool left = p == hay || !isalnum((unsigned char)p[-1]);
		bool right = !isalnum((unsigned char)p[n]);
		bool word_edges = isalnum((unsigned char)needle[0]) || isalnum((unsigned char)needle[n - 1]);
		if (!word_edges || (left && right))
			return true;
	}
	return false;
}

/* Warns about hints that contain an answer verbatim. */
static void check_hint_leaks(const pt_lesson *l, const pt_item *it, const char *answer, pt_diags *d)
{
	if (answer == NULL || strlen(answer) < 3)
		return;
	for (size_t h = 0; h < it->hints.n; h++)
		if (contains_word(it->hints.v[h].s, answer))
			diags_add(d, l->path, it->hints.v[h].pos, PT_WARNING,
			    "hint %zu gives the answer \"%s\" away verbatim", h + 1, answer);
}

/* Checks a fill item's bank, blanks and code. */
static void check_fill(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	if (it->code.s == NULL || it->bank.v == NULL || it->blanks == NULL)
		return;
	if (it->n_blanks == 0)
		diags_add(d, l->path, it->blanks_pos, PT_ERROR, "a fill item needs at least one blank");
	if (it->n_blanks > PT_MAX_BLANKS)
		diags_add(d, l->path, it->blanks_pos, PT_ERROR,
		    "%zu blanks; at most %d can be numbered on screen", it->n_blanks, PT_MAX_BLANKS);
	if (it->bank.n > PT_MAX_OPTIONS)
		diags_add(d, l->path, it->bank.pos, PT_ERROR,
		    "%zu options in the bank; at most %d can be labelled (A-G)", it->bank.n, PT_MAX_OPTIONS);
	else if (it->bank.n < 2)
		diags_add(d, l->path, it->bank.pos, PT_ERROR, "the bank needs at least 2 options");
	else if (it->bank.n < 3)
		diags_add(d, l->path, it->bank.pos, PT_WARNING,
		    "the bank has only %zu options; give each blank at least 3 to choose from", it->bank.n);
	for (size_t i = 0; i < it->bank.n; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(it->bank.v[i].s, it->bank.v[j].s) == 0)
				diags_add(d, l->path, it->bank.v[i].pos, PT_ERROR,
				    "bank option \"%s\" is listed twice", it->bank.v[i].s);

	for (size_t b = 0; b < it->n_blanks; b++) {
		const pt_blank *blank = &it->blanks[b];
		if (blank->accept.v == NULL)
			continue;
		if (blank->accept.n == 0)
			diags_add(d, l->path, blank->accept.pos, PT_ERROR,
			    "blank %zu accepts nothing; name at least one bank option", b + 1);
		/* Bank options a misspelt answer or key was meant to name: their
		 * missing feedback is a knock-on of the misspelling. */
		uint64_t meant = 0;
		for (size_t a = 0; a < blank->accept.n; a++) {
			check_in_bank(l, it, b, &blank->accept.v[a], true, &meant, d);
			check_hint_leaks(l, it, blank->accept.v[a].s, d);
		}
		for (size_t f = 0; f < blank->n_feedback; f++) {
			const pt_feedback *fb = &blank->feedback[f];
			int opt = lesson_bank_find(it, fb->option.s);
			if (opt < 0)
				check_in_bank(l, it, b, &fb->option, false, &meant, d);
			else if (lesson_blank_accepts(it, b, (size_t)opt))
				diags_add(d, l->path, fb->option.pos, PT_WARNING,
				    "feedback for \"%s\" in blank %zu is never shown: it is an accepted answer", fb->option.s, b + 1);
		}
		char missing[512] = "";
		size_t n_missing = 0;
		for (size_t o = 0; o < it->bank.n; o++) {
			if (lesson_blank_accepts(it, b, o) || lesson_blank_feedback(it, b, o) != NULL ||
			    (o < 64 && (meant >> o) & 1))
				continue;
			size_t used = strlen(missing);
			snprintf(missing + used, sizeof missing - used, "%s\"%s\"", n_missing ? ", " : "", it->bank.v[o].s);
			n_missing++;
		}
		if (n_missing > 0)
			diags_add(d, l->path, blank->pos, PT_WARNING,
			    "blank %zu has no feedback for the wrong option%s %s", b + 1, n_missing > 1 ? "s" : "", missing);
	}

	const char *code = it->code.s;
	for (int line = 1; *code != '\0'; line++) {
		size_t n = strcspn(code, "\n");
		int w = text_width(code, n);
		if (w > CODE_MAX_WIDTH)
			diags_add(d, l->path, it->code.pos, PT_WARNING,
			    "code line %d is %d columns wide; keep it within %d to fit an 80-column screen", line, w, CODE_MAX_WIDTH);
		code += n + (code[n] == '\n');
	}
}

/* Checks a choice or multi item's options. */
static void check_options(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	if (it->options == NULL)
		return;
	if (it->n_options > PT_MAX_OPTIONS)
		diags_add(d, l->path, it->options_pos, PT_ERROR,
		    "%zu options; at most %d can be labelled (A-G)", it->n_options, PT_MAX_OPTIONS);
	else if (it->n_options < 2)
		diags_add(d, l->path, it->options_pos, PT_ERROR, "at least 2 options are needed");
	size_t correct = lesson_correct_count(it);
	if (it->kind == PT_KIND_CHOICE && correct != 1)
		diags_add(d, l->path, it->options_pos, PT_ERROR,
		    "a choice item needs exactly one correct option, found %zu%s", correct,
		    correct > 1 ? " (use kind \"multi\" for select-all)" : "");
	if (it->kind == PT_KIND_MULTI && correct == 0)
		diags_add(d, l->path, it->options_pos, PT_ERROR, "a multi item needs at least one correct option");
	for (size_t i = 0; i < it->n_options; i++) {
		const pt_option *o = &it->options[i];
		if (o->text.s == NULL)
			continue;
		for (size_t j = 0; j < i; j++)
			if (it->options[j].text.s && strcmp(it->options[j].text.s, o->text.s) == 0)
				diags_add(d, l->path, o->text.pos, PT_ERROR,
				    "option %c repeats option %c", lesson_option_label(i), lesson_option_label(j));
		if (o->feedback.s == NULL && (!o->correct || it->kind == PT_KIND_MULTI))
			diags_add(d, l->path, o->pos, PT_WARNING, o->correct
			    ? "option %c has no feedback for a learner who misses it"
			    : "wrong option %c has no feedback saying what choosing it reveals",
			    lesson_option_label(i));
		if (o->correct)
			check_hint_leaks(l, it, o->text.s, d);
	}
}

/* Checks one item. */
static void check_item(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	if (it->attempts < 1)
		diags_add(d, l->path, it->attempts_pos, PT_ERROR,
		    "attempts is %d; an item needs at least 1 attempt", it->attempts);
	if (it->hints.n == 0)
		diags_add(d, l->path, it->pos, PT_WARNING, "item \"%s\" has no hint", it->id.s ? it->id.s : "?");
	if (it->explanation.s == NULL)
		diags_add(d, l->path, it->pos, PT_WARNING, "item \"%s\" has no explanation", it->id.s ? it->id.s : "?");
	if (it->kind == PT_KIND_FILL)
		check_fill(l, it, d);
	else
		check_options(l, it, d);
}

/* Returns true when an id uses only the allowed characters. */
static bool id_ok(const char *id)
{
	if (!islower((unsigned char)id[0]) && !isdigit((unsigned char)id[0]))
		return false;
	for (const char *p = id; *p; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && !strchr("-_.", *p))
			return false;
	return true;
}

/* Returns the FNV-1a hash of s. */
static size_t hash_id(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Reports items whose id an earlier item already uses, in linear time. */
static void check_duplicate_ids(const pt_lesson *l, pt_diags *d)
{
	size_t cap = 16;
	while (cap < l->n_items * 2)
		cap *= 2;
	size_t *slots = calloc(cap, sizeof *slots); /* item index + 1; 0 is free */
	if (slots == NULL)
		return;
	for (size_t i = 0; i < l->n_items; i++) {
		const pt_text *id = &l->items[i].id;
		if (id->s == NULL)
			continue;
		for (size_t k = hash_id(id->s) & (cap - 1);; k = (k + 1) & (cap - 1)) {
			if (slots[k] == 0) {
				slots[k] = i + 1;
				break;
			}
			const pt_text *first = &l->items[slots[k] - 1].id;
			if (strcmp(first->s, id->s) == 0) {
				diags_add(d, l->path, id->pos, PT_ERROR,
				    "duplicate item id \"%s\" (first used at line %d)", id->s, first->pos.line);
				break;
			}
		}
	}
	free(slots);
}

void validate_lesson(const pt_lesson *l, pt_diags *d)
{
	if (l->id.s != NULL && !id_ok(l->id.s))
		diags_add(d, l->path, l->id.pos, PT_ERROR,
		    "lesson id \"%s\" may use only lowercase letters, digits, '-', '_' and '.'", l->id.s);
	if (l->attempts < 1)
		diags_add(d, l->path, l->attempts_pos, PT_ERROR,
		    "attempts is %d; lessons need at least 1 attempt per item", l->attempts);
	if (l->items != NULL && l->n_items == 0)
		diags_add(d, l->path, l->items_pos, PT_ERROR, "the lesson has no items");
	check_duplicate_ids(l, d);
	for (size_t i = 0; i < l->n_items; i++) {
		const pt_item *it = &l->items[i];
		if (it->id.s != NULL && !id_ok(it->id.s))
			diags_add(d, l->path, it->id.pos, PT_ERROR,
			    "item id \"%s\" may use only lowercase letters, digits, '-', '_' and '.'", it->id.s);
		check_item(l, it, d);
	}
}

char *validate_fill_answers(const pt_item *item)
{
	if (item->kind != PT_KIND_FILL || item->code.s == NULL)
		return NULL;
	size_t cap = strlen(item->code.s) + 1;
	for (size_t b = 0; b < item->n_blanks; b++)
		if (item->blanks[b].accept.n > 0)
			cap += strlen(item->blanks[b].accept.v[0].s);
	char *out = malloc(cap);
	if (out == NULL)
		return NULL;
	size_t o = 0;
	pt_ph_iter iter;
	pt_ph_token tok;
	ph_begin(&iter, item->code.s);
	while (ph_next(&iter, &tok)) {
		const char *s = tok.start;
		size_t n = tok.len;
		if (tok.kind == PT_PH_BLANK && (size_t)tok.blank < item->n_blanks &&
		    item->blanks[tok.blank].accept.n > 0) {
			s = item->blanks[tok.blank].accept.v[0].s;
			n = strlen(s);
		}
		memcpy(out + o, s, n);
		o += n;
	}
	out[o] = '\0';
	return out;
}

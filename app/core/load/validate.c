/* validate.c - cross-field rules and authoring lint for lessons. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/load/convert_kinds.h"
#include "paratutor/model/grade_typed.h"
#include "paratutor/load/lint.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/model/placeholder.h"
#include "paratutor/base/text.h"
#include "paratutor/load/validate.h"

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
	if (item->code.s != NULL) /* only a fill item has code */
		placeholders(file, item, where, ctx, diags);
}

bool validate_placeholders_ok(const pt_item *item)
{
	return item->code.s != NULL && placeholders(NULL, item, NULL, NULL, NULL);
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

/* What the messages about a fill item's blanks or a match item's pairs
 * call them, their bank and their right answers. */
typedef struct slot_words {
	const char *slot;        /* "blank", "pair" */
	const char *not_in_bank; /* "is not in the bank" */
	const char *right;       /* "an accepted answer" */
	const char *option;      /* "option": a bank entry */
} slot_words;

static const slot_words fill_words = { "blank", "is not in the bank", "an accepted answer", "option" };
static const slot_words match_words = { "pair", "is not one of the right-hand answers", "this pair's answer",
	"answer" };

/* Reports text, an accepted answer (answer set) or a feedback key of
 * blank or pair b, when it is not in the bank, with the option it was
 * probably meant to name; marks that option in *meant. */
static void check_in_bank(const pt_lesson *l, const pt_item *it, const slot_words *w, size_t b, const pt_text *text,
    bool answer, uint64_t *meant, pt_diags *d)
{
	if (lesson_bank_find(it, text->s) >= 0)
		return;
	char where[64];
	snprintf(where, sizeof where, answer ? "blank %zu accepts" : "feedback for", b + 1);
	char tail[32] = "";
	if (!answer)
		snprintf(tail, sizeof tail, " in %s %zu", w->slot, b + 1);
	const char *bank = w->not_in_bank;
	int near = nearest_in_bank(it, text->s);
	if (near < 0) {
		diags_add(d, l->path, text->pos, PT_ERROR, "%s \"%s\"%s, which %s", where, text->s, tail, bank);
		return;
	}
	if (near < 64)
		*meant |= (uint64_t)1 << near;
	diags_add(d, l->path, text->pos, PT_ERROR, "%s \"%s\"%s, which %s; did you mean \"%s\"?",
	    where, text->s, tail, bank, it->bank.v[near].s);
}

/* Checks blank or match pair b: its answers and feedback keys against the
 * bank, and feedback for every wrong option. */
static void check_blank(const pt_lesson *l, const pt_item *it, const slot_words *w, size_t b, pt_diags *d)
{
	const pt_blank *blank = &it->blanks[b];
	const char *slot = w->slot;
	if (blank->accept.v == NULL)
		return;
	if (blank->accept.n == 0)
		diags_add(d, l->path, blank->accept.pos, PT_ERROR,
		    "blank %zu accepts nothing; name at least one bank option", b + 1);
	/* Bank options a misspelt answer or key was meant to name: their
	 * missing feedback is a knock-on of the misspelling. */
	uint64_t meant = 0;
	for (size_t a = 0; a < blank->accept.n; a++)
		check_in_bank(l, it, w, b, &blank->accept.v[a], true, &meant, d);
	for (size_t f = 0; f < blank->n_feedback; f++) {
		const pt_feedback *fb = &blank->feedback[f];
		int opt = lesson_bank_find(it, fb->option.s);
		if (opt < 0)
			check_in_bank(l, it, w, b, &fb->option, false, &meant, d);
		else if (lesson_blank_accepts(it, b, (size_t)opt))
			diags_add(d, l->path, fb->option.pos, PT_WARNING,
			    "feedback for \"%s\" in %s %zu is never shown: it is %s", fb->option.s, slot, b + 1, w->right);
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
		diags_add(d, l->path, blank->pos, PT_WARNING, "%s %zu has no feedback for the wrong %s%s %s", slot, b + 1,
		    w->option, n_missing > 1 ? "s" : "", missing);
}

/* Checks a fill item's bank, blanks and code. */
void validate_fill(const pt_lesson *l, const pt_item *it, pt_diags *d)
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

	for (size_t b = 0; b < it->n_blanks; b++)
		check_blank(l, it, &fill_words, b, d);

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

/* Checks a choice item's options or, multi set, a multi item's. */
static void check_options(const pt_lesson *l, const pt_item *it, bool multi, pt_diags *d)
{
	if (it->options == NULL)
		return;
	if (it->n_options > PT_MAX_OPTIONS)
		diags_add(d, l->path, it->options_pos, PT_ERROR,
		    "%zu options; at most %d can be labelled (A-G)", it->n_options, PT_MAX_OPTIONS);
	else if (it->n_options < 2)
		diags_add(d, l->path, it->options_pos, PT_ERROR, "at least 2 options are needed");
	size_t correct = lesson_correct_count(it);
	if (!multi && correct != 1)
		diags_add(d, l->path, it->options_pos, PT_ERROR,
		    "a choice item needs exactly one correct option, found %zu%s", correct,
		    correct > 1 ? " (use kind \"multi\" for select-all)" : "");
	if (multi && correct == 0)
		diags_add(d, l->path, it->options_pos, PT_ERROR, "a multi item needs at least one correct option");
	for (size_t i = 0; i < it->n_options; i++) {
		const pt_option *o = &it->options[i];
		if (o->text.s == NULL)
			continue;
		for (size_t j = 0; j < i; j++)
			if (it->options[j].text.s && strcmp(it->options[j].text.s, o->text.s) == 0)
				diags_add(d, l->path, o->text.pos, PT_ERROR,
				    "option %c repeats option %c", lesson_option_label(i), lesson_option_label(j));
		if (o->feedback.s == NULL && (!o->correct || multi))
			diags_add(d, l->path, o->pos, PT_WARNING, o->correct
			    ? "option %c has no feedback for a learner who misses it"
			    : "wrong option %c has no feedback saying what choosing it reveals",
			    lesson_option_label(i));
	}
}

/* Checks that a multi item's "choose" agrees with its correct options. */
static void check_choose(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	size_t correct = lesson_correct_count(it);
	if (it->choose_pos.line == 0 || correct == 0)
		return;
	if (it->choose < 0 || (size_t)it->choose != correct)
		diags_add(d, l->path, it->choose_pos, PT_ERROR,
		    "\"choose\" is %d, but %zu option%s marked correct; make them agree", it->choose, correct,
		    correct == 1 ? " is" : "s are");
}

void validate_choice(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	check_options(l, it, false, d);
}

void validate_multi(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	check_options(l, it, true, d);
	check_choose(l, it, d);
}

/* Writes a range for messages as the file writes it ("16", "20 ± 2",
 * "1 to 5"), else resolved ("16", "20 to 24"). */
static void range_words(const pt_range *r, char *buf, size_t size)
{
	if (r->written != NULL)
		snprintf(buf, size, "%s", r->written);
	else if (r->min == r->max)
		snprintf(buf, size, "%g", r->min);
	else
		snprintf(buf, size, "%g to %g", r->min, r->max);
}

/* Checks a numeric item's wrong values against its answer. */
void validate_numeric(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	const pt_range *a = &it->answer;
	if (isnan(a->min))
		return;
	char answer[64], wrong[64];
	range_words(a, answer, sizeof answer);
	for (size_t i = 0; i < it->n_wrong; i++) {
		const pt_range *w = &it->wrong[i];
		if (isnan(w->min) || w->min > a->max || w->max < a->min)
			continue;
		range_words(w, wrong, sizeof wrong);
		diags_add(d, l->path, w->pos, PT_WARNING,
		    "wrong value %s overlaps the answer %s; values in both are graded right and never get this "
		    "feedback, so narrow the wrong range", wrong, answer);
	}
}

/* Returns true when a and b are the same answer once normalised for the
 * item (spaces, and case unless it is case sensitive). */
static bool same_answer(const pt_item *it, const char *a, const char *b)
{
	char na[PT_MAX_TYPED], nb[PT_MAX_TYPED];
	grade_normalise(it, a, na, sizeof na);
	grade_normalise(it, b, nb, sizeof nb);
	return strcmp(na, nb) == 0;
}

/* Checks a text item's accepted and wrong answers. */
void validate_text(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	const char *folded = it->case_sensitive ? "spaces" : "spaces and case";
	if (it->accept.v != NULL && it->accept.n == 0)
		diags_add(d, l->path, it->accept.pos, PT_ERROR, "a text item needs at least one accepted answer");
	for (size_t i = 0; i < it->accept.n; i++) {
		const pt_text *t = &it->accept.v[i];
		if (strlen(t->s) > PT_MAX_TYPED - 1)
			diags_add(d, l->path, t->pos, PT_ERROR,
			    "accepted answer %zu is longer than the %d bytes a learner can type; shorten it", i + 1,
			    PT_MAX_TYPED - 1);
		for (size_t j = 0; j < i; j++)
			if (same_answer(it, t->s, it->accept.v[j].s)) {
				diags_add(d, l->path, t->pos, PT_WARNING,
				    "accepted answer \"%s\" is the same as \"%s\" once %s are folded; remove one", t->s,
				    it->accept.v[j].s, folded);
				break;
			}
	}
	for (size_t i = 0; i < it->n_wrong_answers; i++) {
		const pt_text *w = &it->wrong_answers[i].option;
		bool reported = false;
		for (size_t j = 0; j < it->accept.n && !reported; j++)
			if (same_answer(it, w->s, it->accept.v[j].s)) {
				diags_add(d, l->path, w->pos, PT_ERROR,
				    "wrong answer \"%s\" is also accepted (\"%s\") once %s are folded; remove it from one list",
				    w->s, it->accept.v[j].s, folded);
				reported = true;
			}
		for (size_t j = 0; j < i && !reported; j++)
			if (same_answer(it, w->s, it->wrong_answers[j].option.s)) {
				diags_add(d, l->path, w->pos, PT_ERROR,
				    "wrong answer \"%s\" is listed twice (first at line %d); keep one", w->s,
				    it->wrong_answers[j].option.pos.line);
				reported = true;
			}
	}
}

/* Checks a match item's pairs, right-hand answers and feedback. */
void validate_match(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	if (it->blanks == NULL)
		return;
	size_t n = it->n_blanks;
	bool fits = n >= 2 && n <= PT_MAX_OPTIONS && n + it->distractors.n >= 3 &&
	    n + it->distractors.n <= PT_MAX_OPTIONS;
	if (n < 2 || n > PT_MAX_OPTIONS)
		diags_add(d, l->path, it->blanks_pos, PT_ERROR,
		    "%zu pair%s; a match item needs 2 to %d (they are numbered 1-%d)", n, n == 1 ? "" : "s",
		    PT_MAX_OPTIONS, PT_MAX_OPTIONS);
	size_t answers = n + it->distractors.n;
	pt_pos at = it->distractors.v != NULL ? it->distractors.pos : it->blanks_pos;
	if (answers > PT_MAX_OPTIONS)
		diags_add(d, l->path, at, PT_ERROR,
		    "%zu right-hand answers (pairs and distractors); at most %d can be labelled (A-G)", answers,
		    PT_MAX_OPTIONS);
	else if (answers < 3 && n >= 2)
		diags_add(d, l->path, at, PT_ERROR,
		    "only %zu right-hand answers; give 3 to %d by adding \"distractors\", answers that fit none of "
		    "the pairs", answers, PT_MAX_OPTIONS);
	bool unique = true;
	for (size_t i = 0; i < n; i++) {
		const pt_text *left = &it->lefts[i], *right = it->blanks[i].accept.v;
		for (size_t j = 0; j < i; j++) {
			if (left->s != NULL && it->lefts[j].s != NULL && strcmp(left->s, it->lefts[j].s) == 0)
				diags_add(d, l->path, left->pos, PT_ERROR,
				    "pair %zu's left prompt repeats pair %zu's; each prompt must differ", i + 1, j + 1);
			const pt_text *other = it->blanks[j].accept.v;
			if (it->blanks[i].accept.n == 1 && it->blanks[j].accept.n == 1 &&
			    strcmp(right->s, other->s) == 0) {
				diags_add(d, l->path, right->pos, PT_ERROR,
				    "pair %zu's answer \"%s\" is pair %zu's too; each pair needs its own right-hand answer",
				    i + 1, right->s, j + 1);
				unique = false;
			}
		}
	}
	for (size_t k = 0; k < it->distractors.n; k++) {
		const pt_text *t = &it->distractors.v[k];
		bool twice = false;
		for (size_t i = 0; i < n && !twice; i++)
			if (it->blanks[i].accept.n == 1 && strcmp(t->s, it->blanks[i].accept.v[0].s) == 0) {
				diags_add(d, l->path, t->pos, PT_ERROR,
				    "distractor \"%s\" is pair %zu's answer; a distractor must fit none of the pairs", t->s, i + 1);
				twice = true;
			}
		for (size_t j = 0; j < k && !twice; j++)
			if (strcmp(t->s, it->distractors.v[j].s) == 0) {
				diags_add(d, l->path, t->pos, PT_ERROR, "distractor \"%s\" is listed twice; keep one", t->s);
				twice = true;
			}
		unique = unique && !twice;
	}
	if (!unique || !fits)
		return; /* feedback is judged once the answers are right in number and distinct */
	for (size_t b = 0; b < n; b++)
		check_blank(l, it, &match_words, b, d);
}

/* Checks an order item's steps. */
void validate_order(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	if (it->steps.v == NULL)
		return;
	size_t n = it->steps.n;
	if (n < 3 || n > PT_MAX_OPTIONS)
		diags_add(d, l->path, it->steps.pos, PT_ERROR,
		    "%zu step%s; an order item needs 3 to %d (they are labelled A-G)", n, n == 1 ? "" : "s",
		    PT_MAX_OPTIONS);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(it->steps.v[i].s, it->steps.v[j].s) == 0) {
				diags_add(d, l->path, it->steps.v[i].pos, PT_ERROR,
				    "step %zu repeats step %zu; each step needs its own text", i + 1, j + 1);
				break;
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
	const pt_load_kind *k = load_kind(it->kind);
	if (k->validate != NULL)
		k->validate(l, it, d);
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
	if (l->id.s != NULL && !lesson_id_ok(l->id.s))
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
		if (it->id.s != NULL && !lesson_id_ok(it->id.s))
			diags_add(d, l->path, it->id.pos, PT_ERROR,
			    "item id \"%s\" may use only lowercase letters, digits, '-', '_' and '.'", it->id.s);
		check_item(l, it, d);
	}
	lint_lesson(l, d);
	lint_rules(l, d);
	lint_giveaways(l, d);
}

/* The text a blank's token stands for when the code is filled in with
 * each blank's first accepted answer; other tokens stand for themselves. */
static void fill_token(const pt_item *item, const pt_ph_token *tok, const char **s, size_t *n)
{
	*s = tok->start;
	*n = tok->len;
	if (tok->kind == PT_PH_BLANK && (size_t)tok->blank < item->n_blanks &&
	    item->blanks[tok->blank].accept.n > 0) {
		*s = item->blanks[tok->blank].accept.v[0].s;
		*n = strlen(*s);
	}
}

char *validate_fill_answers(const pt_item *item)
{
	if (item->code.s == NULL) /* only a fill item has code */
		return NULL;
	/* A blank may appear more than once, so size the result by walking
	 * the same tokens that fill it. */
	pt_ph_iter iter;
	pt_ph_token tok;
	const char *s;
	size_t n, cap = 1;
	ph_begin(&iter, item->code.s);
	while (ph_next(&iter, &tok)) {
		fill_token(item, &tok, &s, &n);
		cap += n;
	}
	char *out = malloc(cap);
	if (out == NULL)
		return NULL;
	size_t o = 0;
	ph_begin(&iter, item->code.s);
	while (ph_next(&iter, &tok)) {
		fill_token(item, &tok, &s, &n);
		memcpy(out + o, s, n);
		o += n;
	}
	out[o] = '\0';
	return out;
}

/* convert_kinds.c - reading the format-2 kinds into the lesson model.
 *
 * Numeric ranges are resolved to an inclusive interval here; a range
 * that cannot be resolved is reported once and kept as NAN, so the
 * validator's later checks pass over it instead of adding knock-on
 * errors. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "paratutor/load/convert_kinds.h"
#include "paratutor/base/sanitise.h"
#include "paratutor/load/validate.h"

/* Returns the absolute value of x. */
static double magnitude(double x)
{
	return x < 0 ? -x : x;
}

/* Returns the member of f that comes first in the file among fields a
 * and b (either may be missing). */
static const cJSON *first_of(const pt_fields *f, pt_field a, pt_field b)
{
	if (f->v[a] == NULL)
		return f->v[b];
	if (f->v[b] == NULL)
		return f->v[a];
	return f->v[a]->valueint <= f->v[b]->valueint ? f->v[a] : f->v[b];
}

/* Reads a range object (the answer, or a wrong value with feedback) into
 * r, resolving value/tolerance/relative or min/max to an interval. */
static void load_range(pt_loader *ld, const cJSON *obj, bool wrong, pt_range *r)
{
	r->pos = field_pos(ld, obj);
	r->min = r->max = r->value = NAN;
	const char *what = wrong ? "a wrong value" : "the answer";
	char num[64], num2[64], words[160];
	if (cJSON_IsNumber(obj)) {
		diags_add(ld->diags, ld->name, r->pos, PT_ERROR,
		    "\"%s\" must be an object, not a number: write { \"value\": %s%s } (with \"tolerance\" or "
		    "\"relative\" for a range)", wrong ? "wrong[]" : "answer", field_number_text(ld, obj, num, sizeof num),
		    wrong ? ", \"feedback\": \"...\"" : "");
		return;
	}
	if (!cJSON_IsObject(obj)) {
		field_wrong_type(ld, obj, wrong ? "wrong[]" : "answer", "an object");
		return;
	}
	unsigned long long allowed = wrong ? WRONG_RANGE_FIELDS : RANGE_FIELDS;
	pt_fields f;
	field_scan(obj, allowed, &f);
	field_check_names(ld, &f, what, allowed);
	if (wrong)
		field_text(ld, &f, F_FEEDBACK, what, true, &r->feedback);
	const cJSON *bound = first_of(&f, F_MIN, F_MAX);
	if (f.v[F_VALUE] != NULL && bound != NULL) {
		diags_add(ld->diags, ld->name, field_key_pos(ld, bound), PT_ERROR,
		    "%s gives both \"value\" and \"%s\": use \"value\" (with \"tolerance\" or \"relative\") "
		    "or \"min\" and \"max\", not both", what, bound->string);
		return;
	}
	if (f.v[F_VALUE] == NULL && bound == NULL) {
		diags_add(ld->diags, ld->name, r->pos, PT_ERROR,
		    "%s needs \"value\" (with \"tolerance\" or \"relative\") or \"min\" and \"max\"", what);
		return;
	}
	if (f.v[F_VALUE] == NULL) {
		const cJSON *spread = first_of(&f, F_TOLERANCE, F_RELATIVE);
		if (spread != NULL) {
			diags_add(ld->diags, ld->name, field_key_pos(ld, spread), PT_ERROR,
			    "\"%s\" goes with \"value\"; a \"min\"/\"max\" range needs no tolerance", spread->string);
			return;
		}
		double lo = 0, hi = 0;
		bool ok = field_number(ld, &f, F_MIN, what, true, &lo);
		ok = field_number(ld, &f, F_MAX, what, true, &hi) && ok;
		if (!ok)
			return;
		field_number_text(ld, f.v[F_MIN], num, sizeof num);
		field_number_text(ld, f.v[F_MAX], num2, sizeof num2);
		if (lo > hi) {
			diags_add(ld->diags, ld->name, field_pos(ld, f.v[F_MIN]), PT_ERROR,
			    "\"min\" %s is more than \"max\" %s; swap them", num, num2);
			return;
		}
		r->min = lo;
		r->max = hi;
		r->value = lo + (hi - lo) / 2;
		snprintf(words, sizeof words, "%s to %s", num, num2);
		r->written = field_strdup(ld, words);
		return;
	}
	if (f.v[F_TOLERANCE] != NULL && f.v[F_RELATIVE] != NULL) {
		const cJSON *second = f.v[F_TOLERANCE]->valueint > f.v[F_RELATIVE]->valueint ?
		    f.v[F_TOLERANCE] : f.v[F_RELATIVE];
		diags_add(ld->diags, ld->name, field_key_pos(ld, second), PT_ERROR,
		    "give \"tolerance\" (an absolute amount) or \"relative\" (a fraction of the value), not both");
		return;
	}
	double value = 0, spread = 0;
	if (!field_number(ld, &f, F_VALUE, what, true, &value))
		return;
	pt_field k = f.v[F_RELATIVE] != NULL ? F_RELATIVE : F_TOLERANCE;
	if (f.v[k] != NULL) {
		if (!field_number(ld, &f, k, what, false, &spread))
			return;
		if (spread < 0) {
			diags_add(ld->diags, ld->name, field_pos(ld, f.v[k]), PT_ERROR,
			    "\"%s\" is %s; give 0 or more", field_name(k), field_number_text(ld, f.v[k], num, sizeof num));
			return;
		}
		if (k == F_RELATIVE)
			spread *= magnitude(value);
	}
	r->value = value;
	r->min = value - spread;
	r->max = value + spread;
	field_number_text(ld, f.v[F_VALUE], num, sizeof num);
	if (f.v[k] != NULL && spread > 0)
		snprintf(words, sizeof words, "%s ± %s%s", num, field_number_text(ld, f.v[k], num2, sizeof num2),
		    k == F_RELATIVE ? " of it" : "");
	else
		snprintf(words, sizeof words, "%s", num);
	r->written = field_strdup(ld, words);
}

/* Reads a numeric item's units object. */
static void load_units(pt_loader *ld, const pt_fields *f, pt_item *item)
{
	const cJSON *given = field_get(ld, f, F_UNITS, "a numeric item", false);
	if (cJSON_IsArray(given)) { /* a list of names: say how the object is written */
		diags_add(ld->diags, ld->name, field_pos(ld, given), PT_ERROR,
		    "\"units\" must be an object naming each unit a learner may type with its factor into the answer's unit, "
		    "e.g. { \"GB\": 1, \"MB\": 0.001 }, not an array");
		return;
	}
	const cJSON *units = field_object(ld, f, F_UNITS, "a numeric item", false);
	if (units == NULL)
		return;
	item->units_pos = field_pos(ld, units);
	int count = cJSON_GetArraySize(units);
	if (count > PT_MAX_UNITS) {
		diags_add(ld->diags, ld->name, item->units_pos, PT_ERROR,
		    "the item lists %d units and an item lists at most %d; keep the units a learner would type",
		    count, PT_MAX_UNITS);
		return;
	}
	item->units = field_calloc(ld, (size_t)count + 1, sizeof *item->units);
	if (item->units == NULL)
		return;
	const cJSON *e;
	char num[64];
	cJSON_ArrayForEach(e, units) {
		pt_pos at = field_key_pos(ld, e);
		size_t n = strlen(e->string);
		bool twice = false;
		for (const cJSON *p = units->child; p != e && !twice; p = p->next)
			twice = strcmp(p->string, e->string) == 0;
		if (twice) {
			diags_add(ld->diags, ld->name, at, PT_ERROR, "unit \"%s\" is listed twice", e->string);
			continue;
		}
		if (!validate_utf8(e->string, n)) {
			/* a key is not a text value, so field_take_text never saw it */
			diags_add(ld->diags, ld->name, at, PT_ERROR, "a unit name is not valid UTF-8; save the file as UTF-8");
			continue;
		}
		unsigned cp;
		size_t width;
		if (sanitise_find(e->string, n, &cp, &width) < n) {
			/* a key is not a text value, so field_take_text never saw it */
			char esc[PT_SANITISE_ESCAPE_MAX + 1];
			sanitise_escape(cp, esc);
			diags_add(ld->diags, ld->name, at, PT_ERROR, "a unit name holds %s, a character that a terminal "
			    "obeys or hides instead of showing; remove it", esc);
			continue;
		}
		if (n == 0 || strspn(e->string, " \t") == n) {
			diags_add(ld->diags, ld->name, at, PT_ERROR,
			    "a unit name is empty; write the unit as a learner types it, e.g. \"GB\"");
			continue;
		}
		if (strchr(" \t", e->string[0]) != NULL || strchr(" \t", e->string[n - 1]) != NULL) {
			diags_add(ld->diags, ld->name, at, PT_ERROR,
			    "unit \"%s\" has spaces around it; write it without them", e->string);
			continue;
		}
		if (!cJSON_IsNumber(e)) {
			field_wrong_type(ld, e, e->string, "a number (the unit's factor)");
			continue;
		}
		if (!isfinite(e->valuedouble) || e->valuedouble <= 0) {
			diags_add(ld->diags, ld->name, field_pos(ld, e), PT_ERROR,
			    "unit \"%s\" has factor %s; give the number that converts it into the answer's unit, "
			    "more than 0", e->string, field_number_text(ld, e, num, sizeof num));
			continue;
		}
		pt_unit *u = &item->units[item->n_units++];
		u->name.s = field_strdup(ld, e->string);
		u->name.pos = at;
		u->factor = e->valuedouble;
	}
}

void kinds_load_numeric(pt_loader *ld, const pt_fields *f, pt_item *item)
{
	item->answer.min = item->answer.max = item->answer.value = NAN;
	const cJSON *answer = field_get(ld, f, F_ANSWER, "a numeric item", true);
	if (answer != NULL)
		load_range(ld, answer, false, &item->answer);
	load_units(ld, f, item);
	const cJSON *wrong = field_array(ld, f, F_WRONG, "a numeric item", false);
	if (wrong == NULL)
		return;
	item->wrong = field_calloc(ld, (size_t)cJSON_GetArraySize(wrong) + 1, sizeof *item->wrong);
	if (item->wrong == NULL)
		return;
	const cJSON *w;
	cJSON_ArrayForEach(w, wrong)
		load_range(ld, w, true, &item->wrong[item->n_wrong++]);
}

void kinds_load_text(pt_loader *ld, const pt_fields *f, pt_item *item)
{
	field_text_list(ld, f, F_ACCEPT, "a text item", true, &item->accept);
	field_bool(ld, f, F_CASE_SENSITIVE, "a text item", &item->case_sensitive);
	const cJSON *wrong = field_array(ld, f, F_WRONG, "a text item", false);
	if (wrong == NULL)
		return;
	item->wrong_answers = field_calloc(ld, (size_t)cJSON_GetArraySize(wrong) + 1, sizeof *item->wrong_answers);
	if (item->wrong_answers == NULL)
		return;
	const cJSON *w;
	cJSON_ArrayForEach(w, wrong) {
		if (!cJSON_IsObject(w)) {
			field_wrong_type(ld, w, "wrong[]", "an object");
			continue;
		}
		pt_fields wf;
		field_scan(w, WRONG_ANSWER_FIELDS, &wf);
		field_check_names(ld, &wf, "a wrong answer", WRONG_ANSWER_FIELDS);
		pt_feedback *fb = &item->wrong_answers[item->n_wrong_answers];
		field_text(ld, &wf, F_ANSWER, "a wrong answer", true, &fb->option);
		field_text(ld, &wf, F_FEEDBACK, "a wrong answer", true, &fb->text);
		if (fb->option.s != NULL)
			item->n_wrong_answers++;
	}
}

/* Appends t to the item's bank (room was made for it). */
static void bank_add(pt_item *item, const pt_text *t)
{
	if (t->s != NULL && item->bank.v != NULL)
		item->bank.v[item->bank.n++] = *t;
}

void kinds_load_match(pt_loader *ld, const pt_fields *f, pt_item *item)
{
	field_text_list(ld, f, F_DISTRACTORS, "a match item", false, &item->distractors);
	const cJSON *pairs = field_array(ld, f, F_PAIRS, "a match item", true);
	if (pairs == NULL)
		return;
	size_t n = (size_t)cJSON_GetArraySize(pairs);
	item->blanks_pos = field_pos(ld, pairs);
	item->bank.pos = item->blanks_pos;
	item->lefts = field_calloc(ld, n + 1, sizeof *item->lefts);
	item->blanks = field_calloc(ld, n + 1, sizeof *item->blanks);
	item->bank.v = field_calloc(ld, n + item->distractors.n + 1, sizeof *item->bank.v);
	if (item->lefts == NULL || item->blanks == NULL || item->bank.v == NULL)
		return;
	const cJSON *p;
	cJSON_ArrayForEach(p, pairs) {
		pt_blank *blank = &item->blanks[item->n_blanks];
		pt_text *left = &item->lefts[item->n_lefts];
		blank->pos = field_pos(ld, p);
		blank->accept.pos = blank->pos;
		if (!cJSON_IsObject(p)) {
			field_wrong_type(ld, p, "pairs[]", "an object");
			continue;
		}
		item->n_blanks++;
		item->n_lefts++;
		pt_fields pf;
		field_scan(p, PAIR_FIELDS, &pf);
		field_check_names(ld, &pf, "a pair", PAIR_FIELDS);
		field_text(ld, &pf, F_LEFT, "a pair", true, left);
		left->pos = left->s != NULL ? left->pos : blank->pos;
		blank->accept.v = field_calloc(ld, 1, sizeof *blank->accept.v);
		if (blank->accept.v == NULL)
			return;
		field_text(ld, &pf, F_RIGHT, "a pair", true, &blank->accept.v[0]);
		if (blank->accept.v[0].s != NULL) {
			blank->accept.n = 1;
			blank->accept.pos = blank->accept.v[0].pos;
			bank_add(item, &blank->accept.v[0]);
		}
		const cJSON *fb = field_object(ld, &pf, F_FEEDBACK, "a pair", false);
		if (fb != NULL)
			field_feedback_map(ld, fb, "this pair", &blank->feedback, &blank->n_feedback);
	}
	for (size_t i = 0; i < item->distractors.n; i++)
		bank_add(item, &item->distractors.v[i]);
}

void kinds_load_order(pt_loader *ld, const pt_fields *f, pt_item *item)
{
	const cJSON *steps = field_array(ld, f, F_STEPS, "an order item", true);
	if (steps == NULL)
		return;
	size_t n = (size_t)cJSON_GetArraySize(steps);
	item->steps.pos = field_pos(ld, steps);
	item->bank.pos = item->steps.pos;
	item->steps.v = field_calloc(ld, n + 1, sizeof *item->steps.v);
	item->step_feedback = field_calloc(ld, n + 1, sizeof *item->step_feedback);
	item->bank.v = field_calloc(ld, n + 1, sizeof *item->bank.v);
	if (item->steps.v == NULL || item->step_feedback == NULL || item->bank.v == NULL)
		return;
	const cJSON *s;
	cJSON_ArrayForEach(s, steps) {
		if (!cJSON_IsObject(s)) {
			field_wrong_type(ld, s, "steps[]", "an object with \"text\"");
			continue;
		}
		pt_fields sf;
		field_scan(s, STEP_FIELDS, &sf);
		field_check_names(ld, &sf, "a step", STEP_FIELDS);
		pt_text *text = &item->steps.v[item->steps.n];
		field_text(ld, &sf, F_TEXT, "a step", true, text);
		if (text->s == NULL)
			continue;
		field_text(ld, &sf, F_FEEDBACK, "a step", false, &item->step_feedback[item->steps.n]);
		item->steps.n++;
		bank_add(item, text);
	}
}

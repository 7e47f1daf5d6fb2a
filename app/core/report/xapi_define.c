/* xapi_define.c - the activities of xAPI statements (see xapi.h): a
 * lesson's, and an item's as a cmi.interaction with its name, choices,
 * source and target or steps, and correct-response pattern; an item
 * result's right answer and wrong answers (xapi_parts.h); the strings
 * they and xapi.c's statements build (xapi_format, xapi_add_lang). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/learn/kind.h"
#include "paratutor/base/strbuf.h"
#include "paratutor/report/xapi_parts.h"

/* Returns a new printf-style string, or NULL when out of memory. */
char *xapi_format(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (s != NULL) {
		va_start(ap, fmt);
		vsnprintf(s, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return s;
}

/* Adds {"en": text} under key; false when out of memory. */
bool xapi_add_lang(cJSON *o, const char *key, const char *text)
{
	cJSON *map = cJSON_AddObjectToObject(o, key);
	return map != NULL && cJSON_AddStringToObject(map, "en", text) != NULL;
}

/* Returns a new string: the prompt with runs of white space made one
 * space, cut at a word after about NAME_BYTES bytes with "..." added;
 * NULL when out of memory. */
static char *short_name(const char *prompt)
{
	size_t n = strlen(prompt), o = 0;
	char *out = malloc(n + 4);
	if (out == NULL)
		return NULL;
	bool space = true; /* drops leading white space */
	for (size_t i = 0; i < n; i++) {
		bool white = prompt[i] == ' ' || prompt[i] == '\n' || prompt[i] == '\t' || prompt[i] == '\r';
		if (white && !space)
			out[o++] = ' ';
		else if (!white)
			out[o++] = prompt[i];
		space = white;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	if (o > NAME_BYTES) {
		size_t cut = NAME_BYTES;
		while (cut > NAME_BYTES / 2 && out[cut] != ' ')
			cut--;
		while (cut > 0 && ((unsigned char)out[cut] & 0xC0) == 0x80)
			cut--; /* never inside a character */
		o = cut;
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
	return out;
}

/* Returns a new activity object for the lesson (iri; name its title, or
 * its id when lesson is NULL); NULL when out of memory. */
cJSON *xapi_lesson_activity(const char *iri, const pt_lesson *lesson, const char *id)
{
	cJSON *a = cJSON_CreateObject(), *def;
	const char *name = lesson != NULL && lesson->title.s != NULL ? lesson->title.s : id;
	if (a == NULL || cJSON_AddStringToObject(a, "objectType", "Activity") == NULL ||
	    cJSON_AddStringToObject(a, "id", iri) == NULL || (def = cJSON_AddObjectToObject(a, "definition")) == NULL ||
	    !xapi_add_lang(def, "name", name) || cJSON_AddStringToObject(def, "type", TYPE_LESSON) == NULL) {
		cJSON_Delete(a);
		return NULL;
	}
	return a;
}

/* Returns "%s[,]%s..." of the n texts made by part(item, i, buf) as a new
 * string with sep between them; NULL when out of memory. */
static char *joined(const pt_item *item, size_t n, const char *sep,
    void (*part)(const pt_item *, size_t, char *, size_t))
{
	pt_strbuf b = { 0 };
	char one[64];
	for (size_t i = 0; i < n; i++) {
		part(item, i, one, sizeof one);
		if (i > 0)
			strbuf_put(&b, sep, strlen(sep));
		strbuf_put(&b, one, strlen(one));
	}
	if (b.failed || b.s == NULL) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/* A match pair "sI[.]tK": left I and the bank entry K its blank accepts. */
static void match_part(const pt_item *item, size_t i, char *buf, size_t size)
{
	size_t k = 0;
	while (k < item->bank.n && !lesson_blank_accepts(item, i, k))
		k++;
	snprintf(buf, size, "s%zu[.]t%zu", i + 1, k + 1);
}

/* An order step's id, in the right order. */
static void step_part(const pt_item *item, size_t i, char *buf, size_t size)
{
	(void)item;
	snprintf(buf, size, "step%zu", i + 1);
}

/* The right answer, or (pattern) the correct-response pattern, of a
 * numeric, matching or sequencing item in xAPI's form: a number (its
 * pattern the range "min[:]max"), "s1[.]t2[,]s2[.]t1", "step1[,]step2";
 * NULL for other kinds or when out of memory. */
static char *kinds_answer(const pt_item *item, bool pattern)
{
	if (item->kind == PT_KIND_NUMERIC)
		return pattern ? xapi_format("%.17g[:]%.17g", item->answer.min, item->answer.max)
		               : xapi_format("%.17g", item->answer.value);
	if (!pattern && item->accept.n > 0) /* a text item's answers */
		return strdup(item->accept.v[0].s);
	if (item->n_lefts > 0) /* a match item's pairs */
		return joined(item, item->n_lefts, "[,]", match_part);
	if (item->steps.n > 0) /* an order item's steps */
		return joined(item, item->steps.n, "[,]", step_part);
	return NULL;
}

/* Adds one definition component list (name: "source", "target" or
 * "choices") of n entries, entry i with id(i) and the text text(i);
 * false when out of memory. */
static bool add_components(cJSON *def, const char *name, const char *prefix, const pt_text *texts, size_t n,
    const pt_text_list *list)
{
	cJSON *arr = cJSON_AddArrayToObject(def, name);
	for (size_t i = 0; arr != NULL && i < n; i++) {
		cJSON *c = cJSON_CreateObject();
		char id[32];
		snprintf(id, sizeof id, "%s%zu", prefix, i + 1);
		const char *text = texts != NULL ? texts[i].s : list->v[i].s;
		if (c == NULL || !cJSON_AddItemToArray(arr, c)) {
			cJSON_Delete(c);
			return false;
		}
		if (cJSON_AddStringToObject(c, "id", id) == NULL || !xapi_add_lang(c, "description", text ? text : ""))
			return false;
	}
	return arr != NULL;
}

/* Adds the components a matching (source, target) or sequencing
 * (choices) item's pattern names; false when out of memory. */
static bool add_kind_components(cJSON *def, const pt_item *item)
{
	if (item->kind == PT_KIND_MATCH)
		return add_components(def, "source", "s", item->lefts, item->n_lefts, NULL) &&
		    add_components(def, "target", "t", NULL, item->bank.n, &item->bank);
	if (item->kind == PT_KIND_ORDER)
		return add_components(def, "choices", "step", NULL, item->steps.n, &item->steps);
	return true;
}

/* Adds each accepted answer of a text item as a pattern (a fill-in
 * interaction: any one is right; {case_matters=true} when case counts);
 * false when out of memory. */
static bool add_text_patterns(cJSON *pattern, const pt_item *item)
{
	for (size_t i = 0; i < item->accept.n; i++) {
		char *p = xapi_format("%s%s", item->case_sensitive ? "{case_matters=true}" : "", item->accept.v[i].s);
		cJSON *s = p != NULL ? cJSON_CreateString(p) : NULL;
		free(p);
		if (s == NULL || !cJSON_AddItemToArray(pattern, s)) {
			cJSON_Delete(s);
			return false;
		}
	}
	return true;
}

/* Returns the right answer of a current item in xAPI's response form (the
 * correct choices' ids, or each blank's accepted text, joined by "[,]") as
 * a new string; NULL when it has none this form can give (a blank that
 * accepts several texts) or when out of memory. */
char *xapi_right_answer(const pt_item *item)
{
	size_t longest = 0;
	for (size_t i = 0; i < item->bank.n; i++)
		if (item->bank.v[i].s != NULL && strlen(item->bank.v[i].s) > longest)
			longest = strlen(item->bank.v[i].s);
	/* Each blank's text (blanks may share one) or each choice's id, and a
	 * separator before it. */
	size_t cap = 1 + item->n_blanks * (longest + strlen(RESPONSE_SEP)) + item->n_options * (1 + strlen(RESPONSE_SEP));
	char *out = malloc(cap), *o = out;
	if (out == NULL)
		return NULL;
	*o = '\0';
	bool any = false;
	if (item->kind == PT_KIND_FILL) {
		for (size_t b = 0; b < item->n_blanks; b++) {
			const char *text = NULL;
			size_t accepted = 0;
			for (size_t k = 0; k < item->bank.n; k++)
				if (lesson_blank_accepts(item, b, k)) {
					accepted++;
					text = item->bank.v[k].s;
				}
			if (accepted != 1 || strstr(text, RESPONSE_SEP) != NULL) {
				free(out);
				return NULL;
			}
			o += sprintf(o, "%s%s", any ? RESPONSE_SEP : "", text);
			any = true;
		}
	} else if (kind_shape(item->kind) == PT_SHAPE_PICKS) {
		for (size_t k = 0; k < item->n_options; k++)
			if (item->options[k].correct) {
				o += sprintf(o, "%s%c", any ? RESPONSE_SEP : "", lesson_option_label(k) - 'A' + 'a');
				any = true;
			}
	}
	if (!any) {
		free(out);
		return kinds_answer(item, false);
	}
	return out;
}

/* Returns the xAPI interaction type of an item, as its kind's row names
 * it. */
static const char *interaction_type(const pt_item *item)
{
	return kind_ops(item->kind)->xapi_type;
}

/* Adds the choices of a choice or multi item; false when out of memory. */
static bool add_choices(cJSON *def, const pt_item *item)
{
	cJSON *arr = cJSON_AddArrayToObject(def, "choices");
	bool ok = arr != NULL;
	for (size_t k = 0; ok && k < item->n_options; k++) {
		cJSON *c = cJSON_CreateObject();
		char id[2] = { (char)(lesson_option_label(k) - 'A' + 'a'), '\0' };
		ok = c != NULL && cJSON_AddItemToArray(arr, c);
		if (!ok) {
			cJSON_Delete(c);
			break;
		}
		ok = cJSON_AddStringToObject(c, "id", id) != NULL &&
		    xapi_add_lang(c, "description", item->options[k].text.s ? item->options[k].text.s : "");
	}
	return ok;
}

/* Adds one wrong answer {"answer": text} with its "blank", "pair" or
 * "position" (from 1) when place > 0; false when out of memory. */
static bool add_wrong_answer(cJSON *arr, const pt_item *item, int place, const char *text)
{
	cJSON *w = cJSON_CreateObject();
	if (w == NULL || !cJSON_AddItemToArray(arr, w)) {
		cJSON_Delete(w);
		return false;
	}
	const char *word = kind_ops(item->kind)->slot_word;
	return cJSON_AddStringToObject(w, "answer", text) != NULL &&
	    (place <= 0 || word == NULL || cJSON_AddNumberToObject(w, word, place) != NULL);
}

/* Adds the record's wrong answers (any pass) as the wrong-answers
 * extension of ext, each bank pick of a fill, match or order item with
 * the blank, pair or position it was put in (when the store kept it);
 * nothing when there are none.  False when out of memory. */
bool xapi_add_wrong_answers(const xapi_ctx *x, cJSON *ext, const pt_item *item, const pt_record *r)
{
	if (r->n_wrong == 0 && r->n_wrong_at == 0)
		return true;
	char *key = xapi_format("%sextensions/wrong-answers", x->base);
	cJSON *arr = key != NULL ? cJSON_AddArrayToObject(ext, key) : NULL;
	free(key);
	bool ok = arr != NULL;
	bool bank = kind_shape(item->kind) == PT_SHAPE_SLOTS;
	for (size_t i = 0; ok && bank && i < r->n_wrong_at; i++) {
		int slot;
		const char *text = progress_wrong_place(r->wrong_at[i], &slot);
		if (text != NULL)
			ok = add_wrong_answer(arr, item, slot, text);
	}
	for (size_t i = 0; ok && i < r->n_wrong; i++) {
		bool placed = false;
		for (size_t k = 0; bank && !placed && k < r->n_wrong_at; k++) {
			int slot;
			const char *text = progress_wrong_place(r->wrong_at[k], &slot);
			placed = text != NULL && strcmp(text, r->wrong[i]) == 0;
		}
		if (!placed)
			ok = add_wrong_answer(arr, item, 0, r->wrong[i]);
	}
	return ok;
}

/* Adds the item's activity as "object": its definition from the catalog
 * (item may be NULL: then named by its id, of type other); choices and
 * the correct response only when current.  False when out of memory. */
bool xapi_add_item_object(cJSON *st, const char *iri, const pt_item *item, const char *id, bool current)
{
	cJSON *obj = cJSON_AddObjectToObject(st, "object"), *def;
	if (obj == NULL || cJSON_AddStringToObject(obj, "objectType", "Activity") == NULL ||
	    cJSON_AddStringToObject(obj, "id", iri) == NULL || (def = cJSON_AddObjectToObject(obj, "definition")) == NULL)
		return false;
	char *name = item != NULL && item->prompt.s != NULL ? short_name(item->prompt.s) : strdup(id);
	bool ok = name != NULL && xapi_add_lang(def, "name", name[0] ? name : id);
	free(name);
	if (ok && item != NULL && item->prompt.s != NULL)
		ok = xapi_add_lang(def, "description", item->prompt.s);
	ok = ok && cJSON_AddStringToObject(def, "type", TYPE_INTERACTION) != NULL &&
	    cJSON_AddStringToObject(def, "interactionType", item ? interaction_type(item) : "other") != NULL;
	if (!ok || !current)
		return ok;
	if (kind_shape(item->kind) == PT_SHAPE_PICKS)
		ok = add_choices(def, item);
	ok = ok && add_kind_components(def, item);
	if (ok && item->accept.n > 0) { /* a text item's answers */
		cJSON *pattern = cJSON_AddArrayToObject(def, "correctResponsesPattern");
		return pattern != NULL && add_text_patterns(pattern, item);
	}
	char *right = ok ? (item->kind == PT_KIND_NUMERIC ? kinds_answer(item, true) : xapi_right_answer(item)) : NULL;
	if (right != NULL) {
		cJSON *pattern = cJSON_AddArrayToObject(def, "correctResponsesPattern");
		cJSON *s = pattern ? cJSON_CreateString(right) : NULL;
		ok = s != NULL && cJSON_AddItemToArray(pattern, s);
		if (!ok)
			cJSON_Delete(s);
	}
	free(right);
	return ok;
}

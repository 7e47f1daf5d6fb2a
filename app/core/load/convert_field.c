/* convert_field.c - reading the members of a parsed lesson object: the
 * field name table, member lookup, and typed reads into the lesson's
 * arena with positions and diagnostics. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/load/convert_field.h"
#include "paratutor/base/sanitise.h"
#include "paratutor/load/scan.h"
#include "paratutor/base/text.h"
#include "paratutor/load/validate.h"

/* Returns the recorded positions of node, or NULL when unknown. */
const pt_scan_pos *field_record(const pt_loader *ld, const cJSON *node)
{
	if (node == NULL || node->valueint < 0 || (size_t)node->valueint >= ld->cv->n_rec)
		return NULL;
	return &ld->cv->rec[node->valueint];
}

/* Returns where node's value starts. */
pt_pos field_pos(const pt_loader *ld, const cJSON *node)
{
	const pt_scan_pos *p = field_record(ld, node);
	return p ? p->value : (pt_pos){ 1, 1 };
}

/* Returns where node's key starts (its value when it has no key). */
pt_pos field_key_pos(const pt_loader *ld, const cJSON *node)
{
	const pt_scan_pos *p = field_record(ld, node);
	return p ? p->key : (pt_pos){ 1, 1 };
}

/* ---- conversion helpers ------------------------------------------------ */

/* Returns a copy of s in the lesson's arena. */
char *field_strdup(pt_loader *ld, const char *s)
{
	char *copy = arena_strdup(ld->model, s);
	if (copy == NULL)
		ld->failed = true;
	return copy;
}

/* Returns a copy of the n bytes at s in the lesson's arena. */
static char *field_strndup(pt_loader *ld, const char *s, size_t n)
{
	char *copy = arena_strndup(ld->model, s, n);
	if (copy == NULL)
		ld->failed = true;
	return copy;
}

/* Returns n zeroed elements of size bytes in the lesson's arena. */
void *field_calloc(pt_loader *ld, size_t n, size_t size)
{
	void *p = arena_calloc(ld->model, n, size);
	if (p == NULL)
		ld->failed = true;
	return p;
}

/* Names a cJSON value's type for messages. */
const char *field_type_name(const cJSON *v)
{
	if (cJSON_IsString(v)) return "a string";
	if (cJSON_IsNumber(v)) return "a number";
	if (cJSON_IsBool(v)) return "a boolean";
	if (cJSON_IsNull(v)) return "null";
	if (cJSON_IsArray(v)) return "an array";
	if (cJSON_IsObject(v)) return "an object";
	return "invalid";
}

/* ---- fields ------------------------------------------------------------ */

static const char *const field_names[N_FIELDS] = {
	"$schema", "format", "id", "title", "summary", "kind", "difficulty",
	"prompt", "hints", "mistakes", "explanation", "solution", "attempts",
	"language", "items", "note", "source", "references", "code", "bank",
	"blanks", "options", "steps", "answer", "check", "url", "accept",
	"text", "correct", "feedback",
	"shuffle", "choose", "editor_note", "pseudo_code", "value", "tolerance",
	"relative", "min", "max", "units", "wrong", "case_sensitive", "pairs",
	"left", "right", "distractors", "version", "tags", "figure", "concepts", "knobs", "goal"
};

/* The fields in the byte order of their names, for bsearch
 * (check_validate's test_field_names finds every one through it). */
static const unsigned char by_name[N_FIELDS] = {
	F_SCHEMA, F_ACCEPT, F_ANSWER, F_ATTEMPTS, F_BANK, F_BLANKS, F_CASE_SENSITIVE, F_CHECK, F_CHOOSE,
	F_CODE, F_CONCEPTS, F_CORRECT, F_DIFFICULTY, F_DISTRACTORS, F_EDITOR_NOTE, F_EXPLANATION,
	F_FEEDBACK, F_FIGURE, F_FORMAT, F_GOAL, F_HINTS, F_ID, F_ITEMS, F_KIND, F_KNOBS, F_LANGUAGE,
	F_LEFT, F_MAX, F_MIN, F_MISTAKES, F_NOTE, F_OPTIONS, F_PAIRS, F_PROMPT, F_PSEUDO_CODE,
	F_REFERENCES, F_RELATIVE, F_RIGHT, F_SHUFFLE, F_SOLUTION, F_SOURCE, F_STEPS, F_SUMMARY, F_TAGS,
	F_TEXT, F_TITLE, F_TOLERANCE, F_UNITS, F_URL, F_VALUE, F_VERSION, F_WRONG
};

/* Compares a member name with the name of a by_name entry. */
static int by_name_cmp(const void *name, const void *entry)
{
	return strcmp(name, field_names[*(const unsigned char *)entry]);
}

/* Returns the field a member name stands for, or N_FIELDS. */
static pt_field field_lookup(const char *name)
{
	const unsigned char *k = bsearch(name, by_name, N_FIELDS, sizeof by_name[0], by_name_cmp);
	return k != NULL ? (pt_field)*k : N_FIELDS;
}

/* Returns true when pt_field k is one of the allowed set. */
static bool field_allowed(pt_field k, unsigned long long allowed)
{
	return k < N_FIELDS && ((allowed >> k) & 1ull);
}

/* Fills f with obj's members of the allowed fields; reports nothing. */
void field_scan(const cJSON *obj, unsigned long long allowed, pt_fields *f)
{
	memset(f, 0, sizeof *f);
	f->obj = obj;
	for (const cJSON *c = obj->child; c != NULL; c = c->next) {
		pt_field k = field_lookup(c->string);
		if (field_allowed(k, allowed) && f->v[k] == NULL)
			f->v[k] = c;
	}
}

/* Warns about members of f's object outside allowed, suggesting the
 * nearest allowed field the object lacks, and reports pt_fields given
 * twice. */
void field_check_names(pt_loader *ld, const pt_fields *f, const char *what, unsigned long long allowed)
{
	unsigned long long seen = 0; /* bit per allowed field met so far */
	const cJSON *obj = f->obj;
	for (const cJSON *c = obj->child; c != NULL; c = c->next) {
		pt_field k = field_lookup(c->string);
		bool known = field_allowed(k, allowed);
		bool twice = known ? (seen >> k) & 1ull : true;
		if (known)
			seen |= 1ull << k;
		/* Only a known field met before, or an unknown one, can repeat. */
		for (const cJSON *p = obj->child; twice && p != c; p = p->next) {
			if (strcmp(p->string, c->string) == 0) {
				pt_pos first = field_key_pos(ld, p);
				diags_add(ld->diags, ld->name, field_key_pos(ld, c), PT_ERROR,
				    "field \"%s\" appears twice in %s (first at line %d)",
				    c->string, what, first.line);
				break;
			}
		}
		if (known)
			continue;
		/* A field the object has already is not what was meant. */
		const char *best = NULL;
		int best_d = 3;
		for (int kn = 0; kn < N_FIELDS; kn++) {
			if (!field_allowed((pt_field)kn, allowed) || f->v[kn] != NULL)
				continue;
			int d = text_distance(field_names[kn], c->string);
			if (d < best_d) {
				best_d = d;
				best = field_names[kn];
			}
		}
		/* An error: a misspelt field would lose what it holds without a
		 * word (an "explaination" is no explanation). */
		if (best != NULL)
			diags_add(ld->diags, ld->name, field_key_pos(ld, c), PT_ERROR,
			    "unknown field \"%s\" in %s; did you mean \"%s\"?", c->string, what, best);
		else
			diags_add(ld->diags, ld->name, field_key_pos(ld, c), PT_ERROR,
			    "unknown field \"%s\" in %s", c->string, what);
	}
}

/* Returns pt_field k of f's object, reporting it when required and missing. */
const cJSON *field_get(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required)
{
	const cJSON *v = f->v[k];
	if (v == NULL && required)
		diags_add(ld->diags, ld->name, field_pos(ld, f->obj), PT_ERROR,
		    "%s is missing the required field \"%s\"", what, field_names[k]);
	return v;
}

/* Returns a string node's characters, as cJSON decoded them, and sets
 * *len to their count. */
const char *field_string(const cJSON *v, size_t *len)
{
	*len = strlen(v->valuestring);
	return v->valuestring;
}

/* Returns a string value's characters cut to size bytes in buf, or "" for
 * a value that is no string. */
const char *field_string_cut(const cJSON *v, char *buf, size_t size)
{
	size_t n = 0;
	const char *s = cJSON_IsString(v) ? field_string(v, &n) : "";
	snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), s);
	return buf;
}

/* Reports that field has the wrong type. */
void field_wrong_type(pt_loader *ld, const cJSON *v, const char *name, const char *want)
{
	diags_add(ld->diags, ld->name, field_pos(ld, v), PT_ERROR,
	    "\"%s\" must be %s, not %s", name, want, field_type_name(v));
}

/* Copies a string value into out, checking type, UTF-8 and emptiness. */
bool field_take_text(pt_loader *ld, const cJSON *v, const char *name, pt_text *out)
{
	if (!cJSON_IsString(v)) {
		field_wrong_type(ld, v, name, "a string");
		return false;
	}
	out->pos = field_pos(ld, v);
	size_t n;
	const char *s = field_string(v, &n);
	if (!ld->cv->text_is_utf8 && !validate_utf8(s, n)) {
		diags_add(ld->diags, ld->name, out->pos, PT_ERROR,
		    "\"%s\" is not valid UTF-8", name);
		return false;
	}
	unsigned cp;
	size_t width, at = sanitise_find(s, n, &cp, &width);
	if (at < n) {
		const pt_scan_pos *p = field_record(ld, v);
		pt_pos where = out->pos;
		if (p != NULL && p->raw != 0) {
			pt_pos first = { p->value.line, p->value.col + 1 }; /* just past the quote */
			where = scan_string_pos(ld->cv->text, ld->cv->text_len, p->raw, first, at);
		}
		char esc[PT_SANITISE_ESCAPE_MAX + 1];
		sanitise_escape(cp, esc);
		diags_add(ld->diags, ld->name, where, PT_ERROR,
		    "\"%s\" holds %s, %s that a terminal obeys or hides instead of showing; remove it", name, esc,
		    cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) ? "a control character" :
		    (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ? "a bidi control" :
		    "an invisible format character");
	}
	size_t k = 0;
	while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
		k++;
	if (k == n)
		diags_add(ld->diags, ld->name, out->pos, PT_ERROR, "\"%s\" is empty", name);
	out->s = field_strndup(ld, s, n);
	return out->s != NULL;
}

/* Reads an optional or required string member. */
void field_text(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required, pt_text *out)
{
	const cJSON *v = field_get(ld, f, k, what, required);
	if (v != NULL)
		field_take_text(ld, v, field_names[k], out);
}

/* Reads an array of strings into list. */
void field_text_list(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required,
    pt_text_list *list)
{
	const cJSON *v = field_get(ld, f, k, what, required);
	if (v == NULL)
		return;
	list->pos = field_pos(ld, v);
	if (!cJSON_IsArray(v)) {
		field_wrong_type(ld, v, field_names[k], "an array of strings");
		return;
	}
	int n = cJSON_GetArraySize(v);
	list->v = field_calloc(ld, (size_t)n + 1, sizeof *list->v);
	if (list->v == NULL)
		return;
	const cJSON *e;
	cJSON_ArrayForEach(e, v) {
		if (field_take_text(ld, e, field_names[k], &list->v[list->n]))
			list->n++;
	}
}

/* Reads an integer member; returns whether it was present and valid. */
bool field_int(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required,
    int *out, pt_pos *pos)
{
	const cJSON *v = field_get(ld, f, k, what, required);
	if (v == NULL)
		return false;
	const char *name = field_names[k];
	*pos = field_pos(ld, v);
	double d = v->valuedouble;
	/* The range comes first: casting a larger double to int is undefined. */
	if (!cJSON_IsNumber(v) || d > 1e6 || d < -1e6 || d != (double)(int)d) {
		if (cJSON_IsNumber(v) && (d > 1e6 || d < -1e6))
			diags_add(ld->diags, ld->name, *pos, PT_ERROR,
			    "\"%s\" is out of range: give a whole number up to 1000000", name);
		else if (cJSON_IsNumber(v))
			diags_add(ld->diags, ld->name, *pos, PT_ERROR, "\"%s\" must be a whole number", name);
		else
			field_wrong_type(ld, v, name, "a whole number");
		return false;
	}
	*out = (int)d;
	return true;
}

/* Reads an object member, reporting a wrong type. */
const cJSON *field_object(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required)
{
	const cJSON *v = field_get(ld, f, k, what, required);
	if (v != NULL && !cJSON_IsObject(v)) {
		field_wrong_type(ld, v, field_names[k], "an object");
		return NULL;
	}
	return v;
}

/* Reads an array member, reporting a wrong type. */
const cJSON *field_array(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required)
{
	const cJSON *v = field_get(ld, f, k, what, required);
	if (v != NULL && !cJSON_IsArray(v)) {
		field_wrong_type(ld, v, field_names[k], "an array");
		return NULL;
	}
	return v;
}

/* Matches a string member against names; returns the index or -1. */
int field_enum(pt_loader *ld, const pt_fields *f, pt_field k, const char *what,
    const char *const *names, const char *choices)
{
	const cJSON *v = field_get(ld, f, k, what, true);
	if (v == NULL)
		return -1;
	if (!cJSON_IsString(v)) {
		field_wrong_type(ld, v, field_names[k], "a string");
		return -1;
	}
	size_t n;
	const char *s = field_string(v, &n);
	for (int i = 0; names[i] != NULL; i++)
		if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
			return i;
	/* A near miss gets a suggestion, as a misspelt field does ("choise"). */
	char word[48];
	const char *best = NULL;
	field_string_cut(v, word, sizeof word);
	for (int i = 0, best_d = 3, d; names[i] != NULL; i++)
		if ((d = text_distance(names[i], word)) < best_d) {
			best_d = d;
			best = names[i];
		}
	diags_add(ld->diags, ld->name, field_pos(ld, v), PT_ERROR,
	    "\"%s\" must be one of %s, not \"%.*s\"%s%s%s", field_names[k], choices,
	    (int)n, s, best ? "; did you mean \"" : "", best ? best : "", best ? "\"?" : "");
	return -1;
}

const char *field_name(pt_field k)
{
	return k < N_FIELDS ? field_names[k] : "?";
}

const char *field_number_text(const pt_loader *ld, const cJSON *v, char *buf, size_t size)
{
	const pt_scan_pos *p = field_record(ld, v);
	const char *text = ld->cv->text;
	if (p != NULL && p->raw != 0 && text != NULL && p->raw < ld->cv->text_len) {
		size_t at = p->raw, n = 0;
		while (at + n < ld->cv->text_len && n + 1 < size && text[at + n] != '\0' &&
		    strchr("+-.0123456789eE", text[at + n]) != NULL)
			n++;
		if (n > 0 && (at + n == ld->cv->text_len || strchr("+-.0123456789eE", text[at + n]) == NULL ||
		    text[at + n] == '\0')) {
			memcpy(buf, text + at, n);
			buf[n] = '\0';
			return buf;
		}
	}
	snprintf(buf, size, "%.15g", v->valuedouble);
	if (strtod(buf, NULL) != v->valuedouble)
		snprintf(buf, size, "%.17g", v->valuedouble);
	return buf;
}

bool field_number(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required,
    double *out)
{
	const cJSON *v = field_get(ld, f, k, what, required);
	if (v == NULL)
		return false;
	if (!cJSON_IsNumber(v)) {
		field_wrong_type(ld, v, field_names[k], "a number");
		return false;
	}
	if (!isfinite(v->valuedouble)) {
		diags_add(ld->diags, ld->name, field_pos(ld, v), PT_ERROR,
		    "\"%s\" is out of range: give a number a double can hold", field_names[k]);
		return false;
	}
	*out = v->valuedouble;
	return true;
}

void field_bool(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool *out)
{
	const cJSON *v = field_get(ld, f, k, what, false);
	if (v == NULL)
		return;
	if (!cJSON_IsBool(v))
		field_wrong_type(ld, v, field_names[k], "true or false");
	else
		*out = cJSON_IsTrue(v);
}

void field_feedback_map(pt_loader *ld, const cJSON *map, const char *where, pt_feedback **out, size_t *n)
{
	int nf = cJSON_GetArraySize(map);
	*out = field_calloc(ld, (size_t)nf + 1, sizeof **out);
	*n = 0;
	if (*out == NULL)
		return;
	const cJSON *e;
	cJSON_ArrayForEach(e, map) {
		for (const cJSON *p = map->child; p != e; p = p->next)
			if (strcmp(p->string, e->string) == 0)
				diags_add(ld->diags, ld->name, field_key_pos(ld, e), PT_ERROR,
				    "feedback for \"%s\" appears twice in %s (first at line %d)",
				    e->string, where, field_key_pos(ld, p).line);
		pt_feedback *entry = &(*out)[*n];
		if (!field_take_text(ld, e, "feedback", &entry->text))
			continue;
		entry->option.s = field_strdup(ld, e->string);
		entry->option.pos = field_key_pos(ld, e);
		(*n)++;
	}
}

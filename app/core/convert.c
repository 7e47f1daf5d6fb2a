/* convert.c - copying a parsed lesson tree into the lesson model.
 *
 * Each object's members are looked up once (a small hash of the format's
 * field names), every value is copied into the lesson's arena with the
 * position the scanner recorded for it, and structural problems become
 * diagnostics.  A string the skeleton held emptied is read from the text
 * itself. */
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "paratutor/arena.h"
#include "paratutor/convert.h"
#include "paratutor/text.h"
#include "paratutor/validate.h"

/* One conversion: what it reads, and the lesson it builds. */
typedef struct loader {
	const pt_convert *cv;
	const char *name;
	pt_diags *diags;
	pt_arena *model;     /* where the lesson being built lives */
	bool failed;         /* out of memory */
} loader;

/* Returns the recorded positions of node, or NULL when unknown. */
static const pt_scan_pos *pos_of(const loader *ld, const cJSON *node)
{
	if (node == NULL || node->valueint < 0 || (size_t)node->valueint >= ld->cv->n_rec)
		return NULL;
	return &ld->cv->rec[node->valueint];
}

/* Returns where node's value starts. */
static pt_pos pos_value(const loader *ld, const cJSON *node)
{
	const pt_scan_pos *p = pos_of(ld, node);
	return p ? p->value : (pt_pos){ 1, 1 };
}

/* Returns where node's key starts (its value when it has no key). */
static pt_pos pos_key(const loader *ld, const cJSON *node)
{
	const pt_scan_pos *p = pos_of(ld, node);
	return p ? p->key : (pt_pos){ 1, 1 };
}

/* ---- conversion helpers ------------------------------------------------ */

/* Returns a copy of s in the lesson's arena. */
static char *dup_str(loader *ld, const char *s)
{
	char *copy = arena_strdup(ld->model, s);
	if (copy == NULL)
		ld->failed = true;
	return copy;
}

/* Returns a copy of the n bytes at s in the lesson's arena. */
static char *dup_strn(loader *ld, const char *s, size_t n)
{
	char *copy = arena_strndup(ld->model, s, n);
	if (copy == NULL)
		ld->failed = true;
	return copy;
}

/* Returns n zeroed elements of size bytes in the lesson's arena. */
static void *model_calloc(loader *ld, size_t n, size_t size)
{
	void *p = arena_calloc(ld->model, n, size);
	if (p == NULL)
		ld->failed = true;
	return p;
}

/* Names a cJSON value's type for messages. */
static const char *type_name(const cJSON *v)
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

/* Every field name of the format.  The order agrees with the order of
 * each object's own list in the format reference, so "did you mean"
 * picks the same name whichever object it looks at. */
typedef enum field {
	F_SCHEMA, F_FORMAT, F_ID, F_TITLE, F_SUMMARY, F_KIND, F_DIFFICULTY,
	F_PROMPT, F_HINTS, F_MISTAKES, F_EXPLANATION, F_SOLUTION, F_ATTEMPTS,
	F_LANGUAGE, F_ITEMS, F_NOTE, F_SOURCE, F_REFERENCES, F_CODE, F_BANK,
	F_BLANKS, F_OPTIONS, F_STEPS, F_ANSWER, F_CHECK, F_URL, F_ACCEPT,
	F_TEXT, F_CORRECT, F_FEEDBACK, N_FIELDS
} field;

static const char *const field_names[N_FIELDS] = {
	"$schema", "format", "id", "title", "summary", "kind", "difficulty",
	"prompt", "hints", "mistakes", "explanation", "solution", "attempts",
	"language", "items", "note", "source", "references", "code", "bank",
	"blanks", "options", "steps", "answer", "check", "url", "accept",
	"text", "correct", "feedback"
};

#define BIT(f) (1ul << (f))
#define LESSON_FIELDS (BIT(F_SCHEMA) | BIT(F_FORMAT) | BIT(F_ID) | BIT(F_TITLE) | \
	BIT(F_SUMMARY) | BIT(F_ATTEMPTS) | BIT(F_LANGUAGE) | BIT(F_ITEMS))
#define COMMON_ITEM_FIELDS (BIT(F_ID) | BIT(F_KIND) | BIT(F_DIFFICULTY) | BIT(F_PROMPT) | \
	BIT(F_HINTS) | BIT(F_MISTAKES) | BIT(F_EXPLANATION) | BIT(F_SOLUTION) | \
	BIT(F_ATTEMPTS) | BIT(F_LANGUAGE) | BIT(F_NOTE) | BIT(F_SOURCE) | BIT(F_REFERENCES))
#define FILL_FIELDS (COMMON_ITEM_FIELDS | BIT(F_CODE) | BIT(F_BANK) | BIT(F_BLANKS))
#define OPTION_ITEM_FIELDS (COMMON_ITEM_FIELDS | BIT(F_OPTIONS))
#define ANY_ITEM_FIELDS (FILL_FIELDS | OPTION_ITEM_FIELDS)
#define SOLUTION_FIELDS (BIT(F_STEPS) | BIT(F_ANSWER) | BIT(F_CHECK))
#define REFERENCE_FIELDS (BIT(F_TITLE) | BIT(F_URL))
#define BLANK_FIELDS (BIT(F_ACCEPT) | BIT(F_FEEDBACK))
#define OPTION_FIELDS (BIT(F_TEXT) | BIT(F_CORRECT) | BIT(F_FEEDBACK))

/* An object's members looked up once: the first member of each field the
 * object may have, or NULL. */
typedef struct fields {
	const cJSON *obj;
	const cJSON *v[N_FIELDS];
} fields;

/* Field names hash to distinct slots of FIELD_SLOTS (checked when the
 * table is built); a slot two names shared would fall back to a search. */
#define FIELD_SLOTS 64
#define SLOT_EMPTY ((unsigned char)N_FIELDS)
#define SLOT_SHARED ((unsigned char)(N_FIELDS + 1))
static unsigned char field_slots[FIELD_SLOTS];

/* Hashes a member name from its first two bytes and its length. */
static size_t field_hash(const char *name, size_t len)
{
	return ((size_t)(unsigned char)name[0] * 22 + (size_t)(unsigned char)name[1] * 54 + len) % FIELD_SLOTS;
}

/* Fills field_slots. */
static void field_slots_build(void)
{
	memset(field_slots, SLOT_EMPTY, sizeof field_slots);
	for (int k = 0; k < N_FIELDS; k++) {
		unsigned char *slot = &field_slots[field_hash(field_names[k], strlen(field_names[k]))];
		*slot = *slot == SLOT_EMPTY ? (unsigned char)k : SLOT_SHARED;
	}
}

/* Returns the field a member name stands for, or N_FIELDS. */
static field field_lookup(const char *name)
{
	if (name[0] == '\0')
		return N_FIELDS;
	size_t len = strlen(name);
	unsigned char k = field_slots[field_hash(name, len)];
	if (k < N_FIELDS)
		return strcmp(field_names[k], name) == 0 ? (field)k : N_FIELDS;
	for (int i = 0; k == SLOT_SHARED && i < N_FIELDS; i++)
		if (strcmp(field_names[i], name) == 0)
			return (field)i;
	return N_FIELDS;
}

/* Returns true when field k is one of the allowed set. */
static bool field_allowed(field k, unsigned long allowed)
{
	return k < N_FIELDS && ((allowed >> k) & 1ul);
}

/* Fills f with obj's members of the allowed fields; reports nothing. */
static void fields_scan(const cJSON *obj, unsigned long allowed, fields *f)
{
	memset(f, 0, sizeof *f);
	f->obj = obj;
	for (const cJSON *c = obj->child; c != NULL; c = c->next) {
		field k = field_lookup(c->string);
		if (field_allowed(k, allowed) && f->v[k] == NULL)
			f->v[k] = c;
	}
}

/* Warns about members of f's object outside allowed, suggesting the
 * nearest allowed field the object lacks, and reports fields given
 * twice. */
static void check_fields(loader *ld, const fields *f, const char *what, unsigned long allowed)
{
	unsigned long seen = 0; /* bit per allowed field met so far */
	const cJSON *obj = f->obj;
	for (const cJSON *c = obj->child; c != NULL; c = c->next) {
		field k = field_lookup(c->string);
		bool known = field_allowed(k, allowed);
		bool twice = known ? (seen >> k) & 1ul : true;
		if (known)
			seen |= 1ul << k;
		/* Only a known field met before, or an unknown one, can repeat. */
		for (const cJSON *p = obj->child; twice && p != c; p = p->next) {
			if (strcmp(p->string, c->string) == 0) {
				pt_pos first = pos_key(ld, p);
				diags_add(ld->diags, ld->name, pos_key(ld, c), PT_ERROR,
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
			if (!field_allowed((field)kn, allowed) || f->v[kn] != NULL)
				continue;
			int d = text_distance(field_names[kn], c->string);
			if (d < best_d) {
				best_d = d;
				best = field_names[kn];
			}
		}
		if (best != NULL)
			diags_add(ld->diags, ld->name, pos_key(ld, c), PT_WARNING,
			    "unknown field \"%s\" in %s; did you mean \"%s\"?", c->string, what, best);
		else
			diags_add(ld->diags, ld->name, pos_key(ld, c), PT_WARNING,
			    "unknown field \"%s\" in %s", c->string, what);
	}
}

/* Returns field k of f's object, reporting it when required and missing. */
static const cJSON *get_field(loader *ld, const fields *f, field k, const char *what, bool required)
{
	const cJSON *v = f->v[k];
	if (v == NULL && required)
		diags_add(ld->diags, ld->name, pos_value(ld, f->obj), PT_ERROR,
		    "%s is missing the required field \"%s\"", what, field_names[k]);
	return v;
}

/* Returns a string node's characters and sets *len to their count: from
 * the text when the skeleton held the string emptied, else as cJSON
 * decoded them. */
static const char *node_string(const loader *ld, const cJSON *v, size_t *len)
{
	const pt_scan_pos *p = pos_of(ld, v);
	if (p != NULL && (p->raw & SCAN_RAW_EMPTIED) != 0) {
		/* Without escapes, the first quote after the start ends it. */
		size_t at = p->raw & ~SCAN_RAW_EMPTIED;
		const char *s = ld->cv->text + at;
		*len = (size_t)((const char *)memchr(s, '"', ld->cv->text_len - at) - s);
		return s;
	}
	*len = strlen(v->valuestring);
	return v->valuestring;
}

/* Reports that field has the wrong type. */
static void wrong_type(loader *ld, const cJSON *v, const char *name, const char *want)
{
	diags_add(ld->diags, ld->name, pos_value(ld, v), PT_ERROR,
	    "\"%s\" must be %s, not %s", name, want, type_name(v));
}

/* Copies a string value into out, checking type, UTF-8 and emptiness. */
static bool take_text(loader *ld, const cJSON *v, const char *name, pt_text *out)
{
	if (!cJSON_IsString(v)) {
		wrong_type(ld, v, name, "a string");
		return false;
	}
	out->pos = pos_value(ld, v);
	size_t n;
	const char *s = node_string(ld, v, &n);
	if (!ld->cv->text_is_utf8 && !validate_utf8(s, n)) {
		diags_add(ld->diags, ld->name, out->pos, PT_ERROR,
		    "\"%s\" is not valid UTF-8", name);
		return false;
	}
	size_t k = 0;
	while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
		k++;
	if (k == n)
		diags_add(ld->diags, ld->name, out->pos, PT_ERROR, "\"%s\" is empty", name);
	out->s = dup_strn(ld, s, n);
	return out->s != NULL;
}

/* Reads an optional or required string member. */
static void get_text(loader *ld, const fields *f, field k, const char *what, bool required, pt_text *out)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v != NULL)
		take_text(ld, v, field_names[k], out);
}

/* Reads an array of strings into list. */
static void get_text_list(loader *ld, const fields *f, field k, const char *what, bool required,
    pt_text_list *list)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v == NULL)
		return;
	list->pos = pos_value(ld, v);
	if (!cJSON_IsArray(v)) {
		wrong_type(ld, v, field_names[k], "an array of strings");
		return;
	}
	int n = cJSON_GetArraySize(v);
	list->v = model_calloc(ld, (size_t)n + 1, sizeof *list->v);
	if (list->v == NULL)
		return;
	const cJSON *e;
	cJSON_ArrayForEach(e, v) {
		if (take_text(ld, e, field_names[k], &list->v[list->n]))
			list->n++;
	}
}

/* Reads an integer member; returns whether it was present and valid. */
static bool get_int(loader *ld, const fields *f, field k, const char *what, bool required,
    int *out, pt_pos *pos)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v == NULL)
		return false;
	const char *name = field_names[k];
	*pos = pos_value(ld, v);
	double d = v->valuedouble;
	/* The range comes first: casting a larger double to int is undefined. */
	if (!cJSON_IsNumber(v) || d > 1e6 || d < -1e6 || d != (double)(int)d) {
		if (cJSON_IsNumber(v) && (d > 1e6 || d < -1e6))
			diags_add(ld->diags, ld->name, *pos, PT_ERROR,
			    "\"%s\" is out of range: give a whole number up to 1000000", name);
		else if (cJSON_IsNumber(v))
			diags_add(ld->diags, ld->name, *pos, PT_ERROR, "\"%s\" must be a whole number", name);
		else
			wrong_type(ld, v, name, "a whole number");
		return false;
	}
	*out = (int)d;
	return true;
}

/* Reads an object member, reporting a wrong type. */
static const cJSON *get_object(loader *ld, const fields *f, field k, const char *what, bool required)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v != NULL && !cJSON_IsObject(v)) {
		wrong_type(ld, v, field_names[k], "an object");
		return NULL;
	}
	return v;
}

/* Reads an array member, reporting a wrong type. */
static const cJSON *get_array(loader *ld, const fields *f, field k, const char *what, bool required)
{
	const cJSON *v = get_field(ld, f, k, what, required);
	if (v != NULL && !cJSON_IsArray(v)) {
		wrong_type(ld, v, field_names[k], "an array");
		return NULL;
	}
	return v;
}

/* Matches a string member against names; returns the index or -1. */
static int get_enum(loader *ld, const fields *f, field k, const char *what,
    const char *const *names, const char *choices)
{
	const cJSON *v = get_field(ld, f, k, what, true);
	if (v == NULL)
		return -1;
	if (!cJSON_IsString(v)) {
		wrong_type(ld, v, field_names[k], "a string");
		return -1;
	}
	size_t n;
	const char *s = node_string(ld, v, &n);
	for (int i = 0; names[i] != NULL; i++)
		if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
			return i;
	diags_add(ld->diags, ld->name, pos_value(ld, v), PT_ERROR,
	    "\"%s\" must be one of %s, not \"%.*s\"", field_names[k], choices,
	    (int)n, s);
	return -1;
}

/* ---- lesson structure -------------------------------------------------- */

static const char *const kind_names[] = { "fill", "choice", "multi", NULL };
static const char *const difficulty_names[] = { "easy", "medium", "hard", NULL };

/* Reads a fill item's blanks. */
static void load_blanks(loader *ld, const fields *itf, pt_item *item)
{
	const cJSON *arr = get_array(ld, itf, F_BLANKS, "a fill item", true);
	if (arr == NULL)
		return;
	item->blanks_pos = pos_value(ld, arr);
	int n = cJSON_GetArraySize(arr);
	item->blanks = model_calloc(ld, (size_t)n + 1, sizeof *item->blanks);
	if (item->blanks == NULL)
		return;
	const cJSON *b;
	cJSON_ArrayForEach(b, arr) {
		pt_blank *blank = &item->blanks[item->n_blanks++];
		blank->pos = pos_value(ld, b);
		if (!cJSON_IsObject(b)) {
			wrong_type(ld, b, "blanks[]", "an object");
			continue;
		}
		fields bf;
		fields_scan(b, BLANK_FIELDS, &bf);
		check_fields(ld, &bf, "a blank", BLANK_FIELDS);
		get_text_list(ld, &bf, F_ACCEPT, "a blank", true, &blank->accept);
		const cJSON *fb = get_object(ld, &bf, F_FEEDBACK, "a blank", false);
		if (fb == NULL)
			continue;
		int nf = cJSON_GetArraySize(fb);
		blank->feedback = model_calloc(ld, (size_t)nf + 1, sizeof *blank->feedback);
		if (blank->feedback == NULL)
			continue;
		const cJSON *e;
		cJSON_ArrayForEach(e, fb) {
			for (const cJSON *p = fb->child; p != e; p = p->next)
				if (strcmp(p->string, e->string) == 0)
					diags_add(ld->diags, ld->name, pos_key(ld, e), PT_ERROR,
					    "feedback for \"%s\" appears twice in this blank (first at line %d)",
					    e->string, pos_key(ld, p).line);
			pt_feedback *entry = &blank->feedback[blank->n_feedback];
			if (!take_text(ld, e, "feedback", &entry->text))
				continue;
			entry->option.s = dup_str(ld, e->string);
			entry->option.pos = pos_key(ld, e);
			blank->n_feedback++;
		}
	}
}

/* Returns what a "correct" of the wrong type evidently means: true for
 * the string "true" (in any case) or a number other than 0.  The type
 * error stands alone; the checks that follow judge the item its author
 * meant, instead of adding knock-on errors ("found 0 correct"). */
static bool meant_true(const loader *ld, const cJSON *v)
{
	if (cJSON_IsNumber(v))
		return v->valuedouble != 0;
	if (!cJSON_IsString(v))
		return false;
	size_t n;
	const char *s = node_string(ld, v, &n);
	return n == 4 && strncasecmp(s, "true", 4) == 0;
}

/* Reads a choice or multi item's options. */
static void load_options(loader *ld, const fields *itf, pt_item *item)
{
	const cJSON *arr = get_array(ld, itf, F_OPTIONS, "a choice or multi item", true);
	if (arr == NULL)
		return;
	item->options_pos = pos_value(ld, arr);
	int n = cJSON_GetArraySize(arr);
	item->options = model_calloc(ld, (size_t)n + 1, sizeof *item->options);
	if (item->options == NULL)
		return;
	const cJSON *o;
	cJSON_ArrayForEach(o, arr) {
		pt_option *opt = &item->options[item->n_options++];
		opt->pos = pos_value(ld, o);
		if (!cJSON_IsObject(o)) {
			wrong_type(ld, o, "options[]", "an object");
			continue;
		}
		fields of;
		fields_scan(o, OPTION_FIELDS, &of);
		check_fields(ld, &of, "an option", OPTION_FIELDS);
		get_text(ld, &of, F_TEXT, "an option", true, &opt->text);
		get_text(ld, &of, F_FEEDBACK, "an option", false, &opt->feedback);
		const cJSON *c = get_field(ld, &of, F_CORRECT, "an option", false);
		if (c != NULL && !cJSON_IsBool(c)) {
			wrong_type(ld, c, "correct", "true or false");
			opt->correct = meant_true(ld, c);
		} else if (c != NULL) {
			opt->correct = cJSON_IsTrue(c);
		}
	}
}

/* Reads an item's solution and references. */
static void load_extras(loader *ld, const fields *itf, pt_item *item)
{
	const cJSON *sol = get_object(ld, itf, F_SOLUTION, "an item", false);
	if (sol != NULL) {
		item->solution.present = true;
		fields sf;
		fields_scan(sol, SOLUTION_FIELDS, &sf);
		check_fields(ld, &sf, "a solution", SOLUTION_FIELDS);
		get_text_list(ld, &sf, F_STEPS, "a solution", true, &item->solution.steps);
		get_text(ld, &sf, F_ANSWER, "a solution", false, &item->solution.answer);
		get_text(ld, &sf, F_CHECK, "a solution", false, &item->solution.check);
	}
	const cJSON *refs = get_array(ld, itf, F_REFERENCES, "an item", false);
	if (refs == NULL)
		return;
	item->refs = model_calloc(ld, (size_t)cJSON_GetArraySize(refs) + 1, sizeof *item->refs);
	if (item->refs == NULL)
		return;
	const cJSON *r;
	cJSON_ArrayForEach(r, refs) {
		if (!cJSON_IsObject(r)) {
			wrong_type(ld, r, "references[]", "an object");
			continue;
		}
		pt_reference *ref = &item->refs[item->n_refs++];
		fields rf;
		fields_scan(r, REFERENCE_FIELDS, &rf);
		check_fields(ld, &rf, "a reference", REFERENCE_FIELDS);
		get_text(ld, &rf, F_TITLE, "a reference", true, &ref->title);
		get_text(ld, &rf, F_URL, "a reference", true, &ref->url);
	}
}

/* A fill item's code node, for finding its bytes in the file. */
typedef struct code_at {
	const loader *ld;
	const cJSON *node;
	pt_pos start; /* the code string's own position */
} code_at;

/* Returns where byte offset of the code comes from in the file: exact
 * when the scanner noted the string's characters, else the string's
 * start. */
static pt_pos code_locate(void *ctx, size_t offset)
{
	const code_at *c = ctx;
	const pt_scan_pos *p = pos_of(c->ld, c->node);
	if (p == NULL || p->raw == 0)
		return c->start;
	pt_pos first = { p->value.line, p->value.col + 1 }; /* just past the quote */
	return scan_string_pos(c->ld->cv->text, c->ld->cv->text_len, p->raw & ~SCAN_RAW_EMPTIED, first, offset);
}

/* Reads one item; kind-specific parts follow its kind. */
static void load_item(loader *ld, const cJSON *obj, pt_item *item, const pt_lesson *lesson)
{
	fields f;
	fields_scan(obj, ANY_ITEM_FIELDS, &f);
	item->pos = pos_value(ld, obj);
	item->attempts = lesson->attempts;
	item->attempts_pos = lesson->attempts_pos;
	get_text(ld, &f, F_ID, "an item", true, &item->id);
	int kind = get_enum(ld, &f, F_KIND, "an item", kind_names, "\"fill\", \"choice\", \"multi\"");
	int diff = get_enum(ld, &f, F_DIFFICULTY, "an item", difficulty_names, "\"easy\", \"medium\", \"hard\"");
	item->kind = kind < 0 ? PT_KIND_CHOICE : (pt_kind)kind;
	item->difficulty = diff < 0 ? PT_EASY : (pt_difficulty)diff;
	if (kind < 0)
		check_fields(ld, &f, "an item", ANY_ITEM_FIELDS);
	else if (kind == PT_KIND_FILL)
		check_fields(ld, &f, "a fill item", FILL_FIELDS);
	else
		check_fields(ld, &f, kind == PT_KIND_CHOICE ? "a choice item" : "a multi item", OPTION_ITEM_FIELDS);
	get_text(ld, &f, F_PROMPT, "an item", true, &item->prompt);
	get_text_list(ld, &f, F_HINTS, "an item", false, &item->hints);
	get_text_list(ld, &f, F_MISTAKES, "an item", false, &item->mistakes);
	get_text(ld, &f, F_EXPLANATION, "an item", false, &item->explanation);
	get_text(ld, &f, F_NOTE, "an item", false, &item->note);
	get_text(ld, &f, F_SOURCE, "an item", false, &item->source);
	get_text(ld, &f, F_LANGUAGE, "an item", false, &item->language);
	if (item->language.s == NULL && lesson->language.s != NULL)
		item->language = lesson->language; /* the same arena holds both */
	get_int(ld, &f, F_ATTEMPTS, "an item", false, &item->attempts, &item->attempts_pos);
	load_extras(ld, &f, item);
	if (kind == PT_KIND_FILL) {
		get_text(ld, &f, F_CODE, "a fill item", true, &item->code);
		get_text_list(ld, &f, F_BANK, "a fill item", true, &item->bank);
		load_blanks(ld, &f, item);
		/* Only here are the code's bytes still tied to the file. */
		if (item->code.s != NULL && item->blanks != NULL && item->n_blanks >= 1 &&
		    item->n_blanks <= PT_MAX_BLANKS) {
			code_at at = { ld, f.v[F_CODE], item->code.pos };
			validate_placeholders(ld->name, item, code_locate, &at, ld->diags);
		}
	} else if (kind >= 0) {
		load_options(ld, &f, item);
	}
}

/* Adds one element of the items array to the lesson. */
static void load_element(loader *ld, const cJSON *it, pt_lesson *lesson)
{
	if (!cJSON_IsObject(it))
		wrong_type(ld, it, "items[]", "an object");
	else
		load_item(ld, it, &lesson->items[lesson->n_items++], lesson);
}

/* Builds the lesson from a parsed tree. */
static pt_lesson *build_lesson(loader *ld, const cJSON *root)
{
	if (!cJSON_IsObject(root)) {
		diags_add(ld->diags, ld->name, pos_value(ld, root), PT_ERROR,
		    "a lesson file must hold one JSON object, not %s", type_name(root));
		return NULL;
	}
	pt_lesson *lesson = model_calloc(ld, 1, sizeof *lesson);
	if (lesson == NULL)
		return NULL;
	lesson->arena = ld->model;
	lesson->path = dup_str(ld, ld->name);
	lesson->attempts = PT_DEFAULT_ATTEMPTS;
	fields f;
	fields_scan(root, LESSON_FIELDS, &f);
	check_fields(ld, &f, "the lesson", LESSON_FIELDS);
	const cJSON *schema = get_field(ld, &f, F_SCHEMA, "the lesson", false);
	if (schema != NULL && !cJSON_IsString(schema))
		wrong_type(ld, schema, "$schema", "a string");
	int format = 0;
	pt_pos format_pos;
	if (get_int(ld, &f, F_FORMAT, "the lesson", true, &format, &format_pos) &&
	    (format < PT_FORMAT_OLDEST || format > PT_FORMAT_VERSION))
		diags_add(ld->diags, ld->name, format_pos, PT_ERROR,
		    "unsupported format %d; this paratutor reads formats %d and %d", format,
		    PT_FORMAT_OLDEST, PT_FORMAT_VERSION);
	get_text(ld, &f, F_ID, "the lesson", true, &lesson->id);
	get_text(ld, &f, F_TITLE, "the lesson", true, &lesson->title);
	get_text(ld, &f, F_SUMMARY, "the lesson", true, &lesson->summary);
	get_text(ld, &f, F_LANGUAGE, "the lesson", false, &lesson->language);
	lesson->attempts_pos = pos_value(ld, root);
	get_int(ld, &f, F_ATTEMPTS, "the lesson", false, &lesson->attempts, &lesson->attempts_pos);
	const cJSON *items = get_array(ld, &f, F_ITEMS, "the lesson", true);
	if (items == NULL)
		return lesson;
	lesson->items_pos = pos_value(ld, items);
	const pt_convert *cv = ld->cv;
	bool apart = cv->items_rec != SIZE_MAX && items->valueint >= 0 && (size_t)items->valueint == cv->items_rec;
	size_t n = apart ? cv->n_items_apart : (size_t)cJSON_GetArraySize(items);
	lesson->items = model_calloc(ld, n + 1, sizeof *lesson->items);
	if (lesson->items == NULL)
		return lesson;
	if (apart) {
		for (size_t k = 0; k < n && !ld->failed; k++) {
			const cJSON *it = cv->item_apart(cv->ctx, k);
			if (it == NULL)
				ld->failed = true;
			else
				load_element(ld, it, lesson);
		}
		return lesson;
	}
	const cJSON *it;
	cJSON_ArrayForEach(it, items)
		load_element(ld, it, lesson);
	return lesson;
}


void convert_init(void)
{
	field_slots_build();
}

pt_lesson *convert_lesson(const pt_convert *cv, const cJSON *root, bool *no_memory)
{
	loader ld = { .cv = cv, .name = cv->name, .diags = cv->diags, .model = arena_new() };
	*no_memory = ld.model == NULL;
	pt_lesson *lesson = ld.model != NULL ? build_lesson(&ld, root) : NULL;
	if (ld.failed) {
		*no_memory = true;
		lesson = NULL;
	}
	if (lesson == NULL)
		arena_free(ld.model);
	return lesson;
}

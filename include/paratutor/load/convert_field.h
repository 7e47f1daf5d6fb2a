/* convert_field.h - reading the members of a parsed lesson object.
 *
 * Internal to the loader (convert.c, convert_kinds.c): the table of the
 * format's field names, looking an object's members up once, and reading
 * each value into the lesson's arena with its position, reporting
 * structural problems as diagnostics.  Strings returned live in the
 * lesson's arena (pt_loader.model); nothing keeps a pointer into the
 * tree. */
#ifndef PARATUTOR_CONVERT_FIELD_H
#define PARATUTOR_CONVERT_FIELD_H

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "paratutor/base/arena.h"
#include "paratutor/load/convert.h"
#include "paratutor/model/lesson.h"
#include "paratutor/load/scan.h"

/* One conversion: what it reads, and the lesson it builds. */
typedef struct pt_loader {
	const pt_convert *cv;
	const char *name;
	pt_diags *diags;
	pt_arena *model;     /* where the lesson being built lives */
	int format;          /* the lesson's format (the newest when unreadable) */
	bool failed;         /* out of memory */
	const pt_lesson *lesson; /* the lesson being built (its declared concepts) */
} pt_loader;

/* Every field name of the format.  The order agrees with the order of
 * each object's own list in the format reference, so "did you mean"
 * picks the same name whichever object it looks at. */
typedef enum pt_field {
	F_SCHEMA, F_FORMAT, F_ID, F_TITLE, F_SUMMARY, F_KIND, F_DIFFICULTY,
	F_PROMPT, F_HINTS, F_MISTAKES, F_EXPLANATION, F_SOLUTION, F_ATTEMPTS,
	F_LANGUAGE, F_ITEMS, F_NOTE, F_SOURCE, F_REFERENCES, F_CODE, F_BANK,
	F_BLANKS, F_OPTIONS, F_STEPS, F_ANSWER, F_CHECK, F_URL, F_ACCEPT,
	F_TEXT, F_CORRECT, F_FEEDBACK,
	/* format 2 */
	F_SHUFFLE, F_CHOOSE, F_EDITOR_NOTE, F_PSEUDO_CODE, F_VALUE, F_TOLERANCE,
	F_RELATIVE, F_MIN, F_MAX, F_UNITS, F_WRONG, F_CASE_SENSITIVE, F_PAIRS,
	F_LEFT, F_RIGHT, F_DISTRACTORS, F_VERSION, F_TAGS, F_FIGURE, F_CONCEPTS, F_KNOBS, F_GOAL, N_FIELDS
} pt_field;

/* Returns field k's name as written in a lesson. */
const char *field_name(pt_field k);

#define BIT(f) (1ull << (f))
#define LESSON_FIELDS (BIT(F_SCHEMA) | BIT(F_FORMAT) | BIT(F_ID) | BIT(F_TITLE) | \
	BIT(F_SUMMARY) | BIT(F_ATTEMPTS) | BIT(F_LANGUAGE) | BIT(F_ITEMS) | BIT(F_CONCEPTS))
#define COMMON_ITEM_FIELDS (BIT(F_ID) | BIT(F_KIND) | BIT(F_DIFFICULTY) | BIT(F_PROMPT) | \
	BIT(F_HINTS) | BIT(F_MISTAKES) | BIT(F_EXPLANATION) | BIT(F_SOLUTION) | \
	BIT(F_ATTEMPTS) | BIT(F_LANGUAGE) | BIT(F_NOTE) | BIT(F_SOURCE) | BIT(F_REFERENCES) | \
	BIT(F_EDITOR_NOTE) | BIT(F_VERSION) | BIT(F_TAGS) | BIT(F_FIGURE))
#define FILL_FIELDS (COMMON_ITEM_FIELDS | BIT(F_CODE) | BIT(F_BANK) | BIT(F_BLANKS) | \
	BIT(F_SHUFFLE) | BIT(F_PSEUDO_CODE))
#define CHOICE_FIELDS (COMMON_ITEM_FIELDS | BIT(F_OPTIONS) | BIT(F_SHUFFLE))
#define MULTI_FIELDS (CHOICE_FIELDS | BIT(F_CHOOSE))
#define NUMERIC_FIELDS (COMMON_ITEM_FIELDS | BIT(F_ANSWER) | BIT(F_UNITS) | BIT(F_WRONG))
#define TEXT_FIELDS (COMMON_ITEM_FIELDS | BIT(F_ACCEPT) | BIT(F_CASE_SENSITIVE) | BIT(F_WRONG))
#define MATCH_FIELDS (COMMON_ITEM_FIELDS | BIT(F_PAIRS) | BIT(F_DISTRACTORS) | BIT(F_SHUFFLE))
#define ORDER_FIELDS (COMMON_ITEM_FIELDS | BIT(F_STEPS))
#define EXPLORE_FIELDS (COMMON_ITEM_FIELDS | BIT(F_KNOBS) | BIT(F_GOAL) | BIT(F_WRONG))
#define ANY_ITEM_FIELDS (FILL_FIELDS | MULTI_FIELDS | NUMERIC_FIELDS | TEXT_FIELDS | \
	MATCH_FIELDS | ORDER_FIELDS | EXPLORE_FIELDS)
/* Item fields only a format-2 file may use. */
#define FORMAT2_ITEM_FIELDS (BIT(F_SHUFFLE) | BIT(F_CHOOSE) | BIT(F_EDITOR_NOTE) | BIT(F_PSEUDO_CODE) | \
	BIT(F_VERSION) | BIT(F_TAGS) | BIT(F_FIGURE))
#define SOLUTION_FIELDS (BIT(F_STEPS) | BIT(F_ANSWER) | BIT(F_CHECK))
#define REFERENCE_FIELDS (BIT(F_TITLE) | BIT(F_URL))
#define BLANK_FIELDS (BIT(F_ACCEPT) | BIT(F_FEEDBACK))
#define OPTION_FIELDS (BIT(F_TEXT) | BIT(F_CORRECT) | BIT(F_FEEDBACK))
#define RANGE_FIELDS (BIT(F_VALUE) | BIT(F_TOLERANCE) | BIT(F_RELATIVE) | BIT(F_MIN) | BIT(F_MAX))
#define WRONG_RANGE_FIELDS (RANGE_FIELDS | BIT(F_FEEDBACK))
#define WRONG_ANSWER_FIELDS (BIT(F_ANSWER) | BIT(F_FEEDBACK))
#define PAIR_FIELDS (BIT(F_LEFT) | BIT(F_RIGHT) | BIT(F_FEEDBACK))
#define STEP_FIELDS (BIT(F_TEXT) | BIT(F_FEEDBACK))

/* An object's members looked up once: the first member of each field the
 * object may have, or NULL. */
typedef struct pt_fields {
	const cJSON *obj;
	const cJSON *v[N_FIELDS];
} pt_fields;

/* Returns the recorded positions of node, or NULL when unknown. */
const pt_scan_pos *field_record(const pt_loader *ld, const cJSON *node);

/* Returns where node's value starts. */
pt_pos field_pos(const pt_loader *ld, const cJSON *node);

/* Returns where node's key starts (its value when it has no key). */
pt_pos field_key_pos(const pt_loader *ld, const cJSON *node);

/* Returns a copy of s in the lesson's arena (NULL, and ld->failed, when
 * out of memory). */
char *field_strdup(pt_loader *ld, const char *s);

/* Returns n zeroed elements of size bytes in the lesson's arena. */
void *field_calloc(pt_loader *ld, size_t n, size_t size);

/* Names a cJSON value's type for messages ("a string", "an object"...). */
const char *field_type_name(const cJSON *v);

/* Fills f with obj's members of the allowed fields; reports nothing. */
void field_scan(const cJSON *obj, unsigned long long allowed, pt_fields *f);

/* Warns about members of f's object outside allowed (suggesting the
 * nearest allowed field the object lacks) and reports fields given twice. */
void field_check_names(pt_loader *ld, const pt_fields *f, const char *what, unsigned long long allowed);

/* Returns field k of f's object, reporting it when required and missing. */
const cJSON *field_get(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required);

/* Returns a string node's characters and sets *len to their count. */
const char *field_string(const cJSON *v, size_t *len);

/* Returns a string value's characters cut to size bytes in buf, or "" for
 * a value that is no string. */
const char *field_string_cut(const cJSON *v, char *buf, size_t size);

/* Reports that the value v of the field called name is not want. */
void field_wrong_type(pt_loader *ld, const cJSON *v, const char *name, const char *want);

/* Copies a string value into out, checking type, UTF-8 and emptiness;
 * returns false when it is not a usable string. */
bool field_take_text(pt_loader *ld, const cJSON *v, const char *name, pt_text *out);

/* Reads an optional or required string member. */
void field_text(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required, pt_text *out);

/* Reads an array of strings into list. */
void field_text_list(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required,
    pt_text_list *list);

/* Reads a whole-number member; returns whether it was present and valid. */
bool field_int(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required,
    int *out, pt_pos *pos);

/* Writes number node v into buf as the file writes it ("1058000",
 * "1.058e6"); when the text is not at hand, the shortest form that reads
 * back.  Returns buf. */
const char *field_number_text(const pt_loader *ld, const cJSON *v, char *buf, size_t size);

/* Reads a finite number member; returns whether it was present and valid. */
bool field_number(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required,
    double *out);

/* Reads a boolean member into *out (left alone when absent or wrong). */
void field_bool(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool *out);

/* Reads an object member, reporting a wrong type. */
const cJSON *field_object(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required);

/* Reads an array member, reporting a wrong type. */
const cJSON *field_array(pt_loader *ld, const pt_fields *f, pt_field k, const char *what, bool required);

/* Matches a required string member against names; returns the index or -1. */
int field_enum(pt_loader *ld, const pt_fields *f, pt_field k, const char *what,
    const char *const *names, const char *choices);

/* Reads an object mapping strings to feedback (a blank's or a match
 * pair's "feedback") into *out and *n, reporting keys given twice. */
void field_feedback_map(pt_loader *ld, const cJSON *map, const char *where, pt_feedback **out, size_t *n);

#endif

/* xapi_parts.h - what the report layer's xAPI files share: xapi.c (the
 * statements of a store), xapi_define.c (the activities they are about)
 * and xapi_read.c (statements read back).  Internal to the report layer. */
#ifndef PARATUTOR_XAPI_PARTS_H
#define PARATUTOR_XAPI_PARTS_H

#include <stdbool.h>

#include <cJSON.h>

#include "paratutor/model/lesson.h"
#include "paratutor/report/xapi.h"

#define VERB_BASE "http://adlnet.gov/expapi/verbs/"
#define TYPE_INTERACTION "http://adlnet.gov/expapi/activities/cmi.interaction"
#define TYPE_LESSON "http://adlnet.gov/expapi/activities/lesson"
#define NAME_BYTES 100 /* an item's name: the prompt cut to about this */
#define RESPONSE_SEP "[,]"
#define UUID_TEXT 37 /* a UUID's standard form and its NUL */

/* What building the statements of one store shares. */
typedef struct xapi_ctx {
	const pt_xapi_options *o;
	const pt_progress *p;
	char *base;     /* the activity base, ending in '/' */
	char *ifi;      /* the learner's identity, for UUID names */
	cJSON *arr;     /* the statements */
} xapi_ctx;

/* Returns a new printf-style string, or NULL when out of memory. */
char *PT_PRINTF(1, 2) xapi_format(const char *fmt, ...);

/* Adds {"en": text} under key; false when out of memory. */
bool xapi_add_lang(cJSON *o, const char *key, const char *text);

/* Returns a new activity object for the lesson (iri; name its title, or
 * its id when lesson is NULL); NULL when out of memory. */
cJSON *xapi_lesson_activity(const char *iri, const pt_lesson *lesson, const char *id);

/* Returns the right answer of a current item in xAPI's response form (the
 * correct choices' ids, or each blank's accepted text, joined by "[,]";
 * a number, matching or sequencing answer for those kinds) as a new
 * string; NULL when it has none this form can give or when out of
 * memory. */
char *xapi_right_answer(const pt_item *item);

/* Adds the record's wrong answers (any pass) as the wrong-answers
 * extension of ext, each bank pick of a fill, match or order item with
 * the blank, pair or position it was put in (when the store kept it);
 * nothing when there are none.  False when out of memory. */
bool xapi_add_wrong_answers(const xapi_ctx *x, cJSON *ext, const pt_item *item, const pt_record *r);

/* Adds the item's activity as "object": its definition from the catalog
 * (item may be NULL: then named by its id, of type other); choices and
 * the correct response only when current.  False when out of memory. */
bool xapi_add_item_object(cJSON *st, const char *iri, const pt_item *item, const char *id, bool current);

#endif

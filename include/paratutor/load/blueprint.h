/* blueprint.h - an exam blueprint: each lesson's share of a paper, as a
 * certification exam guide gives each domain's weight.  A JSON file:
 *
 *   { "blueprint": 1,
 *     "shares": { "dp-vs-mp": 40, "collectives": 35, "zero": 25 } }
 *
 * "blueprint" is the format (1) and what makes the file recognisable;
 * "shares" maps lesson ids to percentages above 0 that add up to 100.
 * Every fault is a diagnostic at its line and column (diag.h).  Whether
 * the lessons exist is for whoever has the catalog (blueprint_check_ids
 * in catalog.h's terms: the caller passes a lookup).  Pure apart from
 * reading the file: no printing, no process-wide state. */
#ifndef PARATUTOR_BLUEPRINT_H
#define PARATUTOR_BLUEPRINT_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/base/diag.h"
#include "paratutor/model/lesson.h"

#define PT_BLUEPRINT_MAX_BYTES (1024 * 1024)

/* One lesson's share. */
typedef struct pt_blueprint_share {
	char *lesson;    /* lesson id */
	double percent;  /* above 0, at most 100 */
	pt_pos pos;      /* where its lesson id is written */
} pt_blueprint_share;

typedef struct pt_blueprint {
	char *path;      /* the file, as named */
	pt_blueprint_share *v;
	size_t n;
} pt_blueprint;

/* Returns true when text looks like a blueprint: a JSON object with a
 * "blueprint" member (so --check reads it as one, not as a lesson). */
bool blueprint_recognise(const char *text, size_t len);

/* Reads the blueprint in text (named name in diagnostics) into bp, adding
 * every fault to diags.  Returns true when it holds no error.  Either way
 * bp holds the shares that could be read: free it with blueprint_free. */
bool blueprint_parse(pt_blueprint *bp, const char *name, const char *text, size_t len, pt_diags *diags);

/* Reads the file at path and parses it; a file that cannot be read is a
 * diagnostic too. */
bool blueprint_load(pt_blueprint *bp, const char *path, pt_diags *diags);

/* Reports, at its position, each lesson of bp for which known() says no
 * lesson has the id, with the nearest id of names[] (n_names) when one is
 * close.  Returns the number of unknown lessons. */
size_t blueprint_check_ids(const pt_blueprint *bp, bool (*known)(const void *ctx, const char *id),
    const void *ctx, const char *const *names, size_t n_names, pt_diags *diags);

/* Frees what bp owns; it is then empty. */
void blueprint_free(pt_blueprint *bp);

#endif

/* catalog.h - the set of lessons found on the search path.
 *
 * A catalog owns its entries, their lessons and diagnostics; free it with
 * catalog_free(). */
#ifndef PARATUTOR_CATALOG_H
#define PARATUTOR_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/diag.h"
#include "paratutor/lesson.h"

typedef struct pt_entry {
	char *path;
	pt_lesson *lesson; /* NULL when the file could not be loaded at all */
	pt_diags diags;    /* this file's diagnostics, sorted */
	bool broken;       /* has at least one error */
} pt_entry;

typedef struct pt_catalog {
	pt_entry *v;
	size_t n;
	size_t cap;
} pt_catalog;

/* Loads and validates a lesson file, or every *.json file (except
 * lesson.schema.json) in a directory, in name order.  With shadow set, a
 * lesson whose id is already in the catalog is skipped instead of being
 * reported as a duplicate.  Returns false and sets *why (static words)
 * when path cannot be read at all, or is neither a regular file nor a
 * directory (a FIFO, device or socket is refused at once, not read). */
bool catalog_add_path(pt_catalog *c, const char *path, bool shadow, const char **why);

/* Reloads entry index from its file, replacing its lesson and diagnostics. */
bool catalog_reload(pt_catalog *c, size_t index);

/* Returns the entry whose lesson has the given id, or NULL. */
pt_entry *catalog_find(const pt_catalog *c, const char *id);

/* Returns the total number of errors and warnings across entries. */
void catalog_count(const pt_catalog *c, size_t *errors, size_t *warnings);

/* Fills dirs (up to max) with the default lesson directories that exist:
 * the source tree's content/ (when run from it), $XDG_DATA_HOME/paratutor/
 * lessons, then the installed lessons.  Strings are static or point into
 * buf.  Returns how many were found. */
size_t catalog_default_dirs(const char **dirs, size_t max, char *buf, size_t size);

/* Releases everything. */
void catalog_free(pt_catalog *c);

#endif

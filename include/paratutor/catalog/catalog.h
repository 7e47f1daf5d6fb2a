/* catalog.h - the set of lessons found on the search path.
 *
 * A catalog owns its entries, their lessons, infos and diagnostics; free
 * it with catalog_free().
 *
 * Without an index (the default) every lesson is loaded and validated
 * when it is added.  With one (catalog_use_index), a lesson file whose
 * key matches the index is not loaded: its entry has the info and the
 * diagnostics the index kept, and its lesson is loaded and validated in
 * full only when catalog_lesson() asks for it.  Whatever needs the model
 * (items, options, feedback) goes through catalog_lesson(); the menu and
 * the progress stats need only the info. */
#ifndef PARATUTOR_CATALOG_H
#define PARATUTOR_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/base/diag.h"
#include "paratutor/catalog/index.h"
#include "paratutor/model/lesson.h"
#include "paratutor/model/tags.h"

typedef struct pt_entry {
	char *path;
	pt_lesson *lesson;    /* the model: NULL until loaded, or when the file gives none */
	pt_lesson_info *info; /* id, title, summary, items; NULL when the file gives no lesson */
	pt_diags diags;       /* this file's diagnostics, sorted */
	bool broken;          /* has at least one error */
	bool loaded;          /* lesson and diags come from loading the file */
	bool indexed;         /* info and diags came from an index (until loaded) */
	bool info_in_arena;   /* info lives in the catalog's index_arena, not its own block */
} pt_entry;

typedef struct pt_catalog {
	pt_entry *v;
	size_t n;
	size_t cap;
	char *index_dir;      /* where index files go; NULL: no index */
	char *index_tag;      /* names the program that writes them */
	pt_arena *index_arena; /* the infos taken from index files */
	bool (*keep)(const pt_lesson *); /* see catalog_keep_only */
	size_t *by_id;        /* open addressing: entry index + 1 of each id's first entry, 0 empty */
	size_t id_cap;        /* slots in by_id (a power of two), 0 without the table */
	size_t from_index;    /* entries taken from an index */
	size_t index_written; /* index files written */
	size_t dirs_listed;   /* directories whose files an index listed, unread */
	char **shadowed;      /* "FILE:LINE:COL: note: ..." per lesson skipped for an earlier one's id */
	size_t n_shadowed;
	size_t shadowed_cap;
	pt_tags tags;         /* the concept tags: bundled, then those its course and lessons declare */
} pt_catalog;

/* Loads and validates a lesson file, or every *.json file (except
 * lesson.schema.json) in a directory, in name order.  With shadow set, a
 * lesson whose id is already in the catalog is skipped instead of being
 * reported as a duplicate (and named in the catalog's shadowed lines).  Returns false and sets *why (static words)
 * when path cannot be read at all, or is neither a regular file nor a
 * directory (a FIFO, device or socket is refused at once, not read). */
bool catalog_add_path(pt_catalog *c, const char *path, bool shadow, const char **why);

/* Makes later catalog_add_path calls on directories use an index file in
 * dir (see index.h), written by the program named tag.  Returns false
 * when out of memory (the catalog then works without an index). */
bool catalog_use_index(pt_catalog *c, const char *dir, const char *tag);

/* Makes later catalog_add_path calls free each lesson right after it is
 * validated unless keep(lesson) is true: its entry keeps its info and
 * diagnostics, and its lesson is NULL (for --check, which needs only
 * those: memory then holds one lesson per loading thread, not all). */
void catalog_keep_only(pt_catalog *c, bool (*keep)(const pt_lesson *));

/* Reloads entry index from its file, replacing its lesson, info and
 * diagnostics (a duplicate id of an earlier entry is reported again).
 * Returns false when the entry is broken. */
bool catalog_reload(pt_catalog *c, size_t index);

/* Returns the lesson of entry index, loading and validating it first when
 * it came from an index; NULL when the file gives no lesson.  The entry's
 * info, diagnostics and broken flag then describe the file as loaded
 * (the same as the index said, unless the file changed since). */
pt_lesson *catalog_lesson(pt_catalog *c, size_t index);

/* Loads every lesson that is not broken and came from the index (as
 * catalog_lesson), for what draws on all of them: an exam. */
void catalog_load_all(pt_catalog *c);

/* Returns the entry whose lesson has the given id, or NULL. */
pt_entry *catalog_find(const pt_catalog *c, const char *id);

/* Returns the total number of errors and warnings across entries. */
void catalog_count(const pt_catalog *c, size_t *errors, size_t *warnings);

/* Fills dirs (up to max) with the lesson directories the tutor searches
 * after those given or configured, those that exist, in order:
 * $XDG_DATA_HOME/paratutor/lessons (~/.local/share/...), each
 * $XDG_DATA_DIRS/paratutor/lessons (/usr/local/share:/usr/share), then
 * the bundled lessons (the source tree's content/ when run from it, else
 * the installed folder).  Strings are static or point into buf.  Returns
 * how many were found. */
size_t catalog_default_dirs(const char **dirs, size_t max, char *buf, size_t size);

/* Releases everything. */
void catalog_free(pt_catalog *c);

#endif

/* progress_data.h - the progress store's data in memory, shared by the
 * progress modules (app/core/store/progress_*.c) and by nothing else.
 *
 * A store_data owns its records (sorted by lesson id, then item id) and its
 * lesson states (sorted by id); data_free() releases them.  Record and
 * lesson state pointers stay valid until the next insertion or removal. */
#ifndef PARATUTOR_PROGRESS_DATA_H
#define PARATUTOR_PROGRESS_DATA_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "paratutor/base/diag.h"
#include "paratutor/store/progress.h"

#define PT_PROGRESS_NOTICE_SIZE (PT_PROGRESS_PATH_MAX + 512)

/* An answer being composed on one item (progress_draft.c): its slots as
 * "" (empty), "=TEXT" (locked right) or "+TEXT". */
typedef struct draft_entry {
	char *item;
	char **slots;
	size_t n;
} draft_entry;

/* Per-lesson state kept beside the records. */
typedef struct lesson_state {
	char *id;
	char *position;      /* current item id, or NULL */
	bool position_dirty; /* set here since the last save */
	time_t reset_at;     /* last reset; 0 when never */
	int attempt;         /* the current attempt (0 or 1: the first; a reset starts the next) */
	bool filter_disk;    /* merge scratch: drop older disk records */
	draft_entry *drafts; /* sorted by item id */
	size_t n_drafts;
	bool drafts_dirty;   /* changed here since the last save */
} lesson_state;

/* Records sorted by (lesson, item) and lesson states sorted by id. */
typedef struct store_data {
	pt_record *rec;
	size_t n_rec;
	size_t cap_rec;
	lesson_state *les;
	size_t n_les;
	size_t cap_les;
	unsigned long long salt; /* the learner's shuffle salt, when has_salt */
	bool has_salt;
	pt_exam_record *exams;   /* finished, by finishing time then id */
	size_t n_exams;
	size_t cap_exams;
	pt_exam_record *open_exam; /* the exam still running, or NULL */
	bool open_dirty;         /* open_exam set or cleared here since the last save */
} store_data;

struct pt_progress {
	char *path;      /* NULL for a plain memory store */
	char *dir;
	char *base;      /* file name part of path */
	char *lock_path;
	bool persistent;
	bool dirty;
	store_data d;
	int exam_hold;   /* the exam lock's descriptor + 1 while this tutor holds the open exam; 0 not */
	int exam_name;   /* the exam hold's abstract socket descriptor + 1 while held (progress_hold.c) */
	pt_fsrs fsrs;    /* the review schedule's parameters */
	char notice[PT_PROGRESS_NOTICE_SIZE];
};

/* Writes a printf-style message into buf when buf is not NULL. */
static inline void PT_PRINTF(3, 4) progress_say(char *buf, size_t size, const char *fmt, ...)
{
	if (buf == NULL || size == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

/* ---- records and lesson states (progress_data.c) ----------------------- */

/* Frees what a record owns and zeroes it. */
void record_free(pt_record *r);

/* Adds text to the record's wrong options unless present or PT_MAX_WRONG
 * are kept; false on OOM. */
bool record_add_wrong(pt_record *r, const char *text);

/* Returns a copy of s (caller frees) that is valid UTF-8, each invalid
 * byte replaced by U+FFFD, after prefix_room bytes left for the caller;
 * NULL when out of memory.  Text a learner typed goes through it before it
 * is stored, so the store stays valid JSON. */
char *data_text_dup(const char *s, size_t prefix_room);

/* Adds a placed wrong pick ("N:text", see progress_wrong_place) unless
 * present or PT_MAX_WRONG are kept; one not of that form is ignored.
 * False on OOM. */
bool record_add_wrong_at(pt_record *r, const char *placed);

/* Forgets r's wrong picks. */
void record_clear_wrong(pt_record *r);
/* Opens a zeroed record slot at index at of d; returns it or NULL when
 * out of memory. */
pt_record *data_insert_at(store_data *d, size_t at);
/* Frees and removes the record at index at of d. */
void data_remove_at(store_data *d, size_t at);

/* Binary search: returns true when lesson/item is found, with *at its
 * index; else *at is where it would be inserted. */
bool data_search(const store_data *d, const char *lesson, const char *item, size_t *at);

/* Returns the record for lesson/item, or NULL (also for NULL ids). */
pt_record *data_find(const store_data *d, const char *lesson, const char *item);

/* Returns the lesson state for id, or NULL. */
lesson_state *data_lesson(const store_data *d, const char *id);

/* Returns the lesson state for id, adding an empty one when missing; NULL
 * when out of memory. */
lesson_state *data_lesson_get(store_data *d, const char *id);

/* ---- a whole copy: merging and freeing (progress_merge.c) ------------- */

/* Adds record k (taking what it owns) to d: a new key is inserted, a key
 * already there is merged as by data_merge().  Returns false when out of
 * memory; k is freed either way. */
bool data_add(store_data *d, pt_record *k);

/* Merges disk into mem (mem becomes the union, as progress_save()
 * describes; resets: the later reset of a lesson drops the other side's
 * records checked at or before it); disk is emptied.  Returns false when
 * out of memory. */
bool data_merge(store_data *mem, store_data *disk);

/* Marks everything in d as saved (no pending time, checks or positions). */
void data_mark_saved(store_data *d);

/* Frees everything in d and empties it. */
void data_free(store_data *d);

/* ---- drafts (progress_draft.c) ------------------------------------------ */

/* Frees a lesson state's drafts. */
void drafts_free(lesson_state *l);

/* Sets item's draft in l to the n encoded slots (copied); n == 0 removes
 * it.  Returns false when out of memory. */
bool drafts_put(lesson_state *l, const char *item, char *const *slots, size_t n);

/* Merges disk's drafts of one lesson into mem's: mem's stay when changed
 * here since the last save (and take_disk is false), else disk's replace
 * them. */
void drafts_merge(lesson_state *ml, lesson_state *dl, bool take_disk);
/* ---- exams (progress_exam.c) ------------------------------------------ */

/* Frees what an exam record owns and zeroes it. */
void exam_record_free(pt_exam_record *r);

/* Adds finished exam r (taking what it owns) unless one with its id is
 * there; drops the open exam with that id.  False when out of memory (r
 * is freed either way). */
bool exam_data_add_done(store_data *d, pt_exam_record *r);

/* Makes r (a malloc'd record, taken) the open exam; NULL clears it. */
void exam_data_set_open(store_data *d, pt_exam_record *r);

/* Merges disk's exams into mem as progress_exam.h describes; takes what
 * disk's exams own.  False when out of memory. */
bool exam_data_merge(store_data *mem, store_data *disk);

/* Frees every exam of d. */
void exam_data_free(store_data *d);

#endif

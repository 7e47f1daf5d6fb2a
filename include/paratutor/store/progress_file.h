/* progress_file.h - the progress store's JSON text: parsing it into store
 * data and printing store data as it.  Internal to the progress modules.
 *
 * The file:
 *   { "format": 1, "salt": SALT,
 *     "lessons": { LESSON-ID: { "position": ITEM-ID, "reset_at": T,
 *                               "drafts": { ITEM-ID: [SLOT, ...], ... },
 *                               "items": { ITEM-ID: RECORD, ... } }, ... } }
 * SALT: the learner's shuffle salt, 16 hex digits.  SLOT: "" (empty),
 * "=TEXT" (a blank found right and locked) or "+TEXT": an answer filled in
 * but not checked (see draft.h).
 * RECORD: "hash" (16 hex digits), "outcome" of the lesson result (open,
 * first_time, with_hints, retries, failed), "attempts", "hints", "wrong"
 * (option texts), "first_seen", "last_seen", "pass_start", "time_spent",
 * "box", "due" (absent until the item is first finished),
 * "scheduled_at" (when box and due were last set; files written before it
 * existed lack it, and it is then taken as last_seen), "pass" (the pass
 * of the latest check, absent when 0), "attempt" (the lesson attempt the
 * result belongs to, absent when 1), "first" (attempt 1's result once a
 * later attempt began: "outcome", "attempts", "hints") and "exam_first"
 * (true when an exam showed the item before attempt 1 finished it; absent
 * when false) and "key_hash" (16 hex digits: lesson_item_key_hash when
 * recorded, so a later version with the same right answers keeps the
 * record; absent in older files).  "key_seen", written by older paratutors, is read and
 * ignored.  A lesson's "attempt" is its current attempt (absent when 1).
 * Times are seconds
 * since the epoch.  Members a reader does not know are ignored, so older
 * paratutors read these files too. */
#ifndef PARATUTOR_PROGRESS_FILE_H
#define PARATUTOR_PROGRESS_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/store/progress_data.h"

struct cJSON;

typedef enum file_rc {
	FILE_OK,
	FILE_NOT_JSON, /* not one JSON value: why says so in words for anyone (where, by line and column) */
	FILE_DAMAGED, /* not a store: why says what is wrong, naming lessons, items and fields */
	FILE_NEWER,   /* written by a newer paratutor: *format says which */
	FILE_NOMEM
} file_rc;

/* Parses the store text (len bytes) into d, which must be empty.  On
 * FILE_NOT_JSON and FILE_DAMAGED why says what is wrong; on FILE_NEWER *format is the file's format.  d is empty again
 * on any failure.  An exam that could not have been written (started or
 * finished after now, when now is not 0; a time left beyond its limit; an
 * item counted right with no answer kept) is damage too. */
file_rc file_parse(const char *text, size_t len, store_data *d, int *format,
    char *why, size_t whylen, time_t now);

/* Returns d as the store's JSON text (free it with file_text_free), or
 * NULL when out of memory: indented, or compact when the indented text
 * would be over PT_PROGRESS_MAX_SIZE, so what the reader took in fits
 * again unless it grew. */
char *file_print(const store_data *d);

/* Frees a text from file_print(); NULL is allowed. */
void file_text_free(char *text);

/* Adds to JSON object o an array named name of the n strings in v; returns
 * false when out of memory (progress_file_exam.c).  (The report writes its
 * arrays so too.) */
bool file_add_strings(struct cJSON *o, const char *name, char *const *v, size_t n);

/* Appends a new empty object to the JSON array arr and returns it; NULL,
 * nothing appended, when out of memory (progress_file_exam.c).  (The
 * reports build their rows so too.) */
struct cJSON *file_add_object(struct cJSON *arr);

/* Adds to obj a number member; false when out of memory
 * (progress_file_exam.c). */
bool file_add_num(struct cJSON *obj, const char *name, double v);

/* Adds to o a member of v in 16 hex digits (the hashes and seeds); false
 * when out of memory (progress_file_exam.c). */
bool file_add_hex(struct cJSON *o, const char *name, unsigned long long v);

/* Adds the "exams" member of d's text to root when there are any
 * (progress_file_exam.c); false when out of memory. */
bool file_add_exams(struct cJSON *root, const store_data *d);

#endif

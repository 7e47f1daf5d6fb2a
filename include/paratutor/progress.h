/* progress.h - the learner's progress store: what was checked, how it went,
 * where each lesson was left, and when each item is due for review.
 *
 * One JSON file ("format": 1) holds per-item records keyed by lesson id and
 * item id, each with the hash of the item's graded content
 * (lesson_item_hash), so reordering or adding items keeps progress and
 * changing an answer resets that item alone.  Saving is atomic and safe with
 * several tutors running at once: lock, re-read, merge, write a temporary
 * file, fsync, rename, fsync the directory.
 *
 * Ownership: a pt_progress owns every record and string in it; free it with
 * progress_close().  Pointers returned into it (records, positions) stay
 * valid until the next call that changes the store, progress_save()
 * included.  Lists returned by progress_due() and progress_misconceptions()
 * point into the catalog, which must outlive them.
 *
 * Time: nothing here reads the clock.  Every call that needs the time takes
 * `now` (seconds since the epoch) from the caller. */
#ifndef PARATUTOR_PROGRESS_H
#define PARATUTOR_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "paratutor/catalog.h"
#include "paratutor/grade.h"
#include "paratutor/lesson.h"
#include "paratutor/session.h"

#define PT_PROGRESS_FORMAT 1
#define PT_PROGRESS_MAX_SIZE (16u * 1024u * 1024u) /* larger files are refused */
#define PT_PROGRESS_LOCK_WAIT_MS 5000              /* then saving gives up */
#define PT_PROGRESS_PATH_MAX 4096

/* Leitner boxes: box 0 is due at once; boxes 1-5 wait 1, 3, 7, 21 and 60
 * days. */
#define PT_LEITNER_BOXES 6

typedef struct pt_progress pt_progress;

/* One item's record.  Read-only for callers. */
typedef struct pt_record {
	char *lesson;             /* lesson id */
	char *item;               /* item id */
	unsigned long long hash;  /* lesson_item_hash() when recorded */
	pt_outcome outcome;       /* of the latest pass; NONE while open */
	int attempts;             /* checks made in the latest pass */
	int hints;                /* hints shown in the latest pass */
	char **wrong;             /* texts of wrong options picked, every pass */
	size_t n_wrong;
	time_t first_seen;
	time_t last_seen;         /* time of the latest check */
	time_t pass_start;        /* first check of the latest pass */
	long time_spent;          /* seconds, summed across tutors */
	int box;                  /* Leitner box, 0-5 */
	bool scheduled;           /* due is set (the item was finished once) */
	time_t due;
	long time_pending;        /* bookkeeping: seconds added since the last save */
	bool checked_here;        /* bookkeeping: a check recorded since the last save */
} pt_record;

/* What progress_open() found. */
typedef struct pt_open_report {
	bool loaded;        /* an existing store file was read */
	bool memory_only;   /* nothing will be written this session */
	char moved_to[PT_PROGRESS_PATH_MAX]; /* where a damaged file went, or "" */
	char message[PT_PROGRESS_PATH_MAX + 512]; /* one warning to show, or "" */
} pt_open_report;

/* An item due for review; lesson and item point into the catalog. */
typedef struct pt_due {
	const pt_lesson *lesson;
	const pt_item *item;
	size_t index;   /* the item's index in lesson->items */
	time_t due;
	int box;
} pt_due;

typedef struct pt_due_list {
	pt_due *v;      /* owned; free with progress_due_free() */
	size_t n;
} pt_due_list;

/* A misconception met: the feedback of a wrong option (points into the
 * catalog) and how many times a learner picked an option leading to it. */
typedef struct pt_misconception {
	const char *feedback;
	size_t count;
} pt_misconception;

/* ---- the store file ---------------------------------------------------- */

/* Writes the default store path, $XDG_STATE_HOME/paratutor/progress.json
 * (else ~/.local/state/paratutor/progress.json), into buf.  Returns false
 * with a cause in err when no home directory is known or buf is too small. */
bool progress_default_path(char *buf, size_t size, char *err, size_t errlen);

/* Opens the store at path, creating its directory (mode 0700) when needed,
 * and loads it.  A damaged or unreadable file is renamed to
 * PATH.corrupt-YYYYmmdd-HHMMSS (UTC, from now; "-2", "-3"... when taken),
 * rep->moved_to says where, and a fresh store starts.  When the directory
 * cannot be written, the file is too large, or it was written by a newer
 * paratutor, the store works in memory only and leaves the file untouched.
 * rep->message then holds the one warning to show the learner.  A NULL path
 * gives a memory-only store with no warning.  Returns a new store (caller
 * frees with progress_close), or NULL when out of memory. */
pt_progress *progress_open(const char *path, time_t now, pt_open_report *rep);

/* Loads the store at path for reading only (for the instructor report):
 * creates, locks, moves and writes nothing.  When the file is missing or
 * cannot be used the store is empty, rep->loaded is false and
 * rep->message says why.  The store is memory-only.  Returns a new store
 * (caller frees with progress_close), or NULL when out of memory. */
pt_progress *progress_open_readonly(const char *path, pt_open_report *rep);

/* Frees the store without saving; NULL is allowed. */
void progress_close(pt_progress *p);

/* Returns the store's path, or NULL for a memory-only store opened so. */
const char *progress_path(const pt_progress *p);

/* Returns true when progress_save() writes to disk. */
bool progress_persistent(const pt_progress *p);

/* Returns true when the store has changes not yet saved. */
bool progress_dirty(const pt_progress *p);

/* Saves atomically: locks PATH.lock (flock; waits up to
 * PT_PROGRESS_LOCK_WAIT_MS), re-reads PATH, merges it with the changes made
 * here (per item the record of the later check wins, except that a pass
 * started before the other side completed the item never undoes that
 * completion; wrong options are united; time spent is summed; per lesson a
 * position set here wins), writes PATH.tmp-XXXXXX in the same directory,
 * fsyncs it, renames it over PATH and fsyncs the directory.  The store then
 * also holds what other tutors saved.  Does nothing in memory-only mode or
 * when nothing changed.  A damaged file found on disk is moved aside as in
 * progress_open() (named with the current time) and reported by
 * progress_take_notice().  Returns false with the cause in err; the
 * changes then stay pending for the next save. */
bool progress_save(pt_progress *p, char *err, size_t errlen);

/* Copies a pending one-time notice for the learner (e.g. a damaged file
 * was moved aside while saving, or saving switched to memory-only) into
 * buf and clears it.  Returns false when there is none. */
bool progress_take_notice(pt_progress *p, char *buf, size_t size);

/* ---- recording --------------------------------------------------------- */

/* Records item's grading state g after a check: call it once for each
 * grade_check() that returned PT_GRADE_OK.  A check on an item whose
 * record is finished starts a new pass (a review or a retry), so calling
 * it twice for the check that finished an item counts a second pass; while
 * the item is open a repeated call only updates the hints.  A check from a
 * pass begun before the item was completed (by another tutor, merged in
 * on save) does not undo that completion unless it finishes the item.
 * Finishing a pass moves the item between Leitner boxes: right first time
 * goes up one box and is due after that box's interval; right with hints
 * or retries, or failed, goes to box 0, due now.  Wrong options are stored
 * as their texts.  A record whose item hash changed starts over (keeping
 * its first sight and time spent).  With g->checks 0 only the record's
 * existence and the hints of an open pass are noted.  Returns false when
 * out of memory. */
bool progress_record_item(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, const pt_grade *g, time_t now);

/* Adds seconds of time spent on item (creating its record when needed).
 * Time added by several tutors is summed when they save.  Returns false
 * when out of memory. */
bool progress_add_time(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, long seconds, time_t now);

/* Sets the lesson's current item; NULL item_id clears it.  Returns false
 * when out of memory. */
bool progress_set_position(pt_progress *p, const char *lesson_id,
    const char *item_id);

/* Returns the lesson's stored current item id, or NULL. */
const char *progress_position(const pt_progress *p, const char *lesson_id);

/* Forgets every record and the position of a lesson.  Records another
 * tutor saved with a check at or before now are dropped when merging too.
 * Returns false when out of memory. */
bool progress_reset_lesson(pt_progress *p, const char *lesson_id, time_t now);

/* ---- reading ----------------------------------------------------------- */

/* Returns the record of lesson_id/item_id, or NULL. */
const pt_record *progress_find(const pt_progress *p, const char *lesson_id,
    const char *item_id);

/* Returns the records, sorted by lesson id then item id; *n gets their
 * count. */
const pt_record *progress_records(const pt_progress *p, size_t *n);

/* Fills a session's grading states from the records whose hash still
 * matches: finished items come back finished (solved ones with the right
 * answer in place) with their checks, hints and attempts left; an open pass
 * comes back with its checks, hints and attempts left.  An item whose hash
 * changed keeps a fresh state.  Sets s->current to the stored position when
 * that item is unfinished, else to the first unfinished item, else to the
 * stored position or 0.  Returns how many items were restored; *changed
 * (may be NULL) gets how many were reset because their item changed. */
size_t progress_restore(const pt_progress *p, pt_session *s, size_t *changed);

/* For the menu: *done items finished (with a matching hash) out of *total,
 * and *score, the mean item score over all items (grade_score), 0-100. */
void progress_lesson_stats(const pt_progress *p, const pt_lesson *lesson,
    size_t *done, size_t *total, int *score);

/* Fills out with the items due for review at now (finished at least once,
 * due at or before now, hash matching, in a lesson of the catalog that is
 * not broken), oldest due first.  Returns false when out of memory; free
 * the list with progress_due_free(). */
bool progress_due(const pt_progress *p, const pt_catalog *catalog, time_t now,
    pt_due_list *out);

/* Returns how many items progress_due() would list (for the menu). */
size_t progress_due_count(const pt_progress *p, const pt_catalog *catalog,
    time_t now);

/* Frees a due list and empties it. */
void progress_due_free(pt_due_list *list);

/* Fills out (up to max entries) with the misconceptions met most often,
 * most frequent first: the feedback texts of the wrong options picked,
 * counted across lessons (or within lesson_id when not NULL).  A fill
 * option's feedback is that of the first blank that does not accept it
 * and has feedback for it.  *n gets the number filled.  Returns false when
 * out of memory. */
bool progress_misconceptions(const pt_progress *p, const pt_catalog *catalog,
    const char *lesson_id, pt_misconception *out, size_t max, size_t *n);

/* Writes the instructor report to out, one row per record, format "csv"
 * (RFC 4180, CRLF line ends, header row) or "json" (an array of objects):
 * lesson, item, outcome (open, first_time, with_hints, retries, failed),
 * attempts, hints, wrong options (";"-joined in CSV), time_spent (seconds),
 * first_seen, last_seen (ISO 8601 UTC), item_status (current, changed when
 * the item's answer changed since, removed when the catalog lacks it;
 * catalog may be NULL).  Rows follow lesson id, then item order.  Returns
 * false with the cause in err for an unknown format or a write error. */
bool progress_report(const pt_progress *p, const pt_catalog *catalog,
    FILE *out, const char *format, char *err, size_t errlen);

/* Returns the stable word used in files and reports for an outcome. */
const char *progress_outcome_word(pt_outcome outcome);

/* Formats t as ISO 8601 UTC ("2024-05-01T12:00:00Z") into buf (at least
 * 21 bytes); t 0 gives "". */
void progress_format_time(time_t t, char *buf, size_t size);

/* ---- the Leitner schedule (schedule.c) --------------------------------- */

/* Returns the interval of box in days: 0, 1, 3, 7, 21, 60 (clamped). */
int schedule_interval_days(int box);

/* Applies a finished pass's outcome to *box and *due: right first time
 * moves up a box (at most the last) due after its interval; anything else
 * finished goes to box 0, due now.  PT_OUTCOME_NONE changes nothing. */
void schedule_apply(pt_outcome outcome, time_t now, int *box, time_t *due);

#endif

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
 * The store is split by concern; this header declares the store itself
 * (opening, saving, closing: progress_store.c) and includes the others,
 * so one include gives the whole API:
 *   progress_record.h  records: recording checks, reviews, time, positions
 *   progress_draft.h   unchecked answers, the shuffle salt, shown passes
 *   progress_exam.h    exams: the one running and the finished ones
 *   progress_view.h    resume point, menu stats, due list, misconceptions
 *   progress_report.h  the instructor report (CSV or JSON text)
 *   schedule.h         the review schedule (FSRS-6, fsrs.h)
 *
 * Ownership: a pt_progress owns every record and string in it; free it with
 * progress_close().  Pointers returned into it (records, positions) stay
 * valid until the next call that changes the store, progress_save()
 * included.
 *
 * Time: nothing here reads the clock except progress_save(), which names a
 * damaged file it moves aside with the current time.  Every other call that
 * needs the time takes `now` (seconds since the epoch) from the caller. */
#ifndef PARATUTOR_PROGRESS_H
#define PARATUTOR_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/store/progress_draft.h"
#include "paratutor/store/progress_exam.h"
#include "paratutor/store/progress_record.h"
#include "paratutor/store/progress_view.h"

#define PT_PROGRESS_FORMAT 1
#define PT_PROGRESS_MAX_SIZE (16u * 1024u * 1024u) /* larger files are refused */
#define PT_PROGRESS_LOCK_WAIT_MS 5000              /* then saving gives up */
#define PT_PROGRESS_PATH_MAX 4096

/* What progress_open() found. */
typedef struct pt_open_report {
	bool loaded;        /* an existing store file was read */
	bool memory_only;   /* nothing will be written this session */
	char moved_to[PT_PROGRESS_PATH_MAX]; /* where a damaged file went, or "" */
	char message[PT_PROGRESS_PATH_MAX + 512]; /* one warning to show, or "" */
	char learner[PT_PROGRESS_PATH_MAX + 512]; /* progress_open_readonly() of a damaged store: the warning
	                                           * in the learner's words (message names what is inside the
	                                           * file, for the reports), else "" */
} pt_open_report;

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
 * rep->message then holds the one warning to show the learner, in words of
 * theirs: what a damaged file holds is not named, only where a JSON error
 * is (by line and column).  A NULL path
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

/* Returns true when progress_save() writes to disk. */
bool progress_persistent(const pt_progress *p);

/* Returns true when the store has changes not yet saved. */
bool progress_dirty(const pt_progress *p);

/* Saves atomically: locks PATH.lock (flock; waits up to
 * PT_PROGRESS_LOCK_WAIT_MS), re-reads PATH, merges it with the changes made
 * here, writes PATH.tmp-XXXXXX in the same directory, fsyncs it, renames it
 * over PATH and fsyncs the directory.  Merging, per item: a finished lesson
 * result beats an open one (between two finished ones the earlier pass
 * wins, between open ones the one with more checks); the review state set
 * later wins; wrong options are united; time spent is summed; an item
 * whose hash differs takes the side checked later.  Per lesson a position
 * set here wins.  The store then also holds what other tutors saved.  Does
 * nothing in memory-only mode or when nothing changed.  A damaged file
 * found on disk is moved aside as in progress_open() (named with the
 * current time) and reported by progress_take_notice().  Returns false
 * with the cause in err; the changes then stay pending for the next
 * save. */
bool progress_save(pt_progress *p, char *err, size_t errlen);

/* Copies a pending one-time notice for the learner (e.g. a damaged file
 * was moved aside while saving, or saving switched to memory-only) into
 * buf and clears it.  Returns false when there is none. */
bool progress_take_notice(pt_progress *p, char *buf, size_t size);

#endif

/* progress_exam.h - exams in the progress store: the finished ones (the
 * history) and the one still running, kept through the same locked,
 * merged, atomic save as every record (progress_save).
 *
 * The file holds, beside "lessons", an "exams" object:
 *   { "open": EXAM, "done": [ EXAM, ... ] }
 * EXAM: "id", "seed" (16 hex digits), "shuffle", "started", "finished"
 * (0 while open), "limit" (seconds, 0 untimed), "left" (seconds left when
 * last saved, open only; a timed exam's deadline is "started" + "limit"),
 * "used" (seconds; while open, what an untimed exam used), "pass" (the pass
 * mark in percent), "timed_out", "current" (the item shown, open only),
 * "leaves" and "interruptions" (times the candidate left it, times a tutor
 * sitting it ended without leaving it), "sitting" (open only: a tutor was
 * sitting it at the last save), "retake_of" (a retake only: the "id" of
 * the finished exam whose paper it sits again) and
 * "items": [ { "lesson", "item", "hash" (16 hex digits, lesson_item_hash),
 * "marked", "answer" (texts, see exam_answer_texts: so far while open,
 * as submitted once finished), "result" (right, wrong or unanswered;
 * finished only) } ], and for a finished exam "answers_kept" (true: its
 * items keep the answers given; stores written before that kept none).  Older paratutors
 * ignore the member.  Merging: finished exams are united by id; of two
 * copies of the open exam the one changed here since the last save wins,
 * else the file's; an open exam whose id is among the finished ones is
 * dropped, so a submitted exam never comes back.
 *
 * Ownership: the store owns every record; pointers returned here stay
 * valid until the next call that changes the store, progress_save()
 * included.  Nothing here reads the clock: `now` comes from the caller. */
#ifndef PARATUTOR_PROGRESS_EXAM_H
#define PARATUTOR_PROGRESS_EXAM_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/learn/exam.h"

typedef struct pt_progress pt_progress;

/* What the history shows of one finished exam. */
typedef struct pt_exam_summary {
	time_t started, finished;
	double score;     /* 0..100 */
	int pass_percent;
	bool passed;
	size_t n_items;
	size_t retake_of; /* a retake: the number of the exam whose paper it sat again (from 1); 0 otherwise */
} pt_exam_summary;

/* One item of a stored exam. */
typedef struct pt_exam_entry {
	char *lesson;            /* lesson id */
	char *item;              /* item id */
	unsigned long long hash; /* lesson_item_hash() when the exam was drawn */
	bool marked;
	char **answer;           /* open exam: the answer so far, as texts */
	size_t n_answer;
	pt_exam_result result;   /* finished exam */
} pt_exam_entry;

/* One stored exam, open or finished.  Read-only for callers. */
typedef struct pt_exam_record {
	char *id;
	unsigned long long seed;
	bool shuffle;
	time_t started;
	time_t finished;  /* 0 while open */
	long limit;       /* seconds; 0 untimed */
	long left;        /* open: seconds left when last saved */
	long used;        /* seconds used (open: when last saved) */
	int pass_percent;
	bool timed_out;
	bool sitting;     /* open: a tutor was sitting it when last saved */
	bool answers_kept; /* finished: the items hold the answers given */
	unsigned leaves;        /* times the candidate left it */
	unsigned interruptions; /* times a tutor sitting it ended without leaving */
	size_t current;   /* open: the item shown */
	char *retake_of;  /* a retake: the id of the finished exam whose paper it sits again; NULL otherwise */
	pt_exam_entry *items;
	size_t n_items;
} pt_exam_record;

/* Returns the number of finished exams. */
size_t progress_exam_count(const pt_progress *p);

/* Fills out with finished exam i (oldest first); false when i is out of
 * range. */
bool progress_exam_summary(const pt_progress *p, size_t i, pt_exam_summary *out);

/* Returns finished exam i (oldest first), or NULL. */
const pt_exam_record *progress_exam_at(const pt_progress *p, size_t i);

/* Returns the number of items right in a stored finished exam. */
size_t progress_exam_right(const pt_exam_record *r);

/* Returns the exam still running, or NULL. */
const pt_exam_record *progress_exam_open(const pt_progress *p);

/* Keeps exam e in the store as it stands at now: while it runs, as the
 * open exam (its answers, marks, current item and the seconds left);
 * once submitted, among the finished exams (the open copy goes), and each
 * item is noted (progress_record_exam_item: a missed one its lesson has
 * enters the review schedule; one its lesson has not is noted as seen in
 * an exam first, nothing more).
 * Does not save.  Returns false when out of memory. */
bool progress_exam_keep(pt_progress *p, const pt_exam *e, time_t now);

/* Returns, per item of the submitted exam e, whether its verdict and key
 * are held back (progress_exam_may_show: its lesson has not had it), for
 * the results to show and plan by (exam_review_list); none are when p is
 * NULL.  The caller frees it; NULL when out of memory. */
bool *progress_exam_held(const pt_progress *p, const pt_exam *e);

/* Sets e up from the open exam at now, not taken up yet (e->paused): a
 * timed exam's clock counts from its start, time away included (see
 * exam_expired); a copy last saved while a tutor sat it counts one more
 * interruption.  Items whose lesson or item is gone, or whose graded
 * content changed, are left out and counted in *dropped.  Returns false with the
 * cause in err when there is no open exam, none of its items is left, or
 * memory runs out. */
bool progress_exam_resume(const pt_progress *p, const pt_catalog *catalog, pt_exam *e, time_t now,
    size_t *dropped, char *err, size_t errlen);

/* Sets e up as finished exam i (oldest first, as progress_exam_at) at
 * now: its items with the answers given, graded as they were then (the
 * stored results, not graded again), e->reopened i + 1; e->answers_lost
 * when the store did not keep the answers.  Items whose lesson or item is
 * gone are left out and counted in *dropped (an item changed since is
 * shown as it is now).  Returns false with the cause in err when there is
 * no such exam, none of its items is left, or memory runs out. */
bool progress_exam_reopen(const pt_progress *p, size_t i, const pt_catalog *catalog, pt_exam *e, time_t now,
    size_t *dropped, char *err, size_t errlen);

/* Sets e up to sit finished exam i (oldest first) again at now, as
 * exam_retake(): the same items in a new order from seed, its options
 * shuffled as that paper's were, its pass mark and time limit.  Returns
 * false with what to do in err when there is no such exam, when one of
 * its items is gone from the lessons or changed since (naming the lesson
 * by its title), or when memory runs out. */
bool progress_exam_retake(const pt_progress *p, size_t i, const pt_catalog *catalog, pt_exam *e,
    unsigned long long seed, time_t now, char *err, size_t errlen);

/* Settles a timed exam left open past its deadline at now: submitted as
 * it stood at the deadline (by the clock) and kept among the finished
 * ones, in the store in memory (progress_save writes it).  *settled says
 * whether it did.  False with the cause in err when the exam could not be
 * resumed (none of its items left) or memory ran out. */
bool progress_exam_settle(pt_progress *p, const pt_catalog *catalog, time_t now, bool *settled, char *err,
    size_t errlen);

/* Makes e's id one the store does not hold yet (an exam with the same seed
 * started in the same second gets a suffix), so no exam is merged away. */
void progress_exam_new_id(const pt_progress *p, pt_exam *e);

/* Returns true when finished exam id is in the store (a paper is only
 * ever submitted once: a second submission must be refused). */
bool progress_exam_done(const pt_progress *p, const char *id);

/* Closed books: returns true when an exam is open, its deadline not
 * passed at now, and it draws items from lesson lesson_id (NULL: any
 * lesson); *left (when not NULL) gets the seconds to its deadline, or -1
 * when untimed (closed until it is submitted). */
bool progress_exam_closes(const pt_progress *p, const char *lesson_id, time_t now, long *left);

/* Brings the exams in the store up to date with the file (another tutor
 * may have started, left or submitted one since), without saving.  False
 * when the file could not be read. */
bool progress_exam_sync(pt_progress *p);

/* Whether this tutor may sit the open exam. */
typedef enum pt_exam_hold {
	PT_EXAM_HELD,      /* this tutor holds it (or the store is not shared) */
	PT_EXAM_ELSEWHERE  /* another paratutor holds it */
} pt_exam_hold;

/* Takes the exam hold (a flock on a file beside the store and an abstract
 * socket named after the store's real path; the system lets go of both
 * when the tutor ends, crashed or not), so one tutor at a time sits the
 * open exam.  It fails closed: a lock file removed, replaced or odd (not a
 * regular file), or anything that cannot be locked, is another tutor's
 * hold until the name proves it free (progress_hold.c). */
pt_exam_hold progress_exam_hold(pt_progress *p);

/* Lets go of the exam lock (nothing when not held). */
void progress_exam_release(pt_progress *p);

/* Returns true when the results of a finished exam in store (a
 * pt_progress) showed the answer of item item_id of lesson lesson_id: the
 * shown() of pt_exam_config, so a new paper avoids it. */
bool progress_exam_shown(const void *store, const char *lesson_id, const char *item_id);

/* Returns "right", "wrong" or "unanswered". */
const char *progress_exam_result_word(pt_exam_result r);

#endif

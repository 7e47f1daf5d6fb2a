/* progress_record.h - the records of the progress store: recording checks,
 * reviews, time and positions, and looking records up.
 *
 * Each item's record keeps two things apart:
 *   - the lesson result: the item's first pass in the lesson's current
 *     attempt (outcome, checks, hints).  It is set once, when that pass
 *     finishes, and stays until the item's graded content changes or the
 *     lesson is reset.  A reset keeps attempt 1's result beside it
 *     (first_*): the lesson score is always attempt 1's, and a later
 *     attempt scores on its own (docs/scoring.md).
 *   - the review state: the memory state of the review schedule (FSRS-6
 *     stability and difficulty, schedule.h) and when the item is due.  Every
 *     later pass (a review, or a retry of a missed item) moves only this,
 *     and adds its wrong picks to the misconception statistics.
 *
 * Ownership: the store (pt_progress, see progress.h) owns every record and
 * string; pointers returned here stay valid until the next call that
 * changes the store, progress_save() included.  Nothing here reads the
 * clock: calls that need the time take `now` from the caller. */
#ifndef PARATUTOR_PROGRESS_RECORD_H
#define PARATUTOR_PROGRESS_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/learn/grade.h"
#include "paratutor/model/lesson.h"
#include "paratutor/learn/schedule.h"

typedef struct pt_progress pt_progress;

/* The wrong answers a record keeps, in each of wrong and wrong_at: the
 * first this many different ones (later ones are not kept, and a store
 * holding more is read up to them), so reading, merging and reporting a
 * record cost no more than this however the file was written. */
#define PT_MAX_WRONG 64

/* One item's record.  Read-only for callers. */

typedef struct pt_record {
	char *lesson;             /* lesson id */
	char *item;               /* item id */
	unsigned long long hash;  /* lesson_item_hash() when recorded */
	unsigned long long key_hash; /* lesson_item_key_hash() when recorded; 0: not known (an older store) */
	/* The lesson result: the first pass. */
	pt_outcome outcome;       /* NONE while the first pass is open */
	int attempts;             /* checks made in the first pass */
	int hints;                /* hints shown in the first pass */
	time_t pass_start;        /* first check of the first pass */
	int attempt;              /* the lesson attempt this result belongs to (1, or 2, 3, ... after resets) */
	/* Attempt 1's result, kept by a reset (first_set): the lesson score. */
	bool first_set;
	pt_outcome first_outcome;
	int first_checks;
	int first_hints;
	bool exam_first;          /* an exam showed the item before its lesson's first attempt finished it */
	/* Attempt 1's first try, kept by a reset for the learner's history
	 * (statistics, streak): its first check, 0 when none was kept, and
	 * whether it was right first time. */
	time_t tried_at;
	bool tried_right;
	/* Every pass, reviews included. */
	char **wrong;             /* texts of wrong options picked */
	size_t n_wrong;
	char **wrong_at;          /* fill, match, order: "N:text", text put wrongly in blank, pair or position N (from 1) */
	size_t n_wrong_at;
	time_t first_seen;
	time_t last_seen;         /* time of the latest check */
	long time_spent;          /* seconds, summed across tutors */
	/* The review state. */
	double stability;         /* FSRS stability in days (0: not yet scheduled) */
	double difficulty;        /* FSRS difficulty, 1 to 10 */
	int box;                  /* legacy Leitner level of the interval, 0 to PT_LEITNER_BOXES - 1 */
	bool scheduled;           /* due is set (the item was finished once) */
	time_t due;
	time_t scheduled_at;      /* the latest review: when the state and due were last set */
	int pass;                 /* passes begun before the latest (it picks the shown order) */
	/* Bookkeeping, not saved. */
	long time_pending;        /* seconds added since the last save */
	bool checked_here;        /* a check recorded since the last save */
} pt_record;

/* Records item's grading state g after a check: call it once for each
 * grade_check() that returned PT_GRADE_OK.  While the lesson result is
 * open this is the first pass (calling again for the same check changes
 * nothing): finishing it sets the lesson result and schedules the item
 * with the pass's rating (schedule_rating(): failed is Again, due now;
 * right with hints or retries Hard; right first time Good, or Easy when
 * quick; due after the model's interval).  Once the lesson result is set,
 * the check belongs to a later pass (a retry) and is recorded as by
 * progress_record_review().  Wrong options are stored as their texts.  A
 * record whose item hash changed starts over (keeping its first sight and
 * time spent).  With g->checks 0 only the record's existence and the hints
 * of an open first pass are noted.  Returns false when out of memory. */
bool progress_record_item(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, const pt_grade *g, time_t now);

/* Records a check made in a review pass (g is a fresh grading state of
 * item, started for the review): call it once for each grade_check() that
 * returned PT_GRADE_OK.  The pass's first check decides the rating:
 * right with no hint shown is Good, right after a hint Hard, due after
 * the model's interval; wrong is Again, due again in PT_RELEARN_SECONDS.  Either way it leaves the due list at
 * once.  Later checks of the same pass add only their wrong picks.  The
 * lesson result is never changed, except that an item whose first pass
 * never finished is recorded as that first pass.  Returns false when out
 * of memory. */
bool progress_record_review(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, const pt_grade *g, time_t now);

/* Records that item was on a submitted exam (missed: not right there).
 * The lesson result is never changed.  While attempt 1 has not finished
 * the item, the record notes that an exam showed it first (exam_first,
 * for the class report) and nothing else: its verdict and key are held
 * back until the lesson has it (progress_exam_may_show), so nothing is
 * scheduled either.  Otherwise a missed item enters the review schedule
 * rated Again, due again in PT_RELEARN_SECONDS (as a wrong review answer).
 * Returns false when out of memory. */
bool progress_record_exam_item(pt_progress *p, const pt_lesson *lesson, const pt_item *item, bool missed,
    time_t now);
/* What an exam's results say instead of an item's verdict and key while
 * they are held back (progress_exam_may_show). */
#define PT_EXAM_HELD_BACK "not done in its lesson yet, so its verdict and answer show here once you have done it " \
	"there (the exam's score counts it; the lesson's score is not touched)"
/* Returns true when an exam's results may show item's verdict and key:
 * attempt 1 of its lesson has finished it (or an earlier attempt did). */
bool progress_exam_may_show(const pt_progress *p, const pt_lesson *lesson, const pt_item *item);
/* Returns the lesson's current attempt (1 until the first reset). */
int progress_lesson_attempt(const pt_progress *p, const char *lesson_id);

/* Records the hints shown in g on item: they count for the lesson result
 * while its first pass is open; later passes keep none.  Creates the
 * record when missing.  Returns false when out of memory. */
bool progress_record_hints(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, const pt_grade *g, time_t now);

/* Adds seconds of time spent on item (creating its record when needed).
 * Time added by several tutors is summed when they save.  Returns false
 * when out of memory. */
bool progress_add_time(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, long seconds, time_t now);

/* Sets the desired retention of the review schedule (0.7 to 0.99; other
 * values keep the default, 0.9); intervals set from now on follow it. */
void progress_set_retention(pt_progress *p, double retention);

/* The review schedule's model and parameters. */
const pt_fsrs *progress_fsrs(const pt_progress *p);

/* Predicted recall of record r at now (0 when not scheduled). */
double progress_recall(const pt_progress *p, const pt_record *r, time_t now);

/* The interval level (schedule.h's box) from which an item can count as
 * mastered: the schedule will not bring it back for 3 days or more. */
#define PT_MASTERED_BOX 2

/* How every count a learner reads sees one item (docs/scoring.md,
 * "Counts"): the one definition behind each "due", "mastered" and
 * "recall" of the menu, the statistics, next, plain mode, reviews and
 * exam results. */
typedef struct pt_item_count {
	bool seen;      /* finished once: the review schedule has it */
	bool due;       /* due for review at now */
	bool missed;    /* its latest check was wrong or needed a retry, and it
	                 * has not been answered right since (the schedule
	                 * brought it back at once) */
	bool mastered;  /* interval of PT_MASTERED_BOX or more, earned by a
	                 * right review a day or more after the first pass (one
	                 * pass alone, or reviews crammed the same day, never
	                 * master an item) */
	double recall;  /* predicted recall at now; 0 when missed (it was not
	                 * recalled), 0 when not seen */
} pt_item_count;

/* Fills out for record r (NULL: an item never answered, or whose record
 * is for an older version of it) at now. */
void progress_item_count(const pt_progress *p, const pt_record *r, time_t now, pt_item_count *out);

/* Returns progress_item_count()'s mastered for r (which may be NULL). */
bool progress_item_mastered(const pt_record *r);

/* Sets the lesson's current item; NULL item_id clears it.  Returns false
 * when out of memory. */
bool progress_set_position(pt_progress *p, const char *lesson_id,
    const char *item_id);

/* Returns the lesson's stored current item id, or NULL. */
const char *progress_position(const pt_progress *p, const char *lesson_id);

/* Starts the lesson's next attempt: forgets its answers, position and
 * drafts.  Attempt 1's results stay (first_*) as the lesson score, and an
 * item seen in an exam first keeps saying so; an item finished keeps its
 * pass one further (so a restart shows the order its next pass shows).
 * Nothing else stays: no result of the ended attempt, no review state, no
 * wrong picks.  Records another tutor saved with a check at or before now
 * are dropped when merging too.  Returns false when out of memory. */
bool progress_reset_lesson(pt_progress *p, const char *lesson_id, time_t now);

/* Reads a placed wrong pick of a record's wrong_at ("N:text"): returns
 * the text (in placed) with *slot set to N (1 to PT_MAX_SLOTS), or NULL
 * when placed is not of that form. */
const char *progress_wrong_place(const char *placed, int *slot);

/* Returns the record of lesson_id/item_id, or NULL (also for NULL ids). */
const pt_record *progress_find(const pt_progress *p, const char *lesson_id,
    const char *item_id);

/* Returns the records, sorted by lesson id then item id; *n gets their
 * count. */
const pt_record *progress_records(const pt_progress *p, size_t *n);

/* Returns what record r adds to its lesson score: attempt 1's result
 * (score_lesson_item, hints capped at n_hints, the item's), 0 while open
 * or when attempt 1 ended without it.  The menu, the summary, statistics,
 * reports, the class report and xAPI all take an item's lesson score from
 * here or score_lesson_item. */
int progress_record_lesson_score(const pt_record *r, size_t n_hints);
/* Returns what record r adds to the score of the lesson's current attempt
 * (its lesson result, scored in full): the same as the lesson score in
 * attempt 1. */
int progress_record_attempt_score(const pt_record *r, size_t n_hints);

/* Returns true when record r answers the item whose lesson_item_hash is
 * hash and lesson_item_key_hash is key: the same version, or one whose
 * right answers did not change since (options reordered, a wrong option
 * reworded or added, prompt, code, feedback or hints reworded), so the
 * learner keeps its credit.  An item whose answer changed is open again
 * (the record is started over at the next check). */
bool progress_record_matches(const pt_record *r, unsigned long long hash, unsigned long long key);

/* Returns the stable word used in files and reports for an outcome. */
const char *progress_outcome_word(pt_outcome outcome);

/* Adds the wrong picks of exam item g (its one check, at submitting) to
 * the misconception statistics of item; nothing when it has none.  False
 * when out of memory. */
bool progress_record_exam_wrong(pt_progress *p, const pt_lesson *lesson, const pt_item *item, const pt_grade *g,
    time_t now);

#endif

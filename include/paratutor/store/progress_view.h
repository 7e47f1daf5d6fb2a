/* progress_view.h - what the screens show from the progress records: where
 * a lesson resumes, the menu's done counts and scores, the items due for
 * review and the misconceptions met most often.
 *
 * Read-only over the store.  Views that take a catalog never look into a
 * lesson whose entry is broken (it may lack ids and texts).  Lists point
 * into the catalog, which must outlive them.  The menu's views (stats,
 * due count) need only each entry's info; the views that list items or
 * feedback (due list, misconceptions) load the lessons they look into
 * (catalog_lesson), so they take the catalog writable. */
#ifndef PARATUTOR_PROGRESS_VIEW_H
#define PARATUTOR_PROGRESS_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/store/progress_record.h"
#include "paratutor/learn/session.h"

/* An item due for review; lesson and item point into the catalog. */
typedef struct pt_due {
	const pt_lesson *lesson;
	const pt_item *item;
	size_t index;   /* the item's index in lesson->items */
	time_t due;
	int box;
	double recall;  /* the model's predicted recall at the time asked (schedule.h): it orders the list */
} pt_due;

typedef struct pt_due_list {
	pt_due *v;      /* owned; free with progress_due_free() */
	size_t n;
} pt_due_list;

/* A misconception met: the feedback of a wrong option (points into the
 * catalog), how many times a learner picked an option leading to it, and
 * the item where it was first met (lesson and item point into the
 * catalog; index is the item's index in lesson->items). */
typedef struct pt_misconception {
	const char *feedback;
	size_t count;
	const pt_lesson *lesson;
	const pt_item *item;
	size_t index;
} pt_misconception;

/* Fills a session's grading states from the lesson results whose hash
 * still matches: finished items come back finished (solved ones with the
 * right answer in place) with their checks, hints and attempts left; an
 * open first pass comes back with its checks, hints and attempts left,
 * and with its kept draft (what was filled in but not checked).  Each item
 * shows its options in the pass of its latest check.  An item whose hash
 * changed keeps a fresh state.  Sets the lesson's attempt and attempt
 * 1's shares (s->attempt, s->prior), and s->current to
 * progress_resume_point().  Returns how many items were restored; *changed
 * (may be NULL) gets how many were reset because their item changed. */
size_t progress_restore(const pt_progress *p, pt_session *s, size_t *changed);

/* Returns where the lesson resumes, from the records alone: the index of
 * its first item without a finished lesson result (never answered,
 * skipped, left open or changed since), or 0 when every item is finished.
 * Works on any lesson, broken ones included. */
size_t progress_resume_point(const pt_progress *p, const pt_lesson *lesson);

/* A lesson's scores as every screen shows them (docs/scoring.md). */
typedef struct pt_lesson_scores {
	size_t done;        /* items finished in the current attempt (matching hash) */
	size_t total;       /* the lesson's items */
	int score;          /* the lesson score: attempt 1's, 0-100 */
	int attempt;        /* the current attempt, 1 until a reset */
	int attempt_score;  /* the current attempt's score (the lesson score in attempt 1); -1 while none is done */
} pt_lesson_scores;

/* Fills sc with lesson's scores from the store.  Practice and reviews
 * never change them. */
void progress_lesson_scores(const pt_progress *p, const pt_lesson *lesson, pt_lesson_scores *sc);

/* Returns true when the store holds a record of any item of the lesson
 * with id lesson_id (NULL: none). */
bool progress_lesson_has_records(const pt_progress *p, const char *lesson_id);

/* As progress_lesson_scores, from a lesson's info (the same figures). */
void progress_info_scores(const pt_progress *p, const pt_lesson_info *info, pt_lesson_scores *sc);

/* For the menu: progress_lesson_scores' done, total and score. */
void progress_lesson_stats(const pt_progress *p, const pt_lesson *lesson,
    size_t *done, size_t *total, int *score);

/* Fills out with the items due for review at now (progress_item_count's
 * due: finished at least once, due at or before now; hash matching, in a
 * lesson of the catalog that is not broken), the likeliest forgotten
 * first (lowest predicted recall), then oldest due.  Returns false when out of memory; free
 * the list with progress_due_free(). */
bool progress_due(const pt_progress *p, pt_catalog *catalog, time_t now,
    pt_due_list *out);

/* Frees a due list and empties it. */
void progress_due_free(pt_due_list *list);

/* Fills out (up to max entries) with the misconceptions met most often,
 * most frequent first: the feedback texts of the wrong options picked in
 * any pass, reviews included, counted across the lessons of the catalog
 * that are not broken (or within lesson_id when not NULL).  A fill
 * option's feedback is that of the first blank that does not accept it
 * and has feedback for it.  *n gets the number filled.  Returns false when
 * out of memory. */
bool progress_misconceptions(const pt_progress *p, pt_catalog *catalog,
    const char *lesson_id, pt_misconception *out, size_t max, size_t *n);

/* Returns true when the record keeps text as a wrong answer with a place
 * (wrong_at, progress_wrong_place). */
bool progress_wrong_placed(const pt_record *r, const char *text);

#endif

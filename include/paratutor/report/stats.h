/* stats.h - the learner's own statistics, computed from the progress store
 * and the catalog: mastery per lesson, first-try accuracy per day, the
 * review forecast, the misconceptions met most often and the streak of
 * days practised.
 *
 * Pure: no I/O, no clock.  The caller passes `now` and the offset of its
 * local time from UTC in seconds (east positive), which decides where a
 * day begins; days are numbered from 1970-01-01 in that local time.  One
 * offset serves every date, so across a daylight-saving change an answer
 * within an hour of midnight can land on the day beside its own.
 *
 * Accuracy and streak count every record of the store, in the catalog or
 * not; mastery, the forecast and the misconceptions only the lessons of
 * the catalog that are not broken, and of those only records whose item
 * is unchanged (hash) for mastery and the forecast.
 *
 * What the store keeps decides what can be counted (progress_record.h):
 *   - a first try is an item's first check in its lesson, dated by when
 *     it was made (pass_start); later checks (retries, reviews) keep only
 *     their latest date, so they are not in the accuracy chart;
 *   - a day counts as practised when some record shows a check on it
 *     (the first check of an item, its latest check, or its latest
 *     review); a day whose every check was followed by a later check of
 *     the same item leaves no trace, so the streak can come out short.
 *
 * Ownership: a pt_stats owns its lesson array (free with stats_free());
 * lesson, item and feedback pointers point into the catalog, which must
 * outlive it. */
#ifndef PARATUTOR_STATS_H
#define PARATUTOR_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/store/progress.h"

#define PT_STATS_DAYS 30          /* days in the accuracy chart, today last */
#define PT_STATS_FORECAST_DAYS 14 /* days in the review forecast, today first */
#define PT_STATS_TOP 5            /* misconceptions listed */

/* Every "due", "mastered" and "recall" below counts items as
 * progress_item_count() (progress_record.h) sees them: the menu, next,
 * plain mode, reviews and exam results read them from here (next.h).
 *
 * One lesson's mastery: of its items, how many are finished in the
 * lesson (done) and how many are mastered.  percent is mastered * 100 /
 * items, rounded down. */
typedef struct pt_stats_lesson {
	const pt_lesson *lesson; /* NULL when counted from the index (not loaded) */
	const char *title;       /* the lesson's, "" when it has none */
	size_t items;
	size_t done;
	size_t mastered;
	int percent;
	size_t number;      /* its number in the menu: catalog order, from 1 */
	int score;      /* the lesson score, as the menu shows it (progress_lesson_stats) */
	int attempt;    /* the lesson's current attempt: 1, or 2, 3, ... after resets */
	size_t answered; /* items answered in the lesson, in any attempt (exams not counted) */
	int attempt_score; /* the current attempt's score beside the lesson score, as the menu shows it
	                    * (score_attempt_text): -1 while no item of a later attempt is done */
} pt_stats_lesson;

/* One concept tag over the lessons shown (tags.h): its items, how many
 * are done and mastered, how many are due at now (and of those, missed
 * at their latest check), and the mean predicted recall of those
 * scheduled (seen), a missed item counting 0. */
typedef struct pt_stats_tag {
	int tag;            /* its index in the catalog's tag list (tags_at), a bit of a mask */
	const char *name;   /* the catalog's (tags.h): lives as long as it */
	const char *label;  /* the catalog's: what a learner reads */
	size_t items, done, mastered, due, missed, seen;
	double recall;      /* mean over the seen items; 0 when none */
} pt_stats_tag;

/* First tries made on one day, and how many of them were right first
 * time (right on the first check, no hint). */
typedef struct pt_stats_day {
	size_t tries;
	size_t right;
} pt_stats_day;

typedef struct pt_stats {
	long today;                        /* day number of now */
	pt_stats_lesson *lessons;          /* catalog order, broken lessons left out */
	size_t n_lessons;
	pt_stats_day days[PT_STATS_DAYS];  /* days[PT_STATS_DAYS - 1] is today */
	size_t tries, right;               /* sums over days[] */
	size_t days_with_tries;
	size_t forecast[PT_STATS_FORECAST_DAYS]; /* items due each day; [0] today, overdue included */
	size_t overdue;                    /* of forecast[0], due before today began */
	size_t due;                        /* items due now: the length of the review queue */
	size_t items, done, mastered;      /* over every lesson shown */
	pt_misconception top[PT_STATS_TOP]; /* most often met first */
	size_t n_top;
	int streak;                        /* days practised in a row, up to today or yesterday */
	pt_stats_tag *tags;                /* tags with an item in the lessons shown, tags.h order */
	size_t n_tags;
	bool practised_today;
} pt_stats;

/* Fills out from the store p over the lessons of catalog that are not
 * broken (loading those that came from the index), at now, with local
 * days utc_offset seconds east of UTC.  Returns false when out of memory
 * (out is then empty). */
bool stats_compute(const pt_progress *p, pt_catalog *catalog, time_t now, long utc_offset,
    pt_stats *out);

/* Frees what out owns and empties it. */
void stats_free(pt_stats *out);

struct pt_exam_point;
struct pt_course;

/* The one adapter from the store's exams to the exam history chart: sets
 * *out to a new array (caller frees) of the finished exams in p
 * (progress_exam_summary), oldest first, and *n to their count.  A sitting
 * of an exam of course (NULL: none) whose results come out after now
 * carries that time in results_at.  Returns false when out of memory. */
bool stats_exams(const pt_progress *p, const struct pt_course *course, time_t now, struct pt_exam_point **out,
    size_t *n);

/* Returns the day number of t in local time utc_offset seconds east of
 * UTC (days since 1970-01-01, negative before it). */
long stats_day(time_t t, long utc_offset);

/* Writes the date of day number day as year, month (1-12) and day of the
 * month (1-31). */
void stats_date(long day, int *year, int *month, int *mday);

/* Returns the day of the week of day number day, 0 Sunday to 6 Saturday. */
int stats_weekday(long day);

#endif

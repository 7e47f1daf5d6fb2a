/* next.h - what to study next: the few concept tags, items and lessons a
 * learner should turn to, each with its reason, computed from the store,
 * the catalog and the review schedule's predicted recall.  Used by
 * `paratutor next`, the statistics (screen and `stats --me`) and the menu.
 * Pure apart from loading lessons through the catalog. */
#ifndef PARATUTOR_NEXT_H
#define PARATUTOR_NEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/store/progress.h"

#define PT_NEXT_MAX 5
#define PT_NEXT_TEXT 200

typedef struct pt_next {
	char lines[PT_NEXT_MAX][PT_NEXT_TEXT]; /* each a sentence with its reason */
	size_t n;
	char brief[PT_NEXT_TEXT];    /* the first line's advice in a few words, for one
	                              * line of the menu ("3 due, weakest: pipeline
	                              * schedules"); "" for a new learner */
	bool nothing_done;           /* no item answered yet */
	unsigned long long tags;     /* bit k: tag k of tags.h is named as due */
	size_t due;                  /* items due for review now, every lesson: what r,
	                              * review and next --plain go through */
	size_t items, mastered;      /* items of the lessons shown, and of them mastered */
} pt_next;

/* What the advice says first after a paper with every item right. */
#define PT_NEXT_PERFECT "Every item right: nothing to study from this paper; what follows is about the rest of " \
	"your lessons."

/* An exam paper's scope: the advice names only concepts the paper missed
 * (bit k: tag k of tags.h; none when 0), after a perfect paper says so
 * first (PT_NEXT_PERFECT), and names first the lesson to finish among
 * those the paper found work in (lessons: their menu numbers, from 1). */
typedef struct pt_next_scope {
	unsigned long long missed;
	bool perfect;
	const size_t *lessons;
	size_t n_lessons;
} pt_next_scope;

/* The one source of every count a learner reads ("due", "mastered",
 * "recall", "study next"): the menu, the statistics screen, stats --me,
 * next, plain mode and exam results all call this (or, holding the
 * statistics already, next_from_stats), so they agree.  Fills out at now,
 * over every concept (scope NULL) or an exam paper's.  A new learner gets
 * one line saying how to start (and no brief); otherwise the concepts with
 * items due, lowest predicted recall first (up to three), or when nothing
 * is due the least mastered concepts seen, then the next lesson not
 * finished.  Returns false when out of memory. */
bool next_compute(const pt_progress *p, pt_catalog *catalog, time_t now, const pt_next_scope *scope, pt_next *out);

struct pt_stats;
struct pt_exam;

/* What to study next after the submitted exam e (next_compute over its
 * scope): the concepts of the items it missed and their lessons, and the
 * lessons of the items held back (held: progress_exam_held, NULL for
 * none), right or wrong alike, so that the advice never tells a verdict
 * the results hold back.  Returns false when out of memory. */
bool next_after_exam(const pt_progress *p, pt_catalog *catalog, time_t now, const struct pt_exam *e,
    const bool *held, pt_next *out);

/* The same, from statistics already computed (stats.h). */
bool next_from_stats(const struct pt_stats *st, const pt_next_scope *scope, pt_next *out);

#endif

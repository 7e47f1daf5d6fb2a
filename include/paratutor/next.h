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

#include "paratutor/catalog.h"
#include "paratutor/progress.h"

#define PT_NEXT_MAX 5
#define PT_NEXT_TEXT 200

typedef struct pt_next {
	char lines[PT_NEXT_MAX][PT_NEXT_TEXT]; /* each a sentence with its reason */
	size_t n;
	char brief[PT_NEXT_TEXT];    /* the first line's advice in a few words, for one
	                              * line of the menu ("3 due in pipeline schedules");
	                              * "" for a new learner */
	bool nothing_done;           /* no item answered yet */
	unsigned long long tags;     /* bit k: tag k of tags.h is named for review */
	size_t due;                  /* items due now in those tags, each once (next_compute only) */
} pt_next;

/* Fills out at now.  A new learner gets one line saying how to start (and
 * no brief);
 * otherwise the tags with items due, lowest predicted recall first (up to
 * three), or when nothing is due the least mastered tags seen, then the
 * next lesson not finished.  Returns false when out of memory. */
bool next_compute(const pt_progress *p, pt_catalog *catalog, time_t now, pt_next *out);

/* The same, looking first at the tags in focus (bit k: tag k of tags.h;
 * 0: all), such as those an exam just missed (exam_missed_tags): the tag
 * lines name only those while any of them has items due or not mastered,
 * ranked as above; otherwise every tag is looked at. */
bool next_compute_focus(const pt_progress *p, pt_catalog *catalog, time_t now, unsigned long long focus,
    pt_next *out);

struct pt_stats;

/* The same, from statistics already computed (stats.h). */
bool next_from_stats(const struct pt_stats *st, pt_next *out);
bool next_from_stats_focus(const struct pt_stats *st, unsigned long long focus, pt_next *out);

/* Returns true when item carries a tag whose bit is set in tags (every
 * item when tags is 0). */
bool next_item_named(const pt_item *item, unsigned long long tags);

#endif

/* class_parts.h - what the class report's two halves share: class.c reads
 * the stores into a pt_class, class_analysis.c computes the figures and
 * flags from it.  Not for use outside app/core/report/. */
#ifndef PARATUTOR_CLASS_PARTS_H
#define PARATUTOR_CLASS_PARTS_H

#include <stdbool.h>

#include "paratutor/class.h"

/* What a learner's record says of an item (class->states). */
enum item_state {
	STATE_NONE,  /* no check on the current version */
	STATE_MET,   /* met, not right first time */
	STATE_RIGHT, /* met, right first time */
	STATE_OLDER  /* a record of an older version only */
};

/* Returns the item's wrong answer text at place, adding it (with
 * feedback; a copy of text when own) when it is not listed yet; NULL when
 * out of memory. */
pt_class_option *class_add_wrong(pt_class_item *ci, int place, const char *text, const char *feedback, bool own);

/* Fills every lesson's histogram, mean and median, its items'
 * discrimination, Moodle's figures and the flags, and orders each item's
 * wrong answers; false when out of memory. */
bool class_analyse(pt_class *c);

#endif

/* export_kind.h - the exchange formats' table of item kinds: one row per
 * kind saying how GIFT and Moodle XML write it.
 *
 * Each kind's row and its writers live in its own file
 * (app/core/interop/export_kind_*.c); export_kind.c lists the rows.  The
 * format writers (export_gift.c, export_moodle.c) write what every
 * question has (its head, the lesson's category, hints, the general
 * feedback) and ask the row of an item's kind for the rest, so adding a
 * kind to the exchange formats is one file and one row.  What the rows'
 * writers share with the format writers is in export_parts.h.  The kind's
 * grading and its other operations are in the core's kind table (kind.h). */
#ifndef PARATUTOR_EXPORT_KIND_H
#define PARATUTOR_EXPORT_KIND_H

#include <stdbool.h>

#include "paratutor/base/diag.h"
#include "paratutor/interop/export.h"
#include "paratutor/model/lesson.h"

/* The state of writing one item in each format (export_parts.h). */
typedef struct gift_writer gift_writer;
typedef struct xml_writer xml_writer;

typedef struct export_kind_ops {
	pt_kind kind;
	/* Warns about what neither format carries of an item of this kind
	 * (after the fields every kind has, export_lost_common).  May be NULL. */
	void (*lost)(const pt_lesson *lesson, const pt_item *it, pt_diags *diags, pt_export_format format);

	/* GIFT: appends the question after its title (the text and the answer
	 * block).  NULL: GIFT has no form for the kind (gift_no_form says why). */
	void (*gift_write)(gift_writer *w);
	/* Returns why this item has no GIFT form (a fill with several blanks),
	 * or NULL when it has one.  May be NULL: every item of the kind has one. */
	const char *(*gift_no_form)(const pt_item *it);
	/* The GIFT form carries the common mistakes (a numeric question's
	 * feedback for any other answer); otherwise they are warned lost. */
	bool gift_mistakes;
	/* Warns about what else of the item GIFT cannot carry (after the
	 * fields every kind has).  May be NULL. */
	void (*gift_lost)(gift_writer *w);

	/* Moodle XML: the question type ("gapselect"). */
	const char *moodle_type;
	/* The question type of this item, when it depends on the item (an
	 * explore item's); NULL: moodle_type. */
	const char *(*moodle_type_of)(const pt_item *it);
	/* Returns why this item has no Moodle XML form and sets *pos to where
	 * in the lesson, or returns NULL when it has one.  May be NULL. */
	const char *(*moodle_no_form)(const pt_item *it, pt_pos *pos);
	/* Appends the <questiontext>.  NULL: the prompt as plain text. */
	void (*moodle_text)(xml_writer *w);
	/* Appends the type's settings and the answers, after the fields every
	 * question has. */
	void (*moodle_write)(xml_writer *w);
	/* Warns about what else of the item Moodle XML cannot carry (after the
	 * fields every kind has).  May be NULL. */
	void (*moodle_lost)(xml_writer *w);
} export_kind_ops;

/* Returns the row of kind: every pt_kind has one (check_export); a kind
 * without one gets a row that GIFT leaves out and Moodle XML writes as a
 * description. */
const export_kind_ops *export_kind(pt_kind kind);

/* The rows, one per kind file. */
extern const export_kind_ops export_kind_fill, export_kind_choice, export_kind_multi, export_kind_numeric,
    export_kind_text, export_kind_match, export_kind_order, export_kind_explore;

#endif

/* export.h - writing a lesson as Moodle questions: GIFT (export_gift.c)
 * and Moodle XML (export_moodle.c), with what both share (export.c).
 *
 * The writers are pure: they append text to a pt_strbuf the caller owns
 * (free(out->s)) and report to a pt_diags the caller owns.  Whatever a
 * format cannot carry (hints in GIFT, worked solutions, references, ...)
 * is a warning at the position of that value in the lesson file; an item
 * the format cannot hold at all is left out with a warning and counted.
 * Each kind's form in both formats is its row of the exchange formats'
 * kind table (export_kind.h, app/core/interop/export_kind_*.c).  How each
 * kind is written is in docs/formats.md, "Exporting to Moodle". */
#ifndef PARATUTOR_EXPORT_H
#define PARATUTOR_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/base/diag.h"
#include "paratutor/model/lesson.h"
#include "paratutor/base/strbuf.h"

typedef enum pt_export_format { PT_EXPORT_GIFT, PT_EXPORT_MOODLE_XML } pt_export_format;

/* What an export wrote. */
typedef struct pt_export_count {
	size_t written; /* items written as questions */
	size_t skipped; /* items the format cannot hold, left out with a warning */
} pt_export_count;

/* Appends the lesson as GIFT to out: a $CATEGORY line with its title, then
 * one question per item.  Returns false when out of memory. */
bool export_gift(const pt_lesson *lesson, pt_strbuf *out, pt_diags *diags, pt_export_count *count);

/* Appends the lesson as a Moodle XML <quiz> to out: a category question
 * with its title, then one question per item.  Returns false when out of
 * memory. */
bool export_moodle(const pt_lesson *lesson, pt_strbuf *out, pt_diags *diags, pt_export_count *count);

/* Runs export_gift or export_moodle. */
bool export_lesson(const pt_lesson *lesson, pt_export_format format, pt_strbuf *out, pt_diags *diags,
    pt_export_count *count);

/* Returns "GIFT" or "Moodle XML". */
const char *export_format_name(pt_export_format format);

/* Writes into buf (EXPORT_NUMBER_MAX bytes) the shortest plain decimal
 * form of v that reads back as v ("16", "0.25", "112000000000"); returns
 * buf. */
const char *export_number(double v, char *buf, size_t size);

/* As export_number for a tolerance around value: the shortest form within
 * 1e-12 of the larger of the two, so 112 * 0.05 is written 5.6. */
const char *export_tolerance(double tolerance, double value, char *buf, size_t size);

#define EXPORT_NUMBER_MAX 400

/* Returns true when a and b differ by at most 1e-12 of the larger of |a|
 * and |scale|. */
bool export_close(double a, double b, double scale);

/* Warns at pos, in the lesson's file, that what (a phrase such as "the
 * hints") of item cannot be carried by the format and is left out. */
void export_lost(const pt_lesson *lesson, const pt_item *item, pt_diags *diags, pt_export_format format,
    pt_pos pos, const char *what);

/* Warns about the fields of an item that neither format carries: worked
 * solution, references, the item's own attempt budget, note, editor note,
 * source, then what its kind's row says (export_kind.h: a fill's
 * pseudo-code tag and its code's language). */
void export_lost_common(const pt_lesson *lesson, const pt_item *item, pt_diags *diags, pt_export_format format);

#endif

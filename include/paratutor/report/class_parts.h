/* class_parts.h - what the class report's two halves share: class.c reads
 * the stores into a pt_class, class_analysis.c computes the figures and
 * flags from it.  Not for use outside app/core/report/. */
#ifndef PARATUTOR_CLASS_PARTS_H
#define PARATUTOR_CLASS_PARTS_H

#include <stdbool.h>

#include <cJSON.h>

#include "paratutor/report/class.h"
#include "paratutor/base/diag.h"
#include "paratutor/base/strbuf.h"
#include "paratutor/store/progress_file.h"

/* What a learner's record says of an item (class->states). */
enum item_state {
	STATE_NONE,  /* no check on the current version */
	STATE_MET,   /* met, not right first time */
	STATE_RIGHT, /* met, right first time */
	STATE_OLDER  /* a record of an older version only */
};

/* ---- the class's data, found (class_data.c) ---------------------------- */

/* Returns the item's wrong answer text at place, adding it (with
 * feedback; a copy of text when own) when it is not listed yet; NULL when
 * out of memory. */
pt_class_option *class_add_wrong(pt_class_item *ci, int place, const char *text, const char *feedback, bool own);

/* Drops the index class_add_wrong keeps of the item's wrong answers (after
 * they are sorted; the next add remakes it). */
void class_unindex_wrong(pt_class_item *ci);

/* Returns the index of the lesson with id, or -1. */
long class_lesson_index(const pt_class *c, const char *id);

/* Returns the index in lesson li of the item with id, or -1. */
long class_item_index(const pt_class *c, size_t li, const char *id);

/* Fills every lesson's histogram, mean and median, its items'
 * discrimination, Moodle's figures and the flags, and orders each item's
 * wrong answers; false when out of memory. */
bool class_analyse(pt_class *c);

/* Records a skip of kind for path (and learner name, or NULL) with a
 * printf-style reason; false when out of memory (class_find.c). */
bool PT_PRINTF(5, 6) class_skip(pt_class *c, pt_class_skip_kind kind, const char *name, const char *path,
    const char *fmt, ...);

/* Records a PT_CLASS_SKIP_KEPT skip for each damaged store of learner who
 * kept aside beside their store (its name and ".corrupt-", as the store
 * moves one); false when out of memory (class_find.c). */
bool class_note_kept_aside(pt_class *c, const pt_class_learner *who);

/* Frees the strings a learner's row owns (class_find.c). */
void class_learner_free(pt_class_learner *l);

/* Frees the class's exams (class_exam.c). */
void class_free_exams(pt_class *c);

/* Takes in the finished exams of learner L's store p, and counts an open
 * one; false when out of memory (class_exam.c). */
bool class_take_exams(pt_class *c, size_t L, const pt_progress *p);

/* Computes each exam's standings and item figures and orders its items;
 * false when out of memory (class_exam.c). */
bool class_analyse_exams(pt_class *c);

/* Covariance of the n pairs (a[i], b[i]) times n - 1 (class_analysis.c). */
double class_co_sum(const double *a, const double *b, size_t n);

/* ---- rendering, shared by class_out.c, class_exam_out.c, class_book.c:
 * the pieces they all write (class_put.c) --------------------------------- */

/* Outside text (a learner's name, an answer given), sanitised. */
void class_puts_safe(pt_strbuf *b, const char *s);
/* x rounded to places decimals (0-4), without libm. */
double class_rounded(double x, int places);
/* a / b, or -1 when b is 0. */
double class_share(size_t a, size_t b);
/* The lesson's title for people, else its id. */
const char *class_title_of(const pt_lesson *l);
/* A number with places decimals, empty when x < 0; a count; a percentage
 * with two decimals, empty when undefined (each followed by ","). */
void class_csv_num(pt_strbuf *b, double x, int places);
void class_csv_count(pt_strbuf *b, size_t n);
void class_csv_pct(pt_strbuf *b, bool defined, double x);
/* JSON: a number rounded (null when nullable and x < 0), a percentage
 * (null when undefined); false when out of memory.  (A new object in an
 * array: file_add_object, progress_file.h.) */
bool class_add_num(cJSON *o, const char *name, double x, int places, bool nullable);
bool class_add_pct(cJSON *o, const char *name, bool defined, double x);

/* The exams' parts of the table, the CSV (rows after the concepts) and
 * the JSON ("exams"); the gradebook (class_exam_out.c, class_book.c). */
void class_table_exams(pt_strbuf *b, const pt_class *c);
void class_csv_exams(pt_strbuf *b, const pt_class *c);
bool class_json_exams(cJSON *root, const pt_class *c);
void class_render_gradebook(pt_strbuf *b, const pt_class *c);

#endif

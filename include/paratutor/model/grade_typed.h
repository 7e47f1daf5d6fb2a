/* grade_typed.h - reading typed answers, for grading and for checking a
 * lesson: numbers with units, and text normalised for comparison. */
#ifndef PARATUTOR_GRADE_TYPED_H
#define PARATUTOR_GRADE_TYPED_H

#include <stddef.h>

#include "paratutor/model/lesson.h"

#define PT_MAX_TYPED 128  /* bytes kept of a typed answer, NUL included */

/* Reads a decimal number at s as strtod does in the C locale, whatever
 * LC_NUMERIC says ('.' is the decimal point); sets *end (when not NULL)
 * past it.  The one reader of decimals written in lessons and typed. */
double grade_decimal(const char *s, char **end);

/* Returns the normalised form of a text item's answer s (trimmed, space
 * runs folded, ASCII case folded unless the item is case sensitive) in
 * out, cut to size bytes. */
void grade_normalise(const pt_item *item, const char *s, char *out, size_t size);

/* How grade_number() read a typed numeric answer. */
typedef enum pt_number_rc {
	PT_NUMBER_OK,
	PT_NUMBER_EMPTY,        /* nothing typed */
	PT_NUMBER_NOT_NUMBER,   /* not a number */
	PT_NUMBER_UNKNOWN_UNIT  /* a number with a unit the item does not declare */
} pt_number_rc;

/* Reads s as a number with an optional unit of item (numeric) and sets
 * *value to it in the answer's unit: "112", "112 GB", "112GB", "1.12e11",
 * "-3", "25 %", "1,024" (commas only between groups of three digits).
 * Units match case-sensitively first, then case-insensitively when only
 * one declared unit matches that way; no unit means the answer's unit. */
pt_number_rc grade_number(const pt_item *item, const char *s, double *value);
/* grade_number() that also sets *unit to the unit typed (NULL for none). */
pt_number_rc grade_number_unit(const pt_item *item, const char *s, double *value, const pt_unit **unit);

#endif

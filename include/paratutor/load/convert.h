/* convert.h - copying a parsed lesson tree into the lesson model.
 *
 * Internal to the loader: load.c parses, convert.c checks the structure
 * (required fields, types, unknown fields, placeholders) while it copies
 * every value into a pt_lesson, with the position the scanner recorded
 * for it.  Each node's valueint holds its record index in document order
 * (or -1 when unknown).  Nothing here keeps a pointer into the tree. */
#ifndef PARATUTOR_CONVERT_H
#define PARATUTOR_CONVERT_H

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "paratutor/base/diag.h"
#include "paratutor/model/lesson.h"
#include "paratutor/model/tags.h"
#include "paratutor/load/scan.h"

/* What the converter reads besides the tree. */
typedef struct pt_convert {
	const char *name;          /* the file, for diagnostics */
	pt_diags *diags;           /* problems are appended here */
	const pt_scan_pos *rec;    /* positions by record index */
	size_t n_rec;              /* 0 when positions are unknown */
	const char *text;          /* the file's text, for strings read from it */
	size_t text_len;
	bool text_is_utf8;         /* every string of the file is valid UTF-8 */
	pt_tags *tags;             /* the tags items may carry; the lesson's concepts are declared here */
} pt_convert;

/* Builds a lesson (caller frees with lesson_free) from root, appending
 * structural problems to cv->diags.  Returns NULL, with a diagnostic,
 * when root is not an object, and NULL with *no_memory set when memory
 * ran out. */
pt_lesson *convert_lesson(const pt_convert *cv, const cJSON *root, bool *no_memory);

#endif

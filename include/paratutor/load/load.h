/* load.h - reading lesson files into the lesson model.
 *
 * The loader (load.c, scan.c, convert.c) is the only part that knows
 * about cJSON.  It checks the structure (syntax, required fields, types,
 * unknown fields) and the placeholders of fill items, which only it can
 * place exactly in the file, and reports problems as diagnostics; the
 * other semantic rules live in validate.h. */
#ifndef PARATUTOR_LOAD_H
#define PARATUTOR_LOAD_H

#include <sys/types.h>

#include "paratutor/base/diag.h"
#include "paratutor/base/fileio.h"
#include "paratutor/model/lesson.h"
#include "paratutor/model/tags.h"

#define PT_MAX_FILE_SIZE (4u * 1024u * 1024u)

/* Parses a lesson from text of length len; name is used in diagnostics.
 * Returns a new lesson (caller frees with lesson_free) or NULL when the
 * file is too broken to build one; problems go to diags either way.  Its
 * items may carry the bundled tags and the concepts it declares itself. */
pt_lesson *load_lesson_text(const char *name, const char *text, size_t len,
    pt_diags *diags);

/* Reads and parses the lesson file at path, as load_lesson_text, with
 * the tags of list tags (tags.h): its items may carry those of a course
 * too, its concepts are declared there (NULL: a list of its own). */
pt_lesson *load_lesson_file(const char *path, pt_tags *tags, pt_diags *diags);

/* Converts a byte offset in text to a 1-based line and column, counting
 * columns in characters. */
pt_pos load_offset_pos(const char *text, size_t len, size_t offset);

#endif

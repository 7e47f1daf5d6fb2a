/* load.h - reading lesson files into the lesson model.
 *
 * The loader is the only module that knows about cJSON.  It checks the
 * structure (syntax, required fields, types, unknown fields) and reports
 * problems as diagnostics; the semantic rules live in validate.h. */
#ifndef PARATUTOR_LOAD_H
#define PARATUTOR_LOAD_H

#include "paratutor/diag.h"
#include "paratutor/lesson.h"

#define PT_MAX_FILE_SIZE (4u * 1024u * 1024u)

/* Parses a lesson from text of length len; name is used in diagnostics.
 * Returns a new lesson (caller frees with lesson_free) or NULL when the
 * file is too broken to build one; problems go to diags either way. */
pt_lesson *load_lesson_text(const char *name, const char *text, size_t len,
    pt_diags *diags);

/* Reads and parses the lesson file at path, as load_lesson_text.
 *
 * Each thread keeps the memory it parsed with for its next lesson; a
 * thread that is done loading gives it back with load_release(). */
pt_lesson *load_lesson_file(const char *path, pt_diags *diags);

/* Frees the parsing memory this thread kept; loading again is allowed. */
void load_release(void);

/* Reads a whole file of at most max bytes into a new NUL-terminated
 * buffer (caller frees).  On failure returns NULL and sets *why to a static
 * description of the cause. */
char *load_read_file(const char *path, size_t max, size_t *len,
    const char **why);

/* Converts a byte offset in text to a 1-based line and column, counting
 * columns in characters. */
pt_pos load_offset_pos(const char *text, size_t len, size_t offset);

#endif

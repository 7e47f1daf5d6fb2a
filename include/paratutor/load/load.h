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
#include "paratutor/model/lesson.h"

#define PT_MAX_FILE_SIZE (4u * 1024u * 1024u)

/* How a lesson's text becomes a tree: the fast path (a skeleton without
 * string values, items parsed one at a time in reused memory) or the
 * reference path (cJSON on the whole text, as plain cJSON use would).
 * Both give the same lesson and the same diagnostics. */
typedef enum pt_load_path { PT_LOAD_FAST, PT_LOAD_REFERENCE } pt_load_path;

/* Parses a lesson from text of length len; name is used in diagnostics.
 * Returns a new lesson (caller frees with lesson_free) or NULL when the
 * file is too broken to build one; problems go to diags either way. */
pt_lesson *load_lesson_text(const char *name, const char *text, size_t len,
    pt_diags *diags);

/* As load_lesson_text, by the given path (for the bench and the tests
 * that hold the two paths to the same result). */
pt_lesson *load_lesson_text_with(pt_load_path path, const char *name, const char *text,
    size_t len, pt_diags *diags);

/* Reads and parses the lesson file at path, as load_lesson_text.
 *
 * Each thread keeps the memory it parsed with for its next lesson; a
 * thread that is done loading gives it back with load_release(). */
pt_lesson *load_lesson_file(const char *path, pt_diags *diags);

/* Frees the parsing memory this thread kept; loading again is allowed. */
void load_release(void);

/* Why load_read_file failed. */
typedef enum pt_read_status {
	PT_READ_OK,
	PT_READ_SYSTEM,      /* the system refused: errnum says why */
	PT_READ_TOO_LARGE,   /* more than max bytes */
	PT_READ_NOT_REGULAR, /* a directory, FIFO, device or socket: type says which */
	PT_READ_NO_MEMORY
} pt_read_status;

typedef struct pt_read_error {
	pt_read_status status;
	int errnum;       /* PT_READ_SYSTEM: the errno value */
	const char *type; /* PT_READ_NOT_REGULAR: "a FIFO", "a directory"... (static) */
} pt_read_error;

/* Reads a whole regular file of at most max bytes into a new
 * NUL-terminated buffer (caller frees).  Anything but a regular file is
 * refused at once, without reading (a FIFO would block).  On failure
 * returns NULL and fills *err. */
char *load_read_file(const char *path, size_t max, size_t *len, pt_read_error *err);

/* Returns a static description of a read failure ("file too large", the
 * system's words for errnum, ...). */
const char *load_read_describe(const pt_read_error *err);

/* Names the type of file mode describes: "a FIFO", "a character device",
 * "a directory", "a socket", ... (static). */
const char *load_file_type(mode_t mode);

/* Converts a byte offset in text to a 1-based line and column, counting
 * columns in characters. */
pt_pos load_offset_pos(const char *text, size_t len, size_t offset);

#endif

/* fileio.h - reading a whole file, and the two steps every file the tutor
 * replaces shares: finding the file a path names through a symbolic link,
 * and writing a whole buffer.  The progress store (progress_store.c) and a subcommand's -o
 * file (app/cli/output.c) are both written to a temporary file beside
 * that target and renamed over it, so a link stays a link and a failed
 * write leaves the old file as it was. */
#ifndef PARATUTOR_FILEIO_H
#define PARATUTOR_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

/* Why a read failed. */
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

/* Reads fd to its end, at most max bytes, into a new NUL-terminated buffer
 * (caller frees), its length in *len.  size is what to expect (a file's
 * size, 0 for a pipe): memory for it is taken at once, in blocks of
 * 64 KiB.  On failure returns NULL and fills *err. */
char *file_read_fd(int fd, size_t size, size_t max, size_t *len, pt_read_error *err);

/* Reads a whole regular file of at most max bytes into a new
 * NUL-terminated buffer (caller frees).  Anything but a regular file is
 * refused at once, without reading (a FIFO would block), and so is a file
 * whose size is over max.  On failure
 * returns NULL and fills *err. */
char *file_read(const char *path, size_t max, size_t *len, pt_read_error *err);

/* Returns a static description of a read failure ("file too large", the
 * system's words for errnum, ...). */
const char *file_read_describe(const pt_read_error *err);

/* Returns the file path names (caller frees; NULL when out of memory): a
 * symbolic link's target, resolved when it exists, else the path the
 * link holds (relative to the link's folder); any other path as given. */
char *file_link_target(const char *path);

/* Writes all len bytes of buf to fd, retrying after a signal; returns
 * false with errno set when it cannot (EIO for a write of nothing). */
bool file_write_all(int fd, const char *buf, size_t len);

/* Replaces the file at path (not following a link) with len bytes of text
 * and the mode given: a temporary file in the same folder, written,
 * fsynced, renamed over path, the folder fsynced.  False with the cause
 * (naming path) in err, the old file then as it was. */
bool file_replace(const char *path, const char *text, size_t len, unsigned mode, char *err, size_t errlen);

#endif

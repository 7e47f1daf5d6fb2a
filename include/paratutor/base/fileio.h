/* fileio.h - the two steps every file the tutor replaces shares: finding
 * the file a path names through a symbolic link, and writing a whole
 * buffer.  The progress store (progress_store.c) and a subcommand's -o
 * file (app/cli/output.c) are both written to a temporary file beside
 * that target and renamed over it, so a link stays a link and a failed
 * write leaves the old file as it was. */
#ifndef PARATUTOR_FILEIO_H
#define PARATUTOR_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

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

/* fileio.h - reading a whole file, finding the file a path names through a
 * symbolic link, writing a whole buffer, and the one atomic replace every
 * file the tutor writes goes through (file_replace_with): the progress
 * store (progress_store.c), the course files (file_replace), a
 * subcommand's -o file (app/cli/output.c) and the lesson index cache
 * (index.c) are each written to a temporary file beside their target and
 * renamed over it (or linked, where nothing may be replaced), so a failed
 * write leaves the old file as it was.  Each caller words its own
 * messages from the step that failed. */
#ifndef PARATUTOR_FILEIO_H
#define PARATUTOR_FILEIO_H

#include <limits.h>
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

/* Creates the folder dir and its missing parents with mode 0700 (one
 * there already, or anything else by that name, is left as it is).  False
 * with errno set when one cannot be made: dir is then cut at it. */
bool file_make_dirs(char *dir);

/* What file_replace_with does besides writing the temporary file. */
enum {
	PT_REPLACE_FOLLOW = 1,     /* a symbolic link at path: replace its target, the link stays */
	PT_REPLACE_NEW = 2,        /* link(2) instead of rename(2): fails (EEXIST) when anything is at path */
	PT_REPLACE_KEEP_MODE = 4,  /* the mode of the file at path when there is one, else mode */
	PT_REPLACE_SYNC_FILE = 8,  /* fsync the new file before it takes the name */
	PT_REPLACE_SYNC_DIR = 16   /* then fsync the folder, so the rename reaches the disk */
};

/* The step a replace stopped at.  Up to PT_REPLACE_RENAME the old file is
 * as it was and no temporary file is left; from PT_REPLACE_DIR_OPEN on the
 * new file is in place but its folder could not be synced. */
typedef enum pt_replace_step {
	PT_REPLACE_DONE,
	PT_REPLACE_MEMORY,   /* out of memory following the link */
	PT_REPLACE_NOT_FILE, /* a device, FIFO or socket is at path (r->type says which): a file is never put in its place */
	PT_REPLACE_CREATE,   /* the temporary file could not be made (ENOENT: no folder) */
	PT_REPLACE_MODE,     /* its mode could not be set */
	PT_REPLACE_WRITE,
	PT_REPLACE_SYNC,
	PT_REPLACE_CLOSE,
	PT_REPLACE_RENAME,   /* rename or link (EEXIST with PT_REPLACE_NEW: something is there) */
	PT_REPLACE_DIR_OPEN,
	PT_REPLACE_DIR_SYNC
} pt_replace_step;

typedef struct pt_replace {
	unsigned flags;   /* PT_REPLACE_* */
	unsigned mode;    /* the new file's mode (see PT_REPLACE_KEEP_MODE) */
	const char *tail; /* written after the text, or NULL */
	/* Set by file_replace_with: */
	pt_replace_step failed;
	int errnum;       /* the errno value of the failed step (0 for PT_REPLACE_NOT_FILE) */
	const char *type; /* PT_REPLACE_NOT_FILE: "a FIFO", "a character device"... (static) */
	char tmp[PATH_MAX + sizeof ".tmp-XXXXXX"]; /* the temporary file's name (TARGET.tmp-XXXXXX) */
} pt_replace;

/* Replaces the file at path with len bytes of text (and r->tail) as
 * r->flags say: a temporary file beside the target, its mode set,
 * written, closed, renamed over the target (or linked to it), removed
 * when any step fails.  Returns true when everything was done; otherwise
 * r->failed, r->errnum and r->tmp say where and why.  In the test builds
 * (PT_TEST_HOOKS) PARATUTOR_TEST_WRITE_FAIL set in the environment makes
 * every write stop half-way with ENOSPC, as on a full disk. */
bool file_replace_with(const char *path, const char *text, size_t len, pt_replace *r);

/* Returns the folder that holds path (caller frees; NULL when out of
 * memory): "." for a bare name, "/" for a name at the root. */
char *file_folder(const char *path);

/* fsyncs the folder that holds path, so a rename in it reaches the disk;
 * EINVAL (a file system that cannot) counts as done.  Returns
 * PT_REPLACE_DONE, or PT_REPLACE_DIR_OPEN or PT_REPLACE_DIR_SYNC with
 * errno set. */
pt_replace_step file_sync_folder(const char *path);

/* Replaces the file at path (not following a link) with len bytes of text
 * and the mode given: file_replace_with, both synced.  False with the
 * cause (naming path) in err, the old file then as it was. */
bool file_replace(const char *path, const char *text, size_t len, unsigned mode, char *err, size_t errlen);

#endif

/* fileio.c - reading a whole file, following a link to the file it names,
 * writing a whole buffer, and replacing a file atomically: shared by the
 * loader, the progress store, the course files, the -o writer and the
 * index cache. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/base/fileio.h"
#include "paratutor/base/grow.h"

/* Names the type of file mode describes: "a FIFO", "a character device",
 * "a directory", "a socket", ... (static). */
static const char *file_type(mode_t mode)
{
	if (S_ISREG(mode)) return "a regular file";
	if (S_ISDIR(mode)) return "a directory";
	if (S_ISFIFO(mode)) return "a FIFO";
	if (S_ISCHR(mode)) return "a character device";
	if (S_ISBLK(mode)) return "a block device";
	if (S_ISSOCK(mode)) return "a socket";
	return "not a file";
}

char *file_read_fd(int fd, size_t size, size_t max, size_t *len, pt_read_error *err)
{
	*err = (pt_read_error){ PT_READ_OK, 0, NULL };
	/* One block of the file's size (a byte more shows whether it grew
	 * meanwhile), in blocks of 64 KiB, reused file after file. */
	size_t cap = (size + 2 + 0xFFFF) / 0x10000 * 0x10000; /* bytes, the terminating NUL included */
	void *buf = malloc(cap);
	size_t n = 0;
	while (buf != NULL) {
		if (n + 1 == cap && !grow_array(&buf, &cap, cap + 1, 1))
			break; /* the file grew as it was read */
		ssize_t got = read(fd, (char *)buf + n, cap - 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			*err = (pt_read_error){ PT_READ_SYSTEM, errno, NULL };
			break;
		}
		n += (size_t)got;
		if (n > max) {
			err->status = PT_READ_TOO_LARGE;
			break;
		}
		if (got == 0) {
			((char *)buf)[n] = '\0';
			*len = n;
			return buf;
		}
	}
	if (err->status == PT_READ_OK)
		err->status = PT_READ_NO_MEMORY;
	free(buf);
	return NULL;
}

char *file_read(const char *path, size_t max, size_t *len, pt_read_error *err)
{
	/* Non-blocking, so a FIFO without a writer cannot hold the open up;
	 * reading a regular file is not affected. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	char *text = NULL;
	*err = (pt_read_error){ PT_READ_TOO_LARGE, 0, NULL };
	if (fd < 0 || fstat(fd, &st) != 0)
		*err = (pt_read_error){ PT_READ_SYSTEM, errno, NULL };
	else if (!S_ISREG(st.st_mode))
		*err = (pt_read_error){ PT_READ_NOT_REGULAR, 0, file_type(st.st_mode) };
	else if ((uintmax_t)st.st_size <= max)
		text = file_read_fd(fd, (size_t)st.st_size, max, len, err);
	if (fd >= 0)
		close(fd);
	return text;
}

const char *file_read_describe(const pt_read_error *err)
{
	switch (err->status) {
	case PT_READ_OK: return "no error";
	case PT_READ_SYSTEM: return strerror(err->errnum);
	case PT_READ_TOO_LARGE: return "file too large";
	case PT_READ_NOT_REGULAR: return "not a regular file";
	case PT_READ_NO_MEMORY: return "out of memory";
	}
	return "cannot read";
}

char *file_link_target(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
		return strdup(path);
	char *real = realpath(path, NULL);
	if (real != NULL)
		return real;
	/* A dangling link: the path it holds. */
	char link[PATH_MAX];
	ssize_t n = readlink(path, link, sizeof link - 1);
	if (n <= 0)
		return strdup(path);
	link[n] = '\0';
	const char *slash = strrchr(path, '/');
	if (link[0] == '/' || slash == NULL)
		return strdup(link);
	size_t dir_len = (size_t)(slash - path) + 1;
	char *joined = malloc(dir_len + (size_t)n + 1);
	if (joined != NULL) {
		memcpy(joined, path, dir_len);
		memcpy(joined + dir_len, link, (size_t)n + 1);
	}
	return joined;
}

bool file_write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return false;
		}
		buf += n;
		len -= (size_t)n;
	}
	return true;
}

bool file_make_dirs(char *dir)
{
	errno = ENOENT;
	if (dir[0] == '\0')
		return false;
	for (char *p = dir + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char c = *p;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return false;
		*p = c;
		if (c == '\0')
			return true;
	}
}

char *file_folder(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash != NULL ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
}

pt_replace_step file_sync_folder(const char *path)
{
	char *dir = file_folder(path);
	int fd = dir != NULL ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	free(dir);
	if (fd < 0)
		return PT_REPLACE_DIR_OPEN;
	pt_replace_step step = fsync(fd) == 0 || errno == EINVAL ? PT_REPLACE_DONE : PT_REPLACE_DIR_SYNC;
	int saved = errno;
	close(fd);
	errno = saved;
	return step;
}

/* Writes the temporary file's contents to fd: the text and the tail.
 * Test builds fail half-way, as on a full disk, when
 * PARATUTOR_TEST_WRITE_FAIL is set. */
static bool write_contents(int fd, const char *text, size_t len, const char *tail)
{
#ifdef PT_TEST_HOOKS
	if (getenv("PARATUTOR_TEST_WRITE_FAIL") != NULL)
		return file_write_all(fd, text, len / 2) && (errno = ENOSPC, false);
#endif
	return file_write_all(fd, text, len) && (tail == NULL || file_write_all(fd, tail, strlen(tail)));
}

bool file_replace_with(const char *path, const char *text, size_t len, pt_replace *r)
{
	r->failed = PT_REPLACE_MEMORY;
	r->errnum = ENOMEM;
	r->tmp[0] = '\0';
	char *followed = r->flags & PT_REPLACE_FOLLOW ? file_link_target(path) : NULL;
	const char *target = r->flags & PT_REPLACE_FOLLOW ? followed : path;
	if (target == NULL)
		return false;
	/* A rename over a device, FIFO or socket would put a file in its place. */
	struct stat st;
	if ((r->flags & PT_REPLACE_FOLLOW ? stat(target, &st) : lstat(target, &st)) == 0 &&
	    (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) {
		r->failed = PT_REPLACE_NOT_FILE;
		r->errnum = 0;
		r->type = file_type(st.st_mode);
		free(followed);
		return false;
	}
	/* Too long for the buffer is too long for the system, as mkstemp says. */
	int fd = -1;
	errno = ENAMETOOLONG;
	int w = snprintf(r->tmp, sizeof r->tmp, "%s.tmp-XXXXXX", target);
	if (w > 0 && (size_t)w < sizeof r->tmp)
		fd = mkstemp(r->tmp);
	r->failed = PT_REPLACE_CREATE;
	if (fd >= 0) {
		mode_t mode = r->flags & PT_REPLACE_KEEP_MODE && stat(target, &st) == 0 ? st.st_mode & 07777 : r->mode;
		r->failed = fchmod(fd, mode) != 0 ? PT_REPLACE_MODE
		    : !write_contents(fd, text, len, r->tail) ? PT_REPLACE_WRITE
		    : r->flags & PT_REPLACE_SYNC_FILE && fsync(fd) != 0 ? PT_REPLACE_SYNC : PT_REPLACE_RENAME;
		int saved = errno;
		if (close(fd) != 0 && r->failed == PT_REPLACE_RENAME) {
			r->failed = PT_REPLACE_CLOSE;
			saved = errno;
		}
		errno = saved;
	}
	/* link() makes the new name only where nothing is: nothing replaced. */
	if (r->failed == PT_REPLACE_RENAME &&
	    (r->flags & PT_REPLACE_NEW ? link(r->tmp, target) : rename(r->tmp, target)) == 0) {
		r->failed = PT_REPLACE_DONE;
		if (r->flags & PT_REPLACE_NEW)
			unlink(r->tmp);
		if (r->flags & PT_REPLACE_SYNC_DIR)
			r->failed = file_sync_folder(target);
	}
	r->errnum = r->failed == PT_REPLACE_DONE ? 0 : errno;
	if (r->failed >= PT_REPLACE_MODE && r->failed <= PT_REPLACE_RENAME)
		unlink(r->tmp);
	free(followed);
	return r->failed == PT_REPLACE_DONE;
}

bool file_replace(const char *path, const char *text, size_t len, unsigned mode, char *err, size_t errlen)
{
	pt_replace r = { .flags = PT_REPLACE_SYNC_FILE | PT_REPLACE_SYNC_DIR, .mode = mode };
	/* Once renamed the file is replaced: the folder's sync is a bonus. */
	if (file_replace_with(path, text, len, &r) || r.failed >= PT_REPLACE_DIR_OPEN)
		return true;
	if (r.failed == PT_REPLACE_NOT_FILE)
		snprintf(err, errlen, "cannot write %s: it is %s, not a file; it was left as it was", path, r.type);
	else
		snprintf(err, errlen, "cannot write %s: %s%s", path, strerror(r.errnum),
		    r.failed == PT_REPLACE_CREATE ? "" : "; it was left as it was");
	return false;
}

/* fileio.c - reading a whole file, following a link to the file it names,
 * and writing a whole buffer: shared by the loader, the progress store, the
 * course files and the -o writer. */
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

bool file_replace(const char *path, const char *text, size_t len, unsigned mode, char *err, size_t errlen)
{
	size_t n = strlen(path);
	char *tmp = malloc(n + sizeof ".tmp-XXXXXX");
	if (tmp == NULL) {
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		return false;
	}
	memcpy(tmp, path, n);
	memcpy(tmp + n, ".tmp-XXXXXX", sizeof ".tmp-XXXXXX");
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		free(tmp);
		return false;
	}
	bool ok = fchmod(fd, (mode_t)mode) == 0 && file_write_all(fd, text, len) && fsync(fd) == 0;
	int saved = errno;
	if (close(fd) != 0 && ok) {
		ok = false;
		saved = errno;
	}
	if (ok && rename(tmp, path) != 0) {
		ok = false;
		saved = errno;
	}
	if (!ok) {
		unlink(tmp);
		snprintf(err, errlen, "cannot write %s: %s; it was left as it was", path, strerror(saved));
	} else {
		/* The rename reaches the disk with the folder. */
		const char *slash = strrchr(path, '/');
		char *dir = slash != NULL ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
		int dfd = dir != NULL ? open(dir, O_RDONLY | O_DIRECTORY) : -1;
		if (dfd >= 0) {
			fsync(dfd);
			close(dfd);
		}
		free(dir);
	}
	free(tmp);
	return ok;
}

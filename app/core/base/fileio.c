/* fileio.c - following a link to the file it names, and writing a whole
 * buffer: shared by the progress store and the -o writer. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/base/fileio.h"

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

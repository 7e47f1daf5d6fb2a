/* fileio.c - following a link to the file it names, and writing a whole
 * buffer: shared by the progress store and the -o writer. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/fileio.h"

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

/* output.c - writing a subcommand's output: standard output, or a file
 * replaced atomically. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/cli/cli_output.h"
#include "paratutor/base/fileio.h"

/* Writes text to the file path names through a temporary file; false
 * with a message when it cannot.  With replace false the temporary file is
 * linked to path itself, which fails when any file, link or other entry
 * is there already, so nothing is replaced and no link followed. */
static bool write_file(const char *path, const char *text, size_t len, bool replace)
{
	char *target = replace ? file_link_target(path) : strdup(path);
	char *tmp = target != NULL ? malloc(strlen(target) + sizeof ".tmp-XXXXXX") : NULL;
	if (tmp == NULL) {
		free(target);
		fprintf(stderr, "paratutor: cannot write %s: out of memory\n", path);
		return false;
	}
	sprintf(tmp, "%s.tmp-XXXXXX", target);
	int fd = mkstemp(tmp);
	if (fd < 0 && errno == ENOENT) {
		/* The folder it goes into is missing: say so, and what to do. */
		char *slash = strrchr(target, '/');
		if (slash != NULL && slash != target)
			*slash = '\0';
		fprintf(stderr, "paratutor: cannot write %s: the folder %s does not exist; make it first (mkdir -p %s)\n",
		    path, slash != NULL ? target : ".", slash != NULL ? target : ".");
		free(tmp);
		free(target);
		return false;
	}
	if (fd < 0) {
		fprintf(stderr, "paratutor: cannot write %s: %s\n", path, strerror(errno));
		free(tmp);
		free(target);
		return false;
	}
	/* The mode of the file replaced, or what creating it would give. */
	struct stat st;
	mode_t mode;
	if (stat(target, &st) == 0) {
		mode = st.st_mode & 07777;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	const char *what = "cannot write";
	bool ok = fchmod(fd, mode) == 0;
#ifdef PT_TEST_HOOKS
	/* Test builds only: a write that fails half-way, as on a full disk. */
	if (ok && getenv("PARATUTOR_TEST_WRITE_FAIL") != NULL) {
		ok = file_write_all(fd, text, len / 2) && (errno = ENOSPC, false);
	} else
#endif
	if (ok) {
		ok = file_write_all(fd, text, len) && fsync(fd) == 0;
	}
	int saved = errno;
	if (close(fd) != 0 && ok) {
		ok = false;
		saved = errno;
	}
	if (ok && !replace && link(tmp, target) != 0) {
		ok = false;
		saved = errno;
		what = saved == EEXIST ? "will not replace" : "cannot write";
	} else if (ok && !replace) {
		unlink(tmp);
	} else if (ok && rename(tmp, target) != 0) {
		ok = false;
		saved = errno;
		what = "cannot replace";
	}
	if (!ok && saved == EEXIST && !replace) {
		unlink(tmp);
		fprintf(stderr, "paratutor: will not replace %s: it exists; it was left as it was (--force replaces it)\n",
		    path);
	} else if (!ok) {
		unlink(tmp);
		fprintf(stderr, "paratutor: %s %s: %s; %s\n", what, path, strerror(saved),
		    stat(target, &st) == 0 ? "it was left as it was" : "nothing was written");
	}
	free(tmp);
	free(target);
	return ok;
}

bool cli_write_new(const char *path, const char *text, size_t len)
{
	return write_file(path, text, len, false);
}

bool cli_write_output(const char *path, const char *text, size_t len)
{
	if (path != NULL)
		return write_file(path, text, len, true);
	errno = 0;
	if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0) {
		fprintf(stderr, "paratutor: cannot write the output: %s\n", errno ? strerror(errno) : "write error");
		return false;
	}
	return true;
}

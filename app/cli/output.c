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
	/* The mode of the file replaced, or what creating it would give. */
	mode_t mask = umask(0);
	umask(mask);
	pt_replace r = { .flags = (replace ? PT_REPLACE_FOLLOW : PT_REPLACE_NEW) | PT_REPLACE_KEEP_MODE |
	    PT_REPLACE_SYNC_FILE, .mode = 0666 & ~mask };
	if (file_replace_with(path, text, len, &r))
		return true;
	struct stat st;
	char *slash = strrchr(r.tmp, '/');
	if (r.failed == PT_REPLACE_MEMORY) {
		fprintf(stderr, "paratutor: cannot write %s: out of memory\n", path);
	} else if (r.failed == PT_REPLACE_NOT_FILE) {
		fprintf(stderr, "paratutor: will not write %s: it is %s, not a file; nothing was written (give a file's "
		    "path, or leave out -o to write to standard output)\n", path, r.type);
	} else if (r.failed == PT_REPLACE_CREATE && r.errnum == ENOENT) {
		/* The folder it goes into is missing: say so, and what to do. */
		if (slash != NULL && slash != r.tmp)
			*slash = '\0';
		const char *dir = slash != NULL ? r.tmp : ".";
		fprintf(stderr, "paratutor: cannot write %s: the folder %s does not exist; make it first (mkdir -p %s)\n",
		    path, dir, dir);
	} else if (r.failed == PT_REPLACE_CREATE) {
		fprintf(stderr, "paratutor: cannot write %s: %s\n", path, strerror(r.errnum));
	} else if (r.failed == PT_REPLACE_RENAME && !replace && r.errnum == EEXIST) {
		fprintf(stderr, "paratutor: will not replace %s: it exists; it was left as it was (--force replaces it)\n",
		    path);
	} else {
		fprintf(stderr, "paratutor: %s %s: %s; %s\n", r.failed == PT_REPLACE_RENAME && replace ? "cannot replace" :
		    "cannot write", path, strerror(r.errnum), stat(path, &st) == 0 ? "it was left as it was" :
		    "nothing was written");
	}
	return false;
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

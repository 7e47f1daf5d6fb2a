/* guard.c - standard output and standard error through the sanitiser.
 *
 * The streams become cookie streams whose write function sanitises and
 * writes to the same file descriptor, so a partial UTF-8 sequence at the
 * end of one write waits for the next, and at exit whatever still waits
 * goes out escaped. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "paratutor/base/fileio.h"
#include "paratutor/base/sanitise.h"
#include "paratutor/base/strbuf.h"
#include "paratutor/ui/ui_guard.h"

typedef struct guard {
	int fd;
	char pend[4]; /* the start of a character (or a CR) still to be completed */
	size_t npend;
} guard;

static guard guards[2] = { { STDOUT_FILENO, { 0 }, 0 }, { STDERR_FILENO, { 0 }, 0 } };
static FILE *raw_stdout;

/* Sanitises the waiting bytes and size bytes of buf; keeps a trailing
 * partial character waiting unless final. */
static bool pass(guard *g, const char *buf, size_t size, bool final)
{
	char small[4 + 64];
	char *joined = NULL;
	const char *text = buf;
	size_t len = size;
	if (g->npend > 0) {
		len = g->npend + size;
		joined = len <= sizeof small ? small : malloc(len);
		if (joined == NULL) {
			errno = ENOMEM;
			return false;
		}
		memcpy(joined, g->pend, g->npend);
		if (size > 0)
			memcpy(joined + g->npend, buf, size);
		text = joined;
	}
	pt_strbuf out = { 0 };
	size_t used = sanitise_put(&out, text, len, final);
	g->npend = len - used; /* at most 3 bytes: a cut UTF-8 sequence or a CR */
	if (g->npend > sizeof g->pend)
		g->npend = 0;
	memcpy(g->pend, text + used, g->npend);
	bool ok = !out.failed && file_write_all(g->fd, out.s != NULL ? out.s : "", out.n);
	if (out.failed)
		errno = ENOMEM;
	free(out.s);
	if (joined != small)
		free(joined);
	return ok;
}

static ssize_t guard_write(void *cookie, const char *buf, size_t size)
{
	if (!pass(cookie, buf, size, false))
		return -1;
	return (ssize_t)size;
}

/* At exit: flush the streams, then what still waits, escaped. */
static void guard_exit(void)
{
	fflush(stdout);
	fflush(stderr);
	for (size_t k = 0; k < 2; k++)
		if (guards[k].npend > 0)
			pass(&guards[k], "", 0, true);
}

void guard_install(void)
{
#if defined(__GLIBC__)
	static bool done;
	if (done)
		return;
	cookie_io_functions_t io = { NULL, guard_write, NULL, NULL };
	FILE *out = fopencookie(&guards[0], "w", io);
	FILE *err = fopencookie(&guards[1], "w", io);
	if (out == NULL || err == NULL) {
		if (out != NULL)
			fclose(out);
		if (err != NULL)
			fclose(err);
		return;
	}
	setvbuf(out, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
	setvbuf(err, NULL, _IONBF, 0);
	raw_stdout = stdout;
	stdout = out;
	stderr = err;
	atexit(guard_exit);
	done = true;
#endif
}

FILE *guard_terminal(void)
{
	fflush(stdout);
	return raw_stdout != NULL ? raw_stdout : stdout;
}

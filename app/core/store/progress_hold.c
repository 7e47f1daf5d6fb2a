/* progress_hold.c - one tutor at a time sits the open exam, and the hold
 * fails closed.
 *
 * Two locks make the hold, and a tutor holds the exam only with both:
 *  - a flock on progress.json.exam-lock beside the store (the system lets
 *    go of it when the tutor ends, crashed or not);
 *  - an abstract Unix socket bound to a name made from the store's real
 *    path and the user id.  No file stands for it, so removing, replacing
 *    or renaming the lock file (which gives a second tutor a fresh file to
 *    lock) leaves the first tutor's hold in place; the system lets go of
 *    it when the tutor ends too.
 * A lock file that is not a regular file (a folder, a FIFO, a link), one
 * that cannot be opened or locked, or a name that cannot be bound is
 * taken as another tutor's hold: held until proven free. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1 /* flock() */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "paratutor/store/progress_data.h"

/* Opens the exam lock file beside the store, never through a link and never
 * waiting on a FIFO; -1 when it cannot be opened or is not a regular file. */
static int exam_lock_open(const pt_progress *p)
{
	size_t n = strlen(p->path) + sizeof ".exam-lock";
	char *path = malloc(n);
	if (path == NULL)
		return -1;
	snprintf(path, n, "%s.exam-lock", p->path);
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
	free(path);
	struct stat st;
	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* Binds the store's abstract socket name; returns its descriptor, or -1
 * when another tutor holds the name or it cannot be made. */
static int exam_name_bind(const pt_progress *p)
{
	char *dir = realpath(p->dir, NULL);
	if (dir == NULL)
		return -1;
	/* FNV-1a over the store's real path: the name is at most 107 bytes. */
	uint64_t h = 1469598103934665603ull;
	for (const char *parts[] = { dir, "/", p->base }, **q = parts; q < parts + 3; q++)
		for (const unsigned char *c = (const unsigned char *)*q; *c != '\0'; c++)
			h = (h ^ *c) * 1099511628211ull;
	free(dir);
	struct sockaddr_un a;
	memset(&a, 0, sizeof a);
	a.sun_family = AF_UNIX;
	int len = snprintf(a.sun_path + 1, sizeof a.sun_path - 1, "paratutor-exam-%lu-%016llx",
	    (unsigned long)getuid(), (unsigned long long)h);
	int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s >= 0 && bind(s, (struct sockaddr *)&a, (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 +
	    (size_t)len)) != 0) {
		close(s);
		s = -1;
	}
	return s;
}

pt_exam_hold progress_exam_hold(pt_progress *p)
{
	if (p->exam_hold > 0 || p->path == NULL || !p->persistent)
		return PT_EXAM_HELD;
	int fd = exam_lock_open(p);
	if (fd < 0)
		return PT_EXAM_ELSEWHERE;
	int r;
	do
		r = flock(fd, LOCK_EX | LOCK_NB);
	while (r < 0 && errno == EINTR);
	int name = r == 0 ? exam_name_bind(p) : -1;
	if (name < 0) {
		close(fd);
		return PT_EXAM_ELSEWHERE;
	}
	p->exam_hold = fd + 1;
	p->exam_name = name + 1;
	return PT_EXAM_HELD;
}

void progress_exam_release(pt_progress *p)
{
	if (p->exam_hold <= 0)
		return;
	flock(p->exam_hold - 1, LOCK_UN);
	close(p->exam_hold - 1);
	close(p->exam_name - 1);
	p->exam_hold = p->exam_name = 0;
}

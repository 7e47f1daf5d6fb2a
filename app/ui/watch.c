/* watch.c - inotify on a lesson file's directory. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "paratutor/ui/watch.h"

bool watch_start(pt_watch *w, const char *path, char *err, size_t errlen)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	if (slash == NULL) {
		snprintf(dir, sizeof dir, ".");
		snprintf(w->name, sizeof w->name, "%s", path);
	} else {
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path) + (slash == path), path);
		snprintf(w->name, sizeof w->name, "%s", slash + 1);
	}
	w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (w->fd < 0) {
		snprintf(err, errlen, "cannot watch files: %s", strerror(errno));
		return false;
	}
	if (inotify_add_watch(w->fd, dir, IN_CLOSE_WRITE | IN_MOVED_TO) < 0) {
		snprintf(err, errlen, "cannot watch %s: %s", dir, strerror(errno));
		watch_stop(w);
		return false;
	}
	return true;
}

bool watch_changed(pt_watch *w)
{
	_Alignas(struct inotify_event) char buf[4096];
	bool changed = false;
	for (;;) {
		ssize_t n = read(w->fd, buf, sizeof buf);
		if (n <= 0)
			return changed;
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *ev = (const struct inotify_event *)(void *)p;
			if (ev->len > 0 && strcmp(ev->name, w->name) == 0)
				changed = true;
			p += sizeof *ev + ev->len;
		}
	}
}

void watch_stop(pt_watch *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
}

/* watch.h - noticing when a lesson file is saved, through inotify on its
 * directory, so that editors that save by writing a new file and renaming
 * it over the old one are seen too. */
#ifndef PARATUTOR_WATCH_H
#define PARATUTOR_WATCH_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pt_watch {
	int fd;         /* inotify descriptor to wait on; -1 when not watching */
	char name[256]; /* the file's name within its directory */
} pt_watch;

/* Starts watching path; returns false with the cause in err. */
bool watch_start(pt_watch *w, const char *path, char *err, size_t errlen);

/* Reads the pending events; returns true when one says the file was
 * written, created or renamed into place. */
bool watch_changed(pt_watch *w);

/* Stops watching; safe on a watch that never started. */
void watch_stop(pt_watch *w);

#endif

/* progress_store.c - the progress store on disk: finding, reading, locking,
 * moving aside and atomically writing the file, and opening, saving and
 * closing a store.  The text itself is progress_file.c's. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1 /* flock() */
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/base/fileio.h"
#include "paratutor/store/progress_file.h"

#define LOCK_STEP_MS 10
#define MIB (1024u * 1024u)

/* ---- reading the file -------------------------------------------------- */

/* What reading the store file found. */
typedef enum disk_state {
	DISK_OK,         /* read and parsed */
	DISK_MISSING,    /* no file */
	DISK_TOO_LARGE,  /* over PT_PROGRESS_MAX_SIZE */
	DISK_NOT_FILE,   /* not a regular file */
	DISK_UNREADABLE, /* err_no says why */
	DISK_DAMAGED,    /* why says what is wrong */
	DISK_NEWER,      /* format says which */
	DISK_NOMEM
} disk_state;

typedef struct disk_read {
	disk_state state;
	int err_no;
	int format;
	bool not_json; /* damaged: not JSON at all, and why names nothing inside the file */
	char why[400];
} disk_read;

/* Reads and parses the store file at path into out (empty on entry; left
 * empty unless res->state is DISK_OK).  The one reader of the file; now
 * judges exams' times (0: at a save or a report, not judged). */
static void read_disk(const char *path, store_data *out, disk_read *res, time_t now)
{
	memset(res, 0, sizeof *res);
	pt_read_error why;
	size_t len = 0;
	char *text = file_read(path, PT_PROGRESS_MAX_SIZE, &len, &why);
	res->err_no = why.errnum;
	switch (why.status) {
	case PT_READ_OK: break;
	case PT_READ_SYSTEM: res->state = why.errnum == ENOENT ? DISK_MISSING : DISK_UNREADABLE; break;
	case PT_READ_TOO_LARGE: res->state = DISK_TOO_LARGE; break;
	case PT_READ_NOT_REGULAR: res->state = DISK_NOT_FILE; break;
	case PT_READ_NO_MEMORY: res->state = DISK_NOMEM; break;
	}
	if (text == NULL)
		return;
	switch (file_parse(text, len, out, &res->format, res->why, sizeof res->why, now)) {
	case FILE_OK: res->state = DISK_OK; break;
	case FILE_NOT_JSON: res->not_json = true; /* fall through */
	case FILE_DAMAGED: res->state = DISK_DAMAGED; break;
	case FILE_NEWER: res->state = DISK_NEWER; break;
	case FILE_NOMEM: res->state = DISK_NOMEM; break;
	}
	free(text);
}

/* Writes the learner's words for the damaged store at path into buf:
 * that its records could not be read, and then (from fmt) what became
 * of the file.  The cause is said only when it names nothing inside the
 * file (a JSON error's line and column); the exact one names lessons,
 * items and fields as the file does, so it stays for the reports
 * (--report, class), which read the file kept aside as well. */
static void PT_PRINTF(5, 6) say_damaged(char *buf, size_t size, const char *path, const disk_read *res,
    const char *fmt, ...)
{
	char then[PT_PROGRESS_PATH_MAX + 256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(then, sizeof then, fmt, ap);
	va_end(ap);
	progress_say(buf, size, "your progress records in %s could not be read (%s)%s", path,
	    res->not_json ? res->why : "some are not as paratutor writes them", then);
}

/* What say_damaged() adds for a file moved aside. */
#define MENDED "Once that file is mended, moving it back as %s brings its records back (in place of any made since)."

/* ---- the file system --------------------------------------------------- */

/* Returns a malloc'd "a" "b" concatenation, or NULL. */
static char *concat(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = malloc(la + lb + 1);
	if (s != NULL) {
		memcpy(s, a, la);
		memcpy(s + la, b, lb + 1);
	}
	return s;
}

/* Creates dir and its missing parents with mode 0700. */
static bool make_dirs(const char *dir, char *err, size_t errlen)
{
	char *copy = strdup(dir);
	if (copy == NULL) {
		progress_say(err, errlen, "out of memory");
		return false;
	}
	if (!file_make_dirs(copy)) {
		progress_say(err, errlen, "cannot create %s: %s", copy, strerror(errno));
		free(copy);
		return false;
	}
	free(copy);
	struct stat st;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		progress_say(err, errlen, "%s is not a directory", dir);
		return false;
	}
	return true;
}

/* Opens and locks the lock file; returns its descriptor or -1 with err.
 * *busy is set when another tutor kept it locked too long. */
static int lock_acquire(const pt_progress *p, bool *busy, char *err, size_t errlen)
{
	*busy = false;
	/* O_NONBLOCK: a FIFO planted there must not hang the open. */
	int fd = open(p->lock_path, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0600);
	if (fd < 0) {
		progress_say(err, errlen, "cannot open %s: %s", p->lock_path, strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		progress_say(err, errlen, "%s is not a regular file", p->lock_path);
		close(fd);
		return -1;
	}
	for (int waited = 0;; waited += LOCK_STEP_MS) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return fd;
		if (errno == EINTR)
			continue;
		if (errno != EWOULDBLOCK) {
			progress_say(err, errlen, "cannot lock %s: %s", p->lock_path, strerror(errno));
			break;
		}
		if (waited >= PT_PROGRESS_LOCK_WAIT_MS) {
			*busy = true;
			progress_say(err, errlen, "%s stayed locked by another paratutor for %d s",
			    p->lock_path, PT_PROGRESS_LOCK_WAIT_MS / 1000);
			break;
		}
		struct timespec ts = { 0, LOCK_STEP_MS * 1000000L };
		nanosleep(&ts, NULL);
	}
	close(fd);
	return -1;
}

/* Unlocks and closes the lock file. */
static void lock_release(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}

/* Removes temporary files left by tutors that died while saving.  Only
 * called with the lock held, when no other tutor can be writing one. */
static void remove_stale_temps(const pt_progress *p)
{
	DIR *dir = opendir(p->dir);
	if (dir == NULL)
		return;
	char *prefix = concat(p->base, ".tmp-");
	size_t plen = prefix ? strlen(prefix) : 0;
	struct dirent *e;
	while (prefix != NULL && (e = readdir(dir)) != NULL)
		if (strncmp(e->d_name, prefix, plen) == 0 && strlen(e->d_name) == plen + 6)
			unlinkat(dirfd(dir), e->d_name, 0);
	free(prefix);
	closedir(dir);
}

/* Returns true when a new file can be created in the store's directory. */
static bool dir_writable(const pt_progress *p, char *err, size_t errlen)
{
	char *tmpl = concat(p->path, ".tmp-XXXXXX");
	if (tmpl == NULL) {
		progress_say(err, errlen, "out of memory");
		return false;
	}
	int fd = mkstemp(tmpl);
	if (fd >= 0) {
		close(fd);
		unlink(tmpl);
	} else {
		progress_say(err, errlen, "cannot create a file in %s: %s", p->dir, strerror(errno));
	}
	free(tmpl);
	return fd >= 0;
}

/* Renames the store file to PATH.corrupt-YYYYmmdd-HHMMSS (adding -2, -3...
 * when taken) and writes the new name into moved_to. */
static bool move_aside(const pt_progress *p, time_t now, char *moved_to, size_t size,
    char *err, size_t errlen)
{
	char stamp[32] = "unknown";
	struct tm tm;
	if (gmtime_r(&now, &tm) != NULL)
		strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	for (int n = 1; n < 1000; n++) {
		int w = n == 1 ? snprintf(moved_to, size, "%s.corrupt-%s", p->path, stamp)
		               : snprintf(moved_to, size, "%s.corrupt-%s-%d", p->path, stamp, n);
		if (w < 0 || (size_t)w >= size) {
			progress_say(err, errlen, "path too long");
			break;
		}
		struct stat st;
		if (lstat(moved_to, &st) == 0)
			continue;
		if (rename(p->path, moved_to) == 0) {
			file_sync_folder(p->path);
			return true;
		}
		progress_say(err, errlen, "cannot rename %s: %s", p->path, strerror(errno));
		break;
	}
	moved_to[0] = '\0';
	return false;
}

/* Writes text and a newline to a new temporary file and renames it over
 * the store; *renamed tells whether the new file is in place (even when
 * syncing the directory then failed).  The new file keeps the mode of the
 * one it replaces (a learner's 0444 or 0640 stays); a new store is 0600. */
static bool write_atomically(const pt_progress *p, const char *text, bool *renamed,
    char *err, size_t errlen)
{
	pt_replace r = { .flags = PT_REPLACE_KEEP_MODE | PT_REPLACE_SYNC_FILE | PT_REPLACE_SYNC_DIR, .mode = 0600,
	    .tail = "\n" };
	bool ok = file_replace_with(p->path, text, strlen(text), &r);
	*renamed = ok || r.failed >= PT_REPLACE_DIR_OPEN;
	const char *why = strerror(r.errnum);
	switch (r.failed) {
	case PT_REPLACE_DONE: break;
	case PT_REPLACE_MEMORY: progress_say(err, errlen, "out of memory"); break;
	case PT_REPLACE_NOT_FILE: progress_say(err, errlen, "%s is %s, not a file", p->path, r.type); break;
	case PT_REPLACE_CREATE: progress_say(err, errlen, "cannot create a file in %s: %s", p->dir, why); break;
	case PT_REPLACE_MODE: progress_say(err, errlen, "cannot set the mode of %s: %s", r.tmp, why); break;
	case PT_REPLACE_WRITE: progress_say(err, errlen, "cannot write %s: %s", r.tmp, why); break;
	case PT_REPLACE_SYNC: progress_say(err, errlen, "cannot sync %s: %s", r.tmp, why); break;
	case PT_REPLACE_CLOSE: progress_say(err, errlen, "cannot close %s: %s", r.tmp, why); break;
	case PT_REPLACE_RENAME:
		progress_say(err, errlen, "cannot rename %s to %s: %s", r.tmp, p->path, why);
		break;
	case PT_REPLACE_DIR_OPEN: progress_say(err, errlen, "cannot open %s: %s", p->dir, why); break;
	case PT_REPLACE_DIR_SYNC: progress_say(err, errlen, "cannot sync %s: %s", p->dir, why); break;
	}
	return ok;
}

/* ---- opening, saving, closing ------------------------------------------ */

bool progress_default_path(char *buf, size_t size, char *err, size_t errlen)
{
	const char *state = getenv("XDG_STATE_HOME");
	int n;
	if (state != NULL && state[0] == '/') {
		n = snprintf(buf, size, "%s/paratutor/progress.json", state);
	} else {
		const char *home = getenv("HOME");
		if (home == NULL || home[0] == '\0') {
			struct passwd *pw = getpwuid(getuid());
			home = pw != NULL ? pw->pw_dir : NULL;
		}
		if (home == NULL || home[0] == '\0') {
			progress_say(err, errlen, "neither XDG_STATE_HOME nor HOME is set");
			return false;
		}
		n = snprintf(buf, size, "%s/.local/state/paratutor/progress.json", home);
	}
	if (n < 0 || (size_t)n >= size) {
		progress_say(err, errlen, "the state path is too long");
		return false;
	}
	return true;
}

/* Splits path into the store's dir, base and lock path.  A symbolic link
 * is followed to its target, so that saving replaces the target and the
 * link stays a link (dotfile managers link stores). */
static bool set_paths(pt_progress *p, const char *given)
{
	char *path = file_link_target(given);
	if (path == NULL)
		return false;
	p->path = path;
	p->lock_path = concat(path, ".lock");
	if (p->path == NULL || p->lock_path == NULL)
		return false;
	const char *slash = strrchr(path, '/');
	p->dir = file_folder(path);
	p->base = strdup(slash != NULL ? slash + 1 : path);
	return p->dir != NULL && p->base != NULL;
}

/* Switches to memory-only mode with a message for the learner. */
static void PT_PRINTF(2, 3) go_memory(pt_open_report *rep, const char *fmt, ...)
{
	rep->memory_only = true;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(rep->message, sizeof rep->message, fmt, ap);
	va_end(ap);
}

/* Loads what read_disk() found into the store being opened (lock held
 * when writable); a damaged file is moved aside when it may be. */
static void open_loaded(pt_progress *p, time_t now, bool may_move, pt_open_report *rep)
{
	store_data disk;
	memset(&disk, 0, sizeof disk);
	disk_read res;
	read_disk(p->path, &disk, &res, now);
	bool damaged = false;
	const char *memory_only = "this session's progress stays in memory only";
	switch (res.state) {
	case DISK_MISSING:
		break;
	case DISK_OK:
		rep->loaded = true;
		if (!data_merge(&p->d, &disk))
			go_memory(rep, "out of memory reading %s; %s", p->path, memory_only);
		break;
	case DISK_TOO_LARGE:
		go_memory(rep, "%s is larger than %u MiB; it was left untouched and %s",
		    p->path, PT_PROGRESS_MAX_SIZE / MIB, memory_only);
		break;
	case DISK_NOT_FILE:
		go_memory(rep, "%s is not a regular file; %s", p->path, memory_only);
		break;
	case DISK_NEWER:
		go_memory(rep, "%s was written by a newer paratutor (format %d); it was left untouched and %s",
		    p->path, res.format, memory_only);
		break;
	case DISK_NOMEM:
		go_memory(rep, "out of memory reading %s; %s", p->path, memory_only);
		break;
	case DISK_UNREADABLE:
		/* Not damage: a permission error (mode 000) or an I/O error says
		 * nothing about what the file holds, so it is never reset. */
		go_memory(rep, "%s cannot be read (%s); it was left untouched and %s", p->path,
		    strerror(res.err_no), memory_only);
		break;
	case DISK_DAMAGED:
		damaged = true;
		break;
	}
	data_free(&disk);
	if (!damaged)
		return;
	char why[PT_PROGRESS_PATH_MAX + 256];
	if (may_move && move_aside(p, now, rep->moved_to, sizeof rep->moved_to, why, sizeof why)) {
		say_damaged(rep->message, sizeof rep->message, p->path, &res, "; nothing was deleted: the file was "
		    "moved to %s, whole, and a fresh one was started. " MENDED, rep->moved_to, p->base);
	} else {
		rep->memory_only = true;
		say_damaged(rep->message, sizeof rep->message, p->path, &res, ", and the file could not be moved "
		    "aside, so it was left untouched and %s.", memory_only);
	}
}

pt_progress *progress_open(const char *path, time_t now, pt_open_report *rep)
{
	memset(rep, 0, sizeof *rep);
	pt_progress *p = calloc(1, sizeof *p);
	if (p == NULL)
		return NULL;
	fsrs_init(&p->fsrs, NULL, PT_FSRS_DEFAULT_RETENTION);
	if (path == NULL) {
		rep->memory_only = true;
		return p;
	}
	if (path[0] == '\0') {
		go_memory(rep, "the progress file name is empty; this session's progress stays in memory only");
		return p;
	}
	if (!set_paths(p, path)) {
		progress_close(p);
		return NULL;
	}
	/* A device, FIFO, socket or folder is refused before anything (a lock
	 * file beside it, a folder) is made. */
	struct stat st;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		go_memory(rep, "%s is not a regular file (%s); nothing is written there, and this session's progress "
		    "stays in memory only", path, S_ISDIR(st.st_mode) ? "a folder" : S_ISCHR(st.st_mode) ||
		    S_ISBLK(st.st_mode) ? "a device" : S_ISFIFO(st.st_mode) ? "a FIFO" : "a special file");
		return p;
	}
	char why[PT_PROGRESS_PATH_MAX + 256];
	if (!make_dirs(p->dir, why, sizeof why)) {
		go_memory(rep, "cannot keep progress: %s; this session's progress stays in memory only", why);
		return p;
	}
	bool busy = false;
	int lock = lock_acquire(p, &busy, why, sizeof why);
	bool writable = lock >= 0 && dir_writable(p, why, sizeof why);
	if (!writable && !busy)
		go_memory(rep, "cannot save progress (%s); this session's progress stays in memory only", why);
	open_loaded(p, now, writable, rep);
	lock_release(lock);
	p->persistent = !rep->memory_only;
	return p;
}

pt_progress *progress_open_readonly(const char *path, pt_open_report *rep)
{
	memset(rep, 0, sizeof *rep);
	rep->memory_only = true;
	pt_progress *p = calloc(1, sizeof *p);
	if (p == NULL)
		return NULL;
	fsrs_init(&p->fsrs, NULL, PT_FSRS_DEFAULT_RETENTION);
	if (path[0] == '\0') {
		progress_say(rep->message, sizeof rep->message, "the progress file name is empty");
		return p;
	}
	if (!set_paths(p, path)) {
		progress_close(p);
		return NULL;
	}
	store_data disk;
	memset(&disk, 0, sizeof disk);
	disk_read res;
	read_disk(path, &disk, &res, 0);
	char *msg = rep->message;
	size_t size = sizeof rep->message;
	switch (res.state) {
	case DISK_OK:
		rep->loaded = data_merge(&p->d, &disk);
		if (!rep->loaded)
			progress_say(msg, size, "out of memory reading %s", path);
		break;
	case DISK_MISSING: progress_say(msg, size, "%s: no progress recorded there", path); break;
	case DISK_TOO_LARGE: progress_say(msg, size, "%s is larger than %u MiB", path, PT_PROGRESS_MAX_SIZE / MIB); break;
	case DISK_NOT_FILE: progress_say(msg, size, "%s is not a regular file", path); break;
	case DISK_UNREADABLE: progress_say(msg, size, "%s cannot be read: %s", path, strerror(res.err_no)); break;
	case DISK_DAMAGED:
		progress_say(msg, size, "%s is damaged: %s", path, res.why);
		say_damaged(rep->learner, sizeof rep->learner, path, &res, ", so none are shown; the file was left "
		    "as it is, and the next paratutor session moves it aside, whole, and starts a fresh one.");
		break;
	case DISK_NEWER: progress_say(msg, size, "%s was written by a newer paratutor (format %d)", path, res.format); break;
	case DISK_NOMEM: progress_say(msg, size, "out of memory reading %s", path); break;
	}
	data_free(&disk);
	return p;
}

void progress_close(pt_progress *p)
{
	if (p == NULL)
		return;
	progress_exam_release(p);
	data_free(&p->d);
	free(p->path);
	free(p->dir);
	free(p->base);
	free(p->lock_path);
	free(p);
}

bool progress_persistent(const pt_progress *p)
{
	return p->persistent;
}

bool progress_dirty(const pt_progress *p)
{
	return p->dirty;
}

bool progress_take_notice(pt_progress *p, char *buf, size_t size)
{
	if (p->notice[0] == '\0')
		return false;
	progress_say(buf, size, "%s", p->notice);
	p->notice[0] = '\0';
	return true;
}

/* Reads the file for saving (lock held) into disk; a damaged or unreadable
 * file is moved aside and noted for the learner.  Returns false with the
 * cause when the file must not be overwritten. */
static bool save_read(pt_progress *p, store_data *disk, char *err, size_t errlen)
{
	disk_read res;
	read_disk(p->path, disk, &res, 0);
	switch (res.state) {
	case DISK_OK:
	case DISK_MISSING:
		return true;
	case DISK_TOO_LARGE:
		progress_say(err, errlen, "%s has grown larger than %u MiB; not overwriting it", p->path,
		    PT_PROGRESS_MAX_SIZE / MIB);
		return false;
	case DISK_NOT_FILE:
		progress_say(err, errlen, "%s is not a regular file; not overwriting it", p->path);
		return false;
	case DISK_NEWER:
		p->persistent = false;
		progress_say(p->notice, sizeof p->notice,
		    "%s was rewritten by a newer paratutor (format %d); progress from now on stays in memory only",
		    p->path, res.format);
		progress_say(err, errlen, "%s was written by a newer paratutor (format %d); not overwriting it",
		    p->path, res.format);
		return false;
	case DISK_NOMEM:
		progress_say(err, errlen, "out of memory");
		return false;
	case DISK_UNREADABLE:
		progress_say(err, errlen, "%s cannot be read (%s); not overwriting it", p->path, strerror(res.err_no));
		return false;
	case DISK_DAMAGED:
		break;
	}
	char moved[PT_PROGRESS_PATH_MAX];
	if (!move_aside(p, time(NULL), moved, sizeof moved, err, errlen))
		return false;
	say_damaged(p->notice, sizeof p->notice, p->path, &res, " when your latest work was saved; nothing was "
	    "deleted: the file was moved to %s, whole, and this session's records are kept in a fresh one. " MENDED, moved,
	    p->base);
	return true;
}

bool progress_save(pt_progress *p, char *err, size_t errlen)
{
	if (!p->persistent || !p->dirty)
		return true;
	if (!make_dirs(p->dir, err, errlen))
		return false;
	bool busy;
	int lock = lock_acquire(p, &busy, err, errlen);
	if (lock < 0)
		return false;
	remove_stale_temps(p);

	store_data disk;
	memset(&disk, 0, sizeof disk);
	bool ok = save_read(p, &disk, err, errlen);
	if (ok && !data_merge(&p->d, &disk)) {
		progress_say(err, errlen, "out of memory");
		ok = false;
	}
	data_free(&disk);
	char *out = ok ? file_print(&p->d) : NULL;
	if (ok && out == NULL) {
		progress_say(err, errlen, "out of memory");
		ok = false;
	}
	if (out != NULL && strlen(out) > PT_PROGRESS_MAX_SIZE) {
		progress_say(err, errlen, "the progress store would exceed %u MiB; not saving", PT_PROGRESS_MAX_SIZE / MIB);
		ok = false;
	}
	bool renamed = false;
	if (ok)
		ok = write_atomically(p, out, &renamed, err, errlen);
	if (renamed) {
		data_mark_saved(&p->d); /* the data is in the file: never count it twice */
		p->dirty = false;
	}
	file_text_free(out);
	lock_release(lock);
	return ok;
}

/* ---- the open exam: one tutor at a time, and what the others see -------- */

bool progress_exam_sync(pt_progress *p)
{
	if (p->path == NULL || !p->persistent)
		return true;
	bool busy;
	char err[PT_PROGRESS_PATH_MAX + 256];
	int lock = lock_acquire(p, &busy, err, sizeof err);
	if (lock < 0)
		return false;
	store_data disk;
	memset(&disk, 0, sizeof disk);
	disk_read res;
	read_disk(p->path, &disk, &res, 0);
	bool ok = res.state == DISK_OK || res.state == DISK_MISSING;
	if (res.state == DISK_OK)
		ok = exam_data_merge(&p->d, &disk);
	data_free(&disk);
	lock_release(lock);
	return ok;
}

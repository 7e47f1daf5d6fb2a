/* catalog.c - finding, loading and validating the lessons on the path. */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/catalog.h"
#include "paratutor/grow.h"
#include "paratutor/load.h"
#include "paratutor/validate.h"

#define MAX_LOAD_THREADS 8
#define BYTES_PER_THREAD ((size_t)1 << 20)

/* Loads and validates path into entry. */
static void entry_load(pt_entry *e)
{
	e->lesson = load_lesson_file(e->path, &e->diags);
	if (e->lesson != NULL)
		validate_lesson(e->lesson, &e->diags);
}

/* Sorts an entry's diagnostics and sets its broken flag. */
static void entry_finish(pt_entry *e)
{
	diags_sort(&e->diags);
	e->broken = e->diags.errors > 0 || e->lesson == NULL;
}

/* Frees what an entry owns. */
static void entry_free(pt_entry *e)
{
	free(e->path);
	lesson_free(e->lesson);
	diags_free(&e->diags);
}

/* Adds a loaded entry, or drops it when shadow is set and its lesson id
 * is taken; returns false (freeing it) when out of memory. */
static bool catalog_take(pt_catalog *c, pt_entry *e, bool shadow)
{
	if (e->lesson != NULL && e->lesson->id.s != NULL) {
		pt_entry *first = catalog_find(c, e->lesson->id.s);
		if (first != NULL && shadow) {
			entry_free(e);
			return true;
		}
		if (first != NULL)
			diags_add(&e->diags, e->path, e->lesson->id.pos, PT_ERROR,
			    "duplicate lesson id \"%s\" (also used by %s:%d:%d)", e->lesson->id.s,
			    first->path, first->lesson->id.pos.line, first->lesson->id.pos.col);
	}
	entry_finish(e);
	void *v = c->v;
	if (!grow_array(&v, &c->cap, c->n + 1, sizeof *c->v)) {
		entry_free(e);
		return false;
	}
	c->v = v;
	c->v[c->n++] = *e;
	return true;
}

/* Adds one file; returns false when out of memory. */
static bool add_file(pt_catalog *c, const char *path, bool shadow)
{
	pt_entry e;
	memset(&e, 0, sizeof e);
	e.path = strdup(path);
	if (e.path == NULL)
		return false;
	entry_load(&e);
	load_release();
	return catalog_take(c, &e, shadow);
}

/* Entries being loaded by several threads, each taking the next one. */
typedef struct load_queue {
	pt_entry *v;
	size_t n;
	atomic_size_t next;
} load_queue;

/* Loads queued entries until none is left (a thread's body). */
static void *queue_work(void *arg)
{
	load_queue *q = arg;
	for (size_t i; (i = atomic_fetch_add(&q->next, 1)) < q->n;)
		entry_load(&q->v[i]);
	load_release();
	return NULL;
}

/* Loads n entries.  Starting a thread costs about as much as loading a
 * few hundred kilobytes, so a helper thread joins in for each
 * BYTES_PER_THREAD of lesson files, up to one per processor (and
 * MAX_LOAD_THREADS); the calling thread works too, so a thread that
 * cannot be started only costs time. */
static void load_entries(pt_entry *v, size_t n)
{
	load_queue q = { .v = v, .n = n };
	atomic_init(&q.next, 0);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t helpers = cpus > 1 ? (size_t)cpus - 1 : 0;
	if (helpers > MAX_LOAD_THREADS - 1)
		helpers = MAX_LOAD_THREADS - 1;
	if (helpers > n / 2)
		helpers = n / 2;
	size_t bytes = 0; /* sizes are added up only as far as they can matter */
	for (size_t i = 0; i < n && bytes / BYTES_PER_THREAD < helpers; i++) {
		struct stat st;
		if (stat(v[i].path, &st) == 0 && S_ISREG(st.st_mode))
			bytes += (size_t)st.st_size;
	}
	if (helpers > bytes / BYTES_PER_THREAD)
		helpers = bytes / BYTES_PER_THREAD;
	pthread_t threads[MAX_LOAD_THREADS];
	size_t started = 0;
	while (started < helpers && pthread_create(&threads[started], NULL, queue_work, &q) == 0)
		started++;
	queue_work(&q);
	for (size_t t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
}

/* Orders directory entry names. */
static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Returns true for a lesson file name. */
static bool is_lesson_name(const char *name)
{
	size_t n = strlen(name);
	return name[0] != '.' && n > 5 && strcmp(name + n - 5, ".json") == 0 &&
	    strcmp(name, "lesson.schema.json") != 0;
}

/* Adds every lesson file of a directory in name order. */
static bool add_dir(pt_catalog *c, const char *dir, bool shadow, const char **why)
{
	DIR *d = opendir(dir);
	if (d == NULL) {
		*why = strerror(errno);
		return false;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	bool ok = true;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		if (!is_lesson_name(de->d_name))
			continue;
		void *bigger = names;
		if (!grow_array(&bigger, &cap, n + 1, sizeof *names)) {
			ok = false;
			break;
		}
		names = bigger;
		size_t len = strlen(dir) + strlen(de->d_name) + 2;
		names[n] = malloc(len);
		if (names[n] == NULL) {
			ok = false;
			break;
		}
		snprintf(names[n], len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", de->d_name);
		n++;
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof *names, name_cmp);
	pt_entry *entries = ok && n > 0 ? calloc(n, sizeof *entries) : NULL;
	if (entries == NULL && n > 0)
		ok = false;
	if (ok) {
		for (size_t i = 0; i < n; i++)
			entries[i].path = names[i]; /* the entry takes the name */
		free(names);
		names = NULL;
		load_entries(entries, n);
		for (size_t i = 0; i < n; i++)
			if (!catalog_take(c, &entries[i], shadow)) {
				ok = false;
				for (size_t j = i + 1; j < n; j++)
					entry_free(&entries[j]);
				break;
			}
	}
	for (size_t i = 0; names != NULL && i < n; i++)
		free(names[i]);
	free(names);
	free(entries);
	if (!ok)
		*why = "out of memory";
	return ok;
}

/* Says why a path that is neither a regular file nor a directory cannot
 * be loaded. */
static const char *not_regular(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "not a regular file (a FIFO); give a lesson .json file or a directory";
	if (S_ISCHR(mode))
		return "not a regular file (a character device); give a lesson .json file or a directory";
	if (S_ISBLK(mode))
		return "not a regular file (a block device); give a lesson .json file or a directory";
	if (S_ISSOCK(mode))
		return "not a regular file (a socket); give a lesson .json file or a directory";
	return "not a regular file; give a lesson .json file or a directory";
}

bool catalog_add_path(pt_catalog *c, const char *path, bool shadow, const char **why)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		*why = strerror(errno);
		return false;
	}
	if (S_ISDIR(st.st_mode))
		return add_dir(c, path, shadow, why);
	if (!S_ISREG(st.st_mode)) {
		*why = not_regular(st.st_mode); /* reading a FIFO would wait for a writer */
		return false;
	}
	if (!add_file(c, path, shadow)) {
		*why = "out of memory";
		return false;
	}
	return true;
}

bool catalog_reload(pt_catalog *c, size_t index)
{
	pt_entry *e = &c->v[index];
	lesson_free(e->lesson);
	e->lesson = NULL;
	diags_free(&e->diags);
	entry_load(e);
	load_release();
	entry_finish(e);
	return !e->broken;
}

pt_entry *catalog_find(const pt_catalog *c, const char *id)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].lesson != NULL && c->v[i].lesson->id.s != NULL &&
		    strcmp(c->v[i].lesson->id.s, id) == 0)
			return &c->v[i];
	return NULL;
}

void catalog_count(const pt_catalog *c, size_t *errors, size_t *warnings)
{
	*errors = *warnings = 0;
	for (size_t i = 0; i < c->n; i++) {
		*errors += c->v[i].diags.errors;
		*warnings += c->v[i].diags.warnings;
	}
}

/* Returns true when path is a directory. */
static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

size_t catalog_default_dirs(const char **dirs, size_t max, char *buf, size_t size)
{
	size_t n = 0, used = 0;
	/* The source tree: ./content, or content/ beside the executable. */
	if (n < max && access("content/lesson.schema.json", F_OK) == 0)
		dirs[n++] = "content";
	char exe[4096];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n == 0 && len > 0) {
		exe[len] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			/* Sanitizer builds live in build/asan/; look two levels up too. */
			const char *const tails[] = { "/content", "/../../content" };
			for (size_t t = 0; t < 2 && n < max; t++) {
				int w = snprintf(buf + used, size - used, "%s%s", exe, tails[t]);
				if (w > 0 && (size_t)w < size - used && is_dir(buf + used)) {
					char schema[4200];
					snprintf(schema, sizeof schema, "%s/lesson.schema.json", buf + used);
					if (access(schema, F_OK) == 0) {
						dirs[n++] = buf + used;
						used += (size_t)w + 1;
						break;
					}
				}
			}
		}
	}
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	if (n < max && used < size) {
		int w = -1;
		if (xdg != NULL && xdg[0] == '/')
			w = snprintf(buf + used, size - used, "%s/paratutor/lessons", xdg);
		else if (home != NULL && home[0] != '\0')
			w = snprintf(buf + used, size - used, "%s/.local/share/paratutor/lessons", home);
		if (w > 0 && (size_t)w < size - used && is_dir(buf + used)) {
			dirs[n++] = buf + used;
			used += (size_t)w + 1;
		}
	}
	if (n < max && is_dir(PT_LESSON_DIR))
		dirs[n++] = PT_LESSON_DIR;
	return n;
}

void catalog_free(pt_catalog *c)
{
	for (size_t i = 0; i < c->n; i++)
		entry_free(&c->v[i]);
	free(c->v);
	memset(c, 0, sizeof *c);
}

/* catalog.c - finding, loading and validating the lessons on the path,
 * directly or through the index cache. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/base/grow.h"
#include "paratutor/load/load.h"
#include "paratutor/load/validate.h"

#define MAX_LOAD_THREADS 8
#define BYTES_PER_THREAD ((size_t)1 << 20)

/* Loads and validates path into entry, with its info, with the tags of
 * list tags; the lesson is freed again unless keep (may be NULL: keep all)
 * says to keep it. */
static void entry_load(pt_entry *e, pt_tags *tags, bool (*keep)(const pt_lesson *))
{
	e->lesson = load_lesson_file(e->path, tags, &e->diags);
	if (e->lesson != NULL) {
		validate_lesson(e->lesson, &e->diags);
		e->info = index_info_of(e->lesson);
		if (keep != NULL && !keep(e->lesson)) {
			lesson_free(e->lesson);
			e->lesson = NULL;
		}
	}
	e->loaded = true;
}

/* Sorts an entry's diagnostics and sets its broken flag. */
static void entry_finish(pt_entry *e)
{
	diags_sort(&e->diags);
	e->broken = e->diags.errors > 0 || e->info == NULL;
}

/* Frees what an entry owns. */
static void entry_free(pt_entry *e)
{
	free(e->path);
	lesson_free(e->lesson);
	if (!e->info_in_arena)
		free(e->info);
	diags_free(&e->diags);
}

/* Reports e's lesson id when an entry among the first n has it too. */
static void note_duplicate(const pt_entry *v, size_t n, pt_entry *e)
{
	for (size_t i = 0; e->info != NULL && e->info->id != NULL && i < n; i++) {
		const pt_lesson_info *first = v[i].info;
		if (first == NULL || first->id == NULL || strcmp(first->id, e->info->id) != 0)
			continue;
		diags_add(&e->diags, e->path, e->info->id_pos, PT_ERROR,
		    "duplicate lesson id \"%s\" (also used by %s:%d:%d)", e->info->id,
		    v[i].path, first->id_pos.line, first->id_pos.col);
		return;
	}
}

/* Returns the hash of a lesson id. */
static size_t id_hash(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Returns the id of entry i, or NULL. */
static const char *entry_id(const pt_catalog *c, size_t i)
{
	return c->v[i].info != NULL ? c->v[i].info->id : NULL;
}

/* Returns the slot of id in the id table: where it is, or the empty slot
 * where it would go. */
static size_t id_slot(const pt_catalog *c, const char *id)
{
	size_t mask = c->id_cap - 1, at = id_hash(id) & mask;
	while (c->by_id[at] != 0 && strcmp(entry_id(c, c->by_id[at] - 1), id) != 0)
		at = (at + 1) & mask;
	return at;
}

/* Puts entry i into the id table unless an earlier entry has its id. */
static void id_put(pt_catalog *c, size_t i)
{
	const char *id = entry_id(c, i);
	if (id == NULL)
		return;
	size_t at = id_slot(c, id);
	if (c->by_id[at] == 0)
		c->by_id[at] = i + 1;
}

/* Rebuilds the id table for at least want entries; without memory the
 * table goes and lookups walk the entries. */
static void id_rebuild(pt_catalog *c, size_t want)
{
	size_t cap = 16;
	while (cap < 2 * want)
		cap *= 2;
	free(c->by_id);
	c->by_id = calloc(cap, sizeof *c->by_id);
	c->id_cap = c->by_id != NULL ? cap : 0;
	for (size_t i = 0; c->by_id != NULL && i < c->n; i++)
		id_put(c, i);
}

/* Keeps the line that says e is shadowed by first (dropped when out of
 * memory: it is a note). */
static void note_shadowed(pt_catalog *c, const pt_entry *e, const pt_entry *first)
{
	void *v = c->shadowed;
	if (!grow_array(&v, &c->shadowed_cap, c->n_shadowed + 1, sizeof *c->shadowed))
		return;
	c->shadowed = v;
	const char *fmt = "%s:%d:%d: note: lesson \"%s\" is shadowed by %s, which comes first in the lesson path;"
	    " the tutor uses that one";
	int n = snprintf(NULL, 0, fmt, e->path, e->info->id_pos.line, e->info->id_pos.col, e->info->id, first->path);
	char *line = n > 0 ? malloc((size_t)n + 1) : NULL;
	if (line == NULL)
		return;
	snprintf(line, (size_t)n + 1, fmt, e->path, e->info->id_pos.line, e->info->id_pos.col, e->info->id, first->path);
	c->shadowed[c->n_shadowed++] = line;
}

/* Adds a loaded entry, or drops it when shadow is set and its lesson id
 * is taken; returns false (freeing it) when out of memory. */
static bool catalog_take(pt_catalog *c, pt_entry *e, bool shadow)
{
	const pt_entry *first = e->info != NULL && e->info->id != NULL ? catalog_find(c, e->info->id) : NULL;
	if (shadow && first != NULL) {
		note_shadowed(c, e, first);
		entry_free(e);
		return true;
	}
	if (first != NULL)
		note_duplicate(first, 1, e);
	entry_finish(e);
	void *v = c->v;
	if (!grow_array(&v, &c->cap, c->n + 1, sizeof *c->v)) {
		entry_free(e);
		return false;
	}
	c->v = v;
	c->v[c->n++] = *e;
	if (2 * c->n > c->id_cap)
		id_rebuild(c, c->cap);
	else
		id_put(c, c->n - 1);
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
	entry_load(&e, &c->tags, c->keep);
	return catalog_take(c, &e, shadow);
}

/* Returns true when entry e still has to be loaded (it did not come from
 * an index). */
static bool to_load(const pt_entry *e)
{
	return !e->loaded && !e->indexed;
}

/* Entries being loaded by several threads, each taking the next one. */
typedef struct load_queue {
	pt_entry *v;
	size_t n;
	pt_tags *tags;
	bool (*keep)(const pt_lesson *);
	atomic_size_t next;
} load_queue;

/* Loads queued entries until none is left (a thread's body). */
static void *queue_work(void *arg)
{
	load_queue *q = arg;
	for (size_t i; (i = atomic_fetch_add(&q->next, 1)) < q->n;)
		if (to_load(&q->v[i]))
			entry_load(&q->v[i], q->tags, q->keep);
	return NULL;
}

/* Loads the n entries that to_load() names.  Starting a thread costs about as much as loading a
 * few hundred kilobytes, so a helper thread joins in for each
 * BYTES_PER_THREAD of lesson files, up to one per processor (and
 * MAX_LOAD_THREADS); the calling thread works too, so a thread that
 * cannot be started only costs time. */
static void load_entries(pt_entry *v, size_t n, pt_tags *tags, bool (*keep)(const pt_lesson *))
{
	size_t pending = 0;
	for (size_t i = 0; i < n; i++)
		pending += to_load(&v[i]);
	if (pending == 0)
		return; /* all from the index: not even a look at the processors */
	load_queue q = { .v = v, .n = n, .tags = tags, .keep = keep };
	atomic_init(&q.next, 0);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t helpers = cpus > 1 ? (size_t)cpus - 1 : 0;
	if (helpers > MAX_LOAD_THREADS - 1)
		helpers = MAX_LOAD_THREADS - 1;
	size_t bytes = 0; /* sizes are added up only as far as they can matter */
	if (helpers > pending / 2)
		helpers = pending / 2;
	for (size_t i = 0; i < n && bytes / BYTES_PER_THREAD < helpers; i++) {
		struct stat st;
		if (to_load(&v[i]) && stat(v[i].path, &st) == 0 && S_ISREG(st.st_mode))
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

/* The index of one directory while it is being added. */
typedef struct dir_index {
	char file[4200];   /* the index file; "" when there is none */
	pt_file_key dir;   /* the directory's, taken before it was listed */
	pt_index ix;       /* the index file's entries (none when it could not be read) */
	bool listed;       /* the names came from ix, not from reading the directory */
	bool whole;        /* every name has a key: the index can list the directory */
	pt_file_key *keys; /* per entry */
	bool *have_key;    /* per entry: stat succeeded */
	size_t stale;      /* entries that had to be loaded, or index entries left unused */
} dir_index;

/* Fills the keys of the directory's n files (v) into x: each file by
 * its name in the open directory, so no path is walked each time. */
static void stat_files(const char *dir, const pt_entry *v, size_t n, dir_index *x)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		const char *path = v[i].path, *slash = strrchr(path, '/');
		x->have_key[i] = (dfd >= 0 ? fstatat(dfd, slash ? slash + 1 : path, &st, 0) : stat(path, &st)) == 0 &&
		    S_ISREG(st.st_mode);
		if (x->have_key[i])
			index_key_of(&st, &x->keys[i]);
	}
	if (dfd >= 0)
		close(dfd);
}

/* Reads the directory's index file into x->ix, when there is one. */
static void index_open(pt_catalog *c, const char *dir, dir_index *x)
{
	if (!index_file_for(c->index_dir, dir, x->file, sizeof x->file)) {
		x->file[0] = '\0';
		return;
	}
	if (c->index_arena == NULL)
		c->index_arena = arena_new_populated(); /* NULL: each info its own block */
	if (!index_read(x->file, c->index_tag, &x->ix, c->index_arena))
		x->ix = (pt_index){ 0 };
}

/* Fills the n entries that the directory's index knows (same key) from
 * it; the rest stay to be loaded.  Without an index, or when it cannot
 * be read, every entry is loaded and the index is written afresh; it is
 * written again too when the directory was read instead of listed from
 * it, so that the next start can.  (The stats ran on a helper thread
 * once; on a busy machine the helper waited for a processor, and make
 * bench-figures started the 1,000-lesson library faster without it.) */
static void index_fill(pt_catalog *c, const char *dir, pt_entry *v, size_t n, dir_index *x)
{
	x->stale = n + 1;
	x->keys = calloc(n, sizeof *x->keys);
	x->have_key = calloc(n, sizeof *x->have_key);
	if (x->keys == NULL || x->have_key == NULL) {
		x->file[0] = '\0';
		return;
	}
	if (x->file[0] == '\0')
		return;
	stat_files(dir, v, n, x);
	size_t used = 0, keyed = 0;
	for (size_t i = 0; i < n; i++) {
		keyed += x->have_key[i];
		pt_index_entry *ie = x->have_key[i] ? index_find(&x->ix, v[i].path, &x->keys[i]) : NULL;
		if (ie == NULL)
			continue;
		index_take(ie, &v[i].info, &v[i].diags);
		v[i].indexed = true;
		v[i].info_in_arena = c->index_arena != NULL;
		used++;
	}
	x->whole = keyed == n;
	x->stale = (keyed - used) + (x->ix.n - used) + (!x->listed && x->whole);
	c->from_index += used;
	c->dirs_listed += x->listed;
}

/* Writes the directory's index when anything in it changed, with the
 * directory's key when every lesson file in it has an entry. */
static void index_save(pt_catalog *c, const pt_entry *v, size_t n, dir_index *x)
{
	if (x->file[0] != '\0' && x->stale > 0) {
		pt_index_writer w;
		index_writer_start(&w, c->index_tag, x->whole ? &x->dir : NULL);
		for (size_t i = 0; i < n; i++)
			if (x->have_key[i])
				index_writer_add(&w, v[i].path, &x->keys[i], v[i].info, &v[i].diags);
		char *buf;
		size_t len;
		if (index_writer_finish(&w, &buf, &len)) {
			c->index_written += index_write(x->file, buf, len);
			free(buf);
		}
	}
	free(x->keys);
	free(x->have_key);
}

/* Sets *names to the directory's lesson files, as paths in name order,
 * from its index when it lists them all, else by reading it (false with
 * *why when it cannot be read, or out of memory). */
static bool list_dir(const char *dir, dir_index *x, char ***names, size_t *n, const char **why)
{
	size_t dir_len = strlen(dir);
	bool slash = dir[dir_len - 1] != '/';
	*names = NULL;
	*n = 0;
	x->listed = index_lists_dir(&x->ix, &x->dir);
	if (x->listed && x->ix.n > 0 && (*names = calloc(x->ix.n, sizeof **names)) == NULL)
		x->listed = false;
	/* The entries are in path order, every path the directory's and a
	 * name in it, as the listing below makes them. */
	for (size_t i = 0; x->listed && i < x->ix.n; i++) {
		const char *path = x->ix.v[i].path, *name = path + dir_len + slash;
		x->listed = strncmp(path, dir, dir_len) == 0 && (!slash || path[dir_len] == '/') &&
		    strchr(name, '/') == NULL && is_lesson_name(name) && ((*names)[i] = strdup(path)) != NULL;
		*n = i + x->listed;
	}
	if (x->listed)
		return true;
	for (size_t i = 0; i < *n; i++)
		free((*names)[i]);
	free(*names);
	*names = NULL;
	*n = 0;
	DIR *d = opendir(dir);
	if (d == NULL) {
		*why = strerror(errno);
		return false;
	}
	size_t cap = 0;
	bool ok = true;
	struct dirent *de;
	while (ok && (de = readdir(d)) != NULL) {
		if (!is_lesson_name(de->d_name))
			continue;
		void *bigger = *names;
		size_t name_len = strlen(de->d_name);
		char *path = NULL;
		ok = grow_array(&bigger, &cap, *n + 1, sizeof **names) && (path = malloc(dir_len + slash + name_len + 1));
		*names = bigger;
		if (ok) {
			memcpy(path, dir, dir_len);
			path[dir_len] = '/'; /* overwritten by the name when dir ends in one */
			memcpy(path + dir_len + slash, de->d_name, name_len + 1);
			(*names)[(*n)++] = path;
		}
	}
	closedir(d);
	if (*n > 1) {
		/* Every path starts with the directory: order by the names alone. */
		for (size_t i = 0; i < *n; i++)
			(*names)[i] += dir_len + slash;
		qsort(*names, *n, sizeof **names, name_cmp);
		for (size_t i = 0; i < *n; i++)
			(*names)[i] -= dir_len + slash;
	}
	if (!ok)
		*why = "out of memory";
	return ok;
}

/* Adds every lesson file of a directory (st its stat) in name order. */
static bool add_dir(pt_catalog *c, const char *dir, const struct stat *st, bool shadow, const char **why)
{
	dir_index x = { .file = "" };
	index_key_of(st, &x.dir);
	if (c->index_dir != NULL)
		index_open(c, dir, &x);
	char **names;
	size_t n;
	bool ok = list_dir(dir, &x, &names, &n, why);
	pt_entry *entries = ok && n > 0 ? calloc(n, sizeof *entries) : NULL;
	if (ok && entries == NULL && n > 0) {
		ok = false;
		*why = "out of memory";
	}
	if (ok) {
		for (size_t i = 0; i < n; i++)
			entries[i].path = names[i]; /* the entry takes the name */
		free(names);
		names = NULL;
		if (c->index_dir != NULL)
			index_fill(c, dir, entries, n, &x);
		index_free(&x.ix);
		load_entries(entries, n, &c->tags, c->keep);
		if (c->index_dir != NULL)
			index_save(c, entries, n, &x);
		void *room = c->v; /* room for all at once; catalog_take grows it otherwise */
		if (grow_array(&room, &c->cap, c->n + n, sizeof *c->v))
			c->v = room;
		for (size_t i = 0; i < n; i++)
			if (!catalog_take(c, &entries[i], shadow)) {
				ok = false;
				*why = "out of memory";
				for (size_t j = i + 1; j < n; j++)
					entry_free(&entries[j]);
				break;
			}
	} else {
		index_free(&x.ix);
	}
	for (size_t i = 0; names != NULL && i < n; i++)
		free(names[i]);
	free(names);
	free(entries);
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
		return add_dir(c, path, &st, shadow, why);
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

bool catalog_use_index(pt_catalog *c, const char *dir, const char *tag)
{
	free(c->index_dir);
	free(c->index_tag);
	c->index_dir = strdup(dir);
	c->index_tag = strdup(tag);
	if (c->index_dir != NULL && c->index_tag != NULL)
		return true;
	free(c->index_dir);
	free(c->index_tag);
	c->index_dir = c->index_tag = NULL;
	return false;
}

void catalog_keep_only(pt_catalog *c, bool (*keep)(const pt_lesson *))
{
	c->keep = keep;
}

bool catalog_reload(pt_catalog *c, size_t index)
{
	pt_entry *e = &c->v[index];
	lesson_free(e->lesson);
	e->lesson = NULL;
	if (!e->info_in_arena)
		free(e->info);
	e->info = NULL;
	e->info_in_arena = false;
	diags_free(&e->diags);
	e->indexed = false;
	entry_load(e, &c->tags, NULL);
	note_duplicate(c->v, index, e);
	entry_finish(e);
	id_rebuild(c, c->cap); /* its id may have changed */
	return !e->broken;
}

pt_lesson *catalog_lesson(pt_catalog *c, size_t index)
{
	if (!c->v[index].loaded)
		catalog_reload(c, index);
	return c->v[index].lesson;
}

void catalog_load_all(pt_catalog *c)
{
	for (size_t i = 0; i < c->n; i++)
		if (!c->v[i].broken)
			catalog_lesson(c, i);
}

pt_entry *catalog_find(const pt_catalog *c, const char *id)
{
	if (c->by_id != NULL) {
		size_t at = id_slot(c, id);
		return c->by_id[at] != 0 ? &c->v[c->by_id[at] - 1] : NULL;
	}
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].info != NULL && c->v[i].info->id != NULL && strcmp(c->v[i].info->id, id) == 0)
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

/* Appends base + tail to buf at *used and to dirs when it is a
 * directory. */
static void add_if_dir(const char **dirs, size_t *n, size_t max, char *buf, size_t size, size_t *used,
    const char *base, size_t base_len, const char *tail)
{
	if (*n >= max || *used >= size)
		return;
	int w = snprintf(buf + *used, size - *used, "%.*s%s", (int)base_len, base, tail);
	if (w > 0 && (size_t)w < size - *used && is_dir(buf + *used)) {
		dirs[(*n)++] = buf + *used;
		*used += (size_t)w + 1;
	}
}

/* Returns the bundled lessons: the source tree's content/ when run from
 * it (./content, or beside the executable), else the installed folder;
 * NULL when none is there.  The string is static or in buf. */
static const char *bundled_dir(char *buf, size_t size)
{
	if (access("content/lesson.schema.json", F_OK) == 0)
		return "content";
	char exe[4096];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0)
		exe[len] = '\0';
	char *slash = len > 0 ? strrchr(exe, '/') : NULL;
	if (slash != NULL) {
		*slash = '\0';
		/* Sanitizer builds live in build/asan/; look two levels up too. */
		const char *const tails[] = { "/content", "/../../content" };
		for (size_t t = 0; t < 2; t++) {
			char schema[4200];
			snprintf(schema, sizeof schema, "%s%s/lesson.schema.json", exe, tails[t]);
			int w = snprintf(buf, size, "%s%s", exe, tails[t]);
			if (w > 0 && (size_t)w < size && access(schema, F_OK) == 0)
				return buf;
		}
	}
	return is_dir(PT_LESSON_DIR) ? PT_LESSON_DIR : NULL;
}

size_t catalog_default_dirs(const char **dirs, size_t max, char *buf, size_t size)
{
	size_t n = 0, used = 0;
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	if (xdg != NULL && xdg[0] == '/')
		add_if_dir(dirs, &n, max, buf, size, &used, xdg, strlen(xdg), "/paratutor/lessons");
	else if (home != NULL && home[0] != '\0')
		add_if_dir(dirs, &n, max, buf, size, &used, home, strlen(home), "/.local/share/paratutor/lessons");
	const char *data = getenv("XDG_DATA_DIRS");
	if (data == NULL || data[0] == '\0')
		data = "/usr/local/share/:/usr/share/";
	for (const char *p = data; *p != '\0';) {
		size_t len = strcspn(p, ":");
		if (p[0] == '/') /* a relative entry is ignored, as the XDG spec says */
			add_if_dir(dirs, &n, max, buf, size, &used, p, len, "/paratutor/lessons");
		p += len + (p[len] == ':');
	}
	const char *bundled = used < size ? bundled_dir(buf + used, size - used) : NULL;
	if (bundled != NULL && n < max)
		dirs[n++] = bundled;
	return n;
}

void catalog_free(pt_catalog *c)
{
	for (size_t i = 0; i < c->n; i++)
		entry_free(&c->v[i]);
	free(c->v);
	free(c->index_dir);
	free(c->index_tag);
	arena_free(c->index_arena);
	free(c->by_id);
	for (size_t i = 0; i < c->n_shadowed; i++)
		free(c->shadowed[i]);
	free(c->shadowed);
	tags_free(&c->tags);
	memset(c, 0, sizeof *c);
}

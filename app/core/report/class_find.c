/* class_find.c - the class report's stores: finding them under the paths
 * given, naming each learner, and the list of what was left out and why
 * (see class.h). */
#include <dirent.h>
#include <errno.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paratutor/report/class.h"
#include "paratutor/report/class_parts.h"
#include "paratutor/base/grow.h"
#include "paratutor/store/progress.h"

/* ---- finding stores ---------------------------------------------------- */

bool PT_PRINTF(5, 6) class_skip(pt_class *c, pt_class_skip_kind kind, const char *name, const char *path,
    const char *fmt, ...)
{
	char why[PT_PROGRESS_PATH_MAX + 512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (!grow_array((void **)&c->skips, &c->cap_skips, c->n_skips + 1, sizeof *c->skips))
		return false;
	pt_class_skip *s = &c->skips[c->n_skips];
	s->kind = kind;
	s->path = strdup(path);
	s->why = strdup(why);
	s->name = name != NULL ? strdup(name) : NULL;
	if (s->path == NULL || s->why == NULL || (name != NULL && s->name == NULL)) {
		free(s->path);
		free(s->why);
		free(s->name);
		return false;
	}
	c->n_skips++;
	return true;
}

/* class_skip for a path that yields no store. */
#define skip(c, path, ...) class_skip((c), PT_CLASS_SKIP_PATH, NULL, (path), __VA_ARGS__)

bool class_note_kept_aside(pt_class *c, const pt_class_learner *who)
{
	const char *slash = strrchr(who->path, '/');
	char dir[PT_PROGRESS_PATH_MAX], prefix[PT_PROGRESS_PATH_MAX];
	snprintf(dir, sizeof dir, "%.*s", slash != NULL ? (int)(slash - who->path) : 1,
	    slash != NULL ? who->path : ".");
	snprintf(prefix, sizeof prefix, "%s.corrupt-", slash != NULL ? slash + 1 : who->path);
	DIR *d = opendir(dir[0] != '\0' ? dir : "/");
	if (d == NULL)
		return true; /* reading the store said what was wrong, if anything */
	bool ok = true;
	for (struct dirent *e; ok && (e = readdir(d)) != NULL;) {
		char kept[2 * PT_PROGRESS_PATH_MAX];
		snprintf(kept, sizeof kept, "%s/%s", dir, e->d_name);
		if (strncmp(e->d_name, prefix, strlen(prefix)) == 0)
			ok = class_skip(c, PT_CLASS_SKIP_KEPT, class_login(who), kept, "%s: damaged records kept aside "
			    "when the learner signed in; the work in it is not in this report", kept);
	}
	closedir(d);
	return ok;
}

size_t class_failures(const pt_class *c)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n_skips; i++)
		n += c->skips[i].kind != PT_CLASS_SKIP_REPEAT;
	return n;
}

/* The tail of a store's path in a home folder (progress_store.c's default
 * without XDG_STATE_HOME). */
#define HOME_STORE "/.local/state/paratutor/" PT_CLASS_STORE_NAME

/* Returns a new string naming the owner of the home folder holding the
 * store at path (HOME/.local/state/paratutor/progress.json): the owner's
 * login, or the folder's own name when the owner has no account; NULL
 * when path is not such a store (*oom stays false) or out of memory (*oom
 * true). */
static char *home_owner(const char *path, bool *oom)
{
	size_t n = strlen(path), tail = strlen(HOME_STORE);
	*oom = false;
	if (n <= tail || strcmp(path + n - tail, HOME_STORE) != 0)
		return NULL;
	char *home = strndup(path, n - tail);
	if (home == NULL) {
		*oom = true;
		return NULL;
	}
	struct stat st;
	char *name = NULL;
	if (stat(home, &st) == 0) {
		const struct passwd *pw = getpwuid(st.st_uid);
		if (pw != NULL && pw->pw_name != NULL && pw->pw_name[0] != '\0')
			name = strdup(pw->pw_name);
		else {
			const char *last = strrchr(home, '/');
			name = strdup(last != NULL && last[1] != '\0' ? last + 1 : home);
		}
		*oom = name == NULL;
	}
	free(home);
	return name;
}

/* Returns a new string naming the learner of the store at path; NULL when
 * out of memory. */
static char *learner_name(pt_class_naming naming, const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *file = slash ? slash + 1 : path;
	if (naming == PT_CLASS_NAME_PATH)
		return strdup(path);
	bool oom;
	char *owner = naming == PT_CLASS_NAME_DIR ? home_owner(path, &oom) : NULL;
	if (owner != NULL || (naming == PT_CLASS_NAME_DIR && oom))
		return owner;
	if (naming == PT_CLASS_NAME_FILE) {
		size_t n = strlen(file);
		if (n > 5 && strcmp(file + n - 5, ".json") == 0)
			n -= 5;
		return strndup(file, n);
	}
	/* The directory: the last component before the file name, resolved
	 * when the path does not name it. */
	char *dir = slash ? strndup(path, (size_t)(slash - path)) : strdup(".");
	if (dir == NULL)
		return NULL;
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		dir[--n] = '\0';
	const char *last = strrchr(dir, '/');
	last = last ? last + 1 : dir;
	if (strcmp(last, ".") == 0 || strcmp(last, "..") == 0 || last[0] == '\0') {
		char *real = realpath(dir, NULL);
		if (real != NULL) {
			free(dir);
			dir = real;
			last = strrchr(dir, '/');
			last = last && last[1] != '\0' ? last + 1 : dir;
		}
	}
	char *name = strdup(last);
	free(dir);
	return name;
}

/* Adds the store at path to those to read; false when out of memory. */
static bool add_store(pt_class *c, const char *path)
{
	if (!grow_array((void **)&c->found, &c->cap_found, c->n_found + 1, sizeof *c->found))
		return false;
	pt_class_learner *f = &c->found[c->n_found];
	*f = (pt_class_learner){ 0 };
	struct stat st;
	bool known = stat(path, &st) == 0;
	f->dev = known ? (unsigned long long)st.st_dev : ~0ULL; /* unknown files match none */
	f->ino = known ? (unsigned long long)st.st_ino : c->n_found;
	f->path = strdup(path);
	f->name = f->path ? learner_name(c->naming, path) : NULL;
	if (f->name == NULL) {
		free(f->path);
		return false;
	}
	c->n_found++;
	return true;
}

void class_learner_free(pt_class_learner *l)
{
	free(l->name);
	free(l->path);
	free(l->login);
	free(l->email);
}

bool class_add_roster(pt_class *c, const char *path, const char *id, const char *name, const char *email)
{
	if (!add_store(c, path))
		return false;
	pt_class_learner *f = &c->found[c->n_found - 1];
	free(f->name);
	f->name = strdup(name != NULL && name[0] != '\0' ? name : id);
	f->login = strdup(id);
	f->email = email != NULL && email[0] != '\0' ? strdup(email) : NULL;
	f->roster = true;
	if (f->name == NULL || f->login == NULL || (email != NULL && email[0] != '\0' && f->email == NULL)) {
		c->n_found--;
		class_learner_free(f);
		return false;
	}
	return true;
}

const char *class_login(const pt_class_learner *l)
{
	return l->login != NULL ? l->login : l->name;
}

/* Searches directory dir (depth levels down) for stores; *ok turns false
 * when out of memory. */
static void walk(pt_class *c, const char *dir, int depth, bool *ok)
{
	DIR *d = opendir(dir);
	if (d == NULL) {
		*ok = skip(c, dir, "%s: cannot read this directory: %s", dir, strerror(errno));
		return;
	}
	struct dirent *e;
	char path[PT_PROGRESS_PATH_MAX];
	while (*ok && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		int w = snprintf(path, sizeof path, "%s%s%s", dir,
		    dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
		if (w < 0 || (size_t)w >= sizeof path) {
			*ok = skip(c, dir, "%s: a name in it makes a path too long to use", dir);
			continue;
		}
		struct stat st;
		if (lstat(path, &st) != 0)
			continue; /* gone since it was listed */
		bool store = strcmp(e->d_name, PT_CLASS_STORE_NAME) == 0;
		if (S_ISDIR(st.st_mode) && !store) {
			if (depth + 1 < PT_CLASS_MAX_DEPTH)
				walk(c, path, depth + 1, ok);
			else
				*ok = skip(c, path, "%s: more than %d directories deep; give it on its own",
				    path, PT_CLASS_MAX_DEPTH);
		} else if (store) {
			*ok = add_store(c, path); /* reading says what is wrong when it is not a file */
		}
	}
	closedir(d);
}

bool class_add_path(pt_class *c, const char *path)
{
	struct stat st;
	if (path[0] == '\0')
		return skip(c, path, "an empty path names no store");
	if (stat(path, &st) != 0)
		return skip(c, path, "%s: %s", path, errno == ENOENT ? "no such file or directory" : strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return add_store(c, path); /* reading says what else is wrong with it */
	size_t before = c->n_found, skips = c->n_skips;
	bool ok = true;
	walk(c, path, 0, &ok);
	if (ok && c->n_found == before && c->n_skips == skips)
		ok = skip(c, path, "%s: no %s anywhere under this directory", path, PT_CLASS_STORE_NAME);
	return ok;
}

/* settings.c - the learner's configuration file (settings.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paratutor/learn/fsrs.h"
#include "paratutor/store/settings.h"

bool settings_default_path(char *buf, size_t size)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	int n;
	if (xdg != NULL && xdg[0] == '/')
		n = snprintf(buf, size, "%s/paratutor/config", xdg);
	else if (home != NULL && home[0] != '\0')
		n = snprintf(buf, size, "%s/.config/paratutor/config", home);
	else
		return false;
	return n > 0 && (size_t)n < size;
}

void settings_init(pt_settings *s)
{
	memset(s, 0, sizeof *s);
	s->retention = PT_FSRS_DEFAULT_RETENTION;
}

void settings_free(pt_settings *s)
{
	for (size_t i = 0; i < s->n_lessons; i++)
		free(s->lessons[i]);
	free(s->lrs);
	free(s->lrs_auth);
	settings_init(s);
}

bool settings_system_path(char *buf, size_t size)
{
	const char *dir = PT_SYSCONFDIR;
#ifdef PT_TEST_HOOKS
	const char *test = getenv("PARATUTOR_TEST_SYSCONFDIR");
	if (test != NULL && test[0] != '\0')
		dir = test;
#endif
	int n = snprintf(buf, size, "%s/paratutor/config", dir);
	return n > 0 && (size_t)n < size;
}

bool settings_retention(const char *value, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(value, &end);
	if (end == value || *end != '\0' || errno != 0 || !fsrs_retention_ok(v))
		return false;
	*out = v;
	return true;
}

/* Replaces *slot with a copy of value; false when out of memory. */
static bool set_text(char **slot, const char *value)
{
	char *copy = strdup(value);
	if (copy == NULL)
		return false;
	free(*slot);
	*slot = copy;
	return true;
}

/* Each setting's reader: stores value into s, or says in why (a
 * sentence) what the value should be.  dir is the folder of the file,
 * for relative paths. */
typedef bool set_fn(pt_settings *s, const char *value, const char *dir, const char **why);

static bool set_retention(pt_settings *s, const char *value, const char *dir, const char **why)
{
	(void)dir;
	*why = "retention takes a number from 0.70 to 0.99, like 0.9";
	return settings_retention(value, &s->retention);
}

/* Returns value as a path: as it is when absolute, else inside dir
 * (caller frees; NULL when out of memory). */
static char *path_in(const char *dir, const char *value)
{
	size_t need = strlen(dir) + strlen(value) + 2;
	char *path = malloc(need);
	if (path != NULL && (value[0] == '/' || dir[0] == '\0'))
		snprintf(path, need, "%s", value);
	else if (path != NULL)
		snprintf(path, need, "%s/%s", dir, value);
	return path;
}

static bool set_lessons(pt_settings *s, const char *value, const char *dir, const char **why)
{
	*why = "lessons takes a folder, like /srv/course/lessons";
	if (value[0] == '\0')
		return false;
	*why = "too many lessons lines; at most 16 in one file";
	if (s->n_lessons == PT_SETTINGS_MAX_LESSONS)
		return false;
	*why = "out of memory";
	char *path = path_in(dir, value);
	if (path == NULL)
		return false;
	s->lessons[s->n_lessons++] = path;
	return true;
}

static bool set_lrs(pt_settings *s, const char *value, const char *dir, const char **why)
{
	(void)dir;
	*why = "lrs takes the address of a Learning Record Store's xAPI endpoint, like https://lrs.example.org/xapi";
	if (strncmp(value, "https://", 8) != 0 && strncmp(value, "http://", 7) != 0)
		return false;
	*why = "out of memory";
	return set_text(&s->lrs, value);
}

static bool set_lrs_auth(pt_settings *s, const char *value, const char *dir, const char **why)
{
	*why = "lrs_auth takes the file that holds the store's key:secret";
	if (value[0] == '\0')
		return false;
	*why = "out of memory";
	char *path = path_in(dir, value);
	if (path == NULL)
		return false;
	free(s->lrs_auth);
	s->lrs_auth = path;
	return true;
}

static bool set_plain(pt_settings *s, const char *value, const char *dir, const char **why)
{
	(void)dir;
	*why = "plain takes yes or no";
	if (strcmp(value, "yes") != 0 && strcmp(value, "no") != 0)
		return false;
	s->plain = strcmp(value, "yes") == 0;
	return true;
}

static const struct {
	const char *key;
	set_fn *set;
} setting_keys[] = {
	{ "retention", set_retention },
	{ "lessons", set_lessons },
	{ "lrs", set_lrs },
	{ "lrs_auth", set_lrs_auth },
	{ "plain", set_plain },
};

/* Trims spaces and tabs from both ends of s, in place. */
static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

/* Parses text (from a file called name) into s, which holds the defaults
 * or what an earlier file set.  Returns false with "name:LINE: what is
 * wrong" in err on the first bad line. */
static bool settings_parse(const char *text, const char *name, pt_settings *s, char *err, size_t size)
{
	char line[4352], dir[4096];
	const char *slash = strrchr(name, '/');
	size_t dir_len = slash != NULL ? (size_t)(slash - name) : 0;
	if (dir_len >= sizeof dir)
		dir_len = sizeof dir - 1;
	memcpy(dir, name, dir_len);
	dir[dir_len] = '\0';
	if (slash == name)
		snprintf(dir, sizeof dir, "/");
	int no = 0;
	for (const char *p = text; *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		no++;
		if (len >= sizeof line) {
			snprintf(err, size, "%s:%d: the line is too long", name, no);
			return false;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		p += len + (nl != NULL);
		char *hash = strchr(line, '#');
		if (hash != NULL)
			*hash = '\0';
		char *l = trim(line);
		if (*l == '\0')
			continue;
		char *eq = strchr(l, '=');
		if (eq == NULL) {
			snprintf(err, size, "%s:%d: expected 'key = value'", name, no);
			return false;
		}
		*eq = '\0';
		char *key = trim(l), *value = trim(eq + 1);
		size_t k = 0, n_keys = sizeof setting_keys / sizeof *setting_keys;
		while (k < n_keys && strcmp(key, setting_keys[k].key) != 0)
			k++;
		if (k == n_keys) {
			snprintf(err, size, "%s:%d: unknown setting; the known ones are retention, lessons, lrs, lrs_auth and plain",
			    name, no);
			return false;
		}
		const char *why = NULL;
		if (!setting_keys[k].set(s, value, dir, &why)) {
			snprintf(err, size, "%s:%d: %s", name, no, why);
			return false;
		}
	}
	return true;
}

bool settings_read(const char *path, pt_settings *s, char *err, size_t size)
{
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		/* No file, or one this user cannot even reach (a HOME of another
		 * user's): the defaults, quietly.  A file that is there but cannot
		 * be read is reported. */
		struct stat st;
		if (errno == ENOENT || errno == ENOTDIR || (errno == EACCES && stat(path, &st) != 0))
			return true;
		snprintf(err, size, "%s: %s", path, strerror(errno));
		return false;
	}
	char text[16384];
	size_t n = fread(text, 1, sizeof text - 1, f);
	bool bad = ferror(f) != 0, big = n == sizeof text - 1 && !feof(f);
	fclose(f);
	if (bad || big) {
		snprintf(err, size, "%s: %s", path, bad ? "cannot be read" : "is larger than 16 KiB");
		return false;
	}
	text[n] = '\0';
	return settings_parse(text, path, s, err, size);
}

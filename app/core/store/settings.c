/* settings.c - the learner's configuration file (settings.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paratutor/fsrs.h"
#include "paratutor/settings.h"

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

bool settings_parse(const char *text, const char *name, pt_settings *s, char *err, size_t size)
{
	char line[512];
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
		if (strcmp(key, "retention") != 0) {
			snprintf(err, size, "%s:%d: unknown setting; the one known is 'retention'", name, no);
			return false;
		}
		if (!settings_retention(value, &s->retention)) {
			snprintf(err, size, "%s:%d: retention takes a number from 0.70 to 0.99, like 0.9", name, no);
			return false;
		}
	}
	return true;
}

bool settings_read(const char *path, pt_settings *s, char *err, size_t size)
{
	s->retention = PT_FSRS_DEFAULT_RETENTION;
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

/* lessons.c - the lesson search shared by the subcommands. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "paratutor/cli_lessons.h"

bool cli_load_lessons(pt_catalog *cat, const char *const *dirs, size_t n, const char *who)
{
	const char *defaults[CLI_MAX_LESSON_DIRS];
	char buf[8192];
	bool explicit_dirs = n > 0;
	if (!explicit_dirs) {
		n = catalog_default_dirs(defaults, CLI_MAX_LESSON_DIRS, buf, sizeof buf);
		dirs = defaults;
	}
	for (size_t i = 0; i < n; i++) {
		const char *why = NULL;
		if (!catalog_add_path(cat, dirs[i], !explicit_dirs, &why))
			fprintf(stderr, "%s: %s: %s\n", who, dirs[i], why);
	}
	return cat->n > 0;
}

bool cli_find_blueprint(const char *arg, const char *const *dirs, size_t n, char *out, size_t size)
{
	size_t len = strlen(arg);
	bool path = strchr(arg, '/') != NULL || (len >= 5 && strcmp(arg + len - 5, ".json") == 0);
	snprintf(out, size, "%s", arg);
	if (path || access(arg, F_OK) == 0)
		return true;
	const char *defaults[CLI_MAX_LESSON_DIRS];
	char buf[8192];
	if (n == 0) {
		n = catalog_default_dirs(defaults, CLI_MAX_LESSON_DIRS, buf, sizeof buf);
		dirs = defaults;
	}
	for (size_t i = 0; i < n; i++) {
		int w = snprintf(out, size, "%s/blueprints/%s.json", dirs[i], arg);
		if (w > 0 && (size_t)w < size && access(out, F_OK) == 0)
			return true;
	}
	snprintf(out, size, "%s", arg);
	return false;
}

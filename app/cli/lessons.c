/* lessons.c - the lesson search shared by the subcommands. */
#include <stdio.h>

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

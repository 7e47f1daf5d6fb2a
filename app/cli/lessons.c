/* lessons.c - the lesson path shared by every command, and the lesson
 * index they keep (cli_lessons.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/catalog/index.h"
#include "paratutor/cli/cli_lessons.h"

bool cli_lessons_arg(cli_lesson_path *lp, const char *dir, bool only, const char *who)
{
	if (lp->n_given == CLI_MAX_LESSON_DIRS) {
		fprintf(stderr, "%s: at most %d --lessons and --only-lessons folders\n", who, CLI_MAX_LESSON_DIRS);
		return false;
	}
	lp->given[lp->n_given++] = dir;
	lp->only = lp->only || only;
	return true;
}

/* Appends dir unless the path already names the same folder. */
static void add(cli_lesson_path *lp, const char *dir)
{
	if (lp->n == CLI_MAX_PATH_DIRS)
		return;
	char *real = realpath(dir, NULL);
	for (size_t i = 0; real != NULL && i < lp->n; i++) {
		char *other = realpath(lp->dirs[i], NULL);
		bool same = other != NULL && strcmp(real, other) == 0;
		free(other);
		if (same) {
			free(real);
			return;
		}
	}
	free(real);
	lp->dirs[lp->n++] = dir;
}

void cli_lesson_path_build(cli_lesson_path *lp, const char *who)
{
	lp->n = 0;
	for (size_t i = 0; i < lp->n_given; i++)
		add(lp, lp->given[i]);
	if (lp->only)
		return;
	if (!lp->have_config) {
		cli_config_read(&lp->config, who);
		lp->have_config = true;
	}
	for (size_t i = 0; i < lp->config.user.n_lessons; i++)
		add(lp, lp->config.user.lessons[i]);
	for (size_t i = 0; i < lp->config.system.n_lessons; i++)
		add(lp, lp->config.system.lessons[i]);
	const char *defaults[CLI_MAX_PATH_DIRS];
	size_t n = catalog_default_dirs(defaults, CLI_MAX_PATH_DIRS, lp->buf, sizeof lp->buf);
	for (size_t i = 0; i < n; i++)
		add(lp, defaults[i]);
}

void cli_lesson_path_free(cli_lesson_path *lp)
{
	if (lp->have_config)
		cli_config_free(&lp->config);
	lp->have_config = false;
}

bool cli_load_lessons(pt_catalog *cat, cli_lesson_path *lp, const char *who)
{
	cli_lesson_path_build(lp, who);
	for (size_t i = 0; i < lp->n; i++) {
		const char *why = NULL;
		if (!catalog_add_path(cat, lp->dirs[i], !lp->only, &why))
			fprintf(stderr, "%s: %s: %s\n", who, lp->dirs[i], why);
	}
	return cat->n > 0;
}

bool cli_find_blueprint(const char *arg, cli_lesson_path *lp, char *out, size_t size)
{
	size_t len = strlen(arg);
	bool path = strchr(arg, '/') != NULL || (len >= 5 && strcmp(arg + len - 5, ".json") == 0);
	snprintf(out, size, "%s", arg);
	if (path || access(arg, F_OK) == 0)
		return true;
	cli_lesson_path_build(lp, "paratutor exam");
	for (size_t i = 0; i < lp->n; i++) {
		int w = snprintf(out, size, "%s/blueprints/%s.json", lp->dirs[i], arg);
		if (w > 0 && (size_t)w < size && access(out, F_OK) == 0)
			return true;
	}
	snprintf(out, size, "%s", arg);
	return false;
}

/* Makes the tutor's catalog read and keep the lesson index, unless
 * turned off.  The index is tagged with this program's version and the
 * size and time of its executable, so a rebuilt paratutor (whose checks
 * may differ) never trusts an index an older build wrote. */
void cli_use_index(pt_catalog *cat, const char *dir, bool no_cache)
{
	const char *off = dir == NULL ? getenv("PARATUTOR_NO_CACHE") : NULL;
	char buf[4096], tag[256];
	if (no_cache || (off != NULL && off[0] != '\0' && strcmp(off, "0") != 0) ||
	    (dir == NULL && !index_default_dir(buf, sizeof buf)))
		return;
	struct stat st;
	if (stat("/proc/self/exe", &st) == 0)
		snprintf(tag, sizeof tag, "paratutor %s %lld %lld.%09ld", PT_VERSION, (long long)st.st_size,
		    (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
	else
		snprintf(tag, sizeof tag, "paratutor %s", PT_VERSION);
	catalog_use_index(cat, dir != NULL ? dir : buf, tag);
}

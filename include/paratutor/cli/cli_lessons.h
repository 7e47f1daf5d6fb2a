/* cli_lessons.h - the lesson path: the folders every command searches for
 * lessons, in order.  --lessons DIR (repeatable) goes in front of the
 * lessons = lines of the learner's and the system's configuration files,
 * then $XDG_DATA_HOME/paratutor/lessons, each $XDG_DATA_DIRS/paratutor/
 * lessons and the bundled lessons (catalog_default_dirs).  With
 * --only-lessons DIR the folders given are the whole path.  A lesson
 * whose id an earlier folder has is shadowed: skipped, and named by
 * `paratutor --check` with no PATH. */
#ifndef PARATUTOR_CLI_LESSONS_H
#define PARATUTOR_CLI_LESSONS_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_config.h"

#define CLI_MAX_LESSON_DIRS 32 /* --lessons given at most this often */
#define CLI_MAX_PATH_DIRS (CLI_MAX_LESSON_DIRS + 2 * PT_SETTINGS_MAX_LESSONS + 16)

typedef struct cli_lesson_path {
	const char *given[CLI_MAX_LESSON_DIRS]; /* --lessons and --only-lessons, in order */
	size_t n_given;
	bool only;           /* an --only-lessons was given */
	const char *dirs[CLI_MAX_PATH_DIRS]; /* the path, after cli_lesson_path_build */
	size_t n;
	cli_config config;   /* read by cli_lesson_path_build unless only */
	bool have_config;
	char buf[8192];      /* holds the default folders' names */
} cli_lesson_path;

/* Takes the argument of --lessons DIR (only false) or --only-lessons DIR;
 * false, said on stderr after who, when too many were given. */
bool cli_lessons_arg(cli_lesson_path *lp, const char *dir, bool only, const char *who);

/* Builds lp->dirs from what was given, the configuration files (read
 * here, into lp->config, unless only) and the default folders; the same
 * folder twice is searched once. */
void cli_lesson_path_build(cli_lesson_path *lp, const char *who);

/* Frees what lp holds. */
void cli_lesson_path_free(cli_lesson_path *lp);

/* Builds the path and adds the lessons of each folder on it to cat, in
 * order: a lesson id found again further on is shadowed, except with
 * --only-lessons, where it is a duplicate and an error.  Each folder
 * that cannot be read is named on stderr after who ("paratutor",
 * "paratutor exam").  Returns false when no lesson file was found at all. */
bool cli_load_lessons(pt_catalog *cat, cli_lesson_path *lp, const char *who);

/* The file a --blueprint argument names.  A path (it holds a '/' or ends
 * in ".json"), or a name with a file of that name in the current
 * directory, is itself.  A bare name such as "pmle-scaling" is a bundled
 * blueprint: blueprints/NAME.json in the first folder of the lesson path
 * that holds it.
 * Writes the file's path to out; false when a bare name is bundled
 * nowhere (out then holds the name). */
bool cli_find_blueprint(const char *arg, cli_lesson_path *lp, char *out, size_t size);

/* Makes cat read and keep the lesson index in dir (NULL: the default,
 * $XDG_CACHE_HOME/paratutor), unless no_cache or PARATUTOR_NO_CACHE (when
 * dir is NULL) says not to. */
void cli_use_index(pt_catalog *cat, const char *dir, bool no_cache);

#endif

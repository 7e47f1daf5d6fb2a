/* cli_lessons.h - how the subcommands find their lessons: the directories
 * given with --lessons, else the tutor's default search path. */
#ifndef PARATUTOR_CLI_LESSONS_H
#define PARATUTOR_CLI_LESSONS_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/catalog.h"

#define CLI_MAX_LESSON_DIRS 32 /* --lessons given at most this often */

/* Adds to cat the lessons of the n directories or files in dirs, or of
 * the default search path when n is 0 (where a lesson id found again
 * further on is skipped).  Each path that cannot be read is named on
 * stderr after who ("paratutor", "paratutor exam").  Returns false when no
 * lesson file was found at all. */
bool cli_load_lessons(pt_catalog *cat, const char *const *dirs, size_t n, const char *who);

/* The file a --blueprint argument names.  A path (it holds a '/' or ends
 * in ".json"), or a name with a file of that name in the current
 * directory, is itself.  A bare name such as "pmle-scaling" is a bundled
 * blueprint: blueprints/NAME.json in the first lesson directory of the
 * given ones (or of the default search path when n is 0) that holds it.
 * Writes the file's path to out; false when a bare name is bundled
 * nowhere (out then holds the name). */
bool cli_find_blueprint(const char *arg, const char *const *dirs, size_t n, char *out, size_t size);

#endif

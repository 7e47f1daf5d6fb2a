/* cli_course.h - `paratutor course` (the instructor's commands on a course
 * folder) and hosted mode, `paratutor --course DIR --learner ID`, which a
 * learner's forced ssh command runs (course.h, docs/course.md). */
#ifndef PARATUTOR_CLI_COURSE_H
#define PARATUTOR_CLI_COURSE_H

#include <limits.h>
#include <stdbool.h>

#include "paratutor/store/course.h"
#include "paratutor/store/track.h"

/* The absolute paths the forced command names (this program and DIR) and
 * the course's lock, held while an instructor command changes it. */
typedef struct cli_course_paths {
	char exe[PATH_MAX];
	char dir[PATH_MAX];
	int lock;
} cli_course_paths;

/* Reads the course in dir under its lock (one instructor command at a
 * time); false after saying why. */
bool cli_course_read(const char *dir, cli_course_paths *cp, pt_course *c);

/* Saves the course when change is true (the change to it worked), then
 * frees it and lets go of its lock; returns the exit status (0 saved, 1
 * not: nothing was changed). */
int cli_course_save(pt_course *c, cli_course_paths *cp, bool change);

/* `paratutor course lrs DIR [--lrs URL [--lrs-auth FILE] | --off]`
 * (course.c) and `paratutor course sync DIR [--learner ID]...
 * [--background]` (course_lrs.c), argv[0] being "lrs" or "sync"; return
 * the exit status. */
int cli_course_lrs(int argc, char **argv);
int cli_course_sync(int argc, char **argv);

/* Hosted mode, when the course has an LRS: every result the tutor records
 * for learner from now on starts a background send of their unsent
 * statements (`course sync DIR --learner ID --background`, detached). */
void cli_course_push_arm(const char *dir, const char *learner);

/* Makes t start that send after each result it saves, once armed. */
void cli_course_push_attach(pt_track *t);

/* Runs `paratutor course` with argv[0] being "course"; returns the exit
 * status (0 done, 1 failed and nothing changed, 2 bad command line). */
int cli_course(int argc, char **argv);

/* Runs hosted mode: argv is exactly { "paratutor", "--course", DIR,
 * "--learner", ID }, and SSH_ORIGINAL_COMMAND (when set) one of the words
 * plain, review, next, "exam NAME", help.  Returns the exit status (0
 * done, 1 refused or failed, 2 words or a command line it does not take,
 * 3 the course has no lessons). */
int cli_hosted(int argc, char **argv);

#endif

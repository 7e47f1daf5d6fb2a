/* cli_course.h - `paratutor course` (the instructor's commands on a course
 * folder) and hosted mode, `paratutor --course DIR --learner ID`, which a
 * learner's forced ssh command runs (course.h, docs/course.md). */
#ifndef PARATUTOR_CLI_COURSE_H
#define PARATUTOR_CLI_COURSE_H

#include "paratutor/store/course.h"
#include "paratutor/store/track.h"

/* `paratutor course sync DIR [--learner ID]... [--background]`
 * (course_lrs.c), argv[0] being "sync"; returns the exit status. */
int cli_course_sync(int argc, char **argv);

/* Hosted mode, when the course has an LRS: every result the tutor records
 * for learner from now on starts a background send of their unsent
 * statements (`course sync DIR --learner ID --background`, detached). */
void cli_course_push_arm(const char *dir, const char *learner);

/* Makes t start that send after each result it saves, once armed. */
void cli_course_push_attach(pt_track *t);

/* Reads the course in dir for an instructor command (course_lrs.c); false
 * after saying why, and for a folder without course.json that it is not
 * a course folder and how to make one. */
bool cli_course_load(pt_course *c, const char *dir);

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

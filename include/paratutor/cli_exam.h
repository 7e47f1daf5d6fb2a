/* cli_exam.h - the `paratutor exam` command: a timed exam drawn from the
 * lessons, resumed when one was left unfinished, and the history of past
 * exams. */
#ifndef PARATUTOR_CLI_EXAM_H
#define PARATUTOR_CLI_EXAM_H

/* Runs `paratutor exam` with argv[0] being "exam"; returns the exit
 * status (0 done, 1 the exam could not be drawn or kept, 2 bad command
 * line, 3 no lessons found). */
int cli_exam(int argc, char **argv);

#endif

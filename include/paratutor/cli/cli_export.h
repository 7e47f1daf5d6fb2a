/* cli_export.h - the `paratutor export` command: a lesson as GIFT or
 * Moodle XML, and `paratutor new`: item and lesson templates. */
#ifndef PARATUTOR_CLI_EXPORT_H
#define PARATUTOR_CLI_EXPORT_H

/* Runs `paratutor export` with argv[0] being "export"; returns the exit
 * status (0 written, 1 the lesson is broken or cannot be read or
 * written, 2 bad command line, 3 no such lesson). */
int cli_export(int argc, char **argv);

/* Runs `paratutor new` with argv[0] being "new"; returns the exit status
 * (0 printed, 2 bad command line). */
int cli_new(int argc, char **argv);

#endif

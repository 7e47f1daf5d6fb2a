/* cli_class.h - the `paratutor class` command: many learners' progress
 * stores analysed together (item analysis, lesson scores, gradebook). */
#ifndef PARATUTOR_CLI_CLASS_H
#define PARATUTOR_CLI_CLASS_H

/* Runs `paratutor class` with argv[0] being "class"; returns the exit
 * status (0 report written, 1 no store could be read or the report could
 * not be written, 2 bad command line, 3 no lessons found). */
int cli_class(int argc, char **argv);

#endif

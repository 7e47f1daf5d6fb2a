/* cli_import.h - the `paratutor import` command: GIFT and Moodle XML
 * question files into one format-2 lesson. */
#ifndef PARATUTOR_CLI_IMPORT_H
#define PARATUTOR_CLI_IMPORT_H

/* Runs `paratutor import` with argv[0] being "import"; returns the exit
 * status (0 imported, 1 the input has errors or cannot be read or
 * written, 2 bad command line). */
int cli_import(int argc, char **argv);

#endif

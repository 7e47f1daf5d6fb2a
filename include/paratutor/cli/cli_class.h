/* cli_class.h - the `paratutor class` command: many learners' progress
 * stores analysed together (item analysis, lesson scores, gradebook). */
#ifndef PARATUTOR_CLI_CLASS_H
#define PARATUTOR_CLI_CLASS_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/report/class.h"

/* Runs `paratutor class` with argv[0] being "class"; returns the exit
 * status (0 report written, 1 no store could be read or the report could
 * not be written, 2 bad command line, 3 no lessons found). */
int cli_class(int argc, char **argv);

/* Where `class --lrs` reads.  Strings are borrowed. */
typedef struct cli_class_lrs {
	const char *url;
	const char *auth;  /* the credentials file, or NULL: none */
	const char *since; /* "YYYY-MM-DDTHH:MM:SSZ": only statements the LRS stored after it; NULL: all */
	size_t limit;      /* statements asked for per page */
} cli_class_lrs;

/* Reads the class's learners from the LRS (every page of GET
 * /statements) into c with class_add_records() and computes the analysis
 * (class_finish()), saying on stderr in one line what it read and skipped
 * (class_lrs.c).  False, having said why in one line (never the secret),
 * when the LRS cannot be reached, refuses, gives a page that cannot be
 * read, or when out of memory. */
bool cli_class_lrs_read(pt_class *c, const cli_class_lrs *o);

#endif

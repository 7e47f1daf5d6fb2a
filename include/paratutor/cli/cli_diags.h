/* cli_diags.h - printing diagnostics for import and export (diags.c). */
#ifndef PARATUTOR_CLI_DIAGS_H
#define PARATUTOR_CLI_DIAGS_H

#include <stdbool.h>
#include <stdio.h>

#include "paratutor/base/diag.h"

/* Prints the diagnostics to fp: every error, and of the warnings each one
 * when verbose, else the first of each kind (the message with its quoted
 * parts and numbers taken out) followed by a note that counts the others
 * and says where they are. */
void cli_print_diags(const pt_diags *d, bool verbose, FILE *fp);

#endif

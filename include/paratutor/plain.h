/* plain.h - the line-oriented tutor: no escape sequences, for screen
 * readers, braille displays and pipes. */
#ifndef PARATUTOR_PLAIN_H
#define PARATUTOR_PLAIN_H

#include <stdio.h>

#include "paratutor/catalog.h"
#include "paratutor/ui.h"

/* Runs the tutor reading commands from in and writing to out until the
 * learner quits or input ends.  Returns an exit status. */
int plain_run(pt_catalog *catalog, const pt_ui_options *options, FILE *in, FILE *out);

#endif

/* plain.h - the line-oriented tutor: no escape sequences, for screen
 * readers, braille displays and pipes. */
#ifndef PARATUTOR_PLAIN_H
#define PARATUTOR_PLAIN_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/ui/ui.h"

/* Runs the tutor reading commands from in and writing to out until the
 * learner quits or input ends.  Returns an exit status. */
int plain_run(pt_catalog *catalog, const pt_ui_options *options, FILE *in, FILE *out);

/* Prints the learner's statistics from p over catalog at now (stats.h) to
 * out as plain text, paragraphs wrapped at 78 columns, charts in ASCII
 * when the locale is not UTF-8; with words set, sentences instead of
 * charts and columns (plain mode, stats --me --plain) (plain_stats.c);
 * course: a hosted session's course (stats_text_for), or NULL.  Returns
 * false when out of memory. */
bool plain_stats(FILE *out, const pt_progress *p, const struct pt_course *course, pt_catalog *catalog, time_t now,
    bool words);

#endif

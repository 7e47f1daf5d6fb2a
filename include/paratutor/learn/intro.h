/* intro.h - the introduction a learner reads on the first run: what the
 * items are, what the marks mean, how answers are scored and reviewed.
 * The same words for the full screen (first run, then under ?) and plain
 * mode (first run, then "guide"); each adds how its own keys or commands
 * answer.  Pure: static text. */
#ifndef PARATUTOR_INTRO_H
#define PARATUTOR_INTRO_H

#include <stddef.h>

/* Returns paragraph i of the introduction, or NULL past the last. */
const char *intro_paragraph(size_t i);

#endif

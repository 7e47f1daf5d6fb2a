/* ui_wrapout.h - plain mode's output, wrapped to the terminal's width.
 *
 * A stream that passes text on to another, breaking lines at spaces so
 * none is wider than the width (continuations keep the line's indent).  A
 * word wider than the width, a URL above all, is never broken: it gets a
 * line of its own. */
#ifndef PARATUTOR_UI_WRAPOUT_H
#define PARATUTOR_UI_WRAPOUT_H

#include <stdio.h>

/* Returns the width plain mode wraps to: $COLUMNS when it is a number of
 * 20 or more, else the width of the terminal out writes to, else 80. */
int wrapout_width(FILE *out);

/* Returns a stream that writes to out, wrapped at width columns; fclose
 * flushes it and leaves out open.  NULL when it cannot be made: write to
 * out as it is then. */
FILE *wrapout_open(FILE *out, int width);

#endif

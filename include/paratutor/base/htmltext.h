/* htmltext.h - reducing the HTML of imported questions to plain text.
 *
 * Pure string functions; every result is a new NUL-terminated string the
 * caller frees with free(), or NULL when out of memory. */
#ifndef PARATUTOR_HTMLTEXT_H
#define PARATUTOR_HTMLTEXT_H

#include <stddef.h>

/* Returns the text of an HTML fragment: tags removed, entities decoded,
 * white space folded, line breaks for <br> and block elements, "- " before
 * list items, <pre> kept verbatim.  Sets *images to the number of <img>
 * and other embedded media elements dropped. */
char *htmltext_reduce(const char *html, size_t *images);

/* Returns s with every run of white space folded to one space and the ends
 * trimmed; with keep_newlines, line breaks survive (one per run) and only
 * the spaces around them go. */
char *htmltext_fold(const char *s, int keep_newlines);

#endif

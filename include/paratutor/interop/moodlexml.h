/* moodlexml.h - reading Moodle XML question banks into lesson items.
 *
 * Question types read: multichoice (one or several right answers),
 * truefalse, shortanswer, numerical (tolerance, units), matching,
 * gapselect and ddwtos (a fill item with one shared bank) and ordering.
 * Categories name the lesson; descriptions, essays and other types are
 * skipped with a warning, and whatever an item cannot keep (partial
 * credit, images, wildcards) is warned about where it stands.  The mapping
 * is in docs/formats.md, "Importing from Moodle". */
#ifndef PARATUTOR_MOODLEXML_H
#define PARATUTOR_MOODLEXML_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/interop/import.h"

/* Reads the Moodle XML text (len bytes) into imp, reporting problems
 * against the file import_file() named.  Returns false when it found
 * errors (malformed XML stops the reading; a broken question is left
 * out and the rest read). */
bool moodlexml_read(pt_import *imp, const char *text, size_t len);

#endif

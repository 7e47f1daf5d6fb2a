/* gift.h - reading Moodle's GIFT question format into lesson items.
 *
 * Every GIFT feature is read: ::titles::, // comments (with Moodle's
 * [id:...] and [tag:...]), $CATEGORY:, the escapes \~ \= \# \{ \} \: \\
 * and \n, [plain] [markdown] [moodle] [html] text formats, per-answer #
 * feedback and #### general feedback, %weights%, true/false, short answer,
 * numeric (a:b, a..b, several answers), matching, missing word, essay
 * and description.  How each becomes an item (or why it does not) is in
 * docs/formats.md, "Importing from Moodle". */
#ifndef PARATUTOR_GIFT_H
#define PARATUTOR_GIFT_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/interop/import.h"

/* Reads the GIFT text (len bytes) into imp, reporting problems against
 * the file import_file() named.  Returns false when it found errors; the
 * questions without errors are imported either way. */
bool gift_read(pt_import *imp, const char *text, size_t len);

#endif

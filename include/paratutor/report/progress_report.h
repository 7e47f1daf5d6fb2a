/* progress_report.h - the instructor report of a progress store, built as
 * text for the caller to print. */
#ifndef PARATUTOR_PROGRESS_REPORT_H
#define PARATUTOR_PROGRESS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/store/progress_record.h"

/* Builds the instructor report into *out (a new NUL-terminated string the
 * caller frees with free(); *len gets its length), one row per record,
 * format "csv" (RFC 4180, CRLF line ends, header row) or "json" (an array
 * of objects, then a newline): lesson, item, outcome of the lesson result
 * (open, first_time, with_hints, retries, failed), attempts, hints, wrong
 * options (";"-joined in CSV), time_spent (seconds), first_seen, last_seen
 * (ISO 8601 UTC), item_status (current, changed when the item's answer
 * changed since, removed when the catalog lacks it; catalog may be NULL).
 * Rows follow lesson id, then item order.  Finished exams follow, oldest
 * first: in CSV after an empty line, under their own header row (exam,
 * started, finished, items, right, score, pass_mark, passed, time_used,
 * time_limit, timed_out, seed); in JSON as objects in the same array
 * with "record": "exam", the same figures and each item's result (an
 * item row has no "record" member).  Writes nothing anywhere else.
 * Returns false with the cause in err (and *out NULL) for an unknown
 * format or when out of memory. */
bool progress_report(const pt_progress *p, const pt_catalog *catalog,
    const char *format, char **out, size_t *len, char *err, size_t errlen);

/* Formats t as ISO 8601 UTC ("2024-05-01T12:00:00Z") into buf (at least
 * 21 bytes); t 0 gives "". */
void progress_format_time(time_t t, char *buf, size_t size);

#endif

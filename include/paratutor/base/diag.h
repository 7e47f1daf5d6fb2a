/* diag.h - compiler-style diagnostics: FILE:LINE:COL: error: MESSAGE.
 *
 * A pt_diags list owns its messages and file names; free it with
 * diags_free().  Every diagnostic added is counted in errors or warnings,
 * even one the list could not keep (out of memory, or beyond limit): a
 * broken lesson never looks clean.  Such diagnostics are counted in
 * dropped, and whoever shows the list says so. */
#ifndef PARATUTOR_DIAG_H
#define PARATUTOR_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A place in a file: its line and column. */
typedef struct pt_pos {
	int line;
	int col;
} pt_pos;

typedef enum pt_severity { PT_WARNING, PT_ERROR } pt_severity;

typedef struct pt_diag {
	char *file;
	pt_pos pos;
	pt_severity severity;
	char *message;
} pt_diag;

typedef struct pt_diags {
	pt_diag *v;
	size_t n;
	size_t cap;
	size_t errors;   /* every error added, kept or dropped */
	size_t warnings; /* every warning added, kept or dropped */
	size_t dropped;  /* added and counted, but not kept */
	size_t limit;    /* keep at most this many; 0 keeps all that fit in memory */
} pt_diags;

#if defined(__GNUC__)
#define PT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PT_PRINTF(f, a)
#endif

/* Returns the position after the n bytes of s that start at pos: a newline
 * starts the next line, and each character (not each byte of one) moves
 * one column. */
pt_pos diag_walk(pt_pos pos, const char *s, size_t n);

/* Appends a diagnostic with a printf-style message; when it cannot be
 * kept it is still counted, and in dropped. */
void diags_add(pt_diags *d, const char *file, pt_pos pos, pt_severity sev,
    const char *fmt, ...) PT_PRINTF(5, 6);

/* Sorts diagnostics by file, then line and column, keeping insertion order
 * for ties. */
void diags_sort(pt_diags *d);

/* Formats one diagnostic as "FILE:LINE:COL: error: MESSAGE" into buf. */
void diags_format(const pt_diag *diag, char *buf, size_t size);

/* Writes every diagnostic kept, one per line, to fp. */
void diags_print(const pt_diags *d, FILE *fp);

/* Formats the line that stands for the dropped diagnostics of file:
 * "FILE: error: out of memory: N more diagnostics could not be kept; ...".
 * Returns false (leaving buf alone) when none were dropped. */
bool diags_format_dropped(const pt_diags *d, const char *file, char *buf, size_t size);

/* Releases everything the list owns and empties it. */
void diags_free(pt_diags *d);

#endif

/* diag.c - collecting, sorting and printing diagnostics. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/diag.h"
#include "paratutor/base/grow.h"

void diags_add(pt_diags *d, const char *file, pt_pos pos, pt_severity sev,
    const char *fmt, ...)
{
	/* Counted first, so a diagnostic that cannot be kept still counts. */
	if (sev == PT_ERROR)
		d->errors++;
	else
		d->warnings++;
	void *v = d->v;
	if ((d->limit != 0 && d->n >= d->limit) || !grow_array(&v, &d->cap, d->n + 1, sizeof *d->v)) {
		d->dropped++;
		return;
	}
	d->v = v;
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	pt_diag *diag = &d->v[d->n];
	diag->file = strdup(file ? file : "");
	diag->message = strdup(msg);
	if (diag->file == NULL || diag->message == NULL) {
		free(diag->file);
		free(diag->message);
		d->dropped++;
		return;
	}
	diag->pos = pos;
	diag->severity = sev;
	d->n++;
}

/* Orders two diagnostics by file, line and column. */
static int diag_cmp(const pt_diag *a, const pt_diag *b)
{
	int c = strcmp(a->file, b->file);
	if (c != 0)
		return c;
	if (a->pos.line != b->pos.line)
		return a->pos.line < b->pos.line ? -1 : 1;
	if (a->pos.col != b->pos.col)
		return a->pos.col < b->pos.col ? -1 : 1;
	return 0;
}

void diags_sort(pt_diags *d)
{
	/* Insertion sort: stable, and lists are short. */
	for (size_t i = 1; i < d->n; i++) {
		pt_diag cur = d->v[i];
		size_t j = i;
		while (j > 0 && diag_cmp(&d->v[j - 1], &cur) > 0) {
			d->v[j] = d->v[j - 1];
			j--;
		}
		d->v[j] = cur;
	}
}

void diags_format(const pt_diag *diag, char *buf, size_t size)
{
	snprintf(buf, size, "%s:%d:%d: %s: %s", diag->file, diag->pos.line,
	    diag->pos.col, diag->severity == PT_ERROR ? "error" : "warning",
	    diag->message);
}

void diags_print(const pt_diags *d, FILE *fp)
{
	char line[2048];
	for (size_t i = 0; i < d->n; i++) {
		diags_format(&d->v[i], line, sizeof line);
		fprintf(fp, "%s\n", line);
	}
}

bool diags_format_dropped(const pt_diags *d, const char *file, char *buf, size_t size)
{
	if (d->dropped == 0)
		return false;
	snprintf(buf, size, "%s: error: out of memory: %zu more diagnostic%s could not be kept; "
	    "check this file on its own or free some memory", file, d->dropped, d->dropped == 1 ? "" : "s");
	return true;
}

void diags_free(pt_diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].message);
	}
	free(d->v);
	memset(d, 0, sizeof *d);
}

pt_pos diag_walk(pt_pos pos, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			pos.line++;
			pos.col = 1;
		} else if (((unsigned char)s[i] & 0xC0) != 0x80) {
			pos.col++;
		}
	}
	return pos;
}

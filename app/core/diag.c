/* diag.c - collecting, sorting and printing diagnostics. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/diag.h"

void diags_add(pt_diags *d, const char *file, pt_pos pos, pt_severity sev,
    const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);

	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 16;
		pt_diag *v = realloc(d->v, cap * sizeof *v);
		if (v == NULL)
			return;
		d->v = v;
		d->cap = cap;
	}
	pt_diag *diag = &d->v[d->n];
	diag->file = strdup(file ? file : "");
	diag->message = strdup(msg);
	if (diag->file == NULL || diag->message == NULL) {
		free(diag->file);
		free(diag->message);
		return;
	}
	diag->pos = pos;
	diag->severity = sev;
	d->n++;
	if (sev == PT_ERROR)
		d->errors++;
	else
		d->warnings++;
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

void diags_free(pt_diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].message);
	}
	free(d->v);
	memset(d, 0, sizeof *d);
}

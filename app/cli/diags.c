/* diags.c - diagnostics for the subcommands that read or write many items
 * (import, export): every error, and of the warnings one line per kind. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/cli/cli_diags.h"

#define KIND_KEY 256
#define KIND_PLACES 8

/* Writes into key the message with its quoted parts and numbers taken
 * out: the warnings of one kind share it. */
static void kind_of(const char *msg, char *key, size_t size)
{
	size_t n = 0;
	bool quoted = false;
	for (const char *p = msg; *p && n + 1 < size; p++) {
		if (*p == '"') {
			quoted = !quoted;
			key[n++] = '"';
		} else if (quoted) {
			continue;
		} else if (isdigit((unsigned char)*p)) {
			if (n == 0 || key[n - 1] != '#')
				key[n++] = '#';
		} else if ((*p == '.' || *p == ',') && n > 0 && key[n - 1] == '#' && isdigit((unsigned char)p[1])) {
			continue;
		} else {
			key[n++] = *p;
		}
	}
	key[n] = '\0';
}

void cli_print_diags(const pt_diags *d, bool verbose, FILE *fp)
{
	char (*keys)[KIND_KEY] = verbose ? NULL : malloc(d->n * sizeof *keys + 1);
	bool *done = keys ? calloc(d->n + 1, sizeof *done) : NULL;
	if (done == NULL) {
		free(keys);
		diags_print(d, fp);
		return;
	}
	for (size_t i = 0; i < d->n; i++)
		kind_of(d->v[i].message, keys[i], KIND_KEY);
	char line[2048];
	for (size_t i = 0; i < d->n; i++) {
		if (done[i])
			continue;
		const pt_diag *first = &d->v[i];
		diags_format(first, line, sizeof line);
		fprintf(fp, "%s\n", line);
		if (first->severity == PT_ERROR)
			continue;
		size_t more = 0;
		char places[600] = "";
		for (size_t j = i + 1; j < d->n; j++) {
			const pt_diag *o = &d->v[j];
			if (done[j] || o->severity != PT_WARNING || strcmp(keys[j], keys[i]) != 0)
				continue;
			done[j] = true;
			if (++more > KIND_PLACES)
				continue;
			size_t k = strlen(places);
			if (strcmp(o->file, first->file) == 0)
				snprintf(places + k, sizeof places - k, "%s%d:%d", k ? ", " : "", o->pos.line, o->pos.col);
			else
				snprintf(places + k, sizeof places - k, "%s%.100s:%d:%d", k ? ", " : "", o->file,
				    o->pos.line, o->pos.col);
		}
		if (more > KIND_PLACES)
			fprintf(fp, "%s: note: %zu more warnings like this one, at %s and %zu more places "
			    "(--verbose shows each)\n", first->file, more, places, more - KIND_PLACES);
		else if (more > 0)
			fprintf(fp, "%s: note: %zu more warning%s like this one, at %s (--verbose shows %s)\n",
			    first->file, more, more == 1 ? "" : "s", places, more == 1 ? "it" : "each");
	}
	free(done);
	free(keys);
}

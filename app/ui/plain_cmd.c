/* plain_cmd.c - plain mode's command tables: finding a command, printing
 * the help from the same rows. */
#include <stdbool.h>
#include <string.h>

#include "paratutor/plain_cmd.h"

#define NAME_COLS 14 /* the width of the command column of the help */

/* Returns true when line is one of the comma-separated forms in list. */
static bool in_list(const char *list, const char *line)
{
	size_t len = strlen(line);
	while (list != NULL && *list != '\0') {
		size_t n = strcspn(list, ",");
		if (n == len && strncmp(list, line, n) == 0)
			return true;
		list += n;
		list += strspn(list, ", ");
	}
	return false;
}

const plain_cmd *plain_cmd_find(const plain_cmd *table, size_t n, const char *line)
{
	for (size_t i = 0; i < n; i++) {
		const plain_cmd *c = &table[i];
		size_t len = strlen(c->word);
		if (c->arg != NULL && strncmp(line, c->word, len) == 0 && (line[len] == ' ' || line[len] == '\0'))
			return c;
		if (c->arg == NULL && (strcmp(line, c->word) == 0 || in_list(c->shorts, line)))
			return c;
	}
	return NULL;
}

void plain_cmd_help(FILE *out, const plain_cmd *table, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const plain_cmd *c = &table[i];
		char name[64];
		snprintf(name, sizeof name, "%s%s%s%s%s", c->word, c->arg ? " " : "", c->arg ? c->arg : "",
		    c->shorts ? ", " : "", c->shorts ? c->shorts : "");
		fprintf(out, "  %-*s ", NAME_COLS, name);
		for (const char *p = c->help; *p != '\0'; p++) {
			fputc(*p, out);
			if (*p == '\n')
				fprintf(out, "  %-*s ", NAME_COLS, "");
		}
		fputc('\n', out);
	}
}

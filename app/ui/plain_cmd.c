/* plain_cmd.c - plain mode's commands from the screens' command tables:
 * finding a command, printing the help from the same rows. */
#include <stdbool.h>
#include <string.h>

#include "paratutor/ui/plain_cmd.h"
#include "paratutor/base/text.h"

#define NAME_COLS 14  /* the width of the command column of the help */
#define HELP_WIDTH 62 /* what a command does wraps at this width, under itself */

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

/* Returns the row of the n in table that line names, or NULL. */
static const pt_binding *find_in(const pt_binding *table, size_t n, const char *line)
{
	for (size_t i = 0; i < n; i++) {
		const pt_binding *c = &table[i];
		if (c->word == NULL)
			continue;
		size_t len = strlen(c->word);
		if (c->arg != NULL && strncmp(line, c->word, len) == 0 && (line[len] == ' ' || line[len] == '\0'))
			return c;
		if (c->arg == NULL && (strcmp(line, c->word) == 0 || in_list(c->shorts, line)))
			return c;
	}
	return NULL;
}

const pt_binding *plain_cmd_find(const pt_binding *table, size_t n, const char *line)
{
	const pt_binding *c = find_in(table, n, line);
	return c != NULL ? c : find_in(ui_global_keys, ui_n_global_keys, line);
}

/* Prints the row's line: its word, argument and short forms, then what it
 * does, wrapped under itself. */
static void help_row(FILE *out, const pt_binding *c)
{
	char name[64];
	snprintf(name, sizeof name, "%s%s%s%s%s", c->word, c->arg ? " " : "", c->arg ? c->arg : "",
	    c->shorts ? ", " : "", c->shorts ? c->shorts : "");
	if (strlen(name) > NAME_COLS) /* too long for its column: a line of its own */
		fprintf(out, "  %s\n%*s", name, NAME_COLS + 3, "");
	else
		fprintf(out, "  %-*s ", NAME_COLS, name);
	pt_lines lines = { 0 };
	if (!text_wrap(c->help, HELP_WIDTH, &lines)) {
		text_lines_free(&lines);
		fprintf(out, "%s\n", c->help);
		return;
	}
	for (size_t l = 0; l < lines.n; l++)
		fprintf(out, "%*s%.*s\n", l > 0 ? NAME_COLS + 3 : 0, "", (int)lines.v[l].len, c->help + lines.v[l].start);
	text_lines_free(&lines);
}

void plain_cmd_help(FILE *out, const pt_binding *table, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (table[i].word != NULL && table[i].help != NULL)
			help_row(out, &table[i]);
	for (size_t i = 0; i < ui_n_global_keys; i++) {
		const pt_binding *c = &ui_global_keys[i];
		if (c->word != NULL && c->help != NULL && find_in(table, n, c->word) == NULL)
			help_row(out, c);
	}
}

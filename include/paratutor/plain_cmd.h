/* plain_cmd.h - plain mode's command tables.  Each prompt of plain mode
 * (the lesson list, an item, an exam) finds the command a line names in
 * its table and prints its help from the same table, so every command and
 * every short form it takes is listed. */
#ifndef PARATUTOR_PLAIN_CMD_H
#define PARATUTOR_PLAIN_CMD_H

#include <stddef.h>
#include <stdio.h>

typedef struct plain_cmd {
	const char *word;   /* the command word, as typed */
	const char *arg;    /* what follows the word ("N"), or NULL for the word alone */
	const char *shorts; /* other forms it takes, comma-separated ("n", "?"), or NULL */
	const char *help;   /* what it does; a newline continues under the first line */
	int id;             /* the caller's name for it */
} plain_cmd;

/* Returns the row of the n in table that line names: its word or a short
 * form alone, or for a row with an argument its word followed by a space
 * or nothing.  NULL when none does. */
const plain_cmd *plain_cmd_find(const plain_cmd *table, size_t n, const char *line);

/* Prints one line per row of table: "  word, short   help". */
void plain_cmd_help(FILE *out, const plain_cmd *table, size_t n);

#endif

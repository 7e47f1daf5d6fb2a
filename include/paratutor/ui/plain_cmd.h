/* plain_cmd.h - plain mode's commands, read from the screens' command
 * tables (pt_binding, ui_app.h).  Each prompt of plain mode (the lesson
 * list, an item, an exam) finds the command a line names in the table of
 * the screen it stands for, then in the table every screen shares, and
 * prints its help from the same rows, so every command and every short
 * form it takes is listed, with the help line the full screen shows. */
#ifndef PARATUTOR_PLAIN_CMD_H
#define PARATUTOR_PLAIN_CMD_H

#include <stddef.h>
#include <stdio.h>

#include "paratutor/ui/ui_app.h"

/* Returns the row of the n in table, else of the shared table, that line
 * names: its word or a short form alone, or for a row with an argument
 * its word followed by a space or nothing.  NULL when none does. */
const pt_binding *plain_cmd_find(const pt_binding *table, size_t n, const char *line);

/* Prints one line per row with a word, of table and then of the shared
 * table (a word the screen has already listed once): "  word, short   help". */
void plain_cmd_help(FILE *out, const pt_binding *table, size_t n);

#endif

/* import_notes.c - what an importer says about a question's options that
 * paratutor changes: negative marks and letters written into shuffled
 * options (import.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "paratutor/interop/import.h"

bool import_lettered(const char *text, int k)
{
	if (text == NULL || k < 0 || k >= 26)
		return false;
	while (*text == ' ')
		text++;
	bool letter = text[0] == 'a' + k || text[0] == 'A' + k;
	return letter && (text[1] == ')' || text[1] == '.') && (text[2] == ' ' || text[2] == '\0');
}

void import_note_options(pt_import *imp, cJSON *item, pt_pos pos, int lettered, int n, const char *negatives)
{
	if (negatives != NULL && negatives[0] != '\0')
		import_approx(imp, item, pos, "negative marks (%s) cannot be represented: picking such an answer makes the "
		    "whole answer wrong, with no score below zero", negatives);
	if (n >= 2 && lettered == n && !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(item, "shuffle")))
		import_approx(imp, item, pos, "the options start with their letters (a), b), ...), which will not match "
		    "the letters shown once the options are shuffled; remove the letters, or set \"shuffle\": false");
}

/* import_notes.c - what an importer says about a question's options and
 * answers that paratutor changes: negative marks and letters written into
 * shuffled options, and the credit GIFT and Moodle XML give that a lesson
 * cannot carry (import.h). */
#include <stdio.h>
#include <stdlib.h>
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

void import_add_option(cJSON *options, const char *text, bool correct, const char *feedback)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "text", text ? text : "");
	if (correct)
		cJSON_AddTrueToObject(o, "correct");
	import_set_text(o, "feedback", feedback);
	cJSON_AddItemToArray(options, o);
}

void import_numeric_answer(pt_import *imp, cJSON *item, pt_pos pos, const pt_import_credit *c, cJSON *r,
    cJSON **answer, cJSON *wrong, char **right)
{
	if (c->best) {
		*answer = r;
		if (!c->full)
			import_approx(imp, item, pos,
			    "partial credit (%g%%) cannot be represented: the best answer counts as fully right", c->percent);
		if (c->feedback && c->feedback[0])
			import_keep(right, c->feedback);
	} else if (c->full) {
		import_approx(imp, item, pos, "a numeric item has one right answer: this second right answer is dropped");
		cJSON_Delete(r);
	} else if (c->feedback && c->feedback[0]) {
		if (c->percent > 0)
			import_approx(imp, item, pos,
			    "partial credit (%g%%) cannot be represented: this answer counts as wrong and keeps its feedback",
			    c->percent);
		cJSON_AddStringToObject(r, "feedback", c->feedback);
		cJSON_AddItemToArray(wrong, r);
	} else {
		if (c->percent > 0)
			import_approx(imp, item, pos, "partial credit (%g%%) cannot be represented: this answer is dropped",
			    c->percent);
		cJSON_Delete(r);
	}
}

void import_text_answer(pt_import *imp, cJSON *item, pt_pos pos, const pt_import_credit *c, const char *text,
    cJSON *wrong, char **right)
{
	if (c->percent > 0) {
		cJSON_AddItemToArray(cJSON_GetObjectItem(item, "accept"), cJSON_CreateString(text ? text : ""));
		if (!c->full)
			import_approx(imp, item, pos,
			    "partial credit (%g%%) for \"%s\" cannot be represented: it is accepted as right", c->percent, text);
		if (c->feedback && c->feedback[0] && *right == NULL)
			import_keep(right, c->feedback);
	} else if (c->feedback && c->feedback[0]) {
		cJSON *w = cJSON_CreateObject();
		cJSON_AddStringToObject(w, "answer", text ? text : "");
		cJSON_AddStringToObject(w, "feedback", c->feedback);
		cJSON_AddItemToArray(wrong, w);
	}
}

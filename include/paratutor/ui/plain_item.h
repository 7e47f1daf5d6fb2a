/* plain_item.h - plain mode's items: printing an item and the result of
 * a check, reading an answer line for every kind, and the item commands'
 * help.  Used by plain.c only; what is shown when follows
 * session_disclose() and session_shown_mark(), as on the item screen. */
#ifndef PARATUTOR_PLAIN_ITEM_H
#define PARATUTOR_PLAIN_ITEM_H

#include <stdbool.h>
#include <stdio.h>

#include "paratutor/learn/session.h"
#include "paratutor/store/track.h"

/* Prints how to answer item it, by its kind, under "Commands:"; in an
 * exam, without the promise of a check. */
void plain_item_help_answers(FILE *out, const pt_item *it, bool exam);

/* Prints the current item of s whole: "Item 2 of 11, medium, fill in the
 * blanks, 2 blanks.", the prompt, its answer area (code and bank, options,
 * prompts and answers, steps, or what to type) and its state
 * (plain_item_state). */
void plain_item_print(FILE *out, const pt_session *s);

/* Writes how item g is answered into buf: its difficulty and task
 * ("medium, fill in the blanks, 2 blanks"). */
void plain_item_describe(const pt_grade *g, char *buf, size_t size);

/* Prints a finished item's answer, explanation and solution again; for
 * an open one, why they are not shown yet. */
void plain_item_explain(FILE *out, const pt_grade *g);

/* Prints how many slots of g are still empty and which: "2 blanks still
 * empty: 1 and 3." (no newline). */
void plain_item_empty(FILE *out, const pt_grade *g);

/* Takes answer as the answer to the current item of s (an open one):
 * reads it for the item's kind, checks it when complete, prints what the
 * check says and records a counted check through track.  A line that is
 * no answer gets a message quoting it.  Returns true when the item is
 * finished afterwards. */
bool plain_item_answer(FILE *out, pt_session *s, pt_track *track, char *answer);

/* Prints the next hint of the current item of s (and the common mistakes
 * the first time), recording it through track. */
void plain_item_hint(FILE *out, pt_session *s, pt_track *track);

/* Prints what an item shown through grade g asks for, without its header
 * or attempts: the prompt and the answer area with the answer given so far
 * (for exams). */
void plain_item_print_area(FILE *out, const pt_grade *g);

/* Reads answer into g for the item's kind without checking it (an exam
 * keeps it until it is submitted); a line that is no answer gets a message
 * quoting it and returns false. */
bool plain_item_set(FILE *out, pt_grade *g, char *answer);

/* Prints the verdict of a finished item g: the marks of the learner's
 * answer with the feedback of each wrong choice, the key when it was not
 * right, then the explanation and solution. */
void plain_item_print_verdict(FILE *out, const pt_grade *g);

#endif

/* ui_exam_gate.h - closed books while an exam is open: the lessons an
 * open exam draws its items from do not open for practice or review, and
 * the statistics (which show answers) do not open at all, until the exam
 * is submitted or its deadline passes.  Each question first brings the
 * store's exams up to date with the file, so an exam started in another
 * paratutor closes the books here too. */
#ifndef PARATUTOR_UI_EXAM_GATE_H
#define PARATUTOR_UI_EXAM_GATE_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/store/progress.h"

/* Returns true, with the reason and how long in why, when lesson_id is
 * closed by an open exam; lesson_id NULL asks for the statistics. */
bool exam_gate_closed(pt_progress *p, const char *lesson_id, char *why, size_t size);

/* Returns true, with the reason and how long in why, when past exam
 * results (which show answers) are closed: while any exam is open. */
bool exam_gate_results(pt_progress *p, char *why, size_t size);

/* Takes out of due the items of lessons an open exam closes; returns how
 * many were taken out. */
size_t exam_gate_filter(pt_progress *p, pt_due_list *due);

/* Writes why an exam cannot be sat here: another paratutor holds it. */
void exam_gate_elsewhere(char *why, size_t size);

#endif

/* exam_gate.c - closed books while an exam is open (ui_exam_gate.h). */
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/exam.h"
#include "paratutor/store/progress_exam.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/ui/ui_exam_gate.h"

/* Writes when the books open again, for a deadline left seconds away
 * (-1: untimed, so only submitting opens them). */
static void opens_when(long left, char *buf, size_t size)
{
	char clock[24];
	if (left < 0) {
		snprintf(buf, size, "when you submit it (untimed)");
		return;
	}
	exam_format_clock(left, clock, sizeof clock);
	snprintf(buf, size, "on submit, or in %s", clock);
}

/* Returns true, with why, when lesson_id (NULL: any) is closed; what
 * names what is closed when lesson_id is NULL. */
static bool closed(pt_progress *p, const char *lesson_id, const char *what, char *why, size_t size)
{
	long left = -1;
	if (p == NULL)
		return false;
	progress_exam_sync(p);
	if (!progress_exam_closes(p, lesson_id, ui_now(), &left))
		return false;
	char when[128];
	opens_when(left, when, sizeof when);
	if (lesson_id == NULL)
		snprintf(why, size, "Closed during an exam (%s show answers). Opens %s", what, when);
	else
		snprintf(why, size, "Closed: your open exam draws on this lesson. Opens %s", when);
	return true;
}

bool exam_gate_closed(pt_progress *p, const char *lesson_id, char *why, size_t size)
{
	return closed(p, lesson_id, "stats", why, size);
}

bool exam_gate_results(pt_progress *p, char *why, size_t size)
{
	return closed(p, NULL, "past results", why, size);
}

size_t exam_gate_filter(pt_progress *p, pt_due_list *due)
{
	if (p == NULL)
		return 0;
	progress_exam_sync(p);
	time_t now = ui_now();
	size_t kept = 0;
	for (size_t k = 0; k < due->n; k++)
		if (!progress_exam_closes(p, due->v[k].lesson->id.s, now, NULL))
			due->v[kept++] = due->v[k];
	size_t out = due->n - kept;
	due->n = kept;
	return out;
}

void exam_gate_elsewhere(char *why, size_t size)
{
	snprintf(why, size, "An exam is in progress in another paratutor on this progress store: nothing of it "
	    "opens here; finish it or leave it there first");
}

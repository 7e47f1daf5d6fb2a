/* progress_settle.c - an exam left open past its deadline counts as
 * submitted at the deadline, as it stood, whoever reads the store next
 * (progress_exam.h): the learner's next session, or a report. */
#include <stdio.h>

#include "paratutor/store/progress.h"

bool progress_exam_settle(pt_progress *p, const pt_catalog *catalog, time_t now, bool *settled, char *err,
    size_t errlen)
{
	const pt_exam_record *r = progress_exam_open(p);
	*settled = false;
	if (r == NULL || r->limit <= 0 || now < r->started + r->limit)
		return true;
	pt_exam e;
	size_t dropped = 0;
	if (!progress_exam_resume(p, catalog, &e, now, &dropped, err, errlen))
		return false;
	exam_submit(&e, exam_deadline(&e), true);
	bool ok = progress_exam_keep(p, &e, now);
	if (!ok)
		snprintf(err, errlen, "out of memory");
	exam_free(&e);
	*settled = ok;
	return ok;
}

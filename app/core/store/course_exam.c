/* course_exam.c - the rules of a course's exams (course.h): which sittings
 * of a store are a course exam's, whether one may start now, and a
 * learner's time limit. */
#include <stdio.h>
#include <string.h>

#include "paratutor/store/course.h"

const char *course_exam_of(const char *id, char *buf, size_t size)
{
	const char *sep = strchr(id, PT_COURSE_EXAM_SEP);
	if (sep == NULL || (size_t)(sep - id) >= size)
		return NULL;
	snprintf(buf, size, "%.*s", (int)(sep - id), id);
	return course_name_ok(buf, PT_COURSE_EXAM_NAME_MAX) ? buf : NULL;
}

unsigned course_exam_attempts(const pt_progress *p, const char *name, bool *open)
{
	unsigned n = 0;
	char buf[PT_COURSE_EXAM_NAME_MAX + 1];
	for (size_t i = 0; i < progress_exam_count(p); i++) {
		const pt_exam_record *r = progress_exam_at(p, i);
		const char *of = r != NULL ? course_exam_of(r->id, buf, sizeof buf) : NULL;
		n += of != NULL && strcmp(of, name) == 0;
	}
	const pt_exam_record *r = progress_exam_open(p);
	const char *of = r != NULL ? course_exam_of(r->id, buf, sizeof buf) : NULL;
	bool is_open = of != NULL && strcmp(of, name) == 0;
	if (open != NULL)
		*open = is_open;
	return n + is_open;
}

pt_course_window course_exam_window(const pt_course_exam *ex, unsigned attempts, time_t now)
{
	if (ex->opens != 0 && now < ex->opens)
		return PT_COURSE_EXAM_NOT_YET;
	if (ex->closes != 0 && now >= ex->closes)
		return PT_COURSE_EXAM_CLOSED;
	if (ex->attempts != 0 && attempts >= ex->attempts)
		return PT_COURSE_EXAM_USED_UP;
	return PT_COURSE_EXAM_OPEN;
}

long course_exam_seconds(const pt_course_exam *ex, const char *learner)
{
	double minutes = ex->minutes;
	for (size_t i = 0; i < ex->n_extra; i++)
		if (strcmp(ex->extra[i].learner, learner) == 0)
			minutes += ex->extra[i].minutes;
	long s = (long)(minutes * 60 + 0.5);
	return s > 0 ? s : 1;
}

time_t course_exam_release(const pt_course_exam *ex)
{
	if (!ex->results_after_close)
		return 0;
	double longest = ex->minutes;
	for (size_t i = 0; i < ex->n_extra; i++)
		if (ex->minutes + ex->extra[i].minutes > longest)
			longest = ex->minutes + ex->extra[i].minutes;
	return ex->closes + (time_t)(longest * 60 + 0.5);
}

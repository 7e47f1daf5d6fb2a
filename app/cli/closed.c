/* closed.c - closed books while this user's exam is open (cli_closed.h). */
#include <stdio.h>

#include "paratutor/cli/cli_closed.h"
#include "paratutor/store/progress.h"
#include "paratutor/store/progress_exam.h"
#include "paratutor/ui/ui_clock.h"

bool cli_exam_closed(const char *path, const char *command)
{
	char buf[PT_PROGRESS_PATH_MAX], err[512];
	if (path == NULL && !progress_default_path(buf, sizeof buf, err, sizeof err))
		return false;
	pt_open_report rep;
	pt_progress *p = progress_open_readonly(path != NULL ? path : buf, &rep);
	if (p == NULL)
		return false;
	long left = 0;
	bool closed = progress_exam_closes(p, NULL, ui_now(), &left);
	progress_close(p);
	if (closed)
		fprintf(stderr, "paratutor: %s is closed while your exam is open; submit it first (paratutor exam), "
		    "then try again\n", command);
	return closed;
}

/* review.c - the queue of items due for review, across lessons.  It only
 * keeps the list and the position; ui.c opens each due item. */
#include <time.h>

#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_clock.h"

bool review_load(pt_ui *ui)
{
	review_stop(ui);
	if (!progress_due(ui->track->progress, ui->catalog, ui_now(), &ui->review.due) ||
	    ui->review.due.n == 0) {
		progress_due_free(&ui->review.due);
		return false;
	}
	ui->review.active = true;
	ui->review.pos = 0;
	return true;
}

const pt_due *review_current(const pt_ui *ui)
{
	if (!ui->review.active || ui->review.pos >= ui->review.due.n)
		return NULL;
	return &ui->review.due.v[ui->review.pos];
}

void review_stop(pt_ui *ui)
{
	progress_due_free(&ui->review.due);
	ui->review.active = false;
	ui->review.pos = 0;
}

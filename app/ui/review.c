/* review.c - answering the items due for review: each is opened in its
 * lesson for a fresh pass, one after another, across lessons. */
#include <time.h>

#include "paratutor/ui_app.h"

/* Returns the catalog index of lesson, or the catalog's size. */
static size_t entry_of(const pt_ui *ui, const pt_lesson *lesson)
{
	for (size_t i = 0; i < ui->catalog->n; i++)
		if (ui->catalog->v[i].lesson == lesson)
			return i;
	return ui->catalog->n;
}

/* Opens the current due item for a fresh pass; false when it cannot. */
static bool open_due(pt_ui *ui)
{
	const pt_due *due = &ui->review.due.v[ui->review.pos];
	size_t index = entry_of(ui, due->lesson);
	if (index == ui->catalog->n || !ui_open_lesson(ui, index))
		return false;
	pt_session *s = ui_session(ui);
	if (s->grades[due->index].status != PT_OPEN)
		session_reset_item(s, due->index);
	item_enter(ui, due->index);
	ui_say(ui->item.message, "Review %zu of %zu: answer and press Enter; n skips to the next",
	    ui->review.pos + 1, ui->review.due.n);
	return true;
}

void review_start(pt_ui *ui)
{
	review_stop(ui);
	if (!progress_due(ui->track->progress, ui->catalog, time(NULL), &ui->review.due) ||
	    ui->review.due.n == 0) {
		progress_due_free(&ui->review.due);
		ui_show(ui, UI_SCREEN_MENU);
		ui_say(ui->menu.message,
		    "Nothing is due for review: items you miss or get right only with help come back here");
		return;
	}
	ui->review.active = true;
	ui->review.pos = 0;
	if (!open_due(ui))
		review_next(ui);
}

void review_next(pt_ui *ui)
{
	while (++ui->review.pos < ui->review.due.n)
		if (open_due(ui))
			return;
	size_t n = ui->review.due.n;
	review_stop(ui);
	ui_show(ui, UI_SCREEN_MENU);
	ui_say(ui->menu.message, "Review done: %zu item%s went through; the menu shows what is due next",
	    n, n == 1 ? "" : "s");
}

void review_stop(pt_ui *ui)
{
	progress_due_free(&ui->review.due);
	ui->review.active = false;
	ui->review.pos = 0;
}

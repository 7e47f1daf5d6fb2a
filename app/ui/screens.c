/* screens.c - the screen table (a row per screen, each in its own file)
 * and what every screen calls back: entering and leaving a screen, the
 * session it shows, a transition to ask for, a message to say, progress
 * to note, and the keys every screen shares. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "paratutor/ui/ui_app.h"

static const pt_screen_ops *const screens[UI_N_SCREENS] = {
	[UI_SCREEN_MENU] = &ui_menu_screen,
	[UI_SCREEN_ITEM] = &ui_item_screen,
	[UI_SCREEN_SUMMARY] = &ui_summary_screen,
	[UI_SCREEN_STATS] = &ui_stats_screen,
	[UI_SCREEN_EXAM_FORM] = &ui_exam_form_screen,
	[UI_SCREEN_EXAM] = &ui_exam_screen,
	[UI_SCREEN_EXAM_RESULTS] = &ui_exam_results_screen,
};

const pt_screen_ops *ui_screen_ops(pt_screen screen)
{
	return screens[screen];
}

/* ?: the key list. */
static unsigned key_help(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	ui->help_open = true;
	ui->help_scroll = 0;
	return UI_REDRAW;
}

/* !: the alert was read; it goes away until the next one. */
static unsigned key_acknowledge(pt_ui *ui, const pt_event *ev)
{
	(void)ev;
	track_acknowledge(ui->track);
	return UI_REDRAW;
}

const pt_binding ui_global_keys[] = {
	{ .keys = "!",
	    .help = "after a warning that your progress was not saved (or a damaged progress file was moved aside): "
	    "put the warning away once read; it stays on every screen until then, and what was not saved is "
	    "said again when you quit", .bar = "seen", .when = UI_GLOBAL_ALERT, .chars = "!",
	    .run = key_acknowledge },
	{ .keys = "?", .help = "this list", .bar = "help", .chars = "?", .run = key_help, .word = "help",
	    .shorts = "?", .cmd = PT_CMD_HELP },
	{ .keys = "Ctrl-C",
	    .help = "leave paratutor at once (Ctrl-\\ too); your progress and any answer not yet checked are "
	    "kept", .word = "quit", .cmd = PT_CMD_QUIT },
};
const size_t ui_n_global_keys = sizeof ui_global_keys / sizeof ui_global_keys[0];
const pt_binding *const ui_alert_key = &ui_global_keys[0];

/* Offers the acknowledgement while there is an alert to put away. */
static unsigned global_context(const pt_ui *ui)
{
	return ui->track != NULL && track_alert(ui->track)[0] != '\0' ? UI_GLOBAL_ALERT : 0;
}

const pt_keytable ui_global_table = {
	"Everywhere", ui_global_keys, sizeof ui_global_keys / sizeof ui_global_keys[0], global_context, NULL,
};

pt_session *ui_session(pt_ui *ui)
{
	bool exam_screen = ui->screen == UI_SCREEN_EXAM || ui->screen == UI_SCREEN_EXAM_RESULTS;
	return exam_screen && ui->exam != NULL ? &ui->exam->session : &ui->sessions[ui->entry];
}

void ui_leave_screen(pt_ui *ui)
{
	if (ui->view == NULL)
		return;
	if (screens[ui->screen]->leave != NULL)
		screens[ui->screen]->leave(ui);
	free(ui->view);
	ui->view = NULL;
}

void ui_show(pt_ui *ui, pt_screen screen, size_t arg)
{
	if (ui->view == NULL || screen != ui->screen) {
		size_t size = screens[screen]->view_size;
		void *view = calloc(1, size > 0 ? size : 1);
		if (view == NULL) {
			ui_say(ui, "Out of memory: close something else and try again");
			return;
		}
		ui_leave_screen(ui);
		ui->view = view;
	}
	ui->screen = screen;
	screens[screen]->enter(ui, arg);
}

void ui_notify(pt_ui *ui, size_t item, pt_progress_event event)
{
	pt_session *s = ui_session(ui);
	switch (event) {
	case UI_PROGRESS_OPEN: track_open(ui->track, s); break;
	case UI_PROGRESS_CHECK: track_checked(ui->track, s); break;
	case UI_PROGRESS_HINT: track_hinted(ui->track, s); break;
	case UI_PROGRESS_MOVE: track_moved(ui->track, s, item); break;
	}
	track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
}

void ui_go(pt_ui *ui, pt_goto where, size_t arg)
{
	ui->go = where;
	ui->go_arg = arg;
}

void ui_say(pt_ui *ui, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ui->message, UI_MESSAGE_MAX, fmt, ap);
	va_end(ap);
}

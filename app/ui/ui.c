/* ui.c - ui_run: terminal setup and restore, signals, the event loop and
 * moving between screens.  Over 800 lines, not split yet: the natural cut
 * (terminal and signal set-up from the transitions) moves the file-static
 * terminal state that tests/layers/screen_state.py allows only here. */
#include <curses.h>
#include <langinfo.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/learn/kind.h"
#include "paratutor/ui/ui.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/ui/ui_exam_gate.h"
#include "paratutor/ui/ui_guard.h"

#define ESC_DELAY_MS 25

/* Ctrl-\ (SIGQUIT) quits like Ctrl-C: the terminal restored, the draft
 * kept, no core dump of a learner's session. */
static const int quit_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
#define N_QUIT (sizeof quit_signals / sizeof quit_signals[0])
#define N_CRASH (sizeof crash_signals / sizeof crash_signals[0])

/* Set by the quit handlers to the signal's number. */
static volatile sig_atomic_t quit_signal;

/* What the crash handler writes and sets to put the terminal back, and
 * the handlers it passes the signal on to. */
static char restore_seq[256];
static size_t restore_len;
static struct termios saved_tty;
static bool have_saved_tty;
static struct sigaction old_crash[N_CRASH];

/* Records a quit request; the event loop wakes up and leaves. */
static void on_quit_signal(int sig)
{
	quit_signal = sig;
}

/* Restores the terminal with async-signal-safe calls only, then raises
 * the signal again for the handler that was there before (the default
 * one, which dies and dumps core, or a sanitizer's, which reports). */
static void on_crash_signal(int sig)
{
	if (restore_len > 0) {
		ssize_t written = write(STDOUT_FILENO, restore_seq, restore_len);
		(void)written;
	}
	if (have_saved_tty)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
	for (size_t i = 0; i < N_CRASH; i++)
		if (crash_signals[i] == sig)
			sigaction(sig, &old_crash[i], NULL);
	raise(sig);
}

/* Installs handler for each of n signals, saving the old actions. */
static void install(const int *sigs, size_t n, void (*handler)(int), int flags,
    struct sigaction *old)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < n; i++)
		sigaction(sigs[i], &sa, &old[i]);
}

/* Puts back the actions saved by install. */
static void uninstall(const int *sigs, size_t n, const struct sigaction *old)
{
	for (size_t i = 0; i < n; i++)
		sigaction(sigs[i], &old[i], NULL);
}

/* Appends terminfo capability cap, when the terminal has it, to the
 * crash handler's restore sequence. */
static void add_restore_cap(const char *cap)
{
	const char *s = tigetstr(cap);
	if (s == NULL || s == (const char *)-1)
		return;
	size_t len = strlen(s);
	if (restore_len + len < sizeof restore_seq) {
		memcpy(restore_seq + restore_len, s, len);
		restore_len += len;
	}
}

/* Prepares what the crash handler sends: attributes off, cursor on,
 * keypad off, mouse reporting off, main screen back. */
static void prepare_crash_restore(bool mouse)
{
	static const char mouse_off[] = "\033[?1006l\033[?1002l\033[?1000l";
	restore_len = 0;
	add_restore_cap("sgr0");
	add_restore_cap("cnorm");
	add_restore_cap("rmkx");
	if (mouse && restore_len + sizeof mouse_off < sizeof restore_seq) {
		memcpy(restore_seq + restore_len, mouse_off, sizeof mouse_off - 1);
		restore_len += sizeof mouse_off - 1;
	}
	add_restore_cap("rmcup");
}

/* Returns true when the locale's character set is UTF-8. */
static bool locale_is_utf8(void)
{
	const char *codeset = nl_langinfo(CODESET);
	return strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "utf8") == 0;
}

/* Returns true when the NO_COLOR convention asks for no colour. */
static bool no_color_requested(void)
{
	const char *value = getenv("NO_COLOR");
	return value != NULL && value[0] != '\0';
}

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

void ui_go(pt_ui *ui, pt_goto where, size_t arg)
{
	ui->go = where;
	ui->go_arg = arg;
}

/* Leaves the current screen: it frees what its view owns, then its view
 * goes. */
static void leave_screen(pt_ui *ui)
{
	if (ui->view == NULL)
		return;
	if (screens[ui->screen]->leave != NULL)
		screens[ui->screen]->leave(ui);
	free(ui->view);
	ui->view = NULL;
}

/* Makes screen current and lets it set up its view: coming from another
 * screen, the view is allocated afresh (the old one freed); moving within
 * the screen keeps it.  Out of memory, the current screen stays. */
static void show(pt_ui *ui, pt_screen screen, size_t arg)
{
	if (ui->view == NULL || screen != ui->screen) {
		size_t size = screens[screen]->view_size;
		void *view = calloc(1, size > 0 ? size : 1);
		if (view == NULL) {
			ui_say(ui, "Out of memory: close something else and try again");
			return;
		}
		leave_screen(ui);
		ui->view = view;
	}
	ui->screen = screen;
	screens[screen]->enter(ui, arg);
}

/* Opens catalog entry index: its session is created (and restored from
 * the store) the first time.  Returns false when it cannot be opened. */
static bool open_lesson(pt_ui *ui, size_t index)
{
	const pt_entry *e = &ui->catalog->v[index];
	const pt_lesson *lesson = catalog_lesson(ui->catalog, index);
	if (lesson == NULL || e->broken || lesson->n_items == 0)
		return false;
	pt_session *s = &ui->sessions[index];
	bool fresh = s->grades == NULL;
	if (fresh && !session_init_shuffled(s, lesson, ui->shuffle, ui->salt))
		return false;
	ui->entry = index;
	if (fresh)
		ui_notify(ui, s->current, UI_PROGRESS_OPEN);
	return true;
}

/* Returns the catalog index of lesson, or the catalog's size. */
static size_t entry_of(const pt_ui *ui, const pt_lesson *lesson)
{
	for (size_t i = 0; i < ui->catalog->n; i++)
		if (ui->catalog->v[i].lesson == lesson)
			return i;
	return ui->catalog->n;
}

/* Ends the review.  A review is a pass of its own: the lessons it went
 * through are put back as the store has them (their first passes, drafts
 * and resume points), so leaving a review half-way, or finishing it,
 * changes no lesson's position, marks or drafts. */
static void end_review(pt_ui *ui)
{
	for (size_t k = 0; ui->review.active && k < ui->review.due.n; k++) {
		size_t index = entry_of(ui, ui->review.due.v[k].lesson);
		if (index == ui->catalog->n || ui->sessions[index].grades == NULL)
			continue;
		session_free(&ui->sessions[index]); /* restored afresh when next opened */
	}
	review_stop(ui);
}

/* Opens the review's current due item, or the next one that can be
 * opened; at the end of the list, ends the review on the menu. */
static void open_due(pt_ui *ui)
{
	size_t n = ui->review.due.n;
	for (const pt_due *due; (due = review_current(ui)) != NULL; ui->review.pos++) {
		size_t index = entry_of(ui, due->lesson);
		if (index == ui->catalog->n || !open_lesson(ui, index))
			continue;
		pt_session *s = ui_session(ui);
		if (s->grades[due->index].status != PT_OPEN) {
			session_reset_item(s, due->index);
			s->grades[due->index].review_pass = true;
		}
		show(ui, UI_SCREEN_ITEM, due->index);
		pt_kind kind = s->lesson->items[due->index].kind;
		bool typed = kind_shape(kind) == PT_SHAPE_TYPED;
		ui_say(ui, "Review %zu of %zu: %s and press Enter; %s skips to the next", ui->review.pos + 1, n,
		    typed ? "type your answer" : "answer", typed ? "Tab then n" : "n");
		return;
	}
	end_review(ui);
	show(ui, UI_SCREEN_MENU, ui->entry);
	ui_say(ui, "Review done: %zu item%s went through; the menu shows what is due next", n, n == 1 ? "" : "s");
}

/* Starts a review of the due items; says so on the menu when none is due. */
static void start_review(pt_ui *ui)
{
	char why[256];
	if (!review_load(ui)) {
		show(ui, UI_SCREEN_MENU, ui->entry);
		ui_say(ui, "Nothing is due for review: items you miss or get right only with help come back here");
		return;
	}
	size_t closed = exam_gate_filter(ui->track->progress, &ui->review.due);
	if (ui->review.due.n == 0) {
		review_stop(ui);
		show(ui, UI_SCREEN_MENU, ui->entry);
		if (exam_gate_closed(ui->track->progress, NULL, why, sizeof why))
			ui_say(ui, "No review: the %zu item%s due belong%s to lessons closed while an exam is open", closed,
			    closed == 1 ? "" : "s", closed == 1 ? "s" : "");
		return;
	}
	open_due(ui);
	if (closed > 0)
		ui_say(ui, "%zu item%s due wait%s: %s lesson%s closed while an exam is open", closed,
		    closed == 1 ? "" : "s", closed == 1 ? "s" : "", closed == 1 ? "its" : "their", closed == 1 ? " is" :
		    "s are");
}

/* Lets go of the exam: frees it when it was started or resumed here, and
 * lets another paratutor take it up. */
static void drop_exam(pt_ui *ui)
{
	if (ui->exam == &ui->exam_mem)
		exam_free(&ui->exam_mem);
	ui->exam = NULL;
	if (ui->track->progress != NULL)
		progress_exam_release(ui->track->progress);
}

/* Closed books: true (with the reason said) when the lesson of catalog
 * entry index may not open because an exam is open. */
static bool lesson_closed(pt_ui *ui, size_t index)
{
	char why[256];
	const pt_entry *e = &ui->catalog->v[index];
	if (e->info == NULL || !exam_gate_closed(ui->track->progress, e->info->id, why, sizeof why))
		return false;
	ui_say(ui, "%s", why);
	return true;
}

/* Submits a timed exam whose deadline passed while the candidate was
 * away, as it stood at the deadline, and says so; false when it still
 * runs. */
static bool settle_expired(pt_ui *ui, time_t now)
{
	pt_exam *e = ui->exam;
	if (e == NULL || !exam_expired(e, now))
		return false;
	exam_submit(e, exam_deadline(e), true);
	track_exam(ui->track, e, now);
	char clock[24];
	exam_format_clock(e->limit, clock, sizeof clock);
	ui_say(ui, "Time ran out while you were away: the exam (%s) was submitted as it stood at its deadline", clock);
	track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
	return true;
}

/* Opens the running exam, else the one left open in the store (its clock
 * running, waiting for the learner to take it up; submitted when its
 * deadline passed), else the exam form. */
static void open_exam(pt_ui *ui)
{
	pt_progress *p = ui->track->progress;
	char why[256];
	if (ui->hosted != NULL && ui->exam == NULL && (p == NULL || progress_exam_open(p) == NULL)) {
		/* A course's exams are sat only as the course defines them (one
		 * left open in this session is taken up below). */
		show(ui, UI_SCREEN_MENU, ui->entry);
		ui_say(ui, "%s", ui->hosted);
		return;
	}
	if (ui->exam != NULL && ui->exam->submitted)
		drop_exam(ui);
	if (p != NULL)
		progress_exam_sync(p);
	if (ui->exam != NULL && p != NULL && progress_exam_done(p, ui->exam->id)) {
		drop_exam(ui);
		show(ui, UI_SCREEN_MENU, ui->entry);
		ui_say(ui, "This exam was already submitted in another paratutor: a paper counts once; its result is in "
		    "the history");
		return;
	}
	if (p != NULL && (ui->exam != NULL || progress_exam_open(p) != NULL) &&
	    progress_exam_hold(p) == PT_EXAM_ELSEWHERE) {
		if (ui->exam != NULL && ui->exam != &ui->exam_mem)
			ui->exam = NULL;
		show(ui, UI_SCREEN_MENU, ui->entry);
		exam_gate_elsewhere(why, sizeof why);
		ui_say(ui, "%s", why);
		return;
	}
	if (ui->exam == NULL && p != NULL && progress_exam_open(p) != NULL) {
		catalog_load_all(ui->catalog);
		char err[256];
		size_t dropped = 0;
		time_t now = ui_now();
		if (!progress_exam_resume(p, ui->catalog, &ui->exam_mem, now, &dropped, err, sizeof err)) {
			show(ui, UI_SCREEN_MENU, ui->entry);
			ui_say(ui, "The unfinished exam cannot be resumed: %s", err);
			return;
		}
		ui->exam = &ui->exam_mem;
		if (settle_expired(ui, now)) {
			show(ui, UI_SCREEN_EXAM_RESULTS, 0);
			return;
		}
		if (dropped > 0)
			ui_say(ui, "%zu item%s of the exam changed or went away and %s left out", dropped,
			    dropped == 1 ? "" : "s", dropped == 1 ? "is" : "are");
	}
	if (ui->exam != NULL && settle_expired(ui, ui_now()))
		show(ui, UI_SCREEN_EXAM_RESULTS, 0);
	else if (ui->exam != NULL)
		show(ui, UI_SCREEN_EXAM, ui->exam->session.current);
	else
		show(ui, UI_SCREEN_EXAM_FORM, 0);
}

/* Says what the paper about to be sat is, with its first item: a retake
 * of which exam, or how many of its items repeat ones already seen. */
static void exam_opening(pt_ui *ui)
{
	const pt_exam *e = ui->exam;
	if (e->retake_of > 0)
		ui_say(ui, "A retake of exam %zu: the same %zu items in a new order; exam %zu's score stays as it was",
		    e->retake_of, e->n, e->retake_of);
	else if (e->repeated > 0)
		ui_say(ui, "Too few unseen items: %zu of the %zu repeat ones whose answers you have seen", e->repeated, e->n);
}

/* Starts a new exam with the form's choices, drawn with a new seed. */
static void start_exam(pt_ui *ui)
{
	char err[256];
	time_t now = ui_now();
	drop_exam(ui);
	pt_progress *p = ui->track->progress;
	if (p != NULL && (progress_exam_sync(p), progress_exam_open(p) != NULL)) {
		open_exam(ui); /* one started in another paratutor meanwhile */
		return;
	}
	if (p != NULL && progress_exam_hold(p) == PT_EXAM_ELSEWHERE) {
		exam_gate_elsewhere(err, sizeof err);
		ui_say(ui, "%s", err);
		return;
	}
	ui->exam_cfg.seed = (unsigned long long)now * 2654435761ull ^ (unsigned long long)getpid();
	ui->exam_cfg.shuffle = ui->shuffle;
	ui->exam_cfg.shown = p != NULL ? progress_exam_shown : NULL;
	ui->exam_cfg.shown_ctx = p;
	catalog_load_all(ui->catalog);
	if (!exam_start(&ui->exam_mem, ui->catalog, &ui->exam_cfg, now, err, sizeof err)) {
		ui_say(ui, "No exam: %s", err);
		return;
	}
	ui->exam = &ui->exam_mem;
	if (ui->track->progress != NULL)
		progress_exam_new_id(ui->track->progress, ui->exam);
	track_exam(ui->track, ui->exam, now);
	show(ui, UI_SCREEN_EXAM, 0);
	exam_opening(ui);
	track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
}

/* At the start: an exam left open whose deadline passed is submitted and
 * its results shown; one still running is announced with its time left. */
static void exam_notice(pt_ui *ui)
{
	const pt_exam_record *r = progress_exam_open(ui->track->progress);
	time_t now = ui_now();
	if (r->limit > 0 && now >= r->started + r->limit) {
		ui_go(ui, UI_GO_EXAM, 0); /* resumed, then submitted at its deadline */
		return;
	}
	char clock[24];
	exam_format_clock(r->limit > 0 ? r->started + r->limit - now : r->used, clock, sizeof clock);
	if (r->limit > 0)
		ui_say(ui, "An unfinished exam, its clock running: %s left; e goes on with it", clock);
	else
		ui_say(ui, "An unfinished untimed practice exam (%s used): e goes on with it", clock);
}

/* Carries out the transition the last handler asked for. */
static void apply_go(pt_ui *ui)
{
	pt_goto where = ui->go;
	size_t arg = ui->go_arg;
	ui->go = UI_GO_NONE;
	if (where == UI_GO_NONE)
		return;
	if (ui->review.active && (where == UI_GO_NEXT || where == UI_GO_CONTINUE)) {
		ui->review.pos++;
		open_due(ui);
		return;
	}
	pt_session *s = ui_session(ui);
	size_t n = s->grades != NULL ? s->lesson->n_items : 0;
	bool in_lesson = where == UI_GO_ITEM || where == UI_GO_NEXT || where == UI_GO_CONTINUE || where == UI_GO_SUMMARY;
	if (in_lesson && s == &ui->sessions[ui->entry] && lesson_closed(ui, ui->entry)) {
		review_stop(ui); /* an exam opened meanwhile, e.g. in another paratutor */
		show(ui, UI_SCREEN_MENU, ui->entry);
		return;
	}
	switch (where) {
	case UI_GO_NONE: break;
	case UI_GO_MENU:
		if (s->grades != NULL) {
			track_drafts(ui->track, s);
			track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
			/* A retry is a pass of its own too: the lesson comes back
			 * as the store keeps it (its first passes). */
			bool practice = false;
			for (size_t i = 0; i < n; i++)
				practice = practice || s->grades[i].retry_pass;
			if (practice && (ui->exam == NULL || s != &ui->exam->session))
				session_free(s);
		}
		end_review(ui);
		if (ui->exam != NULL && (ui->exam->submitted || ui->exam->paused))
			drop_exam(ui); /* a left exam is kept in the store, for whichever tutor takes it up */
		show(ui, UI_SCREEN_MENU, ui->entry);
		break;
	case UI_GO_EXAM:
		open_exam(ui);
		break;
	case UI_GO_EXAM_START:
		start_exam(ui);
		break;
	case UI_GO_EXAM_RESULTS:
		show(ui, UI_SCREEN_EXAM_RESULTS, 0);
		break;
	case UI_GO_LESSON:
		if (lesson_closed(ui, arg))
			show(ui, UI_SCREEN_MENU, arg);
		else if (open_lesson(ui, arg))
			show(ui, UI_SCREEN_ITEM, ui_session(ui)->current);
		else
			ui_say(ui, "Out of memory: cannot open this lesson");
		break;
	case UI_GO_ITEM:
		show(ui, UI_SCREEN_ITEM, arg < n ? arg : 0);
		break;
	case UI_GO_NEXT:
		if (s->current + 1 < n)
			show(ui, UI_SCREEN_ITEM, s->current + 1);
		else
			show(ui, UI_SCREEN_SUMMARY, 0);
		break;
	case UI_GO_CONTINUE: {
		size_t next = session_next_open(s, s->current + 1);
		if (next < n)
			show(ui, UI_SCREEN_ITEM, next);
		else
			show(ui, UI_SCREEN_SUMMARY, 0);
		break;
	}
	case UI_GO_SUMMARY:
		show(ui, UI_SCREEN_SUMMARY, 0);
		break;
	case UI_GO_REVIEW:
		start_review(ui);
		break;
	case UI_GO_STATS: {
		char why[256];
		if (exam_gate_closed(ui->track->progress, NULL, why, sizeof why)) {
			show(ui, UI_SCREEN_MENU, ui->entry);
			ui_say(ui, "%s", why);
		} else {
			show(ui, UI_SCREEN_STATS, arg);
		}
		break;
	}
	case UI_GO_MENU_AT:
		show(ui, UI_SCREEN_MENU, arg < ui->catalog->n ? arg : ui->entry);
		break;
	}
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

void ui_say(pt_ui *ui, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ui->message, UI_MESSAGE_MAX, fmt, ap);
	va_end(ap);
}

/* Draws the current screen (and the help over it) and sends the changes. */
static void ui_draw(pt_ui *ui)
{
	int rows, cols;
	draw_erase();
	draw_size(&rows, &cols);
	ui->too_small = rows < UI_MIN_ROWS || cols < UI_MIN_COLS;
	ui->body.n_links = 0; /* only what this draw renders */
	if (ui->too_small) {
		frame_too_small(rows, cols);
	} else {
		/* The alert takes the bottom rows; the screen is drawn above it. */
		int alert = frame_alert_rows(ui, rows, cols);
		screens[ui->screen]->draw(ui, rows - alert, cols);
		if (ui->help_open)
			help_draw(ui, rows - alert, cols);
		frame_alert(ui, rows, alert);
	}
	draw_flush();
	if (!ui->too_small && !ui->help_open)
		draw_links(ui->body.text, ui->body.links, ui->body.n_links);
}

/* Routes an event to the help overlay or through the current screen's
 * chain of key tables (its own, its answer entry's, scrolling, the keys
 * every screen shares), then carries out any transition. */
static unsigned ui_dispatch(pt_ui *ui, const pt_event *ev)
{
	if (ev->type == EV_RESIZE)
		return UI_REDRAW;
	if (ui->too_small)
		return event_is_char(ev, 'q') ? UI_QUIT : 0;
	if (ui->help_open)
		return help_key(ui, ev);
	ui->message[0] = '\0';
	unsigned result = 0;
	if (bind_dispatch(ui, screens[ui->screen], ev, &result) == NULL) {
		if (ev->type == EV_CHAR || ev->type == EV_KEY)
			ui_say(ui, "That key does nothing here: press ? for the keys");
		return UI_REDRAW;
	}
	apply_go(ui);
	return result;
}

/* An item's grading state kept across a reload of the watched lesson,
 * with the texts of what was picked or placed (by option text, not by
 * index, so a reordered list keeps them). */
struct pt_kept_grade {
	char *id;
	unsigned long long hash;
	pt_grade grade;
	char *picked[PT_MAX_OPTIONS];  /* choice, multi: texts of the options ticked */
	char *placed[PT_MAX_BLANKS];   /* fill, match, order: bank text in each slot */
};

/* Forgets the kept answers. */
static void drop_kept(pt_ui *ui)
{
	for (size_t i = 0; i < ui->watch_n_kept; i++) {
		free(ui->watch_kept[i].id);
		for (size_t k = 0; k < PT_MAX_OPTIONS; k++)
			free(ui->watch_kept[i].picked[k]);
		for (size_t k = 0; k < PT_MAX_BLANKS; k++)
			free(ui->watch_kept[i].placed[k]);
	}
	free(ui->watch_kept);
	ui->watch_kept = NULL;
	ui->watch_n_kept = 0;
}

/* Keeps every item's answers of the open preview, by id and graded
 * content, with the texts of its picks and placed entries, before its
 * lesson goes away. */
static void keep_answers(pt_ui *ui, const pt_session *s)
{
	drop_kept(ui);
	size_t n = s->lesson->n_items;
	ui->watch_kept = calloc(n ? n : 1, sizeof *ui->watch_kept);
	if (ui->watch_kept == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		const pt_item *it = &s->lesson->items[i];
		struct pt_kept_grade *k = &ui->watch_kept[ui->watch_n_kept];
		if (it->id.s == NULL || (k->id = strdup(it->id.s)) == NULL)
			continue;
		k->hash = lesson_item_hash(it);
		k->grade = s->grades[i];
		const pt_grade *g = &s->grades[i];
		for (size_t o = 0; o < it->n_options && o < PT_MAX_OPTIONS; o++)
			if (g->picked[o] && it->options[o].text.s != NULL)
				k->picked[o] = strdup(it->options[o].text.s);
		for (size_t b = 0; b < PT_MAX_BLANKS; b++)
			if (g->fill[b] >= 0 && (size_t)g->fill[b] < it->bank.n && it->bank.v[g->fill[b]].s != NULL)
				k->placed[b] = strdup(it->bank.v[g->fill[b]].s);
		ui->watch_n_kept++;
	}
}

/* Gives an item whose graded content changed the answer in progress kept
 * for it, by text: each tick whose option text is still there, each placed
 * entry still in the bank, what was typed, and the checks and hints spent;
 * marks and locks go (the key may have changed).  A pick whose text is
 * gone is cleared and, the first time, named in lost.  A finished item
 * starts afresh. */
static void carry_by_text(const struct pt_kept_grade *kept, pt_grade *g, char *lost, size_t size)
{
	const pt_item *it = g->item;
	if (kept->grade.status != PT_OPEN)
		return;
	g->checks = kept->grade.checks;
	g->hints_shown = kept->grade.hints_shown < (int)it->hints.n ? kept->grade.hints_shown : (int)it->hints.n;
	g->attempts_left = kept->grade.attempts_left < g->attempts_left ? kept->grade.attempts_left : g->attempts_left;
	if (g->attempts_left < 1)
		g->attempts_left = 1;
	snprintf(g->typed, sizeof g->typed, "%s", kept->grade.typed);
	for (size_t k = 0; k < PT_MAX_OPTIONS; k++) {
		if (kept->picked[k] == NULL)
			continue;
		bool found = false;
		for (size_t o = 0; o < it->n_options && o < PT_MAX_OPTIONS && !found; o++)
			if (it->options[o].text.s != NULL && strcmp(it->options[o].text.s, kept->picked[k]) == 0)
				found = g->picked[o] = true;
		if (!found && lost[0] == '\0')
			snprintf(lost, size, "%s", kept->picked[k]);
	}
	for (size_t b = 0; b < PT_MAX_BLANKS; b++) {
		if (kept->placed[b] == NULL)
			continue;
		int o = lesson_bank_find(it, kept->placed[b]);
		if (o >= 0 && b < (size_t)grade_slots(g))
			g->fill[b] = o;
		else if (lost[0] == '\0')
			snprintf(lost, size, "%s", kept->placed[b]);
	}
}

/* Gives back the kept answers: whole to the items whose id and graded
 * content are unchanged, by text to those whose content changed.  Names
 * in lost (with the item's id in lost_item) the first pick cleared
 * because its text is gone. */
static void restore_answers(pt_ui *ui, pt_session *s, char *lost, size_t size, char *lost_item, size_t item_size)
{
	lost[0] = lost_item[0] = '\0';
	for (size_t i = 0; i < s->lesson->n_items; i++) {
		const pt_item *it = &s->lesson->items[i];
		for (size_t k = 0; k < ui->watch_n_kept; k++) {
			const struct pt_kept_grade *kept = &ui->watch_kept[k];
			if (strcmp(kept->id, it->id.s) != 0)
				continue;
			if (kept->hash == lesson_item_hash(it)) {
				const pt_item *view = s->grades[i].item;
				s->grades[i] = kept->grade;
				s->grades[i].item = view;
			} else {
				bool had = lost[0] != '\0';
				carry_by_text(kept, &s->grades[i], lost, size);
				if (!had && lost[0] != '\0')
					snprintf(lost_item, item_size, "%s", it->id.s);
			}
			break;
		}
	}
}

/* Returns the last part of a path, for a status line that fits. */
static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}

/* Reloads the watched lesson after a save and puts the learner back on
 * the item they were on, with the answers given so far (by option text
 * where the item's graded content changed); says when a pick was cleared,
 * when the item was removed (and where it moved), and the lesson's
 * warnings; while the file is broken, the menu shows its diagnostics. */
static void reload_watched(pt_ui *ui)
{
	pt_session *s = &ui->sessions[0];
	size_t was = 0;
	if (s->grades != NULL) {
		snprintf(ui->watch_item, sizeof ui->watch_item, "%s", s->lesson->items[s->current].id.s);
		was = s->current;
		keep_answers(ui, s);
		session_free(s);
		memset(s, 0, sizeof *s);
	}
	const char *name = base_of(ui->watch_path);
	if (!catalog_reload(ui->catalog, 0) || !open_lesson(ui, 0)) {
		show(ui, UI_SCREEN_MENU, 0);
		ui_say(ui, "%.40s has errors: fix them and save; the lesson comes back by itself", name);
		return;
	}
	s = ui_session(ui);
	char lost[64], lost_item[48];
	restore_answers(ui, s, lost, sizeof lost, lost_item, sizeof lost_item);
	const pt_item *item = ui->watch_item[0] != '\0' ? lesson_find_item(s->lesson, ui->watch_item) : NULL;
	size_t at = item != NULL ? (size_t)(item - s->lesson->items) : was < s->lesson->n_items ? was : 0;
	show(ui, UI_SCREEN_ITEM, at);
	size_t warnings = 0;
	const pt_diags *dg = ui->catalog->n > 0 ? &ui->catalog->v[0].diags : NULL;
	const pt_diag *first = NULL;
	for (size_t i = 0; dg != NULL && i < dg->n; i++)
		if (dg->v[i].severity == PT_WARNING && warnings++ == 0)
			first = &dg->v[i];
	if (item == NULL && ui->watch_item[0] != '\0')
		ui_say(ui, "Item %.24s is gone from %.24s: showing item %zu in its place", ui->watch_item, name, at + 1);
	else if (lost[0] != '\0')
		ui_say(ui, "Option \"%.20s\" of %.16s was renamed or removed: that choice is cleared", lost, lost_item);
	else if (first != NULL)
		ui_say(ui, "Reloaded; %zu warning%s, first at line %d: %.32s", warnings, warnings == 1 ? "" : "s",
		    first->pos.line, first->message);
	else
		ui_say(ui, "Reloaded %.40s: watching it for the next save", name);
}

/* Runs until the learner quits, a quit signal arrives or the terminal
 * goes away; returns the exit status. */
static int event_loop(pt_ui *ui)
{
	sigset_t signals;
	sigemptyset(&signals);
	for (size_t i = 0; i < N_QUIT; i++)
		sigaddset(&signals, quit_signals[i]);
	sigaddset(&signals, SIGWINCH);

	ui_draw(ui);
	for (;;) {
		pt_event ev;
		const pt_screen_ops *ops = screens[ui->screen];
		bool ticking = ops->ticking != NULL && ops->ticking(ui);
		switch (input_next(&ev, &quit_signal, &signals, ui->watch.fd, ticking ? 1000 : -1)) {
		case INPUT_SIGNAL: return 128 + quit_signal;
		case INPUT_CLOSED: return 1;
		case INPUT_TICK: {
			unsigned result = ops->tick(ui);
			apply_go(ui);
			if (result & UI_REDRAW)
				ui_draw(ui);
			continue;
		}
		case INPUT_WATCH:
			if (watch_changed(&ui->watch)) {
				reload_watched(ui);
				ui_draw(ui);
			}
			continue;
		case INPUT_EVENT: break;
		}
		unsigned result = ui_dispatch(ui, &ev);
		if (result & UI_QUIT)
			return 0;
		if (result & UI_REDRAW)
			ui_draw(ui);
	}
}

/* Takes over the terminal: quit handlers first (so curses leaves SIGINT
 * and SIGTERM to us), then curses, colours, mouse, and the crash
 * handlers.  Returns the curses screen, or NULL with nothing changed. */
static SCREEN *terminal_start(struct sigaction old_quit[N_QUIT])
{
	quit_signal = 0;
	install(quit_signals, N_QUIT, on_quit_signal, SA_RESTART, old_quit);
	have_saved_tty = tcgetattr(STDIN_FILENO, &saved_tty) == 0;
	SCREEN *screen = newterm(NULL, guard_terminal(), stdin);
	if (screen == NULL) {
		uninstall(quit_signals, N_QUIT, old_quit);
		const char *term = getenv("TERM");
		fprintf(stderr, "paratutor: cannot use the terminal (TERM=%s)\n", term ? term : "");
		return NULL;
	}
	/* Leave curses and come back before anything is drawn: until it has
	 * once come back, curses flushes its output at every cursor move,
	 * so a frame went out as dozens of small writes (a packet each over
	 * SSH) instead of one or two. */
	endwin();
	refresh();
	set_escdelay(ESC_DELAY_MS);
	cbreak();
	noecho();
	curs_set(0);
	bool mouse = input_setup();
	draw_setup(has_colors() && !no_color_requested(), !locale_is_utf8());
	prepare_crash_restore(mouse);
	install(crash_signals, N_CRASH, on_crash_signal, SA_RESETHAND | SA_NODEFER, old_crash);
	return screen;
}

/* Gives the terminal back as it was and puts the old handlers back. */
static void terminal_stop(SCREEN *screen, const struct sigaction old_quit[N_QUIT])
{
	endwin();
	uninstall(crash_signals, N_CRASH, old_crash);
	delscreen(screen);
	uninstall(quit_signals, N_QUIT, old_quit);
}

int ui_run(pt_catalog *catalog, const pt_ui_options *options)
{
	if (catalog->n == 0) {
		fputs("paratutor: no lessons to show\n", stderr);
		return 1;
	}
	pt_ui ui;
	memset(&ui, 0, sizeof ui);
	ui.catalog = catalog;
	ui.track = options->track;
	ui.watch.fd = -1;
	ui.watch_path = options->watch;
	ui.shuffle = options->shuffle;
	ui.hosted = options->hosted;
	ui.salt = options->salt;
	exam_config_default(&ui.exam_cfg);
	char err[512];
	if (ui.watch_path != NULL && !watch_start(&ui.watch, ui.watch_path, err, sizeof err)) {
		fprintf(stderr, "paratutor: %s\n", err);
		free(ui.sessions);
		return 1;
	}
	ui.sessions = calloc(catalog->n, sizeof *ui.sessions);
	if (ui.sessions == NULL) {
		fputs("paratutor: out of memory\n", stderr);
		return 1;
	}
	struct sigaction old_quit[N_QUIT];
	SCREEN *screen = terminal_start(old_quit);
	int status = 1;
	if (screen != NULL) {
		show(&ui, UI_SCREEN_MENU, 0);
		if (ui.view == NULL) {
			terminal_stop(screen, old_quit);
			screen = NULL;
			fputs("paratutor: out of memory\n", stderr);
		}
	}
	if (screen != NULL) {
		track_take_notice(ui.track, ui.message, UI_MESSAGE_MAX);
		if (ui.track->progress != NULL && progress_exam_open(ui.track->progress) != NULL && options->exam == NULL)
			exam_notice(&ui);
		if (options->exam != NULL) {
			ui.exam = options->exam;
			ui_go(&ui, ui.exam->submitted ? UI_GO_EXAM_RESULTS : UI_GO_EXAM, 0);
		}
		pt_entry *e = options->lesson_id != NULL ? catalog_find(catalog, options->lesson_id) : NULL;
		if (e != NULL)
			ui_go(&ui, UI_GO_LESSON, (size_t)(e - catalog->v));
		if (options->review)
			ui_go(&ui, UI_GO_REVIEW, 0);
		if (ui.watch_path != NULL) {
			if (catalog->v[0].broken || catalog->v[0].lesson == NULL)
				ui_say(&ui, "%.40s has errors: fix them and save; the lesson comes back by itself",
				    base_of(ui.watch_path));
			else
				ui_go(&ui, UI_GO_LESSON, 0);
		}
		apply_go(&ui);
		if (options->exam != NULL && !options->exam->submitted && !options->exam->paused)
			exam_opening(&ui); /* a paper the exam command drew: its note was not on this screen */
		size_t n_records = 0;
		progress_records(ui.track->progress, &n_records);
		/* The first run opens the introduction over the menu, or over the
		 * lesson named on the command line: closing it goes on there. */
		if (options->first_run && ui.watch_path == NULL && n_records == 0 &&
		    (ui.screen == UI_SCREEN_MENU || (ui.screen == UI_SCREEN_ITEM && e != NULL && !options->review)))
			help_open_intro(&ui);
		if (ui.watch_path != NULL && ui.message[0] == '\0')
			ui_say(&ui, "Watching %.40s: each save reloads it here", base_of(ui.watch_path));
		status = event_loop(&ui);
		terminal_stop(screen, old_quit);
	}
	if (ui.exam != NULL && !ui.exam->submitted) {
		time_t now = ui_now();
		exam_pause(ui.exam, now);
		track_exam(ui.track, ui.exam, now);
	}
	drop_exam(&ui);
	review_stop(&ui);
	drop_kept(&ui);
	leave_screen(&ui);
	watch_stop(&ui.watch);
	for (size_t i = 0; i < catalog->n; i++) {
		track_drafts(ui.track, &ui.sessions[i]);
		session_free(&ui.sessions[i]);
	}
	free(ui.sessions);
	doc_free(&ui.body);
	doc_free(&ui.overlay);
	doc_free(&ui.alert);
	return status;
}

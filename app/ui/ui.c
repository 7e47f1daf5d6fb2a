/* ui.c - ui_run: terminal setup and restore, signals, the event loop, the
 * screen table and entering and leaving screens; drawing and dispatching
 * keys through the current screen.  The transitions between screens are
 * go.c's. */
#include <curses.h>
#include <langinfo.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <termios.h>
#include <unistd.h>

#include "paratutor/ui/ui.h"
#include "paratutor/ui/ui_app.h"
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

void ui_show(pt_ui *ui, pt_screen screen, size_t arg)
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
	go_apply(ui);
	return result;
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
			go_apply(ui);
			if (result & UI_REDRAW)
				ui_draw(ui);
			continue;
		}
		case INPUT_WATCH:
			if (watch_changed(&ui->watch)) {
				go_reload(ui);
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
		ui_show(&ui, UI_SCREEN_MENU, 0);
		if (ui.view == NULL) {
			terminal_stop(screen, old_quit);
			screen = NULL;
			fputs("paratutor: out of memory\n", stderr);
		}
	}
	if (screen != NULL) {
		go_start(&ui, options);
		status = event_loop(&ui);
		terminal_stop(screen, old_quit);
	}
	go_end(&ui);
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

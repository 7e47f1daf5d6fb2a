/* ui.c - ui_run: terminal setup and restore, signals, the event loop;
 * drawing and dispatching keys through the current screen.  The screen
 * table, entering and leaving screens and what every screen calls back
 * are screens.c's; the transitions between screens are go.c's. */
#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Returns true when the NO_COLOR convention asks for no colour. */
static bool no_color_requested(void)
{
	const char *value = getenv("NO_COLOR");
	return value != NULL && value[0] != '\0';
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
		ui_screen_ops(ui->screen)->draw(ui, rows - alert, cols);
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
	if (bind_dispatch(ui, ui_screen_ops(ui->screen), ev, &result) == NULL) {
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
		const pt_screen_ops *ops = ui_screen_ops(ui->screen);
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
	draw_setup(has_colors() && !no_color_requested(), !draw_locale_utf8());
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
	ui.course = options->course;
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
	ui_leave_screen(&ui);
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

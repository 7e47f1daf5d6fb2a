/* input.c - curses keys and mouse reports as events; blocking waits. */
#include <curses.h>
#include <errno.h>
#include <sys/select.h>
#include <unistd.h>

#include "paratutor/ui/ui_input.h"

/* After this many wake-ups that find the terminal readable but yield no
 * key, it is taken to be gone (end of file or a read error). */
#define MAX_EMPTY_WAKEUPS 64

#define MOUSE_EVENTS (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED)

bool input_setup(void)
{
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE); /* input_next does the waiting */
	mouseinterval(0);      /* report presses at once, no click timing */
	return mousemask(MOUSE_EVENTS, NULL) != 0;
}

/* Translates a curses function key; returns false for keys the UI ignores. */
static bool translate_key(int key, pt_event *ev)
{
	ev->type = EV_KEY;
	switch (key) {
	case KEY_UP: ev->code = PT_KEY_UP; return true;
	case KEY_DOWN: ev->code = PT_KEY_DOWN; return true;
	case KEY_LEFT: ev->code = PT_KEY_LEFT; return true;
	case KEY_RIGHT: ev->code = PT_KEY_RIGHT; return true;
	case KEY_PPAGE: ev->code = PT_KEY_PGUP; return true;
	case KEY_NPAGE: ev->code = PT_KEY_PGDN; return true;
	case KEY_HOME: ev->code = PT_KEY_HOME; return true;
	case KEY_END: ev->code = PT_KEY_END; return true;
	case KEY_ENTER: ev->code = PT_KEY_ENTER; return true;
	case KEY_BTAB: ev->code = PT_KEY_BTAB; return true;
	case KEY_BACKSPACE: ev->code = PT_KEY_BACKSPACE; return true;
	case KEY_DC: ev->code = PT_KEY_DELETE; return true;
	case KEY_RESIZE: ev->type = EV_RESIZE; return true;
	case KEY_MOUSE: {
		MEVENT m;
		if (getmouse(&m) != OK)
			return false;
		ev->y = m.y;
		ev->x = m.x;
		if (m.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
			ev->type = EV_CLICK;
			return true;
		}
		if (m.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
			ev->type = EV_WHEEL;
			ev->code = m.bstate & BUTTON4_PRESSED ? -1 : 1;
			return true;
		}
		return false;
	}
	default:
		return false;
	}
}

/* Translates a character; control characters become named keys. */
static bool translate_char(wint_t ch, pt_event *ev)
{
	ev->type = EV_KEY;
	switch (ch) {
	case L'\n': case L'\r': ev->code = PT_KEY_ENTER; return true;
	case L'\t': ev->code = PT_KEY_TAB; return true;
	case 8: case 127: ev->code = PT_KEY_BACKSPACE; return true;
	case 27: ev->code = PT_KEY_ESC; return true;
	case 21: ev->code = PT_KEY_KILL_LINE; return true;
	default:
		if (ch < 32)
			return false;
		ev->type = EV_CHAR;
		ev->code = (int)ch;
		return true;
	}
}

/* Sleeps until the terminal or watch_fd is readable or a signal arrives;
 * the signals are unblocked only while sleeping.  Returns pselect's
 * result; *watched tells whether watch_fd is readable. */
static int wait_readable(volatile sig_atomic_t *quit, const sigset_t *signals, int watch_fd,
    bool *watched, int timeout_ms)
{
	sigset_t old;
	sigprocmask(SIG_BLOCK, signals, &old);
	if (*quit) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return -1;
	}
	fd_set readable;
	FD_ZERO(&readable);
	FD_SET(STDIN_FILENO, &readable);
	if (watch_fd >= 0)
		FD_SET(watch_fd, &readable);
	int top = watch_fd > STDIN_FILENO ? watch_fd : STDIN_FILENO;
	struct timespec ts = { timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L };
	int rc = pselect(top + 1, &readable, NULL, NULL, timeout_ms >= 0 ? &ts : NULL, &old);
	int saved = errno;
	*watched = rc > 0 && watch_fd >= 0 && FD_ISSET(watch_fd, &readable);
	if (*watched)
		rc -= 1; /* what is left counts the terminal */
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = saved;
	return rc;
}

pt_input_rc input_next(pt_event *ev, volatile sig_atomic_t *quit, const sigset_t *signals,
    int watch_fd, int timeout_ms)
{
	int empty_wakeups = 0;
	for (;;) {
		if (*quit)
			return INPUT_SIGNAL;
		wint_t ch;
		int rc = wget_wch(stdscr, &ch);
		if (rc == KEY_CODE_YES && translate_key((int)ch, ev))
			return INPUT_EVENT;
		if (rc == OK && translate_char(ch, ev))
			return INPUT_EVENT;
		if (rc != ERR) {
			empty_wakeups = 0;
			continue; /* a key the UI ignores; look for more */
		}
		bool watched = false;
		int ready = wait_readable(quit, signals, watch_fd, &watched, timeout_ms);
		if (watched)
			return INPUT_WATCH;
		if (ready == 0 && timeout_ms >= 0)
			return INPUT_TICK;
		if (ready < 0 && errno != EINTR && !*quit)
			return INPUT_CLOSED;
		if (ready > 0 && ++empty_wakeups > MAX_EMPTY_WAKEUPS)
			return INPUT_CLOSED;
	}
}

bool event_is_char(const pt_event *ev, int c)
{
	return ev->type == EV_CHAR && ev->code == c;
}

bool event_is_key(const pt_event *ev, pt_key key)
{
	return ev->type == EV_KEY && ev->code == (int)key;
}

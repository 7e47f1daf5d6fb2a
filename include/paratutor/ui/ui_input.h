/* ui_input.h - terminal input as events the screens understand.
 *
 * input.c turns curses keys and mouse reports into pt_event values, so
 * the screens handle keys without including curses. */
#ifndef PARATUTOR_UI_INPUT_H
#define PARATUTOR_UI_INPUT_H

#include <signal.h>
#include <stdbool.h>

typedef enum pt_event_type {
	EV_CHAR,   /* a printable character: code is its code point */
	EV_KEY,    /* a named key: code is a pt_key */
	EV_CLICK,  /* left button pressed at (y, x) */
	EV_WHEEL,  /* wheel at (y, x): code is -1 up, +1 down */
	EV_RESIZE  /* the terminal changed size */
} pt_event_type;

typedef enum pt_key {
	PT_KEY_UP,
	PT_KEY_DOWN,
	PT_KEY_LEFT,
	PT_KEY_RIGHT,
	PT_KEY_PGUP,
	PT_KEY_PGDN,
	PT_KEY_HOME,
	PT_KEY_END,
	PT_KEY_ENTER,
	PT_KEY_TAB,
	PT_KEY_BTAB,
	PT_KEY_BACKSPACE,
	PT_KEY_DELETE,
	PT_KEY_ESC,
	PT_KEY_KILL_LINE /* Ctrl-U */
} pt_key;

typedef struct pt_event {
	pt_event_type type;
	int code;
	int y, x;
} pt_event;

typedef enum pt_input_rc {
	INPUT_EVENT,  /* *ev holds an event */
	INPUT_SIGNAL, /* *quit was set by a signal handler */
	INPUT_WATCH,  /* the watched descriptor became readable */
	INPUT_TICK,   /* timeout_ms passed with nothing to read */
	INPUT_CLOSED  /* the terminal is gone */
} pt_input_rc;

/* Turns on keypad and mouse reporting; returns true when the mouse works. */
bool input_setup(void);

/* Blocks until an event arrives, *quit becomes non-zero, watch_fd (when
 * not -1) becomes readable, timeout_ms passes (when not negative: only a
 * running exam's clock asks for that), or the terminal goes away.  Never
 * polls: it sleeps in pselect with the signals in signals blocked
 * everywhere else, so a signal cannot slip in between the check of *quit
 * and the wait. */
pt_input_rc input_next(pt_event *ev, volatile sig_atomic_t *quit, const sigset_t *signals,
    int watch_fd, int timeout_ms);

/* Returns true when ev is the character c. */
bool event_is_char(const pt_event *ev, int c);

/* Returns true when ev is the named key. */
bool event_is_key(const pt_event *ev, pt_key key);

#endif

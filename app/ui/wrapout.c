/* wrapout.c - plain mode's output stream, wrapped at spaces to a width;
 * words and URLs are never broken. */
#define _GNU_SOURCE /* fopencookie */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "paratutor/base/text.h"
#include "paratutor/ui/ui_wrapout.h"

/* Longest word kept whole while it is written; a longer one (no real
 * text has one) goes out in pieces this long. */
#define WORD_MAX 4096

typedef struct wrapout {
	FILE *out;
	int width;
	int col;       /* columns written on the current output line */
	int indent;    /* leading spaces of the current line, for its continuations */
	int spaces;    /* spaces seen after the last word, not yet written */
	bool leading;  /* nothing but spaces yet on this line */
	char word[WORD_MAX];
	size_t len;    /* bytes of the word being gathered */
} wrapout;

int wrapout_width(FILE *out)
{
	const char *columns = getenv("COLUMNS");
	if (columns != NULL) {
		char *end;
		long n = strtol(columns, &end, 10);
		if (end != columns && *end == '\0' && n >= 20 && n <= 1000)
			return (int)n;
	}
	struct winsize ws;
	if (isatty(fileno(out)) && ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

/* Writes the word gathered, after the spaces before it or, when it would
 * pass the width, on a new line at the indent. */
static void put_word(wrapout *w)
{
	if (w->len == 0)
		return;
	int width = text_width(w->word, w->len);
	if (w->col > w->indent && w->col + w->spaces + width > w->width) {
		fputc('\n', w->out);
		for (int k = 0; k < w->indent; k++)
			fputc(' ', w->out);
		w->col = w->indent;
	} else {
		for (int k = 0; k < w->spaces; k++)
			fputc(' ', w->out);
		w->col += w->spaces;
	}
	fwrite(w->word, 1, w->len, w->out);
	w->col += width;
	w->spaces = 0;
	w->len = 0;
}

/* The stream's write: gathers words, writes each as it ends, and at the
 * end of what was written writes what is pending (a prompt without its
 * newline must show before the input is read). */
static ssize_t wrap_write(void *cookie, const char *buf, size_t size)
{
	wrapout *w = cookie;
	for (size_t i = 0; i < size; i++) {
		char c = buf[i];
		if (c == '\n') {
			put_word(w);
			fputc('\n', w->out);
			w->col = w->indent = w->spaces = 0;
			w->leading = true;
		} else if (c == ' ') {
			put_word(w);
			if (w->leading) {
				fputc(' ', w->out);
				w->col++;
				w->indent = w->col < w->width / 2 ? w->col : 0;
			} else {
				w->spaces++;
			}
		} else {
			w->leading = false;
			if (w->len == sizeof w->word)
				put_word(w);
			w->word[w->len++] = c;
		}
	}
	/* A word cut by the end of this write is written now, after its
	 * spaces: the next write goes on from it. */
	put_word(w);
	for (; w->spaces > 0; w->spaces--) {
		fputc(' ', w->out);
		w->col++;
	}
	fflush(w->out);
	return (ssize_t)size;
}

/* The stream's close: frees the state, leaving out open. */
static int wrap_close(void *cookie)
{
	free(cookie);
	return 0;
}

FILE *wrapout_open(FILE *out, int width)
{
	wrapout *w = calloc(1, sizeof *w);
	if (w == NULL)
		return NULL;
	w->out = out;
	w->width = width;
	w->leading = true;
	cookie_io_functions_t io = { NULL, wrap_write, NULL, wrap_close };
	FILE *f = fopencookie(w, "w", io);
	if (f == NULL) {
		free(w);
		return NULL;
	}
	setvbuf(f, NULL, _IOFBF, 1 << 16); /* a write ends where plain mode flushes, not inside a word */
	return f;
}

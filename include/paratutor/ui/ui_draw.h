/* ui_draw.h - the terminal UI's only window on the screen: colour roles,
 * glyphs with an ASCII fallback, and clipped text output.
 *
 * Screens draw through these calls and never include curses themselves;
 * draw.c maps each role to colours (or to plain attributes when colour is
 * off) and each glyph to UTF-8 or ASCII. */
#ifndef PARATUTOR_UI_DRAW_H
#define PARATUTOR_UI_DRAW_H

#include <stdbool.h>
#include <stddef.h>

/* What a piece of text is, not how it looks. */
typedef enum pt_role {
	ROLE_NORMAL,
	ROLE_TITLE,    /* the header bar */
	ROLE_HEADING,  /* section headings, lesson titles in the menu */
	ROLE_PROMPT,   /* the question */
	ROLE_CODE,     /* code around the blanks */
	ROLE_BLANK,    /* a blank, empty or filled */
	ROLE_FOCUS,    /* the focused blank */
	ROLE_LABEL,    /* option letters A, B, C... */
	ROLE_RIGHT,    /* marked Correct */
	ROLE_WRONG,    /* marked Wrong; broken lessons */
	ROLE_MISSED,   /* a correct option left unpicked */
	ROLE_HINT,     /* hint text */
	ROLE_DIM,      /* secondary text */
	ROLE_MESSAGE,  /* the line that says what to do next */
	ROLE_SELECTED, /* the menu cursor */
	ROLE_KEY,      /* key names in the key bar and the help */
	ROLE_COUNT
} pt_role;

/* Symbols that have an ASCII stand-in outside UTF-8 locales. */
typedef enum pt_glyph {
	GLYPH_RIGHT,    /* check mark */
	GLYPH_WRONG,    /* cross */
	GLYPH_MISSED,   /* exclamation */
	GLYPH_FOCUS,    /* the focused blank's marker */
	GLYPH_ANSWER,   /* points at a revealed answer */
	GLYPH_BULLET,
	GLYPH_DOT,      /* separator in "10 items · 3 easy" */
	GLYPH_UP,
	GLYPH_DOWN,
	GLYPH_RADIO_ON, /* a chosen single-choice option */
	GLYPH_DASH,
	GLYPH_ELLIPSIS, /* ends text cut to fit */
	GLYPH_BAR_FULL, /* a done cell of a progress bar */
	GLYPH_BAR_EMPTY, /* a cell still to do */
	GLYPH_COUNT
} pt_glyph;

/* Sets up colour roles (colour false: attributes only, no colour pairs)
 * and glyphs (ascii true: ASCII stand-ins).  Call once after the terminal
 * is initialised. */
void draw_setup(bool colour, bool ascii);

/* Returns true when glyphs and charts use ASCII stand-ins. */
bool draw_ascii(void);

/* Returns true when the locale's character set is UTF-8: the full screen
 * and plain mode's charts use ASCII stand-ins when it is not. */
bool draw_locale_utf8(void);

/* Returns the text of a glyph for the current locale. */
const char *draw_glyph(pt_glyph glyph);

/* Reads the screen size. */
void draw_size(int *rows, int *cols);

/* Blanks the whole screen buffer (sent to the terminal only as a diff). */
void draw_erase(void);

/* Draws len bytes of UTF-8 text at row y, column x in role, in at most
 * max_width columns; text that does not fit ends in an ellipsis.  Returns
 * the number of columns drawn. */
int draw_text(int y, int x, int max_width, pt_role role, const char *s, size_t len);

/* Draws a NUL-terminated string; see draw_text. */
int draw_str(int y, int x, int max_width, pt_role role, const char *s);

/* Paints width blank columns from (y, x) in role. */
void draw_fill(int y, int x, int width, pt_role role);

/* Draws a frame around the rectangle with corners (y, x) and
 * (y + height - 1, x + width - 1) and blanks its inside. */
void draw_box(int y, int x, int height, int width);

/* Sends everything drawn since the last flush to the terminal. */
void draw_flush(void);

/* After draw_flush: writes each URL text[links[k].off, +len) again over
 * itself as an OSC 8 hyperlink (cursor and attributes saved and restored
 * around them, so curses's picture of the screen stays true).  A URL with
 * a byte outside printable ASCII is left plain.  Nothing unless
 * hyperlinks are on (PARATUTOR_HYPERLINKS or a terminal known to take them). */
struct pt_link_at;
void draw_links(const char *text, const struct pt_link_at *links, size_t n);

#endif

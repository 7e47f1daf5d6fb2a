/* draw.c - colour roles, glyphs and clipped UTF-8 text output on curses. */
#include <curses.h>
#include <langinfo.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>
#include <wctype.h>

#include "paratutor/base/sanitise.h"
#include "paratutor/base/text.h"
#include "paratutor/ui/ui_guard.h"
#include "paratutor/ui/ui_doc.h"
#include "paratutor/ui/ui_draw.h"

/* How one role looks: attributes, and a colour pair when colour is on. */
typedef struct role_style {
	attr_t attrs;
	short pair;
} role_style;

/* A role's look with colour (foreground, background, attributes) and
 * without (attributes only). */
typedef struct role_theme {
	short fg, bg;
	attr_t colour_attrs;
	attr_t mono_attrs;
} role_theme;

#define DEFAULT_BG (-1)

static const role_theme themes[ROLE_COUNT] = {
	[ROLE_NORMAL] = { -1, DEFAULT_BG, A_NORMAL, A_NORMAL },
	[ROLE_TITLE] = { COLOR_WHITE, COLOR_BLUE, A_BOLD, A_REVERSE | A_BOLD },
	[ROLE_HEADING] = { COLOR_YELLOW, DEFAULT_BG, A_BOLD, A_BOLD | A_UNDERLINE },
	[ROLE_PROMPT] = { -1, DEFAULT_BG, A_BOLD, A_BOLD },
	[ROLE_CODE] = { COLOR_CYAN, DEFAULT_BG, A_NORMAL, A_NORMAL },
	[ROLE_BLANK] = { COLOR_YELLOW, DEFAULT_BG, A_BOLD, A_BOLD },
	[ROLE_FOCUS] = { COLOR_YELLOW, DEFAULT_BG, A_REVERSE | A_BOLD, A_REVERSE | A_BOLD },
	[ROLE_LABEL] = { COLOR_YELLOW, DEFAULT_BG, A_BOLD, A_BOLD },
	[ROLE_RIGHT] = { COLOR_GREEN, DEFAULT_BG, A_BOLD, A_BOLD },
	[ROLE_WRONG] = { COLOR_RED, DEFAULT_BG, A_BOLD, A_BOLD },
	[ROLE_MISSED] = { COLOR_MAGENTA, DEFAULT_BG, A_BOLD, A_BOLD },
	[ROLE_HINT] = { COLOR_CYAN, DEFAULT_BG, A_NORMAL, A_NORMAL },
	[ROLE_DIM] = { -1, DEFAULT_BG, A_DIM, A_DIM },
	[ROLE_MESSAGE] = { COLOR_GREEN, DEFAULT_BG, A_BOLD, A_BOLD },
	[ROLE_SELECTED] = { -1, DEFAULT_BG, A_REVERSE | A_BOLD, A_REVERSE | A_BOLD },
	[ROLE_KEY] = { COLOR_CYAN, DEFAULT_BG, A_BOLD, A_BOLD },
};

static role_style styles[ROLE_COUNT];

static const char *const utf8_glyphs[GLYPH_COUNT] = {
	[GLYPH_RIGHT] = "\u2713", [GLYPH_WRONG] = "\u2717", [GLYPH_MISSED] = "!",
	[GLYPH_FOCUS] = "\u25b8", [GLYPH_ANSWER] = "\u2192", [GLYPH_BULLET] = "\u2022",
	[GLYPH_DOT] = "\u00b7", [GLYPH_UP] = "\u2191", [GLYPH_DOWN] = "\u2193",
	[GLYPH_RADIO_ON] = "\u2022", [GLYPH_DASH] = "\u2014", [GLYPH_ELLIPSIS] = "\u2026",
	[GLYPH_BAR_FULL] = "\u2588", [GLYPH_BAR_EMPTY] = "\u2591",
};

static const char *const ascii_glyphs[GLYPH_COUNT] = {
	[GLYPH_RIGHT] = "+", [GLYPH_WRONG] = "x", [GLYPH_MISSED] = "!",
	[GLYPH_FOCUS] = ">", [GLYPH_ANSWER] = "->", [GLYPH_BULLET] = "-",
	[GLYPH_DOT] = "-", [GLYPH_UP] = "Up", [GLYPH_DOWN] = "Down",
	[GLYPH_RADIO_ON] = "*", [GLYPH_DASH] = "-", [GLYPH_ELLIPSIS] = "...",
	[GLYPH_BAR_FULL] = "#", [GLYPH_BAR_EMPTY] = ".",
};

static const char *const *glyphs = utf8_glyphs;
static bool ascii_mode;

bool draw_ascii(void)
{
	return ascii_mode;
}

bool draw_locale_utf8(void)
{
	const char *codeset = nl_langinfo(CODESET);
	return strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "utf8") == 0;
}

void draw_setup(bool colour, bool ascii)
{
	ascii_mode = ascii;
	/* The cursor is hidden: no need to send it back to the last drawn
	 * cell after every update (8 bytes or so each time). */
	leaveok(stdscr, TRUE);
	glyphs = ascii ? ascii_glyphs : utf8_glyphs;
	bool default_bg = false;
	if (colour) {
		start_color();
		default_bg = use_default_colors() == OK;
	}
	for (int r = 0; r < ROLE_COUNT; r++) {
		const role_theme *t = &themes[r];
		styles[r].attrs = colour ? t->colour_attrs : t->mono_attrs;
		styles[r].pair = 0;
		if (!colour || (t->fg < 0 && t->bg == DEFAULT_BG))
			continue;
		short fg = t->fg, bg = t->bg;
		if (!default_bg) {
			fg = fg < 0 ? COLOR_WHITE : fg;
			bg = bg == DEFAULT_BG ? COLOR_BLACK : bg;
		}
		if (init_pair((short)(r + 1), fg, bg) == OK)
			styles[r].pair = (short)(r + 1);
	}
}

const char *draw_glyph(pt_glyph glyph)
{
	return glyphs[glyph];
}

void draw_size(int *rows, int *cols)
{
	getmaxyx(stdscr, *rows, *cols);
}

void draw_erase(void)
{
	werase(stdscr);
}

/* Returns a printable stand-in for a code point the locale cannot show. */
static wchar_t transliterate(unsigned cp)
{
	switch (cp) {
	case 0x2013: case 0x2014: case 0x2212: return L'-';
	case 0x2018: case 0x2019: return L'\'';
	case 0x201C: case 0x201D: return L'"';
	case 0x2022: case 0x00B7: case 0x2026: return L'.';
	case 0x00D7: case 0x2717: return L'x';
	case 0x2713: return L'+';
	case 0x2192: case 0x25B8: return L'>';
	case 0x2190: case 0x2264: return L'<';
	case 0x2265: return L'>';
	case 0x00F7: return L'/';
	case 0x2248: return L'~';
	case 0x00A0: return L' ';
	default: return L'?';
	}
}

int draw_text(int y, int x, int max_width, pt_role role, const char *s, size_t len)
{
	if (max_width <= 0)
		return 0;
	/* Only whether the text fits matters, so measuring stops past it. */
	int total = text_width_capped(s, len, max_width < INT_MAX ? max_width + 1 : max_width);
	int room = total > max_width ? max_width - 1 : max_width;
	wchar_t buf[256];
	size_t n = 0;
	int used = 0;
	wattr_set(stdscr, styles[role].attrs, styles[role].pair, NULL);
	wmove(stdscr, y, x);
	for (size_t i = 0; i < len;) {
		unsigned cp = text_decode(s, len, &i);
		int w = text_cp_width(cp);
		if (used + w > room)
			break;
		if (cp == '\n' || cp == '\t')
			continue;
		if (sanitise_hostile(cp)) { /* shown, never obeyed */
			char esc[PT_SANITISE_ESCAPE_MAX + 1];
			int e = sanitise_escape(cp, esc);
			for (int k = 0; k < e; k++)
				buf[n++] = (wchar_t)(unsigned char)esc[k];
		} else if (w > 0 && !iswprint((wint_t)cp)) {
			for (int k = 0; k < w; k++)
				buf[n++] = k == 0 ? transliterate(cp) : L' ';
		} else {
			buf[n++] = (wchar_t)cp;
		}
		used += w;
		if (n >= 240) { /* each step adds at most an escape */
			waddnwstr(stdscr, buf, (int)n);
			n = 0;
		}
	}
	if (total > max_width)
		buf[n++] = ascii_mode ? L'~' : L'\u2026';
	if (n > 0)
		waddnwstr(stdscr, buf, (int)n);
	wattr_set(stdscr, A_NORMAL, 0, NULL);
	return total > max_width ? max_width : used;
}

int draw_str(int y, int x, int max_width, pt_role role, const char *s)
{
	return draw_text(y, x, max_width, role, s, strlen(s));
}

void draw_fill(int y, int x, int width, pt_role role)
{
	static const char spaces[] = "                                ";
	while (width > 0) {
		int chunk = width < (int)sizeof spaces - 1 ? width : (int)sizeof spaces - 1;
		draw_text(y, x, chunk, role, spaces, (size_t)chunk);
		x += chunk;
		width -= chunk;
	}
}

/* Draws one row of a frame: left corner, width - 2 fills, right corner. */
static void box_row(int y, int x, int width, const char *left, const char *fill, const char *right)
{
	char row[1024];
	size_t len = 0, fill_len = strlen(fill);
	len += (size_t)snprintf(row, sizeof row, "%s", left);
	for (int k = 0; k < width - 2 && len + fill_len + 8 < sizeof row; k++) {
		memcpy(row + len, fill, fill_len);
		len += fill_len;
	}
	len += (size_t)snprintf(row + len, sizeof row - len, "%s", right);
	draw_text(y, x, width, ROLE_NORMAL, row, len);
}

void draw_box(int y, int x, int height, int width)
{
	const char *h = ascii_mode ? "-" : "\u2500", *v = ascii_mode ? "|" : "\u2502";
	box_row(y, x, width, ascii_mode ? "+" : "\u250c", h, ascii_mode ? "+" : "\u2510");
	for (int r = 1; r < height - 1; r++)
		box_row(y + r, x, width, v, " ", v);
	box_row(y + height - 1, x, width, ascii_mode ? "+" : "\u2514", h, ascii_mode ? "+" : "\u2518");
}

void draw_flush(void)
{
	wnoutrefresh(stdscr);
	doupdate();
}

/* Returns true when TERM names a terminal known to take OSC 8 links. */
static bool term_takes_links(const char *term)
{
	static const char *const known[] = { "kitty", "foot", "wezterm", "contour", "ghostty" };
	for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
		if (strstr(term, known[k]) != NULL)
			return true;
	return false;
}

/* Decides once whether to send hyperlinks; see draw_hyperlinks. */
static bool decide_hyperlinks(void)
{
	const char *force = getenv("PARATUTOR_HYPERLINKS");
	if (force != NULL && force[0] != '\0')
		return strcmp(force, "0") != 0;
	const char *term = getenv("TERM");
	if (term == NULL || getenv("TMUX") != NULL || getenv("STY") != NULL || strncmp(term, "screen", 6) == 0 ||
	    strncmp(term, "tmux", 4) == 0)
		return false; /* a multiplexer between us and the terminal may drop or mangle them */
	const char *program = getenv("TERM_PROGRAM");
	if (program != NULL && (strcmp(program, "iTerm.app") == 0 || strcmp(program, "WezTerm") == 0 ||
	    strcmp(program, "vscode") == 0))
		return true;
	const char *vte = getenv("VTE_VERSION"); /* GNOME Terminal and other VTE terminals, from 0.50 */
	if (vte != NULL && atoi(vte) >= 5000)
		return true;
	return getenv("KITTY_WINDOW_ID") != NULL || getenv("WT_SESSION") != NULL || term_takes_links(term);
}

/* Returns true when URLs should be sent as OSC 8 hyperlinks, decided
 * once from the environment: PARATUTOR_HYPERLINKS=1 or 0 says so; else
 * only a terminal known to take them (by TERM_PROGRAM, VTE_VERSION,
 * KITTY_WINDOW_ID, WT_SESSION or TERM), never inside tmux or screen. */
static bool draw_hyperlinks(void)
{
	static int decided = -1;
	if (decided < 0)
		decided = decide_hyperlinks();
	return decided == 1;
}

/* Returns true when the len bytes of s are all printable ASCII: nothing
 * in them can end the escape sequence or move the cursor. */
static bool link_safe(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x21 || (unsigned char)s[i] > 0x7e)
			return false;
	return len > 0;
}

void draw_links(const char *text, const struct pt_link_at *links, size_t n)
{
	if (n == 0 || !draw_hyperlinks())
		return;
	/* The sequences go to the terminal as they are (the sanitiser in
	 * front of stdout would show them as text); the URL is printable
	 * ASCII, checked above. */
	FILE *tty = guard_terminal();
	bool any = false;
	for (size_t k = 0; k < n; k++) {
		const pt_link_at *l = &links[k];
		const char *url = text + l->off;
		if (!link_safe(url, l->len) || l->shown <= 0)
			continue;
		if (!any)
			fputs("\0337", tty); /* save the cursor and attributes */
		any = true;
		/* The same characters over themselves, now a link to the URL. */
		size_t shown = (size_t)l->shown < l->len ? (size_t)l->shown : l->len;
		fprintf(tty, "\033[%d;%dH\033]8;;%.*s\033\\%.*s\033]8;;\033\\", l->y + 1, l->x + 1, (int)l->len, url,
		    (int)shown, url);
	}
	if (any) {
		fputs("\0338", tty);
		fflush(tty);
	}
}

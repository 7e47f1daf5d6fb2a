/* ui_doc.h - a scrollable document of styled, wrapped lines.
 *
 * A screen builds its scrolling content into a pt_doc on every draw: text
 * is wrapped by display width as it is added, each piece keeps a role and
 * an optional click zone.  Rendering shows a window of the lines and
 * records where each zone landed on the screen, so mouse clicks can be
 * mapped back to blanks, options and menu entries. */
#ifndef PARATUTOR_UI_DOC_H
#define PARATUTOR_UI_DOC_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/ui/ui_draw.h"

/* Click zones: a kind and an index packed into one int; 0 is no zone. */
enum pt_zone_kind {
	ZONE_NONE,
	ZONE_BLANK,  /* a fill blank, a match prompt or an order position */
	ZONE_BANK,   /* a fill bank option, a match answer or an order step */
	ZONE_OPTION, /* a choice or multi option */
	ZONE_ENTRY,  /* a lesson in the menu */
	ZONE_FIELD   /* the answer field of a numeric or text item */
};
#define ZONE(kind, index) (((int)(kind) << 16) | (int)(index))
#define ZONE_KIND(zone) ((zone) >> 16)
#define ZONE_INDEX(zone) ((zone) & 0xFFFF)

/* A run of text on one line. */
typedef struct pt_seg {
	size_t off, len; /* bytes in the document's text buffer */
	int col, width;  /* position and display width on the line */
	pt_role role;
	int zone;
	bool link; /* a URL: drawn as a hyperlink where the terminal takes them */
} pt_seg;

/* Where a zone was drawn by the last render. */
typedef struct pt_hit {
	int y, x0, x1; /* row, and columns [x0, x1) */
	int zone;
} pt_hit;

/* Where a URL was drawn by the last render. */
typedef struct pt_link_at {
	int y, x;
	size_t off, len; /* the URL: bytes in the document's text buffer */
	int shown;       /* columns of it on screen (a URL wider than the line is cut) */
} pt_link_at;

typedef struct pt_doc {
	char *text;
	size_t text_len, text_cap;
	pt_seg *segs;
	size_t n_segs, segs_cap;
	size_t *lines; /* index of each line's first segment */
	size_t n_lines, lines_cap;
	pt_hit *hits;
	size_t n_hits, hits_cap;
	pt_link_at *links;
	size_t n_links, links_cap;
	int width;  /* columns to wrap at */
	int col;    /* next free column on the last line */
	int indent; /* column where wrapped atoms and code continue */
	bool failed; /* out of memory: the document is incomplete */
} pt_doc;

/* Empties the document (keeping its buffers) for content width columns wide. */
void doc_reset(pt_doc *d, int width);

/* Releases the document's buffers. */
void doc_free(pt_doc *d);

/* Ends the current line. */
void doc_newline(pt_doc *d);

/* Ends the current line and leaves one empty line before what follows,
 * unless the document is empty or already ends in an empty line. */
void doc_gap(pt_doc *d);

/* Moves to column col on the current line (never backwards). */
void doc_move_to(pt_doc *d, int col);

/* Sets the column where wrapped atoms and code continue. */
void doc_set_indent(pt_doc *d, int indent);

/* Adds text as one unit: starts a new line at the indent first when it
 * does not fit on the current one. */
void doc_atom(pt_doc *d, pt_role role, int zone, const char *s);

/* As doc_atom for a printf-style text. */
void doc_atomf(pt_doc *d, pt_role role, int zone, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Starts a new line at the indent unless width more columns fit. */
void doc_make_room(pt_doc *d, int width);

/* Adds a paragraph word-wrapped from the current column; continuation
 * lines start at that same column (a hanging indent). */
void doc_wrap(pt_doc *d, pt_role role, int zone, const char *s);

/* Adds len bytes of code, breaking at the right edge inside words if it
 * must; continuation lines start at the indent. */
void doc_code(pt_doc *d, pt_role role, const char *s, size_t len);

/* Returns the index of the line being written. */
size_t doc_line(const pt_doc *d);

/* Returns the number of lines, counting a non-empty last line. */
size_t doc_height(const pt_doc *d);

/* Draws lines [scroll, scroll + rows) at (y, x) and records the zones'
 * screen positions for doc_hit. */
void doc_render(pt_doc *d, int y, int x, int rows, size_t scroll);

/* Renders rows lines of d from line scroll at (y, x) as doc_render does,
 * keeping the click zones of what was rendered before: a body drawn in
 * two parts is two calls, doc_render then this. */
void doc_render_more(pt_doc *d, int y, int x, int rows, size_t scroll);

/* Returns the zone drawn at screen cell (y, x) by the last render, or 0. */
int doc_hit(const pt_doc *d, int y, int x);

/* Clamps *scroll so a window of rows lines stays inside the document. */
void doc_clamp_scroll(const pt_doc *d, size_t *scroll, int rows);

/* Scrolls the least needed so lines [first, last] are in a window of rows
 * lines; when they do not all fit, first stays at the top. */
void doc_show_lines(size_t *scroll, size_t first, size_t last, int rows);

#endif

/* doc.c - building, wrapping and rendering scrollable documents. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/text.h"
#include "paratutor/ui/ui_doc.h"

/* Returns array v (of *cap elements of size elem, n used) grown to hold
 * need more, updating *cap; NULL when out of memory, which leaves v as it
 * was and marks the document failed. */
static void *grow(pt_doc *d, void *v, size_t *cap, size_t n, size_t need, size_t elem)
{
	if (n + need <= *cap)
		return v;
	size_t bigger = *cap ? *cap * 2 : 64;
	while (bigger < n + need)
		bigger *= 2;
	void *p = realloc(v, bigger * elem);
	if (p == NULL) {
		d->failed = true;
		return NULL;
	}
	*cap = bigger;
	return p;
}

/* Appends a line starting at the next segment. */
static void push_line(pt_doc *d)
{
	size_t *lines = grow(d, d->lines, &d->lines_cap, d->n_lines, 1, sizeof *lines);
	if (lines == NULL)
		return;
	d->lines = lines;
	d->lines[d->n_lines++] = d->n_segs;
}

void doc_reset(pt_doc *d, int width)
{
	d->text_len = 0;
	d->n_segs = 0;
	d->n_lines = 0;
	d->n_hits = 0;
	d->n_links = 0;
	d->width = width < 1 ? 1 : width;
	d->col = 0;
	d->indent = 0;
	d->failed = false;
	push_line(d);
}

void doc_free(pt_doc *d)
{
	free(d->text);
	free(d->segs);
	free(d->lines);
	free(d->hits);
	free(d->links);
	memset(d, 0, sizeof *d);
}

/* Returns true when line index holds no segments. */
static bool line_empty(const pt_doc *d, size_t index)
{
	size_t end = index + 1 < d->n_lines ? d->lines[index + 1] : d->n_segs;
	return d->lines[index] == end;
}

void doc_newline(pt_doc *d)
{
	if (d->failed)
		return;
	push_line(d);
	d->col = 0;
}

void doc_gap(pt_doc *d)
{
	if (d->failed || d->n_lines == 0)
		return;
	if (!line_empty(d, d->n_lines - 1))
		doc_newline(d);
	if (d->n_lines >= 2 && !line_empty(d, d->n_lines - 2))
		doc_newline(d);
}

void doc_move_to(pt_doc *d, int col)
{
	if (col > d->col)
		d->col = col < d->width ? col : d->width;
}

void doc_set_indent(pt_doc *d, int indent)
{
	d->indent = indent < d->width - 1 ? indent : 0;
}

/* Appends a segment of len bytes of s at the current column. */
static void add_seg(pt_doc *d, pt_role role, int zone, const char *s, size_t len, int width)
{
	if (d->failed || len == 0)
		return;
	char *text = grow(d, d->text, &d->text_cap, d->text_len, len, 1);
	if (text == NULL)
		return;
	d->text = text;
	pt_seg *segs = grow(d, d->segs, &d->segs_cap, d->n_segs, 1, sizeof *segs);
	if (segs == NULL)
		return;
	d->segs = segs;
	memcpy(d->text + d->text_len, s, len);
	d->segs[d->n_segs++] = (pt_seg){ d->text_len, len, d->col, width, role, zone, false };
	d->text_len += len;
	d->col += width;
}

/* Starts a new line at the indent. */
static void wrap_line(pt_doc *d)
{
	doc_newline(d);
	d->col = d->indent;
}

void doc_make_room(pt_doc *d, int width)
{
	if (d->col > d->indent && d->col + width > d->width)
		wrap_line(d);
}

void doc_code(pt_doc *d, pt_role role, const char *s, size_t len)
{
	size_t start = 0, i = 0, brk = 0; /* brk: just after the last space */
	int w = 0, brk_w = 0;
	while (i < len) {
		size_t next = i;
		int cw = text_cp_width(text_decode(s, len, &next));
		if (d->col + w + cw > d->width && (w > 0 || d->col > d->indent)) {
			bool at_space = brk > start;
			size_t cut = at_space ? brk : i;
			int cut_w = at_space ? brk_w : w;
			add_seg(d, role, 0, s + start, cut - start, cut_w);
			wrap_line(d);
			start = cut;
			w -= cut_w;
			brk = 0;
			continue;
		}
		bool space = s[i] == ' ';
		w += cw;
		i = next;
		if (space) {
			brk = i;
			brk_w = w;
		}
	}
	add_seg(d, role, 0, s + start, len - start, w);
}

void doc_atom(pt_doc *d, pt_role role, int zone, const char *s)
{
	size_t len = strlen(s);
	int width = text_width(s, len);
	doc_make_room(d, width);
	if (d->col + width <= d->width)
		add_seg(d, role, zone, s, len, width);
	else
		doc_code(d, role, s, len); /* wider than a whole line */
}

void doc_atomf(pt_doc *d, pt_role role, int zone, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	doc_atom(d, role, zone, buf);
}

/* Returns the length of the URL starting at s (len bytes left on its
 * line), or 0 when none starts there; punctuation that ends a sentence is
 * not part of it. */
static size_t url_at(const char *s, size_t len)
{
	size_t scheme = len >= 8 && strncmp(s, "https://", 8) == 0 ? 8 : len >= 7 && strncmp(s, "http://", 7) == 0 ? 7 : 0;
	if (scheme == 0)
		return 0;
	size_t n = scheme;
	while (n < len && s[n] != ' ')
		n++;
	while (n > scheme && strchr(".,;:!?)'\"", s[n - 1]) != NULL)
		n--;
	return n > scheme ? n : 0;
}

/* Adds len bytes of s (one wrapped line, width columns) as segments, a
 * URL in it as a link segment of its own. */
static void add_line(pt_doc *d, pt_role role, int zone, const char *s, size_t len, int width)
{
	size_t start = 0;
	for (size_t i = 0; i < len; i++) {
		if (i > 0 && s[i - 1] != ' ' && s[i - 1] != '(' && s[i - 1] != '<')
			continue;
		size_t n = url_at(s + i, len - i);
		if (n == 0)
			continue;
		if (i > start) {
			int w = text_width(s + start, i - start);
			add_seg(d, role, zone, s + start, i - start, w);
			width -= w;
		}
		int w = text_width(s + i, n);
		add_seg(d, role, zone, s + i, n, w);
		if (!d->failed)
			d->segs[d->n_segs - 1].link = true;
		width -= w;
		start = i + n;
		i = start - 1;
	}
	if (len > start)
		add_seg(d, role, zone, s + start, len - start, width);
}

void doc_wrap(pt_doc *d, pt_role role, int zone, const char *s)
{
	if (d->width - d->col < 12) /* too little room left: start below */
		wrap_line(d);
	int hang = d->col;
	pt_lines lines;
	if (!text_wrap(s, d->width - hang, &lines)) {
		d->failed = true;
		return;
	}
	for (size_t k = 0; k < lines.n; k++) {
		int width = lines.v[k].width;
		/* A word wider than the room (a long URL) comes left as far as
		 * it needs to be seen whole, on a line of its own. */
		int col = width > d->width - hang ? (d->width - width > 0 ? d->width - width : 0) : hang;
		if (k > 0 || (col < hang && !line_empty(d, d->n_lines - 1)))
			doc_newline(d);
		d->col = col;
		add_line(d, role, zone, s + lines.v[k].start, lines.v[k].len, width);
		if (col < hang && k + 1 < lines.n)
			d->col = hang;
	}
	text_lines_free(&lines);
}

size_t doc_line(const pt_doc *d)
{
	return d->n_lines ? d->n_lines - 1 : 0;
}

size_t doc_height(const pt_doc *d)
{
	if (d->n_lines == 0)
		return 0;
	return line_empty(d, d->n_lines - 1) ? d->n_lines - 1 : d->n_lines;
}

void doc_render(pt_doc *d, int y, int x, int rows, size_t scroll)
{
	d->n_hits = 0;
	d->n_links = 0;
	doc_render_more(d, y, x, rows, scroll);
}

void doc_render_more(pt_doc *d, int y, int x, int rows, size_t scroll)
{
	for (int r = 0; r < rows; r++) {
		size_t line = scroll + (size_t)r;
		if (line >= d->n_lines)
			break;
		size_t end = line + 1 < d->n_lines ? d->lines[line + 1] : d->n_segs;
		for (size_t k = d->lines[line]; k < end; k++) {
			const pt_seg *seg = &d->segs[k];
			draw_text(y + r, x + seg->col, d->width - seg->col, seg->role,
			    d->text + seg->off, seg->len);
			if (seg->link && seg->col < d->width) {
				pt_link_at *links = grow(d, d->links, &d->links_cap, d->n_links, 1, sizeof *links);
				if (links != NULL) {
					int room = d->width - seg->col;
					d->links = links;
					d->links[d->n_links++] = (pt_link_at){ y + r, x + seg->col, seg->off, seg->len,
						seg->width < room ? seg->width : room };
				}
			}
			if (seg->zone == 0)
				continue;
			pt_hit *hits = grow(d, d->hits, &d->hits_cap, d->n_hits, 1, sizeof *hits);
			if (hits == NULL)
				continue;
			d->hits = hits;
			d->hits[d->n_hits++] = (pt_hit){ y + r, x + seg->col, x + seg->col + seg->width, seg->zone };
		}
	}
}

int doc_hit(const pt_doc *d, int y, int x)
{
	for (size_t k = 0; k < d->n_hits; k++)
		if (d->hits[k].y == y && x >= d->hits[k].x0 && x < d->hits[k].x1)
			return d->hits[k].zone;
	return 0;
}

void doc_clamp_scroll(const pt_doc *d, size_t *scroll, int rows)
{
	size_t height = doc_height(d);
	size_t max = rows > 0 && height > (size_t)rows ? height - (size_t)rows : 0;
	if (*scroll > max)
		*scroll = max;
}

void doc_show_lines(size_t *scroll, size_t first, size_t last, int rows)
{
	if (rows <= 0)
		return;
	if (last >= *scroll + (size_t)rows)
		*scroll = last - (size_t)rows + 1;
	if (first < *scroll || last - first >= (size_t)rows)
		*scroll = first;
}

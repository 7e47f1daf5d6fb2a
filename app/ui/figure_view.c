/* figure_view.c - an item's figure on the full screen (a picture in
 * letters and colour, then its figures in sentences) and in plain mode
 * (the sentences alone).  Letters carry the meaning and colour only helps,
 * so the picture reads the same under NO_COLOR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/model/figure.h"
#include "paratutor/model/lesson.h"
#include "paratutor/ui/ui_figure.h"

#define LABEL_COLS 9 /* "Stage 12 " */

/* The role of a pipeline cell's operation. */
static pt_role op_role(char op)
{
	return op == 'F' ? ROLE_RIGHT : op == 'B' ? ROLE_HINT : op == 'W' ? ROLE_LABEL : ROLE_DIM;
}

/* One row per stage, one or two columns per slot; slots beyond the width
 * are left out with a note. */
static void draw_pipeline(pt_doc *d, const pt_figure *f, const pt_fig_result *r)
{
	int room = d->width - LABEL_COLS;
	int cw = r->slots * 2 <= room ? 2 : 1;
	int shown = r->slots < room / cw ? r->slots : room / cw;
	bool interleaved = f->v[0] == PT_PIPE_INTERLEAVED, zb = f->v[0] == PT_PIPE_ZBH1;
	for (int s = 0; s < r->stages; s++) {
		doc_atomf(d, ROLE_DIM, 0, "Stage %-2d ", s + 1);
		for (int t = 0; t < shown; t++) {
			pt_fig_cell c = r->cells[(size_t)s * (size_t)r->slots + (size_t)t];
			char text[3] = { '.', ' ', '\0' };
			if (c.op != 0) {
				/* The interleaved schedule shows each cell's chunk, the
				 * others its micro-batch's last digit. */
				text[0] = c.op;
				text[1] = (char)('0' + (interleaved ? c.chunk + 1 : (c.mb + 1) % 10));
			}
			text[cw] = '\0';
			doc_atom(d, op_role(c.op), 0, text);
		}
		doc_newline(d);
	}
	doc_atomf(d, ROLE_DIM, 0, "F forward, B backward%s, . idle", zb ? " (input gradient), W weight gradient" : "");
	if (cw == 2)
		doc_atom(d, ROLE_DIM, 0, interleaved ? "; the digit is the chunk" : "; the digit is the micro-batch's last digit");
	doc_newline(d);
	if (shown < r->slots) {
		doc_atomf(d, ROLE_DIM, 0, "(slots 1 to %d of %d shown: too wide)", shown, r->slots);
		doc_newline(d);
	}
}

/* A bar of the GPU's memory: W, G, O and A for the four parts, dots for
 * what is free, a bar at the GPU's size. */
static void draw_memory(pt_doc *d, const pt_figure *f, const pt_fig_result *r)
{
	static const char letters[] = "WGOA";
	static const pt_role roles[] = { ROLE_LABEL, ROLE_HINT, ROLE_CODE, ROLE_RIGHT };
	int bar = d->width - 4 < 60 ? d->width - 4 : 60;
	double gpu = f->v[15], scale = r->out[4] > gpu ? r->out[4] : gpu;
	int used = 0, capacity = (int)(gpu / scale * bar + 0.5);
	for (int p = 0; p < 4; p++) {
		int n = (int)(r->part_gb[p] / scale * bar + 0.5);
		if (r->part_gb[p] > 0 && n == 0)
			n = 1;
		char run[128];
		if (n > (int)sizeof run - 1)
			n = (int)sizeof run - 1;
		memset(run, letters[p], (size_t)n);
		run[n] = '\0';
		if (n > 0)
			doc_atom(d, roles[p], 0, run);
		used += n;
	}
	for (; used < capacity; used++)
		doc_atom(d, ROLE_DIM, 0, ".");
	doc_atom(d, used > capacity ? ROLE_WRONG : ROLE_DIM, 0, "|");
	doc_newline(d);
	doc_atomf(d, ROLE_DIM, 0, "W weights, G gradients, O optimizer states, A activations, . free; | is the GPU's %.0f GB",
	    gpu);
	doc_newline(d);
}

/* The ranks in rows along the last axis, the chosen one in brackets. */
static void draw_mesh(pt_doc *d, const pt_figure *f, const pt_fig_result *r)
{
	int size = (int)r->out[0], last = f->axis_size[f->n_axes - 1];
	int digits = snprintf(NULL, 0, "%d", size - 1);
	for (int base = 0; base < size; base += last) {
		char label[64] = "";
		size_t used = 0;
		long stride = last;
		int coords[FIG_MAX_AXES];
		for (int a = f->n_axes - 2; a >= 0; a--) {
			coords[a] = (int)(base / stride % f->axis_size[a]);
			stride *= f->axis_size[a];
		}
		for (int a = 0; a < f->n_axes - 1 && used < sizeof label; a++)
			used += (size_t)snprintf(label + used, sizeof label - used, "%s %d ", f->axis[a], coords[a]);
		if (label[0] != '\0')
			doc_atomf(d, ROLE_DIM, 0, "%s", label);
		for (int k = 0; k < last; k++) {
			int rank = base + k;
			bool me = rank == (int)f->v[0];
			doc_atomf(d, me ? ROLE_FOCUS : ROLE_NORMAL, 0, me ? "[%*d]" : " %*d ", digits, rank);
		}
		doc_newline(d);
	}
	doc_atomf(d, ROLE_DIM, 0, "each row: the %s axis; rank %d in brackets", f->axis[f->n_axes - 1], (int)f->v[0]);
	doc_newline(d);
}

/* A ring of the ranks. */
static void draw_collective(pt_doc *d, const pt_figure *f)
{
	int n = (int)f->v[2];
	if (f->v[1] == PT_ALGO_TREE)
		return;
	for (int k = 0; k < n && k < 16; k++)
		doc_atomf(d, ROLE_NORMAL, 0, "%d -> ", k);
	doc_atom(d, ROLE_NORMAL, 0, n > 16 ? "... -> 0" : "0");
	doc_newline(d);
}

/* Adds the sentences of the figure, one paragraph each. */
static void add_sentences(pt_doc *d, const pt_figure *f, const pt_fig_result *r)
{
	pt_strbuf b = { 0 };
	figure_describe(f, r, true, &b);
	for (char *line = b.s; line != NULL && *line != '\0';) {
		char *nl = strchr(line, '\n');
		if (nl != NULL)
			*nl = '\0';
		doc_wrap(d, ROLE_NORMAL, 0, line);
		doc_newline(d);
		line = nl != NULL ? nl + 1 : NULL;
	}
	free(b.s);
}

void figure_view_add(pt_doc *d, const pt_item *it)
{
	if (it->figure != NULL)
		figure_view_add_figure(d, it->figure, FIG_VIEW_PICTURE | FIG_VIEW_SENTENCES);
}

void figure_view_add_figure(pt_doc *d, const pt_figure *f, unsigned parts)
{
	pt_fig_result r;
	char why[200];
	doc_gap(d);
	if (figure_compute(f, &r, why, sizeof why)) {
		switch (parts & FIG_VIEW_PICTURE ? f->type : PT_FIG_TYPES) { /* one picture per type, as figure.c has one model */
		case PT_FIG_PIPELINE: draw_pipeline(d, f, &r); break;
		case PT_FIG_MEMORY: draw_memory(d, f, &r); break;
		case PT_FIG_COLLECTIVE: draw_collective(d, f); break;
		case PT_FIG_MESH: draw_mesh(d, f, &r); break;
		default: break;
		}
		if (parts & FIG_VIEW_SENTENCES)
			add_sentences(d, f, &r);
	}
	figure_result_free(&r);
}

void figure_view_print(FILE *out, const pt_item *it)
{
	if (it->figure != NULL)
		figure_view_print_figure(out, it->figure);
}

void figure_view_print_figure(FILE *out, const pt_figure *f)
{
	pt_fig_result r;
	char why[200];
	if (figure_compute(f, &r, why, sizeof why)) {
		pt_strbuf b = { 0 };
		figure_describe(f, &r, false, &b);
		if (b.s != NULL)
			fputs(b.s, out);
		free(b.s);
	}
	figure_result_free(&r);
}

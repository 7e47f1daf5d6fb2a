/* figure_text.c - a computed figure in sentences (figure.h): what plain
 * mode prints and a screen reader reads in order, and the figures the full
 * screen writes beneath its picture. */
#include <stdio.h>
#include <string.h>

#include "paratutor/model/figure.h"

/* Appends a byte count in decimal units ("1.75 GB", "125 MB"). */
static void put_bytes(pt_strbuf *b, double bytes)
{
	static const char *const units[] = { "bytes", "KB", "MB", "GB", "TB", "PB" };
	int u = 0;
	while (bytes >= 1000 && u < 5) {
		bytes /= 1000;
		u++;
	}
	strbuf_printf(b, "%.3g %s", bytes, units[u]);
}

/* Appends the idle runs of one stage's row after slot first: "; it waits
 * in slots 9 to 17 and 32 to 33", counting slots from 1.  Returns how
 * many there were. */
static int put_waits(pt_strbuf *b, const pt_fig_cell *row, int slots, int first)
{
	int from[FIG_MAX_MICROBATCHES * 4], to[FIG_MAX_MICROBATCHES * 4], n = 0;
	for (int u = first; u < slots && n < FIG_MAX_MICROBATCHES * 4; u++) {
		if (row[u].op != 0)
			continue;
		from[n] = u;
		while (u + 1 < slots && row[u + 1].op == 0)
			u++;
		to[n++] = u;
	}
	for (int k = 0; k < n; k++) {
		if (k == 0)
			strbuf_printf(b, "; it waits in slot%s ", n > 1 || to[0] > from[0] ? "s" : "");
		else
			strbuf_printf(b, k == n - 1 ? " and " : ", ");
		if (from[k] == to[k])
			strbuf_printf(b, "%d", from[k] + 1);
		else
			strbuf_printf(b, "%d to %d", from[k] + 1, to[k] + 1);
	}
	return n;
}

static void pipeline(const pt_figure *f, const pt_fig_result *r, bool drawn, pt_strbuf *b)
{
	static const char *const names[] = { "GPipe", "1F1B", "interleaved 1F1B", "ZB-H1" };
	int sched = (int)f->v[0];
	strbuf_printf(b, "%s %s pipeline of %d stages and %d micro-batches", sched == PT_PIPE_INTERLEAVED ? "An" : "A",
	    names[sched], r->stages, (int)f->v[2]);
	if (sched == PT_PIPE_INTERLEAVED)
		strbuf_printf(b, ", %d chunks per stage", (int)f->v[3]);
	strbuf_printf(b, ". Time is in slots of one forward pass; %s.\n",
	    sched == PT_PIPE_ZBH1 ? "the backward pass is split into an input gradient and a weight gradient, a slot each"
	                          : "a backward pass takes two");
	for (int s = 0; s < r->stages && !drawn; s++) {
		const pt_fig_cell *row = r->cells + (size_t)s * (size_t)r->slots;
		int t = 0;
		while (t < r->slots && row[t].op == 0)
			t++;
		int first = t, last_mb = row[t].mb;
		while (t + 1 < r->slots && row[t + 1].op == 'F')
			last_mb = row[++t].mb;
		strbuf_printf(b, "Stage %d starts in slot %d", s + 1, first + 1);
		if (row[first].op == 'F' && t > first && sched == PT_PIPE_INTERLEAVED)
			strbuf_printf(b, " with %d forward passes of its chunks", t - first + 1);
		else if (row[first].op == 'F' && t > first)
			strbuf_printf(b, " with forwards %d to %d", row[first].mb + 1, last_mb + 1);
		int runs = put_waits(b, row, r->slots, first);
		strbuf_printf(b, "%s.\n", runs == 0 && first == 0 ? " and never waits" : "");
	}
	strbuf_printf(b, "Each stage is busy %d of %d slots: the bubble is %d slots, %.1f %% of the time "
	    "(%.1f %% of the busy time).\n", (int)r->out[1], (int)r->out[0], (int)r->out[2], r->out[3],
	    100.0 * r->out[2] / r->out[1]);
	if (sched != PT_PIPE_ZBH1)
		strbuf_printf(b, "Counted in forward-and-backward times, the unit of the bubble formulas, that is %d of %d.\n",
		    (int)r->out[2] / 3, (int)r->out[0] / 3);
	if (sched == PT_PIPE_INTERLEAVED)
		strbuf_printf(b, "At most %d chunk forward passes wait for their backward on a stage (stage 1), %d on the "
		    "last.\n", r->in_flight[0], r->in_flight[r->stages - 1]);
	else
		strbuf_printf(b, "At most %d micro-batches are in flight on a stage (stage 1), %d on the last.\n",
		    r->in_flight[0], r->in_flight[r->stages - 1]);
}

/* Writes a GB figure into buf (32 bytes): two decimals under 10 (so small
 * parts add up as shown), one above. */
static const char *gb(double v, char *buf)
{
	figure_output_text(PT_FIG_MEMORY, 0, v, buf, 32);
	return buf;
}

void figure_output_text(pt_fig_type t, int output, double x, char *buf, size_t size)
{
	int len;
	if (t == PT_FIG_MEMORY) /* every output in GB, as gb() writes it */
		len = snprintf(buf, size, x > -10 && x < 10 ? "%.2f" : "%.1f", x);
	else if (t == PT_FIG_PIPELINE && output == 3) /* bubble_percent */
		len = snprintf(buf, size, "%.1f", x);
	else if (t == PT_FIG_COLLECTIVE && output > 0) /* bytes, their fraction, bandwidths */
		len = snprintf(buf, size, "%.3g", x);
	else /* slots, steps, ranks: counts */
		len = snprintf(buf, size, "%.0f", x);
	if (len < 0 || (size_t)len >= size) /* too long for buf: in short */
		snprintf(buf, size, "%.4g", x);
}

static void memory(const pt_figure *f, const pt_fig_result *r, pt_strbuf *b)
{
	char n[6][32];
	static const char *const shard[] = { "no sharding (DDP)", "ZeRO-1", "ZeRO-2", "ZeRO-3", "FSDP" };
	strbuf_printf(b, "Per GPU, for %.3g billion parameters with %s", f->v[0] / 1e9, shard[(int)f->v[4]]);
	if (f->v[4] > 0)
		strbuf_printf(b, " over %d data-parallel ranks", (int)f->v[5]);
	if (f->v[6] > 1 || f->v[7] > 1)
		strbuf_printf(b, ", tensor parallel %d and %d pipeline stages", (int)f->v[6], (int)f->v[7]);
	strbuf_printf(b, ": weights %s GB, gradients %s GB, optimizer states %s GB", gb(r->part_gb[0], n[0]),
	    gb(r->part_gb[1], n[1]), gb(r->part_gb[2], n[2]));
	if (f->v[10] > 0)
		strbuf_printf(b, ", activations %s GB.\n", gb(r->part_gb[3], n[3]));
	else
		strbuf_printf(b, "; activations are not counted here.\n");
	if (r->out[5] >= 0)
		strbuf_printf(b, "Total %s GB of the GPU's %.0f GB: it fits, %s GB to spare.\n", gb(r->out[4], n[4]), f->v[15],
		    gb(r->out[5], n[5]));
	else
		strbuf_printf(b, "Total %s GB of the GPU's %.0f GB: it does not fit, %s GB too much.\n", gb(r->out[4], n[4]),
		    f->v[15], gb(-r->out[5], n[5]));
}

static void collective(const pt_figure *f, const pt_fig_result *r, pt_strbuf *b)
{
	static const char *const ops[] = { "all-reduce", "reduce-scatter", "all-gather", "all-to-all" };
	int op = (int)f->v[0], n = (int)f->v[2];
	bool tree = f->v[1] == PT_ALGO_TREE;
	strbuf_printf(b, "A %s %s over %d ranks of ", tree ? "tree" : "ring", ops[op], n);
	put_bytes(b, f->v[3]);
	strbuf_printf(b, " takes %d steps", (int)r->out[0]);
	if (!tree && op == PT_COLL_ALL_REDUCE)
		strbuf_printf(b, " (%d to reduce-scatter, %d to all-gather)", n - 1, n - 1);
	strbuf_printf(b, "; each rank sends ");
	put_bytes(b, r->out[1]);
	strbuf_printf(b, " in all, %.3g times the data.\n", r->out[2]);
	if (f->v[4] > 0)
		strbuf_printf(b, "In %g s: algorithm bandwidth %.3g GB/s, bus bandwidth %.3g GB/s.\n", f->v[4], r->out[3],
		    r->out[4]);
}

static void mesh(const pt_figure *f, const pt_fig_result *r, pt_strbuf *b)
{
	strbuf_printf(b, "A mesh of %d ranks, axes", (int)r->out[0]);
	for (int a = 0; a < f->n_axes; a++)
		strbuf_printf(b, "%s %s %d", a ? "," : "", f->axis[a], f->axis_size[a]);
	strbuf_printf(b, " (the last varies fastest). Rank %d sits at", (int)f->v[0]);
	for (int a = 0; a < f->n_axes; a++)
		strbuf_printf(b, "%s %s %d", a ? "," : "", f->axis[a], r->coord[a]);
	strbuf_printf(b, ".\n");
	for (int a = 0; a < f->n_axes; a++) {
		strbuf_printf(b, "Its %s group: ranks", f->axis[a]);
		for (int k = 0; k < f->axis_size[a]; k++)
			strbuf_printf(b, "%s %d", k ? "," : "", r->group[a][k]);
		strbuf_printf(b, ".\n");
	}
}

void figure_describe(const pt_figure *f, const pt_fig_result *r, bool drawn, pt_strbuf *b)
{
	switch (f->type) { /* one describer per type, as figure.c has one model */
	case PT_FIG_PIPELINE: pipeline(f, r, drawn, b); break;
	case PT_FIG_MEMORY: memory(f, r, b); break;
	case PT_FIG_COLLECTIVE: collective(f, r, b); break;
	case PT_FIG_MESH: mesh(f, r, b); break;
	default: break;
	}
}

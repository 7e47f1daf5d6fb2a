/* figure.c - the figure types, their parameters, and the memory,
 * collective and mesh models (figure.h; the pipeline is in
 * figure_pipeline.c).  GB here is 10^9 bytes, as in the ZeRO paper. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/model/figure.h"

static const char *const schedules[] = { "gpipe", "1f1b", "interleaved", "zb-h1", NULL };
static const char *const shardings[] = { "ddp", "zero-1", "zero-2", "zero-3", "fsdp", NULL };
static const char *const recomputes[] = { "none", "selective", "full", NULL };
static const char *const collectives[] = { "all-reduce", "reduce-scatter", "all-gather", "all-to-all", NULL };
static const char *const algorithms[] = { "ring", "tree", NULL };

#define NUM(n, w, lo, hi, whole, req, d) { n, w, NULL, lo, hi, whole, req, d }
#define WORDS(n, w, list, d) { n, w, list, 0, 0, true, false, d }

static const pt_fig_param pipeline_params[] = {
	WORDS("schedule", "schedule", schedules, PT_PIPE_1F1B),
	NUM("stages", "stages", 1, FIG_MAX_STAGES, true, true, 4),
	NUM("microbatches", "micro-batches", 1, FIG_MAX_MICROBATCHES, true, true, 8),
	NUM("chunks", "chunks per stage", 1, FIG_MAX_CHUNKS, true, false, 1),
};
static const char *const pipeline_out[] = { "slots", "busy_slots", "bubble_slots", "bubble_percent",
	"max_in_flight", NULL };
static const char *const pipeline_what[] = { "time in slots", "busy slots per stage", "idle slots per stage",
	"bubble (per cent of the time)", "most micro-batches in flight on a stage", NULL };

static const pt_fig_param memory_params[] = {
	NUM("params", "parameters", 1, 1e15, false, true, 1e9),
	NUM("weight_bytes", "bytes per weight", 0, 16, false, false, 2),
	NUM("grad_bytes", "bytes per gradient", 0, 16, false, false, 2),
	NUM("optimizer_bytes", "optimizer bytes per parameter", 0, 64, false, false, 12),
	WORDS("sharding", "sharding", shardings, PT_SHARD_DDP),
	NUM("dp", "data-parallel degree", 1, 1e6, true, false, 1),
	NUM("tp", "tensor-parallel degree", 1, 1024, true, false, 1),
	NUM("pp", "pipeline stages", 1, 1024, true, false, 1),
	NUM("seq", "sequence length", 0, 1e8, true, false, 0),
	NUM("micro_batch", "micro-batch size", 0, 1e6, true, false, 1),
	NUM("hidden", "hidden size", 0, 1e6, true, false, 0),
	NUM("layers", "layers", 0, 1e5, true, false, 0),
	NUM("heads", "attention heads", 1, 1e4, true, false, 1),
	WORDS("recompute", "recomputation", recomputes, PT_RECOMPUTE_NONE),
	NUM("in_flight", "micro-batches in flight", 1, 1e4, true, false, 1),
	NUM("gpu_gb", "GPU memory in GB", 1, 1e4, false, false, 80),
};
static const char *const memory_out[] = { "weights_gb", "grads_gb", "optimizer_gb", "activations_gb", "total_gb",
	"free_gb", NULL };
static const char *const memory_what[] = { "weights (GB)", "gradients (GB)", "optimizer states (GB)",
	"activations (GB)", "total per GPU (GB)", "GPU memory left (GB)", NULL };

static const pt_fig_param collective_params[] = {
	WORDS("op", "collective", collectives, PT_COLL_ALL_REDUCE),
	WORDS("algorithm", "algorithm", algorithms, PT_ALGO_RING),
	NUM("ranks", "ranks", 2, FIG_MAX_RANKS, true, true, 4),
	NUM("bytes", "bytes", 1, 1e15, false, true, 1e9),
	NUM("seconds", "time in seconds", 0, 1e6, false, false, 0),
};
static const char *const collective_out[] = { "steps", "sent_bytes", "sent_fraction", "algbw_gbs", "busbw_gbs",
	NULL };
static const char *const collective_what[] = { "steps", "bytes each rank sends", "bytes sent per byte of data",
	"algorithm bandwidth (GB/s)", "bus bandwidth (GB/s)", NULL };

static const pt_fig_param mesh_params[] = {
	NUM("rank", "rank", 0, FIG_MAX_RANKS - 1, true, false, 0),
};
static const char *const mesh_out[] = { "size", NULL };
static const char *const mesh_what[] = { "ranks", NULL };

#define N(a) (sizeof a / sizeof a[0])
static const pt_fig_type_info types[PT_FIG_TYPES] = {
	[PT_FIG_PIPELINE] = { "pipeline", pipeline_params, N(pipeline_params), pipeline_out, pipeline_what },
	[PT_FIG_MEMORY] = { "memory", memory_params, N(memory_params), memory_out, memory_what },
	[PT_FIG_COLLECTIVE] = { "collective", collective_params, N(collective_params), collective_out, collective_what },
	[PT_FIG_MESH] = { "mesh", mesh_params, N(mesh_params), mesh_out, mesh_what },
};

const pt_fig_type_info *figure_type(pt_fig_type t)
{
	return t < PT_FIG_TYPES ? &types[t] : NULL;
}

int figure_type_find(const char *name)
{
	for (int t = 0; t < PT_FIG_TYPES; t++)
		if (strcmp(types[t].name, name) == 0)
			return t;
	return -1;
}

int figure_param_find(pt_fig_type t, const char *name)
{
	for (size_t i = 0; i < types[t].n_params; i++)
		if (strcmp(types[t].params[i].name, name) == 0)
			return (int)i;
	return -1;
}

int figure_output_find(pt_fig_type t, const char *name)
{
	for (int i = 0; types[t].outputs[i] != NULL; i++)
		if (strcmp(types[t].outputs[i], name) == 0)
			return i;
	return -1;
}

void figure_defaults(pt_figure *f, pt_fig_type t)
{
	memset(f, 0, sizeof *f);
	f->type = t;
	for (size_t i = 0; i < types[t].n_params; i++)
		f->v[i] = types[t].params[i].dflt;
}

/* Bytes of one GPU's share of the training state and activations. */
static void memory(const double *v, pt_fig_result *r)
{
	double psi = v[0] / (v[6] * v[7]), dp = v[5];
	double w = v[1] * psi, g = v[2] * psi, o = v[3] * psi;
	int shard = (int)v[4];
	if (shard >= PT_SHARD_ZERO1)
		o /= dp;
	if (shard >= PT_SHARD_ZERO2)
		g /= dp;
	if (shard >= PT_SHARD_ZERO3)
		w /= dp;
	/* Activations per layer, 16-bit, tensor and sequence parallel over
	 * tp (Korthikanti et al., 2022): s b h (34 + 5 a s / h) / t with
	 * nothing recomputed, 34 s b h / t when attention is recomputed, and
	 * the layer's input, 2 s b h, when everything is. */
	double s = v[8], b = v[9], h = v[10], layers = v[11] / v[7], a = v[12], t = v[6];
	double per_layer = 0;
	if (h > 0) {
		int rc = (int)v[13];
		per_layer = rc == PT_RECOMPUTE_FULL ? 2 * s * b * h
		    : rc == PT_RECOMPUTE_SELECTIVE ? 34 * s * b * h / t : s * b * h * (34 + 5 * a * s / h) / t;
	}
	double act = per_layer * layers * v[14];
	double part[4] = { w, g, o, act };
	double total = 0;
	for (int i = 0; i < 4; i++) {
		r->part_gb[i] = part[i] / 1e9;
		r->out[i] = r->part_gb[i];
		total += r->part_gb[i];
	}
	r->out[4] = total;
	r->out[5] = v[15] - total;
}

/* Steps and bytes of a collective over N ranks of S bytes; bandwidths as
 * nccl-tests reports them: algbw = S / t, busbw = algbw times 2(N-1)/N
 * for all-reduce and (N-1)/N for the others. */
static void collective(const double *v, pt_fig_result *r)
{
	int op = (int)v[0], n = (int)v[2];
	double s = v[3], t = v[4];
	double factor = op == PT_COLL_ALL_REDUCE ? 2.0 * (n - 1) / n : (double)(n - 1) / n;
	double steps = op == PT_COLL_ALL_REDUCE ? 2.0 * (n - 1) : n - 1;
	double sent = factor * s;
	if (v[1] == PT_ALGO_TREE) {
		/* Two binary trees, each carrying half the data: a rank sends
		 * about the whole buffer up and once more down. */
		steps = 2 * ceil(log2(n));
		sent = 2 * s;
	}
	r->out[0] = steps;
	r->out[1] = sent;
	r->out[2] = sent / s;
	r->out[3] = t > 0 ? s / t / 1e9 : 0;
	r->out[4] = t > 0 ? s / t / 1e9 * factor : 0;
}

/* The size of a mesh, the chosen rank's coordinates (the last axis
 * varies fastest, as an arange reshaped to the axes' sizes) and the
 * ranks of its group along each axis. */
static bool mesh(const pt_figure *f, pt_fig_result *r, char *why, size_t why_len)
{
	long size = 1;
	for (int a = 0; a < f->n_axes; a++) {
		size *= f->axis_size[a];
		if (f->axis_size[a] < 1 || size > FIG_MAX_RANKS) {
			snprintf(why, why_len, "a mesh's axes must multiply to at most %d ranks", FIG_MAX_RANKS);
			return false;
		}
	}
	if (f->n_axes == 0) {
		snprintf(why, why_len, "a mesh needs \"axes\", such as {\"dp\": 2, \"tp\": 4}");
		return false;
	}
	int rank = (int)f->v[0];
	if (rank >= size) {
		snprintf(why, why_len, "rank %d is not in a mesh of %ld ranks", rank, size);
		return false;
	}
	long stride[FIG_MAX_AXES];
	long st = 1;
	for (int a = f->n_axes - 1; a >= 0; a--) {
		stride[a] = st;
		r->coord[a] = (int)(rank / st % f->axis_size[a]);
		st *= f->axis_size[a];
	}
	for (int a = 0; a < f->n_axes; a++) {
		r->group[a] = malloc(sizeof *r->group[a] * (size_t)f->axis_size[a]);
		if (r->group[a] == NULL) {
			snprintf(why, why_len, "out of memory");
			return false;
		}
		long base = rank - r->coord[a] * stride[a];
		for (int k = 0; k < f->axis_size[a]; k++)
			r->group[a][k] = (int)(base + k * stride[a]);
	}
	r->out[0] = (double)size;
	return true;
}

bool figure_compute(const pt_figure *f, pt_fig_result *r, char *why, size_t why_len)
{
	memset(r, 0, sizeof *r);
	why[0] = '\0';
	const pt_fig_type_info *ti = figure_type(f->type);
	if (ti == NULL) {
		snprintf(why, why_len, "no such figure type");
		return false;
	}
	for (size_t i = 0; i < ti->n_params; i++) {
		const pt_fig_param *p = &ti->params[i];
		double x = f->v[i];
		bool ok = p->words != NULL ? x >= 0 && x == floor(x) && x < 16 && p->words[(int)x] != NULL
		                           : x >= p->min && x <= p->max && (!p->whole || x == floor(x));
		if (!ok) {
			snprintf(why, why_len, "\"%s\" is out of range", p->name);
			return false;
		}
	}
	switch (f->type) { /* one model per type: the table above lists them */
	case PT_FIG_PIPELINE:
		return figure_pipeline((int)f->v[0], (int)f->v[1], (int)f->v[2], (int)f->v[3], r, why, why_len);
	case PT_FIG_MEMORY:
		memory(f->v, r);
		return true;
	case PT_FIG_COLLECTIVE:
		collective(f->v, r);
		return true;
	case PT_FIG_MESH:
		return mesh(f, r, why, why_len);
	default:
		return false;
	}
}

void figure_result_free(pt_fig_result *r)
{
	free(r->cells);
	r->cells = NULL;
	for (int a = 0; a < FIG_MAX_AXES; a++) {
		free(r->group[a]);
		r->group[a] = NULL;
	}
}

/* figure.h - pictures a lesson computes: a pipeline schedule, memory per
 * GPU, a collective, a device mesh.  A figure is a type and named
 * parameters ("figure": {"type": "pipeline", "schedule": "1f1b", ...} in
 * a lesson); figure_compute() works out its picture and its figures (the
 * numbers shown beneath it), the same numbers --check holds a numeric
 * item's key to.  Pure computation: no I/O, no clock. */
#ifndef PARATUTOR_FIGURE_H
#define PARATUTOR_FIGURE_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/base/strbuf.h"

#define FIG_MAX_PARAMS 16
#define FIG_MAX_OUTPUTS 8
#define FIG_MAX_AXES 4
#define FIG_AXIS_NAME 16
#define FIG_MAX_STAGES 32
#define FIG_MAX_MICROBATCHES 128
#define FIG_MAX_CHUNKS 8
#define FIG_MAX_RANKS 4096

typedef enum pt_fig_type {
	PT_FIG_PIPELINE,
	PT_FIG_MEMORY,
	PT_FIG_COLLECTIVE,
	PT_FIG_MESH,
	PT_FIG_TYPES
} pt_fig_type;

/* Pipeline schedules, in the order of their words. */
enum { PT_PIPE_GPIPE, PT_PIPE_1F1B, PT_PIPE_INTERLEAVED, PT_PIPE_ZBH1 };
/* How a memory figure shards the training state over data parallelism. */
enum { PT_SHARD_DDP, PT_SHARD_ZERO1, PT_SHARD_ZERO2, PT_SHARD_ZERO3, PT_SHARD_FSDP };
enum { PT_RECOMPUTE_NONE, PT_RECOMPUTE_SELECTIVE, PT_RECOMPUTE_FULL };
enum { PT_COLL_ALL_REDUCE, PT_COLL_REDUCE_SCATTER, PT_COLL_ALL_GATHER, PT_COLL_ALL_TO_ALL };
enum { PT_ALGO_RING, PT_ALGO_TREE };

/* One parameter of a figure type. */
typedef struct pt_fig_param {
	const char *name;           /* as written in a lesson: "microbatches" */
	const char *what;           /* for a learner: "micro-batches" */
	const char *const *words;   /* a named choice: its words, NULL-terminated; NULL for a number */
	double min, max;            /* a number's range, inclusive */
	bool whole;                 /* a whole number */
	bool required;              /* no default: the lesson must give it */
	double dflt;                /* otherwise, the value when left out */
} pt_fig_param;

/* One figure type: its name, parameters and the figures it computes. */
typedef struct pt_fig_type_info {
	const char *name;                   /* "pipeline" */
	const pt_fig_param *params;
	size_t n_params;
	const char *const *outputs;         /* names of its figures, NULL-terminated */
	const char *const *output_what;     /* each for a learner, same order */
} pt_fig_type_info;

/* A figure as a lesson gives it: parameters by the type's order (a named
 * choice holds the index of its word); a mesh's axes beside them. */
typedef struct pt_figure {
	pt_fig_type type;
	double v[FIG_MAX_PARAMS];
	int n_axes;
	char axis[FIG_MAX_AXES][FIG_AXIS_NAME];
	int axis_size[FIG_MAX_AXES];
} pt_figure;

/* One cell of a pipeline timeline: an operation or idle (op 0). */
typedef struct pt_fig_cell {
	char op;          /* 'F' forward, 'B' backward, 'W' weight gradient, 0 idle */
	unsigned char chunk;
	short mb;         /* micro-batch, from 0 */
} pt_fig_cell;

/* What figure_compute() works out. */
typedef struct pt_fig_result {
	double out[FIG_MAX_OUTPUTS];   /* by the type's output order */
	/* pipeline: stages x slots cells, row by row, and each stage's most
	 * micro-batches between its forward and its backward */
	int stages, slots;
	pt_fig_cell *cells;
	int in_flight[FIG_MAX_STAGES];
	/* memory: the four parts of one GPU's bytes, in GB */
	double part_gb[4];
	/* mesh: the chosen rank's coordinates and, per axis, its group's
	 * ranks (axis_size of them) */
	int coord[FIG_MAX_AXES];
	int *group[FIG_MAX_AXES];
} pt_fig_result;

const pt_fig_type_info *figure_type(pt_fig_type t);
/* The type named name, or -1. */
int figure_type_find(const char *name);
/* The index of parameter or output name in type t, or -1. */
int figure_param_find(pt_fig_type t, const char *name);
int figure_output_find(pt_fig_type t, const char *name);
/* Sets every parameter of f to its default (a required one to its
 * minimum) and no axes. */
void figure_defaults(pt_figure *f, pt_fig_type t);

/* Works out f into *r (zeroed first); false with a sentence in why when
 * the figure cannot be (a schedule that needs chunks, sizes that do not
 * divide, a mesh whose axes do not multiply to a sane size).  Free *r
 * with figure_result_free() either way. */
bool figure_compute(const pt_figure *f, pt_fig_result *r, char *why, size_t why_len);
void figure_result_free(pt_fig_result *r);

/* The pipeline model alone (figure_compute calls it). */
bool figure_pipeline(int schedule, int stages, int microbatches, int chunks, pt_fig_result *r,
    char *why, size_t why_len);

/* Appends the figure in sentences, each ending in a newline: what plain
 * mode prints and, with drawn set, what the full screen writes beneath the
 * picture (less what the picture itself shows: each stage's row). */
void figure_describe(const pt_figure *f, const pt_fig_result *r, bool drawn, pt_strbuf *b);

/* Writes x, output number output of a figure of type t, rounded as
 * figure_describe rounds it ("17.9" per cent, "120.0" GB, "21" slots). */
void figure_output_text(pt_fig_type t, int output, double x, char *buf, size_t size);

#endif

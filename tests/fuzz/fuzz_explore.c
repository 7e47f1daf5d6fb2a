/* fuzz_explore.c - libFuzzer target: what a learner types as an explore
 * item's setting ("microbatches=12 schedule=1f1b") must be read without
 * crashing, leaking or undefined behaviour; a setting read is on every
 * knob, is written back as text that reads as the same setting, and is
 * judged and explained against the goal.  The first byte picks the item:
 * a pipeline (schedule and micro-batches) or memory (sharding and data
 * parallelism) goal. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/model/figure_explore.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static pt_explore goal(int which)
{
	pt_explore e = { 0 };
	pt_fig_type t = which ? PT_FIG_MEMORY : PT_FIG_PIPELINE;
	figure_defaults(&e.start, t);
	e.n_knobs = 2;
	e.n_conds = 1;
	e.best = 0;
	if (t == PT_FIG_PIPELINE) {
		e.start.v[figure_param_find(t, "stages")] = 4;
		e.start.v[figure_param_find(t, "chunks")] = 2;
		e.knob[0] = (pt_knob){ figure_param_find(t, "microbatches"), 1, 64, 1 };
		e.knob[1] = (pt_knob){ figure_param_find(t, "schedule"), PT_PIPE_GPIPE, PT_PIPE_ZBH1, 1 };
		e.cond[0] = (pt_goal_cond){ figure_output_find(t, "bubble_percent"), PT_GOAL_AT_MOST, 10 };
	} else {
		e.start.v[figure_param_find(t, "params")] = 7.5e9;
		e.start.v[figure_param_find(t, "dp")] = 8; /* on its knob, as --check requires */
		e.knob[0] = (pt_knob){ figure_param_find(t, "sharding"), PT_SHARD_DDP, PT_SHARD_FSDP, 1 };
		e.knob[1] = (pt_knob){ figure_param_find(t, "dp"), 8, 128, 8 };
		e.cond[0] = (pt_goal_cond){ figure_output_find(t, "total_gb"), PT_GOAL_AT_MOST, 40 };
	}
	return e;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	pt_explore e = goal(data[0] & 1);
	char *text = malloc(size);
	if (text == NULL)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	char why[200];
	pt_figure f;
	if (explore_setting_read(&e, text, &f, why, sizeof why)) {
		for (int k = 0; k < e.n_knobs; k++)
			if (!explore_on_knob(&e.knob[k], f.v[e.knob[k].param]))
				abort();
		pt_strbuf b = { 0 };
		explore_setting_write(&e, &f, &b);
		pt_figure g;
		if (b.failed || b.s == NULL || !explore_setting_read(&e, b.s, &g, why, sizeof why) ||
		    memcmp(&f, &g, sizeof f) != 0)
			abort();
		free(b.s);
		int cond;
		double got;
		pt_explore_verdict v = explore_judge(&e, &f, &cond, &got, why, sizeof why);
		pt_strbuf s = { 0 };
		explore_explain(&e, v, cond, got, why, &s);
		free(s.s);
	} else if (why[0] == '\0') {
		abort(); /* a refusal always says why */
	}
	free(text);
	return 0;
}

/* check_explore.c - an explore item's goal against the figure models
 * (figure_explore.h): judging settings, the search --check runs over the
 * knobs' ranges, stepping a knob, and sentences that never give the
 * answer away. */
#include <math.h>

#include "paratutor/model/figure_explore.h"
#include "testutil.h"

/* A GPipe pipeline of 4 stages, micro-batches 1..64 the knob, the goal a
 * bubble of at most 10 % with the fewest micro-batches: 3/(m+3) <= 0.1
 * first holds at m = 27. */
static pt_explore gpipe_goal(void)
{
	pt_explore e = { 0 };
	figure_defaults(&e.start, PT_FIG_PIPELINE);
	e.start.v[figure_param_find(PT_FIG_PIPELINE, "schedule")] = PT_PIPE_GPIPE;
	e.start.v[figure_param_find(PT_FIG_PIPELINE, "stages")] = 4;
	e.start.v[figure_param_find(PT_FIG_PIPELINE, "microbatches")] = 4;
	e.knob[0] = (pt_knob){ figure_param_find(PT_FIG_PIPELINE, "microbatches"), 1, 64, 1 };
	e.n_knobs = 1;
	e.cond[0] = (pt_goal_cond){ figure_output_find(PT_FIG_PIPELINE, "bubble_percent"), PT_GOAL_AT_MOST, 10 };
	e.n_conds = 1;
	e.best = 0;
	return e;
}

static pt_explore_verdict judge_m(const pt_explore *e, double m, int *cond, double *got)
{
	pt_figure f = e->start;
	char why[160];
	f.v[e->knob[0].param] = m;
	return explore_judge(e, &f, cond, got, why, sizeof why);
}

START_TEST(test_judge_pipeline)
{
	pt_explore e = gpipe_goal();
	int cond;
	double got;
	ck_assert_int_eq(judge_m(&e, 27, &cond, &got), PT_EXPLORE_MET);
	ck_assert_int_eq(judge_m(&e, 28, &cond, &got), PT_EXPLORE_NOT_BEST);
	ck_assert_int_eq(judge_m(&e, 26, &cond, &got), PT_EXPLORE_FAILS);
	ck_assert_int_eq(cond, 0);
	ck_assert_double_eq_tol(got, 100.0 * 3 / 29, 1e-9);
	ck_assert_int_eq(judge_m(&e, 65, &cond, &got), PT_EXPLORE_OFF_RANGE);
	ck_assert_int_eq(judge_m(&e, 0, &cond, &got), PT_EXPLORE_OFF_RANGE);
	ck_assert_int_eq(judge_m(&e, 27.5, &cond, &got), PT_EXPLORE_OFF_RANGE);
	/* without "minimise" any setting that meets the condition is right */
	e.best = -1;
	ck_assert_int_eq(judge_m(&e, 64, &cond, &got), PT_EXPLORE_MET);
	/* maximise: the most micro-batches with the bubble at least 10 % is 27 */
	e.best = 0;
	e.maximise = true;
	e.cond[0].op = PT_GOAL_AT_LEAST;
	ck_assert_int_eq(judge_m(&e, 27, &cond, &got), PT_EXPLORE_MET);
	ck_assert_int_eq(judge_m(&e, 20, &cond, &got), PT_EXPLORE_NOT_BEST);
	ck_assert_int_eq(judge_m(&e, 28, &cond, &got), PT_EXPLORE_FAILS);
}
END_TEST

START_TEST(test_equals_and_steps)
{
	pt_explore e = gpipe_goal();
	int cond;
	double got;
	/* slots = m + p - 1 for GPipe counted in forward+backward pairs: ask
	 * for the figure's own number at m = 8 and nothing else matches */
	pt_fig_result r;
	char why[160];
	pt_figure f = e.start;
	f.v[e.knob[0].param] = 8;
	ck_assert(figure_compute(&f, &r, why, sizeof why));
	double slots8 = r.out[0];
	figure_result_free(&r);
	e.cond[0] = (pt_goal_cond){ figure_output_find(PT_FIG_PIPELINE, "slots"), PT_GOAL_EQUALS, slots8 };
	e.best = -1;
	ck_assert_int_eq(judge_m(&e, 8, &cond, &got), PT_EXPLORE_MET);
	ck_assert_int_eq(judge_m(&e, 9, &cond, &got), PT_EXPLORE_FAILS);
	ck_assert_int_eq(explore_search(&e, NULL), 1);
	/* a step of 4 from 4: 4, 8, ..., 64; 6 is off the step */
	e.knob[0] = (pt_knob){ e.knob[0].param, 4, 64, 4 };
	ck_assert_int_eq(explore_knob_count(&e.knob[0]), 16);
	ck_assert_int_eq(judge_m(&e, 6, &cond, &got), PT_EXPLORE_OFF_RANGE);
	ck_assert(explore_on_knob(&e.knob[0], 64));
	ck_assert(!explore_on_knob(&e.knob[0], 68));
}
END_TEST

START_TEST(test_search)
{
	pt_explore e = gpipe_goal();
	pt_figure best;
	/* m from 27 to 64 meet the condition; the fewest is 27 */
	ck_assert_int_eq(explore_search(&e, &best), 38);
	ck_assert_double_eq(best.v[e.knob[0].param], 27);
	/* a goal no setting reaches: the bubble at m = 64 is 3/67, 4.5 % */
	e.cond[0].value = 4;
	ck_assert_int_eq(explore_search(&e, NULL), 0);
	/* two knobs: stages 1..32 and micro-batches 1..64, 2048 settings */
	e = gpipe_goal();
	e.knob[1] = (pt_knob){ figure_param_find(PT_FIG_PIPELINE, "stages"), 1, 32, 1 };
	e.n_knobs = 2;
	e.cond[0].value = 0; /* only one stage has no bubble */
	ck_assert_int_eq(explore_search(&e, &best), 64);
	ck_assert_double_eq(best.v[e.knob[1].param], 1);
	ck_assert_double_eq(best.v[e.knob[0].param], 1);
	/* more settings than --check tries: refused, not run */
	e.knob[0] = (pt_knob){ e.knob[0].param, 1, 1e6, 1e-3 };
	ck_assert_int_eq(explore_search(&e, NULL), -1);
}
END_TEST

/* "Fits in 80 GB with the lowest ZeRO stage": 7.5 B parameters over 64
 * data-parallel ranks in mixed precision with Adam (2 + 2 + 12 bytes):
 * DDP keeps 120 GB a GPU, ZeRO-1 4 x 7.5 + 12 x 7.5 / 64 = 31.4 GB. */
START_TEST(test_memory_sharding)
{
	pt_explore e = { 0 };
	figure_defaults(&e.start, PT_FIG_MEMORY);
	e.start.v[figure_param_find(PT_FIG_MEMORY, "params")] = 7.5e9;
	e.start.v[figure_param_find(PT_FIG_MEMORY, "dp")] = 64;
	e.knob[0] = (pt_knob){ figure_param_find(PT_FIG_MEMORY, "sharding"), PT_SHARD_DDP, PT_SHARD_ZERO3, 1 };
	e.n_knobs = 1;
	e.cond[0] = (pt_goal_cond){ figure_output_find(PT_FIG_MEMORY, "total_gb"), PT_GOAL_AT_MOST, 80 };
	e.n_conds = 1;
	e.best = 0;
	pt_figure best;
	ck_assert_int_eq(explore_search(&e, &best), 3);
	ck_assert_double_eq(best.v[e.knob[0].param], PT_SHARD_ZERO1);
	int cond;
	double got;
	char why[160];
	ck_assert_int_eq(explore_judge(&e, &e.start, &cond, &got, why, sizeof why), PT_EXPLORE_FAILS);
	ck_assert_double_eq_tol(got, 120, 1e-9);
	pt_figure f = e.start;
	f.v[e.knob[0].param] = PT_SHARD_ZERO3;
	ck_assert_int_eq(explore_judge(&e, &f, &cond, &got, why, sizeof why), PT_EXPLORE_NOT_BEST);
	pt_strbuf b = { 0 };
	explore_explain(&e, PT_EXPLORE_NOT_BEST, cond, got, why, &b);
	ck_assert_str_eq(b.s, "This setting meets the conditions, but a sharding earlier in the list meets them too.");
	free(b.s);
}
END_TEST

START_TEST(test_knob_move)
{
	pt_explore e = gpipe_goal();
	pt_figure f = e.start;
	int p = e.knob[0].param;
	ck_assert(explore_knob_move(&e, &f, 0, +1));
	ck_assert_double_eq(f.v[p], 5);
	f.v[p] = 64;
	ck_assert(!explore_knob_move(&e, &f, 0, +1));
	ck_assert_double_eq(f.v[p], 64);
	f.v[p] = 1;
	ck_assert(!explore_knob_move(&e, &f, 0, -1));
	ck_assert_double_eq(f.v[p], 1);
	ck_assert(!explore_knob_move(&e, &f, 1, +1)); /* no such knob */
}
END_TEST

/* Whether s holds the whole number n on its own ("27", not "27.27"). */
static bool has_number(const char *s, const char *n)
{
	size_t len = strlen(n);
	for (const char *p = strstr(s, n); p != NULL; p = strstr(p + 1, n)) {
		bool before = p > s && ((p[-1] >= '0' && p[-1] <= '9') || p[-1] == '.');
		const char *q = p + len;
		bool after = (*q >= '0' && *q <= '9') || (*q == '.' && q[1] >= '0' && q[1] <= '9');
		if (!before && !after)
			return true;
	}
	return false;
}

/* Every sentence a wrong setting gets names what is wrong, never the
 * setting that is right (27 micro-batches). */
START_TEST(test_explain_gives_nothing_away)
{
	pt_explore e = gpipe_goal();
	for (int m = 1; m <= 64; m++) {
		int cond;
		double got;
		char why[160];
		pt_figure f = e.start;
		f.v[e.knob[0].param] = m;
		pt_explore_verdict v = explore_judge(&e, &f, &cond, &got, why, sizeof why);
		if (v == PT_EXPLORE_MET)
			continue;
		pt_strbuf b = { 0 };
		explore_explain(&e, v, cond, got, why, &b);
		ck_assert_ptr_nonnull(b.s);
		ck_assert_msg(!has_number(b.s, "27"), "m=%d: %s", m, b.s);
		if (v == PT_EXPLORE_FAILS)
			ck_assert_ptr_nonnull(strstr(b.s, "at most 10."));
		free(b.s);
	}
	ck_assert(has_number("with 27 micro-batches.", "27"));
	ck_assert(!has_number("is 27.27, but", "27"));
	pt_strbuf g = { 0 };
	explore_goal_text(&e, &g);
	ck_assert_str_eq(g.s, "bubble (per cent of the time) at most 10, with the fewest micro-batches");
	free(g.s);
	ck_assert_int_eq(explore_op_find("at_least"), PT_GOAL_AT_LEAST);
	ck_assert_int_eq(explore_op_find("below"), -1);
}
END_TEST

/* A wrong setting's sentence gives the number the figure gives, rounded
 * as the figure rounds it (10.3 %, not 10.34), unless that rounding would
 * seem to meet the goal (10.3 against at most 10.3): then more digits. */
START_TEST(test_explain_rounds_as_figure)
{
	pt_explore e = gpipe_goal();
	int cond;
	double got;
	char why[160];
	pt_figure f = e.start;
	f.v[e.knob[0].param] = 26;
	ck_assert_int_eq(explore_judge(&e, &f, &cond, &got, why, sizeof why), PT_EXPLORE_FAILS);
	pt_strbuf b = { 0 }, fig = { 0 };
	explore_explain(&e, PT_EXPLORE_FAILS, cond, got, why, &b);
	ck_assert_str_eq(b.s, "The bubble (per cent of the time) is 10.3, but the goal asks for at most 10.");
	pt_fig_result r;
	ck_assert(figure_compute(&f, &r, why, sizeof why));
	figure_describe(&f, &r, false, &fig);
	figure_result_free(&r);
	ck_assert_ptr_nonnull(strstr(fig.s, " 10.3 % of the time"));
	free(b.s);
	free(fig.s);
	e.cond[0].value = 10.3;
	b = (pt_strbuf){ 0 };
	explore_explain(&e, PT_EXPLORE_FAILS, cond, got, why, &b);
	ck_assert_str_eq(b.s, "The bubble (per cent of the time) is 10.34, but the goal asks for at most 10.3.");
	free(b.s);
}
END_TEST

/* What --check reports, in the order it looks. */
START_TEST(test_problems)
{
	pt_explore e = gpipe_goal();
	pt_figure best;
	int which;
	ck_assert_int_eq(explore_problem(&e, NULL, 0, &which, &best), PT_EXPLORE_SOUND);
	ck_assert_double_eq(best.v[e.knob[0].param], 27);
	/* feedback for 4 micro-batches is sound; for 27 it is for a right setting */
	pt_explore_when when[2] = { { 1, { 0 }, { 4 } }, { 1, { 0 }, { 27 } } };
	ck_assert_int_eq(explore_problem(&e, when, 1, &which, &best), PT_EXPLORE_SOUND);
	ck_assert_int_eq(explore_problem(&e, when, 2, &which, &best), PT_EXPLORE_WHEN_RIGHT);
	ck_assert_int_eq(which, 1);
	pt_figure f = e.start;
	ck_assert(explore_when_matches(&e, &when[0], &f));
	ck_assert(!explore_when_matches(&e, &when[1], &f));
	e.start.v[e.knob[0].param] = 30; /* the start already meets the goal */
	ck_assert_int_eq(explore_problem(&e, NULL, 0, &which, &best), PT_EXPLORE_START_MEETS);
	e.start.v[e.knob[0].param] = 70;
	ck_assert_int_eq(explore_problem(&e, NULL, 0, &which, &best), PT_EXPLORE_START_OFF);
	ck_assert_int_eq(which, 0);
	e = gpipe_goal();
	e.cond[0].value = 4;
	ck_assert_int_eq(explore_problem(&e, NULL, 0, &which, &best), PT_EXPLORE_UNREACHABLE);
	e.knob[0].step = 1e-3;
	e.knob[0].max = 1e6;
	ck_assert_int_eq(explore_problem(&e, NULL, 0, &which, &best), PT_EXPLORE_TOO_MANY);
	/* interleaved needs micro-batches a multiple of the stages: 4 of 4 stages
	 * computes, the start at 5 does not */
	e = gpipe_goal();
	e.start.v[figure_param_find(PT_FIG_PIPELINE, "schedule")] = PT_PIPE_INTERLEAVED;
	e.start.v[figure_param_find(PT_FIG_PIPELINE, "chunks")] = 2;
	e.start.v[e.knob[0].param] = 5;
	ck_assert_int_eq(explore_problem(&e, NULL, 0, &which, &best), PT_EXPLORE_START_CANNOT);
}
END_TEST

/* The text a setting is kept as, and what a learner may type. */
START_TEST(test_setting_text)
{
	pt_explore e = gpipe_goal();
	e.knob[1] = (pt_knob){ figure_param_find(PT_FIG_PIPELINE, "schedule"), PT_PIPE_GPIPE, PT_PIPE_1F1B, 1 };
	e.n_knobs = 2;
	pt_figure f = e.start;
	char why[200];
	ck_assert(explore_set(&e, &f, "microbatches", "12", why, sizeof why));
	ck_assert(explore_set(&e, &f, "schedule", "1f1b", why, sizeof why));
	pt_strbuf b = { 0 };
	explore_setting_write(&e, &f, &b);
	ck_assert_str_eq(b.s, "microbatches=12 schedule=1f1b");
	pt_figure g;
	ck_assert(explore_setting_read(&e, b.s, &g, why, sizeof why));
	ck_assert_mem_eq(&g, &f, sizeof f);
	free(b.s);
	ck_assert(explore_setting_read(&e, " microbatches 20, schedule=gpipe ", &g, why, sizeof why));
	ck_assert_double_eq(g.v[e.knob[0].param], 20);
	ck_assert_double_eq(g.v[e.knob[1].param], PT_PIPE_GPIPE);
	/* refused, each with a sentence, nothing changed */
	pt_figure before = f;
	ck_assert(!explore_set(&e, &f, "stages", "2", why, sizeof why));
	ck_assert_str_eq(why, "There is no knob \"stages\"; the knobs are microbatches and schedule.");
	ck_assert(!explore_set(&e, &f, "microbatches", "65", why, sizeof why));
	ck_assert_str_eq(why, "The micro-batches can be set from 1 to 64.");
	ck_assert(!explore_set(&e, &f, "microbatches", "1e400", why, sizeof why));
	ck_assert(!explore_set(&e, &f, "microbatches", "", why, sizeof why));
	ck_assert(!explore_set(&e, &f, "microbatches", "nan", why, sizeof why));
	ck_assert(!explore_set(&e, &f, "schedule", "zb-h1", why, sizeof why));
	ck_assert_str_eq(why, "The schedule can be set from gpipe to 1f1b.");
	ck_assert_mem_eq(&f, &before, sizeof f);
	ck_assert(!explore_setting_read(&e, "microbatches=3 microbatches=4", &g, why, sizeof why));
	ck_assert_str_eq(why, "The knob \"microbatches\" is set twice.");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("explore");
	TCase *tc = tcase_create("explore");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_judge_pipeline);
	tcase_add_test(tc, test_equals_and_steps);
	tcase_add_test(tc, test_search);
	tcase_add_test(tc, test_memory_sharding);
	tcase_add_test(tc, test_knob_move);
	tcase_add_test(tc, test_explain_gives_nothing_away);
	tcase_add_test(tc, test_explain_rounds_as_figure);
	tcase_add_test(tc, test_problems);
	tcase_add_test(tc, test_setting_text);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

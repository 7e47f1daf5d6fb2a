/* check_figure.c - the figure models against the papers' own numbers:
 * GPipe's and 1F1B's bubble (p-1)/(m+p-1), Megatron-LM's interleaved
 * (p-1)/(v m+p-1), Zero Bubble's ZB-H1 (p-1)/(3m+p-1), the ZeRO paper's
 * table of bytes per GPU, ring all-reduce's 2(N-1)/N S, nccl-tests' bus
 * bandwidth, and a device mesh's groups. */
#include <math.h>

#include "paratutor/model/figure.h"
#include "testutil.h"

/* Computes a pipeline figure and returns its bubble as a fraction. */
static double bubble(int schedule, int p, int m, int v, pt_fig_result *r)
{
	char why[200];
	ck_assert_msg(figure_pipeline(schedule, p, m, v, r, why, sizeof why), "%s", why);
	return r->out[2] / r->out[0];
}

START_TEST(test_pipeline_bubbles)
{
	pt_fig_result r;
	for (int p = 1; p <= 8; p++) {
		for (int m = 1; m <= 24; m++) {
			double want = (double)(p - 1) / (m + p - 1);
			memset(&r, 0, sizeof r);
			ck_assert_double_eq_tol(bubble(PT_PIPE_GPIPE, p, m, 1, &r), want, 1e-12);
			ck_assert_int_eq((int)r.out[4], m); /* GPipe keeps every micro-batch */
			figure_result_free(&r);
			memset(&r, 0, sizeof r);
			ck_assert_double_eq_tol(bubble(PT_PIPE_1F1B, p, m, 1, &r), want, 1e-12);
			ck_assert_int_eq(r.in_flight[0], m < p ? m : p); /* 1F1B: p on the first stage */
			ck_assert_int_eq(r.in_flight[p - 1], 1);
			figure_result_free(&r);
			if (m >= p) {
				memset(&r, 0, sizeof r);
				double zb = bubble(PT_PIPE_ZBH1, p, m, 1, &r);
				ck_assert_double_eq_tol(zb, (double)(p - 1) / (3 * m + p - 1), 1e-12);
				ck_assert_int_le((int)r.out[4], p); /* no more in flight than 1F1B */
				figure_result_free(&r);
			}
			for (int v = 2; v <= 4 && p > 1; v++) {
				if (m % p != 0)
					continue;
				memset(&r, 0, sizeof r);
				ck_assert_double_eq_tol(bubble(PT_PIPE_INTERLEAVED, p, m, v, &r),
				    (double)(p - 1) / (v * m + p - 1), 1e-12);
				figure_result_free(&r);
			}
		}
	}
	/* GPipe's example: 4 stages, 8 micro-batches: 3 of 11 slots idle, 27 %. */
	memset(&r, 0, sizeof r);
	bubble(PT_PIPE_GPIPE, 4, 8, 1, &r);
	ck_assert_int_eq((int)r.out[0], 33);
	ck_assert_int_eq((int)lround(r.out[3]), 27);
	figure_result_free(&r);
}
END_TEST

/* The cells: every stage runs each micro-batch's forward once and its
 * backward after it, and a forward never runs before the stage above
 * has finished it. */
START_TEST(test_pipeline_cells)
{
	pt_fig_result r;
	memset(&r, 0, sizeof r);
	char why[200];
	ck_assert(figure_pipeline(PT_PIPE_1F1B, 4, 6, 1, &r, why, sizeof why));
	for (int s = 0; s < 4; s++) {
		int f = 0, b = 0, idle = 0;
		for (int t = 0; t < r.slots; t++) {
			pt_fig_cell c = r.cells[s * r.slots + t];
			if (c.op == 'F') {
				ck_assert_int_eq(c.mb, f++);
				if (s > 0) { /* the stage above ran it in an earlier slot */
					bool seen = false;
					for (int u = 0; u < t; u++)
						seen |= r.cells[(s - 1) * r.slots + u].op == 'F' && r.cells[(s - 1) * r.slots + u].mb == c.mb;
					ck_assert(seen);
				}
			} else if (c.op == 'B') {
				b++;
			} else {
				idle++;
			}
		}
		ck_assert_int_eq(f, 6);
		ck_assert_int_eq(b, 12); /* two slots each */
		ck_assert_int_eq(idle, (int)r.out[2]);
	}
	figure_result_free(&r);
	memset(&r, 0, sizeof r);
	ck_assert(!figure_pipeline(PT_PIPE_INTERLEAVED, 4, 6, 2, &r, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "multiples of the stages"));
	figure_result_free(&r);
	memset(&r, 0, sizeof r);
	ck_assert(!figure_pipeline(PT_PIPE_INTERLEAVED, 4, 8, 1, &r, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "chunks"));
	figure_result_free(&r);
}
END_TEST

/* The ZeRO paper's Table 1: 7.5 B parameters, K = 12, 64 GPUs. */
START_TEST(test_memory_zero_table)
{
	static const double want[] = { 120, 31.4, 16.6, 1.9 };
	for (int stage = 0; stage <= 3; stage++) {
		pt_figure f;
		figure_defaults(&f, PT_FIG_MEMORY);
		f.v[figure_param_find(PT_FIG_MEMORY, "params")] = 7.5e9;
		f.v[figure_param_find(PT_FIG_MEMORY, "sharding")] = stage;
		f.v[figure_param_find(PT_FIG_MEMORY, "dp")] = 64;
		pt_fig_result r;
		char why[200];
		ck_assert(figure_compute(&f, &r, why, sizeof why));
		ck_assert_double_eq_tol(r.out[figure_output_find(PT_FIG_MEMORY, "total_gb")], want[stage], 0.05);
		figure_result_free(&r);
	}
}
END_TEST

/* Korthikanti et al.: activations per layer s b h (34 + 5 a s / h) bytes
 * without parallelism; with tensor and sequence parallelism over t, a
 * t-th of it; recomputing attention leaves 34 s b h / t. */
START_TEST(test_memory_activations)
{
	pt_figure f;
	figure_defaults(&f, PT_FIG_MEMORY);
	double s = 2048, b = 1, h = 12288, a = 96, layers = 96;
	f.v[figure_param_find(PT_FIG_MEMORY, "params")] = 175e9;
	f.v[figure_param_find(PT_FIG_MEMORY, "seq")] = s;
	f.v[figure_param_find(PT_FIG_MEMORY, "micro_batch")] = b;
	f.v[figure_param_find(PT_FIG_MEMORY, "hidden")] = h;
	f.v[figure_param_find(PT_FIG_MEMORY, "heads")] = a;
	f.v[figure_param_find(PT_FIG_MEMORY, "layers")] = layers;
	f.v[figure_param_find(PT_FIG_MEMORY, "tp")] = 8;
	pt_fig_result r;
	char why[200];
	ck_assert(figure_compute(&f, &r, why, sizeof why));
	int act = figure_output_find(PT_FIG_MEMORY, "activations_gb");
	ck_assert_double_eq_tol(r.out[act], layers * s * b * h * (34 + 5 * a * s / h) / 8 / 1e9, 1e-9);
	f.v[figure_param_find(PT_FIG_MEMORY, "recompute")] = PT_RECOMPUTE_SELECTIVE;
	ck_assert(figure_compute(&f, &r, why, sizeof why));
	ck_assert_double_eq_tol(r.out[act], layers * 34 * s * b * h / 8 / 1e9, 1e-9);
	/* weights and gradients of 2 bytes, optimizer of 12, over tp = 8 */
	ck_assert_double_eq_tol(r.out[figure_output_find(PT_FIG_MEMORY, "weights_gb")], 175e9 * 2 / 8 / 1e9, 1e-9);
}
END_TEST

START_TEST(test_collectives)
{
	pt_figure f;
	figure_defaults(&f, PT_FIG_COLLECTIVE);
	f.v[figure_param_find(PT_FIG_COLLECTIVE, "ranks")] = 8;
	f.v[figure_param_find(PT_FIG_COLLECTIVE, "bytes")] = 1e9;
	f.v[figure_param_find(PT_FIG_COLLECTIVE, "seconds")] = 0.01;
	pt_fig_result r;
	char why[200];
	ck_assert(figure_compute(&f, &r, why, sizeof why));
	ck_assert_double_eq(r.out[0], 14);                       /* 2(N-1) steps */
	ck_assert_double_eq_tol(r.out[1], 2.0 * 7 / 8 * 1e9, 1); /* 2(N-1)/N S */
	ck_assert_double_eq_tol(r.out[3], 100, 1e-9);            /* algbw = S/t */
	ck_assert_double_eq_tol(r.out[4], 175, 1e-9);            /* busbw = algbw 2(N-1)/N */
	f.v[figure_param_find(PT_FIG_COLLECTIVE, "op")] = PT_COLL_ALL_GATHER;
	ck_assert(figure_compute(&f, &r, why, sizeof why));
	ck_assert_double_eq(r.out[0], 7);
	ck_assert_double_eq_tol(r.out[4], 87.5, 1e-9);           /* (N-1)/N */
}
END_TEST

START_TEST(test_mesh)
{
	pt_figure f;
	figure_defaults(&f, PT_FIG_MESH);
	static const char *names[] = { "pp", "dp", "tp" };
	static const int sizes[] = { 2, 2, 4 };
	for (int a = 0; a < 3; a++) {
		snprintf(f.axis[a], sizeof f.axis[a], "%s", names[a]);
		f.axis_size[a] = sizes[a];
	}
	f.n_axes = 3;
	f.v[0] = 13; /* pp 1, dp 1, tp 1 */
	pt_fig_result r;
	char why[200];
	ck_assert(figure_compute(&f, &r, why, sizeof why));
	ck_assert_double_eq(r.out[0], 16);
	ck_assert_int_eq(r.coord[0], 1);
	ck_assert_int_eq(r.coord[1], 1);
	ck_assert_int_eq(r.coord[2], 1);
	int tp[] = { 12, 13, 14, 15 }, dp[] = { 9, 13 }, pp[] = { 5, 13 };
	for (int k = 0; k < 4; k++)
		ck_assert_int_eq(r.group[2][k], tp[k]);
	for (int k = 0; k < 2; k++) {
		ck_assert_int_eq(r.group[1][k], dp[k]);
		ck_assert_int_eq(r.group[0][k], pp[k]);
	}
	figure_result_free(&r);
	f.v[0] = 16;
	ck_assert(!figure_compute(&f, &r, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "not in a mesh of 16"));
	figure_result_free(&r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("figure");
	TCase *tc = tcase_create("figure");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_pipeline_bubbles);
	tcase_add_test(tc, test_pipeline_cells);
	tcase_add_test(tc, test_memory_zero_table);
	tcase_add_test(tc, test_memory_activations);
	tcase_add_test(tc, test_collectives);
	tcase_add_test(tc, test_mesh);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* figure_pipeline.c - a pipeline schedule as a timeline (figure.h).
 *
 * Time is counted in slots: a forward pass of one micro-batch through one
 * stage's layers (through one chunk of them, for the interleaved
 * schedule) takes one slot, its backward pass two (input gradient and
 * weight gradient); the zero-bubble schedule ZB-H1 runs the two halves of
 * the backward apart, one slot each (B and W).  Every stage runs the same
 * rule at every slot: when it is free, it starts the first operation of
 * its priority list that is ready (its input has arrived) and allowed
 * (no more micro-batches between forward and backward than the schedule
 * keeps):
 *
 *   GPipe        forward first, no limit: every forward, then every backward
 *   1F1B         forward first, at most stages - s in flight on stage s
 *   interleaved  as 1F1B over chunks in Megatron-LM's order, with its
 *                warm-up of 2(stages - s - 1) + (chunks - 1) stages forwards
 *   ZB-H1        backward first, then forward, then a weight gradient,
 *                at most stages - s between forward and backward
 *
 * The bubble this gives is the papers' (checked by check_figure.c):
 * (p-1)/(m+p-1) for GPipe and 1F1B, (p-1)/(v m+p-1) interleaved, and
 * (p-1)/(3m+p-1) for ZB-H1 (its bubble of (p-1)(T_F+T_B-T_W) with the
 * three passes equal). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/model/figure.h"

enum { NEVER = -1 };

/* The micro-batch and chunk of the i-th forward on a stage (Megatron-LM's
 * order: stages micro-batches through chunk 0, the same through chunk 1,
 * and so on, then the next group); the i-th backward runs the chunks the
 * other way. */
static void nth_pass(int i, int p, int v, bool backward, int *mb, int *chunk)
{
	int group = i / (p * v), r = i % (p * v);
	*mb = group * p + r % p;
	*chunk = backward ? v - 1 - r / p : r / p;
}

bool figure_pipeline(int schedule, int p, int m, int v, pt_fig_result *r, char *why, size_t why_len)
{
	if (schedule != PT_PIPE_INTERLEAVED)
		v = 1;
	if (p < 1 || p > FIG_MAX_STAGES || m < 1 || m > FIG_MAX_MICROBATCHES || v < 1 || v > FIG_MAX_CHUNKS) {
		snprintf(why, why_len, "a pipeline needs 1 to %d stages, 1 to %d micro-batches and 1 to %d chunks",
		    FIG_MAX_STAGES, FIG_MAX_MICROBATCHES, FIG_MAX_CHUNKS);
		return false;
	}
	if (schedule == PT_PIPE_INTERLEAVED && (v < 2 || m % p != 0)) {
		snprintf(why, why_len, v < 2 ? "the interleaved schedule needs \"chunks\" of 2 or more per stage"
		                             : "the interleaved schedule needs micro-batches in multiples of the stages");
		return false;
	}
	bool zb = schedule == PT_PIPE_ZBH1;
	int n = m * v, vs_count = p * v, back = zb ? 1 : 2;
	int max_slots = 3 * n + 3 * p;
	int *end_f = malloc(sizeof *end_f * (size_t)vs_count * (size_t)m);
	int *end_b = malloc(sizeof *end_b * (size_t)vs_count * (size_t)m);
	r->cells = calloc((size_t)p * (size_t)max_slots, sizeof *r->cells);
	if (end_f == NULL || end_b == NULL || r->cells == NULL) {
		free(end_f);
		free(end_b);
		snprintf(why, why_len, "out of memory");
		return false;
	}
	for (int i = 0; i < vs_count * m; i++)
		end_f[i] = end_b[i] = NEVER;
	int nf[FIG_MAX_STAGES] = { 0 }, nb[FIG_MAX_STAGES] = { 0 }, nw[FIG_MAX_STAGES] = { 0 };
	int free_at[FIG_MAX_STAGES] = { 0 }, limit[FIG_MAX_STAGES];
	for (int s = 0; s < p; s++) {
		limit[s] = schedule == PT_PIPE_GPIPE ? n
		    : schedule == PT_PIPE_INTERLEAVED ? 2 * (p - s - 1) + (v - 1) * p + 1 : p - s;
		r->in_flight[s] = 0;
	}
	const char *order = zb ? "BFW" : "FB";
	int t = 0, finish = 0, left = p;
	while (left > 0 && t < max_slots) {
		for (int s = 0; s < p; s++) {
			if (free_at[s] > t || (zb ? nw[s] : nb[s]) == n)
				continue;
			char op = 0;
			int mb = 0, c = 0, len = 1;
			for (const char *o = order; *o && op == 0; o++) {
				if (*o == 'F' && nf[s] < n && nf[s] - nb[s] < limit[s]) {
					nth_pass(nf[s], p, v, false, &mb, &c);
					int vs = c * p + s;
					if (vs == 0 || (end_f[(vs - 1) * m + mb] != NEVER && end_f[(vs - 1) * m + mb] <= t)) {
						op = 'F';
						end_f[vs * m + mb] = t + 1;
						nf[s]++;
					}
				} else if (*o == 'B' && nb[s] < nf[s]) {
					nth_pass(nb[s], p, v, true, &mb, &c);
					int vs = c * p + s;
					int dep = vs == vs_count - 1 ? end_f[vs * m + mb] : end_b[(vs + 1) * m + mb];
					if (dep != NEVER && dep <= t) {
						op = 'B';
						len = back;
						end_b[vs * m + mb] = t + back;
						nb[s]++;
					}
				} else if (*o == 'W' && nw[s] < nb[s] && free_at[s] <= t) {
					nth_pass(nw[s], p, v, true, &mb, &c);
					op = 'W';
					nw[s]++;
				}
			}
			if (op == 0)
				continue;
			if (nf[s] - nb[s] + (op == 'B') > r->in_flight[s])
				r->in_flight[s] = nf[s] - nb[s] + (op == 'B');
			for (int k = 0; k < len; k++)
				r->cells[(size_t)s * (size_t)max_slots + (size_t)(t + k)] = (pt_fig_cell){ op, (unsigned char)c, (short)mb };
			free_at[s] = t + len;
			if (free_at[s] > finish)
				finish = free_at[s];
			if ((zb ? nw[s] : nb[s]) == n)
				left--;
		}
		t++;
	}
	free(end_f);
	free(end_b);
	if (left > 0) {
		snprintf(why, why_len, "the schedule did not finish");
		return false;
	}
	/* Keep the cells of the slots used, row by row. */
	for (int s = 1; s < p; s++)
		memmove(r->cells + (size_t)s * (size_t)finish, r->cells + (size_t)s * (size_t)max_slots,
		    sizeof *r->cells * (size_t)finish);
	r->stages = p;
	r->slots = finish;
	int busy = n * (1 + back + zb);
	r->out[0] = finish;
	r->out[1] = busy;
	r->out[2] = finish - busy;
	r->out[3] = 100.0 * (finish - busy) / finish;
	int most = 0;
	for (int s = 0; s < p; s++)
		if (r->in_flight[s] > most)
			most = r->in_flight[s];
	r->out[4] = most;
	return true;
}

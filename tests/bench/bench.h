/* bench.h - what the bench programs share: the clock, medians, finding
 * python3, and the line that sets a ratio measured in this run beside the
 * one issue #40 recorded.  Header-only: each bench is one C file. */
#ifndef PARATUTOR_BENCH_H
#define PARATUTOR_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Returns monotonic time in seconds. */
static inline double bench_now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Orders doubles, for qsort. */
static inline int bench_double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Sorts the n values at v and returns their median. */
static inline double bench_median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, bench_double_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Returns whether the file at path starts with stamp: generated files
 * are kept between runs and written again only when their generator's
 * stamp changed. */
static inline int bench_has_stamp(const char *path, const char *stamp)
{
	char line[128];
	FILE *fp = fopen(path, "r");
	if (fp == NULL)
		return 0;
	int same = fgets(line, sizeof line, fp) != NULL && strncmp(line, stamp, strlen(stamp)) == 0;
	fclose(fp);
	return same;
}

/* Returns the python3 interpreter itself (not a wrapper script such as a
 * version manager's shim, whose own start-up would be timed), or
 * "python3"; found once, behind `python3` on the PATH. */
static inline const char *bench_python(void)
{
	static char path[4096];
	if (path[0] != '\0')
		return path;
	strcpy(path, "python3");
	FILE *p = popen("python3 -c 'import sys; print(sys.executable)' 2>/dev/null", "r");
	if (p == NULL)
		return path;
	char buf[sizeof path];
	if (fgets(buf, sizeof buf, p) != NULL && buf[0] == '/') {
		buf[strcspn(buf, "\n")] = '\0';
		memcpy(path, buf, sizeof path);
	}
	pclose(p);
	return path;
}

/* Returns the median of ours[i] / peer[i] over n turns (n at most 1024):
 * each side's run of a turn beside the other's, so that load on a shared
 * machine that changes between turns weighs on both alike. */
static inline double bench_paired_ratio(const double *ours, const double *peer, size_t n)
{
	double r[1024];
	n = n < 1024 ? n : 1024;
	for (size_t i = 0; i < n; i++)
		r[i] = ours[i] / peer[i];
	return bench_median(r, n);
}

/* How far a figure may move from the recorded one and still hold. */
#define BENCH_WITHIN 0.10

/* The heading of the lines below. */
static inline void bench_recorded_heading(void)
{
	printf("Beside issue #40's figures (medians of each side; the ratio is the median of the turns' ratios\n"
	    "to the same peer in this run; lower is better; within 10 %% = at most %.2fx the recorded ratio):\n",
	    1 + BENCH_WITHIN);
}

/* Prints what and peer (medians in ms) and ratio (bench_paired_ratio's)
 * beside the recorded ratio rec_ours / rec_peer, and whether it is within 10 % of it (or better);
 * appends the line to the file $BENCH_FIGURES too when it is set, so that
 * make can show the figures of several benches together.  Returns whether
 * it holds. */
static inline int bench_recorded(const char *what, double ours_ms, double peer_ms, double ratio, double rec_ours,
    double rec_peer)
{
	double recorded = rec_ours / rec_peer, change = ratio / recorded - 1;
	int holds = change <= BENCH_WITHIN;
	char line[512];
	snprintf(line, sizeof line, "  %-34s %7.1f, %7.1f ms: %5.2fx  recorded %5.2fx (%g/%g): %+4.0f %%, %s\n",
	    what, ours_ms, peer_ms, ratio, recorded, rec_ours, rec_peer, change * 100,
	    !holds ? "WORSE by more than 10 %" : change < -BENCH_WITHIN ? "better by more than 10 %" : "within 10 %");
	fputs(line, stdout);
	const char *also = getenv("BENCH_FIGURES");
	FILE *fp = also != NULL && also[0] != '\0' ? fopen(also, "a") : NULL;
	if (fp != NULL) {
		fputs(line, fp);
		fclose(fp);
	}
	return holds;
}

#endif

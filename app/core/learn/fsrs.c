/* fsrs.c - FSRS-6: stability, difficulty and retrievability of an item's
 * memory, and the interval that keeps recall at the desired retention. */
#include <math.h>
#include <stddef.h>

#include "paratutor/learn/fsrs.h"

#define S_MIN 0.001
#define S_MAX 36500.0
#define INIT_S_MAX 100.0

const double fsrs_default_w[PT_FSRS_PARAMS] = {
	0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
	1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
};

/* The range each parameter may take (short-term reviews on). */
static const double bounds[PT_FSRS_PARAMS][2] = {
	{ S_MIN, INIT_S_MAX }, { S_MIN, INIT_S_MAX }, { S_MIN, INIT_S_MAX }, { S_MIN, INIT_S_MAX },
	{ 1, 10 }, { 0.001, 4 }, { 0.001, 4 }, { 0.001, 0.75 }, { 0, 4.5 }, { 0, 0.8 }, { 0.001, 3.5 },
	{ 0.001, 5 }, { 0.001, 0.25 }, { 0.001, 0.9 }, { 0, 4 }, { 0, 1 }, { 1, 6 }, { 0, 2 }, { 0, 2 },
	{ 0.01, 0.8 }, { 0.1, 0.8 },
};

static double clamp(double x, double lo, double hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* Rounds to eight decimals, halves up, as the reference does. */
static double round8(double x)
{
	return floor(x * 1e8 + 0.5) / 1e8;
}

bool fsrs_retention_ok(double retention)
{
	return retention >= 0.7 && retention <= 0.99;
}

void fsrs_init(pt_fsrs *f, const double *w, double retention)
{
	for (int i = 0; i < PT_FSRS_PARAMS; i++)
		f->w[i] = clamp(w != NULL ? w[i] : fsrs_default_w[i], bounds[i][0], bounds[i][1]);
	f->retention = retention > 0 && retention < 1 ? retention : PT_FSRS_DEFAULT_RETENTION;
	f->max_interval = PT_FSRS_MAX_INTERVAL;
	f->decay = -f->w[20];
	f->factor = round8(exp(log(0.9) / f->decay) - 1);
	f->modifier = round8((pow(f->retention, 1 / f->decay) - 1) / f->factor);
}

double fsrs_retrievability(const pt_fsrs *f, double elapsed_days, double s)
{
	if (s <= 0)
		return 0;
	if (elapsed_days < 0)
		elapsed_days = 0;
	return round8(pow(1 + f->factor * elapsed_days / s, f->decay));
}

int fsrs_interval(const pt_fsrs *f, double s)
{
	double days = floor(s * f->modifier + 0.5);
	if (days < 1)
		days = 1;
	return days > f->max_interval ? f->max_interval : (int)days;
}

static double init_difficulty(const pt_fsrs *f, int g)
{
	return round8(f->w[4] - exp((g - 1) * f->w[5]) + 1);
}

static double next_difficulty(const pt_fsrs *f, double d, int g)
{
	double delta = -f->w[6] * (g - 3);
	double next = d + round8(delta * (10 - d) / 9);
	double reverted = round8(f->w[7] * init_difficulty(f, PT_RATING_EASY) + (1 - f->w[7]) * next);
	return clamp(reverted, 1, 10);
}

static double recall_stability(const pt_fsrs *f, double d, double s, double r, int g)
{
	const double *w = f->w;
	double hard = g == PT_RATING_HARD ? w[15] : 1, easy = g == PT_RATING_EASY ? w[16] : 1;
	double grown = s * (1 + exp(w[8]) * (11 - d) * pow(s, -w[9]) * (exp((1 - r) * w[10]) - 1) * hard * easy);
	return round8(clamp(grown, S_MIN, S_MAX));
}

static double forget_stability(const pt_fsrs *f, double d, double s, double r)
{
	const double *w = f->w;
	double after = w[11] * pow(d, -w[12]) * (pow(s + 1, w[13]) - 1) * exp((1 - r) * w[14]);
	return round8(clamp(after, S_MIN, S_MAX));
}

static double short_term_stability(const pt_fsrs *f, double s, int g)
{
	const double *w = f->w;
	double sinc = pow(s, -w[19]) * exp(w[17] * (g - 3 + w[18]));
	if (g >= PT_RATING_HARD && sinc < 1)
		sinc = 1;
	return round8(clamp(s * sinc, S_MIN, S_MAX));
}

pt_memory fsrs_next(const pt_fsrs *f, pt_memory m, int elapsed_days, pt_rating r)
{
	int g = r < PT_RATING_AGAIN ? PT_RATING_AGAIN : r > PT_RATING_EASY ? PT_RATING_EASY : (int)r;
	if (m.stability <= 0 || m.difficulty < 1) {
		double s0 = f->w[g - 1] > 0.1 ? f->w[g - 1] : 0.1;
		return (pt_memory){ s0, clamp(init_difficulty(f, g), 1, 10) };
	}
	if (m.stability < S_MIN)
		m.stability = S_MIN;
	if (elapsed_days < 0)
		elapsed_days = 0;
	double s = m.stability, d = m.difficulty, next;
	if (elapsed_days == 0) {
		next = short_term_stability(f, s, g);
	} else {
		double ret = fsrs_retrievability(f, elapsed_days, s);
		if (g == PT_RATING_AGAIN) {
			double floor_s = round8(s / exp(f->w[17] * f->w[18]));
			next = clamp(floor_s, S_MIN, forget_stability(f, d, s, ret));
		} else {
			next = recall_stability(f, d, s, ret, g);
		}
	}
	return (pt_memory){ next, next_difficulty(f, d, g) };
}

/* figure_explore.c - an explore item's knobs and goal against the figure
 * models (figure_explore.h): judging a setting, stepping a knob, trying
 * every setting for --check, and the sentences a learner reads. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "paratutor/model/figure_explore.h"

static const char *const op_words[PT_GOAL_OPS] = { "at_most", "at_least", "equals" };

int explore_op_find(const char *word)
{
	for (int i = 0; i < PT_GOAL_OPS; i++)
		if (strcmp(op_words[i], word) == 0)
			return i;
	return -1;
}

/* Rounding allowed when comparing a computed number with a goal's. */
static bool near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(1.0, fmax(fabs(a), fabs(b)));
}

static bool holds(const pt_goal_cond *c, double x)
{
	switch (c->op) {
	case PT_GOAL_AT_MOST:
		return x <= c->value || near(x, c->value);
	case PT_GOAL_AT_LEAST:
		return x >= c->value || near(x, c->value);
	default:
		return near(x, c->value);
	}
}

long explore_knob_count(const pt_knob *k)
{
	if (!(k->step > 0) || k->max < k->min)
		return 0;
	return (long)floor((k->max - k->min) / k->step + 1e-9) + 1;
}

bool explore_on_knob(const pt_knob *k, double x)
{
	if (!(k->step > 0) || x < k->min - 1e-9 || x > k->max + 1e-9)
		return false;
	double i = (x - k->min) / k->step;
	return fabs(i - floor(i + 0.5)) < 1e-9;
}

/* The i-th value on k's grid. */
static double knob_value(const pt_knob *k, long i)
{
	return k->min + (double)i * k->step;
}

bool explore_knob_move(const pt_explore *e, pt_figure *f, int k, int dir)
{
	if (k < 0 || k >= e->n_knobs)
		return false;
	const pt_knob *kn = &e->knob[k];
	double x = f->v[kn->param];
	long i = (long)floor((x - kn->min) / kn->step + 0.5) + dir;
	long n = explore_knob_count(kn);
	if (i < 0)
		i = 0;
	if (i >= n)
		i = n - 1;
	double to = knob_value(kn, i);
	if (near(to, x))
		return false;
	f->v[kn->param] = to;
	return true;
}

bool explore_conditions(const pt_explore *e, const pt_figure *f, int *cond, double *got, char *why, size_t why_len)
{
	pt_fig_result r;
	*cond = -1;
	*got = 0;
	bool ok = figure_compute(f, &r, why, why_len);
	for (int i = 0; ok && i < e->n_conds; i++) {
		double x = r.out[e->cond[i].output];
		if (!holds(&e->cond[i], x)) {
			*cond = i;
			*got = x;
			break;
		}
	}
	figure_result_free(&r);
	return ok;
}

/* Walks every setting of the knobs (odometer order) from start, calling
 * visit until it returns false.  The number of settings, or -1 when over
 * EXP_MAX_SETTINGS (nothing visited then). */
static long each_setting(const pt_explore *e, bool (*visit)(const pt_figure *, void *), void *arg)
{
	long total = 1, idx[EXP_MAX_KNOBS] = { 0 };
	for (int k = 0; k < e->n_knobs; k++) {
		long n = explore_knob_count(&e->knob[k]);
		if (n <= 0 || total > EXP_MAX_SETTINGS / n)
			return n <= 0 ? 0 : -1;
		total *= n;
	}
	pt_figure f = e->start;
	for (long s = 0; s < total; s++) {
		for (int k = 0; k < e->n_knobs; k++)
			f.v[e->knob[k].param] = knob_value(&e->knob[k], idx[k]);
		if (!visit(&f, arg))
			break;
		for (int k = 0; k < e->n_knobs && ++idx[k] == explore_knob_count(&e->knob[k]); k++)
			idx[k] = 0;
	}
	return total;
}

struct search {
	const pt_explore *e;
	long met;
	pt_figure best;
};

static bool better(const pt_explore *e, const pt_figure *a, const pt_figure *b)
{
	int p = e->knob[e->best].param;
	return e->maximise ? a->v[p] > b->v[p] + 1e-9 : a->v[p] < b->v[p] - 1e-9;
}

static bool visit_search(const pt_figure *f, void *arg)
{
	struct search *s = arg;
	int cond;
	double got;
	char why[160];
	if (!explore_conditions(s->e, f, &cond, &got, why, sizeof why) || cond >= 0)
		return true;
	if (s->met++ == 0 || (s->e->best >= 0 && better(s->e, f, &s->best)))
		s->best = *f;
	return true;
}

long explore_search(const pt_explore *e, pt_figure *best)
{
	struct search s = { .e = e, .met = 0, .best = e->start };
	if (each_setting(e, visit_search, &s) < 0)
		return -1;
	if (best != NULL)
		*best = s.best;
	return s.met;
}

struct beats {
	const pt_explore *e;
	const pt_figure *than;
	bool found;
};

static bool visit_beats(const pt_figure *f, void *arg)
{
	struct beats *s = arg;
	int cond;
	double got;
	char why[160];
	if (better(s->e, f, s->than) && explore_conditions(s->e, f, &cond, &got, why, sizeof why) && cond < 0)
		s->found = true;
	return !s->found;
}

pt_explore_verdict explore_judge(const pt_explore *e, const pt_figure *f, int *cond, double *got, char *why,
    size_t why_len)
{
	*cond = -1;
	*got = 0;
	why[0] = '\0';
	for (int k = 0; k < e->n_knobs; k++)
		if (!explore_on_knob(&e->knob[k], f->v[e->knob[k].param])) {
			*cond = k;
			return PT_EXPLORE_OFF_RANGE;
		}
	if (!explore_conditions(e, f, cond, got, why, why_len))
		return PT_EXPLORE_CANNOT;
	if (*cond >= 0)
		return PT_EXPLORE_FAILS;
	if (e->best < 0)
		return PT_EXPLORE_MET;
	struct beats s = { .e = e, .than = f, .found = false };
	if (each_setting(e, visit_beats, &s) < 0 || !s.found)
		return PT_EXPLORE_MET;
	return PT_EXPLORE_NOT_BEST;
}

/* Appends a number without trailing zeros: 10, 21.7, 0.125. */
static void put_num(pt_strbuf *b, double x)
{
	strbuf_printf(b, "%.4g", x);
}

/* A parameter's value for a learner: a named choice's word, else the number. */
static void put_param(pt_strbuf *b, const pt_fig_param *p, double x)
{
	if (p->words != NULL)
		strbuf_printf(b, "%s", p->words[(int)x]);
	else
		put_num(b, x);
}

void explore_goal_text(const pt_explore *e, pt_strbuf *b)
{
	static const char *const said[PT_GOAL_OPS] = { "at most", "at least", "equal to" };
	const pt_fig_type_info *ti = figure_type(e->start.type);
	for (int i = 0; i < e->n_conds; i++) {
		const pt_goal_cond *c = &e->cond[i];
		strbuf_printf(b, "%s%s %s ", i == 0 ? "" : i == e->n_conds - 1 ? " and " : ", ", ti->output_what[c->output],
		    said[c->op]);
		put_num(b, c->value);
	}
	if (e->best >= 0) {
		const pt_fig_param *p = &ti->params[e->knob[e->best].param];
		strbuf_printf(b, ", with the %s %s", p->words != NULL ? (e->maximise ? "last" : "first") :
		    (e->maximise ? "most" : "fewest"), p->what);
		if (p->words != NULL)
			strbuf_printf(b, " in the list");
	}
}

void explore_explain(const pt_explore *e, pt_explore_verdict v, int cond, double got, const char *why, pt_strbuf *b)
{
	const pt_fig_type_info *ti = figure_type(e->start.type);
	switch (v) {
	case PT_EXPLORE_MET:
		strbuf_printf(b, "This setting meets the goal.");
		break;
	case PT_EXPLORE_FAILS: {
		/* As the figure rounds it, unless that rounding would seem
		 * to meet the goal (10.3 against at most 10.3) */
		const pt_goal_cond *c = &e->cond[cond];
		char shown[32];
		figure_output_text(e->start.type, c->output, got, shown, sizeof shown);
		strbuf_printf(b, "The %s is ", ti->output_what[c->output]);
		if (holds(c, strtod(shown, NULL)))
			put_num(b, got);
		else
			strbuf_printf(b, "%s", shown);
		strbuf_printf(b, ", but the goal asks for %s ", c->op == PT_GOAL_AT_MOST ? "at most" :
		    c->op == PT_GOAL_AT_LEAST ? "at least" : "exactly");
		put_num(b, c->value);
		strbuf_printf(b, ".");
		break;
	}
	case PT_EXPLORE_NOT_BEST: {
		const pt_fig_param *p = &ti->params[e->knob[e->best].param];
		if (p->words != NULL)
			strbuf_printf(b, "This setting meets the conditions, but a %s earlier in the list meets them too.",
			    p->what);
		else
			strbuf_printf(b, "This setting meets the conditions, but one with %s %s meets them too.",
			    e->maximise ? "more" : "fewer", p->what);
		break;
	}
	case PT_EXPLORE_OFF_RANGE: {
		const pt_knob *k = &e->knob[cond];
		const pt_fig_param *p = &ti->params[k->param];
		strbuf_printf(b, "The %s can be set from ", p->what);
		put_param(b, p, k->min);
		strbuf_printf(b, " to ");
		put_param(b, p, k->max);
		if (p->words == NULL && !near(k->step, 1)) {
			strbuf_printf(b, " in steps of ");
			put_num(b, k->step);
		}
		strbuf_printf(b, ".");
		break;
	}
	default:
		strbuf_printf(b, "The figure cannot be drawn with this setting: %s.", why != NULL && why[0] ? why : "it is impossible");
		break;
	}
}

bool explore_when_matches(const pt_explore *e, const pt_explore_when *w, const pt_figure *f)
{
	for (int i = 0; i < w->n; i++)
		if (w->knob[i] < 0 || w->knob[i] >= e->n_knobs || !near(f->v[e->knob[w->knob[i]].param], w->v[i]))
			return false;
	return true;
}

pt_explore_problem explore_problem(const pt_explore *e, const pt_explore_when *when, int n_when, int *which,
    pt_figure *best)
{
	int cond;
	double got;
	char why[160];
	*which = -1;
	for (int k = 0; k < e->n_knobs; k++)
		if (!explore_on_knob(&e->knob[k], e->start.v[e->knob[k].param])) {
			*which = k;
			return PT_EXPLORE_START_OFF;
		}
	if (!explore_conditions(e, &e->start, &cond, &got, why, sizeof why))
		return PT_EXPLORE_START_CANNOT;
	if (cond < 0)
		return PT_EXPLORE_START_MEETS;
	long met = explore_search(e, best);
	if (met < 0)
		return PT_EXPLORE_TOO_MANY;
	if (met == 0)
		return PT_EXPLORE_UNREACHABLE;
	for (int i = 0; i < n_when; i++) {
		pt_figure f = e->start;
		for (int j = 0; j < when[i].n; j++)
			f.v[e->knob[when[i].knob[j]].param] = when[i].v[j];
		if (explore_judge(e, &f, &cond, &got, why, sizeof why) == PT_EXPLORE_MET) {
			*which = i;
			return PT_EXPLORE_WHEN_RIGHT;
		}
	}
	return PT_EXPLORE_SOUND;
}

void explore_setting_write(const pt_explore *e, const pt_figure *f, pt_strbuf *b)
{
	const pt_fig_type_info *ti = figure_type(e->start.type);
	for (int k = 0; k < e->n_knobs; k++) {
		const pt_fig_param *p = &ti->params[e->knob[k].param];
		strbuf_printf(b, "%s%s=", k == 0 ? "" : " ", p->name);
		if (p->words != NULL)
			strbuf_printf(b, "%s", p->words[(int)f->v[e->knob[k].param]]);
		else
			strbuf_printf(b, "%.17g", f->v[e->knob[k].param]);
	}
}

bool explore_set(const pt_explore *e, pt_figure *f, const char *name, const char *value, char *why, size_t why_len)
{
	const pt_fig_type_info *ti = figure_type(e->start.type);
	for (int k = 0; k < e->n_knobs; k++) {
		const pt_fig_param *p = &ti->params[e->knob[k].param];
		if (strcmp(p->name, name) != 0)
			continue;
		double x = -1;
		if (p->words != NULL) {
			for (int w = 0; p->words[w] != NULL; w++)
				if (strcmp(p->words[w], value) == 0)
					x = w;
		} else {
			char *end;
			x = strtod(value, &end);
			if (end == value || *end != '\0' || !isfinite(x))
				x = NAN;
		}
		if (!explore_on_knob(&e->knob[k], x)) {
			pt_strbuf b = { 0 };
			explore_explain(e, PT_EXPLORE_OFF_RANGE, k, 0, NULL, &b);
			snprintf(why, why_len, "%s", b.s != NULL ? b.s : "That value is not one this knob takes.");
			free(b.s);
			return false;
		}
		f->v[e->knob[k].param] = x;
		return true;
	}
	pt_strbuf b = { 0 };
	strbuf_printf(&b, "There is no knob \"%s\"; the knobs are", name);
	for (int k = 0; k < e->n_knobs; k++)
		strbuf_printf(&b, "%s %s", k == 0 ? "" : k == e->n_knobs - 1 ? " and" : ",", ti->params[e->knob[k].param].name);
	snprintf(why, why_len, "%s.", b.s != NULL ? b.s : "There is no such knob");
	free(b.s);
	return false;
}

bool explore_setting_read(const pt_explore *e, const char *text, pt_figure *f, char *why, size_t why_len)
{
	pt_figure g = e->start;
	bool seen[EXP_MAX_KNOBS] = { false };
	char name[64], value[64];
	const char *s = text;
	for (;;) {
		while (*s == ' ' || *s == ',' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		size_t n = strcspn(s, " =,\t");
		snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), s);
		s += n;
		while (*s == ' ' || *s == '=' || *s == '\t')
			s++;
		n = strcspn(s, " ,\t");
		snprintf(value, sizeof value, "%.*s", (int)(n < sizeof value ? n : sizeof value - 1), s);
		s += n;
		if (!explore_set(e, &g, name, value, why, why_len))
			return false;
		const pt_fig_type_info *ti = figure_type(e->start.type);
		for (int k = 0; k < e->n_knobs; k++)
			if (strcmp(ti->params[e->knob[k].param].name, name) == 0) {
				if (seen[k]) {
					snprintf(why, why_len, "The knob \"%s\" is set twice.", name);
					return false;
				}
				seen[k] = true;
			}
	}
	*f = g;
	return true;
}

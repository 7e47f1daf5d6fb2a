/* figure_explore.h - the goal of an explore item (figure.h): knobs the
 * learner turns on a figure's parameters, each over a range and a step,
 * and a condition on the figure's computed numbers, optionally asking for
 * the least or the most of one knob among the settings that meet it.
 * The grammar is closed: each condition names one of the figure type's
 * outputs and one of at_most, at_least or equals.  Pure computation: no
 * I/O, no clock. */
#ifndef PARATUTOR_FIGURE_EXPLORE_H
#define PARATUTOR_FIGURE_EXPLORE_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/model/figure.h"

#define EXP_MAX_KNOBS 4
#define EXP_MAX_CONDS 4
/* Settings --check may try to find whether a goal can be met at all. */
#define EXP_MAX_SETTINGS 20000

typedef enum pt_goal_op { PT_GOAL_AT_MOST, PT_GOAL_AT_LEAST, PT_GOAL_EQUALS, PT_GOAL_OPS } pt_goal_op;

/* One knob: a parameter of the figure, its range and step. */
typedef struct pt_knob {
	int param;              /* index in the figure type's parameters */
	double min, max, step;  /* a named choice: indexes of its words, step 1 */
} pt_knob;

/* One condition: output op value. */
typedef struct pt_goal_cond {
	int output;             /* index in the figure type's outputs */
	pt_goal_op op;
	double value;
} pt_goal_cond;

typedef struct pt_explore {
	pt_figure start;        /* the figure as the lesson gives it: the start setting */
	int n_knobs;
	pt_knob knob[EXP_MAX_KNOBS];
	int n_conds;
	pt_goal_cond cond[EXP_MAX_CONDS];
	int best;               /* index in knob[] of the knob to minimise or maximise, or -1 */
	bool maximise;
} pt_explore;

/* How a setting stands against the goal. */
typedef enum pt_explore_verdict {
	PT_EXPLORE_MET,         /* every condition holds (and it is the best, when asked) */
	PT_EXPLORE_FAILS,       /* a condition fails: *cond is its index, *got the figure's value */
	PT_EXPLORE_NOT_BEST,    /* the conditions hold, but a better value of the best knob meets them too */
	PT_EXPLORE_OFF_RANGE,   /* a knob is outside its range or off its step: *cond is the knob */
	PT_EXPLORE_CANNOT       /* the figure cannot be computed at this setting (why says) */
} pt_explore_verdict;

/* A lesson's feedback for a common wrong setting matches when each knob
 * it names has the value it gives (the others may be anything). */
typedef struct pt_explore_when {
	int n;
	int knob[EXP_MAX_KNOBS];    /* index in pt_explore.knob */
	double v[EXP_MAX_KNOBS];
} pt_explore_when;

/* What --check finds wrong with an explore item as a whole, in the order
 * it looks. */
typedef enum pt_explore_problem {
	PT_EXPLORE_SOUND,
	PT_EXPLORE_START_OFF,       /* the start setting is off a knob's range or step (*which: the knob) */
	PT_EXPLORE_START_CANNOT,    /* the figure cannot be computed at the start */
	PT_EXPLORE_START_MEETS,     /* the start setting already meets the goal */
	PT_EXPLORE_TOO_MANY,        /* more settings than EXP_MAX_SETTINGS to try */
	PT_EXPLORE_UNREACHABLE,     /* no setting meets the goal */
	PT_EXPLORE_WHEN_RIGHT       /* a feedback's setting meets the goal (*which: the feedback) */
} pt_explore_problem;

/* The op named word, or -1. */
int explore_op_find(const char *word);

/* Whether x lies in knob k's range on its step (within rounding). */
bool explore_on_knob(const pt_knob *k, double x);
/* The number of settings on k's grid. */
long explore_knob_count(const pt_knob *k);
/* Moves knob k of setting f by dir steps (-1 or +1), kept in its range;
 * false when it was at the end already. */
bool explore_knob_move(const pt_explore *e, pt_figure *f, int k, int dir);

/* Whether every condition holds at setting f: the figure is computed (true
 * with *cond -1 when all hold), else *cond is the first that fails and
 * *got its value.  False only when the figure cannot be computed. */
bool explore_conditions(const pt_explore *e, const pt_figure *f, int *cond, double *got, char *why, size_t why_len);

/* Judges setting f.  *cond and *got as explore_conditions says (the knob
 * index for OFF_RANGE). */
pt_explore_verdict explore_judge(const pt_explore *e, const pt_figure *f, int *cond, double *got, char *why,
    size_t why_len);

/* Tries every setting of the knobs (the other parameters as in start):
 * the number that meet the conditions, and in *best the best of them when
 * the goal asks for one (else the first found).  -1 when there are more
 * than EXP_MAX_SETTINGS. */
long explore_search(const pt_explore *e, pt_figure *best);

/* Whether setting f matches w. */
bool explore_when_matches(const pt_explore *e, const pt_explore_when *w, const pt_figure *f);

/* Checks e and its n_when feedback settings (each completed from the
 * start setting for the knobs it leaves out): the first problem, with
 * *which as each says (else -1), and in *best the setting that meets the
 * goal (the best, when asked) for a SOUND item. */
pt_explore_problem explore_problem(const pt_explore *e, const pt_explore_when *when, int n_when, int *which,
    pt_figure *best);

/* A setting as text: "microbatches=27", knobs in order, separated by a
 * space; a named choice by its word ("sharding=zero-1").  The text a
 * draft, the store and the class report keep of an answer. */
void explore_setting_write(const pt_explore *e, const pt_figure *f, pt_strbuf *b);
/* Sets knob name to value text in f (a number, or a named choice's
 * word); false with a sentence for the learner in why when name is no
 * knob or the value is not one it takes (nothing changed then). */
bool explore_set(const pt_explore *e, pt_figure *f, const char *name, const char *value, char *why, size_t why_len);
/* Reads text written by explore_setting_write (or typed: "name=value" or
 * "name value" pairs, spaces or commas between) into f, starting from the
 * start setting; false with why as explore_set says, or when a knob is
 * named twice. */
bool explore_setting_read(const pt_explore *e, const char *text, pt_figure *f, char *why, size_t why_len);

/* A sentence on setting f for a learner (no answer in it): which
 * condition fails and by how much, or that a setting with fewer (more)
 * of the best knob meets the goal too.  Ends with no newline. */
void explore_explain(const pt_explore *e, pt_explore_verdict v, int cond, double got, const char *why, pt_strbuf *b);
/* The goal in words: "bubble (per cent of the time) at most 10, with the
 * fewest micro-batches". */
void explore_goal_text(const pt_explore *e, pt_strbuf *b);

#endif

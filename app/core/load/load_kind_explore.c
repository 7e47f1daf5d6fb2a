/* load_kind_explore.c - the loader's row of the explore kind.
 * An explore item: the learner turns knobs on the item's figure until its
 * computed numbers meet the goal (figure_explore.h).  Its fields:
 *   "knobs": {"microbatches": {"min": 1, "max": 64, "step": 1}, ...}
 *   "goal": {"all": [{"value": "bubble_percent", "at_most": 10}, ...],
 *            "minimise": "microbatches"}          (or "maximise")
 *   "wrong": [{"when": {"microbatches": 4}, "feedback": "..."}, ...]
 * read here against the type the figure names; the figure itself (the
 * start setting) is read after the kind's fields, so what needs it is
 * checked in explore_validate: a start off its knobs, a goal the start
 * meets or no setting reaches (the knobs' ranges searched with the model),
 * feedback for a setting that is right. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "paratutor/load/convert_kinds.h"
#include "paratutor/model/explore_item.h"
#include "paratutor/load/load_kind.h"

/* Appends the names of type t's parameters (outputs when outputs is set)
 * to buf as "a", "b" and "c". */
static const char *names_of(const pt_fig_type_info *ti, bool outputs, char *buf, size_t size)
{
	size_t used = 0, n = 0;
	buf[0] = '\0';
	if (outputs)
		while (ti->outputs[n] != NULL)
			n++;
	else
		n = ti->n_params;
	for (size_t i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s\"%s\"", i == 0 ? "" : i < n - 1 ? ", " : " and ",
		    outputs ? ti->outputs[i] : ti->params[i].name);
	return buf;
}

/* Reads one value of knob parameter p: a number in its range (whole when
 * it is) or, for a named choice, one of its words.  False with an error
 * at v otherwise. */
static bool knob_value(pt_loader *ld, const cJSON *v, const pt_fig_param *p, const char *what, double *out)
{
	pt_pos at = field_pos(ld, v);
	if (p->words != NULL) {
		char word[64];
		field_string_cut(v, word, sizeof word);
		for (int w = 0; p->words[w] != NULL; w++)
			if (cJSON_IsString(v) && strcmp(p->words[w], word) == 0) {
				*out = w;
				return true;
			}
		diags_add(ld->diags, ld->name, at, PT_ERROR, "%s of \"%s\" is one of its words, such as \"%s\"", what,
		    p->name, p->words[0]);
		return false;
	}
	if (!cJSON_IsNumber(v) || v->valuedouble < p->min || v->valuedouble > p->max ||
	    (p->whole && v->valuedouble != floor(v->valuedouble))) {
		diags_add(ld->diags, ld->name, at, PT_ERROR, "%s of \"%s\" is %s number from %g to %g", what, p->name,
		    p->whole ? "a whole" : "a", p->min, p->max);
		return false;
	}
	*out = v->valuedouble;
	return true;
}

/* Reads one knob: its parameter (the member's name) and its range. */
static bool load_knob(pt_loader *ld, const pt_fig_type_info *ti, pt_fig_type t, const cJSON *k, pt_knob *out)
{
	char list[400];
	int param = figure_param_find(t, k->string);
	if (param < 0) {
		diags_add(ld->diags, ld->name, field_key_pos(ld, k), PT_ERROR,
		    "\"%s\" is not a parameter of a %s figure; a knob is one of %s", k->string, ti->name,
		    names_of(ti, false, list, sizeof list));
		return false;
	}
	const pt_fig_param *p = &ti->params[param];
	if (!cJSON_IsObject(k)) {
		field_wrong_type(ld, k, k->string, "an object such as {\"min\": 1, \"max\": 64}");
		return false;
	}
	*out = (pt_knob){ param, p->words != NULL ? 0 : p->min, p->max, 1 };
	if (p->words != NULL) {
		int n = 0;
		while (p->words[n] != NULL)
			n++;
		out->max = n - 1;
	}
	bool ok = true, step_given = false;
	for (const cJSON *c = k->child; c != NULL; c = c->next) {
		if (strcmp(c->string, "min") == 0) {
			ok &= knob_value(ld, c, p, "the least value", &out->min);
		} else if (strcmp(c->string, "max") == 0) {
			ok &= knob_value(ld, c, p, "the greatest value", &out->max);
		} else if (strcmp(c->string, "step") == 0 && p->words == NULL) {
			step_given = true;
			if (!cJSON_IsNumber(c) || !(c->valuedouble > 0) || (p->whole && c->valuedouble != floor(c->valuedouble))) {
				diags_add(ld->diags, ld->name, field_pos(ld, c), PT_ERROR, "a knob's \"step\" is a %snumber above 0",
				    p->whole ? "whole " : "");
				ok = false;
			} else {
				out->step = c->valuedouble;
			}
		} else {
			diags_add(ld->diags, ld->name, field_key_pos(ld, c), PT_ERROR,
			    "unknown field \"%s\" in a knob; it takes \"min\", \"max\"%s", c->string,
			    p->words == NULL ? " and \"step\"" : " (words of its list)");
			ok = false;
		}
	}
	if (!step_given && p->words == NULL && !p->whole) {
		diags_add(ld->diags, ld->name, field_pos(ld, k), PT_ERROR,
		    "knob \"%s\" takes any number, so it needs a \"step\"", p->name);
		ok = false;
	}
	if (ok && out->min > out->max) {
		diags_add(ld->diags, ld->name, field_pos(ld, k), PT_ERROR, "knob \"%s\" has its \"min\" above its \"max\"",
		    p->name);
		ok = false;
	}
	if (ok && explore_knob_count(out) < 2) {
		diags_add(ld->diags, ld->name, field_pos(ld, k), PT_ERROR, "knob \"%s\" has one setting: nothing to turn",
		    p->name);
		ok = false;
	}
	return ok;
}

/* The knob named by string v, or -1 with an error. */
static int knob_named(pt_loader *ld, const pt_explore *e, const pt_fig_type_info *ti, const cJSON *v, const char *what)
{
	char name[64];
	field_string_cut(v, name, sizeof name);
	for (int k = 0; k < e->n_knobs; k++)
		if (cJSON_IsString(v) && strcmp(ti->params[e->knob[k].param].name, name) == 0)
			return k;
	diags_add(ld->diags, ld->name, field_pos(ld, v), PT_ERROR, "%s names one of the item's \"knobs\"", what);
	return -1;
}

/* Reads one condition: {"value": NAME, "at_most"|"at_least"|"equals": N}. */
static bool load_cond(pt_loader *ld, const pt_fig_type_info *ti, pt_fig_type t, const cJSON *c, pt_goal_cond *out)
{
	char list[400], word[64];
	if (!cJSON_IsObject(c)) {
		field_wrong_type(ld, c, "all[]", "an object such as {\"value\": \"bubble_percent\", \"at_most\": 10}");
		return false;
	}
	bool ok = true;
	int ops = 0;
	out->output = -1;
	for (const cJSON *m = c->child; m != NULL; m = m->next) {
		int op = explore_op_find(m->string);
		if (strcmp(m->string, "value") == 0) {
			out->output = figure_output_find(t, field_string_cut(m, word, sizeof word));
			if (out->output < 0 || !cJSON_IsString(m)) {
				diags_add(ld->diags, ld->name, field_pos(ld, m), PT_ERROR,
				    "a goal's \"value\" is one of a %s figure's values: %s", ti->name,
				    names_of(ti, true, list, sizeof list));
				ok = false;
			}
		} else if (op >= 0) {
			ops++;
			out->op = (pt_goal_op)op;
			if (!cJSON_IsNumber(m) || !isfinite(m->valuedouble)) {
				field_wrong_type(ld, m, m->string, "a number");
				ok = false;
			} else {
				out->value = m->valuedouble;
			}
		} else {
			diags_add(ld->diags, ld->name, field_key_pos(ld, m), PT_ERROR,
			    "unknown field \"%s\" in a goal's condition; it takes \"value\" and one of \"at_most\", "
			    "\"at_least\" or \"equals\"", m->string);
			ok = false;
		}
	}
	if (out->output < 0 && ok) {
		diags_add(ld->diags, ld->name, field_pos(ld, c), PT_ERROR, "a goal's condition needs \"value\"");
		ok = false;
	}
	if (ops != 1) {
		diags_add(ld->diags, ld->name, field_pos(ld, c), PT_ERROR,
		    "a goal's condition takes exactly one of \"at_most\", \"at_least\" or \"equals\"");
		ok = false;
	}
	return ok;
}

static void load_goal(pt_loader *ld, const cJSON *goal, const pt_fig_type_info *ti, pt_fig_type t, pt_explore *e)
{
	if (!cJSON_IsObject(goal)) {
		field_wrong_type(ld, goal, "goal", "an object such as {\"all\": [...], \"minimise\": \"microbatches\"}");
		return;
	}
	bool all_seen = false;
	for (const cJSON *m = goal->child; m != NULL; m = m->next) {
		if (strcmp(m->string, "all") == 0) {
			all_seen = true;
			if (!cJSON_IsArray(m) || cJSON_GetArraySize(m) < 1 || cJSON_GetArraySize(m) > EXP_MAX_CONDS) {
				diags_add(ld->diags, ld->name, field_pos(ld, m), PT_ERROR,
				    "a goal's \"all\" is an array of 1 to %d conditions", EXP_MAX_CONDS);
				continue;
			}
			const cJSON *c;
			cJSON_ArrayForEach(c, m) {
				if (load_cond(ld, ti, t, c, &e->cond[e->n_conds]))
					e->n_conds++;
			}
		} else if (strcmp(m->string, "minimise") == 0 || strcmp(m->string, "maximise") == 0) {
			if (e->best >= 0) {
				diags_add(ld->diags, ld->name, field_key_pos(ld, m), PT_ERROR,
				    "a goal takes one of \"minimise\" or \"maximise\"");
				continue;
			}
			e->best = knob_named(ld, e, ti, m, "a goal's \"minimise\" or \"maximise\"");
			e->maximise = m->string[1] == 'a';
		} else {
			diags_add(ld->diags, ld->name, field_key_pos(ld, m), PT_ERROR,
			    "unknown field \"%s\" in a goal; it takes \"all\" and one of \"minimise\" or \"maximise\"", m->string);
		}
	}
	if (!all_seen)
		diags_add(ld->diags, ld->name, field_pos(ld, goal), PT_ERROR,
		    "a goal needs \"all\": the conditions the figure's values must meet");
}

/* Reads "wrong": the author's feedback for common wrong settings. */
static void load_feedback(pt_loader *ld, const pt_fields *f, const pt_fig_type_info *ti, pt_item *item,
    const pt_explore *e)
{
	const cJSON *wrong = field_array(ld, f, F_WRONG, "an explore item", false);
	if (wrong == NULL)
		return;
	item->explore_fb = field_calloc(ld, (size_t)cJSON_GetArraySize(wrong) + 1, sizeof *item->explore_fb);
	if (item->explore_fb == NULL)
		return;
	const cJSON *w;
	cJSON_ArrayForEach(w, wrong) {
		if (!cJSON_IsObject(w)) {
			field_wrong_type(ld, w, "wrong[]", "an object such as {\"when\": {\"microbatches\": 4}, \"feedback\": \"...\"}");
			continue;
		}
		pt_explore_feedback *fb = &item->explore_fb[item->n_explore_fb];
		fb->pos = field_pos(ld, w);
		bool ok = true, when_seen = false;
		for (const cJSON *m = w->child; m != NULL; m = m->next) {
			if (strcmp(m->string, "feedback") == 0) {
				ok &= field_take_text(ld, m, "feedback", &fb->text);
			} else if (strcmp(m->string, "when") == 0 && cJSON_IsObject(m) && m->child != NULL) {
				when_seen = true;
				for (const cJSON *k = m->child; k != NULL; k = k->next) {
					int n = -1;
					for (int i = 0; i < e->n_knobs; i++)
						if (strcmp(ti->params[e->knob[i].param].name, k->string) == 0)
							n = i;
					if (n < 0 || fb->when.n == EXP_MAX_KNOBS) {
						diags_add(ld->diags, ld->name, field_key_pos(ld, k), PT_ERROR,
						    "\"%s\" is not one of the item's \"knobs\"", k->string);
						ok = false;
						continue;
					}
					double x;
					if (!knob_value(ld, k, &ti->params[e->knob[n].param], "a setting", &x)) {
						ok = false;
					} else if (!explore_on_knob(&e->knob[n], x)) {
						diags_add(ld->diags, ld->name, field_pos(ld, k), PT_ERROR,
						    "this setting is outside knob \"%s\"'s range and steps", k->string);
						ok = false;
					} else {
						fb->when.knob[fb->when.n] = n;
						fb->when.v[fb->when.n++] = x;
					}
				}
			} else if (strcmp(m->string, "when") == 0) {
				field_wrong_type(ld, m, "when", "an object of knobs and their values, such as {\"microbatches\": 4}");
				ok = false;
			} else {
				diags_add(ld->diags, ld->name, field_key_pos(ld, m), PT_ERROR,
				    "unknown field \"%s\" in a wrong setting; it takes \"when\" and \"feedback\"", m->string);
				ok = false;
			}
		}
		if (!when_seen || fb->text.s == NULL) {
			diags_add(ld->diags, ld->name, fb->pos, PT_ERROR, "a wrong setting needs \"when\" and \"feedback\"");
			ok = false;
		}
		if (ok)
			item->n_explore_fb++;
	}
}

/* Reads the knobs, the goal and the feedback against the type the
 * item's figure names. */
static void explore_load(pt_loader *ld, const pt_fields *f, pt_item *item)
{
	const cJSON *fig = f->v[F_FIGURE];
	const cJSON *knobs = field_get(ld, f, F_KNOBS, "an explore item", true);
	const cJSON *goal = field_get(ld, f, F_GOAL, "an explore item", true);
	if (fig == NULL) {
		diags_add(ld->diags, ld->name, item->pos, PT_ERROR,
		    "an explore item needs a \"figure\": the picture whose parameters its knobs turn");
		return;
	}
	char word[32];
	int t = figure_type_find(field_string_cut(cJSON_GetObjectItemCaseSensitive(fig, "type"), word, sizeof word));
	if (t < 0 || knobs == NULL || goal == NULL)
		return; /* the figure's reader reports a bad type */
	const pt_fig_type_info *ti = figure_type((pt_fig_type)t);
	pt_explore *e = field_calloc(ld, 1, sizeof *e);
	if (e == NULL)
		return;
	e->best = -1;
	item->knobs_pos = field_pos(ld, knobs);
	item->goal_pos = field_pos(ld, goal);
	bool ok = true;
	if (!cJSON_IsObject(knobs) || knobs->child == NULL || cJSON_GetArraySize(knobs) > EXP_MAX_KNOBS) {
		diags_add(ld->diags, ld->name, item->knobs_pos, PT_ERROR,
		    "\"knobs\" is an object of 1 to %d of the figure's parameters, such as {\"microbatches\": {\"min\": 1, "
		    "\"max\": 64}}", EXP_MAX_KNOBS);
		return;
	}
	for (const cJSON *k = knobs->child; k != NULL; k = k->next) {
		for (int i = 0; i < e->n_knobs; i++)
			if (strcmp(ti->params[e->knob[i].param].name, k->string) == 0) {
				diags_add(ld->diags, ld->name, field_key_pos(ld, k), PT_ERROR, "knob \"%s\" is given twice",
				    k->string);
				ok = false;
			}
		item->knob_pos[e->n_knobs] = field_pos(ld, k);
		if (load_knob(ld, ti, (pt_fig_type)t, k, &e->knob[e->n_knobs]))
			e->n_knobs++;
		else
			ok = false;
	}
	load_goal(ld, goal, ti, (pt_fig_type)t, e);
	load_feedback(ld, f, ti, item, e);
	if (ok)
		item->explore = e;
}

/* What needs the figure: its place, the start on the knobs, and a goal the
 * model can meet from it (the knobs' settings tried one by one). */
static void explore_validate(const pt_lesson *l, const pt_item *it, pt_diags *d)
{
	pt_explore e;
	if (it->figure != NULL && it->figure_at != PT_FIGURE_AT_PROMPT)
		diags_add(d, l->path, it->figure_pos, PT_ERROR,
		    "an explore item's figure is what the learner turns: it shows with the prompt, so it takes no \"at\"");
	if (!explore_of(it, &e) || e.n_conds == 0)
		return;
	pt_fig_result r;
	char why[200];
	if (!figure_compute(&e.start, &r, why, sizeof why)) {
		figure_result_free(&r);
		return; /* the figure's reader reported it */
	}
	figure_result_free(&r);
	const pt_fig_type_info *ti = figure_type(e.start.type);
	int which;
	pt_figure best;
	pt_explore_feedback *fb = it->explore_fb;
	pt_explore_when when[16];
	int n_when = 0;
	for (size_t i = 0; i < it->n_explore_fb && n_when < 16; i++)
		when[n_when++] = fb[i].when;
	switch (explore_problem(&e, when, n_when, &which, &best)) {
	case PT_EXPLORE_START_OFF:
		diags_add(d, l->path, it->knob_pos[which], PT_ERROR,
		    "the figure's \"%s\" (the start) is outside this knob's range and steps", ti->params[e.knob[which].param].name);
		break;
	case PT_EXPLORE_START_CANNOT:
		diags_add(d, l->path, it->figure_pos, PT_ERROR, "this figure cannot be drawn at its start setting");
		break;
	case PT_EXPLORE_START_MEETS:
		diags_add(d, l->path, it->goal_pos, PT_ERROR,
		    "the figure as written already meets this goal: start the knobs where it fails");
		break;
	case PT_EXPLORE_TOO_MANY:
		diags_add(d, l->path, it->knobs_pos, PT_ERROR,
		    "these knobs have more than %d settings between them: narrow their ranges or widen their steps",
		    EXP_MAX_SETTINGS);
		break;
	case PT_EXPLORE_UNREACHABLE:
		diags_add(d, l->path, it->goal_pos, PT_ERROR,
		    "no setting of the knobs meets this goal (every one was tried with the %s model)", ti->name);
		break;
	case PT_EXPLORE_WHEN_RIGHT:
		diags_add(d, l->path, fb[which].pos, PT_ERROR,
		    "this setting meets the goal: feedback for a wrong setting must name a wrong one");
		break;
	default:
		break;
	}
}

/* Folds the knobs and the goal into an item hash (the start is the
 * figure's, hashed with it). */
static unsigned long long explore_hash(unsigned long long h, const pt_item *it)
{
	const pt_explore *e = it->explore;
	if (e == NULL)
		return h;
	for (int k = 0; k < e->n_knobs; k++)
		h = lesson_hash_num(lesson_hash_num(lesson_hash_num(lesson_hash_num(h, e->knob[k].param), e->knob[k].min),
		    e->knob[k].max), e->knob[k].step);
	for (int c = 0; c < e->n_conds; c++)
		h = lesson_hash_num(lesson_hash_num(lesson_hash_num(h, e->cond[c].output), e->cond[c].op), e->cond[c].value);
	h = lesson_hash_num(lesson_hash_num(h, e->best), e->maximise);
	if (it->figure != NULL) {
		h = lesson_hash_num(h, it->figure->type);
		for (int i = 0; i < FIG_MAX_PARAMS; i++)
			h = lesson_hash_num(h, it->figure->v[i]);
	}
	return h;
}

const pt_load_kind load_kind_explore = {
	.kind = PT_KIND_EXPLORE, .name = "explore", .what = "an explore item", .shape = PT_SHAPE_TYPED, .format = 2,
	.fields = EXPLORE_FIELDS, .load = explore_load, .validate = explore_validate, .hash = explore_hash,
	.giveaway = lint_explore_giveaways,
};

/* convert_figure.c - an item's "figure" (figure.h): its type, its
 * parameters by the type's table, where it shows ("at") and which of its
 * figures a numeric item's key must equal ("check"), each error at its
 * place.  The figure is computed once here, so a figure that cannot be
 * drawn, or a key the model does not give, fails --check. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "paratutor/load/convert_field.h"
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/model/figure.h"
#include "paratutor/model/lesson.h"

/* Joins n names (n 0: up to a NULL) as "a", "b" or "c" into buf (with
 * "and" for the last when and is set). */
static const char *joined(const char *const *names, size_t n, bool and, char *buf, size_t size)
{
	size_t used = 0;
	if (n == 0)
		while (names[n] != NULL)
			n++;
	buf[0] = '\0';
	for (size_t i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s\"%s\"", i == 0 ? "" : i < n - 1 ? ", " : and ? " and " : " or ",
		    names[i]);
	return buf;
}

/* The same with "or". */
static const char *quoted_list(const char *const *names, size_t n, char *buf, size_t size)
{
	return joined(names, n, false, buf, size);
}

/* Reads a mesh's "axes": an object of axis names and whole sizes; false
 * when any is wrong. */
static bool read_axes(pt_loader *ld, const cJSON *axes, pt_figure *fig)
{
	if (!cJSON_IsObject(axes)) {
		field_wrong_type(ld, axes, "axes", "an object such as {\"dp\": 2, \"tp\": 4}");
		return false;
	}
	bool ok = true;
	for (const cJSON *a = axes->child; a != NULL; a = a->next) {
		pt_pos at = field_pos(ld, a);
		if (fig->n_axes == FIG_MAX_AXES) {
			diags_add(ld->diags, ld->name, at, PT_ERROR, "a mesh has at most %d axes", FIG_MAX_AXES);
			return false;
		}
		size_t len = strlen(a->string);
		bool name_ok = len > 0 && len < FIG_AXIS_NAME;
		for (size_t i = 0; i < len; i++)
			name_ok &= (a->string[i] >= 'a' && a->string[i] <= 'z') || (a->string[i] >= '0' && a->string[i] <= '9') ||
			    a->string[i] == '_';
		ok &= name_ok;
		if (!name_ok)
			diags_add(ld->diags, ld->name, field_key_pos(ld, a), PT_ERROR,
			    "an axis name is 1 to %d lower-case letters, digits or '_', such as \"dp\"", FIG_AXIS_NAME - 1);
		else if (!cJSON_IsNumber(a) || a->valuedouble < 1 || a->valuedouble > FIG_MAX_RANKS ||
		    a->valuedouble != floor(a->valuedouble)) {
			diags_add(ld->diags, ld->name, at, PT_ERROR, "axis \"%s\" takes a whole number of ranks from 1 to %d",
			    a->string, FIG_MAX_RANKS);
			ok = false;
		} else {
			snprintf(fig->axis[fig->n_axes], FIG_AXIS_NAME, "%s", a->string);
			fig->axis_size[fig->n_axes++] = (int)a->valuedouble;
		}
	}
	return ok;
}

/* Reads one parameter of the figure; false when it is wrong. */
static bool read_param(pt_loader *ld, const cJSON *c, const pt_fig_param *p, double *out)
{
	char list[256];
	pt_pos at = field_pos(ld, c);
	if (p->words != NULL) {
		char word[32];
		field_string_cut(c, word, sizeof word);
		for (int w = 0; cJSON_IsString(c) && p->words[w] != NULL; w++)
			if (strcmp(p->words[w], word) == 0) {
				*out = w;
				return true;
			}
		diags_add(ld->diags, ld->name, at, PT_ERROR, "\"%s\" takes %s", p->name,
		    quoted_list(p->words, 0, list, sizeof list));
		return false;
	}
	if (!cJSON_IsNumber(c) || c->valuedouble < p->min || c->valuedouble > p->max ||
	    (p->whole && c->valuedouble != floor(c->valuedouble))) {
		diags_add(ld->diags, ld->name, at, PT_ERROR, "\"%s\" takes %s number from %g to %g", p->name,
		    p->whole ? "a whole" : "a", p->min, p->max);
		return false;
	}
	*out = c->valuedouble;
	return true;
}

/* Holds a numeric item's key to the figure it names. */
static void check_key(pt_loader *ld, const pt_item *item, const cJSON *check, const pt_fig_result *r)
{
	const pt_fig_type_info *ti = figure_type(item->figure->type);
	double want = r->out[item->figure_check];
	if (!(load_kind(item->kind)->fields & BIT(F_ANSWER))) {
		diags_add(ld->diags, ld->name, field_pos(ld, check), PT_ERROR,
		    "\"check\" holds a numeric item's answer to the figure; this item is not numeric");
	} else if (want < item->answer.min - 1e-9 * fabs(want) || want > item->answer.max + 1e-9 * fabs(want)) {
		diags_add(ld->diags, ld->name, item->answer.pos, PT_ERROR,
		    "the answer %s does not match the figure: the %s model gives %s = %.6g",
		    item->answer.written ? item->answer.written : "given", ti->name, ti->outputs[item->figure_check], want);
	}
}

/* A numeric item's figure under its prompt must not print the answer:
 * none of the figures it writes may fall in the key's range. */
static void check_shown(pt_loader *ld, const pt_item *item, const pt_fig_result *r)
{
	const pt_fig_type_info *ti = figure_type(item->figure->type);
	/* The figure as written and in the units an answer may use instead
	 * (a fraction for a percentage, GB or MB for bytes). */
	static const double scales[] = { 1, 0.01, 1e-6, 1e-9 };
	for (int k = 0; ti->outputs[k] != NULL; k++) {
		for (size_t u = 0; u < sizeof scales / sizeof scales[0]; u++) {
			double v = r->out[k] * scales[u];
			if (v != 0 && v >= item->answer.min - 1e-9 * fabs(v) && v <= item->answer.max + 1e-9 * fabs(v)) {
				diags_add(ld->diags, ld->name, item->figure_pos, PT_ERROR,
				    "this figure shows %s = %.6g under the prompt, which is the item's answer: "
				    "give it \"at\": \"explanation\"", ti->outputs[k], r->out[k]);
				return;
			}
		}
	}
}

void load_figure(pt_loader *ld, const pt_fields *f, pt_item *item)
{
	const cJSON *obj = f->v[F_FIGURE];
	char list[256];
	if (obj == NULL)
		return;
	if (!cJSON_IsObject(obj)) {
		field_wrong_type(ld, obj, "figure", "an object");
		return;
	}
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(obj, "type");
	static const char *const type_names[] = { "pipeline", "memory", "collective", "mesh", NULL };
	char word[32];
	int t = cJSON_IsString(type) ? figure_type_find(field_string_cut(type, word, sizeof word)) : -1;
	if (t < 0) {
		diags_add(ld->diags, ld->name, field_pos(ld, type ? type : obj), PT_ERROR, "a figure's \"type\" is one of %s",
		    quoted_list(type_names, 0, list, sizeof list));
		return;
	}
	pt_figure *fig = field_calloc(ld, 1, sizeof *fig);
	if (fig == NULL)
		return;
	figure_defaults(fig, (pt_fig_type)t);
	const pt_fig_type_info *ti = figure_type((pt_fig_type)t);
	bool given[FIG_MAX_PARAMS] = { false }, ok = true;
	const cJSON *check = NULL;
	item->figure_check = -1;
	item->figure_at = PT_FIGURE_AT_PROMPT;
	for (const cJSON *c = obj->child; c != NULL; c = c->next) {
		int k = figure_param_find((pt_fig_type)t, c->string);
		if (strcmp(c->string, "type") == 0) {
			continue;
		} else if (strcmp(c->string, "at") == 0) {
			static const char *const ats[] = { "prompt", "explanation", NULL };
			field_string_cut(c, word, sizeof word);
			if (strcmp(word, "explanation") == 0)
				item->figure_at = PT_FIGURE_AT_EXPLANATION;
			else if (strcmp(word, "prompt") != 0)
				diags_add(ld->diags, ld->name, field_pos(ld, c), PT_ERROR, "a figure's \"at\" is %s",
				    quoted_list(ats, 0, list, sizeof list));
		} else if (strcmp(c->string, "check") == 0) {
			check = c;
			item->figure_check = figure_output_find((pt_fig_type)t, field_string_cut(c, word, sizeof word));
			if (item->figure_check < 0)
				diags_add(ld->diags, ld->name, field_pos(ld, c), PT_ERROR, "a %s figure's \"check\" is one of %s",
				    ti->name, quoted_list(ti->outputs, 0, list, sizeof list));
		} else if (strcmp(c->string, "axes") == 0 && t == PT_FIG_MESH) {
			ok &= read_axes(ld, c, fig);
		} else if (k >= 0) {
			given[k] = true;
			ok &= read_param(ld, c, &ti->params[k], &fig->v[k]);
		} else {
			const char *names[FIG_MAX_PARAMS + 4] = { "type" };
			size_t n = 1;
			for (size_t i = 0; i < ti->n_params; i++)
				names[n++] = ti->params[i].name;
			if (t == PT_FIG_MESH)
				names[n++] = "axes";
			names[n++] = "at";
			names[n++] = "check";
			diags_add(ld->diags, ld->name, field_key_pos(ld, c), PT_ERROR, "unknown field \"%s\" in a %s figure; it takes %s",
			    c->string, ti->name, joined(names, n, true, list, sizeof list));
			ok = false;
		}
	}
	for (size_t i = 0; i < ti->n_params; i++)
		if (ti->params[i].required && !given[i]) {
			diags_add(ld->diags, ld->name, field_pos(ld, obj), PT_ERROR, "a %s figure needs \"%s\"", ti->name,
			    ti->params[i].name);
			ok = false;
		}
	if (check != NULL && item->figure_check >= 0 && item->figure_at == PT_FIGURE_AT_PROMPT)
		diags_add(ld->diags, ld->name, field_pos(ld, check), PT_ERROR,
		    "this figure computes the item's answer, so it would show the answer before it is earned: "
		    "give it \"at\": \"explanation\"");
	item->figure = fig;
	item->figure_pos = field_pos(ld, obj);
	if (!ok)
		return;
	pt_fig_result r;
	char why[200];
	if (!figure_compute(fig, &r, why, sizeof why))
		diags_add(ld->diags, ld->name, item->figure_pos, PT_ERROR, "this figure cannot be drawn: %s", why);
	else if (check != NULL && item->figure_check >= 0)
		check_key(ld, item, check, &r);
	else if ((load_kind(item->kind)->fields & BIT(F_ANSWER)) && item->figure_at == PT_FIGURE_AT_PROMPT)
		check_shown(ld, item, &r);
	figure_result_free(&r);
}

/* class_analysis.c - the class report's analysis over the stores class.c
 * read: each lesson's score distribution, each item's upper-lower
 * discrimination, Moodle's facility index, discrimination index and
 * discriminative efficiency, and the flags with what each suggests
 * checking (see class.h and docs/class.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/report/class.h"
#include "paratutor/report/class_parts.h"
#include "paratutor/learn/kind.h"

/* ---- analysis ---------------------------------------------------------- */

/* A learner ranked in a lesson. */
typedef struct ranked_learner {
	int score;
	size_t learner;
} ranked_learner;

/* Orders ranked learners by lesson score, highest first, then by learner
 * order. */
static int rank_cmp(const void *a, const void *b)
{
	const ranked_learner *x = a, *y = b;
	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	return x->learner < y->learner ? -1 : x->learner > y->learner;
}

/* Sets the discrimination of each item of lesson li from the ranked
 * learners (n of them, best first). */
static void discriminate(pt_class *c, size_t li, const ranked_learner *ranked, size_t n)
{
	pt_class_lesson *l = &c->lessons[li];
	size_t k = (n * PT_CLASS_GROUP_PCT + 50) / 100;
	l->group = k;
	for (size_t i = 0; k > 0 && i < l->n_items; i++) {
		size_t met[2] = { 0, 0 }, right[2] = { 0, 0 };
		for (size_t g = 0; g < 2; g++)
			for (size_t m = 0; m < k; m++) {
				size_t who = g == 0 ? ranked[m].learner : ranked[n - k + m].learner;
				unsigned char s = c->states[who * c->n_items + l->first + i];
				met[g] += s == STATE_MET || s == STATE_RIGHT;
				right[g] += s == STATE_RIGHT;
			}
		pt_class_item *ci = &l->items[i];
		ci->discriminates = met[0] > 0 && met[1] > 0;
		if (ci->discriminates)
			ci->discrimination = (double)right[0] / (double)met[0] - (double)right[1] / (double)met[1];
	}
}

/* Fills lesson li's histogram, mean and median and its items'
 * discrimination; ranked has room for every learner. */
static void analyse_lesson(pt_class *c, size_t li, ranked_learner *ranked)
{
	pt_class_lesson *l = &c->lessons[li];
	size_t n = 0;
	long sum = 0;
	for (size_t L = 0; L < c->n_learners; L++) {
		int s = class_score(c, L, li);
		if (s < 0)
			continue;
		ranked[n++] = (ranked_learner){ s, L };
		sum += s;
		l->histogram[s >= 100 ? PT_CLASS_BINS - 1 : s / (100 / PT_CLASS_BINS)]++;
	}
	if (n == 0)
		return;
	qsort(ranked, n, sizeof *ranked, rank_cmp);
	l->mean_score = (double)sum / (double)n;
	l->median_score = (ranked[(n - 1) / 2].score + ranked[n / 2].score) / 2.0;
	l->small_sample = n < PT_CLASS_SMALL_SAMPLE;
	discriminate(c, li, ranked, n);
}

/* Orders doubles ascending. */
static int double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

double class_co_sum(const double *a, const double *b, size_t n)
{
	double ma = 0, mb = 0, s = 0;
	for (size_t i = 0; i < n; i++) {
		ma += a[i];
		mb += b[i];
	}
	ma /= (double)n;
	mb /= (double)n;
	for (size_t i = 0; i < n; i++)
		s += (a[i] - ma) * (b[i] - mb);
	return s;
}

/* Sets Moodle's facility index, discrimination index and discriminative
 * efficiency of each item of lesson li over its n ranked learners; x and
 * rest have room for n values each, and sx and sr as well. */
static void moodle_figures(pt_class *c, size_t li, const ranked_learner *ranked, size_t n, double *x, double *rest,
    double *sx, double *sr)
{
	pt_class_lesson *l = &c->lessons[li];
	for (size_t i = 0; i < l->n_items; i++) {
		pt_class_item *ci = &l->items[i];
		double total = 0;
		for (size_t k = 0; k < n; k++) {
			const short *row = &c->item_scores[ranked[k].learner * c->n_items + l->first];
			double t = 0;
			for (size_t j = 0; j < l->n_items; j++)
				t += row[j];
			x[k] = row[i];
			rest[k] = t - row[i];
			total += x[k];
		}
		ci->has_facility_index = n > 0;
		ci->facility_index = n > 0 ? total / (double)n : 0;
		if (n < 2)
			continue;
		double cxr = class_co_sum(x, rest, n), vx = class_co_sum(x, x, n), vr = class_co_sum(rest, rest, n);
		ci->has_discrimination_index = vx > 0 && vr > 0;
		if (ci->has_discrimination_index)
			ci->discrimination_index = 100 * cxr / sqrt(vx * vr);
		memcpy(sx, x, n * sizeof *x);
		memcpy(sr, rest, n * sizeof *rest);
		qsort(sx, n, sizeof *sx, double_cmp);
		qsort(sr, n, sizeof *sr, double_cmp);
		double cmax = class_co_sum(sx, sr, n);
		ci->has_efficiency = cmax > 0;
		if (ci->has_efficiency)
			ci->discriminative_efficiency = 100 * cxr / cmax;
	}
}

/* Returns true when bank option o of a slots item is right in no slot
 * (its kind row's slot_takes): a distractor. */
static bool bank_distractor(const pt_item *item, size_t o)
{
	const pt_kind_ops *k = kind_ops(item->kind);
	for (size_t b = 0; b < k->slots(item); b++)
		if (k->slot_takes(item, (int)b, (int)o))
			return false;
	return true;
}

/* Sets the flags of lesson li's items and wrong answers; group[L] is +1
 * for a learner in the upper 27%, -1 in the lower, 0 otherwise. */
static void flag_lesson(pt_class *c, size_t li, const signed char *group)
{
	pt_class_lesson *l = &c->lessons[li];
	for (size_t i = 0; i < l->n_items; i++) {
		pt_class_item *ci = &l->items[i];
		if (ci->has_discrimination_index)
			ci->flags |= ci->discrimination_index < 0 ? PT_CLASS_FLAG_NEGATIVE
			           : ci->discrimination_index < PT_CLASS_DI_LOW ? PT_CLASS_FLAG_FLAT : 0;
		if (ci->has_facility_index && ci->met > 0)
			ci->flags |= ci->facility_index <= PT_CLASS_F_LOW ? PT_CLASS_FLAG_HARD
			           : ci->facility_index >= PT_CLASS_F_HIGH ? PT_CLASS_FLAG_EASY : 0;
		for (size_t o = 0; o < ci->n_wrong; o++) {
			pt_class_option *op = &ci->wrong[o];
			for (size_t k = 0; k < op->n_who; k++) {
				op->upper += group[op->who[k]] > 0;
				op->lower += group[op->who[k]] < 0;
			}
			if (op->upper > op->lower)
				op->flags |= PT_CLASS_FLAG_STRONG_PICK;
			if (op->distractor && op->picks == 0 && ci->met > 0)
				op->flags |= PT_CLASS_FLAG_UNPICKED;
		}
	}
}

/* Adds to each fill and match item of lesson li the bank options no place
 * accepts that no learner put anywhere, as unpicked distractors (place
 * 0); false when out of memory. */
static bool list_unpicked_bank(pt_class *c, size_t li)
{
	pt_class_lesson *l = &c->lessons[li];
	for (size_t i = 0; i < l->n_items; i++) {
		pt_class_item *ci = &l->items[i];
		const pt_item *item = ci->item;
		if (kind_shape(item->kind) != PT_SHAPE_SLOTS)
			continue;
		for (size_t o = 0; o < item->bank.n; o++) {
			const char *text = item->bank.v[o].s;
			if (text == NULL || !bank_distractor(item, o))
				continue;
			size_t picks = 0;
			for (size_t w = 0; w < ci->n_wrong; w++)
				if (strcmp(ci->wrong[w].text, text) == 0)
					picks += ci->wrong[w].picks;
			if (picks > 0)
				continue;
			pt_class_option *op = class_add_wrong(ci, 0, text, NULL, false);
			if (op == NULL)
				return false;
			op->distractor = true;
		}
	}
	return true;
}

/* Computes Moodle's figures and the flags of every lesson; false when
 * out of memory. */
static bool figures_and_flags(pt_class *c)
{
	size_t n = c->n_learners ? c->n_learners : 1;
	ranked_learner *ranked = calloc(n, sizeof *ranked);
	double *v = calloc(4 * n, sizeof *v);
	signed char *group = calloc(n, 1);
	bool ok = ranked != NULL && v != NULL && group != NULL;
	for (size_t li = 0; ok && li < c->n_lessons; li++) {
		size_t k = 0;
		for (size_t L = 0; L < c->n_learners; L++) {
			int s = class_score(c, L, li);
			if (s >= 0)
				ranked[k++] = (ranked_learner){ s, L };
		}
		qsort(ranked, k, sizeof *ranked, rank_cmp);
		moodle_figures(c, li, ranked, k, v, v + n, v + 2 * n, v + 3 * n);
		memset(group, 0, n);
		size_t g = c->lessons[li].group;
		for (size_t m = 0; m < g && m < k; m++) {
			group[ranked[m].learner] = 1;
			group[ranked[k - 1 - m].learner] = -1;
		}
		ok = list_unpicked_bank(c, li);
		if (ok)
			flag_lesson(c, li, group);
	}
	free(ranked);
	free(v);
	free(group);
	return ok;
}

const char *class_flag_name(unsigned flag)
{
	switch (flag) {
	case PT_CLASS_FLAG_NEGATIVE: return "negative_discrimination";
	case PT_CLASS_FLAG_FLAT: return "low_discrimination";
	case PT_CLASS_FLAG_HARD: return "very_hard";
	case PT_CLASS_FLAG_EASY: return "very_easy";
	case PT_CLASS_FLAG_UNPICKED: return "distractor_not_picked";
	case PT_CLASS_FLAG_STRONG_PICK: return "picked_by_strong_learners";
	default: return "unknown";
	}
}

const char *class_flag_text(unsigned flag)
{
	switch (flag) {
	case PT_CLASS_FLAG_NEGATIVE:
		return "negative discrimination index: learners who do well on the rest of the lesson do worse on this "
		       "item; check the key, and whether the prompt can be read another way";
	case PT_CLASS_FLAG_FLAT:
		return "discrimination index near zero: the item hardly tells stronger from weaker learners; check that "
		       "it tests what the lesson teaches, and that it is not answered by guessing";
	case PT_CLASS_FLAG_HARD:
		return "facility index near 0: almost no one scores on it; check the key, the wording, and whether the "
		       "lesson teaches it before asking";
	case PT_CLASS_FLAG_EASY:
		return "facility index near 100: almost everyone scores full; check whether the answer shows through "
		       "(wording, option length, a hint in the prompt)";
	case PT_CLASS_FLAG_UNPICKED:
		return "a distractor no one picked: it does no work; make it a mistake learners really make, or drop it";
	case PT_CLASS_FLAG_STRONG_PICK:
		return "more of the strongest learners than of the weakest gave this answer: check whether it is also "
		       "right, or whether the key or its feedback is wrong";
	default:
		return "";
	}
}

/* Orders an item's wrong answers by place, then most picked first, then
 * as listed. */
static int wrong_cmp(const void *a, const void *b)
{
	const pt_class_option *x = a, *y = b;
	if (x->place != y->place)
		return x->place < y->place ? -1 : 1;
	if (x->picks != y->picks)
		return x->picks > y->picks ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

bool class_analyse(pt_class *c)
{
	ranked_learner *ranked = calloc(c->n_learners ? c->n_learners : 1, sizeof *ranked);
	if (ranked == NULL)
		return false;
	for (size_t li = 0; li < c->n_lessons; li++)
		analyse_lesson(c, li, ranked);
	free(ranked);
	if (!figures_and_flags(c))
		return false;
	for (size_t li = 0; li < c->n_lessons; li++) {
		for (size_t i = 0; i < c->lessons[li].n_items; i++) {
			pt_class_item *ci = &c->lessons[li].items[i];
			if (ci->n_wrong > 1)
				qsort(ci->wrong, ci->n_wrong, sizeof *ci->wrong, wrong_cmp);
			class_unindex_wrong(ci);
		}
	}
	return true;
}

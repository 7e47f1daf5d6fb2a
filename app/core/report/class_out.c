/* class_out.c - the class report as text: a table for reading, CSV and
 * JSON for tools, and a gradebook CSV for Moodle's and Canvas's grade
 * import.  Building the text is all it does; printing is the caller's.
 * The exams' parts are class_exam_out.c's, the gradebook class_book.c's;
 * the pieces all three write are class_put.c's (class_parts.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/base/strbuf.h"
#include "paratutor/report/class.h"
#include "paratutor/report/class_parts.h"
#include "paratutor/learn/kind.h"
#include "paratutor/base/sanitise.h"
#include "paratutor/base/text.h"

#define BAR_WIDTH 40      /* columns of the longest histogram bar */
#define ID_WIDTH_MAX 32   /* widest item id column in the table */
#define OPTION_WIDTH 40   /* option text shown in the table, columns */
#define SENTENCE_WIDTH 90 /* misconception shown in the table, columns */
#define CONCEPT_WIDTH 42  /* a concept's label in the table, columns */

/* Appends n spaces. */
static void pad(pt_strbuf *b, int n)
{
	for (; n > 0; n--)
		strbuf_put(b, " ", 1);
}

/* ---- table ------------------------------------------------------------- */

/* Appends s cut to at most width columns, with "..." when cut, and
 * returns the columns used.  Line breaks become spaces. */
static int put_cut(pt_strbuf *b, const char *s, int width)
{
	size_t len = strlen(s), i = 0, keep = 0;
	int used = 0;
	bool cut = text_width(s, len) > width;
	int room = cut ? width - 3 : width;
	while (i < len) {
		size_t at = i;
		unsigned cp = text_decode(s, len, &i);
		int w = text_cp_width(cp);
		if (used + w > room) {
			i = at;
			break;
		}
		used += w;
		keep = i;
	}
	for (size_t k = 0; k < keep; k++)
		strbuf_put(b, s[k] == '\n' || s[k] == '\r' || s[k] == '\t' ? " " : &s[k], 1);
	if (cut) {
		strbuf_puts(b, "...");
		used += 3;
	}
	return used;
}

/* Appends the first sentence of feedback (through its first ". ", or all
 * of it), cut to SENTENCE_WIDTH columns. */
static void put_sentence(pt_strbuf *b, const char *feedback)
{
	const char *end = strstr(feedback, ". ");
	size_t n = end != NULL ? (size_t)(end - feedback) + 1 : strlen(feedback);
	char *first = strndup(feedback, n);
	if (first == NULL) {
		b->failed = true;
		return;
	}
	put_cut(b, first, SENTENCE_WIDTH);
	free(first);
}

/* Appends a lesson's score histogram, one line per bin. */
static void table_histogram(pt_strbuf *b, const pt_class_lesson *l)
{
	size_t most = 0;
	for (int i = 0; i < PT_CLASS_BINS; i++)
		if (l->histogram[i] > most)
			most = l->histogram[i];
	int step = 100 / PT_CLASS_BINS;
	for (int i = 0; i < PT_CLASS_BINS; i++) {
		char label[16];
		snprintf(label, sizeof label, "%d-%d", i * step, i + 1 == PT_CLASS_BINS ? 100 : i * step + step - 1);
		size_t bar = most ? (l->histogram[i] * BAR_WIDTH + most - 1) / most : 0;
		strbuf_printf(b, "    %6s |", label);
		for (size_t k = 0; k < BAR_WIDTH; k++)
			strbuf_put(b, k < bar ? "#" : " ", 1);
		strbuf_printf(b, " %zu\n", l->histogram[i]);
	}
}

/* Appends a space and the number x with two decimals, or "-" when
 * x < 0, right aligned in width columns. */
static void put_num(pt_strbuf *b, double x, int width)
{
	if (x < 0)
		strbuf_printf(b, " %*s", width, "-");
	else
		strbuf_printf(b, " %*.2f", width, x);
}

/* Appends a space and a percentage with one decimal right aligned in
 * width columns, or "-" when not defined. */
static void put_pct(pt_strbuf *b, bool defined, double x, int width)
{
	if (!defined) {
		strbuf_printf(b, " %*s", width, "-");
		return;
	}
	char num[32];
	snprintf(num, sizeof num, "%.1f%%", class_rounded(x, 1));
	strbuf_printf(b, " %*s", width, num);
}

/* Returns what a place of the item is called: "blank", "pair" or
 * "position" (fill, match, order), NULL for the other kinds. */
static const char *place_word(const pt_item *item)
{
	return kind_ops(item->kind)->slot_word;
}

/* Appends the heading of a place of the item: "blank 2, wrong for 2 of
 * 3", a match pair with its left prompt. */
static void table_place(pt_strbuf *b, const pt_class_item *ci, int place)
{
	if (place <= 0) {
		strbuf_printf(b, "%s not recorded (an older paratutor), wrong for %zu:", place_word(ci->item), ci->unplaced);
		return;
	}
	strbuf_printf(b, "%s %d", place_word(ci->item), place);
	if ((size_t)place <= ci->item->n_lefts && ci->item->lefts[place - 1].s != NULL) { /* a match pair */
		strbuf_puts(b, " (\"");
		put_cut(b, ci->item->lefts[place - 1].s, OPTION_WIDTH);
		strbuf_puts(b, "\")");
	}
	strbuf_printf(b, ", wrong for %zu of %zu:", ci->place_wrong[place - 1], ci->met);
}

/* Appends the positions most often misplaced, most first, of an item
 * whose bank entries each stand in one place (an order's steps). */
static void table_misplaced(pt_strbuf *b, const pt_class_item *ci)
{
	bool done[PT_MAX_SLOTS] = { false }, any = false;
	for (;;) {
		size_t best = ci->n_places;
		for (size_t p = 0; p < ci->n_places; p++)
			if (!done[p] && ci->place_wrong[p] > 0 &&
			    (best == ci->n_places || ci->place_wrong[p] > ci->place_wrong[best]))
				best = p;
		if (best == ci->n_places)
			break;
		done[best] = true;
		strbuf_printf(b, "%s %zu (%zu learner%s)", any ? "," : "      positions most often misplaced:", best + 1,
		    ci->place_wrong[best], ci->place_wrong[best] == 1 ? "" : "s");
		any = true;
	}
	if (any)
		strbuf_puts(b, "\n");
}

/* Appends one item's row and its wrong answers' lines, by place. */
static void table_item(pt_strbuf *b, const pt_class_item *ci, int id_width)
{
	const char *id = ci->item->id.s;
	strbuf_puts(b, "  ");
	pad(b, id_width - put_cut(b, id, id_width));
	strbuf_printf(b, " %5zu", ci->met);
	double f = class_share(ci->right, ci->met);
	if (f < 0)
		strbuf_printf(b, " %10s", "-");
	else
		strbuf_printf(b, " %9.0f%%", f * 100);
	put_num(b, ci->met ? (double)ci->attempts / (double)ci->met : -1, 9);
	put_num(b, ci->met ? (double)ci->hints / (double)ci->met : -1, 6);
	if (ci->discriminates)
		strbuf_printf(b, " %+7.2f", ci->discrimination);
	else
		strbuf_printf(b, " %7s", "-");
	strbuf_printf(b, " %6zu", ci->older);
	put_pct(b, ci->has_facility_index, ci->facility_index, 9);
	put_pct(b, ci->has_discrimination_index, ci->discrimination_index, 8);
	put_pct(b, ci->has_efficiency, ci->discriminative_efficiency, 7);
	strbuf_puts(b, "\n");
	for (unsigned fl = 1; fl < 1u << PT_CLASS_FLAG_COUNT; fl <<= 1)
		if (ci->flags & fl)
			strbuf_printf(b, "      ! %s\n", class_flag_text(fl));
	const size_t edited[] = { ci->reworded, ci->reopened, ci->kept };
	static const char *const how[] = { "an earlier wording with the same right answers: their credit stands",
		"before its right answer changed: reopened for them (no credit until they answer again)",
		"before its right answer changed: their credit as first graded stands (course policy \"keep\")" };
	for (size_t e = 0; e < 3; e++)
		if (edited[e] > 0)
			strbuf_printf(b, "      %zu answered %s\n", edited[e], how[e]);
	if (ci->exam_first > 0)
		strbuf_printf(b, "      %zu met it in an exam before finishing it in its lesson: their lesson credit "
		    "stands\n", ci->exam_first);
	if (kind_ops(ci->item->kind)->one_place)
		table_misplaced(b, ci);
	int place = -1;
	bool typed = kind_shape(ci->item->kind) == PT_SHAPE_TYPED;
	for (size_t o = 0; o < ci->n_wrong; o++) {
		const pt_class_option *op = &ci->wrong[o];
		if (ci->n_places > 0 && op->place == 0 && op->distractor && op->picks == 0) {
			if (place != -2)
				strbuf_puts(b, "      bank options no place accepts, put nowhere:\n");
			place = -2;
		} else if (ci->n_places > 0 && op->place != place) {
			place = op->place;
			strbuf_puts(b, "      ");
			table_place(b, ci, place);
			strbuf_puts(b, "\n");
		}
		strbuf_puts(b, ci->n_places > 0 ? "        \"" : "      \"");
		put_cut(b, op->text, OPTION_WIDTH);
		strbuf_printf(b, "\" %s by %zu", typed ? "given" : "picked", op->picks);
		if (ci->met > 0)
			strbuf_printf(b, " (%.0f%%)", class_share(op->picks, ci->met) * 100);
		strbuf_puts(b, op->feedback != NULL ? ": " : " (its feedback names no misconception)");
		if (op->feedback != NULL)
			put_sentence(b, op->feedback);
		strbuf_puts(b, "\n");
		for (unsigned fl = 1; fl < 1u << PT_CLASS_FLAG_COUNT; fl <<= 1)
			if (op->flags & fl)
				strbuf_printf(b, "%s! %s\n", ci->n_places > 0 ? "          " : "        ", class_flag_text(fl));
	}
}

/* Appends one lesson's section. */
static void table_lesson(pt_strbuf *b, const pt_class *c, const pt_class_lesson *l)
{
	strbuf_printf(b, "\n%s (%s): %zu item%s\n", class_title_of(l->lesson), l->lesson->id.s, l->n_items,
	    l->n_items == 1 ? "" : "s");
	strbuf_printf(b, "  started by %zu of %zu learner%s", l->started, c->n_learners, c->n_learners == 1 ? "" : "s");
	if (l->started > 0)
		strbuf_printf(b, "; completed by %zu (%.0f%% of those who started)", l->completed,
		    class_share(l->completed, l->started) * 100);
	strbuf_puts(b, "\n");
	if (l->removed > 0)
		strbuf_printf(b, "  %zu learner%s records of items this lesson no longer has; those records are left out\n",
		    l->removed, l->removed == 1 ? " has" : "s have");
	if (l->started == 0)
		return;
	strbuf_printf(b, "  lesson scores of the %zu who started it: mean %.1f, median %.1f\n", l->started,
	    l->mean_score, l->median_score);
	if (l->small_sample)
		strbuf_printf(b, "  ! only %zu learner%s started it: below %d every figure and flag here can swing with one "
		    "learner more or less; read them as hints\n", l->started, l->started == 1 ? "" : "s",
		    PT_CLASS_SMALL_SAMPLE);
	table_histogram(b, l);
	if (l->group > 0)
		strbuf_printf(b, "  upper and lower groups for discrimination: %zu learner%s each\n", l->group,
		    l->group == 1 ? "" : "s");
	int id_width = 4;
	for (size_t i = 0; i < l->n_items; i++) {
		const char *id = l->items[i].item->id.s;
		int w = text_width(id, strlen(id));
		if (w > id_width)
			id_width = w > ID_WIDTH_MAX ? ID_WIDTH_MAX : w;
	}
	strbuf_puts(b, "\n  item");
	pad(b, id_width - 4);
	strbuf_puts(b, "   met  right 1st  attempts  hints  up-low  older  facility  discr.  d.eff.\n");
	for (size_t i = 0; i < l->n_items; i++)
		table_item(b, &l->items[i], id_width);
}

/* Returns a tag's mastery: pairs mastered over its items times the
 * learners who met one of them; -1 when none did. */
static double mastery(const pt_class_tag *g)
{
	return g->learners == 0 ? -1 : (double)g->mastered / ((double)g->items * (double)g->learners);
}

/* Orders tags by mastery, then facility, lowest first; those nobody met
 * last, each group in the order of tags.h. */
static int by_mastery(const void *a, const void *b)
{
	const pt_class_tag *x = *(const pt_class_tag *const *)a, *y = *(const pt_class_tag *const *)b;
	double mx = mastery(x), my = mastery(y);
	double fx = class_share(x->right, x->met), fy = class_share(y->right, y->met);
	if ((mx < 0) != (my < 0))
		return mx < 0 ? 1 : -1;
	if (mx != my)
		return mx < my ? -1 : 1;
	if (fx != fy)
		return fx < fy ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Appends mastery by concept, the weakest first: which concept the class
 * misses, across lessons. */
static void table_concepts(pt_strbuf *b, const pt_class *c)
{
	const pt_class_tag **order = calloc(c->n_tags ? c->n_tags : 1, sizeof *order);
	if (order == NULL) {
		b->failed = true;
		return;
	}
	size_t n = 0;
	for (size_t t = 0; t < c->n_tags; t++)
		if (c->tags[t].items > 0)
			order[n++] = &c->tags[t];
	qsort(order, n, sizeof *order, by_mastery);
	if (n > 0) {
		strbuf_puts(b, "\nMastery by concept, weakest first (mastered: answered right in reviews until due back in\n"
		            "3 days or more, as a learner's statistics count it; mastery: items mastered over items\n"
		            "times the learners who met the concept)\n\n  concept");
		pad(b, CONCEPT_WIDTH - 7);
		strbuf_puts(b, " items  learners right 1st  mastery\n");
	}
	for (size_t i = 0; i < n; i++) {
		const pt_class_tag *g = order[i];
		strbuf_puts(b, "  ");
		pad(b, CONCEPT_WIDTH - put_cut(b, g->label, CONCEPT_WIDTH));
		strbuf_printf(b, " %5zu %9zu", g->items, g->learners);
		double f = class_share(g->right, g->met), m = mastery(g);
		if (f < 0)
			strbuf_printf(b, " %9s %8s\n", "-", "-");
		else
			strbuf_printf(b, " %8.0f%% %7.0f%%\n", f * 100, m * 100);
	}
	free(order);
}

/* Appends the whole table. */
static void render_table(pt_strbuf *b, const pt_class *c)
{
	strbuf_printf(b, "Class report: %zu learner%s", c->n_learners, c->n_learners == 1 ? "" : "s");
	if (c->n_skips > 0)
		strbuf_printf(b, "; %zu path%s skipped (listed on standard error)", c->n_skips, c->n_skips == 1 ? "" : "s");
	strbuf_puts(b, "\n");
	for (size_t i = 0; i < c->n_skips; i++)
		if (c->skips[i].kind == PT_CLASS_SKIP_UNREAD) {
			strbuf_puts(b, "MISSING: ");
			class_puts_safe(b, c->skips[i].name);
			strbuf_puts(b, " (records could not be read; see standard error)\n");
		} else if (c->skips[i].kind == PT_CLASS_SKIP_KEPT) {
			strbuf_puts(b, "KEPT ASIDE: ");
			class_puts_safe(b, c->skips[i].name);
			strbuf_puts(b, " (earlier records were damaged and kept aside, not counted here; see standard "
			            "error)\n");
		}
	strbuf_puts(b, "right 1st: share right first time of those who met the item; attempts and hints: means of\n"
	            "the first pass; up-low: the upper-lower index, right 1st in the upper 27% by lesson score\n"
	            "minus the lower 27%; older: learners whose answers are to an earlier version (left out).\n"
	            "Moodle's figures, over the learners who started the lesson, an item scoring as in the\n"
	            "lesson score (0 when not finished): facility: Moodle's facility index, the mean item score;\n"
	            "discr.: Moodle's discrimination index, 100 x the correlation of the item score with the\n"
	            "rest of the lesson; d.eff.: Moodle's discriminative efficiency, that covariance as a share\n"
	            "of the largest these scores allow.  ! marks what the figures suggest checking.\n");
	if (c->n_lessons == 0)
		strbuf_puts(b, "\nNo lessons to analyse: give the lesson directory with --lessons DIR.\n");
	for (size_t i = 0; i < c->n_lessons; i++)
		table_lesson(b, c, &c->lessons[i]);
	table_concepts(b, c);
	class_table_exams(b, c);
	if (c->n_unknown > 0) {
		strbuf_puts(b, "\nRecords of lessons not among the lessons read were left out:");
		for (size_t i = 0; i < c->n_unknown; i++)
			strbuf_printf(b, "%s %s (%zu learner%s)", i ? "," : "", c->unknown[i].id, c->unknown[i].learners,
			    c->unknown[i].learners == 1 ? "" : "s");
		strbuf_puts(b, "\n");
	}
}

/* ---- CSV --------------------------------------------------------------- */

/* Appends the flags field: the names of the flags set, joined by ";". */
static void csv_flags(pt_strbuf *b, unsigned flags)
{
	char buf[256] = "";
	for (unsigned f = 1; f < 1u << PT_CLASS_FLAG_COUNT; f <<= 1)
		if (flags & f)
			snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", buf[0] ? ";" : "", class_flag_name(f));
	sanitise_csv_field(b, buf, false);
}

/* Appends the item analysis as CSV: a row per item, then a row per wrong
 * answer of it; then a row per concept tag some item carries (its name in
 * the concept column, the pairs met and right first time in met,
 * right_first_time and right_first_rate). */
static void render_csv(pt_strbuf *b, const pt_class *c)
{
	static const char *const head[] = { "lesson", "item", "option", "met", "right_first_time", "right_first_rate",
		"mean_attempts", "mean_hints", "upper_lower_index", "older_version", "picks", "pick_rate", "misconception",
		"place", "facility_index", "discrimination_index", "discriminative_efficiency", "flags",
		"concept", "concept_items", "learners", "mastered", "mastery", "exam", "wrong", "unanswered" };
	size_t nh = sizeof head / sizeof head[0];
	for (size_t i = 0; i < nh; i++)
		sanitise_csv_field(b, head[i], i + 1 == nh);
	for (size_t li = 0; li < c->n_lessons; li++) {
		const pt_class_lesson *l = &c->lessons[li];
		for (size_t i = 0; i < l->n_items; i++) {
			const pt_class_item *ci = &l->items[i];
			sanitise_csv_field(b, l->lesson->id.s, false);
			sanitise_csv_field(b, ci->item->id.s, false);
			sanitise_csv_field(b, "", false);
			class_csv_count(b, ci->met);
			class_csv_count(b, ci->right);
			class_csv_num(b, class_share(ci->right, ci->met), 3);
			class_csv_num(b, ci->met ? (double)ci->attempts / (double)ci->met : -1, 2);
			class_csv_num(b, ci->met ? (double)ci->hints / (double)ci->met : -1, 2);
			char disc[32] = "";
			if (ci->discriminates)
				snprintf(disc, sizeof disc, "%.3f", ci->discrimination);
			sanitise_csv_field(b, disc, false);
			class_csv_count(b, ci->older);
			strbuf_puts(b, ",,,,");
			class_csv_pct(b, ci->has_facility_index, ci->facility_index);
			class_csv_pct(b, ci->has_discrimination_index, ci->discrimination_index);
			class_csv_pct(b, ci->has_efficiency, ci->discriminative_efficiency);
			csv_flags(b, ci->flags);
			strbuf_puts(b, ",,,,,,,\r\n");
			for (size_t o = 0; o < ci->n_wrong; o++) {
				const pt_class_option *op = &ci->wrong[o];
				sanitise_csv_field(b, l->lesson->id.s, false);
				sanitise_csv_field(b, ci->item->id.s, false);
				sanitise_csv_field(b, op->text, false);
				strbuf_puts(b, ",,,,,,,");
				class_csv_count(b, op->picks);
				class_csv_num(b, class_share(op->picks, ci->met), 3);
				sanitise_csv_field(b, op->feedback ? op->feedback : "", false);
				char where[48] = "";
				if (ci->n_places > 0)
					snprintf(where, sizeof where, op->place > 0 ? "%s %d" : "%s not recorded",
					    place_word(ci->item), op->place);
				sanitise_csv_field(b, where, false);
				strbuf_puts(b, ",,,");
				csv_flags(b, op->flags);
				strbuf_puts(b, ",,,,,,,\r\n");
			}
		}
	}
	for (size_t t = 0; t < c->n_tags; t++) {
		const pt_class_tag *g = &c->tags[t];
		if (g->items == 0)
			continue;
		strbuf_puts(b, ",,,");
		class_csv_count(b, g->met);
		class_csv_count(b, g->right);
		class_csv_num(b, class_share(g->right, g->met), 3);
		strbuf_puts(b, ",,,,,,,,,,,,");
		sanitise_csv_field(b, g->name, false);
		class_csv_count(b, g->items);
		class_csv_count(b, g->learners);
		class_csv_count(b, g->mastered);
		char m[32] = "";
		if (mastery(g) >= 0)
			snprintf(m, sizeof m, "%.3f", mastery(g));
		sanitise_csv_field(b, m, false);
		strbuf_puts(b, ",,\r\n");
	}
	class_csv_exams(b, c);
}

/* ---- JSON -------------------------------------------------------------- */

/* Adds "flags": [{"flag": name, "why": what to check}...]; false when out
 * of memory. */
static bool add_flags(cJSON *o, unsigned flags)
{
	cJSON *arr = cJSON_AddArrayToObject(o, "flags");
	bool ok = arr != NULL;
	for (unsigned f = 1; ok && f < 1u << PT_CLASS_FLAG_COUNT; f <<= 1) {
		if (!(flags & f))
			continue;
		cJSON *e = file_add_object(arr);
		ok = e != NULL && cJSON_AddStringToObject(e, "flag", class_flag_name(f)) != NULL &&
		    cJSON_AddStringToObject(e, "why", class_flag_text(f)) != NULL;
	}
	return ok;
}

/* Builds one item's object into arr; false when out of memory. */
static bool json_item(cJSON *arr, const pt_class_item *ci)
{
	cJSON *o = file_add_object(arr), *wrong = NULL;
	bool ok = o != NULL && cJSON_AddStringToObject(o, "id", ci->item->id.s) != NULL &&
	    cJSON_AddStringToObject(o, "kind", lesson_kind_name(ci->item->kind)) != NULL &&
	    class_add_num(o, "met", (double)ci->met, 0, false) && class_add_num(o, "right_first_time", (double)ci->right, 0, false) &&
	    class_add_num(o, "right_first_rate", class_share(ci->right, ci->met), 3, true) &&
	    class_add_num(o, "mean_attempts", ci->met ? (double)ci->attempts / (double)ci->met : -1, 2, true) &&
	    class_add_num(o, "mean_hints", ci->met ? (double)ci->hints / (double)ci->met : -1, 2, true) &&
	    (ci->discriminates ? class_add_num(o, "upper_lower_index", ci->discrimination, 3, false)
	                       : cJSON_AddNullToObject(o, "upper_lower_index") != NULL) &&
	    class_add_pct(o, "facility_index", ci->has_facility_index, ci->facility_index) &&
	    class_add_pct(o, "discrimination_index", ci->has_discrimination_index, ci->discrimination_index) &&
	    class_add_pct(o, "discriminative_efficiency", ci->has_efficiency, ci->discriminative_efficiency) &&
	    add_flags(o, ci->flags) &&
	    class_add_num(o, "older_version", (double)ci->older, 0, false) &&
	    class_add_num(o, "reworded", (double)ci->reworded, 0, false) &&
	    class_add_num(o, "exam_first", (double)ci->exam_first, 0, false) &&
	    class_add_num(o, "reopened", (double)ci->reopened, 0, false) &&
	    class_add_num(o, "kept_after_change", (double)ci->kept, 0, false) &&
	    (wrong = cJSON_AddArrayToObject(o, "wrong_options")) != NULL;
	for (size_t i = 0; ok && i < ci->n_wrong; i++) {
		const pt_class_option *op = &ci->wrong[i];
		cJSON *w = file_add_object(wrong);
		ok = w != NULL && cJSON_AddStringToObject(w, "text", op->text) != NULL &&
		    (op->place > 0 ? class_add_num(w, place_word(ci->item), op->place, 0, false)
		                   : ci->n_places == 0 || cJSON_AddNullToObject(w, place_word(ci->item)) != NULL) &&
		    class_add_num(w, "picks", (double)op->picks, 0, false) &&
		    class_add_num(w, "pick_rate", class_share(op->picks, ci->met), 3, true) &&
		    (op->feedback ? cJSON_AddStringToObject(w, "misconception", op->feedback) != NULL
		                  : cJSON_AddNullToObject(w, "misconception") != NULL) &&
		    class_add_num(w, "upper_group_picks", (double)op->upper, 0, false) &&
		    class_add_num(w, "lower_group_picks", (double)op->lower, 0, false) && add_flags(w, op->flags);
	}
	cJSON *places = NULL;
	if (ok && ci->n_places > 0) {
		char name[32];
		snprintf(name, sizeof name, "wrong_by_%s", place_word(ci->item));
		ok = (places = cJSON_AddArrayToObject(o, name)) != NULL &&
		    class_add_num(o, "wrong_place_not_recorded", (double)ci->unplaced, 0, false);
	}
	for (size_t p = 0; ok && places != NULL && p < ci->n_places; p++) {
		cJSON *n = cJSON_CreateNumber((double)ci->place_wrong[p]);
		ok = n != NULL && cJSON_AddItemToArray(places, n);
		if (!ok)
			cJSON_Delete(n);
	}
	return ok;
}

/* Builds one lesson's object into arr; false when out of memory. */
static bool json_lesson(cJSON *arr, const pt_class_lesson *l)
{
	cJSON *o = file_add_object(arr), *hist = NULL, *items = NULL;
	bool started = l->started > 0;
	bool ok = o != NULL && cJSON_AddStringToObject(o, "id", l->lesson->id.s) != NULL &&
	    cJSON_AddStringToObject(o, "title", class_title_of(l->lesson)) != NULL &&
	    class_add_num(o, "items", (double)l->n_items, 0, false) && class_add_num(o, "started", (double)l->started, 0, false) &&
	    class_add_num(o, "completed", (double)l->completed, 0, false) &&
	    class_add_num(o, "completion", class_share(l->completed, l->started), 3, true) &&
	    class_add_num(o, "mean_score", started ? l->mean_score : -1, 2, true) &&
	    class_add_num(o, "median_score", started ? l->median_score : -1, 1, true) &&
	    class_add_num(o, "group_size", (double)l->group, 0, false) &&
	    class_add_num(o, "removed_item_learners", (double)l->removed, 0, false) &&
	    cJSON_AddBoolToObject(o, "small_sample", l->small_sample) != NULL &&
	    class_add_num(o, "small_sample_below", PT_CLASS_SMALL_SAMPLE, 0, false) &&
	    (hist = cJSON_AddArrayToObject(o, "score_histogram")) != NULL;
	for (int i = 0; ok && i < PT_CLASS_BINS; i++) {
		cJSON *n = cJSON_CreateNumber((double)l->histogram[i]);
		ok = n != NULL && cJSON_AddItemToArray(hist, n);
		if (!ok)
			cJSON_Delete(n);
	}
	ok = ok && (items = cJSON_AddArrayToObject(o, "item_analysis")) != NULL;
	for (size_t i = 0; ok && i < l->n_items; i++)
		ok = json_item(items, &l->items[i]);
	return ok;
}

/* Builds one learner's object into arr: name, path and lesson scores;
 * false when out of memory. */
static bool json_learner(cJSON *arr, const pt_class *c, size_t L)
{
	cJSON *o = file_add_object(arr), *scores = NULL;
	bool ok = o != NULL && cJSON_AddStringToObject(o, "name", c->learners[L].name) != NULL &&
	    cJSON_AddStringToObject(o, "path", c->learners[L].path) != NULL &&
	    (c->learners[L].login == NULL || cJSON_AddStringToObject(o, "id", c->learners[L].login) != NULL) &&
	    (c->learners[L].email == NULL || cJSON_AddStringToObject(o, "email", c->learners[L].email) != NULL) &&
	    cJSON_AddBoolToObject(o, "has_records", !c->learners[L].no_records) != NULL &&
	    (scores = cJSON_AddObjectToObject(o, "scores")) != NULL;
	for (size_t li = 0; ok && li < c->n_lessons; li++) {
		int s = class_score(c, L, li);
		const char *id = c->lessons[li].lesson->id.s;
		ok = (s < 0 ? cJSON_AddNullToObject(scores, id) : cJSON_AddNumberToObject(scores, id, s)) != NULL;
	}
	return ok;
}

/* Builds the concepts' array into root: each tag some item carries;
 * false when out of memory. */
static bool json_concepts(cJSON *root, const pt_class *c)
{
	cJSON *arr = cJSON_AddArrayToObject(root, "concepts");
	bool ok = arr != NULL;
	for (size_t t = 0; ok && t < c->n_tags; t++) {
		const pt_class_tag *g = &c->tags[t];
		if (g->items == 0)
			continue;
		cJSON *o = file_add_object(arr);
		ok = o != NULL && cJSON_AddStringToObject(o, "tag", g->name) != NULL &&
		    cJSON_AddStringToObject(o, "label", g->label) != NULL &&
		    class_add_num(o, "items", (double)g->items, 0, false) && class_add_num(o, "learners", (double)g->learners, 0, false) &&
		    class_add_num(o, "met", (double)g->met, 0, false) && class_add_num(o, "right_first_time", (double)g->right, 0, false) &&
		    class_add_num(o, "right_first_rate", class_share(g->right, g->met), 3, true) &&
		    class_add_num(o, "mastered", (double)g->mastered, 0, false) && class_add_num(o, "mastery", mastery(g), 3, true);
	}
	return ok;
}

/* Builds the whole report's object; NULL when out of memory. */
static cJSON *json_class(const pt_class *c)
{
	cJSON *root = cJSON_CreateObject(), *arr = NULL;
	bool ok = root != NULL && class_add_num(root, "learner_count", (double)c->n_learners, 0, false) &&
	    (arr = cJSON_AddArrayToObject(root, "skipped")) != NULL;
	for (size_t i = 0; ok && i < c->n_skips; i++) {
		cJSON *s = file_add_object(arr);
		static const char *const kinds[] = { "unreadable_learner", "no_store", "read_once", "kept_aside" };
		ok = s != NULL && cJSON_AddStringToObject(s, "path", c->skips[i].path) != NULL &&
		    cJSON_AddStringToObject(s, "why", c->skips[i].why) != NULL &&
		    cJSON_AddStringToObject(s, "kind", kinds[c->skips[i].kind]) != NULL &&
		    (c->skips[i].name == NULL || cJSON_AddStringToObject(s, "learner", c->skips[i].name) != NULL);
	}
	ok = ok && (arr = cJSON_AddArrayToObject(root, "lessons")) != NULL;
	for (size_t i = 0; ok && i < c->n_lessons; i++)
		ok = json_lesson(arr, &c->lessons[i]);
	ok = ok && json_concepts(root, c);
	ok = ok && class_json_exams(root, c);
	ok = ok && (arr = cJSON_AddArrayToObject(root, "unknown_lessons")) != NULL;
	for (size_t i = 0; ok && i < c->n_unknown; i++) {
		cJSON *u = file_add_object(arr);
		ok = u != NULL && cJSON_AddStringToObject(u, "id", c->unknown[i].id) != NULL &&
		    class_add_num(u, "learners", (double)c->unknown[i].learners, 0, false);
	}
	ok = ok && (arr = cJSON_AddArrayToObject(root, "learners")) != NULL;
	for (size_t L = 0; ok && L < c->n_learners; L++)
		ok = json_learner(arr, c, L);
	if (!ok) {
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}

/* Appends the report as JSON and a newline. */
static void render_json(pt_strbuf *b, const pt_class *c)
{
	cJSON *root = json_class(c);
	sanitise_json_print(b, root);
	cJSON_Delete(root);
}

bool class_render(const pt_class *c, pt_class_format format, char **out, size_t *len)
{
	pt_strbuf b = { 0 };
	strbuf_put(&b, "", 0);
	switch (format) {
	case PT_CLASS_TABLE: render_table(&b, c); break;
	case PT_CLASS_CSV: render_csv(&b, c); break;
	case PT_CLASS_JSON: render_json(&b, c); break;
	case PT_CLASS_GRADEBOOK: class_render_gradebook(&b, c); break;
	}
	if (b.failed) {
		free(b.s);
		*out = NULL;
		*len = 0;
		return false;
	}
	*out = b.s;
	*len = b.n;
	return true;
}

/* class_exam_out.c - the exams' parts of the class report: a section of
 * the table, rows of the CSV and the JSON's "exams" (see class.h and
 * docs/class.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/report/class.h"
#include "paratutor/report/class_parts.h"
#include "paratutor/base/sanitise.h"
#include "paratutor/base/text.h"


/* Appends seconds as M:SS (H:MM:SS from an hour). */
static void put_time(pt_strbuf *b, long s)
{
	if (s < 0)
		s = 0;
	if (s >= 3600)
		strbuf_printf(b, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		strbuf_printf(b, "%ld:%02ld", s / 60, s % 60);
}

/* Appends the table's part for exam e. */
static void table_exam(pt_strbuf *b, const pt_class *c, const pt_class_exam *e)
{
	strbuf_printf(b, "\n%s%s: sat by %zu of %zu learner%s", e->name != NULL ? "Exam " : "",
	    class_exam_title(e), e->learners, c->n_learners, c->n_learners == 1 ? "" : "s");
	if (e->open > 0)
		strbuf_printf(b, " (%zu sitting one now)", e->open);
	if (e->learners > 0)
		strbuf_printf(b, "; passed by %zu; mean best score %.1f%%", e->passed, class_rounded(e->mean_best, 1));
	strbuf_puts(b, "\n");
	if (e->learners > 0)
		strbuf_puts(b, "  learner                sittings    best  time used  passed\n");
	for (size_t L = 0; L < c->n_learners; L++) {
		pt_class_standing s = class_standing(e, L);
		if (s.best == NULL)
			continue;
		strbuf_puts(b, "  ");
		const char *name = c->learners[L].name, *login = c->learners[L].login;
		int w = text_width(name, strlen(name));
		class_puts_safe(b, name);
		if (login != NULL && strcmp(login, name) != 0) {
			strbuf_puts(b, " (");
			class_puts_safe(b, login);
			strbuf_puts(b, ")");
			w += (int)strlen(login) + 3;
		}
		for (; w < 22; w++)
			strbuf_puts(b, " ");
		strbuf_printf(b, " %8zu  %5.1f%%  ", s.attempts, class_rounded(s.best->score, 1));
		char t[32];
		pt_strbuf tb = { 0 };
		put_time(&tb, s.best->used);
		snprintf(t, sizeof t, "%9s", tb.s != NULL ? tb.s : "");
		free(tb.s);
		strbuf_puts(b, t);
		strbuf_printf(b, "  %s%s\n", s.best->passed ? "yes" : "no", s.best->timed_out ? " (time ran out)" : "");
	}
	if (e->n_items == 0)
		return;
	strbuf_puts(b, "  items, over each learner's first sitting (drawn: sittings that drew it; older: drew an\n"
	              "  earlier version, left out; facility: share right; discr.: Moodle's discrimination index\n"
	              "  against the rest of the sitting):\n"
	              "  item                              drawn  right  wrong  blank  older  facility  discr.\n");
	for (size_t i = 0; i < e->n_items; i++) {
		const pt_class_exam_item *it = &e->items[i];
		char id[256];
		snprintf(id, sizeof id, "%s/%s", it->lesson, it->id);
		strbuf_puts(b, "  ");
		class_puts_safe(b, id);
		for (int w = text_width(id, strlen(id)); w < 32; w++)
			strbuf_puts(b, " ");
		strbuf_printf(b, " %6zu %6zu %6zu %6zu %6zu", it->drawn, it->right, it->wrong, it->unanswered, it->older);
		if (it->has_facility_index)
			strbuf_printf(b, "  %7.1f%%", class_rounded(it->facility_index, 1));
		else
			strbuf_puts(b, "         -");
		if (it->has_discrimination_index)
			strbuf_printf(b, "  %6.1f\n", class_rounded(it->discrimination_index, 1));
		else
			strbuf_puts(b, "       -\n");
		if (it->item == NULL)
			strbuf_puts(b, "      (no longer in the lessons read)\n");
		for (size_t w = 0; w < it->n_wrong_answers; w++) {
			strbuf_puts(b, "      \"");
			class_puts_safe(b, it->wrong_answers[w].text);
			strbuf_printf(b, "\" given by %zu\n", it->wrong_answers[w].picks);
		}
	}
}

void class_table_exams(pt_strbuf *b, const pt_class *c)
{
	if (c->n_exams == 0)
		return;
	strbuf_puts(b, "\nExams: a learner's grade is the best of their sittings; time used is that sitting's.\n");
	for (size_t k = 0; k < c->n_exams; k++)
		table_exam(b, c, &c->exams[k]);
}

void class_csv_exams(pt_strbuf *b, const pt_class *c)
{
	for (size_t k = 0; k < c->n_exams; k++) {
		const pt_class_exam *e = &c->exams[k];
		for (size_t i = 0; i < e->n_items; i++) {
			const pt_class_exam_item *it = &e->items[i];
			sanitise_csv_field(b, it->lesson, false);
			sanitise_csv_field(b, it->id, false);
			strbuf_puts(b, ",");
			class_csv_count(b, it->drawn);
			class_csv_count(b, it->right);
			class_csv_num(b, class_share(it->right, it->drawn), 3);
			strbuf_puts(b, ",,,");
			class_csv_count(b, it->older);
			strbuf_puts(b, ",,,,");
			class_csv_pct(b, it->has_facility_index, it->facility_index);
			class_csv_pct(b, it->has_discrimination_index, it->discrimination_index);
			strbuf_puts(b, ",,,,,,,");
			sanitise_csv_field(b, class_exam_title(e), false);
			class_csv_count(b, it->wrong);
			char n[32];
			snprintf(n, sizeof n, "%zu", it->unanswered);
			sanitise_csv_field(b, n, true);
			for (size_t w = 0; w < it->n_wrong_answers; w++) {
				sanitise_csv_field(b, it->lesson, false);
				sanitise_csv_field(b, it->id, false);
				sanitise_csv_field(b, it->wrong_answers[w].text, false);
				strbuf_puts(b, ",,,,,,,");
				class_csv_count(b, it->wrong_answers[w].picks);
				class_csv_num(b, class_share(it->wrong_answers[w].picks, it->drawn), 3);
				strbuf_puts(b, ",,,,,,,,,,,");
				sanitise_csv_field(b, class_exam_title(e), false);
				strbuf_puts(b, ",\r\n");
			}
		}
	}
}

/* Adds one sitting's object to arr; false when out of memory. */
static bool json_sitting(cJSON *arr, const pt_class_sitting *t)
{
	cJSON *o = file_add_object(arr);
	return o != NULL && class_add_num(o, "score", t->score, 2, false) &&
	    cJSON_AddBoolToObject(o, "passed", t->passed) != NULL &&
	    class_add_num(o, "pass_percent", t->pass_percent, 0, false) &&
	    class_add_num(o, "items", (double)t->items, 0, false) &&
	    class_add_num(o, "right", (double)t->right, 0, false) &&
	    class_add_num(o, "used_seconds", (double)t->used, 0, false) &&
	    class_add_num(o, "limit_seconds", (double)t->limit, 0, false) &&
	    cJSON_AddBoolToObject(o, "timed_out", t->timed_out) != NULL &&
	    class_add_num(o, "started", (double)t->started, 0, false) &&
	    class_add_num(o, "finished", (double)t->finished, 0, false);
}

/* Adds learner L's results in exam e to arr (nothing when they did not
 * sit it); false when out of memory. */
static bool json_result(cJSON *arr, const pt_class *c, const pt_class_exam *e, size_t L)
{
	pt_class_standing s = class_standing(e, L);
	if (s.best == NULL)
		return true;
	cJSON *o = file_add_object(arr), *sit = NULL;
	bool ok = o != NULL && cJSON_AddStringToObject(o, "learner", c->learners[L].name) != NULL &&
	    class_add_num(o, "attempts", (double)s.attempts, 0, false) &&
	    class_add_num(o, "best_score", s.best->score, 2, false) &&
	    class_add_num(o, "last_score", s.last->score, 2, false) &&
	    cJSON_AddBoolToObject(o, "passed", s.best->passed) != NULL &&
	    class_add_num(o, "used_seconds", (double)s.best->used, 0, false) &&
	    (sit = cJSON_AddArrayToObject(o, "sittings")) != NULL;
	for (size_t i = 0; ok && i < e->n_sittings; i++)
		if (e->sittings[i].learner == L)
			ok = json_sitting(sit, &e->sittings[i]);
	return ok;
}

/* Adds an exam item's analysis to arr; false when out of memory. */
static bool json_item(cJSON *arr, const pt_class_exam_item *it)
{
	cJSON *o = file_add_object(arr), *w = NULL;
	bool ok = o != NULL && cJSON_AddStringToObject(o, "lesson", it->lesson) != NULL &&
	    cJSON_AddStringToObject(o, "id", it->id) != NULL &&
	    cJSON_AddBoolToObject(o, "in_lessons", it->item != NULL) != NULL &&
	    class_add_num(o, "drawn", (double)it->drawn, 0, false) &&
	    class_add_num(o, "right", (double)it->right, 0, false) &&
	    class_add_num(o, "wrong", (double)it->wrong, 0, false) &&
	    class_add_num(o, "unanswered", (double)it->unanswered, 0, false) &&
	    class_add_num(o, "older_version", (double)it->older, 0, false) &&
	    class_add_pct(o, "facility_index", it->has_facility_index, it->facility_index) &&
	    class_add_pct(o, "discrimination_index", it->has_discrimination_index, it->discrimination_index) &&
	    (w = cJSON_AddArrayToObject(o, "wrong_answers")) != NULL;
	for (size_t i = 0; ok && i < it->n_wrong_answers; i++) {
		cJSON *a = file_add_object(w);
		ok = a != NULL && cJSON_AddStringToObject(a, "answer", it->wrong_answers[i].text) != NULL &&
		    class_add_num(a, "learners", (double)it->wrong_answers[i].picks, 0, false);
	}
	return ok;
}

bool class_json_exams(cJSON *root, const pt_class *c)
{
	cJSON *arr = cJSON_AddArrayToObject(root, "exams");
	bool ok = arr != NULL;
	for (size_t k = 0; ok && k < c->n_exams; k++) {
		const pt_class_exam *e = &c->exams[k];
		cJSON *o = file_add_object(arr), *res = NULL, *items = NULL;
		ok = o != NULL &&
		    (e->name != NULL ? cJSON_AddStringToObject(o, "name", e->name) : cJSON_AddNullToObject(o, "name")) != NULL &&
		    cJSON_AddStringToObject(o, "title", class_exam_title(e)) != NULL &&
		    class_add_num(o, "learners", (double)e->learners, 0, false) &&
		    class_add_num(o, "sitting_now", (double)e->open, 0, false) &&
		    class_add_num(o, "passed", (double)e->passed, 0, false) &&
		    class_add_num(o, "mean_best_score", e->learners > 0 ? e->mean_best : -1, 2, true) &&
		    (res = cJSON_AddArrayToObject(o, "results")) != NULL &&
		    (items = cJSON_AddArrayToObject(o, "item_analysis")) != NULL;
		for (size_t L = 0; ok && L < c->n_learners; L++)
			ok = json_result(res, c, e, L);
		for (size_t i = 0; ok && i < e->n_items; i++)
			ok = json_item(items, &e->items[i]);
	}
	return ok;
}

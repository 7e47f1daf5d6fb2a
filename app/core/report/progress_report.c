/* progress_report.c - the instructor report of a progress store, built as
 * CSV or JSON text in memory; printing it is the caller's business. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/report/progress_report.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/base/strbuf.h"
#include "paratutor/store/progress_file.h"
#include "paratutor/base/sanitise.h"

void progress_format_time(time_t t, char *buf, size_t size)
{
	struct tm tm;
	if (size == 0)
		return;
	buf[0] = '\0';
	if (t == 0 || gmtime_r(&t, &tm) == NULL)
		return;
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

typedef struct report_row {
	const pt_record *r;
	size_t index;        /* item order in its lesson; SIZE_MAX when unknown */
	const char *status;  /* current, changed, removed */
	int score;           /* its share of the lesson score (progress_record_lesson_score); -1 when not current */
} report_row;

/* Orders rows by lesson id, then item order, then item id. */
static int row_cmp(const void *a, const void *b)
{
	const report_row *x = a, *y = b;
	int c = strcmp(x->r->lesson, y->r->lesson);
	if (c != 0)
		return c;
	if (x->index != y->index)
		return x->index < y->index ? -1 : 1;
	return strcmp(x->r->item, y->r->item);
}

/* Appends the record's wrong options joined by ";" as one CSV field. */
static void csv_wrong(pt_strbuf *b, const pt_record *r)
{
	pt_strbuf joined = { 0 };
	strbuf_put(&joined, "", 0);
	for (size_t w = 0; w < r->n_wrong; w++) {
		if (w > 0)
			strbuf_put(&joined, ";", 1);
		strbuf_puts(&joined, r->wrong[w]);
	}
	if (joined.failed)
		b->failed = true;
	else
		sanitise_csv_field(b, joined.s, false);
	free(joined.s);
}

/* Appends the rows as CSV with a header row. */
static void report_csv(pt_strbuf *b, const report_row *rows, size_t n)
{
	static const char *const head[] = { "lesson", "item", "outcome", "attempts", "hints",
		"wrong_options", "time_spent", "first_seen", "last_seen", "item_status", "score" };
	size_t nh = sizeof head / sizeof head[0];
	for (size_t i = 0; i < nh; i++)
		sanitise_csv_field(b, head[i], i + 1 == nh);
	for (size_t i = 0; i < n; i++) {
		const pt_record *r = rows[i].r;
		char attempts[24], hints[24], spent[24], first[32], last[32], score[24] = "";
		snprintf(attempts, sizeof attempts, "%d", r->attempts);
		snprintf(hints, sizeof hints, "%d", r->hints);
		snprintf(spent, sizeof spent, "%ld", r->time_spent);
		progress_format_time(r->first_seen, first, sizeof first);
		progress_format_time(r->last_seen, last, sizeof last);
		sanitise_csv_field(b, r->lesson, false);
		sanitise_csv_field(b, r->item, false);
		sanitise_csv_field(b, progress_outcome_word(r->outcome), false);
		sanitise_csv_field(b, attempts, false);
		sanitise_csv_field(b, hints, false);
		csv_wrong(b, r);
		sanitise_csv_field(b, spent, false);
		sanitise_csv_field(b, first, false);
		sanitise_csv_field(b, last, false);
		sanitise_csv_field(b, rows[i].status, false);
		if (rows[i].score >= 0)
			snprintf(score, sizeof score, "%d", rows[i].score);
		sanitise_csv_field(b, score, true);
	}
}

/* Adds an ISO 8601 time member, null for 0; false when out of memory. */
static bool add_time(cJSON *o, const char *name, time_t t)
{
	char buf[32];
	progress_format_time(t, buf, sizeof buf);
	return (buf[0] ? cJSON_AddStringToObject(o, name, buf) : cJSON_AddNullToObject(o, name)) != NULL;
}

/* Builds one row's object into arr; false when out of memory. */
static bool json_row(cJSON *arr, const report_row *row)
{
	const pt_record *r = row->r;
	cJSON *o = file_add_object(arr);
	return o != NULL && cJSON_AddStringToObject(o, "lesson", r->lesson) != NULL &&
	    cJSON_AddStringToObject(o, "item", r->item) != NULL &&
	    cJSON_AddStringToObject(o, "outcome", progress_outcome_word(r->outcome)) != NULL &&
	    cJSON_AddNumberToObject(o, "attempts", r->attempts) != NULL &&
	    cJSON_AddNumberToObject(o, "hints", r->hints) != NULL &&
	    file_add_strings(o, "wrong_options", r->wrong, r->n_wrong) &&
	    cJSON_AddNumberToObject(o, "time_spent", (double)r->time_spent) != NULL &&
	    add_time(o, "first_seen", r->first_seen) && add_time(o, "last_seen", r->last_seen) &&
	    cJSON_AddStringToObject(o, "item_status", row->status) != NULL &&
	    (row->score >= 0 ? cJSON_AddNumberToObject(o, "score", row->score) : cJSON_AddNullToObject(o, "score")) != NULL;
}

/* The figures of finished exam r, as text for the report. */
typedef struct exam_cells {
	char items[24], right[24], score[24], pass[24], used[24], limit[24], seed[24];
	char started[32], finished[32];
	bool passed;
} exam_cells;

/* Fills c with exam r's figures. */
static void exam_figures(const pt_exam_record *r, exam_cells *c)
{
	size_t right = progress_exam_right(r);
	snprintf(c->items, sizeof c->items, "%zu", r->n_items);
	snprintf(c->right, sizeof c->right, "%zu", right);
	snprintf(c->score, sizeof c->score, "%.1f", r->n_items ? 100.0 * (double)right / (double)r->n_items : 0.0);
	snprintf(c->pass, sizeof c->pass, "%d", r->pass_percent);
	snprintf(c->used, sizeof c->used, "%ld", r->used);
	snprintf(c->limit, sizeof c->limit, "%ld", r->limit);
	snprintf(c->seed, sizeof c->seed, "%llu", r->seed);
	progress_format_time(r->started, c->started, sizeof c->started);
	progress_format_time(r->finished, c->finished, sizeof c->finished);
	c->passed = r->n_items > 0 && right * 100 >= (size_t)r->pass_percent * r->n_items;
}

/* Appends, after an empty line, one CSV row per finished exam under its
 * own header; nothing when there are none. */
static void exams_csv(pt_strbuf *b, const pt_progress *p)
{
	static const char *const head[] = { "exam", "started", "finished", "items", "right", "score",
		"pass_mark", "passed", "time_used", "time_limit", "timed_out", "seed" };
	size_t nh = sizeof head / sizeof head[0];
	if (p->d.n_exams == 0)
		return;
	strbuf_puts(b, "\r\n");
	for (size_t i = 0; i < nh; i++)
		sanitise_csv_field(b, head[i], i + 1 == nh);
	for (size_t i = 0; i < p->d.n_exams; i++) {
		const pt_exam_record *r = &p->d.exams[i];
		exam_cells c;
		exam_figures(r, &c);
		const char *row[] = { r->id, c.started, c.finished, c.items, c.right, c.score, c.pass,
			c.passed ? "yes" : "no", c.used, c.limit, r->timed_out ? "yes" : "no", c.seed };
		for (size_t k = 0; k < nh; k++)
			sanitise_csv_field(b, row[k], k + 1 == nh);
	}
}

/* Adds one object per finished exam to arr; false when out of memory. */
static bool exams_json(cJSON *arr, const pt_progress *p)
{
	for (size_t i = 0; i < p->d.n_exams; i++) {
		const pt_exam_record *r = &p->d.exams[i];
		exam_cells c;
		exam_figures(r, &c);
		cJSON *o = file_add_object(arr);
		size_t right = progress_exam_right(r);
		bool ok = o != NULL && cJSON_AddStringToObject(o, "record", "exam") != NULL &&
		    cJSON_AddStringToObject(o, "exam", r->id) != NULL && add_time(o, "started", r->started) &&
		    add_time(o, "finished", r->finished) &&
		    cJSON_AddNumberToObject(o, "items", (double)r->n_items) != NULL &&
		    cJSON_AddNumberToObject(o, "right", (double)right) != NULL &&
		    cJSON_AddNumberToObject(o, "score", r->n_items ? 100.0 * (double)right / (double)r->n_items : 0) != NULL &&
		    cJSON_AddNumberToObject(o, "pass_mark", r->pass_percent) != NULL &&
		    cJSON_AddBoolToObject(o, "passed", c.passed) != NULL &&
		    cJSON_AddNumberToObject(o, "time_used", (double)r->used) != NULL &&
		    cJSON_AddNumberToObject(o, "time_limit", (double)r->limit) != NULL &&
		    cJSON_AddBoolToObject(o, "timed_out", r->timed_out) != NULL &&
		    cJSON_AddStringToObject(o, "seed", c.seed) != NULL;
		cJSON *items = ok ? cJSON_AddArrayToObject(o, "results") : NULL;
		ok = items != NULL;
		for (size_t k = 0; ok && k < r->n_items; k++) {
			cJSON *io = file_add_object(items);
			ok = io != NULL && cJSON_AddStringToObject(io, "lesson", r->items[k].lesson) != NULL &&
			    cJSON_AddStringToObject(io, "item", r->items[k].item) != NULL &&
			    cJSON_AddStringToObject(io, "result", progress_exam_result_word(r->items[k].result)) != NULL;
		}
		if (!ok)
			return false;
	}
	return true;
}

/* Appends the rows as a JSON array and a newline. */
static void report_json(pt_strbuf *b, const report_row *rows, size_t n, const pt_progress *p)
{
	cJSON *arr = cJSON_CreateArray();
	bool ok = arr != NULL;
	for (size_t i = 0; ok && i < n; i++)
		ok = json_row(arr, &rows[i]);
	ok = ok && exams_json(arr, p);
	sanitise_json_print(b, ok ? arr : NULL);
	cJSON_Delete(arr);
}

/* Fills rows (one per record) with each record's place and status in the
 * catalog (may be NULL), sorted for the report. */
static void make_rows(const pt_progress *p, const pt_catalog *catalog, report_row *rows)
{
	for (size_t i = 0; i < p->d.n_rec; i++) {
		const pt_record *r = &p->d.rec[i];
		rows[i] = (report_row){ r, SIZE_MAX, "removed", -1 };
		const pt_entry *e = catalog != NULL ? catalog_find(catalog, r->lesson) : NULL;
		const pt_item *item = e != NULL ? lesson_find_item(e->lesson, r->item) : NULL;
		if (item != NULL) {
			rows[i].index = (size_t)(item - e->lesson->items);
			bool same = progress_record_matches(r, lesson_item_hash(item), lesson_item_key_hash(item));
			rows[i].status = same ? "current" : "changed";
			if (same)
				rows[i].score = progress_record_lesson_score(r, item->hints.n);
		}
	}
	if (p->d.n_rec > 1)
		qsort(rows, p->d.n_rec, sizeof *rows, row_cmp);
}

bool progress_report(const pt_progress *p, const pt_catalog *catalog,
    const char *format, char **out, size_t *len, char *err, size_t errlen)
{
	*out = NULL;
	*len = 0;
	bool csv = strcmp(format, "csv") == 0;
	if (!csv && strcmp(format, "json") != 0) {
		progress_say(err, errlen, "unknown report format '%s' (use csv or json)", format);
		return false;
	}
	report_row *rows = calloc(p->d.n_rec ? p->d.n_rec : 1, sizeof *rows);
	pt_strbuf b = { 0 };
	if (rows != NULL) {
		make_rows(p, catalog, rows);
		strbuf_put(&b, "", 0);
		if (csv) {
			report_csv(&b, rows, p->d.n_rec);
			exams_csv(&b, p);
		} else {
			report_json(&b, rows, p->d.n_rec, p);
		}
	}
	free(rows);
	if (rows == NULL || b.failed) {
		free(b.s);
		progress_say(err, errlen, "out of memory");
		return false;
	}
	*out = b.s;
	*len = b.n;
	return true;
}

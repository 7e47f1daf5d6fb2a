/* fuzz_progress.c - libFuzzer target: the progress store's file reader and
 * everything built on the records (resume, stats, review, misconceptions,
 * the learner's statistics and their charts, both reports) must survive any
 * file without crashing, leaking or undefined behaviour.  The input's bytes
 * also make up exams for the exam history chart. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paratutor/load/load.h"
#include "paratutor/store/progress.h"
#include "paratutor/report/progress_report.h"
#include "paratutor/report/stats.h"
#include "paratutor/report/stats_out.h"
#include "paratutor/load/validate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The items the fuzzed records may point at; the hashes in
 * tests/fixtures/progress/store.json match them. */
static const char lesson_json[] =
    "{\"format\":1,\"id\":\"fixture-minimal\",\"title\":\"t\",\"summary\":\"s\",\"attempts\":3,\"items\":["
    "{\"id\":\"split\",\"kind\":\"fill\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"code\":\"a = {{1}}({{2}})\","
    "\"bank\":[\"batch\",\"split\",\"sum\"],\"blanks\":[{\"accept\":[\"split\"],\"feedback\":{\"batch\":\"fb\"}},"
    "{\"accept\":[\"sum\"]}],\"hints\":[\"h\"],\"explanation\":\"e\"},"
    "{\"id\":\"pick-one\",\"kind\":\"choice\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"options\":["
    "{\"text\":\"Alpha\",\"feedback\":\"no\"},{\"text\":\"Beta\",\"correct\":true},{\"text\":\"Gamma\"}],"
    "\"hints\":[\"h\"],\"explanation\":\"e\"},"
    "{\"id\":\"pick-all\",\"kind\":\"multi\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"options\":["
    "{\"text\":\"Two\",\"correct\":true},{\"text\":\"Three\",\"feedback\":\"odd\"}],"
    "\"hints\":[\"h\"],\"explanation\":\"e\"}]}";

static char dir[] = "/tmp/pt-fuzz-progress-XXXXXX";
static char path[64];
static pt_catalog cat;
static FILE *sink;

/* Removes the scratch file and directory at exit. */
static void cleanup(void)
{
	unlink(path);
	rmdir(dir);
}

/* Builds the catalog and the scratch file once. */
static void init(void)
{
	if (mkdtemp(dir) == NULL)
		abort();
	snprintf(path, sizeof path, "%s/progress.json", dir);
	atexit(cleanup);
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("fuzz.json", lesson_json, strlen(lesson_json), &d);
	if (l == NULL)
		abort();
	validate_lesson(l, &d);
	diags_free(&d);
	cat.v = calloc(1, sizeof *cat.v);
	if (cat.v == NULL)
		abort();
	cat.v[0].lesson = l;
	cat.v[0].info = index_info_of(l);
	cat.v[0].loaded = true;
	if (cat.v[0].info == NULL)
		abort();
	cat.n = cat.cap = 1;
	sink = fopen("/dev/null", "w");
	if (sink == NULL)
		abort();
}

/* Computes the learner's statistics of p and renders them, in ASCII and
 * in UTF-8, with exams made from the input's first bytes. */
static void stats_run(const pt_progress *p, const uint8_t *data, size_t size)
{
	pt_exam_point exams[8];
	size_t n_exams = 0;
	for (size_t i = 0; i + 12 <= size && n_exams < 8; i += 12) {
		int64_t t;
		double score;
		memcpy(&t, data + i, sizeof t);
		memcpy(&score, data + i + 4, sizeof score);
		exams[n_exams++] = (pt_exam_point){ (time_t)t, score, (int8_t)data[i + 11], (size_t)(data[i + 3] % 3), 0 };
	}
	long offset = size > 0 ? (long)(int8_t)data[0] * 1800 : 0;
	pt_stats st;
	if (!stats_compute(p, &cat, 1800000000, offset, &st))
		return;
	for (int ascii = 0; ascii < 3; ascii++) { /* 2: words, no charts */
		pt_stats_style style = { ascii == 1, 58 + ascii * 20, offset, ascii == 2, false };
		pt_stats_text t;
		if (!stats_text(&st, exams, n_exams, &style, &t))
			continue;
		for (size_t k = 0; k < t.n; k++)
			fprintf(sink, "%s%s\n", t.v[k].lead != NULL ? t.v[k].lead : "", t.v[k].text);
		stats_text_free(&t);
	}
	stats_free(&st);
}

/* Reads the exams back: the history, and the open exam resumed,
 * submitted and kept again. */
static void exercise_exams(pt_progress *p)
{
	pt_exam_summary sum;
	for (size_t i = 0; i < progress_exam_count(p); i++)
		if (progress_exam_summary(p, i, &sum))
			fprintf(sink, "%g %d\n", sum.score, sum.passed);
	pt_exam e;
	size_t dropped;
	char err[128];
	if (!progress_exam_resume(p, &cat, &e, 1800000000, &dropped, err, sizeof err))
		return;
	exam_time_left(&e, 1800000100);
	exam_submit(&e, 1800000200, false);
	pt_exam_results r;
	if (exam_results(&e, NULL, &r))
		exam_results_free(&r);
	progress_exam_keep(p, &e, 1800000200);
	exam_free(&e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (sink == NULL)
		init();
	FILE *fp = fopen(path, "wb");
	if (fp == NULL)
		return 0;
	fwrite(data, 1, size, fp);
	fclose(fp);
	pt_open_report rep;
	pt_progress *p = progress_open_readonly(path, &rep);
	if (p == NULL)
		return 0;
	const pt_lesson *l = cat.v[0].lesson;
	pt_session s;
	if (session_init(&s, l)) {
		progress_restore(p, &s, NULL);
		for (size_t i = 0; i < l->n_items; i++)
			grade_score(&s.grades[i]);
		session_free(&s);
	}
	size_t done, total, n;
	int score;
	progress_lesson_stats(p, l, &done, &total, &score);
	pt_due_list due;
	if (progress_due(p, &cat, 1800000000, &due))
		progress_due_free(&due);
	pt_misconception m[4];
	progress_misconceptions(p, &cat, NULL, m, 4, &n);
	stats_run(p, data, size);
	char err[128], *text;
	size_t len;
	if (progress_report(p, &cat, "csv", &text, &len, err, sizeof err))
		fwrite(text, 1, len, sink);
	free(text);
	if (progress_report(p, &cat, "json", &text, &len, err, sizeof err))
		fwrite(text, 1, len, sink);
	free(text);
	exercise_exams(p);
	progress_close(p);
	return 0;
}

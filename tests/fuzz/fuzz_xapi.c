/* fuzz_xapi.c - libFuzzer target: the xAPI statement reader
 * (xapi_read.c) and the class report built on what it reads (class.c,
 * class_analysis.c, class_out.c) must survive any answer an LRS gives
 * without crashing, leaking or undefined behaviour.  The input is up to
 * four pages, cut at form feeds; each is read as a StatementResult, the
 * results are handed to the class report learner by learner, as
 * `class --lrs` does, and the report is rendered in every format. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/report/class.h"
#include "paratutor/catalog/index.h"
#include "paratutor/load/load.h"
#include "paratutor/load/validate.h"
#include "paratutor/report/xapi_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define LESSON "tests/fixtures/good/minimal.json" /* the lesson the seeds' statements are of */
#define PAGES_MAX 4

static pt_catalog cat;
static FILE *sink;

/* Builds the catalog once. */
static void init(void)
{
	size_t len;
	pt_read_error err;
	char *text = file_read(LESSON, (size_t)1 << 20, &len, &err);
	if (text == NULL)
		abort();
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text(LESSON, text, len, &d);
	free(text);
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

/* Hands r's learners to a class and renders it in every format. */
static void report(const pt_xapi_read *r)
{
	pt_class *c = class_new(&cat, PT_CLASS_NAME_DIR);
	pt_record *rec = r->n ? calloc(r->n, sizeof *rec) : NULL;
	int *scores = r->n ? calloc(r->n, sizeof *scores) : NULL;
	bool ok = c != NULL && (r->n == 0 || (rec != NULL && scores != NULL));
	for (size_t i = 0; ok && i < r->n;) {
		size_t j = i;
		while (j < r->n && strcmp(r->v[j].learner, r->v[i].learner) == 0 &&
		    strcmp(r->v[j].actor, r->v[i].actor) == 0)
			j++;
		for (size_t k = i; k < j; k++) {
			rec[k - i] = r->v[k].rec;
			scores[k - i] = r->v[k].score;
		}
		ok = class_add_records(c, r->v[i].learner, r->v[i].actor, rec, scores, j - i);
		i = j;
	}
	if (ok && class_finish(c)) {
		static const pt_class_format formats[] = { PT_CLASS_TABLE, PT_CLASS_CSV, PT_CLASS_JSON,
			PT_CLASS_GRADEBOOK };
		for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
			char *text;
			size_t len;
			if (class_render(c, formats[f], &text, &len)) {
				fwrite(text, 1, len, sink);
				free(text);
			}
		}
	}
	free(rec);
	free(scores);
	class_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (sink == NULL)
		init();
	pt_xapi_read r = { 0 };
	const char *text = (const char *)data;
	bool ok = true;
	for (int page = 0; ok && page < PAGES_MAX && size > 0; page++) {
		const char *ff = memchr(text, '\f', size);
		size_t n = ff != NULL ? (size_t)(ff - text) : size;
		char *more = NULL, why[256];
		ok = xapi_read_page(&r, text, n, &more, why, sizeof why);
		if (more != NULL)
			fprintf(sink, "%s\n", more);
		free(more);
		size -= ff != NULL ? n + 1 : n;
		text += ff != NULL ? n + 1 : n;
	}
	if (xapi_read_finish(&r))
		report(&r);
	fprintf(sink, "%zu %zu %zu %zu\n", r.statements, r.other, r.malformed, r.superseded);
	xapi_read_free(&r);
	return 0;
}

/* class_lrs.c - `paratutor class --lrs URL`: the class's learners read
 * from a Learning Record Store (cli_class.h).  GET /statements (limit=,
 * since=), every "more" link followed, each page read by xapi_read.c,
 * each learner's results handed to the class report as a store's records
 * would be. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/report/class.h"
#include "paratutor/cli/cli_class.h"
#include "paratutor/cli/cli_lrs.h"
#include "paratutor/base/grow.h"
#include "paratutor/report/xapi_read.h"

#define PAGES_MAX 1000000 /* a store that never stops paging is refused past this */

/* Says on stderr why a request to the LRS failed, in one line. */
static void say_failure(const cli_class_lrs *o, cli_lrs_status st, long http, const char *detail)
{
	if (st == LRS_UNREACHABLE)
		fprintf(stderr, "paratutor: cannot reach the LRS at %s (%s); check the address and try again later\n",
		    o->url, detail);
	else if (st == LRS_REFUSED)
		fprintf(stderr, "paratutor: the LRS at %s refused %s (HTTP %ld); check the key and secret%s%s and that "
		    "they may read statements\n", o->url, o->auth != NULL ? "the credentials" : "to answer without "
		    "credentials (give them with --lrs-auth FILE)", http, o->auth != NULL ? " in " : "",
		    o->auth != NULL ? o->auth : "");
	else
		fprintf(stderr, "paratutor: the LRS at %s answered HTTP %ld%s%s; no report was made\n", o->url, http,
		    detail[0] != '\0' ? ": " : "", detail);
}

/* Reads every page of statements into r; false (having said why) when a
 * request or a page fails. */
static bool fetch_all(const cli_class_lrs *o, cli_lrs *lrs, pt_xapi_read *r)
{
	char first[128], why[512], detail[256];
	int n = snprintf(first, sizeof first, "statements?limit=%zu%s%s", o->limit, o->since ? "&since=" : "",
	    o->since ? o->since : "");
	if (n < 0 || (size_t)n >= sizeof first) {
		fputs("paratutor: --since is too long\n", stderr);
		return false;
	}
	char *path = strdup(first);
	bool ok = path != NULL;
	for (size_t pages = 0; ok && path != NULL; pages++) {
		if (pages == PAGES_MAX) {
			fprintf(stderr, "paratutor: the LRS at %s gave more than %d pages; no report was made\n", o->url,
			    PAGES_MAX);
			ok = false;
			break;
		}
		char *text = NULL, *more = NULL;
		long http = 0;
		cli_lrs_status st = cli_lrs_get(lrs, path, &text, &http, detail, sizeof detail);
		if (st != LRS_OK) {
			say_failure(o, st, http, detail);
			ok = false;
		} else if (!xapi_read_page(r, text, strlen(text), &more, why, sizeof why)) {
			fprintf(stderr, "paratutor: the LRS at %s gave a page that cannot be read (%s); no report was made\n",
			    o->url, why);
			ok = false;
		} else if (more != NULL && strcmp(more, path) == 0) {
			fprintf(stderr, "paratutor: the LRS at %s gave the same page again; no report was made\n", o->url);
			ok = false;
		}
		free(text);
		free(path);
		path = more;
		if (!ok) {
			free(more);
			path = NULL;
		}
	}
	free(path);
	return ok;
}

/* Hands each learner's results in r to c, in name order; false when out
 * of memory. */
static bool add_learners(pt_class *c, const pt_xapi_read *r)
{
	pt_record *rec = NULL;
	int *scores = NULL;
	size_t cap_rec = 0, cap_scores = 0;
	bool ok = true;
	for (size_t i = 0; ok && i < r->n;) {
		size_t j = i;
		while (j < r->n && strcmp(r->v[j].learner, r->v[i].learner) == 0 &&
		    strcmp(r->v[j].actor, r->v[i].actor) == 0)
			j++;
		ok = grow_array((void **)&rec, &cap_rec, j - i, sizeof *rec) &&
		    grow_array((void **)&scores, &cap_scores, j - i, sizeof *scores);
		for (size_t k = i; ok && k < j; k++) {
			rec[k - i] = r->v[k].rec;
			scores[k - i] = r->v[k].score;
		}
		ok = ok && class_add_records(c, r->v[i].learner, r->v[i].actor, rec, scores, j - i);
		i = j;
	}
	free(rec);
	free(scores);
	return ok && class_finish(c);
}

/* Says on stderr, in one line, what was read and what was skipped. */
static void say_read(const cli_class_lrs *o, const pt_xapi_read *r, size_t learners)
{
	fprintf(stderr, "paratutor: read %zu statement%s from %s: %zu item result%s of %zu learner%s", r->statements,
	    r->statements == 1 ? "" : "s", o->url, r->n, r->n == 1 ? "" : "s", learners, learners == 1 ? "" : "s");
	if (r->superseded > 0)
		fprintf(stderr, "; %zu older result%s replaced by a later one of the same item", r->superseded,
		    r->superseded == 1 ? "" : "s");
	if (r->malformed + r->other > 0)
		fprintf(stderr, "; skipped %zu malformed and %zu that are no lesson item result (completions, exams, "
		    "other systems)", r->malformed, r->other);
	fputs("\n", stderr);
}

bool cli_class_lrs_read(pt_class *c, const cli_class_lrs *o)
{
	char why[4600];
	cli_lrs *lrs = cli_lrs_open(o->url, o->auth, why, sizeof why);
	if (lrs == NULL) {
		fprintf(stderr, "paratutor: %s; no report was made\n", why);
		return false;
	}
	pt_xapi_read r = { 0 };
	bool ok = fetch_all(o, lrs, &r);
	cli_lrs_close(lrs);
	if (ok) {
		if (!xapi_read_finish(&r) || !add_learners(c, &r)) {
			fputs("paratutor: out of memory\n", stderr);
			ok = false;
		} else {
			say_read(o, &r, c->n_learners);
		}
	}
	xapi_read_free(&r);
	return ok;
}

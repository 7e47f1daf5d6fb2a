/* sync.c - `paratutor sync` (cli_sync.h).
 *
 * The statements are those --report --format xapi prints, with ids that
 * depend only on what they say.  STORE.lrs-sent lists the ids the LRS at
 * one address has acknowledged (its first line names the address); it is
 * replaced atomically after each batch the LRS accepts, so a sync killed
 * at any moment re-sends at most one batch, which the LRS takes without a
 * duplicate (same id, same statement).  A batch the LRS rejects is split
 * until the statement it rejects is alone: that one is kept aside in
 * STORE.lrs-rejected.json and named, the others go on.  The progress
 * store itself is only read. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/cli/cli_config.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/cli/cli_lrs.h"
#include "paratutor/cli/cli_output.h"
#include "paratutor/cli/cli_sync.h"
#include "paratutor/base/fileio.h"
#include "paratutor/base/grow.h"
#include "paratutor/base/strbuf.h"
#include "paratutor/store/progress.h"
#include "paratutor/store/progress_exam.h"
#include "paratutor/report/xapi.h"

#define SENT_HEADER "# paratutor sync: statements acknowledged by "

/* The usage text (--help). */
static const char usage[] =
	      "Usage: paratutor sync [--lrs URL] [--lrs-auth FILE] [--state FILE]\n"
	      "                      (--actor mailto:ADDRESS | --actor-account HOMEPAGE,NAME)\n"
	      "Send your recorded results to a Learning Record Store (xAPI 1.0.3): every\n"
	      "statement of --report --format xapi that the store has not acknowledged\n"
	      "yet, in batches.  Safe to repeat and to interrupt: a statement the store\n"
	      "holds already is not stored twice, and nothing is removed from your\n"
	      "progress.\n"
	      "\n"
	      "Options:\n"
	      "      --lrs URL         the store's xAPI address (default: lrs = URL in\n"
	      "                        $XDG_CONFIG_HOME/paratutor/config or " PT_SYSCONFDIR "/paratutor/config)\n"
	      "      --lrs-auth FILE   a file holding key:secret, readable only by you\n"
	      "                        (chmod 600); default: lrs_auth = FILE in the same files\n"
	      "      --state FILE      the progress store (default\n"
	      "                        $XDG_STATE_HOME/paratutor/progress.json)\n"
	      "      --actor mailto:ADDRESS, --actor-account HOMEPAGE,NAME\n"
	      "                        who you are in the statements\n"
	      "      --activity-base IRI  where activity ids start (default\n"
	      "                        " PT_XAPI_DEFAULT_BASE ")\n"
	      "      --batch N         statements per request, 1 to 500 (default 50)\n"
	      "  -l, --lessons DIR     as for the tutor (item names and answers)\n"
	      "  -h, --help            show this help and exit\n"
	      "\n"
	      "Exit status: 0 when every statement is delivered; 1 when some are not\n"
	      "(one line says why for each kind of failure); 2 for a bad command line.\n";

/* The ids the LRS acknowledged, sorted. */
typedef struct id_set {
	char **v;
	size_t n, cap;
} id_set;

static int id_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool id_has(const id_set *s, const char *id)
{
	return s->n > 0 && bsearch(&id, s->v, s->n, sizeof *s->v, id_cmp) != NULL;
}

static bool id_add(id_set *s, const char *id)
{
	if (!grow_array((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v) || (s->v[s->n] = strdup(id)) == NULL)
		return false;
	s->n++;
	qsort(s->v, s->n, sizeof *s->v, id_cmp);
	return true;
}

static void id_free(id_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* Reads the ids acknowledged by the LRS at url from path (none when the
 * file is missing or names another address). */
static void read_sent(const char *path, const char *url, id_set *sent)
{
	size_t len = 0;
	pt_read_error err;
	char *text = file_read(path, (size_t)64 << 20, &len, &err);
	if (text == NULL)
		return;
	char *line = strtok(text, "\n");
	if (line != NULL && strncmp(line, SENT_HEADER, strlen(SENT_HEADER)) == 0 &&
	    strcmp(line + strlen(SENT_HEADER), url) == 0)
		while ((line = strtok(NULL, "\n")) != NULL)
			if (line[0] != '\0' && line[0] != '#')
				id_add(sent, line);
	free(text);
}

/* Replaces path with the acknowledged ids; false after saying why. */
static bool write_sent(const char *path, const char *url, const id_set *sent)
{
	pt_strbuf b = { 0 };
	strbuf_put(&b, SENT_HEADER, strlen(SENT_HEADER));
	strbuf_put(&b, url, strlen(url));
	strbuf_put(&b, "\n", 1);
	for (size_t i = 0; i < sent->n; i++) {
		strbuf_put(&b, sent->v[i], strlen(sent->v[i]));
		strbuf_put(&b, "\n", 1);
	}
	bool ok = !b.failed && cli_write_output(path, b.s, b.n);
	if (b.failed)
		fputs("paratutor: out of memory\n", stderr);
	free(b.s);
	return ok;
}

/* What one sync run found. */
typedef struct sync_run {
	cli_lrs *lrs;
	const char *url, *auth, *sent_path;
	id_set sent;
	cJSON *rejected;      /* statements the LRS would not take */
	size_t delivered;
	cli_lrs_status stop;  /* LRS_OK until a failure that stops the run */
	long stop_http;
	char stop_detail[256];
	bool write_failed;
	bool (*keep)(const void *statement, void *ctx);
	void *keep_ctx;
	size_t held_back;     /* statements keep said not to send yet */
} sync_run;

/* In the test builds, PARATUTOR_TEST_SYNC_KILL_AFTER_POST=N kills the
 * command (SIGKILL) right after the LRS accepted its Nth batch and before
 * that is recorded: the worst moment for a kill -9. */
#ifdef PT_TEST_HOOKS
static void test_kill_point(void)
{
	static long posts;
	const char *at = getenv("PARATUTOR_TEST_SYNC_KILL_AFTER_POST");
	if (at != NULL && ++posts == atol(at))
		raise(SIGKILL);
}
#endif

/* Sends the statements v[from, to) as one batch, or, when the LRS rejects
 * the batch, each half on its own, down to the statement it rejects. */
static void send_range(sync_run *r, cJSON **v, size_t from, size_t to)
{
	if (r->stop != LRS_OK || r->write_failed || from >= to)
		return;
	cJSON *batch = cJSON_CreateArray();
	for (size_t i = from; batch != NULL && i < to; i++)
		cJSON_AddItemReferenceToArray(batch, v[i]);
	char *body = batch != NULL ? cJSON_PrintUnformatted(batch) : NULL;
	cJSON_Delete(batch);
	if (body == NULL) {
		r->stop = LRS_FAILED;
		snprintf(r->stop_detail, sizeof r->stop_detail, "out of memory");
		return;
	}
	long http;
	char detail[256];
	cli_lrs_status st = cli_lrs_post(r->lrs, body, strlen(body), &http, detail, sizeof detail);
	free(body);
	if (st == LRS_OK) {
#ifdef PT_TEST_HOOKS
		test_kill_point();
#endif
		for (size_t i = from; i < to; i++)
			id_add(&r->sent, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v[i], "id")));
		r->delivered += to - from;
		r->write_failed = !write_sent(r->sent_path, r->url, &r->sent);
	} else if (st == LRS_REJECTED && to - from > 1) {
		size_t mid = from + (to - from) / 2;
		send_range(r, v, from, mid);
		send_range(r, v, mid, to);
	} else if (st == LRS_REJECTED) {
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v[from], "id"));
		fprintf(stderr, "paratutor: the LRS rejected statement %s (HTTP %ld: %s); it is kept aside in the "
		    "rejected file, the others are sent\n", id != NULL ? id : "(no id)", http,
		    detail[0] ? detail : "no reason given");
		cJSON_AddItemReferenceToArray(r->rejected, v[from]);
	} else {
		r->stop = st;
		r->stop_http = http;
		snprintf(r->stop_detail, sizeof r->stop_detail, "%s", detail);
	}
}

/* Says why the run stopped, in one line. */
static void say_stop(const sync_run *r, size_t waiting)
{
	if (r->stop == LRS_UNREACHABLE)
		fprintf(stderr, "paratutor: cannot reach the LRS at %s (%s); %zu statement%s wait: run paratutor sync "
		    "again later\n", r->url, r->stop_detail, waiting, waiting == 1 ? "" : "s");
	else if (r->stop == LRS_REFUSED)
		fprintf(stderr, "paratutor: the LRS at %s refused the credentials%s%s (HTTP %ld); check the key and "
		    "secret there; %zu statement%s wait\n", r->url, r->auth ? " in " : " (none were given:"
		    " --lrs-auth FILE)", r->auth ? r->auth : "", r->stop_http, waiting, waiting == 1 ? "" : "s");
	else
		fprintf(stderr, "paratutor: the LRS at %s answered HTTP %ld (%s); %zu statement%s wait: run paratutor "
		    "sync again later\n", r->url, r->stop_http, r->stop_detail[0] ? r->stop_detail : "no reason given",
		    waiting, waiting == 1 ? "" : "s");
}

/* Sends the statements of text (a JSON array) that were not sent
 * before; returns the exit status. */
static int sync_statements(sync_run *r, const char *text, const char *store, size_t batch)
{
	cJSON *all = cJSON_Parse(text);
	size_t n = (size_t)cJSON_GetArraySize(all), pending = 0;
	cJSON **v = n > 0 ? calloc(n, sizeof *v) : NULL;
	if (all == NULL || (n > 0 && v == NULL) || (r->rejected = cJSON_CreateArray()) == NULL) {
		fputs("paratutor: out of memory\n", stderr);
		cJSON_Delete(all);
		free(v);
		return CLI_FAILED;
	}
	cJSON *s;
	cJSON_ArrayForEach(s, all) {
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(s, "id"));
		if (id == NULL || id_has(&r->sent, id))
			continue;
		if (r->keep != NULL && !r->keep(s, r->keep_ctx))
			r->held_back++;
		else
			v[pending++] = s;
	}
	size_t before = n - pending - r->held_back;
	for (size_t i = 0; i < pending && r->stop == LRS_OK && !r->write_failed; i += batch)
		send_range(r, v, i, i + batch < pending ? i + batch : pending);
	size_t n_rejected = (size_t)cJSON_GetArraySize(r->rejected);
	size_t waiting = pending - r->delivered - n_rejected;
	if (n_rejected > 0) {
		char path[4200];
		snprintf(path, sizeof path, "%s.lrs-rejected.json", store);
		char *kept = cJSON_Print(r->rejected);
		if (kept != NULL && cli_write_output(path, kept, strlen(kept)))
			fprintf(stderr, "paratutor: %zu statement%s the LRS rejected %s kept in %s\n", n_rejected,
			    n_rejected == 1 ? "" : "s", n_rejected == 1 ? "is" : "are", path);
		free(kept);
	}
	if (r->stop != LRS_OK)
		say_stop(r, waiting);
	printf("paratutor: sent %zu of %zu statement%s to %s (%zu acknowledged before)\n", r->delivered, pending,
	    pending == 1 ? "" : "s", r->url, before);
	if (r->held_back > 0)
		printf("paratutor: %zu statement%s of exams whose results are not out yet wait%s until they are\n",
		    r->held_back, r->held_back == 1 ? "" : "s", r->held_back == 1 ? "s" : "");
	cJSON_Delete(r->rejected);
	cJSON_Delete(all);
	free(v);
	return r->stop == LRS_OK && !r->write_failed && n_rejected == 0 ? CLI_OK : CLI_FAILED;
}

int cli_sync_store(const cli_sync_job *job)
{
	int status = CLI_FAILED;
	char why[4600], err[512];
	sync_run r = { .url = job->url, .auth = job->auth, .stop = LRS_OK, .keep = job->keep, .keep_ctx = job->keep_ctx };
	r.lrs = cli_lrs_open(job->url, job->auth, why, sizeof why);
	if (r.lrs != NULL && job->background_seconds > 0)
		cli_lrs_background(r.lrs, job->background_seconds);
	pt_open_report rep;
	pt_progress *p = r.lrs != NULL ? progress_open_readonly(job->state, &rep) : NULL;
	bool settled = false;
	if (p != NULL && job->settle_at != 0) /* in memory, as the class report does; one whose items are gone
	                                      * stays open, as there */
		(void)progress_exam_settle(p, job->cat, job->settle_at, &settled, err, sizeof err);
	char *text = NULL, sent_path[PT_PROGRESS_PATH_MAX + 16];
	size_t len;
	if (r.lrs == NULL) {
		fprintf(stderr, "paratutor: %s; nothing was sent\n", why);
	} else if (p == NULL) {
		fputs("paratutor: out of memory\n", stderr);
	} else if (job->learner && rep.learner[0] != '\0') { /* a sentence of its own */
		fprintf(stderr, "paratutor: %s Nothing was sent.\n", rep.learner);
	} else if (rep.message[0] != '\0' && !rep.loaded) {
		fprintf(stderr, "paratutor: %s; nothing was sent\n", rep.message);
	} else if (!xapi_statements(p, job->cat, &job->xo, &text, &len, err, sizeof err)) {
		fprintf(stderr, "paratutor: %s\n", err);
	} else {
		snprintf(sent_path, sizeof sent_path, "%s.lrs-sent", job->state);
		r.sent_path = sent_path;
		read_sent(sent_path, job->url, &r.sent);
		status = sync_statements(&r, text, job->state, job->batch);
	}
	free(text);
	id_free(&r.sent);
	if (p != NULL)
		progress_close(p);
	cli_lrs_close(r.lrs);
	return status;
}

int cli_sync(int argc, char **argv)
{
	const char *url = NULL, *auth = NULL, *state = NULL;
	cli_actor actor = { 0 };
	size_t batch = 50;
	cli_lesson_path lp = { 0 };
	const cli_opt rows[] = {
		CLI_ROW("lrs", 0, CLI_TEXT, &url),
		CLI_ROW("lrs-auth", 0, CLI_TEXT, &auth),
		CLI_ROW("state", 0, CLI_TEXT, &state),
		CLI_ACTOR_ROWS(&actor),
		{ "batch", 0, CLI_WHOLE, &batch, "--batch takes a number from 1 to 500", .lo = 1, .hi = 500 },
		CLI_LESSON_ROWS(&lp),
		CLI_HELP_ROWS(usage)
	};
	int status = cli_read_options(argc, argv, rows, "paratutor", "paratutor sync");
	if (status >= 0)
		return status;
	if (optind < argc) {
		fprintf(stderr, "paratutor: sync takes no operand ('%s')\n", argv[optind]);
		return CLI_USAGE;
	}
	char why[4600];
	if (!xapi_check_options(&actor.xo, why, sizeof why)) {
		fprintf(stderr, "paratutor: %s\n", why);
		return CLI_USAGE;
	}
	cli_config_read(&lp.config, "paratutor");
	lp.have_config = true;
	if (url == NULL)
		url = lp.config.lrs;
	if (auth == NULL)
		auth = lp.config.lrs_auth;
	char state_buf[PT_PROGRESS_PATH_MAX];
	pt_catalog cat = { 0 };
	if (url == NULL) {
		fputs("paratutor: sync needs the LRS's address: --lrs URL, or lrs = URL in the configuration file\n",
		    stderr);
		status = CLI_USAGE;
	} else if ((state = cli_store_path(state, state_buf, sizeof state_buf, "paratutor", "--state")) == NULL) {
		status = CLI_USAGE;
	} else if (!cli_lessons_or_say(&cat, &lp)) {
		status = CLI_NO_LESSONS;
	} else {
		cli_sync_job job = { url, auth, state, &cat, actor.xo, batch, 0, NULL, NULL, 0, true };
		status = cli_sync_store(&job);
	}
	catalog_free(&cat);
	cli_lesson_path_free(&lp);
	return status;
}

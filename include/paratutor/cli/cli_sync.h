/* cli_sync.h - `paratutor sync`: sends the statements of a progress store
 * (those of --report --format xapi) that a Learning Record Store has not
 * yet acknowledged. */
#ifndef PARATUTOR_CLI_SYNC_H
#define PARATUTOR_CLI_SYNC_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/report/xapi.h"

/* One store to send. */
typedef struct cli_sync_job {
	const char *url;          /* the LRS's xAPI address */
	const char *auth;         /* its key:secret file (a private one), or NULL */
	const char *state;        /* the progress store; STATE.lrs-sent keeps what was acknowledged */
	const pt_catalog *cat;    /* the lessons the statements describe */
	pt_xapi_options xo;       /* who the learner is in the statements */
	size_t batch;             /* statements per request */
	long background_seconds;  /* 0: as `paratutor sync`; else cli_lrs_background's limit */
	bool (*keep)(const void *statement, void *ctx); /* NULL, or false for a statement (a cJSON
	                          * object) not to send yet: it waits, unacknowledged, for a later run */
	void *keep_ctx;
	time_t settle_at;         /* 0, or the time at which an exam left open past its deadline counts as
	                          * submitted at it (in memory: the store is not written), so it is sent */
	bool learner;             /* the store's own learner runs it: a damaged store is told in their words
	                          * (a course lead's course sync names the fault exactly) */
} cli_sync_job;

/* Sends job's statements that the LRS has not acknowledged yet, saying on
 * stdout and stderr what was sent and what was not; returns the exit
 * status of `paratutor sync` (0 all delivered, 1 not). */
int cli_sync_store(const cli_sync_job *job);

/* Runs the command (argv[0] is "sync"); returns the exit status. */
int cli_sync(int argc, char **argv);

#endif

/* cli_lrs.h - talking to a Learning Record Store over HTTP (libcurl):
 * its address checked, its credentials read from a private file, and
 * statements posted, with TLS verified and X-Experience-API-Version 1.0.3.
 * Nothing here ever prints or returns the secret. */
#ifndef PARATUTOR_CLI_LRS_H
#define PARATUTOR_CLI_LRS_H

#include <stddef.h>

typedef struct cli_lrs cli_lrs;

/* What an exchange with the store came to. */
typedef enum cli_lrs_status {
	LRS_OK,          /* 2xx */
	LRS_UNREACHABLE, /* no answer: name, connection, TLS, time-out */
	LRS_REFUSED,     /* 401 or 403: the credentials */
	LRS_REJECTED,    /* 400, 409 or 413: the statements themselves */
	LRS_FAILED       /* any other answer (5xx, a redirect) */
} cli_lrs_status;

/* Opens a connection to the store at url with the credentials in
 * auth_path (NULL: none), which must be a regular file of this user's,
 * readable by nobody else (mode 0600 or stricter), holding key:secret on
 * its first line.  NULL with the reason in why (never the secret). */
cli_lrs *cli_lrs_open(const char *url, const char *auth_path, char *why, size_t size);

/* For a send nobody waits on (a hosted session's): gives up on a store
 * that has not answered within seconds (connecting within half of it),
 * and never goes through a proxy named in the environment. */
void cli_lrs_background(cli_lrs *l, long seconds);

/* POSTs body (a JSON array of statements) to the store's /statements.
 * Returns the outcome; *http gets the status code (0 without an answer)
 * and detail a short reason (curl's or the store's, cut, never the
 * secret). */
cli_lrs_status cli_lrs_post(cli_lrs *l, const char *body, size_t len, long *http, char *detail, size_t size);

/* GETs path (relative to the store's address, e.g. "statements?limit=100"
 * or the "more" link of an answer) into *out (caller frees). */
cli_lrs_status cli_lrs_get(cli_lrs *l, const char *path, char **out, long *http, char *detail, size_t size);

/* Closes the connection and wipes the secret from memory. */
void cli_lrs_close(cli_lrs *l);

#endif

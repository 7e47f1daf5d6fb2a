/* xapi_read.h - xAPI statements read back into the records the class
 * report reads from stores (the reverse of xapi.h, for `class --lrs`).
 *
 * A page is an LRS's StatementResult ({"statements": [...], "more": "..."}).
 * Of its statements, an item result is one xapi.c writes for a record's
 * first pass: verb .../passed, .../failed or .../answered, a
 * cmi.interaction object whose id is its parent lesson activity's id, "/"
 * and the item id (each percent-decoded), context platform "paratutor",
 * the item version extension (16 hex digits) and, in the result, the
 * attempts and hints extensions; the extension keys start with the
 * lesson activity's base (its id up to the last '/').  From it:
 *   learner   the actor: an mbox without "mailto:", else an account's name,
 *             else mbox_sha1sum or openid
 *   record    lesson and item ids, hash (the version, key_hash 0: a record
 *             of another version is older), outcome (passed: first_time
 *             after one check and no hint, with_hints after one check,
 *             retries after more; failed; answered: open), attempts,
 *             hints, wrong answers (each with its blank, pair or position
 *             as wrong_at "N:text", else in wrong), pass_start from the
 *             timestamp
 *   score     result.score.raw (0-100), the lesson score of the first
 *             attempt as the store gave it; -1 when absent
 * Every field is untrusted: a statement missing a part, of the wrong type
 * or out of range is counted as malformed and skipped; a well-formed
 * statement that is not an item result (a lesson completed, an exam, another
 * system's) is counted as other.  When one learner has several results for
 * an item (synced at different times), the one the LRS stored last wins
 * (by "stored", else the first read: an LRS lists newest first).  No I/O.
 *
 * Ownership: a pt_xapi_read owns every string and record in it; free it
 * with xapi_read_free(). */
#ifndef PARATUTOR_XAPI_READ_H
#define PARATUTOR_XAPI_READ_H

#include <stdbool.h>
#include <stddef.h>

#define PT_XAPI_READ_MORE_MAX 2048 /* the longest "more" link followed */

/* One learner's result for one item. */
typedef struct pt_xapi_result {
	char *learner;   /* the learner's name for the report */
	char *actor;     /* the actor as identified ("mailto:...", "HOMEPAGE NAME", ...) */
	pt_record rec;   /* lesson, item, wrong and wrong_at owned */
	int score;       /* 0-100, or -1 */
	char *stored;    /* the LRS's "stored" time, or NULL */
	size_t seq;      /* order read */
} pt_xapi_result;

typedef struct pt_xapi_read {
	pt_xapi_result *v;  /* after xapi_read_finish: by learner, then lesson and item, one per item */
	size_t n, cap;
	size_t statements;  /* statements read */
	size_t other;       /* well-formed but no item result */
	size_t malformed;   /* skipped: a part missing, of the wrong type or out of range */
	size_t superseded;  /* an item result a later one of the same learner and item replaced */
} pt_xapi_read;

/* Reads one StatementResult page (text, len bytes) into r.  *more gets a
 * new copy of its "more" link (NULL when there is none or it is empty).
 * Returns false with the cause in why (and *more NULL) when the page is
 * not a StatementResult or when out of memory; a bad statement is only
 * counted. */
bool xapi_read_page(pt_xapi_read *r, const char *text, size_t len, char **more, char *why, size_t whylen);

/* Sorts the results by learner, lesson and item and drops superseded
 * ones; false when out of memory. */
bool xapi_read_finish(pt_xapi_read *r);

/* Frees what r holds and empties it. */
void xapi_read_free(pt_xapi_read *r);

#endif

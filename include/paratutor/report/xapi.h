/* xapi.h - a progress store as xAPI 1.0.3 statements (a JSON array), for
 * a Learning Record Store.
 *
 * One statement per item whose first pass has a recorded check:
 *   verb     http://adlnet.gov/expapi/verbs/passed when it was solved,
 *            .../failed when the attempts ran out, .../answered while the
 *            pass is still open (every check so far was wrong)
 *   object   the item: activity-base + lesson id + "/" + item id, defined
 *            as a cmi.interaction (fill-in for fill and text items, choice
 *            for choice and multi, numeric, matching for match, sequencing
 *            for order, other when the lesson is not at hand) with its name
 *            (the start of the prompt) in "en" and, when current, its
 *            correct-response pattern: the right choices, each blank's
 *            text, each accepted text answer, the range "min[:]max",
 *            "s1[.]t2[,]..." over source and target lists, "step1[,]..."
 *            over the steps as choices
 *   result   success, completion, score (scaled, and raw 0-100) and
 *            response (the right answer, once solved) when the item is
 *            the version answered; duration (time spent on the item,
 *            reviews included); attempts (checks) and hints of the first
 *            pass as extensions activity-base + "extensions/attempts" and
 *            ".../hints"
 *   context  registration: one UUID per lesson attempt (the learner, the
 *            lesson and when its oldest record was first seen); the lesson
 *            as contextActivities.parent; the item version as extension
 *            activity-base + "extensions/item-version"
 *   timestamp the first check of the pass
 * and one .../completed statement per lesson whose every item is finished
 * in its current version, with the lesson score.  Per finished exam:
 * .../passed or .../failed for the exam (activity-base + "exams/" + its
 * name, the part of its stored id before '/', or "mock" for one the
 * learner chose; an assessment) with score raw = items right, max =
 * items, scaled their share, duration the time used, the attempt (the nth
 * sitting of that exam) as extension ".../exam-attempt", and
 * .../answered for each of its items (the item's activity as above,
 * success when right, completion when answered, ".../exam-result" right,
 * wrong or unanswered), the exam as parent and one registration per
 * sitting; timestamp when it was submitted.  Reviews are not sent: the
 * store keeps only the latest review state, not each review's answer.
 *
 * Statement ids are version 5 UUIDs of everything a statement says (the
 * record's identity: learner, activity, registration, version, outcome,
 * checks, hints, time), so sending the same store twice stores nothing
 * new, and a record that changed since gets a new statement. */
#ifndef PARATUTOR_XAPI_H
#define PARATUTOR_XAPI_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/store/progress.h"

#define PT_XAPI_DEFAULT_BASE "https://paratutor.invalid/xapi/"

/* Who the learner is and where activities live.  Exactly one of mbox and
 * account_home (with account_name) is set.  Strings are borrowed. */
typedef struct pt_xapi_options {
	const char *mbox;          /* "mailto:ADDRESS" */
	const char *account_home;  /* the account's system: an IRL */
	const char *account_name;  /* the learner's name on that system */
	const char *activity_base; /* an IRI; NULL gives PT_XAPI_DEFAULT_BASE */
} pt_xapi_options;

/* Returns true when the options can make valid statements; else false
 * with the cause (and what to give instead) in err. */
bool xapi_check_options(const pt_xapi_options *o, char *err, size_t errlen);

/* Builds the statements of store p into *out (a new NUL-terminated JSON
 * array and a newline; the caller frees it with free(); *len gets its
 * length).  catalog (may be NULL) supplies the lessons: item definitions,
 * responses and completions.  Returns false with the cause in err (and
 * *out NULL) for invalid options or when out of memory. */
bool xapi_statements(const pt_progress *p, const pt_catalog *catalog,
    const pt_xapi_options *o, char **out, size_t *len, char *err, size_t errlen);

#endif

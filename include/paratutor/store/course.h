/* course.h - a hosted course: one folder the course account owns, holding
 * the course's lessons, every learner's records and its exams, reached by
 * learners only through OpenSSH forced commands (docs/course.md).
 *
 *   DIR/course.json      title, roster, exams, policies (below)
 *   DIR/lessons/         the course's lessons (the only ones hosted mode reads)
 *   DIR/learners/ID/     one learner's records (progress.json, session.lock)
 *   DIR/authorized_keys  one line per learner, made from the roster:
 *       command="EXE --course DIR --learner ID",restrict,pty TYPE BLOB ID
 *
 * course.json ("course": 1) is an object:
 *   "title"     the course's title
 *   "created"   when `course init` made it (UTC, "YYYY-MM-DDTHH:MM:SSZ")
 *   "learners"  [ { "id", "name", "email", "key" ("TYPE BASE64"), "added" } ]
 *   "exams"     [ { "name", "lessons": [ID...] or "blueprint": {ID: PERCENT},
 *                   "count", "minutes", "opens", "closes" (times as above,
 *                   absent: no bound), "attempts" (0: any number), "pass",
 *                   "extra_minutes": { LEARNER-ID: MINUTES } } ]
 *   "policies"  { "answer_changed": "reopen" (default) or "keep" }: what a
 *               lesson edited mid-course does to credit for an item whose
 *               right answer changed (read here, kept as written)
 *   "lrs"       the Learning Record Store hosted sessions send each learner's
 *               statements to (xAPI; "http://" only to this machine), and
 *   "lrs_auth"  the file holding its key:secret (absolute, or relative to
 *               DIR; checked when used: the course account's, mode 0600);
 *               both absent: nothing is sent
 *   "concepts"  { TAG: TITLE, ... }: concept tags beyond the bundled ones
 *               (tags.h) the course's lessons may carry; course_declare_
 *               concepts makes them known (read here, kept as written)
 * Members this build does not know (at the top and in each learner and exam)
 * are kept as they are when the file is written again, so newer features
 * can add theirs.
 *
 * A course exam sat by a learner is kept in their store like any exam, its
 * id starting "NAME/" (PT_COURSE_EXAM_SEP), which is how attempts are
 * counted and how reports find it.
 *
 * Reading checks everything: a fault is an error naming the file and the
 * member.  Writing replaces course.json and authorized_keys atomically
 * (fileio.h), mode 0600. */
#ifndef PARATUTOR_COURSE_H
#define PARATUTOR_COURSE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/model/tags.h"
#include "paratutor/store/progress.h"

#define PT_COURSE_FORMAT 1
#define PT_COURSE_ID_MAX 32          /* a learner id: [a-z0-9][a-z0-9._-]{0,31} */
#define PT_COURSE_EXAM_NAME_MAX 16   /* an exam name: [a-z0-9][a-z0-9._-]{0,15} */
#define PT_COURSE_EXAM_SEP '/'       /* between an exam's name and the rest of its id in a store */
#define PT_COURSE_MAX_BYTES (8u * 1024u * 1024u)
#define PT_COURSE_MAX_LEARNERS 100000
#define PT_COURSE_KEY_MAX 16384      /* an OpenSSH public key line */

typedef struct pt_course_learner {
	char *id, *name, *email; /* name and email may be "" */
	char *key;               /* "TYPE BASE64", as course_key_parse gives it */
	time_t added;
	void *rest;              /* members this build does not know */
} pt_course_learner;

typedef struct pt_course_extra {
	char *learner;
	double minutes;
} pt_course_extra;

typedef struct pt_course_exam {
	char *name;
	char **lessons;          /* drawn from these lessons (n_lessons), or */
	size_t n_lessons;
	char **share_lessons;    /* in these shares of the paper (a blueprint) */
	double *shares;
	size_t n_shares;
	size_t count;
	double minutes;
	time_t opens, closes;    /* 0: no bound */
	unsigned attempts;       /* 0: any number */
	int pass;
	bool results_after_close; /* "results": "after-close": nothing of a sitting shows before the exam closes
	                           * and its last possible sitting has ended (needs closes) */
	pt_course_extra *extra;
	size_t n_extra;
	void *rest;
} pt_course_exam;

/* What happens to a learner's credit for an item whose right answer
 * changed after they answered it ("policies": {"answer_changed": ...}). */
typedef enum pt_course_changed {
	PT_COURSE_REOPEN,        /* "reopen" (the default): no credit until they answer it again */
	PT_COURSE_KEEP           /* "keep": the credit as first graded stands */
} pt_course_changed;

typedef struct pt_course {
	char *dir;               /* the folder, as given */
	char *title;
	time_t created;
	pt_course_learner *learners;
	size_t n_learners;
	pt_course_exam *exams;
	size_t n_exams;
	void *rest;              /* top-level members this build does not know */
	pt_course_changed answer_changed; /* read from "policies" (kept in rest, written back as it was) */
	char **concept_tags, **concept_titles; /* read from "concepts" (kept in rest likewise) */
	size_t n_concepts;
	char *lrs, *lrs_auth;    /* "lrs" and "lrs_auth" as written; NULL when absent */
} pt_course;

#define PT_COURSE_LRS_MAX 2048 /* the most of "lrs" and "lrs_auth" */

/* Checks what course.json may hold as "lrs" (an http:// or https:// address)
 * or, when auth, as "lrs_auth" (a path): 1 to PT_COURSE_LRS_MAX bytes of
 * printable ASCII (no space, no control character, nothing a terminal could
 * take for one).  False with the reason in err. */
bool course_lrs_ok(const char *s, bool auth, char *err, size_t errlen);

/* Writes the path of c's credentials file into buf ("lrs_auth" itself
 * when absolute, else under c->dir); false when there is none or it does
 * not fit. */
bool course_lrs_auth_path(const pt_course *c, char *buf, size_t size);

/* Returns true when id is a safe learner id (or, with max
 * PT_COURSE_EXAM_NAME_MAX, a safe exam name): 1 to max characters of
 * a-z, 0-9, '.', '_', '-', the first a letter or digit. */
bool course_name_ok(const char *id, size_t max);

/* Reads one OpenSSH public key line from text: "TYPE BASE64 [COMMENT]"
 * with a known TYPE, a base64 blob that decodes to a key of that type,
 * no options before it, no other line, no control characters.  Writes
 * "TYPE BASE64" (the comment dropped) into out.  False with the reason in
 * err. */
bool course_key_parse(const char *text, size_t len, char *out, size_t size, char *err, size_t errlen);

/* Starts c as a new course in dir titled title, created now. */
bool course_new(pt_course *c, const char *dir, const char *title, time_t now);

/* Reads DIR/course.json into c.  False with the cause (naming the file and
 * the member) in err; c is then empty. */
bool course_read(pt_course *c, const char *dir, char *err, size_t errlen);

/* Reads course.json's text (len bytes, named name in errors) into c as
 * the course in dir; as course_read. */
bool course_parse(pt_course *c, const char *dir, const char *name, const char *text, size_t len, char *err,
    size_t errlen);

/* Returns course.json's text for c (caller frees), or NULL when out of
 * memory. */
char *course_text(const pt_course *c);

/* Returns authorized_keys' text for c (caller frees): one line per learner
 * whose forced command runs exe (an absolute path) on the course at
 * absdir.  NULL when out of memory. */
char *course_keys_text(const pt_course *c, const char *exe, const char *absdir);

/* Returns true when s can stand in the forced command unquoted: an
 * absolute path of letters, digits and / . _ + - only. */
bool course_path_ok(const char *s);

/* Writes course.json and then authorized_keys (their old texts back
 * when the second cannot be written).  False with the cause in err. */
bool course_save(const pt_course *c, const char *exe, const char *absdir, char *err, size_t errlen);

/* Declares the course's concepts in tags (tags_declare: the catalog's),
 * before its lessons are read; false when one cannot be (the list full). */
bool course_declare_concepts(const pt_course *c, pt_tags *tags);

/* Frees what c owns; it is then empty. */
void course_free(pt_course *c);

/* Returns the learner or exam named, or NULL. */
pt_course_learner *course_learner(const pt_course *c, const char *id);
pt_course_exam *course_exam(const pt_course *c, const char *name);

/* Adds a learner (copies of the strings); false with the cause in err (a
 * bad or duplicate id, a key another learner has). */
bool course_add_learner(pt_course *c, const char *id, const char *name, const char *email, const char *key,
    time_t now, char *err, size_t errlen);

/* Removes learner id; false when there is none. */
bool course_remove_learner(pt_course *c, const char *id);

/* Adds exam ex (taken over: c owns its memory from now, also on failure);
 * false with the cause in err (a bad or duplicate name, a learner in
 * extra_minutes not on the roster, opens not before closes). */
bool course_add_exam(pt_course *c, pt_course_exam *ex, char *err, size_t errlen);

/* Frees what ex owns. */
void course_exam_free(pt_course_exam *ex);

/* Reads a time: "YYYY-MM-DDTHH:MM[:SS]Z" or "YYYY-MM-DD HH:MM[:SS]" (UTC
 * both) or "@SECONDS", up to year 9999.  False when s is none of these. */
bool course_parse_time(const char *s, time_t *out);

/* Writes t as "YYYY-MM-DDTHH:MM:SSZ" into buf (at least 21 bytes). */
void course_format_time(time_t t, char *buf, size_t size);

/* Where an exam stands for a learner at now. */
typedef enum pt_course_window {
	PT_COURSE_EXAM_OPEN,
	PT_COURSE_EXAM_NOT_YET,  /* before opens */
	PT_COURSE_EXAM_CLOSED,   /* at or after closes */
	PT_COURSE_EXAM_USED_UP   /* every attempt used */
} pt_course_window;

/* Returns how many attempts at exam name the store p holds (finished ones
 * and the open one), and whether one is open in *open (may be NULL). */
unsigned course_exam_attempts(const pt_progress *p, const char *name, bool *open);

/* Returns whether learner may start exam ex now, given the attempts
 * already made. */
pt_course_window course_exam_window(const pt_course_exam *ex, unsigned attempts, time_t now);

/* Returns the time limit of exam ex for learner id in seconds: its
 * minutes plus the learner's extra minutes. */
long course_exam_seconds(const pt_course_exam *ex, const char *learner);

/* Returns when the results of a sitting of ex come out: 0 (at once), or for
 * "results": "after-close" once the exam has closed and the longest sitting
 * any learner may start before then (minutes plus the largest extra) has
 * ended. */
time_t course_exam_release(const pt_course_exam *ex);

/* Returns the name of the course exam whose id is id ("NAME/..."), copied
 * into buf, or NULL when id is not a course exam's. */
const char *course_exam_of(const char *id, char *buf, size_t size);

#endif

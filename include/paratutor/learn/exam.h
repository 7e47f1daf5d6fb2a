/* exam.h - an exam: a paper drawn from the lessons, answered with one
 * attempt per item and no feedback until it is submitted, then graded.
 *
 * Pure: no I/O, no clock (every call that needs the time takes `now`), no
 * printing.  An exam borrows the lessons its items come from (the catalog
 * must outlive it) and owns everything else: the paper (a lesson of copies
 * of the drawn items, each with one attempt), the session that grades it
 * (its shuffled views and grading states, session_init_shuffled), the
 * marks and the results.  Free it with exam_free(). */
#ifndef PARATUTOR_EXAM_H
#define PARATUTOR_EXAM_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/load/blueprint.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/learn/session.h"

#define PT_EXAM_DEFAULT_COUNT 20
#define PT_EXAM_SECONDS_PER_ITEM 90
#define PT_EXAM_DEFAULT_PASS 70
#define PT_EXAM_MAX_ITEMS 1000
#define PT_EXAM_MAX_SECONDS (100L * 3600L) /* the longest time limit */

/* What an exam is drawn from and how it runs. */
typedef struct pt_exam_config {
	size_t count;            /* items wanted; fewer when the lessons hold fewer */
	long seconds;            /* time limit; 0 untimed; negative: PT_EXAM_SECONDS_PER_ITEM an item */
	int pass_percent;        /* 0..100 */
	unsigned long long seed; /* decides the paper and the order of its options */
	const char *const *from; /* lesson ids to draw from; n_from 0: every usable lesson */
	size_t n_from;
	bool shuffle;            /* options shown in an order of the seed's (false: as written) */
	/* Items whose answers earlier results showed (NULL: none): drawn only
	 * when the other items are too few, as few as can be. */
	bool (*shown)(const void *ctx, const char *lesson_id, const char *item_id);
	const void *shown_ctx;
	/* Each lesson's share of the paper (NULL: as the pool holds them); its
	 * lessons are the ones drawn from (n_from must be 0). */
	const pt_blueprint *blueprint;
	unsigned kinds;          /* bit 1u << kind for each kind drawn; 0: every kind */
	time_t results_at;       /* a course's release of the results (0: at once), as pt_exam */
} pt_exam_config;

/* Reads a comma-separated list of kind names ("choice,multi") into a
 * kinds mask for pt_exam_config; false (with the name refused in err)
 * when a name is not a kind. */
bool exam_kinds_parse(const char *list, unsigned *kinds, char *err, size_t errlen);

/* How an item stands once the exam is submitted. */
typedef enum pt_exam_result {
	PT_EXAM_UNANSWERED, /* nothing (or not a complete answer) was given */
	PT_EXAM_WRONG,
	PT_EXAM_RIGHT
} pt_exam_result;

/* How an item stands while the exam runs. */
typedef enum pt_exam_state {
	PT_EXAM_EMPTY,    /* nothing given yet */
	PT_EXAM_PARTLY,   /* some blanks, prompts or positions filled, not all */
	PT_EXAM_ANSWERED  /* a complete answer */
} pt_exam_state;

typedef struct pt_exam {
	unsigned long long seed;
	bool shuffle;
	int pass_percent;
	long limit;          /* seconds; 0 untimed (the practice mode) */
	long used_before;    /* untimed: seconds used in earlier sittings */
	time_t resumed_at;   /* untimed: when this sitting began */
	time_t started;      /* when the exam was first started; a timed exam's
	                      * deadline is started + limit, whatever happens */
	time_t finished;     /* when it was submitted; 0 while it runs */
	long used;           /* seconds used, once submitted */
	bool submitted;
	bool paused;         /* not being sat (left, or resumed and not taken up
	                      * yet); a timed exam's clock runs on regardless */
	bool timed_out;      /* submitted by the clock */
	unsigned leaves;     /* times the candidate left it before submitting */
	unsigned interruptions; /* times a tutor sitting it ended without leaving (a crash) */
	size_t repeated;     /* items drawn although earlier results showed them (the rest ran short) */
	unsigned warned;     /* bit 0: 5-minute warning given, bit 1: 1-minute */
	size_t reopened;     /* a past result reopened (exam_reopen): its number in the history, from 1; 0 otherwise */
	bool answers_lost;   /* reopened from a store that did not keep the answers given */
	size_t retake_of;    /* a retake (exam_retake): the number in the history of the paper sat again, from 1;
	                      * 0 otherwise */
	char retake_id[48];  /* a retake: that paper's id, kept with the new sitting ("" otherwise) */
	time_t results_at;   /* a course exam whose results the course releases later: from then (0: at once) */
	char id[48];         /* unique per exam: start time and seed */
	size_t n;            /* items on the paper */
	const pt_lesson **lessons; /* per item: its lesson (borrowed) */
	const pt_item **items;     /* per item: the lesson's own item (borrowed) */
	bool *marked;              /* per item: marked for later */
	bool *repeat;              /* per item, or NULL: drawn although an earlier result showed its answer */
	pt_exam_result *results;   /* per item, once submitted */
	const pt_tags *tags; /* the tags its lessons were loaded with (the catalog's, borrowed; set by
	                      * exam_start and progress_exam_*), NULL: the bundled ones */
	pt_lesson paper;     /* copies of the items with one attempt each; owned */
	pt_session session;  /* grades the paper; session.current is the item shown */
} pt_exam;

/* Right answers out of items, for one lesson, difficulty or concept: the
 * items whose verdict shows, and apart from them how many are held back
 * (their verdict waits for their lesson: no row tells it). */
typedef struct pt_exam_tally {
	const pt_lesson *lesson; /* by lesson only */
	int tag;                 /* by concept only: its index in the exam's tag list (tags_at) */
	size_t items;            /* whose verdict shows */
	size_t right;
	size_t held;             /* held back: not in items nor right */
} pt_exam_tally;

/* The figures of a submitted exam: the score and its counts over every
 * item (the score must count them all), the rows by lesson, difficulty
 * and concept over the items whose verdict shows. */
typedef struct pt_exam_results {
	size_t items, right, wrong, unanswered;
	double score;         /* percent right, 0..100 */
	int pass_percent;
	bool passed;          /* score >= pass_percent */
	long used, limit;     /* seconds; limit 0 when untimed */
	bool timed_out;
	pt_exam_tally by_difficulty[3]; /* easy, medium, hard */
	int difficulty_order[3];        /* the difficulties, weakest first */
	pt_exam_tally *by_lesson;       /* weakest first (lowest share right, then most items); owned */
	size_t n_lessons;
	pt_exam_tally *by_tag;          /* per concept tag of the items (an item counts in each of its
	                                 * tags), weakest first; owned */
	size_t n_tags;
} pt_exam_results;

/* Fills cfg with the defaults: 20 items, 90 s an item, pass 70 %, seed 1,
 * every lesson, options shuffled. */
void exam_config_default(pt_exam_config *cfg);

/* Draws a paper from the usable (loaded, unbroken) lessons of catalog:
 * cfg->count items stratified by lesson and by difficulty, each lesson
 * and each difficulty giving its share of the pool by largest remainder
 * (so within one of its exact share), each lesson's items of a difficulty
 * their share or one more; the items of a cell and the order of the paper
 * drawn from cfg->seed, so the same seed and lessons give the same paper.
 * With cfg->blueprint, each lesson named there gives its share of count
 * by largest remainder instead (within one of its share), its items of
 * each difficulty in proportion to what it holds; a lesson holding fewer
 * items than its share is an error naming it.
 * With cfg->shown, items it names are left out while the others suffice;
 * when they do not, all the others are taken and the rest drawn likewise
 * from the shown ones (counted in e->repeated).  Starts the clock at now.
 * Returns false with the cause in err (an unknown or broken lesson in
 * cfg->from, no items, out of memory). */
bool exam_start(pt_exam *e, const pt_catalog *catalog, const pt_exam_config *cfg, time_t now,
    char *err, size_t errlen);

/* Sets e up for the n given items in this order (used to resume a stored
 * exam): seed, shuffle and pass mark as given, limit seconds (0 untimed),
 * started at started, resumed at now.  A timed exam's clock is the wall
 * clock since started; an untimed one has used seconds from earlier
 * sittings.  Returns false when out of memory or n is 0. */
bool exam_setup(pt_exam *e, const pt_lesson *const *lessons, const pt_item *const *items, size_t n,
    unsigned long long seed, bool shuffle, int pass_percent, long limit, long used, time_t started,
    time_t now);

/* Sets e up to sit a past paper again: its n items (as exam_setup takes
 * them, in the order they were sat) in a new order drawn from seed, never
 * the old one when n > 1, the options shuffled by seed when shuffle is
 * set; started at now with limit seconds (0 untimed) and pass_percent.
 * e->retake_of is number and e->retake_id is id (the paper sat again).
 * Returns false when out of memory or n is 0. */
bool exam_retake(pt_exam *e, const pt_lesson *const *lessons, const pt_item *const *items, size_t n,
    unsigned long long seed, bool shuffle, int pass_percent, long limit, time_t now, size_t number, const char *id);

/* Frees what e owns; the exam is then empty. */
void exam_free(pt_exam *e);

/* Returns the grading state of item i (the one to answer into). */
pt_grade *exam_grade(pt_exam *e, size_t i);

/* Returns how item i stands while the exam runs. */
pt_exam_state exam_state(const pt_exam *e, size_t i);

/* Returns the number of items without a complete answer. */
size_t exam_unanswered(const pt_exam *e);

/* Returns the number of items marked for later. */
size_t exam_marked_count(const pt_exam *e);

/* Returns the seconds left at now (0 when the time is up), or -1 when
 * untimed. */
long exam_time_left(const pt_exam *e, time_t now);

/* Returns the seconds used at now (never more than the limit): for a
 * timed exam the wall-clock time since it started, time away included. */
long exam_time_used(const pt_exam *e, time_t now);

/* Returns a timed exam's deadline (started + limit), or 0 when untimed. */
time_t exam_deadline(const pt_exam *e);

/* Returns true when e is timed, not submitted, and its deadline has
 * passed at now (submit it with exam_submit(e, exam_deadline(e), true)). */
bool exam_expired(const pt_exam *e, time_t now);

/* The candidate leaves the exam at now (counted in leaves).  A timed
 * exam's clock runs on; an untimed one's stops until exam_resume. */
void exam_pause(pt_exam *e, time_t now);

/* The candidate takes the exam up again at now. */
void exam_resume(pt_exam *e, time_t now);

/* Returns 5 or 1 when the 5- or 1-minute warning falls due at now and
 * was not given yet (it is then noted as given), else 0.  A warning at or
 * above the whole limit is never given. */
int exam_warning(pt_exam *e, time_t now);

/* Grades every item with its one attempt (an incomplete answer or a
 * number the item cannot read is unanswered; a spelling slip counts as
 * wrong, never as a second try), notes the time used and ends the exam; by_clock says
 * the time ran out.  A timed exam submitted after its deadline (the
 * candidate came back too late) is finished at the deadline.  Once submitted, every grading state is finished, so
 * session_disclose() allows the key and the explanation. */
void exam_submit(pt_exam *e, time_t now, bool by_clock);

/* Ends e, set up with exam_setup() and its answers put back, as a past
 * result: submitted at finished after used seconds, each item's result as
 * results[] says (as it was graded then, not graded again), by_clock
 * whether the time ran out.  The answers are checked only to mark them
 * as the results show them. */
void exam_reopen(pt_exam *e, const pt_exam_result *results, long used, time_t finished, bool by_clock);

/* Computes the figures of a submitted exam into r (free with
 * exam_results_free); the items held back (held: per item, or NULL for
 * none; progress_exam_held) count in the score but not in the rows.
 * Returns false when out of memory. */
bool exam_results(const pt_exam *e, const bool *held, pt_exam_results *r);

/* Writes what a row says of its items held back ("1 held back until you
 * do it in its lesson", a lesson's row "in this lesson"), "" when none. */
void exam_tally_held(const pt_exam_tally *t, char *buf, size_t size);

/* Frees what r owns. */
void exam_results_free(pt_exam_results *r);

/* Writes what to do about the items of a submitted exam, by their
 * numbers on the paper, for those of lesson (NULL: any) at difficulty
 * (-1: any): "review items 2, 5; reopen ..." for the items not right,
 * naming the lessons to reopen (for a lesson: "this lesson"), then "do
 * items 1, 3 in L" (or "in this lesson", "in their lessons") for the
 * items held back (held: per item, or NULL for none; the items whose
 * verdict waits until their lesson has had them, progress_exam_held),
 * right or not, so the plan never tells a held-back verdict; "" when
 * there is nothing to do. */
void exam_review_list(const pt_exam *e, const pt_lesson *lesson, int difficulty, const bool *held, char *buf,
    size_t size);

/* The same for the items that carry concept tag tag (an index in
 * e->tags, tags_at). */
void exam_review_tag(const pt_exam *e, int tag, const bool *held, char *buf, size_t size);

/* Returns how many items of a submitted exam are to review (not right and
 * not held back: the ones that come back in the reviews). */
size_t exam_to_review(const pt_exam *e, const bool *held);

/* Returns the concept tags (bit k: tags_at(e->tags, k)) of the items a
 * submitted exam did not get right, leaving out those held back (held as
 * for exam_results): what the advice of what to study next after it
 * looks at first (next.h). */
unsigned long long exam_missed_tags(const pt_exam *e, const bool *held);

/* Returns true when a submitted exam got every item of its paper right. */
bool exam_perfect(const pt_exam *e);

/* Writes how the score and the verdict are made, in one sentence for the
 * learner, for a pass mark of pass_percent. */
void exam_score_rule(int pass_percent, char *buf, size_t size);

/* Writes what a reopened past result (e->reopened) is, in a sentence or
 * two: its number in the history, when it was finished (UTC), and when
 * the answers were not kept, that they were not; for a retake
 * (e->retake_of), which paper it sat again and that that sitting's score
 * stays; "" for a first sitting just sat. */
void exam_past_note(const pt_exam *e, char *buf, size_t size);

/* True while a submitted exam's results are held back by its course
 * (e->results_at after now), with what to tell the learner in buf:
 * nothing of the paper (score, verdicts, answers, what to study) shows
 * before then. */
bool exam_results_withheld(const pt_exam *e, time_t now, char *buf, size_t size);

/* Writes seconds as "m:ss" (or "h:mm:ss" from an hour). */
void exam_format_clock(long seconds, char *buf, size_t size);

/* Writes two times shown together ("1:35 of 2:00:00" would mix two
 * formats) in one format, the longer one's: "0:01:35" and "2:00:00". */
void exam_format_clock_pair(long a, long b, char *abuf, char *bbuf, size_t size);

/* Returns the texts of item i's answer (so far, or as submitted), for keeping it: per slot
 * the bank entry ("" for an empty slot) for fill, match and order; the
 * options picked for choice and multi; the typed answer for numeric and
 * text (none when empty, nor for a number the item cannot read).  Fills out with at most max borrowed pointers
 * (valid while the exam and its lessons live); returns how many. */
size_t exam_answer_texts(const pt_exam *e, size_t i, const char **out, size_t max);

/* Puts back item i's answer from texts kept by exam_answer_texts(); texts
 * the item does not know are left out. */
void exam_restore_answer(pt_exam *e, size_t i, char *const *texts, size_t n);

#endif

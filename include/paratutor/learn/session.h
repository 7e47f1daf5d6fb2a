/* session.h - one learner's pass through a lesson: a grading state per
 * item and the current position.  Pure; the session borrows the lesson,
 * which must outlive it. */
#ifndef PARATUTOR_SESSION_H
#define PARATUTOR_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/learn/grade.h"
#include "paratutor/model/lesson.h"

/* An item's first pass in the lesson's current attempt, kept when a
 * practice pass or a review starts another: the attempt's score counts it
 * (score_lesson_item). */
typedef struct pt_first_pass {
	bool set;
	pt_outcome outcome;
	int checks;
	int hints;
} pt_first_pass;

typedef struct pt_session {
	const pt_lesson *lesson;
	pt_first_pass *first; /* one per item, owned */
	pt_grade *grades; /* one per item, owned; each grades the item's view */
	pt_item *views;   /* one per item, owned: the item as shown, its options or bank in shown order */
	void *view_mem;   /* the views' option and bank arrays, owned */
	int *passes;      /* per item: passes started (a retry or a review starts another) */
	bool shuffle;     /* options of items that allow it are shown shuffled */
	unsigned long long salt; /* the learner's, so each learner gets an order of their own */
	size_t current;
	int attempt;      /* the lesson's attempt (1 until a reset starts the next) */
	int *prior;       /* per item, owned: attempt 1's share of the lesson score, when attempt > 1 */
} pt_session;

/* Totals over a session's items. */
typedef struct pt_summary {
	size_t items;
	size_t first_time;
	size_t with_hints;
	size_t retries;
	size_t failed;
	size_t open;
	size_t hints;
	int score;            /* the lesson score: attempt 1's (score_lesson over session_lesson_item_score) */
	int attempt;          /* the current attempt */
	int attempt_score;    /* its score (the lesson score in attempt 1) */
	size_t practiced;     /* items with a practice pass or review finished in this session */
	int practice_score;   /* mean score of those passes, 0-100 */
} pt_summary;

/* What a learner may be shown of one item at this moment: the one rule
 * that the curses screens and plain mode both follow.  Nothing reveals an
 * answer before the item is solved or out of attempts. */
typedef struct pt_disclosure {
	bool finished;       /* solved or out of attempts */
	bool answer;         /* the key may be shown: the item is out of attempts */
	bool explanation;    /* explanation, worked solution, note and references */
	bool mistakes;       /* the item's common-mistakes list: after a wrong check, or once finished (never for a hint) */
	int hints;           /* hints shown so far */
} pt_disclosure;

/* Fills out with what the learner may be shown of g now. */
void session_disclose(const pt_grade *g, pt_disclosure *out);

/* Returns the mark to show for blank or option slot of g: every mark once
 * the item is finished; while it is open, a fill blank's or match pair's
 * mark (a right one is locked, so its mark tells nothing new), and of a
 * choice, multi or order item only Wrong marks (never Correct or Missed,
 * which would tell the answer). */
pt_mark session_shown_mark(const pt_grade *g, int slot);
/* Returns true when some slot of g shows a Wrong mark to the learner. */
bool session_shows_wrong(const pt_grade *g);

/* Starts a session at the first item, showing options in their written
 * order (order and match items excepted: their answers are never shown in
 * the answer's order); returns false when out of memory. */
bool session_init(pt_session *s, const pt_lesson *lesson);

/* Starts a session whose items show their options (choice, multi), bank
 * (fill) and answers (match, order) in an order of their own: a
 * permutation drawn from salt (the learner's), the item's id and the pass,
 * so it is the same on every start and changes with each new pass.  Items
 * with "shuffle": false keep the written order (order items always move).
 * With shuffle false, like session_init.  Grading compares option text,
 * so marks, feedback and progress do not depend on the order shown. */
bool session_init_shuffled(pt_session *s, const pt_lesson *lesson, bool shuffle,
    unsigned long long salt);

/* Releases the grading states. */
void session_free(pt_session *s);

/* Returns the next number of a splitmix64 sequence at *state: the one
 * generator behind the item order and the exams' draws. */
unsigned long long session_random(unsigned long long *state);

/* Returns the current item's grading state. */
pt_grade *session_grade(pt_session *s);

/* Restarts the grading of item index from scratch, as a new pass (shuffled
 * items show a new order). */
void session_reset_item(pt_session *s, size_t index);

/* Shows item index as in pass (0 the first) again, from scratch, without
 * starting a new pass: a resumed lesson shows each item's options in the
 * order the learner last saw them. */
void session_show_pass(pt_session *s, size_t index, int pass);

/* Returns the index of the first open item at or after start (wrapping),
 * or the lesson's item count when every item is finished. */
size_t session_next_open(const pt_session *s, size_t start);

/* Returns how item and lesson scores are made, in one paragraph for the
 * learner: docs/scoring.md, the ? help and the summary show it as it is. */
const char *session_score_rule(void);

/* Returns what item index adds to the lesson score: attempt 1's first pass
 * (score_lesson_item), kept when a practice pass or review replaced it
 * and when a later attempt started. */
int session_lesson_item_score(const pt_session *s, size_t index);

/* Returns what item index adds to the current attempt's score: its first
 * pass in this attempt, scored in full. */
int session_attempt_item_score(const pt_session *s, size_t index);

/* Starts the lesson's next attempt in s: attempt 1's shares are kept as
 * the lesson score, every item starts a new pass (a new order) that
 * scores in full for the new attempt.  Without a store this is a reset;
 * with one, progress_restore sets the attempt from the store. */
void session_new_attempt(pt_session *s);

/* Returns the kind of pass g is (score.h): an attempt's, practice or a
 * review. */
int session_pass_kind(const pt_grade *g);

/* Returns the outcome of item index's first pass (PT_OUTCOME_NONE while
 * it is open). */
pt_outcome session_lesson_outcome(const pt_session *s, size_t index);

/* Fills out with the session's totals: counts and score of the first
 * passes (the lesson's, as the menu shows them), practice beside them. */
void session_summarize(const pt_session *s, pt_summary *out);

#endif

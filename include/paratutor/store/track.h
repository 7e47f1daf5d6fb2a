/* track.h - ties a learner's sessions to the progress store: restores a
 * lesson, records every check and move, keeps time, and saves after each.
 * Shared by the full-screen tutor and the plain mode. */
#ifndef PARATUTOR_TRACK_H
#define PARATUTOR_TRACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "paratutor/learn/exam.h"
#include "paratutor/store/progress.h"
#include "paratutor/learn/session.h"

#define PT_TRACK_IDLE_CAP 300 /* seconds of one stretch counted at most */

typedef struct pt_track {
	pt_progress *progress; /* borrowed; NULL keeps nothing */
	time_t mark;           /* when the current item's time last advanced */
	char notice[1024];     /* one message for the learner, or "" */
	char last_error[512];  /* the last save error shown, to show it once */
	char unsaved[600];     /* the latest save failure, "" once a save works again */
	char kept_aside[1024]; /* the latest notice of a store moved aside, or "" */
	char memory_only[1024]; /* why the store is not written this session, or "" */
	char alert[1024];      /* the latest warning not yet acknowledged, or "" */
	void (*on_result)(void *ctx); /* called once a result is saved (a check, a review, a
	                               * submitted exam); NULL: none (set after track_init) */
	void *on_result_ctx;
} pt_track;

/* Starts tracking into progress (may be NULL); notice and alert get
 * open_message (the opening's warning about the store) when not empty.
 * Every call below that records something sets the notice, and the alert,
 * when the store cannot keep it (out of memory), saving fails, or the
 * store was moved aside or stopped being written. */
void track_init(pt_track *t, pt_progress *progress, const char *open_message);

/* Restores a freshly initialised session from the store and starts its
 * clock; notes in the notice how many items changed since last time. */
void track_open(pt_track *t, pt_session *s);

/* Records the current item after a check that returned PT_GRADE_OK, with
 * the time spent, and saves. */
void track_checked(pt_track *t, const pt_session *s);

/* Records the current item's check made in a review pass (the item was
 * opened afresh for the review) with the time spent, and saves: the
 * review state moves, the lesson result stays (progress_record_review). */
void track_reviewed(pt_track *t, const pt_session *s);

/* Records the hints now shown on the current item while it is open; they
 * count only for a first pass (progress_record_hints).  Saves. */
void track_hinted(pt_track *t, const pt_session *s);

/* Records the time spent on item from, stores the new position and
 * saves; call after s->current changed (from may equal it). */
void track_moved(pt_track *t, const pt_session *s, size_t from);

/* Keeps what is filled in but not checked on each open item of s (and
 * forgets it where nothing is), and saves when that changed.  Called on
 * every move and when the learner leaves the lesson or quits. */
void track_drafts(pt_track *t, const pt_session *s);

/* Begins session s's lesson afresh: forgets its progress in the store
 * (progress_reset_lesson), saves, and sets s up as a restart would (the
 * same orders; items whose answers were seen are practice).  Without a
 * store, each item starts its next pass (session_reset_item).  Returns
 * false when out of memory (s is then as before). */
bool track_reset(pt_track *t, pt_session *s);

/* Keeps exam e in the store as it stands at now (the open exam while it
 * runs, a finished one once submitted, progress_exam_keep) and saves. */
void track_exam(pt_track *t, const pt_exam *e, time_t now);

/* Copies the pending notice into buf and clears it; false when none. */
bool track_take_notice(pt_track *t, char *buf, size_t size);

/* Returns the alert: the latest warning that the learner's work is not
 * kept as it should be (a save that failed, a damaged store moved aside,
 * a store not written this session).  Unlike the notice it stays until
 * track_acknowledge(), so a screen can show it on every draw; "" when
 * there is none. */
const char *track_alert(const pt_track *t);

/* Puts the alert away once the learner has read it; the exit lines
 * (track_print_exit) still name what it said. */
void track_acknowledge(pt_track *t);

/* Prints to out what the learner must know on leaving: that the store
 * was not written this session, that the latest work was not saved, and
 * where a damaged store was kept aside.  The screens lose their messages
 * with the terminal; these lines stay. */
void track_print_exit(const pt_track *t, FILE *out);

#endif

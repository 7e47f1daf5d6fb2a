/* track.c - recording sessions into the progress store. */
#include <stdio.h>
#include <string.h>

#include "paratutor/store/track.h"

void track_init(pt_track *t, pt_progress *progress, const char *open_message)
{
	memset(t, 0, sizeof *t);
	t->progress = progress;
	t->mark = time(NULL);
	if (open_message == NULL || open_message[0] == '\0')
		return;
	/* Every message of the opening is a warning about the store: a damaged
	 * file moved aside, or one that will not be written this session. */
	snprintf(t->notice, sizeof t->notice, "%s", open_message);
	snprintf(t->alert, sizeof t->alert, "%s", open_message);
	if (strstr(open_message, " moved to ") != NULL)
		snprintf(t->kept_aside, sizeof t->kept_aside, "%s", open_message);
	if (progress != NULL && !progress_persistent(progress))
		snprintf(t->memory_only, sizeof t->memory_only, "%s", open_message);
}

/* Sets the notice to the text of warn (the latest work was not kept) and
 * makes it the alert, which stays until the learner acknowledges it. */
static void warn(pt_track *t, const char *text)
{
	snprintf(t->notice, sizeof t->notice, "%s", text);
	snprintf(t->alert, sizeof t->alert, "%s", text);
}

/* Returns the seconds since the last mark, capped, and moves the mark. */
static long take_time(pt_track *t)
{
	time_t now = time(NULL);
	long spent = now > t->mark ? (long)(now - t->mark) : 0;
	t->mark = now;
	return spent > PT_TRACK_IDLE_CAP ? PT_TRACK_IDLE_CAP : spent;
}

/* Tells the learner, through the notice, that the latest work could not
 * be kept when ok is false (the store ran out of memory). */
static void kept(pt_track *t, bool ok)
{
	if (!ok)
		warn(t, "Out of memory: your progress could not be kept, "
		    "so this session's latest work may be forgotten when you quit.");
}

/* Saves, turning a new error or a store notice into the notice and the
 * alert.  An error is announced once while it lasts: again only after a
 * save worked in between, or when the cause changed.  Returns whether it
 * saved. */
static bool save(pt_track *t)
{
	char err[512] = "";
	bool saved = progress_save(t->progress, err, sizeof err);
	if (!saved && strcmp(err, t->last_error) != 0) {
		char text[sizeof t->notice];
		snprintf(t->last_error, sizeof t->last_error, "%s", err);
		snprintf(text, sizeof text, "Progress not saved: %s", err);
		warn(t, text);
	}
	if (saved)
		t->last_error[0] = '\0';
	snprintf(t->unsaved, sizeof t->unsaved, "%s", saved ? "" : err);
	char store[sizeof t->notice];
	if (!progress_take_notice(t->progress, store, sizeof store))
		return saved;
	warn(t, store);
	if (strstr(store, " moved to ") != NULL)
		snprintf(t->kept_aside, sizeof t->kept_aside, "%s", store);
	if (!progress_persistent(t->progress))
		snprintf(t->memory_only, sizeof t->memory_only, "%s", store);
	return saved;
}

void track_open(pt_track *t, pt_session *s)
{
	t->mark = time(NULL);
	if (t->progress == NULL)
		return;
	size_t changed = 0;
	progress_restore(t->progress, s, &changed);
	if (changed > 0)
		snprintf(t->notice, sizeof t->notice,
		    "%zu item%s changed since you last answered %s; %s starts over.",
		    changed, changed == 1 ? "" : "s", changed == 1 ? "it" : "them", changed == 1 ? "it" : "each");
}

/* Records the current item's check, as a review's when review is set,
 * with the time spent, and saves. */
static void record_check(pt_track *t, const pt_session *s, bool review)
{
	if (t->progress == NULL)
		return;
	const pt_item *item = &s->lesson->items[s->current];
	const pt_grade *g = &s->grades[s->current];
	time_t now = time(NULL);
	bool ok = progress_add_time(t->progress, s->lesson, item, take_time(t), now);
	ok = (review ? progress_record_review(t->progress, s->lesson, item, g, now)
	             : progress_record_item(t->progress, s->lesson, item, g, now)) && ok;
	ok = progress_set_pass(t->progress, s->lesson->id.s, item->id.s, s->passes[s->current]) && ok;
	kept(t, ok);
	if (save(t) && t->on_result != NULL)
		t->on_result(t->on_result_ctx);
}

void track_checked(pt_track *t, const pt_session *s)
{
	record_check(t, s, false);
}

void track_reviewed(pt_track *t, const pt_session *s)
{
	record_check(t, s, true);
}

void track_hinted(pt_track *t, const pt_session *s)
{
	const pt_grade *g = &s->grades[s->current];
	if (t->progress == NULL || g->status != PT_OPEN)
		return;
	kept(t, progress_record_hints(t->progress, s->lesson, g->item, g, time(NULL)));
	save(t);
}

/* Sets the store's draft of every item of s; false when out of memory. */
static bool keep_drafts(pt_track *t, const pt_session *s)
{
	bool ok = true;
	for (size_t i = 0; i < s->lesson->n_items; i++) {
		pt_draft d;
		bool some = draft_take(&s->grades[i], &d);
		ok = progress_set_draft(t->progress, s->lesson->id.s, s->lesson->items[i].id.s, some ? &d : NULL) && ok;
	}
	return ok;
}

void track_moved(pt_track *t, const pt_session *s, size_t from)
{
	if (t->progress == NULL)
		return;
	bool ok = true;
	if (from < s->lesson->n_items)
		ok = progress_add_time(t->progress, s->lesson, &s->lesson->items[from], take_time(t), time(NULL));
	if (s->current < s->lesson->n_items)
		ok = progress_set_position(t->progress, s->lesson->id.s, s->lesson->items[s->current].id.s) && ok;
	kept(t, ok && keep_drafts(t, s));
	save(t);
}

void track_drafts(pt_track *t, const pt_session *s)
{
	if (t->progress == NULL || s->grades == NULL)
		return;
	kept(t, keep_drafts(t, s));
	save(t);
}

bool track_reset(pt_track *t, pt_session *s)
{
	const pt_lesson *lesson = s->lesson;
	if (t->progress == NULL || lesson->id.s == NULL) {
		session_new_attempt(s);
		return true;
	}
	pt_session fresh;
	if (!session_init_shuffled(&fresh, lesson, s->shuffle, s->salt)) {
		warn(t, "Out of memory: the lesson was not reset, so your progress could not be kept as you asked.");
		return false;
	}
	kept(t, progress_reset_lesson(t->progress, lesson->id.s, time(NULL)));
	save(t);
	session_free(s);
	*s = fresh;
	track_open(t, s);
	s->current = 0;
	return true;
}

bool track_take_notice(pt_track *t, char *buf, size_t size)
{
	if (t->notice[0] == '\0')
		return false;
	snprintf(buf, size, "%s", t->notice);
	t->notice[0] = '\0';
	return true;
}

void track_exam(pt_track *t, const pt_exam *e, time_t now)
{
	if (t->progress == NULL)
		return;
	if (!progress_exam_keep(t->progress, e, now))
		warn(t, "Out of memory: the exam could not be kept");
	if (save(t) && e->submitted && t->on_result != NULL)
		t->on_result(t->on_result_ctx);
	if (e->submitted)
		progress_exam_release(t->progress); /* a submitted paper is in progress nowhere */
}

const char *track_alert(const pt_track *t)
{
	return t->alert;
}

void track_acknowledge(pt_track *t)
{
	t->alert[0] = '\0';
}

void track_print_exit(const pt_track *t, FILE *out)
{
	if (t->memory_only[0] != '\0')
		fprintf(out, "paratutor: %s\n", t->memory_only);
	if (t->kept_aside[0] != '\0')
		fprintf(out, "paratutor: %s\n", t->kept_aside);
	if (t->unsaved[0] != '\0')
		fprintf(out, "paratutor: your latest work was not saved: %s\n", t->unsaved);
}

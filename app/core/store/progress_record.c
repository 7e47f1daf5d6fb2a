/* progress_record.c - recording into the progress store's records:
 * checks, reviews, hints, time and positions (the records themselves,
 * found and added, are in progress_data.c; merging two copies of the
 * store is in progress_merge.c). */
#include <stdlib.h>
#include <string.h>

#include "paratutor/learn/kind.h"
#include "paratutor/store/progress_data.h"
#include "paratutor/learn/score.h"

/* ---- records and lesson states ----------------------------------------- */

const char *progress_outcome_word(pt_outcome outcome)
{
	switch (outcome) {
	case PT_OUTCOME_NONE: return "open";
	case PT_OUTCOME_FIRST_TIME: return "first_time";
	case PT_OUTCOME_WITH_HINTS: return "with_hints";
	case PT_OUTCOME_RETRIES: return "retries";
	case PT_OUTCOME_FAILED: return "failed";
	}
	return "open";
}

/* Returns the record for lesson/item, creating it (and its lesson state)
 * when missing (then *created is set); NULL when out of memory. */
static pt_record *record_get(store_data *d, const char *lesson, const char *item, bool *created)
{
	size_t at;
	*created = false;
	if (data_search(d, lesson, item, &at))
		return &d->rec[at];
	if (data_lesson_get(d, lesson) == NULL)
		return NULL;
	char *l = strdup(lesson), *i = strdup(item);
	pt_record *r = l && i ? data_insert_at(d, at) : NULL;
	if (r == NULL) {
		free(l);
		free(i);
		return NULL;
	}
	r->lesson = l;
	r->item = i;
	*created = true;
	return r;
}

/* Forgets r's lesson result, wrong picks and review state, as of now
 * (attempt 1's result and the exam's note stay). */
static void record_forget(pt_record *r, time_t now)
{
	r->outcome = PT_OUTCOME_NONE;
	r->attempts = 0;
	r->hints = 0;
	r->pass_start = 0;
	record_clear_wrong(r);
	r->stability = 0;
	r->difficulty = 0;
	r->box = 0;
	r->scheduled = false;
	r->due = 0;
	r->scheduled_at = 0;
	r->last_seen = now;
}

/* ---- recording --------------------------------------------------------- */

/* Returns the record for item, started over when its hash changed; NULL
 * when out of memory or when the lesson or item has no id. */
static pt_record *record_for(pt_progress *p, const pt_lesson *lesson, const pt_item *item, time_t now)
{
	if (lesson->id.s == NULL || item->id.s == NULL)
		return NULL;
	bool created;
	pt_record *r = record_get(&p->d, lesson->id.s, item->id.s, &created);
	if (r == NULL)
		return NULL;
	unsigned long long h = lesson_item_hash(item), key = lesson_item_key_hash(item);
	if (created) {
		const lesson_state *l = data_lesson(&p->d, lesson->id.s);
		r->hash = h;
		r->first_seen = now;
		r->last_seen = now;
		r->attempt = l != NULL && l->attempt > 1 ? l->attempt : 1;
	} else if (r->hash != h && progress_record_matches(r, h, key)) {
		r->hash = h; /* reworded, the answer as it was: the record stays */
	} else if (r->hash != h) {
		/* The item's answer changed: only its time and first sight stay. */
		r->hash = h;
		record_forget(r, now);
		r->first_set = false;
		r->tried_at = 0;
		r->tried_right = false;
		r->exam_first = false;
	}
	r->key_hash = key;
	return r;
}

bool progress_record_matches(const pt_record *r, unsigned long long hash, unsigned long long key)
{
	return r->hash == hash || (r->key_hash != 0 && r->key_hash == key);
}

/* Adds the texts of the options marked in g->wrong_seen; for a numeric
 * or text item, the answer of a wrong check as typed (normalised).  The
 * marks index the options and bank in the order the grade shows them
 * (g->item, a shuffled copy), not the lesson's. */
static bool add_wrong_seen(pt_record *r, const pt_item *lesson_item, const pt_grade *g)
{
	const pt_item *item = g->item != NULL ? g->item : lesson_item;
	char typed[PT_MAX_TYPED];
	if (kind_shape(item->kind) == PT_SHAPE_TYPED)
		return !g->checked || g->marks[0] != PT_MARK_WRONG || !grade_typed_key(g, typed, sizeof typed) ||
		    record_add_wrong(r, typed);
	bool bank = kind_shape(item->kind) == PT_SHAPE_SLOTS;
	/* Each wrong bank pick also with the blank, pair or position it was
	 * checked in, as "N:text". */
	for (int b = 0; bank && b < grade_slots(g) && b < PT_MAX_SLOTS; b++)
		for (size_t o = 0; o < item->bank.n && o < sizeof g->slot_wrong[b] * 8; o++) {
			if (!(g->slot_wrong[b] & (1u << o)) || item->bank.v[o].s == NULL)
				continue;
			char *placed = malloc(strlen(item->bank.v[o].s) + 16);
			if (placed == NULL)
				return false;
			sprintf(placed, "%d:%s", b + 1, item->bank.v[o].s);
			bool ok = record_add_wrong_at(r, placed);
			free(placed);
			if (!ok)
				return false;
		}
	size_t n = bank ? item->bank.n : item->n_options;
	for (size_t i = 0; i < n && i < sizeof g->wrong_seen * 8; i++) {
		if (!(g->wrong_seen & (1u << i)))
			continue;
		const char *text = bank ? item->bank.v[i].s : item->options[i].text.s;
		if (text != NULL && !record_add_wrong(r, text))
			return false;
	}
	return true;
}

/* Moves r's review state by a rating given at now (first: the finished
 * first pass, else a review). */
static void rate(const pt_progress *p, pt_record *r, int rating, bool first, time_t now)
{
	pt_sched s = { r->scheduled ? r->stability : 0, r->difficulty, r->scheduled_at, r->due, r->box };
	schedule_apply(&p->fsrs, rating, first, now, &s);
	r->stability = s.stability;
	r->difficulty = s.difficulty;
	r->scheduled_at = s.last;
	r->due = s.due;
	r->box = s.box;
	r->scheduled = true;
}

void progress_set_retention(pt_progress *p, double retention)
{
	fsrs_init(&p->fsrs, NULL, fsrs_retention_ok(retention) ? retention : PT_FSRS_DEFAULT_RETENTION);
}

const pt_fsrs *progress_fsrs(const pt_progress *p)
{
	return &p->fsrs;
}

double progress_recall(const pt_progress *p, const pt_record *r, time_t now)
{
	if (!r->scheduled)
		return 0;
	pt_sched s = { r->stability, r->difficulty, r->scheduled_at, r->due, r->box };
	return schedule_recall(&p->fsrs, &s, now);
}

/* Again (and Hard after a first pass) bring an item back at once, or
 * after the relearning step: nothing else is due that soon. */
static bool missed(const pt_record *r)
{
	return r->due - r->scheduled_at <= PT_RELEARN_SECONDS;
}

bool progress_item_mastered(const pt_record *r)
{
	time_t start = r != NULL && r->pass_start != 0 ? r->pass_start : r != NULL ? r->tried_at : 0;
	return r != NULL && r->scheduled && !missed(r) && r->box >= PT_MASTERED_BOX && start != 0 &&
	    r->scheduled_at - start >= PT_DAY_SECONDS;
}

void progress_item_count(const pt_progress *p, const pt_record *r, time_t now, pt_item_count *out)
{
	*out = (pt_item_count){ 0 };
	if (r == NULL || !r->scheduled)
		return;
	out->seen = true;
	out->due = r->due <= now;
	out->missed = missed(r);
	out->mastered = progress_item_mastered(r);
	out->recall = out->missed ? 0 : progress_recall(p, r, now);
}

/* Records a check of the first pass (the lesson result is open). */
static bool lesson_check(pt_progress *p, pt_record *r, const pt_item *item, const pt_grade *g, time_t now)
{
	p->dirty = true;
	if (g->checks <= 0) {
		if (g->hints_shown > r->hints)
			r->hints = g->hints_shown;
		return true;
	}
	if (!add_wrong_seen(r, item, g))
		return false;
	if (g->status == PT_OPEN && g->checks == r->attempts && r->pass_start != 0) {
		/* Called again for a check already recorded (after a hint, say). */
		if (g->hints_shown > r->hints)
			r->hints = g->hints_shown;
		return true;
	}
	if (g->checks == 1 || g->checks <= r->attempts || r->pass_start == 0)
		r->pass_start = now;
	r->attempts = g->checks;
	r->hints = g->hints_shown;
	r->outcome = grade_outcome(g);
	r->last_seen = now;
	r->checked_here = true;
	if (r->outcome != PT_OUTCOME_NONE)
		rate(p, r, schedule_rating(r->outcome, r->time_spent + r->time_pending), true, now);
	return true;
}

/* Records a check of a later pass: the first check of the pass moves the
 * review state; every check adds its wrong picks. */
static bool review_check(pt_progress *p, pt_record *r, const pt_item *item, const pt_grade *g, time_t now)
{
	if (g->checks <= 0)
		return true;
	p->dirty = true;
	if (!add_wrong_seen(r, item, g))
		return false;
	r->last_seen = now;
	r->checked_here = true;
	if (g->checks == 1) {
		int rating = g->status != PT_SOLVED ? PT_RATING_AGAIN :
		    g->hints_shown > 0 ? PT_RATING_HARD : PT_RATING_GOOD;
		rate(p, r, rating, false, now);
	}
	return true;
}

bool progress_record_item(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, const pt_grade *g, time_t now)
{
	pt_record *r = record_for(p, lesson, item, now);
	if (r == NULL)
		return false;
	if (r->outcome == PT_OUTCOME_NONE)
		return lesson_check(p, r, item, g, now);
	return review_check(p, r, item, g, now);
}

bool progress_record_review(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, const pt_grade *g, time_t now)
{
	pt_record *r = record_for(p, lesson, item, now);
	if (r == NULL)
		return false;
	if (r->outcome == PT_OUTCOME_NONE && !r->scheduled)
		return lesson_check(p, r, item, g, now);
	return review_check(p, r, item, g, now);
}

bool progress_record_hints(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, const pt_grade *g, time_t now)
{
	pt_record *r = record_for(p, lesson, item, now);
	if (r == NULL)
		return false;
	p->dirty = true;
	if (r->outcome == PT_OUTCOME_NONE && g->hints_shown > r->hints)
		r->hints = g->hints_shown;
	return true;
}

bool progress_add_time(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, long seconds, time_t now)
{
	if (seconds <= 0)
		return true;
	pt_record *r = record_for(p, lesson, item, now);
	if (r == NULL)
		return false;
	r->time_spent += seconds;
	r->time_pending += seconds;
	p->dirty = true;
	return true;
}

bool progress_set_position(pt_progress *p, const char *lesson_id, const char *item_id)
{
	if (lesson_id == NULL)
		return false;
	lesson_state *l = data_lesson_get(&p->d, lesson_id);
	if (l == NULL)
		return false;
	if (item_id != NULL && l->position != NULL && strcmp(item_id, l->position) == 0)
		return true;
	char *copy = NULL;
	if (item_id != NULL && (copy = strdup(item_id)) == NULL)
		return false;
	free(l->position);
	l->position = copy;
	l->position_dirty = true;
	p->dirty = true;
	return true;
}

const char *progress_position(const pt_progress *p, const char *lesson_id)
{
	const lesson_state *l = data_lesson(&p->d, lesson_id);
	return l != NULL ? l->position : NULL;
}

bool progress_reset_lesson(pt_progress *p, const char *lesson_id, time_t now)
{
	if (lesson_id == NULL)
		return false;
	lesson_state *l = data_lesson_get(&p->d, lesson_id);
	if (l == NULL)
		return false;
	int next = (l->attempt > 1 ? l->attempt : 1) + 1;
	for (size_t r = p->d.n_rec; r-- > 0;) {
		pt_record *k = &p->d.rec[r];
		if (strcmp(k->lesson, lesson_id) != 0)
			continue;
		bool finished = k->outcome != PT_OUTCOME_NONE;
		if (finished && k->attempt <= 1 && !k->first_set) {
			/* attempt 1's result: the lesson score from now on */
			k->first_set = true;
			k->first_outcome = k->outcome;
			k->first_checks = k->attempts;
			k->first_hints = k->hints;
		}
		if (k->tried_at == 0 && k->pass_start != 0 && k->attempts > 0) {
			/* the earliest first try stays in the learner's history */
			k->tried_at = k->pass_start;
			k->tried_right = k->outcome == PT_OUTCOME_FIRST_TIME;
		}
		if (!finished && !k->first_set && !k->exam_first && k->tried_at == 0 && !k->scheduled &&
		    k->n_wrong == 0 && k->n_wrong_at == 0) {
			data_remove_at(&p->d, r);
			continue;
		}
		/* Only the lesson result starts over: the review schedule, the
		 * wrong answers and the times stay (docs/scoring.md, "Reset"). */
		k->outcome = PT_OUTCOME_NONE;
		k->attempts = 0;
		k->hints = 0;
		k->pass_start = 0;
		k->attempt = next;
		if (finished)
			k->pass++; /* its next pass shows a new order */
	}
	l->attempt = next;
	if (now > l->reset_at)
		l->reset_at = now;
	free(l->position);
	l->position = NULL;
	l->position_dirty = true;
	drafts_free(l);
	l->drafts_dirty = true;
	p->dirty = true;
	return true;
}

const pt_record *progress_find(const pt_progress *p, const char *lesson_id, const char *item_id)
{
	return data_find(&p->d, lesson_id, item_id);
}

const pt_record *progress_records(const pt_progress *p, size_t *n)
{
	*n = p->d.n_rec;
	return p->d.rec;
}

/* Returns hints capped at the item's n_hints. */
static int capped(int hints, size_t n_hints)
{
	return hints < 0 ? 0 : (size_t)hints > n_hints ? (int)n_hints : hints;
}

int progress_record_lesson_score(const pt_record *r, size_t n_hints)
{
	if (r->first_set)
		return score_lesson_item(r->first_outcome, r->first_checks, capped(r->first_hints, n_hints));
	return r->attempt > 1 ? 0 : progress_record_attempt_score(r, n_hints);
}

int progress_record_attempt_score(const pt_record *r, size_t n_hints)
{
	return score_lesson_item(r->outcome, r->attempts, capped(r->hints, n_hints));
}

int progress_lesson_attempt(const pt_progress *p, const char *lesson_id)
{
	const lesson_state *l = lesson_id != NULL ? data_lesson(&p->d, lesson_id) : NULL;
	return l != NULL && l->attempt > 1 ? l->attempt : 1;
}

bool progress_exam_may_show(const pt_progress *p, const pt_lesson *lesson, const pt_item *item)
{
	const pt_record *r = data_find(&p->d, lesson->id.s, item->id.s);
	if (r == NULL || !progress_record_matches(r, lesson_item_hash(item), lesson_item_key_hash(item)))
		return progress_lesson_attempt(p, lesson->id.s) > 1;
	return r->first_set || r->attempt > 1 || r->outcome != PT_OUTCOME_NONE;
}

bool progress_record_exam_item(pt_progress *p, const pt_lesson *lesson, const pt_item *item, bool missed,
    time_t now)
{
	if (!progress_exam_may_show(p, lesson, item)) {
		pt_record *r = record_for(p, lesson, item, now);
		if (r == NULL)
			return false;
		if (!r->exam_first) {
			r->exam_first = true;
			r->checked_here = true;
			p->dirty = true;
		}
		return true;
	}
	if (!missed)
		return true;
	pt_record *r = record_for(p, lesson, item, now);
	if (r == NULL)
		return false;
	rate(p, r, PT_RATING_AGAIN, false, now);
	r->checked_here = true;
	p->dirty = true;
	return true;
}

bool progress_record_exam_wrong(pt_progress *p, const pt_lesson *lesson, const pt_item *item, const pt_grade *g,
    time_t now)
{
	if (g->wrong_seen == 0 && !(g->checked && g->marks[0] == PT_MARK_WRONG))
		return true;
	pt_record *r = record_for(p, lesson, item, now);
	if (r == NULL)
		return false;
	p->dirty = true;
	return add_wrong_seen(r, item, g);
}

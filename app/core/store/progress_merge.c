/* progress_merge.c - merging two copies of the progress store: what
 * another tutor saved and what this one holds (progress_save); freeing
 * one copy, records, lesson states, drafts and exams (data_free). */
#include <stdlib.h>
#include <string.h>

#include "paratutor/store/progress_data.h"

/* ---- merging ----------------------------------------------------------- */

/* Returns true when disk record k's lesson result should replace that of m
 * (same hash): a finished one beats an open one; of two finished ones the
 * pass begun earlier (the first) stands; of two open ones the one with
 * more checks, then the later one.  Ties keep memory's. */
static bool disk_result_wins(const pt_record *k, const pt_record *m)
{
	bool kf = k->outcome != PT_OUTCOME_NONE, mf = m->outcome != PT_OUTCOME_NONE;
	if (kf != mf)
		return kf;
	if (kf)
		return k->pass_start != 0 && m->pass_start != 0 && k->pass_start < m->pass_start;
	if (k->attempts != m->attempts)
		return k->attempts > m->attempts;
	return k->last_seen > m->last_seen;
}

/* Returns true when disk record k's review state should replace that of m
 * (same hash): the one set later wins; in the same second a check made
 * here since the last save is the latest news. */
static bool disk_schedule_wins(const pt_record *k, const pt_record *m)
{
	if (k->scheduled != m->scheduled)
		return k->scheduled;
	if (!k->scheduled)
		return false;
	if (k->scheduled_at != m->scheduled_at)
		return k->scheduled_at > m->scheduled_at;
	return !m->checked_here;
}

/* Returns true when disk record k, whose hash differs from m's, is the
 * newer version of the item: checked later; in the same second, unless a
 * check was made here since the last save, the finished one, then the one
 * with more checks. */
static bool disk_newer(const pt_record *k, const pt_record *m)
{
	if (k->last_seen != m->last_seen)
		return k->last_seen > m->last_seen;
	if (m->checked_here)
		return false;
	bool kf = k->outcome != PT_OUTCOME_NONE, mf = m->outcome != PT_OUTCOME_NONE;
	if (kf != mf)
		return kf;
	return k->attempts > m->attempts;
}

/* Copies the lesson result of k into m. */
static void take_result(pt_record *m, const pt_record *k)
{
	m->outcome = k->outcome;
	m->attempt = k->attempt;
	m->attempts = k->attempts;
	m->hints = k->hints;
	m->pass_start = k->pass_start;
}

/* Copies the review state of k into m. */
static void take_schedule(pt_record *m, const pt_record *k)
{
	m->stability = k->stability;
	m->difficulty = k->difficulty;
	m->box = k->box;
	m->scheduled = k->scheduled;
	m->due = k->due;
	m->scheduled_at = k->scheduled_at;
}

/* Merges disk record k into memory record m (same key); k is consumed.
 * Returns false when out of memory. */
static bool record_combine(pt_record *m, pt_record *k)
{
	bool ok = true;
	time_t first = m->first_seen;
	if (k->first_seen != 0 && (first == 0 || k->first_seen < first))
		first = k->first_seen;
	if (k->hash == m->hash) {
		if (m->key_hash == 0)
			m->key_hash = k->key_hash;
		m->exam_first = m->exam_first || k->exam_first;
		if (k->tried_at != 0 && (m->tried_at == 0 || k->tried_at < m->tried_at)) {
			m->tried_at = k->tried_at;
			m->tried_right = k->tried_right;
		}
		if (!m->first_set && k->first_set) {
			m->first_set = true;
			m->first_outcome = k->first_outcome;
			m->first_checks = k->first_checks;
			m->first_hints = k->first_hints;
		}
		for (size_t i = 0; i < k->n_wrong && ok; i++)
			ok = record_add_wrong(m, k->wrong[i]);
		for (size_t i = 0; i < k->n_wrong_at && ok; i++)
			ok = record_add_wrong_at(m, k->wrong_at[i]);
		if (k->attempt > m->attempt || (k->attempt == m->attempt && disk_result_wins(k, m)))
			take_result(m, k);
		if (disk_schedule_wins(k, m))
			take_schedule(m, k);
	} else if (disk_newer(k, m)) {
		m->hash = k->hash;
		m->key_hash = k->key_hash;
		m->pass = k->pass;
		m->exam_first = k->exam_first;
		m->tried_at = k->tried_at;
		m->tried_right = k->tried_right;
		m->first_set = k->first_set;
		m->first_outcome = k->first_outcome;
		m->first_checks = k->first_checks;
		m->first_hints = k->first_hints;
		take_result(m, k);
		take_schedule(m, k);
		record_clear_wrong(m);
		m->wrong = k->wrong;
		m->n_wrong = k->n_wrong;
		k->wrong = NULL;
		k->n_wrong = 0;
		m->wrong_at = k->wrong_at;
		m->n_wrong_at = k->n_wrong_at;
		k->wrong_at = NULL;
		k->n_wrong_at = 0;
	}
	if (k->last_seen > m->last_seen)
		m->last_seen = k->last_seen;
	if (k->hash == m->hash && k->pass > m->pass)
		m->pass = k->pass;
	m->first_seen = first;
	m->time_spent = k->time_spent + m->time_pending;
	record_free(k);
	return ok;
}

bool data_add(store_data *d, pt_record *k)
{
	size_t at;
	if (data_search(d, k->lesson, k->item, &at))
		return record_combine(&d->rec[at], k);
	pt_record *slot = data_lesson_get(d, k->lesson) != NULL ? data_insert_at(d, at) : NULL;
	if (slot == NULL) {
		record_free(k);
		return false;
	}
	*slot = *k;
	memset(k, 0, sizeof *k);
	return true;
}

/* Merges one lesson state from disk into mem: the later reset wins (and
 * drops mem's records checked at or before it); a position or drafts set
 * here since the last save stay unless the disk was reset since. */
static bool merge_lesson(store_data *mem, lesson_state *dl)
{
	lesson_state *ml = data_lesson_get(mem, dl->id);
	if (ml == NULL)
		return false;
	dl->filter_disk = ml->reset_at > dl->reset_at;
	bool take_position = !ml->position_dirty;
	bool disk_reset = dl->reset_at > ml->reset_at;
	drafts_merge(ml, dl, disk_reset || !ml->drafts_dirty);
	if (dl->attempt > ml->attempt)
		ml->attempt = dl->attempt;
	if (disk_reset) {
		for (size_t r = mem->n_rec; r-- > 0;)
			if (strcmp(mem->rec[r].lesson, dl->id) == 0 && mem->rec[r].last_seen <= dl->reset_at)
				data_remove_at(mem, r);
		ml->reset_at = dl->reset_at;
		take_position = true;
	}
	if (take_position) {
		free(ml->position);
		ml->position = dl->position;
		dl->position = NULL;
		ml->position_dirty = false;
	}
	return true;
}

bool data_merge(store_data *mem, store_data *disk)
{
	bool ok = true;
	if (disk->has_salt) {
		/* The first learner's salt to reach the file stays theirs. */
		mem->salt = disk->salt;
		mem->has_salt = true;
	}
	for (size_t i = 0; i < disk->n_les && ok; i++)
		ok = merge_lesson(mem, &disk->les[i]);
	for (size_t i = 0; i < disk->n_rec && ok; i++) {
		pt_record *k = &disk->rec[i];
		lesson_state *dl = data_lesson(disk, k->lesson);
		lesson_state *ml = data_lesson(mem, k->lesson);
		if (dl != NULL && dl->filter_disk && ml != NULL && k->last_seen <= ml->reset_at)
			continue;
		ok = data_add(mem, k);
	}
	ok = ok && exam_data_merge(mem, disk);
	data_free(disk);
	return ok;
}

void data_mark_saved(store_data *d)
{
	for (size_t i = 0; i < d->n_rec; i++) {
		d->rec[i].time_pending = 0;
		d->rec[i].checked_here = false;
	}
	for (size_t i = 0; i < d->n_les; i++) {
		d->les[i].position_dirty = false;
		d->les[i].drafts_dirty = false;
	}
	d->open_dirty = false;
}

/* ---- freeing ----------------------------------------------------------- */

/* Frees a lesson state's strings. */
static void lesson_state_free(lesson_state *l)
{
	free(l->id);
	free(l->position);
	drafts_free(l);
	memset(l, 0, sizeof *l);
}

void data_free(store_data *d)
{
	for (size_t i = 0; i < d->n_rec; i++)
		record_free(&d->rec[i]);
	free(d->rec);
	for (size_t i = 0; i < d->n_les; i++)
		lesson_state_free(&d->les[i]);
	free(d->les);
	exam_data_free(d);
	memset(d, 0, sizeof *d);
}

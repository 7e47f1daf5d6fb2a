/* progress_draft.c - what the store keeps of a learner's work in progress:
 * unchecked answers (drafts, per lesson), the learner's shuffle salt, and
 * the pass each item was last shown in, so options come back in the order
 * the learner saw them. */
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/grow.h"
#include "paratutor/store/progress_data.h"

/* Frees one draft's strings. */
static void draft_entry_free(draft_entry *e)
{
	free(e->item);
	for (size_t i = 0; i < e->n; i++)
		free(e->slots[i]);
	free(e->slots);
	memset(e, 0, sizeof *e);
}

void drafts_free(lesson_state *l)
{
	for (size_t i = 0; i < l->n_drafts; i++)
		draft_entry_free(&l->drafts[i]);
	free(l->drafts);
	l->drafts = NULL;
	l->n_drafts = 0;
}

/* Binary search for item among l's drafts: true when found, with *at its
 * index; else *at is where it would go. */
static bool drafts_search(const lesson_state *l, const char *item, size_t *at)
{
	return grow_search(l->drafts, l->n_drafts, sizeof *l->drafts, offsetof(draft_entry, item), item, at);
}

/* Returns true when draft e holds exactly the n slots given. */
static bool same_slots(const draft_entry *e, char *const *slots, size_t n)
{
	if (e->n != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (strcmp(e->slots[i], slots[i]) != 0)
			return false;
	return true;
}

bool drafts_put(lesson_state *l, const char *item, char *const *slots, size_t n)
{
	size_t at;
	bool found = drafts_search(l, item, &at);
	if (found && same_slots(&l->drafts[at], slots, n))
		return true;
	if (n == 0) {
		if (found) {
			draft_entry_free(&l->drafts[at]);
			memmove(&l->drafts[at], &l->drafts[at + 1], (l->n_drafts - at - 1) * sizeof *l->drafts);
			l->n_drafts--;
			l->drafts_dirty = true;
		}
		return true;
	}
	draft_entry e = { strdup(item), calloc(n, sizeof(char *)), n };
	bool ok = e.item != NULL && e.slots != NULL;
	for (size_t i = 0; ok && i < n; i++)
		ok = (e.slots[i] = strdup(slots[i])) != NULL;
	if (ok && !found) {
		draft_entry *v = realloc(l->drafts, (l->n_drafts + 1) * sizeof *v);
		ok = v != NULL;
		if (ok) {
			l->drafts = v;
			memmove(&v[at + 1], &v[at], (l->n_drafts - at) * sizeof *v);
			memset(&v[at], 0, sizeof v[at]);
			l->n_drafts++;
		}
	}
	if (!ok) {
		if (e.slots == NULL)
			e.n = 0;
		draft_entry_free(&e);
		return false;
	}
	draft_entry_free(&l->drafts[at]);
	l->drafts[at] = e;
	l->drafts_dirty = true;
	return true;
}

void drafts_merge(lesson_state *ml, lesson_state *dl, bool take_disk)
{
	if (!take_disk)
		return;
	drafts_free(ml);
	ml->drafts = dl->drafts;
	ml->n_drafts = dl->n_drafts;
	ml->drafts_dirty = false;
	dl->drafts = NULL;
	dl->n_drafts = 0;
}

bool progress_set_draft(pt_progress *p, const char *lesson_id, const char *item_id, const pt_draft *d)
{
	if (lesson_id == NULL || item_id == NULL)
		return false;
	lesson_state *l = data_lesson_get(&p->d, lesson_id);
	if (l == NULL)
		return false;
	char *slots[PT_DRAFT_MAX];
	size_t n = d != NULL ? d->n : 0;
	bool ok = true;
	for (size_t i = 0; i < n; i++) {
		const char *text = d->slot[i];
		/* Stored as valid UTF-8: an invalid byte becomes U+FFFD. */
		slots[i] = data_text_dup(text != NULL ? text : "", 1);
		if (slots[i] == NULL) {
			n = i;
			ok = false;
			break;
		}
		slots[i][0] = text == NULL ? '\0' : d->locked[i] ? '=' : '+';
	}
	bool dirty = l->drafts_dirty;
	l->drafts_dirty = false;
	ok = ok && drafts_put(l, item_id, slots, n);
	if (l->drafts_dirty)
		p->dirty = true;
	l->drafts_dirty = l->drafts_dirty || dirty;
	for (size_t i = 0; i < n; i++)
		free(slots[i]);
	return ok;
}

bool progress_draft(const pt_progress *p, const char *lesson_id, const char *item_id, pt_draft *out)
{
	memset(out, 0, sizeof *out);
	const lesson_state *l = lesson_id != NULL && item_id != NULL ? data_lesson(&p->d, lesson_id) : NULL;
	size_t at;
	if (l == NULL || !drafts_search(l, item_id, &at))
		return false;
	const draft_entry *e = &l->drafts[at];
	for (size_t i = 0; i < e->n && i < PT_DRAFT_MAX; i++) {
		const char *s = e->slots[i];
		out->slot[i] = s[0] == '\0' ? NULL : s + 1;
		out->locked[i] = s[0] == '=';
	}
	out->n = e->n < PT_DRAFT_MAX ? e->n : PT_DRAFT_MAX;
	return out->n > 0;
}

unsigned long long progress_salt(pt_progress *p, unsigned long long fresh)
{
	if (!p->d.has_salt) {
		p->d.salt = fresh;
		p->d.has_salt = true;
		p->dirty = true;
	}
	return p->d.salt;
}

bool progress_set_pass(pt_progress *p, const char *lesson_id, const char *item_id, int pass)
{
	pt_record *r = data_find(&p->d, lesson_id, item_id);
	if (r == NULL || pass < 0)
		return false;
	if (r->pass != pass) {
		r->pass = pass;
		p->dirty = true;
	}
	return true;
}

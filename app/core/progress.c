/* progress.c - the progress store: records in memory, the JSON file on disk,
 * atomic and concurrent-safe saving, and the views built from the records
 * (resume, menu stats, review, misconceptions, instructor report).
 *
 * The file:
 *   { "format": 1,
 *     "lessons": { LESSON-ID: { "position": ITEM-ID, "reset_at": T,
 *                               "items": { ITEM-ID: RECORD, ... } }, ... } }
 * RECORD: "hash" (16 hex digits), "outcome" (open, first_time, with_hints,
 * retries, failed), "attempts", "hints", "wrong" (option texts),
 * "first_seen", "last_seen", "pass_start", "time_spent", "box", "due"
 * (absent until the item is first finished).  Times are seconds since the
 * epoch.  No cJSON type leaves this file. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1 /* flock() */
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "paratutor/load.h"
#include "paratutor/progress.h"

#define MAX_TIME 253402300799.0 /* 9999-12-31T23:59:59Z */
#define MAX_COUNT 1000000.0
#define LOCK_STEP_MS 10
#define NOTICE_SIZE (PT_PROGRESS_PATH_MAX + 512)

/* Per-lesson state kept beside the records. */
typedef struct lesson_state {
	char *id;
	char *position;      /* current item id, or NULL */
	bool position_dirty; /* set here since the last save */
	time_t reset_at;     /* last reset; 0 when never */
	bool filter_disk;    /* merge scratch: drop older disk records */
} lesson_state;

/* Records sorted by (lesson, item) and lesson states sorted by id. */
typedef struct store_data {
	pt_record *rec;
	size_t n_rec;
	size_t cap_rec;
	lesson_state *les;
	size_t n_les;
	size_t cap_les;
} store_data;

struct pt_progress {
	char *path;      /* NULL for a plain memory store */
	char *dir;
	char *base;      /* file name part of path */
	char *lock_path;
	bool persistent;
	bool dirty;
	store_data d;
	char notice[NOTICE_SIZE];
};

/* ---- small helpers ----------------------------------------------------- */

/* Writes a printf-style message into err when err is not NULL. */
static void PT_PRINTF(3, 4) set_err(char *err, size_t errlen, const char *fmt, ...)
{
	if (err == NULL || errlen == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* Returns a malloc'd "a" "b" concatenation, or NULL. */
static char *concat(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = malloc(la + lb + 1);
	if (s != NULL) {
		memcpy(s, a, la);
		memcpy(s + la, b, lb + 1);
	}
	return s;
}

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

/* Parses an outcome word; returns false when unknown. */
static bool outcome_from_word(const char *s, pt_outcome *out)
{
	static const pt_outcome all[] = { PT_OUTCOME_NONE, PT_OUTCOME_FIRST_TIME,
		PT_OUTCOME_WITH_HINTS, PT_OUTCOME_RETRIES, PT_OUTCOME_FAILED };
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		if (strcmp(s, progress_outcome_word(all[i])) == 0) {
			*out = all[i];
			return true;
		}
	return false;
}

void progress_format_time(time_t t, char *buf, size_t size)
{
	struct tm tm;
	if (size == 0)
		return;
	buf[0] = '\0';
	if (t == 0 || gmtime_r(&t, &tm) == NULL)
		return;
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ---- records and lesson states ----------------------------------------- */

/* Frees what a record owns and zeroes it. */
static void record_free(pt_record *r)
{
	free(r->lesson);
	free(r->item);
	for (size_t i = 0; i < r->n_wrong; i++)
		free(r->wrong[i]);
	free(r->wrong);
	memset(r, 0, sizeof *r);
}

/* Frees every wrong-option text of a record. */
static void record_clear_wrong(pt_record *r)
{
	for (size_t i = 0; i < r->n_wrong; i++)
		free(r->wrong[i]);
	free(r->wrong);
	r->wrong = NULL;
	r->n_wrong = 0;
}

/* Adds text to the record's wrong options unless present; false on OOM. */
static bool record_add_wrong(pt_record *r, const char *text)
{
	for (size_t i = 0; i < r->n_wrong; i++)
		if (strcmp(r->wrong[i], text) == 0)
			return true;
	char **v = realloc(r->wrong, (r->n_wrong + 1) * sizeof *v);
	if (v == NULL)
		return false;
	r->wrong = v;
	v[r->n_wrong] = strdup(text);
	if (v[r->n_wrong] == NULL)
		return false;
	r->n_wrong++;
	return true;
}

/* Frees a lesson state's strings. */
static void lesson_state_free(lesson_state *l)
{
	free(l->id);
	free(l->position);
	memset(l, 0, sizeof *l);
}

/* Frees everything in d and empties it. */
static void data_free(store_data *d)
{
	for (size_t i = 0; i < d->n_rec; i++)
		record_free(&d->rec[i]);
	free(d->rec);
	for (size_t i = 0; i < d->n_les; i++)
		lesson_state_free(&d->les[i]);
	free(d->les);
	memset(d, 0, sizeof *d);
}

/* Compares a key with a record's (lesson, item). */
static int key_cmp(const char *lesson, const char *item, const pt_record *r)
{
	int c = strcmp(lesson, r->lesson);
	return c != 0 ? c : strcmp(item, r->item);
}

/* Binary search: returns true when found, with *at its index; else *at is
 * where it would be inserted. */
static bool rec_search(const store_data *d, const char *lesson, const char *item, size_t *at)
{
	size_t lo = 0, hi = d->n_rec;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = key_cmp(lesson, item, &d->rec[mid]);
		if (c == 0) {
			*at = mid;
			return true;
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	*at = lo;
	return false;
}

/* Returns the record for the key, or NULL. */
static pt_record *rec_find(const store_data *d, const char *lesson, const char *item)
{
	size_t at;
	return rec_search(d, lesson, item, &at) ? &d->rec[at] : NULL;
}

/* Opens a zeroed slot at index at; returns it or NULL when out of memory. */
static pt_record *rec_insert_at(store_data *d, size_t at)
{
	if (d->n_rec == d->cap_rec) {
		size_t cap = d->cap_rec ? d->cap_rec * 2 : 16;
		pt_record *v = realloc(d->rec, cap * sizeof *v);
		if (v == NULL)
			return NULL;
		d->rec = v;
		d->cap_rec = cap;
	}
	memmove(&d->rec[at + 1], &d->rec[at], (d->n_rec - at) * sizeof *d->rec);
	d->n_rec++;
	memset(&d->rec[at], 0, sizeof d->rec[at]);
	return &d->rec[at];
}

/* Frees and removes the record at index at. */
static void rec_remove_at(store_data *d, size_t at)
{
	record_free(&d->rec[at]);
	memmove(&d->rec[at], &d->rec[at + 1], (d->n_rec - at - 1) * sizeof *d->rec);
	d->n_rec--;
}

/* Returns where id is, or would be inserted, in the sorted lesson states;
 * *found tells which. */
static size_t les_search(const store_data *d, const char *id, bool *found)
{
	size_t lo = 0, hi = d->n_les;
	*found = false;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(id, d->les[mid].id);
		if (c == 0) {
			*found = true;
			return mid;
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Returns the lesson state for id, or NULL. */
static lesson_state *les_find(const store_data *d, const char *id)
{
	bool found;
	size_t at = les_search(d, id, &found);
	return found ? &d->les[at] : NULL;
}

/* Returns the lesson state for id, adding an empty one when missing;
 * NULL when out of memory. */
static lesson_state *les_get(store_data *d, const char *id)
{
	bool found;
	size_t lo = les_search(d, id, &found);
	if (found)
		return &d->les[lo];
	if (d->n_les == d->cap_les) {
		size_t cap = d->cap_les ? d->cap_les * 2 : 8;
		lesson_state *v = realloc(d->les, cap * sizeof *v);
		if (v == NULL)
			return NULL;
		d->les = v;
		d->cap_les = cap;
	}
	char *copy = strdup(id);
	if (copy == NULL)
		return NULL;
	memmove(&d->les[lo + 1], &d->les[lo], (d->n_les - lo) * sizeof *d->les);
	d->n_les++;
	memset(&d->les[lo], 0, sizeof d->les[lo]);
	d->les[lo].id = copy;
	return &d->les[lo];
}

/* Returns the record for lesson/item, creating it (and its lesson state)
 * when missing (then *created is set); NULL when out of memory. */
static pt_record *rec_get(store_data *d, const char *lesson, const char *item, bool *created)
{
	size_t at;
	*created = false;
	if (rec_search(d, lesson, item, &at))
		return &d->rec[at];
	if (les_get(d, lesson) == NULL)
		return NULL;
	char *l = strdup(lesson), *i = strdup(item);
	pt_record *r = l && i ? rec_insert_at(d, at) : NULL;
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

/* ---- merging ----------------------------------------------------------- */

/* Returns true when record k (from disk) should supply the pass of the
 * merged record rather than m (in memory).  A record with checks beats one
 * without; otherwise the later check wins, except that an unfinished pass
 * that started before the other side completed the item does not undo
 * that completion.  Ties prefer a finished pass, then more checks, then
 * memory. */
static bool disk_wins(const pt_record *k, const pt_record *m)
{
	bool same = k->hash == m->hash;
	if (same && (k->attempts == 0) != (m->attempts == 0))
		return k->attempts > 0;
	if (k->last_seen != m->last_seen) {
		const pt_record *newer = k->last_seen > m->last_seen ? k : m;
		const pt_record *older = newer == k ? m : k;
		if (same && newer->outcome == PT_OUTCOME_NONE && older->outcome != PT_OUTCOME_NONE &&
		    newer->pass_start <= older->last_seen)
			return older == k;
		return newer == k;
	}
	/* In the same second, a check made here since the last save is the
	 * latest news (a review pass right after the first one, say). */
	if (m->checked_here)
		return false;
	bool kf = k->outcome != PT_OUTCOME_NONE, mf = m->outcome != PT_OUTCOME_NONE;
	if (kf != mf)
		return kf;
	return k->attempts > m->attempts;
}

/* Merges disk record k into memory record m (same key); k is consumed.
 * Returns false when out of memory. */
static bool record_combine(pt_record *m, pt_record *k)
{
	bool ok = true;
	bool same = k->hash == m->hash;
	time_t first = m->first_seen;
	if (k->first_seen != 0 && (first == 0 || k->first_seen < first))
		first = k->first_seen;
	long spent = k->time_spent + m->time_pending;
	if (same)
		for (size_t i = 0; i < k->n_wrong && ok; i++)
			ok = record_add_wrong(m, k->wrong[i]);
	if (disk_wins(k, m)) {
		m->hash = k->hash;
		m->outcome = k->outcome;
		m->attempts = k->attempts;
		m->hints = k->hints;
		m->last_seen = k->last_seen;
		m->pass_start = k->pass_start;
		m->box = k->box;
		m->scheduled = k->scheduled;
		m->due = k->due;
		if (!same) {
			record_clear_wrong(m);
			m->wrong = k->wrong;
			m->n_wrong = k->n_wrong;
			k->wrong = NULL;
			k->n_wrong = 0;
		}
	}
	m->first_seen = first;
	m->time_spent = spent;
	record_free(k);
	return ok;
}

/* Merges disk into mem (mem becomes the union); disk is emptied.  Resets:
 * the later reset of a lesson drops the other side's records checked at or
 * before it.  Positions: one set here since the last save wins, unless the
 * lesson was reset on disk since.  Returns false when out of memory. */
static bool data_merge(store_data *mem, store_data *disk)
{
	bool ok = true;
	for (size_t i = 0; i < disk->n_les && ok; i++) {
		lesson_state *dl = &disk->les[i];
		lesson_state *ml = les_get(mem, dl->id);
		if (ml == NULL) {
			ok = false;
			break;
		}
		dl->filter_disk = ml->reset_at > dl->reset_at;
		bool take_position = !ml->position_dirty;
		if (dl->reset_at > ml->reset_at) {
			for (size_t r = mem->n_rec; r-- > 0;)
				if (strcmp(mem->rec[r].lesson, dl->id) == 0 && mem->rec[r].last_seen <= dl->reset_at)
					rec_remove_at(mem, r);
			ml->reset_at = dl->reset_at;
			take_position = true;
		}
		if (take_position) {
			free(ml->position);
			ml->position = dl->position;
			dl->position = NULL;
			ml->position_dirty = false;
		}
	}
	for (size_t i = 0; i < disk->n_rec && ok; i++) {
		pt_record *k = &disk->rec[i];
		lesson_state *dl = les_find(disk, k->lesson);
		lesson_state *ml = les_find(mem, k->lesson);
		if (dl != NULL && dl->filter_disk && ml != NULL && k->last_seen <= ml->reset_at)
			continue;
		size_t at;
		if (rec_search(mem, k->lesson, k->item, &at)) {
			ok = record_combine(&mem->rec[at], k);
		} else {
			if (les_get(mem, k->lesson) == NULL) {
				ok = false;
				break;
			}
			pt_record *slot = rec_insert_at(mem, at);
			if (slot == NULL) {
				ok = false;
				break;
			}
			*slot = *k;
			memset(k, 0, sizeof *k);
		}
	}
	data_free(disk);
	return ok;
}

/* ---- parsing the file -------------------------------------------------- */

typedef enum parse_rc { PARSE_OK, PARSE_CORRUPT, PARSE_NEWER, PARSE_NOMEM } parse_rc;

typedef struct parser {
	char *why;
	size_t whylen;
	const char *lesson;
	const char *item;
} parser;

/* Reports a structural problem in the current record; returns false. */
static bool PT_PRINTF(2, 3) bad(parser *ps, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (ps->item != NULL)
		set_err(ps->why, ps->whylen, "item \"%s\" of lesson \"%s\": %s", ps->item, ps->lesson, msg);
	else if (ps->lesson != NULL)
		set_err(ps->why, ps->whylen, "lesson \"%s\": %s", ps->lesson, msg);
	else
		set_err(ps->why, ps->whylen, "%s", msg);
	return false;
}

/* Reads an optional whole number member in [0, max] into *out (left alone
 * when absent or null). */
static bool get_num(parser *ps, const cJSON *obj, const char *name, double max, bool required, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	if (v == NULL || cJSON_IsNull(v)) {
		if (required)
			return bad(ps, "\"%s\" is missing", name);
		return true;
	}
	/* The range test also refuses NaN and infinities. */
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 && v->valuedouble <= max) ||
	    (double)(long long)v->valuedouble != v->valuedouble)
		return bad(ps, "\"%s\" is not a whole number from 0 to %.0f", name, max);
	*out = v->valuedouble;
	return true;
}

/* Reads one item record. */
static parse_rc parse_record(parser *ps, store_data *d, const char *lesson, const cJSON *obj)
{
	ps->item = obj->string;
	if (!cJSON_IsObject(obj))
		return bad(ps, "not an object"), PARSE_CORRUPT;
	const cJSON *hash = cJSON_GetObjectItemCaseSensitive(obj, "hash");
	const cJSON *outcome = cJSON_GetObjectItemCaseSensitive(obj, "outcome");
	const cJSON *wrong = cJSON_GetObjectItemCaseSensitive(obj, "wrong");
	if (!cJSON_IsString(hash) || strlen(hash->valuestring) != 16 ||
	    strspn(hash->valuestring, "0123456789abcdefABCDEF") != 16)
		return bad(ps, "\"hash\" is not 16 hex digits"), PARSE_CORRUPT;
	pt_outcome oc;
	if (!cJSON_IsString(outcome) || !outcome_from_word(outcome->valuestring, &oc))
		return bad(ps, "\"outcome\" is not one of open, first_time, with_hints, retries, failed"), PARSE_CORRUPT;
	if (wrong != NULL && !cJSON_IsArray(wrong))
		return bad(ps, "\"wrong\" is not an array"), PARSE_CORRUPT;
	double attempts = 0, hints = 0, first = 0, last = 0, start = 0, spent = 0, box = 0, due = -1;
	if (!get_num(ps, obj, "attempts", MAX_COUNT, false, &attempts) ||
	    !get_num(ps, obj, "hints", MAX_COUNT, false, &hints) ||
	    !get_num(ps, obj, "first_seen", MAX_TIME, false, &first) ||
	    !get_num(ps, obj, "last_seen", MAX_TIME, true, &last) ||
	    !get_num(ps, obj, "pass_start", MAX_TIME, false, &start) ||
	    !get_num(ps, obj, "time_spent", 1e15, false, &spent) ||
	    !get_num(ps, obj, "box", PT_LEITNER_BOXES - 1, false, &box) ||
	    !get_num(ps, obj, "due", MAX_TIME, false, &due))
		return PARSE_CORRUPT;

	pt_record k;
	memset(&k, 0, sizeof k);
	k.lesson = strdup(lesson);
	k.item = strdup(obj->string);
	if (k.lesson == NULL || k.item == NULL) {
		record_free(&k);
		return PARSE_NOMEM;
	}
	k.hash = strtoull(hash->valuestring, NULL, 16);
	k.outcome = oc;
	k.attempts = (int)attempts;
	k.hints = (int)hints;
	k.first_seen = (time_t)first;
	k.last_seen = (time_t)last;
	k.pass_start = (time_t)start;
	k.time_spent = (long)spent;
	k.box = (int)box;
	k.scheduled = due >= 0;
	k.due = due >= 0 ? (time_t)due : 0;
	const cJSON *w;
	cJSON_ArrayForEach(w, wrong) {
		if (!cJSON_IsString(w)) {
			record_free(&k);
			return bad(ps, "\"wrong\" holds a non-string"), PARSE_CORRUPT;
		}
		if (!record_add_wrong(&k, w->valuestring)) {
			record_free(&k);
			return PARSE_NOMEM;
		}
	}
	/* A duplicate key is merged like a second copy of the file. */
	size_t at;
	if (rec_search(d, k.lesson, k.item, &at))
		return record_combine(&d->rec[at], &k) ? PARSE_OK : PARSE_NOMEM;
	pt_record *slot = rec_insert_at(d, at);
	if (slot == NULL) {
		record_free(&k);
		return PARSE_NOMEM;
	}
	*slot = k;
	return PARSE_OK;
}

/* Reads one lesson object. */
static parse_rc parse_lesson(parser *ps, store_data *d, const cJSON *obj)
{
	ps->lesson = obj->string;
	ps->item = NULL;
	if (!cJSON_IsObject(obj))
		return bad(ps, "not an object"), PARSE_CORRUPT;
	lesson_state *l = les_get(d, obj->string);
	if (l == NULL)
		return PARSE_NOMEM;
	const cJSON *pos = cJSON_GetObjectItemCaseSensitive(obj, "position");
	if (pos != NULL && !cJSON_IsNull(pos)) {
		if (!cJSON_IsString(pos))
			return bad(ps, "\"position\" is not a string"), PARSE_CORRUPT;
		free(l->position);
		l->position = strdup(pos->valuestring);
		if (l->position == NULL)
			return PARSE_NOMEM;
	}
	double reset = 0;
	if (!get_num(ps, obj, "reset_at", MAX_TIME, false, &reset))
		return PARSE_CORRUPT;
	if ((time_t)reset > l->reset_at)
		l->reset_at = (time_t)reset;
	const cJSON *items = cJSON_GetObjectItemCaseSensitive(obj, "items");
	if (items == NULL || cJSON_IsNull(items))
		return PARSE_OK;
	if (!cJSON_IsObject(items))
		return bad(ps, "\"items\" is not an object"), PARSE_CORRUPT;
	const cJSON *it;
	cJSON_ArrayForEach(it, items) {
		parse_rc rc = parse_record(ps, d, obj->string, it);
		if (rc != PARSE_OK)
			return rc;
	}
	ps->item = NULL;
	return PARSE_OK;
}

/* Parses the store text into d (empty on entry).  On PARSE_CORRUPT why
 * says what is wrong; on PARSE_NEWER *format is the file's format. */
static parse_rc parse_store(const char *text, size_t len, store_data *d, int *format,
    char *why, size_t whylen)
{
	parser ps = { why, whylen, NULL, NULL };
	const char *end = NULL;
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		set_err(why, whylen, "starts with a byte order mark");
		return PARSE_CORRUPT;
	}
	if (memchr(text, '\0', len) != NULL) {
		set_err(why, whylen, "contains a NUL byte");
		return PARSE_CORRUPT;
	}
	cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (root == NULL) {
		size_t off = end != NULL && end >= text ? (size_t)(end - text) : 0;
		if (off > len)
			off = len;
		pt_pos at = load_offset_pos(text, len, off);
		set_err(why, whylen, len == 0 ? "empty file" : "not valid JSON (line %d, column %d)", at.line, at.col);
		return PARSE_CORRUPT;
	}
	if (end != NULL && (size_t)(end - text) < len && strspn(end, " \t\r\n") != len - (size_t)(end - text)) {
		pt_pos at = load_offset_pos(text, len, (size_t)(end - text));
		set_err(why, whylen, "text after the JSON value (line %d, column %d)", at.line, at.col);
		cJSON_Delete(root);
		return PARSE_CORRUPT;
	}
	parse_rc rc = PARSE_OK;
	double f = 0;
	const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
	if (!cJSON_IsObject(root)) {
		rc = (bad(&ps, "the top level is not an object"), PARSE_CORRUPT);
	} else if (!get_num(&ps, root, "format", 1e6, true, &f) || f < 1) {
		if (fmt != NULL && cJSON_IsNumber(fmt) && f < 1)
			bad(&ps, "unknown \"format\" %g", fmt->valuedouble);
		rc = PARSE_CORRUPT;
	} else if (f > PT_PROGRESS_FORMAT) {
		*format = (int)f;
		rc = PARSE_NEWER;
	} else {
		const cJSON *lessons = cJSON_GetObjectItemCaseSensitive(root, "lessons");
		if (lessons != NULL && !cJSON_IsObject(lessons)) {
			rc = (bad(&ps, "\"lessons\" is not an object"), PARSE_CORRUPT);
		} else {
			const cJSON *l;
			cJSON_ArrayForEach(l, lessons) {
				rc = parse_lesson(&ps, d, l);
				if (rc != PARSE_OK)
					break;
			}
		}
	}
	cJSON_Delete(root);
	if (rc != PARSE_OK)
		data_free(d);
	return rc;
}

/* ---- writing the file -------------------------------------------------- */

/* Adds a whole number member; returns false when out of memory. */
static bool add_num(cJSON *obj, const char *name, double v)
{
	return cJSON_AddNumberToObject(obj, name, v) != NULL;
}

/* Adds an array of n strings named name to o; false when out of memory. */
static bool add_strings(cJSON *o, const char *name, char *const *v, size_t n)
{
	cJSON *arr = cJSON_AddArrayToObject(o, name);
	bool ok = arr != NULL;
	for (size_t i = 0; ok && i < n; i++) {
		cJSON *s = cJSON_CreateString(v[i]);
		ok = s != NULL && cJSON_AddItemToArray(arr, s);
	}
	return ok;
}

/* Builds one record's object. */
static cJSON *record_json(const pt_record *r)
{
	cJSON *o = cJSON_CreateObject();
	char hash[17];
	snprintf(hash, sizeof hash, "%016llx", r->hash);
	bool ok = o != NULL && cJSON_AddStringToObject(o, "hash", hash) != NULL &&
	    cJSON_AddStringToObject(o, "outcome", progress_outcome_word(r->outcome)) != NULL &&
	    add_num(o, "attempts", r->attempts) && add_num(o, "hints", r->hints);
	ok = ok && add_strings(o, "wrong", r->wrong, r->n_wrong);
	ok = ok && add_num(o, "first_seen", (double)r->first_seen) &&
	    add_num(o, "last_seen", (double)r->last_seen) &&
	    add_num(o, "pass_start", (double)r->pass_start) &&
	    add_num(o, "time_spent", (double)r->time_spent) && add_num(o, "box", r->box) &&
	    (!r->scheduled || add_num(o, "due", (double)r->due));
	if (!ok) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Serializes d; returns a malloc'd NUL-terminated text or NULL (OOM). */
static char *data_print(const store_data *d)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *lessons = NULL;
	bool ok = root != NULL && add_num(root, "format", PT_PROGRESS_FORMAT) &&
	    (lessons = cJSON_AddObjectToObject(root, "lessons")) != NULL;
	size_t r = 0;
	for (size_t i = 0; ok && i < d->n_les; i++) {
		const lesson_state *l = &d->les[i];
		while (r < d->n_rec && strcmp(d->rec[r].lesson, l->id) < 0)
			r++; /* cannot happen: every record has a lesson state */
		size_t first = r;
		while (r < d->n_rec && strcmp(d->rec[r].lesson, l->id) == 0)
			r++;
		if (first == r && l->position == NULL && l->reset_at == 0)
			continue;
		cJSON *lo = cJSON_CreateObject();
		ok = lo != NULL && cJSON_AddItemToObject(lessons, l->id, lo);
		if (!ok) {
			cJSON_Delete(lo);
			break;
		}
		if (l->position != NULL)
			ok = cJSON_AddStringToObject(lo, "position", l->position) != NULL;
		if (ok && l->reset_at != 0)
			ok = add_num(lo, "reset_at", (double)l->reset_at);
		cJSON *items = ok ? cJSON_AddObjectToObject(lo, "items") : NULL;
		ok = items != NULL;
		for (size_t k = first; ok && k < r; k++) {
			cJSON *ro = record_json(&d->rec[k]);
			ok = ro != NULL && cJSON_AddItemToObject(items, d->rec[k].item, ro);
			if (!ok)
				cJSON_Delete(ro);
		}
	}
	char *text = ok ? cJSON_Print(root) : NULL;
	cJSON_Delete(root);
	return text;
}

/* ---- file system ------------------------------------------------------- */

typedef enum read_rc { READ_OK, READ_MISSING, READ_TOO_LARGE, READ_NOT_FILE, READ_ERROR } read_rc;

/* Reads the whole store file (at most PT_PROGRESS_MAX_SIZE bytes) into a
 * new NUL-terminated buffer.  On READ_ERROR *err_no holds the cause. */
static read_rc read_store_file(const char *path, char **text, size_t *len, int *err_no)
{
	*text = NULL;
	*len = 0;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		*err_no = errno;
		return errno == ENOENT ? READ_MISSING : READ_ERROR;
	}
	struct stat st;
	if (fstat(fd, &st) != 0) {
		*err_no = errno;
		close(fd);
		return READ_ERROR;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return READ_NOT_FILE;
	}
	if ((unsigned long long)st.st_size > PT_PROGRESS_MAX_SIZE) {
		close(fd);
		return READ_TOO_LARGE;
	}
	size_t cap = (size_t)st.st_size + 1, n = 0;
	char *buf = malloc(cap + 1);
	if (buf == NULL) {
		*err_no = ENOMEM;
		close(fd);
		return READ_ERROR;
	}
	for (;;) {
		if (n == cap) {
			if (cap > PT_PROGRESS_MAX_SIZE) {
				free(buf);
				close(fd);
				return READ_TOO_LARGE;
			}
			char *bigger = realloc(buf, cap * 2 + 1);
			if (bigger == NULL) {
				free(buf);
				close(fd);
				*err_no = ENOMEM;
				return READ_ERROR;
			}
			buf = bigger;
			cap *= 2;
		}
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			*err_no = errno;
			free(buf);
			close(fd);
			return READ_ERROR;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	if (n > PT_PROGRESS_MAX_SIZE) {
		free(buf);
		return READ_TOO_LARGE;
	}
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return READ_OK;
}

/* Creates dir and its missing parents with mode 0700. */
static bool make_dirs(const char *dir, char *err, size_t errlen)
{
	char *copy = strdup(dir);
	if (copy == NULL) {
		set_err(err, errlen, "out of memory");
		return false;
	}
	for (char *p = copy + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char c = *p;
		*p = '\0';
		if (mkdir(copy, 0700) != 0 && errno != EEXIST) {
			set_err(err, errlen, "cannot create %s: %s", copy, strerror(errno));
			free(copy);
			return false;
		}
		*p = c;
		if (c == '\0')
			break;
	}
	free(copy);
	struct stat st;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		set_err(err, errlen, "%s is not a directory", dir);
		return false;
	}
	return true;
}

/* Opens and locks the lock file; returns its descriptor or -1 with err.
 * *busy is set when another tutor kept it locked too long. */
static int lock_acquire(const pt_progress *p, bool *busy, char *err, size_t errlen)
{
	*busy = false;
	int fd = open(p->lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		set_err(err, errlen, "cannot open %s: %s", p->lock_path, strerror(errno));
		return -1;
	}
	for (int waited = 0;; waited += LOCK_STEP_MS) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return fd;
		if (errno == EINTR)
			continue;
		if (errno != EWOULDBLOCK) {
			set_err(err, errlen, "cannot lock %s: %s", p->lock_path, strerror(errno));
			break;
		}
		if (waited >= PT_PROGRESS_LOCK_WAIT_MS) {
			*busy = true;
			set_err(err, errlen, "%s stayed locked by another paratutor for %d s",
			    p->lock_path, PT_PROGRESS_LOCK_WAIT_MS / 1000);
			break;
		}
		struct timespec ts = { 0, LOCK_STEP_MS * 1000000L };
		nanosleep(&ts, NULL);
	}
	close(fd);
	return -1;
}

/* Unlocks and closes the lock file. */
static void lock_release(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}

/* fsyncs a directory; EINVAL (not supported there) is not an error. */
static bool sync_dir(const char *dir, char *err, size_t errlen)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		set_err(err, errlen, "cannot open %s: %s", dir, strerror(errno));
		return false;
	}
	bool ok = fsync(fd) == 0 || errno == EINVAL;
	if (!ok)
		set_err(err, errlen, "cannot sync %s: %s", dir, strerror(errno));
	close(fd);
	return ok;
}

/* Returns the malloc'd template "PATH.tmp-XXXXXX", or NULL. */
static char *temp_template(const pt_progress *p)
{
	return concat(p->path, ".tmp-XXXXXX");
}

/* Removes temporary files left by tutors that died while saving.  Only
 * called with the lock held, when no other tutor can be writing one. */
static void remove_stale_temps(const pt_progress *p)
{
	DIR *dir = opendir(p->dir);
	if (dir == NULL)
		return;
	char *prefix = concat(p->base, ".tmp-");
	size_t plen = prefix ? strlen(prefix) : 0;
	struct dirent *e;
	while (prefix != NULL && (e = readdir(dir)) != NULL)
		if (strncmp(e->d_name, prefix, plen) == 0 && strlen(e->d_name) == plen + 6)
			unlinkat(dirfd(dir), e->d_name, 0);
	free(prefix);
	closedir(dir);
}

/* Creates a new temporary file in the store's directory; returns its
 * descriptor and sets *path (caller frees), or -1 with the cause. */
static int make_temp(const pt_progress *p, char **path, char *err, size_t errlen)
{
	char *tmpl = temp_template(p);
	if (tmpl == NULL) {
		set_err(err, errlen, "out of memory");
		return -1;
	}
	int fd = mkstemp(tmpl);
	if (fd < 0) {
		set_err(err, errlen, "cannot create a file in %s: %s", p->dir, strerror(errno));
		free(tmpl);
		return -1;
	}
	*path = tmpl;
	return fd;
}

/* Returns true when a new file can be created in the store's directory. */
static bool dir_writable(const pt_progress *p, char *err, size_t errlen)
{
	char *tmpl;
	int fd = make_temp(p, &tmpl, err, errlen);
	if (fd < 0)
		return false;
	close(fd);
	unlink(tmpl);
	free(tmpl);
	return true;
}

/* Renames the store file to PATH.corrupt-YYYYmmdd-HHMMSS (adding -2, -3...
 * when taken) and writes the new name into moved_to. */
static bool move_aside(const pt_progress *p, time_t now, char *moved_to, size_t size,
    char *err, size_t errlen)
{
	char stamp[32] = "unknown";
	struct tm tm;
	if (gmtime_r(&now, &tm) != NULL)
		strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	for (int n = 1; n < 1000; n++) {
		int w = n == 1 ? snprintf(moved_to, size, "%s.corrupt-%s", p->path, stamp)
		               : snprintf(moved_to, size, "%s.corrupt-%s-%d", p->path, stamp, n);
		if (w < 0 || (size_t)w >= size) {
			set_err(err, errlen, "path too long");
			break;
		}
		struct stat st;
		if (lstat(moved_to, &st) == 0)
			continue;
		if (rename(p->path, moved_to) == 0) {
			sync_dir(p->dir, NULL, 0);
			return true;
		}
		set_err(err, errlen, "cannot rename %s: %s", p->path, strerror(errno));
		break;
	}
	moved_to[0] = '\0';
	return false;
}

/* Writes text to a new temporary file and renames it over the store;
 * *renamed tells whether the new file is in place (even when syncing the
 * directory then failed). */
static bool write_atomically(const pt_progress *p, const char *text, bool *renamed,
    char *err, size_t errlen)
{
	*renamed = false;
	char *tmpl;
	int fd = make_temp(p, &tmpl, err, errlen);
	if (fd < 0)
		return false;
	size_t len = strlen(text), off = 0;
	bool ok = true;
	while (ok && off < len) {
		ssize_t w = write(fd, text + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			set_err(err, errlen, "cannot write %s: %s", tmpl, strerror(errno));
			ok = false;
		} else {
			off += (size_t)w;
		}
	}
	if (ok && write(fd, "\n", 1) != 1) {
		set_err(err, errlen, "cannot write %s: %s", tmpl, strerror(errno));
		ok = false;
	}
	if (ok && fsync(fd) != 0) {
		set_err(err, errlen, "cannot sync %s: %s", tmpl, strerror(errno));
		ok = false;
	}
	if (close(fd) != 0 && ok) {
		set_err(err, errlen, "cannot close %s: %s", tmpl, strerror(errno));
		ok = false;
	}
	if (ok && rename(tmpl, p->path) != 0) {
		set_err(err, errlen, "cannot rename %s to %s: %s", tmpl, p->path, strerror(errno));
		ok = false;
	}
	if (!ok)
		unlink(tmpl);
	free(tmpl);
	*renamed = ok;
	return ok && sync_dir(p->dir, err, errlen);
}

/* ---- opening, saving, closing ------------------------------------------ */

bool progress_default_path(char *buf, size_t size, char *err, size_t errlen)
{
	const char *state = getenv("XDG_STATE_HOME");
	int n;
	if (state != NULL && state[0] == '/') {
		n = snprintf(buf, size, "%s/paratutor/progress.json", state);
	} else {
		const char *home = getenv("HOME");
		if (home == NULL || home[0] == '\0') {
			struct passwd *pw = getpwuid(getuid());
			home = pw != NULL ? pw->pw_dir : NULL;
		}
		if (home == NULL || home[0] == '\0') {
			set_err(err, errlen, "neither XDG_STATE_HOME nor HOME is set");
			return false;
		}
		n = snprintf(buf, size, "%s/.local/state/paratutor/progress.json", home);
	}
	if (n < 0 || (size_t)n >= size) {
		set_err(err, errlen, "the state path is too long");
		return false;
	}
	return true;
}

/* Splits path into the store's dir, base and lock path. */
static bool set_paths(pt_progress *p, const char *path)
{
	p->path = strdup(path);
	p->lock_path = concat(path, ".lock");
	if (p->path == NULL || p->lock_path == NULL)
		return false;
	const char *slash = strrchr(path, '/');
	if (slash == NULL) {
		p->dir = strdup(".");
		p->base = strdup(path);
	} else {
		size_t n = slash == path ? 1 : (size_t)(slash - path);
		p->dir = malloc(n + 1);
		if (p->dir != NULL) {
			memcpy(p->dir, path, n);
			p->dir[n] = '\0';
		}
		p->base = strdup(slash + 1);
	}
	return p->dir != NULL && p->base != NULL;
}

/* Switches to memory-only mode with a message for the learner. */
static void PT_PRINTF(2, 3) go_memory(pt_open_report *rep, const char *fmt, ...)
{
	rep->memory_only = true;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(rep->message, sizeof rep->message, fmt, ap);
	va_end(ap);
}

pt_progress *progress_open(const char *path, time_t now, pt_open_report *rep)
{
	memset(rep, 0, sizeof *rep);
	pt_progress *p = calloc(1, sizeof *p);
	if (p == NULL)
		return NULL;
	if (path == NULL) {
		rep->memory_only = true;
		return p;
	}
	if (path[0] == '\0') {
		go_memory(rep, "the progress file name is empty; this session's progress stays in memory only");
		return p;
	}
	if (!set_paths(p, path)) {
		progress_close(p);
		return NULL;
	}
	char why[PT_PROGRESS_PATH_MAX + 256];
	bool writable = make_dirs(p->dir, why, sizeof why);
	if (!writable) {
		go_memory(rep, "cannot keep progress: %s; this session's progress stays in memory only", why);
		return p;
	}
	bool busy = false;
	int lock = lock_acquire(p, &busy, why, sizeof why);
	writable = lock >= 0 && dir_writable(p, why, sizeof why);
	if (!writable && !busy)
		go_memory(rep, "cannot save progress (%s); this session's progress stays in memory only", why);

	char *text = NULL;
	size_t len = 0;
	int err_no = 0;
	read_rc rr = read_store_file(p->path, &text, &len, &err_no);
	char cause[512] = "";
	switch (rr) {
	case READ_MISSING:
		break;
	case READ_TOO_LARGE:
		go_memory(rep, "%s is larger than %u MiB; it was left untouched and this session's progress stays in memory only",
		    p->path, PT_PROGRESS_MAX_SIZE / (1024u * 1024u));
		break;
	case READ_NOT_FILE:
		go_memory(rep, "%s is not a regular file; this session's progress stays in memory only", p->path);
		break;
	case READ_ERROR:
		set_err(cause, sizeof cause, "cannot be read: %s", strerror(err_no));
		break;
	case READ_OK: {
		store_data disk;
		memset(&disk, 0, sizeof disk);
		int format = 0;
		char pwhy[400];
		parse_rc pr = parse_store(text, len, &disk, &format, pwhy, sizeof pwhy);
		if (pr == PARSE_OK) {
			rep->loaded = true;
			if (!data_merge(&p->d, &disk)) {
				go_memory(rep, "out of memory reading %s; this session's progress stays in memory only", p->path);
			}
		} else if (pr == PARSE_NEWER) {
			go_memory(rep, "%s was written by a newer paratutor (format %d); it was left untouched and this session's progress stays in memory only",
			    p->path, format);
		} else if (pr == PARSE_NOMEM) {
			go_memory(rep, "out of memory reading %s; this session's progress stays in memory only", p->path);
		} else {
			set_err(cause, sizeof cause, "is damaged: %s", pwhy);
		}
		break;
	}
	}
	free(text);

	if (cause[0] != '\0') {
		if (writable && lock >= 0 && move_aside(p, now, rep->moved_to, sizeof rep->moved_to, why, sizeof why)) {
			set_err(rep->message, sizeof rep->message,
			    "%s %s; it was moved to %s and a fresh progress store was started", p->path, cause, rep->moved_to);
		} else {
			go_memory(rep, "%s %s and could not be moved aside; it was left untouched and this session's progress stays in memory only",
			    p->path, cause);
		}
	}
	lock_release(lock);
	p->persistent = !rep->memory_only;
	return p;
}

pt_progress *progress_open_readonly(const char *path, pt_open_report *rep)
{
	memset(rep, 0, sizeof *rep);
	rep->memory_only = true;
	pt_progress *p = calloc(1, sizeof *p);
	if (p == NULL)
		return NULL;
	if (path[0] == '\0' || !set_paths(p, path)) {
		if (path[0] != '\0') {
			progress_close(p);
			return NULL;
		}
		set_err(rep->message, sizeof rep->message, "the progress file name is empty");
		return p;
	}
	char *text = NULL;
	size_t len = 0;
	int err_no = 0;
	switch (read_store_file(path, &text, &len, &err_no)) {
	case READ_MISSING:
		set_err(rep->message, sizeof rep->message, "%s: no progress recorded there", path);
		break;
	case READ_TOO_LARGE:
		set_err(rep->message, sizeof rep->message, "%s is larger than %u MiB", path,
		    PT_PROGRESS_MAX_SIZE / (1024u * 1024u));
		break;
	case READ_NOT_FILE:
		set_err(rep->message, sizeof rep->message, "%s is not a regular file", path);
		break;
	case READ_ERROR:
		set_err(rep->message, sizeof rep->message, "%s cannot be read: %s", path, strerror(err_no));
		break;
	case READ_OK: {
		store_data disk;
		memset(&disk, 0, sizeof disk);
		int format = 0;
		char pwhy[400];
		switch (parse_store(text, len, &disk, &format, pwhy, sizeof pwhy)) {
		case PARSE_OK:
			rep->loaded = data_merge(&p->d, &disk);
			if (!rep->loaded)
				set_err(rep->message, sizeof rep->message, "out of memory reading %s", path);
			break;
		case PARSE_NEWER:
			set_err(rep->message, sizeof rep->message,
			    "%s was written by a newer paratutor (format %d)", path, format);
			break;
		case PARSE_NOMEM:
			set_err(rep->message, sizeof rep->message, "out of memory reading %s", path);
			break;
		case PARSE_CORRUPT:
			set_err(rep->message, sizeof rep->message, "%s is damaged: %s", path, pwhy);
			break;
		}
		break;
	}
	}
	free(text);
	return p;
}

void progress_close(pt_progress *p)
{
	if (p == NULL)
		return;
	data_free(&p->d);
	free(p->path);
	free(p->dir);
	free(p->base);
	free(p->lock_path);
	free(p);
}

const char *progress_path(const pt_progress *p)
{
	return p->path;
}

bool progress_persistent(const pt_progress *p)
{
	return p->persistent;
}

bool progress_dirty(const pt_progress *p)
{
	return p->dirty;
}

bool progress_take_notice(pt_progress *p, char *buf, size_t size)
{
	if (p->notice[0] == '\0')
		return false;
	set_err(buf, size, "%s", p->notice);
	p->notice[0] = '\0';
	return true;
}

/* Marks everything in memory as saved. */
static void mark_saved(pt_progress *p)
{
	for (size_t i = 0; i < p->d.n_rec; i++) {
		p->d.rec[i].time_pending = 0;
		p->d.rec[i].checked_here = false;
	}
	for (size_t i = 0; i < p->d.n_les; i++)
		p->d.les[i].position_dirty = false;
	p->dirty = false;
}

bool progress_save(pt_progress *p, char *err, size_t errlen)
{
	if (!p->persistent || !p->dirty)
		return true;
	if (!make_dirs(p->dir, err, errlen))
		return false;
	bool busy;
	int lock = lock_acquire(p, &busy, err, errlen);
	if (lock < 0)
		return false;
	remove_stale_temps(p);

	bool ok = true;
	char *text = NULL;
	size_t len = 0;
	int err_no = 0;
	char cause[512] = "";
	store_data disk;
	memset(&disk, 0, sizeof disk);
	switch (read_store_file(p->path, &text, &len, &err_no)) {
	case READ_MISSING:
		break;
	case READ_TOO_LARGE:
		set_err(err, errlen, "%s has grown larger than %u MiB; not overwriting it", p->path,
		    PT_PROGRESS_MAX_SIZE / (1024u * 1024u));
		ok = false;
		break;
	case READ_NOT_FILE:
		set_err(err, errlen, "%s is not a regular file; not overwriting it", p->path);
		ok = false;
		break;
	case READ_ERROR:
		set_err(cause, sizeof cause, "could not be read (%s)", strerror(err_no));
		break;
	case READ_OK: {
		int format = 0;
		char pwhy[400];
		parse_rc pr = parse_store(text, len, &disk, &format, pwhy, sizeof pwhy);
		if (pr == PARSE_NEWER) {
			p->persistent = false;
			set_err(p->notice, sizeof p->notice,
			    "%s was rewritten by a newer paratutor (format %d); progress from now on stays in memory only",
			    p->path, format);
			set_err(err, errlen, "%s was written by a newer paratutor (format %d); not overwriting it", p->path, format);
			ok = false;
		} else if (pr == PARSE_NOMEM) {
			set_err(err, errlen, "out of memory");
			ok = false;
		} else if (pr == PARSE_CORRUPT) {
			set_err(cause, sizeof cause, "was found damaged (%s)", pwhy);
		}
		break;
	}
	}
	free(text);
	if (ok && cause[0] != '\0') {
		char moved[PT_PROGRESS_PATH_MAX];
		if (!move_aside(p, time(NULL), moved, sizeof moved, err, errlen)) {
			ok = false;
		} else {
			set_err(p->notice, sizeof p->notice, "%s %s; it was moved to %s", p->path, cause, moved);
		}
	}
	if (ok && !data_merge(&p->d, &disk)) {
		set_err(err, errlen, "out of memory");
		ok = false;
	}
	data_free(&disk);
	char *out = ok ? data_print(&p->d) : NULL;
	if (ok && out == NULL) {
		set_err(err, errlen, "out of memory");
		ok = false;
	}
	if (out != NULL && strlen(out) + 1 > PT_PROGRESS_MAX_SIZE) {
		set_err(err, errlen, "the progress store would exceed %u MiB; not saving",
		    PT_PROGRESS_MAX_SIZE / (1024u * 1024u));
		ok = false;
	}
	bool renamed = false;
	if (ok)
		ok = write_atomically(p, out, &renamed, err, errlen);
	if (renamed)
		mark_saved(p); /* the data is in the file: never count it twice */
	cJSON_free(out);
	lock_release(lock);
	return ok;
}

/* ---- recording --------------------------------------------------------- */

/* Returns the record for item, started over when its hash changed;
 * NULL when out of memory. */
static pt_record *record_for(pt_progress *p, const pt_lesson *lesson, const pt_item *item, time_t now)
{
	if (lesson->id.s == NULL || item->id.s == NULL)
		return NULL;
	bool created;
	pt_record *r = rec_get(&p->d, lesson->id.s, item->id.s, &created);
	if (r == NULL)
		return NULL;
	unsigned long long h = lesson_item_hash(item);
	if (created) {
		r->hash = h;
		r->first_seen = now;
		r->last_seen = now;
	} else if (r->hash != h) {
		/* The item's answer changed: only its time and first sight stay. */
		r->hash = h;
		r->outcome = PT_OUTCOME_NONE;
		r->attempts = 0;
		r->hints = 0;
		record_clear_wrong(r);
		r->pass_start = 0;
		r->last_seen = now;
		r->box = 0;
		r->scheduled = false;
		r->due = 0;
	}
	return r;
}

/* Adds the texts of the options marked in g->wrong_seen. */
static bool add_wrong_seen(pt_record *r, const pt_item *item, const pt_grade *g)
{
	size_t n = item->kind == PT_KIND_FILL ? item->bank.n : item->n_options;
	for (size_t i = 0; i < n && i < sizeof g->wrong_seen * 8; i++) {
		if (!(g->wrong_seen & (1u << i)))
			continue;
		const char *text = item->kind == PT_KIND_FILL ? item->bank.v[i].s : item->options[i].text.s;
		if (text != NULL && !record_add_wrong(r, text))
			return false;
	}
	return true;
}

bool progress_record_item(pt_progress *p, const pt_lesson *lesson,
    const pt_item *item, const pt_grade *g, time_t now)
{
	pt_record *r = record_for(p, lesson, item, now);
	if (r == NULL)
		return false;
	p->dirty = true;
	if (g->checks <= 0) {
		if (r->outcome == PT_OUTCOME_NONE && g->hints_shown > r->hints)
			r->hints = g->hints_shown;
		return true;
	}
	if (!add_wrong_seen(r, item, g))
		return false;
	bool finished_before = r->outcome != PT_OUTCOME_NONE;
	if (!finished_before && g->status == PT_OPEN && g->checks == r->attempts && r->pass_start != 0) {
		/* Called again for a check already recorded (after a hint, say). */
		if (g->hints_shown > r->hints)
			r->hints = g->hints_shown;
		return true;
	}
	if (finished_before && g->status == PT_OPEN && g->checks > 1) {
		/* A pass begun before another tutor completed this item: the
		 * completion stands. */
		return true;
	}
	if (finished_before || g->checks == 1 || g->checks <= r->attempts || r->pass_start == 0)
		r->pass_start = now;
	r->attempts = g->checks;
	r->hints = g->hints_shown;
	r->outcome = grade_outcome(g);
	r->last_seen = now;
	r->checked_here = true;
	if (r->outcome != PT_OUTCOME_NONE) {
		schedule_apply(r->outcome, now, &r->box, &r->due);
		r->scheduled = true;
	}
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
	lesson_state *l = les_get(&p->d, lesson_id);
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
	const lesson_state *l = les_find(&p->d, lesson_id);
	return l != NULL ? l->position : NULL;
}

bool progress_reset_lesson(pt_progress *p, const char *lesson_id, time_t now)
{
	lesson_state *l = les_get(&p->d, lesson_id);
	if (l == NULL)
		return false;
	for (size_t r = p->d.n_rec; r-- > 0;)
		if (strcmp(p->d.rec[r].lesson, lesson_id) == 0)
			rec_remove_at(&p->d, r);
	if (now > l->reset_at)
		l->reset_at = now;
	free(l->position);
	l->position = NULL;
	l->position_dirty = true;
	p->dirty = true;
	return true;
}

/* ---- reading ----------------------------------------------------------- */

const pt_record *progress_find(const pt_progress *p, const char *lesson_id, const char *item_id)
{
	return rec_find(&p->d, lesson_id, item_id);
}

const pt_record *progress_records(const pt_progress *p, size_t *n)
{
	*n = p->d.n_rec;
	return p->d.rec;
}

/* Rebuilds the grading state of item from its record (hash checked by the
 * caller). */
static void record_to_grade(const pt_record *r, const pt_item *item, pt_grade *g)
{
	grade_init(g, item);
	int budget = g->attempts_left;
	g->checks = r->attempts;
	g->hints_shown = r->hints < 0 ? 0 : r->hints;
	if ((size_t)g->hints_shown > item->hints.n)
		g->hints_shown = (int)item->hints.n;
	size_t n = item->kind == PT_KIND_FILL ? item->bank.n : item->n_options;
	for (size_t i = 0; i < r->n_wrong; i++) {
		for (size_t o = 0; o < n && o < PT_MAX_OPTIONS; o++) {
			const char *text = item->kind == PT_KIND_FILL ? item->bank.v[o].s : item->options[o].text.s;
			if (text != NULL && strcmp(text, r->wrong[i]) == 0)
				g->wrong_seen |= 1u << o;
		}
	}
	switch (r->outcome) {
	case PT_OUTCOME_NONE:
		g->attempts_left = budget - r->attempts < 1 ? 1 : budget - r->attempts;
		return;
	case PT_OUTCOME_FAILED:
		g->status = PT_FAILED;
		g->attempts_left = 0;
		if (g->checks < 1)
			g->checks = 1;
		return;
	case PT_OUTCOME_FIRST_TIME:
	case PT_OUTCOME_WITH_HINTS:
	case PT_OUTCOME_RETRIES:
		break;
	}
	/* Solved: put the right answer back in place. */
	g->status = PT_SOLVED;
	if (g->checks < 1)
		g->checks = 1;
	g->attempts_left = budget - (g->checks - 1) < 0 ? 0 : budget - (g->checks - 1);
	g->checked = true;
	if (item->kind == PT_KIND_FILL) {
		for (int b = 0; b < grade_slots(g); b++) {
			for (size_t o = 0; o < item->bank.n && o < PT_MAX_OPTIONS; o++) {
				if (lesson_blank_accepts(item, (size_t)b, o)) {
					g->fill[b] = (int)o;
					g->locked[b] = true;
					g->marks[b] = PT_MARK_RIGHT;
					break;
				}
			}
		}
	} else {
		for (int o = 0; o < grade_slots(g); o++) {
			g->picked[o] = item->options[o].correct;
			g->marks[o] = item->options[o].correct ? PT_MARK_RIGHT : PT_MARK_NONE;
		}
	}
}

/* Returns the record of item when its hash matches, else NULL. */
static const pt_record *current_record(const pt_progress *p, const pt_lesson *lesson, const pt_item *item)
{
	if (lesson->id.s == NULL || item->id.s == NULL)
		return NULL;
	const pt_record *r = rec_find(&p->d, lesson->id.s, item->id.s);
	return r != NULL && r->hash == lesson_item_hash(item) ? r : NULL;
}

size_t progress_restore(const pt_progress *p, pt_session *s, size_t *changed)
{
	const pt_lesson *lesson = s->lesson;
	size_t restored = 0, reset = 0;
	for (size_t i = 0; i < lesson->n_items && lesson->id.s != NULL; i++) {
		const pt_item *item = &lesson->items[i];
		const pt_record *r = item->id.s != NULL ? rec_find(&p->d, lesson->id.s, item->id.s) : NULL;
		if (r == NULL)
			continue;
		if (r->hash != lesson_item_hash(item)) {
			session_reset_item(s, i);
			reset++;
			continue;
		}
		record_to_grade(r, item, &s->grades[i]);
		restored++;
	}
	if (changed != NULL)
		*changed = reset;
	size_t n = lesson->n_items;
	size_t pos = n;
	const char *id = lesson->id.s != NULL ? progress_position(p, lesson->id.s) : NULL;
	for (size_t i = 0; id != NULL && i < n; i++)
		if (lesson->items[i].id.s != NULL && strcmp(lesson->items[i].id.s, id) == 0)
			pos = i;
	if (pos < n && s->grades[pos].status == PT_OPEN)
		s->current = pos;
	else if (n > 0 && session_next_open(s, 0) < n)
		s->current = session_next_open(s, 0);
	else
		s->current = pos < n ? pos : 0;
	return restored;
}

void progress_lesson_stats(const pt_progress *p, const pt_lesson *lesson,
    size_t *done, size_t *total, int *score)
{
	size_t n = lesson->n_items, finished = 0;
	long sum = 0;
	for (size_t i = 0; i < n; i++) {
		const pt_record *r = current_record(p, lesson, &lesson->items[i]);
		if (r == NULL || r->outcome == PT_OUTCOME_NONE)
			continue;
		pt_grade g;
		record_to_grade(r, &lesson->items[i], &g);
		finished++;
		sum += grade_score(&g);
	}
	*done = finished;
	*total = n;
	*score = n > 0 ? (int)(sum / (long)n) : 0;
}

/* ---- review ------------------------------------------------------------ */

/* Orders due entries: oldest due first, then lesson id, then item order. */
static int due_cmp(const void *a, const void *b)
{
	const pt_due *x = a, *y = b;
	if (x->due != y->due)
		return x->due < y->due ? -1 : 1;
	int c = strcmp(x->lesson->id.s, y->lesson->id.s);
	if (c != 0)
		return c;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Appends the due entries to out (when not NULL) and returns the count. */
static size_t collect_due(const pt_progress *p, const pt_catalog *cat, time_t now, pt_due_list *out, bool *ok)
{
	size_t count = 0, cap = 0;
	*ok = true;
	for (size_t e = 0; e < cat->n; e++) {
		const pt_entry *entry = &cat->v[e];
		const pt_lesson *l = entry->lesson;
		if (l == NULL || entry->broken || l->id.s == NULL)
			continue;
		for (size_t i = 0; i < l->n_items; i++) {
			const pt_record *r = current_record(p, l, &l->items[i]);
			if (r == NULL || !r->scheduled || r->due > now)
				continue;
			count++;
			if (out == NULL)
				continue;
			if (out->n == cap) {
				cap = cap ? cap * 2 : 16;
				pt_due *v = realloc(out->v, cap * sizeof *v);
				if (v == NULL) {
					*ok = false;
					return count;
				}
				out->v = v;
			}
			out->v[out->n++] = (pt_due){ l, &l->items[i], i, r->due, r->box };
		}
	}
	return count;
}

bool progress_due(const pt_progress *p, const pt_catalog *catalog, time_t now, pt_due_list *out)
{
	bool ok;
	out->v = NULL;
	out->n = 0;
	collect_due(p, catalog, now, out, &ok);
	if (!ok) {
		progress_due_free(out);
		return false;
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof *out->v, due_cmp);
	return true;
}

size_t progress_due_count(const pt_progress *p, const pt_catalog *catalog, time_t now)
{
	bool ok;
	return collect_due(p, catalog, now, NULL, &ok);
}

void progress_due_free(pt_due_list *list)
{
	free(list->v);
	list->v = NULL;
	list->n = 0;
}

/* ---- misconceptions ---------------------------------------------------- */

/* Returns the feedback for having picked the wrong option text, or NULL. */
static const char *wrong_feedback(const pt_item *item, const char *text)
{
	if (item->kind == PT_KIND_FILL) {
		int o = lesson_bank_find(item, text);
		if (o < 0)
			return NULL;
		for (size_t b = 0; b < item->n_blanks; b++) {
			if (lesson_blank_accepts(item, b, (size_t)o))
				continue;
			const char *fb = lesson_blank_feedback(item, b, (size_t)o);
			if (fb != NULL)
				return fb;
		}
		return NULL;
	}
	for (size_t o = 0; o < item->n_options; o++)
		if (!item->options[o].correct && item->options[o].text.s != NULL &&
		    strcmp(item->options[o].text.s, text) == 0)
			return item->options[o].feedback.s;
	return NULL;
}

typedef struct tally {
	const char *feedback;
	size_t count;
	size_t first; /* order first met, for stable ties */
} tally;

/* Orders tallies by count, most first, then by first appearance. */
static int tally_cmp(const void *a, const void *b)
{
	const tally *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

bool progress_misconceptions(const pt_progress *p, const pt_catalog *catalog,
    const char *lesson_id, pt_misconception *out, size_t max, size_t *n)
{
	tally *t = NULL;
	size_t nt = 0, cap = 0;
	*n = 0;
	for (size_t i = 0; i < p->d.n_rec; i++) {
		const pt_record *r = &p->d.rec[i];
		if (r->n_wrong == 0 || (lesson_id != NULL && strcmp(r->lesson, lesson_id) != 0))
			continue;
		const pt_entry *e = catalog_find(catalog, r->lesson);
		const pt_item *item = e != NULL && e->lesson != NULL ? lesson_find_item(e->lesson, r->item) : NULL;
		if (item == NULL)
			continue;
		for (size_t w = 0; w < r->n_wrong; w++) {
			const char *fb = wrong_feedback(item, r->wrong[w]);
			if (fb == NULL)
				continue;
			size_t k = 0;
			while (k < nt && strcmp(t[k].feedback, fb) != 0)
				k++;
			if (k == nt) {
				if (nt == cap) {
					cap = cap ? cap * 2 : 16;
					tally *v = realloc(t, cap * sizeof *v);
					if (v == NULL) {
						free(t);
						return false;
					}
					t = v;
				}
				t[nt] = (tally){ fb, 0, nt };
				nt++;
			}
			t[k].count++;
		}
	}
	if (nt > 1)
		qsort(t, nt, sizeof *t, tally_cmp);
	for (size_t k = 0; k < nt && k < max; k++)
		out[(*n)++] = (pt_misconception){ t[k].feedback, t[k].count };
	free(t);
	return true;
}

/* ---- instructor report ------------------------------------------------- */

typedef struct report_row {
	const pt_record *r;
	size_t index;        /* item order in its lesson; SIZE_MAX when unknown */
	const char *status;  /* current, changed, removed */
} report_row;

/* Orders rows by lesson id, then item order, then item id. */
static int row_cmp(const void *a, const void *b)
{
	const report_row *x = a, *y = b;
	int c = strcmp(x->r->lesson, y->r->lesson);
	if (c != 0)
		return c;
	if (x->index != y->index)
		return x->index < y->index ? -1 : 1;
	return strcmp(x->r->item, y->r->item);
}

/* Writes one CSV field, quoted per RFC 4180 when needed. */
static void csv_field(FILE *out, const char *s, bool last)
{
	if (strpbrk(s, ",\"\r\n") != NULL) {
		fputc('"', out);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', out);
			fputc(*s, out);
		}
		fputc('"', out);
	} else {
		fputs(s, out);
	}
	fputs(last ? "\r\n" : ",", out);
}

/* Writes the rows as CSV; returns false when out of memory. */
static bool report_csv(FILE *out, const report_row *rows, size_t n)
{
	static const char *const head[] = { "lesson", "item", "outcome", "attempts", "hints",
		"wrong_options", "time_spent", "first_seen", "last_seen", "item_status" };
	size_t nh = sizeof head / sizeof head[0];
	for (size_t i = 0; i < nh; i++)
		csv_field(out, head[i], i + 1 == nh);
	for (size_t i = 0; i < n; i++) {
		const pt_record *r = rows[i].r;
		size_t wl = 1;
		for (size_t w = 0; w < r->n_wrong; w++)
			wl += strlen(r->wrong[w]) + 1;
		char *wrong = malloc(wl);
		if (wrong == NULL)
			return false;
		wrong[0] = '\0';
		for (size_t w = 0, off = 0; w < r->n_wrong; w++) {
			size_t len = strlen(r->wrong[w]);
			if (w > 0)
				wrong[off++] = ';';
			memcpy(wrong + off, r->wrong[w], len + 1);
			off += len;
		}
		char attempts[24], hints[24], spent[24], first[32], last[32];
		snprintf(attempts, sizeof attempts, "%d", r->attempts);
		snprintf(hints, sizeof hints, "%d", r->hints);
		snprintf(spent, sizeof spent, "%ld", r->time_spent);
		progress_format_time(r->first_seen, first, sizeof first);
		progress_format_time(r->last_seen, last, sizeof last);
		csv_field(out, r->lesson, false);
		csv_field(out, r->item, false);
		csv_field(out, progress_outcome_word(r->outcome), false);
		csv_field(out, attempts, false);
		csv_field(out, hints, false);
		csv_field(out, wrong, false);
		csv_field(out, spent, false);
		csv_field(out, first, false);
		csv_field(out, last, false);
		csv_field(out, rows[i].status, true);
		free(wrong);
	}
	return true;
}

/* Writes the rows as a JSON array; returns false when out of memory. */
static bool report_json(FILE *out, const report_row *rows, size_t n)
{
	cJSON *arr = cJSON_CreateArray();
	bool ok = arr != NULL;
	for (size_t i = 0; ok && i < n; i++) {
		const pt_record *r = rows[i].r;
		char first[32], last[32];
		progress_format_time(r->first_seen, first, sizeof first);
		progress_format_time(r->last_seen, last, sizeof last);
		cJSON *o = cJSON_CreateObject();
		ok = o != NULL && cJSON_AddItemToArray(arr, o);
		if (!ok) {
			cJSON_Delete(o);
			break;
		}
		ok = cJSON_AddStringToObject(o, "lesson", r->lesson) != NULL &&
		    cJSON_AddStringToObject(o, "item", r->item) != NULL &&
		    cJSON_AddStringToObject(o, "outcome", progress_outcome_word(r->outcome)) != NULL &&
		    add_num(o, "attempts", r->attempts) && add_num(o, "hints", r->hints);
		ok = ok && add_strings(o, "wrong_options", r->wrong, r->n_wrong);
		ok = ok && add_num(o, "time_spent", (double)r->time_spent) &&
		    (first[0] ? cJSON_AddStringToObject(o, "first_seen", first) : cJSON_AddNullToObject(o, "first_seen")) != NULL &&
		    (last[0] ? cJSON_AddStringToObject(o, "last_seen", last) : cJSON_AddNullToObject(o, "last_seen")) != NULL &&
		    cJSON_AddStringToObject(o, "item_status", rows[i].status) != NULL;
	}
	char *text = ok ? cJSON_Print(arr) : NULL;
	cJSON_Delete(arr);
	if (text == NULL)
		return false;
	fputs(text, out);
	fputc('\n', out);
	cJSON_free(text);
	return true;
}

bool progress_report(const pt_progress *p, const pt_catalog *catalog,
    FILE *out, const char *format, char *err, size_t errlen)
{
	bool csv = strcmp(format, "csv") == 0;
	if (!csv && strcmp(format, "json") != 0) {
		set_err(err, errlen, "unknown report format '%s' (use csv or json)", format);
		return false;
	}
	report_row *rows = calloc(p->d.n_rec ? p->d.n_rec : 1, sizeof *rows);
	if (rows == NULL) {
		set_err(err, errlen, "out of memory");
		return false;
	}
	for (size_t i = 0; i < p->d.n_rec; i++) {
		const pt_record *r = &p->d.rec[i];
		rows[i] = (report_row){ r, SIZE_MAX, "removed" };
		const pt_entry *e = catalog != NULL ? catalog_find(catalog, r->lesson) : NULL;
		if (e == NULL || e->lesson == NULL)
			continue;
		for (size_t k = 0; k < e->lesson->n_items; k++) {
			const pt_item *item = &e->lesson->items[k];
			if (item->id.s != NULL && strcmp(item->id.s, r->item) == 0) {
				rows[i].index = k;
				rows[i].status = lesson_item_hash(item) == r->hash ? "current" : "changed";
				break;
			}
		}
	}
	if (p->d.n_rec > 1)
		qsort(rows, p->d.n_rec, sizeof *rows, row_cmp);
	bool ok = csv ? report_csv(out, rows, p->d.n_rec) : report_json(out, rows, p->d.n_rec);
	free(rows);
	if (!ok) {
		set_err(err, errlen, "out of memory");
		return false;
	}
	if (fflush(out) != 0 || ferror(out)) {
		set_err(err, errlen, "cannot write the report: %s", strerror(errno));
		return false;
	}
	return true;
}

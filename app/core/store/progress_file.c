/* progress_file.c - the progress store's JSON text (the format is in
 * progress_file.h).  The only progress module that parses with cJSON. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/store/progress.h"
#include "paratutor/store/progress_file.h"

#define MAX_TIME 253402300799.0 /* 9999-12-31T23:59:59Z */
#define MAX_COUNT 1000000.0
#define MAX_FORMAT 1e6
#define MAX_SPENT 1e15 /* seconds */

/* Where a structural problem is, for its message. */
typedef struct parser {
	char *why;
	size_t whylen;
	const char *lesson;
	const char *item;
	time_t now; /* the clock times are judged by; 0: not judged */
} parser;

/* Reports a structural problem at the parser's place; returns false. */
static bool PT_PRINTF(2, 3) bad(parser *ps, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (ps->item != NULL)
		progress_say(ps->why, ps->whylen, "item \"%s\" of lesson \"%s\": %s", ps->item, ps->lesson, msg);
	else if (ps->lesson != NULL)
		progress_say(ps->why, ps->whylen, "lesson \"%s\": %s", ps->lesson, msg);
	else
		progress_say(ps->why, ps->whylen, "%s", msg);
	return false;
}

/* Sets *line and *col (1-based, columns in characters) of byte offset in
 * text. */
static void text_place(const char *text, size_t len, size_t offset, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < offset && i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c == '\n') {
			++*line;
			*col = 1;
		} else if ((c & 0xC0) != 0x80) {
			++*col;
		}
	}
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

/* Reads a whole number member in [0, max] into *out (left alone when
 * absent or null, which is an error when required). */
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

/* Reads an optional number from 0 to max, fractions allowed, into *out. */
static bool get_real(parser *ps, const cJSON *obj, const char *name, double max, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	if (v == NULL || cJSON_IsNull(v))
		return true;
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 && v->valuedouble <= max))
		return bad(ps, "\"%s\" is not a number from 0 to %.0f", name, max);
	*out = v->valuedouble;
	return true;
}

static bool get_hex(parser *ps, const cJSON *obj, const char *name, unsigned long long *out);

/* Checks a record's hash, outcome and wrong members; false when damaged. */
static bool check_record(parser *ps, const cJSON *obj, pt_outcome *oc)
{
	const cJSON *hash = cJSON_GetObjectItemCaseSensitive(obj, "hash");
	const cJSON *outcome = cJSON_GetObjectItemCaseSensitive(obj, "outcome");
	const cJSON *wrong = cJSON_GetObjectItemCaseSensitive(obj, "wrong");
	if (!cJSON_IsString(hash) || strlen(hash->valuestring) != 16 ||
	    strspn(hash->valuestring, "0123456789abcdefABCDEF") != 16)
		return bad(ps, "\"hash\" is not 16 hex digits");
	if (!cJSON_IsString(outcome) || !outcome_from_word(outcome->valuestring, oc))
		return bad(ps, "\"outcome\" is not one of open, first_time, with_hints, retries, failed");
	if (wrong != NULL && !cJSON_IsArray(wrong))
		return bad(ps, "\"wrong\" is not an array");
	const cJSON *w;
	cJSON_ArrayForEach(w, wrong)
		if (!cJSON_IsString(w))
			return bad(ps, "\"wrong\" holds a non-string");
	const cJSON *at = cJSON_GetObjectItemCaseSensitive(obj, "wrong_at");
	if (at != NULL && !cJSON_IsArray(at))
		return bad(ps, "\"wrong_at\" is not an array");
	cJSON_ArrayForEach(w, at)
		if (!cJSON_IsString(w))
			return bad(ps, "\"wrong_at\" holds a non-string");
	return true;
}

/* Reads a true/false member into *out (false when absent). */
static bool get_bool(parser *ps, const cJSON *obj, const char *name, bool *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	*out = false;
	if (v == NULL || cJSON_IsNull(v))
		return true;
	if (!cJSON_IsBool(v))
		return bad(ps, "\"%s\" is not true or false", name);
	*out = cJSON_IsTrue(v);
	return true;
}

/* Reads a record's attempt, attempt 1's result ("first") and exam note
 * into k; "key_seen", which older stores wrote, no longer means anything. */
static bool parse_attempts(parser *ps, const cJSON *obj, pt_record *k)
{
	double attempt = 1, checks = 0, hints = 0, tried = 0;
	bool legacy;
	if (!get_num(ps, obj, "attempt", MAX_COUNT, false, &attempt) || !get_bool(ps, obj, "key_seen", &legacy) ||
	    !get_bool(ps, obj, "exam_first", &k->exam_first) || !get_num(ps, obj, "tried_at", MAX_TIME, false, &tried) ||
	    !get_bool(ps, obj, "tried_right", &k->tried_right))
		return false;
	k->attempt = attempt < 1 ? 1 : (int)attempt;
	k->tried_at = (time_t)tried;
	const cJSON *f = cJSON_GetObjectItemCaseSensitive(obj, "first");
	if (f == NULL || cJSON_IsNull(f))
		return true;
	const cJSON *oc = cJSON_GetObjectItemCaseSensitive(f, "outcome");
	if (!cJSON_IsObject(f) || !cJSON_IsString(oc) || !outcome_from_word(oc->valuestring, &k->first_outcome))
		return bad(ps, "\"first\" is not an object with an \"outcome\"");
	if (!get_num(ps, f, "attempts", MAX_COUNT, false, &checks) || !get_num(ps, f, "hints", MAX_COUNT, false, &hints))
		return false;
	k->first_set = true;
	k->first_checks = (int)checks;
	k->first_hints = (int)hints;
	return true;
}

/* Reads one item record into d. */
static file_rc parse_record(parser *ps, store_data *d, const char *lesson, const cJSON *obj)
{
	ps->item = obj->string;
	if (!cJSON_IsObject(obj))
		return bad(ps, "not an object"), FILE_DAMAGED;
	pt_outcome oc = PT_OUTCOME_NONE;
	if (!check_record(ps, obj, &oc))
		return FILE_DAMAGED;
	double attempts = 0, hints = 0, first = 0, last = 0, start = 0, spent = 0, box = 0, due = -1, sched = -1,
	       pass = 0, stability = -1, difficulty = -1;
	if (!get_num(ps, obj, "attempts", MAX_COUNT, false, &attempts) ||
	    !get_num(ps, obj, "hints", MAX_COUNT, false, &hints) ||
	    !get_num(ps, obj, "first_seen", MAX_TIME, false, &first) ||
	    !get_num(ps, obj, "last_seen", MAX_TIME, true, &last) ||
	    !get_num(ps, obj, "pass_start", MAX_TIME, false, &start) ||
	    !get_num(ps, obj, "time_spent", MAX_SPENT, false, &spent) ||
	    !get_num(ps, obj, "box", PT_LEITNER_BOXES - 1, false, &box) ||
	    !get_num(ps, obj, "due", MAX_TIME, false, &due) ||
	    !get_num(ps, obj, "scheduled_at", MAX_TIME, false, &sched) ||
	    !get_num(ps, obj, "pass", MAX_COUNT, false, &pass) ||
	    !get_real(ps, obj, "stability", PT_FSRS_MAX_INTERVAL, &stability) ||
	    !get_real(ps, obj, "difficulty", 10, &difficulty))
		return FILE_DAMAGED;

	pt_record k;
	memset(&k, 0, sizeof k);
	k.lesson = strdup(lesson);
	k.item = strdup(obj->string);
	bool ok = k.lesson != NULL && k.item != NULL;
	const cJSON *w;
	cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(obj, "wrong"))
		ok = ok && record_add_wrong(&k, w->valuestring);
	cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(obj, "wrong_at"))
		ok = ok && record_add_wrong_at(&k, w->valuestring);
	if (!ok) {
		record_free(&k);
		return FILE_NOMEM;
	}
	k.hash = strtoull(cJSON_GetObjectItemCaseSensitive(obj, "hash")->valuestring, NULL, 16);
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
	k.scheduled_at = !k.scheduled ? 0 : sched >= 0 ? (time_t)sched : k.last_seen;
	if (k.scheduled && (stability <= 0 || difficulty < 1)) {
		/* Written with Leitner boxes: the same due time, as a memory state. */
		pt_fsrs f;
		fsrs_init(&f, NULL, PT_FSRS_DEFAULT_RETENTION);
		pt_sched s;
		schedule_from_leitner(&f, k.box, k.due, k.scheduled_at, &s);
		k.stability = s.stability;
		k.difficulty = s.difficulty;
		k.scheduled_at = s.last;
	} else if (k.scheduled) {
		k.stability = stability;
		k.difficulty = difficulty;
	}
	k.pass = (int)pass;
	if (!parse_attempts(ps, obj, &k)) {
		record_free(&k);
		return FILE_DAMAGED;
	}
	if (cJSON_GetObjectItemCaseSensitive(obj, "key_hash") != NULL && !get_hex(ps, obj, "key_hash", &k.key_hash)) {
		record_free(&k);
		return FILE_DAMAGED;
	}
	/* A duplicate key is merged like a second copy of the file. */
	return data_add(d, &k) ? FILE_OK : FILE_NOMEM;
}

/* Reads a lesson's "drafts" member (item id to an array of slots, each ""
 * or a text after '=' or '+') into l. */
static file_rc parse_drafts(parser *ps, lesson_state *l, const cJSON *drafts)
{
	if (drafts == NULL || cJSON_IsNull(drafts))
		return FILE_OK;
	if (!cJSON_IsObject(drafts))
		return bad(ps, "\"drafts\" is not an object"), FILE_DAMAGED;
	const cJSON *d;
	cJSON_ArrayForEach(d, drafts) {
		char *slots[PT_DRAFT_MAX];
		size_t n = 0;
		const cJSON *s;
		if (!cJSON_IsArray(d) || cJSON_GetArraySize(d) > PT_DRAFT_MAX)
			return bad(ps, "draft \"%s\" is not an array of at most %d slots", d->string, PT_DRAFT_MAX),
			       FILE_DAMAGED;
		cJSON_ArrayForEach(s, d) {
			const char *v = cJSON_IsString(s) ? s->valuestring : NULL;
			if (v == NULL || (v[0] != '\0' && v[0] != '=' && v[0] != '+'))
				return bad(ps, "draft \"%s\" holds a slot that is not \"\", \"=...\" or \"+...\"", d->string),
				       FILE_DAMAGED;
			slots[n++] = s->valuestring;
		}
		bool dirty = l->drafts_dirty;
		if (!drafts_put(l, d->string, slots, n))
			return FILE_NOMEM;
		l->drafts_dirty = dirty;
	}
	return FILE_OK;
}

/* Reads one lesson object into d. */
static file_rc parse_lesson(parser *ps, store_data *d, const cJSON *obj)
{
	ps->lesson = obj->string;
	ps->item = NULL;
	if (!cJSON_IsObject(obj))
		return bad(ps, "not an object"), FILE_DAMAGED;
	lesson_state *l = data_lesson_get(d, obj->string);
	if (l == NULL)
		return FILE_NOMEM;
	const cJSON *pos = cJSON_GetObjectItemCaseSensitive(obj, "position");
	if (pos != NULL && !cJSON_IsNull(pos)) {
		if (!cJSON_IsString(pos))
			return bad(ps, "\"position\" is not a string"), FILE_DAMAGED;
		free(l->position);
		l->position = strdup(pos->valuestring);
		if (l->position == NULL)
			return FILE_NOMEM;
	}
	double reset = 0;
	if (!get_num(ps, obj, "reset_at", MAX_TIME, false, &reset))
		return FILE_DAMAGED;
	if ((time_t)reset > l->reset_at)
		l->reset_at = (time_t)reset;
	double attempt = 1;
	if (!get_num(ps, obj, "attempt", MAX_COUNT, false, &attempt))
		return FILE_DAMAGED;
	if ((int)attempt > l->attempt)
		l->attempt = (int)attempt;
	file_rc drc = parse_drafts(ps, l, cJSON_GetObjectItemCaseSensitive(obj, "drafts"));
	if (drc != FILE_OK)
		return drc;
	const cJSON *items = cJSON_GetObjectItemCaseSensitive(obj, "items");
	if (items == NULL || cJSON_IsNull(items))
		return FILE_OK;
	if (!cJSON_IsObject(items))
		return bad(ps, "\"items\" is not an object"), FILE_DAMAGED;
	const cJSON *it;
	cJSON_ArrayForEach(it, items) {
		file_rc rc = parse_record(ps, d, obj->string, it);
		if (rc != FILE_OK)
			return rc;
	}
	ps->item = NULL;
	return FILE_OK;
}

/* ---- exams ------------------------------------------------------------- */

#define MAX_ANSWER_TEXTS 16
#define EXAM_CLOCK_SLACK 300 /* seconds an exam's times may run ahead of the reader's clock */

/* Reads a member of 16 hex digits into *out. */
static bool get_hex(parser *ps, const cJSON *obj, const char *name, unsigned long long *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	if (!cJSON_IsString(v) || strlen(v->valuestring) != 16 ||
	    strspn(v->valuestring, "0123456789abcdefABCDEF") != 16)
		return bad(ps, "\"%s\" is not 16 hex digits", name);
	*out = strtoull(v->valuestring, NULL, 16);
	return true;
}

/* Returns a copy of string member name, or NULL (with *rc set) when it is
 * missing, not a string, or memory runs out. */
static char *get_string(parser *ps, const cJSON *obj, const char *name, file_rc *rc)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	if (!cJSON_IsString(v) || v->valuestring[0] == '\0') {
		*rc = (bad(ps, "\"%s\" is not a non-empty string", name), FILE_DAMAGED);
		return NULL;
	}
	char *copy = strdup(v->valuestring);
	if (copy == NULL)
		*rc = FILE_NOMEM;
	return copy;
}

/* Reads one item of a stored exam into k. */
static file_rc parse_exam_entry(parser *ps, const cJSON *o, pt_exam_entry *k)
{
	file_rc rc = FILE_DAMAGED;
	if (!cJSON_IsObject(o))
		return bad(ps, "an exam item is not an object"), FILE_DAMAGED;
	if ((k->lesson = get_string(ps, o, "lesson", &rc)) == NULL || (k->item = get_string(ps, o, "item", &rc)) == NULL)
		return rc;
	if (!get_hex(ps, o, "hash", &k->hash) || !get_bool(ps, o, "marked", &k->marked))
		return FILE_DAMAGED;
	const cJSON *res = cJSON_GetObjectItemCaseSensitive(o, "result");
	if (res != NULL && !cJSON_IsNull(res)) {
		static const pt_exam_result all[] = { PT_EXAM_RIGHT, PT_EXAM_WRONG, PT_EXAM_UNANSWERED };
		size_t r = 0;
		while (r < 3 && !(cJSON_IsString(res) && strcmp(res->valuestring, progress_exam_result_word(all[r])) == 0))
			r++;
		if (r == 3)
			return bad(ps, "\"result\" is not one of right, wrong, unanswered"), FILE_DAMAGED;
		k->result = all[r];
	}
	const cJSON *ans = cJSON_GetObjectItemCaseSensitive(o, "answer");
	if (ans == NULL || cJSON_IsNull(ans))
		return FILE_OK;
	int n = cJSON_GetArraySize(ans);
	if (!cJSON_IsArray(ans) || n > MAX_ANSWER_TEXTS)
		return bad(ps, "\"answer\" is not an array of at most %d texts", MAX_ANSWER_TEXTS), FILE_DAMAGED;
	if (n == 0)
		return FILE_OK;
	if ((k->answer = calloc((size_t)n, sizeof *k->answer)) == NULL)
		return FILE_NOMEM;
	const cJSON *a;
	cJSON_ArrayForEach(a, ans) {
		if (!cJSON_IsString(a))
			return bad(ps, "\"answer\" holds a non-string"), FILE_DAMAGED;
		if ((k->answer[k->n_answer] = strdup(a->valuestring)) == NULL)
			return FILE_NOMEM;
		k->n_answer++;
	}
	return FILE_OK;
}

/* Returns true when stored exam r could have been written by a tutor: it
 * did not start or finish after ps->now, finished after it started, and
 * has no more time left than its limit (each give or take
 * EXAM_CLOCK_SLACK, a clock set right meanwhile), and, when it kept the
 * answers, was right only where an answer was given.  Else it was forged
 * or damaged, and says which (the store is then kept aside). */
static bool exam_possible(parser *ps, const pt_exam_record *r)
{
	time_t late = ps->now + EXAM_CLOCK_SLACK;
	if (ps->now != 0 && r->started > late)
		return bad(ps, "exam \"%s\" started after now", r->id);
	bool early = r->finished != 0 && r->finished + EXAM_CLOCK_SLACK < r->started;
	if (early || (r->finished != 0 && ps->now != 0 && r->finished > late))
		return bad(ps, "exam \"%s\" finished %s", r->id, early ? "before it started" : "after now");
	if (r->finished == 0 && r->limit > 0 && r->left > r->limit + EXAM_CLOCK_SLACK)
		return bad(ps, "open exam \"%s\" has more time left than its limit", r->id);
	for (size_t i = 0; r->finished != 0 && r->answers_kept && i < r->n_items; i++)
		if (r->items[i].result == PT_EXAM_RIGHT && r->items[i].n_answer == 0)
			return bad(ps, "exam \"%s\" counts item \"%s\" right with no answer kept", r->id,
			    r->items[i].item);
	return true;
}

/* Reads one stored exam into r (freed by the caller on failure). */
static file_rc parse_exam(parser *ps, const cJSON *o, pt_exam_record *r)
{
	file_rc rc = FILE_DAMAGED;
	if (!cJSON_IsObject(o))
		return bad(ps, "an exam is not an object"), FILE_DAMAGED;
	if ((r->id = get_string(ps, o, "id", &rc)) == NULL)
		return rc;
	double started = 0, finished = 0, limit = 0, left = 0, used = 0, pass = PT_EXAM_DEFAULT_PASS, current = 0;
	double leaves = 0, interruptions = 0;
	if (!get_hex(ps, o, "seed", &r->seed) || !get_bool(ps, o, "shuffle", &r->shuffle) ||
	    !get_bool(ps, o, "timed_out", &r->timed_out) || !get_bool(ps, o, "sitting", &r->sitting) ||
	    !get_bool(ps, o, "answers_kept", &r->answers_kept) ||
	    !get_num(ps, o, "leaves", 1e6, false, &leaves) ||
	    !get_num(ps, o, "interruptions", 1e6, false, &interruptions) ||
	    !get_num(ps, o, "started", MAX_TIME, true, &started) ||
	    !get_num(ps, o, "finished", MAX_TIME, false, &finished) ||
	    !get_num(ps, o, "limit", PT_EXAM_MAX_SECONDS, false, &limit) ||
	    !get_num(ps, o, "left", PT_EXAM_MAX_SECONDS, false, &left) ||
	    !get_num(ps, o, "used", PT_EXAM_MAX_SECONDS * 10.0, false, &used) ||
	    !get_num(ps, o, "pass", 100, false, &pass) ||
	    !get_num(ps, o, "current", PT_EXAM_MAX_ITEMS, false, &current))
		return FILE_DAMAGED;
	r->started = (time_t)started;
	r->finished = (time_t)finished;
	r->limit = (long)limit;
	r->left = (long)left;
	r->used = (long)used;
	r->pass_percent = (int)pass;
	r->current = (size_t)current;
	r->leaves = (unsigned)leaves;
	r->interruptions = (unsigned)interruptions;
	if (cJSON_GetObjectItemCaseSensitive(o, "retake_of") != NULL &&
	    (r->retake_of = get_string(ps, o, "retake_of", &rc)) == NULL)
		return rc;
	const cJSON *items = cJSON_GetObjectItemCaseSensitive(o, "items");
	int n = cJSON_GetArraySize(items);
	if (!cJSON_IsArray(items) || n == 0 || n > PT_EXAM_MAX_ITEMS)
		return bad(ps, "\"items\" is not an array of 1 to %d items", PT_EXAM_MAX_ITEMS), FILE_DAMAGED;
	if ((r->items = calloc((size_t)n, sizeof *r->items)) == NULL)
		return FILE_NOMEM;
	const cJSON *it;
	cJSON_ArrayForEach(it, items) {
		r->n_items++;
		if ((rc = parse_exam_entry(ps, it, &r->items[r->n_items - 1])) != FILE_OK)
			return rc;
	}
	return exam_possible(ps, r) ? FILE_OK : FILE_DAMAGED;
}

/* Returns true when a finished exam of d has id. */
static bool is_done(const store_data *d, const char *id)
{
	for (size_t i = 0; i < d->n_exams; i++)
		if (strcmp(d->exams[i].id, id) == 0)
			return true;
	return false;
}

/* Reads the "exams" member of the root into d. */
static file_rc parse_exams(parser *ps, store_data *d, const cJSON *root)
{
	const cJSON *exams = cJSON_GetObjectItemCaseSensitive(root, "exams");
	if (exams == NULL || cJSON_IsNull(exams))
		return FILE_OK;
	if (!cJSON_IsObject(exams))
		return bad(ps, "\"exams\" is not an object"), FILE_DAMAGED;
	ps->lesson = ps->item = NULL;
	const cJSON *open = cJSON_GetObjectItemCaseSensitive(exams, "open");
	const cJSON *done = cJSON_GetObjectItemCaseSensitive(exams, "done");
	if (done != NULL && !cJSON_IsNull(done) && !cJSON_IsArray(done))
		return bad(ps, "\"done\" of \"exams\" is not an array"), FILE_DAMAGED;
	const cJSON *o;
	cJSON_ArrayForEach(o, done) {
		pt_exam_record r;
		memset(&r, 0, sizeof r);
		file_rc rc = parse_exam(ps, o, &r);
		if (rc == FILE_OK && r.finished == 0)
			rc = (bad(ps, "finished exam \"%s\" has no \"finished\" time", r.id), FILE_DAMAGED);
		if (rc != FILE_OK) {
			exam_record_free(&r);
			return rc;
		}
		if (!exam_data_add_done(d, &r))
			return FILE_NOMEM;
	}
	if (open == NULL || cJSON_IsNull(open))
		return FILE_OK;
	pt_exam_record *r = calloc(1, sizeof *r);
	file_rc rc = r != NULL ? parse_exam(ps, open, r) : FILE_NOMEM;
	if (rc == FILE_OK && is_done(d, r->id)) {
		exam_record_free(r);
		free(r);
		return FILE_OK;
	}
	if (rc != FILE_OK) {
		if (r != NULL)
			exam_record_free(r);
		free(r);
		return rc;
	}
	exam_data_set_open(d, r);
	return FILE_OK;
}

/* Parses the JSON text into a tree; NULL when it is not one JSON value
 * (why says where). */
static cJSON *parse_json(const char *text, size_t len, char *why, size_t whylen)
{
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		progress_say(why, whylen, "starts with a byte order mark");
		return NULL;
	}
	if (memchr(text, '\0', len) != NULL) {
		progress_say(why, whylen, "contains a NUL byte");
		return NULL;
	}
	const char *end = NULL;
	int line, col;
	cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (root == NULL) {
		size_t off = end != NULL && end >= text ? (size_t)(end - text) : 0;
		text_place(text, len, off > len ? len : off, &line, &col);
		if (len == 0)
			progress_say(why, whylen, "empty file");
		else
			progress_say(why, whylen, "not valid JSON at line %d, column %d", line, col);
		return NULL;
	}
	size_t used = end != NULL ? (size_t)(end - text) : len;
	if (used < len && strspn(end, " \t\r\n") != len - used) {
		text_place(text, len, used, &line, &col);
		progress_say(why, whylen, "text after the JSON value at line %d, column %d", line, col);
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Returns a key that appears twice in one object anywhere in the tree
 * under node, or NULL.  cJSON keeps only the first of two equal keys, so
 * a store with `"lessons": {},` before the real member would read as
 * empty and be saved over with nothing: such a store is damaged, kept
 * aside and reported.  *nomem is set when the check could not run. */
static const char *duplicate_key(const cJSON *node, bool *nomem)
{
	if (!cJSON_IsObject(node) && !cJSON_IsArray(node))
		return NULL;
	size_t n = 0;
	const cJSON *c;
	cJSON_ArrayForEach(c, node)
		n++;
	const char *found = NULL;
	if (cJSON_IsObject(node) && n > 1) {
		const char **names = malloc(n * sizeof *names);
		if (names == NULL) {
			*nomem = true;
			return NULL;
		}
		size_t i = 0;
		cJSON_ArrayForEach(c, node)
			names[i++] = c->string != NULL ? c->string : "";
		qsort(names, n, sizeof *names, name_cmp);
		for (i = 1; i < n && found == NULL; i++)
			if (strcmp(names[i - 1], names[i]) == 0)
				found = names[i];
		free(names);
	}
	for (c = node->child; c != NULL && found == NULL && !*nomem; c = c->next)
		found = duplicate_key(c, nomem);
	return found;
}

file_rc file_parse(const char *text, size_t len, store_data *d, int *format,
    char *why, size_t whylen, time_t now)
{
	parser ps = { why, whylen, NULL, NULL, now };
	cJSON *root = parse_json(text, len, why, whylen);
	if (root == NULL)
		return FILE_NOT_JSON;
	file_rc rc = FILE_OK;
	double f = 0;
	const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
	bool nomem = false;
	const char *dup = duplicate_key(root, &nomem);
	if (nomem) {
		rc = FILE_NOMEM;
	} else if (dup != NULL) {
		rc = (bad(&ps, "the key \"%s\" appears twice in one object, so records could be lost", dup),
		    FILE_DAMAGED);
	} else if (!cJSON_IsObject(root)) {
		rc = (bad(&ps, "the top level is not an object"), FILE_DAMAGED);
	} else if (!get_num(&ps, root, "format", MAX_FORMAT, true, &f) || f < 1) {
		if (fmt != NULL && cJSON_IsNumber(fmt) && f < 1)
			bad(&ps, "unknown \"format\" %g", fmt->valuedouble);
		rc = FILE_DAMAGED;
	} else if (f > PT_PROGRESS_FORMAT) {
		*format = (int)f;
		rc = FILE_NEWER;
	} else {
		const cJSON *lessons = cJSON_GetObjectItemCaseSensitive(root, "lessons");
		const cJSON *salt = cJSON_GetObjectItemCaseSensitive(root, "salt");
		if (salt != NULL && (!cJSON_IsString(salt) || strlen(salt->valuestring) != 16 ||
		                     strspn(salt->valuestring, "0123456789abcdefABCDEF") != 16)) {
			rc = (bad(&ps, "\"salt\" is not 16 hex digits"), FILE_DAMAGED);
		} else if (lessons != NULL && !cJSON_IsObject(lessons)) {
			rc = (bad(&ps, "\"lessons\" is not an object"), FILE_DAMAGED);
		} else {
			if (salt != NULL) {
				d->salt = strtoull(salt->valuestring, NULL, 16);
				d->has_salt = true;
			}
			const cJSON *l;
			cJSON_ArrayForEach(l, lessons) {
				rc = parse_lesson(&ps, d, l);
				if (rc != FILE_OK)
					break;
			}
			if (rc == FILE_OK)
				rc = parse_exams(&ps, d, root);
		}
	}
	cJSON_Delete(root);
	if (rc != FILE_OK)
		data_free(d);
	return rc;
}

/* Builds one record's object, or NULL when out of memory. */
/* Counters saturate at the reader's cap, so that a store the tutor
 * writes is always one it reads back (a millionth attempt and one more
 * stays a million). */
static double count(long long v)
{
	return v > (long long)MAX_COUNT ? MAX_COUNT : (double)v;
}

static cJSON *record_json(const pt_record *r)
{
	cJSON *o = cJSON_CreateObject();
	bool ok = o != NULL && file_add_hex(o, "hash", r->hash) &&
	    cJSON_AddStringToObject(o, "outcome", progress_outcome_word(r->outcome)) != NULL &&
	    file_add_num(o, "attempts", count(r->attempts)) && file_add_num(o, "hints", count(r->hints));
	ok = ok && file_add_strings(o, "wrong", r->wrong, r->n_wrong) &&
	    (r->n_wrong_at == 0 || file_add_strings(o, "wrong_at", r->wrong_at, r->n_wrong_at));
	ok = ok && file_add_num(o, "first_seen", (double)r->first_seen) &&
	    file_add_num(o, "last_seen", (double)r->last_seen) &&
	    file_add_num(o, "pass_start", (double)r->pass_start) &&
	    file_add_num(o, "time_spent", r->time_spent > MAX_SPENT ? MAX_SPENT : (double)r->time_spent) &&
	    file_add_num(o, "box", r->box) &&
	    (!r->scheduled || (file_add_num(o, "due", (double)r->due) &&
	                       file_add_num(o, "scheduled_at", (double)r->scheduled_at) &&
	                       file_add_num(o, "stability", r->stability) &&
	                       file_add_num(o, "difficulty", r->difficulty))) &&
	    (r->pass == 0 || file_add_num(o, "pass", count(r->pass))) &&
	    (r->attempt <= 1 || file_add_num(o, "attempt", count(r->attempt))) &&
	    (!r->exam_first || cJSON_AddTrueToObject(o, "exam_first") != NULL) &&
	    (r->tried_at == 0 || file_add_num(o, "tried_at", (double)r->tried_at)) &&
	    (!r->tried_right || cJSON_AddTrueToObject(o, "tried_right") != NULL) &&
	    (r->key_hash == 0 || file_add_hex(o, "key_hash", r->key_hash));
	cJSON *f = ok && r->first_set ? cJSON_AddObjectToObject(o, "first") : NULL;
	ok = ok && (!r->first_set || (f != NULL &&
	    cJSON_AddStringToObject(f, "outcome", progress_outcome_word(r->first_outcome)) != NULL &&
	    file_add_num(f, "attempts", count(r->first_checks)) && file_add_num(f, "hints", count(r->first_hints))));
	if (!ok) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Adds lesson l's object, with records rec[first..end), to lessons. */
static bool add_lesson(cJSON *lessons, const lesson_state *l, const pt_record *rec, size_t first, size_t end)
{
	cJSON *lo = cJSON_CreateObject();
	if (lo == NULL || !cJSON_AddItemToObject(lessons, l->id, lo)) {
		cJSON_Delete(lo);
		return false;
	}
	bool ok = l->position == NULL || cJSON_AddStringToObject(lo, "position", l->position) != NULL;
	if (ok && l->reset_at != 0)
		ok = file_add_num(lo, "reset_at", (double)l->reset_at);
	if (ok && l->attempt > 1)
		ok = file_add_num(lo, "attempt", l->attempt);
	cJSON *drafts = ok && l->n_drafts > 0 ? cJSON_AddObjectToObject(lo, "drafts") : NULL;
	ok = ok && (l->n_drafts == 0 || drafts != NULL);
	for (size_t k = 0; ok && k < l->n_drafts; k++)
		ok = file_add_strings(drafts, l->drafts[k].item, l->drafts[k].slots, l->drafts[k].n);
	cJSON *items = ok ? cJSON_AddObjectToObject(lo, "items") : NULL;
	ok = items != NULL;
	for (size_t k = first; ok && k < end; k++) {
		cJSON *ro = record_json(&rec[k]);
		ok = ro != NULL && cJSON_AddItemToObject(items, rec[k].item, ro);
		if (!ok)
			cJSON_Delete(ro);
	}
	return ok;
}

char *file_print(const store_data *d)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *lessons = NULL;
	bool ok = root != NULL && file_add_num(root, "format", PT_PROGRESS_FORMAT) &&
	    (!d->has_salt || file_add_hex(root, "salt", d->salt)) &&
	    (lessons = cJSON_AddObjectToObject(root, "lessons")) != NULL;
	size_t r = 0;
	for (size_t i = 0; ok && i < d->n_les; i++) {
		const lesson_state *l = &d->les[i];
		while (r < d->n_rec && strcmp(d->rec[r].lesson, l->id) < 0)
			r++; /* cannot happen: every record has a lesson state */
		size_t first = r;
		while (r < d->n_rec && strcmp(d->rec[r].lesson, l->id) == 0)
			r++;
		if (first == r && l->position == NULL && l->reset_at == 0 && l->attempt <= 1 && l->n_drafts == 0)
			continue;
		ok = add_lesson(lessons, l, d->rec, first, r);
	}
	ok = ok && file_add_exams(root, d);
	char *text = ok ? cJSON_Print(root) : NULL;
	/* Indented when that fits the size the reader takes, else compact:
	 * a store that could be read can be written back. */
	if (text != NULL && strlen(text) > PT_PROGRESS_MAX_SIZE) {
		cJSON_free(text);
		text = cJSON_PrintUnformatted(root);
	}
	cJSON_Delete(root);
	return text;
}

void file_text_free(char *text)
{
	cJSON_free(text);
}

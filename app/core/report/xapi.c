/* xapi.c - a progress store as xAPI 1.0.3 statements (see xapi.h): the
 * statements, their ids, actor, verbs, results and context; the
 * activities they are about (names, choices, patterns) and the strings
 * both build are xapi_define.c's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>
#include <uuid/uuid.h>

#include "paratutor/learn/kind.h"
#include "paratutor/base/sanitise.h"
#include "paratutor/base/strbuf.h"
#include "paratutor/report/progress_report.h"
#include "paratutor/store/progress_file.h"
#include "paratutor/report/xapi_parts.h"

/* The namespace of every UUID made here (itself a random UUID); each id
 * is the version 5 UUID of a name in it (libuuid's uuid_generate_sha1). */
static const uuid_t ns_paratutor = {
	0xfd, 0x47, 0xc6, 0x3b, 0xf0, 0x27, 0x46, 0x6d, 0xb4, 0x01, 0xa0, 0x59, 0x19, 0x51, 0x46, 0xe8
};

/* ---- strings ----------------------------------------------------------- */

/* Returns s with every byte outside RFC 3986's unreserved characters
 * percent-encoded, as a new string; NULL when out of memory. */
static char *iri_segment(const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	char *out = malloc(strlen(s) * 3 + 1), *o = out;
	if (out == NULL)
		return NULL;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
		    *c == '-' || *c == '.' || *c == '_' || *c == '~') {
			*o++ = (char)*c;
		} else {
			*o++ = '%';
			*o++ = hex[*c >> 4];
			*o++ = hex[*c & 15];
		}
	}
	*o = '\0';
	return out;
}

/* Returns true when s starts with a URI scheme and a colon and holds no
 * space, control character or character an IRI may not hold. */
static bool iri_ok(const char *s)
{
	size_t i = 0;
	if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
		return false;
	while (s[i] != '\0' && strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.", s[i]))
		i++;
	if (s[i] != ':' || s[i + 1] == '\0')
		return false;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++)
		if (*c <= ' ' || *c == 0x7F || strchr("\"<>\\^`{|}", *c) != NULL)
			return false;
	return true;
}

/* Writes into out the version 5 UUID (standard form) of name. */
static void name_uuid(const char *name, char out[UUID_TEXT])
{
	uuid_t u;
	uuid_generate_sha1(u, ns_paratutor, name, strlen(name));
	uuid_unparse_lower(u, out);
}


/* ---- options ----------------------------------------------------------- */

bool xapi_check_options(const pt_xapi_options *o, char *err, size_t errlen)
{
	bool mbox = o->mbox != NULL, account = o->account_home != NULL || o->account_name != NULL;
	if (mbox == account) {
		snprintf(err, errlen, "%s", mbox ? "give either --actor or --actor-account, not both"
		    : "xAPI statements need the learner: give --actor mailto:ADDRESS or --actor-account HOMEPAGE,NAME");
		return false;
	}
	if (mbox) {
		const char *at = strchr(o->mbox, '@');
		if (strncmp(o->mbox, "mailto:", 7) != 0 || at == NULL || at == o->mbox + 7 || at[1] == '\0' ||
		    strpbrk(o->mbox, " \t\r\n<>\"") != NULL) {
			snprintf(err, errlen, "--actor takes mailto:ADDRESS (e.g. mailto:ada@example.org), not '%s'", o->mbox);
			return false;
		}
	} else if (o->account_home == NULL || o->account_name == NULL || !iri_ok(o->account_home) ||
	    o->account_name[0] == '\0') {
		snprintf(err, errlen, "--actor-account takes HOMEPAGE,NAME: the account system's address and the "
		    "learner's name there (e.g. https://lms.example.org,ada)");
		return false;
	}
	if (o->activity_base != NULL && !iri_ok(o->activity_base)) {
		snprintf(err, errlen, "--activity-base takes an IRI such as https://example.org/paratutor/, not '%s'",
		    o->activity_base);
		return false;
	}
	return true;
}

/* ---- statement parts --------------------------------------------------- */

/* Adds the learner as "actor"; false when out of memory. */
static bool add_actor(cJSON *st, const pt_xapi_options *o)
{
	cJSON *a = cJSON_AddObjectToObject(st, "actor");
	if (a == NULL || cJSON_AddStringToObject(a, "objectType", "Agent") == NULL)
		return false;
	if (o->mbox != NULL)
		return cJSON_AddStringToObject(a, "mbox", o->mbox) != NULL;
	cJSON *acc = cJSON_AddObjectToObject(a, "account");
	return acc != NULL && cJSON_AddStringToObject(acc, "homePage", o->account_home) != NULL &&
	    cJSON_AddStringToObject(acc, "name", o->account_name) != NULL;
}

/* Adds the ADL verb named word; false when out of memory. */
static bool add_verb(cJSON *st, const char *word)
{
	cJSON *v = cJSON_AddObjectToObject(st, "verb");
	char id[64];
	snprintf(id, sizeof id, VERB_BASE "%s", word);
	return v != NULL && cJSON_AddStringToObject(v, "id", id) != NULL && xapi_add_lang(v, "display", word);
}


/* Adds "context": the registration, the lesson as parent and, when
 * version is not NULL, the item version; false when out of memory. */
static bool add_context(xapi_ctx *x, cJSON *st, const char *registration, cJSON *lesson_act, const char *version)
{
	cJSON *ctx = cJSON_AddObjectToObject(st, "context"), *acts, *parent;
	cJSON *act = cJSON_Duplicate(lesson_act, true);
	bool ok = ctx != NULL && act != NULL && cJSON_AddStringToObject(ctx, "registration", registration) != NULL &&
	    (acts = cJSON_AddObjectToObject(ctx, "contextActivities")) != NULL &&
	    (parent = cJSON_AddArrayToObject(acts, "parent")) != NULL && cJSON_AddItemToArray(parent, act);
	if (!ok) {
		cJSON_Delete(act);
		return false;
	}
	ok = cJSON_AddStringToObject(ctx, "platform", "paratutor") != NULL;
	if (ok && version != NULL) {
		char *key = xapi_format("%sextensions/item-version", x->base);
		cJSON *ext = key ? cJSON_AddObjectToObject(ctx, "extensions") : NULL;
		ok = ext != NULL && cJSON_AddStringToObject(ext, key, version) != NULL;
		free(key);
	}
	return ok;
}

/* Adds the result's score: score 0-100 as scaled and raw; false when out
 * of memory. */
static bool add_score(cJSON *res, int score)
{
	cJSON *s = cJSON_AddObjectToObject(res, "score");
	return s != NULL && cJSON_AddNumberToObject(s, "scaled", score / 100.0) != NULL &&
	    cJSON_AddNumberToObject(s, "raw", score) != NULL && cJSON_AddNumberToObject(s, "min", 0) != NULL &&
	    cJSON_AddNumberToObject(s, "max", 100) != NULL;
}

/* Starts a statement in the array with its actor, its verb and as its id
 * the version 5 UUID of name (what makes it this statement); NULL when
 * out of memory (name NULL: it was). */
static cJSON *new_statement(xapi_ctx *x, const char *name, const char *verb)
{
	char id[UUID_TEXT];
	if (name == NULL)
		return NULL;
	name_uuid(name, id);
	cJSON *st = file_add_object(x->arr);
	if (st == NULL || cJSON_AddStringToObject(st, "id", id) == NULL || !add_actor(st, x->o) || !add_verb(st, verb))
		return NULL;
	return st;
}

/* Adds "timestamp" when t is known; false when out of memory. */
static bool add_timestamp(cJSON *st, time_t t)
{
	char buf[32];
	progress_format_time(t, buf, sizeof buf);
	return buf[0] == '\0' || cJSON_AddStringToObject(st, "timestamp", buf) != NULL;
}

/* ---- statements -------------------------------------------------------- */

/* What one lesson's statements share. */
typedef struct lesson_ctx {
	const pt_lesson *lesson; /* NULL when not in the catalog */
	const char *id;
	char *iri;
	char registration[UUID_TEXT];
	cJSON *activity;         /* the lesson as an activity */
} lesson_ctx;

/* Adds the statement of one record's first pass; false when out of
 * memory. */
static bool item_statement(xapi_ctx *x, const lesson_ctx *lc, const pt_record *r)
{
	const pt_item *item = lc->lesson ? lesson_find_item(lc->lesson, r->item) : NULL;
	bool current = item != NULL && progress_record_matches(r, lesson_item_hash(item), lesson_item_key_hash(item));
	const char *verb = r->outcome == PT_OUTCOME_NONE ? "answered" : r->outcome == PT_OUTCOME_FAILED ? "failed" : "passed";
	bool solved = r->outcome != PT_OUTCOME_NONE && r->outcome != PT_OUTCOME_FAILED;
	char *seg = iri_segment(r->item);
	char *iri = seg ? xapi_format("%s/%s", lc->iri, seg) : NULL;
	free(seg);
	char version[17];
	snprintf(version, sizeof version, "%016llx", r->hash);
	int score = -1;
	if (current && r->outcome != PT_OUTCOME_NONE)
		score = progress_record_lesson_score(r, item->hints.n);
	char *name = iri ? xapi_format("statement\n%s\n%s\n%s\n%s\n%s\n%s\n%lld\n%s\n%d\n%d\n%ld\n%d", verb, x->ifi, iri,
	    lc->registration, version, current ? "current" : item ? "changed" : "removed", (long long)r->pass_start,
	    progress_outcome_word(r->outcome), r->attempts, r->hints, r->time_spent, score) : NULL;
	cJSON *st = new_statement(x, name, verb), *res = NULL, *ext = NULL;
	free(name);
	bool ok = st != NULL && xapi_add_item_object(st, iri, item, r->item, current) &&
	    (res = cJSON_AddObjectToObject(st, "result")) != NULL;
	free(iri);
	if (ok && r->outcome != PT_OUTCOME_NONE && current)
		ok = add_score(res, score);
	ok = ok && cJSON_AddBoolToObject(res, "success", solved) != NULL &&
	    cJSON_AddBoolToObject(res, "completion", r->outcome != PT_OUTCOME_NONE) != NULL;
	char *right = ok && current && solved ? xapi_right_answer(item) : NULL;
	if (right != NULL)
		ok = cJSON_AddStringToObject(res, "response", right) != NULL;
	free(right);
	char duration[32], *k_attempts = xapi_format("%sextensions/attempts", x->base);
	char *k_hints = xapi_format("%sextensions/hints", x->base);
	snprintf(duration, sizeof duration, "PT%ldS", r->time_spent);
	ok = ok && k_attempts && k_hints && cJSON_AddStringToObject(res, "duration", duration) != NULL &&
	    (ext = cJSON_AddObjectToObject(res, "extensions")) != NULL &&
	    cJSON_AddNumberToObject(ext, k_attempts, r->attempts) != NULL &&
	    cJSON_AddNumberToObject(ext, k_hints, r->hints) != NULL;
	free(k_attempts);
	free(k_hints);
	if (ok && current && item != NULL)
		ok = xapi_add_wrong_answers(x, ext, item, r);
	return ok && add_context(x, st, lc->registration, lc->activity, version) &&
	    add_timestamp(st, r->pass_start ? r->pass_start : r->first_seen);
}

/* Adds the lesson's completed statement when every item of it is
 * finished in its current version (rec: its n records); false when out of
 * memory. */
static bool completed_statement(xapi_ctx *x, const lesson_ctx *lc, const pt_record *rec, size_t n)
{
	size_t done, total;
	int score;
	progress_lesson_stats(x->p, lc->lesson, &done, &total, &score);
	if (total == 0 || done < total)
		return true;
	long spent = 0;
	time_t last = 0;
	for (size_t i = 0; i < n; i++) {
		const pt_item *item = lesson_find_item(lc->lesson, rec[i].item);
		if (item == NULL || !progress_record_matches(&rec[i], lesson_item_hash(item), lesson_item_key_hash(item)))
			continue;
		spent += rec[i].time_spent;
		if (rec[i].pass_start > last)
			last = rec[i].pass_start;
	}
	char *name = xapi_format("completed\n%s\n%s\n%s\n%d\n%ld\n%lld", x->ifi, lc->iri, lc->registration, score, spent,
	    (long long)last);
	char duration[32];
	snprintf(duration, sizeof duration, "PT%ldS", spent);
	cJSON *st = new_statement(x, name, "completed"), *res = NULL;
	free(name);
	cJSON *obj = st ? cJSON_Duplicate(lc->activity, true) : NULL;
	bool ok = obj != NULL && cJSON_AddItemToObject(st, "object", obj);
	if (!ok)
		cJSON_Delete(obj);
	return ok && (res = cJSON_AddObjectToObject(st, "result")) != NULL && add_score(res, score) &&
	    cJSON_AddBoolToObject(res, "completion", true) != NULL &&
	    cJSON_AddStringToObject(res, "duration", duration) != NULL &&
	    add_context(x, st, lc->registration, lc->activity, NULL) && add_timestamp(st, last);
}

/* A record and where its item stands in its lesson. */
typedef struct placed {
	const pt_record *r;
	size_t index; /* item order in the lesson; SIZE_MAX when not in it */
} placed;

/* Orders records by item order, then item id. */
static int placed_cmp(const void *a, const void *b)
{
	const placed *x = a, *y = b;
	if (x->index != y->index)
		return x->index < y->index ? -1 : 1;
	return strcmp(x->r->item, y->r->item);
}

/* Adds the statements of one lesson's records (rec, n of them, all of
 * lesson id); false when out of memory. */
static bool lesson_statements(xapi_ctx *x, const pt_catalog *catalog, const pt_record *rec, size_t n)
{
	lesson_ctx lc = { NULL, rec[0].lesson, NULL, "", NULL };
	const pt_entry *e = catalog ? catalog_find(catalog, lc.id) : NULL;
	if (e != NULL && !e->broken && e->lesson != NULL)
		lc.lesson = e->lesson;
	time_t start = 0;
	for (size_t i = 0; i < n; i++)
		if (rec[i].first_seen != 0 && (start == 0 || rec[i].first_seen < start))
			start = rec[i].first_seen;
	char *seg = iri_segment(lc.id);
	lc.iri = seg ? xapi_format("%s%s", x->base, seg) : NULL;
	free(seg);
	char *name = lc.iri ? xapi_format("registration\n%s\n%s\n%lld", x->ifi, lc.iri, (long long)start) : NULL;
	placed *order = calloc(n, sizeof *order);
	bool ok = name != NULL && order != NULL && (lc.activity = xapi_lesson_activity(lc.iri, lc.lesson, lc.id)) != NULL;
	if (ok) {
		name_uuid(name, lc.registration);
		for (size_t i = 0; i < n; i++) {
			const pt_item *item = lc.lesson ? lesson_find_item(lc.lesson, rec[i].item) : NULL;
			order[i] = (placed){ &rec[i], item ? (size_t)(item - lc.lesson->items) : SIZE_MAX };
		}
		qsort(order, n, sizeof *order, placed_cmp);
	}
	for (size_t i = 0; ok && i < n; i++)
		if (order[i].r->attempts > 0 || order[i].r->outcome != PT_OUTCOME_NONE)
			ok = item_statement(x, &lc, order[i].r);
	if (ok && lc.lesson != NULL)
		ok = completed_statement(x, &lc, rec, n);
	free(name);
	free(order);
	free(lc.iri);
	cJSON_Delete(lc.activity);
	return ok;
}

/* ---- exams ------------------------------------------------------------- */

#define TYPE_ASSESSMENT "http://adlnet.gov/expapi/activities/assessment"

/* Returns the exam's name: the part of its stored id before '/' (a course
 * exam), or "mock" for one the learner chose, as a new string. */
static char *exam_name(const char *id)
{
	const char *sep = strchr(id, '/');
	return sep != NULL ? strndup(id, (size_t)(sep - id)) : strdup("mock");
}

/* Adds the statement of one item of finished exam r (the exam's activity
 * exam_act, its registration reg); false when out of memory. */
static bool exam_item_statement(xapi_ctx *x, const pt_catalog *catalog, const pt_exam_record *r,
    const pt_exam_entry *en, cJSON *exam_act, const char *reg)
{
	const pt_entry *e = catalog ? catalog_find(catalog, en->lesson) : NULL;
	const pt_item *item = e != NULL && !e->broken && e->lesson != NULL ? lesson_find_item(e->lesson, en->item) : NULL;
	bool current = item != NULL && lesson_item_hash(item) == en->hash;
	char *ls = iri_segment(en->lesson), *is = iri_segment(en->item);
	char *iri = ls && is ? xapi_format("%s%s/%s", x->base, ls, is) : NULL;
	free(ls);
	free(is);
	char version[17];
	snprintf(version, sizeof version, "%016llx", en->hash);
	const char *word = progress_exam_result_word(en->result);
	char *name = iri ? xapi_format("exam-item\n%s\n%s\n%s\n%s\n%s", x->ifi, r->id, iri, version, word) : NULL;
	cJSON *st = new_statement(x, name, "answered"), *res = NULL, *ext = NULL;
	free(name);
	char *key = st != NULL ? xapi_format("%sextensions/exam-result", x->base) : NULL;
	bool ok = st != NULL && key != NULL && xapi_add_item_object(st, iri, item, en->item, current) &&
	    (res = cJSON_AddObjectToObject(st, "result")) != NULL &&
	    cJSON_AddBoolToObject(res, "success", en->result == PT_EXAM_RIGHT) != NULL &&
	    cJSON_AddBoolToObject(res, "completion", en->result != PT_EXAM_UNANSWERED) != NULL &&
	    (ext = cJSON_AddObjectToObject(res, "extensions")) != NULL &&
	    cJSON_AddStringToObject(ext, key, word) != NULL &&
	    add_context(x, st, reg, exam_act, version) && add_timestamp(st, r->finished);
	free(key);
	free(iri);
	return ok;
}

/* Adds the statements of finished exam r, the attempt-th of its name: passed
 * or failed for the exam (score: items right of items), and answered for
 * each item, the exam as parent; false when out of memory. */
static bool exam_statements(xapi_ctx *x, const pt_catalog *catalog, const pt_exam_record *r, size_t attempt)
{
	char *ename = exam_name(r->id), *seg = ename ? iri_segment(ename) : NULL;
	char *iri = seg ? xapi_format("%sexams/%s", x->base, seg) : NULL;
	char *title = ename ? xapi_format(strchr(r->id, '/') ? "Exam %s" : "Mock exam", ename) : NULL;
	char *reg_name = iri ? xapi_format("exam-registration\n%s\n%s", x->ifi, r->id) : NULL;
	free(seg);
	cJSON *act = iri && title ? cJSON_CreateObject() : NULL, *def = NULL;
	bool ok = act != NULL && reg_name != NULL && cJSON_AddStringToObject(act, "objectType", "Activity") != NULL &&
	    cJSON_AddStringToObject(act, "id", iri) != NULL && (def = cJSON_AddObjectToObject(act, "definition")) != NULL &&
	    xapi_add_lang(def, "name", title) && cJSON_AddStringToObject(def, "type", TYPE_ASSESSMENT) != NULL;
	char reg[UUID_TEXT], duration[32];
	size_t right = progress_exam_right(r);
	bool passed = r->n_items > 0 && right * 100 >= (size_t)r->pass_percent * r->n_items;
	char *name = ok ? xapi_format("exam\n%s\n%s\n%zu\n%zu\n%ld", x->ifi, r->id, right, r->n_items, r->used) : NULL;
	ok = ok && name != NULL;
	cJSON *st = NULL, *res = NULL, *sc = NULL, *ext = NULL, *obj = NULL;
	char *key = ok ? xapi_format("%sextensions/exam-attempt", x->base) : NULL;
	if (ok && key != NULL) {
		name_uuid(reg_name, reg);
		snprintf(duration, sizeof duration, "PT%ldS", r->used);
		st = new_statement(x, name, passed ? "passed" : "failed");
		obj = st ? cJSON_Duplicate(act, true) : NULL;
		ok = obj != NULL && cJSON_AddItemToObject(st, "object", obj);
		if (!ok)
			cJSON_Delete(obj);
		ok = ok && (res = cJSON_AddObjectToObject(st, "result")) != NULL &&
		    (sc = cJSON_AddObjectToObject(res, "score")) != NULL &&
		    cJSON_AddNumberToObject(sc, "scaled", r->n_items ? (double)right / (double)r->n_items : 0) != NULL &&
		    cJSON_AddNumberToObject(sc, "raw", (double)right) != NULL &&
		    cJSON_AddNumberToObject(sc, "min", 0) != NULL &&
		    cJSON_AddNumberToObject(sc, "max", (double)r->n_items) != NULL &&
		    cJSON_AddBoolToObject(res, "success", passed) != NULL &&
		    cJSON_AddBoolToObject(res, "completion", true) != NULL &&
		    cJSON_AddStringToObject(res, "duration", duration) != NULL &&
		    (ext = cJSON_AddObjectToObject(res, "extensions")) != NULL &&
		    cJSON_AddNumberToObject(ext, key, (double)attempt) != NULL &&
		    add_context(x, st, reg, act, NULL) && add_timestamp(st, r->finished);
	} else {
		ok = false;
	}
	for (size_t k = 0; ok && k < r->n_items; k++)
		ok = exam_item_statement(x, catalog, r, &r->items[k], act, reg);
	cJSON_Delete(act);
	free(key);
	free(name);
	free(reg_name);
	free(title);
	free(iri);
	free(ename);
	return ok;
}

/* Adds the statements of every finished exam, each counted as the nth
 * attempt at its name; false when out of memory. */
static bool all_exam_statements(xapi_ctx *x, const pt_catalog *catalog)
{
	size_t n = progress_exam_count(x->p);
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		const pt_exam_record *r = progress_exam_at(x->p, i);
		if (r == NULL)
			continue;
		const char *sep = strchr(r->id, '/');
		size_t attempt = 1;
		for (size_t k = 0; k < i; k++) {
			const pt_exam_record *q = progress_exam_at(x->p, k);
			const char *qs = q ? strchr(q->id, '/') : NULL;
			if (q != NULL && (sep == NULL ? qs == NULL
			    : qs != NULL && qs - q->id == sep - r->id && strncmp(q->id, r->id, (size_t)(sep - r->id)) == 0))
				attempt++;
		}
		ok = exam_statements(x, catalog, r, attempt);
	}
	return ok;
}

/* Sets up x for options o; false with the cause in err on invalid
 * options or when out of memory. */
static bool ctx_init(xapi_ctx *x, const pt_xapi_options *o, char *err, size_t errlen)
{
	if (!xapi_check_options(o, err, errlen))
		return false;
	const char *base = o->activity_base ? o->activity_base : PT_XAPI_DEFAULT_BASE;
	size_t n = strlen(base);
	x->base = xapi_format("%s%s", base, n > 0 && base[n - 1] == '/' ? "" : "/");
	x->ifi = o->mbox ? xapi_format("mbox\n%s", o->mbox) : xapi_format("account\n%s\n%s", o->account_home, o->account_name);
	x->arr = cJSON_CreateArray();
	if (x->base == NULL || x->ifi == NULL || x->arr == NULL) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	return true;
}

bool xapi_statements(const pt_progress *p, const pt_catalog *catalog,
    const pt_xapi_options *o, char **out, size_t *len, char *err, size_t errlen)
{
	xapi_ctx x = { o, p, NULL, NULL, NULL };
	*out = NULL;
	*len = 0;
	bool ok = ctx_init(&x, o, err, errlen);
	size_t n = 0;
	const pt_record *rec = ok ? progress_records(p, &n) : NULL;
	for (size_t i = 0; ok && i < n;) {
		size_t j = i + 1;
		while (j < n && strcmp(rec[j].lesson, rec[i].lesson) == 0)
			j++;
		ok = lesson_statements(&x, catalog, rec + i, j - i);
		if (!ok)
			snprintf(err, errlen, "out of memory");
		i = j;
	}
	if (ok && !all_exam_statements(&x, catalog)) {
		ok = false;
		snprintf(err, errlen, "out of memory");
	}
	if (ok) {
		pt_strbuf safe = { 0 };
		if (sanitise_json_print(&safe, x.arr)) {
			*out = safe.s;
			*len = safe.n;
		} else {
			free(safe.s);
			snprintf(err, errlen, "out of memory");
		}
	}
	cJSON_Delete(x.arr);
	free(x.base);
	free(x.ifi);
	return *out != NULL;
}

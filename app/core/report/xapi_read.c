/* xapi_read.c - xAPI statements read back into records (see xapi_read.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/store/course.h"
#include "paratutor/learn/grade.h"
#include "paratutor/base/grow.h"
#include "paratutor/report/xapi_parts.h"
#include "paratutor/report/xapi_read.h"

#define COUNT_MAX 1000000   /* the most checks or hints a result may say */
#define WRONG_MAX 4096      /* the most wrong answers a result may list */
#define TEXT_MAX 65536      /* the longest id, name or answer taken */

/* What reading one statement came to. */
typedef enum read_kind { READ_RESULT, READ_OTHER, READ_MALFORMED, READ_NOMEM } read_kind;

/* Returns the string of o's member key when it is a string of at most
 * TEXT_MAX bytes, else NULL. */
static const char *str_of(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) && v->valuestring != NULL && strlen(v->valuestring) <= TEXT_MAX ? v->valuestring
	                                                                                      : NULL;
}

/* Returns o's member key when it is an object, else NULL. */
static const cJSON *obj_of(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsObject(v) ? v : NULL;
}

/* Reads o's member key as a whole number from lo to hi into *out; false
 * when absent, not a number, not whole or out of range. */
static bool int_of(const cJSON *o, const char *key, int lo, int hi, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble != floor(v->valuedouble) ||
	    v->valuedouble < lo || v->valuedouble > hi)
		return false;
	*out = (int)v->valuedouble;
	return true;
}

/* Returns the value of hex digit c, or -1. */
static int hex_value(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10
	                                                                                                 : -1;
}

/* Returns a new copy of s (n bytes) with every %XX decoded; NULL when s
 * is empty, holds a bad escape or decodes to a NUL, or when out of
 * memory. */
static char *percent_decode(const char *s, size_t n)
{
	char *out = n > 0 ? malloc(n + 1) : NULL;
	size_t o = 0;
	for (size_t i = 0; out != NULL && i < n; i++) {
		if (s[i] != '%') {
			out[o++] = s[i];
			continue;
		}
		int hi = i + 2 < n ? hex_value(s[i + 1]) : -1, lo = i + 2 < n ? hex_value(s[i + 2]) : -1;
		if (hi < 0 || lo < 0 || hi + lo == 0) {
			free(out);
			return NULL;
		}
		out[o++] = (char)(hi * 16 + lo);
		i += 2;
	}
	if (out != NULL)
		out[o] = '\0';
	return out;
}

/* Reads the actor into *name (for people) and *ifi (its identity), new
 * strings; false when it names no agent this reader knows. */
static bool read_actor(const cJSON *st, char **name, char **ifi)
{
	const cJSON *a = obj_of(st, "actor"), *acc = a ? obj_of(a, "account") : NULL;
	const char *mbox = a ? str_of(a, "mbox") : NULL;
	const char *home = acc ? str_of(acc, "homePage") : NULL, *user = acc ? str_of(acc, "name") : NULL;
	const char *other = a ? str_of(a, "mbox_sha1sum") : NULL;
	if (other == NULL && a != NULL)
		other = str_of(a, "openid");
	*name = *ifi = NULL;
	if (mbox != NULL && strncmp(mbox, "mailto:", 7) == 0 && mbox[7] != '\0') {
		*name = strdup(mbox + 7);
		*ifi = strdup(mbox);
	} else if (home != NULL && user != NULL && user[0] != '\0') {
		*name = strdup(user);
		size_t n = strlen(home) + strlen(user) + 2;
		if ((*ifi = malloc(n)) != NULL)
			snprintf(*ifi, n, "%s %s", home, user);
	} else if (other != NULL && other[0] != '\0') {
		*name = strdup(other);
		*ifi = strdup(other);
	} else {
		return false;
	}
	return true;
}

/* Returns the key base + suffix in buf (cut to fit: then it matches
 * nothing a writer made). */
static const char *ext_key(char *buf, size_t size, const char *base, size_t n, const char *suffix)
{
	snprintf(buf, size, "%.*s%s", (int)n, base, suffix);
	return buf;
}

/* Adds the wrong answers of the result's extension arr to r; false when
 * one is malformed (*nomem set when out of memory). */
static bool read_wrong(const cJSON *arr, pt_record *r, bool *nomem)
{
	if (arr == NULL)
		return true;
	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > WRONG_MAX)
		return false;
	static const char *const place_words[] = { "blank", "pair", "position" };
	const cJSON *w;
	cJSON_ArrayForEach(w, arr) {
		const char *text = cJSON_IsObject(w) ? str_of(w, "answer") : NULL;
		if (text == NULL)
			return false;
		int place = 0, given = 0;
		for (size_t k = 0; k < sizeof place_words / sizeof place_words[0]; k++)
			if (cJSON_GetObjectItemCaseSensitive(w, place_words[k]) != NULL) {
				if (given++ > 0 || !int_of(w, place_words[k], 1, PT_MAX_SLOTS, &place))
					return false;
			}
		char ***list = place > 0 ? &r->wrong_at : &r->wrong;
		size_t *n = place > 0 ? &r->n_wrong_at : &r->n_wrong, cap = *n;
		size_t need = strlen(text) + 16;
		char *s = malloc(need);
		if (s == NULL || !grow_array((void **)list, &cap, *n + 1, sizeof **list)) {
			free(s);
			*nomem = true;
			return false;
		}
		if (place > 0)
			snprintf(s, need, "%d:%s", place, text);
		else
			snprintf(s, need, "%s", text);
		(*list)[(*n)++] = s;
	}
	return true;
}

/* Frees the strings a read record owns. */
static void record_clear(pt_record *r)
{
	free(r->lesson);
	free(r->item);
	for (size_t i = 0; i < r->n_wrong; i++)
		free(r->wrong[i]);
	for (size_t i = 0; i < r->n_wrong_at; i++)
		free(r->wrong_at[i]);
	free(r->wrong);
	free(r->wrong_at);
	memset(r, 0, sizeof *r);
}

/* Reads the verb, object and context of st into out's record: its
 * outcome word in *verb; the extension base (the lesson activity's id up
 * to its last '/') in *base and *base_n. */
static read_kind read_item(const cJSON *st, pt_xapi_result *out, const char **verb, const char **base,
    size_t *base_n)
{
	const cJSON *v = obj_of(st, "verb"), *obj = obj_of(st, "object"), *ctx = obj_of(st, "context");
	const char *vid = v ? str_of(v, "id") : NULL;
	if (vid == NULL || obj == NULL)
		return READ_MALFORMED;
	if (strncmp(vid, VERB_BASE, strlen(VERB_BASE)) != 0)
		return READ_OTHER;
	*verb = vid + strlen(VERB_BASE);
	if (strcmp(*verb, "passed") != 0 && strcmp(*verb, "failed") != 0 && strcmp(*verb, "answered") != 0)
		return READ_OTHER;
	const cJSON *def = obj_of(obj, "definition"), *acts = ctx ? obj_of(ctx, "contextActivities") : NULL;
	const char *type = def ? str_of(def, "type") : NULL, *platform = ctx ? str_of(ctx, "platform") : NULL;
	const cJSON *parents = acts ? cJSON_GetObjectItemCaseSensitive(acts, "parent") : NULL;
	const cJSON *parent = cJSON_IsArray(parents) && cJSON_GetArraySize(parents) == 1 ? parents->child : NULL;
	const cJSON *pdef = cJSON_IsObject(parent) ? obj_of(parent, "definition") : NULL;
	const char *ptype = pdef ? str_of(pdef, "type") : NULL;
	if (type == NULL || strcmp(type, TYPE_INTERACTION) != 0 || platform == NULL ||
	    strcmp(platform, "paratutor") != 0 || ptype == NULL || strcmp(ptype, TYPE_LESSON) != 0)
		return READ_OTHER; /* another system's, or an exam's item */
	const char *oid = str_of(obj, "id"), *pid = str_of(parent, "id");
	if (oid == NULL || pid == NULL)
		return READ_MALFORMED;
	size_t pn = strlen(pid);
	const char *slash = strrchr(pid, '/');
	if (slash == NULL || strncmp(oid, pid, pn) != 0 || oid[pn] != '/' || strchr(oid + pn + 1, '/') != NULL)
		return READ_MALFORMED;
	*base = pid;
	*base_n = (size_t)(slash + 1 - pid);
	out->rec.lesson = percent_decode(slash + 1, strlen(slash + 1));
	out->rec.item = percent_decode(oid + pn + 1, strlen(oid + pn + 1));
	if (out->rec.lesson == NULL || out->rec.item == NULL)
		return READ_MALFORMED;
	char key[TEXT_MAX + 64];
	const cJSON *cext = obj_of(ctx, "extensions");
	const char *version = cext ? str_of(cext, ext_key(key, sizeof key, *base, *base_n, "extensions/item-version"))
	                           : NULL;
	char *end = NULL;
	if (version == NULL || strlen(version) != 16 || strspn(version, "0123456789abcdef") != 16)
		return READ_MALFORMED;
	out->rec.hash = strtoull(version, &end, 16);
	return READ_RESULT;
}

/* Reads the result of st into out; false when malformed (*nomem set when
 * out of memory). */
static bool read_result(const cJSON *st, pt_xapi_result *out, const char *verb, const char *base, size_t base_n,
    bool *nomem)
{
	const cJSON *res = obj_of(st, "result"), *ext = res ? obj_of(res, "extensions") : NULL;
	char key[TEXT_MAX + 64];
	pt_record *r = &out->rec;
	if (ext == NULL ||
	    !int_of(ext, ext_key(key, sizeof key, base, base_n, "extensions/attempts"), 0, COUNT_MAX, &r->attempts) ||
	    !int_of(ext, ext_key(key, sizeof key, base, base_n, "extensions/hints"), 0, COUNT_MAX, &r->hints))
		return false;
	const cJSON *success = cJSON_GetObjectItemCaseSensitive(res, "success");
	bool passed = strcmp(verb, "passed") == 0, failed = strcmp(verb, "failed") == 0;
	if (!cJSON_IsBool(success) || cJSON_IsTrue(success) != passed || ((passed || failed) && r->attempts < 1))
		return false;
	r->outcome = failed ? PT_OUTCOME_FAILED : !passed ? PT_OUTCOME_NONE : r->attempts > 1 ? PT_OUTCOME_RETRIES :
	    r->hints > 0 ? PT_OUTCOME_WITH_HINTS : PT_OUTCOME_FIRST_TIME;
	r->attempt = 1;
	const cJSON *score = obj_of(res, "score");
	out->score = -1;
	if (score != NULL && cJSON_GetObjectItemCaseSensitive(score, "raw") != NULL &&
	    !int_of(score, "raw", 0, 100, &out->score))
		return false;
	/* The time to the second, as UTC: "YYYY-MM-DDTHH:MM:SS" and what
	 * follows up to a Z (a fraction). */
	const char *when = str_of(st, "timestamp");
	size_t wn = when != NULL ? strlen(when) : 0;
	time_t t;
	char whole[24];
	if (wn >= 20 && when[wn - 1] == 'Z') {
		snprintf(whole, sizeof whole, "%.19sZ", when);
		if (course_parse_time(whole, &t))
			r->pass_start = r->first_seen = t;
	}
	return read_wrong(cJSON_GetObjectItemCaseSensitive(ext,
	    ext_key(key, sizeof key, base, base_n, "extensions/wrong-answers")), r, nomem);
}

/* Reads one statement into out. */
static read_kind read_statement(const cJSON *st, pt_xapi_result *out)
{
	if (!cJSON_IsObject(st))
		return READ_MALFORMED;
	const char *verb = NULL, *base = NULL;
	size_t base_n = 0;
	read_kind k = read_item(st, out, &verb, &base, &base_n);
	if (k != READ_RESULT)
		return k;
	bool nomem = false;
	if (!read_result(st, out, verb, base, base_n, &nomem))
		return nomem ? READ_NOMEM : READ_MALFORMED;
	if (!read_actor(st, &out->learner, &out->actor))
		return READ_MALFORMED;
	if (out->learner == NULL || out->actor == NULL)
		return READ_NOMEM;
	const char *stored = str_of(st, "stored");
	if (stored != NULL && (out->stored = strdup(stored)) == NULL)
		return READ_NOMEM;
	return READ_RESULT;
}

/* Frees what one result owns. */
static void result_clear(pt_xapi_result *x)
{
	free(x->learner);
	free(x->actor);
	free(x->stored);
	record_clear(&x->rec);
}

bool xapi_read_page(pt_xapi_read *r, const char *text, size_t len, char **more, char *why, size_t whylen)
{
	*more = NULL;
	cJSON *root = cJSON_ParseWithLength(text, len);
	const cJSON *list = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "statements") : NULL;
	const cJSON *link = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "more") : NULL;
	if (!cJSON_IsArray(list) || (link != NULL && !cJSON_IsString(link) && !cJSON_IsNull(link))) {
		snprintf(why, whylen, "%s", root == NULL ? "the answer is not JSON" :
		    "the answer is not a list of statements (no \"statements\" array)");
		cJSON_Delete(root);
		return false;
	}
	bool ok = true;
	const cJSON *st;
	cJSON_ArrayForEach(st, list) {
		r->statements++;
		if (!grow_array((void **)&r->v, &r->cap, r->n + 1, sizeof *r->v)) {
			ok = false;
			break;
		}
		pt_xapi_result *x = &r->v[r->n];
		memset(x, 0, sizeof *x);
		x->seq = r->statements;
		read_kind k = read_statement(st, x);
		if (k == READ_RESULT) {
			r->n++;
			continue;
		}
		result_clear(x);
		r->other += k == READ_OTHER;
		r->malformed += k == READ_MALFORMED;
		if (k == READ_NOMEM) {
			ok = false;
			break;
		}
	}
	if (ok && cJSON_IsString(link) && link->valuestring[0] != '\0') {
		const char *m = link->valuestring;
		bool clean = strlen(m) <= PT_XAPI_READ_MORE_MAX;
		for (const unsigned char *c = (const unsigned char *)m; clean && *c; c++)
			clean = *c > ' ' && *c < 0x7f;
		if (!clean) {
			snprintf(why, whylen, "the answer's \"more\" link is too long or holds a space or control character");
			cJSON_Delete(root);
			return false;
		}
		ok = (*more = strdup(m)) != NULL;
	}
	cJSON_Delete(root);
	if (!ok)
		snprintf(why, whylen, "out of memory");
	return ok;
}

/* Orders results by learner, lesson and item, the one stored last first
 * (by "stored" when both have it, else the one read first). */
static int result_cmp(const void *a, const void *b)
{
	const pt_xapi_result *x = a, *y = b;
	int d = strcmp(x->learner, y->learner);
	if (d == 0)
		d = strcmp(x->actor, y->actor);
	if (d == 0)
		d = strcmp(x->rec.lesson, y->rec.lesson);
	if (d == 0)
		d = strcmp(x->rec.item, y->rec.item);
	if (d == 0 && x->stored != NULL && y->stored != NULL)
		d = -strcmp(x->stored, y->stored);
	if (d == 0)
		d = x->seq < y->seq ? -1 : x->seq > y->seq;
	return d;
}

bool xapi_read_finish(pt_xapi_read *r)
{
	if (r->n > 1)
		qsort(r->v, r->n, sizeof *r->v, result_cmp);
	size_t kept = 0;
	for (size_t i = 0; i < r->n; i++) {
		pt_xapi_result *x = &r->v[i], *prev = kept > 0 ? &r->v[kept - 1] : NULL;
		if (prev != NULL && strcmp(prev->learner, x->learner) == 0 && strcmp(prev->actor, x->actor) == 0 &&
		    strcmp(prev->rec.lesson, x->rec.lesson) == 0 && strcmp(prev->rec.item, x->rec.item) == 0) {
			result_clear(x);
			r->superseded++;
			continue;
		}
		r->v[kept++] = *x;
	}
	r->n = kept;
	return true;
}

void xapi_read_free(pt_xapi_read *r)
{
	for (size_t i = 0; i < r->n; i++)
		result_clear(&r->v[i]);
	free(r->v);
	memset(r, 0, sizeof *r);
}

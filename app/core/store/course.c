/* course.c - course.json read, checked and written, and authorized_keys
 * made from its roster (course.h).  The only course module using cJSON. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "paratutor/store/course.h"
#include "paratutor/model/tags.h"
#include "paratutor/base/fileio.h"
#include "paratutor/base/grow.h"

/* The members each object has; the rest are kept as they are. */
static const char *const top_members[] = { "course", "title", "created", "learners", "exams", "lrs", "lrs_auth" };
static const char *const learner_members[] = { "id", "name", "email", "key", "added" };
static const char *const exam_members[] = { "name", "lessons", "blueprint", "count", "minutes", "opens", "closes",
	"attempts", "pass", "extra_minutes", "results" };
#define COUNT(a) (sizeof a / sizeof a[0])

/* Returns a copy of s, or NULL. */
static char *copy_str(const char *s)
{
	return strdup(s != NULL ? s : "");
}

/* Detaches from obj every member not in known (n) into a new object (NULL
 * when there are none). */
static void *keep_rest(const cJSON *obj, const char *const *known, size_t n)
{
	cJSON *rest = NULL;
	const cJSON *m;
	cJSON_ArrayForEach(m, obj) {
		bool is_known = false;
		for (size_t k = 0; k < n && !is_known; k++)
			is_known = strcmp(m->string, known[k]) == 0;
		if (is_known)
			continue;
		if (rest == NULL)
			rest = cJSON_CreateObject();
		if (rest != NULL)
			cJSON_AddItemToObject(rest, m->string, cJSON_Duplicate(m, true));
	}
	return rest;
}

/* Adds the members kept in rest to obj. */
static void put_rest(cJSON *obj, const void *rest)
{
	const cJSON *m;
	cJSON_ArrayForEach(m, (const cJSON *)rest)
		cJSON_AddItemToObject(obj, m->string, cJSON_Duplicate(m, true));
}

bool course_new(pt_course *c, const char *dir, const char *title, time_t now)
{
	memset(c, 0, sizeof *c);
	c->dir = copy_str(dir);
	c->title = copy_str(title);
	c->created = now;
	return c->dir != NULL && c->title != NULL;
}

/* What reading is at: the file, for messages. */
typedef struct reader {
	const char *file;
	char *err;
	size_t errlen;
} reader;

/* Reads string member key of obj into *out (a copy); a missing member is
 * "" when optional.  False with the cause in r->err. */
static bool get_string(const reader *r, const cJSON *obj, const char *where, const char *key, bool optional,
    char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (v == NULL && optional) {
		*out = copy_str("");
		return *out != NULL;
	}
	if (!cJSON_IsString(v)) {
		snprintf(r->err, r->errlen, "%s: %s: \"%s\" must be %s", r->file, where, key,
		    v == NULL ? "given" : "a string");
		return false;
	}
	*out = copy_str(v->valuestring);
	return *out != NULL;
}

/* Reads time member key (absent: 0 when optional). */
static bool get_time(const reader *r, const cJSON *obj, const char *where, const char *key, bool optional,
    time_t *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	*out = 0;
	if (v == NULL && optional)
		return true;
	if (!cJSON_IsString(v) || !course_parse_time(v->valuestring, out)) {
		snprintf(r->err, r->errlen, "%s: %s: \"%s\" must be a time like \"2026-03-01T09:00:00Z\"", r->file,
		    where, key);
		return false;
	}
	return true;
}

/* Reads number member key into *out, within [lo, hi]. */
static bool get_number(const reader *r, const cJSON *obj, const char *where, const char *key, double lo,
    double hi, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= lo && v->valuedouble <= hi)) {
		snprintf(r->err, r->errlen, "%s: %s: \"%s\" must be a number from %g to %g", r->file, where, key, lo, hi);
		return false;
	}
	*out = v->valuedouble;
	return true;
}

static bool read_learner(const reader *r, const cJSON *obj, pt_course_learner *l)
{
	char where[96];
	snprintf(where, sizeof where, "a learner");
	if (!cJSON_IsObject(obj)) {
		snprintf(r->err, r->errlen, "%s: each of \"learners\" must be an object", r->file);
		return false;
	}
	if (!get_string(r, obj, where, "id", false, &l->id))
		return false;
	if (!course_name_ok(l->id, PT_COURSE_ID_MAX)) {
		snprintf(r->err, r->errlen, "%s: learner id \"%.40s\" is not a safe name", r->file, l->id);
		return false;
	}
	snprintf(where, sizeof where, "learner %s", l->id);
	char key[PT_COURSE_KEY_MAX], why[160];
	if (!get_string(r, obj, where, "name", true, &l->name) || !get_string(r, obj, where, "email", true, &l->email) ||
	    !get_string(r, obj, where, "key", false, &l->key) || !get_time(r, obj, where, "added", true, &l->added))
		return false;
	if (!course_key_parse(l->key, strlen(l->key), key, sizeof key, why, sizeof why) || strcmp(key, l->key) != 0) {
		snprintf(r->err, r->errlen, "%s: %s: \"key\": %s", r->file, where,
		    strcmp(key, l->key) != 0 ? "must be TYPE BASE64 only" : why);
		return false;
	}
	l->rest = keep_rest(obj, learner_members, COUNT(learner_members));
	return true;
}

/* Reads an array of lesson ids. */
static bool read_ids(const reader *r, const cJSON *arr, const char *where, char ***out, size_t *n)
{
	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) == 0) {
		snprintf(r->err, r->errlen, "%s: %s: \"lessons\" must be a list of lesson ids", r->file, where);
		return false;
	}
	*out = calloc((size_t)cJSON_GetArraySize(arr), sizeof **out);
	const cJSON *v;
	cJSON_ArrayForEach(v, arr) {
		if (*out == NULL || !cJSON_IsString(v)) {
			snprintf(r->err, r->errlen, "%s: %s: \"lessons\" must be a list of lesson ids", r->file, where);
			return false;
		}
		if (((*out)[(*n)++] = copy_str(v->valuestring)) == NULL)
			return false;
	}
	return true;
}

static bool read_exam(const reader *r, const cJSON *obj, pt_course_exam *ex)
{
	char where[96];
	if (!cJSON_IsObject(obj)) {
		snprintf(r->err, r->errlen, "%s: each of \"exams\" must be an object", r->file);
		return false;
	}
	if (!get_string(r, obj, "an exam", "name", false, &ex->name))
		return false;
	if (!course_name_ok(ex->name, PT_COURSE_EXAM_NAME_MAX)) {
		snprintf(r->err, r->errlen, "%s: exam name \"%.40s\" is not a safe name", r->file, ex->name);
		return false;
	}
	snprintf(where, sizeof where, "exam %s", ex->name);
	const cJSON *lessons = cJSON_GetObjectItemCaseSensitive(obj, "lessons");
	const cJSON *bp = cJSON_GetObjectItemCaseSensitive(obj, "blueprint");
	if ((lessons == NULL) == (bp == NULL)) {
		snprintf(r->err, r->errlen, "%s: %s: give either \"lessons\" or \"blueprint\"", r->file, where);
		return false;
	}
	if (lessons != NULL && !read_ids(r, lessons, where, &ex->lessons, &ex->n_lessons))
		return false;
	if (bp != NULL) {
		size_t n = cJSON_IsObject(bp) ? (size_t)cJSON_GetArraySize(bp) : 0;
		ex->share_lessons = calloc(n + 1, sizeof *ex->share_lessons);
		ex->shares = calloc(n + 1, sizeof *ex->shares);
		if (n == 0 || ex->share_lessons == NULL || ex->shares == NULL) {
			snprintf(r->err, r->errlen, "%s: %s: \"blueprint\" must map lesson ids to percentages", r->file, where);
			return false;
		}
		const cJSON *v;
		cJSON_ArrayForEach(v, bp) {
			if (!cJSON_IsNumber(v) || !(v->valuedouble > 0 && v->valuedouble <= 100)) {
				snprintf(r->err, r->errlen, "%s: %s: each share of \"blueprint\" must be a percentage above 0",
				    r->file, where);
				return false;
			}
			ex->shares[ex->n_shares] = v->valuedouble;
			if ((ex->share_lessons[ex->n_shares++] = copy_str(v->string)) == NULL)
				return false;
		}
	}
	double count, minutes, pass, attempts = 0;
	if (!get_number(r, obj, where, "count", 1, 1000, &count) ||
	    !get_number(r, obj, where, "minutes", 0.01, 6000, &minutes) ||
	    !get_number(r, obj, where, "pass", 0, 100, &pass) ||
	    (cJSON_GetObjectItemCaseSensitive(obj, "attempts") != NULL &&
	    !get_number(r, obj, where, "attempts", 0, 1000, &attempts)) ||
	    !get_time(r, obj, where, "opens", true, &ex->opens) || !get_time(r, obj, where, "closes", true, &ex->closes))
		return false;
	const cJSON *res = cJSON_GetObjectItemCaseSensitive(obj, "results");
	ex->results_after_close = cJSON_IsString(res) && strcmp(res->valuestring, "after-close") == 0;
	if ((res != NULL && !ex->results_after_close && !(cJSON_IsString(res) && strcmp(res->valuestring, "at-submit") == 0)) ||
	    (ex->results_after_close && ex->closes == 0)) {
		snprintf(r->err, r->errlen, "%s: %s: \"results\" is \"at-submit\" or \"after-close\" (with \"closes\")",
		    r->file, where);
		return false;
	}
	ex->count = (size_t)count;
	ex->minutes = minutes;
	ex->pass = (int)pass;
	ex->attempts = (unsigned)attempts;
	const cJSON *extra = cJSON_GetObjectItemCaseSensitive(obj, "extra_minutes");
	if (extra != NULL) {
		size_t n = cJSON_IsObject(extra) ? (size_t)cJSON_GetArraySize(extra) : 0;
		ex->extra = calloc(n + 1, sizeof *ex->extra);
		const cJSON *v;
		if (!cJSON_IsObject(extra) || ex->extra == NULL) {
			snprintf(r->err, r->errlen, "%s: %s: \"extra_minutes\" must map learner ids to minutes", r->file, where);
			return false;
		}
		cJSON_ArrayForEach(v, extra) {
			if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 && v->valuedouble <= 6000)) {
				snprintf(r->err, r->errlen, "%s: %s: extra minutes must be numbers from 0 to 6000", r->file, where);
				return false;
			}
			ex->extra[ex->n_extra].minutes = v->valuedouble;
			if ((ex->extra[ex->n_extra++].learner = copy_str(v->string)) == NULL)
				return false;
		}
	}
	ex->rest = keep_rest(obj, exam_members, COUNT(exam_members));
	return true;
}

/* Reads the parsed root into c. */
/* Reads "policies" (absent: the defaults); false with the cause in err
 * when it is not an object or a policy has a value it cannot take. */
static bool read_policies(const reader *r, const cJSON *root, pt_course *c)
{
	const cJSON *pol = cJSON_GetObjectItemCaseSensitive(root, "policies");
	c->answer_changed = PT_COURSE_REOPEN;
	if (pol == NULL)
		return true;
	const cJSON *ac = cJSON_GetObjectItemCaseSensitive(pol, "answer_changed");
	if (!cJSON_IsObject(pol) || (ac != NULL && !cJSON_IsString(ac)) ||
	    (ac != NULL && strcmp(ac->valuestring, "reopen") != 0 && strcmp(ac->valuestring, "keep") != 0)) {
		snprintf(r->err, r->errlen, "%s: \"policies\" must be an object whose \"answer_changed\" is \"reopen\" or "
		    "\"keep\"", r->file);
		return false;
	}
	if (ac != NULL && strcmp(ac->valuestring, "keep") == 0)
		c->answer_changed = PT_COURSE_KEEP;
	return true;
}

/* Reads "concepts" ({TAG: TITLE}, absent: none); false with the cause in
 * err when a name is not a tag name or one of the bundled, or a title is
 * not a non-empty string. */
static bool read_concepts(const reader *r, const cJSON *root, pt_course *c)
{
	const cJSON *con = cJSON_GetObjectItemCaseSensitive(root, "concepts"), *m;
	if (con == NULL)
		return true;
	if (!cJSON_IsObject(con)) {
		snprintf(r->err, r->errlen, "%s: \"concepts\" must be an object of tag names and titles", r->file);
		return false;
	}
	size_t n = (size_t)cJSON_GetArraySize(con);
	c->concept_tags = calloc(n + 1, sizeof *c->concept_tags);
	c->concept_titles = calloc(n + 1, sizeof *c->concept_titles);
	if (c->concept_tags == NULL || c->concept_titles == NULL) {
		snprintf(r->err, r->errlen, "out of memory");
		return false;
	}
	cJSON_ArrayForEach(m, con) {
		if (!tags_name_ok(m->string) || tags_find(NULL, m->string) >= 0 || !cJSON_IsString(m) ||
		    m->valuestring[0] == '\0') {
			snprintf(r->err, r->errlen, "%s: concept \"%.40s\" needs a tag name (1 to 32 of a-z, 0-9 and '-', "
			    "not one of paratutor's own) and a title", r->file, m->string);
			return false;
		}
		c->concept_tags[c->n_concepts] = strdup(m->string);
		c->concept_titles[c->n_concepts] = strdup(m->valuestring);
		if (c->concept_tags[c->n_concepts++] == NULL || c->concept_titles[c->n_concepts - 1] == NULL) {
			snprintf(r->err, r->errlen, "out of memory");
			return false;
		}
	}
	return true;
}

bool course_lrs_ok(const char *s, bool auth, char *err, size_t errlen)
{
	size_t n = strlen(s);
	bool scheme = strncmp(s, "https://", 8) == 0 || strncmp(s, "http://", 7) == 0;
	bool clean = n > 0 && n <= PT_COURSE_LRS_MAX;
	for (const char *c = s; clean && *c; c++)
		clean = (unsigned char)*c > ' ' && (unsigned char)*c < 0x7f; /* printed as it is: ASCII only */
	if (!clean)
		snprintf(err, errlen, "%s must be 1 to %d bytes of printable ASCII, with no space or control character",
		    auth ? "the credentials file's path" : "the LRS address", PT_COURSE_LRS_MAX);
	else if (!auth && !scheme)
		snprintf(err, errlen, "the LRS address must start with https:// (or http:// for this machine)");
	return clean && (auth || scheme);
}

bool course_lrs_auth_path(const pt_course *c, char *buf, size_t size)
{
	if (c->lrs_auth == NULL)
		return false;
	int n = c->lrs_auth[0] == '/' ? snprintf(buf, size, "%s", c->lrs_auth) :
	    snprintf(buf, size, "%s/%s", c->dir, c->lrs_auth);
	return n > 0 && (size_t)n < size;
}

/* Reads "lrs" and "lrs_auth" (both optional; the second only with the
 * first); false with the cause in err. */
static bool read_lrs(const reader *r, const cJSON *root, pt_course *c)
{
	static const char *const keys[] = { "lrs", "lrs_auth" };
	char **out[] = { &c->lrs, &c->lrs_auth };
	for (size_t i = 0; i < COUNT(keys); i++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, keys[i]);
		char why[160];
		if (v == NULL)
			continue;
		if (!cJSON_IsString(v) || !course_lrs_ok(v->valuestring, i == 1, why, sizeof why)) {
			snprintf(r->err, r->errlen, "%s: \"%s\": %s", r->file, keys[i],
			    cJSON_IsString(v) ? why : "must be a string");
			return false;
		}
		if ((*out[i] = copy_str(v->valuestring)) == NULL) {
			snprintf(r->err, r->errlen, "out of memory");
			return false;
		}
	}
	if (c->lrs_auth != NULL && c->lrs == NULL) {
		snprintf(r->err, r->errlen, "%s: \"lrs_auth\" is given without \"lrs\" (the address it is for)", r->file);
		return false;
	}
	return true;
}

bool course_declare_concepts(const pt_course *c, pt_tags *tags)
{
	bool ok = true;
	for (size_t i = 0; i < c->n_concepts; i++)
		ok = tags_declare(tags, c->concept_tags[i], c->concept_titles[i], false) >= 0 && ok;
	return ok;
}

static bool read_root(const reader *r, const cJSON *root, pt_course *c)
{
	const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "course");
	if (!cJSON_IsObject(root) || !cJSON_IsNumber(fmt)) {
		snprintf(r->err, r->errlen, "%s: not a course file (it needs \"course\": %d)", r->file, PT_COURSE_FORMAT);
		return false;
	}
	if (fmt->valuedouble != PT_COURSE_FORMAT) {
		snprintf(r->err, r->errlen, "%s: written by a newer paratutor (course format %g); update paratutor",
		    r->file, fmt->valuedouble);
		return false;
	}
	if (!get_string(r, root, "the course", "title", true, &c->title) ||
	    !get_time(r, root, "the course", "created", true, &c->created))
		return false;
	const cJSON *learners = cJSON_GetObjectItemCaseSensitive(root, "learners");
	const cJSON *exams = cJSON_GetObjectItemCaseSensitive(root, "exams");
	if ((learners != NULL && !cJSON_IsArray(learners)) || (exams != NULL && !cJSON_IsArray(exams)) ||
	    cJSON_GetArraySize(learners) > PT_COURSE_MAX_LEARNERS) {
		snprintf(r->err, r->errlen, "%s: \"learners\" and \"exams\" must be lists", r->file);
		return false;
	}
	size_t nl = (size_t)cJSON_GetArraySize(learners), ne = (size_t)cJSON_GetArraySize(exams);
	c->learners = calloc(nl + 1, sizeof *c->learners);
	c->exams = calloc(ne + 1, sizeof *c->exams);
	if (c->learners == NULL || c->exams == NULL) {
		snprintf(r->err, r->errlen, "out of memory");
		return false;
	}
	const cJSON *v;
	cJSON_ArrayForEach(v, learners) {
		if (!read_learner(r, v, &c->learners[c->n_learners++]))
			return false;
		const pt_course_learner *l = &c->learners[c->n_learners - 1];
		for (size_t i = 0; i + 1 < c->n_learners; i++)
			if (strcmp(c->learners[i].id, l->id) == 0 || strcmp(c->learners[i].key, l->key) == 0) {
				snprintf(r->err, r->errlen, "%s: learners %s and %s have the same %s", r->file, c->learners[i].id,
				    l->id, strcmp(c->learners[i].id, l->id) == 0 ? "id" : "key");
				return false;
			}
	}
	cJSON_ArrayForEach(v, exams) {
		if (!read_exam(r, v, &c->exams[c->n_exams++]))
			return false;
		for (size_t i = 0; i + 1 < c->n_exams; i++)
			if (strcmp(c->exams[i].name, c->exams[c->n_exams - 1].name) == 0) {
				snprintf(r->err, r->errlen, "%s: two exams are named %s", r->file, c->exams[i].name);
				return false;
			}
	}
	c->rest = keep_rest(root, top_members, COUNT(top_members));
	return read_policies(r, root, c) && read_concepts(r, root, c) && read_lrs(r, root, c);
}

bool course_parse(pt_course *c, const char *dir, const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	memset(c, 0, sizeof *c);
	cJSON *root = cJSON_ParseWithLength(text, len);
	reader r = { name, err, errlen };
	bool ok = root != NULL;
	if (!ok)
		snprintf(err, errlen, "%s: not valid JSON", name);
	if (ok && (c->dir = copy_str(dir)) == NULL) {
		snprintf(err, errlen, "out of memory");
		ok = false;
	}
	ok = ok && read_root(&r, root, c);
	cJSON_Delete(root);
	if (!ok)
		course_free(c);
	return ok;
}

bool course_read(pt_course *c, const char *dir, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	char path[4096];
	snprintf(path, sizeof path, "%s/course.json", dir);
	size_t len = 0;
	pt_read_error why;
	char *text = file_read(path, PT_COURSE_MAX_BYTES, &len, &why);
	if (text == NULL) {
		snprintf(err, errlen, "%s: %s", path, file_read_describe(&why));
		return false;
	}
	bool ok = course_parse(c, dir, path, text, len, err, errlen);
	free(text);
	return ok;
}

/* Adds string member key to obj unless it is "" and optional. */
static void put_string(cJSON *obj, const char *key, const char *s, bool optional)
{
	if (!optional || (s != NULL && s[0] != '\0'))
		cJSON_AddStringToObject(obj, key, s != NULL ? s : "");
}

static void put_time(cJSON *obj, const char *key, time_t t)
{
	char buf[40];
	if (t == 0)
		return;
	course_format_time(t, buf, sizeof buf);
	cJSON_AddStringToObject(obj, key, buf);
}

static cJSON *exam_json(const pt_course_exam *ex)
{
	cJSON *o = cJSON_CreateObject();
	put_string(o, "name", ex->name, false);
	if (ex->n_shares > 0) {
		cJSON *bp = cJSON_AddObjectToObject(o, "blueprint");
		for (size_t i = 0; i < ex->n_shares; i++)
			cJSON_AddNumberToObject(bp, ex->share_lessons[i], ex->shares[i]);
	} else {
		cJSON *ids = cJSON_AddArrayToObject(o, "lessons");
		for (size_t i = 0; i < ex->n_lessons; i++)
			cJSON_AddItemToArray(ids, cJSON_CreateString(ex->lessons[i]));
	}
	cJSON_AddNumberToObject(o, "count", (double)ex->count);
	cJSON_AddNumberToObject(o, "minutes", ex->minutes);
	put_time(o, "opens", ex->opens);
	put_time(o, "closes", ex->closes);
	cJSON_AddNumberToObject(o, "attempts", ex->attempts);
	cJSON_AddNumberToObject(o, "pass", ex->pass);
	if (ex->results_after_close)
		cJSON_AddStringToObject(o, "results", "after-close");
	if (ex->n_extra > 0) {
		cJSON *extra = cJSON_AddObjectToObject(o, "extra_minutes");
		for (size_t i = 0; i < ex->n_extra; i++)
			cJSON_AddNumberToObject(extra, ex->extra[i].learner, ex->extra[i].minutes);
	}
	put_rest(o, ex->rest);
	return o;
}

char *course_text(const pt_course *c)
{
	cJSON *root = cJSON_CreateObject();
	cJSON_AddNumberToObject(root, "course", PT_COURSE_FORMAT);
	put_string(root, "title", c->title, false);
	put_time(root, "created", c->created);
	cJSON *learners = cJSON_AddArrayToObject(root, "learners");
	for (size_t i = 0; i < c->n_learners; i++) {
		const pt_course_learner *l = &c->learners[i];
		cJSON *o = cJSON_CreateObject();
		put_string(o, "id", l->id, false);
		put_string(o, "name", l->name, true);
		put_string(o, "email", l->email, true);
		put_string(o, "key", l->key, false);
		put_time(o, "added", l->added);
		put_rest(o, l->rest);
		cJSON_AddItemToArray(learners, o);
	}
	cJSON *exams = cJSON_AddArrayToObject(root, "exams");
	for (size_t i = 0; i < c->n_exams; i++)
		cJSON_AddItemToArray(exams, exam_json(&c->exams[i]));
	if (c->lrs != NULL)
		put_string(root, "lrs", c->lrs, false);
	if (c->lrs_auth != NULL)
		put_string(root, "lrs_auth", c->lrs_auth, false);
	put_rest(root, c->rest);
	char *text = cJSON_Print(root);
	cJSON_Delete(root);
	if (text == NULL)
		return NULL;
	size_t n = strlen(text);
	char *line = realloc(text, n + 2);
	if (line == NULL) {
		free(text);
		return NULL;
	}
	memcpy(line + n, "\n", 2);
	return line;
}

char *course_keys_text(const pt_course *c, const char *exe, const char *absdir)
{
	size_t size = 256;
	for (size_t i = 0; i < c->n_learners; i++)
		size += strlen(exe) + strlen(absdir) + 2 * strlen(c->learners[i].id) + strlen(c->learners[i].key) + 96;
	char *text = malloc(size);
	if (text == NULL)
		return NULL;
	size_t k = (size_t)snprintf(text, size, "# Made by paratutor from %s/course.json: edit the roster with "
	    "'paratutor course', not this file.\n", absdir);
	for (size_t i = 0; i < c->n_learners && k < size; i++)
		k += (size_t)snprintf(text + k, size - k, "command=\"%s --course %s --learner %s\",restrict,pty %s %s\n",
		    exe, absdir, c->learners[i].id, c->learners[i].key, c->learners[i].id);
	return text;
}

/* Reads the whole file at path (NULL when it does not exist). */
static char *old_text(const char *path, size_t *len)
{
	pt_read_error why;
	return file_read(path, PT_COURSE_MAX_BYTES * 2, len, &why);
}

bool course_save(const pt_course *c, const char *exe, const char *absdir, char *err, size_t errlen)
{
	char cpath[4096], kpath[4096];
	snprintf(cpath, sizeof cpath, "%s/course.json", c->dir);
	snprintf(kpath, sizeof kpath, "%s/authorized_keys", c->dir);
	char *ctext = course_text(c), *ktext = course_keys_text(c, exe, absdir);
	size_t old_len = 0;
	char *old = old_text(cpath, &old_len);
	bool ok = ctext != NULL && ktext != NULL;
	if (!ok)
		snprintf(err, errlen, "out of memory");
	ok = ok && file_replace(cpath, ctext, strlen(ctext), 0600, err, errlen);
	if (ok && !file_replace(kpath, ktext, strlen(ktext), 0600, err, errlen)) {
		ok = false;
		char ignored[64];
		if (old != NULL)
			file_replace(cpath, old, old_len, 0600, ignored, sizeof ignored);
	}
	free(old);
	free(ctext);
	free(ktext);
	return ok;
}

void course_exam_free(pt_course_exam *ex)
{
	free(ex->name);
	for (size_t i = 0; i < ex->n_lessons; i++)
		free(ex->lessons[i]);
	free(ex->lessons);
	for (size_t i = 0; i < ex->n_shares; i++)
		free(ex->share_lessons[i]);
	free(ex->share_lessons);
	free(ex->shares);
	for (size_t i = 0; i < ex->n_extra; i++)
		free(ex->extra[i].learner);
	free(ex->extra);
	cJSON_Delete(ex->rest);
	memset(ex, 0, sizeof *ex);
}

static void learner_free(pt_course_learner *l)
{
	free(l->id);
	free(l->name);
	free(l->email);
	free(l->key);
	cJSON_Delete(l->rest);
}

void course_free(pt_course *c)
{
	for (size_t i = 0; i < c->n_learners; i++)
		learner_free(&c->learners[i]);
	for (size_t i = 0; i < c->n_exams; i++)
		course_exam_free(&c->exams[i]);
	free(c->learners);
	free(c->exams);
	for (size_t i = 0; i < c->n_concepts; i++) {
		free(c->concept_tags[i]);
		free(c->concept_titles[i]);
	}
	free(c->concept_tags);
	free(c->concept_titles);
	free(c->dir);
	free(c->title);
	free(c->lrs);
	free(c->lrs_auth);
	cJSON_Delete(c->rest);
	memset(c, 0, sizeof *c);
}

pt_course_learner *course_learner(const pt_course *c, const char *id)
{
	for (size_t i = 0; i < c->n_learners; i++)
		if (strcmp(c->learners[i].id, id) == 0)
			return &c->learners[i];
	return NULL;
}

pt_course_exam *course_exam(const pt_course *c, const char *name)
{
	for (size_t i = 0; i < c->n_exams; i++)
		if (strcmp(c->exams[i].name, name) == 0)
			return &c->exams[i];
	return NULL;
}

bool course_add_learner(pt_course *c, const char *id, const char *name, const char *email, const char *key,
    time_t now, char *err, size_t errlen)
{
	if (!course_name_ok(id, PT_COURSE_ID_MAX)) {
		snprintf(err, errlen, "'%.40s' is not a safe learner id: use 1 to %d of a-z, 0-9, '.', '_' and '-', "
		    "starting with a letter or digit", id, PT_COURSE_ID_MAX);
		return false;
	}
	if (course_learner(c, id) != NULL) {
		snprintf(err, errlen, "learner %s is on the roster already", id);
		return false;
	}
	for (size_t i = 0; i < c->n_learners; i++)
		if (strcmp(c->learners[i].key, key) == 0) {
			snprintf(err, errlen, "that key is learner %s's already; each learner needs a key of their own",
			    c->learners[i].id);
			return false;
		}
	for (const char *s = name; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f) {
			snprintf(err, errlen, "the name holds a control character");
			return false;
		}
	for (const char *s = email; *s; s++)
		if ((unsigned char)*s <= 0x20 || *s == 0x7f || *s == '"' || *s == ',') {
			snprintf(err, errlen, "'%s' is not an e-mail address", email);
			return false;
		}
	if (!grow_array((void **)&c->learners, &(size_t){ c->n_learners }, c->n_learners + 1, sizeof *c->learners)) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	pt_course_learner *l = &c->learners[c->n_learners];
	memset(l, 0, sizeof *l);
	l->id = copy_str(id);
	l->name = copy_str(name);
	l->email = copy_str(email);
	l->key = copy_str(key);
	l->added = now;
	if (l->id == NULL || l->name == NULL || l->email == NULL || l->key == NULL) {
		learner_free(l);
		snprintf(err, errlen, "out of memory");
		return false;
	}
	c->n_learners++;
	return true;
}

bool course_remove_learner(pt_course *c, const char *id)
{
	pt_course_learner *l = course_learner(c, id);
	if (l == NULL)
		return false;
	learner_free(l);
	size_t i = (size_t)(l - c->learners);
	memmove(l, l + 1, (c->n_learners - i - 1) * sizeof *l);
	c->n_learners--;
	return true;
}

bool course_add_exam(pt_course *c, pt_course_exam *ex, char *err, size_t errlen)
{
	bool ok = false;
	if (!course_name_ok(ex->name, PT_COURSE_EXAM_NAME_MAX))
		snprintf(err, errlen, "'%.40s' is not a safe exam name: use 1 to %d of a-z, 0-9, '.', '_' and '-', "
		    "starting with a letter or digit", ex->name, PT_COURSE_EXAM_NAME_MAX);
	else if (course_exam(c, ex->name) != NULL)
		snprintf(err, errlen, "the course has an exam named %s already", ex->name);
	else if (ex->opens != 0 && ex->closes != 0 && ex->opens >= ex->closes)
		snprintf(err, errlen, "the exam would close before it opens");
	else
		ok = true;
	for (size_t i = 0; ok && i < ex->n_extra; i++)
		if (course_learner(c, ex->extra[i].learner) == NULL) {
			snprintf(err, errlen, "--extra-minutes names %.40s, who is not on the roster", ex->extra[i].learner);
			ok = false;
		}
	if (ok && !grow_array((void **)&c->exams, &(size_t){ c->n_exams }, c->n_exams + 1, sizeof *c->exams)) {
		snprintf(err, errlen, "out of memory");
		ok = false;
	}
	if (!ok) {
		course_exam_free(ex);
		return false;
	}
	c->exams[c->n_exams++] = *ex;
	memset(ex, 0, sizeof *ex);
	return true;
}


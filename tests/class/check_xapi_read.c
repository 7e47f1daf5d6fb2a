/* check_xapi_read.c - statements read back (xapi_read.c) give the class
 * report the figures the stores give: a generated class's stores turned
 * into statements, read as an LRS's page, and reported through
 * class_add_records(), item by item against class_read() over the
 * stores (no network: the LRS suite does the same over HTTP).  And what
 * the reader refuses, counts and replaces. */
#include <cJSON.h>

#include "paratutor/report/class.h"
#include "paratutor/base/strbuf.h"
#include "paratutor/report/xapi.h"
#include "paratutor/report/xapi_read.h"
#include "class_util.h"

#define EPS 1e-9
#define BASE "https://example.org/pt/"
#define LEARNERS 24

/* The records of learner k: every kind of outcome, wrong answers, an
 * earlier version, a removed item and an unknown lesson, varying with k. */
static size_t learner_records(int k, rec *out)
{
	static const char *const words[] = { "first_time", "with_hints", "retries", "failed", "open" };
	static const char *const wrong_f[] = { "batch", "sum" }, *const wrong_c[] = { "A", "C" };
	size_t n = 0;
	const char *w = words[k % 5];
	int attempts = k % 5 == 2 ? 2 + k % 2 : k % 5 == 3 ? 3 : 1, hints = k % 5 == 1 ? 1 + k % 2 : 0;
	out[n++] = (rec){ "hc", "f", w, attempts, hints, { k % 5 >= 2 ? wrong_f[k % 2] : NULL, NULL }, false, 10 + k };
	w = words[(k / 2) % 4];
	attempts = (k / 2) % 4 == 2 ? 2 : (k / 2) % 4 == 3 ? 3 : 1;
	out[n++] = (rec){ "hc", "c", w, attempts, (k / 2) % 4 == 1, { attempts > 1 ? wrong_c[k % 2] : NULL, NULL },
		k % 7 == 0, 20 };
	if (k % 3 != 0)
		out[n++] = (rec){ "hc", "m", k % 3 == 1 ? "first_time" : "retries", k % 3 == 1 ? 1 : 2, 0,
			{ k % 3 == 2 ? "Q" : NULL, NULL }, false, 30 };
	if (k % 4 != 1)
		out[n++] = (rec){ "g2", "one", k % 4 == 0 ? "first_time" : "retries", k % 4 == 0 ? 1 : 2, 0,
			{ k % 4 == 0 ? NULL : k % 4 == 2 ? "No" : "Maybe", NULL }, false, 5 };
	if (k % 2 == 0)
		out[n++] = (rec){ "g2", "two", k % 8 == 0 ? "retries" : "first_time", k % 8 == 0 ? 2 : 1, 0,
			{ k % 8 == 0 ? "c" : NULL, NULL }, false, 5 };
	if (k == 5)
		out[n++] = (rec){ "hc", "gone", "first_time", 1, 0, { NULL }, false, 5 };
	if (k == 6)
		out[n++] = (rec){ "zz", "q", "failed", 3, 1, { NULL }, false, 5 };
	return n;
}

/* Appends the statements of store path (learner name, an account) to arr. */
static void add_statements(cJSON *arr, const char *path, const pt_catalog *cat, const char *name)
{
	pt_open_report rep;
	pt_progress *p = progress_open_readonly(path, &rep);
	ck_assert_ptr_nonnull(p);
	ck_assert_msg(rep.loaded, "%s", rep.message);
	pt_xapi_options o = { NULL, "https://lms.example.org", name, BASE };
	char *out, err[256];
	size_t len;
	ck_assert_msg(xapi_statements(p, cat, &o, &out, &len, err, sizeof err), "%s", err);
	progress_close(p);
	cJSON *list = cJSON_Parse(out), *st;
	free(out);
	ck_assert_ptr_nonnull(list);
	while ((st = cJSON_DetachItemFromArray(list, 0)) != NULL)
		cJSON_AddItemToArray(arr, st);
	cJSON_Delete(list);
}

/* Reads page (a JSON text) into r, asserting it is one. */
static void read_page(pt_xapi_read *r, const char *page)
{
	char *more = NULL, why[256];
	ck_assert_msg(xapi_read_page(r, page, strlen(page), &more, why, sizeof why), "%s", why);
	free(more);
}

/* Makes a class from r's learners, as class --lrs does. */
static pt_class *class_of(const pt_catalog *cat, pt_xapi_read *r)
{
	ck_assert(xapi_read_finish(r));
	pt_class *c = class_new(cat, PT_CLASS_NAME_DIR);
	ck_assert_ptr_nonnull(c);
	pt_record recs[64];
	int scores[64];
	for (size_t i = 0; i < r->n;) {
		size_t j = i;
		while (j < r->n && strcmp(r->v[j].actor, r->v[i].actor) == 0)
			j++;
		ck_assert_uint_le(j - i, 64);
		for (size_t k = i; k < j; k++) {
			recs[k - i] = r->v[k].rec;
			scores[k - i] = r->v[k].score;
		}
		ck_assert(class_add_records(c, r->v[i].learner, r->v[i].actor, recs, scores, j - i));
		i = j;
	}
	ck_assert(class_finish(c));
	return c;
}

/* Asserts that two optional figures agree. */
static void same_figure(bool has_a, double a, bool has_b, double b, const char *what, const char *item)
{
	ck_assert_msg(has_a == has_b, "%s of %s: defined in one report only", what, item);
	if (has_a)
		ck_assert_msg(a - b < EPS && b - a < EPS, "%s of %s: %g from the stores, %g from the statements", what,
		    item, a, b);
}

START_TEST(same_figures_as_the_stores)
{
	pt_catalog cat = { 0 };
	write_lesson("hc", LESSON_HC);
	write_lesson("g2", LESSON_G2);
	load_lessons(&cat);
	cJSON *page = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(page, "statements");
	char path[512], name[32];
	for (int k = 0; k < LEARNERS; k++) {
		rec r[8];
		size_t n = learner_records(k, r);
		snprintf(name, sizeof name, "learner%02d", k);
		snprintf(path, sizeof path, "%s/class/%s/progress.json", dir, name);
		write_store(path, &cat, r, n);
		add_statements(arr, path, &cat, name);
	}
	snprintf(path, sizeof path, "%s/class", dir);
	pt_class *a = class_new(&cat, PT_CLASS_NAME_DIR);
	ck_assert(a != NULL && class_add_path(a, path) && class_read(a));
	char *text = cJSON_PrintUnformatted(page);
	pt_xapi_read r = { 0 };
	read_page(&r, text);
	free(text);
	cJSON_Delete(page);
	ck_assert_uint_eq(r.malformed, 0);
	pt_class *b = class_of(&cat, &r);
	ck_assert_uint_eq(a->n_learners, LEARNERS);
	ck_assert_uint_eq(b->n_learners, LEARNERS);
	ck_assert_uint_eq(a->n_lessons, b->n_lessons);
	size_t compared = 0;
	for (size_t li = 0; li < a->n_lessons; li++) {
		const pt_class_lesson *la = &a->lessons[li], *lb = &b->lessons[li];
		ck_assert_uint_eq(la->started, lb->started);
		ck_assert_uint_eq(la->completed, lb->completed);
		ck_assert_uint_eq(la->removed, lb->removed);
		ck_assert_double_eq_tol(la->mean_score, lb->mean_score, EPS);
		for (size_t L = 0; L < LEARNERS; L++)
			ck_assert_int_eq(class_score(a, L, li), class_score(b, L, li));
		for (size_t i = 0; i < la->n_items; i++) {
			const pt_class_item *x = &la->items[i], *y = &lb->items[i];
			const char *id = x->item->id.s;
			ck_assert_uint_eq(x->met, y->met);
			ck_assert_uint_eq(x->right, y->right);
			ck_assert_uint_eq(x->older, y->older);
			ck_assert_int_eq(x->attempts, y->attempts);
			ck_assert_int_eq(x->hints, y->hints);
			same_figure(x->has_facility_index, x->facility_index, y->has_facility_index, y->facility_index,
			    "facility index", id);
			same_figure(x->has_discrimination_index, x->discrimination_index, y->has_discrimination_index,
			    y->discrimination_index, "discrimination index", id);
			same_figure(x->has_efficiency, x->discriminative_efficiency, y->has_efficiency,
			    y->discriminative_efficiency, "discriminative efficiency", id);
			ck_assert_uint_eq(x->n_wrong, y->n_wrong);
			for (size_t o = 0; o < x->n_wrong; o++) {
				ck_assert_str_eq(x->wrong[o].text, y->wrong[o].text);
				ck_assert_int_eq(x->wrong[o].place, y->wrong[o].place);
				ck_assert_uint_eq(x->wrong[o].picks, y->wrong[o].picks);
			}
			compared += x->has_discrimination_index;
		}
	}
	ck_assert_uint_ge(compared, 4); /* the figures varied enough to be defined */
	ck_assert_uint_eq(a->n_unknown, 1);
	ck_assert_uint_eq(b->n_unknown, 1);
	class_free(a);
	class_free(b);
	xapi_read_free(&r);
	catalog_free(&cat);
}
END_TEST

/* A statement of item f of lesson hc by learner who, verb, stored at
 * stored, with attempts, hints and a raw score, as JSON text. */
static char *statement(const char *who, const char *verb, const char *stored, int attempts, int hints, int raw)
{
	char *s = malloc(2048);
	ck_assert_ptr_nonnull(s);
	snprintf(s, 2048, "{\"actor\":{\"mbox\":\"mailto:%s\"},\"verb\":{\"id\":\"http://adlnet.gov/expapi/verbs/%s\"},"
	    "\"object\":{\"id\":\"" BASE "hc/f\",\"definition\":{\"type\":"
	    "\"http://adlnet.gov/expapi/activities/cmi.interaction\"}},\"result\":{\"success\":%s,\"score\":{\"raw\":%d},"
	    "\"extensions\":{\"" BASE "extensions/attempts\":%d,\"" BASE "extensions/hints\":%d}},"
	    "\"context\":{\"platform\":\"paratutor\",\"contextActivities\":{\"parent\":[{\"id\":\"" BASE "hc\","
	    "\"definition\":{\"type\":\"http://adlnet.gov/expapi/activities/lesson\"}}]},"
	    "\"extensions\":{\"" BASE "extensions/item-version\":\"0123456789abcdef\"}},\"stored\":\"%s\"}",
	    who, verb, strcmp(verb, "passed") == 0 ? "true" : "false", raw, attempts, hints, stored);
	return s;
}

START_TEST(the_result_stored_last_counts)
{
	char *older = statement("ada@example.org", "answered", "2026-01-01T10:00:00.000Z", 1, 0, 0);
	char *newer = statement("ada@example.org", "passed", "2026-01-01T11:00:00.000Z", 2, 1, 75);
	char *other = statement("bob@example.org", "failed", "2026-01-01T09:00:00.000Z", 3, 0, 0);
	char page[8192];
	/* The older first: not the order an LRS lists them in, so "stored" decides. */
	snprintf(page, sizeof page, "{\"statements\":[%s,%s,%s]}", older, other, newer);
	pt_xapi_read r = { 0 };
	read_page(&r, page);
	ck_assert(xapi_read_finish(&r));
	ck_assert_uint_eq(r.statements, 3);
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.superseded, 1);
	ck_assert_str_eq(r.v[0].learner, "ada@example.org");
	ck_assert_int_eq(r.v[0].rec.outcome, PT_OUTCOME_RETRIES);
	ck_assert_int_eq(r.v[0].rec.attempts, 2);
	ck_assert_int_eq(r.v[0].rec.hints, 1);
	ck_assert_int_eq(r.v[0].score, 75);
	ck_assert_uint_eq(r.v[0].rec.hash, 0x0123456789abcdefULL);
	ck_assert_str_eq(r.v[0].rec.lesson, "hc");
	ck_assert_str_eq(r.v[0].rec.item, "f");
	ck_assert_str_eq(r.v[1].learner, "bob@example.org");
	ck_assert_int_eq(r.v[1].rec.outcome, PT_OUTCOME_FAILED);
	xapi_read_free(&r);
	free(older);
	free(newer);
	free(other);
}
END_TEST

START_TEST(cheats_and_damage_are_skipped)
{
	/* Each is the good statement with one thing wrong: a pass with no
	 * check, a score over 100, a success that contradicts the verb, a
	 * version that is not 16 hex digits, an item id that decodes to a NUL
	 * or a slash, a place past any item's. */
	static const char *const bad[][2] = {
		{ "\"" BASE "extensions/attempts\":2", "\"" BASE "extensions/attempts\":0" },
		{ "\"raw\":75", "\"raw\":101" },
		{ "\"success\":true", "\"success\":false" },
		{ "0123456789abcdef", "0123456789abcdeg" },
		{ "hc/f\",", "hc/f%00\"," },
		{ "hc/f\",", "hc/f/g\"," },
		{ "\"" BASE "extensions/hints\":1", "\"" BASE "extensions/hints\":1,\"" BASE
		    "extensions/wrong-answers\":[{\"answer\":\"x\",\"blank\":1000}]" },
	};
	char *good = statement("ada@example.org", "passed", "2026-01-01T11:00:00.000Z", 2, 1, 75);
	pt_strbuf page = { 0 };
	strbuf_printf(&page, "{\"statements\":[");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *at = strstr(good, bad[i][0]);
		ck_assert_msg(at != NULL, "case %zu", i);
		strbuf_printf(&page, "%.*s%s%s,", (int)(at - good), good, bad[i][1], at + strlen(bad[i][0]));
	}
	strbuf_printf(&page, "%s,7,\"text\",{}]}", good);
	ck_assert(!page.failed);
	pt_xapi_read r = { 0 };
	read_page(&r, page.s);
	ck_assert(xapi_read_finish(&r));
	ck_assert_uint_eq(r.statements, sizeof bad / sizeof bad[0] + 4);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(r.malformed, sizeof bad / sizeof bad[0] + 3);
	xapi_read_free(&r);
	/* Not a list of statements: refused whole, with why. */
	static const char *const not_pages[] = { "", "[]", "{}", "{\"statements\":{}}",
		"{\"statements\":[],\"more\":7}", "{\"statements\":[],\"more\":\"/x y\"}" };
	for (size_t i = 0; i < sizeof not_pages / sizeof not_pages[0]; i++) {
		char *more = NULL, why[256] = "";
		ck_assert_msg(!xapi_read_page(&r, not_pages[i], strlen(not_pages[i]), &more, why, sizeof why), "%s",
		    not_pages[i]);
		ck_assert_ptr_null(more);
		ck_assert(why[0] != '\0');
	}
	xapi_read_free(&r);
	free(page.s);
	free(good);
}
END_TEST

/* Builds the suite. */
static Suite *xapi_read_suite(void)
{
	Suite *s = suite_create("xapi_read");
	TCase *tc = tcase_create("xapi_read");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, same_figures_as_the_stores);
	tcase_add_test(tc, the_result_stored_last_counts);
	tcase_add_test(tc, cheats_and_damage_are_skipped);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(xapi_read_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

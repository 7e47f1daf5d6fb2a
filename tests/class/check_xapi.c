/* check_xapi.c - version 5 UUIDs against Python's, and the xAPI
 * statements of a progress store: their values, their order, and ids that
 * stay the same for the same record (and as they were before libuuid made
 * them) and change with it. */
#include <cJSON.h>
#include <uuid/uuid.h>

#include "paratutor/report/xapi.h"
#include "class_util.h"

#define EPS 1e-9
#define BASE "https://example.org/pt"

START_TEST(uuid_v5_vectors)
{
	/* libuuid's version 5 UUIDs as Python's uuid.uuid5 gives them. */
	uuid_t dns, url, u;
	char text[37];
	ck_assert_int_eq(uuid_parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8", dns), 0);
	ck_assert_int_eq(uuid_parse("6BA7B811-9DAD-11D1-80B4-00C04FD430C8", url), 0);
	uuid_generate_sha1(u, dns, "python.org", 10);
	uuid_unparse_lower(u, text);
	ck_assert_str_eq(text, "886313e1-3b8a-5372-9b90-0c9aee199e5d");
	uuid_generate_sha1(u, url, "https://example.org/", 20);
	uuid_unparse_lower(u, text);
	ck_assert_str_eq(text, "527dda32-a0de-5105-a042-cb475b5f7d11");
}
END_TEST

/* Reads the statements of the store at p for options o (parsed). */
static cJSON *statements(const char *p, const pt_catalog *cat, const pt_xapi_options *o, char **text)
{
	pt_open_report rep;
	pt_progress *s = progress_open_readonly(p, &rep);
	ck_assert_ptr_nonnull(s);
	ck_assert_msg(rep.loaded, "%s", rep.message);
	char err[256];
	size_t len;
	char *out;
	ck_assert_msg(xapi_statements(s, cat, o, &out, &len, err, sizeof err), "%s", err);
	ck_assert_uint_eq(strlen(out), len);
	ck_assert_int_eq(out[len - 1], '\n');
	progress_close(s);
	cJSON *arr = cJSON_Parse(out);
	ck_assert_ptr_nonnull(arr);
	if (text != NULL)
		*text = out;
	else
		free(out);
	return arr;
}

/* Returns the string at a dotted path of object o ("a.b.c"), or NULL. */
static const char *str_at(const cJSON *o, const char *path)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", path);
	for (char *part = strtok(buf, "."); o != NULL && part != NULL; part = strtok(NULL, "."))
		o = cJSON_GetObjectItemCaseSensitive(o, part);
	return cJSON_IsString(o) ? o->valuestring : NULL;
}

/* Returns member a of o, or member b of that when b is not NULL. */
static const cJSON *at(const cJSON *o, const char *a, const char *b)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);
	return b ? cJSON_GetObjectItemCaseSensitive(x, b) : x;
}

/* Returns the result extension named name of statement st. */
static const cJSON *extension(const cJSON *st, const char *name)
{
	char key[128];
	snprintf(key, sizeof key, BASE "/extensions/%s", name);
	return cJSON_GetObjectItemCaseSensitive(at(st, "result", "extensions"), key);
}

/* Asserts that s is a version 5, RFC 4122 variant UUID. */
static void is_v5(const char *s)
{
	uuid_t u;
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(uuid_parse(s, u), 0);
	ck_assert_int_eq(u[6] >> 4, 5);
	ck_assert_int_eq(u[8] >> 6, 2);
}

static const rec open_store[] = {
	{ "hc", "m", "open", 1, 0, { "Q", NULL }, false, 10 },
	{ "hc", "f", "first_time", 1, 0, { NULL }, false, 30 },
	{ "hc", "c", "retries", 2, 0, { "A", NULL }, false, 20 },
	{ "hc", "gone", "first_time", 1, 0, { NULL }, false, 5 },
	{ "hc", "seen", "open", 0, 1, { NULL }, false, 5 },
	{ "zz", "q", "failed", 3, 1, { NULL }, false, 40 },
};

static const pt_xapi_options ada = { "mailto:ada@example.org", NULL, NULL, BASE };

START_TEST(statement_values)
{
	pt_catalog cat = { 0 };
	write_lesson("hc", LESSON_HC);
	load_lessons(&cat);
	char p[512];
	snprintf(p, sizeof p, "%s/s/progress.json", dir);
	write_store(p, &cat, open_store, sizeof open_store / sizeof open_store[0]);
	cJSON *arr = statements(p, &cat, &ada, NULL);
	/* f, c, m in lesson order, then the removed item, then zz; the item
	 * only seen (no check) makes none; m is open, so no completed. */
	ck_assert_int_eq(cJSON_GetArraySize(arr), 5);
	static const char *const ids[] = { BASE "/hc/f", BASE "/hc/c", BASE "/hc/m", BASE "/hc/gone", BASE "/zz/q" };
	static const char *const verbs[] = { "passed", "passed", "answered", "passed", "failed" };
	for (int i = 0; i < 5; i++) {
		cJSON *st = cJSON_GetArrayItem(arr, i);
		ck_assert_str_eq(str_at(st, "object.id"), ids[i]);
		char verb[80];
		snprintf(verb, sizeof verb, "http://adlnet.gov/expapi/verbs/%s", verbs[i]);
		ck_assert_str_eq(str_at(st, "verb.id"), verb);
		ck_assert_str_eq(str_at(st, "verb.display.en"), verbs[i]);
		ck_assert_str_eq(str_at(st, "actor.mbox"), "mailto:ada@example.org");
		ck_assert_str_eq(str_at(st, "object.definition.type"), "http://adlnet.gov/expapi/activities/cmi.interaction");
		is_v5(str_at(st, "id"));
		is_v5(str_at(st, "context.registration"));
	}
	cJSON *f = cJSON_GetArrayItem(arr, 0), *c = cJSON_GetArrayItem(arr, 1), *m = cJSON_GetArrayItem(arr, 2);
	cJSON *gone = cJSON_GetArrayItem(arr, 3), *zz = cJSON_GetArrayItem(arr, 4);
	/* f: right first time. */
	ck_assert(cJSON_IsTrue(at(f, "result", "success")) && cJSON_IsTrue(at(f, "result", "completion")));
	ck_assert_double_eq_tol(at(at(f, "result", "score"), "scaled", NULL)->valuedouble, 1.0, EPS);
	ck_assert_str_eq(str_at(f, "result.response"), "split");
	ck_assert_str_eq(str_at(f, "result.duration"), "PT30S");
	ck_assert_int_eq(extension(f, "attempts")->valueint, 1);
	ck_assert_int_eq(extension(f, "hints")->valueint, 0);
	ck_assert_str_eq(str_at(f, "object.definition.interactionType"), "fill-in");
	ck_assert_str_eq(str_at(f, "object.definition.name.en"), "Divide the data.");
	ck_assert_str_eq(cJSON_GetArrayItem(at(at(f, "object", "definition"), "correctResponsesPattern", NULL), 0)->valuestring,
	    "split");
	ck_assert_str_eq(str_at(f, "timestamp"), "2023-11-14T22:13:21Z"); /* record 1 of the store: T0 + 1 */
	cJSON *parent = cJSON_GetArrayItem(at(at(f, "context", "contextActivities"), "parent", NULL), 0);
	ck_assert_str_eq(str_at(parent, "id"), BASE "/hc");
	ck_assert_str_eq(str_at(parent, "definition.name.en"), "Hand count");
	/* c: right on the second check: 75. */
	ck_assert_double_eq_tol(at(at(c, "result", "score"), "scaled", NULL)->valuedouble, 0.75, EPS);
	ck_assert_int_eq(at(at(c, "result", "score"), "raw", NULL)->valueint, 75);
	ck_assert_str_eq(str_at(c, "result.response"), "b");
	ck_assert_str_eq(str_at(c, "object.definition.interactionType"), "choice");
	ck_assert_int_eq(cJSON_GetArraySize(at(at(c, "object", "definition"), "choices", NULL)), 3);
	ck_assert_int_eq(extension(c, "attempts")->valueint, 2);
	/* m: one wrong check so far. */
	ck_assert(cJSON_IsFalse(at(m, "result", "success")) && cJSON_IsFalse(at(m, "result", "completion")));
	ck_assert_ptr_null(at(m, "result", "score"));
	ck_assert_ptr_null(at(m, "result", "response"));
	/* The removed item and the unknown lesson: named by their ids. */
	ck_assert_str_eq(str_at(gone, "object.definition.interactionType"), "other");
	ck_assert_str_eq(str_at(gone, "object.definition.name.en"), "gone");
	ck_assert_ptr_null(at(gone, "result", "score"));
	ck_assert(cJSON_IsFalse(at(zz, "result", "success")) && cJSON_IsTrue(at(zz, "result", "completion")));
	ck_assert_int_eq(extension(zz, "hints")->valueint, 1);
	ck_assert_str_eq(str_at(zz, "result.duration"), "PT40S");
	/* The ids as the hand-written SHA-1 made them before libuuid did:
	 * a store reported again gives the same statements. */
	ck_assert_str_eq(str_at(f, "id"), "57a50c52-a3d7-5b64-abc0-9c0afc272b68");
	ck_assert_str_eq(str_at(f, "context.registration"), "6168a793-0934-52a8-93b5-0c4287180a8d");
	ck_assert_str_eq(str_at(zz, "id"), "9a3adb99-b7ef-5a55-83d2-0c92f406cb8a");
	/* One registration per lesson attempt. */
	ck_assert_str_eq(str_at(f, "context.registration"), str_at(m, "context.registration"));
	ck_assert_str_eq(str_at(f, "context.registration"), str_at(gone, "context.registration"));
	ck_assert_str_ne(str_at(f, "context.registration"), str_at(zz, "context.registration"));
	cJSON_Delete(arr);
	catalog_free(&cat);
}
END_TEST

START_TEST(completed_lesson)
{
	static const rec done[] = {
		{ "hc", "f", "first_time", 1, 0, { NULL }, false, 30 },
		{ "hc", "c", "retries", 2, 0, { "A", NULL }, false, 20 },
		{ "hc", "m", "with_hints", 1, 1, { NULL }, false, 10 },
	};
	pt_catalog cat = { 0 };
	write_lesson("hc", LESSON_HC);
	load_lessons(&cat);
	char p[512];
	snprintf(p, sizeof p, "%s/s/progress.json", dir);
	write_store(p, &cat, done, 3);
	pt_xapi_options acc = { NULL, "https://lms.example.org", "ada", BASE "/" };
	cJSON *arr = statements(p, &cat, &acc, NULL);
	ck_assert_int_eq(cJSON_GetArraySize(arr), 4);
	cJSON *st = cJSON_GetArrayItem(arr, 3);
	ck_assert_str_eq(str_at(st, "verb.id"), "http://adlnet.gov/expapi/verbs/completed");
	ck_assert_str_eq(str_at(st, "object.id"), BASE "/hc");
	ck_assert_str_eq(str_at(st, "object.definition.type"), "http://adlnet.gov/expapi/activities/lesson");
	/* (100 + 75 + 90) / 3 = 88, as the menu shows it. */
	ck_assert_int_eq(at(at(st, "result", "score"), "raw", NULL)->valueint, 88);
	ck_assert_double_eq_tol(at(at(st, "result", "score"), "scaled", NULL)->valuedouble, 0.88, EPS);
	ck_assert_str_eq(str_at(st, "result.duration"), "PT60S");
	ck_assert_str_eq(str_at(st, "actor.account.homePage"), "https://lms.example.org");
	ck_assert_str_eq(str_at(st, "actor.account.name"), "ada");
	ck_assert_str_eq(str_at(st, "context.registration"), str_at(cJSON_GetArrayItem(arr, 0), "context.registration"));
	ck_assert_str_eq(str_at(cJSON_GetArrayItem(arr, 2), "object.id"), BASE "/hc/m");
	cJSON_Delete(arr);
	catalog_free(&cat);
}
END_TEST

/* Returns the ids of the statements in arr as one string (caller frees). */
static char *ids_of(const cJSON *arr)
{
	char *out = calloc(1, 64 * (size_t)(cJSON_GetArraySize(arr) + 1));
	const cJSON *st;
	cJSON_ArrayForEach(st, arr)
	{
		strcat(out, str_at(st, "id"));
		strcat(out, " ");
	}
	return out;
}

START_TEST(ids_are_deterministic)
{
	pt_catalog cat = { 0 };
	write_lesson("hc", LESSON_HC);
	load_lessons(&cat);
	char p[512], *first, *second;
	snprintf(p, sizeof p, "%s/s/progress.json", dir);
	size_t n = sizeof open_store / sizeof open_store[0];
	write_store(p, &cat, open_store, n);
	cJSON *a = statements(p, &cat, &ada, &first);
	cJSON *b = statements(p, &cat, &ada, &second);
	ck_assert_str_eq(first, second); /* the same store, byte for byte */
	free(first);
	free(second);
	/* Another check on m changes m's statement and no other. */
	rec changed[sizeof open_store / sizeof open_store[0]];
	memcpy(changed, open_store, sizeof changed);
	changed[0].attempts = 2;
	write_store(p, &cat, changed, n);
	cJSON *c = statements(p, &cat, &ada, NULL);
	for (int i = 0; i < 5; i++) {
		const char *x = str_at(cJSON_GetArrayItem(a, i), "id"), *y = str_at(cJSON_GetArrayItem(c, i), "id");
		if (i == 2)
			ck_assert_str_ne(x, y);
		else
			ck_assert_str_eq(x, y);
	}
	/* Another learner, or another activity base, gets other ids. */
	pt_xapi_options bob = ada, elsewhere = ada;
	bob.mbox = "mailto:bob@example.org";
	elsewhere.activity_base = "https://example.net/pt/";
	cJSON *d = statements(p, &cat, &bob, NULL), *e = statements(p, &cat, &elsewhere, NULL);
	char *ic = ids_of(c), *id = ids_of(d), *ie = ids_of(e);
	for (int i = 0; i < 5; i++) {
		ck_assert(strstr(id, str_at(cJSON_GetArrayItem(c, i), "id")) == NULL);
		ck_assert(strstr(ie, str_at(cJSON_GetArrayItem(c, i), "id")) == NULL);
	}
	free(ic);
	free(id);
	free(ie);
	cJSON_Delete(a);
	cJSON_Delete(b);
	cJSON_Delete(c);
	cJSON_Delete(d);
	cJSON_Delete(e);
	catalog_free(&cat);
}
END_TEST

START_TEST(response_of_blanks_sharing_an_answer)
{
	static const rec solved[] = { { "sh", "f", "first_time", 1, 0, { NULL }, false, 3 } };
	pt_catalog cat = { 0 };
	write_lesson("sh", "{'format':1,'id':'sh','title':'Shared','summary':'s','items':["
	    "{'id':'f','kind':'fill','difficulty':'easy','prompt':'Fill all three.','code':'{{1}} {{2}} {{3}}',"
	    "'bank':['the-longest-answer-of-all','x'],'blanks':[{'accept':['the-longest-answer-of-all']},"
	    "{'accept':['the-longest-answer-of-all']},{'accept':['the-longest-answer-of-all']}],"
	    "'hints':['h'],'explanation':'e'}]}");
	load_lessons(&cat);
	char p[512];
	snprintf(p, sizeof p, "%s/s/progress.json", dir);
	write_store(p, &cat, solved, 1);
	cJSON *arr = statements(p, &cat, &ada, NULL);
	ck_assert_str_eq(str_at(cJSON_GetArrayItem(arr, 0), "result.response"),
	    "the-longest-answer-of-all[,]the-longest-answer-of-all[,]the-longest-answer-of-all");
	cJSON_Delete(arr);
	catalog_free(&cat);
}
END_TEST

/* Every interaction type carries its correct-response pattern where xAPI
 * has one: a numeric range, sequencing (the steps' ids in order, with the
 * steps as choices), matching (source[.]target pairs, with both lists) and
 * fill-in (each accepted text answer); the responses of solved items take
 * the same forms. */
START_TEST(patterns_of_every_kind)
{
	static const rec solved[] = {
		{ "fixture-kinds", "adam-bytes", "first_time", 1, 0, { NULL }, false, 3 },
		{ "fixture-kinds", "sampler-name", "first_time", 1, 0, { NULL }, false, 3 },
		{ "fixture-kinds", "strategy-fit", "first_time", 1, 0, { NULL }, false, 3 },
		{ "fixture-kinds", "ring-phases", "first_time", 1, 0, { NULL }, false, 3 },
	};
	pt_catalog cat = { 0 };
	const char *why = NULL;
	char src[512];
	snprintf(src, sizeof src, "%s/tests/fixtures/good/format2/kinds.json", getenv("PT_SRCDIR") ? getenv("PT_SRCDIR") : ".");
	ck_assert_msg(catalog_add_path(&cat, src, false, &why), "%s", why);
	ck_assert(cat.n == 1 && !cat.v[0].broken);
	char p[512];
	snprintf(p, sizeof p, "%s/k/progress.json", dir);
	write_store(p, &cat, solved, 4);
	cJSON *arr = statements(p, &cat, &ada, NULL);
	ck_assert_int_eq(cJSON_GetArraySize(arr), 4);
	cJSON *num = NULL, *text = NULL, *match = NULL, *order = NULL, *st;
	cJSON_ArrayForEach(st, arr) {
		const char *id = str_at(st, "object.id");
		if (strstr(id, "/adam-bytes"))
			num = st;
		else if (strstr(id, "/sampler-name"))
			text = st;
		else if (strstr(id, "/strategy-fit"))
			match = st;
		else if (strstr(id, "/ring-phases"))
			order = st;
	}
	ck_assert(num && text && match && order);
	const cJSON *pattern;
	ck_assert_str_eq(str_at(num, "object.definition.interactionType"), "numeric");
	pattern = at(at(num, "object", "definition"), "correctResponsesPattern", NULL);
	ck_assert_str_eq(cJSON_GetArrayItem(pattern, 0)->valuestring, "16[:]16");
	ck_assert_str_eq(str_at(num, "result.response"), "16");
	ck_assert_str_eq(str_at(text, "object.definition.interactionType"), "fill-in");
	pattern = at(at(text, "object", "definition"), "correctResponsesPattern", NULL);
	ck_assert_int_eq(cJSON_GetArraySize(pattern), 2);
	ck_assert_str_eq(cJSON_GetArrayItem(pattern, 0)->valuestring, "DistributedSampler");
	ck_assert_str_eq(cJSON_GetArrayItem(pattern, 1)->valuestring, "torch.utils.data.DistributedSampler");
	ck_assert_str_eq(str_at(text, "result.response"), "DistributedSampler");
	ck_assert_str_eq(str_at(match, "object.definition.interactionType"), "matching");
	const cJSON *def = at(match, "object", "definition");
	ck_assert_int_eq(cJSON_GetArraySize(at(def, "source", NULL)), 2);
	ck_assert_int_eq(cJSON_GetArraySize(at(def, "target", NULL)), 3);
	/* Each pair's target is the bank entry whose text is its right answer. */
	const char *want[] = { "Data parallelism", "Tensor parallelism" };
	char expect[64];
	size_t t1 = 0, t2 = 0;
	for (int k = 0; k < 3; k++) {
		const char *d = str_at(cJSON_GetArrayItem(at(def, "target", NULL), k), "description.en-US");
		if (d == NULL)
			d = str_at(cJSON_GetArrayItem(at(def, "target", NULL), k), "description.en");
		if (d != NULL && strcmp(d, want[0]) == 0)
			t1 = (size_t)k + 1;
		if (d != NULL && strcmp(d, want[1]) == 0)
			t2 = (size_t)k + 1;
	}
	ck_assert(t1 > 0 && t2 > 0);
	snprintf(expect, sizeof expect, "s1[.]t%zu[,]s2[.]t%zu", t1, t2);
	ck_assert_str_eq(cJSON_GetArrayItem(at(def, "correctResponsesPattern", NULL), 0)->valuestring, expect);
	ck_assert_str_eq(str_at(order, "object.definition.interactionType"), "sequencing");
	def = at(order, "object", "definition");
	ck_assert_int_eq(cJSON_GetArraySize(at(def, "choices", NULL)), 3);
	ck_assert_str_eq(cJSON_GetArrayItem(at(def, "correctResponsesPattern", NULL), 0)->valuestring,
	    "step1[,]step2[,]step3");
	ck_assert_str_eq(str_at(order, "result.response"), "step1[,]step2[,]step3");
	cJSON_Delete(arr);
	catalog_free(&cat);
}
END_TEST

START_TEST(options_are_checked)
{
	char err[256];
	pt_xapi_options o = { NULL, NULL, NULL, NULL };
	ck_assert(!xapi_check_options(&o, err, sizeof err));
	ck_assert(strstr(err, "give --actor mailto:ADDRESS or --actor-account HOMEPAGE,NAME") != NULL);
	o.mbox = "ada@example.org";
	ck_assert(!xapi_check_options(&o, err, sizeof err));
	ck_assert(strstr(err, "--actor takes mailto:ADDRESS") != NULL);
	o.mbox = "mailto:ada@example.org";
	ck_assert(xapi_check_options(&o, err, sizeof err));
	o.account_home = "https://lms.example.org";
	o.account_name = "ada";
	ck_assert(!xapi_check_options(&o, err, sizeof err));
	ck_assert(strstr(err, "not both") != NULL);
	o.mbox = NULL;
	ck_assert(xapi_check_options(&o, err, sizeof err));
	o.account_home = "lms.example.org";
	ck_assert(!xapi_check_options(&o, err, sizeof err));
	o.account_home = "https://lms.example.org";
	o.account_name = "";
	ck_assert(!xapi_check_options(&o, err, sizeof err));
	o.account_name = "ada";
	o.activity_base = "not an iri";
	ck_assert(!xapi_check_options(&o, err, sizeof err));
	ck_assert(strstr(err, "--activity-base takes an IRI") != NULL);
}
END_TEST

/* Builds the suite. */
static Suite *xapi_suite(void)
{
	Suite *s = suite_create("xapi");
	TCase *tc = tcase_create("xapi");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, uuid_v5_vectors);
	tcase_add_test(tc, statement_values);
	tcase_add_test(tc, completed_lesson);
	tcase_add_test(tc, ids_are_deterministic);
	tcase_add_test(tc, response_of_blanks_sharing_an_answer);
	tcase_add_test(tc, options_are_checked);
	tcase_add_test(tc, patterns_of_every_kind);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(xapi_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_rules.c - the item's version field, and the writing rules --check
 * enforces on every lesson (lint_rules.c): choose-N wording, qualified API
 * names, the precision of numeric keys, hints that leave one option, and
 * stems that spell the key. */
#include "paratutor/lint.h"
#include "testutil.h"

/* Loads single-quoted JSON (' for "), validates it and returns every
 * diagnostic as "error: message" or "warning: message", a line each
 * (caller frees); NULL when the lesson did not load. */
static char *diags_of(const char *squoted)
{
	size_t n = strlen(squoted);
	char *json = malloc(n + 1);
	ck_assert_ptr_nonnull(json);
	for (size_t i = 0; i <= n; i++)
		json[i] = squoted[i] == '\'' ? '"' : squoted[i];
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("t.json", json, n, &d);
	if (l != NULL)
		validate_lesson(l, &d);
	size_t cap = 1, used = 0;
	for (size_t i = 0; i < d.n; i++)
		cap += strlen(d.v[i].message) + 16;
	char *out = calloc(cap, 1);
	ck_assert_ptr_nonnull(out);
	for (size_t i = 0; i < d.n; i++)
		used += (size_t)snprintf(out + used, cap - used, "%s: %s\n",
		    d.v[i].severity == PT_ERROR ? "error" : d.v[i].severity == PT_WARNING ? "warning" : "note",
		    d.v[i].message);
	diags_free(&d);
	if (l != NULL)
		lesson_free(l);
	free(json);
	return out;
}

#define HEAD(fmt) "{'format':" fmt ",'id':'l','title':'T','summary':'s','items':["
#define TAIL "]}"
/* A choice item with extra fields X (each ending in a comma). */
#define CHOICE_X(x) \
	"{'id':'a','kind':'choice','difficulty':'easy','prompt':'p','hints':['h'],'explanation':'e'," x \
	"'options':[{'text':'right','correct':true},{'text':'wrong','feedback':'f'},{'text':'other','feedback':'f'}]}"

/* version: a whole number of 1 or more, format 2 only, 1 when absent. */
START_TEST(test_version_field)
{
	pt_lesson *l = test_lesson("{\"format\":2,\"id\":\"l\",\"title\":\"T\",\"summary\":\"s\",\"items\":["
	    "{\"id\":\"a\",\"kind\":\"text\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"hints\":[\"h\"],"
	    "\"explanation\":\"e\",\"accept\":[\"x1\"],\"version\":3},"
	    "{\"id\":\"b\",\"kind\":\"text\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"hints\":[\"h\"],"
	    "\"explanation\":\"e\",\"accept\":[\"x1\"]}]}");
	ck_assert_int_eq(l->items[0].version, 3);
	ck_assert_int_eq(l->items[1].version, 1);
	lesson_free(l);
	char *w = diags_of(HEAD("2") CHOICE_X("'version':0,") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: \"version\" must be 1 or more"));
	free(w);
	w = diags_of(HEAD("2") CHOICE_X("'version':1.5,") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: \"version\" must be a whole number"));
	free(w);
	w = diags_of(HEAD("2") CHOICE_X("'version':'2',") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: "));
	free(w);
	w = diags_of(HEAD("1") CHOICE_X("'version':2,") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: \"version\" needs \"format\": 2"));
	free(w);
}
END_TEST

static Suite *rules_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc = tcase_create("rules");
	tcase_add_test(tc, test_version_field);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(rules_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

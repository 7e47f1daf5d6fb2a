/* check_places.c - wrong answers at their places: learners answer through
 * the grading state machine and the progress store (as the tutor does),
 * then the class report and the learner's own misconception counts are
 * read back.  A two-blank fill where the same wrong option has another
 * feedback in each blank, a match, an order, a numeric and a text item. */
#include <cJSON.h>

#include "paratutor/report/class.h"
#include "paratutor/report/xapi.h"
#include "class_util.h"

/* Lesson pl, in single quotes for ". */
#define LESSON_PL \
	"{'format':2,'id':'pl','title':'Places','summary':'s','attempts':3,'items':[" \
	"{'id':'two','kind':'fill','difficulty':'easy','prompt':'Move it.','code':'x.{{1}}(torch.cuda.{{2}}())'," \
	"'bank':['to_device','device_list','devices','cpu']," \
	"'blanks':[{'accept':['to_device'],'feedback':{'devices':'fb-dev1','device_list':'fb-list1'}}," \
	"{'accept':['device_list'],'feedback':{'devices':'fb-dev2','to_device':'fb-to2'}}]," \
	"'hints':['h'],'explanation':'e'}," \
	"{'id':'mat','kind':'match','difficulty':'easy','prompt':'Match.'," \
	"'pairs':[{'left':'huge data','right':'DP','feedback':{'TP':'fb-tp','EP':'fb-ep'}}," \
	"{'left':'huge layer','right':'TP','feedback':{'DP':'fb-dp1','EP':'fb-ep1'}}],'distractors':['EP']," \
	"'hints':['h'],'explanation':'e'}," \
	"{'id':'ord','kind':'order','difficulty':'easy','prompt':'Order.'," \
	"'steps':[{'text':'split'},{'text':'reduce-scatter','feedback':'fb-rs'},{'text':'all-gather','feedback':'fb-ag'}]," \
	"'hints':['h'],'explanation':'e'}," \
	"{'id':'num','kind':'numeric','difficulty':'easy','prompt':'How many?','answer':{'value':1048576}," \
	"'wrong':[{'value':65536,'feedback':'fb-64k'}],'hints':['h'],'explanation':'e'}," \
	"{'id':'txt','kind':'text','difficulty':'easy','prompt':'Which backend?','accept':['NCCL']," \
	"'wrong':[{'answer':'gloo','feedback':'fb-gloo'}],'hints':['h'],'explanation':'e'}]}"

/* One learner's answers: per item, the first check's answer (bank
 * options per slot for fill, match and order; typed text for numeric and
 * text); NULL entries leave an item unanswered. */
typedef struct answers {
	const char *name;
	const char *two[2];
	const char *mat[2];
	const char *ord[3];
	const char *num;
	const char *txt;
} answers;

static const answers class_pl[] = {
	{ "ann", { "to_device", "devices" }, { "TP", "DP" }, { "reduce-scatter", "split", "all-gather" }, "65536", "gloo" },
	{ "ben", { "to_device", "devices" }, { "DP", "TP" }, { "split", "all-gather", "reduce-scatter" }, "512", "mpi" },
	{ "cat", { "devices", "cpu" }, { "EP", "TP" }, { "split", "reduce-scatter", "all-gather" }, "65536", "NCCL" },
};

/* Puts the bank options named in slots into g's slots. */
static void place(pt_grade *g, const char *const *slots, int n)
{
	for (int b = 0; b < n; b++) {
		int o = lesson_bank_find(g->item, slots[b]);
		ck_assert_msg(o >= 0, "no bank option %s", slots[b]);
		ck_assert_int_eq(grade_fill(g, b, o), PT_GRADE_OK);
	}
}

/* Checks g once with the answer set and records it. */
static void check_and_record(pt_progress *p, const pt_lesson *l, pt_grade *g, long t)
{
	ck_assert_int_eq(grade_check(g), PT_GRADE_OK);
	ck_assert(progress_record_item(p, l, g->item, g, (time_t)t));
}

/* Plays learner a through lesson l into dir/class/NAME/progress.json. */
static void play(const pt_lesson *l, const answers *a)
{
	char path[512], err[256];
	snprintf(path, sizeof path, "%s/class/%s/progress.json", dir, a->name);
	write_file(path, "{\"format\":1,\"lessons\":{}}\n");
	pt_open_report rep;
	pt_progress *p = progress_open(path, T0, &rep);
	ck_assert_ptr_nonnull(p);
	pt_grade g;
	grade_init(&g, &l->items[0]);
	place(&g, a->two, 2);
	check_and_record(p, l, &g, T0 + 1);
	grade_init(&g, &l->items[1]);
	place(&g, a->mat, 2);
	check_and_record(p, l, &g, T0 + 2);
	grade_init(&g, &l->items[2]);
	place(&g, a->ord, 3);
	check_and_record(p, l, &g, T0 + 3);
	grade_init(&g, &l->items[3]);
	ck_assert_int_eq(grade_type(&g, a->num), PT_GRADE_OK);
	check_and_record(p, l, &g, T0 + 4);
	grade_init(&g, &l->items[4]);
	ck_assert_int_eq(grade_type(&g, a->txt), PT_GRADE_OK);
	check_and_record(p, l, &g, T0 + 5);
	ck_assert_msg(progress_save(p, err, sizeof err), "%s", err);
	progress_close(p);
}

/* Writes the lesson, plays the class and reads it. */
static pt_class *places_class(pt_catalog *cat)
{
	write_lesson("pl", LESSON_PL);
	load_lessons(cat);
	const pt_lesson *l = catalog_find(cat, "pl")->lesson;
	for (size_t i = 0; i < sizeof class_pl / sizeof class_pl[0]; i++)
		play(l, &class_pl[i]);
	pt_class *c = class_new(cat, PT_CLASS_NAME_DIR);
	ck_assert_ptr_nonnull(c);
	char p[512];
	snprintf(p, sizeof p, "%s/class", dir);
	ck_assert(class_add_path(c, p));
	ck_assert(class_read(c));
	ck_assert_uint_eq(c->n_learners, 3);
	return c;
}

/* Returns the wrong answer text at place of item id, or NULL. */
static const pt_class_option *at(const pt_class *c, const char *id, int place, const char *text)
{
	const pt_class_item *ci = class_item(class_lesson(c, "pl"), id);
	ck_assert_ptr_nonnull(ci);
	for (size_t i = 0; i < ci->n_wrong; i++)
		if (ci->wrong[i].place == place && strcmp(ci->wrong[i].text, text) == 0)
			return &ci->wrong[i];
	return NULL;
}

/* Asserts the wrong answer's picks and feedback. */
static void picked(const pt_class *c, const char *id, int place, const char *text, size_t picks, const char *fb)
{
	const pt_class_option *op = at(c, id, place, text);
	ck_assert_msg(op != NULL, "%s: no \"%s\" at place %d", id, text, place);
	ck_assert_uint_eq(op->picks, picks);
	if (fb == NULL)
		ck_assert_ptr_null(op->feedback);
	else
		ck_assert_str_eq(op->feedback, fb);
}

START_TEST(fill_and_match_picks_count_at_their_place)
{
	pt_catalog cat = { 0 };
	pt_class *c = places_class(&cat);
	/* Two learners put devices in blank 2: blank 2's feedback, not blank 1's. */
	picked(c, "two", 2, "devices", 2, "fb-dev2");
	picked(c, "two", 1, "devices", 1, "fb-dev1");
	picked(c, "two", 2, "cpu", 1, NULL);
	/* A blank's own right answer is never a wrong answer there. */
	ck_assert_ptr_null(at(c, "two", 1, "to_device"));
	ck_assert_ptr_null(at(c, "two", 2, "device_list"));
	const pt_class_item *two = class_item(class_lesson(c, "pl"), "two");
	ck_assert_uint_eq(two->n_places, 2);
	ck_assert_uint_eq(two->place_wrong[0], 1);
	ck_assert_uint_eq(two->place_wrong[1], 3);
	picked(c, "mat", 1, "TP", 1, "fb-tp");
	picked(c, "mat", 1, "EP", 1, "fb-ep");
	picked(c, "mat", 2, "DP", 1, "fb-dp1");
	ck_assert_ptr_null(at(c, "mat", 1, "DP"));
	/* The rendered forms name the place. */
	char *text;
	size_t len;
	ck_assert(class_render(c, PT_CLASS_TABLE, &text, &len));
	ck_assert_ptr_nonnull(strstr(text, "blank 2, wrong for 3 of 3:\n        \"devices\" picked by 2 (67%): fb-dev2\n"));
	ck_assert_ptr_nonnull(strstr(text, "pair 2 (\"huge layer\"), wrong for 1 of 3:"));
	free(text);
	ck_assert(class_render(c, PT_CLASS_CSV, &text, &len));
	ck_assert_ptr_nonnull(strstr(text, "\r\npl,two,devices,,,,,,,,2,0.667,fb-dev2,blank 2,"));
	free(text);
	ck_assert(class_render(c, PT_CLASS_JSON, &text, &len));
	cJSON *root = cJSON_Parse(text);
	ck_assert_ptr_nonnull(root);
	cJSON *items = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(root, "lessons"), 0), "item_analysis");
	cJSON *jtwo = cJSON_GetArrayItem(items, 0);
	cJSON *by = cJSON_GetObjectItem(jtwo, "wrong_by_blank");
	ck_assert_int_eq(cJSON_GetArraySize(by), 2);
	ck_assert_int_eq(cJSON_GetArrayItem(by, 1)->valueint, 3);
	cJSON *w;
	bool found = false;
	cJSON_ArrayForEach(w, cJSON_GetObjectItem(jtwo, "wrong_options"))
		if (strcmp(cJSON_GetObjectItem(w, "text")->valuestring, "devices") == 0 &&
		    cJSON_GetObjectItem(w, "blank")->valueint == 2) {
			ck_assert_int_eq(cJSON_GetObjectItem(w, "picks")->valueint, 2);
			ck_assert_str_eq(cJSON_GetObjectItem(w, "misconception")->valuestring, "fb-dev2");
			found = true;
		}
	ck_assert(found);
	cJSON_Delete(root);
	free(text);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

START_TEST(order_numeric_and_text_breakdowns)
{
	pt_catalog cat = { 0 };
	pt_class *c = places_class(&cat);
	/* ann swapped positions 1 and 2, ben 2 and 3. */
	const pt_class_item *ord = class_item(class_lesson(c, "pl"), "ord");
	ck_assert_uint_eq(ord->place_wrong[0], 1);
	ck_assert_uint_eq(ord->place_wrong[1], 2);
	ck_assert_uint_eq(ord->place_wrong[2], 1);
	picked(c, "ord", 1, "reduce-scatter", 1, "fb-rs");
	picked(c, "ord", 2, "split", 1, NULL);
	picked(c, "ord", 2, "all-gather", 1, "fb-ag");
	picked(c, "num", 0, "65536", 2, "fb-64k");
	picked(c, "num", 0, "512", 1, NULL);
	picked(c, "txt", 0, "gloo", 1, "fb-gloo");
	picked(c, "txt", 0, "mpi", 1, NULL);
	char *text;
	size_t len;
	ck_assert(class_render(c, PT_CLASS_TABLE, &text, &len));
	ck_assert_ptr_nonnull(strstr(text, "positions most often misplaced: 2 (2 learners), 1 (1 learner), 3 (1 learner)\n"));
	ck_assert_ptr_nonnull(strstr(text, "\"65536\" given by 2 (67%): fb-64k\n"));
	free(text);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

START_TEST(learner_misconceptions_use_the_place)
{
	pt_catalog cat = { 0 };
	pt_class *c = places_class(&cat);
	class_free(c);
	char path[512];
	snprintf(path, sizeof path, "%s/class/ben/progress.json", dir);
	pt_open_report rep;
	pt_progress *p = progress_open_readonly(path, &rep);
	ck_assert_ptr_nonnull(p);
	pt_misconception m[8];
	size_t n = 0;
	ck_assert(progress_misconceptions(p, &cat, "pl", m, 8, &n));
	bool dev2 = false;
	for (size_t i = 0; i < n; i++) {
		ck_assert_str_ne(m[i].feedback, "fb-dev1"); /* ben's devices was in blank 2 */
		ck_assert_str_ne(m[i].feedback, "fb-list1");
		dev2 = dev2 || strcmp(m[i].feedback, "fb-dev2") == 0;
	}
	ck_assert(dev2);
	progress_close(p);
	catalog_free(&cat);
}
END_TEST

/* xAPI names the place too: ann's "devices" in blank 2 of the fill is a
 * wrong answer with "blank": 2, her TP for pair 1 one with "pair": 1. */
START_TEST(xapi_names_the_place)
{
	pt_catalog cat = { 0 };
	pt_class *c = places_class(&cat);
	char p[512], err[256];
	snprintf(p, sizeof p, "%s/class/ann/progress.json", dir);
	pt_open_report rep;
	pt_progress *s = progress_open_readonly(p, &rep);
	ck_assert_ptr_nonnull(s);
	const pt_xapi_options o = { "mailto:ann@example.org", NULL, NULL, "https://example.org/x/" };
	char *out;
	size_t len;
	ck_assert_msg(xapi_statements(s, &cat, &o, &out, &len, err, sizeof err), "%s", err);
	cJSON *arr = cJSON_Parse(out);
	ck_assert_ptr_nonnull(arr);
	int found = 0;
	const cJSON *st;
	cJSON_ArrayForEach(st, arr) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(st, "object"), "id");
		const cJSON *ext = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(st, "result"),
		    "extensions");
		const cJSON *wrong = cJSON_GetObjectItemCaseSensitive(ext, "https://example.org/x/extensions/wrong-answers");
		const cJSON *w;
		cJSON_ArrayForEach(w, wrong) {
			const char *a = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(w, "answer"));
			const cJSON *blank = cJSON_GetObjectItemCaseSensitive(w, "blank");
			const cJSON *pair = cJSON_GetObjectItemCaseSensitive(w, "pair");
			if (strcmp(id->valuestring, "https://example.org/x/pl/two") == 0 && a != NULL &&
			    strcmp(a, "devices") == 0) {
				ck_assert(cJSON_IsNumber(blank) && blank->valueint == 2);
				found++;
			}
			if (strcmp(id->valuestring, "https://example.org/x/pl/mat") == 0 && a != NULL && strcmp(a, "TP") == 0) {
				ck_assert(cJSON_IsNumber(pair) && pair->valueint == 1);
				found++;
			}
		}
	}
	ck_assert_int_eq(found, 2);
	cJSON_Delete(arr);
	free(out);
	progress_close(s);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

/* Builds the suite. */
static Suite *places_suite(void)
{
	Suite *s = suite_create("places");
	TCase *tc = tcase_create("places");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, fill_and_match_picks_count_at_their_place);
	tcase_add_test(tc, order_numeric_and_text_breakdowns);
	tcase_add_test(tc, learner_misconceptions_use_the_place);
	tcase_add_test(tc, xapi_names_the_place);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(places_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

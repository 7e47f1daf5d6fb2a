/* check_flags.c - the item flags: a class of 24 learners with planted
 * items (a key that the strongest learners reject, an item everyone gets,
 * distractors no one picks) gets each flag with its reason, and no flag
 * on the sound items; a class under the documented size is warned about.
 * Moodle's figures themselves are checked against an independent
 * computation in run.sh (moodle_stats.py). */
#include <cJSON.h>

#include "paratutor/report/class.h"
#include "class_util.h"

#define CHOICE(id) \
	"{'id':'" id "','kind':'choice','difficulty':'easy','prompt':'Pick.'," \
	"'options':[{'text':'A','correct':true},{'text':'B','feedback':'fb-" id "'},{'text':'C','feedback':'c'}," \
	"{'text':'D','feedback':'d'}],'hints':['h'],'explanation':'e'}"

/* good1-3 tell strong from weak; flaw's key is right only for the weak
 * (a key the strong reject); easy is right for all; D is never picked. */
#define LESSON_FL \
	"{'format':1,'id':'fl','title':'Flags','summary':'s','attempts':3,'items':[" \
	CHOICE("good1") "," CHOICE("good2") "," CHOICE("good3") "," CHOICE("flaw") "," CHOICE("easy") "]}"

/* Writes n learners s00.. : the upper half right on the good items and
 * wrong (B) on flaw, the lower half the other way round; all right on
 * easy; C picked once, by the weakest, on good1. */
static pt_class *flag_class(pt_catalog *cat, int n)
{
	write_lesson("fl", LESSON_FL);
	load_lessons(cat);
	char p[512];
	for (int L = 0; L < n; L++) {
		bool strong = L >= n / 2;
		rec r[5];
		static const char *const ids[] = { "good1", "good2", "good3", "flaw", "easy" };
		for (int i = 0; i < 5; i++) {
			bool right = i == 4 || (i == 3 ? !strong : strong);
			r[i] = (rec){ "fl", ids[i], right ? "first_time" : "failed", right ? 1 : 3, 0,
				{ right ? NULL : (i == 0 && L == 0 ? "C" : "B"), NULL }, false, 10 };
		}
		snprintf(p, sizeof p, "%s/class/s%02d/progress.json", dir, L);
		write_store(p, cat, r, 5);
	}
	pt_class *c = class_new(cat, PT_CLASS_NAME_DIR);
	ck_assert_ptr_nonnull(c);
	snprintf(p, sizeof p, "%s/class", dir);
	ck_assert(class_add_path(c, p));
	ck_assert(class_read(c));
	return c;
}

/* Returns item id's wrong option text. */
static const pt_class_option *option(const pt_class_item *ci, const char *text)
{
	for (size_t i = 0; i < ci->n_wrong; i++)
		if (strcmp(ci->wrong[i].text, text) == 0)
			return &ci->wrong[i];
	ck_abort_msg("%s has no option %s", ci->item->id.s, text);
	return NULL;
}

START_TEST(planted_flaws_are_flagged_with_reasons)
{
	pt_catalog cat = { 0 };
	pt_class *c = flag_class(&cat, 24);
	const pt_class_lesson *l = class_lesson(c, "fl");
	ck_assert(!l->small_sample);
	const pt_class_item *flaw = class_item(l, "flaw"), *easy = class_item(l, "easy");
	ck_assert(flaw->has_discrimination_index);
	ck_assert(flaw->discrimination_index < 0);
	ck_assert(flaw->flags & PT_CLASS_FLAG_NEGATIVE);
	ck_assert(option(flaw, "B")->flags & PT_CLASS_FLAG_STRONG_PICK);
	ck_assert_uint_eq(option(flaw, "B")->upper, 6);
	ck_assert_uint_eq(option(flaw, "B")->lower, 0);
	ck_assert(easy->flags & PT_CLASS_FLAG_EASY);
	ck_assert_double_eq_tol(easy->facility_index, 100, 1e-9);
	ck_assert(!easy->has_discrimination_index); /* it does not vary */
	ck_assert(option(easy, "D")->flags & PT_CLASS_FLAG_UNPICKED);
	for (int g = 1; g <= 3; g++) {
		char id[8];
		snprintf(id, sizeof id, "good%d", g);
		const pt_class_item *ci = class_item(l, id);
		ck_assert_msg(ci->flags == 0, "%s flagged %x", id, ci->flags);
		ck_assert(ci->discrimination_index > 50);
		ck_assert_double_eq_tol(ci->facility_index, 50, 1e-9);
		ck_assert(!(option(ci, "B")->flags & PT_CLASS_FLAG_STRONG_PICK));
		ck_assert(option(ci, "D")->flags & PT_CLASS_FLAG_UNPICKED);
	}
	ck_assert(!(option(class_item(l, "good1"), "C")->flags & PT_CLASS_FLAG_UNPICKED));
	char *text;
	size_t len;
	ck_assert(class_render(c, PT_CLASS_TABLE, &text, &len));
	ck_assert_ptr_nonnull(strstr(text, "! negative discrimination index: learners who do well on the rest of the "
	    "lesson do worse on this item; check the key"));
	ck_assert_ptr_nonnull(strstr(text, "! more of the strongest learners than of the weakest gave this answer"));
	ck_assert_ptr_nonnull(strstr(text, "! facility index near 100"));
	ck_assert_ptr_null(strstr(text, "! only "));
	free(text);
	ck_assert(class_render(c, PT_CLASS_JSON, &text, &len));
	cJSON *root = cJSON_Parse(text);
	cJSON *items = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(root, "lessons"), 0), "item_analysis");
	cJSON *jflaw = cJSON_GetArrayItem(items, 3);
	ck_assert_str_eq(cJSON_GetObjectItem(jflaw, "id")->valuestring, "flaw");
	cJSON *f0 = cJSON_GetArrayItem(cJSON_GetObjectItem(jflaw, "flags"), 0);
	ck_assert_str_eq(cJSON_GetObjectItem(f0, "flag")->valuestring, "negative_discrimination");
	ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItem(f0, "why")->valuestring, "check the key"));
	ck_assert(cJSON_GetObjectItem(jflaw, "discrimination_index")->valuedouble < 0);
	cJSON_Delete(root);
	free(text);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

START_TEST(a_small_class_is_warned_about)
{
	pt_catalog cat = { 0 };
	pt_class *c = flag_class(&cat, 3);
	ck_assert(class_lesson(c, "fl")->small_sample);
	char *text;
	size_t len;
	ck_assert(class_render(c, PT_CLASS_TABLE, &text, &len));
	ck_assert_ptr_nonnull(strstr(text, "! only 3 learners started it: below 20 every figure and flag here can swing"));
	free(text);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

/* Builds the suite. */
static Suite *flags_suite(void)
{
	Suite *s = suite_create("flags");
	TCase *tc = tcase_create("flags");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, planted_flaws_are_flagged_with_reasons);
	tcase_add_test(tc, a_small_class_is_warned_about);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(flags_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

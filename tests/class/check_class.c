/* check_class.c - the class report: a small class whose item analysis is
 * worked out by hand below, generated classes with damaged stores and
 * changed items checked against tallies kept while writing them, naming,
 * and the rendered formats. */
#include <cJSON.h>

#include "paratutor/report/class.h"
#include "paratutor/model/tags.h"
#include "class_util.h"

#define EPS 1e-9

/* ---- the hand-computed class ------------------------------------------- */

/*
 * Lesson hc: f (fill: split right; batch "fb-batch", sum "fb-sum"),
 * c (choice: B right; A "no-a", C no feedback), m (multi: P and R right;
 * Q "no-q").  Scores: solved 100 - 25 per extra check - 10 per hint.
 *
 *   learner  f                     c                    m                  score
 *   ann      first_time     100    first_time    100    first_time   100   300/3 = 100
 *   ben      first_time     100    retries 2 [A]  75    with_hints    90   265/3 =  88
 *   cat      retries 2 [batch] 75  first_time    100    failed 3 [Q]   0   175/3 =  58
 *   dan      failed 3 h1 [batch,sum] 0  retries 3 [A,C] 50  open 1 [Q]  0    50/3 =  17
 *   eve      with_hints h2      80   -                    -                   80/3 =  27
 *   fay      (older version)     -   first_time    100    first_time   100   200/3 =  67
 *   hal      only lesson zz (not in the catalog): did not start hc
 *   gus      a damaged store: left out
 * ann also has a record of item "gone" (removed from hc); ben one of zz.
 *
 * Started 6 (not hal), completed 3 (ann, ben, cat; dan's m is open, eve
 * has one item, fay's f is an older version).  Each score is the mean to the nearest.  Mean 357/6 = 59.5;
 * ranked ann 100, ben 88, fay 67, cat 58, eve 27, dan 17: median (67+58)/2 = 62.5.
 * Histogram bins: 1 (17), 2 (27), 5 (58), 6 (67), 8 (88), 9 (100).
 * Groups: round(27% of 6) = 2: upper ann, ben; lower eve, dan.
 *
 *   item  met             right          facility attempts hints older  upper  lower   D
 *   f     ann ben cat dan eve  ann ben    2/5 .4   8/5 1.6  3/5 .6  1   2/2    0/2    1.0
 *   c     ann ben cat dan fay  ann cat fay 3/5 .6  8/5 1.6  0         0   1/2    0/1 (eve none) .5
 *   m     ann ben cat dan fay  ann fay    2/5 .4   7/5 1.4  1/5 .2  0   1/2    0/1    .5
 * Wrong picks over met: f batch 2 (.4), sum 1 (.2); c A 2 (.4), C 1 (.2);
 * m Q 2 (.4).
 */
static const rec ann[] = {
	{ "hc", "f", "first_time", 1, 0, { NULL }, false, 30 },
	{ "hc", "c", "first_time", 1, 0, { NULL }, false, 20 },
	{ "hc", "m", "first_time", 1, 0, { NULL }, false, 10 },
	{ "hc", "gone", "first_time", 1, 0, { NULL }, false, 10 },
};
static const rec ben[] = {
	{ "hc", "f", "first_time", 1, 0, { NULL }, false, 30 },
	{ "hc", "c", "retries", 2, 0, { "A", NULL }, false, 20 },
	{ "hc", "m", "with_hints", 1, 1, { NULL }, false, 10 },
	{ "zz", "q", "first_time", 1, 0, { NULL }, false, 10 },
};
static const rec cat_[] = {
	{ "hc", "f", "retries", 2, 0, { "batch", NULL }, false, 30 },
	{ "hc", "c", "first_time", 1, 0, { NULL }, false, 20 },
	{ "hc", "m", "failed", 3, 0, { "Q", NULL }, false, 10 },
};
static const rec dan[] = {
	{ "hc", "f", "failed", 3, 1, { "batch", "sum", NULL }, false, 30 },
	{ "hc", "c", "retries", 3, 0, { "A", "C", NULL }, false, 20 },
	{ "hc", "m", "open", 1, 0, { "Q", NULL }, false, 10 },
};
static const rec eve[] = {
	{ "hc", "f", "with_hints", 1, 2, { NULL }, false, 30 },
};
static const rec fay[] = {
	{ "hc", "f", "first_time", 1, 0, { NULL }, true, 30 },
	{ "hc", "c", "first_time", 1, 0, { NULL }, false, 20 },
	{ "hc", "m", "first_time", 1, 0, { NULL }, false, 10 },
};
static const rec hal[] = {
	{ "zz", "q", "retries", 2, 0, { NULL }, false, 10 },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Writes the hand-computed class under dir/class and reads it. */
static pt_class *hand_class(pt_catalog *cat, pt_class_naming naming)
{
	char p[512];
	write_lesson("hc", LESSON_HC);
	load_lessons(cat);
	static const struct { const char *name; const rec *r; size_t n; } who[] = {
		{ "ann", ann, N(ann) }, { "ben", ben, N(ben) }, { "cat", cat_, N(cat_) }, { "dan", dan, N(dan) },
		{ "eve", eve, N(eve) }, { "fay", fay, N(fay) }, { "hal", hal, N(hal) }
	};
	for (size_t i = 0; i < N(who); i++) {
		snprintf(p, sizeof p, "%s/class/%s/progress.json", dir, who[i].name);
		write_store(p, cat, who[i].r, who[i].n);
	}
	snprintf(p, sizeof p, "%s/class/gus/progress.json", dir);
	write_file(p, "{\"format\":1,\"lessons\":{\"hc\":");
	pt_class *c = class_new(cat, naming);
	ck_assert_ptr_nonnull(c);
	snprintf(p, sizeof p, "%s/class", dir);
	ck_assert(class_add_path(c, p));
	ck_assert(class_read(c));
	return c;
}

/* Asserts one item's figures. */
static void item_is(const pt_class_lesson *l, const char *id, size_t met, size_t right, long attempts,
    long hints, size_t older, double disc)
{
	const pt_class_item *ci = class_item(l, id);
	ck_assert_ptr_nonnull(ci);
	ck_assert_uint_eq(ci->met, met);
	ck_assert_uint_eq(ci->right, right);
	ck_assert_int_eq(ci->attempts, attempts);
	ck_assert_int_eq(ci->hints, hints);
	ck_assert_uint_eq(ci->older, older);
	ck_assert(ci->discriminates);
	ck_assert_double_eq_tol(ci->discrimination, disc, EPS);
}

/* Asserts one wrong option's picks and misconception. */
static void wrong_is(const pt_class_lesson *l, const char *id, const char *text, size_t picks, const char *feedback)
{
	const pt_class_item *ci = class_item(l, id);
	for (size_t i = 0; i < ci->n_wrong; i++) {
		if (strcmp(ci->wrong[i].text, text) != 0)
			continue;
		ck_assert_uint_eq(ci->wrong[i].picks, picks);
		if (feedback == NULL)
			ck_assert_ptr_null(ci->wrong[i].feedback);
		else
			ck_assert_str_eq(ci->wrong[i].feedback, feedback);
		return;
	}
	ck_abort_msg("item %s has no wrong option %s", id, text);
}

START_TEST(hand_counted_item_analysis)
{
	pt_catalog cat = { 0 };
	pt_class *c = hand_class(&cat, PT_CLASS_NAME_DIR);
	ck_assert_uint_eq(c->n_learners, 7);
	ck_assert_uint_eq(c->n_skips, 1);
	ck_assert(strstr(c->skips[0].why, "gus/progress.json is damaged") != NULL);
	const pt_class_lesson *l = class_lesson(c, "hc");
	ck_assert_ptr_nonnull(l);
	item_is(l, "f", 5, 2, 8, 3, 1, 1.0);
	item_is(l, "c", 5, 3, 8, 0, 0, 0.5);
	item_is(l, "m", 5, 2, 7, 1, 0, 0.5);
	wrong_is(l, "f", "batch", 2, "fb-batch");
	wrong_is(l, "f", "sum", 1, "fb-sum");
	wrong_is(l, "c", "A", 2, "no-a");
	wrong_is(l, "c", "C", 1, NULL);
	wrong_is(l, "m", "Q", 2, "no-q");
	ck_assert_uint_eq(class_item(l, "f")->n_wrong, 2); /* split is right: not listed */
	ck_assert_uint_eq(class_item(l, "m")->n_wrong, 1);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

START_TEST(hand_counted_lesson_figures)
{
	pt_catalog cat = { 0 };
	pt_class *c = hand_class(&cat, PT_CLASS_NAME_DIR);
	const pt_class_lesson *l = class_lesson(c, "hc");
	ck_assert_uint_eq(l->started, 6);
	ck_assert_uint_eq(l->completed, 3);
	ck_assert_uint_eq(l->group, 2);
	ck_assert_uint_eq(l->removed, 1);
	ck_assert_double_eq_tol(l->mean_score, 59.5, EPS);
	ck_assert_double_eq_tol(l->median_score, 62.5, EPS);
	static const size_t hist[PT_CLASS_BINS] = { 0, 1, 1, 0, 0, 1, 1, 0, 1, 1 };
	for (int i = 0; i < PT_CLASS_BINS; i++)
		ck_assert_uint_eq(l->histogram[i], hist[i]);
	static const char *const names[] = { "ann", "ben", "cat", "dan", "eve", "fay", "hal" };
	static const int scores[] = { 100, 88, 58, 17, 27, 67, -1 };
	for (size_t L = 0; L < 7; L++) {
		ck_assert_str_eq(c->learners[L].name, names[L]);
		ck_assert_int_eq(class_score(c, L, 0), scores[L]);
	}
	ck_assert_uint_eq(c->n_unknown, 1);
	ck_assert_str_eq(c->unknown[0].id, "zz");
	ck_assert_uint_eq(c->unknown[0].learners, 2);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

/* Returns the rendering of c in format f (caller frees). */
static char *render(const pt_class *c, pt_class_format f)
{
	char *text;
	size_t len;
	ck_assert(class_render(c, f, &text, &len));
	ck_assert_uint_eq(strlen(text), len);
	return text;
}

START_TEST(hand_counted_formats)
{
	pt_catalog cat = { 0 };
	pt_class *c = hand_class(&cat, PT_CLASS_NAME_DIR);
	char *book = render(c, PT_CLASS_GRADEBOOK);
	ck_assert_str_eq(book, "Student,ID,SIS User ID,SIS Login ID,Section,Hand count\r\n"
	    "ann,,,ann,,100\r\nben,,,ben,,88\r\ncat,,,cat,,58\r\ndan,,,dan,,17\r\n"
	    "eve,,,eve,,27\r\nfay,,,fay,,67\r\nhal,,,hal,,\r\n");
	char *csv = render(c, PT_CLASS_CSV);
	ck_assert_ptr_nonnull(strstr(csv, "\r\nhc,f,,5,2,0.400,1.60,0.60,1.000,1,,,,,"));
	ck_assert_ptr_nonnull(strstr(csv, "\r\nhc,f,batch,,,,,,,,2,0.400,fb-batch,blank 1,,,,"));
	ck_assert_ptr_nonnull(strstr(csv, "\r\nhc,c,C,,,,,,,,1,0.200,,,,,,"));
	ck_assert_ptr_nonnull(strstr(csv, "\r\nhc,m,,5,2,0.400,1.40,0.20,0.500,0,,,,,"));
	ck_assert_ptr_null(strstr(csv, "\r\n,,,")); /* no concept rows: lesson hc has no tags */
	char *table = render(c, PT_CLASS_TABLE);
	ck_assert_ptr_nonnull(strstr(table, "Class report: 7 learners; 1 path skipped"));
	ck_assert_ptr_nonnull(strstr(table, "started by 6 of 7 learners; completed by 3 (50% of those who started)"));
	ck_assert_ptr_nonnull(strstr(table, "mean 59.5, median 62.5"));
	ck_assert_ptr_nonnull(strstr(table, "  f        5        40%      1.60   0.60   +1.00      1"));
	ck_assert_ptr_nonnull(strstr(table, "! only 6 learners started it: below 20"));
	ck_assert_ptr_nonnull(strstr(table, "\"A\" picked by 2 (40%): no-a"));
	ck_assert_ptr_nonnull(strstr(table, "zz (2 learners)"));
	ck_assert_ptr_nonnull(strstr(table, "1 learner has records of items this lesson no longer has"));
	char *json = render(c, PT_CLASS_JSON);
	cJSON *root = cJSON_Parse(json);
	ck_assert_ptr_nonnull(root);
	cJSON *l = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "lessons"), 0);
	cJSON *f = cJSON_GetArrayItem(cJSON_GetObjectItem(l, "item_analysis"), 0);
	ck_assert_double_eq_tol(cJSON_GetObjectItem(f, "right_first_rate")->valuedouble, 0.4, EPS);
	ck_assert_double_eq_tol(cJSON_GetObjectItem(f, "upper_lower_index")->valuedouble, 1.0, EPS);
	ck_assert_double_eq_tol(cJSON_GetObjectItem(l, "completion")->valuedouble, 0.5, EPS);
	ck_assert_int_eq(cJSON_GetObjectItem(root, "learner_count")->valueint, 7);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(root, "skipped")), 1);
	cJSON *hal_scores = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(root, "learners"), 6), "scores");
	ck_assert(cJSON_IsNull(cJSON_GetObjectItem(hal_scores, "hc")));
	cJSON_Delete(root);
	free(book);
	free(csv);
	free(table);
	free(json);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

/* A format-2 lesson whose items carry concept tags: a (collectives), b
 * (collectives and pipeline), p (pipeline); B is right in each. */
#define LESSON_TG \
	"{'format':2,'id':'tg','title':'Tagged','summary':'s','attempts':3,'items':[" \
	"{'id':'a','kind':'choice','difficulty':'easy','tags':['collectives'],'prompt':'Pick one.'," \
	"'options':[{'text':'A','feedback':'no-a'},{'text':'B','correct':true}],'explanation':'e'}," \
	"{'id':'b','kind':'choice','difficulty':'easy','tags':['collectives','pipeline'],'prompt':'Pick one.'," \
	"'options':[{'text':'A','feedback':'no-a'},{'text':'B','correct':true}],'explanation':'e'}," \
	"{'id':'p','kind':'choice','difficulty':'easy','tags':['pipeline'],'prompt':'Pick one.'," \
	"'options':[{'text':'A','feedback':'no-a'},{'text':'B','correct':true}],'explanation':'e'}]}"

/*
 * Mastery by concept, worked by hand over lesson tg (a: collectives; b:
 * collectives and pipeline; p: pipeline); box 2 or more is mastered.
 *
 *   learner  a                 b                 p
 *   ann      first_time box 2  first_time box 2  first_time box 0
 *   ben      retries           failed            -
 *   cat      -                 -                 first_time box 3
 *
 *   concept      items  learners  met  right  right 1st mastered  mastery
 *   collectives  2      ann ben 2   4    2      .5        2         2/(2*2) = .5
 *   pipeline     2      3           4    3      .75       2 (ann b, cat p) 2/(2*3) = .333
 */
static const rec tg_ann[] = {
	{ "tg", "a", "first_time", 1, 0, { NULL }, false, 10 },
	{ "tg", "b", "first_time", 1, 0, { NULL }, false, 10 },
	{ "tg", "p", "first_time", 1, 0, { NULL }, false, 10 },
};
static const rec tg_ben[] = {
	{ "tg", "a", "retries", 2, 0, { "A", NULL }, false, 10 },
	{ "tg", "b", "failed", 3, 0, { "A", NULL }, false, 10 },
};
static const rec tg_cat[] = {
	{ "tg", "p", "first_time", 1, 0, { NULL }, false, 10 },
};

/* Puts the record of lesson tg's item in the store at path in review box
 * box, as a right review two days after the lesson left it. */
static void set_box(const char *path, const char *item, int box)
{
	FILE *fp = fopen(path, "r");
	ck_assert_ptr_nonnull(fp);
	char text[65536];
	size_t n = fread(text, 1, sizeof text - 1, fp);
	fclose(fp);
	text[n] = '\0';
	cJSON *root = cJSON_Parse(text);
	cJSON *r = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(root, "lessons"),
	    "tg"), "items"), item);
	ck_assert_ptr_nonnull(r);
	cJSON_ReplaceItemInObject(r, "box", cJSON_CreateNumber(box));
	/* A right review two days after the lesson, due again three days on:
	 * mastered (progress_item_mastered). */
	cJSON_AddNumberToObject(r, "due", (double)(T0 + 5 * 86400));
	cJSON_AddNumberToObject(r, "scheduled_at", (double)(T0 + 2 * 86400));
	char *out = cJSON_Print(root);
	write_file(path, out);
	cJSON_free(out);
	cJSON_Delete(root);
}

START_TEST(hand_counted_concepts)
{
	pt_catalog cat = { 0 };
	char p[512];
	write_lesson("tg", LESSON_TG);
	load_lessons(&cat);
	static const struct { const char *name; const rec *r; size_t n; } who[] = {
		{ "ann", tg_ann, N(tg_ann) }, { "ben", tg_ben, N(tg_ben) }, { "cat", tg_cat, N(tg_cat) }
	};
	for (size_t i = 0; i < N(who); i++) {
		snprintf(p, sizeof p, "%s/class/%s/progress.json", dir, who[i].name);
		write_store(p, &cat, who[i].r, who[i].n);
	}
	snprintf(p, sizeof p, "%s/class/ann/progress.json", dir);
	set_box(p, "a", 2);
	set_box(p, "b", 2);
	snprintf(p, sizeof p, "%s/class/cat/progress.json", dir);
	set_box(p, "p", 3);
	pt_class *c = class_new(&cat, PT_CLASS_NAME_DIR);
	ck_assert_ptr_nonnull(c);
	snprintf(p, sizeof p, "%s/class", dir);
	ck_assert(class_add_path(c, p));
	ck_assert(class_read(c));
	const pt_class_tag *coll = &c->tags[tags_find(&cat.tags, "collectives")], *pipe = &c->tags[tags_find(&cat.tags, "pipeline")];
	ck_assert_uint_eq(coll->items, 2);
	ck_assert_uint_eq(coll->learners, 2);
	ck_assert_uint_eq(coll->met, 4);
	ck_assert_uint_eq(coll->right, 2);
	ck_assert_uint_eq(coll->mastered, 2);
	ck_assert_uint_eq(pipe->items, 2);
	ck_assert_uint_eq(pipe->learners, 3);
	ck_assert_uint_eq(pipe->met, 4);
	ck_assert_uint_eq(pipe->right, 3);
	ck_assert_uint_eq(pipe->mastered, 2);
	ck_assert_uint_eq(c->tags[tags_find(&cat.tags, "memory")].items, 0);

	char *table = render(c, PT_CLASS_TABLE);
	const char *weak = strstr(table, "  pipeline parallelism and bubbles"), *strong = strstr(table, "  collectives: all-reduce");
	ck_assert_ptr_nonnull(strstr(table, "Mastery by concept, weakest first"));
	ck_assert_ptr_nonnull(weak);
	ck_assert_ptr_nonnull(strong);
	ck_assert(weak < strong);
	ck_assert_ptr_nonnull(strstr(weak, "    2         3       75%      33%\n"));
	ck_assert_ptr_nonnull(strstr(strong, "    2         2       50%      50%\n"));
	ck_assert_ptr_null(strstr(table, "memory per GPU"));
	char *csv = render(c, PT_CLASS_CSV);
	ck_assert_ptr_nonnull(strstr(csv, "\r\n,,,4,2,0.500,,,,,,,,,,,,,collectives,2,2,2,0.500,,,\r\n"));
	ck_assert_ptr_nonnull(strstr(csv, "\r\n,,,4,3,0.750,,,,,,,,,,,,,pipeline,2,3,2,0.333,,,\r\n"));
	char *json = render(c, PT_CLASS_JSON);
	cJSON *root = cJSON_Parse(json);
	ck_assert_ptr_nonnull(root);
	cJSON *concepts = cJSON_GetObjectItem(root, "concepts");
	ck_assert_int_eq(cJSON_GetArraySize(concepts), 2); /* in the order of tags.h */
	cJSON *g = cJSON_GetArrayItem(concepts, 0);
	ck_assert_str_eq(cJSON_GetObjectItem(g, "label")->valuestring, "pipeline parallelism and bubbles");
	ck_assert_double_eq_tol(cJSON_GetObjectItem(g, "right_first_rate")->valuedouble, 0.75, EPS);
	ck_assert_double_eq_tol(cJSON_GetObjectItem(g, "mastery")->valuedouble, 0.333, EPS);
	g = cJSON_GetArrayItem(concepts, 1);
	ck_assert_str_eq(cJSON_GetObjectItem(g, "tag")->valuestring, "collectives");
	ck_assert_int_eq(cJSON_GetObjectItem(g, "learners")->valueint, 2);
	ck_assert_double_eq_tol(cJSON_GetObjectItem(g, "mastery")->valuedouble, 0.5, EPS);
	cJSON_Delete(root);
	free(table);
	free(csv);
	free(json);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

START_TEST(naming_from_path_and_file)
{
	pt_catalog cat = { 0 };
	write_lesson("hc", LESSON_HC);
	load_lessons(&cat);
	char p[512];
	snprintf(p, sizeof p, "%s/flat/zoe.json", dir);
	write_store(p, &cat, eve, N(eve));
	pt_class *c = class_new(&cat, PT_CLASS_NAME_FILE);
	ck_assert(class_add_path(c, p));
	ck_assert(class_read(c));
	ck_assert_uint_eq(c->n_learners, 1);
	ck_assert_str_eq(c->learners[0].name, "zoe");
	class_free(c);
	c = class_new(&cat, PT_CLASS_NAME_PATH);
	ck_assert(class_add_path(c, p));
	ck_assert(class_read(c));
	ck_assert_str_eq(c->learners[0].name, p);
	class_free(c);
	c = class_new(&cat, PT_CLASS_NAME_DIR);
	ck_assert(class_add_path(c, p));
	ck_assert(class_read(c));
	ck_assert_str_eq(c->learners[0].name, "flat");
	class_free(c);
	catalog_free(&cat);
}
END_TEST

START_TEST(paths_that_give_no_store_are_listed)
{
	pt_catalog cat = { 0 };
	write_lesson("hc", LESSON_HC);
	load_lessons(&cat);
	char p[512], empty[512], missing[512];
	snprintf(empty, sizeof empty, "%s/empty", dir);
	mkdir(empty, 0700);
	snprintf(missing, sizeof missing, "%s/missing.json", dir);
	snprintf(p, sizeof p, "%s/one/progress.json", dir);
	write_store(p, &cat, ann, N(ann));
	pt_class *c = class_new(&cat, PT_CLASS_NAME_DIR);
	ck_assert(class_add_path(c, empty));
	ck_assert(class_add_path(c, missing));
	ck_assert(class_add_path(c, p));
	ck_assert(class_read(c));
	ck_assert_uint_eq(c->n_learners, 1);
	ck_assert_uint_eq(c->n_skips, 2);
	ck_assert(strstr(c->skips[0].why, "no progress.json anywhere under this directory") != NULL);
	ck_assert(strstr(c->skips[1].why, "missing.json: no such file or directory") != NULL);
	class_free(c);
	/* The same store given twice, by its directory and by a path through
	 * a link, is read once. */
	char link[512], via[600];
	snprintf(link, sizeof link, "%s/alias", dir);
	snprintf(p, sizeof p, "%s/one", dir);
	ck_assert_int_eq(symlink(p, link), 0);
	snprintf(via, sizeof via, "%s/progress.json", link);
	c = class_new(&cat, PT_CLASS_NAME_PATH);
	ck_assert(class_add_path(c, p));
	ck_assert(class_add_path(c, via));
	ck_assert(class_read(c));
	ck_assert_uint_eq(c->n_learners, 1);
	ck_assert_uint_eq(c->n_skips, 1);
	ck_assert(strstr(c->skips[0].why, ": the same store as ") != NULL);
	ck_assert(strstr(c->skips[0].why, ", read once") != NULL);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

/* ---- generated classes ------------------------------------------------- */

/* What the generator expects of one item. */
typedef struct expect {
	size_t met, right, older;
	long attempts, hints;
	size_t picks[3];
} expect;

static unsigned long long seed;

/* Returns a pseudo-random number below n. */
static unsigned roll(unsigned n)
{
	seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)((seed >> 33) % n);
}

/* Returns grade_score of a pass, by the rule the menu states. */
static int score_of(const char *outcome, int attempts, int hints)
{
	if (strcmp(outcome, "open") == 0 || strcmp(outcome, "failed") == 0)
		return 0;
	int s = 100 - 25 * (attempts - 1) - 10 * hints;
	return s < 10 ? 10 : s;
}

START_TEST(generated_class_with_damage_and_changes)
{
	static const char *const outcomes[] = { "open", "first_time", "with_hints", "retries", "failed" };
	/* The wrong options of g2's items, in the order the class lists them:
	 * one: No, Maybe; two: a (wrong for blank 2), b (wrong for blank 1), c. */
	static const char *const wrong_texts[2][3] = { { "No", "Maybe", NULL }, { "a", "b", "c" } };
	static const char *const items[2] = { "one", "two" };
	pt_catalog cat = { 0 };
	write_lesson("g2", LESSON_G2);
	load_lessons(&cat);
	seed = 42;
	enum { LEARNERS = 120 };
	expect want[2] = { { 0 } };
	size_t started = 0, completed = 0, damaged = 0, hist[PT_CLASS_BINS] = { 0 };
	char p[512];
	for (int L = 0; L < LEARNERS; L++) {
		snprintf(p, sizeof p, "%s/gen/s%03d/progress.json", dir, L);
		if (L % 17 == 5) { /* damaged in several ways */
			static const char *const bad[] = { "", "{\"format\":1,\"lessons\":[]}", "\x01\x02garbage",
				"{\"format\":99,\"lessons\":{}}", "{\"format\":1,\"lessons\":{\"g2\":{\"items\":{\"one\":{}}}}}",
				"{\"format\":1,\"lessons\":{}} trailing", "[1,2,3]" };
			write_file(p, bad[damaged++ % (sizeof bad / sizeof bad[0])]);
			continue;
		}
		rec r[2];
		size_t n = 0, done = 0;
		int sum = 0;
		bool met_any = false;
		for (int i = 0; i < 2; i++) {
			unsigned what = roll(10);
			if (what == 0)
				continue; /* never seen */
			rec *k = &r[n++];
			memset(k, 0, sizeof *k);
			k->lesson = "g2";
			k->item = items[i];
			k->outcome = what == 1 ? "open" : outcomes[1 + roll(4)];
			k->attempts = strcmp(k->outcome, "first_time") == 0 || strcmp(k->outcome, "with_hints") == 0 ? 1
			    : strcmp(k->outcome, "failed") == 0 ? 3 : strcmp(k->outcome, "open") == 0 ? (int)roll(3) : 2 + (int)roll(2);
			k->hints = strcmp(k->outcome, "with_hints") == 0 ? 1 : 0;
			k->older = roll(8) == 0;
			k->spent = 5;
			int nw = 0;
			for (int w = 0; w < 3; w++)
				if (wrong_texts[i][w] != NULL && roll(3) == 0)
					k->wrong[nw++] = wrong_texts[i][w];
			bool checked = k->attempts > 0 || strcmp(k->outcome, "open") != 0;
			if (!checked)
				continue;
			if (k->older) {
				want[i].older++;
				continue;
			}
			met_any = true;
			want[i].met++;
			want[i].right += strcmp(k->outcome, "first_time") == 0;
			want[i].attempts += k->attempts;
			want[i].hints += k->hints;
			for (int w = 0; w < 3; w++)
				for (int t = 0; t < nw; t++)
					want[i].picks[w] += wrong_texts[i][w] && strcmp(k->wrong[t], wrong_texts[i][w]) == 0;
			done += strcmp(k->outcome, "open") != 0;
			sum += score_of(k->outcome, k->attempts, k->hints);
		}
		write_store(p, &cat, r, n);
		if (met_any) {
			started++;
			completed += done == 2;
			int s = sum / 2;
			hist[s >= 100 ? 9 : s / 10]++;
		}
	}
	pt_class *c = class_new(&cat, PT_CLASS_NAME_DIR);
	snprintf(p, sizeof p, "%s/gen", dir);
	ck_assert(class_add_path(c, p));
	ck_assert(class_read(c));
	ck_assert_uint_eq(c->n_skips, damaged);
	ck_assert_uint_eq(c->n_learners, LEARNERS - damaged);
	const pt_class_lesson *l = class_lesson(c, "g2");
	ck_assert_uint_eq(l->started, started);
	ck_assert_uint_eq(l->completed, completed);
	for (int b = 0; b < PT_CLASS_BINS; b++)
		ck_assert_uint_eq(l->histogram[b], hist[b]);
	for (int i = 0; i < 2; i++) {
		const pt_class_item *ci = class_item(l, items[i]);
		ck_assert_uint_eq(ci->met, want[i].met);
		ck_assert_uint_eq(ci->right, want[i].right);
		ck_assert_uint_eq(ci->older, want[i].older);
		ck_assert_int_eq(ci->attempts, want[i].attempts);
		ck_assert_int_eq(ci->hints, want[i].hints);
		if (i == 0) {
			ck_assert_uint_eq(ci->n_wrong, 2);
			for (size_t w = 0; w < ci->n_wrong; w++) {
				ck_assert_str_eq(ci->wrong[w].text, wrong_texts[i][w]);
				ck_assert_uint_eq(ci->wrong[w].picks, want[i].picks[w]);
			}
		} else {
			/* Stored without places: a is wrong only in blank 2, b only
			 * in blank 1, c in both (its place is not recorded); blank
			 * 2's feedback for c is listed too, picked by none there. */
			static const struct { int place; const char *text; int pick; } two[] = {
				{ 0, "c", 2 }, { 1, "b", 1 }, { 2, "a", 0 }, { 2, "c", -1 } };
			ck_assert_uint_eq(ci->n_wrong, 4);
			for (size_t w = 0; w < 4; w++) {
				ck_assert_int_eq(ci->wrong[w].place, two[w].place);
				ck_assert_str_eq(ci->wrong[w].text, two[w].text);
				ck_assert_uint_eq(ci->wrong[w].picks, two[w].pick < 0 ? 0 : want[i].picks[two[w].pick]);
			}
		}
		ck_assert(want[i].older > 0); /* the generator did change items */
	}
	ck_assert(damaged >= 7);
	class_free(c);
	catalog_free(&cat);
}
END_TEST

/* Builds the suite. */
static Suite *class_suite(void)
{
	Suite *s = suite_create("class");
	TCase *tc = tcase_create("class");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, hand_counted_item_analysis);
	tcase_add_test(tc, hand_counted_lesson_figures);
	tcase_add_test(tc, hand_counted_formats);
	tcase_add_test(tc, hand_counted_concepts);
	tcase_add_test(tc, naming_from_path_and_file);
	tcase_add_test(tc, paths_that_give_no_store_are_listed);
	tcase_add_test(tc, generated_class_with_damage_and_changes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(class_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_exam.c - exams: the stratified draw, one-attempt grading, results
 * by lesson and difficulty, the clock, keeping answers as texts, and the
 * store (an open and a finished exam, merging, missed items scheduled). */
#include "paratutor/learn/score.h"
#include "paratutor/learn/exam.h"
#include "paratutor/report/next.h"
#include "paratutor/model/tags.h"
#include "paratutor/store/track.h"
#include "paratutor/report/stats.h"
#include "paratutor/report/stats_out.h"
#include "progress_util.h"
#include "testutil.h"

#define EHEAD(id) "{'format':2,'id':'" id "','title':'Lesson " id "','summary':'s','attempts':3,'items':["
#define CHOICE(id, diff) \
	"{'id':'" id "','kind':'choice','difficulty':'" diff "','prompt':'Pick " id "'," \
	"'options':[{'text':'right " id "','correct':true},{'text':'wrong " id "','feedback':'fb " id "'}," \
	"{'text':'other " id "','feedback':'fb2 " id "'}],'hints':['h'],'explanation':'e " id "'}"
#define NUMERIC(id, diff) \
	"{'id':'" id "','kind':'numeric','difficulty':'" diff "','prompt':'How many?','answer':{'value':16}," \
	"'hints':['h'],'explanation':'e'}"
#define FILL(id, diff) \
	"{'id':'" id "','kind':'fill','difficulty':'" diff "','prompt':'x','code':'a = {{1}}({{2}})'," \
	"'bank':['batch','split','sum']," \
	"'blanks':[{'accept':['split'],'feedback':{'batch':'fb-batch'}},{'accept':['sum']}]," \
	"'hints':['h'],'explanation':'e'}"
/* Lesson a: two items of each difficulty; lesson b: four easy ones. */
#define LESSON_A EHEAD("a") CHOICE("e1", "easy") "," CHOICE("e2", "easy") "," CHOICE("m1", "medium") "," \
	CHOICE("m2", "medium") "," NUMERIC("h1", "hard") "," FILL("h2", "hard") TAIL
#define LESSON_B EHEAD("b") CHOICE("b1", "easy") "," CHOICE("b2", "easy") "," CHOICE("b3", "easy") "," \
	CHOICE("b4", "easy") TAIL

/* Two times shown together share one format. */
START_TEST(test_clock_one_format)
{
	char a[24], b[24];
	exam_format_clock_pair(95, 7200, a, b, sizeof a);
	ck_assert_str_eq(a, "0:01:35");
	ck_assert_str_eq(b, "2:00:00");
	exam_format_clock_pair(95, 360, a, b, sizeof a);
	ck_assert_str_eq(a, "1:35");
	ck_assert_str_eq(b, "6:00");
}
END_TEST

/* A select-N item: "partly" in the exam until N options are ticked. */
START_TEST(test_select_n_partly)
{
	pt_catalog c = { 0 };
	cat_add(&c, mk(EHEAD("s") "{'id':'s1','kind':'multi','difficulty':'easy','prompt':'Pick two.','choose':2,"
	    "'options':[{'text':'A','correct':true},{'text':'B','correct':true,'feedback':'f'},{'text':'C','feedback':'f'},"
	    "{'text':'D','feedback':'f'}],'hints':['h'],'explanation':'e'}" TAIL));
	pt_exam e;
	pt_exam_config cfg;
	exam_config_default(&cfg);
	cfg.count = 1;
	char err[256] = "";
	ck_assert_msg(exam_start(&e, &c, &cfg, 1700000000, err, sizeof err), "%s", err);
	pt_grade *g = exam_grade(&e, 0);
	ck_assert_int_eq(exam_state(&e, 0), PT_EXAM_EMPTY);
	grade_pick(g, 0);
	ck_assert_int_eq(exam_state(&e, 0), PT_EXAM_PARTLY); /* one of two */
	ck_assert_uint_eq(exam_unanswered(&e), 1);
	grade_pick(g, 1);
	ck_assert_int_eq(exam_state(&e, 0), PT_EXAM_ANSWERED);
	grade_pick(g, 2);
	ck_assert_int_eq(exam_state(&e, 0), PT_EXAM_PARTLY); /* three of two is no answer either */
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* A catalog of lessons a and b. */
static pt_catalog two_lessons(void)
{
	pt_catalog c = { 0 };
	cat_add(&c, mk(LESSON_A));
	cat_add(&c, mk(LESSON_B));
	return c;
}

/* Starts an exam of count items with seed; asserts it starts. */
static void start(pt_exam *e, const pt_catalog *c, size_t count, unsigned long long seed, time_t now)
{
	pt_exam_config cfg;
	exam_config_default(&cfg);
	cfg.count = count;
	cfg.seed = seed;
	char err[256] = "";
	ck_assert_msg(exam_start(e, c, &cfg, now, err, sizeof err), "exam_start: %s", err);
}

/* Counts the paper's items from lesson id at difficulty d (-1: any). */
static size_t count_from(const pt_exam *e, const char *id, int d)
{
	size_t n = 0;
	for (size_t i = 0; i < e->n; i++)
		n += strcmp(e->lessons[i]->id.s, id) == 0 && (d < 0 || (int)e->items[i]->difficulty == d);
	return n;
}

/* Each stratum gets its share; the same seed draws the same paper. */
START_TEST(test_draw_stratified)
{
	pt_catalog c = two_lessons();
	pt_exam e, f;
	start(&e, &c, 5, 42, T0);
	/* 10 items, 5 drawn: half of each stratum, exactly. */
	ck_assert_uint_eq(e.n, 5);
	ck_assert_uint_eq(count_from(&e, "a", PT_EASY), 1);
	ck_assert_uint_eq(count_from(&e, "a", PT_MEDIUM), 1);
	ck_assert_uint_eq(count_from(&e, "a", PT_HARD), 1);
	ck_assert_uint_eq(count_from(&e, "b", PT_EASY), 2);
	ck_assert_int_eq(e.limit, 5 * PT_EXAM_SECONDS_PER_ITEM);
	ck_assert_int_eq(e.pass_percent, PT_EXAM_DEFAULT_PASS);
	start(&f, &c, 5, 42, T0 + 99);
	for (size_t i = 0; i < e.n; i++) {
		ck_assert_ptr_eq(e.items[i], f.items[i]);
		for (size_t o = 0; o < e.items[i]->n_options; o++)
			ck_assert_str_eq(e.session.views[i].options[o].text.s, f.session.views[i].options[o].text.s);
	}
	exam_free(&f);
	/* Some other seed draws another paper or order. */
	bool differs = false;
	for (unsigned long long seed = 1; seed < 20 && !differs; seed++) {
		start(&f, &c, 5, seed, T0);
		for (size_t i = 0; i < e.n; i++)
			differs = differs || e.items[i] != f.items[i];
		exam_free(&f);
	}
	ck_assert(differs);
	/* 3 of 10: shares 0.6, 0.6, 0.6 (a) and 1.2 (b): b gets 1, two of a's
	 * three strata round up. */
	for (unsigned long long seed = 1; seed < 10; seed++) {
		start(&f, &c, 3, seed, T0);
		ck_assert_uint_eq(count_from(&f, "a", -1), 2);
		ck_assert_uint_eq(count_from(&f, "b", -1), 1);
		for (size_t i = 0; i < f.n; i++)
			for (size_t j = i + 1; j < f.n; j++)
				ck_assert_ptr_ne(f.items[i], f.items[j]);
		exam_free(&f);
	}
	/* Asking for more than there is takes everything once. */
	start(&f, &c, 50, 7, T0);
	ck_assert_uint_eq(f.n, 10);
	exam_free(&f);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* Returns true when |got - count * part / total| < 1. */
static bool within_one(size_t got, size_t count, size_t part, size_t total)
{
	unsigned long long exact = (unsigned long long)count * part, have = (unsigned long long)got * total;
	return have > exact ? have - exact < total : exact - have < total;
}

/* The bundled lessons: over 50 seeds, papers of 10 and 20 items give each
 * difficulty and each lesson its share of the pool within one (the
 * adversary: a paper of all medium items, 0/10/0, as before). */
START_TEST(test_draw_proportional)
{
	char content_dir[1024];
	const char *why = NULL;
	snprintf(content_dir, sizeof content_dir, "%s/content", test_srcdir());
	pt_catalog c = { 0 };
	ck_assert_msg(catalog_add_path(&c, content_dir, false, &why), "%s: %s", content_dir, why ? why : "");
	catalog_load_all(&c);
	size_t diff[3] = { 0 }, total = 0;
	for (size_t i = 0; i < c.n; i++)
		for (size_t k = 0; c.v[i].lesson != NULL && !c.v[i].broken && k < c.v[i].lesson->n_items; k++) {
			diff[c.v[i].lesson->items[k].difficulty]++;
			total++;
		}
	ck_assert_uint_gt(total, 100);
	ck_assert_uint_gt(diff[PT_EASY], 0);
	ck_assert_uint_gt(diff[PT_HARD], 0);
	static const size_t sizes[] = { 10, 20 };
	for (size_t z = 0; z < 2; z++)
		for (unsigned long long seed = 1; seed <= 50; seed++) {
			pt_exam e;
			start(&e, &c, sizes[z], seed, T0);
			ck_assert_uint_eq(e.n, sizes[z]);
			size_t got[3] = { 0 };
			for (size_t i = 0; i < e.n; i++) {
				got[e.items[i]->difficulty]++;
				for (size_t j = i + 1; j < e.n; j++)
					ck_assert_ptr_ne(e.items[i], e.items[j]);
			}
			for (int d = 0; d < 3; d++)
				ck_assert_msg(within_one(got[d], e.n, diff[d], total),
				    "%zu items, seed %llu: %zu/%zu/%zu by difficulty of a pool of %zu/%zu/%zu", e.n, seed,
				    got[0], got[1], got[2], diff[0], diff[1], diff[2]);
			for (size_t i = 0; i < c.n; i++) {
				const pt_lesson *l = c.v[i].lesson;
				if (l == NULL || c.v[i].broken)
					continue;
				size_t mine = 0;
				for (size_t k = 0; k < e.n; k++)
					mine += e.lessons[k] == l;
				ck_assert_msg(within_one(mine, e.n, l->n_items, total), "%zu items, seed %llu: %zu from %s (%zu of %zu)",
				    e.n, seed, mine, l->id.s, l->n_items, total);
			}
			exam_free(&e);
		}
	catalog_free(&c);
}
END_TEST

/* The paper's items, for a shown() callback. */
typedef struct shown_set {
	const pt_exam *papers[4];
	size_t n;
} shown_set;

/* Returns true when an item is on one of the papers in the set. */
static bool on_papers(const void *ctx, const char *lesson_id, const char *item_id)
{
	const shown_set *set = ctx;
	for (size_t p = 0; p < set->n; p++)
		for (size_t i = 0; i < set->papers[p]->n; i++)
			if (strcmp(set->papers[p]->lessons[i]->id.s, lesson_id) == 0 &&
			    strcmp(set->papers[p]->items[i]->id.s, item_id) == 0)
				return true;
	return false;
}

/* Fresh papers: a second paper repeats no item the first's results
 * showed while others remain; when they run short it takes every other
 * one and says how many it repeated. */
START_TEST(test_draw_fresh)
{
	pt_catalog c = two_lessons();
	for (unsigned long long seed = 1; seed <= 20; seed++) {
		pt_exam first, second, third;
		shown_set set = { { NULL }, 0 };
		pt_exam_config cfg;
		exam_config_default(&cfg);
		cfg.count = 5;
		cfg.seed = seed;
		char err[256];
		ck_assert(exam_start(&first, &c, &cfg, T0, err, sizeof err));
		set.papers[set.n++] = &first;
		cfg.shown = on_papers;
		cfg.shown_ctx = &set;
		cfg.seed = seed + 100;
		ck_assert(exam_start(&second, &c, &cfg, T0, err, sizeof err));
		ck_assert_uint_eq(second.n, 5);
		ck_assert_uint_eq(second.repeated, 0);
		for (size_t i = 0; i < second.n; i++)
			for (size_t j = 0; j < first.n; j++)
				ck_assert_ptr_ne(second.items[i], first.items[j]);
		/* Only the first paper's items left: 7 items repeat 2. */
		set.papers[set.n++] = &second;
		cfg.count = 7;
		ck_assert(exam_start(&third, &c, &cfg, T0, err, sizeof err));
		ck_assert_uint_eq(third.n, 7);
		ck_assert_uint_eq(third.repeated, 7);
		exam_free(&third);
		set.n = 1;
		ck_assert(exam_start(&third, &c, &cfg, T0, err, sizeof err));
		ck_assert_uint_eq(third.repeated, 2);
		size_t fresh = 0;
		for (size_t i = 0; i < third.n; i++)
			fresh += !on_papers(&set, third.lessons[i]->id.s, third.items[i]->id.s);
		ck_assert_uint_eq(fresh, 5);
		exam_free(&third);
		exam_free(&second);
		exam_free(&first);
	}
	catalog_free(&c);
}
END_TEST

/* --from limits the lessons; an unknown id is refused. */
START_TEST(test_draw_from)
{
	pt_catalog c = two_lessons();
	pt_exam_config cfg;
	exam_config_default(&cfg);
	const char *from[] = { "b" };
	cfg.from = from;
	cfg.n_from = 1;
	cfg.seconds = 0;
	pt_exam e;
	char err[256] = "";
	ck_assert(exam_start(&e, &c, &cfg, T0, err, sizeof err));
	ck_assert_uint_eq(e.n, 4);
	ck_assert_uint_eq(count_from(&e, "b", -1), 4);
	ck_assert_int_eq(e.limit, 0);
	ck_assert_int_eq(exam_time_left(&e, T0 + 5000), -1);
	exam_free(&e);
	const char *bad[] = { "nope" };
	cfg.from = bad;
	ck_assert(!exam_start(&e, &c, &cfg, T0, err, sizeof err));
	ck_assert_str_eq(err, "no lesson has the id 'nope'");
	catalog_free(&c);
}
END_TEST

/* Returns the paper index of item id. */
static size_t find(const pt_exam *e, const char *id)
{
	for (size_t i = 0; i < e->n; i++)
		if (strcmp(e->items[i]->id.s, id) == 0)
			return i;
	ck_abort_msg("%s is not on the paper", id);
	return 0;
}

/* Picks the option with text in item i's view. */
static void pick_text(pt_exam *e, size_t i, const char *text)
{
	pt_grade *g = exam_grade(e, i);
	for (size_t o = 0; o < g->item->n_options; o++)
		if (strcmp(g->item->options[o].text.s, text) == 0) {
			ck_assert_int_eq(grade_pick(g, (int)o), PT_GRADE_OK);
			return;
		}
	ck_abort_msg("no option %s", text);
}

/* One attempt, no feedback before submitting; results by lesson and by
 * difficulty as computed by hand. */
START_TEST(test_grading_and_results)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	start(&e, &c, 10, 3, T0);
	ck_assert_uint_eq(e.n, 10);
	/* a: e1 right, e2 wrong, m1 right, m2 unanswered, h1 "sixteen" (not a
	 * number: not kept, so unanswered), h2 filled half (unanswered).  b: b1, b2 right, b3
	 * wrong, b4 unanswered. */
	pick_text(&e, find(&e, "e1"), "right e1");
	pick_text(&e, find(&e, "e2"), "wrong e2");
	pick_text(&e, find(&e, "m1"), "right m1");
	grade_type(exam_grade(&e, find(&e, "h1")), "sixteen");
	pt_grade *fill = exam_grade(&e, find(&e, "h2"));
	grade_fill(fill, 0, lesson_bank_find(fill->item, "split"));
	pick_text(&e, find(&e, "b1"), "right b1");
	pick_text(&e, find(&e, "b2"), "right b2");
	pick_text(&e, find(&e, "b3"), "other b3");
	ck_assert_int_eq(exam_state(&e, find(&e, "h2")), PT_EXAM_PARTLY);
	ck_assert_int_eq(exam_state(&e, find(&e, "m2")), PT_EXAM_EMPTY);
	ck_assert_int_eq(exam_state(&e, find(&e, "e2")), PT_EXAM_ANSWERED);
	ck_assert_int_eq(exam_state(&e, find(&e, "h1")), PT_EXAM_EMPTY);
	const char *texts[4];
	ck_assert_uint_eq(exam_answer_texts(&e, find(&e, "h1"), texts, 4), 0); /* never kept */
	ck_assert_uint_eq(exam_unanswered(&e), 4);
	/* Nothing is checked yet: no marks, nothing disclosed. */
	for (size_t i = 0; i < e.n; i++) {
		pt_disclosure show;
		session_disclose(exam_grade(&e, i), &show);
		ck_assert(!show.finished && !show.answer && !show.explanation && !show.mistakes);
		ck_assert_int_eq(exam_grade(&e, i)->checks, 0);
	}
	e.marked[find(&e, "m2")] = true;
	ck_assert_uint_eq(exam_marked_count(&e), 1);

	exam_submit(&e, T0 + 125, false);
	ck_assert(e.submitted && !e.timed_out);
	ck_assert_int_eq(e.results[find(&e, "e1")], PT_EXAM_RIGHT);
	ck_assert_int_eq(e.results[find(&e, "e2")], PT_EXAM_WRONG);
	ck_assert_int_eq(e.results[find(&e, "m2")], PT_EXAM_UNANSWERED);
	ck_assert_int_eq(e.results[find(&e, "h1")], PT_EXAM_UNANSWERED);
	ck_assert_int_eq(e.results[find(&e, "h2")], PT_EXAM_UNANSWERED);
	/* Every item is finished now: a wrong one discloses its key at once. */
	for (size_t i = 0; i < e.n; i++) {
		pt_disclosure show;
		session_disclose(exam_grade(&e, i), &show);
		ck_assert(show.finished && show.explanation);
		ck_assert(show.answer == (e.results[i] != PT_EXAM_RIGHT));
	}
	ck_assert_int_eq(exam_grade(&e, find(&e, "e2"))->checks, 1);

	pt_exam_results r;
	ck_assert(exam_results(&e, NULL, &r));
	ck_assert_uint_eq(r.items, 10);
	ck_assert_uint_eq(r.right, 4);
	ck_assert_uint_eq(r.wrong, 2);
	ck_assert_uint_eq(r.unanswered, 4);
	ck_assert_double_eq_tol(r.score, 40.0, 1e-9);
	ck_assert(!r.passed);
	ck_assert_int_eq(r.used, 125);
	/* Weakest first: a 2 of 6 before b 2 of 4; hard 0 of 2, medium 1 of 2,
	 * easy 3 of 6 (a tie with medium, broken by the more items). */
	ck_assert_str_eq(r.by_lesson[0].lesson->id.s, "a");
	ck_assert_str_eq(r.by_lesson[1].lesson->id.s, "b");
	ck_assert_int_eq(r.difficulty_order[0], PT_HARD);
	ck_assert_int_eq(r.difficulty_order[1], PT_EASY);
	ck_assert_int_eq(r.difficulty_order[2], PT_MEDIUM);
	char plan[512];
	exam_review_list(&e, r.by_lesson[1].lesson, -1, NULL, plan, sizeof plan);
	ck_assert_msg(strstr(plan, "; reopen this lesson") != NULL, "%s", plan);
	/* easy: e1 e2 b1 b2 b3 b4 -> 3 of 6; medium: m1 m2 -> 1 of 2; hard:
	 * h1 h2 -> 0 of 2. */
	ck_assert_uint_eq(r.by_difficulty[PT_EASY].items, 6);
	ck_assert_uint_eq(r.by_difficulty[PT_EASY].right, 3);
	ck_assert_uint_eq(r.by_difficulty[PT_MEDIUM].items, 2);
	ck_assert_uint_eq(r.by_difficulty[PT_MEDIUM].right, 1);
	ck_assert_uint_eq(r.by_difficulty[PT_HARD].items, 2);
	ck_assert_uint_eq(r.by_difficulty[PT_HARD].right, 0);
	ck_assert_uint_eq(r.n_lessons, 2);
	for (size_t l = 0; l < 2; l++) {
		const pt_exam_tally *t = &r.by_lesson[l];
		bool is_a = strcmp(t->lesson->id.s, "a") == 0;
		ck_assert_uint_eq(t->items, is_a ? 6 : 4);
		ck_assert_uint_eq(t->right, 2);
	}
	exam_results_free(&r);
	exam_free(&e);

	/* 7 of 10 passes a 70 % mark exactly. */
	start(&e, &c, 10, 3, T0);
	const char *rights[] = { "e1", "e2", "m1", "m2", "b1", "b2", "b3" };
	for (size_t k = 0; k < 7; k++) {
		char text[32];
		snprintf(text, sizeof text, "right %s", rights[k]);
		pick_text(&e, find(&e, rights[k]), text);
	}
	exam_submit(&e, T0 + 10, true);
	ck_assert(exam_results(&e, NULL, &r));
	ck_assert(r.passed && r.timed_out);
	ck_assert_double_eq_tol(r.score, 70.0, 1e-9);
	exam_results_free(&r);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* Time left, time used, resuming with the time that was left, warnings. */
START_TEST(test_clock)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	start(&e, &c, 4, 1, T0); /* 4 items: 360 s */
	ck_assert_int_eq(exam_time_left(&e, T0), 360);
	ck_assert_int_eq(exam_time_left(&e, T0 + 30), 330);
	ck_assert_int_eq(exam_time_used(&e, T0 + 30), 30);
	ck_assert_int_eq(exam_time_left(&e, T0 - 5), 360); /* a clock set back takes nothing */
	ck_assert_int_eq(exam_time_left(&e, T0 + 1000), 0);
	ck_assert_int_eq(exam_time_used(&e, T0 + 1000), 360);
	ck_assert_int_eq(exam_warning(&e, T0 + 59), 0);
	ck_assert_int_eq(exam_warning(&e, T0 + 60), 5);
	ck_assert_int_eq(exam_warning(&e, T0 + 61), 0);
	ck_assert_int_eq(exam_warning(&e, T0 + 300), 1);
	ck_assert_int_eq(exam_warning(&e, T0 + 301), 0);
	const pt_lesson *ls[4];
	const pt_item *its[4];
	for (size_t i = 0; i < 4; i++) {
		ls[i] = e.lessons[i];
		its[i] = e.items[i];
	}
	/* Resumed 260 s after its start: the clock is the wall clock since the
	 * start, so 100 s are left whatever happened in between. */
	pt_exam f;
	ck_assert(exam_setup(&f, ls, its, 4, e.seed, true, 70, 360, 0, T0, T0 + 260));
	ck_assert_int_eq(exam_time_left(&f, T0 + 260), 100);
	ck_assert_int_eq(exam_time_left(&f, T0 + 300), 60);
	ck_assert_int_eq(exam_time_used(&f, T0 + 300), 300);
	ck_assert_int_eq(exam_warning(&f, T0 + 260), 5); /* 100 s left: the 5-minute warning is due at once */
	ck_assert_int_eq(exam_warning(&f, T0 + 300), 1);
	ck_assert_int_eq(exam_deadline(&f), T0 + 360);
	/* A candidate who leaves does not stop the clock (the adversary: leave
	 * and come back to find the time still there). */
	exam_pause(&f, T0 + 310);
	ck_assert_uint_eq(f.leaves, 1);
	exam_pause(&f, T0 + 320); /* leaving twice without coming back counts once */
	ck_assert_uint_eq(f.leaves, 1);
	ck_assert_int_eq(exam_time_left(&f, T0 + 340), 20);
	ck_assert(!exam_expired(&f, T0 + 359));
	ck_assert(exam_expired(&f, T0 + 360));
	exam_resume(&f, T0 + DAY);
	ck_assert_int_eq(exam_time_left(&f, T0 + DAY), 0);
	/* Back a day later: submitted as it stood at the deadline. */
	exam_submit(&f, T0 + DAY, true);
	ck_assert_int_eq(f.used, 360);
	ck_assert_int_eq(f.finished, T0 + 360);
	ck_assert(!exam_expired(&f, T0 + DAY));
	ck_assert_int_eq(exam_time_left(&f, T0 + DAY + 999), 0);
	exam_free(&f);
	/* An untimed exam (practice) stops its clock while left. */
	ck_assert(exam_setup(&f, ls, its, 4, e.seed, true, 70, 0, 50, T0, T0 + 100));
	ck_assert_int_eq(exam_time_used(&f, T0 + 110), 60);
	ck_assert_int_eq(exam_time_left(&f, T0 + 110), -1);
	ck_assert(!exam_expired(&f, T0 + 10 * DAY));
	exam_pause(&f, T0 + 110);
	ck_assert_int_eq(exam_time_used(&f, T0 + 500), 60);
	exam_resume(&f, T0 + 500);
	ck_assert_int_eq(exam_time_used(&f, T0 + 510), 70);
	exam_submit(&f, T0 + 520, false);
	ck_assert_int_eq(f.used, 80);
	ck_assert_int_eq(f.finished, T0 + 520);
	exam_free(&f);
	/* A short exam never warns at 5 minutes. */
	ck_assert(exam_setup(&f, ls, its, 1, 9, true, 70, 90, 90, T0, T0));
	ck_assert_int_eq(exam_warning(&f, T0 + 30), 1);
	ck_assert_int_eq(exam_warning(&f, T0 + 31), 0);
	exam_free(&f);
	char clock[16];
	exam_format_clock(75, clock, sizeof clock);
	ck_assert_str_eq(clock, "1:15");
	exam_format_clock(3725, clock, sizeof clock);
	ck_assert_str_eq(clock, "1:02:05");
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* Answers kept as texts come back into a new exam on the same items,
 * whatever order its options are shown in. */
START_TEST(test_answer_texts)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	start(&e, &c, 10, 5, T0);
	pick_text(&e, find(&e, "e1"), "wrong e1");
	grade_type(exam_grade(&e, find(&e, "h1")), "16");
	pt_grade *fill = exam_grade(&e, find(&e, "h2"));
	grade_fill(fill, 1, lesson_bank_find(fill->item, "sum"));
	const char *texts[PT_MAX_BLANKS];
	ck_assert_uint_eq(exam_answer_texts(&e, find(&e, "e1"), texts, PT_MAX_BLANKS), 1);
	ck_assert_str_eq(texts[0], "wrong e1");
	ck_assert_uint_eq(exam_answer_texts(&e, find(&e, "e2"), texts, PT_MAX_BLANKS), 0);
	ck_assert_uint_eq(exam_answer_texts(&e, find(&e, "h2"), texts, PT_MAX_BLANKS), 2);
	ck_assert_str_eq(texts[0], "");
	ck_assert_str_eq(texts[1], "sum");

	pt_exam f;
	ck_assert(exam_setup(&f, (const pt_lesson *const *)e.lessons, (const pt_item *const *)e.items, e.n, 77,
	    true, 70, 900, 900, T0, T0));
	const char *ids[] = { "e1", "h1", "h2" };
	for (size_t k = 0; k < 3; k++) {
		size_t i = find(&e, ids[k]);
		size_t n = exam_answer_texts(&e, i, texts, PT_MAX_BLANKS);
		exam_restore_answer(&f, i, (char *const *)texts, n);
	}
	const char *again[PT_MAX_BLANKS];
	ck_assert_uint_eq(exam_answer_texts(&f, find(&f, "e1"), again, PT_MAX_BLANKS), 1);
	ck_assert_str_eq(again[0], "wrong e1");
	ck_assert_uint_eq(exam_answer_texts(&f, find(&f, "h1"), again, PT_MAX_BLANKS), 1);
	ck_assert_str_eq(again[0], "16");
	ck_assert_uint_eq(exam_answer_texts(&f, find(&f, "h2"), again, PT_MAX_BLANKS), 2);
	ck_assert_str_eq(again[1], "sum");
	ck_assert_int_eq(exam_state(&f, find(&f, "h2")), PT_EXAM_PARTLY);
	exam_free(&f);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* An open exam and a finished one come back after closing the store;
 * resuming gives the answers, marks, item and time that were left. */
START_TEST(test_store_round_trip)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	start(&e, &c, 10, 11, T0);
	pick_text(&e, find(&e, "e1"), "right e1");
	pick_text(&e, find(&e, "b3"), "wrong b3");
	grade_type(exam_grade(&e, find(&e, "h1")), "16");
	e.marked[find(&e, "m1")] = true;
	e.session.current = 4;
	pt_progress *s = open_ok(path, T0);
	ck_assert(progress_exam_keep(s, &e, T0 + 100));
	save_ok(s);
	progress_close(s);

	s = open_ok(path, T0 + 500);
	const pt_exam_record *r = progress_exam_open(s);
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(r->id, e.id);
	ck_assert_int_eq(r->left, 900 - 100);
	ck_assert_uint_eq(r->n_items, 10);
	ck_assert_uint_eq(progress_exam_count(s), 0);
	pt_exam f;
	size_t dropped = 99;
	char err[256] = "";
	ck_assert_msg(progress_exam_resume(s, &c, &f, T0 + 500, &dropped, err, sizeof err), "%s", err);
	ck_assert_uint_eq(dropped, 0);
	ck_assert_str_eq(f.id, e.id);
	/* The 400 s the tutor was away count (it was killed while sitting the
	 * exam: one interruption), and the exam waits to be taken up. */
	ck_assert_int_eq(exam_time_left(&f, T0 + 500), 400);
	ck_assert_int_eq(exam_time_left(&f, T0 + 510), 390);
	ck_assert(f.paused);
	ck_assert_uint_eq(f.interruptions, 1);
	ck_assert_uint_eq(f.leaves, 0);
	exam_resume(&f, T0 + 500);
	ck_assert_uint_eq(f.session.current, 4);
	for (size_t i = 0; i < e.n; i++) {
		ck_assert_ptr_eq(f.items[i], e.items[i]);
		ck_assert(f.marked[i] == e.marked[i]);
		ck_assert_int_eq(exam_state(&f, i), exam_state(&e, i));
		/* The same seed shows the options in the same order. */
		for (size_t o = 0; o < e.items[i]->n_options; o++)
			ck_assert_str_eq(f.session.views[i].options[o].text.s, e.session.views[i].options[o].text.s);
	}
	ck_assert(exam_grade(&f, find(&f, "e1"))->picked[0] || exam_grade(&f, find(&f, "e1"))->picked[1] ||
	    exam_grade(&f, find(&f, "e1"))->picked[2]);

	exam_submit(&f, T0 + 600, false);
	ck_assert_int_eq(f.used, 600);
	ck_assert(progress_exam_keep(s, &f, T0 + 600));
	ck_assert_ptr_null(progress_exam_open(s));
	save_ok(s);
	progress_close(s);

	s = open_ok(path, T0 + 700);
	ck_assert_ptr_null(progress_exam_open(s));
	ck_assert_uint_eq(progress_exam_count(s), 1);
	pt_exam_summary sum;
	ck_assert(progress_exam_summary(s, 0, &sum));
	ck_assert_int_eq(sum.started, T0);
	ck_assert_int_eq(sum.finished, T0 + 600);
	ck_assert_uint_eq(sum.n_items, 10);
	ck_assert_double_eq_tol(sum.score, 20.0, 1e-9); /* e1 and h1 right */
	ck_assert(!sum.passed);
	ck_assert_int_eq(sum.pass_percent, 70);
	ck_assert(!progress_exam_summary(s, 1, &sum));
	/* The statistics' exam chart reads the same exam. */
	pt_exam_point *points = NULL;
	size_t n_points = 0;
	ck_assert(stats_exams(s, NULL, 0, &points, &n_points));
	ck_assert_uint_eq(n_points, 1);
	ck_assert_int_eq(points[0].finished, T0 + 600);
	ck_assert_double_eq_tol(points[0].score, 20.0, 1e-9);
	ck_assert_int_eq(points[0].pass_percent, 70);
	free(points);
	r = progress_exam_at(s, 0);
	ck_assert_int_eq(r->used, 600);
	ck_assert_uint_eq(r->interruptions, 1);
	ck_assert_int_eq(r->items[find(&f, "b3")].result, PT_EXAM_WRONG);
	ck_assert_int_eq(r->items[find(&f, "e1")].result, PT_EXAM_RIGHT);
	ck_assert_int_eq(r->items[find(&f, "m2")].result, PT_EXAM_UNANSWERED);
	/* No lesson had these items yet: each is noted as seen in an exam
	 * first, and nothing else (no review, no wrong pick: those would tell
	 * the verdict before the lesson); no lesson result was set. */
	const pt_record *rec = progress_find(s, "b", "b3");
	ck_assert_ptr_nonnull(rec);
	ck_assert(rec->exam_first);
	ck_assert(!rec->scheduled);
	ck_assert_int_eq(rec->outcome, PT_OUTCOME_NONE);
	ck_assert_uint_eq(rec->n_wrong, 0);
	ck_assert(progress_find(s, "b", "b4")->exam_first);
	ck_assert(progress_find(s, "a", "e1")->exam_first);
	progress_close(s);
	exam_free(&f);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* One tutor at a time holds the open exam; another learns of an exam
 * started or submitted elsewhere; the books close on the exam's lessons
 * until it is submitted or its deadline passes. */
START_TEST(test_store_hold_and_closed_books)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	pt_exam_config cfg;
	exam_config_default(&cfg);
	cfg.count = 3;
	cfg.seed = 5;
	const char *from[] = { "a" };
	cfg.from = from;
	cfg.n_from = 1;
	char err[256];
	ck_assert(exam_start(&e, &c, &cfg, T0, err, sizeof err));
	pt_progress *a = open_ok(path, T0);
	pt_progress *b = open_ok(path, T0); /* b opened before the exam began */
	ck_assert(!progress_exam_closes(b, "a", T0, NULL));
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_HELD);
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_HELD); /* again: still held */
	ck_assert(progress_exam_keep(a, &e, T0 + 1));
	save_ok(a);
	/* b cannot take the exam, and after syncing its books are closed on
	 * lesson a (not on b, which gives no item) until the deadline. */
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_ELSEWHERE);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_ELSEWHERE); /* again: still elsewhere */
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_HELD);
	ck_assert(progress_exam_sync(b));
	long left = 0;
	ck_assert(progress_exam_closes(b, "a", T0 + 10, &left));
	ck_assert_int_eq(left, 3 * PT_EXAM_SECONDS_PER_ITEM - 10);
	ck_assert(progress_exam_closes(b, NULL, T0 + 10, NULL));
	ck_assert(!progress_exam_closes(b, "b", T0 + 10, NULL));
	ck_assert(!progress_exam_closes(b, "a", T0 + 3 * PT_EXAM_SECONDS_PER_ITEM, NULL)); /* expired */
	/* a lets go: b may take it. */
	progress_exam_release(a);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_HELD);
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_ELSEWHERE);
	/* b submits it; a, still holding its own copy, learns that after a
	 * sync: a paper counts once. */
	pt_exam f;
	size_t dropped;
	ck_assert(progress_exam_resume(b, &c, &f, T0 + 20, &dropped, err, sizeof err));
	exam_submit(&f, T0 + 30, false);
	ck_assert(!progress_exam_done(b, f.id));
	ck_assert(progress_exam_keep(b, &f, T0 + 30));
	save_ok(b);
	progress_exam_release(b);
	ck_assert(!progress_exam_done(a, e.id));
	ck_assert(progress_exam_sync(a));
	ck_assert(progress_exam_done(a, e.id));
	ck_assert_ptr_null(progress_exam_open(a));
	ck_assert(!progress_exam_closes(a, "a", T0 + 31, NULL)); /* the books open again */
	ck_assert_uint_eq(progress_exam_count(a), 1);
	progress_close(b);
	progress_close(a);
	/* A tutor that ends lets go of the lock (the system's flock does it on
	 * a crash too). */
	a = open_ok(path, T0);
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_HELD);
	progress_close(a);
	b = open_ok(path, T0);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_HELD);
	progress_close(b);
	exam_free(&f);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* Exam, then lesson: an exam sat before the lesson never changes the
 * lesson's credit.  Its results hold back the verdict and key of items
 * the lesson has not had yet, the store notes "seen in an exam first" for
 * the class report, nothing is scheduled, and the lesson's first pass
 * scores in full: right at the first check is 100. */
START_TEST(test_exam_then_lesson_full_credit)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	start(&e, &c, 10, 11, T0);
	pick_text(&e, find(&e, "b1"), "right b1");
	exam_submit(&e, T0 + 60, false);
	pt_progress *s = open_ok(path, T0);
	pt_lesson *b = c.v[1].lesson;
	ck_assert(!progress_exam_may_show(s, b, &b->items[1]));
	ck_assert(progress_exam_keep(s, &e, T0 + 60));
	save_ok(s);
	progress_close(s);
	s = open_ok(path, T0 + 100);
	const pt_record *r2 = progress_find(s, "b", "b2");
	ck_assert(r2->exam_first);
	ck_assert(!r2->scheduled); /* the review queue tells nothing either */
	ck_assert(progress_find(s, "b", "b1")->exam_first);
	ck_assert(!progress_exam_may_show(s, b, &b->items[1]));
	pt_session ses;
	ck_assert(session_init(&ses, b));
	progress_restore(s, &ses, NULL);
	ck_assert(!ses.grades[0].retry_pass);
	ck_assert(!ses.grades[1].retry_pass);
	ck_assert_uint_eq(ses.grades[1].wrong_seen, 0); /* the exam's wrong pick is not shown */
	pt_grade *g = &ses.grades[1];
	for (int o = 0; o < grade_slots(g); o++)
		if (g->item->options[o].correct)
			grade_pick(g, o);
	ck_assert_int_eq(grade_check(g), PT_GRADE_OK);
	ck_assert_int_eq(grade_score(g), PT_SCORE_FULL);
	ck_assert(progress_record_item(s, b, &b->items[1], g, T0 + 120));
	save_ok(s);
	progress_close(s);
	s = open_ok(path, T0 + 200);
	ck_assert_int_eq(progress_find(s, "b", "b2")->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert(progress_find(s, "b", "b2")->exam_first); /* kept for the class report */
	ck_assert(progress_exam_may_show(s, b, &b->items[1])); /* the results show it now */
	size_t done, total;
	int score;
	progress_lesson_stats(s, b, &done, &total, &score);
	ck_assert_uint_eq(done, 1);
	ck_assert_int_eq(score, score_lesson(PT_SCORE_FULL, total));
	progress_close(s);
	session_free(&ses);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* The cheater's way round the held-back verdict: sit the paper before the
 * lesson, answer one item of it, and read the plans under the scores to
 * learn whether that answer was right.  An item the lesson has not had is
 * listed to do in its lesson, right or wrong alike, never among the items
 * to review (it is not scheduled), so two papers that differ only in that
 * answer plan alike; once the lesson has had the item, the plan says
 * which to review again. */
START_TEST(test_plan_keeps_held_verdicts)
{
	pt_catalog c = two_lessons();
	pt_exam right, wrong;
	start(&right, &c, 10, 11, T0);
	start(&wrong, &c, 10, 11, T0);
	size_t b1 = find(&right, "b1");
	ck_assert_uint_eq(find(&wrong, "b1"), b1);
	pick_text(&right, b1, "right b1");
	pick_text(&wrong, b1, "wrong b1");
	exam_submit(&right, T0 + 60, false);
	exam_submit(&wrong, T0 + 60, false);
	ck_assert_int_eq(right.results[b1], PT_EXAM_RIGHT);
	ck_assert_int_eq(wrong.results[b1], PT_EXAM_WRONG);
	pt_progress *s = open_ok(path, T0);
	bool *held = progress_exam_held(s, &right);
	ck_assert_ptr_nonnull(held);
	for (size_t i = 0; i < right.n; i++)
		ck_assert(held[i]); /* no lesson has had any item yet */
	const pt_lesson *b = c.v[1].lesson;
	char plan_r[512], plan_w[512], want[512];
	exam_review_list(&right, b, -1, held, plan_r, sizeof plan_r);
	exam_review_list(&wrong, b, -1, held, plan_w, sizeof plan_w);
	ck_assert_str_eq(plan_r, plan_w);
	ck_assert_msg(strstr(plan_r, "review") == NULL, "%s", plan_r);
	/* The items to do there go by the lesson's numbers, as met there, in
	 * order. */
	size_t k = (size_t)snprintf(want, sizeof want, "do items");
	for (size_t number = 1; number <= b->n_items; number++)
		for (size_t i = 0; i < right.n; i++)
			if (right.lessons[i] == b && right.items[i] == &b->items[number - 1])
				k += (size_t)snprintf(want + k, sizeof want - k, "%s %zu", k > strlen("do items") ? "," : "",
				    number);
	snprintf(want + k, sizeof want - k, " of this lesson");
	ck_assert_str_eq(plan_r, want);
	exam_review_list(&right, NULL, PT_EASY, held, plan_r, sizeof plan_r);
	exam_review_list(&wrong, NULL, PT_EASY, held, plan_w, sizeof plan_w);
	ck_assert_str_eq(plan_r, plan_w);
	ck_assert_msg(strstr(plan_r, "review") == NULL && strstr(plan_r, " of ") != NULL, "%s", plan_r);
	/* Without the held-back marks the plans would tell the verdict. */
	exam_review_list(&right, b, -1, NULL, plan_r, sizeof plan_r);
	exam_review_list(&wrong, b, -1, NULL, plan_w, sizeof plan_w);
	ck_assert_str_ne(plan_r, plan_w);
	ck_assert_uint_eq(exam_to_review(&wrong, held), 0); /* nothing held back comes back in reviews */
	free(held);
	/* Lesson b has had b1 (wrong first, then right): the plan may tell. */
	pt_session ses;
	ck_assert(session_init(&ses, b));
	pt_grade *g = &ses.grades[0];
	ck_assert_str_eq(g->item->id.s, "b1");
	for (int o = 0; o < grade_slots(g); o++)
		if (g->item->options[o].correct)
			grade_pick(g, o);
	ck_assert_int_eq(grade_check(g), PT_GRADE_OK);
	ck_assert(progress_record_item(s, b, g->item, g, T0 + 100));
	held = progress_exam_held(s, &wrong);
	ck_assert_ptr_nonnull(held);
	ck_assert(!held[b1]);
	ck_assert_uint_eq(exam_to_review(&wrong, held), 1); /* b1, missed, now comes back in reviews */
	ck_assert_uint_eq(exam_to_review(&right, held), 0);
	exam_review_list(&wrong, b, -1, held, plan_w, sizeof plan_w);
	snprintf(want, sizeof want, "review item %zu; reopen this lesson; do", b1 + 1);
	ck_assert_msg(strncmp(plan_w, want, strlen(want)) == 0, "%s", plan_w);
	free(held);
	/* Without a store (a tutor that keeps none) nothing is held. */
	held = progress_exam_held(NULL, &wrong);
	ck_assert_ptr_nonnull(held);
	ck_assert(!held[b1]);
	free(held);
	session_free(&ses);
	progress_close(s);
	exam_free(&right);
	exam_free(&wrong);
	catalog_free(&c);
}
END_TEST

/* Asserts that tallies a and b (n of each) say the same. */
static void same_rows(const pt_exam_tally *a, const pt_exam_tally *b, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		ck_assert_ptr_eq(a[k].lesson, b[k].lesson);
		ck_assert_int_eq(a[k].tag, b[k].tag);
		ck_assert_uint_eq(a[k].items, b[k].items);
		ck_assert_uint_eq(a[k].right, b[k].right);
		ck_assert_uint_eq(a[k].held, b[k].held);
	}
}

/* A candidate sits two papers that differ only in the answer to an item
 * held back: the rows by lesson, difficulty and concept, and the advice
 * of what to study next, are the same for both (only the headline score,
 * which must count every item, differs), and the rows say how many they
 * hold back. */
START_TEST(test_rows_keep_held_verdicts)
{
	pt_catalog c = two_lessons();
	pt_exam right, wrong;
	start(&right, &c, 10, 11, T0);
	start(&wrong, &c, 10, 11, T0);
	size_t b1 = find(&right, "b1");
	pick_text(&right, b1, "right b1");
	pick_text(&wrong, b1, "wrong b1");
	pick_text(&right, find(&right, "e1"), "wrong e1"); /* the same elsewhere: e1 wrong, the rest unanswered */
	pick_text(&wrong, find(&wrong, "e1"), "wrong e1");
	exam_submit(&right, T0 + 60, false);
	exam_submit(&wrong, T0 + 60, false);
	pt_progress *s = open_ok(path, T0);
	/* Lesson a has had e1 and e2 (so their verdicts show); b none. */
	const pt_lesson *a = c.v[0].lesson;
	pt_session ses;
	ck_assert(session_init(&ses, a));
	for (size_t i = 0; i < 2; i++) {
		pt_grade *g = &ses.grades[i];
		for (int o = 0; o < grade_slots(g); o++)
			if (g->item->options[o].correct)
				grade_pick(g, o);
		(void)grade_check(g);
		ck_assert(progress_record_item(s, a, g->item, g, T0 + 10));
	}
	session_free(&ses);
	bool *held = progress_exam_held(s, &right);
	ck_assert_ptr_nonnull(held);
	ck_assert(held[b1]);
	size_t n_held = 0;
	for (size_t i = 0; i < right.n; i++) {
		ck_assert(held[i] == (strcmp(right.items[i]->id.s, "e1") != 0 &&
		    strcmp(right.items[i]->id.s, "e2") != 0));
		n_held += held[i];
	}
	pt_exam_results rr, rw;
	ck_assert(exam_results(&right, held, &rr) && exam_results(&wrong, held, &rw));
	ck_assert_uint_eq(rr.right, rw.right + 1); /* the score counts every item */
	ck_assert_uint_eq(rr.n_lessons, rw.n_lessons);
	ck_assert_uint_eq(rr.n_tags, rw.n_tags);
	same_rows(rr.by_lesson, rw.by_lesson, rr.n_lessons);
	same_rows(rr.by_tag, rw.by_tag, rr.n_tags);
	for (int d = 0; d < 3; d++) {
		ck_assert_int_eq(rr.difficulty_order[d], rw.difficulty_order[d]);
		same_rows(&rr.by_difficulty[d], &rw.by_difficulty[d], 1);
	}
	size_t shown = 0, back = 0;
	for (size_t l = 0; l < rr.n_lessons; l++) {
		shown += rr.by_lesson[l].items;
		back += rr.by_lesson[l].held;
		ck_assert_uint_eq(rr.by_lesson[l].lesson == a ? rr.by_lesson[l].items : rr.by_lesson[l].held,
		    rr.by_lesson[l].lesson == a ? 2 : 4);
	}
	ck_assert_uint_eq(back, n_held);
	ck_assert_uint_eq(shown + back, right.n);
	char text[96];
	const pt_exam_tally *tb = rr.by_lesson[0].lesson == a ? &rr.by_lesson[1] : &rr.by_lesson[0];
	exam_tally_held(tb, text, sizeof text);
	char want[96];
	snprintf(want, sizeof want, "%zu held back until you do them in this lesson", tb->held);
	ck_assert_str_eq(text, want);
	exam_tally_held(&(pt_exam_tally){ .held = 1 }, text, sizeof text); /* a difficulty's or concept's */
	ck_assert_str_eq(text, "1 held back until you do it in its lesson");
	exam_tally_held(&(pt_exam_tally){ .items = 2 }, text, sizeof text);
	ck_assert_str_eq(text, ""); /* none held back: nothing said */
	/* The advice: the same lines for both, naming first lesson a, which
	 * the paper found work in (e1 missed); tests/plain/exam.sh shows a
	 * fresh store's advice naming the lesson of the items held back. */
	pt_next nr, nw;
	ck_assert(next_after_exam(s, &c, T0 + 70, &right, held, &nr));
	ck_assert(next_after_exam(s, &c, T0 + 70, &wrong, held, &nw));
	ck_assert_uint_eq(nr.n, nw.n);
	bool named = false;
	for (size_t k = 0; k < nr.n; k++) {
		ck_assert_str_eq(nr.lines[k], nw.lines[k]);
		named = named || strstr(nr.lines[k], "Finish lesson 1, \"Lesson a\"") != NULL;
	}
	ck_assert_msg(named, "%s", nr.lines[0]);
	ck_assert_uint_eq(exam_missed_tags(&right, held), exam_missed_tags(&wrong, held));
	exam_results_free(&rr);
	exam_results_free(&rw);
	/* Without the held-back marks the rows would tell b1's verdict. */
	ck_assert(exam_results(&right, NULL, &rr) && exam_results(&wrong, NULL, &rw));
	size_t rb = 0, wb = 0;
	for (size_t l = 0; l < rr.n_lessons; l++) {
		rb += rr.by_lesson[l].lesson != a ? rr.by_lesson[l].right : 0;
		wb += rw.by_lesson[l].lesson != a ? rw.by_lesson[l].right : 0;
	}
	ck_assert_uint_eq(rb, wb + 1);
	exam_results_free(&rr);
	exam_results_free(&rw);
	free(held);
	progress_close(s);
	exam_free(&right);
	exam_free(&wrong);
	catalog_free(&c);
}
END_TEST

/* A tutor that still holds the open exam cannot bring it back once
 * another finished it; finished exams from both sides are kept. */
START_TEST(test_store_merge)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	start(&e, &c, 4, 21, T0);
	pt_progress *a = open_ok(path, T0);
	ck_assert(progress_exam_keep(a, &e, T0 + 1));
	save_ok(a);
	pt_progress *b = open_ok(path, T0 + 2); /* b sees the open exam */
	ck_assert_ptr_nonnull(progress_exam_open(b));
	exam_submit(&e, T0 + 3, false);
	ck_assert(progress_exam_keep(a, &e, T0 + 3));
	save_ok(a);
	/* b saves something else: its stale open copy must not come back. */
	pt_lesson *l = c.v[0].lesson;
	ck_assert(progress_add_time(b, l, &l->items[0], 5, T0 + 4));
	save_ok(b);
	ck_assert_ptr_null(progress_exam_open(b));
	ck_assert_uint_eq(progress_exam_count(b), 1);
	progress_close(b);
	progress_close(a);
	/* Another exam finished elsewhere joins the history. */
	pt_exam g;
	start(&g, &c, 2, 22, T0 + 50);
	exam_submit(&g, T0 + 60, true);
	pt_progress *m = progress_open(NULL, T0, &(pt_open_report){ 0 });
	ck_assert(progress_exam_keep(m, &g, T0 + 60));
	pt_progress *d = open_ok(path, T0 + 70);
	ck_assert(progress_exam_keep(d, &g, T0 + 60));
	ck_assert(progress_exam_keep(d, &g, T0 + 60)); /* twice is once */
	/* The same seed again in the same second is another exam. */
	pt_exam h;
	start(&h, &c, 2, 22, T0 + 50);
	progress_exam_new_id(d, &h);
	ck_assert_str_ne(h.id, g.id);
	exam_submit(&h, T0 + 61, false);
	ck_assert(progress_exam_keep(d, &h, T0 + 61));
	exam_free(&h);
	save_ok(d);
	progress_close(d);
	d = open_ok(path, T0 + 80);
	ck_assert_uint_eq(progress_exam_count(d), 3);
	pt_exam_summary sum;
	ck_assert(progress_exam_summary(d, 1, &sum));
	ck_assert_int_eq(sum.started, T0 + 50);
	ck_assert(progress_exam_at(d, 1)->timed_out);
	progress_close(d);
	progress_close(m);
	exam_free(&g);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* A store written before exams existed loads; a damaged exam is
 * reported like any damaged record. */
START_TEST(test_store_old_and_damaged)
{
	progress_close(open_ok(path, T0)); /* makes the directory */
	write_file(path, "{\"format\":1,\"lessons\":{}}");
	pt_progress *s = open_ok(path, T0);
	ck_assert_uint_eq(progress_exam_count(s), 0);
	ck_assert_ptr_null(progress_exam_open(s));
	progress_close(s);
	write_file(path, "{\"format\":1,\"lessons\":{},\"exams\":{\"done\":[{\"id\":\"x\",\"seed\":\"12\","
	    "\"started\":1,\"finished\":2,\"items\":[]}]}}");
	pt_open_report rep;
	s = progress_open(path, T0, &rep);
	ck_assert_ptr_null(strstr(rep.message, "seed"));
	ck_assert_str_ne(rep.moved_to, "");
	progress_close(s);
	pt_open_report kept; /* the report of the kept file says it */
	s = progress_open_readonly(rep.moved_to, &kept);
	ck_assert_ptr_nonnull(strstr(kept.message, "\"seed\" is not 16 hex digits"));
	progress_close(s);
}
END_TEST

/* A finished exam keeps the answers given: reopened (exam --show) it
 * shows each answer and the results as graded then, however the store
 * was closed in between; a result from a store that kept no answers
 * still reopens, saying so; an exam the history does not hold does not. */
START_TEST(test_store_reopen)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	start(&e, &c, 10, 11, T0);
	pick_text(&e, find(&e, "e1"), "right e1");
	pick_text(&e, find(&e, "b3"), "wrong b3");
	grade_type(exam_grade(&e, find(&e, "h1")), "17");
	pt_grade *fill = exam_grade(&e, find(&e, "h2"));
	grade_fill(fill, 1, lesson_bank_find(fill->item, "sum")); /* blank 2 only: partly filled */
	e.marked[find(&e, "m1")] = true;
	exam_submit(&e, T0 + 300, false);
	pt_progress *s = open_ok(path, T0);
	ck_assert(progress_exam_keep(s, &e, T0 + 300));
	save_ok(s);
	progress_close(s);

	s = open_ok(path, T0 + 5000);
	pt_exam f;
	size_t dropped = 99;
	char err[256] = "";
	ck_assert(!progress_exam_reopen(s, 1, &c, &f, T0 + 5000, &dropped, err, sizeof err));
	ck_assert_str_eq(err, "there is no exam 2");
	ck_assert_msg(progress_exam_reopen(s, 0, &c, &f, T0 + 5000, &dropped, err, sizeof err), "%s", err);
	ck_assert_uint_eq(dropped, 0);
	ck_assert(f.submitted);
	ck_assert(!f.answers_lost);
	ck_assert_uint_eq(f.reopened, 1);
	ck_assert_int_eq(f.used, 300);
	ck_assert_int_eq(f.finished, T0 + 300);
	ck_assert_uint_eq(f.n, e.n);
	const char *a[PT_MAX_BLANKS], *b[PT_MAX_BLANKS];
	for (size_t i = 0; i < e.n; i++) {
		ck_assert_ptr_eq(f.items[i], e.items[i]);
		ck_assert_int_eq(f.results[i], e.results[i]);
		ck_assert(f.marked[i] == e.marked[i]);
		size_t n = exam_answer_texts(&e, i, a, PT_MAX_BLANKS);
		ck_assert_uint_eq(exam_answer_texts(&f, i, b, PT_MAX_BLANKS), n);
		for (size_t k = 0; k < n; k++)
			ck_assert_str_eq(b[k], a[k]);
		/* Finished: the key and the explanation may be shown. */
		pt_disclosure dis;
		session_disclose(exam_grade(&f, i), &dis);
		ck_assert(dis.finished && dis.explanation);
	}
	ck_assert_int_eq(f.results[find(&f, "h1")], PT_EXAM_WRONG);
	ck_assert_uint_eq(exam_answer_texts(&f, find(&f, "h1"), b, PT_MAX_BLANKS), 1);
	ck_assert_str_eq(b[0], "17");
	ck_assert_int_eq(f.results[find(&f, "h2")], PT_EXAM_UNANSWERED);
	ck_assert_uint_eq(exam_answer_texts(&f, find(&f, "h2"), b, PT_MAX_BLANKS), 2);
	ck_assert_str_eq(b[1], "sum"); /* what was entered, though it was not a whole answer */
	ck_assert(exam_grade(&f, find(&f, "b3"))->picked[0] || exam_grade(&f, find(&f, "b3"))->picked[1] ||
	    exam_grade(&f, find(&f, "b3"))->picked[2]);
	pt_exam_results r1, r2;
	ck_assert(exam_results(&e, NULL, &r1) && exam_results(&f, NULL, &r2));
	ck_assert_uint_eq(r2.right, r1.right);
	ck_assert_uint_eq(r2.wrong, r1.wrong);
	ck_assert_uint_eq(r2.unanswered, r1.unanswered);
	exam_results_free(&r1);
	exam_results_free(&r2);
	char note[400];
	exam_past_note(&f, note, sizeof note);
	ck_assert_str_eq(note, "A past result: exam 1 of your history, finished 2023-11-14 22:18 UTC.");
	exam_free(&f);
	/* Reopening changed nothing in the store. */
	ck_assert(!progress_dirty(s));
	progress_close(s);

	/* A store written before answers were kept: the result still shows. */
	char *text = slurp(path);
	char *k = strstr(text, "\"answers_kept\"");
	ck_assert_ptr_nonnull(k);
	memcpy(k, "\"answers_kepX\"", strlen("\"answers_kepX\""));
	write_file(path, text);
	free(text);
	s = progress_open(path, T0 + 6000, &(pt_open_report){ 0 });
	ck_assert_ptr_nonnull(s);
	ck_assert_msg(progress_exam_reopen(s, 0, &c, &f, T0 + 6000, &dropped, err, sizeof err), "%s", err);
	ck_assert(f.answers_lost);
	ck_assert_uint_eq(exam_answer_texts(&f, find(&f, "e1"), b, PT_MAX_BLANKS), 0);
	ck_assert_int_eq(f.results[find(&f, "e1")], PT_EXAM_RIGHT);
	exam_past_note(&f, note, sizeof note);
	ck_assert_ptr_nonnull(strstr(note, "The answers given were not kept"));
	exam_free(&f);
	progress_close(s);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

/* A retake sits a past paper again: the same items in a new order, its
 * pass mark and time limit, numbered after the paper it sits again; the
 * first sitting's record is left as it was, and a paper one of whose
 * items changed since is refused, naming the lesson. */
START_TEST(test_retake)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	start(&e, &c, 8, 11, T0);
	pick_text(&e, find(&e, "b1"), "wrong b1");
	exam_submit(&e, T0 + 300, false);
	pt_progress *s = open_ok(path, T0);
	ck_assert(progress_exam_keep(s, &e, T0 + 300));
	save_ok(s);
	progress_close(s);

	s = open_ok(path, T0 + 1000);
	pt_exam_summary before;
	ck_assert(progress_exam_summary(s, 0, &before));
	pt_exam f;
	char err[256] = "";
	ck_assert(!progress_exam_retake(s, 1, &c, &f, 5, T0 + 1000, err, sizeof err));
	ck_assert_str_eq(err, "there is no exam 2");
	ck_assert_msg(progress_exam_retake(s, 0, &c, &f, 5, T0 + 1000, err, sizeof err), "%s", err);
	ck_assert_uint_eq(f.n, e.n);
	ck_assert_uint_eq(f.retake_of, 1);
	ck_assert_str_eq(f.retake_id, e.id);
	ck_assert_int_eq(f.limit, e.limit);
	ck_assert_int_eq(f.pass_percent, e.pass_percent);
	ck_assert(!f.submitted);
	ck_assert_uint_eq(exam_unanswered(&f), f.n);
	bool moved = false;
	for (size_t i = 0; i < e.n; i++) {
		moved = moved || f.items[i] != e.items[i];
		ck_assert_ptr_eq(f.items[find(&f, e.items[i]->id.s)], e.items[i]); /* each item once */
	}
	ck_assert_msg(moved, "a retake keeps the old order");
	/* Every item right this time: a new sitting, the first one's score stays. */
	for (size_t i = 0; i < f.n; i++)
		if (f.items[i]->kind == PT_KIND_CHOICE) {
			char right[32];
			snprintf(right, sizeof right, "right %s", f.items[i]->id.s);
			pick_text(&f, i, right);
		}
	exam_submit(&f, T0 + 1200, false);
	progress_exam_new_id(s, &f);
	ck_assert(progress_exam_keep(s, &f, T0 + 1200));
	save_ok(s);
	progress_close(s);
	s = open_ok(path, T0 + 2000);
	ck_assert_uint_eq(progress_exam_count(s), 2);
	pt_exam_summary after, retook;
	ck_assert(progress_exam_summary(s, 0, &after) && progress_exam_summary(s, 1, &retook));
	ck_assert(after.score == before.score && after.score < 100);
	ck_assert(retook.score > after.score);
	ck_assert_uint_eq(after.retake_of, 0);
	ck_assert_uint_eq(retook.retake_of, 1);
	ck_assert_str_eq(progress_exam_at(s, 0)->id, e.id);
	ck_assert_str_eq(progress_exam_at(s, 1)->retake_of, e.id);
	pt_exam g;
	size_t dropped = 0;
	char note[400];
	ck_assert(progress_exam_reopen(s, 1, &c, &g, T0 + 2000, &dropped, err, sizeof err));
	ck_assert_uint_eq(g.retake_of, 1);
	exam_past_note(&g, note, sizeof note);
	ck_assert_msg(strstr(note, "A retake of exam 1 of your history: the same items in a new order; exam 1's score "
	    "stays as it was.") != NULL, "%s", note);
	exam_free(&g);
	exam_free(&f);

	/* An item of the paper changed since: refused, naming its lesson. */
	pt_catalog changed = { 0 };
	cat_add(&changed, mk(LESSON_A));
	char *b = strdup(LESSON_B);
	char *at = strstr(b, "wrong b2");
	ck_assert_ptr_nonnull(at);
	at[6] = 'B'; /* an option changed */
	cat_add(&changed, mk(b));
	free(b);
	bool on_paper = false;
	for (size_t i = 0; i < e.n; i++)
		on_paper = on_paper || strcmp(e.items[i]->id.s, "b2") == 0;
	ck_assert(on_paper);
	ck_assert(!progress_exam_retake(s, 0, &changed, &f, 5, T0 + 2000, err, sizeof err));
	ck_assert_msg(strstr(err, "exam 1 cannot be sat again: 1 of its items changed or left the lessons since (the "
	    "lesson \"Lesson b\" changed)") != NULL, "%s", err);
	progress_close(s);
	exam_free(&e);
	catalog_free(&c);
	catalog_free(&changed);
}
END_TEST

#define TCHOICE(id, tags) \
	"{'id':'" id "','kind':'choice','difficulty':'easy','prompt':'Pick " id "','tags':[" tags "]," \
	"'options':[{'text':'right " id "','correct':true},{'text':'wrong " id "','feedback':'fb " id "'}," \
	"{'text':'wrong2 " id "'},{'text':'wrong3 " id "'}]," \
	"'hints':['h'],'explanation':'e'}"
#define LESSON_T EHEAD("t") TCHOICE("p1", "'pipeline'") "," TCHOICE("p2", "'pipeline','memory'") "," \
	TCHOICE("m1", "'memory'") "," TCHOICE("c1", "'collectives'") "," TCHOICE("c2", "'collectives'") TAIL

/* Results by concept as well as by lesson: an item counts in each of its
 * tags, weakest first, each with the items to review; what to study next
 * (next.h's ranking) looks first at the concepts the paper missed: here
 * the pipeline, although collectives has an item due from practice. */
START_TEST(test_results_by_tag_and_next)
{
	pt_catalog c = { 0 };
	cat_add(&c, mk(LESSON_T));
	const pt_lesson *t = c.v[0].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	/* c1 failed in practice: due at once. */
	pt_grade g;
	grade_init(&g, lesson_find_item(t, "c1"));
	for (int k = 0; k < 3; k++) /* three different wrong answers: one repeated is not checked again */
		check_pick(&g, 1u << (k + 1));
	ck_assert(progress_record_item(s, t, g.item, &g, T0));
	/* p1 right in its lesson, so its exam miss is reviewed and counted. */
	grade_init(&g, lesson_find_item(t, "p1"));
	for (int o = 0; o < grade_slots(&g); o++)
		if (g.item->options[o].correct)
			grade_pick(&g, o);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert(progress_record_item(s, t, g.item, &g, T0));

	pt_exam e;
	start(&e, &c, 5, 4, T0 + 60);
	pick_text(&e, find(&e, "p1"), "wrong p1");
	pick_text(&e, find(&e, "p2"), "right p2");
	pick_text(&e, find(&e, "m1"), "right m1");
	pick_text(&e, find(&e, "c1"), "right c1");
	/* c2 left unanswered */
	exam_submit(&e, T0 + 120, false);
	ck_assert(progress_exam_keep(s, &e, T0 + 120));
	pt_exam_results r;
	ck_assert(exam_results(&e, NULL, &r));
	/* pipeline 1 of 2 and collectives 1 of 2 (a tie: the list's order),
	 * then memory 2 of 2. */
	ck_assert_uint_eq(r.n_tags, 3);
	ck_assert_int_eq(r.by_tag[0].tag, tags_find(&c.tags, "pipeline"));
	ck_assert_uint_eq(r.by_tag[0].items, 2);
	ck_assert_uint_eq(r.by_tag[0].right, 1);
	ck_assert_int_eq(r.by_tag[1].tag, tags_find(&c.tags, "collectives"));
	ck_assert_uint_eq(r.by_tag[1].right, 1);
	ck_assert_int_eq(r.by_tag[2].tag, tags_find(&c.tags, "memory"));
	ck_assert_uint_eq(r.by_tag[2].items, 2);
	ck_assert_uint_eq(r.by_tag[2].right, 2);
	char plan[256], want[64];
	exam_review_tag(&e, tags_find(&c.tags, "pipeline"), NULL, plan, sizeof plan);
	snprintf(want, sizeof want, "review item %zu; reopen Lesson t", find(&e, "p1") + 1);
	ck_assert_str_eq(plan, want);
	exam_review_tag(&e, tags_find(&c.tags, "memory"), NULL, plan, sizeof plan);
	ck_assert_str_eq(plan, "");
	ck_assert_uint_eq(exam_missed_tags(&e, NULL), (1ull << tags_find(&c.tags, "pipeline")) | (1ull << tags_find(&c.tags, "collectives")));
	exam_results_free(&r);
	/* The exam's wrong pick is among the mistakes made most often. */
	pt_stats st;
	ck_assert(stats_compute(s, &c, T0 + 130, 0, &st));
	bool listed = false;
	for (size_t k = 0; k < st.n_top; k++)
		listed = listed || strcmp(st.top[k].item->id.s, "p1") == 0;
	ck_assert_msg(listed, "the exam's wrong pick of p1 is not among %zu mistakes", st.n_top);
	stats_free(&st);

	/* The advice alone names the concept due from practice; after the
	 * exam it names only the concepts the paper missed. */
	pt_next all, after;
	ck_assert(next_compute(s, &c, T0 + 130, NULL, &all));
	ck_assert_msg(strstr(all.lines[0], "collectives") != NULL, "%s", all.lines[0]);
	ck_assert(next_compute(s, &c, T0 + 130, &(pt_next_scope){ 1ull << tags_find(&c.tags, "pipeline"), false, NULL, 0 }, &after));
	ck_assert_msg(strncmp(after.lines[0], "pipeline parallelism and bubbles: ", 34) == 0, "%s", after.lines[0]);
	for (size_t k = 0; k < after.n; k++)
		ck_assert_msg(strstr(after.lines[k], "collectives") == NULL, "%s", after.lines[k]);
	ck_assert_uint_eq(after.due, all.due); /* one count of what is due, whatever the advice names */
	/* A paper's scope never falls back to other concepts: nothing due in
	 * its concepts names none, and a perfect paper says so first. */
	ck_assert(next_compute(s, &c, T0 + 130, &(pt_next_scope){ 1ull << tags_find(&c.tags, "launch"), false, NULL, 0 }, &after));
	ck_assert(next_compute(s, &c, T0 + 130, &(pt_next_scope){ 0, true, NULL, 0 }, &after));
	ck_assert_str_eq(after.lines[0], PT_NEXT_PERFECT);
	for (size_t k = 0; k < after.n; k++)
		for (size_t tg = 0; tg < tags_count(&c.tags); tg++)
			ck_assert_msg(strstr(after.lines[k], tags_at(&c.tags, tg)->label) == NULL, "%s", after.lines[k]);
	ck_assert(!exam_perfect(&e));
	progress_close(s);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

Suite *exam_suite(void);

/* The suite. */
/* --kinds choice,multi: a paper of those kinds only, as many as there are. */
START_TEST(test_kinds_only)
{
	pt_catalog c = two_lessons();
	pt_exam_config cfg;
	exam_config_default(&cfg);
	cfg.count = 20;
	char err[256] = "";
	ck_assert(exam_kinds_parse("choice,multi", &cfg.kinds, err, sizeof err));
	ck_assert_uint_eq(cfg.kinds, (1u << PT_KIND_CHOICE) | (1u << PT_KIND_MULTI));
	pt_exam e;
	ck_assert_msg(exam_start(&e, &c, &cfg, T0, err, sizeof err), "%s", err);
	ck_assert_uint_eq(e.n, 8); /* lesson a's 4 choices and lesson b's 4, not its numeric and fill */
	for (size_t i = 0; i < e.n; i++)
		ck_assert_int_eq(e.items[i]->kind, PT_KIND_CHOICE);
	exam_free(&e);
	ck_assert(exam_kinds_parse("numeric", &cfg.kinds, err, sizeof err));
	cfg.count = 5;
	ck_assert(exam_start(&e, &c, &cfg, T0, err, sizeof err));
	ck_assert_uint_eq(e.n, 1);
	ck_assert_int_eq(e.items[0]->kind, PT_KIND_NUMERIC);
	exam_free(&e);
	ck_assert(!exam_kinds_parse("choice,essay", &cfg.kinds, err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "'essay' is not a kind"));
	catalog_free(&c);
}
END_TEST

/* The exam lock is let go at submit: a second tutor no longer sees the
 * submitted paper as in progress, while the first still shows results. */
START_TEST(test_submit_releases_hold)
{
	pt_catalog c = two_lessons();
	pt_exam e;
	start(&e, &c, 4, 21, T0);
	pt_progress *a = open_ok(path, T0);
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_HELD);
	pt_track t;
	track_init(&t, a, NULL);
	track_exam(&t, &e, T0 + 10);
	pt_progress *b = open_ok(path, T0 + 11);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_ELSEWHERE);
	exam_submit(&e, T0 + 20, false);
	track_exam(&t, &e, T0 + 20);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_HELD);
	progress_exam_release(b);
	progress_close(b);
	progress_close(a);
	exam_free(&e);
	catalog_free(&c);
}
END_TEST

Suite *exam_suite(void)
{
	Suite *s = suite_create("exam");
	TCase *tc = tcase_create("core");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_draw_stratified);
	tcase_add_test(tc, test_draw_proportional);
	tcase_add_test(tc, test_draw_fresh);
	tcase_add_test(tc, test_draw_from);
	tcase_add_test(tc, test_grading_and_results);
	tcase_add_test(tc, test_clock);
	tcase_add_test(tc, test_answer_texts);
	tcase_add_test(tc, test_store_round_trip);
	tcase_add_test(tc, test_exam_then_lesson_full_credit);
	tcase_add_test(tc, test_plan_keeps_held_verdicts);
	tcase_add_test(tc, test_rows_keep_held_verdicts);
	tcase_add_test(tc, test_store_merge);
	tcase_add_test(tc, test_store_hold_and_closed_books);
	tcase_add_test(tc, test_store_old_and_damaged);
	tcase_add_test(tc, test_store_reopen);
	tcase_add_test(tc, test_results_by_tag_and_next);
	tcase_add_test(tc, test_select_n_partly);
	tcase_add_test(tc, test_clock_one_format);
	tcase_add_test(tc, test_submit_releases_hold);
	tcase_add_test(tc, test_kinds_only);
	tcase_add_test(tc, test_retake);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(exam_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

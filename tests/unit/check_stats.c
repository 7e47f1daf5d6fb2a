/* check_stats.c - the learner's statistics (stats.c) against figures
 * worked out by hand from a store the test writes at fixed times, and
 * their text charts (stats_out.c) line by line, UTF-8 and ASCII. */
#include "paratutor/report/next.h"
#include "paratutor/report/stats.h"
#include "paratutor/model/tags.h"
#include "paratutor/report/stats_out.h"
#include "progress_util.h"

/* T0 is 2023-11-14 22:13:20 UTC, day 19675 (a Tuesday). */
#define T0_DAY 19675L

/* Day numbers, dates and weekdays, either side of the epoch and of an
 * offset from UTC. */
START_TEST(test_days)
{
	int y, m, d;
	ck_assert_int_eq(stats_day(T0, 0), T0_DAY);
	ck_assert_int_eq(stats_day(T0, 2 * 3600), T0_DAY + 1);       /* 00:13 the next day east of UTC */
	ck_assert_int_eq(stats_day(T0, -23 * 3600), T0_DAY - 1); /* 23:13 the day before */
	ck_assert_int_eq(stats_day(0, 0), 0);
	ck_assert_int_eq(stats_day(-1, 0), -1);
	ck_assert_int_eq(stats_day(-86400, 0), -1);
	ck_assert_int_eq(stats_day(-86401, 0), -2);
	stats_date(T0_DAY, &y, &m, &d);
	ck_assert(y == 2023 && m == 11 && d == 14);
	stats_date(0, &y, &m, &d);
	ck_assert(y == 1970 && m == 1 && d == 1);
	stats_date(-1, &y, &m, &d);
	ck_assert(y == 1969 && m == 12 && d == 31);
	stats_date(11016, &y, &m, &d); /* a leap day */
	ck_assert(y == 2000 && m == 2 && d == 29);
	ck_assert_int_eq(stats_weekday(0), 4);  /* Thursday */
	ck_assert_int_eq(stats_weekday(T0_DAY), 2);
	ck_assert_int_eq(stats_weekday(-1), 3);
}
END_TEST

/* Writes the store the figures are worked out from (catalog: p, q):
 *   p/fill  right first time 3 days ago (Good); right again in a review 2
 *           days ago (Good a day later: stability 7.3 days, mastered), due
 *           T0 + 5 days + 100 s
 *   p/one   failed yesterday (A, then C): Again, due yesterday (overdue)
 *   p/many  a hint, then A and B ticked (B wrong) 40 days ago: open
 *   q/x     right first time today: Good, due T0 + 2 days */
static pt_progress *figures_store(const pt_catalog *cat)
{
	const pt_lesson *p = cat->v[0].lesson, *q = cat->v[1].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	grade_init(&g, &p->items[0]);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, p, g.item, &g, T0 - 3 * DAY));
	grade_init(&g, &p->items[0]);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_review(s, p, g.item, &g, T0 - 2 * DAY + 100));
	grade_init(&g, &p->items[1]);
	check_pick(&g, 1u << 0);
	ck_assert(progress_record_item(s, p, g.item, &g, T0 - DAY));
	check_pick(&g, 1u << 2);
	ck_assert_int_eq(g.status, PT_FAILED);
	ck_assert(progress_record_item(s, p, g.item, &g, T0 - DAY + 5));
	grade_init(&g, &p->items[2]);
	ck_assert_int_eq(grade_hint(&g), PT_GRADE_OK);
	check_pick(&g, 1u << 0 | 1u << 1);
	ck_assert(progress_record_item(s, p, g.item, &g, T0 - 40 * DAY));
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, q, g.item, &g, T0));
	return s;
}

/* Builds the catalog p, q. */
static void figures_catalog(pt_catalog *cat)
{
	memset(cat, 0, sizeof *cat);
	cat_add(cat, mk(lesson_p));
	cat_add(cat, mk(lesson_q));
}

/* Every figure of the store above, at T0. */
START_TEST(test_figures)
{
	pt_catalog cat;
	figures_catalog(&cat);
	pt_progress *s = figures_store(&cat);
	pt_stats st;
	ck_assert(stats_compute(s, &cat, T0, 0, &st));
	ck_assert_int_eq(st.today, T0_DAY);

	ck_assert_uint_eq(st.n_lessons, 2);
	ck_assert_ptr_eq(st.lessons[0].lesson, cat.v[0].lesson);
	ck_assert_uint_eq(st.lessons[0].items, 3);
	ck_assert_uint_eq(st.lessons[0].done, 2);
	ck_assert_uint_eq(st.lessons[0].mastered, 1);
	ck_assert_int_eq(st.lessons[0].percent, 33);
	ck_assert_uint_eq(st.lessons[1].items, 1);
	ck_assert_uint_eq(st.lessons[1].done, 1);
	ck_assert_uint_eq(st.lessons[1].mastered, 0);
	ck_assert_int_eq(st.lessons[1].percent, 0);

	/* First tries: today q/x right, yesterday p/one wrong, 3 days ago
	 * p/fill right; p/many is 40 days old. */
	for (int d = 0; d < PT_STATS_DAYS; d++) {
		size_t tries = d == 29 || d == 28 || d == 26, right = d == 29 || d == 26;
		ck_assert_msg(st.days[d].tries == tries && st.days[d].right == right, "day %d: %zu/%zu", d,
		    st.days[d].right, st.days[d].tries);
	}
	ck_assert_uint_eq(st.tries, 3);
	ck_assert_uint_eq(st.right, 2);
	ck_assert_uint_eq(st.days_with_tries, 3);

	/* Due: p/one overdue (today), q/x in 2 days, p/fill in 5. */
	for (int d = 0; d < PT_STATS_FORECAST_DAYS; d++)
		ck_assert_uint_eq(st.forecast[d], d == 0 || d == 2 || d == 5 ? 1 : 0);
	ck_assert_uint_eq(st.overdue, 1);

	/* Misconceptions: no-b (p/many, item 3) first met, then no-a and no-c
	 * (p/one). */
	ck_assert_uint_eq(st.n_top, 3);
	ck_assert_str_eq(st.top[0].feedback, "no-b");
	ck_assert_uint_eq(st.top[0].count, 1);
	ck_assert_ptr_eq(st.top[0].lesson, cat.v[0].lesson);
	ck_assert_ptr_eq(st.top[0].item, &cat.v[0].lesson->items[2]);
	ck_assert_uint_eq(st.top[0].index, 2);
	ck_assert_str_eq(st.top[1].feedback, "no-a");
	ck_assert_uint_eq(st.top[1].index, 1);
	ck_assert_str_eq(st.top[2].feedback, "no-c");
	ck_assert_uint_eq(st.top[2].index, 1);

	/* Practised today, yesterday, 2 and 3 days ago (and 40 days ago). */
	ck_assert_int_eq(st.streak, 4);
	ck_assert(st.practised_today);
	stats_free(&st);

	/* A day later the streak runs up to yesterday; two days later still
	 * (today not practised yet); with a whole day missed it is gone. */
	ck_assert(stats_compute(s, &cat, T0 + DAY, 0, &st));
	ck_assert_int_eq(st.streak, 4);
	ck_assert(!st.practised_today);
	ck_assert_uint_eq(st.overdue, 1);
	ck_assert_uint_eq(st.forecast[0], 1); /* p/one overdue */
	ck_assert_uint_eq(st.forecast[1], 1); /* q/x */
	ck_assert_uint_eq(st.days[28].tries, 1);
	stats_free(&st);
	ck_assert(stats_compute(s, &cat, T0 + 3 * DAY, 0, &st));
	ck_assert_int_eq(st.streak, 0);
	ck_assert_uint_eq(st.overdue, 2); /* p/one and q/x */
	stats_free(&st);

	/* 30 days on, the day of the first try of p/fill has left the chart
	 * (it was 3 days before T0; day 29 back is the oldest kept). */
	ck_assert(stats_compute(s, &cat, T0 + 27 * DAY, 0, &st));
	ck_assert_uint_eq(st.days[0].tries, 0);
	ck_assert_uint_eq(st.tries, 2);
	stats_free(&st);
	ck_assert(stats_compute(s, &cat, T0 + 26 * DAY, 0, &st));
	ck_assert_uint_eq(st.days[0].tries, 1);
	ck_assert_uint_eq(st.tries, 3);
	stats_free(&st);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* A broken lesson is left out; an item whose graded content changed
 * counts as not done and not due. */
START_TEST(test_broken_and_changed)
{
	pt_catalog cat;
	figures_catalog(&cat);
	pt_progress *s = figures_store(&cat);
	cat.v[1].broken = true;
	lesson_free(cat.v[0].lesson);
	cat.v[0].lesson = mk(lesson_p_changed); /* "one" has another answer now */
	pt_stats st;
	ck_assert(stats_compute(s, &cat, T0, 0, &st));
	ck_assert_uint_eq(st.n_lessons, 1);
	ck_assert_uint_eq(st.lessons[0].done, 1);
	ck_assert_uint_eq(st.lessons[0].mastered, 1);
	ck_assert_uint_eq(st.forecast[0], 0);
	ck_assert_uint_eq(st.forecast[5], 1);
	ck_assert_uint_eq(st.overdue, 0);
	stats_free(&st);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* An empty store: nothing counted, every section still says so. */
START_TEST(test_empty)
{
	pt_catalog cat;
	figures_catalog(&cat);
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_stats st;
	ck_assert(stats_compute(s, &cat, T0, 0, &st));
	ck_assert_uint_eq(st.tries, 0);
	ck_assert_int_eq(st.streak, 0);
	ck_assert_uint_eq(st.n_top, 0);
	pt_stats_text t;
	pt_stats_style style = { false, 58, 0, false, false };
	ck_assert(stats_text(&st, NULL, 0, &style, &t));
	const char *want[] = { "Days practised in a row: none yet; answer an item today to start.",
		"No first answers in the last 30 days.", "Nothing comes back for review in the next 14 days.",
		"No exams yet: the score of each exam you sit shows here, against its pass mark.",
		"None yet: a wrong answer that shows a mistake is counted here." };
	for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
		bool found = false;
		for (size_t i = 0; i < t.n && !found; i++)
			found = strcmp(t.v[i].text, want[w]) == 0;
		ck_assert_msg(found, "missing: %s", want[w]);
	}
	stats_text_free(&t);
	stats_free(&st);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* Returns the index of the first block whose text starts with prefix. */
static size_t find_block(const pt_stats_text *t, const char *prefix)
{
	for (size_t i = 0; i < t->n; i++)
		if (strncmp(t->v[i].text, prefix, strlen(prefix)) == 0)
			return i;
	ck_abort_msg("no block starts with: %s", prefix);
	return 0;
}

/* Asserts the n blocks from index at are the lines want. */
static void expect_lines(const pt_stats_text *t, size_t at, const char *const *want, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		ck_assert_uint_lt(at + k, t->n);
		ck_assert_int_eq(t->v[at + k].form, STATS_LINE);
		ck_assert_msg(strcmp(t->v[at + k].text, want[k]) == 0, "line %zu:\n got [%s]\nwant [%s]", k,
		    t->v[at + k].text, want[k]);
	}
}

/* Statistics set by hand for the chart tests: 4 first tries all wrong 29
 * days ago, 1 of 1 right 2 days ago, 1 of 2 today; 4 due today, 1 in
 * two days; one lesson with 3 of 8 mastered. */
static void chart_stats(pt_stats *st, pt_stats_lesson *lesson, pt_lesson *l)
{
	memset(st, 0, sizeof *st);
	memset(l, 0, sizeof *l);
	l->title.s = (char *)"Lesson";
	*lesson = (pt_stats_lesson){ l, "Lesson", 8, 5, 3, 37, 1, 62, 1, 5, -1 };
	st->lessons = lesson;
	st->n_lessons = 1;
	st->today = T0_DAY;
	st->days[0] = (pt_stats_day){ 4, 0 };
	st->days[27] = (pt_stats_day){ 1, 1 };
	st->days[29] = (pt_stats_day){ 2, 1 };
	st->tries = 7;
	st->right = 2;
	st->days_with_tries = 3;
	st->forecast[0] = 4;
	st->forecast[2] = 1;
	st->streak = 2;
}

/* The accuracy and forecast charts and the mastery bar, in ASCII. */
START_TEST(test_charts_ascii)
{
	pt_stats st;
	pt_stats_lesson lesson;
	pt_lesson l;
	chart_stats(&st, &lesson, &l);
	pt_stats_text t;
	pt_stats_style style = { true, 58, 0, false, false };
	ck_assert(stats_text(&st, NULL, 0, &style, &t));
	static const char *const accuracy[] = {
		"100% +                           #",
		"     |                           #",
		"     |                           # #",
		"     |_..........................#.#",
		"  0% +------------------------------",
		"      Oct 16                   today",
	};
	expect_lines(&t, find_block(&t, "100% "), accuracy, 6);
	size_t at = find_block(&t, "7 first answers");
	ck_assert_str_eq(t.v[at].text, "7 first answers on 3 days, 2 right first time (29%)");
	static const char *const days[] = {
		"    Oct 16  0 of 4 right (0%)",
		"    Nov 12  1 of 1 right (100%)",
		"    today   1 of 2 right (50%)",
	};
	expect_lines(&t, at + 1, days, 3);
	static const char *const forecast[] = {
		"   ##",
		"   ##",
		"   ##",
		"   ##      ##",
		"    4   0   1   0   0   0   0   0   0   0   0   0   0   0",
		"  tdy Wed Thu Fri Sat Sun Mon Tue Wed Thu Fri Sat Sun Mon",
	};
	expect_lines(&t, find_block(&t, "   ##"), forecast, 6);
	at = find_block(&t, "5 reviews");
	ck_assert_str_eq(t.v[at].text, "5 reviews in the next 14 days.");
	at = find_block(&t, "3 of 8 mastered"); /* the bar leads its figures, which wrap where the width is short */
	ck_assert_int_eq(t.v[at].form, STATS_LINE);
	ck_assert_int_eq(t.v[at].indent, 4);
	ck_assert_str_eq(t.v[at].lead, "######..........  37%");
	ck_assert_str_eq(t.v[at].text, "3 of 8 mastered, 5 done, score 62");
	ck_assert_str_eq(t.v[at - 1].text, "Lesson");
	at = find_block(&t, "Days practised");
	ck_assert_str_eq(t.v[at].text, "Days practised in a row: 2, up to yesterday; practise today to keep it going.");
	stats_text_free(&t);
}
END_TEST

/* On a narrow width (stats --me on a narrow terminal) the day charts show
 * the latest (the forecast: the first) days that fit, and their notes say
 * so, by the exam chart's rule; at 58 every day fits and nothing is said. */
START_TEST(test_charts_fit_width)
{
	pt_stats st;
	pt_stats_lesson lesson;
	pt_lesson l;
	chart_stats(&st, &lesson, &l);
	pt_stats_text t;
	pt_stats_style style = { true, 58, 0, false, false };
	ck_assert(stats_text(&st, NULL, 0, &style, &t));
	ck_assert_ptr_null(strstr(t.v[find_block(&t, "Each column is a day, today at")].text, "that fit"));
	ck_assert_ptr_null(strstr(t.v[find_block(&t, "Each column is a day, today first")].text, "that fit"));
	stats_text_free(&t);
	style.width = 30; /* 30 - 6 = 24 days of 30; (30 - 2) / 4 = 7 days of 14 */
	ck_assert(stats_text(&st, NULL, 0, &style, &t));
	static const char *const accuracy[] = {
		"100% +                     #",
		"     |                     #",
		"     |                     # #",
		"     |.....................#.#",
		"  0% +------------------------",
		"      Oct 22             today",
	};
	expect_lines(&t, find_block(&t, "100% "), accuracy, 6);
	ck_assert_ptr_nonnull(strstr(t.v[find_block(&t, "Each column is a day (the latest that fit), today at")].text,
	    "today at the right"));
	static const char *const forecast[] = {
		"    4   0   1   0   0   0   0",
		"  tdy Wed Thu Fri Sat Sun Mon",
	};
	expect_lines(&t, find_block(&t, "    4   0"), forecast, 2);
	ck_assert_uint_lt(find_block(&t, "Each column is a day, today first (the first that fit)"), t.n);
	stats_text_free(&t);
	style.width = 16; /* 10 days: no room for the first one's date */
	ck_assert(stats_text(&st, NULL, 0, &style, &t));
	ck_assert_str_eq(t.v[find_block(&t, "  0% +")].text, "  0% +----------");
	ck_assert_str_eq(t.v[find_block(&t, "  0% +") + 1].text, "           today");
	stats_text_free(&t);
}
END_TEST

/* The same charts with block characters. */
START_TEST(test_charts_utf8)
{
	pt_stats st;
	pt_stats_lesson lesson;
	pt_lesson l;
	chart_stats(&st, &lesson, &l);
	st.forecast[2] = 3;
	st.overdue = 2;
	st.practised_today = true;
	pt_stats_text t;
	pt_stats_style style = { false, 58, 0, false, false };
	ck_assert(stats_text(&st, NULL, 0, &style, &t));
	static const char *const accuracy[] = {
		"100% ┤                           █",
		"     │                           █",
		"     │                           █ █",
		"     │▁··························█·█",
		"  0% └──────────────────────────────",
	};
	expect_lines(&t, find_block(&t, "100% "), accuracy, 5);
	/* 3 of 4 is 24 of 32 eighths: the top row stays empty. */
	static const char *const forecast[] = {
		"   ██",
		"   ██      ██",
		"   ██      ██",
		"   ██      ██",
		"    4   0   3   0   0   0   0   0   0   0   0   0   0   0",
	};
	expect_lines(&t, find_block(&t, "   ██"), forecast, 5);
	size_t at = find_block(&t, "7 reviews");
	ck_assert_str_eq(t.v[at].text, "7 reviews in the next 14 days; 2 of today's 4 are overdue.");
	at = find_block(&t, "Days practised");
	ck_assert_str_eq(t.v[at].text, "Days practised in a row: 2, today included.");
	stats_text_free(&t);
}
END_TEST

/* The same figures in words, for plain mode: no chart row, no block or
 * box character, the forecast one sentence. */
START_TEST(test_words)
{
	pt_stats st;
	pt_stats_lesson lesson;
	pt_lesson l;
	chart_stats(&st, &lesson, &l);
	st.forecast[2] = 3;
	st.overdue = 2;
	pt_stats_text t;
	pt_stats_style style = { false, 58, 0, true, false };
	ck_assert(stats_text(&st, NULL, 0, &style, &t));
	for (size_t i = 0; i < t.n; i++) {
		ck_assert_int_ne(t.v[i].form, STATS_LINE);
		ck_assert_ptr_null(t.v[i].lead);
		/* U+2500 to U+25FF start with E2 94 to E2 97 in UTF-8. */
		for (const unsigned char *c = (const unsigned char *)t.v[i].text; *c; c++)
			ck_assert_msg(!(c[0] == 0xe2 && c[1] >= 0x94 && c[1] <= 0x97), "a drawing character in: %s",
			    t.v[i].text);
	}
	size_t at = find_block(&t, "Reviews due:");
	ck_assert_ptr_nonnull(strstr(t.v[at].text, "7 in the next 14 days; 2 of today's 4 are overdue."));
	ck_assert_ptr_nonnull(strstr(t.v[at].text, "Reviews due: today 4, "));
	at = find_block(&t, "Lesson: ");
	ck_assert_str_eq(t.v[at].text, "Lesson: 3 of 8 mastered, 37%; 5 done, score 62.");
	stats_text_free(&t);
}
END_TEST

/* Mastery bars: eighth steps in UTF-8, whole cells in ASCII. */
START_TEST(test_bar)
{
	char buf[128];
	stats_bar(buf, sizeof buf, 1, 3, 16, false); /* 42.67 eighths: 5 full cells and 2 eighths */
	ck_assert_str_eq(buf, "█████▎░░░░░░░░░░");
	stats_bar(buf, sizeof buf, 1, 3, 16, true);
	ck_assert_str_eq(buf, "#####...........");
	stats_bar(buf, sizeof buf, 0, 0, 4, true);
	ck_assert_str_eq(buf, "....");
	stats_bar(buf, sizeof buf, 5, 4, 4, true);
	ck_assert_str_eq(buf, "####");
	stats_bar(buf, 6, 1, 1, 16, false); /* too small a buffer: whole characters only */
	ck_assert_str_eq(buf, "█");
	stats_bar(buf, 7, 1, 1, 16, false);
	ck_assert_str_eq(buf, "██");
}
END_TEST

/* The exam history chart over synthetic exams: a column per exam, the
 * score in its row, the pass mark as a line across its row. */
START_TEST(test_exam_chart)
{
	static const pt_exam_point exams[] = {
		{ T0 - 2 * DAY, 40, 70, 0, 0 }, { T0 - DAY, 85, 70, 0, 0 }, { T0, 70, 70, 0, 0 },
	};
	pt_stats_style style = { true, 58, 0, false, false };
	pt_stats_text t = { 0 };
	stats_text_exams(&t, exams, 3, &style);
	ck_assert(!t.failed);
	static const char *const chart[] = {
		"100 +",
		"    |    o",
		" 80 +",
		"    |-------o-",
		" 60 +",
		"    |",
		" 40 + o",
		"    |",
		" 20 +",
		"    |",
		"  0 +",
		"    +---------",
		"      1  2  3",
		"   1. Nov 12   40%  not passed (pass mark 70%)",
		"   2. Nov 13   85%  passed (pass mark 70%)",
		"   3. Nov 14   70%  passed (pass mark 70%)",
	};
	expect_lines(&t, find_block(&t, "100 +"), chart, sizeof chart / sizeof chart[0]);
	stats_text_free(&t);

	/* Only the latest that fit: width 20 takes (20 - 8) / 3 = 4 columns. */
	pt_exam_point many[6];
	for (int k = 0; k < 6; k++)
		many[k] = (pt_exam_point){ T0 + k * DAY, k * 20, 50, 0, 0 };
	style = (pt_stats_style){ false, 20, 0, false, false };
	stats_text_exams(&t, many, 6, &style);
	static const char *const latest[] = {
		"100 ┤          ●",
		"    │",
		" 80 ┤       ●",
		"    │",
		" 60 ┤    ●",
		"    │────────────",
		" 40 ┤ ●",
	};
	expect_lines(&t, find_block(&t, "100 "), latest, sizeof latest / sizeof latest[0]);
	size_t at = find_block(&t, "    └");
	ck_assert_str_eq(t.v[at + 1].text, "      3  4  5  6");
	ck_assert_str_eq(t.v[at + 2].text, "   3. Nov 16   40%  not passed (pass mark 50%)");
	ck_assert(strstr(t.v[find_block(&t, "One column")].text, "the latest that fit") != NULL);
	stats_text_free(&t);

	/* A sitting whose results the course has not released: no score in
	 * the chart, the list or the words, only when the result comes out. */
	pt_exam_point sealed[] = { { T0 - DAY, 40, 70, 0, 0 }, { T0, 100, 70, 0, T0 + 3600 } };
	style = (pt_stats_style){ true, 58, 0, false, true };
	stats_text_exams(&t, sealed, 2, &style);
	at = find_block(&t, "100 +");
	ck_assert_str_eq(t.v[at].text, "100 +");
	ck_assert_str_eq(t.v[at + 6].text, " 40 + o");
	at = find_block(&t, "    +");
	ck_assert_str_eq(t.v[at + 2].text, "   1. Nov 13   40%  not passed (pass mark 70%)");
	ck_assert_str_eq(t.v[at + 3].text, "   2. Nov 14  result on 2023-11-14 23:13 (UTC)");
	stats_text_free(&t);
	style.words = true;
	stats_text_exams(&t, sealed, 2, &style);
	ck_assert_str_eq(t.v[find_block(&t, "Exam 2")].text, "Exam 2, Nov 14: result on 2023-11-14 23:13 (UTC).");
	stats_text_free(&t);

	/* Scores and pass marks outside 0-100 (NaN too) count as the nearest
	 * end, NaN as 0. */
	pt_exam_point odd[] = { { T0, 0.0 / 0.0, 120, 0, 0 }, { T0, 140, -5, 0, 0 } };
	style = (pt_stats_style){ true, 58, 0, false, false };
	stats_text_exams(&t, odd, 2, &style);
	at = find_block(&t, "100 +");
	ck_assert_str_eq(t.v[at].text, "100 +--- o");
	ck_assert_str_eq(t.v[at + 10].text, "  0 + o ---");
	at = find_block(&t, "   1.");
	ck_assert_str_eq(t.v[at].text, "   1. Nov 14    0%  not passed (pass mark 100%)");
	ck_assert_str_eq(t.v[at + 1].text, "   2. Nov 14  100%  passed (pass mark 0%)");
	stats_text_free(&t);

	/* None: the chart says so. */
	stats_text_exams(&t, NULL, 0, &style);
	ck_assert_str_eq(t.v[1].text, "No exams yet: the score of each exam you sit shows here, against its pass mark.");
	stats_text_free(&t);

	/* The adapter gives none until the store keeps exams. */
	pt_exam_point *v = (pt_exam_point *)1;
	size_t n = 9;
	ck_assert(stats_exams(NULL, NULL, 0, &v, &n));
	ck_assert_ptr_null(v);
	ck_assert_uint_eq(n, 0);
}
END_TEST

/* The misconceptions section names the item each came from, by lesson
 * title and number, never by id. */
START_TEST(test_mistakes_text)
{
	pt_catalog cat;
	figures_catalog(&cat);
	pt_progress *s = figures_store(&cat);
	pt_stats st;
	ck_assert(stats_compute(s, &cat, T0, 0, &st));
	pt_stats_text t;
	pt_stats_style style = { false, 58, 0, false, false };
	ck_assert(stats_text(&st, NULL, 0, &style, &t));
	size_t at = find_block(&t, "no-b");
	ck_assert_str_eq(t.v[at].lead, "  1×");
	ck_assert_str_eq(t.v[at + 1].text, "from T, item 3");
	at = find_block(&t, "no-a");
	ck_assert_str_eq(t.v[at + 1].text, "from T, item 2");
	stats_text_free(&t);
	stats_free(&st);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* Two tagged lessons: t1 has a (collectives) and b (collectives,
 * sharding); t2 has c (sharding). */
#define TAGGED(id, items) "{'format':2,'id':'" id "','title':'Lesson " id "','summary':'s','attempts':3,'items':[" items "]}"
#define TAGGED_ITEM(id, tags) "{'id':'" id "','kind':'choice','difficulty':'easy','prompt':'x','tags':[" tags "]," \
	"'options':[{'text':'W','feedback':'fb'},{'text':'R','correct':true},{'text':'W2'},{'text':'W3'}]," \
	"'hints':['h'],'explanation':'e'}"

/* Per-tag figures and what to study next: a new learner is told where to
 * start; due items are named by concept, lowest predicted recall first,
 * with the tags a review of the advice opens; with nothing due, the least
 * mastered concepts and the next lesson to finish. */
START_TEST(test_tags_and_next)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(TAGGED("t1", TAGGED_ITEM("a", "'collectives'") "," TAGGED_ITEM("b", "'collectives','sharding'"))));
	cat_add(&cat, mk(TAGGED("t2", TAGGED_ITEM("c", "'sharding'"))));
	const pt_lesson *t1 = cat.v[0].lesson, *t2 = cat.v[1].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });

	pt_next n;
	ck_assert(next_compute(s, &cat, T0, NULL, &n));
	ck_assert(n.nothing_done);
	ck_assert_uint_eq(n.n, 1);
	ck_assert_str_eq(n.lines[0], "Start with lesson 1, \"Lesson t1\": open it from the menu (type 1 in plain mode).");
	ck_assert_str_eq(n.brief, ""); /* the menu shows no line: it is how to start */
	ck_assert_uint_eq(n.due, 0);

	/* a failed (due at once, stability 0.2 days); c right first time
	 * (Good, due in 2 days). */
	pt_grade g;
	grade_init(&g, &t1->items[0]);
	for (int i = 0; i < 3; i++) /* three different wrong answers: one repeated is not checked again */
		check_pick(&g, 1u << (i == 0 ? 0 : i + 1));
	ck_assert_int_eq(g.status, PT_FAILED);
	ck_assert(progress_record_item(s, t1, g.item, &g, T0));
	grade_init(&g, &t2->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, t2, g.item, &g, T0));

	/* At once, the model's recall of a just-missed item is 100 %: the
	 * counts say it was missed, and count its recall 0, never 100 %. */
	ck_assert(next_compute(s, &cat, T0, NULL, &n));
	ck_assert_str_eq(n.lines[0], "collectives: all-reduce and friends: 1 item due for review, not right first "
	    "time when last answered");
	ck_assert_ptr_null(strstr(n.lines[0], "100 %"));

	pt_stats st;
	ck_assert(stats_compute(s, &cat, T0 + 3600, 0, &st));
	ck_assert_uint_eq(st.n_tags, 2);
	ck_assert_str_eq(st.tags[0].name, "collectives");
	ck_assert_uint_eq(st.tags[0].items, 2);
	ck_assert_uint_eq(st.tags[0].done, 1);
	ck_assert_uint_eq(st.tags[0].due, 1);
	ck_assert_uint_eq(st.tags[0].missed, 1);
	ck_assert_uint_eq(st.tags[0].seen, 1);
	ck_assert(st.tags[0].recall == 0); /* missed: not recalled, whatever the model says of a moment later */
	ck_assert_uint_eq(st.due, 1);
	ck_assert_uint_eq(st.items, 3);
	ck_assert_uint_eq(st.mastered, 0); /* one pass alone never masters an item */
	ck_assert_str_eq(st.tags[1].name, "sharding");
	ck_assert_uint_eq(st.tags[1].items, 2);
	ck_assert_uint_eq(st.tags[1].due, 0);
	ck_assert(st.tags[0].recall < st.tags[1].recall);
	stats_free(&st);

	/* The due note offers the review as the session can take it: a hosted
	 * learner's account runs no paratutor command, only ssh HOST next. */
	for (int hosted = 0; hosted < 2; hosted++) {
		pt_stats_style style = { true, 58, 0, false, hosted == 1 };
		pt_stats_text t;
		ck_assert(stats_text_for(s, NULL, &cat, T0 + 3600, &style, &t));
		const char *note = t.v[find_block(&t, "1 item due for review now")].text;
		ck_assert_ptr_nonnull(strstr(note, hosted ? "or ssh HOST next." : "or paratutor next --plain."));
		ck_assert_ptr_null(strstr(note, hosted ? "paratutor" : "ssh"));
		stats_text_free(&t);
	}

	ck_assert(next_compute(s, &cat, T0 + 3600, NULL, &n));
	ck_assert(!n.nothing_done);
	ck_assert_uint_eq(n.due, 1);
	ck_assert_uint_eq(n.tags, 1ull << tags_find(&cat.tags, "collectives"));
	ck_assert_ptr_nonnull(strstr(n.lines[0],
	    "collectives: all-reduce and friends: 1 item due for review, not right first time"));
	ck_assert_str_eq(n.lines[n.n - 1], "Finish lesson 1, \"Lesson t1\": 1 of 2 items done.");
	/* The menu's line: every item due, and the weakest concept in a few
	 * words, within 58 columns with "Study next: " before it. */
	ck_assert_str_eq(n.brief, "1 due, weakest: collectives");
	ck_assert_uint_le(strlen("Study next: ") + strlen(n.brief), 58);

	/* Reviewed right: nothing due, so the least mastered concepts. */
	grade_init(&g, &t1->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_review(s, t1, g.item, &g, T0 + 7200));
	ck_assert(next_compute(s, &cat, T0 + 7300, NULL, &n));
	ck_assert_uint_eq(n.due, 0);
	ck_assert_uint_eq(n.tags, 0);
	ck_assert_ptr_nonnull(strstr(n.lines[0], "items mastered, predicted recall"));
	ck_assert_ptr_nonnull(strstr(n.brief, " mastered"));
	ck_assert_ptr_null(strstr(n.brief, "recall"));
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* A cheater's way to "mastered": answer an item right at once (Easy: the
 * interval alone would say mastered), then review it right again and again
 * within minutes.  Mastery needs a right review a day or more after the
 * lesson, so neither the one pass nor the cramming masters anything; a
 * review three days on does. */
START_TEST(test_mastery_not_crammed)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(TAGGED("t1", TAGGED_ITEM("a", "'collectives'"))));
	const pt_lesson *t1 = cat.v[0].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	grade_init(&g, &t1->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_add_time(s, t1, g.item, 5, T0)); /* right within 5 s: Easy, a long first interval */
	ck_assert(progress_record_item(s, t1, g.item, &g, T0));
	const pt_record *r = progress_find(s, "t1", "a");
	pt_item_count c;
	progress_item_count(s, r, T0 + 60, &c);
	ck_assert(c.seen && !c.due && !c.missed && !c.mastered);
	ck_assert_int_ge(r->box, PT_MASTERED_BOX); /* the interval alone would call one pass mastered */
	for (int k = 1; k <= 5; k++) {
		grade_init(&g, &t1->items[0]);
		check_pick(&g, 1u << 1);
		ck_assert(progress_record_review(s, t1, g.item, &g, T0 + 60 * k));
	}
	pt_stats st;
	ck_assert(stats_compute(s, &cat, T0 + 600, 0, &st));
	ck_assert_uint_eq(st.mastered, 0);
	ck_assert_uint_eq(st.tags[0].mastered, 0);
	stats_free(&st);
	grade_init(&g, &t1->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_review(s, t1, g.item, &g, T0 + 3 * DAY));
	ck_assert(stats_compute(s, &cat, T0 + 3 * DAY + 60, 0, &st));
	ck_assert_uint_eq(st.mastered, 1);
	ck_assert_uint_eq(st.lessons[0].mastered, 1);
	ck_assert_uint_eq(st.tags[0].mastered, 1);
	stats_free(&st);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* Returns the suite. */
static Suite *stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_days);
	tcase_add_test(tc, test_figures);
	tcase_add_test(tc, test_tags_and_next);
	tcase_add_test(tc, test_mastery_not_crammed);
	tcase_add_test(tc, test_broken_and_changed);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_charts_ascii);
	tcase_add_test(tc, test_charts_utf8);
	tcase_add_test(tc, test_charts_fit_width);
	tcase_add_test(tc, test_words);
	tcase_add_test(tc, test_bar);
	tcase_add_test(tc, test_exam_chart);
	tcase_add_test(tc, test_mistakes_text);
	suite_add_tcase(s, tc);
	return s;
}


int main(void)
{
	return test_run(stats_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_progress_view.c - the progress records and what is built from
 * them: the lesson result, reviews and the FSRS schedule, the resume
 * point, due lists, misconceptions and the instructor report. */
#include <cJSON.h>

#include "paratutor/report/progress_report.h"
#include "progress_util.h"


/* Returns how many items progress_due() lists at now. */
static size_t due_count(const pt_progress *p, pt_catalog *cat, time_t now)
{
	pt_due_list due;
	ck_assert(progress_due(p, cat, now, &due));
	size_t n = due.n;
	progress_due_free(&due);
	return n;
}

/* A lesson resumes at its first item without a finished lesson result,
 * skipped ones included, whatever position was stored last. */
START_TEST(test_resume_position)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_session ses;
	ck_assert(session_init(&ses, l));
	check_fill(&ses.grades[0], 1, 2);
	ck_assert(progress_record_item(s, l, &l->items[0], &ses.grades[0], T0));
	ck_assert(progress_set_position(s, "p", "fill"));
	session_free(&ses);

	ck_assert(session_init(&ses, l));
	progress_restore(s, &ses, NULL);
	ck_assert_uint_eq(ses.current, 1); /* fill is done: the first open one */
	session_free(&ses);

	/* "one" skipped, the learner left at "many": back to "one". */
	ck_assert(progress_set_position(s, "p", "many"));
	ck_assert(session_init(&ses, l));
	progress_restore(s, &ses, NULL);
	ck_assert_uint_eq(ses.current, 1);
	session_free(&ses);
	/* The same with "many" answered (open after a wrong check). */
	pt_grade g;
	grade_init(&g, &l->items[2]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 10));
	ck_assert(session_init(&ses, l));
	progress_restore(s, &ses, NULL);
	ck_assert_uint_eq(ses.current, 1);
	session_free(&ses);
	ck_assert_uint_eq(progress_resume_point(s, l), 1);

	/* Once "one" is finished, the open "many". */
	pt_grade one;
	grade_init(&one, &l->items[1]);
	check_pick(&one, 1u << 1);
	ck_assert(progress_record_item(s, l, one.item, &one, T0 + 20));
	ck_assert_uint_eq(progress_resume_point(s, l), 2);
	/* Everything finished: the first item. */
	check_pick(&g, 1u << 0 | 1u << 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 30));
	ck_assert(session_init(&ses, l));
	progress_restore(s, &ses, NULL);
	ck_assert_uint_eq(ses.current, 0);
	session_free(&ses);
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* Ratings, memory states and due times of the FSRS schedule (the model's
 * own figures are checked against ts-fsrs in tests/fsrs/). */
START_TEST(test_schedule_transitions)
{
	static const int days[] = { 0, 1, 3, 7, 21, 60 };
	for (int b = 0; b < PT_LEITNER_BOXES; b++)
		ck_assert_int_eq(schedule_interval_days(b), days[b]);
	ck_assert_int_eq(schedule_interval_days(99), 60);
	/* Outcomes to ratings. */
	ck_assert_int_eq(schedule_rating(PT_OUTCOME_NONE, 5), 0);
	ck_assert_int_eq(schedule_rating(PT_OUTCOME_FAILED, 5), PT_RATING_AGAIN);
	ck_assert_int_eq(schedule_rating(PT_OUTCOME_WITH_HINTS, 5), PT_RATING_HARD);
	ck_assert_int_eq(schedule_rating(PT_OUTCOME_RETRIES, 5), PT_RATING_HARD);
	ck_assert_int_eq(schedule_rating(PT_OUTCOME_FIRST_TIME, PT_EASY_SECONDS), PT_RATING_EASY);
	ck_assert_int_eq(schedule_rating(PT_OUTCOME_FIRST_TIME, PT_EASY_SECONDS + 1), PT_RATING_GOOD);
	ck_assert_int_eq(schedule_rating(PT_OUTCOME_FIRST_TIME, 0), PT_RATING_GOOD); /* time unknown */

	pt_fsrs f;
	fsrs_init(&f, NULL, 0.9);
	/* A first Good: stability w2 = 2.3065 days, due in 2 days (level 1). */
	pt_sched s = { 0 };
	schedule_apply(&f, PT_RATING_GOOD, true, T0, &s);
	ck_assert_double_eq_tol(s.stability, 2.3065, 1e-9);
	ck_assert_double_eq_tol(s.difficulty, 2.11810397, 1e-8);
	ck_assert_int_eq(s.last, T0);
	ck_assert_int_eq(s.due, T0 + 2 * DAY);
	ck_assert_int_eq(s.box, 1);
	/* Rating 0 changes nothing. */
	schedule_apply(&f, 0, false, T0 + 5, &s);
	ck_assert_int_eq(s.due, T0 + 2 * DAY);
	/* Recall at the due date is about the desired retention. */
	ck_assert_double_eq_tol(schedule_recall(&f, &s, T0 + 2 * DAY), 0.90949326, 1e-8);
	ck_assert_double_eq_tol(schedule_recall(&f, &s, T0), 1.0, 1e-12);
	/* Good again two days later: stability 10.96, due in 11 days (level 3). */
	pt_sched good = s;
	schedule_apply(&f, PT_RATING_GOOD, false, T0 + 2 * DAY, &good);
	ck_assert_double_eq_tol(good.stability, 10.96433194, 1e-8);
	ck_assert_int_eq(good.due, T0 + 13 * DAY);
	ck_assert_int_eq(good.box, 3);
	/* Again in a review: back after the relearning step, stability down. */
	pt_sched again = s;
	schedule_apply(&f, PT_RATING_AGAIN, false, T0 + 2 * DAY, &again);
	ck_assert_double_eq_tol(again.stability, 0.6075801, 1e-8);
	ck_assert_int_eq(again.due, T0 + 2 * DAY + PT_RELEARN_SECONDS);
	ck_assert_int_eq(again.box, 1);
	/* A first pass rated Again or Hard is due at once (level 0). */
	static const int low[] = { PT_RATING_AGAIN, PT_RATING_HARD };
	static const double s0[] = { 0.212, 1.2931 };
	for (size_t i = 0; i < 2; i++) {
		pt_sched n = { 0 };
		schedule_apply(&f, low[i], true, T0 + 7, &n);
		ck_assert_double_eq_tol(n.stability, s0[i], 1e-9);
		ck_assert_int_eq(n.due, T0 + 7);
		ck_assert_int_eq(n.box, 0);
	}
	/* A lower desired retention asks for longer intervals. */
	pt_fsrs low_ret;
	fsrs_init(&low_ret, NULL, 0.8);
	pt_sched far = { 0 };
	schedule_apply(&low_ret, PT_RATING_GOOD, true, T0, &far);
	ck_assert_int_gt(far.due, s.due);
	/* A Leitner box converts to the same due time, recall 90 % then. */
	pt_sched conv;
	schedule_from_leitner(&f, 3, T0 + 7 * DAY, 0, &conv);
	ck_assert_double_eq_tol(conv.stability, 7, 1e-12);
	ck_assert_int_eq(conv.last, T0);
	ck_assert_int_eq(conv.due, T0 + 7 * DAY);
	ck_assert_int_eq(conv.box, 3);
	ck_assert_double_eq_tol(schedule_recall(&f, &conv, conv.due), 0.9, 1e-6);
	schedule_from_leitner(&f, 0, T0 + 50, T0 + 50, &conv);
	ck_assert_double_eq_tol(conv.stability, 0.212, 1e-9);
	ck_assert_int_eq(conv.due, T0 + 50);
}
END_TEST

/* The store's desired retention sets the intervals it schedules: lower
 * retention, longer waits; a value out of range keeps 0.9. */
START_TEST(test_retention_setting)
{
	pt_lesson *q = mk(lesson_q);
	time_t due[3];
	static const double retention[] = { 0.9, 0.75, 0.3 };
	for (size_t i = 0; i < 3; i++) {
		pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
		progress_set_retention(s, retention[i]);
		ck_assert_double_eq_tol(progress_fsrs(s)->retention, i == 1 ? 0.75 : 0.9, 1e-12);
		pt_grade g;
		grade_init(&g, &q->items[0]);
		check_pick(&g, 1u << 1);
		ck_assert(progress_record_item(s, q, g.item, &g, T0));
		due[i] = progress_find(s, "q", "x")->due;
		ck_assert_double_eq_tol(progress_recall(s, progress_find(s, "q", "x"), T0), 1.0, 1e-12);
		progress_close(s);
	}
	ck_assert_int_eq(due[0], T0 + 2 * DAY);
	ck_assert_int_gt(due[1], due[0]);
	ck_assert_int_eq(due[2], due[0]);
	lesson_free(q);
}
END_TEST

/* Review lists what is due, lowest predicted recall first, and follows
 * the model. */
START_TEST(test_due_order)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p));
	cat_add(&cat, mk(lesson_q));
	const pt_lesson *l = cat.v[0].lesson, *q = cat.v[1].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;

	/* q/x right first time at T0 (Good): due T0 + 2 days. */
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, q, g.item, &g, T0));
	/* p/one failed at T0 + 100 (Again): due then. */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 0);
	check_pick(&g, 1u << 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 100));
	/* p/fill right with a hint at T0 + 50 (Hard): due then. */
	grade_init(&g, &l->items[0]);
	grade_hint(&g);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 50));
	/* p/many still open: never due. */
	grade_init(&g, &l->items[2]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 60));

	ck_assert_uint_eq(due_count(s, &cat, T0 + 49), 0);
	ck_assert_uint_eq(due_count(s, &cat, T0 + 100), 2);
	pt_due_list due;
	ck_assert(progress_due(s, &cat, T0 + DAY, &due));
	ck_assert_uint_eq(due.n, 2);
	progress_due_free(&due);
	/* Two days on: one (failed, stability 0.2 days) is the likeliest
	 * forgotten, then fill (1.3 days), then x (2.3 days). */
	ck_assert(progress_due(s, &cat, T0 + 2 * DAY, &due));
	ck_assert_uint_eq(due.n, 3);
	ck_assert_str_eq(due.v[0].item->id.s, "one");
	ck_assert_str_eq(due.v[1].item->id.s, "fill");
	ck_assert_int_eq(due.v[1].due, T0 + 50);
	ck_assert_uint_eq(due.v[1].index, 0);
	ck_assert(due.v[0].recall < due.v[1].recall && due.v[1].recall < due.v[2].recall);
	ck_assert_str_eq(due.v[2].item->id.s, "x");
	ck_assert_int_eq(due.v[2].box, 1);
	ck_assert_ptr_eq(due.v[2].lesson, q);
	progress_due_free(&due);

	/* Reviewing x right first time again at T1 = T0 + 2 days: stability
	 * 10.96, due 11 days later. */
	const time_t T1 = T0 + 2 * DAY;
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, q, g.item, &g, T1));
	const pt_record *r = progress_find(s, "q", "x");
	ck_assert_int_eq(r->box, 3);
	ck_assert_int_eq(r->due, T1 + 11 * DAY);
	/* Reviewing fill: wrong, then right.  The wrong first check drops it
	 * to box 1 and out of the due list until the relearning delay has
	 * passed; the lesson result (right with a hint) stays. */
	grade_init(&g, &l->items[0]);
	check_fill(&g, 0, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T1 + 5));
	ck_assert_uint_eq(due_count(s, &cat, T1 + 5), 1);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T1 + 6));
	r = progress_find(s, "p", "fill");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_WITH_HINTS);
	ck_assert_int_eq(r->box, 1);
	ck_assert_int_eq(r->due, T1 + 5 + PT_RELEARN_SECONDS);
	ck_assert(progress_due(s, &cat, T1 + 6, &due));
	ck_assert_uint_eq(due.n, 1);
	ck_assert_str_eq(due.v[0].item->id.s, "one");
	progress_due_free(&due);
	ck_assert(progress_due(s, &cat, T1 + 5 + PT_RELEARN_SECONDS, &due));
	ck_assert_uint_eq(due.n, 2);
	ck_assert_str_eq(due.v[0].item->id.s, "one");
	ck_assert_str_eq(due.v[1].item->id.s, "fill");
	progress_due_free(&due);

	/* A broken lesson's items are not offered. */
	cat.v[0].broken = true;
	ck_assert_uint_eq(due_count(s, &cat, T0 + 20 * DAY), 1);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* Misconceptions: feedback of wrong picks, counted across lessons. */
START_TEST(test_misconceptions)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p));
	cat_add(&cat, mk(lesson_q));
	const pt_lesson *l = cat.v[0].lesson, *q = cat.v[1].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	/* p/fill: batch in blank 1 (fb-batch). */
	grade_init(&g, &l->items[0]);
	check_fill(&g, 0, 2);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	/* p/one: A then C (no-a, no-c). */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 0);
	check_pick(&g, 1u << 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	/* q/x: W (fb-batch again, from another lesson). */
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 0);
	ck_assert(progress_record_item(s, q, g.item, &g, T0));
	/* p/many: B and D wrongly picked, in two checks (a check names one
	 * wrong tick: B, then D). */
	grade_init(&g, &l->items[2]);
	check_pick(&g, 1u << 0 | 1u << 1 | 1u << 3);
	ck_assert_uint_eq(g.wrong_seen, 1u << 1);
	check_pick(&g, 1u << 0 | 1u << 3);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));

	pt_misconception m[8];
	size_t n = 0;
	ck_assert(progress_misconceptions(s, &cat, NULL, m, 8, &n));
	ck_assert_uint_eq(n, 5);
	ck_assert_str_eq(m[0].feedback, "fb-batch");
	ck_assert_uint_eq(m[0].count, 2);
	for (size_t i = 1; i < n; i++)
		ck_assert_uint_eq(m[i].count, 1);
	ck_assert(progress_misconceptions(s, &cat, NULL, m, 2, &n));
	ck_assert_uint_eq(n, 2);
	ck_assert(progress_misconceptions(s, &cat, "q", m, 8, &n));
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(m[0].feedback, "fb-batch");
	ck_assert_uint_eq(m[0].count, 1);
	ck_assert(progress_misconceptions(s, &cat, "p", m, 8, &n));
	ck_assert_uint_eq(n, 5);
	ck_assert_uint_eq(m[0].count, 1);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* Runs the report into a string (caller frees). */
static char *report(const pt_progress *s, const pt_catalog *cat, const char *format)
{
	char *buf = NULL;
	size_t len = 0;
	char err[256] = "";
	ck_assert_msg(progress_report(s, cat, format, &buf, &len, err, sizeof err), "%s", err);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(len, strlen(buf));
	return buf;
}

/* The instructor report in CSV and JSON. */
START_TEST(test_report)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p_changed));
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	/* fill: "say "hi", then" in blank 1, then right. */
	grade_init(&g, &l->items[0]);
	check_fill(&g, 3, 2);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	ck_assert(progress_add_time(s, l, g.item, 42, T0));
	/* one: failed; its item has since changed in the catalog. */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 0);
	check_pick(&g, 1u << 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 60));
	/* A record of an item the catalog no longer has. */
	pt_lesson *q = mk(lesson_q);
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, q, g.item, &g, T0 + 120));

	char *csv = report(s, &cat, "csv");
	ck_assert_str_eq(csv,
	    "lesson,item,outcome,attempts,hints,wrong_options,time_spent,first_seen,last_seen,item_status,score\r\n"
	    "p,fill,retries,2,0,\"say \"\"hi\"\", then\",42,2023-11-14T22:13:20Z,2023-11-14T22:13:20Z,current,75\r\n"
	    "p,one,failed,2,0,A;C,0,2023-11-14T22:14:20Z,2023-11-14T22:14:20Z,changed,\r\n"
	    "q,x,first_time,1,0,,0,2023-11-14T22:15:20Z,2023-11-14T22:15:20Z,removed,\r\n");
	free(csv);

	char *json = report(s, &cat, "json");
	cJSON *root = cJSON_Parse(json);
	ck_assert_ptr_nonnull(root);
	ck_assert(cJSON_IsArray(root));
	ck_assert_int_eq(cJSON_GetArraySize(root), 3);
	cJSON *row = cJSON_GetArrayItem(root, 0);
	ck_assert_str_eq(cJSON_GetObjectItem(row, "lesson")->valuestring, "p");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "item")->valuestring, "fill");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "outcome")->valuestring, "retries");
	ck_assert_int_eq(cJSON_GetObjectItem(row, "attempts")->valueint, 2);
	ck_assert_int_eq(cJSON_GetObjectItem(row, "hints")->valueint, 0);
	ck_assert_int_eq(cJSON_GetObjectItem(row, "time_spent")->valueint, 42);
	cJSON *wrong = cJSON_GetObjectItem(row, "wrong_options");
	ck_assert_int_eq(cJSON_GetArraySize(wrong), 1);
	ck_assert_str_eq(cJSON_GetArrayItem(wrong, 0)->valuestring, "say \"hi\", then");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "first_seen")->valuestring, "2023-11-14T22:13:20Z");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "last_seen")->valuestring, "2023-11-14T22:13:20Z");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "item_status")->valuestring, "current");
	ck_assert_int_eq(cJSON_GetObjectItem(row, "score")->valueint, 75); /* its share of the lesson score */
	row = cJSON_GetArrayItem(root, 1);
	ck_assert_str_eq(cJSON_GetObjectItem(row, "outcome")->valuestring, "failed");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "item_status")->valuestring, "changed");
	row = cJSON_GetArrayItem(root, 2);
	ck_assert_str_eq(cJSON_GetObjectItem(row, "item_status")->valuestring, "removed");
	cJSON_Delete(root);
	free(json);

	/* Without a catalog every row is "removed"; empty store: header only. */
	csv = report(s, NULL, "csv");
	ck_assert_ptr_nonnull(strstr(csv, ",removed,\r\n"));
	ck_assert_ptr_null(strstr(csv, ",current,"));
	free(csv);
	pt_progress *empty = progress_open(NULL, T0, &(pt_open_report){ 0 });
	csv = report(empty, &cat, "csv");
	ck_assert_str_eq(csv, "lesson,item,outcome,attempts,hints,wrong_options,time_spent,first_seen,last_seen,item_status,score\r\n");
	free(csv);
	json = report(empty, &cat, "json");
	ck_assert_str_eq(json, "[]\n");
	free(json);

	char err[256] = "";
	char *text = (char *)"untouched";
	size_t len = 7;
	ck_assert(!progress_report(s, &cat, "xml", &text, &len, err, sizeof err));
	ck_assert_ptr_null(text);
	ck_assert_uint_eq(len, 0);
	ck_assert_str_eq(err, "unknown report format 'xml' (use csv or json)");

	progress_close(empty);
	progress_close(s);
	lesson_free(l);
	lesson_free(q);
	catalog_free(&cat);
}
END_TEST

/* Recording an open item again without a new check changes nothing but
 * the hints. */
START_TEST(test_repeated_record_open)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	grade_init(&g, &l->items[2]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	grade_hint(&g);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 5));
	const pt_record *r = progress_find(s, "p", "many");
	ck_assert_int_eq(r->attempts, 1);
	ck_assert_int_eq(r->hints, 1);
	ck_assert_int_eq(r->last_seen, T0);
	ck_assert_int_eq(r->pass_start, T0);
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* Answers the item of lesson l at index for one pass: the options in
 * masks, one check each, then records every check at now. */
static void answer(pt_progress *s, const pt_lesson *l, size_t index, const unsigned *masks, size_t n, time_t now)
{
	pt_grade g;
	grade_init(&g, &l->items[index]);
	for (size_t i = 0; i < n; i++) {
		check_pick(&g, masks[i]);
		ck_assert(progress_record_item(s, l, g.item, &g, now));
	}
}

/* Review converges: a right answer moves the item on and out of the
 * due list at once; a wrong one comes back after the relearning step, out of the list until
 * the relearning delay has passed.  The due count goes down as the
 * learner works. */
START_TEST(test_review_converges)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p));
	const pt_lesson *l = cat.v[0].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	static const unsigned wrong_right[] = { 1u << 0, 1u << 1 }, right[] = { 1u << 1 }, wrong[] = { 1u << 0 };
	static const unsigned many_retry[] = { 1u << 0, 1u << 0 | 1u << 2 }, many_right[] = { 1u << 0 | 1u << 2 };
	/* First passes: one after a retry, many after a retry: both due now. */
	answer(s, l, 1, wrong_right, 2, T0);
	answer(s, l, 2, many_retry, 2, T0);
	ck_assert_uint_eq(due_count(s, &cat, T0 + 1), 2);

	/* Review one right the same day: due in a day, gone from the list. */
	answer(s, l, 1, right, 1, T0 + 60);
	const pt_record *r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->box, 1);
	ck_assert_int_eq(r->due, T0 + 60 + DAY);
	ck_assert_uint_eq(due_count(s, &cat, T0 + 60), 1);

	/* Review many wrong (then right): box 1, back after the relearning
	 * delay, not at once. */
	answer(s, l, 2, many_retry, 2, T0 + 70);
	r = progress_find(s, "p", "many");
	ck_assert_int_eq(r->box, 1);
	ck_assert_int_eq(r->due, T0 + 70 + PT_RELEARN_SECONDS);
	ck_assert_uint_eq(due_count(s, &cat, T0 + 70), 0);
	ck_assert_uint_eq(due_count(s, &cat, T0 + 69 + PT_RELEARN_SECONDS), 0);
	ck_assert_uint_eq(due_count(s, &cat, T0 + 70 + PT_RELEARN_SECONDS), 1);

	/* Relearnt the same day: right now brings it back tomorrow. */
	answer(s, l, 2, many_right, 1, T0 + 70 + PT_RELEARN_SECONDS);
	r = progress_find(s, "p", "many");
	ck_assert_int_eq(r->box, 1);
	ck_assert_int_eq(r->due, T0 + 70 + PT_RELEARN_SECONDS + DAY);
	ck_assert(r->stability > 0.45 && r->stability < 0.5);
	/* One more wrong: back after the relearning step. */
	answer(s, l, 1, wrong, 1, T0 + 2 * DAY);
	r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->box, 1);
	ck_assert_int_eq(r->due, T0 + 2 * DAY + PT_RELEARN_SECONDS);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* Review answers never lower a lesson's done count or score; their wrong
 * picks feed the misconception statistics. */
START_TEST(test_review_keeps_lesson_result)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p));
	const pt_lesson *l = cat.v[0].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	grade_init(&g, &l->items[0]);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	static const unsigned one_right[] = { 1u << 1 }, many_right[] = { 1u << 0 | 1u << 2 };
	static const unsigned one_wrong[] = { 1u << 0 }, one_two_wrong[] = { 1u << 0, 1u << 2 };
	answer(s, l, 1, one_right, 1, T0);
	answer(s, l, 2, many_right, 1, T0);
	size_t done, total;
	int score;
	progress_lesson_stats(s, l, &done, &total, &score);
	ck_assert_uint_eq(done, 3);
	ck_assert_int_eq(score, 100);

	/* One wrong review answer, left open. */
	answer(s, l, 1, one_wrong, 1, T0 + DAY);
	progress_lesson_stats(s, l, &done, &total, &score);
	ck_assert_uint_eq(done, 3);
	ck_assert_uint_eq(total, 3);
	ck_assert_int_eq(score, 100);
	/* A review pass that fails outright. */
	answer(s, l, 1, one_two_wrong, 2, T0 + DAY + 700);
	progress_lesson_stats(s, l, &done, &total, &score);
	ck_assert_uint_eq(done, 3);
	ck_assert_int_eq(score, 100);
	const pt_record *r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert_int_eq(r->attempts, 1);
	ck_assert_int_eq(r->last_seen, T0 + DAY + 700);

	/* The session comes back with the first pass. */
	pt_session ses;
	ck_assert(session_init(&ses, l));
	progress_restore(s, &ses, NULL);
	ck_assert_int_eq(ses.grades[1].status, PT_SOLVED);
	ck_assert_int_eq(grade_outcome(&ses.grades[1]), PT_OUTCOME_FIRST_TIME);
	session_free(&ses);

	/* The review's wrong picks (A, then C) are misconceptions met. */
	pt_misconception m[8];
	size_t n = 0;
	ck_assert(progress_misconceptions(s, &cat, "p", m, 8, &n));
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(m[0].feedback, "no-a");
	ck_assert_str_eq(m[1].feedback, "no-c");
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* progress_record_review: the pass's first check decides (right is Good,
 * right after a hint Hard, wrong Again); later checks add wrong picks
 * only; hints never touch the lesson result; an item whose first pass
 * never finished is recorded as that pass. */
START_TEST(test_record_review)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_review(s, l, g.item, &g, T0));
	const pt_record *r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME); /* the first pass */
	ck_assert_int_eq(r->box, 1);

	grade_init(&g, &l->items[1]);
	ck_assert_int_eq(grade_hint(&g), PT_GRADE_OK);
	ck_assert(progress_record_hints(s, l, g.item, &g, T0 + DAY));
	ck_assert_int_eq(r->hints, 0);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_review(s, l, g.item, &g, T0 + DAY));
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert_int_eq(r->hints, 0);
	/* Hard a day after a first Good: stability 5.32 days, due in 5. */
	ck_assert_double_eq_tol(r->stability, 5.31879273, 1e-8);
	ck_assert_int_eq(r->box, 2);
	ck_assert_int_eq(r->due, T0 + DAY + 5 * DAY);

	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_review(s, l, g.item, &g, T0 + 2 * DAY));
	ck_assert_double_eq_tol(r->stability, 8.70550539, 1e-8);
	ck_assert_int_eq(r->box, 3);
	ck_assert_int_eq(r->due, T0 + 2 * DAY + 9 * DAY);
	ck_assert_int_eq(r->scheduled_at, T0 + 2 * DAY);

	/* Wrong, then right later in the same pass: only the first counts. */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 2);
	ck_assert(progress_record_review(s, l, g.item, &g, T0 + 5 * DAY));
	ck_assert_int_eq(r->box, 1);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_review(s, l, g.item, &g, T0 + 5 * DAY + 1));
	ck_assert_int_eq(r->box, 1);
	ck_assert_int_eq(r->due, T0 + 5 * DAY + PT_RELEARN_SECONDS);
	ck_assert_int_eq(r->scheduled_at, T0 + 5 * DAY);
	ck_assert_uint_eq(r->n_wrong, 1);
	ck_assert_str_eq(r->wrong[0], "C");

	/* Hints of an open first pass are kept. */
	grade_init(&g, &l->items[2]);
	ck_assert_int_eq(grade_hint(&g), PT_GRADE_OK);
	ck_assert(progress_record_hints(s, l, g.item, &g, T0));
	ck_assert_int_eq(progress_find(s, "p", "many")->hints, 1);
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* Broken lessons never reach the views, and the lookups they could reach
 * take missing ids and texts: a record of an item whose id was deleted
 * mid-edit is skipped, not followed. */
START_TEST(test_broken_lesson_views)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p));
	pt_lesson *l = cat.v[0].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	static const unsigned wrong_right[] = { 1u << 0, 1u << 1 };
	answer(s, l, 1, wrong_right, 2, T0);
	pt_misconception m[4];
	size_t n = 0;
	ck_assert(progress_misconceptions(s, &cat, NULL, m, 4, &n));
	ck_assert_uint_eq(n, 1);

	cat.v[0].broken = true;
	l->items[0].id.s = NULL; /* what the loader leaves for a missing "id" */
	l->items[1].options[0].text.s = NULL;
	l->items[1].options[1].text.s = NULL; /* the right one: its answer key changed */
	ck_assert(progress_misconceptions(s, &cat, NULL, m, 4, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert(progress_misconceptions(s, &cat, "p", m, 4, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert_uint_eq(due_count(s, &cat, T0 + DAY), 0);
	/* The views that take a lesson cope with it too ("one" lost its option
	 * texts, the right one's too, so its answer changed). */
	size_t done, total, changed;
	int score;
	progress_lesson_stats(s, l, &done, &total, &score);
	ck_assert_uint_eq(done, 0);
	ck_assert_uint_eq(progress_resume_point(s, l), 0);
	pt_session ses;
	ck_assert(session_init(&ses, l));
	ck_assert_uint_eq(progress_restore(s, &ses, &changed), 0);
	ck_assert_uint_eq(changed, 1);
	session_free(&ses);

	ck_assert_ptr_null(lesson_find_item(l, "fill"));
	ck_assert_ptr_null(lesson_find_item(l, NULL));
	ck_assert_ptr_null(lesson_find_item(NULL, "one"));
	ck_assert_ptr_eq(lesson_find_item(l, "one"), &l->items[1]);
	ck_assert_int_eq(lesson_bank_find(&l->items[0], NULL), -1);
	ck_assert(!lesson_blank_accepts(&l->items[0], 9, 0));
	ck_assert(!lesson_blank_accepts(&l->items[0], 0, 99));
	ck_assert_ptr_null(lesson_blank_feedback(&l->items[0], 9, 0));
	ck_assert_ptr_null(progress_find(s, NULL, "one"));
	ck_assert_ptr_null(progress_position(s, NULL));
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("progress_view");
	TCase *tc = tcase_create("views");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_resume_position);
	tcase_add_test(tc, test_schedule_transitions);
	tcase_add_test(tc, test_due_order);
	tcase_add_test(tc, test_retention_setting);
	tcase_add_test(tc, test_misconceptions);
	tcase_add_test(tc, test_report);
	tcase_add_test(tc, test_repeated_record_open);
	tcase_add_test(tc, test_review_converges);
	tcase_add_test(tc, test_review_keeps_lesson_result);
	tcase_add_test(tc, test_record_review);
	tcase_add_test(tc, test_broken_lesson_views);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

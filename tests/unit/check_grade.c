/* check_grade.c - the grading state machine's transitions and scores. */
#include <stdio.h>
#include <string.h>
#include "paratutor/learn/grade.h"
#include "paratutor/learn/score.h"
#include "paratutor/learn/session.h"
#include "testutil.h"

static const char lesson_json[] =
    "{\"format\":1,\"id\":\"g\",\"title\":\"t\",\"summary\":\"s\",\"attempts\":3,\"items\":["
    "{\"id\":\"fill\",\"kind\":\"fill\",\"difficulty\":\"easy\",\"prompt\":\"p\","
    "\"code\":\"a = x.{{1}}(n) + {{2}}\",\"bank\":[\"batch\",\"split\",\"shuffle\",\"sum\"],"
    "\"blanks\":[{\"accept\":[\"split\"],\"feedback\":{\"batch\":\"fb-batch\",\"shuffle\":\"fb-shuffle\",\"sum\":\"fb-sum\"}},"
    "{\"accept\":[\"sum\",\"shuffle\"],\"feedback\":{\"batch\":\"b2\",\"split\":\"s2\"}}],"
    "\"hints\":[\"h1\",\"h2\"],\"explanation\":\"e\"},"
    "{\"id\":\"one\",\"kind\":\"choice\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"attempts\":2,"
    "\"options\":[{\"text\":\"A\",\"feedback\":\"no-a\"},{\"text\":\"B\",\"correct\":true},{\"text\":\"C\",\"feedback\":\"no-c\"}],"
    "\"hints\":[\"h\"],\"explanation\":\"e\"},"
    "{\"id\":\"many\",\"kind\":\"multi\",\"difficulty\":\"hard\",\"prompt\":\"p\","
    "\"options\":[{\"text\":\"A\",\"correct\":true,\"feedback\":\"a\"},{\"text\":\"B\",\"feedback\":\"b\"},"
    "{\"text\":\"C\",\"correct\":true,\"feedback\":\"c\"},{\"text\":\"D\",\"feedback\":\"d\"}],"
    "\"hints\":[\"h\"],\"explanation\":\"e\"}]}";

static pt_lesson *lesson;

/* Loads the shared lesson before each test. */
static void setup(void)
{
	lesson = test_lesson(lesson_json);
}

/* Frees it after. */
static void teardown(void)
{
	lesson_free(lesson);
}

/* A wrong blank costs an attempt, is marked, and right blanks lock. */
START_TEST(test_fill_wrong_then_right)
{
	pt_grade g;
	grade_init(&g, &lesson->items[0]);
	ck_assert_int_eq(g.attempts_left, 3);
	ck_assert(!grade_ready(&g));
	ck_assert_int_eq(grade_check(&g), PT_GRADE_INCOMPLETE);
	ck_assert_int_eq(grade_fill(&g, 0, 0), PT_GRADE_OK); /* batch: wrong */
	ck_assert_int_eq(grade_next_empty(&g, 0), 1);
	ck_assert_int_eq(grade_fill(&g, 1, 3), PT_GRADE_OK); /* sum: right */
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_OPEN);
	ck_assert_int_eq(g.attempts_left, 2);
	ck_assert_int_eq(g.marks[0], PT_MARK_WRONG);
	ck_assert_int_eq(g.marks[1], PT_MARK_RIGHT);
	ck_assert_str_eq(lesson_blank_feedback(g.item, 0, (size_t)g.fill[0]), "fb-batch");
	ck_assert_uint_eq(g.wrong_seen, 1u << 0);
	ck_assert_int_eq(grade_fill(&g, 1, 0), PT_GRADE_LOCKED);
	ck_assert_int_eq(grade_clear(&g, 1), PT_GRADE_LOCKED);
	ck_assert_int_eq(grade_fill(&g, 0, 1), PT_GRADE_OK); /* split */
	ck_assert_int_eq(g.marks[0], PT_MARK_NONE);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_int_eq(g.attempts_left, 2);
	ck_assert_int_eq(grade_outcome(&g), PT_OUTCOME_RETRIES);
	ck_assert_int_eq(grade_score(&g), 75);
	ck_assert_int_eq(grade_fill(&g, 0, 0), PT_GRADE_CLOSED);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_CLOSED);
}
END_TEST

/* Any accepted option counts; the first check right is "first time". */
START_TEST(test_fill_alternative_answer)
{
	pt_grade g;
	grade_init(&g, &lesson->items[0]);
	grade_fill(&g, 0, 1);
	grade_fill(&g, 1, 2); /* shuffle is also accepted for blank 2 */
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_int_eq(grade_outcome(&g), PT_OUTCOME_FIRST_TIME);
	ck_assert_int_eq(grade_score(&g), 100);
}
END_TEST

/* Running out of attempts fails the item with score 0 (three different
 * wrong answers: the same one again would cost nothing). */
START_TEST(test_fill_out_of_attempts)
{
	pt_grade g;
	grade_init(&g, &lesson->items[0]);
	static const int wrong[3][2] = { { 0, 0 }, { 2, 0 }, { 3, 1 } };
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(g.status, PT_OPEN);
		grade_fill(&g, 0, wrong[i][0]);
		grade_fill(&g, 1, wrong[i][1]);
		ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	}
	ck_assert_int_eq(g.status, PT_FAILED);
	ck_assert_int_eq(g.attempts_left, 0);
	ck_assert_int_eq(g.checks, 3);
	ck_assert_int_eq(grade_outcome(&g), PT_OUTCOME_FAILED);
	ck_assert_int_eq(grade_score(&g), 0);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_CLOSED);
}
END_TEST

/* Hints are revealed in order, counted, and cost score. */
START_TEST(test_hints)
{
	pt_grade g;
	grade_init(&g, &lesson->items[0]);
	ck_assert_int_eq(grade_hint(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.hints_shown, 1);
	ck_assert_int_eq(grade_hint(&g), PT_GRADE_OK);
	ck_assert_int_eq(grade_hint(&g), PT_GRADE_NO_HINT);
	ck_assert_int_eq(g.hints_shown, 2);
	/* A hint shows only its own text: the common mistakes, which rule
	 * distractors out, wait for a wrong check or the item's end. */
	pt_disclosure show;
	session_disclose(&g, &show);
	ck_assert(!show.mistakes);
	grade_fill(&g, 0, 1);
	grade_fill(&g, 1, 3);
	grade_check(&g);
	ck_assert_int_eq(grade_outcome(&g), PT_OUTCOME_WITH_HINTS);
	ck_assert_int_eq(grade_score(&g), 80);
	/* A finished item takes no more hints, so its score stays. */
	pt_grade done;
	grade_init(&done, &lesson->items[0]);
	grade_fill(&done, 0, 1);
	grade_fill(&done, 1, 3);
	grade_check(&done);
	ck_assert_int_eq(grade_hint(&done), PT_GRADE_CLOSED);
	ck_assert_int_eq(done.hints_shown, 0);
	ck_assert_int_eq(grade_score(&done), 100);
}
END_TEST

/* Clearing a blank empties it; out-of-range calls are refused. */
START_TEST(test_fill_clear_and_range)
{
	pt_grade g;
	grade_init(&g, &lesson->items[0]);
	ck_assert_int_eq(grade_fill(&g, 0, 2), PT_GRADE_OK);
	ck_assert_int_eq(grade_clear(&g, 0), PT_GRADE_OK);
	ck_assert_int_eq(g.fill[0], -1);
	ck_assert_int_eq(grade_fill(&g, 2, 0), PT_GRADE_RANGE);
	ck_assert_int_eq(grade_fill(&g, 0, 4), PT_GRADE_RANGE);
	ck_assert_int_eq(grade_fill(&g, -1, 0), PT_GRADE_RANGE);
	ck_assert_int_eq(grade_pick(&g, 0), PT_GRADE_RANGE);
	ck_assert_int_eq(grade_next_empty(&g, 1), 0);
}
END_TEST

/* choice: one pick replaces another; the item's own budget applies. */
START_TEST(test_choice)
{
	pt_grade g;
	grade_init(&g, &lesson->items[1]);
	ck_assert_int_eq(g.attempts_left, 2);
	grade_pick(&g, 0);
	grade_pick(&g, 2);
	ck_assert(!g.picked[0]);
	ck_assert(g.picked[2]);
	grade_check(&g);
	ck_assert_int_eq(g.marks[2], PT_MARK_WRONG);
	ck_assert_int_eq(g.marks[1], PT_MARK_NONE);
	ck_assert_int_eq(g.attempts_left, 1);
	grade_pick(&g, 0);
	grade_check(&g);
	ck_assert_int_eq(g.status, PT_FAILED);
	ck_assert_uint_eq(g.wrong_seen, (1u << 0) | (1u << 2));
	ck_assert_int_eq(grade_fill(&g, 0, 0), PT_GRADE_CLOSED);
}
END_TEST

/* multi: a wrong pick and a missed option are both reported. */
START_TEST(test_multi_wrong_and_missed)
{
	pt_grade g;
	grade_init(&g, &lesson->items[2]);
	grade_pick(&g, 0); /* right */
	grade_pick(&g, 1); /* wrong */
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.marks[0], PT_MARK_RIGHT);
	ck_assert_int_eq(g.marks[1], PT_MARK_WRONG);
	ck_assert_int_eq(g.marks[2], PT_MARK_MISSED);
	ck_assert_int_eq(g.marks[3], PT_MARK_NONE);
	ck_assert_int_eq(g.attempts_left, 2);
	grade_pick(&g, 1); /* toggle off */
	grade_pick(&g, 2);
	ck_assert_int_eq(g.marks[0], PT_MARK_NONE);
	grade_check(&g);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_int_eq(grade_outcome(&g), PT_OUTCOME_RETRIES);
}
END_TEST

/* Scores never drop below 10 for a solved item. */
START_TEST(test_score_floor)
{
	pt_grade g;
	grade_init(&g, &lesson->items[2]);
	g.attempts_left = 10;
	grade_hint(&g);
	/* Five different wrong answers: D, B, B+D, A, C. */
	static const unsigned wrong[5] = { 8, 2, 10, 1, 4 };
	for (int i = 0; i < 5; i++) {
		for (int o = 0; o < 4; o++)
			if (g.picked[o] != (bool)((wrong[i] >> o) & 1u))
				grade_pick(&g, o);
		ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	}
	ck_assert_int_eq(g.checks, 5);
	if (!g.picked[0])
		grade_pick(&g, 0);
	if (!g.picked[2])
		grade_pick(&g, 2);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_int_eq(grade_score(&g), 10);
	ck_assert_str_eq(grade_outcome_name(grade_outcome(&g)), "right after retries");
}
END_TEST

/* A session summarizes outcomes and finds open items. */
START_TEST(test_session_summary)
{
	pt_session s;
	ck_assert(session_init(&s, lesson));
	pt_grade *g = session_grade(&s);
	grade_fill(g, 0, 1);
	grade_fill(g, 1, 3);
	grade_check(g);
	ck_assert_uint_eq(session_next_open(&s, 0), 1);
	s.current = 1;
	g = session_grade(&s);
	grade_pick(g, 0);
	grade_check(g);
	grade_pick(g, 2);
	grade_check(g);
	pt_summary sum;
	session_summarize(&s, &sum);
	ck_assert_uint_eq(sum.items, 3);
	ck_assert_uint_eq(sum.first_time, 1);
	ck_assert_uint_eq(sum.failed, 1);
	ck_assert_uint_eq(sum.open, 1);
	ck_assert_int_eq(sum.score, 33);
	session_reset_item(&s, 1);
	ck_assert_int_eq(s.grades[1].status, PT_OPEN);
	ck_assert_int_eq(s.grades[1].attempts_left, 2);
	ck_assert_uint_eq(session_next_open(&s, 2), 2);
	session_free(&s);
}
END_TEST

/* A retry after the answer was shown never says "right first time" nor
 * scores 100; a fresh item still can; choose N turns a wrong count into a
 * message that costs nothing. */
START_TEST(test_retry_after_reveal)
{
	pt_session s;
	ck_assert(session_init(&s, lesson));
	s.current = 1;
	pt_grade *g = session_grade(&s);
	grade_pick(g, 0);
	grade_check(g);
	grade_pick(g, 2);
	grade_check(g);
	ck_assert_int_eq(g->status, PT_FAILED);
	session_reset_item(&s, 1);
	g = session_grade(&s);
	ck_assert(g->retry_pass);
	for (int o = 0; o < grade_slots(g); o++)
		if (g->item->options[o].correct)
			grade_pick(g, o);
	ck_assert_int_eq(grade_check(g), PT_GRADE_OK);
	ck_assert_int_eq(g->status, PT_SOLVED);
	ck_assert_int_ne(grade_outcome(g), PT_OUTCOME_FIRST_TIME);
	ck_assert_str_eq(grade_outcome_name(grade_outcome(g)), "right after retries");
	pt_summary sum;
	session_summarize(&s, &sum);
	ck_assert_uint_eq(sum.first_time, 0);
	ck_assert_int_eq(grade_score(g), 100); /* practice scores in full, named as practice */
	ck_assert_uint_eq(sum.failed, 1);      /* the lesson keeps the first pass */
	ck_assert_int_eq(sum.score, 0);
	ck_assert_int_eq(sum.attempt, 1);
	ck_assert_uint_eq(sum.practiced, 1);
	ck_assert_int_eq(sum.practice_score, 100);
	ck_assert_int_eq(session_pass_kind(g), PT_PASS_PRACTICE);
	char label[160];
	score_label(grade_outcome(g), g->checks, g->hints_shown, PT_PASS_PRACTICE, label, sizeof label);
	ck_assert_str_eq(label, "practice: right on the first check, 100 (practice; the lesson score stays)");
	ck_assert_ptr_nonnull(strstr(session_score_rule(), "never change"));
	session_free(&s);
}
END_TEST

/* Sets exactly the ticks in mask (bit o: option o). */
static void tick(pt_grade *g, unsigned mask)
{
	for (int o = 0; o < grade_slots(g); o++)
		if (g->picked[o] != (bool)((mask >> o) & 1u))
			grade_pick(g, o);
}

/* An answer identical to one checked already is not checked again: no
 * attempt, the last check's marks and feedback stay. */
START_TEST(test_repeat_costs_nothing)
{
	pt_grade g;
	grade_init(&g, &lesson->items[1]);
	grade_pick(&g, 0);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.attempts_left, 1);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_REPEAT);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_REPEAT);
	ck_assert_int_eq(g.attempts_left, 1);
	ck_assert_int_eq(g.checks, 1);
	ck_assert_int_eq(g.marks[0], PT_MARK_WRONG);
	grade_pick(&g, 2);
	grade_pick(&g, 0); /* back to A: still the answer checked */
	ck_assert_int_eq(grade_check(&g), PT_GRADE_REPEAT);
	ck_assert_int_eq(g.status, PT_OPEN);
}
END_TEST

/* Select-all: ticking every option is no answer; a wrong check marks one
 * wrong tick only, says its feedback, and counts the right ticks; "tick
 * all, untick what is marked" does not solve the item. */
START_TEST(test_multi_reveals_one_wrong_tick)
{
	pt_grade g;
	grade_init(&g, &lesson->items[2]);
	tick(&g, 15);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_UNCLEAR);
	ck_assert_ptr_nonnull(strstr(grade_said(&g), "every option"));
	ck_assert_int_eq(g.checks, 0);
	tick(&g, 1 | 2 | 8); /* A right, B and D wrong */
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	int wrong = 0;
	for (int o = 0; o < 4; o++)
		wrong += session_shown_mark(&g, o) == PT_MARK_WRONG;
	ck_assert_int_eq(wrong, 1);
	ck_assert_int_eq(session_shown_mark(&g, 1), PT_MARK_WRONG);
	ck_assert_str_eq(grade_said(&g), "b");
	pt_disclosure show;
	session_disclose(&g, &show);
	ck_assert(show.mistakes); /* earned by the wrong check */
	tick(&g, 1 | 8); /* untick what is marked */
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_OPEN);
	ck_assert_int_eq(session_shown_mark(&g, 3), PT_MARK_WRONG);
}
END_TEST

/* Every pass scores by the same rule; practice and reviews are named as
 * such and say the lesson score stays; an attempt's score is shown beside
 * the lesson score; a reset's confirmation says what it does to scores. */
START_TEST(test_pass_kinds_and_labels)
{
	char label[160];
	ck_assert_int_eq(score_item(PT_OUTCOME_RETRIES, 1, 0), 100);
	ck_assert_int_eq(score_item(PT_OUTCOME_RETRIES, 2, 0), 75);
	ck_assert_int_eq(score_item(PT_OUTCOME_RETRIES, 3, 1), 40);
	ck_assert_int_eq(score_item(PT_OUTCOME_FAILED, 3, 0), 0);
	score_label(PT_OUTCOME_RETRIES, 1, 0, PT_PASS_PRACTICE, label, sizeof label);
	ck_assert_str_eq(label, "practice: right on the first check, 100 (practice; the lesson score stays)");
	score_label(PT_OUTCOME_RETRIES, 2, 0, PT_PASS_REVIEW, label, sizeof label);
	ck_assert_str_eq(label, "review: right after 2 checks, 75 (review; the lesson score stays)");
	score_label(PT_OUTCOME_FIRST_TIME, 1, 0, PT_PASS_ATTEMPT, label, sizeof label);
	ck_assert_str_eq(label, "right first time, score 100");
	score_label(PT_OUTCOME_RETRIES, 2, 1, PT_PASS_ATTEMPT, label, sizeof label);
	ck_assert_str_eq(label, "right after 2 checks with 1 hint, score 65");
	ck_assert_int_eq(score_lesson_item(PT_OUTCOME_FIRST_TIME, 1, 0), 100);
	ck_assert_int_eq(score_lesson(215, 4), 54); /* 53.75: to the nearest, not down */
	ck_assert_int_eq(score_lesson(50, 4), 13);  /* 12.5 rounds up */
	score_attempt_text(74, 1, 74, false, label, sizeof label);
	ck_assert_str_eq(label, "74");
	score_attempt_text(74, 2, 100, false, label, sizeof label);
	ck_assert_str_eq(label, "74 \u00b7 attempt 2: 100");
	score_reset_text(74, 1, false, label, sizeof label);
	ck_assert_ptr_nonnull(strstr(label, "Start attempt 2"));
	ck_assert_ptr_nonnull(strstr(label, "stays 74"));
	score_reset_text(74, 2, true, label, sizeof label);
	ck_assert_str_eq(label, "Start attempt 3? Score stays 74, attempt 3 beside it");
}
END_TEST

/* Reads the number after the words at in the score rule the learner is
 * shown (session_score_rule); -1 when the words are not there. */
static int rule_number(const char *at)
{
	const char *p = strstr(session_score_rule(), at);
	int v = -1;
	if (p == NULL || sscanf(p + strlen(at), "%d", &v) != 1)
		return -1;
	return v;
}

/* The score rule the learner reads (under ? and on the summary) says what
 * grading does: each number it prints is the one a pass is scored with,
 * and what it says of ticks holds on an item with and without a count
 * (five ticks on an item that sets none is an ordinary check, 25). */
START_TEST(test_score_rule_is_the_rule)
{
	pt_lesson *l = test_lesson(
	    "{\"format\":2,\"id\":\"r\",\"title\":\"t\",\"summary\":\"s\",\"items\":["
	    "{\"id\":\"free\",\"kind\":\"multi\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"options\":["
	    "{\"text\":\"A\",\"correct\":true},{\"text\":\"B\",\"correct\":true},{\"text\":\"C\"},"
	    "{\"text\":\"D\"},{\"text\":\"E\"},{\"text\":\"F\"}],\"hints\":[\"h\"],\"explanation\":\"e\"},"
	    "{\"id\":\"two\",\"kind\":\"multi\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"choose\":2,\"options\":["
	    "{\"text\":\"A\",\"correct\":true},{\"text\":\"B\",\"correct\":true},{\"text\":\"C\"},"
	    "{\"text\":\"D\"},{\"text\":\"E\"},{\"text\":\"F\"}],\"hints\":[\"h\"],\"explanation\":\"e\"}]}");
	int attempts = rule_number("gives you ");
	int full = rule_number("without a hint scores ");
	int wrong = rule_number("Each wrong check costs ");
	int hint = rule_number("and each hint ");
	int least = rule_number("scores at least ");
	pt_grade g;
	grade_init(&g, &l->items[0]);
	ck_assert_int_eq(g.attempts_left, attempts); /* the budget of an item whose lesson sets none */
	tick(&g, 3);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(grade_score(&g), full);
	/* Five ticks of six on an item that sets no count: an ordinary wrong
	 * check, which the rule prices. */
	grade_init(&g, &l->items[0]);
	tick(&g, 31);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.attempts_left, attempts - 1);
	tick(&g, 3);
	grade_check(&g);
	ck_assert_int_eq(grade_score(&g), full - wrong);
	ck_assert_ptr_nonnull(strstr(session_score_rule(), "does not say, any other set of ticks is an ordinary check"));
	/* A hint, then right. */
	grade_init(&g, &l->items[0]);
	ck_assert_int_eq(grade_hint(&g), PT_GRADE_OK);
	tick(&g, 3);
	grade_check(&g);
	ck_assert_int_eq(grade_score(&g), full - hint);
	ck_assert_int_eq(score_item(PT_OUTCOME_RETRIES, 9, 9), least);
	/* On an item that says how many, another count costs nothing. */
	grade_init(&g, &l->items[1]);
	tick(&g, 31);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_UNCLEAR);
	ck_assert_int_eq(g.checks, 0);
	ck_assert_int_eq(g.attempts_left, attempts);
	tick(&g, 3);
	grade_check(&g);
	ck_assert_int_eq(grade_score(&g), full);
	/* Ticking every option is no answer either, and the rule says so. */
	grade_init(&g, &l->items[0]);
	tick(&g, 63);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_UNCLEAR);
	ck_assert_ptr_nonnull(strstr(session_score_rule(), "ticking every option"));
	lesson_free(l);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("grade");
	TCase *tc = tcase_create("transitions");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_fill_wrong_then_right);
	tcase_add_test(tc, test_fill_alternative_answer);
	tcase_add_test(tc, test_fill_out_of_attempts);
	tcase_add_test(tc, test_hints);
	tcase_add_test(tc, test_fill_clear_and_range);
	tcase_add_test(tc, test_choice);
	tcase_add_test(tc, test_multi_wrong_and_missed);
	tcase_add_test(tc, test_score_floor);
	tcase_add_test(tc, test_session_summary);
	tcase_add_test(tc, test_retry_after_reveal);
	tcase_add_test(tc, test_repeat_costs_nothing);
	tcase_add_test(tc, test_multi_reveals_one_wrong_tick);
	tcase_add_test(tc, test_pass_kinds_and_labels);
	tcase_add_test(tc, test_score_rule_is_the_rule);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_progress_draft.c - what the store keeps of work in progress:
 * unchecked answers (drafts), the learner's shuffle salt and the pass each
 * item was last shown in, through saves, merges and resets. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/learn/draft.h"
#include "paratutor/store/track.h"
#include "progress_util.h"

/* A half-filled drill, a pick and a wrong check with a locked blank come
 * back from the file as they were left; a finished item keeps none. */
START_TEST(test_draft_round_trip)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *a = open_ok(path, T0);
	pt_session s;
	ck_assert(session_init(&s, l));
	/* fill: blank 1 right, blank 2 wrong, checked: blank 1 locks; then
	 * blank 2 changed to batch and left unchecked. */
	check_fill(&s.grades[0], 1, 1);
	ck_assert(progress_record_item(a, l, &l->items[0], &s.grades[0], T0));
	ck_assert(s.grades[0].locked[0]);
	ck_assert_int_eq(grade_fill(&s.grades[0], 1, 0), PT_GRADE_OK);
	/* many: A and D picked, not checked. */
	grade_pick(&s.grades[2], 0);
	grade_pick(&s.grades[2], 3);
	for (size_t i = 0; i < l->n_items; i++) {
		pt_draft d;
		bool some = draft_take(&s.grades[i], &d);
		ck_assert(progress_set_draft(a, "p", l->items[i].id.s, some ? &d : NULL));
	}
	save_ok(a);
	char *text = slurp(path);
	ck_assert_ptr_nonnull(strstr(text, "\"fill\":\t[\"=split\", \"+batch\"]"));
	ck_assert_ptr_nonnull(strstr(text, "\"many\":\t[\"+A\", \"+D\"]"));
	ck_assert_ptr_null(strstr(text, "\"one\":\t["));
	free(text);
	session_free(&s);

	pt_progress *b = open_ok(path, T0 + 5);
	ck_assert(session_init(&s, l));
	progress_restore(b, &s, NULL);
	ck_assert_int_eq(s.grades[0].fill[0], 1);
	ck_assert(s.grades[0].locked[0]);
	ck_assert_int_eq(s.grades[0].fill[1], 0);
	ck_assert(!s.grades[0].locked[1]);
	ck_assert_int_eq(s.grades[0].attempts_left, 2);
	ck_assert(s.grades[2].picked[0] && s.grades[2].picked[3]);
	ck_assert(!s.grades[2].picked[1] && !s.grades[2].picked[2]);
	ck_assert(!s.grades[1].picked[0] && !s.grades[1].picked[1]);
	/* Solving fill leaves nothing to keep. */
	ck_assert_int_eq(grade_fill(&s.grades[0], 1, 2), PT_GRADE_OK);
	ck_assert_int_eq(grade_check(&s.grades[0]), PT_GRADE_OK);
	pt_draft d;
	ck_assert(!draft_take(&s.grades[0], &d));
	session_free(&s);
	progress_close(a);
	progress_close(b);
	lesson_free(l);
}
END_TEST

/* Two tutors: drafts set since the last save stay, others follow the
 * file; a reset forgets them; the salt that reached the file first is
 * kept by both. */
START_TEST(test_draft_merge_and_salt)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *a = open_ok(path, T0);
	pt_progress *b = open_ok(path, T0);
	ck_assert(progress_salt(a, 111) == 111);
	ck_assert(progress_salt(a, 222) == 111);
	pt_draft d = { 1, { "A" }, { false } };
	ck_assert(progress_set_draft(a, "p", "one", &d));
	save_ok(a);
	ck_assert(progress_salt(b, 333) == 333); /* b has not seen a's file yet */
	save_ok(b);
	ck_assert(progress_salt(b, 444) == 111);
	pt_draft got;
	ck_assert(progress_draft(b, "p", "one", &got));
	ck_assert_str_eq(got.slot[0], "A");

	/* b changes the draft; a, saving after without changing drafts,
	 * takes b's. */
	pt_draft d2 = { 1, { "B" }, { false } };
	ck_assert(progress_set_draft(b, "p", "one", &d2));
	save_ok(b);
	ck_assert(progress_set_position(a, "p", "many"));
	save_ok(a);
	ck_assert(progress_draft(a, "p", "one", &got));
	ck_assert_str_eq(got.slot[0], "B");

	/* A reset forgets drafts, in this store and through the file, even
	 * when the other tutor saves its older draft after it. */
	ck_assert(progress_reset_lesson(a, "p", T0 + 50));
	ck_assert(!progress_draft(a, "p", "one", &got));
	save_ok(a);
	ck_assert(progress_set_position(b, "p", "one"));
	save_ok(b);
	ck_assert(!progress_draft(b, "p", "one", &got));

	pt_progress *c = open_ok(path, T0 + 100);
	ck_assert(!progress_draft(c, "p", "one", &got));
	ck_assert(progress_salt(c, 555) == 111);
	progress_close(a);
	progress_close(b);
	progress_close(c);
	lesson_free(l);
}
END_TEST

/* The pass of an item's latest check is kept, so a resumed lesson shows
 * its options in the order the learner last saw; merging keeps the later
 * pass. */
START_TEST(test_pass_kept)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *a = open_ok(path, T0);
	pt_session s;
	ck_assert(session_init_shuffled(&s, l, true, 42));
	check_pick(&s.grades[2], 1u);
	session_reset_item(&s, 2);
	session_reset_item(&s, 2);
	ck_assert_int_eq(s.passes[2], 2);
	ck_assert(progress_record_item(a, l, &l->items[2], &s.grades[2], T0));
	ck_assert(progress_set_pass(a, "p", "many", s.passes[2]));
	ck_assert(!progress_set_pass(a, "p", "fill", 1)); /* no record */
	save_ok(a);
	char shown[4][8];
	for (int o = 0; o < 4; o++)
		snprintf(shown[o], sizeof shown[o], "%s", s.views[2].options[o].text.s);
	session_free(&s);

	pt_progress *b = open_ok(path, T0 + 1);
	ck_assert_int_eq(progress_find(b, "p", "many")->pass, 2);
	ck_assert(session_init_shuffled(&s, l, true, 42));
	progress_restore(b, &s, NULL);
	ck_assert_int_eq(s.passes[2], 2);
	for (int o = 0; o < 4; o++)
		ck_assert_str_eq(s.views[2].options[o].text.s, shown[o]);
	session_free(&s);

	/* An older copy with pass 1 does not win over pass 2. */
	pt_progress *c = open_ok(path, T0 + 2);
	ck_assert(progress_set_pass(c, "p", "many", 1));
	save_ok(c);
	ck_assert_int_eq(progress_find(c, "p", "many")->pass, 2);
	progress_close(a);
	progress_close(b);
	progress_close(c);
	lesson_free(l);
}
END_TEST

/* Returns the mask, in the order item v shows them, of the options whose
 * texts are in want (a string of one-letter texts). */
static unsigned shown_mask(const pt_item *v, const char *want)
{
	unsigned m = 0;
	for (size_t o = 0; o < v->n_options; o++)
		if (strchr(want, v->options[o].text.s[0]) != NULL)
			m |= 1u << o;
	return m;
}

/* A reset, as the summary and plain mode make it (track_reset): the
 * lesson begins attempt 2, its score attempt 1's (33) and never zeroed;
 * an item already finished comes back in its next pass's order, and that
 * order and a draft typed after the reset survive a restart.  Answered
 * right, it scores 100 for attempt 2 and leaves the lesson score as it
 * was (the cheater's way, reset, quit, come back, answer what was seen,
 * buys nothing). */
START_TEST(test_reset_then_restart)
{
	pt_lesson *l = mk(lesson_p);
	time_t now = time(NULL);
	pt_progress *a = open_ok(path, now);
	pt_track t;
	track_init(&t, a, "");
	pt_session s;
	ck_assert(session_init_shuffled(&s, l, true, 42));
	track_open(&t, &s);
	/* many (item 2) right first time: its answer is known now. */
	s.current = 2;
	check_pick(&s.grades[2], shown_mask(&s.views[2], "AC"));
	ck_assert_int_eq(s.grades[2].status, PT_SOLVED);
	track_checked(&t, &s);
	size_t done, total;
	int score;
	progress_lesson_stats(a, l, &done, &total, &score);
	ck_assert_int_eq(score, 33);

	ck_assert(track_reset(&t, &s));
	progress_lesson_stats(a, l, &done, &total, &score);
	ck_assert_uint_eq(done, 0);
	ck_assert_int_eq(score, 33);
	ck_assert_int_eq(s.attempt, 2);
	ck_assert_uint_eq(s.current, 0);
	ck_assert_int_eq(s.passes[2], 1);       /* its next pass */
	ck_assert(!s.grades[2].retry_pass);     /* attempt 2's pass, not practice */
	ck_assert_int_eq(s.passes[0], 0);       /* fill was never answered */
	ck_assert(!s.grades[0].retry_pass);
	char order[4];
	for (int o = 0; o < 4; o++)
		order[o] = s.views[2].options[o].text.s[0];
	/* A draft after the reset: B ticked, not checked. */
	grade_pick(&s.grades[2], (int)(strchr(order, 'B') - order));
	track_drafts(&t, &s);
	session_free(&s);
	progress_close(a);

	/* A restart shows the same order, the draft, and practice. */
	pt_progress *b = open_ok(path, now + 1);
	track_init(&t, b, "");
	ck_assert(session_init_shuffled(&s, l, true, 42));
	track_open(&t, &s);
	ck_assert_int_eq(s.passes[2], 1);
	for (int o = 0; o < 4; o++)
		ck_assert_int_eq(s.views[2].options[o].text.s[0], order[o]);
	for (int o = 0; o < 4; o++)
		ck_assert(s.grades[2].picked[o] == (order[o] == 'B'));
	ck_assert(!s.grades[2].retry_pass);
	ck_assert_int_eq(s.attempt, 2);
	/* Answered right now, it scores 100 in attempt 2; the lesson score
	 * stays attempt 1's. */
	s.current = 2;
	check_pick(&s.grades[2], shown_mask(&s.views[2], "AC"));
	track_checked(&t, &s);
	progress_lesson_stats(b, l, &done, &total, &score);
	ck_assert_int_eq(score, 33);
	ck_assert_int_eq(session_lesson_item_score(&s, 2), 100);
	ck_assert_int_eq(session_attempt_item_score(&s, 2), 100);
	ck_assert_int_eq(session_lesson_item_score(&s, 0), 0);
	session_free(&s);
	progress_close(b);
	lesson_free(l);
}
END_TEST

/* Damaged drafts or salt make the store damaged (moved aside), never a
 * crash or a half-read store. */
START_TEST(test_bad_draft_members)
{
	static const char *bad[] = {
		"{\"format\":1,\"salt\":12,\"lessons\":{}}",
		"{\"format\":1,\"salt\":\"xyz\",\"lessons\":{}}",
		"{\"format\":1,\"lessons\":{\"p\":{\"drafts\":[]}}}",
		"{\"format\":1,\"lessons\":{\"p\":{\"drafts\":{\"one\":\"A\"}}}}",
		"{\"format\":1,\"lessons\":{\"p\":{\"drafts\":{\"one\":[\"A\"]}}}}",
		"{\"format\":1,\"lessons\":{\"p\":{\"drafts\":{\"one\":[1]}}}}",
		"{\"format\":1,\"lessons\":{\"p\":{\"drafts\":{\"one\":[\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\"]}}}}",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		pt_progress *p = open_ok(path, T0);
		progress_close(p);
		write_file(path, bad[i]);
		pt_open_report rep;
		p = progress_open(path, T0, &rep);
		ck_assert_ptr_nonnull(p);
		ck_assert_msg(rep.moved_to[0] != '\0', "not moved aside: %s", bad[i]);
		progress_close(p);
		rm_rf(dir);
		ck_assert_ptr_nonnull(mkdtemp(strcpy(dir, "/tmp/pt-check-progress-XXXXXX")));
		snprintf(path, sizeof path, "%s/state/paratutor/progress.json", dir);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("progress_draft");
	TCase *tc = tcase_create("draft");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_draft_round_trip);
	tcase_add_test(tc, test_draft_merge_and_salt);
	tcase_add_test(tc, test_pass_kept);
	tcase_add_test(tc, test_reset_then_restart);
	tcase_add_test(tc, test_bad_draft_members);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

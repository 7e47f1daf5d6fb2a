/* check_exam_hold.c - the exam hold fails closed: a second tutor, played
 * as a learner who wants the open paper twice, removes, replaces, renames
 * or plants the lock file while the first tutor holds the paper, and is
 * refused each time; a hold is free again only when its tutor lets go. */
#include "progress_util.h"

static char lock[600];

/* A fresh store directory and the path of its exam lock file. */
static void hold_setup(void)
{
	setup();
	snprintf(lock, sizeof lock, "%s.exam-lock", path);
}

/* Opens two tutors on one store; the first takes the hold. */
static void two_tutors(pt_progress **a, pt_progress **b)
{
	*a = open_ok(path, T0);
	*b = open_ok(path, T0);
	ck_assert_int_eq(progress_exam_hold(*a), PT_EXAM_HELD);
	ck_assert_int_eq(access(lock, F_OK), 0);
}

/* The first tutor lets go: the second may take the paper, and the first
 * is then refused in its turn. */
static void hand_over(pt_progress *a, pt_progress *b)
{
	progress_exam_release(a);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_HELD);
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_ELSEWHERE);
	progress_close(a);
	progress_close(b);
}

START_TEST(test_lock_removed)
{
	pt_progress *a, *b;
	two_tutors(&a, &b);
	ck_assert_int_eq(unlink(lock), 0);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_ELSEWHERE);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_ELSEWHERE); /* again: still elsewhere */
	hand_over(a, b);
}
END_TEST

START_TEST(test_lock_replaced)
{
	pt_progress *a, *b;
	two_tutors(&a, &b);
	ck_assert_int_eq(unlink(lock), 0);
	write_file(lock, "");
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_ELSEWHERE);
	hand_over(a, b);
}
END_TEST

START_TEST(test_lock_renamed)
{
	pt_progress *a, *b;
	two_tutors(&a, &b);
	char away[700];
	snprintf(away, sizeof away, "%s.away", lock);
	ck_assert_int_eq(rename(lock, away), 0);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_ELSEWHERE);
	hand_over(a, b);
}
END_TEST

/* An odd lock (a folder, a link, a FIFO) is nobody's to take, even with no
 * tutor holding: the paper waits until it is a plain file again; a FIFO
 * is not waited on. */
START_TEST(test_lock_odd)
{
	pt_progress *a = open_ok(path, T0);
	ck_assert_int_eq(mkdir(lock, 0700), 0);
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_ELSEWHERE);
	ck_assert_int_eq(rmdir(lock), 0);
	char target[700];
	snprintf(target, sizeof target, "%s.target", lock);
	write_file(target, "");
	ck_assert_int_eq(symlink(target, lock), 0);
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_ELSEWHERE);
	ck_assert_int_eq(unlink(lock), 0);
	ck_assert_int_eq(mkfifo(lock, 0600), 0);
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_ELSEWHERE);
	ck_assert_int_eq(unlink(lock), 0);
	ck_assert_int_eq(progress_exam_hold(a), PT_EXAM_HELD);
	progress_close(a);
}
END_TEST

/* A tutor that ends lets go of both locks. */
START_TEST(test_close_frees)
{
	pt_progress *a, *b;
	two_tutors(&a, &b);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_ELSEWHERE);
	progress_close(a);
	ck_assert_int_eq(progress_exam_hold(b), PT_EXAM_HELD);
	progress_close(b);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("exam_hold");
	TCase *tc = tcase_create("hold");
	tcase_add_checked_fixture(tc, hold_setup, teardown);
	tcase_add_test(tc, test_lock_removed);
	tcase_add_test(tc, test_lock_replaced);
	tcase_add_test(tc, test_lock_renamed);
	tcase_add_test(tc, test_lock_odd);
	tcase_add_test(tc, test_close_frees);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

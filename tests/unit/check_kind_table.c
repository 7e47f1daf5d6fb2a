/* check_kind_table.c - the core's kind table: every kind has its row, and
 * a kind added in this test build (kind_test.c, one file and one row of
 * kind.c, nothing else) is graded, restored and given feedback through the
 * same code as the real ones. */
#include "testutil.h"

#include "paratutor/grade.h"
#include "paratutor/kind.h"

#define PT_KIND_ECHO ((pt_kind)(PT_KIND_ORDER + 1))

/* Every kind of the model has a row of its own, named as lessons name it. */
START_TEST(test_every_kind_has_its_row)
{
	for (int k = PT_KIND_FILL; k <= PT_KIND_ORDER; k++) {
		const pt_kind_ops *ops = kind_ops((pt_kind)k);
		ck_assert_int_eq(ops->kind, k);
		ck_assert_str_eq(ops->name, lesson_kind_name((pt_kind)k));
		ck_assert(ops->slots != NULL);
		ck_assert(ops->check != NULL);
		ck_assert(ops->shape != PT_SHAPE_SLOTS || ops->slot_takes != NULL);
		ck_assert(ops->shape != PT_SHAPE_TYPED || ops->right_typed != NULL);
	}
}
END_TEST

/* The test-only kind: grade.c grades it through its row. */
START_TEST(test_added_kind_is_graded)
{
	char word[] = "paratutor";
	pt_text accept[1] = { { .s = word } };
	pt_item it;
	memset(&it, 0, sizeof it);
	it.kind = PT_KIND_ECHO;
	it.attempts = 2;
	it.accept.v = accept;
	it.accept.n = 1;
	ck_assert_str_eq(kind_ops(PT_KIND_ECHO)->name, "echo");

	pt_grade g;
	grade_init(&g, &it);
	ck_assert_int_eq(grade_slots(&g), 1);
	ck_assert(!grade_ready(&g));
	ck_assert_int_eq(grade_type(&g, "paratutor"), PT_GRADE_OK);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_OPEN);
	ck_assert_int_eq(g.attempts_left, 1);
	ck_assert_int_eq(g.marks[0], PT_MARK_WRONG);
	ck_assert_str_eq(grade_wrong_feedback(&it, "paratutor"), "say it backwards");
	ck_assert_int_eq(grade_type(&g, "rotutarap"), PT_GRADE_OK);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	/* A pick is no answer to a typed kind. */
	ck_assert_int_eq(grade_pick(&g, 0), PT_GRADE_CLOSED);

	/* Restored from the store, the right answer is put in place. */
	grade_restore(&g, &it, PT_OUTCOME_RETRIES, 2, 0, NULL, 0);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_str_eq(g.typed, "rotutarap");
	ck_assert_int_eq(g.marks[0], PT_MARK_RIGHT);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("kind_table");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_every_kind_has_its_row);
	tcase_add_test(tc, test_added_kind_is_graded);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_kind_table.c - the core's kind table: every kind has its row, and
 * a kind added in this test build (kind_test.c, one file and one row of
 * kind.c, nothing else) is graded, restored and given feedback through the
 * same code as the real ones, and with one more file and row
 * (export_kind_test.c, export_kind.c) written as GIFT and Moodle XML. */
#include "testutil.h"

#include "paratutor/export.h"
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

/* The test-only kind in the exchange formats: GIFT and Moodle XML write it
 * through its row (export_kind_test.c), with its right answer from the
 * kind's core row; without that row GIFT would leave it out. */
START_TEST(test_added_kind_is_exported)
{
	char word[] = "paratutor", id[] = "e1", prompt[] = "Say it backwards", lid[] = "echo", title[] = "Echo";
	char path[] = "echo.json";
	pt_text accept[1] = { { .s = word } };
	pt_item it;
	memset(&it, 0, sizeof it);
	it.kind = PT_KIND_ECHO;
	it.id.s = id;
	it.prompt.s = prompt;
	it.attempts = PT_DEFAULT_ATTEMPTS;
	it.shuffle = true;
	it.accept.v = accept;
	it.accept.n = 1;
	pt_lesson l;
	memset(&l, 0, sizeof l);
	l.path = path;
	l.id.s = lid;
	l.title.s = title;
	l.attempts = PT_DEFAULT_ATTEMPTS;
	l.items = &it;
	l.n_items = 1;

	pt_strbuf out = { 0 };
	pt_diags d = { 0 };
	pt_export_count count;
	ck_assert(export_gift(&l, &out, &d, &count));
	ck_assert_uint_eq(count.written, 1);
	ck_assert_uint_eq(count.skipped, 0);
	ck_assert_uint_eq(d.n, 0);
	ck_assert_ptr_nonnull(strstr(out.s, "::e1::Say it backwards {\n\t=rotutarap\n}"));
	free(out.s);

	out = (pt_strbuf){ 0 };
	ck_assert(export_moodle(&l, &out, &d, &count));
	ck_assert_uint_eq(count.written, 1);
	ck_assert_uint_eq(d.n, 0);
	ck_assert_ptr_nonnull(strstr(out.s, "<question type=\"shortanswer\">"));
	ck_assert_ptr_nonnull(strstr(out.s, "<answer fraction=\"100\" format=\"plain_text\">\n      <text>rotutarap</text>"));
	free(out.s);
	diags_free(&d);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("kind_table");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_every_kind_has_its_row);
	tcase_add_test(tc, test_added_kind_is_graded);
	tcase_add_test(tc, test_added_kind_is_exported);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_kind_table.c - the core's kind tables: every kind has its rows, and
 * a kind added in this test build is loaded from a lesson file
 * (tests/fixtures/kind/echo.json) through its loader row (load_kind_test.c,
 * one row of load_kind.c), graded, restored and given feedback through its
 * grading row (kind_test.c, one row of kind.c), nothing else, and with one
 * more file and row (export_kind_test.c, export_kind.c) written as GIFT and
 * Moodle XML. */
#include "testutil.h"

#include "paratutor/interop/export.h"
#include "paratutor/learn/grade.h"
#include "paratutor/learn/kind.h"
#include "paratutor/load/load.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/load/validate.h"

#define PT_KIND_ECHO ((pt_kind)PT_KIND_COUNT)

/* Loads the echo lesson fixture; it loads without a diagnostic. */
static pt_lesson *load_echo(void)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/fixtures/kind/echo.json", test_srcdir());
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_file(path, NULL, &d);
	for (size_t i = 0; i < d.n; i++)
		fprintf(stderr, "%d:%d: %s\n", d.v[i].pos.line, d.v[i].pos.col, d.v[i].message);
	ck_assert_uint_eq(d.n, 0);
	diags_free(&d);
	ck_assert_ptr_nonnull(l);
	ck_assert_uint_eq(l->n_items, 1);
	ck_assert_int_eq(l->items[0].kind, PT_KIND_ECHO);
	return l;
}

/* Every kind of the model, the test one included, has a row of its own in
 * the loader's table and in the grading table, with every operation its
 * shape needs; the loader's rows are listed in the kinds' order. */
START_TEST(test_every_kind_has_its_row)
{
	for (int k = PT_KIND_FILL; k <= PT_KIND_COUNT; k++) {
		const pt_load_kind *row = load_kind((pt_kind)k);
		ck_assert_int_eq(row->kind, k);
		ck_assert_ptr_eq(load_kind_at((size_t)k), row);
		ck_assert_str_eq(lesson_kind_name((pt_kind)k), row->name);
		ck_assert(row->what != NULL && row->load != NULL && row->fields != 0);
		ck_assert(row->format == 1 || row->format == 2);
		const pt_kind_ops *ops = kind_ops((pt_kind)k);
		ck_assert_int_eq(ops->kind, k);
		ck_assert(ops->slots != NULL);
		ck_assert(ops->check != NULL);
		ck_assert(row->shape != PT_SHAPE_SLOTS || ops->slot_takes != NULL);
		ck_assert(row->shape != PT_SHAPE_TYPED || ops->right_typed != NULL);
	}
	ck_assert_ptr_null(load_kind_at(PT_KIND_COUNT + 1));
	ck_assert_str_eq(lesson_kind_name(PT_KIND_ECHO), "echo");
	ck_assert_int_eq(kind_shape(PT_KIND_ECHO), PT_SHAPE_TYPED);
}
END_TEST

/* The loader reads the test-only kind through its row: its name in "kind",
 * its own fields, its format, its checks, and its fields in the hashes. */
START_TEST(test_added_kind_is_loaded)
{
	pt_lesson *l = load_echo();
	const pt_item *it = &l->items[0];
	ck_assert_uint_eq(it->accept.n, 1);
	ck_assert_str_eq(it->accept.v[0].s, "paratutor");
	unsigned long long hash = lesson_item_hash(it), key = lesson_item_key_hash(it);
	it->accept.v[0].s[0] = 'P';
	ck_assert(lesson_item_hash(it) != hash);
	ck_assert(lesson_item_key_hash(it) != key);
	lesson_free(l);

	/* A format-1 file, another kind's field, no answer: each reported
	 * where it is written, with the kind's own words. */
	static const char text[] = "{\"format\": 1, \"id\": \"x\", \"title\": \"X\", \"summary\": \"S\",\n"
	    "\"items\": [{\"id\": \"e\", \"kind\": \"echo\", \"difficulty\": \"easy\", \"prompt\": \"P\",\n"
	    "\"options\": [], \"accept\": []}]}";
	pt_diags d = { 0 };
	l = load_lesson_text("bad.json", text, sizeof text - 1, &d);
	ck_assert_ptr_nonnull(l);
	validate_lesson(l, &d);
	char all[2048] = "";
	for (size_t i = 0; i < d.n; i++)
		snprintf(all + strlen(all), sizeof all - strlen(all), "%d:%d %s\n", d.v[i].pos.line, d.v[i].pos.col,
		    d.v[i].message);
	ck_assert_msg(strstr(all, "2:31 \"echo\" items need \"format\": 2") != NULL, "%s", all);
	ck_assert_msg(strstr(all, "an echo item") != NULL, "%s", all);
	ck_assert_msg(strstr(all, "3:1 unknown field \"options\" in an echo item") != NULL, "%s", all);
	ck_assert_msg(strstr(all, "an echo item needs an answer to say backwards") != NULL, "%s", all);
	diags_free(&d);
	lesson_free(l);

	/* An unknown kind lists the test kind with the others. */
	static const char unknown[] = "{\"format\": 2, \"id\": \"x\", \"title\": \"X\", \"summary\": \"S\", "
	    "\"items\": [{\"id\": \"e\", \"kind\": \"ekho\", \"prompt\": \"P\"}]}";
	d = (pt_diags){ 0 };
	l = load_lesson_text("unknown.json", unknown, sizeof unknown - 1, &d);
	ck_assert_uint_ge(d.n, 1);
	ck_assert_str_eq(d.v[0].message, "\"kind\" must be one of \"fill\", \"choice\", \"multi\", \"numeric\", "
	    "\"text\", \"match\", \"order\", \"explore\", \"echo\", not \"ekho\"; did you mean \"echo\"?");
	diags_free(&d);
	lesson_free(l);
}
END_TEST

/* The test-only kind: grade.c grades it through its row. */
START_TEST(test_added_kind_is_graded)
{
	pt_lesson *l = load_echo();
	pt_item it = l->items[0];
	it.attempts = 2;

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
	lesson_free(l);
}
END_TEST

/* The test-only kind in the exchange formats: GIFT and Moodle XML write it
 * through its row (export_kind_test.c), with its right answer from the
 * kind's core row; without that row GIFT would leave it out. */
START_TEST(test_added_kind_is_exported)
{
	pt_lesson *l = load_echo();

	pt_strbuf out = { 0 };
	pt_diags d = { 0 };
	pt_export_count count;
	ck_assert(export_gift(l, &out, &d, &count));
	ck_assert_uint_eq(count.written, 1);
	ck_assert_uint_eq(count.skipped, 0);
	/* What every question loses in GIFT, said as for any kind. */
	ck_assert_uint_eq(d.n, 1);
	ck_assert_str_eq(d.v[0].message, "item \"e1\": GIFT cannot carry hints; left out of the export");
	diags_free(&d);
	d = (pt_diags){ 0 };
	ck_assert_msg(strstr(out.s, "::e1::Say it backwards {\n\t=rotutarap\n\t####Backwards, letter by letter.\n}") != NULL, "%s", out.s);
	free(out.s);

	out = (pt_strbuf){ 0 };
	ck_assert(export_moodle(l, &out, &d, &count));
	ck_assert_uint_eq(count.written, 1);
	ck_assert_uint_eq(d.n, 0);
	ck_assert_ptr_nonnull(strstr(out.s, "<question type=\"shortanswer\">"));
	ck_assert_ptr_nonnull(strstr(out.s, "<answer fraction=\"100\" format=\"plain_text\">\n      <text>rotutarap</text>"));
	free(out.s);
	diags_free(&d);
	lesson_free(l);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("kind_table");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_every_kind_has_its_row);
	tcase_add_test(tc, test_added_kind_is_loaded);
	tcase_add_test(tc, test_added_kind_is_graded);
	tcase_add_test(tc, test_added_kind_is_exported);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

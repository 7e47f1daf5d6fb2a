/* check_ui_kind_table.c - the UI's kind table: every kind has its row with
 * every operation the screens and plain mode call, and a kind added in
 * this test build (kind_test.c for grading, ui_kind_test.c for the UI: one
 * file and one row each, nothing else) is drawn on the item screen's body,
 * printed, read and checked in plain mode through the same code as the
 * real ones.  Linked with the UI's objects (not main.o). */
#include "testutil.h"

#include "paratutor/learn/grade.h"
#include "paratutor/learn/kind.h"
#include "paratutor/ui/plain_item.h"
#include "paratutor/ui/ui_item.h"
#include "paratutor/ui/ui_kind.h"

#define PT_KIND_ECHO ((pt_kind)PT_KIND_COUNT)

extern const ui_kind_ops ui_kind_test;

/* Every kind of the model has a UI row of its own, with every operation
 * set, and the words a slots kind needs. */
START_TEST(test_every_kind_has_its_row)
{
	for (int k = PT_KIND_FILL; k < PT_KIND_COUNT; k++) {
		const ui_kind_ops *row = ui_kind((pt_kind)k);
		pt_answer_shape shape = kind_shape((pt_kind)k);
		ck_assert_msg(row->kind == (pt_kind)k, "%s has no UI row", lesson_kind_name((pt_kind)k));
		ck_assert(row->word != NULL && row->word[0] != '\0');
		ck_assert(row->area != NULL && row->results != NULL && row->shown != NULL);
		ck_assert(row->keys != 0 && (row->keys & (AN_OPEN | AN_TYPING)) == 0);
		ck_assert(row->incomplete != NULL && row->incomplete[0] != '\0');
		ck_assert(row->task != NULL && row->help != NULL && row->print_area != NULL);
		ck_assert(row->print_key != NULL && row->print_checked != NULL && row->apply != NULL);
		ck_assert((row->slot_word != NULL) == (shape == PT_SHAPE_SLOTS));
		ck_assert((row->slot_noun != NULL) == (shape == PT_SHAPE_SLOTS));
		/* Only kinds whose area shows each slot's entry may leave out
		 * what an exam prints of the answer so far. */
		ck_assert(row->print_given != NULL || shape == PT_SHAPE_SLOTS);
		ck_assert(((row->keys & (AN_TYPED | AN_KNOBS)) != 0) == (shape == PT_SHAPE_TYPED));
	}
	ck_assert_ptr_eq(ui_kind(PT_KIND_ECHO), &ui_kind_test);
	/* The menu lists a lesson's kinds in the table's order: every row once,
	 * the test-only kind's too (its word is how the menu would name it). */
	unsigned seen = 0;
	size_t n = 0;
	for (const ui_kind_ops *row; (row = ui_kind_at(n)) != NULL; n++) {
		ck_assert_msg((seen & (1u << row->kind)) == 0, "%s is listed twice", row->word);
		seen |= 1u << row->kind;
	}
	ck_assert_uint_eq(n, (size_t)PT_KIND_ECHO + 1);
	ck_assert_str_eq(ui_kind_at(0)->word, "choice");
}
END_TEST

/* Returns what stream f (from open_memstream) holds, closed; free it. */
static char *closed(FILE *f, char **buf)
{
	ck_assert_int_eq(fclose(f), 0);
	return *buf;
}

/* Returns the text of document d, NUL-terminated; free it. */
static char *doc_text(const pt_doc *d)
{
	char *s = malloc(d->text_len + 1);
	ck_assert_ptr_nonnull(s);
	memcpy(s, d->text, d->text_len);
	s[d->text_len] = '\0';
	return s;
}

/* An echo item: "paratutor" said backwards is right. */
static void echo_item(pt_item *it, pt_text *accept)
{
	static char word[] = "paratutor", prompt[] = "Say the name backwards.";
	memset(it, 0, sizeof *it);
	it->kind = PT_KIND_ECHO;
	it->attempts = 2;
	it->prompt.s = prompt;
	accept[0].s = word;
	it->accept.v = accept;
	it->accept.n = 1;
}

/* The test-only kind in plain mode: its help, its area and task, an
 * answer read, checked and given its verdict through its row. */
START_TEST(test_added_kind_in_plain_mode)
{
	pt_text accept[1];
	pt_item it;
	echo_item(&it, accept);
	pt_grade g;
	grade_init(&g, &it);
	char *buf = NULL;
	size_t len = 0;

	FILE *f = open_memstream(&buf, &len);
	plain_item_help_answers(f, &it, false);
	plain_item_print_area(f, &g);
	char *out = closed(f, &buf);
	ck_assert_ptr_nonnull(strstr(out, "Commands:\n  WORDS          the answer, backwards\n"));
	ck_assert_ptr_nonnull(strstr(out, "Say the name backwards.\nType it backwards.\n"));
	free(out);
	char task[96];
	plain_item_describe(&g, task, sizeof task);
	ck_assert_ptr_nonnull(strstr(task, ", say it backwards"));

	f = open_memstream(&buf, &len);
	char wrong[] = "paratutor";
	ck_assert(plain_item_set(f, &g, wrong));
	ck_assert_str_eq(g.typed, "paratutor");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_OPEN);
	char right[] = "rotutarap";
	ck_assert(plain_item_set(f, &g, right));
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	plain_item_print_verdict(f, &g);
	out = closed(f, &buf);
	ck_assert_ptr_nonnull(strstr(out, "Correct: your answer rotutarap."));
	free(out);

	/* Failed, the key comes from the row (the core's right answer). */
	grade_init(&g, &it);
	char wrong2[] = "paratutors";
	ck_assert(plain_item_set(stderr, &g, wrong));
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert(plain_item_set(stderr, &g, wrong2));
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_FAILED);
	f = open_memstream(&buf, &len);
	plain_item_print_verdict(f, &g);
	out = closed(f, &buf);
	ck_assert_ptr_nonnull(strstr(out, "Wrong: your answer paratutors.\n"));
	ck_assert_ptr_nonnull(strstr(out, "The answer: rotutarap\n"));
	free(out);
}
END_TEST

/* The test-only kind on the item screen's body: its area through its row,
 * then a wrong check's result, with no key while attempts are left and
 * the key once they are spent. */
START_TEST(test_added_kind_on_the_screen)
{
	pt_text accept[1];
	pt_item it;
	echo_item(&it, accept);
	pt_grade g;
	grade_init(&g, &it);
	pt_item_view v = { .focus = -1, .typing = true };
	snprintf(v.field, sizeof v.field, "rot");
	item_anchors a = { 0 };
	pt_doc d = { 0 };
	doc_reset(&d, 80);
	item_body_build(&d, &g, &v, &a);
	char *text = doc_text(&d);
	ck_assert_ptr_nonnull(strstr(text, "Say the name backwards."));
	ck_assert_ptr_nonnull(strstr(text, "Answer:"));
	ck_assert_ptr_nonnull(strstr(text, "[rot_"));
	ck_assert_ptr_nonnull(strstr(text, "the answer, backwards"));
	free(text);

	ck_assert_int_eq(grade_type(&g, "paratutor"), PT_GRADE_OK);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	doc_reset(&d, 80);
	item_body_build(&d, &g, &v, &a);
	text = doc_text(&d);
	ck_assert_ptr_nonnull(strstr(text, "Wrong"));
	ck_assert_ptr_null(strstr(text, "rotutarap")); /* attempts left: no key */
	free(text);

	ck_assert_int_eq(grade_type(&g, "paratutors"), PT_GRADE_OK);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_FAILED);
	doc_reset(&d, 80);
	item_body_build(&d, &g, &v, &a);
	text = doc_text(&d);
	ck_assert_ptr_nonnull(strstr(text, "Out of attempts"));
	ck_assert_ptr_nonnull(strstr(text, "the correct answer is shown above"));
	free(text);
	doc_free(&d);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ui_kind_table");
	TCase *tc = tcase_create("ui");
	tcase_add_test(tc, test_every_kind_has_its_row);
	tcase_add_test(tc, test_added_kind_in_plain_mode);
	tcase_add_test(tc, test_added_kind_on_the_screen);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_content.c - the bundled lessons: every source item present and
 * recognisable, and every lesson meeting the curriculum's counts. */
#include "paratutor/catalog.h"
#include "testutil.h"

typedef struct source_item {
	const char *lesson;
	const char *item;
	const char *source;
	const char *recognisable; /* a piece of its code or stem */
} source_item;

static const source_item source_items[] = {
	{ "dp-vs-mp", "fib1-split", "seed-b/fib1", "distributed_data = dataset.{{1}}(num_devices)" },
	{ "dp-vs-mp", "fib2-to-device", "seed-b/fib2", "model = Model().to_device({{1}})" },
	{ "dp-vs-mp", "fib3-all-reduce", "seed-b/fib3", "{{1}}.all_reduce(gradients)" },
	{ "dp-vs-mp", "fib4-model-parts", "seed-b/fib4", "model_parts = {device: model.{{1}}(device) for device in {{2}}" },
	{ "dp-vs-mp", "fib5-batch-sizes", "seed-b/fib5", "batch_sizes = {device: total_batch_size {{1}} len({{2}})" },
	{ "dp-vs-mp", "mcq1-definition", "seed-b/mcq1", "main difference between data parallelism and model parallelism" },
	{ "dp-vs-mp", "mcq2-describe-dp", "seed-b/mcq2", "correct way to describe data parallelism" },
	{ "dp-vs-mp", "mcq3-batch-90", "seed-b/mcq3", "batch size is 90" },
	{ "dp-vs-mp", "mcq4-idle-workers", "seed-b/mcq4", "idle" },
	{ "dp-vs-mp", "mcq5-too-large", "seed-b/mcq5", "does not fit into one GPU" },
	{ "scaling-prototypes", "a1-pipeline-one-vm", "seed-a/q1", "no longer fit in the memory of a single GPU" },
	{ "scaling-prototypes", "a2-tf-device", "seed-a/q2", "TensorFlow model on one VM with 4 GPUs" },
	{ "scaling-prototypes", "a3-choose-two", "seed-a/q3", "Which two approaches" },
	{ "scaling-prototypes", "a4-llama2-vertex", "seed-a/q4", "LLaMA 2 on Vertex AI" },
	{ "scaling-prototypes", "a5-7b-llm", "seed-a/q5", "7-billion-parameter LLM" },
	{ "scaling-prototypes", "a6-vertex-pytorch", "seed-a/q6", "Vertex AI" },
	{ "scaling-prototypes", "a7-pipeline-mirrored", "seed-a/q7", "large transformer in TensorFlow on a VM with 8 GPUs" },
	{ "scaling-prototypes", "a8-deepspeed-ddp", "seed-a/q8", "7B-parameter model" },
};

static pt_catalog catalog;

/* Loads the bundled lessons once per test. */
static void setup(void)
{
	char path[4096];
	const char *why = NULL;
	snprintf(path, sizeof path, "%s/content", test_srcdir());
	memset(&catalog, 0, sizeof catalog);
	ck_assert_msg(catalog_add_path(&catalog, path, false, &why), "%s: %s", path, why);
}

/* Frees them. */
static void teardown(void)
{
	catalog_free(&catalog);
}

/* Returns the item's code (fill) or prompt (choice, multi). */
static const char *recognisable_text(const pt_item *it)
{
	return it->kind == PT_KIND_FILL ? it->code.s : it->prompt.s;
}

/* Each of the 18 source items is there by id, names its source and still
 * shows the source's code or stem. */
START_TEST(test_source_items_present)
{
	ck_assert_uint_eq(sizeof source_items / sizeof source_items[0], 18);
	for (size_t i = 0; i < sizeof source_items / sizeof source_items[0]; i++) {
		const source_item *s = &source_items[i];
		pt_entry *e = catalog_find(&catalog, s->lesson);
		ck_assert_msg(e != NULL, "lesson %s missing", s->lesson);
		pt_item *it = lesson_find_item(e->lesson, s->item);
		ck_assert_msg(it != NULL, "item %s/%s missing", s->lesson, s->item);
		ck_assert_msg(it->source.s != NULL && strcmp(it->source.s, s->source) == 0,
		    "%s: source is %s, want %s", s->item, it->source.s ? it->source.s : "(none)", s->source);
		ck_assert_msg(strstr(recognisable_text(it), s->recognisable) != NULL,
		    "%s no longer shows \"%s\"", s->item, s->recognisable);
	}
}
END_TEST

/* The source lessons keep the source's order: its items come first. */
START_TEST(test_source_order)
{
	size_t next[2] = { 0, 0 };
	for (size_t i = 0; i < sizeof source_items / sizeof source_items[0]; i++) {
		size_t which = strcmp(source_items[i].lesson, "dp-vs-mp") == 0 ? 0 : 1;
		pt_entry *e = catalog_find(&catalog, source_items[i].lesson);
		ck_assert_str_eq(e->lesson->items[next[which]].id.s, source_items[i].item);
		next[which]++;
	}
}
END_TEST

/* Ten lessons; each has at least 8 items and every kind; every item has a
 * hint and an explanation; every wrong option has feedback. */
START_TEST(test_lesson_counts)
{
	ck_assert_uint_eq(catalog.n, 10);
	size_t total = 0;
	for (size_t i = 0; i < catalog.n; i++) {
		const pt_lesson *l = catalog.v[i].lesson;
		ck_assert_msg(!catalog.v[i].broken && catalog.v[i].diags.warnings == 0,
		    "%s has diagnostics", catalog.v[i].path);
		ck_assert_msg(l->n_items >= 8, "%s has %zu items", l->id.s, l->n_items);
		size_t kinds[3] = { 0, 0, 0 };
		for (size_t k = 0; k < l->n_items; k++) {
			const pt_item *it = &l->items[k];
			kinds[it->kind]++;
			ck_assert_msg(it->hints.n >= 1, "%s/%s has no hint", l->id.s, it->id.s);
			ck_assert_msg(it->explanation.s != NULL, "%s/%s has no explanation", l->id.s, it->id.s);
			ck_assert_msg(it->n_refs >= 1, "%s/%s has no reference", l->id.s, it->id.s);
		}
		ck_assert_msg(kinds[0] && kinds[1] && kinds[2], "%s lacks a kind", l->id.s);
		total += l->n_items;
	}
	ck_assert_uint_ge(total, 90);
}
END_TEST

/* Items whose source is marked invented or wrong carry a note. */
START_TEST(test_corrected_items_have_notes)
{
	const char *const corrected[][2] = {
		{ "dp-vs-mp", "fib1-split" }, { "dp-vs-mp", "fib2-to-device" },
		{ "dp-vs-mp", "fib4-model-parts" }, { "dp-vs-mp", "mcq4-idle-workers" },
		{ "scaling-prototypes", "a4-llama2-vertex" }, { "scaling-prototypes", "a6-vertex-pytorch" },
		{ "scaling-prototypes", "a7-pipeline-mirrored" }, { "scaling-prototypes", "a8-deepspeed-ddp" },
	};
	for (size_t i = 0; i < sizeof corrected / sizeof corrected[0]; i++) {
		pt_item *it = lesson_find_item(catalog_find(&catalog, corrected[i][0])->lesson, corrected[i][1]);
		ck_assert_msg(it->note.s != NULL, "%s has no note", corrected[i][1]);
	}
	/* The invented TensorFlow strategy is never the keyed answer. */
	pt_item *a7 = lesson_find_item(catalog_find(&catalog, "scaling-prototypes")->lesson, "a7-pipeline-mirrored");
	for (size_t o = 0; o < a7->n_options; o++)
		if (strstr(a7->options[o].text.s, "PipelineMirroredStrategy") != NULL)
			ck_assert(!a7->options[o].correct);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("content");
	TCase *tc = tcase_create("bundled");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_source_items_present);
	tcase_add_test(tc, test_source_order);
	tcase_add_test(tc, test_lesson_counts);
	tcase_add_test(tc, test_corrected_items_have_notes);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

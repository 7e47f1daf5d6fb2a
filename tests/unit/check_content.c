/* check_content.c - the bundled lessons: every source item present and
 * recognisable, every lesson meeting the curriculum's counts, and the text
 * learners read free of internal words, option letters and a correct
 * option that gives itself away by its length. */
#include <ctype.h>
#include <strings.h>

#include "paratutor/load/load_kind.h"
#include "paratutor/model/tags.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/base/text.h"
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
	{ "scaling-prototypes", "a1-pipeline-one-vm", "seed-a/q1", "still fits in the memory of a single GPU" },
	{ "scaling-prototypes", "a2-tf-device", "seed-a/q2", "TensorFlow model on one VM with 4 GPUs" },
	{ "scaling-prototypes", "a3-choose-two", "seed-a/q3", "Which two approaches" },
	{ "scaling-prototypes", "a4-llama2-vertex", "seed-a/q4", "LLaMA 2 on Vertex AI" },
	{ "scaling-prototypes", "a5-7b-llm", "seed-a/q5", "7-billion-parameter LLM" },
	{ "scaling-prototypes", "a6-vertex-pytorch", "seed-a/q6", "Vertex AI" },
	{ "scaling-prototypes", "a7-pipeline-mirrored", "seed-a/q7", "large transformer in TensorFlow on a VM with 8 GPUs" },
	{ "scaling-prototypes", "a8-deepspeed-ddp", "seed-a/q8", "7B-parameter model" },
};

/* The highest share of choice items whose correct option may be strictly
 * the longest, and of multi items whose strictly longest option may be a
 * correct one. */
#define MAX_KEY_LONGEST 0.30
#define MAX_MULTI_LONGEST_CORRECT 0.50

#define MAX_TEXTS 512

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

/* Returns the lesson with this id; fails the test when it is missing. */
static const pt_lesson *must_lesson(const char *lesson_id)
{
	pt_entry *e = catalog_find(&catalog, lesson_id);
	ck_assert_msg(e != NULL && e->lesson != NULL, "lesson %s missing", lesson_id);
	return e->lesson;
}

/* Returns the item; fails the test when the lesson or the item is missing. */
static const pt_item *must_item(const char *lesson_id, const char *item_id)
{
	const pt_item *it = lesson_find_item(must_lesson(lesson_id), item_id);
	ck_assert_msg(it != NULL, "item %s/%s missing", lesson_id, item_id);
	return it;
}

/* Returns the one option whose text contains needle; fails the test when no
 * option or more than one does. */
static const pt_option *must_option(const pt_item *it, const char *needle)
{
	const pt_option *found = NULL;
	size_t n = 0;
	for (size_t o = 0; o < it->n_options; o++)
		if (strstr(it->options[o].text.s, needle) != NULL) {
			found = &it->options[o];
			n++;
		}
	ck_assert_msg(n == 1, "%s: %zu options contain \"%s\", want exactly 1", it->id.s, n, needle);
	return found;
}

/* Returns the item's code (fill) or prompt (choice, multi). */
static const char *recognisable_text(const pt_item *it)
{
	return it->kind == PT_KIND_FILL ? it->code.s : it->prompt.s;
}

/* Adds s to the list when it is set. */
static void add_text(const char **v, size_t *n, const char *s)
{
	if (s == NULL)
		return;
	ck_assert_uint_lt(*n, MAX_TEXTS);
	v[(*n)++] = s;
}

/* Collects every text of an item that a learner can read (the source field
 * is for instructors and is left out); returns how many. */
static size_t learner_texts(const pt_item *it, const char **v)
{
	size_t n = 0;
	add_text(v, &n, it->prompt.s);
	add_text(v, &n, it->code.s);
	add_text(v, &n, it->explanation.s);
	add_text(v, &n, it->note.s);
	for (size_t i = 0; i < it->hints.n; i++)
		add_text(v, &n, it->hints.v[i].s);
	for (size_t i = 0; i < it->mistakes.n; i++)
		add_text(v, &n, it->mistakes.v[i].s);
	for (size_t i = 0; i < it->bank.n; i++)
		add_text(v, &n, it->bank.v[i].s);
	for (size_t b = 0; b < it->n_blanks; b++)
		for (size_t f = 0; f < it->blanks[b].n_feedback; f++)
			add_text(v, &n, it->blanks[b].feedback[f].text.s);
	for (size_t o = 0; o < it->n_options; o++) {
		add_text(v, &n, it->options[o].text.s);
		add_text(v, &n, it->options[o].feedback.s);
	}
	if (it->solution.present) {
		for (size_t i = 0; i < it->solution.steps.n; i++)
			add_text(v, &n, it->solution.steps.v[i].s);
		add_text(v, &n, it->solution.answer.s);
		add_text(v, &n, it->solution.check.s);
	}
	for (size_t r = 0; r < it->n_refs; r++)
		add_text(v, &n, it->refs[r].title.s);
	return n;
}

/* Returns true when s contains word at the start of a word, in any case
 * ("Source" and "sources" count, "resource" does not). */
static bool has_word_start(const char *s, const char *word)
{
	size_t len = strlen(word);
	for (const char *p = s; *p != '\0'; p++) {
		if (p > s && isalpha((unsigned char)p[-1]))
			continue;
		if (strncasecmp(p, word, len) == 0)
			return true;
	}
	return false;
}

/* Returns true when s names an option by its letter: "option C", or an
 * answer that is a letter ("B", "D (25%)", "A, C, E", "C: ..."). */
static bool names_option_letter(const char *s, bool is_answer)
{
	for (const char *p = strstr(s, "option "); p != NULL; p = strstr(p + 1, "option ")) {
		char c = p[7];
		if (c >= 'A' && c <= 'G' && !isalnum((unsigned char)p[8]))
			return true;
	}
	if (!is_answer || s[0] < 'A' || s[0] > 'G')
		return false;
	const char *rest = s + 1;
	return rest[0] == '\0' || rest[0] == ':' || rest[0] == ',' || rest[0] == ')' ||
	       strncmp(rest, " (", 2) == 0 || strncmp(rest, " and ", 5) == 0;
}

/* Returns the display width of an option's text. */
static int option_width(const pt_option *o)
{
	return text_width(o->text.s, strlen(o->text.s));
}

/* Returns the index of the strictly widest option, or -1 on a tie. */
static int widest_option(const pt_item *it)
{
	int best = -1, best_w = -1;
	bool tie = false;
	for (size_t o = 0; o < it->n_options; o++) {
		int w = option_width(&it->options[o]);
		if (w > best_w) {
			best = (int)o;
			best_w = w;
			tie = false;
		} else if (w == best_w) {
			tie = true;
		}
	}
	return tie ? -1 : best;
}

/* Each of the 18 source items is there by id, names its source and still
 * shows the source's code or stem. */
START_TEST(test_source_items_present)
{
	ck_assert_uint_eq(sizeof source_items / sizeof source_items[0], 18);
	for (size_t i = 0; i < sizeof source_items / sizeof source_items[0]; i++) {
		const source_item *s = &source_items[i];
		const pt_item *it = must_item(s->lesson, s->item);
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
		const pt_lesson *l = must_lesson(source_items[i].lesson);
		ck_assert_uint_lt(next[which], l->n_items);
		ck_assert_str_eq(l->items[next[which]].id.s, source_items[i].item);
		next[which]++;
	}
}
END_TEST

/* The six lessons written for format 2: 10-14 items each, every kind. */
static const char *const format2_lessons[] = {
	"sequence-context", "expert-parallel", "activation-memory",
	"precision-memory", "running-for-real", "schedules-compilers",
};

/* Returns true when id is one of format2_lessons. */
static bool is_format2_lesson(const char *id)
{
	for (size_t i = 0; i < sizeof format2_lessons / sizeof format2_lessons[0]; i++)
		if (strcmp(id, format2_lessons[i]) == 0)
			return true;
	return false;
}

/* The eight curriculum lessons, which mix the old kinds with the new. */
static const char *const curriculum_lessons[] = {
	"parallelism-kinds", "data-parallel-practice", "collectives", "model-pipeline",
	"tensor-parallel", "memory-sharding", "managed-platforms", "hybrid-3d",
};

/* Returns true when id is one of curriculum_lessons. */
static bool is_curriculum_lesson(const char *id)
{
	for (size_t i = 0; i < sizeof curriculum_lessons / sizeof curriculum_lessons[0]; i++)
		if (strcmp(id, curriculum_lessons[i]) == 0)
			return true;
	return false;
}

/* The four 2026 lessons (NCCL, compile and low precision, FLOPs budgets,
 * resilience): at least 12 items each, every numeric item with a worked
 * solution, every wrong option with feedback (no warnings), all seven
 * kinds across them. */
static const char *const lessons_2026[] = {
	"nccl-in-practice", "compile-low-precision", "flops-budgets", "resilience-comms",
};

/* The five lessons of issue 41 (RL systems, the fabric, MoE at scale,
 * optimizers and low precision, seeing the overlap): at least 12 items
 * each, all seven kinds in each, every numeric item with a worked solution,
 * and every item's editor note naming its source. */
static const char *const lessons_frontier[] = {
	"rl-post-training", "fabric", "moe-at-scale", "optimizers-low-precision", "seeing-overlap",
};

static bool is_frontier_lesson(const char *id)
{
	for (size_t i = 0; i < sizeof lessons_frontier / sizeof lessons_frontier[0]; i++)
		if (strcmp(id, lessons_frontier[i]) == 0)
			return true;
	return false;
}

static bool is_2026_lesson(const char *id)
{
	for (size_t i = 0; i < sizeof lessons_2026 / sizeof lessons_2026[0]; i++)
		if (strcmp(id, lessons_2026[i]) == 0)
			return true;
	return false;
}

/* Twenty-five lessons, 330 items or more; each has at least 8 items and at least
 * the three format-1 kinds, the six newer ones 10-18 items and all seven
 * kinds, the four 2026 ones as above, the five of issue 41 as above;
 * the eight curriculum lessons are format 2 with at least two items of
 * the kinds format 2 added (18 or more in all, each new kind used), the
 * seven kinds before explore counted; six explore items or more in all;
 * every item has a hint, an explanation and a reference; none has a
 * diagnostic, the item-writing lint's included. */
START_TEST(test_lesson_counts)
{
	ck_assert_uint_eq(catalog.n, 25);
	size_t explore = 0;
	for (size_t i = 0; i < catalog.n; i++)
		for (size_t k = 0; k < catalog.v[i].lesson->n_items; k++)
			explore += catalog.v[i].lesson->items[k].kind == PT_KIND_EXPLORE;
	ck_assert_uint_ge(explore, 6); /* issue 42: knobs on pipelines, memory, collectives, hybrid layouts */
	size_t total = 0, newer = 0, curriculum = 0, curriculum_new = 0, recent = 0, frontier = 0;
	size_t curriculum_kinds[PT_KIND_COUNT] = { 0 }, recent_kinds[PT_KIND_COUNT] = { 0 };
	for (size_t i = 0; i < catalog.n; i++) {
		const pt_lesson *l = catalog.v[i].lesson;
		ck_assert_msg(!catalog.v[i].broken && catalog.v[i].diags.warnings == 0,
		    "%s has diagnostics", catalog.v[i].path);
		ck_assert_msg(l->n_items >= 8, "%s has %zu items", l->id.s, l->n_items);
		size_t kinds[PT_KIND_COUNT] = { 0 };
		for (size_t k = 0; k < l->n_items; k++) {
			const pt_item *it = &l->items[k];
			kinds[it->kind]++;
			ck_assert_msg(it->hints.n >= 1, "%s/%s has no hint", l->id.s, it->id.s);
			ck_assert_msg(it->explanation.s != NULL, "%s/%s has no explanation", l->id.s, it->id.s);
			ck_assert_msg(it->n_refs >= 1, "%s/%s has no reference", l->id.s, it->id.s);
		}
		ck_assert_msg(kinds[PT_KIND_FILL] && kinds[PT_KIND_CHOICE] && kinds[PT_KIND_MULTI],
		    "%s lacks a kind", l->id.s);
		if (is_format2_lesson(l->id.s)) {
			newer++;
			ck_assert_msg(l->n_items >= 10 && l->n_items <= 18, "%s has %zu items", l->id.s, l->n_items);
			for (int kind = PT_KIND_FILL; kind <= PT_KIND_ORDER; kind++)
				ck_assert_msg(kinds[kind] > 0, "%s has no %s item", l->id.s,
				    lesson_kind_name((pt_kind)kind));
		}
		if (is_2026_lesson(l->id.s)) {
			recent++;
			ck_assert_msg(l->n_items >= 12, "%s has %zu items", l->id.s, l->n_items);
			for (size_t k = 0; k < l->n_items; k++) {
				const pt_item *it = &l->items[k];
				recent_kinds[it->kind]++;
				ck_assert_msg(it->kind != PT_KIND_NUMERIC || it->solution.present,
				    "%s/%s has no worked solution", l->id.s, it->id.s);
			}
		}
		if (is_frontier_lesson(l->id.s)) {
			frontier++;
			ck_assert_msg(l->n_items >= 12, "%s has %zu items", l->id.s, l->n_items);
			for (int kind = PT_KIND_FILL; kind <= PT_KIND_ORDER; kind++)
				ck_assert_msg(kinds[kind] > 0, "%s has no %s item", l->id.s,
				    lesson_kind_name((pt_kind)kind));
			for (size_t k = 0; k < l->n_items; k++) {
				const pt_item *it = &l->items[k];
				ck_assert_msg(it->kind != PT_KIND_NUMERIC || it->solution.present,
				    "%s/%s has no worked solution", l->id.s, it->id.s);
				ck_assert_msg(it->editor_note.s != NULL && strstr(it->editor_note.s, "Source") != NULL,
				    "%s/%s: the editor note names no source", l->id.s, it->id.s);
			}
		}
		if (is_curriculum_lesson(l->id.s)) {
			curriculum++;
			ck_assert_msg(l->format == 2, "%s is format %d", l->id.s, l->format);
			size_t n_new = 0;
			for (int kind = PT_KIND_NUMERIC; kind <= PT_KIND_ORDER; kind++) {
				n_new += kinds[kind];
				curriculum_kinds[kind] += kinds[kind];
			}
			ck_assert_msg(n_new >= 2, "%s has %zu items of the format-2 kinds", l->id.s, n_new);
			curriculum_new += n_new;
		}
		total += l->n_items;
	}
	ck_assert_uint_eq(newer, 6);
	ck_assert_uint_eq(curriculum, 8);
	ck_assert_uint_ge(curriculum_new, 18);
	for (int kind = PT_KIND_NUMERIC; kind <= PT_KIND_ORDER; kind++)
		ck_assert_msg(curriculum_kinds[kind] > 0, "the curriculum has no %s item",
		    lesson_kind_name((pt_kind)kind));
	ck_assert_uint_eq(recent, 4);
	for (int kind = PT_KIND_FILL; kind <= PT_KIND_ORDER; kind++)
		ck_assert_msg(recent_kinds[kind] > 0, "the 2026 lessons have no %s item", lesson_kind_name((pt_kind)kind));
	ck_assert_uint_eq(frontier, 5);
	ck_assert_uint_ge(total, 330);
}
END_TEST

/* Where exam-style versions of a question expect a wrong answer, that
 * answer stays a wrong option and a note warns the learner. */
START_TEST(test_wrong_exam_answers_stay_wrong)
{
	const struct {
		const char *lesson, *item, *wrong_answer;
	} kept[] = {
		{ "dp-vs-mp", "mcq4-idle-workers", "not connected properly" },
		{ "scaling-prototypes", "a4-llama2-vertex", "Hyperparameter Tuning" },
		{ "scaling-prototypes", "a6-vertex-pytorch", "--worker-machine-count" },
		{ "scaling-prototypes", "a6-vertex-pytorch", "torch.distributed.pipeline.sync.Pipe" },
		{ "scaling-prototypes", "a7-pipeline-mirrored", "PipelineMirroredStrategy" },
		{ "scaling-prototypes", "a8-deepspeed-ddp", "wrapping it in PyTorch DDP" },
		{ "managed-platforms", "d7-4-vertex-pytorch", "--worker-machine-count" },
		{ "managed-platforms", "d7-4-vertex-pytorch", "Vizier" },
	};
	for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
		const pt_item *it = must_item(kept[i].lesson, kept[i].item);
		const pt_option *o = must_option(it, kept[i].wrong_answer);
		ck_assert_msg(!o->correct, "%s: \"%s\" is marked correct", it->id.s, kept[i].wrong_answer);
	}
	const char *const warned[][2] = {
		{ "dp-vs-mp", "mcq4-idle-workers" }, { "scaling-prototypes", "a4-llama2-vertex" },
		{ "scaling-prototypes", "a6-vertex-pytorch" }, { "scaling-prototypes", "a7-pipeline-mirrored" },
		{ "scaling-prototypes", "a8-deepspeed-ddp" },
	};
	for (size_t i = 0; i < sizeof warned / sizeof warned[0]; i++) {
		const pt_item *it = must_item(warned[i][0], warned[i][1]);
		ck_assert_msg(it->note.s != NULL && strstr(it->note.s, "Exam-style") != NULL,
		    "%s: no note warning about the exam-style answer", it->id.s);
	}
}
END_TEST

/* Drills that keep pseudo-code say so in the prompt. */
START_TEST(test_pseudo_code_is_announced)
{
	const char *const drills[] = { "fib1-split", "fib2-to-device", "fib4-model-parts" };
	for (size_t i = 0; i < sizeof drills / sizeof drills[0]; i++) {
		const pt_item *it = must_item("dp-vs-mp", drills[i]);
		ck_assert_msg(strstr(it->prompt.s, "pseudo-code") != NULL, "%s: prompt does not say pseudo-code", drills[i]);
	}
}
END_TEST

/* No text a learner reads says "source" or "seed", names an item id, or
 * refers to an option by its letter (letters change when options are
 * shuffled). */
START_TEST(test_learner_text_is_clean)
{
	const char *texts[MAX_TEXTS];
	size_t checked = 0;
	for (size_t i = 0; i < catalog.n; i++) {
		const pt_lesson *l = catalog.v[i].lesson;
		ck_assert_msg(!has_word_start(l->title.s, "source") && !has_word_start(l->summary.s, "source"),
		    "%s: title or summary says source", l->id.s);
		for (size_t k = 0; k < l->n_items; k++) {
			const pt_item *it = &l->items[k];
			size_t n = learner_texts(it, texts);
			for (size_t t = 0; t < n; t++) {
				const char *s = texts[t];
				ck_assert_msg(!has_word_start(s, "source") && !has_word_start(s, "seed"),
				    "%s/%s: learners read \"%s\"", l->id.s, it->id.s, s);
				bool is_answer = s == it->solution.answer.s;
				ck_assert_msg(!names_option_letter(s, is_answer),
				    "%s/%s names an option by its letter: \"%s\"", l->id.s, it->id.s, s);
				for (size_t j = 0; j < catalog.n; j++)
					for (size_t m = 0; m < catalog.v[j].lesson->n_items; m++) {
						const char *id = catalog.v[j].lesson->items[m].id.s;
						ck_assert_msg(strstr(s, id) == NULL, "%s/%s: learners read the item id %s",
						    l->id.s, it->id.s, id);
					}
				checked++;
			}
		}
	}
	ck_assert_uint_gt(checked, 1000);
}
END_TEST

/* The correct option must not give itself away by its length: in at most
 * 30% of choice items is it strictly the longest, and in at most half of
 * the multi items is the strictly longest option a correct one. */
START_TEST(test_correct_option_not_longest)
{
	size_t choice = 0, key_longest = 0, multi = 0, multi_longest_correct = 0;
	for (size_t i = 0; i < catalog.n; i++) {
		const pt_lesson *l = catalog.v[i].lesson;
		for (size_t k = 0; k < l->n_items; k++) {
			const pt_item *it = &l->items[k];
			if (it->kind == PT_KIND_FILL)
				continue;
			int widest = widest_option(it);
			bool widest_correct = widest >= 0 && it->options[widest].correct;
			if (it->kind == PT_KIND_CHOICE) {
				choice++;
				key_longest += widest_correct;
			} else {
				multi++;
				multi_longest_correct += widest_correct;
			}
		}
	}
	ck_assert_uint_gt(choice, 0);
	ck_assert_uint_gt(multi, 0);
	double key_rate = (double)key_longest / (double)choice;
	double multi_rate = (double)multi_longest_correct / (double)multi;
	printf("correct option strictly the longest: %zu of %zu choice items (%.1f%%), %zu of %zu multi items (%.1f%%)\n",
	    key_longest, choice, 100.0 * key_rate, multi_longest_correct, multi, 100.0 * multi_rate);
	fflush(stdout);
	ck_assert_msg(key_rate <= MAX_KEY_LONGEST, "the correct option is the longest in %.1f%% of choice items (at most %.0f%%)",
	    100.0 * key_rate, 100.0 * MAX_KEY_LONGEST);
	ck_assert_msg(multi_rate <= MAX_MULTI_LONGEST_CORRECT,
	    "the longest option is correct in %.1f%% of multi items (at most %.0f%%)", 100.0 * multi_rate,
	    100.0 * MAX_MULTI_LONGEST_CORRECT);
}
END_TEST

/* Every bundled item carries at least one concept tag, each from the
 * controlled list (tags.h). */
START_TEST(test_every_item_tagged)
{
	size_t items = 0;
	for (size_t i = 0; i < catalog.n; i++) {
		const pt_lesson *l = catalog.v[i].lesson;
		for (size_t k = 0; k < l->n_items; k++) {
			const pt_item *it = &l->items[k];
			items++;
			ck_assert_msg(it->tags.n >= 1, "%s/%s has no tag", l->id.s, it->id.s);
			for (size_t t = 0; t < it->tags.n; t++) {
				ck_assert_msg(tags_find(&catalog.tags, it->tags.v[t].s) >= 0, "%s/%s: unknown tag %s", l->id.s, it->id.s,
				    it->tags.v[t].s);
			}
		}
	}
	ck_assert_uint_gt(items, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("content");
	TCase *tc = tcase_create("bundled");
	/* Sixteen lessons scanned under the sanitizers on a busy 2-core machine. */
	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_source_items_present);
	tcase_add_test(tc, test_source_order);
	tcase_add_test(tc, test_lesson_counts);
	tcase_add_test(tc, test_wrong_exam_answers_stay_wrong);
	tcase_add_test(tc, test_pseudo_code_is_announced);
	tcase_add_test(tc, test_learner_text_is_clean);
	tcase_add_test(tc, test_correct_option_not_longest);
	tcase_add_test(tc, test_every_item_tagged);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

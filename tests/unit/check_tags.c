/* check_tags.c - the tag list is a value: what one list declares another
 * never sees, threads declaring into one list each get one entry per name,
 * and the list holds at most PT_TAGS_MAX tags in all. */
#include <pthread.h>
#include <unistd.h>

#include "testutil.h"
#include "paratutor/model/tags.h"

/* A lesson declaring concept "ring-order" and carrying it. */
static const char declaring[] =
    "{\"format\": 2, \"id\": \"a\", \"title\": \"A\", \"summary\": \"S\", "
    "\"concepts\": {\"ring-order\": \"the order of a ring all-reduce\"}, \"items\": ["
    "{\"id\": \"q\", \"kind\": \"choice\", \"difficulty\": \"easy\", \"prompt\": \"P?\", "
    "\"tags\": [\"ring-order\"], \"options\": [{\"text\": \"Y\", \"correct\": true}, {\"text\": \"N\"}]}]}";

/* A lesson carrying "ring-order" without declaring it. */
static const char borrowing[] =
    "{\"format\": 2, \"id\": \"b\", \"title\": \"B\", \"summary\": \"S\", \"items\": ["
    "{\"id\": \"q\", \"kind\": \"choice\", \"difficulty\": \"easy\", \"prompt\": \"P?\", "
    "\"tags\": [\"ring-order\"], \"options\": [{\"text\": \"Y\", \"correct\": true}, {\"text\": \"N\"}]}]}";

/* Writes text to a new file in dir and loads it with list tags; returns
 * the number of errors, the first diagnostic's message in first (size
 * bytes) when first is not NULL. */
static size_t load_text(const char *dir, const char *text, pt_tags *tags, char *first, size_t size)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/l.json", dir);
	FILE *fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
	pt_diags d = { 0 };
	lesson_free(load_lesson_file(path, tags, &d));
	size_t errors = d.errors;
	if (first != NULL)
		snprintf(first, size, "%s", d.n > 0 ? d.v[0].message : "");
	diags_free(&d);
	unlink(path);
	return errors;
}

/* load_text's number of errors. */
static size_t load_errors(const char *dir, const char *text, pt_tags *tags)
{
	return load_text(dir, text, tags, NULL, 0);
}

/* Two lists in one process: a lesson's concept is declared in its own
 * list only, the other knows just the bundled tags; a course's
 * declaration makes the concept every lesson's in that list. */
START_TEST(test_lists_apart)
{
	char dir[] = "/tmp/paratutor-tags-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	pt_tags first = { 0 }, second = { 0 };
	ck_assert_uint_eq(load_errors(dir, declaring, &first), 0);
	ck_assert_int_eq(tags_find(&first, "ring-order"), (int)tags_bundled());
	ck_assert(tags_by_lesson(&first, tags_bundled()));
	ck_assert_int_eq(tags_find(&second, "ring-order"), -1);
	ck_assert_uint_eq(tags_count(&second), tags_bundled());
	ck_assert_uint_eq(load_errors(dir, borrowing, &second), 1);
	ck_assert_uint_eq(tags_count(&second), tags_bundled());
	ck_assert_uint_eq(load_errors(dir, borrowing, &first), 1); /* a lesson's concept, not this lesson's */
	ck_assert_int_eq(tags_declare(&first, "ring-order", "another title", false), (int)tags_bundled());
	ck_assert_str_eq(tags_at(&first, tags_bundled())->label, "the order of a ring all-reduce");
	ck_assert_uint_eq(load_errors(dir, borrowing, &first), 0); /* the course's now */
	ck_assert_uint_eq(load_errors(dir, borrowing, NULL), 1);
	tags_free(&first);
	tags_free(&second);
	ck_assert_uint_eq(tags_count(&first), tags_bundled());
	rmdir(dir);
}
END_TEST

/* A lesson carrying another lesson's concept is told the same whether or
 * not that lesson was loaded first (--check loads a folder's lessons on
 * several threads): the concept is unknown to it, and never suggested as
 * the spelling it meant. */
START_TEST(test_borrowed_concept_same_message)
{
	char dir[] = "/tmp/paratutor-tags-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	pt_tags before = { 0 }, after = { 0 };
	char alone[512], second[512];
	ck_assert_uint_eq(load_text(dir, borrowing, &before, alone, sizeof alone), 1);
	ck_assert_uint_eq(load_errors(dir, declaring, &after), 0);
	ck_assert_uint_eq(load_text(dir, borrowing, &after, second, sizeof second), 1);
	ck_assert_str_eq(second, alone);
	ck_assert_str_eq(alone, "unknown tag \"ring-order\" (content/README.md lists the tags; a lesson may declare "
	    "its own in \"concepts\")");
	tags_free(&before);
	tags_free(&after);
	rmdir(dir);
}
END_TEST

#define THREADS 8
#define SHARED 20 /* names every thread declares */
#define OWN 2     /* names each thread alone declares */

typedef struct declarer {
	pt_tags *tags;
	pthread_barrier_t *start; /* so the threads declare at once */
	int id;
	bool ok;
} declarer;

static void *declare_all(void *arg)
{
	declarer *d = arg;
	d->ok = true;
	pthread_barrier_wait(d->start);
	char name[32];
	for (int k = 0; k < SHARED + OWN; k++) {
		if (k < SHARED)
			snprintf(name, sizeof name, "shared-%d", k);
		else
			snprintf(name, sizeof name, "own-%d-%d", d->id, k);
		d->ok = d->ok && tags_declare(d->tags, name, "a title", true) >= (int)tags_bundled();
	}
	return NULL;
}

/* Threads declaring into one list at once: every declaration succeeds,
 * each name is in the list once, complete; then the list fills at
 * PT_TAGS_MAX tags and refuses a new name. */
START_TEST(test_declare_threads)
{
	pt_tags tags = { 0 };
	pthread_t th[THREADS];
	declarer d[THREADS];
	pthread_barrier_t start;
	ck_assert_int_eq(pthread_barrier_init(&start, NULL, THREADS), 0);
	for (int t = 0; t < THREADS; t++) {
		d[t] = (declarer){ &tags, &start, t, false };
		ck_assert_int_eq(pthread_create(&th[t], NULL, declare_all, &d[t]), 0);
	}
	for (int t = 0; t < THREADS; t++) {
		pthread_join(th[t], NULL);
		ck_assert(d[t].ok);
	}
	pthread_barrier_destroy(&start);
	size_t n = tags_count(&tags);
	ck_assert_uint_eq(n, tags_bundled() + SHARED + THREADS * OWN);
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(tags_find(&tags, tags_at(&tags, i)->name), (int)i);
		ck_assert_ptr_nonnull(tags_at(&tags, i)->label);
	}
	char name[32];
	for (size_t i = n; i < PT_TAGS_MAX; i++) {
		snprintf(name, sizeof name, "more-%zu", i);
		ck_assert_int_eq(tags_declare(&tags, name, "a title", false), (int)i);
	}
	ck_assert_int_eq(tags_declare(&tags, "one-too-many", "a title", false), -1);
	int at = tags_find(&tags, "shared-0");
	ck_assert_int_ge(at, (int)tags_bundled());
	ck_assert_int_eq(tags_declare(&tags, "shared-0", "a title", false), at); /* a known name, list full */
	tags_free(&tags);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tags");
	TCase *tc = tcase_create("tags");
	tcase_add_test(tc, test_lists_apart);
	tcase_add_test(tc, test_borrowed_concept_same_message);
	tcase_add_test(tc, test_declare_threads);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_grow.c - grow_array: growth steps, keeping contents, refusing
 * sizes that overflow; grow_insert and grow_search keeping an array of
 * named entries sorted. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "paratutor/base/grow.h"
#include "testutil.h"

/* From nothing to at least eight, then doubling, contents kept. */
START_TEST(test_grow_steps)
{
	int *v = NULL;
	size_t cap = 0;
	ck_assert(grow_array((void **)&v, &cap, 1, sizeof *v));
	ck_assert_ptr_nonnull(v);
	ck_assert_uint_eq(cap, 8);
	for (int i = 0; i < 8; i++)
		v[i] = i * 3;
	int *before = v;
	ck_assert(grow_array((void **)&v, &cap, 8, sizeof *v));
	ck_assert_ptr_eq(v, before); /* enough room: nothing changes */
	ck_assert_uint_eq(cap, 8);
	ck_assert(grow_array((void **)&v, &cap, 9, sizeof *v));
	ck_assert_uint_eq(cap, 16);
	ck_assert(grow_array((void **)&v, &cap, 100, sizeof *v));
	ck_assert_uint_ge(cap, 100); /* more than double asked: room for it, */
	ck_assert_uint_le(cap, 200); /* and at most twice that */
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(v[i], i * 3);
	free(v);
}
END_TEST

/* A size that would overflow is refused and leaves the array alone. */
START_TEST(test_grow_overflow)
{
	char *v = NULL;
	size_t cap = 0;
	ck_assert(grow_array((void **)&v, &cap, 4, 1));
	char *before = v;
	ck_assert(!grow_array((void **)&v, &cap, SIZE_MAX / 2, 4));
	ck_assert_ptr_eq(v, before);
	ck_assert_uint_eq(cap, 8);
	ck_assert(!grow_array((void **)&v, &cap, 9, 0));
	free(v);
}
END_TEST

typedef struct named {
	int n;
	const char *name;
} named;

/* Inserting where the search says keeps the array sorted; each search
 * finds what was inserted, and says where a missing name would go. */
START_TEST(test_grow_sorted)
{
	static const char *const names[] = { "m", "c", "x", "a", "q", "c2", "z", "b" };
	named *v = NULL;
	size_t n = 0, cap = 0, at;
	for (int i = 0; i < 8; i++) {
		ck_assert(!grow_search(v, n, sizeof *v, offsetof(named, name), names[i], &at));
		named *e = grow_insert((void **)&v, &cap, &n, at, sizeof *e);
		ck_assert_ptr_nonnull(e);
		ck_assert(e->n == 0 && e->name == NULL); /* a zeroed element */
		*e = (named){ i, names[i] };
	}
	ck_assert_uint_eq(n, 8);
	for (size_t k = 1; k < n; k++)
		ck_assert_int_lt(strcmp(v[k - 1].name, v[k].name), 0);
	for (int i = 0; i < 8; i++) {
		ck_assert(grow_search(v, n, sizeof *v, offsetof(named, name), names[i], &at));
		ck_assert_int_eq(v[at].n, i);
	}
	ck_assert(!grow_search(v, n, sizeof *v, offsetof(named, name), "d", &at));
	ck_assert_str_eq(v[at].name, "m"); /* after "c2", before "m" */
	ck_assert(!grow_search(v, n, sizeof *v, offsetof(named, name), "zz", &at));
	ck_assert_uint_eq(at, n);
	ck_assert(!grow_search(NULL, 0, sizeof *v, offsetof(named, name), "a", &at));
	ck_assert_uint_eq(at, 0);
	free(v);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("grow");
	TCase *tc = tcase_create("grow");
	tcase_add_test(tc, test_grow_steps);
	tcase_add_test(tc, test_grow_overflow);
	tcase_add_test(tc, test_grow_sorted);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

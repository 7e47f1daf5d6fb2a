/* check_arena.c - bump allocation: alignment, packing, limits and owned mappings. */
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "paratutor/base/arena.h"
#include "testutil.h"

/* Blocks are aligned for any type and do not overlap; strings are packed. */
START_TEST(test_alignment_and_packing)
{
	pt_arena *a = arena_new();
	ck_assert_ptr_nonnull(a);
	char *s1 = arena_strdup(a, "ab");
	char *s2 = arena_strdup(a, "cde");
	ck_assert_str_eq(s1, "ab");
	ck_assert_str_eq(s2, "cde");
	ck_assert_ptr_eq(s2, s1 + 3);
	for (size_t n = 1; n < 100; n += 7) {
		unsigned char *p = arena_alloc(a, n);
		ck_assert_ptr_nonnull(p);
		ck_assert_uint_eq((uintptr_t)p % sizeof(max_align_t), 0);
		memset(p, 0xAB, n);
	}
	ck_assert_str_eq(s1, "ab");
	ck_assert_str_eq(s2, "cde");
	arena_free(a);
}
END_TEST

/* arena_calloc zeroes, and refuses sizes that overflow. */
START_TEST(test_calloc)
{
	pt_arena *a = arena_new();
	int *v = arena_calloc(a, 1000, sizeof *v);
	ck_assert_ptr_nonnull(v);
	for (size_t i = 0; i < 1000; i++)
		ck_assert_int_eq(v[i], 0);
	ck_assert_ptr_null(arena_calloc(a, SIZE_MAX / 4, 8));
	ck_assert_ptr_null(arena_alloc(a, SIZE_MAX - 8));
	arena_free(a);
}
END_TEST

/* Blocks larger than a chunk get a chunk of their own. */
START_TEST(test_large_blocks)
{
	pt_arena *a = arena_new();
	char *small = arena_strdup(a, "small");
	char *big = arena_alloc(a, (size_t)3 << 20);
	ck_assert_ptr_nonnull(big);
	memset(big, 1, (size_t)3 << 20);
	ck_assert_str_eq(small, "small");
	ck_assert_ptr_nonnull(arena_strdup(a, "after"));
	arena_free(a);
	arena_free(NULL);
}
END_TEST

/* Returns true while the page at p is mapped. */
static bool mapped(void *p)
{
	unsigned char vec;
	return mincore(p, 1, &vec) == 0 || errno != ENOMEM;
}

/* The mappings an arena owns are unmapped, every page, by freeing it. */
START_TEST(test_owned_mapping)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	pt_arena *a = arena_new();
	void *m1 = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(m1 != MAP_FAILED);
	ck_assert(arena_own_mapping(a, m1, 2 * page));
	ck_assert(mapped(m1));
	ck_assert_ptr_nonnull(arena_alloc(a, 64));
	void *m2 = mmap(NULL, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(m2 != MAP_FAILED);
	ck_assert(arena_own_mapping(a, m2, page));
	arena_free(a);
	ck_assert(!mapped(m1));
	ck_assert(!mapped((char *)m1 + page));
	ck_assert(!mapped(m2));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("arena");
	TCase *tc = tcase_create("arena");
	tcase_add_test(tc, test_alignment_and_packing);
	tcase_add_test(tc, test_calloc);
	tcase_add_test(tc, test_large_blocks);
	tcase_add_test(tc, test_owned_mapping);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

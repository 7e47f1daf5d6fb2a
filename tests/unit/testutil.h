/* testutil.h - shared helpers for the Check suites. */
#ifndef PARATUTOR_TESTUTIL_H
#define PARATUTOR_TESTUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/load/load.h"
#include "paratutor/load/validate.h"

/* Returns the source tree root (PT_SRCDIR, else "."). */
static inline const char *test_srcdir(void)
{
	const char *dir = getenv("PT_SRCDIR");
	return dir != NULL && dir[0] != '\0' ? dir : ".";
}

/* Loads and validates a lesson from a JSON string; fails the test when it
 * has errors.  Caller frees with lesson_free. */
static inline pt_lesson *test_lesson(const char *json)
{
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("test.json", json, strlen(json), &d);
	if (l != NULL)
		validate_lesson(l, &d);
	if (d.errors > 0)
		diags_print(&d, stderr);
	ck_assert_ptr_nonnull(l);
	ck_assert_uint_eq(d.errors, 0);
	diags_free(&d);
	return l;
}

/* Runs one suite and returns the number of failures (for main). */
static inline int test_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed;
}

#endif

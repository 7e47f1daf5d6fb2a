/* clock.c - the time of day, with the test-only override of ui_clock.h,
 * and the local time's offset from UTC. */
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>

#include "paratutor/ui/ui_clock.h"

#ifdef PT_TEST_HOOKS
/* Reads a whole number of seconds from s into *out; false when s is not
 * one. */
static bool read_seconds(const char *s, time_t *out)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	while (*end == ' ' || *end == '\n' || *end == '\r' || *end == '\t')
		end++;
	if (end == s || *end != '\0' || v < 0)
		return false;
	*out = (time_t)v;
	return true;
}

#endif

time_t ui_now(void)
{
#ifndef PT_TEST_HOOKS
	return time(NULL);
#else
	/* Test builds only (build/asan, build/vg): the tests set the clock. */
	const char *want = getenv("PARATUTOR_TEST_NOW");
	time_t t;
	if (want == NULL || want[0] == '\0')
		return time(NULL);
	if (want[0] >= '0' && want[0] <= '9')
		return read_seconds(want, &t) ? t : time(NULL);
	char buf[64] = "";
	FILE *fp = fopen(want, "r");
	if (fp == NULL)
		return time(NULL);
	size_t n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	return read_seconds(buf, &t) ? t : time(NULL);
#endif
}

long ui_utc_offset(time_t now)
{
	struct tm tm;
	return localtime_r(&now, &tm) != NULL ? tm.tm_gmtoff : 0;
}

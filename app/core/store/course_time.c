/* course_time.c - a hosted course's times (course.h): read from the forms
 * course.json and the instructor's options take, written as course.json
 * keeps them (UTC, up to year 9999). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "paratutor/store/course.h"

bool course_parse_time(const char *s, time_t *out)
{
	if (s[0] == '@') {
		char *end;
		errno = 0;
		long long v = strtoll(s + 1, &end, 10);
		/* Up to 9999-12-31T23:59:59Z: a later time would be written back
		 * with a five-digit year that no reader takes. */
		if (errno != 0 || end == s + 1 || *end != '\0' || v < 0 || v > 253402300799LL)
			return false;
		*out = (time_t)v;
		return true;
	}
	struct tm tm;
	memset(&tm, 0, sizeof tm);
	int n = 0, sec = 0;
	char sep = 0, z = 0;
	if (sscanf(s, "%4d-%2d-%2d%c%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &sep, &tm.tm_hour, &tm.tm_min,
	    &n) != 6 || (sep != 'T' && sep != ' '))
		return false;
	const char *rest = s + n;
	if (rest[0] == ':') {
		int m = 0;
		if (sscanf(rest, ":%2d%n", &sec, &m) != 1)
			return false;
		rest += m;
	}
	z = rest[0];
	if (!((sep == 'T' && z == 'Z' && rest[1] == '\0') || (sep == ' ' && z == '\0')))
		return false;
	if (tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 ||
	    tm.tm_min > 59 || sec > 59 || tm.tm_year < 1970)
		return false;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	tm.tm_sec = sec;
	/* UTC: days from the civil date (no timegm in POSIX). */
	long long y = tm.tm_year + 1900, m = tm.tm_mon + 1, d = tm.tm_mday;
	y -= m <= 2;
	long long era = y / 400, yoe = y - era * 400;
	long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	long long days = era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
	*out = (time_t)(days * 86400 + tm.tm_hour * 3600 + tm.tm_min * 60 + sec);
	return true;
}

void course_format_time(time_t t, char *buf, size_t size)
{
	struct tm tm;
	if (gmtime_r(&t, &tm) == NULL || strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(buf, size, "@%lld", (long long)t);
}

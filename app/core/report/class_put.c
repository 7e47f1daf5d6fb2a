/* class_put.c - the pieces every part of the class report's text writes
 * (class_out.c, class_exam_out.c, class_book.c): outside text sanitised,
 * numbers rounded, shares, a lesson's title, CSV fields and JSON members. */
#include <stdio.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/base/sanitise.h"
#include "paratutor/base/strbuf.h"
#include "paratutor/report/class_parts.h"

/* Appends outside text (a learner's name, an answer given), sanitised. */
void class_puts_safe(pt_strbuf *b, const char *s)
{
	sanitise_put(b, s, strlen(s), true);
}

/* Returns x rounded to `places` decimals (0 to 4), without libm. */
double class_rounded(double x, int places)
{
	double scale = 1;
	for (int i = 0; i < places; i++)
		scale *= 10;
	double y = x * scale + (x >= 0 ? 0.5 : -0.5);
	return (double)(long long)y / scale;
}

/* Returns the share a / b, or -1 when b is 0. */
double class_share(size_t a, size_t b)
{
	return b == 0 ? -1 : (double)a / (double)b;
}

/* Returns the lesson's title for people, falling back to its id. */
const char *class_title_of(const pt_lesson *l)
{
	return l->title.s != NULL && l->title.s[0] != '\0' ? l->title.s : l->id.s;
}

/* ---- CSV --------------------------------------------------------------- */

/* Appends a number field with places decimals, empty when x < 0. */
void class_csv_num(pt_strbuf *b, double x, int places)
{
	char buf[32] = "";
	if (x >= 0)
		snprintf(buf, sizeof buf, "%.*f", places, x);
	sanitise_csv_field(b, buf, false);
}

/* Appends a count field. */
void class_csv_count(pt_strbuf *b, size_t n)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%zu", n);
	sanitise_csv_field(b, buf, false);
}

/* Appends a percentage field with two decimals, empty when undefined. */
void class_csv_pct(pt_strbuf *b, bool defined, double x)
{
	char buf[32] = "";
	if (defined)
		snprintf(buf, sizeof buf, "%.2f", class_rounded(x, 2));
	sanitise_csv_field(b, buf, false);
}

/* ---- JSON -------------------------------------------------------------- */

/* Adds a number rounded to places decimals, or null when x < 0 and
 * nullable; false when out of memory. */
bool class_add_num(cJSON *o, const char *name, double x, int places, bool nullable)
{
	if (nullable && x < 0)
		return cJSON_AddNullToObject(o, name) != NULL;
	return cJSON_AddNumberToObject(o, name, class_rounded(x, places)) != NULL;
}

/* Adds a percentage rounded to two decimals, or null when undefined;
 * false when out of memory. */
bool class_add_pct(cJSON *o, const char *name, bool defined, double x)
{
	if (!defined)
		return cJSON_AddNullToObject(o, name) != NULL;
	return cJSON_AddNumberToObject(o, name, class_rounded(x, 2)) != NULL;
}

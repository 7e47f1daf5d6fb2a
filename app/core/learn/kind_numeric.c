/* kind_numeric.c - numeric: a number typed, perhaps with a unit, right
 * when it falls in the answer's range. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/kind.h"

/* A typed answer. */
static size_t numeric_slots(const pt_item *it)
{
	(void)it;
	return 1;
}

/* Appends the item's unit names to the said buffer, as "B, bytes". */
static void say_units(pt_grade *g)
{
	for (size_t i = 0; i < g->item->n_units; i++) {
		size_t used = strlen(g->said_buf);
		const char *name = g->item->units[i].name.s;
		if (used + strlen(name) + 8 >= sizeof g->said_buf) {
			snprintf(g->said_buf + used, sizeof g->said_buf - used, ", ...");
			return;
		}
		snprintf(g->said_buf + used, sizeof g->said_buf - used, "%s%s", i ? ", " : "", name);
	}
}

/* Puts into words why a typed number was not understood. */
static void say_unclear(pt_grade *g, pt_number_rc rc)
{
	bool units = g->item->n_units > 0;
	if (rc == PT_NUMBER_UNKNOWN_UNIT && !units) {
		snprintf(g->said_buf, sizeof g->said_buf,
		    "This answer takes no unit: type just the number.");
		return;
	}
	if (rc == PT_NUMBER_UNKNOWN_UNIT)
		snprintf(g->said_buf, sizeof g->said_buf, "That unit is not one this answer takes. Use one of: ");
	else if (units)
		snprintf(g->said_buf, sizeof g->said_buf,
		    "Type a number such as 2.5, -3, 1,024 or 1.2e9, optionally followed by one of: ");
	else
		snprintf(g->said_buf, sizeof g->said_buf, "Type a number such as 2.5, -3, 1,024 or 1.2e9.");
	if (units) {
		say_units(g);
		size_t used = strlen(g->said_buf);
		snprintf(g->said_buf + used, sizeof g->said_buf - used, ".");
	}
}

/* Returns true when the item's answer is a percentage: it takes "%" (or
 * "percent") as its own unit, factor 1. */
static bool percentage_item(const pt_item *it)
{
	for (size_t i = 0; i < it->n_units; i++)
		if ((strcmp(it->units[i].name.s, "%") == 0 || strcmp(it->units[i].name.s, "percent") == 0) &&
		    it->units[i].factor == 1)
			return true;
	return false;
}

/* A slip of scale: a fraction typed where a percentage is asked (0.217
 * for 21.7 %), or a percentage where a fraction between -1 and 1 is
 * (21.7 for 0.217).  Says so and returns true; it costs nothing. */
static bool percent_slip(pt_grade *g, double v)
{
	const pt_item *it = g->item;
	if (percentage_item(it) && grade_in_range(&it->answer, v * 100)) {
		snprintf(g->said_buf, sizeof g->said_buf,
		    "This answer is asked as a percentage, not as a fraction: multiply by 100. That cost no attempt.");
		return true;
	}
	bool fraction = !percentage_item(it) && fabs(it->answer.max) <= 1 && fabs(it->answer.min) <= 1;
	if (fraction && grade_in_range(&it->answer, v / 100)) {
		snprintf(g->said_buf, sizeof g->said_buf,
		    "This answer is asked as a fraction, not as a percentage: divide by 100. That cost no attempt.");
		return true;
	}
	return false;
}

/* A number typed in one of the item's units that would be right in
 * another of them (32 GiB where GB are asked): says how the two differ,
 * never which number is right.  An ordinary wrong check. */
static void say_unit_mixup(pt_grade *g, double v, const pt_unit *typed)
{
	const pt_item *it = g->item;
	if (typed == NULL || typed->factor == 0)
		return;
	double raw = v / typed->factor;
	for (size_t i = 0; i < it->n_units; i++) {
		const pt_unit *w = &it->units[i];
		if (w->factor == typed->factor || w->factor == 0 || !grade_in_range(&it->answer, raw * w->factor))
			continue;
		snprintf(g->said_buf, sizeof g->said_buf, "%s and %s differ: 1 %s is %.4g %s.", typed->name.s,
		    w->name.s, typed->name.s, typed->factor / w->factor, w->name.s);
		return;
	}
}

/* Grades a numeric item's typed answer: *clear false when it is not a
 * number the item understands, or a slip of scale.  Returns true when
 * right. */
static bool numeric_check(pt_grade *g, bool *clear)
{
	double v;
	const pt_unit *unit;
	pt_number_rc rc = grade_number_unit(g->item, g->typed, &v, &unit);
	*clear = rc == PT_NUMBER_OK;
	if (!*clear) {
		say_unclear(g, rc);
		return false;
	}
	bool right = grade_in_range(&g->item->answer, v);
	if (!right && percent_slip(g, v)) {
		*clear = false;
		return false;
	}
	g->marks[0] = right ? PT_MARK_RIGHT : PT_MARK_WRONG;
	for (size_t i = 0; !right && i < g->item->n_wrong; i++)
		if (grade_in_range(&g->item->wrong[i], v)) {
			g->said_text = g->item->wrong[i].feedback.s;
			break;
		}
	if (!right && g->said_text == NULL)
		say_unit_mixup(g, v, unit);
	return right;
}

/* Writes the answer's value. */
static void numeric_right(const pt_item *it, char *buf, size_t size)
{
	snprintf(buf, size, "%.15g", it->answer.value);
}

/* The number read, in the answer's unit. */
static bool numeric_typed_key(const pt_item *it, const char *typed, char *out, size_t size)
{
	double v;
	if (grade_number(it, typed, &v) != PT_NUMBER_OK)
		return false;
	snprintf(out, size, "%.15g", v);
	return true;
}

/* The feedback of the wrong range a typed number falls in. */
static const char *numeric_wrong_feedback(const pt_item *item, const char *text)
{
	double v;
	if (grade_number(item, text, &v) != PT_NUMBER_OK || grade_in_range(&item->answer, v))
		return NULL;
	for (size_t i = 0; i < item->n_wrong; i++)
		if (grade_in_range(&item->wrong[i], v))
			return item->wrong[i].feedback.s;
	return NULL;
}

/* The declared wrong values, with their feedback. */
static bool numeric_wrong_answers(const pt_item *item, bool (*add)(void *, int, const char *, const char *), void *ctx)
{
	for (size_t i = 0; i < item->n_wrong; i++) {
		char num[64];
		snprintf(num, sizeof num, "%.15g", item->wrong[i].value);
		if (!add(ctx, -1, num, item->wrong[i].feedback.s))
			return false;
	}
	return true;
}

/* A number in a unit the item takes. */
static bool numeric_readable(const pt_item *it, const char *typed)
{
	double value;
	return grade_number(it, typed, &value) == PT_NUMBER_OK;
}

const pt_kind_ops kind_numeric = {
	.kind = PT_KIND_NUMERIC, .slots = numeric_slots, .max_slots = 1,
	.check = numeric_check, .right_typed = numeric_right, .typed_key = numeric_typed_key,
	.wrong_feedback = numeric_wrong_feedback,
	.wrong_answers = numeric_wrong_answers,
	.xapi_type = "numeric", .unclear = PT_GRADE_UNCLEAR, .readable = numeric_readable,
};

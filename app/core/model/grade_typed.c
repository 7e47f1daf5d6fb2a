/* grade_typed.c - reading typed answers: numbers with units, and text
 * normalised for comparison.  Pure and locale-independent: a decimal
 * point is always '.', whatever LC_NUMERIC says. */
#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "paratutor/model/grade_typed.h"

void grade_normalise(const pt_item *item, const char *s, char *out, size_t size)
{
	size_t o = 0;
	bool space = false;
	if (size == 0)
		return;
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = o > 0;
			continue;
		}
		if (space && o + 1 < size)
			out[o++] = ' ';
		space = false;
		if (o + 1 < size)
			out[o++] = (char)(item->case_sensitive || c >= 0x80 ? c : (unsigned char)tolower(c));
	}
	out[o] = '\0';
}

double grade_decimal(const char *s, char **end)
{
	locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	locale_t was = c != (locale_t)0 ? uselocale(c) : (locale_t)0;
	double v = strtod(s, end);
	if (c != (locale_t)0) {
		uselocale(was);
		freelocale(c);
	}
	return v;
}

/* Returns the end of the digits at s, with commas between groups of three
 * when commas is set; NULL for a comma out of place. */
static const char *skip_digits(const char *s, bool commas)
{
	int group = 0;
	bool grouped = false;
	for (;; s++) {
		if (isdigit((unsigned char)*s)) {
			group++;
		} else if (commas && *s == ',' && isdigit((unsigned char)s[1])) {
			if (grouped ? group != 3 : group < 1 || group > 3)
				return NULL;
			grouped = true;
			group = 0;
		} else {
			return grouped && group != 3 ? NULL : s;
		}
	}
}

/* Reads a number at the start of s (after spaces): sign, digits with
 * optional comma groups, fraction, exponent.  Sets *end past it; returns
 * false when there is no number.  Its text, commas left out, is read by
 * grade_decimal. */
static bool read_number(const char *s, double *value, const char **end)
{
	s += strspn(s, " \t");
	const char *p = s + (*s == '-' || *s == '+'), *whole = p;
	if ((p = skip_digits(p, true)) == NULL)
		return false;
	bool digits = p > whole;
	if (*p == '.' && isdigit((unsigned char)p[1])) {
		p = skip_digits(p + 1, false);
		digits = true;
	} else if (*p == '.' && digits) {
		p++;
	}
	if (!digits)
		return false;
	if ((*p == 'e' || *p == 'E') &&
	    (isdigit((unsigned char)p[1]) || ((p[1] == '-' || p[1] == '+') && isdigit((unsigned char)p[2]))))
		p = skip_digits(p + 2, false);
	char small[64], *text = (size_t)(p - s) < sizeof small ? small : malloc((size_t)(p - s) + 1);
	if (text == NULL)
		return false;
	size_t n = 0;
	for (const char *c = s; c < p; c++)
		if (*c != ',')
			text[n++] = *c;
	text[n] = '\0';
	*value = grade_decimal(text, NULL);
	if (text != small)
		free(text);
	*end = p;
	return isfinite(*value);
}

/* Returns the unit of item named name: an exact match, else the only
 * case-insensitive one; NULL when none or several. */
static const pt_unit *find_unit(const pt_item *item, const char *name, size_t len)
{
	const pt_unit *folded = NULL;
	int n_folded = 0;
	for (size_t i = 0; i < item->n_units; i++) {
		const char *u = item->units[i].name.s;
		if (u == NULL || strlen(u) != len)
			continue;
		if (memcmp(u, name, len) == 0)
			return &item->units[i];
		if (strncasecmp(u, name, len) == 0) {
			folded = &item->units[i];
			n_folded++;
		}
	}
	return n_folded == 1 ? folded : NULL;
}

pt_number_rc grade_number(const pt_item *item, const char *s, double *value)
{
	const pt_unit *unit;
	return grade_number_unit(item, s, value, &unit);
}

pt_number_rc grade_number_unit(const pt_item *item, const char *s, double *value, const pt_unit **unit)
{
	*value = 0;
	*unit = NULL;
	if (s[strspn(s, " \t")] == '\0')
		return PT_NUMBER_EMPTY;
	const char *end;
	double v;
	if (!read_number(s, &v, &end))
		return PT_NUMBER_NOT_NUMBER;
	end += strspn(end, " \t");
	size_t len = strlen(end);
	while (len > 0 && (end[len - 1] == ' ' || end[len - 1] == '\t'))
		len--;
	if (len == 0) {
		*value = v;
		return PT_NUMBER_OK;
	}
	/* A unit starts with something that cannot continue a number. */
	if (isdigit((unsigned char)end[0]) || end[0] == '.' || end[0] == ',' || end[0] == '-' || end[0] == '+')
		return PT_NUMBER_NOT_NUMBER;
	const pt_unit *u = find_unit(item, end, len);
	if (u == NULL)
		return PT_NUMBER_UNKNOWN_UNIT;
	*unit = u;
	*value = v * u->factor;
	return isfinite(*value) ? PT_NUMBER_OK : PT_NUMBER_NOT_NUMBER;
}

/* grade_typed.c - reading typed answers: numbers with units, and text
 * normalised for comparison.  Pure and locale-independent: a decimal
 * point is always '.', whatever LC_NUMERIC says. */
#include <ctype.h>
#include <math.h>
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

/* Reads the digits at *p (with commas between groups of three when
 * grouped) into *m, counting digits that did not fit in *dropped;
 * returns the number of digits read, or -1 for a bad comma group. */
static int read_digits(const char **p, unsigned long long *m, int *dropped, bool commas)
{
	const char *s = *p;
	int n = 0, group = 0;
	bool grouped = false;
	for (;; s++) {
		if (isdigit((unsigned char)*s)) {
			if (*m <= (~0ULL - 9) / 10)
				*m = *m * 10 + (unsigned)(*s - '0');
			else
				(*dropped)++;
			n++;
			group++;
			continue;
		}
		if (commas && *s == ',' && isdigit((unsigned char)s[1])) {
			if (grouped ? group != 3 : group < 1 || group > 3)
				return -1;
			grouped = true;
			group = 0;
			continue;
		}
		break;
	}
	if (grouped && group != 3)
		return -1;
	*p = s;
	return n;
}

/* Returns m * 10^e with one rounding where the power is exact. */
static double scale10(double m, int e)
{
	static const double exact[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
		1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
	while (e > 22 && m < 1e300) {
		m *= 1e22;
		e -= 22;
	}
	while (e < -22 && m > 1e-300) {
		m /= 1e22;
		e += 22;
	}
	if (e > 22 || e < -22)
		return e > 0 ? m * 1e22 : m / 1e22;
	return e >= 0 ? m * exact[e] : m / exact[-e];
}

/* Reads a number at the start of s (after spaces): sign, digits with
 * optional comma groups, fraction, exponent.  Sets *end past it; returns
 * false when there is no number.  Locale-independent. */
static bool read_number(const char *s, double *value, const char **end)
{
	s += strspn(s, " \t");
	bool negative = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	unsigned long long m = 0;
	int dropped = 0; /* whole digits past what m holds: each multiplies by 10 */
	int whole = read_digits(&s, &m, &dropped, true);
	if (whole < 0)
		return false;
	int digits = whole, kept_frac = 0;
	if (*s == '.' && isdigit((unsigned char)s[1])) {
		s++;
		int lost = 0; /* fraction digits past what m holds are dropped */
		int frac = read_digits(&s, &m, &lost, false);
		digits += frac;
		kept_frac = frac - lost;
	} else if (*s == '.' && whole > 0) {
		s++;
	}
	if (digits == 0)
		return false;
	int e = dropped - kept_frac;
	if ((*s == 'e' || *s == 'E') &&
	    (isdigit((unsigned char)s[1]) || ((s[1] == '-' || s[1] == '+') && isdigit((unsigned char)s[2])))) {
		s++;
		bool eneg = *s == '-';
		if (*s == '-' || *s == '+')
			s++;
		int x = 0;
		for (; isdigit((unsigned char)*s); s++)
			if (x < 10000)
				x = x * 10 + (*s - '0');
		e += eneg ? -x : x;
	}
	double v = scale10((double)m, e);
	*value = negative ? -v : v;
	*end = s;
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

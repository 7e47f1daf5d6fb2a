/* placeholder.c - splitting fill code into text, blanks and bad placeholders. */
#include <string.h>

#include "paratutor/model/placeholder.h"

/* Returns true for a space or a tab. */
static bool is_blank_space(char c)
{
	return c == ' ' || c == '\t';
}

/* Returns true for an ASCII digit. */
static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Returns the length of the placeholder attempt starting at s, or 0 when
 * s does not start one; sets *blank to its index when it is a valid
 * {{N}}, else -1. */
static size_t ph_match(const char *s, int *blank)
{
	if (s[0] != '{' || s[1] != '{')
		return 0;
	size_t i = 2;
	while (is_blank_space(s[i]))
		i++;
	size_t digits = i;
	while (is_digit(s[i]))
		i++;
	if (i == digits)
		return 0;
	size_t digits_end = i;
	while (is_blank_space(s[i]))
		i++;
	if (s[i] != '}' || s[i + 1] != '}')
		return 0;
	bool one_digit = digits == 2 && digits_end == 3 && i == 3;
	*blank = one_digit && s[2] != '0' ? s[2] - '1' : -1;
	return i + 2;
}

void ph_begin(pt_ph_iter *it, const char *code)
{
	it->s = code != NULL ? code : "";
	it->at = 0;
}

bool ph_next(pt_ph_iter *it, pt_ph_token *tok)
{
	const char *s = it->s + it->at;
	if (*s == '\0')
		return false;
	int blank = -1;
	size_t n = ph_match(s, &blank);
	if (n > 0) {
		*tok = (pt_ph_token){ blank >= 0 ? PT_PH_BLANK : PT_PH_BAD, s, n, blank };
		it->at += n;
		return true;
	}
	/* Text runs up to the next placeholder attempt, or to the end. */
	const char *end = s + 1;
	for (;;) {
		end = strchr(end, '{');
		if (end == NULL) {
			end = s + strlen(s);
			break;
		}
		if (ph_match(end, &blank) > 0)
			break;
		end++;
	}
	*tok = (pt_ph_token){ PT_PH_TEXT, s, (size_t)(end - s), -1 };
	it->at += (size_t)(end - s);
	return true;
}

int ph_blank_at(const char *s, size_t *len)
{
	if (s[0] != '{' || s[1] != '{')
		return -1;
	pt_ph_iter it;
	pt_ph_token tok;
	ph_begin(&it, s);
	if (!ph_next(&it, &tok) || tok.kind != PT_PH_BLANK || tok.start != s)
		return -1;
	*len = tok.len;
	return tok.blank;
}

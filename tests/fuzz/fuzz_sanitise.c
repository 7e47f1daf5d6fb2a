/* fuzz_sanitise.c - libFuzzer target: whatever the bytes, the sanitiser's
 * output holds no byte sequence a terminal would obey or hide: it is valid
 * UTF-8 with no C0 control but newline, tab and the CR of a CRLF, no DEL,
 * no C1 control, no bidi embedding, override or isolate and no invisible
 * format character (checked against a list of its own here, not the
 * sanitiser's).  The same text cut into pieces (a stream's writes) comes
 * out the same, sanitising twice changes nothing, the JSON flavour keeps
 * a JSON text valid, and a CSV cell never starts a formula. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/base/sanitise.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The characters no output may hold, listed apart from sanitise.c. */
static bool forbidden(unsigned cp)
{
	static const unsigned ranges[][2] = {
		{ 0x00, 0x08 }, { 0x0B, 0x1F }, { 0x7F, 0x9F }, { 0x061C, 0x061C }, { 0x180E, 0x180E },
		{ 0x200B, 0x200F }, { 0x2028, 0x202E }, { 0x2060, 0x2064 }, { 0x2066, 0x206F },
		{ 0xFEFF, 0xFEFF }, { 0xFFF9, 0xFFFB }, { 0xE0000, 0xE007F },
	};
	for (size_t k = 0; k < sizeof ranges / sizeof ranges[0]; k++)
		if (cp >= ranges[k][0] && cp <= ranges[k][1])
			return true;
	return false;
}

/* Aborts, showing where, unless s is valid UTF-8 free of forbidden
 * characters (a CR only right before a LF). */
static void check_clean(const char *what, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		unsigned c = u[i], cp;
		size_t n;
		if (c < 0x80) {
			cp = c;
			n = 1;
		} else if (c >= 0xC2 && c <= 0xDF) {
			cp = c & 0x1F;
			n = 2;
		} else if (c >= 0xE0 && c <= 0xEF) {
			cp = c & 0x0F;
			n = 3;
		} else if (c >= 0xF0 && c <= 0xF4) {
			cp = c & 0x07;
			n = 4;
		} else {
			fprintf(stderr, "%s: byte 0x%02X at %zu is not UTF-8\n", what, c, i);
			abort();
		}
		if (i + n > len) {
			fprintf(stderr, "%s: a character is cut at %zu\n", what, i);
			abort();
		}
		for (size_t k = 1; k < n; k++) {
			if ((u[i + k] & 0xC0) != 0x80) {
				fprintf(stderr, "%s: bad continuation at %zu\n", what, i + k);
				abort();
			}
			cp = cp << 6 | (u[i + k] & 0x3F);
		}
		bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
		if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
			fprintf(stderr, "%s: not UTF-8 at %zu\n", what, i);
			abort();
		}
		bool crlf = cp == '\r' && i + 1 < len && u[i + 1] == '\n';
		if (forbidden(cp) && cp != '\n' && cp != '\t' && !crlf) {
			fprintf(stderr, "%s: U+%04X at %zu\n", what, cp, i);
			abort();
		}
		i += n;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	/* The first byte says where the text is cut for the stream check. */
	size_t step = 1 + data[0] % 7;
	const char *text = (const char *)data + 1;
	size_t len = size - 1;

	pt_strbuf whole = { 0 };
	size_t used = sanitise_put(&whole, text, len, true);
	if (used != len || whole.failed)
		abort();
	check_clean("sanitise_put", whole.s, whole.n);

	/* In pieces of step bytes, the unconsumed tail carried over. */
	pt_strbuf pieces = { 0 };
	char carry[8 + 7];
	size_t ncarry = 0;
	for (size_t at = 0; at < len || ncarry > 0;) {
		size_t take = len - at < step ? len - at : step;
		memcpy(carry + ncarry, text + at, take);
		at += take;
		size_t have = ncarry + take;
		size_t got = sanitise_put(&pieces, carry, have, at == len);
		if (have - got > 3 || (at == len && got != have))
			abort();
		memmove(carry, carry + got, have - got);
		ncarry = have - got;
	}
	if (pieces.n != whole.n || (whole.n > 0 && memcmp(pieces.s, whole.s, whole.n) != 0)) {
		fprintf(stderr, "in pieces of %zu:\n%.*s\nwhole:\n%.*s\n", step, (int)pieces.n, pieces.s,
		    (int)whole.n, whole.s);
		abort();
	}

	/* Sanitised text is left as it is. */
	unsigned cp;
	size_t n;
	if (sanitise_find(whole.s, whole.n, &cp, &n) != whole.n)
		abort();
	pt_strbuf again = { 0 };
	sanitise_put(&again, whole.s, whole.n, true);
	if (again.n != whole.n || (whole.n > 0 && memcmp(again.s, whole.s, whole.n) != 0))
		abort();

	/* The JSON flavour: a string holding the bytes, as cJSON prints it,
	 * stays valid JSON that parses back. */
	char *str = malloc(len + 1);
	if (str != NULL) {
		memcpy(str, text, len);
		str[len] = '\0';
		cJSON *node = cJSON_CreateString(str);
		char *printed = node ? cJSON_PrintUnformatted(node) : NULL;
		if (printed != NULL) {
			pt_strbuf json = { 0 };
			sanitise_json(&json, printed, strlen(printed));
			check_clean("sanitise_json", json.s, json.n);
			cJSON *back = cJSON_ParseWithLength(json.s, json.n);
			if (back == NULL || !cJSON_IsString(back)) {
				fprintf(stderr, "sanitise_json broke the JSON:\n%s\n", json.s);
				abort();
			}
			cJSON_Delete(back);
			free(json.s);
			cJSON_free(printed);
		}
		cJSON_Delete(node);

		/* A CSV cell. */
		pt_strbuf tmp = { 0 };
		const char *cell = sanitise_cell(str, &tmp);
		check_clean("sanitise_cell", cell, strlen(cell));
		if (cell[0] != '\0' && strchr("=+@\t\r", cell[0]) != NULL)
			abort();
		if (cell[0] == '-' && strspn(cell, "-0123456789.") != strlen(cell))
			abort();
		free(tmp.s);
		free(str);
	}
	free(whole.s);
	free(pieces.s);
	free(again.s);
	return 0;
}

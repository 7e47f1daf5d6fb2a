/* check_sanitise.c - the sanitiser: what a terminal would obey or hide is
 * shown as a visible escape, everything else passes unchanged; --check
 * names such a character at its line and column; CSV cells that a
 * spreadsheet would run as a formula are neutralised. */
#include <locale.h>

#include "paratutor/base/sanitise.h"
#include "paratutor/base/text.h"
#include "testutil.h"

/* The title: an OSC that retitles the window, a screen clear, a C1
 * CSI, a right-to-left override, and more that hide or reorder text. */
#define HOSTILE "Evil \x1b]0;PWNED\x07\x1b[2J\xc2\x9b" "31m\xe2\x80\xae title"

/* Returns sanitise_dup(s), checked for out of memory. */
static char *clean(const char *s)
{
	char *out = sanitise_dup(s);
	ck_assert_ptr_nonnull(out);
	return out;
}

START_TEST(test_escapes)
{
	char *s = clean(HOSTILE);
	ck_assert_str_eq(s, "Evil \\e]0;PWNED<U+0007>\\e[2J<U+009B>31m<U+202E> title");
	free(s);
	s = clean("a\rb\r\nc\x7f\xef\xbb\xbf\xe2\x80\x8b\xe2\x81\xa6x\xe2\x81\xa9\xd8\x9c\xe2\x80\xa8");
	ck_assert_str_eq(s, "a\\rb\r\nc<U+007F><U+FEFF><U+200B><U+2066>x<U+2069><U+061C><U+2028>");
	free(s);
	/* Bytes that are not UTF-8: a lone C1 byte, a cut sequence, an
	 * overlong form, a surrogate, past U+10FFFF. */
	s = clean("\x9b" "1m \xe2\x80 \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80");
	ck_assert_str_eq(s, "\\x9B1m \\xE2\\x80 \\xC0\\xAF \\xED\\xA0\\x80 \\xF4\\x90\\x80\\x80");
	free(s);
	/* Tag characters hide text too. */
	s = clean("x\xf3\xa0\x80\x81y");
	ck_assert_str_eq(s, "x<U+E0001>y");
	free(s);
}
END_TEST

/* Text a person writes passes unchanged: newline, tab, accents, CJK,
 * emoji, arrows, the soft hyphen. */
START_TEST(test_clean_passes)
{
	const char *texts[] = { "plain ASCII, ~all `printable` {chars}\n\tindented",
		"caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 \xf0\x9f\x98\x80 \xe2\x86\x92 \xc2\xa0 \xc2\xad \xc2\xa9", "" };
	for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
		unsigned cp;
		size_t n;
		ck_assert_uint_eq(sanitise_find(texts[k], strlen(texts[k]), &cp, &n), strlen(texts[k]));
		char *s = clean(texts[k]);
		ck_assert_str_eq(s, texts[k]);
		free(s);
	}
}
END_TEST

/* Every code point is classified as the header says, and its escape is
 * printable ASCII. */
START_TEST(test_classes)
{
	for (unsigned cp = 0; cp <= 0x10FFFF; cp++) {
		bool want = (cp < 0x20 && cp != '\n' && cp != '\t') || (cp >= 0x7F && cp <= 0x9F) ||
		    (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
		    (cp >= 0x200B && cp <= 0x200F) || cp == 0x2028 || cp == 0x2029 || cp == 0xFEFF ||
		    cp == 0x061C || cp == 0x180E || (cp >= 0x2060 && cp <= 0x2064) ||
		    (cp >= 0x206A && cp <= 0x206F) || (cp >= 0xFFF9 && cp <= 0xFFFB) ||
		    (cp >= 0xE0000 && cp <= 0xE007F);
		ck_assert_msg(sanitise_hostile(cp) == want, "U+%04X", cp);
		if (want) {
			char esc[PT_SANITISE_ESCAPE_MAX + 1];
			int n = sanitise_escape(cp, esc);
			ck_assert_int_eq(n, (int)strlen(esc));
			for (int k = 0; k < n; k++)
				ck_assert(esc[k] > 0x20 && esc[k] < 0x7F);
			ck_assert_int_eq(text_cp_width(cp), n); /* the full screen measures what it draws */
		}
	}
}
END_TEST

/* In pieces (a stream's writes), a character or a CRLF cut between two
 * pieces comes out as in one piece. */
START_TEST(test_pieces)
{
	const char *text = HOSTILE " \xf0\x9f\x98\x80\r\n\xe2\x80\xae\r";
	size_t len = strlen(text);
	char *whole = clean(text);
	for (size_t cut = 0; cut <= len; cut++) {
		pt_strbuf out = { 0 };
		size_t used = sanitise_put(&out, text, cut, false);
		ck_assert_uint_le(used, cut);
		ck_assert_uint_ge(used + 3, cut);
		size_t rest = len - used;
		ck_assert_uint_eq(sanitise_put(&out, text + used, rest, true), rest);
		ck_assert_str_eq(out.s, whole);
		free(out.s);
	}
	free(whole);
}
END_TEST

/* Where --check finds the first such character. */
START_TEST(test_find)
{
	unsigned cp;
	size_t n;
	ck_assert_uint_eq(sanitise_find("ab\xe2\x80\xae", 5, &cp, &n), 2);
	ck_assert_uint_eq(cp, 0x202E);
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_eq(sanitise_find("ok\r\nx\x1b", 6, &cp, &n), 5);
	ck_assert_uint_eq(cp, 0x1B);
	ck_assert_uint_eq(sanitise_find("\xc3", 1, &cp, &n), 0);
	ck_assert_uint_eq(cp, 0xFFFFFFFFu);
}
END_TEST

/* A lesson string holding one is an error at the character itself, escaped
 * or written raw. */
START_TEST(test_check_position)
{
	const char *json = "{\"format\": 1, \"id\": \"x\",\n"
	    "  \"title\": \"ab\\u001b]0;t\\u0007\",\n"
	    "  \"summary\": \"s \xe2\x80\xae\",\n"
	    "  \"items\": [{\"id\": \"a\", \"kind\": \"choice\", \"prompt\": \"\\\"q\\\" \xe2\x80\x8b\",\n"
	    "    \"options\": [{\"text\": \"=1+1\", \"correct\": true}, {\"text\": \"B\\u202e\"}], \"explanation\": \"E.\"}]}";
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("t.json", json, strlen(json), &d);
	if (l != NULL)
		validate_lesson(l, &d);
	diags_sort(&d);
	const char *want[][3] = { { "2", "15", "\"title\" holds \\e" }, { "3", "17", "\"summary\" holds <U+202E>" },
		{ "4", "60", "\"prompt\" holds <U+200B>" }, { "5", "63", "\"text\" holds <U+202E>" } };
	size_t found = 0;
	for (size_t k = 0; k < d.n; k++) {
		if (strstr(d.v[k].message, " holds ") == NULL)
			continue;
		ck_assert_uint_lt(found, 4);
		ck_assert_int_eq(d.v[k].severity, PT_ERROR);
		ck_assert_int_eq(d.v[k].pos.line, atoi(want[found][0]));
		ck_assert_int_eq(d.v[k].pos.col, atoi(want[found][1]));
		ck_assert_msg(strncmp(d.v[k].message, want[found][2], strlen(want[found][2])) == 0, "%s",
		    d.v[k].message);
		found++;
	}
	ck_assert_uint_eq(found, 4);
	lesson_free(l);
	diags_free(&d);
}
END_TEST

/* CSV cells: a formula start gets a leading ', numbers stay numbers,
 * control characters are escaped. */
START_TEST(test_cells)
{
	const char *in[] = { "=HYPERLINK(\"http://x\",\"y\")", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx", "-0.25", "12",
		"-", "plain", "a=b", "x\x1b[2J" };
	const char *out[] = { "'=HYPERLINK(\"http://x\",\"y\")", "'+1", "'-1+2", "'@SUM(A1)", "'\tx", "'\\rx", "-0.25",
		"12", "'-", "plain", "a=b", "x\\e[2J" };
	for (size_t k = 0; k < sizeof in / sizeof in[0]; k++) {
		pt_strbuf tmp = { 0 };
		ck_assert_str_eq(sanitise_cell(in[k], &tmp), out[k]);
		if (tmp.s == NULL)
			ck_assert_ptr_eq(sanitise_cell(in[k], &tmp), in[k]); /* unchanged: no copy */
		free(tmp.s);
	}
}
END_TEST

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	Suite *s = suite_create("sanitise");
	TCase *tc = tcase_create("sanitise");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_escapes);
	tcase_add_test(tc, test_clean_passes);
	tcase_add_test(tc, test_classes);
	tcase_add_test(tc, test_pieces);
	tcase_add_test(tc, test_find);
	tcase_add_test(tc, test_check_position);
	tcase_add_test(tc, test_cells);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_text.c - display width and wrapping of UTF-8 text. */
#include <locale.h>

#include <stdint.h>

#include "paratutor/base/grow.h"
#include "paratutor/model/placeholder.h"
#include "paratutor/base/text.h"
#include "testutil.h"

/* Returns wrapped line k of s as a new string. */
static char *line_at(const char *s, const pt_lines *lines, size_t k)
{
	char *out = malloc(lines->v[k].len + 1);
	memcpy(out, s + lines->v[k].start, lines->v[k].len);
	out[lines->v[k].len] = '\0';
	return out;
}

/* Widths: ASCII 1, combining 0, CJK 2, invalid bytes 1. */
START_TEST(test_width)
{
	ck_assert_int_eq(text_width("abc", 3), 3);
	ck_assert_int_eq(text_width("caf\xc3\xa9", 5), 4);
	ck_assert_int_eq(text_width("\xe4\xb8\xad\xe6\x96\x87", 6), 4);
	ck_assert_int_eq(text_width("e\xcc\x81", 3), 1);
	ck_assert_int_eq(text_width("\xff", 1), 1);
	ck_assert_int_eq(text_width_capped("abcdef", 6, 4), 4);
	ck_assert_int_eq(text_width_capped("abc", 3, 4), 3);
	ck_assert_int_eq(text_width_capped("\xe4\xb8\xad\xe6\x96\x87", 6, 3), 3);
	ck_assert_int_eq(text_width_capped("\xe4\xb8\xad\xe6\x96\x87", 6, 5), 4);
	/* text_fit: the bytes that fit, never half a character */
	ck_assert_uint_eq(text_fit("caf\xc3\xa9s", 6, 4), 5);
	ck_assert_uint_eq(text_fit("\xe4\xb8\xad\xe6\x96\x87", 6, 3), 3);
	ck_assert_uint_eq(text_fit("abc", 2, 10), 2);
	ck_assert_uint_eq(text_fit("abc", 3, 0), 0);
	size_t i = 0;
	ck_assert_uint_eq(text_decode("\xe2\x9c\x93", 3, &i), 0x2713);
	ck_assert_uint_eq(i, 3);
}
END_TEST

/* Wrapping breaks at spaces and keeps every line within the width. */
START_TEST(test_wrap_words)
{
	const char *s = "data parallelism splits the batch";
	pt_lines lines;
	ck_assert(text_wrap(s, 12, &lines));
	ck_assert_uint_eq(lines.n, 4);
	char *a = line_at(s, &lines, 0), *b = line_at(s, &lines, 1), *c = line_at(s, &lines, 2);
	ck_assert_str_eq(a, "data");
	ck_assert_str_eq(b, "parallelism");
	ck_assert_str_eq(c, "splits the");
	for (size_t k = 0; k < lines.n; k++)
		ck_assert_int_le(lines.v[k].width, 12);
	free(a);
	free(b);
	free(c);
	text_lines_free(&lines);
}
END_TEST

/* A URL longer than the line is never broken: it takes a line of its
 * own, whole; the words around it wrap as usual. */
START_TEST(test_wrap_url)
{
	const char *url = "https://pytorch.org/docs/stable/distributed.html#all-reduce";
	const char *s = "See https://pytorch.org/docs/stable/distributed.html#all-reduce for the details";
	pt_lines lines;
	ck_assert(text_wrap(s, 24, &lines));
	ck_assert_uint_eq(lines.n, 3);
	char *a = line_at(s, &lines, 0), *b = line_at(s, &lines, 1), *c = line_at(s, &lines, 2);
	ck_assert_str_eq(a, "See");
	ck_assert_str_eq(b, url);
	ck_assert_int_eq(lines.v[1].width, (int)strlen(url));
	ck_assert_str_eq(c, "for the details");
	free(a);
	free(b);
	free(c);
	text_lines_free(&lines);
	/* A dotted name too: "torch.utils.data.distributed." never ends a line. */
	const char *name = "torch.utils.data.distributed.DistributedSampler";
	ck_assert(text_wrap(name, 20, &lines));
	ck_assert_uint_eq(lines.n, 1);
	ck_assert_uint_eq(lines.v[0].len, strlen(name));
	text_lines_free(&lines);
}
END_TEST

/* Newlines always break; empty lines survive. */
START_TEST(test_wrap_newlines)
{
	const char *s = "one\n\nthree";
	pt_lines lines;
	ck_assert(text_wrap(s, 80, &lines));
	ck_assert_uint_eq(lines.n, 3);
	ck_assert_uint_eq(lines.v[1].len, 0);
	ck_assert_int_eq(lines.v[2].width, 5);
	text_lines_free(&lines);
}
END_TEST

/* Text of wide characters, written without spaces, is cut by width,
 * never inside a character; a long word of narrow ones stays whole. */
START_TEST(test_wrap_multibyte)
{
	const char *s = "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad"; /* 5 wide chars */
	pt_lines lines;
	ck_assert(text_wrap(s, 3, &lines));
	ck_assert_uint_eq(lines.n, 5);
	for (size_t k = 0; k < lines.n; k++) {
		ck_assert_uint_eq(lines.v[k].len, 3);
		ck_assert_int_eq(lines.v[k].width, 2);
	}
	text_lines_free(&lines);
	ck_assert(text_wrap("\xc3\xa9\xc3\xa9\xc3\xa9", 2, &lines));
	ck_assert_uint_eq(lines.n, 1);
	ck_assert_uint_eq(lines.v[0].len, 6);
	ck_assert_int_eq(lines.v[0].width, 3);
	text_lines_free(&lines);
}
END_TEST

/* Renders code's placeholder tokens as "T<text>", "B<index><token>" and
 * "X<token>", separated by '|'. */
static char *ph_render(const char *code)
{
	static char out[1024];
	size_t n = 0;
	pt_ph_iter it;
	pt_ph_token tok;
	out[0] = '\0';
	ph_begin(&it, code);
	while (ph_next(&it, &tok)) {
		ck_assert_uint_gt(tok.len, 0);
		if (tok.kind == PT_PH_BLANK)
			n += (size_t)snprintf(out + n, sizeof out - n, "%sB%d%.*s", n ? "|" : "", tok.blank, (int)tok.len, tok.start);
		else
			n += (size_t)snprintf(out + n, sizeof out - n, "%s%c%.*s", n ? "|" : "",
			    tok.kind == PT_PH_TEXT ? 'T' : 'X', (int)tok.len, tok.start);
		if (tok.kind != PT_PH_BLANK)
			ck_assert_int_eq(tok.blank, -1);
	}
	return out;
}

/* The placeholder grammar: {{1}}..{{9}} are blanks; digits in braces
 * written any other way are bad placeholders; other braces are text. */
START_TEST(test_placeholders)
{
	ck_assert_str_eq(ph_render("a = {{1}} + x[1]"), "Ta = |B0{{1}}|T + x[1]");
	ck_assert_str_eq(ph_render("{{9}}{{2}}"), "B8{{9}}|B1{{2}}");
	ck_assert_str_eq(ph_render("x.{{01}}(n)"), "Tx.|X{{01}}|T(n)");
	ck_assert_str_eq(ph_render("{{0}} {{10}} {{ 1 }} {{1 }} {{\t2}}"),
	    "X{{0}}|T |X{{10}}|T |X{{ 1 }}|T |X{{1 }}|T |X{{\t2}}");
	ck_assert_str_eq(ph_render("{{x}} {{}} {1} {{-1}} {{1a}} {{1}"), "T{{x}} {{}} {1} {{-1}} {{1a}} {{1}");
	ck_assert_str_eq(ph_render("{{{1}}}"), "T{|B0{{1}}|T}");
	ck_assert_str_eq(ph_render("d = {{'k': {{2}}}}"), "Td = {{'k': |B1{{2}}|T}}");
	ck_assert_str_eq(ph_render("{"), "T{");
	ck_assert_str_eq(ph_render("{{"), "T{{");
	ck_assert_str_eq(ph_render(""), "");
	ck_assert_str_eq(ph_render(NULL), "");
	/* What the screens ask while walking code: the same grammar. */
	size_t len = 0;
	ck_assert_int_eq(ph_blank_at("{{3}}(n)", &len), 2);
	ck_assert_uint_eq(len, 5);
	ck_assert_int_eq(ph_blank_at("{{01}}(n)", &len), -1);
	ck_assert_int_eq(ph_blank_at("{{{1}}}", &len), -1);
	ck_assert_int_eq(ph_blank_at("x{{1}}", &len), -1);
}
END_TEST

/* Edit distances count single-byte edits and stop at 9. */
START_TEST(test_distance)
{
	ck_assert_int_eq(text_distance("blank", "blanks"), 1);
	ck_assert_int_eq(text_distance("blank", "bank"), 1);
	ck_assert_int_eq(text_distance("shrad", "shard"), 2);
	ck_assert_int_eq(text_distance("", "abc"), 3);
	ck_assert_int_eq(text_distance("same", "same"), 0);
	ck_assert_int_eq(text_distance("abcdefghijkl", "zyxwvutsrqpo"), 9);
}
END_TEST

/* grow_array keeps what the array holds, grows it at least twofold and
 * refuses sizes that overflow without touching the array. */
START_TEST(test_grow_array)
{
	void *p = NULL;
	size_t cap = 0;
	ck_assert(grow_array(&p, &cap, 1, sizeof(int)));
	ck_assert_uint_ge(cap, 1);
	int *v = p;
	for (int k = 0; k < (int)cap; k++)
		v[k] = k;
	size_t old = cap;
	ck_assert(grow_array(&p, &cap, old + 1, sizeof(int)));
	ck_assert_uint_ge(cap, 2 * old);
	v = p;
	for (int k = 0; k < (int)old; k++)
		ck_assert_int_eq(v[k], k);
	void *same = p;
	size_t same_cap = cap;
	ck_assert(grow_array(&p, &cap, cap, sizeof(int))); /* already big enough */
	ck_assert_ptr_eq(p, same);
	ck_assert(!grow_array(&p, &cap, SIZE_MAX / 2, sizeof(int)));
	ck_assert_ptr_eq(p, same);
	ck_assert_uint_eq(cap, same_cap);
	free(p);
}
END_TEST

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	Suite *s = suite_create("text");
	TCase *tc = tcase_create("measure");
	tcase_add_test(tc, test_width);
	tcase_add_test(tc, test_wrap_words);
	tcase_add_test(tc, test_wrap_url);
	tcase_add_test(tc, test_wrap_newlines);
	tcase_add_test(tc, test_wrap_multibyte);
	tcase_add_test(tc, test_placeholders);
	tcase_add_test(tc, test_grow_array);
	tcase_add_test(tc, test_distance);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

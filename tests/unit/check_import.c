/* check_import.c - the tricky parts of importing: GIFT escapes, braces and
 * numeric forms, XML entities, CDATA and errors, HTML reduction, ids and
 * the JSON rendering. */
#include "testutil.h"

#include "paratutor/interop/gift.h"
#include "paratutor/base/htmltext.h"
#include "paratutor/interop/import.h"
#include "paratutor/interop/moodlexml.h"
#include "paratutor/interop/xml.h"

/* Imports text as GIFT (or Moodle XML) and returns the lesson (caller
 * deletes); diagnostics go to d. */
static cJSON *import_text(const char *text, bool xml, pt_diags *d)
{
	pt_import imp;
	ck_assert(import_init(&imp, d));
	import_file(&imp, xml ? "t.xml" : "t.gift");
	if (xml)
		moodlexml_read(&imp, text, strlen(text));
	else
		gift_read(&imp, text, strlen(text));
	cJSON *lesson = import_lesson(&imp, "t", "T", "S");
	import_free(&imp);
	return lesson;
}

/* Returns item i of a lesson. */
static cJSON *item_at(cJSON *lesson, int i)
{
	return cJSON_GetArrayItem(cJSON_GetObjectItem(lesson, "items"), i);
}

/* Returns the string at key of obj, or "" when absent. */
static const char *str(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItem(obj, key);
	return cJSON_IsString(v) ? v->valuestring : "";
}

/* Returns the first diagnostic formatted, or "". */
static const char *first_diag(const pt_diags *d, char *buf, size_t size)
{
	buf[0] = '\0';
	if (d->n > 0)
		diags_format(&d->v[0], buf, size);
	return buf;
}

START_TEST(gift_escapes)
{
	pt_diags d = { 0 };
	cJSON *l = import_text("::e:: a \\{ \\} \\= \\~ \\# \\: \\\\ b\\nc {=x\\=y#\\#1}", false, &d);
	ck_assert_uint_eq(d.errors, 0);
	cJSON *it = item_at(l, 0);
	ck_assert_str_eq(str(it, "kind"), "text");
	ck_assert_str_eq(str(it, "prompt"), "a { } = ~ # : \\ b\nc");
	ck_assert_str_eq(cJSON_GetArrayItem(cJSON_GetObjectItem(it, "accept"), 0)->valuestring, "x=y");
	ck_assert_str_eq(str(it, "explanation"), "#1");
	cJSON_Delete(l);
	diags_free(&d);
}
END_TEST

START_TEST(gift_braces_located)
{
	static const struct {
		const char *text;
		const char *diag;
	} cases[] = {
		{ "Q {=a {b}}", "t.gift:1:7: error: '{' inside an answer block; write \\{ for a literal brace" },
		{ "Q {=a \\{b\\}}", NULL },
		{ "Q } {=a}", "t.gift:1:3: error: '}' with no '{' before it; write \\} for a literal brace" },
		{ "Q\n  {=a", "t.gift:2:3: error: this '{' is never closed with '}' (write \\{ for a literal brace)" },
		{ "Q {=a} and {=b}", "t.gift:1:12: error: a second answer block in one question; leave a blank line between questions" },
		{ "::M:: Q {=C# -> lang =b -> B =c -> C}", "t.gift:1:10: error: '#' before '->' in a matching pair; write \\# for a literal #" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		pt_diags d = { 0 };
		char buf[300];
		cJSON_Delete(import_text(cases[i].text, false, &d));
		if (cases[i].diag == NULL)
			ck_assert_uint_eq(d.errors, 0);
		else
			ck_assert_str_eq(first_diag(&d, buf, sizeof buf), cases[i].diag);
		diags_free(&d);
	}
}
END_TEST

START_TEST(gift_numeric_forms)
{
	pt_diags d = { 0 };
	cJSON *l = import_text("A {#3:2}\n\nB {#1..5}\n\nC {#-2.5}\n\nD {#1e3}\n\nE {#3:2#Yes, three.}\n\n"
	    "F {#=1:0 =%50%2:0#Half. ~#Think again. ~7#Seven is odd.}", false, &d);
	ck_assert_uint_eq(d.errors, 0);
	char *a = cJSON_PrintUnformatted(cJSON_GetObjectItem(item_at(l, 0), "answer"));
	char *b = cJSON_PrintUnformatted(cJSON_GetObjectItem(item_at(l, 1), "answer"));
	char *c = cJSON_PrintUnformatted(cJSON_GetObjectItem(item_at(l, 2), "answer"));
	char *e = cJSON_PrintUnformatted(cJSON_GetObjectItem(item_at(l, 3), "answer"));
	char *f = cJSON_PrintUnformatted(item_at(l, 5));
	ck_assert_str_eq(a, "{\"value\":3,\"tolerance\":2}");
	ck_assert_str_eq(b, "{\"min\":1,\"max\":5}");
	ck_assert_str_eq(c, "{\"value\":-2.5}");
	ck_assert_str_eq(e, "{\"value\":1000}");
	ck_assert_str_eq(str(item_at(l, 4), "explanation"), "Yes, three.");
	ck_assert_ptr_nonnull(strstr(f, "\"answer\":{\"value\":1},\"wrong\":[{\"value\":2,\"feedback\":\"Half.\"},"
	    "{\"value\":7,\"feedback\":\"Seven is odd.\"}],\"mistakes\":[\"Think again.\"]"));
	ck_assert_uint_eq(d.warnings, 1); /* the 50% */
	free(a);
	free(b);
	free(c);
	free(e);
	free(f);
	cJSON_Delete(l);
	diags_free(&d);
}
END_TEST

START_TEST(gift_missing_word_and_truefalse)
{
	pt_diags d = { 0 };
	cJSON *l = import_text("Grant is {~buried =entombed ~living#He died.} in Grant's tomb.\n\n"
	    "::t:: Pipelines have no bubbles. {F#They do have bubbles.#Right.}", false, &d);
	ck_assert_uint_eq(d.errors, 0);
	cJSON *fill = item_at(l, 0), *tf = item_at(l, 1);
	ck_assert_str_eq(str(fill, "kind"), "fill");
	ck_assert_str_eq(str(fill, "code"), "Grant is {{1}} in Grant's tomb.");
	ck_assert_str_eq(str(fill, "id"), "grant-is-in-grants-tomb");
	cJSON *blank = cJSON_GetArrayItem(cJSON_GetObjectItem(fill, "blanks"), 0);
	ck_assert_str_eq(str(cJSON_GetObjectItem(blank, "feedback"), "living"), "He died.");
	cJSON *opts = cJSON_GetObjectItem(tf, "options");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(opts, 1), "correct")));
	ck_assert_str_eq(str(cJSON_GetArrayItem(opts, 0), "feedback"), "They do have bubbles.");
	ck_assert_str_eq(str(tf, "explanation"), "Right.");
	cJSON_Delete(l);
	diags_free(&d);
}
END_TEST

/* What `paratutor export` relies on the readers for: a missing word's
 * prompt before its <pre> code (blank lines kept), one format marker read
 * per question, a list of incorrect-answer feedback as several mistakes,
 * and '//' in a category name as a literal '/'. */
START_TEST(exported_forms_read_back)
{
	pt_diags d = { 0 };
	cJSON *l = import_text("$CATEGORY: $course$/top/Tensor // operator\n\n"
	    "::f::[html]<p>Fill &amp; run.</p><pre>a \\= 1\\n\\n  b({~x =y})</pre>\n\n"
	    "::c::[moodle][html] is text here {=a ~b#no}", false, &d);
	ck_assert_uint_eq(d.errors, 0);
	cJSON *fill = item_at(l, 0), *choice = item_at(l, 1);
	pt_import imp;
	ck_assert(import_init(&imp, &d));
	import_category(&imp, "$course$/top/Tensor // operator", (pt_pos){ 1, 1 });
	ck_assert_str_eq(imp.title, "Tensor / operator");
	import_free(&imp);
	ck_assert_str_eq(str(fill, "prompt"), "Fill & run.");
	ck_assert_str_eq(str(fill, "code"), "a = 1\n\n  b({{1}})");
	ck_assert_str_eq(str(choice, "prompt"), "[html] is text here");
	cJSON_Delete(l);
	diags_free(&d);
	l = import_text("<quiz><question type=\"gapselect\"><name><text>g</text></name>"
	    "<questiontext format=\"html\"><text><![CDATA[<p>Pick one.</p><pre>x = [[2]]\n  y</pre>]]></text></questiontext>"
	    "<incorrectfeedback format=\"html\"><text><![CDATA[<ul><li>One &amp; all.</li><li>Two.</li></ul>]]></text></incorrectfeedback>"
	    "<selectoption><text>a</text><group>1</group></selectoption><selectoption><text>b</text><group>1</group></selectoption>"
	    "</question></quiz>", true, &d);
	ck_assert_uint_eq(d.errors, 0);
	cJSON *gap = item_at(l, 0);
	ck_assert_str_eq(str(gap, "prompt"), "Pick one.");
	ck_assert_str_eq(str(gap, "code"), "x = {{1}}\n  y");
	cJSON *mistakes = cJSON_GetObjectItem(gap, "mistakes");
	ck_assert_int_eq(cJSON_GetArraySize(mistakes), 2);
	ck_assert_str_eq(cJSON_GetArrayItem(mistakes, 0)->valuestring, "One & all.");
	ck_assert_str_eq(cJSON_GetArrayItem(mistakes, 1)->valuestring, "Two.");
	cJSON_Delete(l);
	diags_free(&d);
}
END_TEST

/* Issue 26: a format marker before the title, in an answer and in a
 * feedback; an empty accepted answer is an error where it is written;
 * each category its own group; the broken question recorded. */
START_TEST(gift_formats_empty_answers_categories)
{
	pt_diags d = { 0 };
	pt_import imp;
	ck_assert(import_init(&imp, &d));
	import_file(&imp, "t.gift");
	const char *text = "$CATEGORY: $course$/top/Week 1\n\n"
	    "[html]::t1::<p>Which <b>one</b>?</p> {=[plain]<a> #[html]<i>Yes.</i> ~[markdown]*b* #[plain]<no>}\n\n"
	    "::t2:: Sum? {=4 =}\n\n"
	    "$CATEGORY: $course$/top/Week 2\n\n"
	    "[markdown] ::t3:: Which **one**? {=x ~y}\n\n"
	    "$CATEGORY: $course$/top/Week 1\n\n"
	    "::t4:: Name it. {=all-reduce}\n";
	gift_read(&imp, text, strlen(text));
	ck_assert_uint_eq(d.errors, 1);
	char buf[400];
	ck_assert_str_eq(first_diag(&d, buf, sizeof buf),
	    "t.gift:5:17: error: an accepted answer of question \"t2\" is empty; write the answer after '=', or remove the '='");
	ck_assert_uint_eq(imp.n_broken, 1);
	ck_assert_int_eq(imp.broken[0].pos.line, 5);
	ck_assert_int_eq(imp.broken[0].pos.col, 1);
	ck_assert_str_eq(imp.broken[0].label, "t2");
	ck_assert_int_eq(cJSON_GetArraySize(imp.items), 3);
	cJSON *t1 = cJSON_GetArrayItem(imp.items, 0), *t3 = cJSON_GetArrayItem(imp.items, 1);
	ck_assert_str_eq(str(t1, "id"), "t1");
	ck_assert_str_eq(str(t1, "prompt"), "Which one?");
	cJSON *opts = cJSON_GetObjectItem(t1, "options");
	ck_assert_str_eq(str(cJSON_GetArrayItem(opts, 0), "text"), "<a>");
	ck_assert_str_eq(str(t1, "explanation"), "Yes.");
	ck_assert_str_eq(str(cJSON_GetArrayItem(opts, 1), "text"), "*b*");
	ck_assert_str_eq(str(cJSON_GetArrayItem(opts, 1), "feedback"), "<no>");
	ck_assert_str_eq(str(t3, "id"), "t3");
	ck_assert_str_eq(str(t3, "prompt"), "Which **one**?");
	/* Week 1 (met twice) and Week 2; nothing under no category. */
	ck_assert_uint_eq(imp.n_groups, 3);
	ck_assert_uint_eq(import_groups_used(&imp), 2);
	ck_assert_str_eq(imp.groups[1].title, "Week 1");
	ck_assert_uint_eq(imp.groups[1].items, 2);
	ck_assert_str_eq(imp.groups[2].title, "Week 2");
	cJSON *w1 = import_group_lesson(&imp, 1, "w1", "Week 1", "S");
	cJSON *items = cJSON_GetObjectItem(w1, "items");
	ck_assert_int_eq(cJSON_GetArraySize(items), 2);
	ck_assert_str_eq(str(cJSON_GetArrayItem(items, 0), "id"), "t1");
	ck_assert_str_eq(str(cJSON_GetArrayItem(items, 1), "id"), "t4");
	cJSON_Delete(w1);
	import_free(&imp);
	diags_free(&d);
	/* Moodle XML: an empty accepted short answer too. */
	cJSON *l = import_text("<quiz><question type=\"shortanswer\"><name><text>s</text></name>"
	    "<questiontext><text>Q?</text></questiontext>"
	    "<answer fraction=\"100\"><text>x</text></answer><answer fraction=\"100\"><text></text></answer>"
	    "</question></quiz>", true, &d);
	ck_assert_uint_eq(d.errors, 1);
	ck_assert(strstr(first_diag(&d, buf, sizeof buf), "t.xml:1:") == buf);
	ck_assert(strstr(buf, "an accepted answer of question \"s\" is empty") != NULL);
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(l, "items")), 0);
	cJSON_Delete(l);
	diags_free(&d);
}
END_TEST

START_TEST(xml_entities_and_cdata)
{
	pt_diags d = { 0 };
	const char *text = "<?xml version=\"1.0\"?>\n<!-- c -->\n<a x=\"1 &amp; 2\" y='&#x41;'>A&lt;B &#233;<![CDATA[<p>&amp;</p>]]>"
	    "<?pi stuff?><b/><!-- c2 --><c>t</c></a>\n";
	pt_xml_doc *doc = xml_parse("t.xml", text, strlen(text), &d);
	ck_assert_ptr_nonnull(doc);
	ck_assert_str_eq(xml_attr(doc->root, "x"), "1 & 2");
	ck_assert_str_eq(xml_attr(doc->root, "y"), "A");
	ck_assert_str_eq(doc->root->text, "A<B \xC3\xA9<p>&amp;</p>");
	ck_assert_str_eq(xml_child(doc->root, "c")->text, "t");
	ck_assert_int_eq(xml_child(doc->root, "c")->pos.line, 3);
	ck_assert_ptr_nonnull(xml_child(doc->root, "b"));
	xml_free(doc);
	diags_free(&d);
}
END_TEST

START_TEST(xml_errors_located)
{
	static const struct {
		const char *text;
		const char *diag;
	} cases[] = {
		{ "<a>\n<b></a>", "t.xml:2:4: error: </a> does not close <b> opened at 2:1; close that first" },
		{ "<a>&nope;</a>", "t.xml:1:4: error: unknown entity &nope; (XML knows &lt; &gt; &amp; &quot; &apos; and &#NN;)" },
		{ "<a>&#xD800;</a>", "t.xml:1:4: error: &#xD800; is not a character XML allows" },
		{ "<a b=\"1\" b=\"2\"/>", "t.xml:1:10: error: the attribute b appears twice in <a>" },
		{ "<a><!-- x </a>", "t.xml:1:4: error: this comment is not closed with '-->'" },
		{ "<a/><b/>", "t.xml:1:5: error: a second root element; the document already has <a>" },
		{ "", "t.xml:1:1: error: the file holds no XML element" },
		{ "<a>x < y</a>", "t.xml:1:7: error: expected an element name after '<' (write &lt; for a literal '<')" },
		{ "<a>\x01</a>", "t.xml:1:4: error: the character U+0001 is not allowed in XML" },
		{ "<a>\xFF</a>", "t.xml:1:4: error: the file is not valid UTF-8 here; save it as UTF-8" },
		/* No DOCTYPE is read: no entity declared (a billion laughs), no
		 * file named by it opened. */
		{ "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
		  " <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n]>\n<lolz>&lol2;</lolz>",
		  "t.xml:2:1: error: a DOCTYPE is not supported in a question bank (it could declare entities or name other "
		  "files); remove it" },
		{ "<!DOCTYPE a SYSTEM \"file:///etc/passwd\"><a>&x;</a>",
		  "t.xml:1:1: error: a DOCTYPE is not supported in a question bank (it could declare entities or name other "
		  "files); remove it" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		pt_diags d = { 0 };
		char buf[300];
		pt_xml_doc *doc = xml_parse("t.xml", cases[i].text, strlen(cases[i].text), &d);
		ck_assert_ptr_null(doc);
		ck_assert_str_eq(first_diag(&d, buf, sizeof buf), cases[i].diag);
		diags_free(&d);
	}
	/* Deep nesting is an error, not a stack overflow. */
	char deep[300 * 3 + 1] = "";
	for (int i = 0; i < 300; i++)
		strcat(deep, "<a>");
	pt_diags d = { 0 };
	ck_assert_ptr_null(xml_parse("t.xml", deep, strlen(deep), &d));
	ck_assert_uint_eq(d.errors, 1);
	diags_free(&d);
	/* PT_XML_MAX_ATTRS attributes are read; one more is an error at the
	 * element (so 200,000 cost no more than reading them). */
	char tag[16 * (PT_XML_MAX_ATTRS + 1) + 16];
	for (int extra = 0; extra < 2; extra++) {
		size_t n = (size_t)snprintf(tag, sizeof tag, "\n <a");
		for (int i = 0; i < PT_XML_MAX_ATTRS + extra; i++)
			n += (size_t)snprintf(tag + n, sizeof tag - n, " a%d='%d'", i, i);
		snprintf(tag + n, sizeof tag - n, "/>");
		pt_diags e = { 0 };
		pt_xml_doc *doc = xml_parse("t.xml", tag, strlen(tag), &e);
		char buf[300];
		if (extra == 0) {
			ck_assert_ptr_nonnull(doc);
			ck_assert_str_eq(xml_attr(doc->root, "a63"), "63");
		} else {
			ck_assert_ptr_null(doc);
			ck_assert_str_eq(first_diag(&e, buf, sizeof buf),
			    "t.xml:2:2: error: <a> has more than 64 attributes; a question bank needs a few");
		}
		xml_free(doc);
		diags_free(&e);
	}
}
END_TEST

START_TEST(moodlexml_multichoice_cdata)
{
	pt_diags d = { 0 };
	cJSON *l = import_text("<quiz><question type=\"multichoice\"><name><text>Pick &amp; go</text></name>"
	    "<questiontext format=\"html\"><text><![CDATA[<p>Is <b>x</b> &gt; 1?</p>]]></text></questiontext>"
	    "<single>false</single><answer fraction=\"100\"><text>yes</text></answer>"
	    "<answer fraction=\"0\"><text>no</text><feedback><text>It is 2.</text></feedback></answer>"
	    "<hint><text>Look at x.</text></hint></question></quiz>", true, &d);
	ck_assert_uint_eq(d.errors, 0);
	cJSON *it = item_at(l, 0);
	ck_assert_str_eq(str(it, "id"), "pick-go");
	ck_assert_str_eq(str(it, "kind"), "multi");
	ck_assert_str_eq(str(it, "prompt"), "Is x > 1?");
	ck_assert_str_eq(cJSON_GetArrayItem(cJSON_GetObjectItem(it, "hints"), 0)->valuestring, "Look at x.");
	cJSON_Delete(l);
	diags_free(&d);
}
END_TEST

START_TEST(html_reduced)
{
	size_t images = 0;
	char *s = htmltext_reduce("<p>One&nbsp;<b>two</b></p>\n<ul><li>a</li><li>b &amp; c</li></ul>"
	    "x<br/>y <img src=\"i.png\"> &unknown; &#8212;<pre>  keep\n  this</pre><script>no()</script>", &images);
	ck_assert_str_eq(s, "One two\n- a\n- b & c\nx\ny &unknown; \xE2\x80\x94\n  keep\n  this");
	ck_assert_uint_eq(images, 1);
	free(s);
	s = htmltext_fold("  a \t b\n\n c  ", 1);
	ck_assert_str_eq(s, "a b\nc");
	free(s);
}
END_TEST

START_TEST(slugs_and_ids)
{
	char out[64];
	import_slug("What's between Orange & Green?", out, sizeof out);
	ck_assert_str_eq(out, "whats-between-orange-green");
	import_slug("Grant is {{1}} in Grant's tomb.", out, sizeof out);
	ck_assert_str_eq(out, "grant-is-in-grants-tomb");
	import_slug("A very long question title that goes on and on and on forever", out, sizeof out);
	ck_assert_str_eq(out, "a-very-long-question-title-that-goes-on");
	import_slug("\xC3\xA9t\xC3\xA9", out, sizeof out);
	ck_assert_str_eq(out, "t");
	pt_diags d = { 0 };
	cJSON *l = import_text("::Q1:: a {T}\n\n::Q1:: b {T}\n\n// [id:Q1]\n::x:: c {T}\n\n:::: {T}", false, &d);
	ck_assert_str_eq(str(item_at(l, 0), "id"), "q1");
	ck_assert_str_eq(str(item_at(l, 1), "id"), "q1-2");
	ck_assert_str_eq(str(item_at(l, 2), "id"), "q1-3");
	ck_assert(import_id_ok("q1-3"));
	ck_assert(!import_id_ok("-q"));
	cJSON_Delete(l);
	diags_free(&d);
}
END_TEST

START_TEST(render_numbers_and_escapes)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "a", 0.1);
	cJSON_AddNumberToObject(o, "b", 16);
	cJSON_AddNumberToObject(o, "c", 1.0 / 3);
	cJSON_AddStringToObject(o, "d", "q\"\\\n\t\x01");
	cJSON_AddItemToObject(o, "e", cJSON_CreateArray());
	char *s = import_render(o);
	ck_assert_str_eq(s, "{\n  \"a\": 0.1,\n  \"b\": 16,\n  \"c\": 0.33333333333333331,\n"
	    "  \"d\": \"q\\\"\\\\\\n\\t\\u0001\",\n  \"e\": []\n}\n");
	free(s);
	cJSON_Delete(o);
}
END_TEST

/* Builds the suite. */
static Suite *import_suite(void)
{
	Suite *s = suite_create("import");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, gift_escapes);
	tcase_add_test(tc, gift_braces_located);
	tcase_add_test(tc, gift_numeric_forms);
	tcase_add_test(tc, gift_missing_word_and_truefalse);
	tcase_add_test(tc, exported_forms_read_back);
	tcase_add_test(tc, gift_formats_empty_answers_categories);
	tcase_add_test(tc, xml_entities_and_cdata);
	tcase_add_test(tc, xml_errors_located);
	tcase_add_test(tc, moodlexml_multichoice_cdata);
	tcase_add_test(tc, html_reduced);
	tcase_add_test(tc, slugs_and_ids);
	tcase_add_test(tc, render_numbers_and_escapes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(import_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

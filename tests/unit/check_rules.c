/* check_rules.c - the item's version field, and the writing rules --check
 * enforces on every lesson (lint_rules.c): choose-N wording, qualified API
 * names, the precision of numeric keys, hints that leave one option, and
 * stems that spell the key. */
#include "paratutor/load/lint.h"
#include "testutil.h"

/* Loads single-quoted JSON (' for "), validates it and returns every
 * diagnostic as "error: message" or "warning: message", a line each
 * (caller frees); NULL when the lesson did not load. */
static char *diags_of(const char *squoted)
{
	size_t n = strlen(squoted);
	char *json = malloc(n + 1);
	ck_assert_ptr_nonnull(json);
	for (size_t i = 0; i <= n; i++)
		json[i] = squoted[i] == '\'' ? '"' : squoted[i];
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("t.json", json, n, &d);
	if (l != NULL)
		validate_lesson(l, &d);
	size_t cap = 1, used = 0;
	for (size_t i = 0; i < d.n; i++)
		cap += strlen(d.v[i].message) + 16;
	char *out = calloc(cap, 1);
	ck_assert_ptr_nonnull(out);
	for (size_t i = 0; i < d.n; i++)
		used += (size_t)snprintf(out + used, cap - used, "%s: %s\n",
		    d.v[i].severity == PT_ERROR ? "error" : d.v[i].severity == PT_WARNING ? "warning" : "note",
		    d.v[i].message);
	diags_free(&d);
	if (l != NULL)
		lesson_free(l);
	free(json);
	return out;
}

#define HEAD(fmt) "{'format':" fmt ",'id':'l','title':'T','summary':'s','items':["
#define TAIL "]}"
/* A choice item with extra fields X (each ending in a comma). */
#define CHOICE_X(x) \
	"{'id':'a','kind':'choice','difficulty':'easy','prompt':'p','hints':['h'],'explanation':'e'," x \
	"'options':[{'text':'right','correct':true},{'text':'wrong','feedback':'f'},{'text':'other','feedback':'f'}]}"

/* version: a whole number of 1 or more, format 2 only, 1 when absent. */
START_TEST(test_version_field)
{
	pt_lesson *l = test_lesson("{\"format\":2,\"id\":\"l\",\"title\":\"T\",\"summary\":\"s\",\"items\":["
	    "{\"id\":\"a\",\"kind\":\"text\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"hints\":[\"h\"],"
	    "\"explanation\":\"e\",\"accept\":[\"x1\"],\"version\":3},"
	    "{\"id\":\"b\",\"kind\":\"text\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"hints\":[\"h\"],"
	    "\"explanation\":\"e\",\"accept\":[\"x1\"]}]}");
	ck_assert_int_eq(l->items[0].version, 3);
	ck_assert_int_eq(l->items[1].version, 1);
	lesson_free(l);
	char *w = diags_of(HEAD("2") CHOICE_X("'version':0,") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: \"version\" must be 1 or more"));
	free(w);
	w = diags_of(HEAD("2") CHOICE_X("'version':1.5,") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: \"version\" must be a whole number"));
	free(w);
	w = diags_of(HEAD("2") CHOICE_X("'version':'2',") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: "));
	free(w);
	w = diags_of(HEAD("1") CHOICE_X("'version':2,") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: \"version\" needs \"format\": 2"));
	free(w);
}
END_TEST


/* A multi item with the given prompt and choose field (X ends in a comma
 * or is empty), two correct options out of three. */
#define MULTI_X(prompt, x) \
	"{'id':'m','kind':'multi','difficulty':'easy','prompt':'" prompt "','hints':['h'],'explanation':'e'," x \
	"'options':[{'text':'a','correct':true,'feedback':'f'},{'text':'b','correct':true,'feedback':'f'}," \
	"{'text':'c','feedback':'f'}]}"

/* "(Choose two.)" without its count is an error, at the prompt, and says
 * what to add; a count that agrees is quiet; one that disagrees is named. */
START_TEST(test_choose_wording)
{
	char *w = diags_of(HEAD("2") MULTI_X("Which two are right? (Choose two.)", "") TAIL);
	ck_assert_str_eq(w, "error: the prompt says \"Choose two\", but the item has no \"choose\"; add "
	    "\"choose\": 2 so the screen tells the learner how many to pick too\n");
	free(w);
	w = diags_of(HEAD("2") MULTI_X("Which two are right? (Choose two.)", "'choose':2,") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	w = diags_of(HEAD("2") MULTI_X("Which are true? Select 2.", "'choose':2,") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* A wrong count is already an error against the correct options; the
	 * wording adds its own. */
	w = diags_of(HEAD("2") MULTI_X("Which are true? Select three.", "'choose':2,") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: the prompt says \"Select three\", but \"choose\" is 2; make them agree\n"));
	free(w);
	/* Format 1 has no "choose" at all: the wording is still an error. */
	w = diags_of(HEAD("1") MULTI_X("Pick two options.", "") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: the prompt says \"Pick two\", but the item has no \"choose\""));
	free(w);
	/* A choice item cannot pick two. */
	w = diags_of(HEAD("2") "{'id':'a','kind':'choice','difficulty':'easy','prompt':'(Choose two.)','hints':['h'],"
	    "'explanation':'e','options':[{'text':'right','correct':true},{'text':'wrong','feedback':'f'}]}" TAIL);
	ck_assert_ptr_nonnull(strstr(w, "error: the prompt says \"Choose two\", but a choice item"));
	free(w);
}
END_TEST

/* Only an instruction counts: a number of things chosen in a story does
 * not, nor "select all that apply". */
START_TEST(test_choose_wording_not_instructions)
{
	size_t at, len;
	ck_assert_int_eq(lint_choose_wording("You select 8 GPUs for the job. Which is right?", &at, &len), 0);
	ck_assert_int_eq(lint_choose_wording("Select all that apply.", &at, &len), 0);
	ck_assert_int_eq(lint_choose_wording("Nodes choose two peers each", &at, &len), 0);
	ck_assert_int_eq(lint_choose_wording("Preselect two.", &at, &len), 0);
	ck_assert_int_eq(lint_choose_wording("Which hold? Choose 3 options.", &at, &len), 3);
	ck_assert_int_eq(lint_choose_wording("Which hold? (select SEVEN)", &at, &len), 7);
	ck_assert_uint_eq(at, 13);
	ck_assert_uint_eq(len, 12);
}
END_TEST

/* A text item with the given prompt and accepted answers (a JSON list
 * body) and case-sensitivity. */
#define TEXT_X(prompt, accept, cs) \
	"{'id':'t','kind':'text','difficulty':'easy','prompt':'" prompt "','hints':['h'],'explanation':'e'," \
	"'case_sensitive':" cs ",'accept':[" accept "]}"

/* A qualified name needs its last part accepted too; the reverse is left
 * to grading. */
START_TEST(test_qualified_names)
{
	char *w = diags_of(HEAD("2") TEXT_X("Which method?", "'GradScaler.unscale_'", "true") TAIL);
	ck_assert_str_eq(w, "warning: accepted answer \"GradScaler.unscale_\" is a qualified name, but its last part "
	    "\"unscale_\" is not accepted; accept \"unscale_\" too, the form most learners type\n");
	free(w);
	w = diags_of(HEAD("2") TEXT_X("Which method?", "'unscale_','torch.amp.GradScaler.unscale_'", "true") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* Case folds as grading does. */
	w = diags_of(HEAD("2") TEXT_X("Which class?", "'torch.utils.data.DistributedSampler','distributedsampler'",
	    "false") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* A call's last part keeps its arguments; numbers and flags are not names. */
	w = diags_of(HEAD("2") TEXT_X("Which call?", "'scaler.unscale_(opt)'", "true") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "its last part \"unscale_(opt)\" is not accepted"));
	free(w);
	w = diags_of(HEAD("2") TEXT_X("Which value?", "'0.5','--nproc-per-node','a.b c'", "false") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
}
END_TEST

/* A numeric item with the given prompt and answer range body. */
#define NUMERIC_X(prompt, answer) \
	"{'id':'n','kind':'numeric','difficulty':'easy','prompt':'" prompt "','hints':['h'],'explanation':'e'," \
	"'answer':{" answer "}}"

/* The key rounded to three significant figures must be accepted unless the
 * prompt asks for a precision; whole-number keys are exact counts. */
START_TEST(test_numeric_precision)
{
	/* 2.869 with 1 %: 2.87 is in, so quiet. */
	char *w = diags_of(HEAD("2") NUMERIC_X("How many GB?", "'value':2.869,'relative':0.01") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* 0.18181 with 0.0001: 0.182 is out. */
	w = diags_of(HEAD("2") NUMERIC_X("What rate?", "'value':0.18181818,'tolerance':0.0001") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "warning: the answer 0.18181818 rounded to three significant figures, 0.182, "
	    "is outside the accepted range"));
	free(w);
	w = diags_of(HEAD("2") NUMERIC_X("What rate? Give three significant figures.", "'value':0.18181818,"
	    "'tolerance':0.0001") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	w = diags_of(HEAD("2") NUMERIC_X("What rate, to the nearest 0.0001?", "'value':0.18181818,'tolerance':0.0001") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* An exact count: 32768 is typed as it is. */
	w = diags_of(HEAD("2") NUMERIC_X("What scale?", "'value':32768") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
}
END_TEST

/* A numeric item with key K (a range body), units U (an object body),
 * hints H (a list body) and a worked solution answering A. */
#define NUMERIC_HS(k, u, h, a) \
	"{'id':'n','kind':'numeric','difficulty':'easy','prompt':'How many?','explanation':'e','answer':{" k "}," \
	"'units':{" u "},'hints':[" h "],'solution':{'steps':['s'],'answer':'" a "'}}"

/* Issue 26: a hint that states the key grouped, spaced, in a unit or
 * after "answer" is flagged; a solution whose answer is not the key is an
 * error; numbers in messages as the file writes them. */
START_TEST(test_numbers_stated)
{
	char *w = diags_of(HEAD("2") NUMERIC_HS("'value':1048576", "'B':1,'MiB':1048576",
	    "'Square 1,024.','It is 1,048,576.','Or 1\u00a0048\u00a0576.','Or 1 MiB.','Not 1.048576 or 10485760.'",
	    "1 048 576 bytes") TAIL);
	ck_assert_str_eq(w,
	    "warning: hint 2 gives the answer 1048576 away, written \"1,048,576\"; hint at the idea or the method instead\n"
	    "warning: hint 3 gives the answer 1048576 away, written \"1\u00a0048\u00a0576\"; hint at the idea or the method instead\n"
	    "warning: hint 4 gives the answer 1048576 away, written \"1 MiB\"; hint at the idea or the method instead\n");
	free(w);
	/* A one-digit key only after the word answer; fp16 and step 1 are not it. */
	w = diags_of(HEAD("2") NUMERIC_HS("'value':1", "'copy':1", "'Step 1: one GPU in fp16.','So the answer is 1.'",
	    "1 copy") TAIL);
	ck_assert_str_eq(w, "warning: hint 2 gives the answer \"1\" away verbatim; hint at the idea or the method instead\n");
	free(w);
	/* The solution contradicts the key: an error naming both as written. */
	w = diags_of(HEAD("2") NUMERIC_HS("'value':2.097152e6", "'B':1,'MiB':1048576", "'Multiply.'",
	    "1,048,576 bytes") TAIL);
	ck_assert_str_eq(w, "error: the solution's answer \"1,048,576 bytes\" is not the key 2.097152e6; make them agree "
	    "(a learner who got the key right would be told otherwise)\n");
	free(w);
	/* ...and agrees: in a unit, rounded within half a percent, in words. */
	const char *agree[] = { "2 MiB", "about 2.1 million bytes (2,097,152)", "two mebibytes" };
	for (size_t i = 0; i < 3; i++) {
		char json[1024];
		snprintf(json, sizeof json, HEAD("2") NUMERIC_HS("'value':2097152", "'B':1,'MiB':1048576", "'Multiply.'", "%s")
		    TAIL, agree[i]);
		w = diags_of(json);
		ck_assert_msg(strcmp(w, "") == 0, "%s: %s", agree[i], w);
		free(w);
	}
	w = diags_of(HEAD("2") NUMERIC_HS("'value':0.4286,'tolerance':0.001", "'x':1", "'Divide.'", "about 0.43") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* Numbers in messages as written: 1.058e6 stays 1.058e6, 2.50 stays 2.50. */
	w = diags_of(HEAD("2") NUMERIC_X("How many?", "'min':2.50,'max':1E0") TAIL);
	ck_assert_str_eq(w, "error: \"min\" 2.50 is more than \"max\" 1E0; swap them\n");
	free(w);
	w = diags_of(HEAD("2") "{'id':'n','kind':'numeric','difficulty':'easy','prompt':'p','hints':['h'],'explanation':'e',"
	    "'answer':{'value':1.058e6,'tolerance':1e3},'wrong':[{'value':1057500,'feedback':'f'}]}" TAIL);
	ck_assert_str_eq(w, "warning: wrong value 1057500 overlaps the answer 1.058e6 ± 1e3; values in both are graded "
	    "right and never get this feedback, so narrow the wrong range\n");
	free(w);
}
END_TEST

/* An unescaped quote inside a string: located at the quote that ends it. */
START_TEST(test_unescaped_quote)
{
	pt_diags d = { 0 };
	const char *json = "{\"format\": 2, \"id\": \"l\", \"title\": \"Say \"hi\" now\", \"summary\": \"s\", \"items\": []}";
	pt_lesson *l = load_lesson_text("t.json", json, strlen(json), &d);
	ck_assert_ptr_null(l);
	ck_assert_uint_eq(d.errors, 1);
	char buf[300];
	diags_format(&d.v[0], buf, sizeof buf);
	ck_assert_str_eq(buf, "t.json:1:40: error: invalid JSON: this '\"' ends the string, but its text goes on after "
	    "it; write a '\"' inside a string as \\\"");
	diags_free(&d);
	/* A missing comma between two members keeps its own message. */
	json = "{\"format\": 2, \"id\": \"l\" \"title\": \"T\"}";
	l = load_lesson_text("t.json", json, strlen(json), &d);
	ck_assert_ptr_null(l);
	diags_format(&d.v[0], buf, sizeof buf);
	ck_assert_str_eq(buf, "t.json:1:25: error: invalid JSON: expected ',' or '}'");
	diags_free(&d);
}
END_TEST

/* A choice item whose hints are given (a JSON list body). */
#define CHOICE_HINTS(hints) \
	"{'id':'a','kind':'choice','difficulty':'easy','prompt':'p','hints':[" hints "],'explanation':'e'," \
	"'options':[{'text':'right','correct':true},{'text':'wrong','feedback':'f'},{'text':'other','feedback':'f'}]}"

START_TEST(test_eliminating_hints)
{
	char *w = diags_of(HEAD("2") CHOICE_HINTS("'Think of placement.','Only one option is not a strategy.'") TAIL);
	ck_assert_str_eq(w, "warning: hint 2 rules options out until one is left (\"only one option\"); hint at the "
	    "idea instead\n");
	free(w);
	w = diags_of(HEAD("2") CHOICE_HINTS("'All but one of them replicate.'") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "hint 1 rules options out until one is left (\"all but one\")"));
	free(w);
	w = diags_of(HEAD("2") CHOICE_HINTS("'Only one GPU computes at a time.'") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
}
END_TEST

/* The stem may not hold four fifths of a typed answer, whatever the
 * punctuation and case (the old d9-2 stem); a short shared word is fine. */
START_TEST(test_stem_spells_key)
{
	char *w = diags_of(HEAD("2") TEXT_X("Which Megatron-LM flag turns on sequence parallelism?",
	    "'--sequence-parallel'", "false") TAIL);
	ck_assert_str_eq(w, "warning: the prompt holds most of the accepted answer \"--sequence-parallel\", so it can "
	    "be copied rather than known; describe what it does instead of naming it\n");
	free(w);
	w = diags_of(HEAD("2") TEXT_X("Which switch splits LayerNorm along the sequence dimension?",
	    "'--sequence-parallel'", "false") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	ck_assert_uint_eq(lint_common_run("Turns on Sequence-Parallelism", "--sequence-parallel"), 16);
	ck_assert_uint_eq(lint_common_run("the sequence dimension", "--sequence-parallel"), 8);
	ck_assert_uint_eq(lint_common_run("", "abc"), 0);
	/* Short answers (under LINT_STEM_MIN letters) are left to the
	 * give-away check, which wants them verbatim. */
	w = diags_of(HEAD("2") TEXT_X("Is the key LAMB?", "'LAMB'", "false") TAIL);
	ck_assert_str_eq(w, "warning: the prompt holds the accepted answer \"LAMB\", so it can be copied rather than known; "
	    "describe what it does instead of naming it\n");
	free(w);
	w = diags_of(HEAD("2") TEXT_X("Which optimizer adapts per layer?", "'LAMB'", "false") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
}
END_TEST

static Suite *rules_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc = tcase_create("rules");
	tcase_add_test(tc, test_version_field);
	tcase_add_test(tc, test_choose_wording);
	tcase_add_test(tc, test_choose_wording_not_instructions);
	tcase_add_test(tc, test_qualified_names);
	tcase_add_test(tc, test_numeric_precision);
	tcase_add_test(tc, test_eliminating_hints);
	tcase_add_test(tc, test_stem_spells_key);
	tcase_add_test(tc, test_numbers_stated);
	tcase_add_test(tc, test_unescaped_quote);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(rules_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

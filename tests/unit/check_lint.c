/* check_lint.c - the item-writing lint: its thresholds and what each
 * warning says. */
#include "paratutor/load/lint.h"
#include "testutil.h"

/* Loads single-quoted JSON (' for "), runs the validator (lint
 * included) and returns every warning message, a line each (caller
 * frees); fails on errors. */
static char *lint_of(const char *squoted)
{
	size_t n = strlen(squoted);
	char *json = malloc(n + 1);
	ck_assert_ptr_nonnull(json);
	for (size_t i = 0; i <= n; i++)
		json[i] = squoted[i] == '\'' ? '"' : squoted[i];
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("t.json", json, n, &d);
	ck_assert_ptr_nonnull(l);
	validate_lesson(l, &d);
	if (d.errors > 0)
		diags_print(&d, stderr);
	ck_assert_uint_eq(d.errors, 0);
	size_t cap = 1, used = 0;
	for (size_t i = 0; i < d.n; i++)
		cap += strlen(d.v[i].message) + 1;
	char *out = calloc(cap, 1);
	ck_assert_ptr_nonnull(out);
	for (size_t i = 0; i < d.n; i++)
		used += (size_t)snprintf(out + used, cap - used, "%s\n", d.v[i].message);
	diags_free(&d);
	lesson_free(l);
	free(json);
	return out;
}

/* lint_of the JSON that format makes with text. */
static char *lint_with(const char *format, const char *text)
{
	char json[4096];
	snprintf(json, sizeof json, format, text);
	return lint_of(json);
}

/* Asserts that no text of texts, put into format, draws a warning. */
static void assert_quiet(const char *format, const char *const *texts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *w = lint_with(format, texts[i]);
		ck_assert_msg(strcmp(w, "") == 0, "%s: %s", texts[i], w);
		free(w);
	}
}

#define HEAD2 "{'format':2,'id':'l','title':'T','summary':'s','items':["
#define TAIL "]}"
/* A choice item whose key is K and whose wrong options are W1 and W2. */
#define CHOICE(id, k, w1, w2) \
	"{'id':'" id "','kind':'choice','difficulty':'easy','prompt':'p','hints':['h'],'explanation':'e'," \
	"'options':[{'text':'" k "','correct':true},{'text':'" w1 "','feedback':'f'},{'text':'" w2 "','feedback':'f'}]}"

/* The key must be 1.25 times and 10 characters longer than the next. */
START_TEST(test_key_longest_margin)
{
	/* 50 against 40: 1.25 times and 10 more - warned. */
	char *w = lint_of(HEAD2 CHOICE("a", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "c") TAIL);
	ck_assert_str_eq(w, "the correct option A is much the longest (50 characters, the next 40), so it can be "
	    "guessed by length; shorten it or give the wrong options the same detail\n");
	free(w);
	/* 49 against 40: under 1.25 times. */
	w = lint_of(HEAD2 CHOICE("a", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "c") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* 19 against 9: far over 1.25 times, but only 10 more - warned; 18
	 * against 9 is 9 more - not. */
	w = lint_of(HEAD2 CHOICE("a", "aaaaaaaaaaaaaaaaaaa", "bbbbbbbbb", "c") TAIL);
	ck_assert_ptr_nonnull(strstr(w, "much the longest (19 characters, the next 9)"));
	free(w);
	w = lint_of(HEAD2 CHOICE("a", "aaaaaaaaaaaaaaaaaa", "bbbbbbbbb", "c") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* Characters, not bytes: 12 two-byte letters are 12 long. */
	w = lint_of(HEAD2 CHOICE("a", "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
	    "bbbbbbbbbbb", "c") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
}
END_TEST

/* More than half of at least three choice items with the key longest. */
START_TEST(test_key_longest_lesson)
{
	char *w = lint_of(HEAD2 CHOICE("a", "longer", "short", "s") "," CHOICE("b", "longer", "short", "s") ","
	    CHOICE("c", "s", "short", "longer") TAIL);
	ck_assert_str_eq(w, "in 2 of this lesson's 3 choice items the correct option is the longest, so length gives "
	    "answers away; make a wrong option the longest in some of them\n");
	free(w);
	/* Exactly half is not more than half. */
	w = lint_of(HEAD2 CHOICE("a", "longer", "short", "s") "," CHOICE("b", "longer", "short", "s") ","
	    CHOICE("c", "s", "short", "longer") "," CHOICE("d", "s", "short", "longer") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* A tie is not "the longest". */
	w = lint_of(HEAD2 CHOICE("a", "same", "size", "s") "," CHOICE("b", "same", "size", "s") ","
	    CHOICE("c", "same", "size", "s") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* Two choice items are too few to judge. */
	w = lint_of(HEAD2 CHOICE("a", "longer", "short", "s") "," CHOICE("b", "longer", "short", "s") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
}
END_TEST

/* "All/none of the above" only matters when the options are shuffled. */
START_TEST(test_above)
{
	char *w = lint_of(HEAD2 CHOICE("a", "ALL OF THE ABOVE", "Reduce-scatter only", "All-gather only") TAIL);
	ck_assert_str_eq(w, "option A refers to the options \"above\", but they are shown shuffled; set \"shuffle\": "
	    "false on the item, or name the options it means\n");
	free(w);
	w = lint_of(HEAD2 "{'id':'a','kind':'multi','difficulty':'easy','prompt':'p','hints':['h'],'explanation':'e',"
	    "'shuffle':false,'options':[{'text':'None of the above','correct':true,'feedback':'f'},{'text':'x','feedback':'f'}]}" TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* Not the phrase on its own. */
	w = lint_of(HEAD2 CHOICE("a", "Recall of the abovementioned", "Reduce-scatter only here", "All-gather only, then") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
}
END_TEST

/* A choice item whose worked solution answers ANSWER. */
#define SOLVED(shuffle, answer) \
	"{'id':'a','kind':'choice','difficulty':'easy','prompt':'p','hints':['h'],'explanation':'e'," shuffle \
	"'options':[{'text':'Reduce-scatter then all-gather','correct':true},{'text':'Broadcast','feedback':'f'}," \
	"{'text':'Gather','feedback':'f'}],'solution':{'steps':['s'],'answer':'" answer "'}}"

/* A solution naming options by letter in a shuffled item. */
START_TEST(test_solution_letters)
{
	const char *by_letter[] = { "A", "A and C", "(B), (C).", "B & C" };
	for (size_t i = 0; i < sizeof by_letter / sizeof *by_letter; i++) {
		char *w = lint_with(HEAD2 SOLVED("", "%s") TAIL, by_letter[i]);
		ck_assert_msg(strstr(w, "names options by letter") != NULL, "%s: %s", by_letter[i], w);
		free(w);
	}
	/* Words, or letters in a fixed order, are fine. */
	const char *fine[] = { "A reduce-scatter then an all-gather", "Reduce-scatter then all-gather", "AB" };
	for (size_t i = 0; i < sizeof fine / sizeof *fine; i++) {
		char *w = lint_with(HEAD2 SOLVED("", "%s") TAIL, fine[i]);
		ck_assert_msg(strstr(w, "names options by letter") == NULL, "%s: %s", fine[i], w);
		free(w);
	}
	char *w = lint_of(HEAD2 SOLVED("'shuffle':false,", "A") TAIL);
	ck_assert_ptr_null(strstr(w, "names options by letter"));
	free(w);
}
END_TEST

/* Hints that contain a numeric or text answer. */
START_TEST(test_hint_leaks)
{
	char *w = lint_of(HEAD2 "{'id':'n','kind':'numeric','difficulty':'easy','prompt':'p','explanation':'e',"
	    "'answer':{'value':0.25},'hints':['Not 10.25 or 0.255 or 0.25.5','That is 0.25.']}" TAIL);
	ck_assert_str_eq(w, "hint 2 gives the answer \"0.25\" away verbatim; hint at the idea or the method instead\n");
	free(w);
	/* A range's key is its middle. */
	w = lint_of(HEAD2 "{'id':'n','kind':'numeric','difficulty':'easy','prompt':'p','explanation':'e',"
	    "'answer':{'min':10,'max':30},'hints':['Between 10 and 30; 20 is the middle.']}" TAIL);
	ck_assert_str_eq(w, "hint 1 gives the answer \"20\" away verbatim; hint at the idea or the method instead\n");
	free(w);
	w = lint_of(HEAD2 "{'id':'t','kind':'text','difficulty':'easy','prompt':'p','explanation':'e',"
	    "'accept':['AllReduce'],'hints':['Think of allreduce.']}" TAIL);
	ck_assert_ptr_nonnull(strstr(w, "hint 1 gives the answer \"AllReduce\" away verbatim"));
	free(w);
	w = lint_of(HEAD2 "{'id':'t','kind':'text','difficulty':'easy','prompt':'p','explanation':'e',"
	    "'accept':['AllReduce'],'case_sensitive':true,'hints':['Think of allreduce.']}" TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* Common mistakes show while the item is open too. */
	w = lint_of(HEAD2 "{'id':'t','kind':'text','difficulty':'easy','prompt':'p','explanation':'e','hints':['h'],"
	    "'accept':['reduce_scatter'],'mistakes':['Summing by hand.','Using all_gather where reduce_scatter goes.']}" TAIL);
	ck_assert_str_eq(w, "common mistake 2 gives the answer \"reduce_scatter\" away verbatim, and it shows after a wrong "
	    "check, before the answer may be; describe the mistake without the answer\n");
	free(w);
}
END_TEST

/* A right option's text in a hint: a phrase in any case, a word as written. */
START_TEST(test_pick_hint_case)
{
	char *w = lint_of(HEAD2 CHOICE("a", "So the summed gradients match", "So each rank keeps its own",
	    "So nothing is sent") TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	w = lint_of(HEAD2 "{'id':'a','kind':'choice','difficulty':'easy','prompt':'p','explanation':'e',"
	    "'hints':['Think: so the summed gradients match on every rank.'],'options':[{'text':'So the summed gradients "
	    "match','correct':true},{'text':'So each rank keeps its own','feedback':'f'},{'text':'So nothing is sent',"
	    "'feedback':'f'}]}" TAIL);
	ck_assert_str_eq(w, "hint 1 gives the answer \"So the summed gradients match\" away verbatim; hint at the idea or "
	    "the method instead\n");
	free(w);
	/* One word is a plain word too: "full parameters" is no quote of "Parameters". */
	w = lint_of(HEAD2 "{'id':'m','kind':'multi','difficulty':'easy','prompt':'p','explanation':'e',"
	    "'hints':['Stage 3 keeps no full parameters.'],'options':[{'text':'Parameters','correct':true,'feedback':'f'},"
	    "{'text':'Gradients','correct':true,'feedback':'f'},{'text':'Inputs','feedback':'f'}]}" TAIL);
	ck_assert_str_eq(w, "");
	free(w);
}
END_TEST

/* Feedback shown after a wrong pick, while attempts remain, must not
 * name a right option. */
START_TEST(test_option_feedback)
{
	char *w = lint_of(HEAD2 "{'id':'a','kind':'choice','difficulty':'easy','prompt':'p','explanation':'e','hints':['h'],"
	    "'options':[{'text':'Data parallelism','correct':true},{'text':'Tensor parallelism','feedback':'No: it is "
	    "data parallelism, since the model fits.'},{'text':'Pipeline parallelism','feedback':'The model fits.'}]}" TAIL);
	ck_assert_str_eq(w, "the feedback for the wrong option B names the correct option A (\"Data parallelism\"), and it "
	    "shows while attempts remain; explain the mistake without the answer\n");
	free(w);
	/* A wrong option may name itself, though the key is part of it. */
	w = lint_of(HEAD2 "{'id':'a','kind':'choice','difficulty':'easy','prompt':'p','explanation':'e','hints':['h'],"
	    "'options':[{'text':'Data parallelism','correct':true},{'text':'Data parallelism with ZeRO','feedback':'Data "
	    "parallelism with ZeRO shards more than asked.'},{'text':'Pipeline parallelism','feedback':'The model fits.'}]}"
	    TAIL);
	ck_assert_str_eq(w, "");
	free(w);
	/* Multi: a wrong tick's feedback naming a right option; a right
	 * option's own feedback shows once the item ends. */
	w = lint_of(HEAD2 "{'id':'m','kind':'multi','difficulty':'easy','prompt':'p','explanation':'e','hints':['h'],"
	    "'options':[{'text':'Optimizer states','correct':true,'feedback':'Optimizer states are stage 1.'},"
	    "{'text':'Gradients','correct':true,'feedback':'f'},{'text':'The input batch','feedback':'Not the batch; "
	    "the optimizer states are.'}]}" TAIL);
	ck_assert_str_eq(w, "the feedback for the wrong option C names the correct option A (\"Optimizer states\"), and it "
	    "shows while attempts remain; explain the mistake without the answer\n");
	free(w);
}
END_TEST

/* An order item whose hints (HINTS, a JSON list) and second step's
 * feedback (FB2) are given. */
#define ORDER(hints, fb2) \
	"{'id':'o','kind':'order','difficulty':'easy','prompt':'p','explanation':'e','hints':" hints "," \
	"'steps':[{'text':'Split the buffer'},{'text':'Reduce-scatter the chunks','feedback':'" fb2 "'}," \
	"{'text':'All-gather the sums','feedback':'f'}]}"

/* Naming a step is fine; telling where it goes is not. */
START_TEST(test_order_places)
{
	static const struct {
		const char *json, *want;
	} cases[] = {
		{ HEAD2 ORDER("['What has to exist before anything can be added?']", "f") TAIL, "" },
		{ HEAD2 ORDER("['Why must you split the buffer at all?']", "f") TAIL, "" },
		{ HEAD2 ORDER("['First: split the buffer.']", "f") TAIL, "hint 1 names step 1 (\"Split the buffer\") with "
		    "its place (\"first\"), before the item is solved; say why it comes where it does instead\n" },
		{ HEAD2 ORDER("['All-gather the sums comes last.']", "f") TAIL, "hint 1 names step 3 (\"All-gather the "
		    "sums\") with its place (\"last\"), before the item is solved; say why it comes where it does instead\n" },
		{ HEAD2 ORDER("['h']", "Reduce-scatter the chunks is step 2.") TAIL, "step 2's feedback names step 2 "
		    "(\"Reduce-scatter the chunks\") with its place (\"step 2\"), before the item is solved; say why it "
		    "comes where it does instead\n" },
		/* A place that is not the step's own tells nothing true. */
		{ HEAD2 ORDER("['Split the buffer is not the last.']", "f") TAIL, "" },
		{ HEAD2 ORDER("['Reduce-scatter the chunks, then all-gather the sums.']", "f") TAIL, "hint 1 tells that "
		    "step 2 (\"Reduce-scatter the chunks\") comes before \"All-gather the sums\", before the item is solved; "
		    "say what each step needs instead\n" },
		{ HEAD2 ORDER("['All-gather the sums after you reduce-scatter the chunks.']", "f") TAIL, "hint 1 tells that "
		    "step 2 (\"Reduce-scatter the chunks\") comes before \"All-gather the sums\", before the item is solved; "
		    "say what each step needs instead\n" },
		{ HEAD2 ORDER("['Not: all-gather the sums, then reduce-scatter the chunks.']", "f") TAIL, "" },
		{ HEAD2 ORDER("['h']", "Split the buffer; reduce-scatter the chunks; all-gather the sums.") TAIL, "step 2's "
		    "feedback lists every step in the right order, before the item is solved; hint at what each step needs "
		    "first instead\n" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *w = lint_of(cases[i].json);
		ck_assert_msg(strcmp(w, cases[i].want) == 0, "case %zu: %s", i, w);
		free(w);
	}
}
END_TEST

/* A match item whose first hint is HINT. */
#define MATCH(hint) \
	"{'id':'m','kind':'match','difficulty':'easy','prompt':'p','explanation':'e','hints':['" hint "']," \
	"'pairs':[{'left':'The dataset is huge','right':'Data parallelism','feedback':{'Tensor parallelism':'f'," \
	"'Expert parallelism':'f'}},{'left':'A layer is too big','right':'Tensor parallelism','feedback':" \
	"{'Data parallelism':'f','Expert parallelism':'f'}}],'distractors':['Expert parallelism']}"

/* A pair is given away whole, not by one side of it. */
START_TEST(test_match_pairs)
{
	char *w = lint_of(HEAD2 MATCH("When the dataset is huge, think of data parallelism.") TAIL);
	ck_assert_str_eq(w, "hint 1 holds pair 1 whole (\"The dataset is huge\" with \"Data parallelism\"), before the "
	    "item is solved; hint at how to tell the answers apart instead\n");
	free(w);
	const char *fine[] = { "Ask what does not fit: the data, or the model.", "The dataset is huge: what is cut?",
		"The dataset is huge, but tensor parallelism is for another case." };
	assert_quiet(HEAD2 MATCH("%s") TAIL, fine, sizeof fine / sizeof fine[0]);
}
END_TEST

/* An explore item (27 micro-batches meet the goal with the fewest) whose
 * first hint is HINT. */
#define EXPLORE(hint) \
	"{'id':'x','kind':'explore','difficulty':'easy','prompt':'A GPipe pipeline of 4 stages: raise the micro-batches " \
	"until the bubble is at most 10 per cent, with the fewest.','explanation':'e','hints':['" hint "'],'figure':{'type':" \
	"'pipeline','schedule':'gpipe','stages':4,'microbatches':4},'knobs':{'microbatches':{'min':1,'max':64}}," \
	"'goal':{'all':[{'value':'bubble_percent','at_most':10}],'minimise':'microbatches'}}"

/* An interleaved pipeline (4 chunks meet the goal with the fewest) whose
 * first hint is HINT. */
#define CHUNKS(hint) \
	"{'id':'x','kind':'explore','difficulty':'easy','prompt':'Turn the chunks up until the bubble is at most 10 per " \
	"cent, with the fewest.','explanation':'e','hints':['" hint "'],'figure':{'type':'pipeline','schedule':" \
	"'interleaved','stages':4,'microbatches':8,'chunks':2},'knobs':{'chunks':{'min':2,'max':8}},'goal':{'all':" \
	"[{'value':'bubble_percent','at_most':10}],'minimise':'chunks'}}"

/* The winning setting, when --check can know it, is not said before. */
START_TEST(test_explore_setting)
{
	char *w = lint_of(HEAD2 EXPLORE("Set it to 27.") TAIL);
	ck_assert_str_eq(w, "hint 1 states the setting that meets the goal (\"microbatches\" at 27), before the item is "
	    "solved; hint at how to find it instead\n");
	free(w);
	const char *fine[] = { "The bubble is (p - 1)/(m + p - 1) of the time.", "With p = 4 stages, 3/(m + 3).",
		"Try 270 or 2.7 or 27-ish sizes." };
	assert_quiet(HEAD2 EXPLORE("%s") TAIL, fine, sizeof fine / sizeof fine[0]);
	/* One digit (4 chunks win) only as the setting: "p = 4" is another number. */
	const char *told[] = { "Set the chunks to 4.", "chunks = 4", "The answer is 4." };
	for (size_t i = 0; i < sizeof told / sizeof told[0]; i++) {
		w = lint_with(HEAD2 CHUNKS("%s") TAIL, told[i]);
		ck_assert_msg(strstr(w, "hint 1 states the setting that meets the goal (\"chunks\" at 4)") != NULL, "%s: %s",
		    told[i], w);
		free(w);
	}
	const char *untold[] = { "With p = 4 and m = 8, solve 3/(8v + 3) at most 0.1.", "Each of 4 stages idles." };
	assert_quiet(HEAD2 CHUNKS("%s") TAIL, untold, sizeof untold / sizeof untold[0]);
}
END_TEST

/* Whole words only, with or without case. */
START_TEST(test_contains_word)
{
	ck_assert(lint_contains_word("use shard here", "shard", false));
	ck_assert(!lint_contains_word("use sharding here", "shard", false));
	ck_assert(!lint_contains_word("use Shard here", "shard", false));
	ck_assert(lint_contains_word("use Shard here", "shard", true));
	ck_assert(lint_contains_word("x.all_gather(y)", "all_gather", false));
	ck_assert(!lint_contains_word("x.all_gather_into(y)", "all_gather", false));
	ck_assert(lint_contains_word("a -> b", "->", false));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("lint");
	TCase *tc = tcase_create("rules");
	tcase_add_test(tc, test_key_longest_margin);
	tcase_add_test(tc, test_key_longest_lesson);
	tcase_add_test(tc, test_above);
	tcase_add_test(tc, test_solution_letters);
	tcase_add_test(tc, test_hint_leaks);
	tcase_add_test(tc, test_contains_word);
	tcase_add_test(tc, test_pick_hint_case);
	tcase_add_test(tc, test_option_feedback);
	tcase_add_test(tc, test_order_places);
	tcase_add_test(tc, test_match_pairs);
	tcase_add_test(tc, test_explore_setting);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

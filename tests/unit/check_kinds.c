/* check_kinds.c - grading the format-2 kinds: numbers and units, text
 * normalisation and near misses, match as fill, order positions; their
 * progress (typed wrong answers, misconceptions) and item hashes. */
#include <locale.h>
#include <math.h>
#include <stdio.h>

#include "paratutor/load/load_kind.h"
#include "progress_util.h"

/* Lessons are written with ' for " (see mk). */
#define KHEAD "{'format':2,'id':'k','title':'T','summary':'s','attempts':3,'items':["
#define K_NUMERIC \
	"{'id':'num','kind':'numeric','difficulty':'easy','prompt':'How many bytes?'," \
	"'answer':{'value':112,'relative':0.01}," \
	"'units':{'GB':1,'MB':0.001,'Mb':0.000125,'B':1e-9,'gb':1,'%':0.01,'bytes':1e-9}," \
	"'wrong':[{'value':104,'tolerance':0.5,'feedback':'fb-gib'},{'min':-10,'max':-1,'feedback':'fb-neg'}]," \
	"'hints':['h'],'explanation':'e'}"
#define K_PLAIN \
	"{'id':'plain','kind':'numeric','difficulty':'easy','prompt':'How many?','answer':{'value':16}," \
	"'hints':['h'],'explanation':'e'}"
#define K_TEXT \
	"{'id':'txt','kind':'text','difficulty':'easy','prompt':'Which class?'," \
	"'accept':['DistributedSampler','torch.utils.data.DistributedSampler','Fork','rank','cpu']," \
	"'wrong':[{'answer':'DataParallel','feedback':'fb-dp'},{'answer':'Distributed Sampler','feedback':'fb-space'}]," \
	"'hints':['h'],'explanation':'e'}"
#define K_CASED \
	"{'id':'cased','kind':'text','difficulty':'easy','prompt':'Which variable?','accept':['RANK'],'case_sensitive':true," \
	"'hints':['h'],'explanation':'e'}"
#define K_MATCH \
	"{'id':'mat','kind':'match','difficulty':'easy','prompt':'Match.'," \
	"'pairs':[{'left':'huge data','right':'DP','feedback':{'TP':'fb-tp','EP':'fb-ep'}}," \
	"{'left':'huge layer','right':'TP','feedback':{'DP':'fb-dp1','EP':'fb-ep1'}}],'distractors':['EP']," \
	"'hints':['h'],'explanation':'e'}"
#define K_ORDER \
	"{'id':'ord','kind':'order','difficulty':'easy','prompt':'Order.'," \
	"'steps':[{'text':'split'},{'text':'reduce-scatter','feedback':'fb-rs'},{'text':'all-gather','feedback':'fb-ag'}]," \
	"'hints':['h'],'explanation':'e'}"
#define K_PERCENT \
	"{'id':'pct','kind':'numeric','difficulty':'easy','prompt':'What share, in %?'," \
	"'answer':{'value':21.7,'tolerance':0.05},'units':{'%':1,'percent':1}," \
	"'wrong':[{'value':0.217,'tolerance':0.0005,'feedback':'fb-fraction gives 21.7'}]," \
	"'hints':['h'],'explanation':'e'}"
#define K_FRACTION \
	"{'id':'frac','kind':'numeric','difficulty':'easy','prompt':'What fraction?'," \
	"'answer':{'value':0.25,'tolerance':0.001},'hints':['h'],'explanation':'e'}"
#define K_API \
	"{'id':'api','kind':'text','difficulty':'easy','prompt':'Which method?','accept':['GradScaler.unscale_']," \
	"'hints':['h'],'explanation':'e'}"
#define lesson_k KHEAD K_NUMERIC "," K_PLAIN "," K_TEXT "," K_CASED "," K_MATCH "," K_ORDER "," \
	K_PERCENT "," K_FRACTION "," K_API TAIL

static pt_lesson *k;

/* Loads the lesson before each test. */
static void k_setup(void)
{
	k = mk(lesson_k);
}

/* Frees it after. */
static void k_teardown(void)
{
	lesson_free(k);
}

/* Returns grade_number's code for s on item i, with the value in *v. */
static pt_number_rc number(size_t i, const char *s, double *v)
{
	return grade_number(&k->items[i], s, v);
}

/* Asserts that s reads as want (in the answer's unit) on item i. */
static void number_is(size_t i, const char *s, double want)
{
	double v = -12345;
	ck_assert_msg(number(i, s, &v) == PT_NUMBER_OK, "\"%s\" did not read as a number", s);
	ck_assert_msg(fabs(v - want) <= 1e-12 * fabs(want), "\"%s\" read as %.17g, not %.17g", s, v, want);
}

/* Every accepted way of writing a number reads right. */
START_TEST(test_number_forms)
{
	number_is(0, "112", 112);
	number_is(0, "  112  ", 112);
	number_is(0, "112 GB", 112);
	number_is(0, "112GB", 112);
	number_is(0, "1.12e11 B", 112);
	number_is(0, "1.12E+11bytes", 112);
	number_is(0, "112000 MB", 112);
	number_is(0, "0.25", 0.25);
	number_is(0, ".5", 0.5);
	number_is(0, "25 %", 0.25);
	number_is(0, "-3", -3);
	number_is(0, "+3", 3);
	number_is(0, "1,024", 1024);
	number_is(0, "1,024,000.5", 1024000.5);
	number_is(0, "12345678901234567890123", 12345678901234567890123.0);
	number_is(0, "1e-3", 0.001);
	double v;
	ck_assert_int_eq(number(0, "", &v), PT_NUMBER_EMPTY);
	ck_assert_int_eq(number(0, "   ", &v), PT_NUMBER_EMPTY);
	ck_assert_int_eq(number(0, "abc", &v), PT_NUMBER_NOT_NUMBER);
	ck_assert_int_eq(number(0, "1,02", &v), PT_NUMBER_NOT_NUMBER);
	ck_assert_int_eq(number(0, "1,0245", &v), PT_NUMBER_NOT_NUMBER);
	ck_assert_int_eq(number(0, "12,34,567", &v), PT_NUMBER_NOT_NUMBER);
	ck_assert_int_eq(number(0, "1234,567", &v), PT_NUMBER_NOT_NUMBER);
	ck_assert_int_eq(number(0, "1,5", &v), PT_NUMBER_NOT_NUMBER);
	ck_assert_int_eq(number(0, "1.2.3", &v), PT_NUMBER_NOT_NUMBER);
	ck_assert_int_eq(number(0, "- 3", &v), PT_NUMBER_NOT_NUMBER);
	ck_assert_int_eq(number(0, "1e999", &v), PT_NUMBER_NOT_NUMBER);
	number_is(1, "5.", 5);
	number_is(1, "1.e3", 1000);
	number_is(1, "1000000000000000000000000000000000000000000000000000000000000000000000000000000", 1e78);
	ck_assert_int_eq(number(1, "0x10", &v), PT_NUMBER_UNKNOWN_UNIT); /* 0 in unit "x10", never hex */
	ck_assert_int_eq(number(1, "inf", &v), PT_NUMBER_NOT_NUMBER);
}
END_TEST

/* A decimal point is '.' whatever LC_NUMERIC says: under a locale whose
 * point is ',' (LOCPATH at one made by localedef -i de_DE -f UTF-8), "2.5"
 * is still 2.5
 * and "2,5" no number. */
START_TEST(test_number_locale)
{
	if (setlocale(LC_NUMERIC, "de_DE.UTF-8") == NULL) {
		printf("SKIP number_locale: no de_DE.UTF-8 locale here (make unit-tests builds one into build/locale; "
		    "or install locales-all)\n");
		return;
	}
	number_is(1, "2.5", 2.5);
	ck_assert_double_eq(grade_decimal("2.5", NULL), 2.5);
	double v;
	ck_assert_int_eq(number(1, "2,5", &v), PT_NUMBER_NOT_NUMBER);
	setlocale(LC_NUMERIC, "C");
}
END_TEST

/* Units match exactly first, then ignoring case when only one does. */
START_TEST(test_units)
{
	double v;
	number_is(0, "112000 MB", 112);  /* exact: MB, not Mb */
	number_is(0, "896000 Mb", 112);  /* exact: Mb */
	ck_assert_int_eq(number(0, "112000 mb", &v), PT_NUMBER_UNKNOWN_UNIT); /* MB or Mb? */
	number_is(0, "112 gb", 112);     /* exact: gb */
	number_is(0, "112e9 BYTES", 112); /* only "bytes" folds to it */
	ck_assert_int_eq(number(0, "112 kg", &v), PT_NUMBER_UNKNOWN_UNIT);
	ck_assert_int_eq(number(0, "112 G B", &v), PT_NUMBER_UNKNOWN_UNIT);
	/* An item without units takes plain numbers only. */
	number_is(1, "16", 16);
	ck_assert_int_eq(number(1, "16 B", &v), PT_NUMBER_UNKNOWN_UNIT);
}
END_TEST

/* Numeric grading: right within the range, a wrong range's feedback, and
 * input that is not understood costs nothing and says what is accepted. */
START_TEST(test_numeric_grading)
{
	pt_grade g;
	grade_init(&g, &k->items[0]);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_INCOMPLETE);
	ck_assert_int_eq(grade_fill(&g, 0, 0), PT_GRADE_RANGE);
	ck_assert_int_eq(grade_pick(&g, 0), PT_GRADE_RANGE);
	ck_assert_int_eq(grade_type(&g, "about a hundred"), PT_GRADE_OK);
	ck_assert(grade_ready(&g));
	ck_assert_int_eq(grade_check(&g), PT_GRADE_UNCLEAR);
	ck_assert_int_eq(g.attempts_left, 3);
	ck_assert_int_eq(g.checks, 0);
	ck_assert_ptr_nonnull(strstr(grade_said(&g), "Type a number"));
	ck_assert_ptr_nonnull(strstr(grade_said(&g), "GB, MB"));
	grade_type(&g, "112 furlongs");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_UNCLEAR);
	ck_assert_ptr_nonnull(strstr(grade_said(&g), "not one this answer takes"));
	grade_type(&g, "104 GB");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_OPEN);
	ck_assert_int_eq(g.attempts_left, 2);
	ck_assert_int_eq(g.marks[0], PT_MARK_WRONG);
	ck_assert_str_eq(grade_said(&g), "fb-gib");
	grade_type(&g, "50");
	ck_assert_ptr_null(grade_said(&g)); /* typing clears what was said */
	ck_assert_int_eq(g.marks[0], PT_MARK_NONE);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_ptr_null(grade_said(&g)); /* wrong, with no feedback */
	grade_type(&g, "1.12e11 B"); /* 112 GB, inside 1% */
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_int_eq(g.marks[0], PT_MARK_RIGHT);
	ck_assert_int_eq(grade_type(&g, "1"), PT_GRADE_CLOSED);

	grade_init(&g, &k->items[0]);
	grade_type(&g, "113.1"); /* 112 + 1% = 113.12 */
	grade_check(&g);
	ck_assert_int_eq(g.status, PT_SOLVED);
	grade_init(&g, &k->items[0]);
	grade_type(&g, "113.2");
	grade_check(&g);
	ck_assert_int_eq(g.status, PT_OPEN);

	grade_init(&g, &k->items[1]); /* tolerance 0, no units */
	grade_type(&g, "16 B");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_UNCLEAR);
	ck_assert_str_eq(grade_said(&g), "This answer takes no unit: type just the number.");
	grade_type(&g, "16.0");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
}
END_TEST

/* Slips cost nothing and say nothing about a wrong answer: a fraction for
 * a percentage (before the wrong value that would give the answer away),
 * a percentage for a fraction, a qualified name whose tail is the answer.
 * The same answer checked again is no check either. */
START_TEST(test_slips_are_free)
{
	pt_grade g;
	grade_init(&g, &k->items[6]);
	grade_type(&g, "0.217");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_UNCLEAR);
	ck_assert_int_eq(g.checks, 0);
	ck_assert_ptr_nonnull(strstr(grade_said(&g), "percentage"));
	ck_assert_ptr_null(strstr(grade_said(&g), "21.7"));
	grade_type(&g, "0.5");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.attempts_left, 2);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_REPEAT);
	grade_type(&g, "0.5"); /* unchanged: the check's mark stays */
	ck_assert_int_eq(g.marks[0], PT_MARK_WRONG);
	grade_type(&g, " 0.50 ");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_REPEAT); /* the same number */
	ck_assert_int_eq(g.attempts_left, 2);
	grade_type(&g, "21.7 %");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);

	grade_init(&g, &k->items[7]);
	grade_type(&g, "25");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_UNCLEAR);
	ck_assert_ptr_nonnull(strstr(grade_said(&g), "fraction"));
	ck_assert_int_eq(g.attempts_left, 3);

	grade_init(&g, &k->items[8]);
	grade_type(&g, "torch.amp.GradScaler.unscale_");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_SPELLING);
	ck_assert_int_eq(g.checks, 0);
	grade_type(&g, "torch.amp.GradScaler.step");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK); /* a wrong tail is a wrong check */
	ck_assert_int_eq(g.attempts_left, 2);
}
END_TEST

/* A near miss is free once per pass; the next counts as a wrong check and
 * says nothing about being near. */
START_TEST(test_near_miss_once)
{
	pt_grade g;
	grade_init(&g, &k->items[2]);
	grade_type(&g, "DistributedSamplr");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_SPELLING);
	ck_assert_int_eq(g.attempts_left, 3);
	grade_type(&g, "DistributedSampel");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.attempts_left, 2);
	ck_assert_int_eq(g.marks[0], PT_MARK_WRONG);
	ck_assert(grade_said(&g) == NULL || strstr(grade_said(&g), "Nearly") == NULL);
	grade_type(&g, "DistributedSampler");
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_int_eq(grade_score(&g), 75);
}
END_TEST

/* A typed answer longer than the buffer is cut at a character boundary. */
START_TEST(test_type_cut)
{
	pt_grade g;
	grade_init(&g, &k->items[2]);
	char long_text[300];
	memset(long_text, 'a', sizeof long_text);
	memcpy(long_text + PT_MAX_TYPED - 2, "\xc3\xa9", 2); /* é across the cut */
	long_text[sizeof long_text - 1] = '\0';
	ck_assert_int_eq(grade_type(&g, long_text), PT_GRADE_OK);
	ck_assert_uint_eq(strlen(g.typed), PT_MAX_TYPED - 2);
}
END_TEST

/* Normalising trims, folds space runs and (unless case sensitive) case. */
START_TEST(test_normalise)
{
	char out[64];
	grade_normalise(&k->items[2], "  Distributed \t  SAMPLER  ", out, sizeof out);
	ck_assert_str_eq(out, "distributed sampler");
	grade_normalise(&k->items[3], "  Rank  Zero ", out, sizeof out);
	ck_assert_str_eq(out, "Rank Zero");
	grade_normalise(&k->items[2], "\xc3\x89T\xc3\x89", out, sizeof out);
	ck_assert_str_eq(out, "\xc3\x89t\xc3\x89"); /* only ASCII folds */
	grade_normalise(&k->items[2], "abcdef", out, 4);
	ck_assert_str_eq(out, "abc");
}
END_TEST

/* Returns the code of checking s on item i from a fresh state in *g. */
static pt_grade_rc check_typed(pt_grade *g, size_t i, const char *s)
{
	grade_init(g, &k->items[i]);
	grade_type(g, s);
	return grade_check(g);
}

/* Text grading: accepted after normalising, known wrong answers, and near
 * misses that cost no attempt. */
START_TEST(test_text_grading)
{
	pt_grade g;
	ck_assert_int_eq(check_typed(&g, 2, " distributedSAMPLER "), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_int_eq(check_typed(&g, 2, "dataparallel"), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_OPEN);
	ck_assert_int_eq(g.attempts_left, 2);
	ck_assert_str_eq(grade_said(&g), "fb-dp");
	/* Distance 1 of a known wrong answer's neighbour: the wrong answer wins. */
	ck_assert_int_eq(check_typed(&g, 2, "distributed  sampler"), PT_GRADE_OK);
	ck_assert_str_eq(grade_said(&g), "fb-space");
	/* 18 characters: up to 2 edits is a spelling slip. */
	ck_assert_int_eq(check_typed(&g, 2, "DistributedSampeler"), PT_GRADE_SPELLING);
	ck_assert_int_eq(g.attempts_left, 3);
	ck_assert_int_eq(g.checks, 0);
	ck_assert(!g.checked);
	ck_assert_ptr_nonnull(strstr(grade_said(&g), "check the spelling"));
	ck_assert_int_eq(check_typed(&g, 2, "DistribtedSampeler"), PT_GRADE_SPELLING);
	ck_assert_int_eq(check_typed(&g, 2, "DistribtdSampeler"), PT_GRADE_OK); /* 3 edits: wrong */
	ck_assert_int_eq(g.attempts_left, 2);
	/* 4 characters: 1 edit. */
	ck_assert_int_eq(check_typed(&g, 2, "Frok"), PT_GRADE_OK); /* a swap is 2 edits */
	ck_assert_int_eq(check_typed(&g, 2, "Forks"), PT_GRADE_SPELLING);
	ck_assert_int_eq(check_typed(&g, 2, "Forkss"), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_OPEN);
	/* Under 4 characters: no near miss at all. */
	ck_assert_int_eq(check_typed(&g, 2, "cpus"), PT_GRADE_OK);
	ck_assert_int_eq(g.attempts_left, 2);
	/* Case sensitive: case is part of the answer. */
	ck_assert_int_eq(check_typed(&g, 3, "RANKS"), PT_GRADE_SPELLING);
	ck_assert_int_eq(check_typed(&g, 3, "rank"), PT_GRADE_OK); /* four edits: wrong */
	ck_assert_int_eq(g.attempts_left, 2);
	ck_assert_int_eq(check_typed(&g, 3, "RANK"), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_int_eq(check_typed(&g, 2, "ranks"), PT_GRADE_SPELLING);
	ck_assert_int_eq(check_typed(&g, 2, "rank"), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
}
END_TEST

/* Match grades like fill: a right pair locks, a wrong one gives its
 * feedback, and the pair slots are the left prompts. */
START_TEST(test_match_grading)
{
	const pt_item *it = &k->items[4];
	ck_assert_uint_eq(it->n_lefts, 2);
	ck_assert_uint_eq(it->bank.n, 3);
	ck_assert_str_eq(it->bank.v[0].s, "DP");
	ck_assert_str_eq(it->bank.v[1].s, "TP");
	ck_assert_str_eq(it->bank.v[2].s, "EP");
	pt_grade g;
	grade_init(&g, it);
	ck_assert_int_eq(grade_slots(&g), 2);
	ck_assert_int_eq(grade_fill(&g, 0, 0), PT_GRADE_OK);
	ck_assert_int_eq(grade_next_empty(&g, 0), 1);
	ck_assert_int_eq(grade_fill(&g, 1, 2), PT_GRADE_OK);
	ck_assert_int_eq(grade_type(&g, "DP"), PT_GRADE_RANGE);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.marks[0], PT_MARK_RIGHT);
	ck_assert_int_eq(g.marks[1], PT_MARK_WRONG);
	/* While open, the locked right pair shows its tick, as a fill blank. */
	ck_assert_int_eq(session_shown_mark(&g, 0), PT_MARK_RIGHT);
	ck_assert_int_eq(session_shown_mark(&g, 1), PT_MARK_WRONG);
	ck_assert_str_eq(lesson_blank_feedback(it, 1, (size_t)g.fill[1]), "fb-ep1");
	ck_assert_uint_eq(g.wrong_seen, 1u << 2);
	ck_assert_int_eq(grade_fill(&g, 0, 1), PT_GRADE_LOCKED);
	ck_assert_int_eq(grade_fill(&g, 1, 1), PT_GRADE_OK);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
}
END_TEST

/* Order: each position right or wrong, nothing locks, the first step out
 * of place is named with its feedback, placing a step moves it. */
START_TEST(test_order_grading)
{
	const pt_item *it = &k->items[5];
	ck_assert_uint_eq(it->steps.n, 3);
	ck_assert_uint_eq(it->bank.n, 3);
	pt_grade g;
	grade_init(&g, it);
	ck_assert_int_eq(grade_slots(&g), 3);
	ck_assert_int_eq(g.first_out_of_place, -1);
	grade_fill(&g, 0, 0);
	grade_fill(&g, 1, 2); /* all-gather too early */
	grade_fill(&g, 2, 1);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.marks[0], PT_MARK_RIGHT);
	ck_assert_int_eq(g.marks[1], PT_MARK_WRONG);
	ck_assert_int_eq(g.marks[2], PT_MARK_WRONG);
	ck_assert_int_eq(g.first_out_of_place, 1);
	ck_assert_str_eq(grade_said(&g), "fb-ag");
	ck_assert(!g.locked[0]);
	/* Nothing locks, so a right position is not shown as right. */
	ck_assert_int_eq(session_shown_mark(&g, 0), PT_MARK_NONE);
	ck_assert_int_eq(session_shown_mark(&g, 1), PT_MARK_WRONG);
	ck_assert_int_eq(g.attempts_left, 2);
	/* Placing reduce-scatter at 2 moves it from 3, which empties. */
	ck_assert_int_eq(grade_fill(&g, 1, 1), PT_GRADE_OK);
	ck_assert_int_eq(g.fill[2], -1);
	ck_assert(!grade_ready(&g));
	ck_assert_int_eq(grade_next_empty(&g, 0), 2);
	grade_fill(&g, 2, 2);
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert_int_eq(g.first_out_of_place, -1);
	ck_assert_int_eq(grade_outcome(&g), PT_OUTCOME_RETRIES);
}
END_TEST

/* Grading compares text: a copy with the bank shuffled grades the same. */
START_TEST(test_order_shuffled_copy)
{
	pt_item copy = k->items[5];
	pt_text bank[3] = { copy.bank.v[2], copy.bank.v[0], copy.bank.v[1] };
	copy.bank.v = bank; /* all-gather, split, reduce-scatter */
	pt_grade g;
	grade_init(&g, &copy);
	grade_fill(&g, 0, 1);
	grade_fill(&g, 1, 2);
	grade_fill(&g, 2, 0);
	grade_check(&g);
	ck_assert_int_eq(g.status, PT_SOLVED);
	ck_assert(lesson_item_hash(&copy) == lesson_item_hash(&k->items[5]));
}
END_TEST

/* A solved pass restores with the right answer in place. */
START_TEST(test_restore)
{
	pt_grade g;
	grade_restore(&g, &k->items[0], PT_OUTCOME_FIRST_TIME, 1, 0, NULL, 0);
	ck_assert_str_eq(g.typed, "112");
	ck_assert_int_eq(g.marks[0], PT_MARK_RIGHT);
	grade_restore(&g, &k->items[2], PT_OUTCOME_RETRIES, 2, 0, NULL, 0);
	ck_assert_str_eq(g.typed, "DistributedSampler");
	char *wrong[] = { "all-gather" };
	grade_restore(&g, &k->items[5], PT_OUTCOME_RETRIES, 2, 0, wrong, 1);
	ck_assert_int_eq(g.status, PT_SOLVED);
	for (int p = 0; p < 3; p++)
		ck_assert_str_eq(k->items[5].bank.v[g.fill[p]].s, k->items[5].steps.v[p].s);
	ck_assert_uint_eq(g.wrong_seen, 1u << 2);
}
END_TEST

/* Wrong typed answers are kept by their normalised form, and the
 * misconceptions view finds each kind's feedback. */
START_TEST(test_progress_typed)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_k));
	const pt_lesson *l = cat.v[0].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	grade_init(&g, &l->items[0]);
	grade_type(&g, "104,000 MB"); /* 104 GB: fb-gib */
	ck_assert_int_eq(grade_check(&g), PT_GRADE_OK);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	grade_type(&g, "104");
	grade_check(&g);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	const pt_record *r = progress_find(s, "k", "num");
	ck_assert_uint_eq(r->n_wrong, 1);
	ck_assert_str_eq(r->wrong[0], "104");

	grade_init(&g, &l->items[2]);
	grade_type(&g, "  Data  PARALLEL ");
	grade_check(&g);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	grade_type(&g, "DistributedSampeler"); /* a spelling slip is no check */
	ck_assert_int_eq(grade_check(&g), PT_GRADE_SPELLING);
	r = progress_find(s, "k", "txt");
	ck_assert_uint_eq(r->n_wrong, 1);
	ck_assert_str_eq(r->wrong[0], "data parallel");

	grade_init(&g, &l->items[5]);
	grade_fill(&g, 0, 1);
	grade_fill(&g, 1, 0);
	grade_fill(&g, 2, 2);
	grade_check(&g);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	grade_init(&g, &l->items[4]);
	grade_fill(&g, 0, 2);
	grade_fill(&g, 1, 1);
	grade_check(&g);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));

	pt_misconception m[8];
	size_t n = 0;
	ck_assert(progress_misconceptions(s, &cat, "k", m, 8, &n));
	const char *want[] = { "fb-gib", "fb-rs", "fb-ep" };
	size_t found = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t w = 0; w < 3; w++)
			found += strcmp(m[i].feedback, want[w]) == 0;
	ck_assert_uint_eq(found, 3);
	ck_assert_str_eq(grade_wrong_feedback(&l->items[2], "DATAPARALLEL"), "fb-dp");
	ck_assert_ptr_null(grade_wrong_feedback(&l->items[0], "112"));
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* The item hash follows each kind's graded content. */
START_TEST(test_hash)
{
	static const char *const variants[] = {
		KHEAD "{'id':'num','kind':'numeric','difficulty':'easy','prompt':'How many bytes?','answer':{'value':113,'relative':0.01},'hints':['h'],'explanation':'e'}" TAIL,
		KHEAD "{'id':'txt','kind':'text','difficulty':'easy','prompt':'x','accept':['Sampler'],'hints':['h'],'explanation':'e'}" TAIL,
		KHEAD "{'id':'mat','kind':'match','difficulty':'easy','prompt':'Match.','pairs':[{'left':'huge data','right':'TP','feedback':{'DP':'a','EP':'b'}},{'left':'huge layer','right':'DP','feedback':{'TP':'c','EP':'d'}}],'distractors':['EP'],'hints':['h'],'explanation':'e'}" TAIL,
		KHEAD "{'id':'ord','kind':'order','difficulty':'easy','prompt':'Order.','steps':[{'text':'split'},{'text':'all-gather'},{'text':'reduce-scatter'}],'hints':['h'],'explanation':'e'}" TAIL,
	};
	static const size_t of[] = { 0, 2, 4, 5 };
	for (size_t i = 0; i < 4; i++) {
		pt_lesson *v = mk(variants[i]);
		ck_assert_msg(lesson_item_hash(&v->items[0]) != lesson_item_hash(&k->items[of[i]]), "variant %zu", i);
		lesson_free(v);
	}
	/* Feedback does not decide grading. */
	pt_lesson *same = mk(KHEAD "{'id':'ord','kind':'order','difficulty':'easy','prompt':'Other words.','steps':[{'text':'split'},{'text':'reduce-scatter'},{'text':'all-gather'}],'hints':['h'],'explanation':'e'}" TAIL);
	ck_assert(lesson_item_hash(&same->items[0]) == lesson_item_hash(&k->items[5]));
	lesson_free(same);
}
END_TEST

/* The answer key's hash stays through edits that leave the right answers
 * alone (options reordered, a wrong option reworded or added, prompt and
 * feedback reworded), which change the item hash, and changes with them. */
START_TEST(test_key_hash)
{
#define CHOICE(opts) KHEAD "{'id':'c','kind':'choice','difficulty':'easy','prompt':'Which?','options':[" opts "],'hints':['h'],'explanation':'e'}" TAIL
	static const char *const kept[] = {
		CHOICE("{'text':'B','correct':true},{'text':'A','feedback':'not A'},{'text':'C','feedback':'not C'}"),
		CHOICE("{'text':'Ay','feedback':'not A'},{'text':'B','correct':true},{'text':'C','feedback':'not C'}"),
		CHOICE("{'text':'A','feedback':'not A'},{'text':'B','correct':true},{'text':'C','feedback':'not C'},{'text':'D','feedback':'no'}"),
		KHEAD "{'id':'c','kind':'choice','difficulty':'easy','prompt':'Which one is it?','options':[{'text':'A','feedback':'A is wrong'},{'text':'B','correct':true},{'text':'C','feedback':'not C'}],'hints':['other'],'explanation':'e2'}" TAIL,
	};
	pt_lesson *base = mk(CHOICE("{'text':'A','feedback':'not A'},{'text':'B','correct':true},{'text':'C','feedback':'not C'}"));
	for (size_t i = 0; i < 4; i++) {
		pt_lesson *v = mk(kept[i]);
		ck_assert_msg(lesson_item_key_hash(&v->items[0]) == lesson_item_key_hash(&base->items[0]), "edit %zu", i);
		ck_assert_msg(i == 3 || lesson_item_hash(&v->items[0]) != lesson_item_hash(&base->items[0]), "edit %zu", i);
		lesson_free(v);
	}
	pt_lesson *other = mk(CHOICE("{'text':'A','correct':true},{'text':'B'},{'text':'C','feedback':'not C'}"));
	ck_assert(lesson_item_key_hash(&other->items[0]) != lesson_item_key_hash(&base->items[0]));
	lesson_free(other);
	lesson_free(base);
	/* Each kind's right answers are in it: the variants of test_hash that
	 * change an answer change the key. */
	pt_lesson *num = mk(KHEAD "{'id':'num','kind':'numeric','difficulty':'easy','prompt':'How many bytes?','answer':{'value':113,'relative':0.01},'hints':['h'],'explanation':'e'}" TAIL);
	ck_assert(lesson_item_key_hash(&num->items[0]) != lesson_item_key_hash(&k->items[0]));
	lesson_free(num);
#undef CHOICE
}
END_TEST

int main(void)
{
	Suite *s = suite_create("kinds");
	TCase *tc = tcase_create("grading");
	tcase_add_checked_fixture(tc, k_setup, k_teardown);
	tcase_add_test(tc, test_number_forms);
	tcase_add_test(tc, test_number_locale);
	tcase_add_test(tc, test_units);
	tcase_add_test(tc, test_numeric_grading);
	tcase_add_test(tc, test_slips_are_free);
	tcase_add_test(tc, test_near_miss_once);
	tcase_add_test(tc, test_type_cut);
	tcase_add_test(tc, test_normalise);
	tcase_add_test(tc, test_text_grading);
	tcase_add_test(tc, test_match_grading);
	tcase_add_test(tc, test_order_grading);
	tcase_add_test(tc, test_order_shuffled_copy);
	tcase_add_test(tc, test_restore);
	tcase_add_test(tc, test_progress_typed);
	tcase_add_test(tc, test_hash);
	tcase_add_test(tc, test_key_hash);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

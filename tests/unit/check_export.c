/* check_export.c - export then import: every bundled lesson, written as
 * GIFT and as Moodle XML and read back by paratutor's own importers, gives
 * an equivalent lesson.
 *
 * "Equivalent", field by field (texts compared after folding runs of
 * white space to one space and trimming the ends, as Moodle's formats
 * fold them; control characters, which neither format can hold, are
 * written as spaces and count as white space):
 *   - the items in the same order, minus those the exporter reported as
 *     not representable (GIFT: order items and fill items with other than
 *     one blank), and the exporter's count of left-out items agrees;
 *   - per item: id, kind, difficulty, prompt and explanation;
 *   - choice and multi: the options' texts, correctness and feedback (the
 *     feedback of a choice's right option excepted: Moodle shows it, and
 *     the importer has no place for it);
 *   - fill: code, bank, each blank's first accepted answer; GIFT also the
 *     feedback for each wrong option;
 *   - numeric: the answer's and each wrong range's interval (min and max,
 *     to 1e-9 relative), the wrong ranges' feedback, the common mistakes
 *     (in GIFT joined into the one answer for any other value);
 *     Moodle XML also the units and their factors;
 *   - text: accepted answers, known wrong answers with their feedback;
 *     Moodle XML also case_sensitive and the common mistakes;
 *   - match: left prompts, their right answers, the distractors;
 *   - order (Moodle XML): the steps in order with their feedback;
 *   - Moodle XML: hints, common mistakes and shuffle of every item.
 * What a format cannot carry (hints in GIFT, solutions, references, ...)
 * is not compared: the exporter warns about it instead.  A comparison that
 * is given a lesson with a field taken away must fail: the last tests
 * prove it does. */
#include "testutil.h"

#include "paratutor/catalog/catalog.h"
#include "paratutor/interop/export.h"
#include "paratutor/interop/export_kind.h"
#include "paratutor/interop/gift.h"
#include "paratutor/interop/import.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/interop/moodlexml.h"

#define MAX_DIFFS 8

/* Differences found, as messages. */
typedef struct diffs {
	char v[MAX_DIFFS][400];
	size_t n;
} diffs;

/* Records a difference (the first MAX_DIFFS are kept, all are counted). */
static void differ(diffs *d, const pt_item *it, const char *what, const char *want, const char *got)
{
	if (d->n < MAX_DIFFS)
		snprintf(d->v[d->n], sizeof d->v[0], "item %s: %s: want \"%.120s\", got \"%.120s\"", it->id.s, what,
		    want ? want : "(none)", got ? got : "(none)");
	d->n++;
}

/* Returns s with white space and control characters folded (caller
 * frees); NULL stays NULL. */
static char *fold(const char *s)
{
	if (s == NULL)
		return NULL;
	char *out = malloc(strlen(s) + 1), *o = out;
	ck_assert_ptr_nonnull(out);
	bool space = false;
	for (; *s; s++) {
		if ((unsigned char)*s <= ' ' || *s == 0x7f) {
			space = o > out;
			continue;
		}
		if (space)
			*o++ = ' ';
		space = false;
		*o++ = *s;
	}
	*o = '\0';
	return out;
}

/* Compares two texts after folding white space; an empty text counts as
 * none. */
static void same_text(diffs *d, const pt_item *it, const char *what, const char *want, const char *got)
{
	char *a = fold(want), *b = fold(got);
	bool none_a = a == NULL || a[0] == '\0', none_b = b == NULL || b[0] == '\0';
	if (none_a != none_b || (!none_a && strcmp(a, b) != 0))
		differ(d, it, what, want, got);
	free(a);
	free(b);
}

/* Compares two text lists. */
static void same_list(diffs *d, const pt_item *it, const char *what, const pt_text_list *want,
    const pt_text_list *got)
{
	char n1[24], n2[24];
	if (want->n != got->n) {
		snprintf(n1, sizeof n1, "%zu", want->n);
		snprintf(n2, sizeof n2, "%zu", got->n);
		differ(d, it, what, n1, n2);
		return;
	}
	for (size_t i = 0; i < want->n; i++)
		same_text(d, it, what, want->v[i].s, got->v[i].s);
}

/* Compares two lists as one text, joined by spaces: GIFT gives a numeric
 * question one answer for any other value, so the exporter joins the
 * common mistakes into it. */
static void same_joined(diffs *d, const pt_item *it, const char *what, const pt_text_list *want,
    const pt_text_list *got)
{
	char a[4096] = "", b[4096] = "";
	for (size_t i = 0; i < want->n; i++)
		snprintf(a + strlen(a), sizeof a - strlen(a), "%s%s", i ? " " : "", want->v[i].s);
	for (size_t i = 0; i < got->n; i++)
		snprintf(b + strlen(b), sizeof b - strlen(b), "%s%s", i ? " " : "", got->v[i].s);
	same_text(d, it, what, a, b);
}

/* Returns |x| (the tests link no libm). */
static double magnitude(double x)
{
	return x < 0 ? -x : x;
}

/* Compares two numbers to 1e-9 relative. */
static void same_number(diffs *d, const pt_item *it, const char *what, double want, double got)
{
	double scale = magnitude(want) > magnitude(got) ? magnitude(want) : magnitude(got);
	if (magnitude(want - got) <= 1e-9 * (scale > 1 ? scale : 1))
		return;
	char a[40], b[40];
	snprintf(a, sizeof a, "%.17g", want);
	snprintf(b, sizeof b, "%.17g", got);
	differ(d, it, what, a, b);
}

/* Compares two numeric ranges: interval and feedback. */
static void same_range(diffs *d, const pt_item *it, const pt_range *want, const pt_range *got)
{
	same_number(d, it, "range min", want->min, got->min);
	same_number(d, it, "range max", want->max, got->max);
	same_text(d, it, "range feedback", want->feedback.s, got->feedback.s);
}

/* Compares what both formats carry of a choice or multi item. */
static void same_options(diffs *d, const pt_item *a, const pt_item *b)
{
	if (a->n_options != b->n_options) {
		differ(d, a, "number of options", "", "");
		return;
	}
	for (size_t i = 0; i < a->n_options; i++) {
		same_text(d, a, "option", a->options[i].text.s, b->options[i].text.s);
		if (a->options[i].correct != b->options[i].correct)
			differ(d, a, "option correctness", a->options[i].text.s, b->options[i].text.s);
		if (!(a->kind == PT_KIND_CHOICE && a->options[i].correct))
			same_text(d, a, "option feedback", a->options[i].feedback.s, b->options[i].feedback.s);
	}
}

/* Compares a fill item: code, bank, first accepted answers and (GIFT)
 * the wrong options' feedback. */
static void same_fill(diffs *d, const pt_item *a, const pt_item *b, pt_export_format f)
{
	if (a->code.s == NULL || b->code.s == NULL || strcmp(a->code.s, b->code.s) != 0)
		differ(d, a, "code", a->code.s, b->code.s);
	same_list(d, a, "bank", &a->bank, &b->bank);
	if (a->n_blanks != b->n_blanks) {
		differ(d, a, "number of blanks", "", "");
		return;
	}
	for (size_t k = 0; k < a->n_blanks; k++) {
		same_text(d, a, "accepted answer", a->blanks[k].accept.v[0].s,
		    b->blanks[k].accept.n > 0 ? b->blanks[k].accept.v[0].s : NULL);
		for (size_t o = 0; f == PT_EXPORT_GIFT && o < a->bank.n && a->bank.n == b->bank.n; o++)
			same_text(d, a, "blank feedback", lesson_blank_feedback(a, k, o), lesson_blank_feedback(b, k, o));
	}
}

/* Compares a numeric item. */
static void same_numeric(diffs *d, const pt_item *a, const pt_item *b, pt_export_format f)
{
	same_range(d, a, &a->answer, &b->answer);
	if (a->n_wrong != b->n_wrong) {
		differ(d, a, "number of wrong ranges", "", "");
	} else {
		for (size_t i = 0; i < a->n_wrong; i++)
			same_range(d, a, &a->wrong[i], &b->wrong[i]);
	}
	if (f == PT_EXPORT_GIFT)
		same_joined(d, a, "mistakes", &a->mistakes, &b->mistakes);
	else
		same_list(d, a, "mistakes", &a->mistakes, &b->mistakes);
	if (f != PT_EXPORT_MOODLE_XML)
		return;
	if (a->n_units != b->n_units) {
		differ(d, a, "number of units", "", "");
		return;
	}
	for (size_t i = 0; i < a->n_units; i++) {
		const pt_unit *u = NULL;
		for (size_t k = 0; k < b->n_units; k++)
			if (strcmp(b->units[k].name.s, a->units[i].name.s) == 0)
				u = &b->units[k];
		if (u == NULL)
			differ(d, a, "unit", a->units[i].name.s, NULL);
		else
			same_number(d, a, "unit factor", a->units[i].factor, u->factor);
	}
}

/* Compares a text item. */
static void same_typed(diffs *d, const pt_item *a, const pt_item *b, pt_export_format f)
{
	same_list(d, a, "accepted answers", &a->accept, &b->accept);
	if (a->n_wrong_answers != b->n_wrong_answers) {
		differ(d, a, "number of wrong answers", "", "");
	} else {
		for (size_t i = 0; i < a->n_wrong_answers; i++) {
			same_text(d, a, "wrong answer", a->wrong_answers[i].option.s, b->wrong_answers[i].option.s);
			same_text(d, a, "wrong answer feedback", a->wrong_answers[i].text.s, b->wrong_answers[i].text.s);
		}
	}
	if (f == PT_EXPORT_MOODLE_XML && a->case_sensitive != b->case_sensitive)
		differ(d, a, "case_sensitive", a->case_sensitive ? "true" : "false", b->case_sensitive ? "true" : "false");
}

/* Compares a match item: pairs and distractors. */
static void same_match(diffs *d, const pt_item *a, const pt_item *b)
{
	if (a->n_lefts != b->n_lefts) {
		differ(d, a, "number of pairs", "", "");
		return;
	}
	for (size_t i = 0; i < a->n_lefts; i++) {
		same_text(d, a, "pair left", a->lefts[i].s, b->lefts[i].s);
		same_text(d, a, "pair right", a->blanks[i].accept.v[0].s, b->blanks[i].accept.v[0].s);
	}
	same_list(d, a, "distractors", &a->distractors, &b->distractors);
}

/* Compares an order item: steps and their feedback. */
static void same_order(diffs *d, const pt_item *a, const pt_item *b)
{
	same_list(d, a, "steps", &a->steps, &b->steps);
	for (size_t i = 0; i < a->steps.n && a->steps.n == b->steps.n; i++)
		same_text(d, a, "step feedback", a->step_feedback ? a->step_feedback[i].s : NULL,
		    b->step_feedback ? b->step_feedback[i].s : NULL);
}

/* Compares one item of the original (a) with its round trip (b). */
static void same_item(diffs *d, const pt_item *a, const pt_item *b, pt_export_format f)
{
	if (strcmp(a->id.s, b->id.s) != 0)
		differ(d, a, "id", a->id.s, b->id.s);
	if (a->kind != b->kind) {
		differ(d, a, "kind", lesson_kind_name(a->kind), lesson_kind_name(b->kind));
		return;
	}
	if (a->difficulty != b->difficulty)
		differ(d, a, "difficulty", lesson_difficulty_name(a->difficulty), lesson_difficulty_name(b->difficulty));
	same_text(d, a, "prompt", a->prompt.s, b->prompt.s);
	same_text(d, a, "explanation", a->explanation.s, b->explanation.s);
	if (f == PT_EXPORT_MOODLE_XML) {
		same_list(d, a, "hints", &a->hints, &b->hints);
		if (a->kind != PT_KIND_NUMERIC)
			same_list(d, a, "mistakes", &a->mistakes, &b->mistakes);
		if (a->shuffle != b->shuffle && a->kind != PT_KIND_ORDER && a->kind != PT_KIND_NUMERIC &&
		    a->kind != PT_KIND_TEXT)
			differ(d, a, "shuffle", a->shuffle ? "true" : "false", b->shuffle ? "true" : "false");
	}
	switch (a->kind) {
	case PT_KIND_CHOICE:
	case PT_KIND_MULTI: same_options(d, a, b); break;
	case PT_KIND_FILL: same_fill(d, a, b, f); break;
	case PT_KIND_NUMERIC: same_numeric(d, a, b, f); break;
	case PT_KIND_TEXT: same_typed(d, a, b, f); break;
	case PT_KIND_MATCH: same_match(d, a, b); break;
	case PT_KIND_ORDER: same_order(d, a, b); break;
	case PT_KIND_EXPLORE: break; /* never representable: see below */
	case PT_KIND_COUNT: break; /* not a kind */
	}
}

/* Returns true when text starts with c after spaces or tabs. */
static bool starts_with(const char *text, char c)
{
	return text[strspn(text, " \t")] == c;
}

/* Returns true when the format holds the item: the rules the exporter
 * documents (docs/formats.md, "Exporting to Moodle") and warns about. */
static bool representable(const pt_item *it, pt_export_format f)
{
	if (it->kind == PT_KIND_EXPLORE)
		return false; /* its knobs and figure have no question type: exported with a warning */
	if (f == PT_EXPORT_MOODLE_XML) {
		for (const char *p = it->kind == PT_KIND_FILL ? it->code.s : ""; (p = strstr(p, "[[")) != NULL; p++)
			if (strspn(p + 2, "0123456789") > 0 && strncmp(p + 2 + strspn(p + 2, "0123456789"), "]]", 2) == 0)
				return false; /* Moodle would read a gap there */
		return true;
	}
	if (it->kind == PT_KIND_ORDER || (it->kind == PT_KIND_FILL && it->n_blanks != 1))
		return false;
	for (size_t i = 0; it->kind == PT_KIND_MATCH && i < it->n_lefts; i++)
		if (strstr(it->lefts[i].s, "->") != NULL || starts_with(it->lefts[i].s, '%'))
			return false;
	for (size_t i = 0; it->kind == PT_KIND_TEXT && i < it->accept.n; i++)
		if (strstr(it->accept.v[i].s, "->") != NULL)
			return false;
	for (size_t i = 0; it->kind == PT_KIND_TEXT && i < it->n_wrong_answers; i++)
		if (strstr(it->wrong_answers[i].option.s, "->") != NULL)
			return false;
	return true;
}

/* Compares a lesson with its round trip; returns the differences. */
static diffs compare(const pt_lesson *a, const pt_lesson *b, pt_export_format f)
{
	diffs d = { .n = 0 };
	size_t k = 0;
	for (size_t i = 0; i < a->n_items; i++) {
		/* An explore item goes out as a numerical question or a
		 * description (warned), which may come back as an item of its own. */
		if (a->items[i].kind == PT_KIND_EXPLORE && k < b->n_items && strcmp(b->items[k].id.s, a->items[i].id.s) == 0)
			k++;
		if (!representable(&a->items[i], f))
			continue;
		if (k == b->n_items) {
			differ(&d, &a->items[i], "item", a->items[i].id.s, NULL);
			continue;
		}
		same_item(&d, &a->items[i], &b->items[k++], f);
	}
	if (k != b->n_items)
		differ(&d, &b->items[k], "extra item", NULL, b->items[k].id.s);
	if (strcmp(a->title.s, b->title.s) != 0)
		differ(&d, &a->items[0], "lesson title", a->title.s, b->title.s);
	return d;
}

/* Exports lesson in format f and imports the text back; returns the
 * lesson read (caller frees).  Fails the test when the export warns about
 * nothing it left out, or when the import or the lesson has errors. */
static pt_lesson *round_trip(const pt_lesson *lesson, pt_export_format f, pt_export_count *count)
{
	pt_strbuf text = { 0 };
	pt_diags ed = { 0 }, id = { 0 }, ld = { 0 };
	ck_assert(export_lesson(lesson, f, &text, &ed, count));
	ck_assert_uint_eq(ed.errors, 0);
	ck_assert_uint_eq(count->written + count->skipped, lesson->n_items);
	pt_import imp;
	ck_assert(import_init(&imp, &id));
	import_file(&imp, f == PT_EXPORT_GIFT ? "round.gift" : "round.xml");
	if (f == PT_EXPORT_GIFT)
		gift_read(&imp, text.s, text.n);
	else
		moodlexml_read(&imp, text.s, text.n);
	if (id.errors > 0)
		diags_print(&id, stderr);
	ck_assert_uint_eq(id.errors, 0);
	cJSON *json = import_lesson(&imp, lesson->id.s, imp.title ? imp.title : "", "round trip");
	char *rendered = import_render(json);
	ck_assert_ptr_nonnull(rendered);
	pt_lesson *back = load_lesson_text("round.json", rendered, strlen(rendered), &ld);
	if (back != NULL)
		validate_lesson(back, &ld);
	if (ld.errors > 0)
		diags_print(&ld, stderr);
	ck_assert_ptr_nonnull(back);
	ck_assert_uint_eq(ld.errors, 0);
	free(rendered);
	cJSON_Delete(json);
	import_free(&imp);
	free(text.s);
	diags_free(&ed);
	diags_free(&id);
	diags_free(&ld);
	return back;
}

/* Round-trips every bundled lesson through format f. */
static void bundled_round_trip(pt_export_format f)
{
	pt_catalog cat = { 0 };
	char path[4096];
	const char *why = NULL;
	snprintf(path, sizeof path, "%s/content", test_srcdir());
	ck_assert_msg(catalog_add_path(&cat, path, false, &why), "%s: %s", path, why);
	ck_assert_uint_ge(cat.n, 16);
	size_t compared = 0;
	for (size_t e = 0; e < cat.n; e++) {
		const pt_lesson *l = cat.v[e].lesson;
		ck_assert_msg(l != NULL && !cat.v[e].broken, "%s is broken", cat.v[e].path);
		pt_export_count count;
		pt_lesson *back = round_trip(l, f, &count);
		size_t representable_items = 0;
		for (size_t i = 0; i < l->n_items; i++)
			representable_items += representable(&l->items[i], f) ||
			    (l->items[i].kind == PT_KIND_EXPLORE && f == PT_EXPORT_MOODLE_XML);
		ck_assert_uint_eq(count.written, representable_items);
		diffs d = compare(l, back, f);
		for (size_t i = 0; i < d.n && i < MAX_DIFFS; i++)
			fprintf(stderr, "%s (%s): %s\n", cat.v[e].path, export_format_name(f), d.v[i]);
		ck_assert_msg(d.n == 0, "%s: %zu differences after the %s round trip", cat.v[e].path, d.n,
		    export_format_name(f));
		compared += back->n_items;
		lesson_free(back);
	}
	ck_assert_uint_gt(compared, 100);
	catalog_free(&cat);
}

START_TEST(gift_round_trip)
{
	bundled_round_trip(PT_EXPORT_GIFT);
}
END_TEST

START_TEST(moodle_xml_round_trip)
{
	bundled_round_trip(PT_EXPORT_MOODLE_XML);
}
END_TEST

/* A lesson whose texts hold every character the formats treat specially. */
static const char *special_lesson =
    "{\"format\": 2, \"id\": \"special\", \"title\": \"Tensor / operator {x}: a~b\", \"summary\": \"s\", \"items\": ["
    "{\"id\": \"c1\", \"kind\": \"choice\", \"difficulty\": \"hard\", \"prompt\": \"a = b ~ c # d {e} f: g \\\\ h\\nnext line & <tag> \\\"q\\\" ]]>\","
    " \"options\": [{\"text\": \"x = 1\", \"correct\": true}, {\"text\": \"y ~ 2\", \"feedback\": \"no # way: {never}\"},"
    " {\"text\": \"http://example.org/a//b\", \"feedback\": \"f\"}], \"hints\": [\"h\"], \"explanation\": \"e: #1\","
    " \"mistakes\": [\"m ]]> one\", \"m two\"], \"shuffle\": false},"
    "{\"id\": \"f1\", \"kind\": \"fill\", \"difficulty\": \"easy\", \"prompt\": \"Fill: it\", \"language\": \"python\","
    " \"code\": \"def f(x):\\n    if x < 1 and x > 0:\\n        return {{1}}  # {a} = b\", \"bank\": [\"x & 1\", \"x ~ 2\", \"{3}\"],"
    " \"blanks\": [{\"accept\": [\"x & 1\"], \"feedback\": {\"x ~ 2\": \"not = that\", \"{3}\": \"set: no\"}}], \"hints\": [\"h\"], \"explanation\": \"e\"},"
    "{\"id\": \"n1\", \"kind\": \"numeric\", \"difficulty\": \"medium\", \"prompt\": \"How many?\","
    " \"answer\": {\"value\": 112, \"relative\": 0.05}, \"units\": {\"GB\": 1, \"MB\": 0.001, \"TB\": 1000},"
    " \"wrong\": [{\"min\": 200, \"max\": 230, \"feedback\": \"twice\"}, {\"value\": -3.5e-7, \"feedback\": \"tiny\"}],"
    " \"mistakes\": [\"one\", \"two\"], \"hints\": [\"h\"], \"explanation\": \"e\"},"
    "{\"id\": \"t1\", \"kind\": \"text\", \"difficulty\": \"medium\", \"prompt\": \"Name?\", \"accept\": [\"all_reduce\", \"dist.all_reduce\"],"
    " \"case_sensitive\": true, \"wrong\": [{\"answer\": \"broadcast\", \"feedback\": \"one = many\"}], \"hints\": [\"h\"], \"explanation\": \"e\"},"
    "{\"id\": \"m1\", \"kind\": \"match\", \"difficulty\": \"medium\", \"prompt\": \"Match\", \"pairs\": ["
    " {\"left\": \"a: b\", \"right\": \"R=1\"}, {\"left\": \"c # d\", \"right\": \"R~2\"}], \"distractors\": [\"R{3}\"],"
    " \"hints\": [\"h\"], \"explanation\": \"e\"},"
    "{\"id\": \"o1\", \"kind\": \"order\", \"difficulty\": \"medium\", \"prompt\": \"Order\", \"steps\": ["
    " {\"text\": \"one\"}, {\"text\": \"two & three\", \"feedback\": \"after one\"}, {\"text\": \"four\"}], \"hints\": [\"h\"], \"explanation\": \"e\"},"
    "{\"id\": \"u1\", \"kind\": \"multi\", \"difficulty\": \"easy\", \"prompt\": \"Pick\", \"options\": ["
    " {\"text\": \"a\", \"correct\": true, \"feedback\": \"missed a\"}, {\"text\": \"b\", \"correct\": true, \"feedback\": \"missed b\"},"
    " {\"text\": \"c\", \"correct\": true, \"feedback\": \"missed c\"}, {\"text\": \"d\", \"feedback\": \"not d\"}], \"hints\": [\"h\"], \"explanation\": \"e\"}"
    "]}";

START_TEST(special_characters_round_trip)
{
	pt_lesson *l = test_lesson(special_lesson);
	for (int f = PT_EXPORT_GIFT; f <= PT_EXPORT_MOODLE_XML; f++) {
		pt_export_count count;
		pt_lesson *back = round_trip(l, (pt_export_format)f, &count);
		diffs d = compare(l, back, (pt_export_format)f);
		for (size_t i = 0; i < d.n && i < MAX_DIFFS; i++)
			fprintf(stderr, "special (%s): %s\n", export_format_name((pt_export_format)f), d.v[i]);
		ck_assert_uint_eq(d.n, 0);
		ck_assert_uint_eq(count.skipped, f == PT_EXPORT_GIFT ? 1 : 0);
		lesson_free(back);
	}
	lesson_free(l);
}
END_TEST

START_TEST(fuzz_regression_round_trip)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/fuzz/regressions/export-specials.json", test_srcdir());
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_file(path, NULL, &d);
	ck_assert_ptr_nonnull(l);
	validate_lesson(l, &d);
	ck_assert_uint_eq(d.errors, 0);
	for (int f = PT_EXPORT_GIFT; f <= PT_EXPORT_MOODLE_XML; f++) {
		pt_export_count count;
		pt_lesson *back = round_trip(l, (pt_export_format)f, &count);
		diffs dd = compare(l, back, (pt_export_format)f);
		for (size_t i = 0; i < dd.n && i < MAX_DIFFS; i++)
			fprintf(stderr, "export-specials (%s): %s\n", export_format_name((pt_export_format)f), dd.v[i]);
		ck_assert_uint_eq(dd.n, 0);
		/* GIFT: the text item ("->") and the match item ('%'); XML: the fill ([[1]]). */
		ck_assert_uint_eq(count.skipped, f == PT_EXPORT_GIFT ? 2 : 1);
		lesson_free(back);
	}
	lesson_free(l);
	diags_free(&d);
}
END_TEST

/* The warnings of an export, formatted one a line (caller frees). */
static char *export_warnings(const pt_lesson *l, pt_export_format f)
{
	pt_strbuf text = { 0 }, out = { 0 };
	pt_diags d = { 0 };
	pt_export_count count;
	ck_assert(export_lesson(l, f, &text, &d, &count));
	diags_sort(&d);
	for (size_t i = 0; i < d.n; i++) {
		char line[600];
		diags_format(&d.v[i], line, sizeof line);
		strbuf_puts(&out, line);
		strbuf_puts(&out, "\n");
	}
	free(text.s);
	diags_free(&d);
	return out.s ? out.s : strdup("");
}

START_TEST(lost_fields_warned_where_they_are)
{
	pt_lesson *l = test_lesson(
	    "{\"format\": 2, \"id\": \"w\", \"title\": \"W\", \"summary\": \"s\", \"items\": [\n"
	    "{\"id\": \"c1\", \"kind\": \"choice\", \"difficulty\": \"easy\", \"prompt\": \"P\", \"attempts\": 2,\n"
	    " \"options\": [{\"text\": \"a\", \"correct\": true}, {\"text\": \"b\", \"feedback\": \"f\"}],\n"
	    " \"hints\": [\"h\"], \"explanation\": \"e\", \"solution\": {\"steps\": [\"s\"]},\n"
	    " \"references\": [{\"title\": \"t\", \"url\": \"https://example.org\"}]},\n"
	    "{\"id\": \"o1\", \"kind\": \"order\", \"difficulty\": \"easy\", \"prompt\": \"P\",\n"
	    " \"steps\": [{\"text\": \"1\"}, {\"text\": \"2\"}, {\"text\": \"3\"}], \"hints\": [\"h\"], \"explanation\": \"e\"}]}");
	char *gift = export_warnings(l, PT_EXPORT_GIFT);
	ck_assert_str_eq(gift,
	    "test.json:2:81: warning: item \"c1\": GIFT cannot carry an attempt budget (2; Moodle sets attempts per quiz); left out of the export\n"
	    "test.json:4:11: warning: item \"c1\": GIFT cannot carry hints; left out of the export\n"
	    "test.json:4:60: warning: item \"c1\": GIFT cannot carry the worked solution; left out of the export\n"
	    "test.json:5:27: warning: item \"c1\": GIFT cannot carry the references; left out of the export\n"
	    "test.json:6:1: warning: item \"o1\" (order) is not exported: GIFT has no ordering question; export to moodle-xml to keep it\n");
	char *xml = export_warnings(l, PT_EXPORT_MOODLE_XML);
	ck_assert_ptr_null(strstr(xml, "hints"));
	ck_assert_ptr_null(strstr(xml, "not exported"));
	ck_assert_ptr_nonnull(strstr(xml, "test.json:4:60: warning: item \"c1\": Moodle XML cannot carry the worked solution"));
	free(gift);
	free(xml);
	lesson_free(l);
}
END_TEST

START_TEST(comparison_fails_when_a_field_is_lost)
{
	pt_lesson *l = test_lesson(special_lesson);
	pt_export_count count;
	pt_lesson *back = round_trip(l, PT_EXPORT_MOODLE_XML, &count);
	ck_assert_uint_eq(compare(l, back, PT_EXPORT_MOODLE_XML).n, 0);
	/* Each of these losses alone must be found. */
	back->items[0].explanation.s = NULL;
	ck_assert_uint_eq(compare(l, back, PT_EXPORT_MOODLE_XML).n, 1);
	back->items[0].explanation = l->items[0].explanation;
	back->items[0].hints.n--;
	ck_assert_uint_ge(compare(l, back, PT_EXPORT_MOODLE_XML).n, 1);
	back->items[0].hints.n++;
	back->items[0].options[1].feedback.s = NULL;
	ck_assert_uint_eq(compare(l, back, PT_EXPORT_MOODLE_XML).n, 1);
	back->items[0].options[1].feedback = l->items[0].options[1].feedback;
	back->items[2].answer.max += 1;
	ck_assert_uint_eq(compare(l, back, PT_EXPORT_MOODLE_XML).n, 1);
	back->items[2].answer.max -= 1;
	back->items[2].n_units--;
	ck_assert_uint_eq(compare(l, back, PT_EXPORT_MOODLE_XML).n, 1);
	back->items[2].n_units++;
	back->items[4].distractors.n = 0;
	ck_assert_uint_eq(compare(l, back, PT_EXPORT_MOODLE_XML).n, 1);
	back->items[4].distractors.n = 1;
	back->items[5].step_feedback[1].s = NULL;
	ck_assert_uint_eq(compare(l, back, PT_EXPORT_MOODLE_XML).n, 1);
	back->items[5].step_feedback[1] = l->items[5].step_feedback[1];
	back->items[6].options[2].correct = false;
	ck_assert_uint_eq(compare(l, back, PT_EXPORT_MOODLE_XML).n, 1);
	back->items[6].options[2].correct = true;
	back->n_items--;
	ck_assert_uint_ge(compare(l, back, PT_EXPORT_MOODLE_XML).n, 1);
	back->n_items++;
	ck_assert_uint_eq(compare(l, back, PT_EXPORT_MOODLE_XML).n, 0);
	lesson_free(back);
	lesson_free(l);
}
END_TEST

/* Every kind has a row of its own in the exchange formats' kind table,
 * with a Moodle XML form and either a GIFT form or a reason it has none. */
START_TEST(every_kind_has_its_export_row)
{
	for (int k = PT_KIND_FILL; k < PT_KIND_COUNT; k++) {
		const export_kind_ops *ops = export_kind((pt_kind)k);
		ck_assert_int_eq(ops->kind, k);
		ck_assert_ptr_nonnull(ops->moodle_type);
		ck_assert_str_ne(ops->moodle_type, "description");
		ck_assert(ops->moodle_write != NULL);
		ck_assert(ops->gift_write != NULL || ops->gift_no_form != NULL);
	}
}
END_TEST

/* Builds the suite. */
static Suite *export_suite(void)
{
	Suite *s = suite_create("export");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, gift_round_trip);
	tcase_add_test(tc, moodle_xml_round_trip);
	tcase_add_test(tc, special_characters_round_trip);
	tcase_add_test(tc, fuzz_regression_round_trip);
	tcase_add_test(tc, lost_fields_warned_where_they_are);
	tcase_add_test(tc, comparison_fails_when_a_field_is_lost);
	tcase_add_test(tc, every_kind_has_its_export_row);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(export_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* moodlexml.c - Moodle XML question banks: each <question> by its type. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/htmltext.h"
#include "paratutor/interop/moodlexml.h"
#include "paratutor/interop/xml.h"

#define MAX_CHOICES 64

/* The state of reading one question. */
typedef struct mquestion {
	pt_import *imp;
	const pt_xml_node *node;
	const char *label;   /* its name, for messages */
	size_t images;       /* images and media dropped from its texts */
	char *right;         /* feedback written for a right answer (owned) */
	bool failed;
} mquestion;

/* Returns the text of a Moodle text element (one with a <text> child and
 * a format attribute), reduced to plain text; "" when el is NULL, NULL
 * when out of memory. */
static char *text_of(mquestion *q, const pt_xml_node *el)
{
	const pt_xml_node *t = xml_child(el, "text");
	const char *raw = t ? t->text : el ? el->text : "";
	const char *fmt = xml_attr(el, "format");
	if (fmt != NULL && (strcmp(fmt, "plain_text") == 0 || strcmp(fmt, "markdown") == 0))
		return htmltext_fold(raw, 1);
	size_t images = 0;
	char *s;
	if (fmt != NULL && strcmp(fmt, "moodle_auto_format") == 0) {
		/* Line breaks count there: keep them through the reduction. */
		size_t n = 0;
		for (const char *p = raw; *p; p++)
			n += *p == '\n' ? 4 : 1;
		char *tmp = malloc(n + 1), *o = tmp;
		if (tmp == NULL)
			return NULL;
		for (const char *p = raw; *p; p++) {
			if (*p == '\n') {
				memcpy(o, "<br>", 4);
				o += 4;
			} else {
				*o++ = *p;
			}
		}
		*o = '\0';
		s = htmltext_reduce(tmp, &images);
		free(tmp);
	} else {
		s = htmltext_reduce(raw, &images);
	}
	q->images += images;
	return s;
}

/* Returns the plain text of child name of node ("" when absent). */
static const char *plain_of(const pt_xml_node *node, const char *name)
{
	const pt_xml_node *c = xml_child(node, name);
	const pt_xml_node *t = xml_child(c, "text");
	return t ? t->text : c ? c->text : "";
}

/* Returns the value of a yes/no element ("true", "1", ...), or dflt when
 * it is absent. */
static bool flag_of(const pt_xml_node *node, const char *name, bool dflt)
{
	const pt_xml_node *c = xml_child(node, name);
	if (c == NULL)
		return dflt;
	const char *s = c->text;
	while (isspace((unsigned char)*s))
		s++;
	return strncmp(s, "true", 4) == 0 || s[0] == '1' || strncmp(s, "yes", 3) == 0;
}

/* Returns the fraction attribute of an answer, in percent (0 when absent
 * or not a number). */
static double fraction_of(const pt_xml_node *answer)
{
	const char *f = xml_attr(answer, "fraction");
	if (f == NULL)
		return 0;
	char *end;
	double v = strtod(f, &end);
	return end != f && isfinite(v) ? v : 0;
}

/* Returns true when a fraction counts as full marks. */
static bool full_marks(double f)
{
	return f >= 99.99;
}

/* Sets the item's "shuffle" to false when the question pins its order. */
static void set_shuffle(const mquestion *q, cJSON *item)
{
	if (!flag_of(q->node, "shuffleanswers", true))
		cJSON_AddFalseToObject(item, "shuffle");
}

/* Builds a multichoice question: a choice when one answer has full marks
 * and <single> is true, else a multi in which every answer with a positive
 * fraction is right. */
static cJSON *make_multichoice(mquestion *q, const char *prompt)
{
	bool single = flag_of(q->node, "single", true);
	int n_full = 0, n_credit = 0, n = 0, best = -1;
	double best_f = 0;
	const pt_xml_node *a;
	for (a = xml_child(q->node, "answer"); a; a = xml_next(a), n++) {
		double f = fraction_of(a);
		n_full += full_marks(f);
		n_credit += f > 0;
		if (f > best_f) {
			best_f = f;
			best = n;
		}
	}
	if (n_credit == 0) {
		import_error(q->imp, q->node->pos, "no answer of question \"%s\" has a positive fraction; mark the right one fraction=\"100\"",
		    q->label);
		q->failed = true;
		return NULL;
	}
	bool multi = !single || n_full > 1;
	cJSON *item = import_item(multi ? "multi" : "choice", prompt);
	set_shuffle(q, item);
	cJSON *options = cJSON_AddArrayToObject(item, "options");
	char partial[200] = "", negatives[200] = "";
	int k = 0, lettered = 0;
	for (a = xml_child(q->node, "answer"); a; a = xml_next(a), k++) {
		double f = fraction_of(a);
		char *text = text_of(q, a), *fb = text_of(q, xml_child(a, "feedback"));
		bool correct = multi ? f > 0 : k == best;
		if (f > 0 && !full_marks(f) && strlen(partial) + 16 < sizeof partial)
			snprintf(partial + strlen(partial), sizeof partial - strlen(partial), "%s%g%%", partial[0] ? ", " : "", f);
		if (f < 0 && strlen(negatives) + 16 < sizeof negatives)
			snprintf(negatives + strlen(negatives), sizeof negatives - strlen(negatives), "%s%g%%",
			    negatives[0] ? ", " : "", f);
		lettered += import_lettered(text, k);
		if (correct && !multi && fb && fb[0])
			import_keep(&q->right, fb);
		import_add_option(options, text, correct, correct && !multi ? NULL : fb);
		free(text);
		free(fb);
	}
	if (partial[0] && multi)
		import_approx(q->imp, item, q->node->pos,
		    "partial credit (%s) cannot be represented: every answer with a positive fraction counts as right and must be picked",
		    partial);
	else if (partial[0])
		import_approx(q->imp, item, q->node->pos,
		    "partial credit (%s) cannot be represented: only the best answer counts as right", partial);
	if (single && n_full > 1)
		import_approx(q->imp, item, q->node->pos,
		    "%d answers have full marks and a choice has one right answer: imported as select-all-that-apply", n_full);
	import_note_options(q->imp, item, q->node->pos, lettered, k, negatives);
	return item;
}

/* Builds a truefalse question as a choice of True and False. */
static cJSON *make_truefalse(mquestion *q, const char *prompt)
{
	cJSON *item = import_item("choice", prompt);
	cJSON *options = cJSON_AddArrayToObject(item, "options");
	cJSON_AddFalseToObject(item, "shuffle");
	bool true_right = false;
	char *fb_true = NULL, *fb_false = NULL;
	for (const pt_xml_node *a = xml_child(q->node, "answer"); a; a = xml_next(a)) {
		const char *t = plain_of(a, "text");
		t += strspn(t, " \t\n");
		bool is_true = strncmp(t, "true", 4) == 0 || strncmp(t, "True", 4) == 0 || strncmp(t, "TRUE", 4) == 0;
		char **slot = is_true ? &fb_true : &fb_false;
		if (*slot == NULL)
			*slot = text_of(q, xml_child(a, "feedback"));
		if (is_true)
			true_right = full_marks(fraction_of(a));
	}
	import_add_option(options, "True", true_right, true_right ? NULL : fb_true);
	import_add_option(options, "False", !true_right, true_right ? fb_false : NULL);
	const char *right = true_right ? fb_true : fb_false;
	import_keep(&q->right, right ? right : "");
	free(fb_true);
	free(fb_false);
	return item;
}

/* Builds a shortanswer question as a text item: answers with a positive
 * fraction are accepted, the others with feedback are wrong answers, and
 * feedback for "*" becomes a common mistake. */
static cJSON *make_shortanswer(mquestion *q, const char *prompt)
{
	cJSON *item = import_item("text", prompt);
	cJSON_AddArrayToObject(item, "accept");
	cJSON *wrong = cJSON_CreateArray(), *mistakes = cJSON_CreateArray();
	bool accepts_anything = false;
	if (flag_of(q->node, "usecase", false))
		cJSON_AddTrueToObject(item, "case_sensitive");
	for (const pt_xml_node *a = xml_child(q->node, "answer"); a; a = xml_next(a)) {
		double f = fraction_of(a);
		char *text = text_of(q, a), *fb = text_of(q, xml_child(a, "feedback"));
		if (text && strcmp(text, "*") == 0) {
			accepts_anything |= f > 0;
			if (fb && fb[0] && f <= 0)
				cJSON_AddItemToArray(mistakes, cJSON_CreateString(fb));
		} else if (f > 0 && (text == NULL || text[0] == '\0')) {
			import_error(q->imp, a->pos, "an accepted answer of question \"%s\" is empty; write the answer in its "
			    "<text>, or remove the <answer>", q->label);
			q->failed = true;
		} else {
			pt_import_credit c = { f, full_marks(f), false, fb };
			import_text_answer(q->imp, item, a->pos, &c, text, wrong, &q->right);
			if (f > 0 && text && strchr(text, '*') != NULL)
				import_approx(q->imp, item, a->pos,
				    "'*' in \"%s\" is a wildcard in Moodle but a plain character here", text);
		}
		free(text);
		free(fb);
	}
	/* A "*" with credit accepts anything: there is nothing to grade. */
	if (accepts_anything)
		import_approx(q->imp, item, q->node->pos,
		    "\"*\" with credit accepts any answer in Moodle; here only the listed answers are right");
	import_set_list(item, "wrong", wrong);
	import_set_list(item, "mistakes", mistakes);
	return item;
}

/* Parses a number the way Moodle writes one; false when s is none. */
static bool parse_number(const char *s, double *out)
{
	while (isspace((unsigned char)*s))
		s++;
	const char *p = s + (*s == '+' || *s == '-');
	if (!isdigit((unsigned char)*p) && !(*p == '.' && isdigit((unsigned char)p[1])))
		return false;
	char *end;
	double v = strtod(s, &end);
	while (isspace((unsigned char)*end))
		end++;
	if (*end != '\0' || !isfinite(v) || strpbrk(s, "xXnN") != NULL)
		return false;
	*out = v;
	return true;
}

/* Builds a numerical question: the answer with the most credit (and its
 * tolerance), answers without credit but with feedback as wrong values,
 * "*" feedback as a common mistake, and the units with their factors. */
static cJSON *make_numerical(mquestion *q, const char *prompt)
{
	cJSON *item = import_item("numeric", prompt);
	cJSON *wrong = cJSON_CreateArray(), *mistakes = cJSON_CreateArray(), *answer = NULL;
	const pt_xml_node *best = NULL;
	for (const pt_xml_node *a = xml_child(q->node, "answer"); a; a = xml_next(a))
		if (strcmp(plain_of(a, "text"), "*") != 0 && fraction_of(a) > 0 &&
		    (best == NULL || fraction_of(a) > fraction_of(best)))
			best = a;
	for (const pt_xml_node *a = xml_child(q->node, "answer"); a && !q->failed; a = xml_next(a)) {
		double f = fraction_of(a), v, tol = 0;
		char *fb = text_of(q, xml_child(a, "feedback"));
		const char *t = xml_child(a, "text") ? xml_child(a, "text")->text : a->text;
		if (strcmp(t, "*") == 0 || t[strspn(t, " \t\n")] == '\0') {
			if (fb && fb[0])
				cJSON_AddItemToArray(mistakes, cJSON_CreateString(fb));
			free(fb);
			continue;
		}
		const pt_xml_node *tn = xml_child(a, "tolerance");
		if (!parse_number(t, &v) || (tn && (!parse_number(tn->text, &tol) || tol < 0))) {
			char ex[48];
			bool tol_bad = tn && parse_number(t, &v);
			import_error(q->imp, tol_bad ? tn->pos : a->pos,
			    "the answers of a numerical question are numbers and tolerances numbers >= 0; fix \"%s\"",
			    import_excerpt(tol_bad ? tn->text : t, ex, sizeof ex));
			q->failed = true;
			free(fb);
			break;
		}
		cJSON *r = cJSON_CreateObject();
		cJSON_AddNumberToObject(r, "value", v);
		if (tol > 0)
			cJSON_AddNumberToObject(r, "tolerance", tol);
		pt_import_credit c = { f, full_marks(f), a == best, fb };
		import_numeric_answer(q->imp, item, a->pos, &c, r, &answer, wrong, &q->right);
		free(fb);
	}
	if (answer == NULL && !q->failed) {
		import_error(q->imp, q->node->pos, "numerical question \"%s\" has no answer with a positive fraction", q->label);
		q->failed = true;
	}
	if (answer != NULL)
		cJSON_AddItemToObject(item, "answer", answer);
	const pt_xml_node *units = xml_child(q->node, "units");
	cJSON *umap = cJSON_CreateObject();
	for (const pt_xml_node *u = xml_child(units, "unit"); u; u = xml_next(u)) {
		const char *name = plain_of(u, "unit_name");
		double m = 1;
		const pt_xml_node *mn = xml_child(u, "multiplier");
		if (name[0] == '\0' || (mn && (!parse_number(mn->text, &m) || m == 0))) {
			import_warn(q->imp, u->pos, "a unit needs a name and a non-zero multiplier; this one is dropped");
			continue;
		}
		if (!cJSON_HasObjectItem(umap, name))
			cJSON_AddNumberToObject(umap, name, 1 / m);
	}
	if (umap->child != NULL)
		cJSON_AddItemToObject(item, "units", umap);
	else
		cJSON_Delete(umap);
	const pt_xml_node *ug = xml_child(q->node, "unitgradingtype");
	if (ug && atoi(ug->text) != 0 && units != NULL)
		import_approx(q->imp, item, ug->pos, "the penalty for a wrong or missing unit cannot be represented");
	import_set_list(item, "wrong", wrong);
	import_set_list(item, "mistakes", mistakes);
	return item;
}

/* Builds a matching question; a subquestion with no text adds a wrong
 * answer. */
static cJSON *make_matching(mquestion *q, const char *prompt)
{
	cJSON *item = import_item("match", prompt);
	set_shuffle(q, item);
	cJSON *pairs = cJSON_AddArrayToObject(item, "pairs");
	cJSON *extra = cJSON_CreateArray();
	for (const pt_xml_node *s = xml_child(q->node, "subquestion"); s; s = xml_next(s)) {
		char *left = text_of(q, s);
		char *right = htmltext_fold(plain_of(s, "answer"), 0);
		if (right != NULL && right[0] != '\0' && left != NULL && left[0] == '\0') {
			cJSON_AddItemToArray(extra, cJSON_CreateString(right));
		} else if (right != NULL && right[0] != '\0') {
			cJSON *pair = cJSON_CreateObject();
			cJSON_AddStringToObject(pair, "left", left ? left : "");
			cJSON_AddStringToObject(pair, "right", right);
			cJSON_AddItemToArray(pairs, pair);
		}
		free(left);
		free(right);
	}
	if (extra->child != NULL)
		cJSON_AddItemToObject(item, "distractors", extra);
	else
		cJSON_Delete(extra);
	return item;
}

/* Builds a gapselect or ddwtos question as a fill item: each [[n]] in the
 * text is a blank that accepts choice n, and all choices share one bank. */
static cJSON *make_gaps(mquestion *q, const char *lead, const char *text, const char *choice_tag)
{
	const char *choices[MAX_CHOICES];
	int n_choices = 0, groups[8], n_groups = 0;
	for (const pt_xml_node *c = xml_child(q->node, choice_tag); c; c = xml_next(c)) {
		if (n_choices == MAX_CHOICES)
			break;
		choices[n_choices++] = plain_of(c, "text");
		int g = atoi(xml_child(c, "group") ? xml_child(c, "group")->text : "1");
		bool seen = false;
		for (int k = 0; k < n_groups; k++)
			seen |= groups[k] == g;
		if (!seen && n_groups < 8)
			groups[n_groups++] = g;
	}
	cJSON *item = import_item("fill", lead && lead[0] ? lead : "Choose the missing words.");
	cJSON_AddStringToObject(item, "language", "text");
	set_shuffle(q, item);
	size_t cap = strlen(text) + 1;
	char *code = malloc(cap), *o = code;
	cJSON *bank = cJSON_CreateArray(), *blanks = cJSON_CreateArray();
	int n_gaps = 0;
	for (const char *p = text; code && *p;) {
		int num = 0, len = 0;
		if (sscanf(p, "[[%d]]%n", &num, &len) == 1 && len > 0 && p[len - 1] == ']') {
			if (num < 1 || num > n_choices) {
				import_error(q->imp, q->node->pos, "gap [[%d]] of question \"%s\" names no choice (there are %d)", num,
				    q->label, n_choices);
				q->failed = true;
				break;
			}
			char *choice = htmltext_fold(choices[num - 1], 0);
			cJSON *blank = cJSON_CreateObject();
			cJSON_AddItemToArray(cJSON_AddArrayToObject(blank, "accept"), cJSON_CreateString(choice ? choice : ""));
			cJSON_AddItemToArray(blanks, blank);
			free(choice);
			n_gaps++;
			o += snprintf(o, (size_t)(code + cap - o), "{{%d}}", n_gaps);
			p += len;
		} else {
			*o++ = *p++;
		}
	}
	if (code != NULL)
		*o = '\0';
	for (int k = 0; k < n_choices; k++) {
		char *c = htmltext_fold(choices[k], 0);
		bool dup = false;
		for (const cJSON *b = bank->child; b && c; b = b->next)
			dup |= strcmp(b->valuestring, c) == 0;
		if (c != NULL && c[0] != '\0' && !dup)
			cJSON_AddItemToArray(bank, cJSON_CreateString(c));
		free(c);
	}
	cJSON_AddStringToObject(item, "code", code ? code : "");
	cJSON_AddItemToObject(item, "bank", bank);
	cJSON_AddItemToObject(item, "blanks", blanks);
	free(code);
	if (n_groups > 1)
		import_approx(q->imp, item, q->node->pos,
		    "the choices come in %d groups and every blank here offers the whole bank", n_groups);
	return item;
}

/* Returns the text of a gap question, split at its first <pre> when text
 * stands before it: that text is the instruction (*lead, else NULL) and
 * the rest the code.  NULL when out of memory. */
static char *gap_text(mquestion *q, char **lead)
{
	const pt_xml_node *qt = xml_child(q->node, "questiontext");
	const pt_xml_node *t = xml_child(qt, "text");
	const char *raw = t ? t->text : qt ? qt->text : "";
	const char *fmt = xml_attr(qt, "format");
	const char *pre = strstr(raw, "<pre");
	*lead = NULL;
	if (pre == NULL || pre == raw || (fmt != NULL && strcmp(fmt, "html") != 0))
		return text_of(q, qt);
	char *before = strndup(raw, (size_t)(pre - raw));
	size_t images = 0, more = 0;
	*lead = before ? htmltext_reduce(before, &images) : NULL;
	free(before);
	char *code = htmltext_reduce(pre, &more);
	q->images += images + more;
	return code;
}

/* Builds an ordering question: its answers in the order of their
 * fractions (Moodle's positions). */
static cJSON *make_ordering(mquestion *q, const char *prompt)
{
	const pt_xml_node *ans[MAX_CHOICES];
	int n = 0;
	for (const pt_xml_node *a = xml_child(q->node, "answer"); a && n < MAX_CHOICES; a = xml_next(a))
		ans[n++] = a;
	/* Insertion sort: stable, and lists are short. */
	for (int i = 1; i < n; i++) {
		const pt_xml_node *cur = ans[i];
		int j = i;
		while (j > 0 && fraction_of(ans[j - 1]) > fraction_of(cur)) {
			ans[j] = ans[j - 1];
			j--;
		}
		ans[j] = cur;
	}
	cJSON *item = import_item("order", prompt);
	cJSON *steps = cJSON_AddArrayToObject(item, "steps");
	for (int i = 0; i < n; i++) {
		char *text = text_of(q, ans[i]), *fb = text_of(q, xml_child(ans[i], "feedback"));
		cJSON *step = cJSON_CreateObject();
		cJSON_AddStringToObject(step, "text", text ? text : "");
		import_set_text(step, "feedback", fb);
		cJSON_AddItemToArray(steps, step);
		free(text);
		free(fb);
	}
	const char *sel = plain_of(q->node, "selecttype");
	int count = atoi(plain_of(q->node, "selectcount"));
	if (sel[0] != '\0' && strcmp(sel, "ALL") != 0 && strcmp(sel, "0") != 0 && count > 0 && count < n)
		import_approx(q->imp, item, q->node->pos,
		    "Moodle shows %d of the %d steps; here the learner orders all of them", count, n);
	return item;
}

/* Returns true when a combined-feedback text is one of Moodle's defaults. */
static bool default_feedback(const char *s)
{
	return s[0] == '\0' || strcmp(s, "Your answer is correct.") == 0 ||
	    strcmp(s, "Your answer is partially correct.") == 0 || strcmp(s, "Your answer is incorrect.") == 0;
}

/* Adds the feedback for an incorrect answer to mistakes: a list ("- a"
 * lines, from <ul><li>) gives one mistake per entry, other text one. */
static void add_mistakes(cJSON *mistakes, const char *text)
{
	bool list = strncmp(text, "- ", 2) == 0;
	for (const char *p = strchr(text, '\n'); list && p != NULL; p = strchr(p + 1, '\n'))
		list = strncmp(p + 1, "- ", 2) == 0;
	if (!list) {
		cJSON_AddItemToArray(mistakes, cJSON_CreateString(text));
		return;
	}
	for (const char *p = text; p != NULL; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		char *one = strndup(p + 2, n - 2);
		if (one != NULL && one[0] != '\0')
			cJSON_AddItemToArray(mistakes, cJSON_CreateString(one));
		free(one);
	}
}

/* Keeps what the question's combined feedback says: "correct" as
 * right-answer feedback, "incorrect" as a common mistake; "partially
 * correct" has no place and is warned about. */
static void combined_feedback(mquestion *q, cJSON *item)
{
	char *right = text_of(q, xml_child(q->node, "correctfeedback"));
	char *wrong = text_of(q, xml_child(q->node, "incorrectfeedback"));
	char *partial = text_of(q, xml_child(q->node, "partiallycorrectfeedback"));
	if (right && !default_feedback(right) && q->right == NULL)
		import_keep(&q->right, right);
	if (wrong && !default_feedback(wrong)) {
		cJSON *m = cJSON_GetObjectItemCaseSensitive(item, "mistakes");
		if (m == NULL)
			m = cJSON_AddArrayToObject(item, "mistakes");
		add_mistakes(m, wrong);
	}
	if (partial && !default_feedback(partial))
		import_approx(q->imp, item, xml_child(q->node, "partiallycorrectfeedback")->pos,
		    "the feedback for a partly right answer is dropped: items here are right or wrong");
	free(right);
	free(wrong);
	free(partial);
}

/* Counts the <file> elements (embedded images and media) under node. */
static size_t count_files(const pt_xml_node *node)
{
	size_t n = 0;
	for (const pt_xml_node *c = node->child; c; c = c->next)
		n += (strcmp(c->name, "file") == 0) + count_files(c);
	return n;
}

/* Reads one <question> into an item, a category or a warning. */
static void read_one(pt_import *imp, const pt_xml_node *node)
{
	const char *type = xml_attr(node, "type");
	if (type == NULL) {
		import_error(imp, node->pos, "a <question> needs a type attribute, such as type=\"multichoice\"");
		return;
	}
	if (strcmp(type, "category") == 0) {
		import_category(imp, plain_of(node, "category"), node->pos);
		return;
	}
	imp->questions++;
	const char *name = plain_of(node, "name");
	mquestion q = { .imp = imp, .node = node, .label = name };
	static const char *const known[] = { "multichoice", "truefalse", "shortanswer", "numerical", "matching",
		"gapselect", "ddwtos", "ordering" };
	bool ok = false;
	for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
		ok |= strcmp(type, known[k]) == 0;
	if (!ok) {
		import_skip(imp, node->pos, strcmp(type, "description") == 0
		    ? "question \"%s\" is a description, which asks nothing: not imported%s"
		    : strcmp(type, "essay") == 0 ? "question \"%s\" is an essay, which paratutor cannot grade: not imported%s"
		    : "question \"%s\" has the type %s, which paratutor cannot import: not imported", name,
		    strcmp(type, "description") == 0 || strcmp(type, "essay") == 0 ? "" : type);
		return;
	}
	bool gaps = strcmp(type, "gapselect") == 0 || strcmp(type, "ddwtos") == 0;
	char *lead = NULL;
	char *prompt = gaps ? gap_text(&q, &lead) : text_of(&q, xml_child(node, "questiontext"));
	cJSON *item = NULL;
	if (prompt == NULL) {
		free(lead);
		return;
	}
	if (strcmp(type, "multichoice") == 0)
		item = make_multichoice(&q, prompt);
	else if (strcmp(type, "truefalse") == 0)
		item = make_truefalse(&q, prompt);
	else if (strcmp(type, "shortanswer") == 0)
		item = make_shortanswer(&q, prompt);
	else if (strcmp(type, "numerical") == 0)
		item = make_numerical(&q, prompt);
	else if (strcmp(type, "matching") == 0)
		item = make_matching(&q, prompt);
	else if (strcmp(type, "ordering") == 0)
		item = make_ordering(&q, prompt);
	else
		item = make_gaps(&q, lead, prompt, strcmp(type, "ddwtos") == 0 ? "dragbox" : "selectoption");
	free(prompt);
	free(lead);
	if (item == NULL || q.failed) {
		cJSON_Delete(item);
		free(q.right);
		return;
	}
	cJSON *hints = cJSON_CreateArray();
	for (const pt_xml_node *h = xml_child(node, "hint"); h; h = xml_next(h)) {
		char *t = text_of(&q, h);
		if (t && t[0])
			cJSON_AddItemToArray(hints, cJSON_CreateString(t));
		free(t);
	}
	if (hints->child != NULL)
		cJSON_AddItemToObject(item, "hints", hints);
	else
		cJSON_Delete(hints);
	char *general = text_of(&q, xml_child(node, "generalfeedback"));
	import_set_text(item, "explanation", general);
	free(general);
	combined_feedback(&q, item);
	import_right_feedback(imp, item, q.right, node->pos);
	free(q.right);
	/* An image usually shows twice: as <img> in the text and as <file>. */
	size_t files = count_files(node), lost = files > q.images ? files : q.images;
	if (lost == 1)
		import_approx(imp, item, node->pos, "an embedded image or file is dropped; describe it in words");
	else if (lost > 1)
		import_approx(imp, item, node->pos, "%zu embedded images or files are dropped; describe them in words", lost);
	const char *difficulty = NULL;
	for (const pt_xml_node *t = xml_child(xml_child(node, "tags"), "tag"); t; t = xml_next(t))
		if (import_difficulty(plain_of(t, "text")[0] ? plain_of(t, "text") : t->text) != NULL)
			difficulty = import_difficulty(plain_of(t, "text")[0] ? plain_of(t, "text") : t->text);
	const pt_xml_node *idn = xml_child(node, "idnumber");
	import_add(imp, item, idn ? idn->text : NULL, name, difficulty, node->pos);
}

/* Reads one <question>; one an error keeps out is recorded as broken. */
static void read_question(pt_import *imp, const pt_xml_node *node)
{
	size_t errors = imp->diags->errors;
	read_one(imp, node);
	if (imp->diags->errors > errors) {
		const char *type = xml_attr(node, "type"), *name = plain_of(node, "name");
		import_broken(imp, node->pos, type && strcmp(type, "category") == 0 ? "category" : name[0] ? name : "(untitled)");
	}
}

bool moodlexml_read(pt_import *imp, const char *text, size_t len)
{
	size_t errors = imp->diags->errors;
	pt_xml_doc *doc = xml_parse(imp->file, text, len, imp->diags);
	if (doc == NULL) {
		import_broken(imp, (pt_pos){ 0, 0 }, NULL);
		return false;
	}
	if (strcmp(doc->root->name, "quiz") != 0) {
		import_error(imp, doc->root->pos, "the root element is <%s>; a Moodle XML question bank is a <quiz>",
		    doc->root->name);
		import_broken(imp, (pt_pos){ 0, 0 }, NULL);
		xml_free(doc);
		return false;
	}
	for (const pt_xml_node *n = doc->root->child; n; n = n->next) {
		if (strcmp(n->name, "question") == 0)
			read_question(imp, n);
		else
			import_warn(imp, n->pos, "<%s> is not a <question>; it is ignored", n->name);
	}
	xml_free(doc);
	return imp->diags->errors == errors;
}

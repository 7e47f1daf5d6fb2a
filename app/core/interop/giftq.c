/* giftq.c - the parts of a GIFT question: text with escapes and formats,
 * answers with weights and feedback, and the item each kind becomes. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/interop/giftq.h"
#include "paratutor/base/htmltext.h"

bool giftq_has(const pt_gift_block *b, size_t i, const char *lit)
{
	for (size_t k = 0; lit[k]; k++)
		if (i + k >= b->n || b->v[i + k].lit || b->v[i + k].c != lit[k])
			return false;
	return true;
}

size_t giftq_find(const pt_gift_block *b, size_t i, size_t end, const char *lit)
{
	for (; i < end; i++)
		if (giftq_has(b, i, lit) && i + strlen(lit) <= end)
			return i;
	return end;
}

bool giftq_space(const pt_gift_block *b, size_t i)
{
	return !b->v[i].lit && strchr(" \t\n\r\f\v", b->v[i].c) != NULL && b->v[i].c != '\0';
}

void giftq_trim(const pt_gift_block *blk, size_t *a, size_t *b)
{
	while (*a < *b && giftq_space(blk, *a))
		(*a)++;
	while (*b > *a && giftq_space(blk, *b - 1))
		(*b)--;
}

pt_pos giftq_pos(const pt_gift_block *b, size_t i)
{
	return i < b->n ? b->v[i].pos : b->n > 0 ? b->v[b->n - 1].pos : b->pos;
}

pt_gift_format giftq_format(const pt_gift_block *blk, size_t *a, size_t b, pt_gift_format dflt)
{
	static const char *const names[] = { "[moodle]", "[plain]", "[markdown]", "[html]" };
	size_t i = *a;
	while (i < b && giftq_space(blk, i))
		i++;
	for (int f = 0; f < 4; f++)
		if (giftq_has(blk, i, names[f]) && i + strlen(names[f]) <= b) {
			*a = i + strlen(names[f]);
			return (pt_gift_format)f;
		}
	return dflt;
}

char *giftq_raw(const pt_gift_block *blk, size_t a, size_t b, pt_gift_format fmt)
{
	if (b < a)
		b = a;
	char *s = malloc((b - a) * 4 + 1);
	if (s == NULL)
		return NULL;
	size_t n = 0;
	bool space = false, newline = false;
	for (size_t i = a; i < b; i++) {
		const pt_gch *g = &blk->v[i];
		if (fmt == FMT_HTML) {
			if (g->lit && g->c == '\n') {
				memcpy(s + n, "<br>", 4);
				n += 4;
			} else {
				s[n++] = g->c;
			}
			continue;
		}
		if (!g->lit && strchr(" \t\n\r\f\v", g->c) != NULL) {
			if (g->c == '\n' && fmt == FMT_MARKDOWN)
				newline = true;
			else
				space = true;
			continue;
		}
		if (g->lit && g->c == '\n') {
			newline = true;
			space = false;
			if (n == 0)
				s[n++] = '\n';
			continue;
		}
		if (n > 0 && newline)
			s[n++] = '\n';
		else if (n > 0 && space && s[n - 1] != '\n')
			s[n++] = ' ';
		newline = space = false;
		s[n++] = g->c;
	}
	s[n] = '\0';
	return s;
}

char *giftq_text(pt_gift_question *q, size_t a, size_t b)
{
	giftq_trim(q->blk, &a, &b);
	pt_gift_format fmt = giftq_format(q->blk, &a, b, q->fmt);
	return giftq_text_in(q, a, b, fmt);
}

char *giftq_text_in(pt_gift_question *q, size_t a, size_t b, pt_gift_format fmt)
{
	giftq_trim(q->blk, &a, &b);
	char *raw = giftq_raw(q->blk, a, b, fmt);
	if (raw == NULL || fmt != FMT_HTML)
		return raw;
	size_t images = 0;
	char *s = htmltext_reduce(raw, &images);
	free(raw);
	if (images > 0)
		import_warn(q->imp, giftq_pos(q->blk, a),
		    "%zu image%s or other media in question \"%s\" %s dropped; describe %s in words", images,
		    images == 1 ? "" : "s", q->label, images == 1 ? "is" : "are", images == 1 ? "it" : "them");
	return s;
}

/* Parses an answer weight "%n%" at *i; returns false (with an error) when
 * it is malformed. */
static bool take_weight(pt_gift_question *q, size_t *i, size_t end, pt_gift_answer *an)
{
	pt_gift_block *b = q->blk;
	while (*i < end && giftq_space(b, *i))
		(*i)++;
	if (!giftq_has(b, *i, "%"))
		return true;
	size_t close = giftq_find(b, *i + 1, end, "%");
	char num[32];
	size_t n = 0;
	for (size_t k = *i + 1; k < close && n + 1 < sizeof num; k++)
		num[n++] = b->v[k].c;
	num[n] = '\0';
	char *stop;
	double w = strtod(num, &stop);
	if (close == end || n == 0 || *stop != '\0' || !(w >= -100 && w <= 100)) {
		import_error(q->imp, giftq_pos(b, *i),
		    "the weight of an answer is written %%N%% with N from -100 to 100, as in ~%%50%%answer");
		return false;
	}
	an->has_weight = true;
	an->weight = w;
	*i = close + 1;
	return true;
}

int giftq_answers(pt_gift_question *q, size_t a, size_t b, const char *signs, pt_gift_answer *out)
{
	pt_gift_block *blk = q->blk;
	int n = 0;
	size_t i = a;
	while (i < b) {
		size_t start = i;
		pt_gift_answer an = { 0 };
		if (!blk->v[i].lit && strchr(signs, blk->v[i].c) != NULL && blk->v[i].c != '\0') {
			an.sign = blk->v[i].c;
			i++;
			if (!take_weight(q, &i, b, &an))
				return -1;
		}
		size_t end = i;
		while (end < b && (blk->v[end].lit || strchr(signs, blk->v[end].c) == NULL || blk->v[end].c == '\0'))
			end++;
		an.pos = giftq_pos(blk, start);
		an.a = i;
		an.fa = an.fb = an.b = giftq_find(blk, i, end, "#");
		if (an.b < end) {
			an.has_feedback = true;
			an.fa = an.b + 1;
			an.fb = end;
		}
		size_t ta = an.a, tb = an.b;
		giftq_trim(blk, &ta, &tb);
		if (an.sign != 0 || ta < tb || an.has_feedback) {
			if (n == GIFT_MAX_ANSWERS) {
				import_error(q->imp, an.pos, "more than %d answers in one question", GIFT_MAX_ANSWERS);
				return -1;
			}
			out[n++] = an;
		}
		i = end;
	}
	return n;
}

/* Returns the feedback text of an answer (NULL when it has none). */
static char *feedback_of(pt_gift_question *q, const pt_gift_answer *an)
{
	return an->has_feedback ? giftq_text(q, an->fa, an->fb) : NULL;
}

/* Returns true when the weight of an answer gives credit. */
static bool gives_credit(const pt_gift_answer *an)
{
	return an->has_weight ? an->weight > 0 : an->sign == '=';
}


cJSON *giftq_truefalse(pt_gift_question *q, const char *prompt, size_t a, size_t b)
{
	pt_gift_block *blk = q->blk;
	size_t h1 = giftq_find(blk, a, b, "#"), h2 = h1 < b ? giftq_find(blk, h1 + 1, b, "#") : b;
	size_t ta = a, tb = h1;
	giftq_trim(blk, &ta, &tb);
	bool is_true = blk->v[ta].c == 'T';
	char *wrong = h1 < b ? giftq_text(q, h1 + 1, h2) : NULL;
	char *right = h2 < b ? giftq_text(q, h2 + 1, b) : NULL;
	cJSON *item = import_item("choice", prompt);
	cJSON *options = cJSON_AddArrayToObject(item, "options");
	import_add_option(options, "True", is_true, is_true ? NULL : wrong);
	import_add_option(options, "False", !is_true, is_true ? wrong : NULL);
	cJSON_AddFalseToObject(item, "shuffle");
	import_keep(&q->right, right ? right : "");
	free(wrong);
	free(right);
	return item;
}

cJSON *giftq_short(pt_gift_question *q, const char *prompt, pt_gift_answer *ans, int n)
{
	cJSON *item = import_item("text", prompt);
	cJSON_AddArrayToObject(item, "accept");
	cJSON *wrong = cJSON_CreateArray();
	for (int k = 0; k < n && !q->failed; k++) {
		pt_gift_answer *an = &ans[k];
		if (an->sign == 0 && n > 1) {
			import_error(q->imp, an->pos, "put '=' in front of each answer of a short-answer question");
			q->failed = true;
			break;
		}
		char *text = giftq_text(q, an->a, an->b), *fb = feedback_of(q, an);
		double percent = an->has_weight ? an->weight : 100;
		pt_import_credit c = { percent, percent >= 100, false, fb };
		if (percent > 0 && text != NULL && text[0] == '\0') {
			import_error(q->imp, an->pos, "an accepted answer of question \"%s\" is empty; write the answer "
			    "after '=', or remove the '='", q->label);
			q->failed = true;
		} else {
			import_text_answer(q->imp, item, an->pos, &c, text, wrong, &q->right);
		}
		if (text && strchr(text, '*') != NULL)
			import_approx(q->imp, item, an->pos,
			    "'*' in \"%s\" is a wildcard in Moodle but a plain character here", text);
		free(text);
		free(fb);
	}
	import_set_list(item, "wrong", wrong);
	return item;
}

cJSON *giftq_choice(pt_gift_question *q, const char *prompt, const char *gap_text, pt_gift_answer *ans, int n)
{
	int n_equal = 0, n_credit = 0;
	for (int k = 0; k < n; k++) {
		if (ans[k].sign == 0) {
			import_error(q->imp, ans[k].pos, "put '~' (wrong) or '=' (right) in front of each answer");
			q->failed = true;
			return NULL;
		}
		n_equal += ans[k].sign == '=';
		n_credit += gives_credit(&ans[k]);
	}
	if (n_credit == 0) {
		import_error(q->imp, ans[0].pos,
		    "no answer of question \"%s\" is right; put '=' before the right one", q->label);
		q->failed = true;
		return NULL;
	}
	bool single = n_equal == 1;
	bool fill = single && gap_text != NULL;
	cJSON *item = import_item(fill ? "fill" : single ? "choice" : "multi",
	    fill ? (q->lead && q->lead[0] ? q->lead : "Choose the missing word.") : prompt);
	cJSON *options = fill ? NULL : cJSON_AddArrayToObject(item, "options");
	if (fill) {
		cJSON_AddStringToObject(item, "language", "text");
		cJSON_AddStringToObject(item, "code", gap_text);
	}
	cJSON *bank = fill ? cJSON_AddArrayToObject(item, "bank") : NULL;
	cJSON *blank = cJSON_CreateObject(), *fbmap = cJSON_CreateObject();
	cJSON *accept = cJSON_AddArrayToObject(blank, "accept");
	char partial[200] = "", negatives[200] = "";
	int lettered = 0;
	for (int k = 0; k < n; k++) {
		pt_gift_answer *an = &ans[k];
		char *text = giftq_text(q, an->a, an->b), *fb = feedback_of(q, an);
		bool correct = single ? an->sign == '=' : gives_credit(an);
		if (text != NULL && text[0] == '\0') {
			import_error(q->imp, an->pos, correct
			    ? "a right answer of question \"%s\" is empty; write the answer after '=', or remove the '='"
			    : "a wrong answer of question \"%s\" is empty; write the answer after '~', or remove the '~'",
			    q->label);
			q->failed = true;
			free(text);
			free(fb);
			break;
		}
		if (an->has_weight && an->weight > 0 && an->weight < 100 && strlen(partial) + 16 < sizeof partial)
			snprintf(partial + strlen(partial), sizeof partial - strlen(partial), "%s%g%%",
			    partial[0] ? ", " : "", an->weight);
		if (an->has_weight && an->weight < 0 && strlen(negatives) + 16 < sizeof negatives)
			snprintf(negatives + strlen(negatives), sizeof negatives - strlen(negatives), "%s%g%%",
			    negatives[0] ? ", " : "", an->weight);
		lettered += !fill && import_lettered(text, k);
		if (fill) {
			cJSON_AddItemToArray(bank, cJSON_CreateString(text ? text : ""));
			if (correct)
				cJSON_AddItemToArray(accept, cJSON_CreateString(text ? text : ""));
			else if (fb && fb[0] && !cJSON_HasObjectItem(fbmap, text ? text : ""))
				cJSON_AddStringToObject(fbmap, text ? text : "", fb);
		} else {
			import_add_option(options, text, correct, correct && single ? NULL : fb);
		}
		if (correct && single && fb && fb[0])
			import_keep(&q->right, fb);
		free(text);
		free(fb);
	}
	if (fill) {
		if (fbmap->child != NULL)
			cJSON_AddItemToObject(blank, "feedback", fbmap);
		else
			cJSON_Delete(fbmap);
		cJSON_AddItemToArray(cJSON_AddArrayToObject(item, "blanks"), blank);
	} else {
		cJSON_Delete(blank);
		cJSON_Delete(fbmap);
	}
	if (partial[0] && single)
		import_approx(q->imp, item, ans[0].pos,
		    "partial credit (%s) cannot be represented: only the answer marked '=' counts as right", partial);
	else if (partial[0])
		import_approx(q->imp, item, ans[0].pos,
		    "partial credit (%s) cannot be represented: every answer with a positive weight counts as right and must be picked",
		    partial);
	if (n_equal > 1)
		import_approx(q->imp, item, ans[0].pos,
		    "%d answers are marked '=' and a choice has one right answer: imported as select-all-that-apply", n_equal);
	import_note_options(q->imp, item, ans[0].pos, lettered, fill ? 0 : n, negatives);
	return item;
}

cJSON *giftq_match(pt_gift_question *q, const char *prompt, pt_gift_answer *ans, int n)
{
	cJSON *item = import_item("match", prompt);
	cJSON *pairs = cJSON_AddArrayToObject(item, "pairs");
	cJSON *extra = cJSON_CreateArray();
	pt_gift_block *blk = q->blk;
	for (int k = 0; k < n && !q->failed; k++) {
		pt_gift_answer *an = &ans[k];
		size_t end = an->has_feedback ? an->fb : an->b;
		size_t arrow = giftq_find(blk, an->a, end, "->");
		if (an->sign != '=' || arrow == end || arrow > an->b) {
			import_error(q->imp, an->pos, an->sign != '=' ? "put '=' in front of each matching pair"
			    : arrow == end ? "a matching pair is written =prompt -> answer; this one has no '->'"
			    : "'#' before '->' in a matching pair; write \\# for a literal #");
			q->failed = true;
			break;
		}
		if (an->has_feedback)
			import_warn(q->imp, giftq_pos(blk, an->fa - 1),
			    "matching pairs take no feedback; the text after '#' is dropped (write \\# for a literal #)");
		char *left = giftq_text(q, an->a, arrow);
		size_t ra = arrow + 2, rb = an->b;
		giftq_trim(blk, &ra, &rb);
		char *right = giftq_raw(blk, ra, rb, FMT_PLAIN);
		if (right == NULL || right[0] == '\0') {
			import_error(q->imp, an->pos, "the matching pair has no answer after '->'");
			q->failed = true;
		} else if (left == NULL || left[0] == '\0') {
			cJSON_AddItemToArray(extra, cJSON_CreateString(right));
		} else {
			cJSON *pair = cJSON_CreateObject();
			cJSON_AddStringToObject(pair, "left", left);
			cJSON_AddStringToObject(pair, "right", right);
			cJSON_AddItemToArray(pairs, pair);
		}
		free(left);
		free(right);
	}
	import_set_list(item, "distractors", extra);
	return item;
}

/* Parses a GIFT number ("-1.5", "2e3", ".5"); returns false when s is not
 * one. */
static bool parse_number(const char *s, double *out)
{
	const char *p = s;
	if (*p == '+' || *p == '-')
		p++;
	if (!isdigit((unsigned char)*p) && !(*p == '.' && isdigit((unsigned char)p[1])))
		return false;
	char *end;
	double v = strtod(s, &end);
	if (*end != '\0' || !isfinite(v) || strchr(s, 'x') || strchr(s, 'X'))
		return false;
	*out = v;
	return true;
}

/* Parses a numeric answer "v", "v:tolerance" or "min..max" into a range
 * object; returns NULL after an error. */
static cJSON *parse_range(pt_gift_question *q, const pt_gift_answer *an)
{
	size_t a = an->a, b = an->b;
	giftq_trim(q->blk, &a, &b);
	char *s = giftq_raw(q->blk, a, b, FMT_PLAIN);
	if (s == NULL)
		return NULL;
	char *dots = strstr(s, ".."), *colon = strchr(s, ':');
	double v = 0, w = 0;
	bool ok;
	if (dots != NULL) {
		*dots = '\0';
		ok = parse_number(s, &v) && parse_number(dots + 2, &w) && v <= w;
	} else if (colon != NULL) {
		*colon = '\0';
		ok = parse_number(s, &v) && parse_number(colon + 1, &w) && w >= 0;
	} else {
		ok = parse_number(s, &v);
	}
	free(s);
	if (!ok) {
		import_error(q->imp, giftq_pos(q->blk, a),
		    "a numeric answer is written N, N:TOLERANCE (TOLERANCE >= 0) or MIN..MAX (MIN <= MAX), as in 42, 3.5:0.1 or 1..5");
		q->failed = true;
		return NULL;
	}
	cJSON *r = cJSON_CreateObject();
	if (dots != NULL) {
		cJSON_AddNumberToObject(r, "min", v);
		cJSON_AddNumberToObject(r, "max", w);
	} else {
		cJSON_AddNumberToObject(r, "value", v);
		if (w > 0)
			cJSON_AddNumberToObject(r, "tolerance", w);
	}
	return r;
}

cJSON *giftq_numeric(pt_gift_question *q, const char *prompt, pt_gift_answer *ans, int n)
{
	cJSON *item = import_item("numeric", prompt);
	cJSON *wrong = cJSON_CreateArray(), *mistakes = cJSON_CreateArray(), *answer_range = NULL;
	int best = -1;
	for (int k = 0; k < n; k++) {
		size_t a = ans[k].a, b = ans[k].b;
		giftq_trim(q->blk, &a, &b);
		bool any = a == b || (b == a + 1 && giftq_has(q->blk, a, "*"));
		double w = ans[k].has_weight ? ans[k].weight : ans[k].sign == '~' ? 0 : 100;
		if (!any && w > 0 && (best < 0 || w > (ans[best].has_weight ? ans[best].weight : 100)))
			best = k;
	}
	for (int k = 0; k < n && !q->failed; k++) {
		pt_gift_answer *an = &ans[k];
		size_t a = an->a, b = an->b;
		giftq_trim(q->blk, &a, &b);
		char *fb = feedback_of(q, an);
		double w = an->has_weight ? an->weight : an->sign == '~' ? 0 : 100;
		if (a == b || (b == a + 1 && giftq_has(q->blk, a, "*"))) {
			if (fb && fb[0])
				cJSON_AddItemToArray(mistakes, cJSON_CreateString(fb));
			free(fb);
			continue;
		}
		cJSON *r = parse_range(q, an);
		if (r == NULL) {
			free(fb);
			break;
		}
		pt_import_credit c = { w, w >= 100, k == best, fb };
		import_numeric_answer(q->imp, item, an->pos, &c, r, &answer_range, wrong, &q->right);
		free(fb);
	}
	if (answer_range == NULL && !q->failed) {
		import_error(q->imp, n > 0 ? ans[0].pos : q->blk->pos,
		    "numeric question \"%s\" has no right answer; write one as {#42} or {#=42 ~#feedback}", q->label);
		q->failed = true;
	}
	if (answer_range != NULL)
		cJSON_AddItemToObject(item, "answer", answer_range);
	import_set_list(item, "wrong", wrong);
	import_set_list(item, "mistakes", mistakes);
	return item;
}

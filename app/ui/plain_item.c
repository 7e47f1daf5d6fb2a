/* plain_item.c - plain mode's items: printing them, reading answer lines
 * and printing what a check says, the same for every kind around the
 * kind's own part, which comes from its row (ui_kind.h).  What kinds read
 * or print alike (options, pairs, typed answers) is here, for the rows
 * (ui_kind_parts.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/learn/grade.h"
#include "paratutor/learn/kind.h"
#include "paratutor/ui/plain_item.h"
#include "paratutor/learn/score.h"
#include "paratutor/ui/ui_answer.h"
#include "paratutor/ui/ui_figure.h"
#include "paratutor/ui/ui_kind.h"
#include "paratutor/ui/ui_kind_parts.h"

void plain_item_help_answers(FILE *out, const pt_item *it, bool exam)
{
	fputs("Commands:\n", out);
	ui_kind(it->kind)->help(out, exam);
}

/* Prints a labelled line when text is set. */
static void print_block(FILE *out, const char *label, const char *text)
{
	if (text != NULL)
		fprintf(out, "%s%s\n", label, text);
}

static void print_key(FILE *out, const pt_item *it, const char *label);
static void print_solution(FILE *out, const pt_item *it);

/* Prints a lettered list of n texts. */
void plain_print_lettered(FILE *out, const pt_text *texts, size_t n)
{
	for (size_t o = 0; o < n && o < PT_MAX_OPTIONS; o++)
		fprintf(out, "  %c) %s\n", lesson_option_label(o), texts[o].s);
}

void plain_item_describe(const pt_grade *g, char *buf, size_t size)
{
	const pt_item *it = g->item;
	const ui_kind_ops *row = ui_kind(it->kind);
	const char *level = lesson_difficulty_name(it->difficulty);
	int n = grade_slots(g);
	/* choose is a select-all item's own field: "tick exactly 2" */
	if (it->choose > 0)
		snprintf(buf, size, "%s, tick exactly %d", level, it->choose);
	else if (row->slot_noun != NULL) {
		char task[64];
		snprintf(task, sizeof task, row->task, n, n == 1 ? "" : "s");
		snprintf(buf, size, "%s, %s", level, task);
	} else
		snprintf(buf, size, "%s, %s", level, row->task);
}

/* Prints what an item asks for, by kind. */
static void print_answer_area(FILE *out, const pt_grade *g)
{
	ui_kind(g->item->kind)->print_area(out, g);
}

/* A choice or multi item: the options. */
void plain_area_options(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	for (size_t o = 0; o < it->n_options && o < PT_MAX_OPTIONS; o++)
		fprintf(out, "  %c) %s\n", lesson_option_label(o), it->options[o].text.s);
}

/* Prints where item g stands: open, the hints shown (with their texts),
 * the answer so far, the verdicts of the last check, the attempts left and
 * hints used of how many; finished, its outcome and verdicts. */
static void plain_item_state(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	const ui_kind_ops *row = ui_kind(it->kind);
	if (g->status != PT_OPEN) {
		char label[96];
		score_label(grade_outcome(g), g->checks, g->hints_shown, g->retry_pass, label, sizeof label);
		fprintf(out, "Finished: %s.\n", label);
		if (g->checked)
			row->print_checked(out, g);
		else if (g->status == PT_SOLVED)
			print_key(out, it, "Your answer was right:");
		else
			print_key(out, it, "The answer:");
		fputs("Type explain to read the explanation again, or next to go on.\n", out);
		return;
	}
	for (int h = 0; h < g->hints_shown && (size_t)h < it->hints.n; h++)
		fprintf(out, "Hint %d of %zu: %s\n", h + 1, it->hints.n, it->hints.v[h].s);
	if (row->print_given != NULL)
		row->print_given(out, g);
	int filled = 0;
	for (int b = 0; row->slot_noun != NULL && b < grade_slots(g); b++)
		filled += g->fill[b] >= 0;
	if (filled > 0 && !grade_ready(g)) {
		plain_item_empty(out, g);
		fputc('\n', out);
	}
	if (g->checked) {
		fputs("Your last check:\n", out);
		row->print_checked(out, g);
	}
	fprintf(out, "%d attempt%s left. ", g->attempts_left, g->attempts_left == 1 ? "" : "s");
	if (it->hints.n == 0)
		fputs("This item has no hints. ", out);
	else
		fprintf(out, "Hints used: %d of %zu. ", g->hints_shown, it->hints.n);
	fputs("Type your answer, or help.\n", out);
}

void plain_item_print(FILE *out, const pt_session *s)
{
	const pt_grade *g = &s->grades[s->current];
	const pt_item *it = g->item; /* the item as this session shows it */
	char task[96];
	plain_item_describe(g, task, sizeof task);
	fprintf(out, "\nItem %zu of %zu, %s%s.\n", s->current + 1, s->lesson->n_items,
	    g->retry_pass && !g->review_pass ? "practice, " : "", task);
	fprintf(out, "%s\n", it->prompt.s);
	if (it->figure_at == PT_FIGURE_AT_PROMPT && !ui_kind(it->kind)->draws_figure)
		figure_view_print(out, it);
	print_answer_area(out, g);
	plain_item_state(out, g);
}

void plain_item_explain(FILE *out, const pt_grade *g)
{
	if (g->status == PT_OPEN) {
		fputs("The explanation comes once the item is solved or out of attempts: it would give the answer "
		      "away.\n", out);
		return;
	}
	print_key(out, g->item, "The answer:");
	print_solution(out, g->item);
}

/* Prints the explanation, solution and note after an item ends. */
static void print_solution(FILE *out, const pt_item *it)
{
	print_block(out, "Explanation: ", it->explanation.s);
	if (it->figure_at == PT_FIGURE_AT_EXPLANATION)
		figure_view_print(out, it);
	if (it->solution.present) {
		for (size_t k = 0; k < it->solution.steps.n; k++)
			fprintf(out, "Step %zu: %s\n", k + 1, it->solution.steps.v[k].s);
		print_block(out, "Final answer: ", it->solution.answer.s);
		print_block(out, "Quick check: ", it->solution.check.s);
	}
	print_block(out, "Note: ", it->note.s);
}

/* Prints the common mistakes once they are due. */
static void print_mistakes(FILE *out, const pt_item *it)
{
	for (size_t k = 0; k < it->mistakes.n; k++)
		fprintf(out, "Common mistake: %s\n", it->mistakes.v[k].s);
}

/* Returns the word for a mark as shown now, or NULL for none. */
const char *plain_mark_word(pt_mark mark)
{
	switch (mark) {
	case PT_MARK_RIGHT: return "Correct";
	case PT_MARK_WRONG: return "Wrong";
	case PT_MARK_MISSED: return "Missed";
	case PT_MARK_NONE: break;
	}
	return NULL;
}

/* The shown marks of the last check of a fill or match item, each line
 * starting with its verdict. */
void plain_print_pairs_check(FILE *out, const pt_grade *g, bool prompts)
{
	const pt_item *it = g->item;
	for (int b = 0; b < grade_slots(g); b++) {
		const char *word = plain_mark_word(session_shown_mark(g, b));
		if (word == NULL || g->fill[b] < 0)
			continue;
		const char *chosen = it->bank.v[g->fill[b]].s;
		if (prompts)
			fprintf(out, "%s: prompt %d, %s, given %s.", word, b + 1, it->lefts[b].s, chosen);
		else
			fprintf(out, "%s: blank %d, %s.", word, b + 1, chosen);
		const char *fb = g->marks[b] == PT_MARK_WRONG ? lesson_blank_feedback(it, (size_t)b, (size_t)g->fill[b]) : NULL;
		if (fb != NULL)
			fprintf(out, " %s", fb);
		fputc('\n', out);
	}
}

/* Returns the stop that ends a sentence closing with text s: none when s
 * ends with its own (". ! ?"), else ".". */
static const char *stop_after(const char *s)
{
	size_t n = strlen(s);
	return n > 0 && strchr(".!?", s[n - 1]) != NULL ? "" : ".";
}

/* Prints the shown marks of the last check of a choice or multi item,
 * each line starting with its verdict. */
void plain_print_options_check(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	for (int o = 0; o < grade_slots(g); o++) {
		pt_mark mark = session_shown_mark(g, o);
		const char *word = plain_mark_word(mark);
		if (word == NULL)
			continue;
		const pt_option *opt = &it->options[o];
		fprintf(out, "%s: %c) %s%s", word, lesson_option_label((size_t)o), opt->text.s, stop_after(opt->text.s));
		if (mark != PT_MARK_RIGHT && opt->feedback.s != NULL)
			fprintf(out, " %s", opt->feedback.s);
		fputc('\n', out);
	}
	/* At most one wrong tick is named, and right ones are never counted. */
}

/* Prints the answer of a failed item after label. */
static void print_key(FILE *out, const pt_item *it, const char *label)
{
	/* The kinds end each part of the key with ';': the last one ends the
	 * sentence instead. */
	char *key = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&key, &size);
	if (mem != NULL) {
		ui_kind(it->kind)->print_key(mem, it);
		if (fclose(mem) == 0 && size > 0 && key[size - 1] == ';')
			key[size - 1] = '.';
	}
	fprintf(out, "%s%s\n", label, key != NULL ? key : "");
	free(key);
}

/* A choice or multi item's answer: the correct options. */
void plain_key_options(FILE *out, const pt_item *it)
{
	for (size_t o = 0; o < it->n_options; o++)
		if (it->options[o].correct)
			fprintf(out, " %c) %s;", lesson_option_label(o), it->options[o].text.s);
}

/* A typed answer's key. */
void plain_key_typed(FILE *out, const pt_item *it)
{
	char key[256] = "";
	ui_kind(it->kind)->typed_key(it, key, sizeof key);
	fprintf(out, " %s", key);
}

/* Prints the mark of the last check of a typed answer, with the
 * feedback of a wrong one. */
void plain_print_typed_check(FILE *out, const pt_grade *g)
{
	const char *word = plain_mark_word(session_shown_mark(g, 0));
	const char *fb = g->marks[0] == PT_MARK_WRONG ? grade_said(g) : NULL;
	fprintf(out, "%s: your answer %s.%s%s\n", word ? word : "Checked", g->typed, fb ? " " : "", fb ? fb : "");
}

/* Prints the marks, feedback and outcome of the last counted check. */
static void print_check(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	ui_kind(it->kind)->print_checked(out, g);
	char label[96];
	score_label(grade_outcome(g), g->checks, g->hints_shown, session_pass_kind(g), label, sizeof label);
	if (g->status == PT_SOLVED) {
		fprintf(out, "Correct! %s.\n", label);
		print_solution(out, it);
		if (g->checks == 1)
			print_mistakes(out, it); /* the item ended: not shown before */
	} else if (g->status == PT_FAILED) {
		print_key(out, it, "Out of attempts. The answer:");
		fprintf(out, "Result: %s.\n", label);
		print_solution(out, it);
		if (g->checks == 1)
			print_mistakes(out, it);
	} else {
		/* A select-all check with no wrong tick named still says what to do
		 * (never that the ticks are right, nor how many are missing). */
		fprintf(out, "Not yet%s. %d attempt%s left.\n",
		    (ui_kind(it->kind)->keys & AN_MULTI) && !session_shows_wrong(g) ?
		    ": change your ticks, then answer again" : "",
		    g->attempts_left, g->attempts_left == 1 ? "" : "s");
		if (g->checks == 1)
			print_mistakes(out, it); /* the first wrong check earns them */
	}
}

/* Writes s trimmed, its space runs folded to one and ASCII letters
 * lowered, into out (cut to size). */
static void fold(const char *s, char *out, size_t size)
{
	size_t o = 0;
	bool space = false;
	for (; *s && o + 1 < size; s++) {
		if (isspace((unsigned char)*s)) {
			space = o > 0;
			continue;
		}
		if (space && o + 2 < size)
			out[o++] = ' ';
		space = false;
		out[o++] = (char)tolower((unsigned char)*s);
	}
	out[o] = '\0';
}

/* Returns the index among the n texts that word names, by its letter or
 * its text (any case, unambiguous); -1 for none, -2 when several texts
 * match. */
static int find_option(const char *word, const pt_text *texts, size_t n, size_t stride)
{
	if (n > PT_MAX_OPTIONS)
		n = PT_MAX_OPTIONS;
	if (strlen(word) == 1) {
		int o = lesson_option_index(word[0], n);
		if (o >= 0)
			return o;
	}
	char want[256], have[256];
	fold(word, want, sizeof want);
	int found = -1;
	for (size_t o = 0; o < n; o++) {
		const pt_text *t = (const pt_text *)(const void *)((const char *)texts + o * stride);
		fold(t->s, have, sizeof have);
		if (want[0] != '\0' && strcmp(want, have) == 0) {
			if (found >= 0)
				return -2;
			found = (int)o;
		}
	}
	return found;
}

/* Returns the option of a choice or multi item that word names, or -1/-2. */
static int find_item_option(const pt_item *it, const char *word)
{
	if (it->n_options == 0)
		return -1;
	return find_option(word, &it->options[0].text, it->n_options, sizeof it->options[0]);
}

/* Returns the bank entry of a fill, match or order item that word names,
 * or -1/-2. */
static int find_bank(const pt_item *it, const char *word)
{
	if (it->bank.n == 0)
		return -1;
	return find_option(word, it->bank.v, it->bank.n, sizeof it->bank.v[0]);
}

/* Splits line into words at spaces and tabs (and at commas when commas
 * is set), in place; returns how many. */
size_t plain_split_words(char *line, char **words, bool commas)
{
	size_t n = 0;
	const char *seps = commas ? " \t," : " \t";
	for (char *w = strtok(line, seps); w != NULL && n < PLAIN_MAX_WORDS; w = strtok(NULL, seps))
		words[n++] = w;
	return n;
}

/* Reads a choice or multi answer: letters or option texts.  Returns false
 * with a message quoting the line when it names no options. */
bool plain_apply_options(FILE *out, pt_grade *g, const char *line)
{
	const pt_item *it = g->item;
	bool one = load_kind(it->kind)->one_right;
	char last = lesson_option_label((it->n_options < PT_MAX_OPTIONS ? it->n_options : PT_MAX_OPTIONS) - 1);
	bool want[PT_MAX_OPTIONS] = { false };
	int whole = find_item_option(it, line);
	if (whole >= 0) {
		want[whole] = true;
	} else if (one) {
		fprintf(out, "\"%s\" is not %s: type one letter, A to %c, or an option's text.\n", line,
		    whole == -2 ? "one option (several have that text)" : "an option", last);
		return false;
	} else {
		/* Comma-separated parts may be texts with spaces; otherwise each
		 * word is a letter or a one-word text, and a word of letters only
		 * ("ac") is one letter each when it is no option's text. */
		char copy[1024], *words[PLAIN_MAX_WORDS], letters[PLAIN_MAX_WORDS][2];
		snprintf(copy, sizeof copy, "%s", line);
		size_t n = 0;
		const char *seps = strchr(line, ',') != NULL ? "," : " \t";
		for (char *w = strtok(copy, seps); w != NULL && n < PLAIN_MAX_WORDS; w = strtok(NULL, seps)) {
			w += strspn(w, " \t");
			size_t len = strlen(w);
			while (len > 0 && (w[len - 1] == ' ' || w[len - 1] == '\t'))
				w[--len] = '\0';
			if (len > 0)
				words[n++] = w;
		}
		if (n == 1 && find_item_option(it, words[0]) < 0 && strlen(words[0]) <= PLAIN_MAX_WORDS) {
			const char *run = words[0];
			size_t len = strlen(run), k = 0;
			while (k < len && lesson_option_index((unsigned char)run[k], it->n_options) >= 0)
				k++;
			for (size_t i = 0; k == len && i < len; i++) {
				letters[i][0] = run[i];
				letters[i][1] = '\0';
				words[i] = letters[i];
			}
			if (k == len)
				n = len;
		}
		for (size_t k = 0; k < n; k++) {
			int o = find_item_option(it, words[k]);
			if (o < 0) {
				char shown[256];
				fold(words[k], shown, sizeof shown);
				if (n == 1)
					fprintf(out, "\"%s\" is not an option: use the letters A to %c (a c, a,c or ac) or the "
					    "options' texts separated by commas.\n", line, last);
				else
					fprintf(out, "\"%s\" in \"%s\" is not an option: use the letters A to %c (a c, a,c or ac) "
					    "or the options' texts separated by commas.\n", shown, line, last);
				return false;
			}
			want[o] = true;
		}
		if (n == 0)
			return false;
	}
	if (one) {
		grade_pick(g, whole);
		return true;
	}
	for (int o = 0; o < grade_slots(g); o++)
		if (want[o] != g->picked[o])
			grade_pick(g, o);
	return true;
}

/* Returns true when word is a whole number, as a blank or prompt is named. */
static bool is_number(const char *word)
{
	if (*word == '\0')
		return false;
	for (const char *p = word; *p; p++)
		if (!isdigit((unsigned char)*p))
			return false;
	return true;
}

/* Reads a fill or match answer: pairs of a slot number and an option
 * (letter or text, which may hold spaces), or with a single blank the
 * option alone.  Returns false with a message quoting what was typed. */
bool plain_apply_pairs(FILE *out, pt_grade *g, const char *line, const char *option)
{
	const pt_item *it = g->item;
	const ui_kind_ops *row = ui_kind(it->kind);
	const char *slot = row->slot_noun;
	int n_slots = grade_slots(g);
	char last = lesson_option_label((it->bank.n < PT_MAX_OPTIONS ? it->bank.n : PT_MAX_OPTIONS) - 1);
	char copy[1024], *words[PLAIN_MAX_WORDS];
	snprintf(copy, sizeof copy, "%s", line);
	size_t n = plain_split_words(copy, words, false);
	if (n == 0)
		return false;
	if (n_slots == 1 && !(n >= 2 && strcmp(words[0], "1") == 0)) {
		int o = find_bank(it, line);
		if (o < 0) {
			fprintf(out, "\"%s\" is not an option: use the letters A to %c or an option's text.\n", line, last);
			return false;
		}
		grade_fill(g, 0, o);
		return true;
	}
	for (size_t k = 0; k < n;) {
		size_t end = k + 1;
		if (end < n)
			end++; /* the option's first word, even if it is a number */
		while (end < n && !is_number(words[end]))
			end++;
		char pair[512] = "", value[512] = "";
		for (size_t w = k; w < end; w++) {
			size_t used = strlen(pair);
			snprintf(pair + used, sizeof pair - used, "%s%s", w > k ? " " : "", words[w]);
			if (w > k) {
				used = strlen(value);
				snprintf(value + used, sizeof value - used, "%s%s", w > k + 1 ? " " : "", words[w]);
			}
		}
		char *rest;
		long b = strtol(words[k], &rest, 10);
		int o = value[0] != '\0' ? find_bank(it, value) : -1;
		if (!is_number(words[k]) || b < 1 || b > n_slots || o < 0) {
			if (end - k < 2)
				fprintf(out, "\"%s\" is not a %s and an %s: give pairs of %s number and %s letter, e.g. 1 b.\n",
				    pair, slot, option, slot, option);
			else
				fprintf(out, "\"%s\" is not a %s and an %s: %ss 1 to %d, %ss A to %c.\n", pair, slot,
				    option, slot, n_slots, option, last);
			return false;
		}
		if (grade_fill(g, (int)b - 1, o) == PT_GRADE_LOCKED)
			fprintf(out, "%s %ld is already correct and stays as it is.\n", row->slot_word, b);
		k = end;
	}
	return true;
}

/* Reads a typed answer. */
bool plain_apply_typed(FILE *out, pt_grade *g, const char *line)
{
	(void)out;
	return grade_type(g, line) == PT_GRADE_OK;
}

/* An exam's picks so far, by letter. */
void plain_given_picks(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	bool any = false;
	for (size_t o = 0; o < it->n_options && o < PT_MAX_OPTIONS; o++)
		if (g->picked[o]) {
			fprintf(out, "%s%c", any ? " " : "Your answer so far: ", lesson_option_label(o));
			any = true;
		}
	if (any)
		fputc('\n', out);
}

/* An exam's typed answer so far. */
void plain_given_typed(FILE *out, const pt_grade *g)
{
	if (g->typed[0] != '\0')
		fprintf(out, "Your answer so far: %s\n", g->typed);
}

/* Reads a line into the current answer of g; false when it is none. */
static bool apply_answer(FILE *out, pt_grade *g, const char *line)
{
	return ui_kind(g->item->kind)->apply(out, g, line);
}

void plain_item_empty(FILE *out, const pt_grade *g)
{
	int n = 0;
	for (int b = 0; b < grade_slots(g); b++)
		n += g->fill[b] < 0;
	fprintf(out, "%d %s%s still empty:", n, ui_kind(g->item->kind)->slot_noun, n == 1 ? "" : "s");
	for (int b = 0, k = 0; b < grade_slots(g); b++) {
		if (g->fill[b] >= 0)
			continue;
		k++;
		fprintf(out, "%s%d", k == 1 ? " " : k == n ? " and " : ", ", b + 1);
	}
	fputc('.', out);
}

bool plain_item_answer(FILE *out, pt_session *s, pt_track *track, char *answer)
{
	pt_grade *g = session_grade(s);
	if (!apply_answer(out, g, answer))
		return false;
	if (!grade_ready(g)) {
		plain_item_empty(out, g);
		fputs(" Fill them to check.\n", out);
		return false;
	}
	pt_grade_rc rc = grade_check(g);
	if (rc == PT_GRADE_REPEAT) {
		fprintf(out, "%s\n", PT_GRADE_REPEAT_SAID);
		return false;
	}
	if (rc == PT_GRADE_UNCLEAR || rc == PT_GRADE_SPELLING) {
		char said[PT_MAX_SAID + 64];
		if (!answer_not_counted(g, said, sizeof said))
			snprintf(said, sizeof said, "%s", grade_said(g) ? grade_said(g) : "");
		fprintf(out, "Not counted: \"%s\". %s\n", answer, said);
		return false;
	}
	if (rc != PT_GRADE_OK)
		return false;
	track_checked(track, s);
	print_check(out, g);
	return g->status != PT_OPEN;
}

void plain_item_hint(FILE *out, pt_session *s, pt_track *track)
{
	pt_grade *g = session_grade(s);
	const pt_item *it = g->item;
	if (grade_hint(g) == PT_GRADE_NO_HINT) {
		fputs(it->hints.n ? "No more hints.\n" : "This item has no hints.\n", out);
		return;
	}
	track_hinted(track, s);
	fprintf(out, "Hint %d of %zu: %s\n", g->hints_shown, it->hints.n, it->hints.v[g->hints_shown - 1].s);
}

void plain_item_print_area(FILE *out, const pt_grade *g)
{
	const ui_kind_ops *row = ui_kind(g->item->kind);
	fprintf(out, "%s\n", g->item->prompt.s);
	(row->exam_print_area != NULL ? row->exam_print_area : row->print_area)(out, g);
}

bool plain_item_set(FILE *out, pt_grade *g, char *answer)
{
	const ui_kind_ops *row = ui_kind(g->item->kind);
	return (row->exam_apply != NULL ? row->exam_apply : row->apply)(out, g, answer);
}

void plain_item_print_verdict(FILE *out, const pt_grade *g)
{
	const pt_item *it = g->item;
	if (g->checked) {
		ui_kind(it->kind)->print_checked(out, g);
	} else if (g->typed[0] != '\0') {
		const char *why = grade_said(g);
		fprintf(out, "Not counted: your answer %s.%s%s\n", g->typed, why ? " " : "", why ? why : "");
	}
	if (g->status != PT_SOLVED)
		print_key(out, it, "The answer:");
	print_solution(out, it);
}

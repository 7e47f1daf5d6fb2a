/* plain.c - the line-oriented tutor for screen readers and pipes. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "paratutor/grade.h"
#include "paratutor/plain.h"
#include "paratutor/session.h"
#include "paratutor/track.h"

#define LINE_MAX_LEN 1024

typedef enum plain_step {
	PLAIN_STAY,  /* keep reading commands for this item */
	PLAIN_NEXT,  /* go to the next item */
	PLAIN_PREV,  /* go to the previous item */
	PLAIN_MENU,  /* back to the lesson list */
	PLAIN_RESET, /* forget this lesson's answers (after confirming) */
	PLAIN_QUIT   /* leave the program */
} plain_step;

typedef struct plain_io {
	FILE *in;
	FILE *out;
	const pt_catalog *catalog;
	pt_track *track;
	bool shuffle;
	unsigned long long salt;
} plain_io;

/* Reads one line into buf without its newline; returns false at the end
 * of input. */
static bool read_line(plain_io *io, char *buf, size_t size)
{
	fflush(io->out);
	if (fgets(buf, (int)size, io->in) == NULL)
		return false;
	size_t n = strcspn(buf, "\r\n");
	if (buf[n] == '\0' && !feof(io->in)) {
		int c;
		while ((c = fgetc(io->in)) != EOF && c != '\n')
			;
	}
	buf[n] = '\0';
	return true;
}

/* Lowers and trims a command word in place; returns it. */
static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* Prints the commands of the item prompt. */
static void print_help(plain_io *io, const pt_item *it)
{
	fputs("Commands:\n", io->out);
	if (it == NULL) {
		fputs("  NUMBER or ID   open a lesson, at its first unfinished item\n"
		      "  review         answer the items due for review\n"
		      "  quit           leave\n", io->out);
		return;
	}
	if (it->kind == PT_KIND_FILL)
		fputs("  1 b            put option B into blank 1 (several pairs at once: 1 b 2 c);\n"
		      "                 the answer is checked once every blank is filled\n"
		      "  b              with a single blank, put option B into it\n", io->out);
	else if (it->kind == PT_KIND_CHOICE)
		fputs("  b              answer with option B\n", io->out);
	else
		fputs("  a c            answer with options A and C (all you think are right)\n", io->out);
	fputs("  hint           show the next hint\n"
	      "  next, prev     move between items\n"
	      "  reset          forget your answers to this lesson (asks first)\n"
	      "  menu           back to the lesson list\n"
	      "  quit           leave\n"
	      "  help           this list\n", io->out);
}

/* Prints an indented block of text after a label. */
static void print_block(plain_io *io, const char *label, const char *text)
{
	if (text != NULL)
		fprintf(io->out, "%s%s\n", label, text);
}

/* Prints fill code with each blank as [N], or [N: option] once filled. */
static void print_code(plain_io *io, const pt_grade *g)
{
	const char *code = g->item->code.s;
	fputs("    ", io->out);
	for (const char *p = code; *p;) {
		char *end;
		if (p[0] == '{' && p[1] == '{' && isdigit((unsigned char)p[2])) {
			long b = strtol(p + 2, &end, 10);
			if (end[0] == '}' && end[1] == '}' && b >= 1 && b <= grade_slots(g)) {
				if (g->fill[b - 1] >= 0)
					fprintf(io->out, "[%ld: %s]", b, g->item->bank.v[g->fill[b - 1]].s);
				else
					fprintf(io->out, "[%ld]", b);
				p = end + 2;
				continue;
			}
		}
		fputc(*p, io->out);
		if (*p++ == '\n')
			fputs("    ", io->out);
	}
	fputc('\n', io->out);
}

/* Prints the item: header, prompt, code or options, attempts. */
static void print_item(plain_io *io, const pt_session *s)
{
	const pt_lesson *l = s->lesson;
	const pt_item *it = &l->items[s->current];
	const pt_grade *g = &s->grades[s->current];
	fprintf(io->out, "\n== %s, item %zu of %zu (%s, %s)\n", l->title.s, s->current + 1, l->n_items,
	    lesson_difficulty_name(it->difficulty),
	    it->kind == PT_KIND_FILL ? "fill in the blanks" : it->kind == PT_KIND_CHOICE ? "choose one" : "select all that apply");
	fprintf(io->out, "%s\n", it->prompt.s);
	if (it->kind == PT_KIND_FILL) {
		fputs("Code:\n", io->out);
		print_code(io, g);
		fputs("Options:\n", io->out);
		for (size_t o = 0; o < it->bank.n; o++)
			fprintf(io->out, "  %c) %s\n", lesson_option_label(o), it->bank.v[o].s);
	} else {
		for (size_t o = 0; o < it->n_options; o++)
			fprintf(io->out, "  %c) %s\n", lesson_option_label(o), it->options[o].text.s);
	}
	if (g->status == PT_OPEN)
		fprintf(io->out, "Attempts: %d left. Type your answer, or help.\n", g->attempts_left);
	else
		fprintf(io->out, "Already %s.\n", grade_outcome_name(grade_outcome(g)));
}

/* Prints the explanation, solution and note after an item ends. */
static void print_solution(plain_io *io, const pt_item *it)
{
	print_block(io, "Explanation: ", it->explanation.s);
	if (it->solution.present) {
		for (size_t k = 0; k < it->solution.steps.n; k++)
			fprintf(io->out, "Step %zu: %s\n", k + 1, it->solution.steps.v[k].s);
		print_block(io, "Final answer: ", it->solution.answer.s);
		print_block(io, "Quick check: ", it->solution.check.s);
	}
	print_block(io, "Note: ", it->note.s);
}

/* Prints the common mistakes once they are due. */
static void print_mistakes(plain_io *io, const pt_item *it)
{
	for (size_t k = 0; k < it->mistakes.n; k++)
		fprintf(io->out, "Common mistake: %s\n", it->mistakes.v[k].s);
}

/* Prints the marks and feedback of the last check. */
static void print_check(plain_io *io, const pt_grade *g)
{
	const pt_item *it = g->item;
	if (it->kind == PT_KIND_FILL) {
		for (int b = 0; b < grade_slots(g); b++) {
			const char *chosen = it->bank.v[g->fill[b]].s;
			if (g->marks[b] == PT_MARK_RIGHT) {
				fprintf(io->out, "Blank %d: %s - Correct.\n", b + 1, chosen);
				continue;
			}
			const char *fb = lesson_blank_feedback(it, (size_t)b, (size_t)g->fill[b]);
			fprintf(io->out, "Blank %d: %s - Wrong.%s%s\n", b + 1, chosen, fb ? " " : "", fb ? fb : "");
		}
	} else {
		for (int o = 0; o < grade_slots(g); o++) {
			const pt_option *opt = &it->options[o];
			const char *word = g->marks[o] == PT_MARK_RIGHT ? "Correct" :
			    g->marks[o] == PT_MARK_WRONG ? "Wrong" : g->marks[o] == PT_MARK_MISSED ? "Missed" : NULL;
			if (word == NULL)
				continue;
			fprintf(io->out, "%c) %s - %s.", lesson_option_label((size_t)o), opt->text.s, word);
			if (g->marks[o] != PT_MARK_RIGHT && opt->feedback.s != NULL)
				fprintf(io->out, " %s", opt->feedback.s);
			fputc('\n', io->out);
		}
	}
	if (g->status == PT_SOLVED) {
		fputs("Correct!\n", io->out);
		print_solution(io, it);
	} else if (g->status == PT_FAILED) {
		fputs("Out of attempts. The answer:", io->out);
		if (it->kind == PT_KIND_FILL)
			for (size_t b = 0; b < it->n_blanks; b++)
				fprintf(io->out, " blank %zu = %s;", b + 1, it->blanks[b].accept.v[0].s);
		else
			for (size_t o = 0; o < it->n_options; o++)
				if (it->options[o].correct)
					fprintf(io->out, " %c) %s;", lesson_option_label(o), it->options[o].text.s);
		fputc('\n', io->out);
		print_solution(io, it);
	} else {
		fprintf(io->out, "Not yet. Attempts: %d left.\n", g->attempts_left);
		if (g->checks == 1)
			print_mistakes(io, it);
	}
}

/* Applies an answer line to the grade; returns false with a message when
 * the line is not an answer. */
static bool apply_answer(plain_io *io, pt_grade *g, char *line)
{
	const pt_item *it = g->item;
	char *words[32];
	size_t n = 0;
	for (char *w = strtok(line, " \t,"); w != NULL && n < 32; w = strtok(NULL, " \t,"))
		words[n++] = w;
	if (it->kind != PT_KIND_FILL) {
		if (it->kind == PT_KIND_CHOICE && n != 1) {
			fputs("Answer with one letter, e.g. b.\n", io->out);
			return false;
		}
		bool want[PT_MAX_OPTIONS] = { false };
		int chosen = -1;
		for (size_t k = 0; k < n; k++) {
			chosen = strlen(words[k]) == 1 ? lesson_option_index(words[k][0], it->n_options) : -1;
			if (chosen < 0) {
				fprintf(io->out, "\"%s\" is not an option; use the letters A to %c.\n", words[k],
				    lesson_option_label(it->n_options - 1));
				return false;
			}
			want[chosen] = true;
		}
		if (it->kind == PT_KIND_CHOICE) {
			grade_pick(g, chosen);
			return true;
		}
		for (int o = 0; o < grade_slots(g); o++)
			if (want[o] != g->picked[o])
				grade_pick(g, o);
		return n > 0;
	}
	if (n == 1 && it->n_blanks == 1) {
		words[1] = words[0];
		words[0] = "1";
		n = 2;
	}
	if (n == 0 || n % 2 != 0) {
		fputs("Give pairs of blank number and option letter, e.g. 1 b.\n", io->out);
		return false;
	}
	for (size_t k = 0; k < n; k += 2) {
		char *end;
		long b = strtol(words[k], &end, 10);
		int o = strlen(words[k + 1]) == 1 ? lesson_option_index(words[k + 1][0], it->bank.n) : -1;
		if (*end != '\0' || b < 1 || (size_t)b > it->n_blanks || o < 0) {
			fprintf(io->out, "\"%s %s\" is not a blank and an option: blanks 1 to %zu, options A to %c.\n",
			    words[k], words[k + 1], it->n_blanks, lesson_option_label(it->bank.n - 1));
			return false;
		}
		if (grade_fill(g, (int)b - 1, o) == PT_GRADE_LOCKED)
			fprintf(io->out, "Blank %ld is already correct and stays as it is.\n", b);
	}
	return true;
}

/* Handles one command line on an item. */
static plain_step item_command(plain_io *io, pt_session *s, char *line)
{
	pt_grade *g = session_grade(s);
	const pt_item *it = g->item;
	char *cmd = trim(line);
	for (char *p = cmd; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	if (*cmd == '\0')
		return PLAIN_STAY;
	if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "q") == 0)
		return PLAIN_QUIT;
	if (strcmp(cmd, "next") == 0 || strcmp(cmd, "n") == 0)
		return PLAIN_NEXT;
	if (strcmp(cmd, "prev") == 0 || strcmp(cmd, "p") == 0)
		return PLAIN_PREV;
	if (strcmp(cmd, "menu") == 0)
		return PLAIN_MENU;
	if (strcmp(cmd, "reset") == 0)
		return PLAIN_RESET;
	if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
		print_help(io, it);
		return PLAIN_STAY;
	}
	if (g->status != PT_OPEN) {
		fputs("This item is finished; type next to go on.\n", io->out);
		return PLAIN_STAY;
	}
	if (strcmp(cmd, "hint") == 0 || strcmp(cmd, "h") == 0) {
		if (grade_hint(g) == PT_GRADE_NO_HINT) {
			fputs(it->hints.n ? "No more hints.\n" : "This item has no hints.\n", io->out);
			return PLAIN_STAY;
		}
		track_hinted(io->track, s);
		fprintf(io->out, "Hint %d/%zu: %s\n", g->hints_shown, it->hints.n, it->hints.v[g->hints_shown - 1].s);
		if (g->hints_shown == 1 && g->checks == 0)
			print_mistakes(io, it);
		return PLAIN_STAY;
	}
	if (!apply_answer(io, g, cmd))
		return PLAIN_STAY;
	if (!grade_ready(g)) {
		fputs("Blanks still empty:", io->out);
		for (int b = 0; b < grade_slots(g); b++)
			if (g->fill[b] < 0)
				fprintf(io->out, " %d", b + 1);
		fputs(". Fill them to check.\n", io->out);
		return PLAIN_STAY;
	}
	grade_check(g);
	track_checked(io->track, s);
	print_check(io, g);
	return g->status == PT_OPEN ? PLAIN_STAY : PLAIN_NEXT;
}

/* Prints the misconceptions met most often, in one lesson or in all. */
static void print_misconceptions(plain_io *io, const char *lesson_id)
{
	pt_misconception m[3];
	size_t n = 0;
	if (io->track->progress == NULL ||
	    !progress_misconceptions(io->track->progress, io->catalog, lesson_id, m, 3, &n) || n == 0)
		return;
	fputs("Mistakes you made most often:\n", io->out);
	for (size_t k = 0; k < n; k++)
		fprintf(io->out, "  %zux %s\n", m[k].count, m[k].feedback);
}

/* Prints the tracker's pending notice, if any. */
static void print_notice(plain_io *io)
{
	char notice[1024];
	if (track_take_notice(io->track, notice, sizeof notice))
		fprintf(io->out, "Notice: %s\n", notice);
}

/* Asks for a yes before something that cannot be undone. */
static bool confirm(plain_io *io, const char *question)
{
	char line[LINE_MAX_LEN];
	fprintf(io->out, "%s Type yes to confirm: ", question);
	if (!read_line(io, line, sizeof line))
		return false;
	return strcmp(trim(line), "yes") == 0;
}

/* Prints the end-of-lesson summary. */
static void print_summary(plain_io *io, const pt_session *s)
{
	pt_summary sum;
	session_summarize(s, &sum);
	fprintf(io->out, "\n== Summary of %s\nScore: %d/100. Right first time: %zu. With hints: %zu. "
	    "After retries: %zu. Failed: %zu. Not finished: %zu. Hints used: %zu.\n",
	    s->lesson->title.s, sum.score, sum.first_time, sum.with_hints, sum.retries,
	    sum.failed, sum.open, sum.hints);
	print_misconceptions(io, s->lesson->id.s);
}

/* Prompts for one command on the current item and runs it; the end of
 * input quits. */
static plain_step prompt_command(plain_io *io, pt_session *s)
{
	char line[LINE_MAX_LEN];
	fputs("> ", io->out);
	if (!read_line(io, line, sizeof line))
		return PLAIN_QUIT;
	plain_step step = item_command(io, s, line);
	print_notice(io);
	return step;
}

/* Moves to the next or previous item, recording the move; returns false
 * at the end of the lesson. */
static bool step_item(plain_io *io, pt_session *s, plain_step step)
{
	size_t from = s->current;
	if (step == PLAIN_NEXT && s->current + 1 >= s->lesson->n_items)
		return false;
	if (step == PLAIN_PREV && s->current == 0)
		fputs("This is the first item.\n", io->out);
	else
		s->current += step == PLAIN_NEXT ? 1 : (size_t)-1;
	track_moved(io->track, s, from);
	return true;
}

/* Runs one lesson from where the learner left it; returns PLAIN_MENU or
 * PLAIN_QUIT. */
static plain_step run_lesson(plain_io *io, const pt_lesson *lesson)
{
	pt_session s;
	if (!session_init_shuffled(&s, lesson, io->shuffle, io->salt)) {
		fputs("Out of memory.\n", io->out);
		return PLAIN_QUIT;
	}
	track_open(io->track, &s);
	plain_step step = PLAIN_STAY;
	print_notice(io);
	print_item(io, &s);
	while (step != PLAIN_QUIT && step != PLAIN_MENU) {
		step = prompt_command(io, &s);
		if (step == PLAIN_RESET) {
			if (confirm(io, "Forget every answer you gave in this lesson?")) {
				track_reset(io->track, lesson);
				for (size_t i = 0; i < lesson->n_items; i++)
					session_reset_item(&s, i);
				s.current = 0;
				fputs("Done: the lesson starts afresh.\n", io->out);
			} else {
				fputs("Kept your answers.\n", io->out);
			}
			print_item(io, &s);
		} else if (step == PLAIN_NEXT || step == PLAIN_PREV) {
			if (!step_item(io, &s, step)) {
				print_summary(io, &s);
				step = PLAIN_MENU;
				break;
			}
			print_item(io, &s);
		}
	}
	session_free(&s);
	return step;
}

/* Answers the items due for review, one fresh pass each; returns
 * PLAIN_MENU or PLAIN_QUIT. */
static plain_step run_review(plain_io *io)
{
	pt_due_list due = { 0 };
	if (io->track->progress == NULL ||
	    !progress_due(io->track->progress, io->catalog, time(NULL), &due) || due.n == 0) {
		fputs("Nothing is due for review. Items you miss, or get right only with help, come back here.\n", io->out);
		progress_due_free(&due);
		return PLAIN_MENU;
	}
	fprintf(io->out, "%zu item%s due for review.\n", due.n, due.n == 1 ? "" : "s");
	plain_step step = PLAIN_STAY;
	for (size_t k = 0; k < due.n && step != PLAIN_QUIT && step != PLAIN_MENU; k++) {
		pt_session s;
		if (!session_init_shuffled(&s, due.v[k].lesson, io->shuffle, io->salt))
			break;
		s.current = due.v[k].index;
		print_item(io, &s);
		step = PLAIN_STAY;
		while (step == PLAIN_STAY || step == PLAIN_PREV || step == PLAIN_RESET)
			step = prompt_command(io, &s);
		session_free(&s);
	}
	progress_due_free(&due);
	print_misconceptions(io, NULL);
	return step == PLAIN_QUIT ? PLAIN_QUIT : PLAIN_MENU;
}

/* Lists the lessons with numbers. */
static void print_menu(plain_io *io, const pt_catalog *cat)
{
	fputs("\nLessons:\n", io->out);
	for (size_t i = 0; i < cat->n; i++) {
		const pt_entry *e = &cat->v[i];
		if (e->broken) {
			char diag[1024] = "cannot be read";
			if (e->diags.n > 0)
				diags_format(&e->diags.v[0], diag, sizeof diag);
			fprintf(io->out, "  %zu) [broken] %s\n", i + 1, diag);
			continue;
		}
		size_t done = 0, total = e->lesson->n_items;
		int score = 0;
		if (io->track->progress != NULL)
			progress_lesson_stats(io->track->progress, e->lesson, &done, &total, &score);
		fprintf(io->out, "  %zu) %s (%s, %zu items", i + 1, e->lesson->title.s, e->lesson->id.s, total);
		if (done > 0)
			fprintf(io->out, "; %zu/%zu done, score %d", done, total, score);
		fprintf(io->out, "): %s\n", e->lesson->summary.s);
	}
	size_t due = io->track->progress ? progress_due_count(io->track->progress, io->catalog, time(NULL)) : 0;
	if (due > 0)
		fprintf(io->out, "Review: %zu item%s due; type review.\n", due, due == 1 ? "" : "s");
	fputs("Type a lesson number or id, help, or quit.\n", io->out);
}

/* Finds a lesson by number or id; NULL when there is none. */
static const pt_entry *pick_lesson(const pt_catalog *cat, const char *word)
{
	char *end;
	long n = strtol(word, &end, 10);
	if (*word != '\0' && *end == '\0')
		return n >= 1 && (size_t)n <= cat->n ? &cat->v[n - 1] : NULL;
	return catalog_find(cat, word);
}

int plain_run(pt_catalog *cat, const pt_ui_options *options, FILE *in, FILE *out)
{
	plain_io io = { in, out, cat, options->track, options->shuffle, options->salt };
	char line[LINE_MAX_LEN];
	fprintf(out, "paratutor, plain mode. Type help at any prompt.\n");
	print_notice(&io);
	if (options->review && run_review(&io) == PLAIN_QUIT)
		return 0;
	if (options->lesson_id != NULL) {
		const pt_entry *e = catalog_find(cat, options->lesson_id);
		if (e != NULL && !e->broken && run_lesson(&io, e->lesson) == PLAIN_QUIT)
			return 0;
	}
	for (;;) {
		print_menu(&io, cat);
		fputs("> ", out);
		if (!read_line(&io, line, sizeof line))
			return 0;
		char *word = trim(line);
		if (*word == '\0')
			continue;
		if (strcmp(word, "quit") == 0 || strcmp(word, "q") == 0)
			return 0;
		if (strcmp(word, "help") == 0 || strcmp(word, "?") == 0) {
			print_help(&io, NULL);
			continue;
		}
		if (strcmp(word, "review") == 0) {
			if (run_review(&io) == PLAIN_QUIT)
				return 0;
			continue;
		}
		const pt_entry *e = pick_lesson(cat, word);
		if (e == NULL) {
			fprintf(out, "No lesson \"%s\".\n", word);
			continue;
		}
		if (e->broken) {
			fputs("That lesson has errors; run paratutor --check on it.\n", out);
			continue;
		}
		if (run_lesson(&io, e->lesson) == PLAIN_QUIT)
			return 0;
	}
}

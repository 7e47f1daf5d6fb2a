/* plain.c - the line-oriented tutor for screen readers and pipes. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "paratutor/report/next.h"
#include "paratutor/learn/grade.h"
#include "paratutor/learn/intro.h"
#include "paratutor/ui/plain.h"
#include "paratutor/ui/plain_cmd.h"
#include "paratutor/ui/plain_exam.h"
#include "paratutor/ui/plain_item.h"
#include "paratutor/learn/score.h"
#include "paratutor/learn/session.h"
#include "paratutor/store/track.h"
#include "paratutor/ui/ui_exam_gate.h"
#include "paratutor/ui/ui_wrapout.h"
#include "paratutor/ui/ui_clock.h"

#define LINE_MAX_LEN 1024

typedef enum plain_step {
	PLAIN_STAY,  /* keep reading commands for this item */
	PLAIN_NEXT,  /* go to the next item */
	PLAIN_DONE,  /* the item just ended: go to the next unfinished one */
	PLAIN_PREV,  /* go to the previous item */
	PLAIN_MENU,  /* back to the lesson list */
	PLAIN_RESET, /* forget this lesson's answers (after confirming) */
	PLAIN_AGAIN, /* show the current item again, with its state */
	PLAIN_GO,    /* open item io->go */
	PLAIN_SUMMARY, /* show the lesson's summary */
	PLAIN_QUIT   /* leave the program */
} plain_step;

typedef struct plain_io {
	FILE *in;
	FILE *out;
	pt_catalog *catalog;
	pt_track *track;
	bool shuffle;
	unsigned long long salt;
	size_t go;                      /* the item go N named (0-based) */
	const char *hosted;             /* hosted mode: what exam says instead of drawing one (pt_ui_options) */
	const struct pt_course *course; /* hosted mode: the course (pt_ui_options) */
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

/* Trims the spaces around s in place; returns where it now starts. */
static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* The lesson list's commands are the menu's rows (menu.c), an item's the
 * item screen's (item.c): q goes back to the lesson list from an item and
 * leaves from the list, as it does on the full screen; quit leaves. */
#define MENU_CMDS ui_menu_screen.keys, ui_menu_screen.n_keys
#define ITEM_CMDS ui_item_screen.keys, ui_item_screen.n_keys

/* Prints the commands of the lesson list. */
static void print_menu_help(plain_io *io)
{
	fputs("Commands:\n"
	      "  NUMBER or ID   open a lesson, at its first unfinished item\n", io->out);
	plain_cmd_help(io->out, MENU_CMDS);
}

/* How plain mode takes answers, for the first start and the introduction. */
static const char answers_how[] =
	"Open a lesson by its number, then type your answer at the > prompt: an option's letter (b), several "
	"letters (a c), a blank's number and an option (1 b 2 c), a number or a name. Enter hears the item "
	"again; help lists every command.\n";

/* Prints the introduction, with how plain mode takes answers after its
 * first paragraph. */
static void print_guide(plain_io *io)
{
	fputs("How paratutor works\n", io->out);
	const char *p;
	for (size_t i = 0; (p = intro_paragraph(i)) != NULL; i++) {
		fprintf(io->out, "\n%s\n", p);
		if (i == 0)
			fprintf(io->out, "\n%s", answers_how);
	}
	fputc('\n', io->out);
}

/* The first start: what paratutor is and how to answer, short; intro has
 * the rest. */
static void print_welcome(plain_io *io)
{
	fputs(answers_how, io->out);
	fputs("Type intro to read how marks, scores and reviews work.\n", io->out);
}

/* Handles one command line on an item: a command word, or an answer.  A
 * line starting with "=" is always an answer (for an answer that is also
 * a command word). */
static plain_step item_command(plain_io *io, pt_session *s, char *line)
{
	pt_grade *g = session_grade(s);
	char *answer = trim(line);
	char cmd[32];
	snprintf(cmd, sizeof cmd, "%s", answer);
	for (char *p = cmd; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	if (*answer == '\0')
		return PLAIN_AGAIN;
	const pt_binding *c = *answer == '=' ? NULL : plain_cmd_find(ITEM_CMDS, cmd);
	if (*answer == '=') {
		answer = trim(answer + 1);
		if (*answer == '\0') {
			fputs("Type the answer after the =, e.g. = next.\n", io->out);
			return PLAIN_STAY;
		}
	} else if (c != NULL) {
		switch (c->cmd) {
		case PT_CMD_AGAIN: return PLAIN_AGAIN;
		case PT_CMD_QUIT: return PLAIN_QUIT;
		case PT_CMD_NEXT: return PLAIN_NEXT;
		case PT_CMD_PREV: return PLAIN_PREV;
		case PT_CMD_MENU: return PLAIN_MENU;
		case PT_CMD_RESET: return PLAIN_RESET;
		case PT_CMD_SUMMARY: return PLAIN_SUMMARY;
		case PT_CMD_GO: {
			char *end;
			const char *arg = trim(cmd + 2);
			unsigned long n = strtoul(arg, &end, 10);
			if (*arg == '\0' || *end != '\0' || n < 1 || n > s->lesson->n_items) {
				fprintf(io->out, "\"%s\": give an item number from 1 to %zu, e.g. go 2.\n", answer,
				    s->lesson->n_items);
				return PLAIN_STAY;
			}
			io->go = (size_t)n - 1;
			return PLAIN_GO;
		}
		case PT_CMD_EXPLAIN:
			plain_item_explain(io->out, g);
			return PLAIN_STAY;
		case PT_CMD_HELP:
			plain_item_help_answers(io->out, g->item, false);
			plain_cmd_help(io->out, ITEM_CMDS);
			return PLAIN_STAY;
		case PT_CMD_HINT:
			if (g->status != PT_OPEN)
				break; /* a finished item says so below */
			plain_item_hint(io->out, s, io->track);
			return PLAIN_STAY;
		default:
			break;
		}
	}
	if (g->status != PT_OPEN) {
		fputs("This item is finished: type next to go on, or explain to read its explanation again.\n", io->out);
		return PLAIN_STAY;
	}
	return plain_item_answer(io->out, s, io->track, answer) ? PLAIN_DONE : PLAIN_STAY;
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
		fprintf(io->out, "%s (%zu time%s)\n", m[k].feedback, m[k].count, m[k].count == 1 ? "" : "s");
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
	char attempt[96] = ".";
	if (sum.attempt > 1)
		snprintf(attempt, sizeof attempt, " (attempt 1's) - attempt %d: %d/100. In attempt %d:", sum.attempt,
		    sum.attempt_score, sum.attempt);
	fprintf(io->out, "\nSummary of %s.\nScore: %d/100%s Right first time: %zu. With hints: %zu. "
	    "After retries: %zu. Failed: %zu. Not finished: %zu. Hints used: %zu.\n",
	    s->lesson->title.s, sum.score, attempt, sum.first_time, sum.with_hints, sum.retries, sum.failed, sum.open,
	    sum.hints);
	fprintf(io->out, "How the score is made: %s, an unfinished item counting 0. An item right on its first check "
	    "without a hint scores %d; each wrong check costs %d and each hint %d, but a solved item scores at least %d; "
	    "an item out of attempts scores 0 (intro, at the lesson list, says more).\n",
	    score_explain(sum.attempt), PT_SCORE_FULL, PT_SCORE_WRONG_CHECK, PT_SCORE_HINT, PT_SCORE_FLOOR);
	if (sum.practiced > 0)
		fprintf(io->out, "Practice: %zu item%s practised or reviewed, mean %d/100 (practice; the lesson score "
		    "stays).\n", sum.practiced, sum.practiced == 1 ? "" : "s", sum.practice_score);
	print_misconceptions(io, s->lesson->id.s);
}

/* Returns true when a retry covers item g: finished, but not right first
 * time. */
static bool missed(const pt_grade *g)
{
	return g->status != PT_OPEN && grade_outcome(g) != PT_OUTCOME_FIRST_TIME;
}

/* Returns true when some item of s is finished but not right first time. */
static bool any_missed(const pt_session *s)
{
	for (size_t i = 0; i < s->lesson->n_items; i++)
		if (missed(&s->grades[i]))
			return true;
	return false;
}

/* After the summary, offers to answer again the items not right first
 * time (or go to those not finished); returns PLAIN_STAY at the first of
 * them, PLAIN_RESET for reset (the caller asks first), PLAIN_MENU or
 * PLAIN_QUIT. */
static plain_step offer_retry(plain_io *io, pt_session *s)
{
	size_t n = s->lesson->n_items, n_missed = 0, n_open = 0;
	for (size_t i = 0; i < n; i++) {
		n_missed += missed(&s->grades[i]);
		n_open += s->grades[i].status == PT_OPEN;
	}
	if (n_missed == 0 && n_open == 0) {
		fputs("Every item right first time.\n", io->out);
		return PLAIN_MENU;
	}
	if (n_missed > 0)
		fprintf(io->out, "Type practice to answer again the %zu item%s not right first time (practice; the "
		    "lesson score stays), or press Enter for the lesson list.\n", n_missed, n_missed == 1 ? "" : "s");
	else
		fprintf(io->out, "Type practice to go to the %zu item%s not finished yet, or press Enter for the "
		    "lesson list.\n", n_open, n_open == 1 ? "" : "s");
	/* The summary screen's rows: q goes back to the lesson list, as there;
	 * help lists them and a word that names none asks again. */
	for (;;) {
		char line[LINE_MAX_LEN];
		fputs("> ", io->out);
		if (!read_line(io, line, sizeof line))
			return PLAIN_QUIT;
		char *word = trim(line);
		for (char *p = word; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		const pt_binding *c = plain_cmd_find(ui_summary_screen.keys, ui_summary_screen.n_keys, word);
		if (c != NULL && c->cmd == PT_CMD_QUIT)
			return PLAIN_QUIT;
		if (word[0] == '\0' || (c != NULL && c->cmd == PT_CMD_MENU))
			return PLAIN_MENU;
		if (c != NULL && c->cmd == PT_CMD_PRACTICE)
			break;
		if (c != NULL && c->cmd == PT_CMD_RESET)
			return PLAIN_RESET;
		if (c != NULL && c->cmd == PT_CMD_HELP)
			plain_cmd_help(io->out, ui_summary_screen.keys, ui_summary_screen.n_keys);
		else
			fprintf(io->out, "\"%s\" is not a command here: type practice, reset, press Enter for the lesson list, "
			    "or type help.\n", word);
	}
	for (size_t i = 0; i < n; i++)
		if (missed(&s->grades[i]))
			session_reset_item(s, i);
	size_t from = s->current;
	s->current = session_next_open(s, 0);
	if (s->current >= n)
		s->current = 0;
	track_moved(io->track, s, from);
	return PLAIN_STAY;
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

/* Moves to the next or previous item, or item io->go, recording the
 * move; at either end of the lesson says so in one line and returns
 * false. */
static bool step_item(plain_io *io, pt_session *s, plain_step step)
{
	size_t from = s->current;
	if (step == PLAIN_NEXT && s->current + 1 >= s->lesson->n_items) {
		fputs("This is the last item: type summary for the lesson's summary, or menu for the lesson list.\n",
		    io->out);
		return false;
	}
	if (step == PLAIN_PREV && s->current == 0) {
		fputs("This is the first item: type next, or go N for item N.\n", io->out);
		return false;
	}
	if (step == PLAIN_GO)
		s->current = io->go;
	else
		s->current += step == PLAIN_NEXT ? 1 : (size_t)-1;
	track_moved(io->track, s, from);
	return true;
}

/* Starts the lesson's next attempt once the learner confirms, then shows
 * the item. */
static void reset_lesson(plain_io *io, pt_session *s)
{
	pt_summary sum;
	session_summarize(s, &sum);
	char what[320];
	score_reset_text(sum.score, sum.attempt, false, what, sizeof what);
	if (!confirm(io, what))
		fputs("Kept your answers.\n", io->out);
	else if (track_reset(io->track, s))
		fprintf(io->out, "Attempt %d starts: every item is open again.\n", s->attempt);
	else
		print_notice(io);
	plain_item_print(io->out, s);
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
	fprintf(io->out, "Lesson: %s, %zu item%s.\n", lesson->title.s, lesson->n_items, lesson->n_items == 1 ? "" : "s");
	plain_item_print(io->out, &s);
	while (step != PLAIN_QUIT && step != PLAIN_MENU) {
		step = prompt_command(io, &s);
		if (step == PLAIN_RESET) {
			reset_lesson(io, &s);
		} else if (step == PLAIN_DONE) {
			/* The item ended (its score is printed): on to the next
			 * unfinished item, or the summary when none is left. */
			size_t from = s.current, next = session_next_open(&s, s.current + 1);
			if (next >= lesson->n_items) {
				print_summary(io, &s);
				step = offer_retry(io, &s);
				if (step == PLAIN_RESET) {
					reset_lesson(io, &s);
					step = PLAIN_STAY;
					continue;
				}
				if (step != PLAIN_STAY)
					break;
			} else {
				s.current = next;
				track_moved(io->track, &s, from);
			}
			plain_item_print(io->out, &s);
		} else if (step == PLAIN_NEXT || step == PLAIN_PREV || step == PLAIN_GO) {
			if (step_item(io, &s, step))
				plain_item_print(io->out, &s);
		} else if (step == PLAIN_AGAIN) {
			plain_item_print(io->out, &s);
		} else if (step == PLAIN_SUMMARY) {
			print_summary(io, &s);
			/* A finished lesson's summary offers practice, as at its end. */
			if (session_next_open(&s, 0) >= lesson->n_items && any_missed(&s)) {
				step = offer_retry(io, &s);
				if (step == PLAIN_RESET) {
					reset_lesson(io, &s);
					step = PLAIN_STAY;
					continue;
				}
				if (step != PLAIN_STAY)
					break;
				plain_item_print(io->out, &s);
			}
		}
	}
	track_drafts(io->track, &s);
	session_free(&s);
	return step;
}

/* Answers the items due for review, one fresh pass each; returns
 * PLAIN_MENU or PLAIN_QUIT. */
static plain_step run_review(plain_io *io)
{
	pt_due_list due = { 0 };
	if (io->track->progress == NULL ||
	    !progress_due(io->track->progress, io->catalog, ui_now(), &due) || due.n == 0) {
		fputs("Nothing is due for review. Items you miss, or get right only with help, come back here.\n", io->out);
		progress_due_free(&due);
		return PLAIN_MENU;
	}
	size_t closed = exam_gate_filter(io->track->progress, &due);
	if (closed > 0)
		fprintf(io->out, "%zu item%s due wait%s: %s lesson%s closed while an exam is open.\n", closed,
		    closed == 1 ? "" : "s", closed == 1 ? "s" : "", closed == 1 ? "its" : "their",
		    closed == 1 ? " is" : "s are");
	if (due.n == 0) {
		progress_due_free(&due);
		return PLAIN_MENU;
	}
	fprintf(io->out, "%zu item%s due for review.\n", due.n, due.n == 1 ? "" : "s");
	plain_step step = PLAIN_STAY;
	for (size_t k = 0; k < due.n && step != PLAIN_QUIT && step != PLAIN_MENU; k++) {
		pt_session s;
		if (!session_init_shuffled(&s, due.v[k].lesson, io->shuffle, io->salt))
			break;
		/* As on the full screen: the item as it was left, then a new
		 * pass (a new order of options) when it was finished. */
		track_open(io->track, &s);
		s.current = due.v[k].index;
		if (s.grades[s.current].status != PT_OPEN) {
			session_reset_item(&s, s.current);
			s.grades[s.current].review_pass = true; /* as on the full screen */
		}
		fprintf(io->out, "\nReview %zu of %zu, from %s.", k + 1, due.n, s.lesson->title.s);
		if (!s.grades[s.current].review_pass && s.attempt > 1)
			fprintf(io->out, " It is open in attempt %d of its lesson, so this answer counts for that attempt.",
			    s.attempt);
		else if (!s.grades[s.current].review_pass)
			fputs(" It is open in its lesson, so this answer counts for the lesson.", io->out);
		plain_item_print(io->out, &s);
		step = PLAIN_STAY;
		for (;;) {
			step = prompt_command(io, &s);
			if (step == PLAIN_AGAIN)
				plain_item_print(io->out, &s);
			else if (step == PLAIN_SUMMARY)
				print_summary(io, &s);
			else if (step == PLAIN_PREV || step == PLAIN_GO || step == PLAIN_RESET)
				fputs("A review goes through the due items in turn: type next for the next one, or menu for "
				      "the lesson list.\n", io->out);
			else if (step != PLAIN_STAY)
				break;
		}
		session_free(&s);
	}
	progress_due_free(&due);
	print_misconceptions(io, NULL);
	return step == PLAIN_QUIT ? PLAIN_QUIT : PLAIN_MENU;
}

/* Lists the lessons, one short line each: number, title, progress. */
static void print_menu(plain_io *io, const pt_catalog *cat)
{
	fprintf(io->out, "\nLessons, %zu:\n", cat->n);
	for (size_t i = 0; i < cat->n; i++) {
		const pt_entry *e = &cat->v[i];
		if (e->broken) {
			char diag[1024] = "cannot be read";
			if (e->diags.n > 0)
				diags_format(&e->diags.v[0], diag, sizeof diag);
			fprintf(io->out, "%zu) Broken, run paratutor --check on it: %s\n", i + 1, diag);
			continue;
		}
		pt_lesson_scores sc = { 0, e->info->n_items, 0, 1, 0 };
		if (io->track->progress != NULL)
			progress_info_scores(io->track->progress, e->info, &sc);
		fprintf(io->out, "%zu) %s, %zu item%s", i + 1, e->info->title, sc.total, sc.total == 1 ? "" : "s");
		char score[64];
		score_attempt_text(sc.score, sc.attempt, sc.attempt_score, true, score, sizeof score);
		if (sc.done > 0 || sc.attempt > 1)
			fprintf(io->out, "; %zu done, score %s", sc.done, score);
		fputs(".\n", io->out);
	}
	pt_next next;
	size_t n_records = 0;
	if (io->track->progress != NULL && (progress_records(io->track->progress, &n_records), n_records > 0) &&
	    next_compute(io->track->progress, io->catalog, ui_now(), NULL, &next)) {
		if (next.due > 0)
			fprintf(io->out, "Review: %zu item%s due; type review.\n", next.due, next.due == 1 ? "" : "s");
		char why[256];
		if (next.brief[0] != '\0' && !exam_gate_closed(io->track->progress, NULL, why, sizeof why))
			fprintf(io->out, "Study next: %s.\n", next.brief);
	}
	const pt_exam_record *open = io->track->progress ? progress_exam_open(io->track->progress) : NULL;
	if (open != NULL)
		fputs("You have an unfinished exam: type exam to take it up again.\n", io->out);
	fputs("Type a lesson number, help, or quit.\n", io->out);
}

/* Says the learner is back at the lesson list, in one line. */
static void print_back(plain_io *io)
{
	fputs("\nBack at the lesson list: type a lesson number, list to hear the lessons, help, or quit.\n", io->out);
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

/* Says whether the learner's progress is kept, saving what is pending. */
static void print_saved(plain_io *io)
{
	pt_progress *p = io->track->progress;
	char err[512] = "";
	if (p == NULL)
		return;
	if (progress_dirty(p) && !progress_save(p, err, sizeof err))
		fprintf(io->out, "Your latest progress could not be saved: %s\n", err);
	else if (!progress_persistent(p))
		fputs("Your progress was kept for this session only: it cannot be written to disk.\n", io->out);
	else
		fputs("Your progress is saved: next time you carry on where you left off.\n", io->out);
}

/* Runs the lesson list (after the review or lesson asked for on the
 * command line) until the learner quits or input ends.  The list is shown
 * again only after a lesson or review, or when asked for. */
static void run_menu(plain_io *io, const pt_ui_options *options)
{
	pt_catalog *cat = io->catalog;
	char line[LINE_MAX_LEN];
	if (options->review && run_review(io) == PLAIN_QUIT)
		return;
	if (options->lesson_id != NULL) {
		const pt_entry *e = catalog_find(cat, options->lesson_id);
		const pt_lesson *l = e != NULL && !e->broken ? catalog_lesson(cat, (size_t)(e - cat->v)) : NULL;
		char why[256];
		if (l != NULL && exam_gate_closed(io->track->progress, l->id.s, why, sizeof why))
			fprintf(io->out, "%s.\n", why);
		else if (l != NULL && !e->broken && run_lesson(io, l) == PLAIN_QUIT)
			return;
	}
	/* The first start keeps within a screen: the first lesson is named
	 * and list reads them all. */
	bool list = !options->first_run || cat->n <= 1 || cat->v[0].broken;
	if (!list)
		fprintf(io->out, "\n%zu lessons. Start with 1) %s, or type list to hear them all.\nType a lesson number "
		    "or id, help, or quit.\n", cat->n, cat->v[0].info->title);
	for (;;) {
		if (list)
			print_menu(io, cat);
		list = false;
		fputs("> ", io->out);
		if (!read_line(io, line, sizeof line))
			return;
		char *word = trim(line);
		char cmd[32];
		snprintf(cmd, sizeof cmd, "%s", word);
		for (char *p = cmd; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (*word == '\0') {
			fputs("At the lesson list: type a lesson number, list, help, or quit.\n", io->out);
			continue;
		}
		const pt_binding *c = plain_cmd_find(MENU_CMDS, cmd);
		switch (c != NULL ? c->cmd : PT_CMD_NONE) {
		case PT_CMD_QUIT:
			return;
		case PT_CMD_HELP:
			print_menu_help(io);
			continue;
		case PT_CMD_INTRO:
			print_guide(io);
			continue;
		case PT_CMD_LIST:
			list = true;
			continue;
		case PT_CMD_REVIEW:
			if (run_review(io) == PLAIN_QUIT)
				return;
			print_back(io);
			continue;
		case PT_CMD_EXAM:
			/* As on the full screen: a course's exams are sat only as the
			 * course defines them (one left open is taken up). */
			if (io->hosted != NULL &&
			    (io->track->progress == NULL || progress_exam_open(io->track->progress) == NULL)) {
				fprintf(io->out, "%s.\n", io->hosted);
				continue;
			}
			if (plain_exam_menu(io->track, cat, io->shuffle, io->in, io->out) != 0)
				return;
			print_back(io);
			continue;
		case PT_CMD_STATS: {
			char why[256];
			if (exam_gate_closed(io->track->progress, NULL, why, sizeof why)) {
				fprintf(io->out, "%s.\n", why);
				continue;
			}
			if (!plain_stats(io->out, io->track->progress, io->course, cat, ui_now(), true))
				fputs("Out of memory: cannot show your statistics.\n", io->out);
			fputs("\nType a lesson number, list, help, or quit.\n", io->out);
			continue;
		}
		default:
			break;
		}
		const pt_entry *e = pick_lesson(cat, word);
		if (e == NULL) {
			fprintf(io->out, "No lesson \"%s\": type a lesson number from 1 to %zu or its id; list shows "
			    "them again.\n", word, cat->n);
			continue;
		}
		/* Loaded and validated now: a file broken since the index was
		 * written shows as broken here. */
		const pt_lesson *l = e->broken ? NULL : catalog_lesson(cat, (size_t)(e - cat->v));
		if (l == NULL || e->broken) {
			fputs("That lesson has errors; run paratutor --check on it.\n", io->out);
			continue;
		}
		char why[256];
		if (exam_gate_closed(io->track->progress, l->id.s, why, sizeof why)) {
			fprintf(io->out, "%s.\n", why);
			continue;
		}
		if (run_lesson(io, l) == PLAIN_QUIT)
			return;
		print_back(io);
	}
}

int plain_run(pt_catalog *cat, const pt_ui_options *options, FILE *in, FILE *terminal)
{
	/* Everything goes out wrapped to the terminal's width, words and URLs
	 * whole. */
	FILE *wrapped = wrapout_open(terminal, wrapout_width(terminal));
	FILE *out = wrapped != NULL ? wrapped : terminal;
	plain_io io = { in, out, cat, options->track, options->shuffle, options->salt, 0, options->hosted, options->course };
	/* Unbuffered, so an exam's wait for a line (poll) sees every byte
	 * not yet read. */
	setvbuf(in, NULL, _IONBF, 0);
	fprintf(out, "paratutor, plain mode. Type help at any prompt.\n");
	if (options->first_run)
		print_welcome(&io);
	print_notice(&io);
	run_menu(&io, options);
	print_notice(&io);
	print_saved(&io);
	fflush(out);
	if (wrapped != NULL)
		fclose(wrapped);
	return 0;
}

/* plain_exam.c - an exam in plain line mode: items one at a time with the
 * time left, answers kept without feedback, time, mark, list, go N,
 * submit (asks first), the clock submitting at zero, and the results as
 * text. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/store/course.h"
#include "paratutor/learn/kind.h"
#include "paratutor/report/next.h"
#include "paratutor/ui/plain_cmd.h"
#include "paratutor/model/tags.h"
#include "paratutor/ui/plain_exam.h"
#include "paratutor/ui/plain_item.h"
#include "paratutor/ui/ui_answer.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/ui/ui_exam_gate.h"
#include "paratutor/ui/ui_kind.h"

#define LINE_MAX_LEN 1024

/* What reading a line found. */
typedef enum line_rc { LINE_OK, LINE_EOF, LINE_WAKE } line_rc;

/* Reads a line from in into buf, without its newline; when wait_s is not
 * negative, gives up after that many seconds with LINE_WAKE. */
static line_rc read_line(FILE *in, char *buf, size_t size, long wait_s)
{
	if (wait_s >= 0) {
		struct pollfd pfd = { fileno(in), POLLIN, 0 };
		int ms = wait_s > 86400 ? 86400000 : (int)wait_s * 1000 + 200;
		int r;
		do
			r = poll(&pfd, 1, ms);
		while (r < 0 && errno == EINTR);
		if (r == 0)
			return LINE_WAKE;
	}
	if (fgets(buf, (int)size, in) == NULL)
		return LINE_EOF;
	size_t len = strcspn(buf, "\r\n");
	if (buf[len] == '\0' && len + 1 == size) {
		int c;
		while ((c = fgetc(in)) != EOF && c != '\n')
			;
	}
	buf[len] = '\0';
	return LINE_OK;
}

/* Writes the time left (or used, untimed) as a phrase. */
static void time_phrase(const pt_exam *e, time_t now, char *buf, size_t size)
{
	char a[24], b[24];
	if (e->limit == 0) {
		exam_format_clock(exam_time_used(e, now), a, sizeof a);
		snprintf(buf, size, "untimed practice, %s used", a);
	} else {
		exam_format_clock_pair(exam_time_left(e, now), e->limit, a, b, sizeof a);
		snprintf(buf, size, "%s left of %s", a, b);
	}
}

/* Prints the answer given so far where the answer area does not show it
 * (the kind's row says how). */
static void print_given(FILE *out, pt_exam *e, size_t i)
{
	const pt_grade *g = exam_grade(e, i);
	const ui_kind_ops *k = ui_kind(g->item->kind);
	if (k->print_given != NULL)
		k->print_given(out, g);
}

/* Prints the current item whole: its place, how it is answered, its
 * lesson, the answer given so far and the time left. */
static void show_item(FILE *out, pt_exam *e)
{
	size_t i = e->session.current;
	char when[64], task[96];
	time_phrase(e, ui_now(), when, sizeof when);
	plain_item_describe(exam_grade(e, i), task, sizeof task);
	fprintf(out, "\nExam item %zu of %zu, %s. From %s.%s%s\n", i + 1, e->n, task, e->lessons[i]->title.s,
	    e->marked[i] ? " Marked for later." : "",
	    e->repeat != NULL && e->repeat[i] ? " A repeat: an earlier result showed its answer." : "");
	plain_item_print_area(out, exam_grade(e, i));
	print_given(out, e, i);
	if (exam_state(e, i) == PT_EXAM_PARTLY) {
		plain_item_empty(out, exam_grade(e, i));
		fputc('\n', out);
	}
	fprintf(out, "Time: %s. Type your answer (it is kept, not checked, until you submit), or help.\n", when);
}

/* The exam's commands are the exam screen's rows (exam_screen.c); a line
 * that names none is an answer. */
#define EXAM_CMDS ui_exam_screen.keys, ui_exam_screen.n_keys

/* Prints the exam's commands. */
static void exam_help(FILE *out, const pt_exam *e)
{
	plain_item_help_answers(out, exam_grade((pt_exam *)e, e->session.current)->item, true);
	plain_cmd_help(out, EXAM_CMDS);
}

/* Returns a word for how item i stands. */
static const char *state_word(const pt_exam *e, size_t i)
{
	switch (exam_state(e, i)) {
	case PT_EXAM_ANSWERED: return "answered";
	case PT_EXAM_PARTLY: return "partly answered";
	case PT_EXAM_EMPTY: break;
	}
	return "empty";
}

/* Prints every item's state, one sentence each, and which is current. */
static void list_items(FILE *out, const pt_exam *e)
{
	for (size_t i = 0; i < e->n; i++) {
		const char *prompt = e->items[i]->prompt.s;
		int len = (int)strcspn(prompt, "\n");
		fprintf(out, "Item %zu, %s%s: %.*s\n", i + 1, state_word(e, i), e->marked[i] ? ", marked" : "", len,
		    prompt);
	}
	fprintf(out, "%zu of %zu answered, %zu marked for later. You are at item %zu.\n", e->n - exam_unanswered(e),
	    e->n, exam_marked_count(e), e->session.current + 1);
}

/* Prints one tally as a sentence: label, right of items, percent, what it
 * holds back, and the items missed to review (what), when any. */
static void print_tally(FILE *out, const char *label, const pt_exam_tally *t, const char *what)
{
	char held[96];
	if (t->items + t->held == 0)
		return;
	exam_tally_held(t, held, sizeof held);
	fprintf(out, "%s: ", label);
	if (t->items > 0)
		fprintf(out, "%zu of %zu right, %.0f%%%s", t->right, t->items, 100.0 * (double)t->right /
		    (double)t->items, held[0] ? "; " : "");
	fprintf(out, "%s.%s%s%s\n", held, what[0] ? " To do: " : "", what, what[0] ? "." : "");
}

/* Prints the options ticked of a choice or multi item whose answer was
 * not checked as a whole (too few or too many ticks), so its result still
 * shows what was given. */
static void print_picks(FILE *out, const pt_grade *g)
{
	const pt_item *v = g->item;
	if (kind_shape(v->kind) != PT_SHAPE_PICKS || g->checked)
		return;
	int ticks = 0;
	for (size_t o = 0; o < v->n_options && o < PT_MAX_OPTIONS; o++)
		if (g->picked[o])
			fprintf(out, "%s%c", ticks++ > 0 ? " " : "Wrong: your answer ", lesson_option_label(o));
	if (ticks > 0)
		fprintf(out, ".%s\n", v->choose > 0 && ticks != v->choose ? " Not as many ticks as the item asks for." : "");
}

void plain_exam_results(FILE *out, pt_exam *e, pt_progress *p, pt_catalog *catalog)
{
	char held[320];
	if (exam_results_withheld(e, ui_now(), held, sizeof held)) {
		fprintf(out, "%s\n", held);
		return;
	}
	pt_exam_results r;
	bool *back = progress_exam_held(p, e);
	if (back == NULL || !exam_results(e, back, &r)) {
		free(back);
		fputs("Out of memory: the results cannot be shown.\n", out);
		return;
	}
	char used[24], limit[24], rule[400];
	exam_format_clock_pair(r.used, r.limit, used, limit, sizeof used);
	exam_score_rule(r.pass_percent, rule, sizeof rule);
	char what[512];
	exam_past_note(e, what, sizeof what);
	fprintf(out, "\nExam results.\n%s%s%s\n", what, what[0] ? "\n" : "",
	    e->reopened ? (r.timed_out ? "It was submitted by the clock: time was up." : "It was submitted.") :
	    r.timed_out ? "Time is up: the exam was submitted by the clock." : "The exam is submitted.");
	fprintf(out, "Score: %.0f%% (%zu of %zu right) - %s: the pass mark is %d%%.\n", r.score, r.right, r.items,
	    r.passed ? "PASSED" : "NOT PASSED", r.pass_percent);
	fprintf(out, "%zu wrong, %zu unanswered. %s\n", r.wrong, r.unanswered, rule);
	if (r.limit > 0)
		fprintf(out, "Time used: %s of %s.\n", used, limit);
	else
		fprintf(out, "Time used: %s (untimed).\n", used);
	fputs("By lesson, weakest first:\n", out);
	for (size_t l = 0; l < r.n_lessons; l++) {
		exam_review_list(e, r.by_lesson[l].lesson, -1, back, what, sizeof what);
		print_tally(out, r.by_lesson[l].lesson->title.s, &r.by_lesson[l], what);
	}
	fputs("By difficulty, weakest first:\n", out);
	for (int k = 0; k < 3; k++) {
		int d = r.difficulty_order[k];
		exam_review_list(e, NULL, d, back, what, sizeof what);
		print_tally(out, lesson_difficulty_name((pt_difficulty)d), &r.by_difficulty[d], what);
	}
	if (r.n_tags > 0)
		fputs("By concept, weakest first:\n", out);
	for (size_t k = 0; k < r.n_tags; k++) {
		exam_review_tag(e, r.by_tag[k].tag, back, what, sizeof what);
		print_tally(out, tags_at(e->tags, (size_t)r.by_tag[k].tag)->label, &r.by_tag[k], what);
	}
	/* What to study next, looking first at the concepts this paper missed
	 * (its misses are in the store by now). */
	pt_next next;
	if (p != NULL && catalog != NULL &&
	    next_after_exam(p, catalog, ui_now(), e, back, &next)) {
		fputs("What to study next:\n", out);
		for (size_t k = 0; k < next.n; k++)
			fprintf(out, "%zu. %s\n", k + 1, next.lines[k]);
	}
	for (size_t i = 0; i < e->n; i++) {
		if (back[i]) {
			fprintf(out, "\nItem %zu of %zu, from %s: %s\n", i + 1, e->n, e->lessons[i]->title.s, PT_EXAM_HELD_BACK);
			continue;
		}
		char task[96];
		plain_item_describe(exam_grade(e, i), task, sizeof task);
		fprintf(out, "\n%s: item %zu of %zu, %s, from %s.%s%s\n", e->results[i] == PT_EXAM_RIGHT ? "Correct" : "Wrong",
		    i + 1, e->n, task, e->lessons[i]->title.s, e->results[i] == PT_EXAM_UNANSWERED ? " Not answered." : "",
		    e->answers_lost && e->results[i] != PT_EXAM_UNANSWERED ? " The answer given was not kept." : "");
		plain_item_print_area(out, exam_grade(e, i));
		print_picks(out, exam_grade(e, i));
		plain_item_print_verdict(out, exam_grade(e, i));
	}
	/* A course's exam is sat over ssh, where exam --history is not a word. */
	char name[PT_COURSE_EXAM_NAME_MAX + 1];
	fprintf(out, "\n%sPast exams: %s.\n", e->reopened || exam_to_review(e, back) == 0 ? "" :
	    "Items you missed come back in your reviews. ", course_exam_of(e->id, name, sizeof name) != NULL ?
	    "ssh HOST help lists your sittings and best scores" : "paratutor exam --history");
	exam_results_free(&r);
	free(back);
}

/* Submits the exam, keeps it and prints the results; a paper already
 * submitted (in another paratutor) is refused, never recorded twice. */
static void submit(FILE *out, pt_exam *e, pt_track *track, pt_catalog *catalog, bool by_clock)
{
	time_t now = ui_now();
	pt_progress *p = track->progress;
	if (p != NULL && (progress_exam_sync(p), progress_exam_done(p, e->id))) {
		fputs("Not submitted: this exam was already submitted in another paratutor, and a paper counts once; its "
		      "result is in paratutor exam --history.\n", out);
		return;
	}
	exam_submit(e, now, by_clock);
	track_exam(track, e, now);
	plain_exam_results(out, e, track->progress, catalog);
	char notice[1024];
	if (track_take_notice(track, notice, sizeof notice))
		fprintf(out, "%s\n", notice);
}

/* Returns the seconds to wait for a line before the clock needs a look:
 * a timed exam looks every second (as the exam screen ticks), so a warning
 * or the end is said on time; -1 when untimed. */
static long wait_for(const pt_exam *e, time_t now)
{
	long left = exam_time_left(e, now);
	if (left < 0)
		return -1;
	return left < 1 ? left : 1;
}

/* At time-up: throws away what the learner was typing on a terminal, so
 * no half-typed answer is left for the shell, and says so. */
static void discard_typing(FILE *in, FILE *out)
{
	int fd = fileno(in);
	if (fd < 0 || !isatty(fd))
		return;
	tcflush(fd, TCIFLUSH);
	fputs("\nTime is up: what you were typing was not kept.\n", out);
}

/* Says a warning that fell due; returns true when the time is up. */
static bool clock_check(FILE *out, pt_exam *e)
{
	time_t now = ui_now();
	int warn = exam_warning(e, now);
	if (warn > 0)
		fprintf(out, "Warning: %d minute%s left. Type submit when you are done.\n", warn, warn == 1 ? "" : "s");
	return e->limit > 0 && exam_time_left(e, now) == 0;
}

/* Keeps the exam and says so when saving failed. */
static void keep(FILE *out, pt_exam *e, pt_track *track)
{
	char notice[1024];
	track_exam(track, e, ui_now());
	if (track_take_notice(track, notice, sizeof notice))
		fprintf(out, "%s\n", notice);
}

/* Asks before submitting; returns true when the learner confirms. */
static bool confirm_submit(FILE *in, FILE *out, pt_exam *e, bool *timed_out)
{
	size_t open = exam_unanswered(e);
	if (open > 0)
		fprintf(out, "Submit now? %zu item%s %s unanswered and will count as wrong. Type yes to submit, "
		    "anything else to go on.\n> ", open, open == 1 ? "" : "s", open == 1 ? "is" : "are");
	else
		fputs("Submit now? Every item is answered. Type yes to submit, anything else to go on.\n> ", out);
	fflush(out);
	char line[LINE_MAX_LEN];
	line_rc rc = read_line(in, line, sizeof line, exam_time_left(e, ui_now()));
	*timed_out = rc == LINE_WAKE;
	if (rc != LINE_OK)
		return rc == LINE_WAKE;
	return strcasecmp(line, "yes") == 0 || strcasecmp(line, "y") == 0;
}

/* Moves to item i (0-based) and shows it. */
static void go_to(FILE *out, pt_exam *e, pt_track *track, size_t i)
{
	e->session.current = i;
	keep(out, e, track);
	show_item(out, e);
}

/* Takes line as the answer to the current item; moves on when it is
 * complete. */
static void answer(FILE *out, pt_exam *e, pt_track *track, char *line)
{
	size_t i = e->session.current;
	pt_grade *g = exam_grade(e, i);
	char units[200], before[PT_MAX_TYPED];
	/* Only a number can be read (or not) before the exam checks it; a
	 * kind with words of its own in an exam reads its lines itself. */
	if (ui_kind(g->item->kind)->exam_apply == NULL && !kind_readable(g->item, line)) {
		bool has_units = answer_units(g->item, units, sizeof units);
		fprintf(out, "\"%s\" is not a number this item takes%s%s%s; type it again (nothing is checked until you "
		    "submit).\n", line, has_units ? " (units: " : "", units, has_units ? ")" : "");
		return;
	}
	memcpy(before, g->typed, sizeof before);
	if (!plain_item_set(out, g, line)) {
		if (strcmp(before, g->typed) != 0) /* a knob turned: the setting is the answer so far */
			keep(out, e, track);
		return;
	}
	/* "Select three": partly while another number is ticked (choose is a
	 * multi item's own field) */
	if (exam_state(e, i) == PT_EXAM_PARTLY && g->item->choose > 0) {
		int ticked = 0;
		for (int o = 0; o < grade_slots(g); o++)
			ticked += g->picked[o];
		fprintf(out, "Kept, partly: %d ticked of the %d asked for; change the ticks, or type next.\n", ticked,
		    g->item->choose);
		keep(out, e, track);
		return;
	}
	if (exam_state(e, i) == PT_EXAM_PARTLY) {
		fputs("Kept. ", out);
		plain_item_empty(out, g);
		fputc('\n', out);
		keep(out, e, track);
		return;
	}
	fprintf(out, "Kept your answer to item %zu.\n", i + 1);
	if (i + 1 < e->n) {
		go_to(out, e, track, i + 1);
		return;
	}
	keep(out, e, track);
	fprintf(out, "That was the last item. %zu unanswered: type list to see them, go N to change one, or "
	    "submit.\n", exam_unanswered(e));
}

/* How to take up exam e again: a course's exam (its id "NAME/...") over
 * ssh with its name, a learner's own with paratutor exam. */
static const char *resume_hint(const pt_exam *e, char *buf, size_t size)
{
	const char *sep = strchr(e->id, PT_COURSE_EXAM_SEP);
	if (sep == NULL)
		return "run paratutor exam to resume it";
	snprintf(buf, size, "connect to the course again with 'exam %.*s' to resume it", (int)(sep - e->id), e->id);
	return buf;
}

int plain_exam_run(pt_exam *e, pt_track *track, pt_catalog *catalog, FILE *in, FILE *out)
{
	char when[64], line[LINE_MAX_LEN], hint[96];
	time_phrase(e, ui_now(), when, sizeof when);
	fprintf(out, "Exam: %zu item%s, %s, pass mark %d%%. One answer an item and no feedback until you submit; "
	    "type help for the commands.\n", e->n, e->n == 1 ? "" : "s", when, e->pass_percent);
	show_item(out, e);
	keep(out, e, track);
	bool prompt = true;
	for (;;) {
		fflush(out);
		if (clock_check(out, e)) {
			discard_typing(in, out);
			submit(out, e, track, catalog, true);
			return 0;
		}
		if (prompt) {
			fputs("> ", out);
			fflush(out);
		}
		prompt = false;
		line_rc rc = read_line(in, line, sizeof line, wait_for(e, ui_now()));
		if (rc == LINE_WAKE)
			continue;
		prompt = true;
		if (rc == LINE_EOF) {
			exam_pause(e, ui_now());
			keep(out, e, track);
			time_phrase(e, ui_now(), when, sizeof when);
			fprintf(out, "\nInput ended: the exam is kept (%s); %s.\n", when, resume_hint(e, hint, sizeof hint));
			return 0;
		}
		if (clock_check(out, e)) {
			discard_typing(in, out);
			fputs("That answer came too late.\n", out);
			submit(out, e, track, catalog, true);
			return 0;
		}
		char *cmd = line + strspn(line, " \t");
		size_t i = e->session.current;
		unsigned long n;
		char *end;
		const pt_binding *c = cmd[0] == '\0' ? NULL : plain_cmd_find(EXAM_CMDS, cmd);
		if (cmd[0] == '\0' || (c != NULL && c->cmd == PT_CMD_AGAIN)) {
			show_item(out, e);
		} else if (c == NULL) {
			answer(out, e, track, cmd[0] == '=' ? cmd + 1 + strspn(cmd + 1, " ") : cmd);
		} else if (c->cmd == PT_CMD_HELP) {
			exam_help(out, e);
		} else if (c->cmd == PT_CMD_TIME) {
			time_phrase(e, ui_now(), when, sizeof when);
			fprintf(out, "Time: %s.\n", when);
		} else if (c->cmd == PT_CMD_MARK) {
			e->marked[i] = !e->marked[i];
			fprintf(out, e->marked[i] ? "Item %zu is marked for later.\n" : "Took the mark off item %zu.\n", i + 1);
			keep(out, e, track);
		} else if (c->cmd == PT_CMD_LIST) {
			list_items(out, e);
		} else if (c->cmd == PT_CMD_GO) {
			n = strtoul(cmd + 2, &end, 10);
			if (n >= 1 && n <= e->n && *end == '\0' && cmd[2] != '\0')
				go_to(out, e, track, n - 1);
			else
				fprintf(out, "\"%s\": give an item number from 1 to %zu, e.g. go 3.\n", cmd, e->n);
		} else if (c->cmd == PT_CMD_NEXT) {
			if (i + 1 < e->n)
				go_to(out, e, track, i + 1);
			else
				fputs("This is the last item: type list, go N, or submit.\n", out);
		} else if (c->cmd == PT_CMD_PREV) {
			if (i > 0)
				go_to(out, e, track, i - 1);
			else
				fputs("This is the first item: type next, or go N for item N.\n", out);
		} else if (c->cmd == PT_CMD_SUBMIT) {
			bool by_clock = false;
			if (confirm_submit(in, out, e, &by_clock)) {
				submit(out, e, track, catalog, by_clock);
				return 0;
			}
			fputs("Not submitted: go on answering.\n", out);
		} else {
			exam_pause(e, ui_now());
			keep(out, e, track);
			time_phrase(e, ui_now(), when, sizeof when);
			fprintf(out, "The exam is kept (%s%s); %s.\n", when,
			    e->limit > 0 ? "; its clock runs on while you are away" : "", resume_hint(e, hint, sizeof hint));
			return 0;
		}
	}
}

int plain_exam_menu(pt_track *track, pt_catalog *catalog, bool shuffle, FILE *in, FILE *out)
{
	pt_progress *p = track->progress;
	char why[256], line[LINE_MAX_LEN];
	time_t now = ui_now();
	pt_exam e;
	if (p != NULL) {
		progress_exam_sync(p);
		if (progress_exam_hold(p) == PT_EXAM_ELSEWHERE) {
			exam_gate_elsewhere(why, sizeof why);
			fprintf(out, "%s.\n", why);
			return 0;
		}
		progress_exam_sync(p); /* held now: nothing changes it meanwhile */
	}
	catalog_load_all(catalog);
	if (p != NULL && progress_exam_open(p) != NULL) {
		size_t dropped = 0;
		if (!progress_exam_resume(p, catalog, &e, now, &dropped, why, sizeof why)) {
			fprintf(out, "The unfinished exam cannot be resumed: %s.\n", why);
			return 0;
		}
		if (exam_expired(&e, now)) {
			exam_submit(&e, exam_deadline(&e), true);
			track_exam(track, &e, now);
			fputs("Time ran out while you were away: your unfinished exam was submitted as it stood at its "
			      "deadline.\n", out);
			plain_exam_results(out, &e, p, catalog);
			exam_free(&e);
			return 0;
		}
		if (dropped > 0)
			fprintf(out, "Note: %zu item%s of the unfinished exam changed or went away and %s left out.\n",
			    dropped, dropped == 1 ? "" : "s", dropped == 1 ? "is" : "are");
		fputs("Taking up your unfinished exam.\n", out);
		exam_resume(&e, now);
	} else {
		pt_exam_config cfg;
		exam_config_default(&cfg);
		char limit[24];
		exam_format_clock(cfg.seconds < 0 ? (long)cfg.count * PT_EXAM_SECONDS_PER_ITEM : cfg.seconds, limit,
		    sizeof limit);
		fprintf(out, "An exam: up to %zu items drawn across the lessons, %s to answer them, pass mark %d%%, no feedback "
		    "until you submit. For other choices, quit and run paratutor exam --help.\n"
		    "Type yes to start it (its clock starts), anything else to go back.\n> ", cfg.count, limit,
		    cfg.pass_percent);
		fflush(out);
		if (read_line(in, line, sizeof line, -1) != LINE_OK)
			return 1;
		char *word = line + strspn(line, " \t");
		if (strcasecmp(word, "yes") != 0 && strcasecmp(word, "y") != 0) {
			fputs("No exam started.\n", out);
			return 0;
		}
		now = ui_now();
		cfg.seed = (unsigned long long)now * 2654435761ull ^ (unsigned long long)getpid();
		cfg.shuffle = shuffle;
		cfg.shown = p != NULL ? progress_exam_shown : NULL;
		cfg.shown_ctx = p;
		if (!exam_start(&e, catalog, &cfg, now, why, sizeof why)) {
			fprintf(out, "No exam: %s.\n", why);
			return 0;
		}
		if (p != NULL)
			progress_exam_new_id(p, &e);
		if (e.repeated > 0)
			fprintf(out, "Note: too few items are left whose answers no earlier result showed, so %zu of the "
			    "%zu items repeat ones you have seen answered.\n", e.repeated, e.n);
	}
	int status = plain_exam_run(&e, track, catalog, in, out);
	exam_free(&e);
	return status;
}

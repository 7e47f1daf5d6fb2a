/* exam.c - `paratutor exam`: sits an exam drawn from the lessons, full
 * screen or in plain mode, resumes an unfinished one, and lists past
 * exams (--history). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/cli/cli_course.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_lessons.h"
#include "paratutor/cli/cli_exam.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/store/course.h"
#include "paratutor/learn/exam.h"
#include "paratutor/ui/plain_exam.h"
#include "paratutor/store/progress.h"
#include "paratutor/cli/cli_config.h"
#include "paratutor/ui/ui.h"
#include "paratutor/ui/ui_wrapout.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/ui/ui_exam_gate.h"

#define MAX_FROM 64
#define STR(x) #x
#define XSTR(x) STR(x) /* a number macro as text */


/* The usage text (--help). */
static const char usage[] =
	      "Usage: paratutor exam [OPTION]...\n"
	      "       paratutor exam --history [--state FILE]\n"
	      "       paratutor exam --show N [--plain] [--state FILE]\n"
	      "       paratutor exam --retake N [--plain] [--state FILE]\n"
	      "Sit a timed exam drawn from the lessons: one answer an item, no feedback\n"
	      "until you submit, then the score against the pass mark, by lesson and by\n"
	      "difficulty, and every item with its answer and explanation.\n"
	      "\n"
	      "Items are drawn across the lessons in proportion to each lesson's items of\n"
	      "each difficulty; the seed decides the draw and the order of the options,\n"
	      "so --seed S with --allow-repeats replays the same paper; without it,\n"
	      "items whose answers earlier results showed are left out first, so the\n"
	      "same seed draws another paper once they are.  An unfinished exam is\n"
	      "offered for resuming with the time that was left.\n"
	      "\n"
	      "Options:\n"
	      "      --from LESSON-ID...  draw from these lessons only (ids after it,\n"
	      "                        comma-separated, or --from again); default: all\n"
	      "  -n, --count N         items on the paper (default 20)\n"
	      "      --minutes M       time limit in minutes, fractions allowed (default\n"
	      "                        1.5 an item)\n"
	      "      --untimed         no time limit\n"
	      "      --pass PERCENT    the pass mark (default 70)\n"
	      "      --seed S          the paper's seed (default: a new one each time);\n"
	      "                        with --allow-repeats the same seed sits the same\n"
	      "                        paper again\n"
	      "      --blueprint FILE  draw each lesson's share of the paper as FILE gives\n"
	      "                        it (a JSON exam blueprint: {\"blueprint\": 1,\n"
	      "                        \"shares\": {\"LESSON-ID\": PERCENT, ...}}), instead\n"
	      "                        of --from; a bare name is a bundled blueprint\n"
	      "                        (pmle-scaling: the Google PMLE's scaling domain)\n"
	      "      --kinds LIST      draw only items of these kinds, comma-separated\n"
	      "                        (choice,multi for a scenario-only paper, as the\n"
	      "                        certification exams are); default: every kind\n"
	      "      --allow-repeats   draw from every item, also those whose answers the\n"
	      "                        results of earlier exams showed (by default they\n"
	      "                        are drawn only when the others run short)\n"
	      "      --history         list past exams and exit\n"
	      "      --show N          reopen the result of past exam N (as --history\n"
	      "                        numbers them): the figures, and every item with\n"
	      "                        the answer given, the key and the explanation\n"
	      "      --retake N        sit the paper of past exam N (as --history numbers\n"
	      "                        them) again: the same items in a new order (with\n"
	      "                        --seed S, the order of seed S), its pass mark and\n"
	      "                        time limit unless given; exam N's score stays\n"
	      "  -p, --plain           line mode (the default when stdin or stdout is not\n"
	      "                        a terminal); type help during the exam\n"
	      "      --no-shuffle      show options in the order the lesson gives them\n"
	      "      --state FILE      keep progress in FILE\n"
	      "  -l, --lessons DIR     read lessons from DIR (repeatable); default: as for\n"
	      "                        the tutor\n"
	      "  -h, --help            show this help and exit\n"
	      "\n"
	      "Exit status: 0 done, 1 the exam could not be drawn or kept, 2 bad command\n"
	      "line, 3 no lessons found.\n";

/* The command line, parsed. */
typedef struct exam_args {
	pt_exam_config cfg;
	cli_lesson_path lessons;
	const char *from[MAX_FROM];
	char *from_copies[MAX_FROM];
	size_t n_copies;
	const char *state;
	const char *blueprint_path;
	pt_blueprint blueprint;
	size_t show;  /* --show N: N; 0 when not given */
	size_t retake; /* --retake N: N; 0 when not given */
	size_t count;  /* --count N: N; 0 when not given */
	size_t pass;   /* --pass PERCENT, when pass_given */
	const char *drawn; /* the name of an option that draws a paper (refused with --retake), or NULL */
	const char *pass_given; /* "pass" when --pass was given */
	bool history, plain, seeded, minutes, untimed, timed_set, no_shuffle, allow_repeats;
	const char *course_exam; /* hosted mode: the course exam's name (its id begins NAME/) */
	const char *hosted;      /* hosted mode: what the exam key says (pt_ui_options) */
	const struct pt_course *course; /* hosted mode: the course (pt_ui_options) */
} exam_args;

/* Adds the comma-separated lesson ids of s to a->from; false when too many. */
static bool add_from(exam_args *a, const char *s)
{
	if (a->n_copies == MAX_FROM)
		return false;
	char *copy = strdup(s);
	if (copy == NULL)
		return false;
	a->from_copies[a->n_copies++] = copy;
	for (char *id = strtok(copy, ","); id != NULL; id = strtok(NULL, ",")) {
		if (a->cfg.n_from == MAX_FROM)
			return false;
		a->from[a->cfg.n_from++] = id;
	}
	return true;
}

/* --from LESSON-ID,... into the exam_args to; false (having said so)
 * when there are too many. */
static bool from_arg(const char *arg, void *to)
{
	if (add_from(to, arg))
		return true;
	fprintf(stderr, "paratutor exam: at most %d lessons with --from\n", MAX_FROM);
	return false;
}

/* --minutes M into the exam_args to; false (having said so) when M is not
 * a time above 0 and up to the longest limit. */
static bool minutes_arg(const char *arg, void *to)
{
	exam_args *a = to;
	char *end;
	errno = 0;
	double m = strtod(arg, &end);
	if (errno != 0 || *end != '\0' || end == arg || !(m > 0) || m * 60 > PT_EXAM_MAX_SECONDS) {
		fprintf(stderr, "paratutor exam: --minutes takes a time above 0 and up to %ld minutes, not '%s'\n",
		    PT_EXAM_MAX_SECONDS / 60, arg);
		return false;
	}
	a->cfg.seconds = (long)(m * 60 + 0.5) > 0 ? (long)(m * 60 + 0.5) : 1;
	a->minutes = true;
	return true;
}

/* --seed S into the exam_args to; false when S is not a whole number. */
static bool seed_arg(const char *arg, void *to)
{
	exam_args *a = to;
	a->seeded = true;
	return cli_whole(arg, 0, ~0ull, &a->cfg.seed);
}

/* --kinds LIST into the exam_args to; false (having said so) when a name
 * is not a kind's. */
static bool kinds_arg(const char *arg, void *to)
{
	exam_args *a = to;
	char why[160];
	if (exam_kinds_parse(arg, &a->cfg.kinds, why, sizeof why))
		return true;
	fprintf(stderr, "paratutor exam: --kinds takes kind names separated by commas: %s\n", why);
	return false;
}

/* Parses the options into a; returns -1 to go on, else an exit status. */
static int parse_args(int argc, char **argv, exam_args *a)
{
	const cli_opt rows[] = {
		{ "from", 0, CLI_CALL, a, .call = from_arg, .given = &a->drawn },
		{ "count", 'n', CLI_WHOLE, &a->count, "--count takes a number of items from 1 to " XSTR(PT_EXAM_MAX_ITEMS),
		    .lo = 1, .hi = PT_EXAM_MAX_ITEMS, .given = &a->drawn },
		{ "minutes", 0, CLI_CALL, a, .call = minutes_arg },
		CLI_ROW("untimed", 0, CLI_FLAG, &a->untimed),
		{ "pass", 0, CLI_WHOLE, &a->pass, "--pass takes a percentage from 0 to 100", .hi = 100,
		    .given = &a->pass_given },
		{ "seed", 0, CLI_CALL, a, "--seed takes a whole number from 0 to 18446744073709551615", .call = seed_arg },
		CLI_ROW("history", 0, CLI_FLAG, &a->history),
		CLI_ROW("plain", 'p', CLI_FLAG, &a->plain),
		CLI_ROW("no-shuffle", 0, CLI_FLAG, &a->no_shuffle),
		CLI_ROW("state", 0, CLI_TEXT, &a->state),
		{ "allow-repeats", 0, CLI_FLAG, &a->allow_repeats, .given = &a->drawn },
		{ "show", 0, CLI_WHOLE, &a->show, "--show takes an exam's number as --history lists it (1, 2, ...)",
		    .lo = 1, .hi = 1e9 },
		{ "retake", 0, CLI_WHOLE, &a->retake, "--retake takes an exam's number as --history lists it (1, 2, ...)",
		    .lo = 1, .hi = 1e9 },
		{ "blueprint", 0, CLI_TEXT, &a->blueprint_path, .given = &a->drawn },
		{ "kinds", 0, CLI_CALL, a, .call = kinds_arg, .given = &a->drawn },
		CLI_LESSON_ROWS(&a->lessons),
		CLI_HELP_ROWS(usage)
	};
	int status = cli_read_options(argc, argv, rows, "paratutor exam", "paratutor exam");
	if (status >= 0)
		return status;
	/* --from a b c: the words after the options are more lesson ids. */
	for (; optind < argc && a->cfg.n_from > 0; optind++)
		if (!from_arg(argv[optind], a))
			return CLI_USAGE;
	if (optind < argc) {
		fprintf(stderr, "paratutor exam: unexpected '%s'; name lessons with --from LESSON-ID\n", argv[optind]);
		return CLI_USAGE;
	}
	if (a->show > 0 && a->history) {
		fputs("paratutor exam: give either --show or --history, not both\n", stderr);
		return CLI_USAGE;
	}
	if (a->retake > 0 && (a->show > 0 || a->history || a->drawn != NULL)) {
		fprintf(stderr, "paratutor exam: give either --retake or --%s, not both (a retake sits the paper it names)\n",
		    a->show > 0 ? "show" : a->history ? "history" : a->drawn);
		return CLI_USAGE;
	}
	if (a->blueprint_path != NULL && a->cfg.n_from > 0) {
		fputs("paratutor exam: give either --blueprint or --from, not both (the blueprint names its lessons)\n",
		    stderr);
		return CLI_USAGE;
	}
	if (a->untimed && a->minutes) {
		fputs("paratutor exam: give either --minutes or --untimed, not both\n", stderr);
		return CLI_USAGE;
	}
	a->cfg.from = a->from;
	a->timed_set = a->untimed || a->minutes;
	if (a->untimed)
		a->cfg.seconds = 0;
	if (a->count > 0)
		a->cfg.count = a->count;
	if (a->pass_given != NULL)
		a->cfg.pass_percent = (int)a->pass;
	if (a->no_shuffle)
		a->cfg.shuffle = false;
	return -1;
}


/* Prints the past exams: a table, or in plain mode (words) a sentence
 * each. */
static int print_history(const char *state, bool words)
{
	pt_progress *p = cli_store_open(state, true, "paratutor exam");
	if (p == NULL)
		return CLI_FAILED;
	size_t n = progress_exam_count(p);
	if (n == 0) {
		puts("No exams yet: run paratutor exam to sit one.");
		progress_close(p);
		return CLI_OK;
	}
	if (!words)
		printf("%3s  %-17s %5s %6s %5s  %-10s %9s\n", "#", "finished (UTC)", "items", "score", "pass", "result",
		    "time");
	for (size_t i = 0; i < n; i++) {
		pt_exam_summary s;
		const pt_exam_record *r = progress_exam_at(p, i);
		if (!progress_exam_summary(p, i, &s))
			continue;
		char when[32] = "", used[24];
		struct tm tm;
		if (gmtime_r(&s.finished, &tm) != NULL)
			strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
		exam_format_clock(r->used, used, sizeof used);
		char notes[160] = "";
		size_t k = 0;
		if (r->limit == 0)
			k += (size_t)snprintf(notes + k, sizeof notes - k, ", untimed practice");
		if (r->timed_out)
			k += (size_t)snprintf(notes + k, sizeof notes - k, ", time ran out");
		if (r->leaves > 0 && k < sizeof notes)
			k += (size_t)snprintf(notes + k, sizeof notes - k, ", left %u time%s", r->leaves,
			    r->leaves == 1 ? "" : "s");
		if (r->interruptions > 0 && k < sizeof notes)
			k += (size_t)snprintf(notes + k, sizeof notes - k, ", interrupted %u time%s", r->interruptions,
			    r->interruptions == 1 ? "" : "s");
		if (s.retake_of > 0 && k < sizeof notes)
			snprintf(notes + k, sizeof notes - k, ", a retake of exam %zu", s.retake_of);
		if (words)
			printf("Exam %zu, finished %s UTC: %zu items, %.0f%%, %s against a pass mark of %d%%; time used %s%s%s.\n",
			    i + 1, when, s.n_items, s.score, s.passed ? "passed" : "not passed", s.pass_percent, used,
			    notes[0] ? ", " : "", notes[0] ? notes + 2 : "");
		else
			printf("%3zu  %-17s %5zu %5.0f%% %4d%%  %-10s %9s%s%s%s\n", i + 1, when, s.n_items, s.score,
			    s.pass_percent, s.passed ? "passed" : "not passed", used, notes[0] ? "  (" : "",
			    notes[0] ? notes + 2 : "", notes[0] ? ")" : "");
	}
	if (words)
		printf("Each score is the share of items right with one answer each.\nReopen a result with its items "
		    "and answers: paratutor exam --show N (N is the exam's number); sit its paper again: paratutor exam "
		    "--retake N.\n");
	else
		printf("Each score is the share of items right with one answer each; the pass column is the mark it was "
		    "sat against.\nReopen a result with its items and answers: paratutor exam --show N (N from the "
		    "first column); sit its paper again: paratutor exam --retake N.\n");
	progress_close(p);
	return CLI_OK;
}

/* Asks in plain mode what to do with an unfinished exam: resume, submit
 * as it stands, or leave it.  Returns 'r', 's' or 'l'. */
static int ask_unfinished(const pt_exam *e, FILE *out)
{
	char left[96], line[64], clock[24];
	if (e->limit > 0) {
		exam_format_clock(exam_time_left(e, ui_now()), clock, sizeof clock);
		snprintf(left, sizeof left, "%s left (its clock ran on while you were away)", clock);
	} else {
		exam_format_clock(exam_time_used(e, ui_now()), clock, sizeof clock);
		snprintf(left, sizeof left, "untimed practice, %s used", clock);
	}
	fprintf(out, "You have an unfinished exam: %zu items, %zu answered, %s.\n"
	       "Type resume to go on with it, submit to hand it in as it stands, or anything else to leave it for "
	       "later.\n", e->n, e->n - exam_unanswered(e), left);
	fflush(out);
	if (fgets(line, sizeof line, stdin) == NULL)
		return 'l';
	line[strcspn(line, "\r\n")] = '\0';
	if (strcasecmp(line, "resume") == 0 || strcasecmp(line, "r") == 0 || strcasecmp(line, "yes") == 0 ||
	    strcasecmp(line, "y") == 0)
		return 'r';
	if (strcasecmp(line, "submit") == 0)
		return 's';
	return 'l';
}

/* Sets e up to sit past exam a->retake's paper again at now (its pass
 * mark and time limit unless the command line gave them); false, with
 * one line saying what to do, when it cannot be. */
static bool retake(pt_catalog *cat, exam_args *a, pt_progress *progress, pt_exam *e, time_t now)
{
	char why[256], name[PT_COURSE_EXAM_NAME_MAX + 1];
	size_t n = progress_exam_count(progress);
	if (a->retake > n) {
		if (n == 0)
			fprintf(stderr, "paratutor exam: --retake %zu: no exam has been sat yet; run paratutor exam to sit "
			    "one\n", a->retake);
		else
			fprintf(stderr, "paratutor exam: --retake %zu: there %s %zu exam%s, numbered 1 to %zu as paratutor "
			    "exam --history lists them\n", a->retake, n == 1 ? "is" : "are", n, n == 1 ? "" : "s", n);
		return false;
	}
	const pt_exam_record *r = progress_exam_at(progress, a->retake - 1);
	if (course_exam_of(r->id, name, sizeof name) != NULL) {
		fprintf(stderr, "paratutor exam: --retake %zu: exam %zu was the course exam %s, whose attempts the course "
		    "decides: connect to the course and run 'exam %s' if it allows another\n", a->retake, a->retake, name,
		    name);
		return false;
	}
	if (!a->seeded)
		a->cfg.seed = (unsigned long long)now * 2654435761ull ^ (unsigned long long)getpid();
	if (!progress_exam_retake(progress, a->retake - 1, cat, e, a->cfg.seed, now, why, sizeof why)) {
		fprintf(stderr, "paratutor exam: --retake %zu: %s\n", a->retake, why);
		return false;
	}
	if (a->timed_set)
		e->limit = a->cfg.seconds;
	if (a->pass_given != NULL)
		e->pass_percent = a->cfg.pass_percent;
	e->results_at = a->cfg.results_at;
	progress_exam_new_id(progress, e);
	printf("A retake of exam %zu: the same %zu items in a new order; exam %zu's score stays as it was.\n",
	    a->retake, e->n, a->retake);
	return true;
}

/* Returns true when the exam runs in plain mode: asked for, or stdin or
 * stdout is not a terminal, or the terminal cannot show the full screen
 * (said on stderr). */
static bool runs_plain(const exam_args *a)
{
	char why[256];
	if (a->plain || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return true;
	if (ui_terminal_usable(why, sizeof why))
		return false;
	fprintf(stderr, "paratutor exam: %s, so it runs in plain mode (--plain)\n", why);
	return true;
}

/* Runs the exam (resumed or new) in plain mode or full screen. */
static int sit(pt_catalog *cat, exam_args *a, pt_progress *progress, pt_track *track)
{
	bool plain = runs_plain(a);
	char why[256];
	if (plain)
		setvbuf(stdin, NULL, _IONBF, 0);
	pt_exam e;
	time_t now = ui_now();
	size_t dropped = 0;
	progress_exam_sync(progress);
	if (progress_exam_hold(progress) == PT_EXAM_ELSEWHERE) {
		exam_gate_elsewhere(why, sizeof why);
		fprintf(stderr, "paratutor exam: %s\n", why);
		return CLI_FAILED;
	}
	progress_exam_sync(progress); /* held now: nothing changes it meanwhile */
	if (a->retake > 0 && progress_exam_open(progress) != NULL) {
		fputs("paratutor exam: an exam is still open: run paratutor exam to go on with it or submit it, then "
		    "retake\n", stderr);
		return CLI_FAILED;
	}
	if (a->retake > 0) {
		if (!retake(cat, a, progress, &e, now))
			return CLI_FAILED;
	} else if (progress_exam_open(progress) != NULL) {
		if (!progress_exam_resume(progress, cat, &e, now, &dropped, why, sizeof why)) {
			fprintf(stderr, "paratutor exam: cannot resume the unfinished exam: %s\n", why);
			return CLI_FAILED;
		}
		e.results_at = a->cfg.results_at;
		if (exam_expired(&e, now)) {
			exam_submit(&e, exam_deadline(&e), true);
			track_exam(track, &e, now);
		}
		if (dropped > 0)
			printf("Note: %zu item%s of the unfinished exam changed or went away and %s left out.\n", dropped,
			    dropped == 1 ? "" : "s", dropped == 1 ? "is" : "are");
		if (a->drawn != NULL)
			printf("Note: an exam is open, so it goes on as it was drawn; the options that draw a paper (here "
			    "--%s) wait for your next exam.\n", a->drawn);
	} else {
		if (!a->seeded)
			a->cfg.seed = (unsigned long long)now * 2654435761ull ^ (unsigned long long)getpid();
		if (!a->allow_repeats) {
			a->cfg.shown = progress_exam_shown;
			a->cfg.shown_ctx = progress;
		}
		if (!exam_start(&e, cat, &a->cfg, now, why, sizeof why)) {
			fprintf(stderr, "paratutor exam: %s\n", why);
			return CLI_FAILED;
		}
		e.results_at = a->cfg.results_at;
		if (a->course_exam != NULL) {
			char id[sizeof e.id];
			snprintf(id, sizeof id, "%s", e.id);
			snprintf(e.id, sizeof e.id, "%.16s%c%.30s", a->course_exam, PT_COURSE_EXAM_SEP, id);
		}
		progress_exam_new_id(progress, &e);
		if (a->count > 0 && e.n < a->cfg.count)
			printf("Note: only %zu item%s what you asked for, so the paper has %zu, not %zu.\n", e.n,
			    e.n == 1 ? " matches" : "s match", e.n, a->cfg.count);
		if (e.repeated > 0)
			printf("Note: too few items are left whose answers no earlier result showed, so %zu of the %zu "
			       "items repeat ones you have seen answered.\n", e.repeated, e.n);
	}
	int status = CLI_OK;
	/* Plain mode's text is wrapped to the terminal's width, as the tutor's. */
	FILE *wrapped = plain ? wrapout_open(stdout, wrapout_width(stdout)) : NULL;
	FILE *out = wrapped != NULL ? wrapped : stdout;
	if (plain && e.submitted) {
		fprintf(out, "Time ran out while you were away: your unfinished exam was submitted as it stood at its "
		       "deadline.\n");
		plain_exam_results(out, &e, progress, cat);
	} else if (plain) {
		int choice = e.paused ? ask_unfinished(&e, out) : 'r';
		if (exam_expired(&e, ui_now()))
			choice = 'x';
		if (choice == 'x' || choice == 's') {
			now = ui_now();
			exam_submit(&e, now, choice == 'x');
			track_exam(track, &e, now);
			if (choice == 'x')
				fputs("Time is up: the exam was submitted by the clock.\n", out);
			plain_exam_results(out, &e, progress, cat);
		} else if (choice == 'r') {
			exam_resume(&e, ui_now());
			status = plain_exam_run(&e, track, cat, stdin, out);
		} else {
			track_exam(track, &e, ui_now());
			if (a->course_exam != NULL)
				fprintf(out, "The unfinished exam is kept as it was%s; connect to the course again with 'exam %s' to "
				    "resume it.\n", e.limit > 0 ? ", its clock running" : "", a->course_exam);
			else
				fputs(e.limit > 0 ? "The unfinished exam is kept as it was, its clock running; run paratutor exam "
				    "to resume it.\n" : "The unfinished exam is kept as it was; run paratutor exam to resume it.\n", out);
		}
	} else {
		pt_ui_options uio = { NULL, false, NULL, track, false, a->cfg.shuffle, 0, &e, a->hosted, a->course };
		status = ui_run(cat, &uio);
	}
	if (wrapped != NULL)
		fclose(wrapped);
	exam_free(&e);
	return status;
}

/* Reopens past exam a->show of the store: its results in plain mode or
 * full screen.  Closed while an exam is open (results show answers). */
static int show_result(pt_catalog *cat, exam_args *a, pt_progress *progress, pt_track *track)
{
	char why[256];
	if (exam_gate_results(progress, why, sizeof why)) {
		fprintf(stderr, "paratutor exam: %s\n", why);
		return CLI_FAILED;
	}
	size_t n = progress_exam_count(progress);
	if (a->show > n) {
		if (n == 0)
			fprintf(stderr, "paratutor exam: --show %zu: %s holds no exam results yet\n", a->show, a->state);
		else
			fprintf(stderr, "paratutor exam: --show %zu: %s holds %zu exam result%s, numbered 1 to %zu as "
			    "paratutor exam --history lists them\n", a->show, a->state, n, n == 1 ? "" : "s", n);
		return CLI_FAILED;
	}
	pt_exam e;
	size_t dropped = 0;
	if (!progress_exam_reopen(progress, a->show - 1, cat, &e, ui_now(), &dropped, why, sizeof why)) {
		fprintf(stderr, "paratutor exam: --show %zu: %s\n", a->show, why);
		return CLI_FAILED;
	}
	bool plain = runs_plain(a);
	if (dropped > 0)
		printf("Note: %zu item%s of this exam %s no longer in the lessons and %s left out.\n", dropped,
		    dropped == 1 ? "" : "s", dropped == 1 ? "is" : "are", dropped == 1 ? "is" : "are");
	int status = CLI_OK;
	if (plain) {
		plain_exam_results(stdout, &e, progress, cat);
	} else {
		pt_ui_options uio = { NULL, false, NULL, track, false, a->cfg.shuffle, 0, &e, NULL, NULL };
		status = ui_run(cat, &uio);
	}
	exam_free(&e);
	return status;
}

/* Opens the store a->state and sits the exam, or shows past result
 * a->show; for a course exam the unsaved work, if any, is said last. */
static int with_store(pt_catalog *cat, exam_args *a)
{
	pt_progress *progress = cli_store_open(a->state, false, "paratutor exam");
	if (progress == NULL)
		return CLI_FAILED;
	pt_track track;
	track_init(&track, progress, NULL);
	cli_course_push_attach(&track); /* hosted with an LRS: send each result */
	int status = a->show > 0 ? show_result(cat, a, progress, &track) : sit(cat, a, progress, &track);
	if (a->course_exam != NULL)
		track_print_exit(&track, stderr);
	progress_close(progress);
	return status;
}

int cli_exam_course(pt_catalog *cat, const pt_exam_config *cfg, const char *state, const char *name,
    const char *hosted, const struct pt_course *course)
{
	exam_args a;
	memset(&a, 0, sizeof a);
	a.cfg = *cfg;
	a.state = state;
	a.course_exam = name;
	a.hosted = hosted;
	a.course = course;
	return with_store(cat, &a);
}

int cli_exam(int argc, char **argv)
{
	exam_args a;
	memset(&a, 0, sizeof a);
	exam_config_default(&a.cfg);
	int status = parse_args(argc, argv, &a);
	if (status < 0) {
		cli_config_read(&a.lessons.config, "paratutor exam");
		a.lessons.have_config = true;
		a.plain = a.plain || a.lessons.config.user.plain;
	}
	char state_buf[PT_PROGRESS_PATH_MAX];
	if (status < 0)
		a.state = cli_store_path(a.state, state_buf, sizeof state_buf, "paratutor exam", "--state");
	if (status < 0 && a.state == NULL)
		status = CLI_USAGE;
	if (status < 0 && a.history)
		status = print_history(a.state, a.plain);
	if (status < 0 && a.blueprint_path != NULL && a.show == 0) {
		pt_diags d = { 0 };
		char bp_file[4096];
		if (!cli_find_blueprint(a.blueprint_path, &a.lessons, bp_file, sizeof bp_file)) {
			fprintf(stderr, "paratutor exam: %s is neither a file nor a bundled blueprint (such as pmle-scaling); "
			    "no exam was started\n", a.blueprint_path);
			status = CLI_FAILED;
		} else if (blueprint_load(&a.blueprint, bp_file, &d)) {
			a.cfg.blueprint = &a.blueprint;
		} else {
			diags_print(&d, stderr);
			fprintf(stderr, "paratutor exam: %s is not a blueprint an exam can be drawn to; no exam was started\n",
			    a.blueprint_path);
			status = CLI_FAILED;
		}
		diags_free(&d);
	}
	pt_catalog cat = { 0 };
	if (status < 0 && !cli_load_lessons(&cat, &a.lessons, "paratutor exam")) {
		fputs("paratutor exam: no lessons found; give a directory with --lessons DIR\n", stderr);
		status = CLI_NO_LESSONS;
	}
	if (status < 0)
		status = with_store(&cat, &a);
	catalog_free(&cat);
	cli_lesson_path_free(&a.lessons);
	blueprint_free(&a.blueprint);
	for (size_t i = 0; i < a.n_copies; i++)
		free(a.from_copies[i]);
	return status;
}

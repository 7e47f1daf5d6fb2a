/* hosted.c - hosted mode, `paratutor --course DIR --learner ID`: what a
 * learner's forced ssh command runs (docs/course.md).  Nothing the
 * learner sends is a path, a file or an option: SSH_ORIGINAL_COMMAND may
 * only be one of a few words; lessons come only from DIR/lessons and the
 * records go only to DIR/learners/ID; exams are sat only as course.json
 * defines them, by the server's clock; one session per learner at a time. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_course.h"
#include "paratutor/cli/cli_exam.h"
#include "paratutor/cli/cli_tutor.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/store/course.h"
#include "paratutor/learn/fsrs.h"
#include "paratutor/store/progress.h"
#include "paratutor/ui/ui_clock.h"

#define WORDS "plain, review, next, exam NAME or help"

/* What the exam key of a hosted session says. */
#define HOSTED_EXAMS "Exams on this course are sat with: ssh HOST 'exam NAME' (ssh HOST help lists them)"

/* What the learner asked for. */
typedef enum hosted_word { W_MENU, W_PLAIN, W_REVIEW, W_NEXT, W_EXAM, W_HELP } hosted_word;

/* Reads the words the learner sent (NULL: none) into *w and name (for
 * exam NAME); false when they are anything else. */
static bool parse_words(const char *cmd, hosted_word *w, char *name, size_t size)
{
	*w = W_MENU;
	if (cmd == NULL)
		return true;
	char buf[64], extra[8];
	if (strlen(cmd) >= sizeof buf)
		return false;
	for (const char *s = cmd; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 && *s != '\t')
			return false;
	char first[16] = "";
	int n = sscanf(cmd, "%15s %40s %7s", first, buf, extra);
	if (n <= 0)
		return true; /* only blanks: the menu */
	static const struct { const char *word; hosted_word w; } words[] = {
		{ "plain", W_PLAIN }, { "review", W_REVIEW }, { "next", W_NEXT }, { "help", W_HELP }, { "exam", W_EXAM },
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		if (strcmp(first, words[i].word) != 0)
			continue;
		*w = words[i].w;
		if (*w == W_EXAM) {
			if (n != 2 || !course_name_ok(buf, PT_COURSE_EXAM_NAME_MAX))
				return false;
			snprintf(name, size, "%.16s", buf);
			return true;
		}
		return n == 1;
	}
	return false;
}

/* Keeps only the variables a terminal session needs: the terminal's type
 * and size and the language (all sshd's AcceptEnv should pass), and what
 * sshd itself sets.  Anything else a server passes (HOME, XDG_*, a test
 * hook of a release build) is dropped, so no path comes from outside. */
static void scrub_environment(void)
{
	extern char **environ;
	static const char *const keep[] = { "TERM=", "LANG=", "LC_", "COLUMNS=", "LINES=", "PATH=", "USER=",
		"LOGNAME=", "SSH_CONNECTION=", "SSH_CLIENT=", "SSH_TTY=",
#ifdef PT_TEST_HOOKS
		"PARATUTOR_TEST_NOW=", /* test builds only: the tests' clock */
#endif
	};
	for (size_t i = 0; environ != NULL && environ[i] != NULL;) {
		bool kept = false;
		for (size_t k = 0; k < sizeof keep / sizeof keep[0] && !kept; k++)
			kept = strncmp(environ[i], keep[k], strlen(keep[k])) == 0;
		if (kept) {
			i++;
			continue;
		}
		char name[256];
		size_t n = strcspn(environ[i], "=");
		snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), environ[i]);
		if (unsetenv(name) != 0)
			i++; /* cannot happen for a name from environ; never loop */
	}
}

/* Prints a phrase of an exam's lines in help: after "; " while the line
 * stays within 80 columns, else on a line of its own, indented (*col: the
 * line's width so far, 0 before the first). */
static void help_phrase(int *col, const char *phrase)
{
	int n = (int)strlen(phrase);
	if (*col > 0 && *col + 2 + n <= 80) {
		printf("; %s", phrase);
		*col += 2 + n;
	} else {
		printf("%s    %s", *col > 0 ? "\n" : "", phrase);
		*col = 4 + n;
	}
}

/* Prints the words and the course's exams: each with the learner's own
 * time limit, whether it is open, their attempts, when results come out
 * and their sittings; an exam they are sitting now with its time left and
 * nothing of its paper. */
static void print_help(const pt_course *c, const pt_progress *p, time_t now, const char *learner)
{
	printf("%s\n"
	       "Sign in with ssh and one of these words after the host (or none):\n"
	       "  (none)      the lesson menu, full screen (plain lines without a terminal)\n"
	       "  plain       the lesson menu in plain lines, for screen readers and scripts\n"
	       "  review      the items due for review\n"
	       "  next        what to study next, then those items\n"
	       "  exam NAME   sit the course's exam NAME\n"
	       "  help        this list\n", c->title);
	for (size_t i = 0; i < c->n_exams; i++) {
		const pt_course_exam *ex = &c->exams[i];
		bool sitting = false;
		unsigned used = course_exam_attempts(p, ex->name, &sitting);
		char when[40] = "", phrase[120];
		int col = 0;
		printf("%sexam %s: %zu item%s, %g minutes, pass %d%%\n", i == 0 ? "\nExams (times in UTC):\n  " : "  ",
		    ex->name, ex->count, ex->count == 1 ? "" : "s", course_exam_seconds(ex, learner) / 60.0, ex->pass);
		const pt_exam_record *open = sitting ? progress_exam_open(p) : NULL;
		if (open != NULL) {
			char left[24];
			exam_format_clock(open->limit > 0 ? open->started + open->limit - now : open->used, left, sizeof left);
			snprintf(phrase, sizeof phrase, "you are sitting it now: %s %s", left, open->limit > 0 ? "left" : "used");
			help_phrase(&col, phrase);
			snprintf(phrase, sizeof phrase, "ssh HOST 'exam %s' goes on with it", ex->name);
			help_phrase(&col, phrase);
		} else {
			pt_course_window w = course_exam_window(ex, 0, now);
			if (w == PT_COURSE_EXAM_NOT_YET)
				course_format_time(ex->opens, when, sizeof when);
			else if (w == PT_COURSE_EXAM_OPEN && ex->closes != 0)
				course_format_time(ex->closes, when, sizeof when);
			snprintf(phrase, sizeof phrase, "%s%s", w == PT_COURSE_EXAM_NOT_YET ? "opens " : w == PT_COURSE_EXAM_CLOSED
			    ? "closed" : when[0] != '\0' ? "open now, until " : "open now", when);
			help_phrase(&col, phrase);
		}
		if (ex->attempts == 0 && used == 0)
			snprintf(phrase, sizeof phrase, "any number of attempts");
		else if (ex->attempts == 0)
			snprintf(phrase, sizeof phrase, "any number of attempts, %u used", used);
		else if (used >= ex->attempts)
			snprintf(phrase, sizeof phrase, "every attempt used (%u of %u)", used, ex->attempts);
		else if (used == 0)
			snprintf(phrase, sizeof phrase, "%u attempt%s, none used yet", ex->attempts, ex->attempts == 1 ? "" : "s");
		else
			snprintf(phrase, sizeof phrase, "attempt %u of %u used", used, ex->attempts);
		help_phrase(&col, phrase);
		/* The learner's own sittings, best score first. */
		double best = -1;
		unsigned sat = 0;
		char name[PT_COURSE_EXAM_NAME_MAX + 1];
		for (size_t k = 0; k < progress_exam_count(p); k++) {
			const pt_exam_record *r = progress_exam_at(p, k);
			pt_exam_summary sum;
			const char *of = r != NULL ? course_exam_of(r->id, name, sizeof name) : NULL;
			if (of == NULL || strcmp(of, ex->name) != 0 || !progress_exam_summary(p, k, &sum))
				continue;
			sat++;
			if (sum.score > best)
				best = sum.score;
		}
		time_t release = course_exam_release(ex);
		course_format_time(release, when, sizeof when);
		if (sat == 0 && now < ex->closes && release > now) {
			snprintf(phrase, sizeof phrase, "results once it closes, at %s", when);
			help_phrase(&col, phrase);
		} else if (sat > 0) {
			int n = snprintf(phrase, sizeof phrase, "you sat it %u time%s; ", sat, sat == 1 ? "" : "s");
			if (release > now)
				snprintf(phrase + n, sizeof phrase - (size_t)n, "the results come out at %s", when);
			else
				snprintf(phrase + n, sizeof phrase - (size_t)n, "your best score: %.0f%% (%s)", best,
				    best >= ex->pass ? "passed" : "not passed");
			help_phrase(&col, phrase);
		}
		putchar('\n');
	}
}

/* Takes the learner's session lock; false when another session holds it. */
static bool take_session(const char *learner_dir, int *fd)
{
	char path[PATH_MAX + 16];
	snprintf(path, sizeof path, "%s/session.lock", learner_dir);
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	return *fd >= 0 && flock(*fd, LOCK_EX | LOCK_NB) == 0;
}

/* Submits an open exam whose deadline passed while the learner was away,
 * as it stood at its deadline, saves, and says so.  Returns false when
 * the store could not be settled or kept. */
static bool settle_exam(pt_progress *p, const pt_catalog *cat, time_t now)
{
	const pt_exam_record *r = progress_exam_open(p);
	char why[256], name[PT_COURSE_EXAM_NAME_MAX + 1] = "";
	if (r != NULL && course_exam_of(r->id, name, sizeof name) == NULL)
		name[0] = '\0';
	bool settled = false;
	if (!progress_exam_settle(p, cat, now, &settled, why, sizeof why)) {
		fprintf(stderr, "paratutor: cannot settle the exam left open: %s\n", why);
		return false;
	}
	if (!settled)
		return true;
	if (!progress_save(p, why, sizeof why)) {
		fprintf(stderr, "paratutor: cannot keep your records: %s; please tell your instructor\n", why);
		return false;
	}
	printf("Time ran out on your exam%s%s while you were away: it was submitted as it stood at its deadline.\n",
	    name[0] ? " " : "", name);
	return true;
}

/* Asks before the learner's last attempt at ex is drawn, in a line from
 * standard input (a terminal's or not), read a byte at a time so nothing
 * the exam reads next is taken; true to draw it. */
static bool start_last(const pt_course_exam *ex, long seconds)
{
	printf("This is your %s attempt at the exam %s: %zu item%s, %g minutes,\n"
	       "the clock starts now. Start? [y/N] ", ex->attempts == 1 ? "only" : "last", ex->name, ex->count,
	    ex->count == 1 ? "" : "s", seconds / 60.0);
	fflush(stdout);
	char line[8] = "", ch = 0;
	size_t n = 0;
	ssize_t got;
	while ((got = read(STDIN_FILENO, &ch, 1)) != 0 && ch != '\n') {
		if (got < 0 && errno != EINTR)
			break;
		if (got == 1 && n + 1 < sizeof line && ch != ' ' && ch != '\t' && ch != '\r')
			line[n++] = ch;
	}
	line[n] = '\0';
	if (got != 1 || !isatty(STDIN_FILENO))
		putchar('\n'); /* the answer was not echoed */
	if (strcasecmp(line, "y") == 0 || strcasecmp(line, "yes") == 0)
		return true;
	printf("Nothing was started; your %s attempt at the exam %s is still yours.\n",
	    ex->attempts == 1 ? "only" : "last", ex->name);
	return false;
}

/* Draws or resumes course exam name for learner; returns the exit status. */
static int sit_exam(const pt_course *c, const char *learner, const char *name, pt_catalog *cat, pt_progress *p,
    const char *store, time_t now)
{
	const pt_course_exam *ex = course_exam(c, name);
	if (ex == NULL) {
		fprintf(stderr, "paratutor: this course has no exam '%s'; 'help' lists its exams\n", name);
		return CLI_USAGE;
	}
	bool open = false;
	unsigned used = course_exam_attempts(p, name, &open);
	char when[40] = "";
	switch (open ? PT_COURSE_EXAM_OPEN : course_exam_window(ex, used, now)) {
	case PT_COURSE_EXAM_NOT_YET:
		course_format_time(ex->opens, when, sizeof when);
		fprintf(stderr, "paratutor: the exam %s opens at %s (UTC); nothing was started\n", name, when);
		return CLI_FAILED;
	case PT_COURSE_EXAM_CLOSED:
		course_format_time(ex->closes, when, sizeof when);
		fprintf(stderr, "paratutor: the exam %s closed at %s (UTC); nothing was started\n", name, when);
		return CLI_FAILED;
	case PT_COURSE_EXAM_USED_UP:
		fprintf(stderr, "paratutor: you have used your %u attempt%s at the exam %s; nothing was started\n",
		    ex->attempts, ex->attempts == 1 ? "" : "s", name);
		return CLI_FAILED;
	case PT_COURSE_EXAM_OPEN:
		break;
	}
	if (!open && ex->attempts != 0 && used + 1 == ex->attempts && !start_last(ex, course_exam_seconds(ex, learner)))
		return CLI_OK;
	pt_exam_config cfg;
	exam_config_default(&cfg);
	cfg.count = ex->count;
	cfg.seconds = course_exam_seconds(ex, learner);
	cfg.pass_percent = ex->pass;
	cfg.results_at = course_exam_release(ex);
	cfg.from = (const char *const *)ex->lessons;
	cfg.n_from = ex->n_lessons;
	pt_blueprint bp = { NULL, NULL, 0 };
	pt_blueprint_share *shares = calloc(ex->n_shares + 1, sizeof *shares);
	if (shares == NULL)
		return CLI_FAILED;
	for (size_t i = 0; i < ex->n_shares; i++)
		shares[i] = (pt_blueprint_share){ ex->share_lessons[i], ex->shares[i], { 1, 1 } };
	bp.v = shares;
	bp.n = ex->n_shares;
	if (ex->n_shares > 0)
		cfg.blueprint = &bp;
	int status = cli_exam_course(cat, &cfg, store, name, HOSTED_EXAMS, c);
	free(shares);
	return status;
}

int cli_hosted(int argc, char **argv)
{
	const char *cmd = getenv("SSH_ORIGINAL_COMMAND");
	hosted_word word;
	char exam_name[PT_COURSE_EXAM_NAME_MAX + 1] = "";
	if (argc != 5 || strcmp(argv[1], "--course") != 0 || strcmp(argv[3], "--learner") != 0) {
		fputs("paratutor: hosted mode is run as: paratutor --course DIR --learner ID (and nothing else)\n", stderr);
		return CLI_USAGE;
	}
	if (!parse_words(cmd, &word, exam_name, sizeof exam_name)) {
		fputs("paratutor: this account runs only the tutor; after the host give one of: " WORDS "\n", stderr);
		return CLI_USAGE;
	}
	scrub_environment();
	umask(077);
	const char *dir = argv[2], *learner = argv[4];
	pt_course c;
	char err[1024];
	if (!course_name_ok(learner, PT_COURSE_ID_MAX) || !course_read(&c, dir, err, sizeof err)) {
		fprintf(stderr, "paratutor: the course cannot be opened; please tell your instructor\n");
		return CLI_FAILED;
	}
	if (course_learner(&c, learner) == NULL) {
		fprintf(stderr, "paratutor: %s is not on this course's roster; please tell your instructor\n", learner);
		course_free(&c);
		return CLI_FAILED;
	}
	if (c.lrs != NULL)
		cli_course_push_arm(dir, learner); /* course.json's LRS only: nothing the learner sends */
	char learner_dir[PATH_MAX], store[PATH_MAX + 16], lessons[PATH_MAX], cache[PATH_MAX];
	snprintf(learner_dir, sizeof learner_dir, "%s/learners/%s", dir, learner);
	snprintf(store, sizeof store, "%s/progress.json", learner_dir);
	snprintf(lessons, sizeof lessons, "%s/lessons", dir);
	snprintf(cache, sizeof cache, "%s/cache", dir);
	int lock = -1, status = CLI_OK;
	if ((mkdir(learner_dir, 0700) != 0 && errno != EEXIST) || (mkdir(cache, 0700) != 0 && errno != EEXIST)) {
		fprintf(stderr, "paratutor: cannot keep your records (%s); please tell your instructor\n", strerror(errno));
		course_free(&c);
		return CLI_FAILED;
	}
	/* help only reads: it goes on beside another session (an exam's too),
	 * from the store as that session last saved it. */
	bool held = take_session(learner_dir, &lock), beside = !held && lock >= 0 && word == W_HELP;
	if (!held && !beside) {
		fputs("paratutor: you are signed in to this course in another session; finish there first (one session "
		      "at a time, so no answer is lost)\n", stderr);
		if (lock >= 0)
			close(lock);
		course_free(&c);
		return CLI_FAILED;
	}
	pt_catalog cat = { 0 };
	course_declare_concepts(&c, &cat.tags); /* before the lessons: their items may carry the course's concepts */
	cli_use_index(&cat, cache, false);
	const char *why = NULL;
	if (!catalog_add_path(&cat, lessons, false, &why) || cat.n == 0) {
		fputs("paratutor: this course has no lessons yet; please tell your instructor\n", stderr);
		status = CLI_NO_LESSONS;
	}
	time_t now = ui_now();
	pt_open_report rep;
	pt_progress *p = status != CLI_OK ? NULL : beside ? progress_open_readonly(store, &rep)
	    : progress_open(store, now, &rep);
	if (status == CLI_OK && p == NULL)
		status = CLI_FAILED;
	/* A damaged store was moved aside: the learner hears it, in words of
	 * their own (the session's notice, else at once), and the course
	 * lead's class report names them until it is dealt with. */
	const char *kept = p != NULL && rep.moved_to[0] != '\0' ? "your earlier records could not be read, so they "
	    "were moved to a safe place for your course lead, who can restore them; a fresh record was started" : NULL;
	if (kept != NULL && word != W_MENU && word != W_PLAIN && word != W_REVIEW)
		fprintf(stderr, "paratutor: %s\n", kept);
	if (status == CLI_OK && !beside) {
		catalog_load_all(&cat);
		if (!settle_exam(p, &cat, now))
			status = CLI_FAILED;
	}
	const pt_exam_record *open = p != NULL ? progress_exam_open(p) : NULL;
	char open_name[PT_COURSE_EXAM_NAME_MAX + 1] = "";
	bool course_exam = open != NULL && course_exam_of(open->id, open_name, sizeof open_name) != NULL;
	/* help is read-only and names the open sitting: it goes through. */
	bool to_it = word == W_HELP || (word == W_EXAM && strcmp(open_name, exam_name) == 0);
	if (status == CLI_OK && course_exam && !to_it) {
		char left[24];
		exam_format_clock(open->limit > 0 ? open->started + open->limit - now : open->used, left, sizeof left);
		fprintf(stderr, "paratutor: your exam %s is open (%s %s): ssh HOST 'exam %s' goes on with it; lessons, "
		    "reviews and statistics open again once it is submitted\n", open_name, left,
		    open->limit > 0 ? "left" : "used", open_name);
		status = CLI_FAILED;
	} else if (status == CLI_OK && open != NULL && !course_exam && word == W_EXAM) {
		/* A paper of the learner's own (drawn before hosted sessions
		 * refused that) is finished in a session, where exam takes it up;
		 * one open exam at a time. */
		fputs("paratutor: an unfinished exam of your own is open; finish or submit it first: ssh HOST plain, "
		      "then type exam (or press e in the menu of ssh -t HOST)\n", stderr);
		status = CLI_FAILED;
	}
	if (status == CLI_OK && word == W_HELP)
		print_help(&c, p, now, learner);
	if (p != NULL)
		progress_close(p);
	p = NULL;
	if (status == CLI_OK && (word == W_MENU || word == W_PLAIN || word == W_REVIEW)) {
		cli_tutor_options to = { NULL, word == W_REVIEW, store, word == W_PLAIN, true, PT_FSRS_DEFAULT_RETENTION,
			HOSTED_EXAMS, kept, &c };
		status = cli_run_tutor(&cat, &to);
	} else if (status == CLI_OK && word == W_NEXT) {
		char *args[] = { "next", "--plain", "--state", store, "--only-lessons", lessons, NULL };
		status = cli_next(6, args);
	} else if (status == CLI_OK && word == W_EXAM) {
		pt_progress *q = progress_open_readonly(store, &rep);
		status = q != NULL ? sit_exam(&c, learner, exam_name, &cat, q, store, now) : CLI_FAILED;
		progress_close(q);
	}
	catalog_free(&cat);
	course_free(&c);
	close(lock);
	return status;
}

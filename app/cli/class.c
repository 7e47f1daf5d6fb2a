/* class.c - `paratutor class STORE-OR-DIR...`: reads many learners'
 * progress stores and prints the class report (class.h), listing on
 * stderr the stores it had to leave out. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paratutor/cli/cli_output.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/report/class.h"
#include "paratutor/cli/cli_lessons.h"
#include "paratutor/cli/cli_class.h"
#include "paratutor/cli/cli_config.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/store/course.h"
#include "paratutor/base/sanitise.h"
#include "paratutor/model/tags.h"
#include "paratutor/ui/ui_clock.h"


/* The usage text (--help). */
static const char usage[] =
	      "Usage: paratutor class [OPTION]... STORE-OR-DIR...\n"
	      "       paratutor class [OPTION]... COURSE-DIR\n"
	      "       paratutor class [OPTION]... --lrs URL [--lrs-auth FILE] [--since TIME]\n"
	      "Analyse a class: many learners' progress stores read together.\n"
	      "\n"
	      "Given a course folder (one holding course.json), the learners are its\n"
	      "roster, named by it (the gradebook's login is the roster id), each\n"
	      "with their store under learners/ID (a learner with none yet still has\n"
	      "a row), every course exam has its column, and lessons come from its\n"
	      "lessons/ unless --lessons is given.\n"
	      "\n"
	      "Each STORE is one learner's progress file; each DIR is searched (with its\n"
	      "subdirectories) for files named progress.json.  A learner is named by the\n"
	      "directory holding the store (a store in a home folder, by the folder's\n"
	      "owner).  Learners whose stores cannot be read are named on standard\n"
	      "error and left out; the rest are reported and the exit status is 1.\n"
	      "\n"
	      "Per item: learners who met it, the share right first time, mean attempts\n"
	      "and hints, the upper-lower index (upper minus lower 27% by lesson score),\n"
	      "Moodle's facility index, discrimination index and discriminative\n"
	      "efficiency, flags saying what to check, and each wrong answer at its\n"
	      "place (blank, pair, position) with how many gave it and the misconception\n"
	      "its feedback there names.  Per lesson: completion and the spread of\n"
	      "scores, with a warning under 20 learners.  Per exam (a course exam by\n"
	      "name, the learners' own mock exams together): each learner's sittings,\n"
	      "best score and time used, and the item analysis of first sittings.\n"
	      "\n"
	      "With --lrs, the learners are those whose results paratutor sync sent to a\n"
	      "Learning Record Store: the same item and lesson figures from the same\n"
	      "answers, each learner named by their xAPI actor (exams and review states\n"
	      "are not read back).  Statements that are malformed or not paratutor's\n"
	      "lesson item results are skipped and counted on standard error.\n"
	      "\n"
	      "Options:\n"
	      "  -f, --format FMT      table (default), csv (one row per item and per wrong\n"
	      "                        option), json, or gradebook (a CSV that Moodle's and\n"
	      "                        Canvas's grade import accept)\n"
	      "      --gradebook FILE  also write the gradebook CSV to FILE\n"
	      "      --name-from HOW   name learners by their store's dir (default), path,\n"
	      "                        or file (its name without .json)\n"
	      "  -l, --lessons DIR     read lessons from DIR (repeatable); default: as for\n"
	      "                        the tutor\n"
	      "      --lrs URL         read the class from the LRS at URL (GET /statements,\n"
	      "                        every page); --lrs alone: lrs = URL in\n"
	      "                        $XDG_CONFIG_HOME/paratutor/config or " PT_SYSCONFDIR "/paratutor/config\n"
	      "      --lrs-auth FILE   a file holding the LRS's key:secret, readable only by\n"
	      "                        you (chmod 600); default: lrs_auth = FILE there\n"
	      "      --since TIME      only statements the LRS stored after TIME\n"
	      "                        (YYYY-MM-DDTHH:MM[:SS]Z, UTC)\n"
	      "      --lrs-page N      statements asked for per request, 1 to 1000 (default\n"
	      "                        200)\n"
	      "  -h, --help            show this help and exit\n"
	      "\n"
	      "Example: paratutor class --gradebook grades.csv /srv/class/\n"
	      "         paratutor class --lrs https://lrs.example.org/xapi --lrs-auth ~/.lrs\n";

/* The words of --format and --name-from, in the order of pt_class_format
 * and pt_class_naming. */
static const char *const formats[] = { "table", "csv", "json", "gradebook", NULL };
static const char *const namings[] = { "dir", "path", "file", NULL };

/* Loads the lessons on the lesson path, noting lessons
 * left out for errors; returns false when none could be read. */
static bool load(pt_catalog *cat, cli_lesson_path *lp)
{
	cli_load_lessons(cat, lp, "paratutor");
	size_t usable = 0;
	for (size_t e = 0; e < cat->n; e++) {
		if (!cat->v[e].broken && cat->v[e].lesson != NULL)
			usable++;
		else
			fprintf(stderr, "paratutor: note: %s has errors and is left out; run 'paratutor --check %s'\n",
			    cat->v[e].path, cat->v[e].path);
	}
	if (usable == 0)
		fputs("paratutor: no lessons found to analyse against; give the lesson directory with --lessons DIR\n",
		    stderr);
	return usable > 0;
}

/* Renders c as format into path (stdout when NULL); false on failure. */
static bool emit(const pt_class *c, pt_class_format format, const char *path)
{
	char *text;
	size_t len;
	if (!class_render(c, format, &text, &len)) {
		fputs("paratutor: out of memory\n", stderr);
		return false;
	}
	bool ok = cli_write_output(path, text, len);
	free(text);
	return ok;
}

/* Lists on stderr each name several learners share, with their stores;
 * for a gradebook it is an error (rows could not be told apart),
 * otherwise a warning. */
static void name_clashes(const pt_class *c, pt_class_naming naming, bool book)
{
	fprintf(stderr, "paratutor: %s: learners share a name%s:\n", book ? "error" : "warning",
	    book ? ", so the gradebook could not tell their rows apart and is not written" : "");
	for (size_t i = 0; i < c->n_learners;) {
		size_t j = i + 1;
		while (j < c->n_learners && strcmp(c->learners[j].name, c->learners[i].name) == 0)
			j++;
		if (j - i > 1) {
			fprintf(stderr, "  '%s' names %zu stores:", c->learners[i].name, j - i);
			for (size_t k = i; k < j; k++)
				fprintf(stderr, " %s", c->learners[k].path);
			fputs("\n", stderr);
		}
		i = j;
	}
	if (naming != PT_CLASS_NAME_PATH) /* --name-from path tells more apart */
		fputs("paratutor: name them apart with --name-from path (or put each store in a directory named after its "
		    "learner)\n", stderr);
	else
		fputs("paratutor: each store must be a file of its own: give each once\n", stderr);
}

/* Prints text sanitised (a store's path or name is outside text). */
static void put_safe(const char *text)
{
	char *safe = sanitise_dup(text);
	fputs(safe != NULL ? safe : "?", stderr);
	free(safe);
}

/* Prints the closing line naming the learners of skips of kind, n of
 * them, with head before the names and tail after. */
static void name_skipped(const pt_class *c, pt_class_skip_kind kind, size_t n, const char *head, const char *tail)
{
	if (n == 0)
		return;
	fprintf(stderr, "paratutor: %zu learner%s %s:", n, n == 1 ? "" : "s", head);
	for (size_t i = 0; i < c->n_skips; i++)
		if (c->skips[i].kind == kind) {
			fputs(" ", stderr);
			put_safe(c->skips[i].name);
		}
	fprintf(stderr, "; %s\n", tail);
}

/* Lists on stderr what was left out: each learner whose records could not
 * be read, by name, each whose damaged records were kept aside, and each
 * path that gave no store, as errors (the command exits 1 for them); a
 * store found twice as a note.  Ends with the names of the learners
 * missing from the report, and of those with records kept aside. */
static void report_skips(const pt_class *c)
{
	size_t missing = 0, kept = 0;
	for (size_t i = 0; i < c->n_skips; i++) {
		const pt_class_skip *s = &c->skips[i];
		if (s->kind == PT_CLASS_SKIP_UNREAD || s->kind == PT_CLASS_SKIP_KEPT) {
			fputs("paratutor: error: learner '", stderr);
			put_safe(s->name);
			fputs(s->kind == PT_CLASS_SKIP_KEPT ? "' is short of records: " :
			    "' left out, their records could not be read: ", stderr);
			missing += s->kind == PT_CLASS_SKIP_UNREAD;
			kept += s->kind == PT_CLASS_SKIP_KEPT;
		} else {
			fputs(s->kind == PT_CLASS_SKIP_REPEAT ? "paratutor: note: " : "paratutor: error: left out: ",
			    stderr);
		}
		put_safe(s->why);
		fputs("\n", stderr);
	}
	name_skipped(c, PT_CLASS_SKIP_UNREAD, missing, "missing from this report",
	    "fix or restore their stores and run the report again");
	name_skipped(c, PT_CLASS_SKIP_KEPT, kept, "with damaged records kept aside",
	    "restore what each file holds, then move it out of the learner's folder (docs/course.md, 'A damaged "
	    "store') and run the report again");
}

/* Returns true when dir is a course folder (it holds course.json). */
static bool is_course(const char *dir)
{
	char path[PT_PROGRESS_PATH_MAX];
	struct stat st;
	int n = snprintf(path, sizeof path, "%s/course.json", dir);
	return n > 0 && (size_t)n < sizeof path && stat(path, &st) == 0;
}

/* Notes on stderr each folder under DIR/learners whose id is not on the
 * roster (a learner removed): their records are not in the report. */
static void note_off_roster(const pt_course *course)
{
	char path[PT_PROGRESS_PATH_MAX];
	snprintf(path, sizeof path, "%s/learners", course->dir);
	DIR *d = opendir(path);
	if (d == NULL)
		return;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (e->d_name[0] == '.' || course_learner(course, e->d_name) != NULL)
			continue;
		fputs("paratutor: note: the records in learners/", stderr);
		put_safe(e->d_name);
		fputs(" are of no one on the roster (a learner removed?) and are left out\n", stderr);
	}
	closedir(d);
}

/* Adds the course's roster (each learner's store under DIR/learners/ID,
 * named by the roster) and its exams to c; false when out of memory. */
static bool add_course(pt_class *c, const pt_course *course)
{
	char path[PT_PROGRESS_PATH_MAX];
	bool ok = true;
	for (size_t i = 0; ok && i < course->n_learners; i++) {
		const pt_course_learner *l = &course->learners[i];
		snprintf(path, sizeof path, "%s/learners/%s/%s", course->dir, l->id, PT_CLASS_STORE_NAME);
		ok = class_add_roster(c, path, l->id, l->name, l->email);
	}
	for (size_t i = 0; ok && i < course->n_exams; i++)
		ok = class_declare_exam(c, course->exams[i].name);
	c->keep_changed = course->answer_changed == PT_COURSE_KEEP;
	note_off_roster(course);
	return ok;
}

/* Reads the stores named in paths and writes the report; returns the exit
 * status. */
static int run(const pt_catalog *cat, char **paths, int n, const pt_course *course, const cli_class_lrs *lrs,
    pt_class_naming naming, pt_class_format format, const char *gradebook)
{
	pt_class *c = class_new(cat, naming);
	bool ok = c != NULL;
	if (ok)
		c->now = ui_now();
	if (ok && lrs != NULL) {
		if (!cli_class_lrs_read(c, lrs)) { /* it said why */
			class_free(c);
			return CLI_FAILED;
		}
	} else {
		if (course != NULL)
			ok = ok && add_course(c, course);
		for (int i = 0; ok && course == NULL && i < n; i++)
			ok = class_add_path(c, paths[i]);
		ok = ok && class_read(c);
	}
	if (!ok) {
		fputs("paratutor: out of memory\n", stderr);
		class_free(c);
		return CLI_FAILED;
	}
	report_skips(c);
	size_t clashes = class_name_clashes(c);
	bool book = format == PT_CLASS_GRADEBOOK || gradebook != NULL;
	if (clashes > 0)
		name_clashes(c, naming, book);
	int status = CLI_OK;
	if (c->n_learners == 0) {
		fputs(lrs != NULL ? "paratutor: the LRS holds no lesson item results of paratutor's; nothing to report\n"
		    : "paratutor: no progress store could be read; nothing to report\n", stderr);
		status = CLI_FAILED;
	} else if (clashes > 0 && format == PT_CLASS_GRADEBOOK) {
		status = CLI_FAILED;
	} else {
		/* The gradebook file first: a reader of standard output that
		 * stops early (| head) must not cost the file. */
		bool book_ok = gradebook == NULL || (clashes == 0 && emit(c, PT_CLASS_GRADEBOOK, gradebook));
		if (!emit(c, format, NULL) || !book_ok)
			status = CLI_FAILED;
	}
	if (status == CLI_OK && class_failures(c) > 0)
		status = CLI_FAILED;
	class_free(c);
	return status;
}

/* Runs `class --lrs`: the URL from lrs->url, else the one operand when
 * it is an address, else the configuration files; returns the exit
 * status. */
static int class_from_lrs(cli_class_lrs *lrs, int n, char **operands, cli_lesson_path *lp, pt_class_naming naming,
    pt_class_format format, const char *gradebook)
{
	if (lrs->url == NULL && n == 1 && (strncmp(operands[0], "https://", 8) == 0 ||
	    strncmp(operands[0], "http://", 7) == 0)) {
		lrs->url = operands[0];
		n = 0;
	}
	if (n > 0) {
		fputs("paratutor: class --lrs reads the learners from the LRS: give no progress store or folder too\n",
		    stderr);
		cli_lesson_path_free(lp);
		return CLI_USAGE;
	}
	cli_config_read(&lp->config, "paratutor");
	lp->have_config = true;
	if (lrs->url == NULL)
		lrs->url = lp->config.lrs;
	if (lrs->auth == NULL)
		lrs->auth = lp->config.lrs_auth;
	int status = CLI_USAGE;
	pt_catalog cat = { 0 };
	if (lrs->url == NULL)
		fputs("paratutor: class --lrs needs the LRS's address: --lrs URL, or lrs = URL in the configuration "
		    "file\n", stderr);
	else
		status = load(&cat, lp) ? run(&cat, NULL, 0, NULL, lrs, naming, format, gradebook) : CLI_NO_LESSONS;
	catalog_free(&cat);
	cli_lesson_path_free(lp);
	return status;
}

/* What the options of `class --lrs` fill. */
typedef struct lrs_args {
	cli_class_lrs lrs;
	bool from_lrs;
	char since[32];
} lrs_args;

/* --lrs[=URL] into the lrs_args to. */
static bool lrs_arg(const char *arg, void *to)
{
	lrs_args *a = to;
	a->from_lrs = true;
	a->lrs.url = arg;
	return true;
}

/* --since TIME into the lrs_args to; false when it is not a time. */
static bool since_arg(const char *arg, void *to)
{
	lrs_args *a = to;
	time_t t;
	if (!course_parse_time(arg, &t))
		return false;
	course_format_time(t, a->since, sizeof a->since);
	a->lrs.since = a->since;
	return true;
}

int cli_class(int argc, char **argv)
{
	int format = PT_CLASS_TABLE, naming = PT_CLASS_NAME_DIR;
	const char *gradebook = NULL;
	cli_lesson_path lp = { 0 };
	lrs_args la = { .lrs.limit = 200 };
	const cli_opt rows[] = {
		{ "format", 'f', CLI_WORD, &format, "--format takes table, csv, json or gradebook", .words = formats },
		CLI_ROW("gradebook", 0, CLI_TEXT, &gradebook),
		{ "name-from", 0, CLI_WORD, &naming, "--name-from takes dir, path or file", .words = namings },
		{ "lrs", 0, CLI_CALL_MAYBE, &la, .call = lrs_arg },
		CLI_ROW("lrs-auth", 0, CLI_TEXT, &la.lrs.auth),
		{ "since", 0, CLI_CALL, &la, "--since takes a UTC time such as 2026-09-01T00:00Z", .call = since_arg },
		{ "lrs-page", 0, CLI_WHOLE, &la.lrs.limit, "--lrs-page takes a number from 1 to 1000", .lo = 1, .hi = 1000 },
		CLI_LESSON_ROWS(&lp),
		CLI_HELP_ROWS(usage)
	};
	int status = cli_read_options(argc, argv, rows, "paratutor", "paratutor class");
	if (status >= 0)
		return status;
	if (la.from_lrs || la.lrs.auth != NULL || la.lrs.since != NULL)
		return la.from_lrs ? class_from_lrs(&la.lrs, argc - optind, argv + optind, &lp, naming, format, gradebook)
		                   : (fputs("paratutor: --lrs-auth and --since are for reading from an LRS: give --lrs "
		                            "URL too\n", stderr), CLI_USAGE);
	if (optind == argc) {
		fputs("paratutor: class needs at least one progress store or directory of stores\n"
		      "Try 'paratutor class --lessons content /srv/class/'.\n", stderr);
		return CLI_USAGE;
	}
	pt_course course = { 0 }, *cp = NULL;
	pt_catalog cat = { 0 };
	char lessons[PT_PROGRESS_PATH_MAX];
	if (argc - optind == 1 && is_course(argv[optind])) {
		char err[PT_PROGRESS_PATH_MAX + 256];
		if (!course_read(&course, argv[optind], err, sizeof err)) {
			fputs("paratutor: ", stderr);
			put_safe(err);
			fputs("\n", stderr);
			return CLI_FAILED;
		}
		cp = &course;
		if (!course_declare_concepts(&course, &cat.tags))
			fprintf(stderr, "paratutor: note: more concepts than paratutor can tell apart (%d in all); "
			    "the last are left out\n", PT_TAGS_MAX);
		if (lp.n_given == 0) { /* the course's own lessons only */
			snprintf(lessons, sizeof lessons, "%s/lessons", argv[optind]);
			cli_lessons_arg(&lp, lessons, true, "paratutor");
		}
	}
	status = load(&cat, &lp) ? run(&cat, argv + optind, argc - optind, cp, NULL, naming, format, gradebook)
	                         : CLI_NO_LESSONS;
	catalog_free(&cat);
	cli_lesson_path_free(&lp);
	course_free(&course);
	return status;
}

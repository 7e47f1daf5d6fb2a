/* main.c - command line: option parsing and dispatch. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/load/blueprint.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_class.h"
#include "paratutor/cli/cli_course.h"
#include "paratutor/cli/cli_exam.h"
#include "paratutor/cli/cli_lessons.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/cli/cli_sync.h"
#include "paratutor/cli/cli_tutor.h"
#include "paratutor/catalog/codecheck.h"
#include "paratutor/load/load.h"
#include "paratutor/store/progress.h"
#include "paratutor/report/progress_report.h"
#include "paratutor/store/settings.h"
#include "paratutor/ui/ui.h"
#include "paratutor/ui/ui_guard.h"
#include "paratutor/report/xapi.h"

/* The usage text (--help). */
static const char usage[] =
	      "Usage: paratutor [OPTION]... [LESSON-ID]\n"
	      "       paratutor --check [--strict] [--verbose] [PATH...]\n"
	      "       paratutor import [-o FILE] [--id ID] [--title T] FILE...\n"
	      "       paratutor export --to gift|moodle-xml [-o FILE] PATH|LESSON-ID\n"
	      "       paratutor new fill|choice|multi|numeric|text|match|order|explore [ITEM-ID]\n"
	      "       paratutor new lesson ID\n"
	      "       paratutor class [--format FMT] [--gradebook FILE] STORE-OR-DIR...\n"
	      "       paratutor stats --me [--progress FILE]\n"
	      "       paratutor next [--plain] [--state FILE]\n"
	      "       paratutor sync [--lrs URL] [--lrs-auth FILE] [--state FILE] --actor ...\n"
	      "       paratutor exam [--from LESSON-ID] [--count N] [--minutes M | --untimed]\n"
	      "                      [--pass PERCENT] [--seed S] [--plain]   (see paratutor exam --help)\n"
	      "       paratutor exam --history\n"
	      "       paratutor course init|add-learner|add-learners|remove-learner|list|add-exam DIR ...\n"
	      "                      (see paratutor course --help)\n"
	      "A terminal tutor for data, model, pipeline, tensor and sharded parallelism.\n"
	      "\n"
	      "With no LESSON-ID, opens the lesson menu; with one, opens that lesson.\n"
	      "\n"
	      "Options:\n"
	      "  -c, --check          check lesson files or directories (with no PATH,\n"
	      "                       the lesson path, naming shadowed lessons) and\n"
	      "                       print FILE:LINE:COL diagnostics, then exit\n"
	      "  -s, --strict         with --check, fail on warnings too\n"
	      "  -v, --verbose        with --check, also print each item's editor_note\n"
	      "  -p, --plain          line-oriented mode with no escape sequences, for\n"
	      "                       screen readers and pipes (the default when stdin\n"
	      "                       or stdout is not a terminal)\n"
	      "  -r, --review         start with the items due for review\n"
	      "      --retention R    the review schedule's desired retention, 0.70 to\n"
	      "                       0.99 (default 0.9, or retention = R in\n"
	      "                       $XDG_CONFIG_HOME/paratutor/config)\n"
	      "      --state FILE     keep progress in FILE instead of\n"
	      "                       $XDG_STATE_HOME/paratutor/progress.json\n"
	      "      --report         print every recorded item result of the progress\n"
	      "                       store (this user's, or --state FILE), then exit\n"
	      "      --format FMT     --report as csv (default), json, or xapi (xAPI 1.0.3\n"
	      "                       statements for a Learning Record Store)\n"
	      "      --actor mailto:ADDRESS, --actor-account HOMEPAGE,NAME\n"
	      "                       with --format xapi: the learner\n"
	      "      --activity-base IRI  with --format xapi: where activity ids start\n"
	      "                       (default " PT_XAPI_DEFAULT_BASE ")\n"
	      "      --watch FILE     preview the lesson FILE and reload it on every save;\n"
	      "                       while it is broken, its diagnostics are shown\n"
	      "      --no-shuffle     show options in the order the lesson file gives\n"
	      "                       them (answers of order and match items still move)\n"
	      "      --no-cache       load every lesson at start instead of reading the\n"
	      "                       lesson index in $XDG_CACHE_HOME/paratutor (also\n"
	      "                       PARATUTOR_NO_CACHE=1)\n"
	      "  -l, --lessons DIR    search DIR for lessons first (repeatable); then\n"
	      "                       the lessons = folders of the configuration files\n"
	      "                       ($XDG_CONFIG_HOME/paratutor/config, then\n"
	      "                       " PT_SYSCONFDIR "/paratutor/config),\n"
	      "                       $XDG_DATA_HOME/paratutor/lessons, each\n"
	      "                       $XDG_DATA_DIRS/paratutor/lessons and the bundled\n"
	      "                       lessons (" PT_LESSON_DIR ");\n"
	      "                       the first lesson with an id wins\n"
	      "      --only-lessons DIR  search only DIR (repeatable)\n"
	      "  -h, --help           show this help and exit\n"
	      "  -V, --version        show the version and exit\n"
	      "\n"
	      "Keys in the tutor: press ? on any screen.\n"
	      "\n"
	      "Exit status:\n"
	      "  0  success; --check found no errors\n"
	      "  1  --check found errors (or warnings, with --strict), --report failed,\n"
	      "     or the tutor could not save your latest work\n"
	      "  2  invalid command line\n"
	      "  3  no lessons found, or the named lesson does not exist or is broken\n"
	      "\n"
	      "See paratutor(1) and paratutor-lessons(5).\n";

/* Prints the note that python fill items went unchecked, if any did. */
static void note_unchecked(pt_codecheck_status status, size_t unchecked, FILE *fp)
{
	if (unchecked == 0)
		return;
	fprintf(fp, "paratutor: note: %s; skipped the parse check of %zu python fill item%s\n",
	    status == CODECHECK_NO_PYTHON ? "python3 is not available" : "out of memory",
	    unchecked, unchecked == 1 ? "" : "s");
}

/* Prints each item's editor note (instructors only) as a note at its place. */
static void print_editor_notes(const pt_lesson *lesson)
{
	for (size_t i = 0; lesson != NULL && i < lesson->n_items; i++) {
		const pt_text *note = &lesson->items[i].editor_note;
		if (note->s != NULL)
			printf("%s:%d:%d: note: %s\n", lesson->path, note->pos.line, note->pos.col, note->s);
	}
}

/* Returns true when paths[i] names what an earlier path or a lesson
 * already in cat names (the same file or directory given twice), so it
 * is checked once and never reported as clashing with itself. */
static bool given_before(const pt_catalog *cat, char *const *paths, int i)
{
	char *real = realpath(paths[i], NULL);
	bool seen = false;
	for (int j = 0; real != NULL && !seen && j < i; j++) {
		char *other = realpath(paths[j], NULL);
		seen = other != NULL && strcmp(real, other) == 0;
		free(other);
	}
	struct stat st;
	bool dir = stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode); /* only a file can be a lesson already in */
	for (size_t e = 0; real != NULL && !seen && !dir && e < cat->n; e++) {
		char *other = realpath(cat->v[e].path, NULL);
		seen = other != NULL && strcmp(real, other) == 0;
		free(other);
	}
	free(real);
	return seen;
}

/* Runs --check over paths; returns the exit status.  Everything it says
 * goes to stdout, in order: per path, the reason it gave no lesson or its
 * lessons' diagnostics (and with verbose, editor notes); then the summary
 * line. */
/* Returns true when path is a readable file that holds an exam
 * blueprint (blueprint.h) rather than a lesson. */
static bool is_blueprint(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return false;
	size_t len = 0;
	pt_read_error err;
	char *text = file_read(path, PT_BLUEPRINT_MAX_BYTES, &len, &err);
	bool is = text != NULL && blueprint_recognise(text, len);
	free(text);
	return is;
}

/* Returns true when the catalog (ctx) has a lesson with id. */
static bool has_lesson(const void *ctx, const char *id)
{
	return catalog_find((const pt_catalog *)ctx, id) != NULL;
}

/* Checks the blueprint at path: its form, and when lessons were given
 * beside it (cat), that each lesson it names is among them.  Prints the
 * diagnostics; adds to *errors and *warnings. */
static void check_blueprint(const char *path, const pt_catalog *cat, size_t *errors, size_t *warnings)
{
	pt_blueprint bp;
	pt_diags d = { 0 };
	blueprint_load(&bp, path, &d);
	if (cat->n > 0) {
		const char **names = calloc(cat->n, sizeof *names);
		for (size_t i = 0; names != NULL && i < cat->n; i++)
			names[i] = cat->v[i].info != NULL ? cat->v[i].info->id : NULL;
		blueprint_check_ids(&bp, has_lesson, cat, names, names != NULL ? cat->n : 0, &d);
		free(names);
	}
	blueprint_free(&bp);
	diags_print(&d, stdout);
	*errors += d.errors;
	*warnings += d.warnings;
	diags_free(&d);
}

static int run_check(char *const *paths, int n, bool shadow, bool strict, bool verbose)
{
	pt_catalog cat = { 0 };
	if (!verbose) /* only the python parse check and editor notes look into lessons afterwards */
		catalog_keep_only(&cat, codecheck_wants);
	size_t *first = calloc((size_t)n + 1, sizeof *first); /* each path's first entry */
	const char **why = calloc((size_t)n, sizeof *why);    /* or why it gave none */
	bool *blueprint = calloc((size_t)n + 1, sizeof *blueprint); /* a blueprint, not a lesson */
	if (first == NULL || why == NULL || blueprint == NULL) {
		free(first);
		free(why);
		free(blueprint);
		fputs("paratutor: out of memory\n", stdout);
		return CLI_FAILED;
	}
	for (int i = 0; i < n; i++) {
		first[i] = cat.n;
		if (given_before(&cat, paths, i))
			continue;
		if ((blueprint[i] = is_blueprint(paths[i])))
			continue;
		if (catalog_add_path(&cat, paths[i], shadow, &why[i]) && cat.n == first[i] && !shadow)
			why[i] = "no lesson files here; give a lesson .json file or a directory that holds some";
	}
	first[n] = cat.n;
	size_t unchecked = 0;
	pt_codecheck_status code_status = codecheck_catalog(&cat, NULL, &unchecked);
	size_t errors, warnings, items = 0;
	catalog_count(&cat, &errors, &warnings);
	size_t n_blueprints = 0;
	for (int i = 0; i < n; i++) {
		if (blueprint[i]) {
			check_blueprint(paths[i], &cat, &errors, &warnings);
			n_blueprints++;
		}
		if (why[i] != NULL) {
			printf("%s: error: %s\n", paths[i], why[i]);
			errors++;
		}
		for (size_t e = first[i]; e < first[i + 1]; e++) {
			char line[2048];
			diags_print(&cat.v[e].diags, stdout);
			if (verbose)
				print_editor_notes(cat.v[e].lesson);
			if (diags_format_dropped(&cat.v[e].diags, cat.v[e].path, line, sizeof line))
				printf("%s\n", line);
			items += cat.v[e].info ? cat.v[e].info->n_items : 0;
		}
	}
	for (size_t i = 0; i < cat.n_shadowed; i++)
		printf("%s\n", cat.shadowed[i]);
	note_unchecked(code_status, unchecked, stdout);
	char also[64] = "";
	if (n_blueprints > 0)
		snprintf(also, sizeof also, " and %zu exam blueprint%s", n_blueprints, n_blueprints == 1 ? "" : "s");
	printf("paratutor: checked %zu lesson%s (%zu item%s)%s: %zu error%s, %zu warning%s\n",
	    cat.n, cat.n == 1 ? "" : "s", items, items == 1 ? "" : "s", also, errors, errors == 1 ? "" : "s",
	    warnings, warnings == 1 ? "" : "s");
	fflush(stdout);
	catalog_free(&cat);
	free(first);
	free(why);
	free(blueprint);
	return errors > 0 || (strict && warnings > 0) ? CLI_FAILED : CLI_OK;
}

/* Prints the instructor report of the store at path (xAPI statements for
 * the learner in xo when format is "xapi"); returns the exit status. */
static int run_report(const pt_catalog *cat, const char *path, const char *format, const pt_xapi_options *xo)
{
	if (cli_exam_closed(path, "--report"))
		return CLI_FAILED;
	pt_open_report rep; /* a damaged file's exact fault, for whoever mends it */
	pt_progress *p = progress_open_readonly(path, &rep);
	if (p == NULL || rep.message[0] != '\0')
		fprintf(stderr, "paratutor: %s\n", p == NULL ? "out of memory" : rep.message);
	if (p == NULL)
		return CLI_FAILED;
	char err[512], *text;
	size_t len;
	bool ok = strcmp(format, "xapi") == 0 ? xapi_statements(p, cat, xo, &text, &len, err, sizeof err)
	                                      : progress_report(p, cat, format, &text, &len, err, sizeof err);
	if (!ok) {
		fprintf(stderr, "paratutor: %s\n", err);
	} else if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0) {
		fprintf(stderr, "paratutor: cannot write the report: %s\n", strerror(errno));
		ok = false;
	}
	free(text);
	progress_close(p);
	return ok ? CLI_OK : CLI_FAILED;
}

/* With PARATUTOR_INDEX_STATS set, says on stderr how the lessons were
 * found (for the tests and the bench; learners never set it). */
static void index_stats(const pt_catalog *cat)
{
	const char *want = getenv("PARATUTOR_INDEX_STATS");
	if (want != NULL && want[0] != '\0')
		fprintf(stderr, "paratutor: index: %zu of %zu lessons from the index, %zu index file%s written\n",
		    cat->from_index, cat->n, cat->index_written, cat->index_written == 1 ? "" : "s");
	if (want != NULL && want[0] != '\0')
		fprintf(stderr, "paratutor: index: %zu lesson folder%s listed from the index\n", cat->dirs_listed,
		    cat->dirs_listed == 1 ? "" : "s");
}

/* Previews one lesson file, reloading it on save, with progress kept in
 * memory only so previews never touch the learner's store. */
static int run_watch(const char *path)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("paratutor: --watch needs a terminal\n", stderr);
		return CLI_USAGE;
	}
	char cannot[160];
	if (!ui_terminal_usable(cannot, sizeof cannot)) {
		fprintf(stderr, "paratutor: --watch needs a full-screen terminal, but %s\n", cannot);
		return CLI_USAGE;
	}
	if (cli_exam_closed(NULL, "--watch"))
		return CLI_FAILED;
	pt_catalog cat = { 0 };
	const char *why = NULL;
	if (!catalog_add_path(&cat, path, false, &why)) {
		fprintf(stderr, "paratutor: %s: %s\n", path, why);
		catalog_free(&cat);
		return CLI_NO_LESSONS;
	}
	pt_open_report rep;
	pt_progress *progress = progress_open(NULL, time(NULL), &rep);
	int status = CLI_FAILED;
	if (progress != NULL) {
		pt_track track;
		track_init(&track, progress, NULL);
		pt_ui_options uio = { NULL, false, path, &track, false, false, 0, NULL, NULL, NULL };
		status = ui_run(&cat, &uio);
		progress_close(progress);
	}
	catalog_free(&cat);
	return status;
}

/* The subcommands, each run with argv[0] being its name; those before
 * the locale is set run in the C locale. */
static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	bool locale;
} subcommands[] = {
	{ "import", cli_import, false }, { "new", cli_new, false }, { "class", cli_class, true },
	{ "export", cli_export, true }, { "stats", cli_stats, true }, { "sync", cli_sync, true },
	{ "next", cli_next, true }, { "exam", cli_exam, true }, { "course", cli_course, true },
};

#define N_SUBCOMMANDS (sizeof subcommands / sizeof subcommands[0])

/* The options of the tutor itself, as read. */
typedef struct main_args {
	cli_lesson_path lp;
	bool check, strict, verbose, plain, review, report, no_shuffle, no_cache;
	const char *state, *watch;
	int format;       /* an index in formats, or -1: none given */
	double retention; /* -1: the configuration file's, or the default */
	cli_actor actor;
} main_args;

static const char *const formats[] = { "csv", "json", "xapi", NULL };

/* --retention R into the double to. */
static bool retention_arg(const char *arg, void *to)
{
	return settings_retention(arg, to);
}

/* The global options (--lessons, --state, --plain...) may come before a
 * subcommand as well as after it: when argv[1..] is such options and then
 * a subcommand, the subcommand is moved to argv[1], so that it parses
 * them as its own.  Options are skipped with the tutor's own rows (an
 * option with an argument takes the next word unless it has '='). */
static void subcommand_first(int argc, char **argv, const cli_opt *rows)
{
	int i = 1;
	while (i < argc && argv[i][0] == '-' && argv[i][1] != '\0' && strcmp(argv[i], "--") != 0) {
		const char *a = argv[i++];
		bool takes = false;
		if (a[1] == '-') {
			size_t n = strcspn(a + 2, "=");
			takes = cli_option_takes(rows, a + 2, n) && a[2 + n] != '=';
		} else {
			takes = a[strlen(a) - 1] == 'l'; /* -l DIR, or -pl DIR */
		}
		if (takes)
			i++;
	}
	if (i == 1 || i >= argc)
		return;
	for (size_t k = 0; k < N_SUBCOMMANDS; k++)
		if (strcmp(argv[i], subcommands[k].name) == 0) {
			char *sub = argv[i];
			memmove(argv + 2, argv + 1, (size_t)(i - 1) * sizeof *argv);
			argv[1] = sub;
			return;
		}
}

/* Runs --check, --watch, --report or the tutor as the options a say, with
 * the operands from argv[optind]; returns the exit status. */
static int run_tutor_args(main_args *a, int argc, char **argv)
{
	cli_lesson_path *lp = &a->lp;
	if (a->check && optind < argc)
		return run_check(argv + optind, argc - optind, false, a->strict, a->verbose);
	if (a->check) {
		cli_lesson_path_build(lp, "paratutor");
		int status = run_check((char *const *)lp->dirs, (int)lp->n, !lp->only, a->strict, a->verbose);
		cli_lesson_path_free(lp);
		return status;
	}
	if (a->strict || a->verbose) {
		fprintf(stderr, "paratutor: --%s goes with --check\n", a->strict ? "strict" : "verbose");
		return CLI_USAGE;
	}
	if (argc - optind > 1) {
		fputs("paratutor: give at most one LESSON-ID\nTry 'paratutor --help' for more information.\n", stderr);
		return CLI_USAGE;
	}

	if (a->watch != NULL)
		return run_watch(a->watch);
	if (a->format >= 0 && !a->report) {
		fprintf(stderr, "paratutor: --format %s goes with --report\n", formats[a->format]);
		return CLI_USAGE;
	}
	const char *format = formats[a->format >= 0 ? a->format : 0];
	const pt_xapi_options *xo = &a->actor.xo;
	bool xapi = strcmp(format, "xapi") == 0;
	char why[512];
	if (!xapi && (xo->mbox || xo->account_home || xo->activity_base)) {
		fputs("paratutor: --actor, --actor-account and --activity-base go with --report --format xapi\n", stderr);
		return CLI_USAGE;
	}
	if (xapi && !xapi_check_options(xo, why, sizeof why)) {
		fprintf(stderr, "paratutor: %s\n", why);
		return CLI_USAGE;
	}

	cli_config_read(&lp->config, "paratutor");
	lp->have_config = true;
	pt_catalog cat = { 0 };
	if (!a->report) /* the report looks into every lesson: load them all */
		cli_use_index(&cat, NULL, a->no_cache);
	bool found = cli_load_lessons(&cat, lp, "paratutor");
	index_stats(&cat);
	if (!found && !a->report) {
		fputs("paratutor: no lessons found; looked in:", stderr);
		for (size_t i = 0; i < lp->n; i++)
			fprintf(stderr, " %s", lp->dirs[i]);
		fputs(lp->n ? "\n" : " (no lesson directory exists)\n", stderr);
		fputs("Give a directory with --lessons DIR, or run 'make install'.\n", stderr);
		catalog_free(&cat);
		cli_lesson_path_free(lp);
		return CLI_NO_LESSONS;
	}
	char state_buf[PT_PROGRESS_PATH_MAX], err[512];
	const char *state = a->state;
	if (state == NULL && progress_default_path(state_buf, sizeof state_buf, err, sizeof err))
		state = state_buf;
	int status;
	if (a->report && state == NULL) {
		fprintf(stderr, "paratutor: %s; name the store with --state FILE\n", err);
		status = CLI_USAGE;
	} else if (a->report) {
		status = run_report(&cat, state, format, xo);
	} else {
		if (state == NULL)
			fprintf(stderr, "paratutor: %s; progress will not be kept\n", err);
		cli_tutor_options to = { optind < argc ? argv[optind] : NULL, a->review, state,
			a->plain || lp->config.user.plain, !a->no_shuffle,
			a->retention < 0 ? lp->config.user.retention : a->retention, NULL, NULL, NULL };
		status = cli_run_tutor(&cat, &to);
	}
	catalog_free(&cat);
	cli_lesson_path_free(lp);
	return status;
}

static int run_command(int argc, char **argv)
{
	main_args a = { .format = -1, .retention = -1 };
	const cli_opt rows[] = {
		CLI_ROW("check", 'c', CLI_FLAG, &a.check),
		CLI_ROW("strict", 's', CLI_FLAG, &a.strict),
		CLI_ROW("verbose", 'v', CLI_FLAG, &a.verbose),
		CLI_LESSON_ROWS(&a.lp),
		CLI_ROW("plain", 'p', CLI_FLAG, &a.plain),
		CLI_ROW("review", 'r', CLI_FLAG, &a.review),
		CLI_ROW("state", 0, CLI_TEXT, &a.state),
		CLI_ROW("report", 0, CLI_FLAG, &a.report),
		{ "format", 0, CLI_WORD, &a.format, "--format takes csv, json or xapi", .words = formats },
		CLI_ROW("watch", 0, CLI_TEXT, &a.watch),
		CLI_ROW("no-shuffle", 0, CLI_FLAG, &a.no_shuffle),
		CLI_ROW("no-cache", 0, CLI_FLAG, &a.no_cache),
		{ "retention", 0, CLI_CALL, &a.retention, "--retention takes a number from 0.70 to 0.99 (like 0.9)",
		    .call = retention_arg },
		CLI_ACTOR_ROWS(&a.actor),
		CLI_ROW("version", 'V', CLI_SAY, (void *)("paratutor " PT_VERSION "\n")),
		CLI_HELP_ROWS(usage)
	};

	/* From here on every byte to stdout and stderr is sanitised. */
	guard_install();
	subcommand_first(argc, argv, rows);
	for (size_t k = 0; k < N_SUBCOMMANDS; k++) {
		/* Only the character type comes from the environment (UTF-8 and
		 * display widths); numbers in reports keep the '.' of the C locale. */
		if (subcommands[k].locale && !subcommands[k - 1].locale)
			setlocale(LC_CTYPE, "");
		if (argc > 1 && strcmp(argv[1], subcommands[k].name) == 0)
			return subcommands[k].run(argc - 1, argv + 1);
	}
	if (argc > 1 && strcmp(argv[1], "--course") == 0)
		return cli_hosted(argc, argv);
	int status = cli_read_options(argc, argv, rows, "paratutor", "paratutor");
	return status >= 0 ? status : run_tutor_args(&a, argc, argv);
}

/* The one place standard output is finished: whatever a command printed
 * is flushed here, and output that could not be written (a full disk, a
 * closed pipe when SIGPIPE is ignored) makes the exit status 1 with a
 * message, never a silent success. */
int main(int argc, char **argv)
{
	int status = run_command(argc, argv);
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "paratutor: cannot write the output: %s\n",
		    errno != 0 ? strerror(errno) : "write error");
		if (status == CLI_OK)
			status = CLI_FAILED;
	}
	return status;
}

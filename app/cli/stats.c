/* stats.c - `paratutor stats --me`: the learner's own statistics as plain
 * text, with ASCII charts when the locale is not UTF-8. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "paratutor/cli/cli_closed.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_lessons.h"
#include "paratutor/cli/cli_stats.h"
#include "paratutor/ui/plain.h"
#include "paratutor/ui/ui_clock.h"


enum { STATS_OK = 0, STATS_FAILED = 1, STATS_USAGE = 2, STATS_NO_LESSONS = 3 };

/* Prints the usage text of the command to fp. */
static void stats_usage(FILE *fp)
{
	fputs("Usage: paratutor stats --me [--plain] [--progress FILE] [--lessons DIR]...\n"
	      "Print your own statistics: the same figures as the statistics screen\n"
	      "(press s in the lesson menu), as plain text.\n"
	      "\n"
	      "  mastery of each lesson, first answers right per day over the last 30\n"
	      "  days, reviews due in the next 14 days, exam history, the mistakes you\n"
	      "  made most often and the days practised in a row.  Charts use block\n"
	      "  characters, or ASCII when the locale is not UTF-8.\n"
	      "\n"
	      "Options:\n"
	      "      --me              your own statistics (the only kind so far)\n"
	      "  -p, --plain           sentences instead of charts and columns, for a\n"
	      "                        screen reader (as the stats command of plain mode;\n"
	      "                        plain = yes in the configuration file does the same)\n"
	      "      --progress FILE   read progress from FILE (also --state FILE) instead\n"
	      "                        of $XDG_STATE_HOME/paratutor/progress.json\n"
	      "  -l, --lessons DIR     read lessons from DIR (repeatable); default: as for\n"
	      "                        the tutor\n"
	      "  -h, --help            show this help and exit\n", fp);
}

/* Loads the lessons on the lesson path; false when none could be read. */
static bool load(pt_catalog *cat, cli_lesson_path *lp)
{
	bool found = cli_load_lessons(cat, lp, "paratutor");
	cli_lesson_path_free(lp);
	if (found)
		return true;
	fputs("paratutor: no lessons found; give the lesson directory with --lessons DIR\n", stderr);
	return false;
}

/* Computes and prints the statistics of the store at path; returns the
 * exit status. */
static int run(pt_catalog *cat, const char *path, bool words)
{
	if (cli_exam_closed(path, "stats --me"))
		return STATS_FAILED;
	pt_open_report rep;
	pt_progress *p = progress_open_readonly(path, &rep);
	if (p == NULL) {
		fputs("paratutor: out of memory\n", stderr);
		return STATS_FAILED;
	}
	if (rep.message[0] != '\0')
		fprintf(stderr, "paratutor: %s\n", rep.message);
	printf("Your statistics (%s)\n", path);
	bool ok = plain_stats(stdout, p, cat, ui_now(), words);
	if (!ok)
		fputs("paratutor: out of memory\n", stderr);
	progress_close(p);
	if (ok && fflush(stdout) != 0) {
		fprintf(stderr, "paratutor: cannot write the statistics: %s\n", strerror(errno));
		ok = false;
	}
	return ok ? STATS_OK : STATS_FAILED;
}

int cli_stats(int argc, char **argv)
{
	enum { OPT_ME = 256, OPT_PROGRESS };
	static const struct option longopts[] = {
		{ "me", no_argument, NULL, OPT_ME },
		{ "progress", required_argument, NULL, OPT_PROGRESS },
		{ "state", required_argument, NULL, OPT_PROGRESS },
		{ "lessons", required_argument, NULL, 'l' },
		{ "only-lessons", required_argument, NULL, CLI_OPT_ONLY_LESSONS },
		{ "plain", no_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *path = NULL;
	cli_lesson_path lp = { 0 };
	bool me = false, words = false;
	int opt;
	while ((opt = getopt_long(argc, argv, "l:ph", longopts, NULL)) != -1) {
		switch (opt) {
		case OPT_ME: me = true; break;
		case 'p': words = true; break;
		case OPT_PROGRESS: path = optarg; break;
		case 'l':
		case CLI_OPT_ONLY_LESSONS:
			if (!cli_lessons_arg(&lp, optarg, opt != 'l', "paratutor"))
				return STATS_USAGE;
			break;
		case 'h': stats_usage(stdout); return STATS_OK;
		default:
			fputs("Try 'paratutor stats --help' for more information.\n", stderr);
			return STATS_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "paratutor: stats takes no operand ('%s'); try 'paratutor stats --me'\n", argv[optind]);
		return STATS_USAGE;
	}
	if (!me) {
		fputs("paratutor: stats needs --me (your own statistics)\n"
		      "Try 'paratutor stats --me'.\n", stderr);
		return STATS_USAGE;
	}
	char buf[PT_PROGRESS_PATH_MAX], err[512];
	if (path == NULL && !progress_default_path(buf, sizeof buf, err, sizeof err)) {
		fprintf(stderr, "paratutor: %s; name the store with --progress FILE\n", err);
		return STATS_USAGE;
	}
	cli_config_read(&lp.config, "paratutor");
	lp.have_config = true;
	words = words || lp.config.user.plain;
	pt_catalog cat = { 0 };
	int status = load(&cat, &lp) ? run(&cat, path != NULL ? path : buf, words) : STATS_NO_LESSONS;
	catalog_free(&cat);
	return status;
}

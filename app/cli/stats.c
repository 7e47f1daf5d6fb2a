/* stats.c - `paratutor stats --me`: the learner's own statistics as plain
 * text, with ASCII charts when the locale is not UTF-8. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/ui/plain.h"
#include "paratutor/ui/ui_clock.h"


/* The usage text (--help). */
static const char usage[] =
	      "Usage: paratutor stats --me [--plain] [--progress FILE] [--lessons DIR]...\n"
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
	      "  -h, --help            show this help and exit\n";

/* Computes and prints the statistics of the store at path; returns the
 * exit status. */
static int run(pt_catalog *cat, const char *path, bool words)
{
	if (cli_exam_closed(path, "stats --me"))
		return CLI_FAILED;
	pt_progress *p = cli_store_open(path, true, "paratutor");
	if (p == NULL)
		return CLI_FAILED;
	printf("Your statistics (%s)\n", path);
	bool ok = plain_stats(stdout, p, NULL, cat, ui_now(), words);
	if (!ok)
		fputs("paratutor: out of memory\n", stderr);
	progress_close(p);
	if (ok && fflush(stdout) != 0) {
		fprintf(stderr, "paratutor: cannot write the statistics: %s\n", strerror(errno));
		ok = false;
	}
	return ok ? CLI_OK : CLI_FAILED;
}

int cli_stats(int argc, char **argv)
{
	const char *path = NULL;
	cli_lesson_path lp = { 0 };
	bool me = false, words = false;
	const cli_opt rows[] = {
		CLI_ROW("me", 0, CLI_FLAG, &me),
		CLI_ROW("progress", 0, CLI_TEXT, &path),
		CLI_ROW("state", 0, CLI_TEXT, &path),
		CLI_LESSON_ROWS(&lp),
		CLI_ROW("plain", 'p', CLI_FLAG, &words),
		CLI_HELP_ROWS(usage)
	};
	int status = cli_read_options(argc, argv, rows, "paratutor", "paratutor stats");
	if (status >= 0)
		return status;
	if (optind < argc) {
		fprintf(stderr, "paratutor: stats takes no operand ('%s'); try 'paratutor stats --me'\n", argv[optind]);
		return CLI_USAGE;
	}
	if (!me) {
		fputs("paratutor: stats needs --me (your own statistics)\n"
		      "Try 'paratutor stats --me'.\n", stderr);
		return CLI_USAGE;
	}
	char buf[PT_PROGRESS_PATH_MAX];
	if ((path = cli_store_path(path, buf, sizeof buf, "paratutor", "--progress")) == NULL)
		return CLI_USAGE;
	cli_config_read(&lp.config, "paratutor");
	lp.have_config = true;
	words = words || lp.config.user.plain;
	pt_catalog cat = { 0 };
	status = cli_lessons_or_say(&cat, &lp) ? run(&cat, path, words) : CLI_NO_LESSONS;
	cli_lesson_path_free(&lp);
	catalog_free(&cat);
	return status;
}

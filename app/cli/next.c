/* next.c - `paratutor next`: what to study next, with the reason for each
 * line; --plain opens the named concepts' due items as a review in plain
 * mode. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "paratutor/cli/cli_course.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/report/next.h"
#include "paratutor/ui/plain.h"
#include "paratutor/store/track.h"
#include "paratutor/ui/ui.h"
#include "paratutor/ui/ui_clock.h"

/* The usage text (--help). */
static const char usage[] =
	      "Usage: paratutor next [--plain] [--state FILE] [--lessons DIR]...\n"
	      "Say what to study next: the concepts with items due for review, lowest\n"
	      "predicted recall first (or, with nothing due, the least mastered), and the\n"
	      "next lesson to finish, each with its reason.\n"
	      "\n"
	      "Options:\n"
	      "  -p, --plain           then answer every item due as a review, weakest\n"
	      "                        first, in plain mode (as r in the menu)\n"
	      "      --state FILE      the progress store (also --progress FILE) instead of\n"
	      "                        $XDG_STATE_HOME/paratutor/progress.json\n"
	      "  -l, --lessons DIR     read lessons from DIR (repeatable); default: as for\n"
	      "                        the tutor\n"
	      "  -h, --help            show this help and exit\n";

/* Prints the advice. */
static void print_next(const pt_next *n, bool plain)
{
	fputs("What to study next:\n", stdout);
	for (size_t i = 0; i < n->n; i++)
		printf("%zu. %s\n", i + 1, n->lines[i]);
	if (n->due > 0 && !plain)
		printf("Answer the %zu item%s due, weakest first, with 'paratutor next --plain', or r in the tutor's "
		    "menu.\n", n->due, n->due == 1 ? "" : "s");
	else if (n->nothing_done)
		fputs("Run 'paratutor' to open the menu.\n", stdout);
}

/* Opens the review of the due items in plain mode. */
static int review(pt_catalog *cat, pt_progress *p)
{
	pt_track track;
	track_init(&track, p, NULL);
	cli_course_push_attach(&track); /* hosted with an LRS: send each result */
	pt_ui_options uio = { NULL, true, NULL, &track, false, true, progress_salt(p, (unsigned long long)time(NULL)),
		NULL, NULL, NULL };
	return plain_run(cat, &uio, stdin, stdout);
}

int cli_next(int argc, char **argv)
{
	const char *path = NULL;
	cli_lesson_path lp = { 0 };
	bool plain = false;
	const cli_opt rows[] = {
		CLI_ROW("plain", 'p', CLI_FLAG, &plain),
		CLI_ROW("state", 0, CLI_TEXT, &path),
		CLI_ROW("progress", 0, CLI_TEXT, &path),
		CLI_LESSON_ROWS(&lp),
		CLI_HELP_ROWS(usage)
	};
	int status = cli_read_options(argc, argv, rows, "paratutor", "paratutor next");
	if (status >= 0)
		return status;
	if (optind < argc) {
		fprintf(stderr, "paratutor: next takes no operand ('%s')\n", argv[optind]);
		return CLI_USAGE;
	}
	char buf[PT_PROGRESS_PATH_MAX];
	if ((path = cli_store_path(path, buf, sizeof buf, "paratutor", "--state")) == NULL)
		return CLI_USAGE;
	pt_catalog cat = { 0 };
	bool found = cli_lessons_or_say(&cat, &lp);
	cli_lesson_path_free(&lp);
	if (!found) {
		catalog_free(&cat);
		return CLI_NO_LESSONS;
	}
	pt_open_report rep;
	pt_progress *p = plain ? progress_open(path, ui_now(), &rep) : progress_open_readonly(path, &rep);
	pt_next n;
	status = CLI_OK;
	if (p == NULL || !next_compute(p, &cat, ui_now(), NULL, &n)) {
		fputs("paratutor: out of memory\n", stderr);
		status = CLI_FAILED;
	} else {
		if (rep.message[0] != '\0' && !(rep.memory_only && !plain && !rep.loaded && n.nothing_done))
			fprintf(stderr, "paratutor: %s\n", rep.message);
		print_next(&n, plain);
		if (fflush(stdout) != 0) {
			fprintf(stderr, "paratutor: cannot write: %s\n", strerror(errno));
			status = CLI_FAILED;
		} else if (plain && n.due > 0) {
			status = review(&cat, p);
		} else if (plain) {
			fputs("Nothing is due for review now.\n", stdout);
		}
	}
	if (p != NULL)
		progress_close(p);
	catalog_free(&cat);
	return status;
}

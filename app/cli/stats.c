/* stats.c - `paratutor stats --me`: the learner's own statistics as plain
 * text, with ASCII charts when the locale is not UTF-8. */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "paratutor/catalog.h"
#include "paratutor/cli_stats.h"
#include "paratutor/stats.h"
#include "paratutor/stats_out.h"
#include "paratutor/text.h"

#define MAX_LESSON_DIRS 32
#define TEXT_WIDTH 78 /* columns paragraphs are wrapped at */

enum { STATS_OK = 0, STATS_FAILED = 1, STATS_USAGE = 2, STATS_NO_LESSONS = 3 };

/* Prints the usage text of the command to fp. */
static void stats_usage(FILE *fp)
{
	fputs("Usage: paratutor stats --me [--progress FILE] [--lessons DIR]...\n"
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
	      "      --progress FILE   read progress from FILE (also --state FILE) instead\n"
	      "                        of $XDG_STATE_HOME/paratutor/progress.json\n"
	      "  -l, --lessons DIR     read lessons from DIR (repeatable); default: as for\n"
	      "                        the tutor\n"
	      "  -h, --help            show this help and exit\n", fp);
}

/* Returns true when the locale's character set is UTF-8. */
static bool locale_utf8(void)
{
	const char *codeset = nl_langinfo(CODESET);
	return strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "utf8") == 0;
}

/* Returns the local time's offset from UTC at now, in seconds east. */
static long local_offset(time_t now)
{
	struct tm tm;
	return localtime_r(&now, &tm) != NULL ? tm.tm_gmtoff : 0;
}

/* Prints a paragraph: lead (when set) at indent, the text wrapped after
 * it with its later lines hanging under its start. */
static void print_para(const pt_stats_block *b)
{
	int hang = b->indent;
	printf("%*s", b->indent, "");
	if (b->lead != NULL) {
		printf("%s  ", b->lead);
		hang += text_width(b->lead, strlen(b->lead)) + 2;
	}
	pt_lines lines;
	if (!text_wrap(b->text, TEXT_WIDTH - hang, &lines)) {
		printf("%s\n", b->text);
		return;
	}
	for (size_t k = 0; k < lines.n; k++)
		printf("%*s%.*s\n", k > 0 ? hang : 0, "", (int)lines.v[k].len, b->text + lines.v[k].start);
	if (lines.n == 0)
		putchar('\n');
	text_lines_free(&lines);
}

/* Prints the statistics text. */
static void print_text(const pt_stats_text *t)
{
	for (size_t i = 0; i < t->n; i++) {
		const pt_stats_block *b = &t->v[i];
		switch (b->kind) {
		case STATS_HEADING:
			printf("\n%s\n", b->text);
			break;
		case STATS_PARA:
		case STATS_NOTE:
			print_para(b);
			break;
		case STATS_LINE:
			printf("%*s%s\n", b->indent, "", b->text);
			break;
		}
	}
}

/* Loads the lessons from dirs (the defaults when n is 0); false when none
 * could be read. */
static bool load(pt_catalog *cat, const char **dirs, size_t n)
{
	const char *defaults[MAX_LESSON_DIRS];
	char buf[8192];
	bool explicit_dirs = n > 0;
	if (!explicit_dirs) {
		n = catalog_default_dirs(defaults, MAX_LESSON_DIRS, buf, sizeof buf);
		dirs = defaults;
	}
	for (size_t i = 0; i < n; i++) {
		const char *why = NULL;
		if (!catalog_add_path(cat, dirs[i], !explicit_dirs, &why))
			fprintf(stderr, "paratutor: %s: %s\n", dirs[i], why);
	}
	if (cat->n == 0)
		fputs("paratutor: no lessons found; give the lesson directory with --lessons DIR\n", stderr);
	return cat->n > 0;
}

/* Computes and prints the statistics of the store at path; returns the
 * exit status. */
static int run(const pt_catalog *cat, const char *path)
{
	pt_open_report rep;
	pt_progress *p = progress_open_readonly(path, &rep);
	if (p == NULL) {
		fputs("paratutor: out of memory\n", stderr);
		return STATS_FAILED;
	}
	if (rep.message[0] != '\0')
		fprintf(stderr, "paratutor: %s\n", rep.message);
	time_t now = time(NULL);
	pt_stats_style style = { !locale_utf8(), TEXT_WIDTH, local_offset(now) };
	pt_stats s;
	pt_stats_text text;
	pt_exam_point *exams = NULL;
	size_t n_exams = 0;
	bool ok = stats_compute(p, cat, now, style.utc_offset, &s);
	ok = ok && stats_exams(p, &exams, &n_exams);
	if (ok && stats_text(&s, exams, n_exams, &style, &text)) {
		printf("Your statistics (%s)\n", path);
		print_text(&text);
		stats_text_free(&text);
	} else {
		ok = false;
		fputs("paratutor: out of memory\n", stderr);
	}
	free(exams);
	stats_free(&s);
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
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *path = NULL, *dirs[MAX_LESSON_DIRS];
	size_t n_dirs = 0;
	bool me = false;
	int opt;
	while ((opt = getopt_long(argc, argv, "l:h", longopts, NULL)) != -1) {
		switch (opt) {
		case OPT_ME: me = true; break;
		case OPT_PROGRESS: path = optarg; break;
		case 'l':
			if (n_dirs == MAX_LESSON_DIRS) {
				fprintf(stderr, "paratutor: at most %d --lessons directories\n", MAX_LESSON_DIRS);
				return STATS_USAGE;
			}
			dirs[n_dirs++] = optarg;
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
	pt_catalog cat = { 0 };
	int status = load(&cat, dirs, n_dirs) ? run(&cat, path != NULL ? path : buf) : STATS_NO_LESSONS;
	catalog_free(&cat);
	return status;
}

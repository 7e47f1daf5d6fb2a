/* export.c - `paratutor export --to gift|moodle-xml PATH|LESSON-ID`:
 * writes one lesson as Moodle questions, with what the format cannot
 * carry reported on stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paratutor/cli/cli_diags.h"
#include "paratutor/cli/cli_output.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/interop/export.h"


/* The usage text (--help). */
static const char usage[] =
	      "Usage: paratutor export --to FORMAT [-o FILE] [-l DIR]... PATH|LESSON-ID\n"
	      "Write one lesson as Moodle questions, to import into a Moodle question bank.\n"
	      "\n"
	      "PATH is a lesson file; LESSON-ID names a lesson found with --lessons (by\n"
	      "default where the tutor looks).  What the format cannot carry (hints in\n"
	      "GIFT, worked solutions, references, ...) is reported on standard error as\n"
	      "FILE:LINE:COL: warning, the first of each kind with a note saying where the\n"
	      "others are; items the format cannot hold are left out.\n"
	      "\n"
	      "Options:\n"
	      "  -t, --to FORMAT     gift (choice, multi, one-blank fill, numeric, text,\n"
	      "                      match) or moodle-xml (every kind, hints too)\n"
	      "  -o, --output FILE   write to FILE instead of standard output\n"
	      "  -l, --lessons DIR   look LESSON-ID up in DIR (repeatable)\n"
	      "  -v, --verbose       show every warning, not the first of each kind\n"
	      "  -h, --help          show this help and exit\n"
	      "\n"
	      "Exit status: 0 written, 1 the lesson has errors or a file could not be\n"
	      "read or written, 2 bad command line, 3 no such lesson.\n";

/* Returns true when arg names an existing file rather than a lesson id. */
static bool is_path(const char *arg)
{
	struct stat st;
	return strchr(arg, '/') != NULL || (strlen(arg) > 5 && strcmp(arg + strlen(arg) - 5, ".json") == 0) ||
	    stat(arg, &st) == 0;
}

/* Finds the lesson to export in cat (loading it first); returns its
 * entry, or NULL after saying why and setting *status. */
static pt_entry *find_lesson(pt_catalog *cat, const char *arg, cli_lesson_path *lp, int *status)
{
	const char *why = NULL;
	struct stat st;
	if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
		fprintf(stderr, "paratutor: %s is a directory; give one lesson file or a lesson id\n", arg);
		*status = CLI_USAGE;
		return NULL;
	}
	if (is_path(arg)) {
		if (!catalog_add_path(cat, arg, false, &why)) {
			fprintf(stderr, "paratutor: %s: %s\n", arg, why);
			*status = CLI_FAILED;
			return NULL;
		}
		if (cat->n == 0) {
			fprintf(stderr, "paratutor: %s: no lesson here; give a lesson .json file\n", arg);
			*status = CLI_FAILED;
			return NULL;
		}
		return &cat->v[0];
	}
	cli_load_lessons(cat, lp, "paratutor");
	pt_entry *e = catalog_find(cat, arg);
	if (e == NULL) {
		fprintf(stderr, "paratutor: %s: no such lesson; give a lesson file or an id from --lessons DIR\n", arg);
		*status = CLI_NO_LESSONS;
	}
	return e;
}

/* Exports the lesson of entry e; returns the exit status. */
static int export_entry(const pt_entry *e, pt_export_format format, const char *out, bool verbose)
{
	if (e->broken || e->lesson == NULL) {
		diags_print(&e->diags, stderr);
		fprintf(stderr, "paratutor: %s has errors; fix them ('paratutor --check %s') and export again\n", e->path,
		    e->path);
		return CLI_FAILED;
	}
	pt_strbuf text = { 0 };
	pt_diags diags = { 0 };
	pt_export_count count;
	bool ok = export_lesson(e->lesson, format, &text, &diags, &count);
	diags_sort(&diags);
	cli_print_diags(&diags, verbose, stderr);
	if (!ok) {
		fputs("paratutor: out of memory\n", stderr);
	} else {
		ok = cli_write_output(out, text.s, text.n);
		if (ok)
			fprintf(stderr, "paratutor: exported %zu of %zu items of lesson \"%s\" as %s%s%s; %zu left out, "
			    "%zu warning%s about what %s cannot carry\n", count.written, e->lesson->n_items, e->lesson->id.s,
			    export_format_name(format), out ? " to " : "", out ? out : "", count.skipped, diags.warnings,
			    diags.warnings == 1 ? "" : "s", export_format_name(format));
	}
	free(text.s);
	diags_free(&diags);
	return ok ? CLI_OK : CLI_FAILED;
}

int cli_export(int argc, char **argv)
{
	const char *out = NULL, *to = NULL;
	cli_lesson_path lp = { 0 };
	bool verbose = false;
	const cli_opt rows[] = {
		CLI_ROW("to", 't', CLI_TEXT, &to),
		CLI_ROW("output", 'o', CLI_TEXT, &out),
		CLI_LESSON_ROWS(&lp),
		CLI_ROW("verbose", 'v', CLI_FLAG, &verbose),
		CLI_HELP_ROWS(usage)
	};
	int status = cli_read_options(argc, argv, rows, "paratutor", "paratutor export");
	if (status >= 0)
		return status;
	if (to == NULL || (strcmp(to, "gift") != 0 && strcmp(to, "moodle-xml") != 0)) {
		fprintf(stderr, "paratutor: export needs --to gift or --to moodle-xml%s%s%s\n"
		    "Try 'paratutor export --to gift content/11-parallelism-kinds.json'.\n",
		    to ? ", not '" : "", to ? to : "", to ? "'" : "");
		return CLI_USAGE;
	}
	if (argc - optind != 1) {
		fputs(optind == argc ? "paratutor: export needs one lesson file or lesson id\n"
		                     : "paratutor: export writes one lesson; give one file or id\n", stderr);
		fputs("Try 'paratutor export --help' for more information.\n", stderr);
		return CLI_USAGE;
	}
	if (cli_exam_closed(NULL, "export"))
		return CLI_FAILED;
	pt_export_format format = strcmp(to, "gift") == 0 ? PT_EXPORT_GIFT : PT_EXPORT_MOODLE_XML;
	pt_catalog cat = { 0 };
	status = CLI_OK;
	pt_entry *e = find_lesson(&cat, argv[optind], &lp, &status);
	if (e != NULL)
		status = export_entry(e, format, out, verbose);
	catalog_free(&cat);
	cli_lesson_path_free(&lp);
	return status;
}

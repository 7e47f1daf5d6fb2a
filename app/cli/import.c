/* import.c - `paratutor import FILE...`: reads GIFT and Moodle XML files
 * and writes one format-2 lesson, with the readers' diagnostics on
 * stderr. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/cli_output.h"
#include "paratutor/cli_import.h"
#include "paratutor/gift.h"
#include "paratutor/load.h"
#include "paratutor/moodlexml.h"

#define MAX_IMPORT_SIZE (64u * 1024u * 1024u)

enum { IMPORT_OK = 0, IMPORT_FAILED = 1, IMPORT_USAGE = 2 };

/* Prints the usage text of the command to fp. */
static void import_usage(FILE *fp)
{
	fputs("Usage: paratutor import [OPTION]... FILE...\n"
	      "Convert Moodle question files into one paratutor lesson (format 2).\n"
	      "\n"
	      "FILE is GIFT (.gift, .txt) or Moodle XML (.xml); other names are read as\n"
	      "XML when they start with '<', else as GIFT.  What cannot be carried over\n"
	      "is reported as FILE:LINE:COL: warning; errors stop the import.\n"
	      "\n"
	      "Options:\n"
	      "  -o, --output FILE   write the lesson to FILE instead of standard output\n"
	      "      --id ID         the lesson id (default: made from the first file name)\n"
	      "      --title TITLE   the lesson title (default: the first category, else\n"
	      "                      the first file name)\n"
	      "  -h, --help          show this help and exit\n"
	      "\n"
	      "Check the result with 'paratutor --check FILE'.\n", fp);
}

/* Returns true when the file should be read as Moodle XML. */
static bool is_xml(const char *path, const char *text)
{
	const char *dot = strrchr(path, '.');
	if (dot != NULL && strcmp(dot, ".xml") == 0)
		return true;
	if (dot != NULL && (strcmp(dot, ".gift") == 0 || strcmp(dot, ".txt") == 0))
		return false;
	text += strspn(text, " \t\r\n");
	if (strncmp(text, "\xEF\xBB\xBF", 3) == 0)
		text += 3;
	return text[0] == '<';
}

/* Writes into out the first file's name without directory and extension. */
static void base_name(const char *path, char *out, size_t size)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	const char *dot = strrchr(b, '.');
	size_t n = dot && dot > b ? (size_t)(dot - b) : strlen(b);
	snprintf(out, size, "%.*s", (int)n, b);
}

/* Reads every file into imp; returns false when one could not be read. */
static bool read_files(pt_import *imp, char **files, int n)
{
	bool ok = true;
	for (int i = 0; i < n; i++) {
		size_t len = 0;
		pt_read_error err;
		char *text = load_read_file(files[i], MAX_IMPORT_SIZE, &len, &err);
		if (text == NULL) {
			fprintf(stderr, "paratutor: %s: %s\n", files[i], load_read_describe(&err));
			ok = false;
			continue;
		}
		import_file(imp, files[i]);
		if (is_xml(files[i], text))
			moodlexml_read(imp, text, len);
		else
			gift_read(imp, text, len);
		free(text);
	}
	return ok;
}

/* Writes text to path, or to stdout when path is NULL; returns false
 * (with a message) when that fails. */
static bool write_out(const char *path, const char *text)
{
	return cli_write_output(path, text, strlen(text));
}

/* Builds the lesson from what imp read and writes it; returns the exit
 * status. */
static int write_lesson(pt_import *imp, const char *first, const char *id, const char *title, const char *out)
{
	char base[256], slug[64], summary[320];
	base_name(first, base, sizeof base);
	if (id == NULL) {
		import_slug(base, slug, sizeof slug);
		id = slug[0] ? slug : "imported";
	}
	if (title == NULL)
		title = imp->title ? imp->title : base;
	int n = cJSON_GetArraySize(imp->items);
	const char *file = strrchr(first, '/') ? strrchr(first, '/') + 1 : first;
	snprintf(summary, sizeof summary, "%d question%s imported from %.200s.", n, n == 1 ? "" : "s", file);
	cJSON *lesson = import_lesson(imp, id, title, summary);
	char *text = lesson ? import_render(lesson) : NULL;
	cJSON_Delete(lesson);
	if (text == NULL) {
		fputs("paratutor: out of memory\n", stderr);
		return IMPORT_FAILED;
	}
	bool ok = write_out(out, text);
	free(text);
	if (ok)
		fprintf(stderr, "paratutor: imported %d of %zu question%s into lesson \"%s\"%s%s\n", n, imp->questions,
		    imp->questions == 1 ? "" : "s", id, out ? " in " : "", out ? out : "");
	return ok ? IMPORT_OK : IMPORT_FAILED;
}

int cli_import(int argc, char **argv)
{
	enum { OPT_ID = 256, OPT_TITLE };
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "id", required_argument, NULL, OPT_ID },
		{ "title", required_argument, NULL, OPT_TITLE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *out = NULL, *id = NULL, *title = NULL;
	int opt;
	while ((opt = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'o': out = optarg; break;
		case OPT_ID: id = optarg; break;
		case OPT_TITLE: title = optarg; break;
		case 'h': import_usage(stdout); return IMPORT_OK;
		default:
			fputs("Try 'paratutor import --help' for more information.\n", stderr);
			return IMPORT_USAGE;
		}
	}
	if (optind == argc) {
		fputs("paratutor: import needs at least one GIFT or Moodle XML file\n"
		      "Try 'paratutor import quiz.gift -o content/quiz.json'.\n", stderr);
		return IMPORT_USAGE;
	}
	if (id != NULL && !import_id_ok(id)) {
		fprintf(stderr, "paratutor: lesson id \"%s\" may use only lowercase letters, digits, '-', '_' and '.'\n", id);
		return IMPORT_USAGE;
	}
	if (title != NULL && title[0] == '\0') {
		fputs("paratutor: --title needs some text\n", stderr);
		return IMPORT_USAGE;
	}
	pt_diags diags = { 0 };
	pt_import imp;
	if (!import_init(&imp, &diags)) {
		fputs("paratutor: out of memory\n", stderr);
		return IMPORT_FAILED;
	}
	bool read_ok = read_files(&imp, argv + optind, argc - optind);
	diags_sort(&diags);
	diags_print(&diags, stderr);
	int status = IMPORT_FAILED;
	if (diags.errors > 0)
		fprintf(stderr, "paratutor: %zu error%s in the input; nothing was written. Fix %s and import again.\n",
		    diags.errors, diags.errors == 1 ? "" : "s", diags.errors == 1 ? "it" : "them");
	else if (read_ok && cJSON_GetArraySize(imp.items) == 0)
		fprintf(stderr, "paratutor: none of the %zu question%s could be imported; nothing was written\n",
		    imp.questions, imp.questions == 1 ? "" : "s");
	else if (read_ok)
		status = write_lesson(&imp, argv[optind], id, title, out);
	import_free(&imp);
	diags_free(&diags);
	return status;
}

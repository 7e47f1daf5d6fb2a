/* import.c - `paratutor import FILE...`: reads GIFT and Moodle XML files
 * and writes one format-2 lesson, with the readers' diagnostics on
 * stderr. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paratutor/cli/cli_diags.h"
#include "paratutor/cli/cli_output.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/interop/gift.h"
#include "paratutor/load/load.h"
#include "paratutor/interop/moodlexml.h"
#include "paratutor/load/validate.h"

#define MAX_IMPORT_SIZE (64u * 1024u * 1024u)

/* The usage text (--help). */
static const char usage[] =
	      "Usage: paratutor import [OPTION]... FILE...\n"
	      "Convert Moodle question files into paratutor lessons (format 2).\n"
	      "\n"
	      "FILE is GIFT (.gift, .txt) or Moodle XML (.xml); other names are read as\n"
	      "XML when they start with '<', else as GIFT.  What cannot be carried over\n"
	      "is reported as FILE:LINE:COL: warning (the first of each kind, with where\n"
	      "the others are; --verbose shows each); an error stops the import unless\n"
	      "--skip-broken is given.  Each category of questions becomes a lesson of\n"
	      "its own: several need a folder to go in (-o FOLDER) or --one-lesson.\n"
	      "\n"
	      "Options:\n"
	      "  -o, --output PATH   write the lesson to the file PATH instead of standard\n"
	      "                      output; when PATH is a folder, write each lesson\n"
	      "                      there as ID.json, never replacing a file or\n"
	      "                      following a link that is there already\n"
	      "      --force         with -o FOLDER, replace lesson files already there\n"
	      "      --id ID         the lesson id (default: made from the category, else\n"
	      "                      the first file name); with several lessons, the start\n"
	      "                      of each id\n"
	      "      --title TITLE   the lesson title (default: the category, else the\n"
	      "                      first file name); with several lessons, the start of\n"
	      "                      each title\n"
	      "      --one-lesson    put the questions of every category in one lesson\n"
	      "      --skip-broken   leave out the questions with errors, list them, and\n"
	      "                      write the others\n"
	      "  -v, --verbose       show every warning, not the first of each kind\n"
	      "  -h, --help          show this help and exit\n"
	      "\n"
	      "Check the result with 'paratutor --check FILE'.\n";

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
		char *text = file_read(files[i], MAX_IMPORT_SIZE, &len, &err);
		if (text == NULL) {
			fprintf(stderr, "paratutor: %s: %s\n", files[i], file_read_describe(&err));
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

/* ---- writing the lessons -------------------------------------------------- */

/* Returns true when nothing at all is at path (not even a symbolic link),
 * else names it. */
static bool nothing_at(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0 && errno == ENOENT)
		return true;
	fprintf(stderr, "paratutor: %s is there already%s\n", path,
	    S_ISLNK(st.st_mode) ? " (a symbolic link, not followed)" : "");
	return false;
}

/* Returns true when path names a folder. */
static bool is_folder(const char *path)
{
	struct stat st;
	return path != NULL && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The choices of the command line about what is written. */
typedef struct import_opts {
	const char *id, *title, *out;
	bool one_lesson, skip_broken, verbose, force;
} import_opts;

/* Returns true when the lesson text would pass paratutor --check (its
 * errors; warnings are the importer's to give); otherwise says, for each
 * error, which item it is in and what is wrong, and returns false. */
static bool passes_check(const char *text)
{
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("the imported lesson", text, strlen(text), &d);
	if (l != NULL)
		validate_lesson(l, &d);
	bool ok = d.errors == 0;
	for (size_t i = 0; i < d.n; i++) {
		if (d.v[i].severity != PT_ERROR)
			continue;
		const char *item = NULL;
		for (size_t k = 0; l != NULL && k < l->n_items; k++)
			if (l->items[k].pos.line < d.v[i].pos.line ||
			    (l->items[k].pos.line == d.v[i].pos.line && l->items[k].pos.col <= d.v[i].pos.col))
				item = l->items[k].id.s;
		fprintf(stderr, "paratutor: error: question \"%s\" would not pass paratutor --check: %s\n",
		    item != NULL ? item : "(the lesson)", d.v[i].message);
	}
	if (!ok)
		fputs("paratutor: nothing was written; fix those questions in the source and import again\n", stderr);
	lesson_free(l);
	diags_free(&d);
	return ok;
}

/* Renders lesson and writes it to path (stdout when NULL); frees lesson.
 * A new file in a folder (fresh true) never replaces anything.  Returns
 * false after saying why. */
static bool write_lesson_to(cJSON *lesson, const char *path, bool fresh)
{
	char *text = lesson ? import_render(lesson) : NULL;
	cJSON_Delete(lesson);
	if (text == NULL) {
		fputs("paratutor: out of memory\n", stderr);
		return false;
	}
	bool ok = passes_check(text) &&
	    (fresh ? cli_write_new(path, text, strlen(text)) : cli_write_output(path, text, strlen(text)));
	free(text);
	return ok;
}

/* Returns folder/name.json (caller frees), or NULL when out of memory. */
static char *path_in(const char *folder, const char *name)
{
	size_t n = strlen(folder) + strlen(name) + 7;
	char *p = malloc(n);
	if (p != NULL)
		snprintf(p, n, "%s%s%s.json", folder, folder[0] && folder[strlen(folder) - 1] == '/' ? "" : "/", name);
	return p;
}

/* Builds the one lesson from everything imp read and writes it; returns
 * the exit status. */
static int write_one(pt_import *imp, const char *first, const import_opts *o)
{
	char base[256], slug[64], summary[320];
	base_name(first, base, sizeof base);
	const char *id = o->id;
	if (id == NULL) {
		import_slug(base, slug, sizeof slug);
		id = slug[0] ? slug : "imported";
	}
	const char *title = o->title ? o->title : imp->title ? imp->title : base;
	int n = cJSON_GetArraySize(imp->items);
	const char *file = strrchr(first, '/') ? strrchr(first, '/') + 1 : first;
	snprintf(summary, sizeof summary, "%d question%s imported from %.200s.", n, n == 1 ? "" : "s", file);
	char *path = is_folder(o->out) ? path_in(o->out, id) : NULL;
	if (is_folder(o->out) && path == NULL) {
		fputs("paratutor: out of memory\n", stderr);
		return CLI_FAILED;
	}
	const char *to = path ? path : o->out;
	if (path != NULL && !o->force && !nothing_at(path)) {
		fputs("paratutor: nothing was written. Choose another folder, or add --force to replace it\n", stderr);
		free(path);
		return CLI_FAILED;
	}
	bool ok = write_lesson_to(import_lesson(imp, id, title, summary), to, path != NULL && !o->force);
	if (ok)
		fprintf(stderr, "paratutor: imported %d of %zu question%s into lesson \"%s\"%s%s\n", n, imp->questions,
		    imp->questions == 1 ? "" : "s", id, to ? " in " : "", to ? to : "");
	free(path);
	return ok ? CLI_OK : CLI_FAILED;
}

/* The lesson of one category: its id (unique among the n_ids of ids, which
 * it joins), title, summary and file in the folder o->out (caller frees;
 * NULL when out of memory). */
static char *group_lesson(const pt_import *imp, size_t g, const import_opts *o, const char *first,
    char (*ids)[96], size_t *n_ids, char *title, size_t title_cap, char *summary, size_t summary_cap)
{
	char base[256], fslug[64], slug[64], id[96];
	base_name(first, base, sizeof base);
	import_slug(base, fslug, sizeof fslug);
	const char *file = strrchr(first, '/') ? strrchr(first, '/') + 1 : first;
	const struct pt_import_group *grp = &imp->groups[g];
	const char *name = grp->title ? grp->title : base;
	import_slug(name, slug, sizeof slug);
	if (slug[0] == '\0')
		snprintf(slug, sizeof slug, "%s", fslug[0] ? fslug : "imported");
	if (o->id != NULL)
		snprintf(id, sizeof id, "%s-%s", o->id, slug);
	else
		snprintf(id, sizeof id, "%s", slug);
	/* Two categories of one name make two ids. */
	for (unsigned k = 2;; k++) {
		bool taken = false;
		for (size_t m = 0; m < *n_ids; m++)
			taken |= strcmp(ids[m], id) == 0;
		if (!taken)
			break;
		if (o->id != NULL)
			snprintf(id, sizeof id, "%s-%s-%u", o->id, slug, k);
		else
			snprintf(id, sizeof id, "%s-%u", slug, k);
	}
	snprintf(ids[(*n_ids)++], sizeof ids[0], "%s", id);
	if (o->title != NULL)
		snprintf(title, title_cap, "%s: %s", o->title, name);
	else
		snprintf(title, title_cap, "%s", name);
	snprintf(summary, summary_cap, "%zu question%s imported from %.200s%s%.120s%s.", grp->items,
	    grp->items == 1 ? "" : "s", file, grp->title ? " (category " : "", grp->title ? grp->title : "",
	    grp->title ? ")" : "");
	return path_in(o->out, id);
}

/* Names each lesson file of write_each() that is in the folder already;
 * returns how many are. */
static size_t count_taken(const pt_import *imp, const char *first, const import_opts *o, char (*ids)[96])
{
	size_t n_ids = 0, taken = 0;
	char title[600], summary[400];
	for (size_t g = 0; g < imp->n_groups; g++) {
		if (imp->groups[g].items == 0)
			continue;
		char *path = group_lesson(imp, g, o, first, ids, &n_ids, title, sizeof title, summary, sizeof summary);
		taken += path != NULL && !nothing_at(path);
		free(path);
	}
	return taken;
}

/* Writes one lesson per category into the folder o->out; returns the exit
 * status.  Without --force nothing is written when a lesson file is in the
 * folder already (each is named), and each file is made new, never
 * replacing one made meanwhile. */
static int write_each(pt_import *imp, const char *first, const import_opts *o)
{
	size_t made = 0, lessons = import_groups_used(imp), n_ids = 0;
	char (*ids)[96] = calloc(imp->n_groups + 1, sizeof *ids);
	if (ids == NULL) {
		fputs("paratutor: out of memory\n", stderr);
		return CLI_FAILED;
	}
	size_t taken = o->force ? 0 : count_taken(imp, first, o, ids);
	if (taken > 0) {
		fprintf(stderr, "paratutor: %zu of the %zu lesson files %s in %s already; nothing was written. Choose "
		    "another folder, or add --force to replace %s\n", taken, lessons, taken == 1 ? "is" : "are", o->out,
		    taken == 1 ? "it" : "them");
		free(ids);
		return CLI_FAILED;
	}
	int status = CLI_OK;
	for (size_t g = 0; g < imp->n_groups && status == CLI_OK; g++) {
		const struct pt_import_group *grp = &imp->groups[g];
		if (grp->items == 0)
			continue;
		char title[600], summary[400];
		char *path = group_lesson(imp, g, o, first, ids, &n_ids, title, sizeof title, summary, sizeof summary);
		const char *id = ids[n_ids - 1];
		if (path == NULL || !write_lesson_to(import_group_lesson(imp, g, id, title, summary), path, !o->force)) {
			if (path == NULL)
				fputs("paratutor: out of memory\n", stderr);
			status = CLI_FAILED;
		} else {
			fprintf(stderr, "paratutor: %zu question%s into lesson \"%s\" in %s\n", grp->items,
			    grp->items == 1 ? "" : "s", id, path);
			made++;
		}
		free(path);
	}
	free(ids);
	int n = cJSON_GetArraySize(imp->items);
	if (status == CLI_OK)
		fprintf(stderr, "paratutor: imported %d of %zu question%s into %zu lessons, one per category\n", n,
		    imp->questions, imp->questions == 1 ? "" : "s", lessons);
	else if (made > 0)
		fprintf(stderr, "paratutor: %zu of %zu lessons were written before that\n", made, lessons);
	return status;
}

/* Says that several categories need a folder; returns the exit status. */
static int refuse_split(const pt_import *imp)
{
	char names[400] = "";
	size_t k = 0, lessons = import_groups_used(imp);
	for (size_t g = 0; g < imp->n_groups; g++) {
		if (imp->groups[g].items == 0)
			continue;
		size_t len = strlen(names);
		if (k++ < 4)
			snprintf(names + len, sizeof names - len, "%s%s%s%s", len ? ", " : "",
			    imp->groups[g].title ? "\"" : "", imp->groups[g].title ? imp->groups[g].title : "no category",
			    imp->groups[g].title ? "\"" : "");
	}
	fprintf(stderr, "paratutor: the questions are in %zu categories (%s%s) and each becomes a lesson of its own: "
	    "give a folder for them with -o FOLDER, or add --one-lesson to make one lesson; nothing was written\n",
	    lessons, names, lessons > 4 ? ", ..." : "");
	return CLI_USAGE;
}

/* Lists the questions left out because of errors. */
static void list_broken(const pt_import *imp)
{
	fprintf(stderr, "paratutor: %zu broken question%s left out (the errors above say why):\n", imp->n_broken,
	    imp->n_broken == 1 ? "" : "s");
	for (size_t i = 0; i < imp->n_broken; i++) {
		const struct pt_import_broken *b = &imp->broken[i];
		if (b->label == NULL)
			fprintf(stderr, "  %s: the whole file\n", b->file);
		else
			fprintf(stderr, "  %s:%d:%d: \"%s\"\n", b->file, b->pos.line, b->pos.col, b->label);
	}
}

int cli_import(int argc, char **argv)
{
	import_opts o = { 0 };
	const cli_opt rows[] = {
		CLI_ROW("output", 'o', CLI_TEXT, &o.out),
		CLI_ROW("id", 0, CLI_TEXT, &o.id),
		CLI_ROW("title", 0, CLI_TEXT, &o.title),
		CLI_ROW("one-lesson", 0, CLI_FLAG, &o.one_lesson),
		CLI_ROW("skip-broken", 0, CLI_FLAG, &o.skip_broken),
		CLI_ROW("force", 0, CLI_FLAG, &o.force),
		CLI_ROW("verbose", 'v', CLI_FLAG, &o.verbose),
		CLI_HELP_ROWS(usage)
	};
	int status = cli_read_options(argc, argv, rows, "paratutor", "paratutor import");
	if (status >= 0)
		return status;
	if (optind == argc) {
		fputs("paratutor: import needs at least one GIFT or Moodle XML file\n"
		      "Try 'paratutor import quiz.gift -o content/quiz.json'.\n", stderr);
		return CLI_USAGE;
	}
	if (o.id != NULL && !import_id_ok(o.id)) {
		fprintf(stderr, "paratutor: lesson id \"%s\" may use only lowercase letters, digits, '-', '_' and '.'\n", o.id);
		return CLI_USAGE;
	}
	if (o.title != NULL && o.title[0] == '\0') {
		fputs("paratutor: --title needs some text\n", stderr);
		return CLI_USAGE;
	}
	pt_diags diags = { 0 };
	pt_import imp;
	if (!import_init(&imp, &diags)) {
		fputs("paratutor: out of memory\n", stderr);
		return CLI_FAILED;
	}
	bool read_ok = read_files(&imp, argv + optind, argc - optind);
	diags_sort(&diags);
	cli_print_diags(&diags, o.verbose, stderr);
	status = CLI_FAILED;
	size_t good = (size_t)cJSON_GetArraySize(imp.items);
	bool split = !o.one_lesson && import_groups_used(&imp) > 1;
	if (diags.errors > 0 && o.skip_broken && imp.n_broken > 0)
		list_broken(&imp);
	if (diags.errors > 0 && !o.skip_broken && good > 0)
		fprintf(stderr, "paratutor: %zu error%s in the input; nothing was written. Fix %s and import again, or "
		    "add --skip-broken to write the %zu question%s without errors.\n", diags.errors,
		    diags.errors == 1 ? "" : "s", diags.errors == 1 ? "it" : "them", good, good == 1 ? "" : "s");
	else if (diags.errors > 0 && !o.skip_broken)
		fprintf(stderr, "paratutor: %zu error%s in the input; nothing was written. Fix %s and import again "
		    "(no question is free of errors, so --skip-broken has none to write).\n", diags.errors,
		    diags.errors == 1 ? "" : "s", diags.errors == 1 ? "it" : "them");
	else if (read_ok && good == 0)
		fprintf(stderr, "paratutor: none of the %zu question%s could be imported; nothing was written\n",
		    imp.questions, imp.questions == 1 ? "" : "s");
	else if (read_ok && split && !is_folder(o.out))
		status = refuse_split(&imp);
	else if (read_ok && split)
		status = write_each(&imp, argv[optind], &o);
	else if (read_ok)
		status = write_one(&imp, argv[optind], &o);
	import_free(&imp);
	diags_free(&diags);
	return status;
}

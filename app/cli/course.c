/* course.c - `paratutor course`: the instructor's commands for a hosted
 * course folder (course.h, docs/course.md): init, add-learner,
 * add-learners, remove-learner, list, add-exam, lrs (setting or showing
 * course.json's "lrs" and "lrs_auth"); sync is in course_lrs.c. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/load/blueprint.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_course.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/cli/cli_lrs.h"
#include "paratutor/store/course.h"
#include "paratutor/base/fileio.h"

/* The absolute paths the forced command names (this program and DIR) and
 * the course's lock, held while an instructor command changes it. */
typedef struct cli_course_paths {
	char exe[PATH_MAX];
	char dir[PATH_MAX];
	int lock;
} cli_course_paths;

static void course_usage(FILE *fp)
{
	fputs("Usage: paratutor course init DIR [--title T] [--with-bundled]\n"
	      "       paratutor course add-learner DIR ID --key PUBKEY-FILE [--name N] [--email E]\n"
	      "       paratutor course add-learners DIR CSV-FILE\n"
	      "       paratutor course remove-learner DIR ID\n"
	      "       paratutor course list DIR\n"
	      "       paratutor course add-exam DIR NAME (--blueprint FILE | --lessons ID,...)\n"
	      "                 --count N --minutes M [--opens TIME] [--closes TIME]\n"
	      "                 [--attempts K] [--pass P] [--extra-minutes ID=M]...\n"
	      "                 [--results at-submit|after-close]\n"
	      "       paratutor course lrs DIR [--lrs URL [--lrs-auth FILE] | --off]\n"
	      "       paratutor course sync DIR [--learner ID]... [--background]\n"
	      "A course on one server: the course account owns the lessons, every\n"
	      "learner's records and the exams; learners reach the tutor over ssh, each\n"
	      "key forced to run 'paratutor --course DIR --learner ID'.\n"
	      "\n"
	      "  init            make DIR (course.json, lessons/, learners/, authorized_keys,\n"
	      "                  all private to this account) and print the sshd_config lines\n"
	      "  add-learner     put ID on the roster with the public key in PUBKEY-FILE\n"
	      "  add-learners    the same for each row of a CSV file: id,name,email,key\n"
	      "                  (all rows or none)\n"
	      "  remove-learner  take ID off the roster and out of authorized_keys (their\n"
	      "                  records stay in DIR/learners/ID)\n"
	      "  list            the roster with each learner's last activity, and the exams\n"
	      "  add-exam        an exam learners sit with: ssh HOST 'exam NAME'\n"
	      "  lrs             show, set or turn off the Learning Record Store (xAPI) that\n"
	      "                  hosted sessions send each result to in the background;\n"
	      "                  FILE holds key:secret, this account's, mode 0600\n"
	      "  sync            send what the LRS has not acknowledged yet, for every\n"
	      "                  learner or those named (for cron; safe to repeat);\n"
	      "                  --background is what hosted sessions run: 15 s at most,\n"
	      "                  and nothing when another send for the learner is waiting\n"
	      "\n"
	      "TIME is UTC: 2026-03-01T09:00Z or '2026-03-01 09:00'.  --attempts 0 allows\n"
	      "any number (default 1); --pass defaults to 70.  See docs/course.md.\n"
	      "\n"
	      "Exit status: 0 done, 1 it could not be done (nothing was changed), 2 bad\n"
	      "command line.\n", fp);
}

/* Finds the paths and takes the course's lock (one instructor command at
 * a time); false with a message. */
static bool open_course(const char *dir, cli_course_paths *cp)
{
	ssize_t n = readlink("/proc/self/exe", cp->exe, sizeof cp->exe - 1);
	cp->exe[n > 0 ? n : 0] = '\0';
	if (realpath(dir, cp->dir) == NULL) {
		fprintf(stderr, "paratutor course: %s: %s\n", dir, strerror(errno));
		return false;
	}
	if (!course_path_ok(cp->exe) || !course_path_ok(cp->dir)) {
		fprintf(stderr, "paratutor course: %s: the forced command can only name paths of letters, digits and "
		    "/ . _ + -; move the course or paratutor to such a path\n", course_path_ok(cp->exe) ? cp->dir : cp->exe);
		return false;
	}
	char lock[PATH_MAX + 32];
	snprintf(lock, sizeof lock, "%s/.course.lock", cp->dir);
	cp->lock = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (cp->lock < 0 || flock(cp->lock, LOCK_EX) != 0) {
		fprintf(stderr, "paratutor course: cannot lock %s: %s\n", lock, strerror(errno));
		if (cp->lock >= 0)
			close(cp->lock);
		return false;
	}
	return true;
}

/* Reads the course in dir under its lock (one instructor command at a
 * time); false after saying why. */
static bool cli_course_read(const char *dir, cli_course_paths *cp, pt_course *c)
{
	if (!open_course(dir, cp))
		return false;
	if (!cli_course_load(c, dir)) {
		close(cp->lock);
		return false;
	}
	return true;
}

/* Saves the course when change is true (the change to it worked), then
 * frees it and lets go of its lock; returns the exit status (0 saved, 1
 * not: nothing was changed). */
static int cli_course_save(pt_course *c, cli_course_paths *cp, bool change)
{
	char err[1024];
	bool ok = change && course_save(c, cp->exe, cp->dir, err, sizeof err);
	if (change && !ok)
		fprintf(stderr, "paratutor course: %s; nothing was changed\n", err);
	course_free(c);
	close(cp->lock);
	return ok ? CLI_OK : CLI_FAILED;
}

/* Copies the bundled lessons into lessons (a folder); false with a message. */
static bool copy_bundled(const char *lessons)
{
	pt_catalog cat = { 0 };
	cli_lesson_path lp = { 0 };
	bool found = cli_load_lessons(&cat, &lp, "paratutor course");
	cli_lesson_path_free(&lp);
	if (!found) {
		fputs("paratutor course: no bundled lessons found to copy (--with-bundled)\n", stderr);
		catalog_free(&cat);
		return false;
	}
	bool ok = true;
	for (size_t i = 0; ok && i < cat.n; i++) {
		if (cat.v[i].broken)
			continue;
		const char *base = strrchr(cat.v[i].path, '/');
		base = base != NULL ? base + 1 : cat.v[i].path;
		char to[2 * PATH_MAX + 2], err[PATH_MAX + 128];
		size_t len = 0;
		pt_read_error why;
		char *text = file_read(cat.v[i].path, 64u * 1024u * 1024u, &len, &why);
		snprintf(to, sizeof to, "%.4000s/%.255s", lessons, base);
		ok = text != NULL && file_replace(to, text, len, 0600, err, sizeof err);
		if (!ok)
			fprintf(stderr, "paratutor course: %s: %s\n", text != NULL ? to : cat.v[i].path,
			    text != NULL ? err : file_read_describe(&why));
		free(text);
	}
	catalog_free(&cat);
	return ok;
}

/* Checks, before init makes anything, that the forced command can name
 * the folder dir will be (its parent's real path and its own name) and
 * this program; false with a message. */
static bool init_path_ok(const char *dir)
{
	char exe[PATH_MAX], parent[PATH_MAX], abs[2 * PATH_MAX + 2];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = '\0';
	const char *slash = strrchr(dir, '/');
	const char *name = slash != NULL ? slash + 1 : dir;
	snprintf(parent, sizeof parent, "%.*s", slash == NULL ? 1 : slash == dir ? 1 : (int)(slash - dir),
	    slash == NULL ? "." : dir);
	char *real = realpath(parent, NULL);
	if (real == NULL)
		return true; /* mkdir says why, with what to do */
	snprintf(abs, sizeof abs, "%s/%s", strcmp(real, "/") == 0 ? "" : real, name);
	free(real);
	const char *wrong = !course_path_ok(exe) ? exe : !course_path_ok(abs) ? abs : NULL;
	if (wrong != NULL)
		fprintf(stderr, "paratutor course: %s: the forced command can only name paths of letters, digits and "
		    "/ . _ + -; choose such a path (nothing was made)\n", wrong);
	return wrong == NULL;
}

static int cmd_init(int argc, char **argv)
{
	const char *title = "A paratutor course";
	bool bundled = false;
	const cli_opt rows[] = {
		CLI_ROW("title", 0, CLI_TEXT, &title),
		CLI_ROW("with-bundled", 0, CLI_FLAG, &bundled),
		{ 0 }
	};
	int status = cli_read_options(argc, argv, rows, "paratutor course", NULL);
	if (status >= 0)
		return status;
	if (argc - optind != 1) {
		fputs("paratutor course: init takes one folder: paratutor course init DIR [--title T]\n", stderr);
		return CLI_USAGE;
	}
	const char *dir = argv[optind];
	if (!init_path_ok(dir))
		return CLI_FAILED;
	umask(077);
	if (mkdir(dir, 0700) != 0) {
		fprintf(stderr, "paratutor course: cannot make %s: %s%s\n", dir, strerror(errno),
		    errno == EEXIST ? " (a course is made in a new folder)" :
		    errno == ENOENT ? " (the folder it goes in must exist: make it first, e.g. with mkdir -p)" : "");
		return CLI_FAILED;
	}
	char lessons[PATH_MAX], learners[PATH_MAX];
	snprintf(lessons, sizeof lessons, "%s/lessons", dir);
	snprintf(learners, sizeof learners, "%s/learners", dir);
	cli_course_paths cp;
	pt_course c;
	bool ok = mkdir(lessons, 0700) == 0 && mkdir(learners, 0700) == 0;
	if (!ok)
		fprintf(stderr, "paratutor course: cannot make the folders in %s: %s\n", dir, strerror(errno));
	ok = ok && (!bundled || copy_bundled(lessons)) && open_course(dir, &cp);
	if (ok && !course_new(&c, dir, title, time(NULL))) {
		fputs("paratutor course: out of memory\n", stderr);
		ok = false;
	}
	if (ok && cli_course_save(&c, &cp, true) != CLI_OK)
		ok = false;
	if (!ok)
		return CLI_FAILED;
	printf("Made the course \"%s\" in %s.\n"
	       "\n"
	       "Run the course from an account of its own that owns this folder and nothing\n"
	       "else, e.g. (as root):\n"
	       "  adduser --disabled-password --gecos 'paratutor course' course\n"
	       "  chown -R course: %s\n"
	       "\n"
	       "Then add these lines to the end of /etc/ssh/sshd_config and reload sshd\n"
	       "(systemctl reload ssh):\n"
	       "  Match User course\n"
	       "      AuthorizedKeysFile %s/authorized_keys\n"
	       "      DisableForwarding yes\n"
	       "      PermitTTY yes\n"
	       "      AcceptEnv TERM LANG LC_* COLUMNS\n"
	       "\n"
	       "Add learners with: paratutor course add-learner %s ID --key ID.pub --name 'Full Name'\n",
	       title, cp.dir, cp.dir, cp.dir, cp.dir);
	if (bundled)
		printf("The bundled lessons are in %s/lessons; add the course's own there\n"
		       "(paratutor --check them first).\n", cp.dir);
	else
		printf("Put the course's lessons in %s/lessons (paratutor --check them first).\n", cp.dir);
	return CLI_OK;
}

/* Reads the public key in path into key; false with a message. */
static bool read_key(const char *path, char *key, size_t size)
{
	size_t len = 0;
	pt_read_error why;
	char err[256];
	char *text = file_read(path, PT_COURSE_KEY_MAX, &len, &why);
	if (text == NULL) {
		fprintf(stderr, "paratutor course: %s: %s\n", path, file_read_describe(&why));
		return false;
	}
	bool ok = strlen(text) == len && course_key_parse(text, len, key, size, err, sizeof err);
	if (!ok)
		fprintf(stderr, "paratutor course: %s: %s; nothing was changed\n", path,
		    strlen(text) != len ? "the key file holds a NUL byte" : err);
	free(text);
	return ok;
}

static int cmd_add_learner(int argc, char **argv)
{
	const char *keyfile = NULL, *name = "", *email = "";
	const cli_opt rows[] = {
		CLI_ROW("key", 0, CLI_TEXT, &keyfile),
		CLI_ROW("name", 0, CLI_TEXT, &name),
		CLI_ROW("email", 0, CLI_TEXT, &email),
		{ 0 }
	};
	int status = cli_read_options(argc, argv, rows, "paratutor course", NULL);
	if (status >= 0)
		return status;
	if (argc - optind != 2 || keyfile == NULL) {
		fputs("paratutor course: add-learner DIR ID --key PUBKEY-FILE [--name N] [--email E]\n", stderr);
		return CLI_USAGE;
	}
	char key[PT_COURSE_KEY_MAX], err[512];
	if (!read_key(keyfile, key, sizeof key))
		return CLI_FAILED;
	cli_course_paths cp;
	pt_course c;
	if (!cli_course_read(argv[optind], &cp, &c))
		return CLI_FAILED;
	bool ok = course_add_learner(&c, argv[optind + 1], name, email, key, time(NULL), err, sizeof err);
	if (!ok)
		fprintf(stderr, "paratutor course: %s; nothing was changed\n", err);
	status = cli_course_save(&c, &cp, ok);
	if (status == CLI_OK)
		printf("Added %s; they sign in with: ssh COURSE-ACCOUNT@HOST (add 'plain' for line mode)\n",
		    argv[optind + 1]);
	return status;
}

/* Splits the CSV line at *s into at most max fields (quotes as RFC 4180;
 * a quoted field may not span lines); returns the number, or -1. */
static int csv_fields(char *line, char **f, int max)
{
	int n = 0;
	char *s = line;
	for (;;) {
		if (n == max)
			return -1;
		char *out = s;
		f[n++] = out;
		if (*s == '"') {
			s++;
			for (;;) {
				if (*s == '\0')
					return -1;
				if (*s == '"' && s[1] == '"') {
					*out++ = '"';
					s += 2;
				} else if (*s == '"') {
					s++;
					break;
				} else {
					*out++ = *s++;
				}
			}
			if (*s != ',' && *s != '\0')
				return -1;
		} else {
			while (*s != ',' && *s != '\0')
				*out++ = *s++;
		}
		char end = *s;
		*out = '\0';
		if (end == '\0')
			return n;
		s++;
	}
}

static int cmd_add_learners(int argc, char **argv)
{
	if (argc != 3) {
		fputs("paratutor course: add-learners DIR CSV-FILE (rows: id,name,email,key)\n", stderr);
		return CLI_USAGE;
	}
	size_t len = 0;
	pt_read_error why;
	char *text = file_read(argv[2], PT_COURSE_MAX_BYTES, &len, &why);
	if (text == NULL) {
		fprintf(stderr, "paratutor course: %s: %s\n", argv[2], file_read_describe(&why));
		return CLI_FAILED;
	}
	cli_course_paths cp;
	pt_course c;
	if (!cli_course_read(argv[1], &cp, &c)) {
		free(text);
		return CLI_FAILED;
	}
	bool ok = strlen(text) == len;
	if (!ok)
		fprintf(stderr, "paratutor course: %s: the file holds a NUL byte; nothing was changed\n", argv[2]);
	size_t line_no = 0, added = 0;
	time_t now = time(NULL);
	for (char *line = text, *next; ok && line != NULL && *line != '\0'; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		line_no++;
		line[strcspn(line, "\r")] = '\0';
		char *f[4], key[PT_COURSE_KEY_MAX], err[512];
		if (line[0] == '\0' || line[0] == '#')
			continue;
		int n = csv_fields(line, f, 4);
		static const char *const columns[4] = { "id", "name", "email", "key" };
		int named = 0, in_place = 0; /* header words, and those in their column */
		for (int i = 0; line_no == 1 && i < n && n == 4; i++)
			for (int k = 0; k < 4; k++)
				if (strcasecmp(f[i], columns[k]) == 0) {
					named++;
					in_place += i == k;
				}
		if (in_place == 4)
			continue; /* the header, in any case */
		if (named >= 2) {
			snprintf(err, sizeof err, "a header row names the columns id,name,email,key, in that order");
			ok = false;
		} else if (n != 4) {
			snprintf(err, sizeof err, "a row needs four fields: id,name,email,key");
			ok = false;
		} else {
			ok = course_key_parse(f[3], strlen(f[3]), key, sizeof key, err, sizeof err) &&
			    course_add_learner(&c, f[0], f[1], f[2], key, now, err, sizeof err);
		}
		if (!ok)
			fprintf(stderr, "paratutor course: %s:%zu: %s; nothing was changed\n", argv[2], line_no, err);
		added += ok;
	}
	free(text);
	int status = cli_course_save(&c, &cp, ok);
	if (status == CLI_OK)
		printf("Added %zu learner%s.\n", added, added == 1 ? "" : "s");
	return status;
}

static int cmd_remove_learner(int argc, char **argv)
{
	if (argc != 3) {
		fputs("paratutor course: remove-learner DIR ID\n", stderr);
		return CLI_USAGE;
	}
	cli_course_paths cp;
	pt_course c;
	if (!cli_course_read(argv[1], &cp, &c))
		return CLI_FAILED;
	bool ok = course_remove_learner(&c, argv[2]);
	if (!ok)
		fprintf(stderr, "paratutor course: %.40s is not on the roster; 'paratutor course list %s' shows it\n",
		    argv[2], argv[1]);
	int status = cli_course_save(&c, &cp, ok);
	if (status == CLI_OK)
		printf("Removed %s from the roster and authorized_keys; their records stay in %s/learners/%s.\n",
		    argv[2], argv[1], argv[2]);
	return status;
}

static int cmd_list(int argc, char **argv)
{
	if (argc != 2) {
		fputs("Usage: paratutor course list DIR (the course folder 'paratutor course init DIR' made)\n", stderr);
		return CLI_USAGE;
	}
	pt_course c;
	if (!cli_course_load(&c, argv[1]))
		return CLI_FAILED;
	printf("%s: %zu learner%s\n", c.title, c.n_learners, c.n_learners == 1 ? "" : "s");
	if (c.lrs != NULL)
		printf("Results go to the LRS at %s\n", c.lrs);
	printf("%-20s %-28s %-28s %s\n", "id", "name", "e-mail", "last activity (UTC)");
	for (size_t i = 0; i < c.n_learners; i++) {
		const pt_course_learner *l = &c.learners[i];
		char path[PATH_MAX], when[40] = "never";
		struct stat st;
		snprintf(path, sizeof path, "%s/learners/%s/progress.json", argv[1], l->id);
		if (stat(path, &st) == 0)
			course_format_time(st.st_mtime, when, sizeof when);
		printf("%-20s %-28s %-28s %s\n", l->id, l->name[0] ? l->name : "-", l->email[0] ? l->email : "-", when);
	}
	for (size_t i = 0; i < c.n_exams; i++) {
		const pt_course_exam *ex = &c.exams[i];
		char opens[40] = "any time", closes[40] = "never";
		if (ex->opens != 0)
			course_format_time(ex->opens, opens, sizeof opens);
		if (ex->closes != 0)
			course_format_time(ex->closes, closes, sizeof closes);
		printf("%sexam %s: %zu item%s, %g minutes, pass %d%%, %u attempt%s%s, opens %s, closes %s%s\n",
		    i == 0 ? "\n" : "", ex->name, ex->count, ex->count == 1 ? "" : "s", ex->minutes, ex->pass, ex->attempts,
		    ex->attempts == 1 ? "" : "s", ex->attempts == 0 ? " (0: any number)" : "", opens, closes,
		    ex->results_after_close ? ", results once it closes" : "");
		for (size_t k = 0; k < ex->n_extra; k++)
			printf("%s%s +%g min%s", k == 0 ? "  extra time: " : ", ", ex->extra[k].learner, ex->extra[k].minutes,
			    k + 1 == ex->n_extra ? "\n" : "");
	}
	course_free(&c);
	return CLI_OK;
}

/* Returns true when the catalog (ctx) has a usable lesson with id. */
static bool lesson_known(const void *ctx, const char *id)
{
	const pt_entry *e = catalog_find((const pt_catalog *)ctx, id);
	return e != NULL && !e->broken;
}

/* --extra-minutes ID=MINUTES into the pt_course_exam to; false when it is
 * not that (or out of memory). */
static bool extra_arg(const char *arg, void *to)
{
	pt_course_exam *ex = to;
	const char *eq = strchr(arg, '=');
	double v;
	pt_course_extra *grown = realloc(ex->extra, (ex->n_extra + 1) * sizeof *grown);
	if (grown != NULL)
		ex->extra = grown;
	if (eq == NULL || grown == NULL || !cli_number(eq + 1, 0, 6000, &v))
		return false;
	ex->extra[ex->n_extra].minutes = v;
	ex->extra[ex->n_extra++].learner = strndup(arg, (size_t)(eq - arg));
	return true;
}

/* A time, for --opens and --closes, into the time_t to. */
static bool time_arg(const char *arg, void *to)
{
	return course_parse_time(arg, to);
}

/* Fills ex from the options; returns -1 to go on, else an exit status. */
static int exam_options(int argc, char **argv, pt_course_exam *ex, const char **blueprint, const char **lessons)
{
	static const char *const results[] = { "at-submit", "after-close", NULL };
	static const char when[] = "a time is UTC, like 2026-03-01T09:00Z or '2026-03-01 09:00'";
	double count = 0, attempts = 1, pass = 70;
	int after = 0;
	const cli_opt rows[] = {
		CLI_ROW("blueprint", 0, CLI_TEXT, blueprint),
		CLI_ROW("lessons", 0, CLI_TEXT, lessons),
		{ "count", 0, CLI_COUNT, &count, "--count takes a number of items from 1 to 1000", .lo = 1, .hi = 1000 },
		{ "minutes", 0, CLI_NUMBER, &ex->minutes, "--minutes takes a time above 0 and up to 6000 minutes",
		    .lo = 0.01, .hi = 6000 },
		{ "opens", 0, CLI_CALL, &ex->opens, when, .call = time_arg },
		{ "closes", 0, CLI_CALL, &ex->closes, when, .call = time_arg },
		{ "attempts", 0, CLI_COUNT, &attempts, "--attempts takes a whole number from 0 (any number) to 1000",
		    .hi = 1000 },
		{ "pass", 0, CLI_COUNT, &pass, "--pass takes a percentage from 0 to 100", .hi = 100 },
		{ "extra-minutes", 0, CLI_CALL, ex, "--extra-minutes takes ID=MINUTES, like alice=15", .call = extra_arg },
		{ "results", 0, CLI_WORD, &after, "--results takes at-submit or after-close", .words = results },
		{ 0 }
	};
	int status = cli_read_options(argc, argv, rows, "paratutor course", NULL);
	ex->count = (size_t)count;
	ex->attempts = (unsigned)attempts;
	ex->pass = (int)pass;
	ex->results_after_close = after == 1;
	if (status >= 0)
		return status;
	if (ex->results_after_close && ex->closes == 0) {
		fputs("paratutor course: --results after-close needs --closes: the results come out after it\n", stderr);
		return CLI_USAGE;
	}
	if (argc - optind != 2 || ex->count == 0 || ex->minutes <= 0 || (*blueprint == NULL) == (*lessons == NULL)) {
		fputs("paratutor course: add-exam DIR NAME (--blueprint FILE | --lessons ID,...) --count N --minutes M\n",
		    stderr);
		return CLI_USAGE;
	}
	return -1;
}

/* Takes the lessons of the exam from the blueprint file or the list, each
 * checked against the course's lessons (cat); false with a message. */
static bool exam_lessons(pt_course_exam *ex, const char *blueprint, const char *lessons, const pt_catalog *cat)
{
	if (blueprint != NULL) {
		pt_blueprint bp;
		pt_diags d = { 0 };
		bool ok = blueprint_load(&bp, blueprint, &d);
		if (ok)
			blueprint_check_ids(&bp, lesson_known, cat, NULL, 0, &d);
		ok = d.errors == 0;
		ex->share_lessons = calloc(bp.n + 1, sizeof *ex->share_lessons);
		ex->shares = calloc(bp.n + 1, sizeof *ex->shares);
		for (size_t i = 0; ok && i < bp.n && ex->shares != NULL && ex->share_lessons != NULL; i++) {
			ex->share_lessons[i] = strdup(bp.v[i].lesson);
			ex->shares[i] = bp.v[i].percent;
			ex->n_shares++;
		}
		diags_print(&d, stderr);
		diags_free(&d);
		blueprint_free(&bp);
		return ok && ex->n_shares > 0;
	}
	char *copy = strdup(lessons);
	bool ok = copy != NULL;
	for (char *id = copy != NULL ? strtok(copy, ",") : NULL; ok && id != NULL; id = strtok(NULL, ",")) {
		char **grown = realloc(ex->lessons, (ex->n_lessons + 1) * sizeof *grown);
		if (grown == NULL)
			break;
		ex->lessons = grown;
		ex->lessons[ex->n_lessons++] = strdup(id);
		if (!lesson_known(cat, id)) {
			fprintf(stderr, "paratutor course: the course has no usable lesson '%.60s' (its lessons/ folder "
			    "is checked)\n", id);
			ok = false;
		}
	}
	free(copy);
	return ok && ex->n_lessons > 0;
}

/* Refuses an exam asking for more items than its lessons (in cat) hold,
 * as the paper would have fewer than every listing promises; false with
 * a message. */
static bool exam_count_ok(const pt_course_exam *ex, const pt_catalog *cat)
{
	size_t n_ids = ex->n_shares > 0 ? ex->n_shares : ex->n_lessons, held = 0;
	for (size_t i = 0; i < n_ids; i++) {
		const pt_entry *e = catalog_find(cat, ex->n_shares > 0 ? ex->share_lessons[i] : ex->lessons[i]);
		if (e != NULL && e->info != NULL)
			held += e->info->n_items;
	}
	if (ex->count <= held)
		return true;
	fprintf(stderr, "paratutor course: --count %zu asks for more items than the exam's lessons hold (%zu item%s); "
	    "give --count %zu or fewer, or more lessons; nothing was changed\n", ex->count, held,
	    held == 1 ? "" : "s", held);
	return false;
}

static int cmd_add_exam(int argc, char **argv)
{
	pt_course_exam ex;
	memset(&ex, 0, sizeof ex);
	const char *blueprint = NULL, *lessons = NULL;
	int status = exam_options(argc, argv, &ex, &blueprint, &lessons);
	const char *dir = optind < argc ? argv[optind] : "";
	ex.name = strdup(optind + 1 < argc ? argv[optind + 1] : "");
	char path[PATH_MAX], err[512];
	snprintf(path, sizeof path, "%s/lessons", dir);
	cli_lesson_path lp = { 0 };
	cli_lessons_arg(&lp, path, true, "paratutor course"); /* the course's own lessons only */
	pt_catalog cat = { 0 };
	if (status < 0 && !cli_load_lessons(&cat, &lp, "paratutor course")) {
		fprintf(stderr, "paratutor course: no lessons in %s: put the course's lessons there first\n", path);
		status = CLI_FAILED;
	}
	if (status < 0 && (!exam_lessons(&ex, blueprint, lessons, &cat) || !exam_count_ok(&ex, &cat)))
		status = CLI_FAILED;
	catalog_free(&cat);
	cli_lesson_path_free(&lp);
	cli_course_paths cp;
	pt_course c;
	if (status < 0 && !cli_course_read(dir, &cp, &c))
		status = CLI_FAILED;
	if (status >= 0) {
		course_exam_free(&ex);
		return status;
	}
	char name[PT_COURSE_EXAM_NAME_MAX + 1];
	snprintf(name, sizeof name, "%s", ex.name);
	bool ok = course_add_exam(&c, &ex, err, sizeof err);
	if (!ok)
		fprintf(stderr, "paratutor course: %s; nothing was changed\n", err);
	status = cli_course_save(&c, &cp, ok);
	if (status == CLI_OK)
		printf("Added the exam %s; learners sit it with: ssh COURSE-ACCOUNT@HOST 'exam %s'\n", name, name);
	return status;
}

/* Shows the course's LRS and how its results are sent. */
static void show_lrs(const pt_course *c, const char *dir)
{
	char auth[PATH_MAX];
	if (c->lrs == NULL) {
		printf("No LRS: hosted sessions send no statements.  Set one with:\n"
		       "  paratutor course lrs %s --lrs URL --lrs-auth FILE\n", dir);
		return;
	}
	printf("LRS: %s\nCredentials: %s\n", c->lrs, course_lrs_auth_path(c, auth, sizeof auth) ? auth : "none");
	printf("Each result a learner records is sent in the background; what could not be\n"
	       "sent goes with their next result or: paratutor course sync %s\n", dir);
}

/* `paratutor course lrs DIR [--lrs URL [--lrs-auth FILE] | --off]`,
 * argv[0] being "lrs"; returns the exit status. */
static int cli_course_lrs(int argc, char **argv)
{
	const char *url = NULL, *auth = NULL;
	bool off = false;
	const cli_opt rows[] = {
		CLI_ROW("lrs", 0, CLI_TEXT, &url),
		CLI_ROW("lrs-auth", 0, CLI_TEXT, &auth),
		CLI_ROW("off", 0, CLI_FLAG, &off),
		{ 0 }
	};
	int status = cli_read_options(argc, argv, rows, "paratutor course", NULL);
	if (status >= 0)
		return status;
	if (argc - optind != 1 || (off && (url != NULL || auth != NULL)) || (auth != NULL && url == NULL)) {
		fputs("paratutor course: lrs DIR [--lrs URL [--lrs-auth FILE] | --off]\n", stderr);
		return CLI_USAGE;
	}
	const char *dir = argv[optind];
	pt_course c;
	char err[1024], abs_auth[PATH_MAX] = "";
	if (url == NULL && !off) {
		if (!cli_course_load(&c, dir))
			return CLI_FAILED;
		show_lrs(&c, dir);
		course_free(&c);
		return CLI_OK;
	}
	if (url != NULL) {
		/* The address as `paratutor sync` takes it, and the credentials
		 * file as a send will read it: this account's, private to it. */
		if (auth != NULL && realpath(auth, abs_auth) == NULL) {
			fprintf(stderr, "paratutor course: %s: %s; nothing was changed\n", auth, strerror(errno));
			return CLI_FAILED;
		}
		cli_lrs *l = course_lrs_ok(url, false, err, sizeof err) &&
		    (auth == NULL || course_lrs_ok(abs_auth, true, err, sizeof err)) ?
		    cli_lrs_open(url, auth != NULL ? abs_auth : NULL, err, sizeof err) : NULL;
		if (l == NULL) {
			fprintf(stderr, "paratutor course: %s; nothing was changed\n", err);
			return CLI_FAILED;
		}
		cli_lrs_close(l);
	}
	cli_course_paths cp;
	if (!cli_course_read(dir, &cp, &c))
		return CLI_FAILED;
	free(c.lrs);
	free(c.lrs_auth);
	c.lrs = url != NULL ? strdup(url) : NULL;
	c.lrs_auth = auth != NULL ? strdup(abs_auth) : NULL;
	bool ok = (url == NULL || c.lrs != NULL) && (auth == NULL || c.lrs_auth != NULL);
	if (!ok)
		fputs("paratutor course: out of memory; nothing was changed\n", stderr);
	status = cli_course_save(&c, &cp, ok);
	if (status == CLI_OK && off)
		printf("Hosted sessions of %s send no statements from now on.\n", dir);
	else if (status == CLI_OK)
		printf("Hosted sessions of %s send each result to %s from now on.\n", dir, url);
	return status;
}

int cli_course(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		course_usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? CLI_USAGE : CLI_OK;
	}
	static const struct {
		const char *name;
		int (*run)(int argc, char **argv);
	} commands[] = {
		{ "init", cmd_init }, { "add-learner", cmd_add_learner }, { "add-learners", cmd_add_learners },
		{ "remove-learner", cmd_remove_learner }, { "list", cmd_list }, { "add-exam", cmd_add_exam },
		{ "lrs", cli_course_lrs }, { "sync", cli_course_sync },
	};
	const char *cmd = argv[1];
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(cmd, commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "paratutor course: no command '%.40s'; try 'paratutor course --help'\n", cmd);
	return CLI_USAGE;
}

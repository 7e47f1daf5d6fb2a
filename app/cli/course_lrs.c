/* course_lrs.c - a hosted course's Learning Record Store (cli_course.h):
 * `paratutor course sync` sends learners' statements the LRS has not
 * acknowledged (what the course lead's cron runs); and a hosted session
 * starts that send in the background after each recorded result, in a
 * detached process the learner's screen never waits on.
 *
 * The address and the credentials come only from course.json, which only
 * the course account writes: never from the learner's environment, a
 * configuration file or the lessons.  Each learner's acknowledged ids are
 * kept beside their store (progress.json.lrs-sent, as `paratutor sync`
 * keeps them); DIR/learners/ID/lrs.lock lets one send for a learner run at
 * a time, and lrs.wait lets at most one more wait for it: a background
 * send that finds another waiting leaves the work to that one, which reads
 * the store only once it holds the lock, so no result is left behind.
 *
 * cli_course_load, which every course command reads its folder with, is
 * here too: course.c's command table lists sync, so this file may not
 * call back into that one. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cJSON.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_course.h"
#include "paratutor/cli/cli_lrs.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/cli/cli_sync.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/report/xapi.h"

/* How long a background send may take, in seconds: the learner never
 * waits on it, but a stuck LRS should not keep a process for long. */
#define BACKGROUND_SECONDS 15L

/* Returns false for a statement of a course exam whose results are not out
 * yet ("results": "after-close"): the exam's own, or one with it as parent.
 * It is sent once they are, so the LRS (and a gradebook fed from it) never
 * shows a score before the learner may see it. */
static bool released(const void *statement, void *ctx)
{
	const pt_course *c = ctx;
	const cJSON *st = statement;
	const cJSON *obj = cJSON_GetObjectItemCaseSensitive(st, "object");
	const cJSON *acts = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(st, "context"),
	    "contextActivities");
	const cJSON *parents = cJSON_GetObjectItemCaseSensitive(acts, "parent"), *p;
	time_t now = ui_now();
	for (size_t i = 0; i < c->n_exams; i++) {
		const pt_course_exam *ex = &c->exams[i];
		if (!ex->results_after_close || now >= course_exam_release(ex))
			continue;
		char iri[128];
		snprintf(iri, sizeof iri, "%sexams/%s", PT_XAPI_DEFAULT_BASE, ex->name);
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(obj, "id"));
		if (id != NULL && strcmp(id, iri) == 0)
			return false;
		cJSON_ArrayForEach(p, parents) {
			id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p, "id"));
			if (id != NULL && strcmp(id, iri) == 0)
				return false;
		}
	}
	return true;
}

/* Opens DIR/learners/ID/NAME as a lock file; -1 when it cannot be. */
static int open_lock(const char *learner_dir, const char *name)
{
	char path[PATH_MAX + 16];
	snprintf(path, sizeof path, "%s/%s", learner_dir, name);
	return open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
}

/* Sends learner id's unsent statements; returns the exit status. */
static int sync_learner(const pt_course *c, const char *id, const pt_catalog *cat, bool background)
{
	char learner_dir[PATH_MAX], store[PATH_MAX + 16], auth[PATH_MAX];
	snprintf(learner_dir, sizeof learner_dir, "%s/learners/%s", c->dir, id);
	snprintf(store, sizeof store, "%s/progress.json", learner_dir);
	if (access(store, F_OK) != 0) {
		printf("%s: nothing recorded yet\n", id);
		return CLI_OK;
	}
	int wait_fd = background ? open_lock(learner_dir, "lrs.wait") : -1;
	int lock_fd = open_lock(learner_dir, "lrs.lock");
	if (lock_fd < 0 || (background && wait_fd < 0)) {
		fprintf(stderr, "paratutor course: %s: cannot lock its LRS sends: %s\n", learner_dir, strerror(errno));
		if (wait_fd >= 0)
			close(wait_fd);
		if (lock_fd >= 0)
			close(lock_fd);
		return CLI_FAILED;
	}
	int status = CLI_OK;
	if (!background || flock(wait_fd, LOCK_EX | LOCK_NB) == 0) {
		/* Another send waiting already reads the store after us: it
		 * carries this result, so only the first waiter goes on. */
		flock(lock_fd, LOCK_EX);
		if (background)
			flock(wait_fd, LOCK_UN);
		cli_sync_job job = { c->lrs, course_lrs_auth_path(c, auth, sizeof auth) ? auth : NULL, store, cat,
			{ NULL, c->lrs, id, NULL }, 50, background ? BACKGROUND_SECONDS : 0, released, (void *)c,
			ui_now(), false };
		printf("%s: ", id);
		fflush(stdout);
		status = cli_sync_store(&job);
	}
	if (wait_fd >= 0)
		close(wait_fd);
	close(lock_fd);
	return status;
}

/* The learners --learner named. */
typedef struct learners {
	const char **v;
	size_t n;
} learners;

/* --learner ID into the learners to (room for every word of argv). */
static bool learner_arg(const char *arg, void *to)
{
	learners *l = to;
	l->v[l->n++] = arg;
	return true;
}

bool cli_course_load(pt_course *c, const char *dir)
{
	char err[1024], path[PATH_MAX];
	struct stat st;
	if (course_read(c, dir, err, sizeof err))
		return true;
	snprintf(path, sizeof path, "%s/course.json", dir);
	if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && lstat(path, &st) != 0 && errno == ENOENT)
		fprintf(stderr, "paratutor course: %s is not a course folder (it has no course.json); make a course "
		    "with: paratutor course init NEW-DIR\n", dir);
	else
		fprintf(stderr, "paratutor course: %s\n", err);
	return false;
}

int cli_course_sync(int argc, char **argv)
{
	learners only = { calloc((size_t)argc + 1, sizeof *only.v), 0 };
	bool background = false;
	const cli_opt rows[] = {
		{ "learner", 0, CLI_CALL, &only, .call = learner_arg },
		CLI_ROW("background", 0, CLI_FLAG, &background),
		{ 0 }
	};
	int status = only.v != NULL ? cli_read_options(argc, argv, rows, "paratutor course", NULL) : -1;
	if (status >= 0) {
		free(only.v);
		return status;
	}
	if (only.v == NULL || argc - optind != 1) {
		fputs("paratutor course: sync DIR [--learner ID]... [--background]\n", stderr);
		free(only.v);
		return CLI_USAGE;
	}
	const char *dir = argv[optind];
	pt_course c;
	if (!cli_course_load(&c, dir)) {
		free(only.v);
		return CLI_FAILED;
	}
	status = CLI_OK;
	for (size_t i = 0; i < only.n; i++)
		if (course_learner(&c, only.v[i]) == NULL) {
			fprintf(stderr, "paratutor course: %.40s is not on the roster; nothing was sent\n", only.v[i]);
			status = CLI_USAGE;
		}
	if (status == CLI_OK && c.lrs == NULL) {
		fprintf(stderr, "paratutor course: the course has no LRS; set one with: paratutor course lrs %s --lrs URL "
		    "--lrs-auth FILE\n", dir);
		status = CLI_FAILED;
	}
	char lessons[PATH_MAX], cache[PATH_MAX];
	snprintf(lessons, sizeof lessons, "%s/lessons", dir);
	snprintf(cache, sizeof cache, "%s/cache", dir);
	pt_catalog cat = { 0 };
	const char *why = NULL;
	if (status == CLI_OK) {
		course_declare_concepts(&c, &cat.tags);
		cli_use_index(&cat, cache, false);
		if (!catalog_add_path(&cat, lessons, false, &why) || cat.n == 0) {
			fprintf(stderr, "paratutor course: no lessons in %s; nothing was sent\n", lessons);
			status = CLI_FAILED;
		} else {
			catalog_load_all(&cat);
		}
	}
	for (size_t i = 0; status != CLI_USAGE && cat.n > 0 && i < (only.n > 0 ? only.n : c.n_learners); i++) {
		int st = sync_learner(&c, only.n > 0 ? only.v[i] : c.learners[i].id, &cat, background);
		if (st != CLI_OK)
			status = st;
	}
	catalog_free(&cat);
	course_free(&c);
	free(only.v);
	return status;
}

static char push_dir[PATH_MAX], push_learner[PT_COURSE_ID_MAX + 1];

void cli_course_push_arm(const char *dir, const char *learner)
{
	snprintf(push_dir, sizeof push_dir, "%s", dir);
	snprintf(push_learner, sizeof push_learner, "%s", learner);
}

/* Starts `course sync DIR --learner ID --background` detached: a double
 * fork (the middle process exits at once, so nothing is left to wait
 * for), a session of its own, no terminal, /dev/null for its input and
 * output, and no descriptor of the tutor's (the session lock above all). */
static void push(void *ctx)
{
	(void)ctx;
	pid_t pid = fork();
	if (pid < 0)
		return; /* the next result, or the course's sync, sends it */
	if (pid > 0) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return;
	}
	if (setsid() < 0 || fork() != 0)
		_exit(0);
	int null = open("/dev/null", O_RDWR);
	if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
		_exit(1);
	long max = sysconf(_SC_OPEN_MAX);
	for (int fd = 3; fd < (max > 0 && max < 65536 ? max : 65536); fd++)
		close(fd);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	char *args[] = { "paratutor", "course", "sync", push_dir, "--learner", push_learner, "--background", NULL };
	execv("/proc/self/exe", args);
	_exit(127);
}

void cli_course_push_attach(pt_track *t)
{
	if (push_dir[0] == '\0')
		return;
	t->on_result = push;
	t->on_result_ctx = NULL;
}

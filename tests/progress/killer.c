/* killer.c - crash and concurrency tests of the progress store.
 *
 *   killer kill DIR ROUNDS SEED
 *       ROUNDS times: fork a child that loops recording a check, adding a
 *       second of time, setting the position and saving, and that writes
 *       each check's sequence number to a pipe once progress_save()
 *       returned; SIGKILL it after a random delay (in nine rounds of ten
 *       counted from its first reported save); then open the store and
 *       require that it loads (nothing moved aside), holds every reported
 *       check, and counts every saved second exactly once.
 *
 *   killer race DIR N
 *       Two processes each record their own ten items N times in turn,
 *       both adding a second to one shared item each time and saving after
 *       each check; at the end every item of both is there and the shared
 *       time is exactly 2N.
 *
 * Prints "PASS name" or "FAIL name: why" lines (and "# " notes) for
 * tests/progress/run.sh to count. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/load/load.h"
#include "paratutor/store/progress.h"
#include "paratutor/load/validate.h"

#define T0 ((time_t)1700000000)
#define KILL_ITEMS 8
#define RACE_OWN 10
#define MAX_DELAY_US 25000

/* Prints a verdict line and counts a failure in the caller's `failed`. */
#define VERDICT(ok, name, ...)                       \
	do {                                         \
		if (ok) {                            \
			printf("PASS %s\n", name);   \
		} else {                             \
			printf("FAIL %s: ", name);   \
			printf(__VA_ARGS__);         \
			printf("\n");                \
			failed++;                    \
		}                                    \
	} while (0)

/* Builds a lesson of n choice items with ids PREFIX0..PREFIXn-1 (and a
 * "shared" item when shared is set). */
static pt_lesson *make_lesson(const char *id, const char *const *prefixes, size_t n_prefixes,
    int n, bool shared)
{
	size_t cap = 1 << 16, len = 0;
	char *json = malloc(cap);
	if (json == NULL)
		return NULL;
	len += (size_t)snprintf(json + len, cap - len,
	    "{\"format\":1,\"id\":\"%s\",\"title\":\"t\",\"summary\":\"s\",\"attempts\":3,\"items\":[", id);
	const char *item =
	    "{\"id\":\"%s%d\",\"kind\":\"choice\",\"difficulty\":\"easy\",\"prompt\":\"p\","
	    "\"options\":[{\"text\":\"W\",\"feedback\":\"f\"},{\"text\":\"R\",\"correct\":true}],"
	    "\"hints\":[\"h\"],\"explanation\":\"e\"}";
	bool first = true;
	for (size_t p = 0; p < n_prefixes; p++)
		for (int i = 0; i < n; i++) {
			if (!first)
				json[len++] = ',';
			first = false;
			len += (size_t)snprintf(json + len, cap - len, item, prefixes[p], i);
		}
	if (shared) {
		len += (size_t)snprintf(json + len, cap - len, ",");
		len += (size_t)snprintf(json + len, cap - len, item, "shared", 0);
	}
	len += (size_t)snprintf(json + len, cap - len, "]}");
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("killer.json", json, len, &d);
	if (l != NULL)
		validate_lesson(l, &d);
	if (l == NULL || d.errors > 0) {
		diags_print(&d, stderr);
		lesson_free(l);
		l = NULL;
	}
	diags_free(&d);
	free(json);
	return l;
}

/* Records a right-first-time check of item at now and saves. */
static bool check_and_save(pt_progress *p, const pt_lesson *l, const pt_item *item,
    const pt_item *shared, time_t now, char *err, size_t errlen)
{
	pt_grade g;
	grade_init(&g, item);
	if (grade_pick(&g, 1) != PT_GRADE_OK || grade_check(&g) != PT_GRADE_OK || g.status != PT_SOLVED) {
		snprintf(err, errlen, "grading failed");
		return false;
	}
	if (!progress_record_item(p, l, item, &g, now) || !progress_add_time(p, l, item, 1, now) ||
	    (shared != NULL && !progress_add_time(p, l, shared, 1, now)) ||
	    !progress_set_position(p, l->id.s, item->id.s)) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	return progress_save(p, err, errlen);
}

/* A tiny deterministic generator (xorshift64). */
static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Counts leftover temporary files of the store in dir. */
static int count_temps(const char *dir)
{
	int n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d != NULL && (e = readdir(d)) != NULL)
		n += strncmp(e->d_name, "progress.json.tmp-", 18) == 0;
	if (d != NULL)
		closedir(d);
	return n;
}

/* The child of one kill round: never returns. */
static void kill_child(const char *path, const pt_lesson *l, int64_t start, int fd)
{
	pt_open_report rep;
	pt_progress *p = progress_open(path, T0, &rep);
	int64_t bad = -1;
	if (p == NULL || rep.memory_only || rep.moved_to[0] != '\0') {
		if (write(fd, &bad, sizeof bad) < 0)
			_exit(5);
		_exit(3);
	}
	char err[1024];
	for (int64_t seq = start;; seq++) {
		const pt_item *item = &l->items[seq % KILL_ITEMS];
		if (!check_and_save(p, l, item, NULL, T0 + (time_t)seq, err, sizeof err)) {
			fprintf(stderr, "killer: child: %s\n", err);
			bad = -2;
			if (write(fd, &bad, sizeof bad) < 0)
				_exit(5);
			_exit(4);
		}
		if (write(fd, &seq, sizeof seq) != sizeof seq)
			_exit(5);
	}
}

/* Runs the kill test; returns the number of failed checks. */
static int run_kill(const char *dir, int rounds, uint64_t seed)
{
	static const char *const prefixes[] = { "i" };
	pt_lesson *l = make_lesson("kill", prefixes, 1, KILL_ITEMS, false);
	if (l == NULL) {
		printf("FAIL kill: cannot build the test lesson\n");
		return 1;
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/progress.json", dir);
	uint64_t rng = seed * 2654435761u + 88172645463325252ull;
	int64_t persisted = 0, reported_total = 0;
	int load_fail = 0, lost = 0, time_wrong = 0, pos_wrong = 0, child_err = 0, mid_write = 0, not_killed = 0;
	int waited = 0, grew = 0;
	char first_problem[sizeof ((pt_open_report *)0)->message + 128] = "";
	struct timespec ts0, ts1;
	clock_gettime(CLOCK_MONOTONIC, &ts0);

	for (int round = 0; round < rounds; round++) {
		int fds[2];
		if (pipe(fds) != 0) {
			perror("pipe");
			return 1;
		}
		fflush(stdout);
		pid_t pid = fork();
		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (pid == 0) {
			close(fds[0]);
			kill_child(path, l, persisted + 1, fds[1]);
		}
		close(fds[1]);
		/* Most rounds kill only after the child has reported a completed
		 * save (a blocking read of the pipe), then at a random moment of
		 * the following saves; so every such round has a save to keep,
		 * however slow the machine.  Every tenth round kills at a random
		 * moment from the start, often while the store is opening. */
		int64_t v, max_reported = persisted;
		int64_t reported[4096];
		size_t n_reported = 0;
		bool have_first = false;
		if (round % 10 != 0) {
			have_first = read(fds[0], &v, sizeof v) == sizeof v;
			if (!have_first)
				child_err++;
			else
				waited++;
		}
		useconds_t delay = (useconds_t)(next_rand(&rng) % MAX_DELAY_US);
		if (round % 10 == 0)
			delay /= 20;
		usleep(delay);
		kill(pid, SIGKILL);
		int status;
		waitpid(pid, &status, 0);
		if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
			not_killed++;

		while (have_first || read(fds[0], &v, sizeof v) == sizeof v) {
			have_first = false;
			if (v < 0) {
				child_err++;
				if (first_problem[0] == '\0')
					snprintf(first_problem, sizeof first_problem, "round %d: child %s", round,
					    v == -1 ? "found the store damaged or unwritable" : "failed to save");
				continue;
			}
			if (n_reported < sizeof reported / sizeof reported[0])
				reported[n_reported++] = v;
			if (v > max_reported)
				max_reported = v;
		}
		close(fds[0]);
		reported_total += (int64_t)n_reported;
		mid_write += count_temps(dir) > 0;

		pt_open_report rep;
		pt_progress *p = progress_open(path, T0, &rep);
		if (p == NULL || rep.memory_only || rep.moved_to[0] != '\0') {
			load_fail++;
			if (first_problem[0] == '\0')
				snprintf(first_problem, sizeof first_problem, "round %d: store did not load: %s", round,
				    rep.message);
			progress_close(p);
			continue;
		}
		size_t n;
		const pt_record *recs = progress_records(p, &n);
		int64_t now_persisted = 0, total_time = 0;
		for (size_t i = 0; i < n; i++) {
			if (recs[i].last_seen - T0 > now_persisted)
				now_persisted = recs[i].last_seen - T0;
			total_time += recs[i].time_spent;
		}
		for (size_t i = 0; i < n_reported; i++) {
			char id[32];
			snprintf(id, sizeof id, "i%d", (int)(reported[i] % KILL_ITEMS));
			const pt_record *r = progress_find(p, "kill", id);
			if (r == NULL || r->last_seen < T0 + reported[i] || r->outcome != PT_OUTCOME_FIRST_TIME) {
				lost++;
				if (first_problem[0] == '\0')
					snprintf(first_problem, sizeof first_problem, "round %d: check %lld lost", round,
					    (long long)reported[i]);
			}
		}
		if (now_persisted < max_reported) {
			lost++;
			if (first_problem[0] == '\0')
				snprintf(first_problem, sizeof first_problem, "round %d: store ends at check %lld, %lld reported",
				    round, (long long)now_persisted, (long long)max_reported);
		}
		if (total_time != now_persisted) {
			time_wrong++;
			if (first_problem[0] == '\0')
				snprintf(first_problem, sizeof first_problem, "round %d: %lld s recorded for %lld checks", round,
				    (long long)total_time, (long long)now_persisted);
		}
		if (now_persisted > 0) {
			char id[32];
			snprintf(id, sizeof id, "i%d", (int)(now_persisted % KILL_ITEMS));
			const char *pos = progress_position(p, "kill");
			if (pos == NULL || strcmp(pos, id) != 0)
				pos_wrong++;
		}
		if (now_persisted > persisted)
			grew++;
		persisted = now_persisted;
		progress_close(p);
	}
	clock_gettime(CLOCK_MONOTONIC, &ts1);
	double secs = (double)(ts1.tv_sec - ts0.tv_sec) + (double)(ts1.tv_nsec - ts0.tv_nsec) / 1e9;
	printf("# kill: %d rounds in %.1f s; %lld checks saved in all, %lld reported; %d kills left a half-written temporary file\n",
	    rounds, secs, (long long)persisted, (long long)reported_total, mid_write);
	if (first_problem[0] != '\0')
		printf("# kill: first problem: %s\n", first_problem);
	int failed = 0;
	VERDICT(not_killed == 0 && child_err == 0, "kill: children ran until killed",
	    "%d not killed, %d reported errors", not_killed, child_err);
	VERDICT(load_fail == 0, "kill: store loads after every kill", "%d of %d rounds failed", load_fail, rounds);
	VERDICT(lost == 0 && persisted > 0, "kill: no reported check lost", "%d lost (%lld saved)", lost,
	    (long long)persisted);
	/* Each round that waited for a reported save has one more check in
	 * the store than the round before it had. */
	VERDICT(grew >= waited, "kill: every round killed after a save kept it", "%d of %d rounds grew the store",
	    grew, waited);
	VERDICT(time_wrong == 0, "kill: time counted exactly once", "%d rounds wrong", time_wrong);
	VERDICT(pos_wrong == 0, "kill: position saved with the last check", "%d rounds wrong", pos_wrong);
	lesson_free(l);
	return failed;
}

/* One racing process: waits until gate closes, then races; never
 * returns. */
static void race_child(const char *path, const pt_lesson *l, int which, int n, int gate)
{
	char c;
	while (read(gate, &c, 1) > 0)
		;
	close(gate);
	pt_open_report rep;
	pt_progress *p = progress_open(path, T0, &rep);
	if (p == NULL || rep.memory_only) {
		fprintf(stderr, "killer: race %d: %s\n", which, rep.message);
		exit(3);
	}
	const pt_item *shared = &l->items[2 * RACE_OWN];
	char err[1024];
	int code = 0;
	for (int i = 0; i < n; i++) {
		const pt_item *item = &l->items[which * RACE_OWN + i % RACE_OWN];
		if (!check_and_save(p, l, item, shared, T0 + i, err, sizeof err)) {
			fprintf(stderr, "killer: race %d: save %d: %s\n", which, i, err);
			code = 4;
			break;
		}
	}
	progress_close(p);
	exit(code);
}

/* Runs the two-process test; returns the number of failed checks. */
static int run_race(const char *dir, int n)
{
	static const char *const prefixes[] = { "a", "b" };
	pt_lesson *l = make_lesson("race", prefixes, 2, RACE_OWN, true);
	if (l == NULL) {
		printf("FAIL race: cannot build the test lesson\n");
		return 1;
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/progress.json", dir);
	struct timespec ts0, ts1;
	clock_gettime(CLOCK_MONOTONIC, &ts0);
	fflush(stdout);
	int gate[2];
	if (pipe(gate) != 0) {
		perror("pipe");
		return 1;
	}
	pid_t pids[2];
	for (int w = 0; w < 2; w++) {
		pids[w] = fork();
		if (pids[w] < 0) {
			perror("fork");
			return 1;
		}
		if (pids[w] == 0) {
			close(gate[1]);
			race_child(path, l, w, n, gate[0]);
		}
	}
	close(gate[0]);
	close(gate[1]); /* both start together */
	int exits_ok = 0;
	for (int w = 0; w < 2; w++) {
		int status;
		waitpid(pids[w], &status, 0);
		exits_ok += WIFEXITED(status) && WEXITSTATUS(status) == 0;
	}
	clock_gettime(CLOCK_MONOTONIC, &ts1);
	double secs = (double)(ts1.tv_sec - ts0.tv_sec) + (double)(ts1.tv_nsec - ts0.tv_nsec) / 1e9;
	printf("# race: 2 processes x %d checked saves in %.1f s\n", n, secs);

	int failed = 0, missing = 0, wrong_time = 0;
	pt_open_report rep;
	pt_progress *p = progress_open(path, T0, &rep);
	bool loaded = p != NULL && rep.loaded && !rep.memory_only && rep.moved_to[0] == '\0';
	long shared_time = -1;
	if (loaded) {
		for (int i = 0; i < 2 * RACE_OWN; i++) {
			const pt_item *item = &l->items[i];
			const pt_record *r = progress_find(p, "race", item->id.s);
			if (r == NULL || r->outcome != PT_OUTCOME_FIRST_TIME) {
				missing++;
				continue;
			}
			int expect = n / RACE_OWN + (i % RACE_OWN < n % RACE_OWN);
			if (r->time_spent != expect)
				wrong_time++;
		}
		const pt_record *r = progress_find(p, "race", "shared0");
		shared_time = r != NULL ? r->time_spent : -1;
	}
	VERDICT(exits_ok == 2, "race: both processes saved every check", "%d of 2 succeeded", exits_ok);
	VERDICT(loaded, "race: store loads", "%s", p != NULL ? rep.message : "out of memory");
	VERDICT(loaded && missing == 0, "race: every item of both processes present", "%d of %d missing", missing,
	    2 * RACE_OWN);
	VERDICT(loaded && wrong_time == 0, "race: per-item time exact", "%d items wrong", wrong_time);
	VERDICT(shared_time == 2L * n, "race: shared item time is the sum of both", "%ld s, want %d", shared_time, 2 * n);
	progress_close(p);
	lesson_free(l);
	return failed;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 5 && strcmp(argv[1], "kill") == 0) {
		if (mkdir(argv[2], 0700) != 0 && errno != EEXIST) {
			perror(argv[2]);
			return 2;
		}
		return run_kill(argv[2], atoi(argv[3]), strtoull(argv[4], NULL, 10)) == 0 ? 0 : 1;
	}
	if (argc == 4 && strcmp(argv[1], "race") == 0) {
		if (mkdir(argv[2], 0700) != 0 && errno != EEXIST) {
			perror(argv[2]);
			return 2;
		}
		return run_race(argv[2], atoi(argv[3])) == 0 ? 0 : 1;
	}
	fprintf(stderr, "usage: killer kill DIR ROUNDS SEED | killer race DIR N\n");
	return 2;
}

/* bench_pty.c - paratutor's menu through a pseudo-terminal, side by side
 * with `whiptail --menu` and a minimal ncurses menu (minimal_menu.c)
 * showing the same lesson titles.
 *
 * Usage: bench_pty PARATUTOR MINIMAL_MENU LESSON_DIR [RUNS [LIBRARY_DIR]]
 *
 * With LIBRARY_DIR (bench_library's 1,000 lessons), paratutor's first
 * frame on it is timed too, for a first start and for a learner with one
 * answer recorded (whose menu works out what to study next); and
 * paratutor --no-cache on both, to show what the lesson index saves.  The index lives in a cache directory of the
 * bench's own, written by one start before any is timed.
 *
 * Each program runs in its own 80x24 pty with TERM=xterm-256color, a
 * UTF-8 locale and a fresh XDG_STATE_HOME; the bench is the terminal: it
 * reads everything the program writes and types keys as xterm would
 * (arrows as ESC [ B, or ESC O B once the program turned on application
 * cursor keys).  Per run it measures
 *   - time to first frame: from fork to the read that completes the
 *     program's marker, the last text of its first frame (timed too in
 *     EXTRA_STARTS more starts a run that end there, as it varies most);
 *   - CPU time (utime + stime from /proc/PID/stat, and the scheduler's
 *     nanoseconds from /proc/PID/schedstat) and bytes written while idle;
 *   - bytes written per option move: Down until the last lesson, then Up
 *     back to the first, one key at a time, each counted until the output
 *     has been quiet for QUIET_MS;
 *   - for paratutor, bytes written by a check: open the first lesson, fill
 *     its first blank, press Enter;
 *   - peak RSS (VmHWM from /proc/PID/status) before quitting.
 * The programs take turns, RUNS rounds of them; the table shows medians.
 * Misses of the targets are reported, not failed: the exit status is
 * non-zero only when a measurement could not be taken.
 *
 * With BENCH_PTY_DUMP=DIR set, the first run of each program leaves its
 * raw output in DIR/NAME.out and the bytes of each move and of the check
 * in DIR/NAME.move-N and DIR/NAME.check, to see what is sent. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* forkpty, mkdtemp */
#endif
#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "paratutor/catalog/catalog.h"

#define ROWS 24
#define COLS 80
#define MAX_TITLES 10
#define DEFAULT_RUNS 5
#define EXTRA_STARTS 11     /* per run: starts timed to the first frame only */
#define MAX_RUNS 64
#ifndef IDLE_MS
#define IDLE_MS 3000
#endif
#define QUIET_MS 100        /* no output for this long: the program is done */
#define SETTLE_MS 300       /* quiet wanted after the first frame */
#define FIRST_FRAME_MS 10000 /* deadlines: past them the measurement fails */
#define REPLY_MS 5000
#define EXIT_MS 3000
#define MOVE_TARGET 30.0
#define FRAME_FACTOR 1.2         /* bundled lessons: first frame against the minimal menu */
#define LIBRARY_FRAME_FACTOR 2.0 /* 1,000 lessons */
/* A store with one answer, right first time, to the library's first item. */
#define ANSWERED_STORE \
	"{ \"format\": 1, \"lessons\": { \"lib-0000\": { \"position\": \"item-1\", \"items\": { \"item-0\": {" \
	" \"hash\": \"f01792c375bba017\", \"key_hash\": \"54930fc066069505\", \"outcome\": \"first_time\"," \
	" \"attempts\": 1, \"hints\": 0, \"wrong\": [], \"first_seen\": 1796654353, \"last_seen\": 1796654353," \
	" \"pass_start\": 1796654353, \"time_spent\": 0, \"box\": 1, \"due\": 1796827153," \
	" \"scheduled_at\": 1796654353, \"stability\": 2.3065, \"difficulty\": 2.11810397 } } } } }\n"

/* One program under test. */
typedef struct program {
	const char *name;
	char **argv;
	const char *marker; /* the last text of its first frame */
	const char *quit;   /* keys that make it exit */
	bool check;         /* measure the bytes of a check too */
	bool frame_only;    /* only the first frame is timed */
	bool answered;      /* the store holds one answer: to lib-0000's first item */
} program;

/* What one run measured. */
typedef struct sample {
	double first_ms;
	double idle_ticks, idle_us, idle_bytes;
	double move_bytes, move_max; /* mean and largest over the moves */
	double check_bytes;
	double hwm_kib;
} sample;

/* A program running on a pty. */
typedef struct pty_run {
	int fd;
	pid_t pid;
	char *out; /* everything read from it */
	size_t len, cap;
	bool app_cursor; /* DECCKM set: the arrows send ESC O x */
	bool gone;       /* the pty reported end of file */
} pty_run;

static const char *dump_dir;
static char cache_dir[] = "/tmp/paratutor-bench-cache-XXXXXX"; /* XDG_CACHE_HOME of every program */

/* Returns monotonic time in milliseconds. */
static double now_ms(void)
{
	return bench_now_s() * 1e3;
}

/* Returns the first occurrence of needle in the n bytes at hay, or NULL. */
static const char *find(const char *hay, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; k <= n && i <= n - k; i++)
		if (memcmp(hay + i, needle, k) == 0)
			return hay + i;
	return NULL;
}

/* Follows DECCKM (ESC [ ? 1 h / l, possibly among other modes) in the
 * bytes from offset on. */
static void track_modes(pty_run *r, size_t from)
{
	for (size_t i = from; i + 3 < r->len; i++) {
		if (r->out[i] != '\033' || r->out[i + 1] != '[' || r->out[i + 2] != '?')
			continue;
		size_t j = i + 3;
		bool one = false;
		long param = 0;
		for (; j < r->len && ((r->out[j] >= '0' && r->out[j] <= '9') || r->out[j] == ';'); j++) {
			if (r->out[j] == ';') {
				one = one || param == 1;
				param = 0;
			} else {
				param = param * 10 + (r->out[j] - '0');
			}
		}
		one = one || param == 1;
		if (j < r->len && one && (r->out[j] == 'h' || r->out[j] == 'l'))
			r->app_cursor = r->out[j] == 'h';
	}
}

/* Waits up to wait_ms for output and reads what is there.  Returns the
 * number of bytes read, 0 when none came, -1 at end of file. */
static long read_some(pty_run *r, int wait_ms)
{
	if (r->gone)
		return -1;
	struct pollfd pfd = { r->fd, POLLIN, 0 };
	int rc = poll(&pfd, 1, wait_ms < 0 ? 0 : wait_ms);
	if (rc < 0)
		return errno == EINTR ? 0 : -1;
	if (rc == 0)
		return 0;
	if (r->cap - r->len < 65536) {
		size_t cap = r->cap * 2 + 65536;
		char *out = realloc(r->out, cap);
		if (out == NULL) {
			fputs("bench_pty: out of memory\n", stderr);
			exit(1);
		}
		r->out = out;
		r->cap = cap;
	}
	ssize_t n = read(r->fd, r->out + r->len, r->cap - r->len);
	if (n <= 0) { /* EIO once the program closed the pty */
		if (n < 0 && errno == EINTR)
			return 0;
		r->gone = true;
		return -1;
	}
	size_t from = r->len > 8 ? r->len - 8 : 0;
	r->len += (size_t)n;
	track_modes(r, from);
	return (long)n;
}

/* Reads until the output has been quiet for quiet_ms; returns the bytes
 * read, or -1 when it did not go quiet within limit_ms or the program
 * ended. */
static long read_until_quiet(pty_run *r, int quiet_ms, int limit_ms)
{
	double start = now_ms(), last = start;
	long total = 0;
	for (;;) {
		double t = now_ms();
		if (t - last >= quiet_ms)
			return total;
		if (t - start > limit_ms)
			return -1;
		long n = read_some(r, (int)(quiet_ms - (t - last)) + 1);
		if (n < 0)
			return -1;
		if (n > 0) {
			total += n;
			last = now_ms();
		}
	}
}

/* Types keys into the pty. */
static bool send_keys(pty_run *r, const char *keys)
{
	size_t len = strlen(keys);
	return write(r->fd, keys, len) == (ssize_t)len;
}

/* Types the Down or Up arrow as xterm does in the program's mode. */
static bool send_arrow(pty_run *r, char dir)
{
	char keys[4] = { '\033', r->app_cursor ? 'O' : '[', dir, '\0' };
	return send_keys(r, keys);
}

/* Reads utime + stime (clock ticks) of pid; -1 when unreadable. */
static long cpu_ticks(pid_t pid)
{
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	FILE *fp = fopen(path, "r");
	if (fp == NULL)
		return -1;
	size_t n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	char *p = strrchr(buf, ')'); /* the command name may hold spaces */
	unsigned long utime, stime;
	if (p == NULL || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
	    &utime, &stime) != 2)
		return -1;
	return (long)(utime + stime);
}

/* Reads the scheduler's run time of pid in nanoseconds; -1 when the
 * kernel does not have it. */
static double cpu_ns(pid_t pid)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)pid);
	FILE *fp = fopen(path, "r");
	if (fp == NULL)
		return -1;
	unsigned long long ns;
	int got = fscanf(fp, "%llu", &ns);
	fclose(fp);
	return got == 1 ? (double)ns : -1;
}

/* Reads VmHWM of pid in KiB; -1 when unreadable. */
static double peak_rss_kib(pid_t pid)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
	FILE *fp = fopen(path, "r");
	if (fp == NULL)
		return -1;
	double kib = -1;
	while (fgets(line, sizeof line, fp) != NULL)
		if (sscanf(line, "VmHWM: %lf kB", &kib) == 1)
			break;
	fclose(fp);
	return kib;
}

/* Writes n bytes to DIR/NAME.SUFFIX when dumping. */
static void dump(const char *name, const char *suffix, const char *bytes, size_t n)
{
	if (dump_dir == NULL)
		return;
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.%s", dump_dir, name, suffix);
	FILE *fp = fopen(path, "wb");
	if (fp == NULL)
		return;
	fwrite(bytes, 1, n, fp);
	fclose(fp);
}

/* Starts p on a fresh 80x24 pty with its own state directory. */
static bool start(pty_run *r, const program *p, const char *state_dir)
{
	struct winsize ws = { .ws_row = ROWS, .ws_col = COLS };
	memset(r, 0, sizeof *r);
	r->pid = forkpty(&r->fd, NULL, NULL, &ws);
	if (r->pid < 0) {
		perror("bench_pty: forkpty");
		return false;
	}
	if (r->pid == 0) {
		setenv("TERM", "xterm-256color", 1);
		setenv("LANG", "C.UTF-8", 1);
		setenv("LC_ALL", "C.UTF-8", 1);
		/* An empty progress store, so the menu comes first (a learner's
		 * very first start opens the introduction instead). */
		char store[4200];
		snprintf(store, sizeof store, "%s/paratutor", state_dir);
		mkdir(store, 0700);
		snprintf(store, sizeof store, "%s/paratutor/progress.json", state_dir);
		FILE *fp = fopen(store, "w");
		if (fp != NULL) {
			fputs(p->answered ? ANSWERED_STORE : "{ \"format\": 1, \"lessons\": {} }\n", fp);
			fclose(fp);
		}
		setenv("XDG_STATE_HOME", state_dir, 1);
		setenv("XDG_CACHE_HOME", cache_dir, 1);
		unsetenv("PARATUTOR_NO_CACHE");
		unsetenv("LINES"); /* curses would take these over the pty's size */
		unsetenv("COLUMNS");
		unsetenv("NO_COLOR");
		unsetenv("NEWT_COLORS");
		execvp(p->argv[0], p->argv);
		fprintf(stderr, "bench_pty: cannot run %s: %s\n", p->argv[0], strerror(errno));
		_exit(127);
	}
	return true;
}

/* Ends the program: its quit keys, then SIGTERM, then SIGKILL. */
static void finish(pty_run *r, const program *p)
{
	send_keys(r, p->quit);
	int status;
	double deadline = now_ms() + EXIT_MS;
	for (int sig = SIGTERM;; sig = SIGKILL) {
		while (waitpid(r->pid, &status, WNOHANG) == 0) {
			if (now_ms() > deadline)
				break;
			if (read_some(r, 20) < 0) /* drain, or it may block writing */
				usleep(10000);
		}
		if (waitpid(r->pid, &status, WNOHANG) != 0)
			break;
		kill(r->pid, sig);
		deadline = now_ms() + EXIT_MS;
		if (sig == SIGKILL) {
			waitpid(r->pid, &status, 0);
			break;
		}
	}
	close(r->fd);
	free(r->out);
}

/* Removes a directory tree made by the bench. */
static void remove_tree(const char *dir)
{
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "bench_pty: could not remove %s\n", dir);
}

/* Says why a measurement failed; returns false. */
static bool failed(const program *p, const char *what)
{
	fprintf(stderr, "bench_pty: %s: %s\n", p->name, what);
	return false;
}

/* Reads until the program's marker has been written; returns the time
 * from t0 to that read in ms, or -1. */
static double first_frame(pty_run *r, const program *p, double t0)
{
	for (;;) {
		if (find(r->out, r->len, p->marker) != NULL)
			return now_ms() - t0;
		if (now_ms() - t0 > FIRST_FRAME_MS || read_some(r, 50) < 0)
			return -1;
	}
}

/* Starts p, times its first frame into *ms and kills it. */
static bool quick_start(const program *p, double *ms)
{
	char state_dir[] = "/tmp/paratutor-bench-pty-XXXXXX";
	if (mkdtemp(state_dir) == NULL) {
		perror("bench_pty: mkdtemp");
		return false;
	}
	pty_run r;
	double t0 = now_ms();
	bool ok = start(&r, p, state_dir);
	if (ok) {
		*ms = first_frame(&r, p, t0);
		ok = *ms >= 0 || failed(p, "the first frame never showed its marker");
		kill(r.pid, SIGKILL);
		waitpid(r.pid, NULL, 0);
		close(r.fd);
		free(r.out);
	}
	remove_tree(state_dir);
	return ok;
}

/* Measures one run of p with n_items menu entries into *s. */
static bool measure_run(const program *p, size_t n_items, bool first_run, sample *s)
{
	char state_dir[] = "/tmp/paratutor-bench-pty-XXXXXX";
	if (mkdtemp(state_dir) == NULL) {
		perror("bench_pty: mkdtemp");
		return false;
	}
	memset(s, 0, sizeof *s);
	pty_run r;
	double t0 = now_ms();
	if (!start(&r, p, state_dir)) {
		remove_tree(state_dir);
		return false;
	}
	bool ok = false;
	const char *why = NULL;

	/* Time to first frame. */
	s->first_ms = first_frame(&r, p, t0);
	if (s->first_ms < 0) {
		why = "the first frame never showed its marker";
		goto out;
	}
	if (read_until_quiet(&r, SETTLE_MS, REPLY_MS) < 0) {
		why = "the first frame did not settle";
		goto out;
	}
	if (first_run)
		dump(p->name, "out", r.out, r.len);

	/* Idle: nothing typed for IDLE_MS. */
	long ticks0 = cpu_ticks(r.pid);
	double ns0 = cpu_ns(r.pid);
	size_t len0 = r.len;
	double idle_end = now_ms() + IDLE_MS;
	while (now_ms() < idle_end)
		if (read_some(&r, (int)(idle_end - now_ms()) + 1) < 0)
			break;
	long ticks1 = cpu_ticks(r.pid);
	double ns1 = cpu_ns(r.pid);
	if (ticks0 < 0 || ticks1 < 0 || r.gone) {
		why = r.gone ? "it exited while idle" : "cannot read its CPU time";
		goto out;
	}
	s->idle_ticks = (double)(ticks1 - ticks0);
	s->idle_us = ns0 >= 0 && ns1 >= 0 ? (ns1 - ns0) / 1e3 : -1;
	s->idle_bytes = (double)(r.len - len0);

	/* Option moves: Down to the last entry, Up back to the first. */
	size_t moves = 2 * (n_items - 1);
	double total = 0;
	for (size_t m = 0; m < moves; m++) {
		if (!send_arrow(&r, m < n_items - 1 ? 'B' : 'A')) {
			why = "cannot type an arrow key";
			goto out;
		}
		size_t before = r.len;
		long n = read_until_quiet(&r, QUIET_MS, REPLY_MS);
		if (n <= 0) { /* a move that changes nothing was not understood */
			why = n < 0 ? "no quiet after an option move" : "an arrow key changed nothing";
			goto out;
		}
		if (first_run) {
			char suffix[32];
			snprintf(suffix, sizeof suffix, "move-%02zu", m + 1);
			dump(p->name, suffix, r.out + before, r.len - before);
		}
		total += (double)n;
		if ((double)n > s->move_max)
			s->move_max = (double)n;
	}
	s->move_bytes = total / (double)moves;

	/* A check: open the first lesson, fill a blank, Enter. */
	if (p->check) {
		if (!send_keys(&r, "\r") || read_until_quiet(&r, QUIET_MS, REPLY_MS) < 0 ||
		    !send_keys(&r, "a") || read_until_quiet(&r, QUIET_MS, REPLY_MS) < 0 ||
		    !send_keys(&r, "\r")) {
			why = "cannot open the lesson and fill a blank";
			goto out;
		}
		size_t before = r.len;
		long n = read_until_quiet(&r, QUIET_MS, REPLY_MS);
		if (n <= 0 || find(r.out + before, r.len - before, "Wrong") == NULL) {
			why = "the check did not show \"Wrong\"";
			goto out;
		}
		if (first_run)
			dump(p->name, "check", r.out + before, r.len - before);
		s->check_bytes = (double)n;
	}

	s->hwm_kib = peak_rss_kib(r.pid);
	if (s->hwm_kib < 0) {
		why = "cannot read its peak RSS";
		goto out;
	}
	ok = true;
out:
	finish(&r, p);
	remove_tree(state_dir);
	return ok || failed(p, why);
}

/* Returns the median of field (a byte offset into sample) over n runs. */
static double median(const sample *v, size_t n, size_t field)
{
	double xs[MAX_RUNS];
	for (size_t i = 0; i < n; i++)
		memcpy(&xs[i], (const char *)&v[i] + field, sizeof xs[i]);
	return bench_median(xs, n);
}

/* Returns the largest value of field over n runs. */
static double largest(const sample *v, size_t n, size_t field)
{
	double best = 0;
	for (size_t i = 0; i < n; i++) {
		double x;
		memcpy(&x, (const char *)&v[i] + field, sizeof x);
		best = i == 0 || x > best ? x : best;
	}
	return best;
}

#define MEDIAN(v, n, f) median(v, n, offsetof(sample, f))
#define LARGEST(v, n, f) largest(v, n, offsetof(sample, f))

static const char *verdict(bool meets)
{
	return meets ? "meets" : "MISSES";
}

int main(int argc, char **argv)
{
	if (argc < 4 || argc > 6) {
		fputs("usage: bench_pty PARATUTOR MINIMAL_MENU LESSON_DIR [RUNS [LIBRARY_DIR]]\n", stderr);
		return 2;
	}
	int runs = argc >= 5 ? atoi(argv[4]) : DEFAULT_RUNS;
	const char *library = argc == 6 ? argv[5] : NULL;
	if (runs < 1 || runs > MAX_RUNS) {
		fprintf(stderr, "bench_pty: RUNS must be 1 to %d\n", MAX_RUNS);
		return 2;
	}
	dump_dir = getenv("BENCH_PTY_DUMP");
	if (dump_dir != NULL && dump_dir[0] == '\0')
		dump_dir = NULL;
	signal(SIGPIPE, SIG_IGN);

	/* The lesson titles, in menu order, for the two other menus. */
	pt_catalog cat = { 0 };
	const char *why = NULL;
	if (!catalog_add_path(&cat, argv[3], false, &why)) {
		fprintf(stderr, "bench_pty: %s: %s\n", argv[3], why);
		return 1;
	}
	size_t n_titles = 0;
	char *titles[MAX_TITLES];
	for (size_t i = 0; i < cat.n && n_titles < MAX_TITLES; i++)
		if (cat.v[i].lesson != NULL && cat.v[i].lesson->title.s != NULL)
			titles[n_titles++] = cat.v[i].lesson->title.s;
	if (n_titles < 2) {
		fprintf(stderr, "bench_pty: %s: need at least two lessons\n", argv[3]);
		return 1;
	}

	if (mkdtemp(cache_dir) == NULL) {
		perror("bench_pty: mkdtemp");
		return 1;
	}
	/* --no-shuffle: the check types A, which is wrong in the written order. */
	char *tutor_argv[] = { argv[1], "--no-shuffle", "--only-lessons", argv[3], NULL };
	char *tutor_nc_argv[] = { argv[1], "--no-shuffle", "--no-cache", "--only-lessons", argv[3], NULL };
	char *library_argv[] = { argv[1], "--no-shuffle", "--only-lessons", (char *)library, NULL };
	char *library_nc_argv[] = { argv[1], "--no-shuffle", "--no-cache", "--only-lessons", (char *)library, NULL };
	char *minimal_argv[MAX_TITLES + 2] = { argv[2] };
	char *whiptail_argv[8 + 2 * MAX_TITLES + 1] = {
		"whiptail", "--title", "paratutor: lessons", "--menu", "Choose a lesson", "24", "80", "",
	};
	char tags[MAX_TITLES][24], height[24];
	snprintf(height, sizeof height, "%zu", n_titles);
	whiptail_argv[7] = height;
	for (size_t i = 0; i < n_titles; i++) {
		minimal_argv[i + 1] = titles[i];
		snprintf(tags[i], sizeof tags[i], "%zu", i + 1);
		whiptail_argv[8 + 2 * i] = tags[i];
		whiptail_argv[9 + 2 * i] = titles[i];
	}
	/* Markers: the last text each program draws in its first frame
	 * (paratutor: the key bar's last label; whiptail: the Cancel button;
	 * the minimal menu: its footer).  Quit keys: paratutor is left on the
	 * checked item, where q goes back to the menu and a second q quits;
	 * whiptail cancels on Esc. */
	program programs[] = {
		{ "paratutor", tutor_argv, "quit", "qq", true, false, false },
		{ "whiptail", whiptail_argv, "<Cancel>", "\033", false, false, false },
		{ "minimal-ncurses", minimal_argv, "q: quit", "q", false, false, false },
		{ "paratutor --no-cache", tutor_nc_argv, "quit", "q", false, true, false },
		{ "paratutor, 1000 lessons", library_argv, "quit", "q", false, true, false },
		{ "... --no-cache", library_nc_argv, "quit", "q", false, true, false },
		{ "... one answer recorded", library_argv, "quit", "q", false, true, true },
	};
	enum { N_FULL = 3 };
	const size_t N_PROGRAMS = library != NULL ? 7 : 4;
	/* The index is written by a first start of each directory. */
	double warm_ms;
	if (!quick_start(&programs[0], &warm_ms) || (library != NULL && !quick_start(&programs[4], &warm_ms)))
		return 1;

	/* Each round: one full run of each program, then EXTRA_STARTS more
	 * starts of each timed to the first frame, for a steadier median. */
	static sample samples[N_FULL][MAX_RUNS];
	static double frames[7][MAX_RUNS * (1 + EXTRA_STARTS)];
	size_t n_frames = 0;
	bool ok = true;
	for (int run = 0; run < runs && ok; run++) {
		for (size_t k = 0; k < N_PROGRAMS && ok; k++) {
			if (programs[k].frame_only) {
				ok = quick_start(&programs[k], &frames[k][n_frames]);
				continue;
			}
			ok = measure_run(&programs[k], n_titles, run == 0, &samples[k][run]);
			frames[k][n_frames] = samples[k][run].first_ms;
		}
		n_frames++;
		for (int extra = 0; extra < EXTRA_STARTS && ok; extra++, n_frames++)
			for (size_t k = 0; k < N_PROGRAMS && ok; k++)
				ok = quick_start(&programs[k], &frames[k][n_frames]);
	}
	catalog_free(&cat);
	remove_tree(cache_dir);
	if (!ok)
		return 1;
	/* Each start beside the others of its turn, before the sorting below. */
	double to_minimal = bench_paired_ratio(frames[0], frames[2], n_frames);
	double to_whiptail = bench_paired_ratio(frames[0], frames[1], n_frames);
	double library_to_minimal = library != NULL ? bench_paired_ratio(frames[4], frames[2], n_frames) : 0;
	double first_median[7], first_min[7];
	for (size_t k = 0; k < N_PROGRAMS; k++) {
		first_median[k] = bench_median(frames[k], n_frames);
		first_min[k] = frames[k][0]; /* sorted by bench_median */
	}

	size_t n = (size_t)runs, moves = 2 * (n_titles - 1);
	printf("Through a pty, %dx%d, TERM=xterm-256color: median of %d runs each, the programs taking turns\n"
	    "(1st frame: %zu starts each; moves: Down %zu times then Up %zu times, one key at a time, each\n"
	    "counted until %d ms of quiet; idle: %d s with no key; check: open lesson 1, fill blank 1, Enter)\n\n",
	    COLS, ROWS, runs, n_frames, n_titles - 1, n_titles - 1, QUIET_MS, IDLE_MS / 1000);
	printf("| %-16s | %15s | %10s | %8s | %11s | %10s | %11s | %10s | %8s |\n", "program",
	    "1st frame ms", "bytes/move", "max move", "bytes/check", "idle ticks", "idle CPU us",
	    "idle bytes", "peak MiB");
	printf("|------------------|-----------------|------------|----------|-------------|------------|-------------|------------|----------|\n");
	for (size_t k = 0; k < N_FULL; k++) {
		const sample *v = samples[k];
		char check[32] = "-", first[32];
		if (programs[k].check)
			snprintf(check, sizeof check, "%.0f", MEDIAN(v, n, check_bytes));
		snprintf(first, sizeof first, "%.1f (%.1f)", first_median[k], first_min[k]);
		printf("| %-16s | %15s | %10.1f | %8.0f | %11s | %10.0f | %11.0f | %10.0f | %8.2f |\n",
		    programs[k].name, first, MEDIAN(v, n, move_bytes), LARGEST(v, n, move_max), check,
		    LARGEST(v, n, idle_ticks), LARGEST(v, n, idle_us), LARGEST(v, n, idle_bytes),
		    MEDIAN(v, n, hwm_kib) / 1024.0);
	}
	printf("(medians; 1st frame also the fastest start in brackets; max move and idle: the largest\n"
	    " of the runs; %zu moves a run; idle ticks are utime + stime at %ld a second, idle CPU us from\n"
	    " /proc/PID/schedstat)\n\n", moves, sysconf(_SC_CLK_TCK));

	const sample *pt = samples[0];
	double first = first_median[0], first_wt = first_median[1], first_mn = first_median[2];
	double move = MEDIAN(pt, n, move_bytes), idle = LARGEST(pt, n, idle_ticks);
	printf("First frame only (%zu starts each, in the same rounds; the lesson index warm):\n\n", n_frames);
	printf("| %-26s | %15s | %17s |\n", "program", "1st frame ms", "x minimal ncurses");
	printf("|----------------------------|-----------------|-------------------|\n");
	for (size_t k = 0; k < N_PROGRAMS; k++)
		if (programs[k].frame_only || k == 0 || k == 2)
			printf("| %-26s | %7.1f (%5.1f) | %17.2f |\n", programs[k].name, first_median[k], first_min[k],
			    first_median[k] / first_mn);
	printf("\n");

	printf("Targets for paratutor:\n");
	printf("  first frame <= %.1fx minimal ncurses (%.1f ms -> %.1f ms): %.1f ms (%.2fx)  %s\n",
	    FRAME_FACTOR, first_mn, FRAME_FACTOR * first_mn, first, first / first_mn,
	    verdict(first <= FRAME_FACTOR * first_mn));
	if (library != NULL)
		printf("  first frame with 1000 lessons <= %.1fx minimal ncurses (%.1f ms): %.1f ms (%.2fx)  %s\n",
		    LIBRARY_FRAME_FACTOR, LIBRARY_FRAME_FACTOR * first_mn, first_median[4], first_median[4] / first_mn,
		    verdict(first_median[4] <= LIBRARY_FRAME_FACTOR * first_mn));
	if (library != NULL)
		printf("  the same, one answer recorded <= %.1fx minimal ncurses (%.1f ms): %.1f ms (%.2fx)  %s\n",
		    LIBRARY_FRAME_FACTOR, LIBRARY_FRAME_FACTOR * first_mn, first_median[6], first_median[6] / first_mn,
		    verdict(first_median[6] <= LIBRARY_FRAME_FACTOR * first_mn));
	printf("  first frame faster than whiptail (%.1f ms): %.1f ms  %s\n", first_wt, first,
	    verdict(first < first_wt));
	printf("  at most %.0f bytes per option move: %.1f  %s\n", MOVE_TARGET, move,
	    verdict(move <= MOVE_TARGET));
	printf("  zero CPU while idle %d s: %.0f ticks  %s\n\n", IDLE_MS / 1000, idle, verdict(idle == 0));

	bench_recorded_heading();
	bench_recorded("first frame / bare ncurses menu", first, first_mn, to_minimal, 4.7, 3.8);
	bench_recorded("first frame / whiptail", first, first_wt, to_whiptail, 4.7, 4.5);
	if (library != NULL)
		bench_recorded("1,000-lesson start / bare ncurses", first_median[4], first_mn, library_to_minimal, 2, 1);
	return 0;
}

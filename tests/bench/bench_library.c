/* bench_library.c - a department's library: generates 1,000 lessons of
 * 10 items (about 30 MB) and one lesson of about 300 KB under OUT-DIR,
 * then measures, each beside its peer in the same run:
 *   - `paratutor --check` of the library (a fresh process per run) against
 *     python3 json.load of the same files (target: at least 2x Python);
 *   - opening the 300 KB lesson from the index: a fresh process reads the
 *     index, then loads and validates that one lesson (catalog_lesson), as
 *     the tutor does when it is opened from the menu (target: 10 ms).
 * Usage: bench_library PARATUTOR OUT-DIR
 *
 * The files are generated with a fixed pattern and kept between runs: they
 * are written again only when the directory lacks this generator's stamp.
 * Misses of the targets are reported, not failed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/catalog/catalog.h"

#define STAMP "bench_library v2"
#define N_LESSONS 1000
#define ITEMS_PER_LESSON 10
#define BIG_ITEMS 100 /* the lesson opened from the menu: about 300 KB */
#define RUNS 7        /* per side, taking turns; the median counts */
#define CHECK_TARGET 2.0
#define OPEN_TARGET_MS 10.0

/* Returns monotonic time in seconds. */
static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Sentences that make up the long texts, picked by a rolling index. */
static const char *const sentences[] = {
	"Data parallelism keeps a full replica of the model on every device and splits each step's samples between them.",
	"After the backward pass the replicas average their gradients with an all-reduce, so every copy takes the same step.",
	"Model parallelism cuts the network itself: layers, or parts of layers, live on different devices.",
	"A pipeline keeps every stage busy only when enough micro-steps are in flight; otherwise the bubble dominates.",
	"Tensor parallelism splits one matrix multiplication by columns or rows and pays an all-reduce per layer.",
	"Sharded optimisers keep one slice of the optimiser state per rank and gather the parameters they need just in time.",
	"The ring all-reduce sends 2(n-1)/n times the buffer per rank, whatever the number of ranks.",
	"Mixed precision stores a master copy of the weights in fp32 while the matmuls run in bf16 or fp16.",
	"Activation checkpointing trades memory for compute: activations are recomputed in the backward pass.",
	"An elastic launcher restarts the workers from the last checkpoint when a node disappears.",
};
#define N_SENTENCES (sizeof sentences / sizeof sentences[0])

/* Writes a JSON string of about n characters made of sentences. */
static void long_text(FILE *fp, size_t n, size_t seed)
{
	fputc('"', fp);
	size_t written = 0;
	for (size_t k = seed; written < n; k++) {
		const char *s = sentences[k % N_SENTENCES];
		fprintf(fp, "%s%s", written ? " " : "", s);
		written += strlen(s) + 1;
	}
	fputc('"', fp);
}

/* Writes item n of a lesson: fill, choice or multi by turns, about 3 KB. */
static void write_item(FILE *fp, size_t n)
{
	fprintf(fp, "{\"id\":\"item-%zu\",", n);
	switch (n % 3) {
	case 0:
		fputs("\"kind\":\"fill\",\"difficulty\":\"easy\",\"prompt\":", fp);
		long_text(fp, 700, n);
		fputs(",\"code\":\"ds = ds.{{1}}(num_workers, worker_index)\\nds = ds.{{2}}(64)\","
		    "\"bank\":[\"shard\",\"batch\",\"take\",\"split\"],"
		    "\"blanks\":[{\"accept\":[\"shard\"],\"feedback\":{\"batch\":\"batch groups elements into mini-batches.\","
		    "\"take\":\"take keeps the first N elements.\",\"split\":\"tf.data has no split method.\"}},"
		    "{\"accept\":[\"batch\"],\"feedback\":{\"shard\":\"the dataset is already sharded.\","
		    "\"take\":\"take keeps the first N elements.\",\"split\":\"tf.data has no split method.\"}}],", fp);
		break;
	case 1:
		fputs("\"kind\":\"choice\",\"difficulty\":\"medium\",\"prompt\":", fp);
		long_text(fp, 700, n);
		fputs(",\"options\":[{\"text\":\"MirroredStrategy\",\"correct\":true},"
		    "{\"text\":\"Pipeline parallelism\",\"feedback\":", fp);
		long_text(fp, 200, n + 1);
		fputs("},{\"text\":\"Tensor parallelism\",\"feedback\":", fp);
		long_text(fp, 200, n + 2);
		fputs("}],", fp);
		break;
	default:
		fputs("\"kind\":\"multi\",\"difficulty\":\"hard\",\"prompt\":", fp);
		long_text(fp, 700, n);
		fputs(",\"options\":[{\"text\":\"ZeRO-3\",\"correct\":true,\"feedback\":\"shards parameters.\"},"
		    "{\"text\":\"DDP\",\"feedback\":", fp);
		long_text(fp, 200, n + 3);
		fputs("},{\"text\":\"Pipeline parallelism\",\"correct\":true,\"feedback\":\"each stage holds its layers.\"}],", fp);
	}
	fputs("\"hints\":[", fp);
	long_text(fp, 150, n + 4);
	fputc(',', fp);
	long_text(fp, 150, n + 5);
	fputs("],\"mistakes\":[", fp);
	long_text(fp, 200, n + 6);
	fputs("],\"explanation\":", fp);
	long_text(fp, 900, n + 7);
	fputc('}', fp);
}

/* Writes one lesson file of n items; false when it cannot be written. */
static bool write_lesson(const char *path, const char *id, size_t n, size_t seed)
{
	FILE *fp = fopen(path, "w");
	if (fp == NULL)
		return false;
	fprintf(fp, "{\"format\":1,\"id\":\"%s\",\"title\":\"Generated lesson %s\",\"summary\":", id, id);
	long_text(fp, 120, seed);
	fputs(",\"items\":[\n", fp);
	for (size_t i = 0; i < n; i++) {
		write_item(fp, seed + i);
		fputs(i + 1 < n ? ",\n" : "\n", fp);
	}
	fputs("]}\n", fp);
	return fclose(fp) == 0;
}

/* Makes sure out holds the library (out/library) and the big lesson
 * (out/big/big.json); false on failure. */
static bool generate(const char *out)
{
	char path[4300], stamp[64];
	snprintf(path, sizeof path, "%s/.stamp-library", out);
	FILE *fp = fopen(path, "r");
	if (fp != NULL) {
		bool same = fgets(stamp, sizeof stamp, fp) != NULL && strncmp(stamp, STAMP, strlen(STAMP)) == 0;
		fclose(fp);
		if (same)
			return true;
	}
	printf("(generating %d lessons of %d items in %s/library)\n", N_LESSONS, ITEMS_PER_LESSON, out);
	fflush(stdout);
	snprintf(path, sizeof path, "%s/library", out);
	if (mkdir(path, 0700) != 0 && errno != EEXIST)
		return false;
	snprintf(path, sizeof path, "%s/big", out);
	if (mkdir(path, 0700) != 0 && errno != EEXIST)
		return false;
	for (size_t l = 0; l < N_LESSONS; l++) {
		char id[32];
		snprintf(id, sizeof id, "lib-%04zu", l);
		snprintf(path, sizeof path, "%s/library/%s.json", out, id);
		if (!write_lesson(path, id, ITEMS_PER_LESSON, l * 7))
			return false;
	}
	snprintf(path, sizeof path, "%s/big/big.json", out);
	if (!write_lesson(path, "big", BIG_ITEMS, 3))
		return false;
	snprintf(path, sizeof path, "%s/.stamp-library", out);
	fp = fopen(path, "w");
	return fp != NULL && fputs(STAMP "\n", fp) >= 0 && fclose(fp) == 0;
}

/* The python3 interpreter itself (not a wrapper script), or "python3". */
static char python[4096] = "python3";

/* Finds the interpreter behind `python3` on the PATH. */
static void find_python(void)
{
	FILE *p = popen("python3 -c 'import sys; print(sys.executable)' 2>/dev/null", "r");
	if (p == NULL)
		return;
	char buf[sizeof python];
	if (fgets(buf, sizeof buf, p) != NULL && buf[0] == '/') {
		buf[strcspn(buf, "\n")] = '\0';
		memcpy(python, buf, sizeof python);
	}
	pclose(p);
}

/* Runs argv with stdout and stderr to /dev/null; returns the seconds it
 * took, or -1 when it could not run or exited with a status above
 * max_status. */
static double time_run(char *const argv[], int max_status)
{
	fflush(stdout);
	double t = now_s();
	pid_t pid = fork();
	if (pid == 0) {
		if (freopen("/dev/null", "w", stdout) == NULL || freopen("/dev/null", "w", stderr) == NULL)
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	int status;
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) > max_status)
		return -1;
	return now_s() - t;
}

/* Opens the big lesson as the tutor does, in a fresh process: reads the
 * index of its directory, then loads and validates it.  Returns the
 * seconds from the start of loading, or -1. */
static double time_open(const char *dir, const char *cache)
{
	int fds[2];
	if (pipe(fds) != 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[0]);
		pt_catalog cat = { 0 };
		const char *why;
		double t0 = now_s(), t1 = -1;
		if (catalog_use_index(&cat, cache, "bench_library") && catalog_add_path(&cat, dir, false, &why) &&
		    cat.n == 1 && cat.v[0].indexed) {
			t0 = now_s();
			if (catalog_lesson(&cat, 0) != NULL && !cat.v[0].broken)
				t1 = now_s();
		}
		double took = t1 >= 0 ? t1 - t0 : -1;
		_exit(write(fds[1], &took, sizeof took) == (ssize_t)sizeof took ? 0 : 1);
	}
	close(fds[1]);
	double took = -1;
	if (read(fds[0], &took, sizeof took) != (ssize_t)sizeof took)
		took = -1;
	close(fds[0]);
	waitpid(pid, NULL, 0);
	return took;
}

/* Orders doubles, for qsort. */
static int double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Returns the median of n values (sorting them). */
static double median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, double_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Returns the size in MiB of the regular files in dir. */
static double dir_mib(const char *dir)
{
	char cmd[4300];
	snprintf(cmd, sizeof cmd, "du -sb '%s'", dir);
	FILE *du = popen(cmd, "r");
	double bytes = 0;
	if (du != NULL) {
		if (fscanf(du, "%lf", &bytes) != 1)
			bytes = 0;
		pclose(du);
	}
	return bytes / (1024.0 * 1024.0);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fputs("usage: bench_library PARATUTOR OUT-DIR\n", stderr);
		return 2;
	}
	if ((mkdir(argv[2], 0700) != 0 && errno != EEXIST) || !generate(argv[2])) {
		fprintf(stderr, "bench_library: cannot generate the library in %s\n", argv[2]);
		return 1;
	}
	find_python();
	char library[4300], big[4300], cache[4300];
	snprintf(library, sizeof library, "%s/library", argv[2]);
	snprintf(big, sizeof big, "%s/big", argv[2]);
	snprintf(cache, sizeof cache, "%s/cache-open", argv[2]);

	static const char script[] =
	    "import json, os, sys\n"
	    "d = sys.argv[1]\n"
	    "for name in sorted(os.listdir(d)):\n"
	    "    if name.endswith('.json'):\n"
	    "        with open(os.path.join(d, name), 'rb') as f:\n"
	    "            json.load(f)\n";
	char *check_argv[] = { argv[1], "--check", library, NULL };
	char *python_argv[] = { python, "-c", (char *)script, library, NULL };
	double check[RUNS], py[RUNS], open_s[RUNS];
	int status = 0;
	/* Warm the page cache once for both, then take turns. */
	time_run(check_argv, 1);
	time_run(python_argv, 0);
	for (int r = 0; r < RUNS; r++) {
		check[r] = time_run(check_argv, 0);
		py[r] = time_run(python_argv, 0);
		if (check[r] < 0 || py[r] < 0) {
			fputs("bench_library: paratutor --check or python3 failed on the library\n", stderr);
			return 1;
		}
	}
	time_open(big, cache); /* writes the index */
	for (int r = 0; r < RUNS; r++)
		if ((open_s[r] = time_open(big, cache)) < 0) {
			fputs("bench_library: opening the big lesson from the index failed\n", stderr);
			return 1;
		}
	double c = median(check, RUNS), p = median(py, RUNS), o = median(open_s, RUNS);
	double lib_mib = dir_mib(library), big_kib = dir_mib(big) * 1024.0;
	printf("A library of %d lessons of %d items (%.1f MiB), and one lesson of %d items (%.0f KiB);\n"
	    "median of %d fresh processes per side, taking turns (fastest in brackets)\n\n",
	    N_LESSONS, ITEMS_PER_LESSON, lib_mib, BIG_ITEMS, big_kib, RUNS);
	printf("| %-44s | %15s | %8s |\n", "measurement", "time ms", "MiB/s");
	printf("|----------------------------------------------|-----------------|----------|\n");
	printf("| %-44s | %7.1f (%5.1f) | %8.0f |\n", "paratutor --check (load, validate, report)", c * 1e3,
	    check[0] * 1e3, lib_mib / c);
	printf("| %-44s | %7.1f (%5.1f) | %8.0f |\n", "python3 json.load of the same files", p * 1e3, py[0] * 1e3,
	    lib_mib / p);
	printf("| %-44s | %7.2f (%5.2f) | %8.0f |\n", "open the big lesson (index, load, validate)", o * 1e3,
	    open_s[0] * 1e3, big_kib / 1024.0 / o);
	printf("\nTargets:\n");
	printf("  --check at least %.1fx python3 json.load: %.2fx  %s\n", CHECK_TARGET, p / c,
	    p / c >= CHECK_TARGET ? "meets" : "MISSES");
	printf("  opening a %.0f KiB lesson within %.0f ms: %.2f ms  %s\n", big_kib, OPEN_TARGET_MS, o * 1e3,
	    o * 1e3 <= OPEN_TARGET_MS ? "meets" : "MISSES");
	return status;
}

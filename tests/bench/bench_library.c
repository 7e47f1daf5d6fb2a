/* bench_library.c - a department's library: generates 1,000 lessons of
 * 10 items (about 30 MB) and one lesson of about 300 KB under OUT-DIR,
 * then measures, each beside its peers in the same run:
 *   - `paratutor --check` of the library (a fresh process per run) against
 *     python3 json.load of the same files (target: at least 2x Python) and
 *     against ajv-cli validating them with the lesson schema (issue #40
 *     recorded --check at 3.3x faster);
 *   - opening the 300 KB lesson from the index: a fresh process reads the
 *     index, then loads and validates that one lesson (catalog_lesson), as
 *     the tutor does when it is opened from the menu (target: 10 ms).
 * Usage: bench_library PARATUTOR OUT-DIR [AJV SCHEMA]
 * (AJV: ajv-cli's program; without it, or when it is not there, the ajv-cli
 * row says why it was not measured.)
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
#include <unistd.h>

#include "bench.h"
#include "paratutor/catalog/catalog.h"

#define STAMP "bench_library v2"
#define N_LESSONS 1000
#define ITEMS_PER_LESSON 10
#define BIG_ITEMS 100 /* the lesson opened from the menu: about 300 KB */
#define RUNS 11       /* per side, taking turns; the median counts */
#define CHECK_TARGET 2.0
#define OPEN_TARGET_MS 10.0

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
	char path[4300];
	snprintf(path, sizeof path, "%s/.stamp-library", out);
	if (bench_has_stamp(path, STAMP))
		return true;
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
	FILE *fp = fopen(path, "w");
	return fp != NULL && fputs(STAMP "\n", fp) >= 0 && fclose(fp) == 0;
}

/* Runs argv with stdout and stderr to /dev/null; returns the seconds it
 * took, or -1 when it could not run or exited with a status above
 * max_status. */
static double time_run(char *const argv[], int max_status)
{
	fflush(stdout);
	double t = bench_now_s();
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
	return bench_now_s() - t;
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
		double t0 = bench_now_s(), t1 = -1;
		if (catalog_use_index(&cat, cache, "bench_library") && catalog_add_path(&cat, dir, false, &why) &&
		    cat.n == 1 && cat.v[0].indexed) {
			t0 = bench_now_s();
			if (catalog_lesson(&cat, 0) != NULL && !cat.v[0].broken)
				t1 = bench_now_s();
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

/* One program timed on the whole library. */
typedef struct side {
	const char *label;
	char **argv;
	double t[RUNS]; /* seconds per run, sorted once measured */
	double median;
} side;

/* Returns why ajv-cli cannot be measured, or NULL when it can. */
static const char *ajv_missing(int argc, char **argv)
{
	if (argc < 5)
		return "not asked for (no AJV SCHEMA arguments)";
	if (access(argv[3], X_OK) != 0)
		return "not installed in the build tree (the npm registry or node missing?)";
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 5) {
		fputs("usage: bench_library PARATUTOR OUT-DIR [AJV SCHEMA]\n", stderr);
		return 2;
	}
	if ((mkdir(argv[2], 0700) != 0 && errno != EEXIST) || !generate(argv[2])) {
		fprintf(stderr, "bench_library: cannot generate the library in %s\n", argv[2]);
		return 1;
	}
	char library[4300], big[4300], cache[4300], files[4400];
	snprintf(library, sizeof library, "%s/library", argv[2]);
	snprintf(big, sizeof big, "%s/big", argv[2]);
	snprintf(cache, sizeof cache, "%s/cache-open", argv[2]);
	snprintf(files, sizeof files, "%s/*.json", library); /* ajv-cli expands it */

	static const char script[] =
	    "import json, os, sys\n"
	    "d = sys.argv[1]\n"
	    "for name in sorted(os.listdir(d)):\n"
	    "    if name.endswith('.json'):\n"
	    "        with open(os.path.join(d, name), 'rb') as f:\n"
	    "            json.load(f)\n";
	char *check_argv[] = { argv[1], "--check", library, NULL };
	char *python_argv[] = { (char *)bench_python(), "-c", (char *)script, library, NULL };
	/* As tests/schema/run.sh runs it: draft 2020-12, strict. */
	char *ajv_argv[] = { argv[argc - 2], "validate", "--spec=draft2020", "--strict=true", "--strict-required=false",
		"-s", argv[argc - 1], "-d", files, NULL };
	const char *no_ajv = ajv_missing(argc, argv);
	side sides[] = {
		{ .label = "paratutor --check (load, validate, report)", .argv = check_argv },
		{ .label = "python3 json.load of the same files", .argv = python_argv },
		{ .label = "ajv-cli validate with the lesson schema", .argv = ajv_argv },
	};
	size_t n_sides = no_ajv == NULL ? 3 : 2;
	/* Warm the page cache once for each, then take turns. */
	for (size_t k = 0; k < n_sides; k++)
		time_run(sides[k].argv, 1);
	for (int r = 0; r < RUNS; r++)
		for (size_t k = 0; k < n_sides; k++)
			if ((sides[k].t[r] = time_run(sides[k].argv, 0)) < 0) {
				fprintf(stderr, "bench_library: %s failed on the library\n", sides[k].argv[0]);
				return 1;
			}
	double to_ajv = no_ajv == NULL ? bench_paired_ratio(sides[0].t, sides[2].t, RUNS) : 0;
	for (size_t k = 0; k < n_sides; k++)
		sides[k].median = bench_median(sides[k].t, RUNS);
	double open_s[RUNS];
	time_open(big, cache); /* writes the index */
	for (int r = 0; r < RUNS; r++)
		if ((open_s[r] = time_open(big, cache)) < 0) {
			fputs("bench_library: opening the big lesson from the index failed\n", stderr);
			return 1;
		}
	double c = sides[0].median, p = sides[1].median, o = bench_median(open_s, RUNS);
	double lib_mib = dir_mib(library), big_kib = dir_mib(big) * 1024.0;
	printf("A library of %d lessons of %d items (%.1f MiB), and one lesson of %d items (%.0f KiB);\n"
	    "median of %d fresh processes per side, taking turns (fastest in brackets)\n\n",
	    N_LESSONS, ITEMS_PER_LESSON, lib_mib, BIG_ITEMS, big_kib, RUNS);
	printf("| %-44s | %17s | %8s |\n", "measurement", "time ms", "MiB/s");
	printf("|----------------------------------------------|-------------------|----------|\n");
	for (size_t k = 0; k < n_sides; k++)
		printf("| %-44s | %8.1f (%6.1f) | %8.0f |\n", sides[k].label, sides[k].median * 1e3, sides[k].t[0] * 1e3,
		    lib_mib / sides[k].median);
	if (no_ajv != NULL)
		printf("| %-44s | %-28s |\n", sides[2].label, "SKIP (see below)");
	printf("| %-44s | %8.2f (%6.2f) | %8.0f |\n", "open the big lesson (index, load, validate)", o * 1e3,
	    open_s[0] * 1e3, big_kib / 1024.0 / o);
	printf("\nTargets:\n");
	printf("  --check at least %.1fx python3 json.load: %.2fx  %s\n", CHECK_TARGET, p / c,
	    p / c >= CHECK_TARGET ? "meets" : "MISSES");
	printf("  opening a %.0f KiB lesson within %.0f ms: %.2f ms  %s\n\n", big_kib, OPEN_TARGET_MS, o * 1e3,
	    o * 1e3 <= OPEN_TARGET_MS ? "meets" : "MISSES");
	bench_recorded_heading();
	if (no_ajv == NULL)
		bench_recorded("--check 10,000 items / ajv-cli", c * 1e3, sides[2].median * 1e3, to_ajv, 1, 3.3);
	else
		printf("  --check 10,000 items / ajv-cli: SKIP, ajv-cli %s\n", no_ajv);
	return 0;
}

/* bench_load.c - load + validate time and peak memory for the bundled
 * lessons and for generated packs of 1k, 10k and 100k items.
 *
 * Each measurement runs in a child process so that its peak RSS is its
 * own; packs are written as files of 1000 items, as an instructor would
 * split them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "paratutor/catalog/catalog.h"

#define ITEMS_PER_FILE 1000
#define RUNS 7 /* fresh processes per row; the median is reported */

/* Writes one generated item (fill, choice or multi by turns). */
static void write_item(FILE *fp, size_t n)
{
	switch (n % 3) {
	case 0:
		fprintf(fp, "{\"id\":\"fill-%zu\",\"kind\":\"fill\",\"difficulty\":\"easy\","
		    "\"prompt\":\"Complete the code so each worker reads its own shard (%zu).\","
		    "\"code\":\"ds = ds.{{1}}(num_workers, worker_index)\\nds = ds.{{2}}(64)\","
		    "\"bank\":[\"shard\",\"batch\",\"take\",\"split\"],"
		    "\"blanks\":[{\"accept\":[\"shard\"],\"feedback\":{\"batch\":\"groups\",\"take\":\"first N\",\"split\":\"no such method\"}},"
		    "{\"accept\":[\"batch\"],\"feedback\":{\"shard\":\"already sharded\",\"take\":\"first N\",\"split\":\"no such method\"}}],"
		    "\"hints\":[\"Which call keeps every n-th element?\"],\"explanation\":\"shard(n, i) keeps index mod n = i.\"}", n, n);
		break;
	case 1:
		fprintf(fp, "{\"id\":\"choice-%zu\",\"kind\":\"choice\",\"difficulty\":\"medium\","
		    "\"prompt\":\"Which strategy replicates the model on every GPU of one machine (%zu)?\","
		    "\"options\":[{\"text\":\"MirroredStrategy\",\"correct\":true},"
		    "{\"text\":\"Pipeline parallelism\",\"feedback\":\"splits the model\"},"
		    "{\"text\":\"Tensor parallelism\",\"feedback\":\"splits layers\"}],"
		    "\"hints\":[\"Mirrored variables.\"],\"explanation\":\"MirroredStrategy keeps a replica per GPU.\"}", n, n);
		break;
	default:
		fprintf(fp, "{\"id\":\"multi-%zu\",\"kind\":\"multi\",\"difficulty\":\"hard\","
		    "\"prompt\":\"Which reduce per-GPU parameter memory (%zu)?\","
		    "\"options\":[{\"text\":\"ZeRO-3\",\"correct\":true,\"feedback\":\"shards parameters\"},"
		    "{\"text\":\"DDP\",\"feedback\":\"full replica\"},"
		    "{\"text\":\"Pipeline parallelism\",\"correct\":true,\"feedback\":\"stage holds its layers\"}],"
		    "\"hints\":[\"Less than the whole model.\"],\"explanation\":\"Sharding and stages cut parameter memory.\"}", n, n);
	}
}

/* Writes a pack of n items into dir as files of ITEMS_PER_FILE items. */
static int write_pack(const char *dir, size_t n)
{
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return -1;
	for (size_t f = 0; f * ITEMS_PER_FILE < n; f++) {
		char path[4200];
		snprintf(path, sizeof path, "%s/pack-%05zu.json", dir, f);
		FILE *fp = fopen(path, "w");
		if (fp == NULL)
			return -1;
		fprintf(fp, "{\"format\":1,\"id\":\"pack-%zu\",\"title\":\"Generated pack %zu\","
		    "\"summary\":\"Generated for the benchmark.\",\"items\":[\n", f, f);
		size_t end = (f + 1) * ITEMS_PER_FILE < n ? (f + 1) * ITEMS_PER_FILE : n;
		for (size_t i = f * ITEMS_PER_FILE; i < end; i++) {
			write_item(fp, i);
			fputs(i + 1 < end ? ",\n" : "\n", fp);
		}
		fputs("]}\n", fp);
		if (fclose(fp) != 0)
			return -1;
	}
	return 0;
}

/* Loads and validates path in a child through the catalog; returns false
 * when anything failed, else sets *items, *secs and *peak_kib. */
static bool measure_once(const char *path, size_t *items, double *secs, long *peak_kib)
{
	int fds[2];
	if (pipe(fds) != 0)
		return false;
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[0]);
		size_t n = 0, errors = 0, warnings;
		double t0 = bench_now_s();
		pt_catalog cat = { 0 };
		const char *why = NULL;
		bool ok = catalog_add_path(&cat, path, false, &why);
		double t1 = bench_now_s();
		catalog_count(&cat, &errors, &warnings);
		for (size_t i = 0; i < cat.n; i++)
			n += cat.v[i].lesson ? cat.v[i].lesson->n_items : 0;
		catalog_free(&cat);
		char msg[128];
		int len = snprintf(msg, sizeof msg, "%zu %zu %.6f", n, ok ? errors : 1, t1 - t0);
		if (write(fds[1], msg, (size_t)len) != len)
			_exit(2);
		_exit(0);
	}
	close(fds[1]);
	char msg[128] = "";
	ssize_t got = read(fds[0], msg, sizeof msg - 1);
	close(fds[0]);
	int status;
	struct rusage ru;
	if (pid < 0 || got <= 0 || wait4(pid, &status, 0, &ru) < 0)
		return false;
	msg[got] = '\0';
	size_t errors = 0;
	if (sscanf(msg, "%zu %zu %lf", items, &errors, secs) != 3)
		return false;
	*peak_kib = ru.ru_maxrss;
	return errors == 0;
}

/* The figures of one input: median and fastest time, largest peak RSS. */
typedef struct figures {
	size_t items;
	double median, fastest;
	long peak_kib;
} figures;

/* Measures path RUNS times, each in a fresh process, into f; returns
 * false when any run failed. */
static bool measure_runs(const char *path, figures *f)
{
	double secs[RUNS];
	f->peak_kib = 0;
	for (int r = 0; r < RUNS; r++) {
		long kib = 0;
		if (!measure_once(path, &f->items, &secs[r], &kib))
			return false;
		if (kib > f->peak_kib)
			f->peak_kib = kib;
	}
	qsort(secs, RUNS, sizeof secs[0], bench_double_cmp);
	f->median = secs[RUNS / 2];
	f->fastest = secs[0];
	return true;
}

/* Measures path through the catalog and prints one table row. */
static bool measure(const char *label, const char *path)
{
	figures f;
	if (!measure_runs(path, &f))
		return false;
	printf("| %-22s | %8zu | %7.1f (%5.1f) | %10.2f | %12.0f |\n", label, f.items, f.median * 1e3,
	    f.fastest * 1e3, (double)f.peak_kib / 1024.0, f.items ? f.median * 1e9 / (double)f.items : 0.0);
	return true;
}

int main(int argc, char **argv)
{
	const char *content = argc > 1 ? argv[1] : "content";
	char tmp[] = "/tmp/paratutor-bench-XXXXXX";
	if (mkdtemp(tmp) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	static const size_t sizes[] = { 1000, 10000, 100000 };
	bool ok = true;
	printf("Load + validate: median of %d fresh processes per row (fastest in brackets);\n"
	    "peak MiB is the largest peak RSS of the runs\n\n", RUNS);
	printf("| %-22s | %8s | %15s | %10s | %12s |\n", "input", "items", "time ms", "peak MiB", "ns per item");
	printf("|%s|%s|%s|%s|%s|\n", "------------------------", "----------", "-----------------", "------------", "--------------");
	ok = measure("bundled lessons", content) && ok;
	char dirs[3][64], labels[3][64];
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		snprintf(dirs[s], sizeof dirs[s], "%s/pack-%zu", tmp, sizes[s]);
		snprintf(labels[s], sizeof labels[s], "generated %zuk items", sizes[s] / 1000);
		if (write_pack(dirs[s], sizes[s]) != 0) {
			perror(dirs[s]);
			return 1;
		}
		ok = measure(labels[s], dirs[s]) && ok;
	}
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	if (system(cmd) != 0)
		fprintf(stderr, "bench: could not remove %s\n", tmp);
	return ok ? 0 : 1;
}

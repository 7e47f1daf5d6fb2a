/* bench_load.c - load + validate time and peak memory for the bundled
 * lessons and for generated packs of 1k, 10k and 100k items; then the
 * loader's fast path against its reference path (plain cJSON on the whole
 * text) on the same inputs, in the same run.
 *
 * Each measurement runs in a child process so that its peak RSS is its
 * own; packs are written as files of 1000 items, as an instructor would
 * split them. */
#include <dirent.h>
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
#include "paratutor/load/load.h"
#include "paratutor/load/validate.h"

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

/* How a child loads: through the catalog (threads and all), or file by
 * file on one thread by the fast or the reference path. */
typedef enum how { BY_CATALOG, BY_FAST, BY_REFERENCE } how;

/* Orders strings, for qsort. */
static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Loads and validates every lesson file of dir (or the file dir) on this
 * thread by the given path, keeping the lessons as the catalog would;
 * returns false when a file could not be read, else counts items and
 * errors. */
static bool load_by_path(const char *dir, pt_load_path path, size_t *items, size_t *errors)
{
	char *names[4096];
	size_t n = 0;
	DIR *d = opendir(dir);
	if (d == NULL) {
		names[n++] = strdup(dir);
	} else {
		struct dirent *de;
		while ((de = readdir(d)) != NULL && n < 4096) {
			size_t len = strlen(de->d_name);
			if (de->d_name[0] == '.' || len < 6 || strcmp(de->d_name + len - 5, ".json") != 0 ||
			    strcmp(de->d_name, "lesson.schema.json") == 0)
				continue;
			char full[4400];
			snprintf(full, sizeof full, "%s/%s", dir, de->d_name);
			names[n++] = strdup(full);
		}
		closedir(d);
		qsort(names, n, sizeof *names, str_cmp);
	}
	pt_lesson **lessons = calloc(n + 1, sizeof *lessons);
	pt_diags *diags = calloc(n + 1, sizeof *diags);
	bool ok = lessons != NULL && diags != NULL;
	for (size_t i = 0; ok && i < n; i++) {
		size_t len;
		pt_read_error err;
		char *text = file_read(names[i], PT_MAX_FILE_SIZE, &len, &err);
		if (text == NULL) {
			ok = false;
			break;
		}
		lessons[i] = load_lesson_text_with(path, names[i], text, len, &diags[i]);
		free(text);
		if (lessons[i] != NULL) {
			validate_lesson(lessons[i], &diags[i]);
			*items += lessons[i]->n_items;
		}
		*errors += diags[i].errors + (lessons[i] == NULL);
	}
	load_release();
	for (size_t i = 0; i < n; i++) {
		if (lessons != NULL)
			lesson_free(lessons[i]);
		if (diags != NULL)
			diags_free(&diags[i]);
		free(names[i]);
	}
	free(lessons);
	free(diags);
	return ok;
}

/* Loads and validates path in a child, as by says; returns false when
 * anything failed, else sets *items, *secs and *peak_kib. */
static bool measure_once(const char *path, how by, size_t *items, double *secs, long *peak_kib)
{
	int fds[2];
	if (pipe(fds) != 0)
		return false;
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[0]);
		size_t n = 0, errors = 0, warnings;
		double t0 = bench_now_s(), t1;
		bool ok;
		if (by == BY_CATALOG) {
			pt_catalog cat = { 0 };
			const char *why = NULL;
			ok = catalog_add_path(&cat, path, false, &why);
			t1 = bench_now_s();
			catalog_count(&cat, &errors, &warnings);
			for (size_t i = 0; i < cat.n; i++)
				n += cat.v[i].lesson ? cat.v[i].lesson->n_items : 0;
			catalog_free(&cat);
		} else {
			ok = load_by_path(path, by == BY_FAST ? PT_LOAD_FAST : PT_LOAD_REFERENCE, &n, &errors);
			t1 = bench_now_s();
		}
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

/* Measures path RUNS times as by says, each in a fresh process, into f;
 * returns false when any run failed. */
static bool measure_runs(const char *path, how by, figures *f)
{
	double secs[RUNS];
	f->peak_kib = 0;
	for (int r = 0; r < RUNS; r++) {
		long kib = 0;
		if (!measure_once(path, by, &f->items, &secs[r], &kib))
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
	if (!measure_runs(path, BY_CATALOG, &f))
		return false;
	printf("| %-22s | %8zu | %7.1f (%5.1f) | %10.2f | %12.0f |\n", label, f.items, f.median * 1e3,
	    f.fastest * 1e3, (double)f.peak_kib / 1024.0, f.items ? f.median * 1e9 / (double)f.items : 0.0);
	return true;
}

/* Measures path by the fast and the reference path, and prints one row
 * of the comparison. */
static bool compare(const char *label, const char *path)
{
	figures fast, ref;
	if (!measure_runs(path, BY_FAST, &fast) || !measure_runs(path, BY_REFERENCE, &ref))
		return false;
	printf("| %-22s | %8zu | %7.1f (%5.1f) | %7.1f (%5.1f) | %9.2fx | %9.2f | %9.2f |\n", label, fast.items,
	    fast.median * 1e3, fast.fastest * 1e3, ref.median * 1e3, ref.fastest * 1e3,
	    fast.median > 0 ? ref.median / fast.median : 0.0,
	    (double)fast.peak_kib / 1024.0, (double)ref.peak_kib / 1024.0);
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
	printf("\nFast path (skeleton, items parsed apart) against the reference path (cJSON on\n"
	    "the whole text): one thread, file by file, load + validate; median of %d fresh\n"
	    "processes per row and path (fastest in brackets); peak MiB as above\n\n", RUNS);
	printf("| %-22s | %8s | %15s | %15s | %10s | %9s | %9s |\n", "input", "items", "fast ms", "reference ms",
	    "ref/fast", "fast MiB", "ref MiB");
	printf("|%s|%s|%s|%s|%s|%s|%s|\n", "------------------------", "----------", "-----------------",
	    "-----------------", "------------", "-----------", "-----------");
	ok = compare("bundled lessons", content) && ok;
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
		ok = compare(labels[s], dirs[s]) && ok;
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	if (system(cmd) != 0)
		fprintf(stderr, "bench: could not remove %s\n", tmp);
	return ok ? 0 : 1;
}

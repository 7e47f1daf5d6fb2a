/* bench_class.c - `paratutor class` at scale: generates classes of
 * learners (one progress store each, every one holding all the bundled
 * lessons) under build/, then times reading and analysing them beside a
 * peer measured in the same run on the same files: python3 json.load of
 * every store.  Usage: bench_class LESSON-DIR OUT-DIR N...
 *
 * Stores are written in the store's own layout (tab-indented, as the
 * tutor saves them), with a fixed seed, and kept between runs: a class is
 * generated again only when its directory lacks the stamp of this
 * generator. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/report/class.h"
#include "paratutor/load/load_kind.h"

#define STAMP "bench_class stores v1"
#define RUNS 3 /* each side, taking turns; the fastest run counts */
#define T0 1700000000L

/* A small deterministic generator (xorshift64*), so runs compare. */
static unsigned long long rng_state;

/* Returns the next pseudo-random number. */
static unsigned long long rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

/* Returns a pseudo-random number below n. */
static unsigned below(unsigned n)
{
	return (unsigned)(rng() % n);
}

/* Writes s as a JSON string (the texts here need only \" and \\ and
 * control characters escaped). */
static void json_string(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(fp, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(fp, "\\u%04x", *s);
		else
			fputc(*s, fp);
	}
	fputc('"', fp);
}

/* Returns the text of wrong-pickable option k of item, or NULL. */
static const char *option_text(const pt_item *item, size_t k)
{
	if (item->kind == PT_KIND_FILL)
		return k < item->bank.n ? item->bank.v[k].s : NULL;
	return k < item->n_options && !item->options[k].correct ? item->options[k].text.s : NULL;
}

/* Writes one item's record for a learner of the given ability (0-99). */
static void write_record(FILE *fp, const pt_item *item, int ability, bool last)
{
	static const char *const outcomes[] = { "open", "first_time", "with_hints", "retries", "failed" };
	int roll = (int)below(100);
	int oc = roll < ability ? 1 : roll < ability + 10 ? 2 : roll < ability + 30 ? 3 : roll < 95 ? 4 : 0;
	int attempts = oc == 1 || oc == 2 ? 1 : oc == 3 ? 2 : oc == 4 ? 3 : 1;
	int hints = oc == 2 ? 1 : (int)below(2) * (oc >= 3);
	unsigned long long hash = lesson_item_hash(item);
	/* One item in fifty was answered in an earlier version. */
	if (below(50) == 0)
		hash ^= 0x5a5a5a5aULL;
	long seen = T0 + (long)below(86400 * 30);
	fprintf(fp, "\t\t\t\t");
	json_string(fp, item->id.s);
	fprintf(fp, ":\t{\n\t\t\t\t\t\"hash\":\t\"%016llx\",\n\t\t\t\t\t\"outcome\":\t\"%s\",\n"
	    "\t\t\t\t\t\"attempts\":\t%d,\n\t\t\t\t\t\"hints\":\t%d,\n\t\t\t\t\t\"wrong\":\t[",
	    hash, outcomes[oc], attempts, hints);
	size_t n = item->kind == PT_KIND_FILL ? item->bank.n : item->n_options;
	bool first = true;
	for (int w = oc == 1 || oc == 2 ? 0 : attempts; w > 0 && n > 0; w--) {
		const char *text = option_text(item, below((unsigned)n));
		if (text == NULL)
			continue;
		fputs(first ? "" : ", ", fp);
		json_string(fp, text);
		first = false;
	}
	fprintf(fp, "],\n\t\t\t\t\t\"first_seen\":\t%ld,\n\t\t\t\t\t\"last_seen\":\t%ld,\n"
	    "\t\t\t\t\t\"pass_start\":\t%ld,\n\t\t\t\t\t\"time_spent\":\t%u,\n\t\t\t\t\t\"box\":\t%d",
	    seen, seen + 60, seen, 20 + below(300), oc == 1);
	if (oc != 0)
		fprintf(fp, ",\n\t\t\t\t\t\"due\":\t%ld,\n\t\t\t\t\t\"scheduled_at\":\t%ld", seen + 86400, seen + 60);
	fprintf(fp, "\n\t\t\t\t}%s\n", last ? "" : ",");
}

/* Writes one learner's store: every usable lesson of the catalog, with a
 * record for nearly every item.  Returns false when it cannot be written. */
static bool write_store(const char *path, const pt_catalog *cat)
{
	FILE *fp = fopen(path, "w");
	if (fp == NULL)
		return false;
	int ability = 20 + (int)below(70);
	fputs("{\n\t\"format\":\t1,\n\t\"lessons\":\t{\n", fp);
	size_t written = 0, usable = 0;
	for (size_t e = 0; e < cat->n; e++)
		usable += !cat->v[e].broken;
	for (size_t e = 0; e < cat->n; e++) {
		const pt_lesson *l = cat->v[e].lesson;
		if (cat->v[e].broken)
			continue;
		fputs("\t\t", fp);
		json_string(fp, l->id.s);
		fputs(":\t{\n\t\t\t\"items\":\t{\n", fp);
		size_t last = l->n_items;
		while (last > 0 && below(10) == 0)
			last--; /* some learners stop early */
		for (size_t i = 0; i < last; i++)
			write_record(fp, &l->items[i], ability, i + 1 == last);
		fprintf(fp, "\t\t\t}\n\t\t}%s\n", ++written == usable ? "" : ",");
	}
	fputs("\t}\n}\n", fp);
	return fclose(fp) == 0;
}

/* Writes dir/name (name printf-style with i) into path; false when too
 * long. */
static bool path_of(char *path, size_t size, const char *dir, const char *name, size_t i)
{
	char leaf[64];
	snprintf(leaf, sizeof leaf, name, i);
	if (strlen(dir) > 4000)
		return false;
	int w = snprintf(path, size, "%.4000s/%.60s", dir, leaf);
	return w > 0 && (size_t)w < size;
}

/* Makes sure dir holds n generated stores; returns false on failure. */
static bool generate(const char *dir, size_t n, const pt_catalog *cat)
{
	char path[4200];
	if (!path_of(path, sizeof path, dir, ".stamp", 0))
		return false;
	if (bench_has_stamp(path, STAMP))
		return true;
	printf("(generating %zu stores in %s)\n", n, dir);
	fflush(stdout);
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return false;
	rng_state = 0x9E3779B97F4A7C15ULL ^ n;
	for (size_t i = 0; i < n; i++) {
		if (!path_of(path, sizeof path, dir, "learner-%05zu", i) || (mkdir(path, 0700) != 0 && errno != EEXIST))
			return false;
		if (!path_of(path, sizeof path, dir, "learner-%05zu/progress.json", i) || !write_store(path, cat))
			return false;
	}
	path_of(path, sizeof path, dir, ".stamp", 0);
	FILE *fp = fopen(path, "w");
	return fp != NULL && fputs(STAMP "\n", fp) >= 0 && fclose(fp) == 0;
}

/* Reads and analyses every store under dir as `paratutor class` does,
 * rendering the table; returns the seconds taken, or -1 on failure. */
static double time_class(const pt_catalog *cat, const char *dir, size_t *learners)
{
	double t = bench_now_s();
	pt_class *c = class_new(cat, PT_CLASS_NAME_DIR);
	char *text = NULL;
	size_t len;
	bool ok = c != NULL && class_add_path(c, dir) && class_read(c) && class_render(c, PT_CLASS_TABLE, &text, &len);
	t = bench_now_s() - t;
	*learners = ok ? c->n_learners : 0;
	free(text);
	class_free(c);
	return ok ? t : -1;
}

/* Runs python3 json.load on every progress.json under dir; returns the
 * seconds taken, or -1 when python3 failed. */
static double time_python(const char *dir)
{
	static const char script[] =
	    "import json, os, sys\n"
	    "n = 0\n"
	    "for root, dirs, files in os.walk(sys.argv[1]):\n"
	    "    if 'progress.json' in files:\n"
	    "        with open(os.path.join(root, 'progress.json'), 'rb') as f:\n"
	    "            json.load(f)\n"
	    "        n += 1\n"
	    "print(n)\n";
	fflush(stdout);
	double t = bench_now_s();
	pid_t pid = fork();
	if (pid == 0) {
		if (freopen("/dev/null", "w", stdout) == NULL)
			_exit(127);
		execlp(bench_python(), "python3", "-c", script, dir, (char *)NULL);
		_exit(127);
	}
	int status;
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return -1;
	return bench_now_s() - t;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fputs("usage: bench_class LESSON-DIR OUT-DIR N...\n", stderr);
		return 2;
	}
	pt_catalog cat = { 0 };
	const char *why = NULL;
	if (!catalog_add_path(&cat, argv[1], false, &why) || cat.n == 0) {
		fprintf(stderr, "bench_class: %s: %s\n", argv[1], why ? why : "no lessons");
		return 1;
	}
	if (mkdir(argv[2], 0700) != 0 && errno != EEXIST) {
		perror(argv[2]);
		return 1;
	}
	size_t items = 0;
	for (size_t e = 0; e < cat.n; e++)
		items += cat.v[e].broken ? 0 : cat.v[e].lesson->n_items;
	printf("paratutor class: stores of %zu lessons (%zu items, nearly all recorded) each; the fastest of %d\n"
	       "runs per side, taking turns; the peer is python3 json.load of the same files\n\n", cat.n, items, RUNS);
	printf("| stores |    MiB | class s | us per store | python3 json.load s | ratio |\n");
	printf("|--------|--------|---------|--------------|---------------------|-------|\n");
	int status = 0;
	for (int a = 3; a < argc; a++) {
		size_t n = strtoul(argv[a], NULL, 10);
		char dir[4200], cmd[4300];
		snprintf(dir, sizeof dir, "%s/class-%zu", argv[2], n);
		if (n == 0 || !generate(dir, n, &cat)) {
			fprintf(stderr, "bench_class: cannot generate %zu stores in %s\n", n, dir);
			status = 1;
			continue;
		}
		double best = -1, peer = -1, mib = 0;
		size_t learners = 0;
		for (int r = 0; r < RUNS; r++) {
			double t = time_class(&cat, dir, &learners), p = time_python(dir);
			if (t >= 0 && (best < 0 || t < best))
				best = t;
			if (p >= 0 && (peer < 0 || p < peer))
				peer = p;
		}
		snprintf(cmd, sizeof cmd, "du -sm '%s'", dir);
		FILE *du = popen(cmd, "r");
		if (du != NULL) {
			if (fscanf(du, "%lf", &mib) != 1)
				mib = 0;
			pclose(du);
		}
		if (best < 0 || learners != n) {
			fprintf(stderr, "bench_class: reading %s failed (%zu of %zu learners)\n", dir, learners, n);
			status = 1;
			continue;
		}
		printf("| %6zu | %6.0f | %7.2f | %12.0f | ", n, mib, best, best * 1e6 / (double)n);
		if (peer > 0)
			printf("%19.2f | %5.2f |\n", peer, best / peer);
		else
			printf("%19s | %5s |\n", "(no python3)", "-");
	}
	catalog_free(&cat);
	return status;
}

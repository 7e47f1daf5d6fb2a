/* check_index.c - the lesson index cache: encoding and decoding, every way
 * an index file can be wrong, and the catalog built through an index
 * against the catalog that loads everything. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/catalog/index.h"
#include "paratutor/report/next.h"
#include "paratutor/report/stats.h"
#include "paratutor/store/progress.h"
#include "testutil.h"

#define TAG "paratutor test"

/* A scratch directory with a copy of some lessons, and a cache dir. */
static char scratch[64], lessons[128], cache[128];

/* Copies file src to dst; fails the test when it cannot. */
static void copy_file(const char *src, const char *dst)
{
	size_t len;
	pt_read_error err;
	char *text = file_read(src, PT_MAX_FILE_SIZE, &len, &err);
	ck_assert_ptr_nonnull(text);
	FILE *fp = fopen(dst, "w");
	ck_assert_ptr_nonnull(fp);
	ck_assert_uint_eq(fwrite(text, 1, len, fp), len);
	ck_assert_int_eq(fclose(fp), 0);
	free(text);
}

/* Dates a file's modification a minute back: the index trusts no entry
 * for a file modified in the second it was written or later (git's
 * "racily clean" rule), and no test waits for the clock. */
static void backdate(const char *path)
{
	struct timespec t[2] = { { time(NULL) - 60, 0 }, { time(NULL) - 60, 0 } };
	ck_assert_int_eq(utimensat(AT_FDCWD, path, t, 0), 0);
}

/* Makes the scratch lesson directory: three bundled lessons, a broken
 * fixture and a file that is not JSON at all. */
static void setup(void)
{
	snprintf(scratch, sizeof scratch, "/tmp/pt-index-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(scratch));
	snprintf(lessons, sizeof lessons, "%s/lessons", scratch);
	snprintf(cache, sizeof cache, "%s/cache", scratch);
	ck_assert_int_eq(mkdir(lessons, 0700), 0);
	static const char *const files[][2] = {
		{ "content/01-dp-vs-mp.json", "01.json" },
		{ "content/02-scaling-prototypes.json", "02.json" },
		{ "content/11-parallelism-kinds.json", "11.json" },
		{ "tests/fixtures/bad/attempts.json", "20-broken.json" },
	};
	char src[4096], dst[256];
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(src, sizeof src, "%s/%s", test_srcdir(), files[i][0]);
		snprintf(dst, sizeof dst, "%s/%s", lessons, files[i][1]);
		copy_file(src, dst);
		backdate(dst);
	}
	snprintf(dst, sizeof dst, "%s/30-not-json.json", lessons);
	FILE *fp = fopen(dst, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("{ \"id\": \"x\", oops\n", fp);
	fclose(fp);
	backdate(dst);
	backdate(lessons); /* the folder too: a start lists it from the index only when it is not racy either */
}

/* Removes the scratch directory. */
static void teardown(void)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
	ck_assert_int_eq(system(cmd), 0);
}

/* Fails unless two infos (either may be NULL) say the same. */
static void same_info(const pt_lesson_info *a, const pt_lesson_info *b)
{
	ck_assert_int_eq(a == NULL, b == NULL);
	if (a == NULL)
		return;
	ck_assert_int_eq(a->id == NULL, b->id == NULL);
	if (a->id != NULL)
		ck_assert_str_eq(a->id, b->id);
	ck_assert_int_eq(a->id_pos.line, b->id_pos.line);
	ck_assert_int_eq(a->id_pos.col, b->id_pos.col);
	ck_assert_int_eq(a->title == NULL, b->title == NULL);
	if (a->title != NULL)
		ck_assert_str_eq(a->title, b->title);
	ck_assert_int_eq(a->summary == NULL, b->summary == NULL);
	if (a->summary != NULL)
		ck_assert_str_eq(a->summary, b->summary);
	ck_assert_uint_eq(a->n_items, b->n_items);
	for (int d = PT_EASY; d <= PT_HARD; d++)
		ck_assert_uint_eq(a->per_difficulty[d], b->per_difficulty[d]);
	ck_assert_uint_eq(a->per_difficulty[PT_EASY] + a->per_difficulty[PT_MEDIUM] + a->per_difficulty[PT_HARD],
	    a->n_items);
	pt_index_items ca = index_items(a), cb = index_items(b);
	pt_index_item x, y;
	size_t read = 0;
	while (index_items_next(&ca, &x)) {
		ck_assert(index_items_next(&cb, &y));
		ck_assert_int_eq(x.id == NULL, y.id == NULL);
		if (x.id != NULL)
			ck_assert_str_eq(x.id, y.id);
		ck_assert(x.hash == y.hash);
		ck_assert_int_eq(x.kind, y.kind);
		ck_assert_int_eq(x.difficulty, y.difficulty);
		ck_assert_uint_eq(x.n_hints, y.n_hints);
		ck_assert_int_eq(x.tags == NULL, y.tags == NULL);
		if (x.tags != NULL)
			ck_assert_str_eq(x.tags, y.tags);
		read++;
	}
	ck_assert(!index_items_next(&cb, &y));
	ck_assert_uint_eq(read, a->n_items);
}

/* Fails unless two diagnostic lists are the same, counts included. */
static void same_diags(const pt_diags *a, const pt_diags *b)
{
	ck_assert_uint_eq(a->n, b->n);
	ck_assert_uint_eq(a->errors, b->errors);
	ck_assert_uint_eq(a->warnings, b->warnings);
	ck_assert_uint_eq(a->dropped, b->dropped);
	for (size_t i = 0; i < a->n; i++) {
		char x[1200], y[1200];
		diags_format(&a->v[i], x, sizeof x);
		diags_format(&b->v[i], y, sizeof y);
		ck_assert_str_eq(x, y);
	}
}

/* Fails unless two catalogs show the same entries. */
static void same_catalog(const pt_catalog *a, const pt_catalog *b)
{
	ck_assert_uint_eq(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		ck_assert_str_eq(a->v[i].path, b->v[i].path);
		ck_assert_int_eq(a->v[i].broken, b->v[i].broken);
		same_info(a->v[i].info, b->v[i].info);
		same_diags(&a->v[i].diags, &b->v[i].diags);
	}
}

/* Encodes every entry of cat into a new buffer. */
static char *encode(const pt_catalog *cat, size_t *len)
{
	pt_index_writer w;
	index_writer_start(&w, TAG, NULL);
	for (size_t i = 0; i < cat->n; i++) {
		pt_file_key key = { i, i + 1, i + 2, i + 3, i + 4 };
		index_writer_add(&w, cat->v[i].path, &key, cat->v[i].info, &cat->v[i].diags);
	}
	char *buf;
	ck_assert(index_writer_finish(&w, &buf, len));
	return buf;
}

/* Loads the scratch lessons without an index. */
static void load_plain(pt_catalog *cat)
{
	const char *why = NULL;
	ck_assert(catalog_add_path(cat, lessons, false, &why));
}

/* Loads the scratch lessons through the index in the scratch cache. */
static void load_indexed(pt_catalog *cat)
{
	const char *why = NULL;
	ck_assert(catalog_use_index(cat, cache, TAG));
	ck_assert(catalog_add_path(cat, lessons, false, &why));
}

START_TEST(round_trip)
{
	pt_catalog cat = { 0 };
	load_plain(&cat);
	ck_assert_uint_eq(cat.n, 5);
	ck_assert(cat.v[3].broken && cat.v[3].info != NULL); /* a lesson with errors */
	ck_assert(cat.v[4].broken && cat.v[4].info == NULL); /* no lesson at all */
	size_t len;
	char *buf = encode(&cat, &len);
	pt_index ix;
	ck_assert(index_decode(buf, len, TAG, &ix));
	ck_assert_uint_eq(ix.n, cat.n);
	for (size_t i = 0; i < cat.n; i++) {
		pt_file_key key = { i, i + 1, i + 2, i + 3, i + 4 };
		pt_index_entry *e = index_find(&ix, cat.v[i].path, &key);
		ck_assert_ptr_nonnull(e);
		same_info(e->info, cat.v[i].info);
		/* The catalog's lists are sorted; the index keeps them as given. */
		same_diags(&e->diags, &cat.v[i].diags);
		key.mtime_ns++;
		ck_assert_ptr_null(index_find(&ix, cat.v[i].path, &key));
	}
	index_free(&ix);
	free(buf);
	catalog_free(&cat);
}
END_TEST

START_TEST(every_truncation_and_flip_is_refused)
{
	pt_catalog cat = { 0 };
	const char *why = NULL;
	char path[256];
	snprintf(path, sizeof path, "%s/11.json", lessons);
	ck_assert(catalog_add_path(&cat, path, false, &why));
	size_t len;
	char *buf = encode(&cat, &len);
	pt_index ix;
	for (size_t n = 0; n < len; n++) {
		ck_assert_msg(!index_decode(buf, n, TAG, &ix), "decoded %zu of %zu bytes", n, len);
		ck_assert_uint_eq(ix.n, 0);
	}
	for (size_t i = 0; i < len; i++) {
		buf[i] ^= 0x20;
		ck_assert_msg(!index_decode(buf, len, TAG, &ix), "decoded with byte %zu changed", i);
		buf[i] ^= 0x20;
	}
	ck_assert(index_decode(buf, len, TAG, &ix));
	index_free(&ix);
	ck_assert(!index_decode(buf, len, TAG " 2", &ix)); /* another build */
	/* The same path twice (found by the fuzzer) is no index. */
	pt_index_writer w;
	index_writer_start(&w, TAG, NULL);
	pt_file_key k1 = { 1, 2, 3, 4, 5 }, k2 = { 1, 2, 3, 4, 6 };
	index_writer_add(&w, "a.json", &k1, cat.v[0].info, &cat.v[0].diags);
	index_writer_add(&w, "a.json", &k2, cat.v[0].info, &cat.v[0].diags);
	char *twice;
	size_t twice_len;
	ck_assert(index_writer_finish(&w, &twice, &twice_len));
	ck_assert(!index_decode(twice, twice_len, TAG, &ix));
	free(twice);
	buf[4] = (char)(PT_INDEX_VERSION + 1); /* another version, sealed again */
	unsigned long long sum = index_checksum(buf, len - 8);
	for (size_t i = 0; i < 8; i++)
		buf[len - 8 + i] = (char)(unsigned char)(sum >> (8 * i));
	ck_assert(!index_decode(buf, len, TAG, &ix));
	buf[4] = (char)PT_INDEX_VERSION; /* and back: the seal is all that changed */
	sum = index_checksum(buf, len - 8);
	for (size_t i = 0; i < 8; i++)
		buf[len - 8 + i] = (char)(unsigned char)(sum >> (8 * i));
	ck_assert(index_decode(buf, len, TAG, &ix));
	index_free(&ix);
	free(buf);
	catalog_free(&cat);
}
END_TEST

START_TEST(cold_warm_and_the_same_catalog)
{
	pt_catalog plain = { 0 }, cold = { 0 }, warm = { 0 };
	load_plain(&plain);
	load_indexed(&cold);
	ck_assert_uint_eq(cold.from_index, 0);
	ck_assert_uint_eq(cold.index_written, 1);
	same_catalog(&plain, &cold);
	load_indexed(&warm);
	ck_assert_uint_eq(warm.from_index, 5);
	ck_assert_uint_eq(warm.index_written, 0);
	same_catalog(&plain, &warm);
	for (size_t i = 0; i < warm.n; i++)
		ck_assert(!warm.v[i].loaded && warm.v[i].lesson == NULL);
	/* Loading a lesson in full gives what the index said. */
	for (size_t i = 0; i < warm.n; i++) {
		pt_lesson *l = catalog_lesson(&warm, i);
		ck_assert(warm.v[i].loaded);
		ck_assert_int_eq(l == NULL, plain.v[i].lesson == NULL);
	}
	same_catalog(&plain, &warm);
	catalog_free(&plain);
	catalog_free(&cold);
	catalog_free(&warm);
}
END_TEST

START_TEST(stale_entry_same_size_is_loaded_again)
{
	pt_catalog cold = { 0 }, warm = { 0 }, plain = { 0 };
	load_indexed(&cold);
	/* Same size, other text: one character of the title changes. */
	char path[256];
	snprintf(path, sizeof path, "%s/02.json", lessons);
	size_t len;
	pt_read_error err;
	char *text = file_read(path, PT_MAX_FILE_SIZE, &len, &err);
	char *title = strstr(text, "\"Scaling");
	ck_assert_ptr_nonnull(title);
	title[1] = 'Z';
	FILE *fp = fopen(path, "w");
	ck_assert_uint_eq(fwrite(text, 1, len, fp), len);
	fclose(fp);
	free(text);
	backdate(path); /* the same modification time again: the change time tells */
	load_indexed(&warm);
	ck_assert_uint_eq(warm.from_index, 4);
	ck_assert_uint_eq(warm.index_written, 1);
	ck_assert_str_eq(warm.v[1].info->title, "Zcaling prototypes into ML models");
	load_plain(&plain);
	same_catalog(&plain, &warm);
	catalog_free(&cold);
	catalog_free(&warm);
	catalog_free(&plain);
}
END_TEST

START_TEST(damaged_or_missing_index_is_rebuilt)
{
	pt_catalog cold = { 0 }, plain = { 0 };
	load_indexed(&cold);
	load_plain(&plain);
	char file[4200];
	ck_assert(index_file_for(cache, lessons, file, sizeof file));
	struct stat st;
	ck_assert_int_eq(stat(file, &st), 0);
	for (int damage = 0; damage < 4; damage++) {
		if (damage == 0) {
			ck_assert_int_eq(unlink(file), 0); /* deleted */
		} else {
			FILE *fp = fopen(file, "r+");
			ck_assert_ptr_nonnull(fp);
			if (damage == 1) {
				ck_assert_int_eq(ftruncate(fileno(fp), st.st_size / 2), 0); /* truncated */
			} else if (damage == 2) {
				fseek(fp, st.st_size / 3, SEEK_SET); /* corrupt bytes */
				fputs("garbage", fp);
			} else {
				fseek(fp, 4, SEEK_SET); /* another version */
				fputc(99, fp);
			}
			fclose(fp);
		}
		pt_catalog again = { 0 };
		load_indexed(&again);
		ck_assert_uint_eq(again.from_index, 0);
		ck_assert_uint_eq(again.index_written, 1);
		same_catalog(&plain, &again);
		catalog_free(&again);
		pt_catalog warm = { 0 };
		load_indexed(&warm);
		ck_assert_uint_eq(warm.from_index, 5);
		same_catalog(&plain, &warm);
		catalog_free(&warm);
	}
	catalog_free(&cold);
	catalog_free(&plain);
}
END_TEST

START_TEST(unwritable_cache_costs_only_speed)
{
	pt_catalog plain = { 0 }, a = { 0 }, b = { 0 };
	load_plain(&plain);
	/* The cache path is a file, so no index can be written under it. */
	FILE *fp = fopen(cache, "w");
	ck_assert_ptr_nonnull(fp);
	fclose(fp);
	load_indexed(&a);
	load_indexed(&b);
	ck_assert_uint_eq(a.index_written + b.index_written, 0);
	ck_assert_uint_eq(b.from_index, 0);
	same_catalog(&plain, &a);
	same_catalog(&plain, &b);
	catalog_free(&plain);
	catalog_free(&a);
	catalog_free(&b);
}
END_TEST

START_TEST(stats_from_info_equal_stats_from_lesson)
{
	pt_catalog cat = { 0 };
	load_plain(&cat);
	pt_progress *p = progress_open(NULL, 1700000000, &(pt_open_report){ 0 });
	ck_assert_ptr_nonnull(p);
	const pt_lesson *l = cat.v[0].lesson;
	for (size_t i = 0; i < l->n_items; i++) {
		pt_grade g;
		grade_init(&g, &l->items[i]);
		g.status = i % 3 == 2 ? PT_FAILED : PT_SOLVED;
		g.checks = 1 + (int)(i % 3);
		g.hints_shown = (int)(i % 2);
		if (i != 4)
			ck_assert(progress_record_item(p, l, &l->items[i], &g, 1700000000 + (time_t)i));
	}
	pt_lesson_scores sc1, sc2;
	progress_lesson_scores(p, l, &sc1);
	progress_info_scores(p, cat.v[0].info, &sc2);
	ck_assert_uint_eq(sc1.done, l->n_items - 1);
	ck_assert_uint_eq(sc1.done, sc2.done);
	ck_assert_uint_eq(sc1.total, sc2.total);
	ck_assert_int_eq(sc1.score, sc2.score);
	ck_assert_int_gt(sc1.score, 0);
	/* A lesson whose id another lesson's id starts with, or the other
	 * way round, has no records of its own. */
	const char *others[] = { "a", "zzz", "dp", "dp-vs-mp-2" };
	pt_lesson_info other = *cat.v[0].info;
	for (size_t k = 0; k < sizeof others / sizeof *others; k++) {
		char id[128];
		snprintf(id, sizeof id, "%s", others[k]);
		if (k == 2)
			snprintf(id, sizeof id, "%.*s", (int)strlen(l->id.s) / 2, l->id.s);
		if (k == 3)
			snprintf(id, sizeof id, "%s-2", l->id.s);
		other.id = id;
		progress_info_scores(p, &other, &sc2);
		ck_assert_uint_eq(sc2.done, 0);
		ck_assert_uint_eq(sc2.total, l->n_items);
		ck_assert_int_eq(sc2.score, 0);
	}
	progress_close(p);
	catalog_free(&cat);
}
END_TEST

/* Fails unless two statistics say the same of every lesson and concept. */
static void same_stats(const pt_stats *a, const pt_stats *b)
{
	ck_assert_uint_eq(a->n_lessons, b->n_lessons);
	for (size_t i = 0; i < a->n_lessons; i++) {
		const pt_stats_lesson *x = &a->lessons[i], *y = &b->lessons[i];
		ck_assert_str_eq(x->title, y->title);
		ck_assert_uint_eq(x->items, y->items);
		ck_assert_uint_eq(x->done, y->done);
		ck_assert_uint_eq(x->mastered, y->mastered);
		ck_assert_int_eq(x->percent, y->percent);
		ck_assert_uint_eq(x->number, y->number);
		ck_assert_int_eq(x->score, y->score);
		ck_assert_int_eq(x->attempt, y->attempt);
		ck_assert_uint_eq(x->answered, y->answered);
	}
	ck_assert_uint_eq(a->n_tags, b->n_tags);
	for (size_t t = 0; t < a->n_tags; t++) {
		ck_assert_str_eq(a->tags[t].name, b->tags[t].name);
		ck_assert_uint_eq(a->tags[t].items, b->tags[t].items);
		ck_assert_uint_eq(a->tags[t].done, b->tags[t].done);
		ck_assert_uint_eq(a->tags[t].seen, b->tags[t].seen);
		ck_assert_uint_eq(a->tags[t].due, b->tags[t].due);
	}
	ck_assert_uint_eq(a->items, b->items);
	ck_assert_uint_eq(a->done, b->done);
	ck_assert_uint_eq(a->due, b->due);
}

/* A learner who has answered in one lesson: the menu's statistics and
 * what to study next load that lesson and read the others from the
 * index, with the same figures as from every lesson loaded.  A lesson
 * whose items carry a concept it declares itself is loaded (declaring
 * it), as the index cannot say what the concept is. */
START_TEST(statistics_load_only_the_lessons_answered)
{
	char path[256];
	snprintf(path, sizeof path, "%s/40-own-concept.json", lessons);
	FILE *fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("{\"format\":2,\"id\":\"own\",\"title\":\"Own concept\",\"summary\":\"s\","
	    "\"concepts\":{\"ring-order\":\"the order of a ring\"},\"items\":[{\"id\":\"c\",\"kind\":\"choice\","
	    "\"difficulty\":\"easy\",\"prompt\":\"Which one?\",\"options\":[{\"text\":\"One\",\"correct\":true},"
	    "{\"text\":\"Two\",\"feedback\":\"Not two.\"}],\"tags\":[\"ring-order\",\"collectives\"],"
	    "\"hints\":[\"Think.\"],\"explanation\":\"Because.\"}]}\n", fp);
	ck_assert_int_eq(fclose(fp), 0);
	backdate(path);
	/* The index is written by another process, so that nothing here has
	 * declared ring-order before the statistics. */
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		pt_catalog cold = { 0 };
		load_indexed(&cold);
		catalog_free(&cold);
		_exit(0);
	}
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	pt_catalog warm = { 0 }, plain = { 0 };
	load_indexed(&warm);
	ck_assert_uint_eq(warm.from_index, 6);
	const time_t now = 1700000000;
	pt_progress *p = progress_open(NULL, now, &(pt_open_report){ 0 });
	ck_assert_ptr_nonnull(p);
	const pt_lesson *l = catalog_lesson(&warm, 1); /* 02.json */
	pt_grade g;
	grade_init(&g, &l->items[0]);
	g.status = PT_SOLVED;
	g.checks = 1;
	ck_assert(progress_record_item(p, l, &l->items[0], &g, now - 60));
	pt_stats a, b;
	ck_assert(stats_compute(p, &warm, now, 0, &a));
	ck_assert(!warm.v[0].loaded && !warm.v[2].loaded);
	ck_assert(warm.v[1].loaded && warm.v[5].loaded);
	ck_assert_ptr_null(a.lessons[0].lesson);
	ck_assert_str_eq(a.lessons[0].title, warm.v[0].info->title);
	load_plain(&plain);
	ck_assert(stats_compute(p, &plain, now, 0, &b));
	same_stats(&a, &b);
	bool own = false;
	for (size_t t = 0; t < a.n_tags; t++)
		own = own || (strcmp(a.tags[t].name, "ring-order") == 0 && a.tags[t].items == 1);
	ck_assert(own);
	stats_free(&a);
	stats_free(&b);
	pt_next na, nb;
	ck_assert(next_compute(p, &warm, now, NULL, &na));
	ck_assert(next_compute(p, &plain, now, NULL, &nb));
	ck_assert_str_eq(na.brief, nb.brief);
	ck_assert_uint_eq(na.n, nb.n);
	for (size_t i = 0; i < na.n; i++)
		ck_assert_str_eq(na.lines[i], nb.lines[i]);
	ck_assert(!warm.v[0].loaded && !warm.v[2].loaded);
	progress_close(p);
	catalog_free(&warm);
	catalog_free(&plain);
}
END_TEST

START_TEST(large_directory_is_stated_beside_the_decoding)
{
	/* 300 lessons: enough for the catalog to stat them on a helper thread. */
	char path[256];
	for (int i = 0; i < 300; i++) {
		snprintf(path, sizeof path, "%s/gen-%03d.json", lessons, i);
		FILE *fp = fopen(path, "w");
		ck_assert_ptr_nonnull(fp);
		fprintf(fp, "{\"format\":1,\"id\":\"gen-%d\",\"title\":\"Generated %d\",\"summary\":\"s\",\"items\":["
		    "{\"id\":\"c\",\"kind\":\"choice\",\"difficulty\":\"easy\",\"prompt\":\"Pick %d.\",\"options\":["
		    "{\"text\":\"yes\",\"correct\":true},{\"text\":\"no\",\"feedback\":\"not it\"}],"
		    "\"hints\":[\"h\"],\"explanation\":\"e\"}]}\n", i, i, i);
		ck_assert_int_eq(fclose(fp), 0);
		backdate(path);
	}
	pt_catalog plain = { 0 }, cold = { 0 }, warm = { 0 };
	load_plain(&plain);
	load_indexed(&cold);
	load_indexed(&warm);
	ck_assert_uint_eq(plain.n, 305);
	ck_assert_uint_eq(cold.from_index, 0);
	ck_assert_uint_eq(warm.from_index, 305);
	same_catalog(&plain, &cold);
	same_catalog(&plain, &warm);
	ck_assert_ptr_nonnull(catalog_find(&warm, "gen-299"));
	catalog_free(&plain);
	catalog_free(&cold);
	catalog_free(&warm);
}
END_TEST

/* Loads the scratch lessons through the index and checks what it did:
 * entries from the index, index files written, folders listed from it;
 * and that the catalog is the one without the index. */
static void load_expect(size_t from_index, size_t written, size_t listed)
{
	pt_catalog plain = { 0 }, cat = { 0 };
	load_plain(&plain);
	load_indexed(&cat);
	ck_assert_uint_eq(cat.from_index, from_index);
	ck_assert_uint_eq(cat.index_written, written);
	ck_assert_uint_eq(cat.dirs_listed, listed);
	same_catalog(&plain, &cat);
	catalog_free(&plain);
	catalog_free(&cat);
}

START_TEST(folder_listed_from_the_index_only_while_unchanged)
{
	load_expect(0, 1, 0); /* cold */
	load_expect(5, 0, 1); /* warm: the folder is not read */
	/* A lesson added, the folder's modification time set back as it was:
	 * its change time still tells, so the folder is read again. */
	struct stat before;
	ck_assert_int_eq(stat(lessons, &before), 0);
	char src[4096], dst[256];
	snprintf(src, sizeof src, "%s/content/13-collectives.json", test_srcdir());
	snprintf(dst, sizeof dst, "%s/13.json", lessons);
	copy_file(src, dst);
	backdate(dst);
	struct timespec t[2] = { before.st_atim, before.st_mtim };
	ck_assert_int_eq(utimensat(AT_FDCWD, lessons, t, 0), 0);
	load_expect(5, 1, 0);
	load_expect(6, 0, 1);
	/* Removed: read again. */
	ck_assert_int_eq(unlink(dst), 0);
	backdate(lessons);
	load_expect(5, 1, 0);
	load_expect(5, 0, 1);
	/* Modified in the second the index was written or later (a clock
	 * set back): never listed from it, however often it is written. */
	struct timespec later[2] = { { time(NULL) + 3600, 0 }, { time(NULL) + 3600, 0 } };
	ck_assert_int_eq(utimensat(AT_FDCWD, lessons, later, 0), 0);
	load_expect(5, 1, 0);
	load_expect(5, 1, 0);
	/* A dangling link among the lessons has no key: the index cannot list
	 * the folder, and is not written again for that alone. */
	backdate(lessons);
	snprintf(dst, sizeof dst, "%s/40-gone.json", lessons);
	ck_assert_int_eq(symlink("nowhere.json", dst), 0);
	backdate(lessons);
	load_expect(5, 0, 0);
	load_expect(5, 0, 0);
}
END_TEST

START_TEST(forged_folder_listing_is_not_followed)
{
	load_expect(0, 1, 0);
	/* An index that says it lists the folder as it is, with a path outside
	 * it, in a folder under it or beside it, or a name that is no lesson's:
	 * the folder is read instead. */
	struct stat st;
	ck_assert_int_eq(stat(lessons, &st), 0);
	pt_file_key dir, key = { 1, 2, 3, 4, 5 };
	index_key_of(&st, &dir);
	char bad[5][512];
	snprintf(bad[4], sizeof bad[4], "%s/01.json", lessons);
	bad[4][strlen(lessons) - 1] = 'z'; /* a folder beside it, its name as long */
	snprintf(bad[0], sizeof bad[0], "/etc/passwd");
	snprintf(bad[1], sizeof bad[1], "%s/../x.json", lessons);
	snprintf(bad[2], sizeof bad[2], "%s/sub/a.json", lessons);
	snprintf(bad[3], sizeof bad[3], "%s/notes.txt", lessons);
	for (size_t b = 0; b < 5; b++) {
		const char *path = bad[b];
		char file[4200];
		pt_index_writer w;
		index_writer_start(&w, TAG, &dir);
		pt_diags none = { 0 };
		index_writer_add(&w, path, &key, NULL, &none);
		char *buf;
		size_t len;
		ck_assert(index_writer_finish(&w, &buf, &len));
		ck_assert(index_file_for(cache, lessons, file, sizeof file));
		ck_assert(index_write(file, buf, len));
		free(buf);
		struct timespec t[2] = { { time(NULL) + 3600, 0 }, { time(NULL) + 3600, 0 } }; /* written "later" */
		ck_assert_int_eq(utimensat(AT_FDCWD, file, t, 0), 0);
		load_expect(0, 1, 0);
	}
}
END_TEST

/* Returns the index suite. */
static Suite *index_suite(void)
{
	Suite *s = suite_create("index");
	TCase *tc = tcase_create("index");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, round_trip);
	tcase_add_test(tc, every_truncation_and_flip_is_refused);
	tcase_add_test(tc, cold_warm_and_the_same_catalog);
	tcase_add_test(tc, stale_entry_same_size_is_loaded_again);
	tcase_add_test(tc, damaged_or_missing_index_is_rebuilt);
	tcase_add_test(tc, unwritable_cache_costs_only_speed);
	tcase_add_test(tc, stats_from_info_equal_stats_from_lesson);
	tcase_add_test(tc, statistics_load_only_the_lessons_answered);
	tcase_add_test(tc, large_directory_is_stated_beside_the_decoding);
	tcase_add_test(tc, folder_listed_from_the_index_only_while_unchanged);
	tcase_add_test(tc, forged_folder_listing_is_not_followed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(index_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

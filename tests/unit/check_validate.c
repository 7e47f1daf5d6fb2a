/* check_validate.c - every validator rule against a fixture whose exact
 * diagnostics (message, line and column) are listed in a .expect file. */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/catalog/codecheck.h"
#include "paratutor/load/convert_field.h"
#include "paratutor/load/load_kind.h"
#include "testutil.h"

/* Reads a whole text file; fails the test when it cannot. */
static char *slurp(const char *path)
{
	size_t len = 0;
	pt_read_error err;
	char *text = file_read(path, 1u << 20, &len, &err);
	if (text == NULL)
		ck_abort_msg("cannot read %s: %s", path, file_read_describe(&err));
	return text;
}

/* Formats every diagnostic of a catalog into one string, a line each,
 * with the fixture directory removed from every path. */
static char *render(const pt_catalog *cat, const char *strip)
{
	size_t cap = 1, n = 0;
	for (size_t i = 0; i < cat->n; i++)
		cap += cat->v[i].diags.n * 2048;
	char *out = calloc(cap, 1);
	ck_assert_ptr_nonnull(out);
	for (size_t i = 0; i < cat->n; i++) {
		for (size_t j = 0; j < cat->v[i].diags.n; j++) {
			char line[2048];
			diags_format(&cat->v[i].diags.v[j], line, sizeof line);
			for (char *at = strstr(line, strip); at != NULL; at = strstr(at, strip))
				memmove(at, at + strlen(strip), strlen(at + strlen(strip)) + 1);
			n += (size_t)snprintf(out + n, cap - n, "%s\n", line);
		}
	}
	return out;
}

/* Checks one fixture (a file or a directory) against its .expect file. */
static void check_fixture(const char *name)
{
	char dir[4096], path[4096 + 256], expect_path[4096 + 256 + 16];
	snprintf(dir, sizeof dir, "%s/tests/fixtures/bad/", test_srcdir());
	snprintf(path, sizeof path, "%s%s", dir, name);
	snprintf(expect_path, sizeof expect_path, "%s.expect", path);
	size_t n = strlen(expect_path);
	if (n > 12 && strcmp(expect_path + n - 12, ".json.expect") == 0)
		memmove(expect_path + n - 12, ".expect", 8);

	pt_catalog cat = { 0 };
	const char *why = NULL;
	ck_assert_msg(catalog_add_path(&cat, path, false, &why), "%s: %s", path, why);
	size_t unchecked; /* without python3 the parse check adds nothing */
	codecheck_catalog(&cat, NULL, &unchecked);
	char *got = render(&cat, dir);
	char *want = slurp(expect_path);
	ck_assert_msg(strcmp(got, want) == 0, "%s\n--- expected:\n%s--- got:\n%s", name, want, got);
	size_t errors, warnings;
	catalog_count(&cat, &errors, &warnings);
	ck_assert_msg(errors + warnings > 0, "%s produced no diagnostic", name);
	free(got);
	free(want);
	catalog_free(&cat);
}

/* One test per fixture in tests/fixtures/bad. */
START_TEST(test_bad_fixtures)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/tests/fixtures/bad", test_srcdir());
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	struct dirent *de;
	int count = 0;
	while ((de = readdir(d)) != NULL) {
		size_t n = strlen(de->d_name);
		if (de->d_name[0] == '.' || (n > 7 && strcmp(de->d_name + n - 7, ".expect") == 0))
			continue;
		check_fixture(de->d_name);
		count++;
	}
	closedir(d);
	ck_assert_int_ge(count, 20);
}
END_TEST

/* Name order of directory entries, for qsort. */
static int name_order(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory, loaded on several threads, gives the same entries in the
 * same order with the same diagnostics as its files added one by one. */
START_TEST(test_directory_matches_files)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/tests/fixtures/bad/", test_srcdir());
	pt_catalog whole = { 0 }, single = { 0 };
	const char *why = NULL;
	ck_assert_msg(catalog_add_path(&whole, dir, false, &why), "%s: %s", dir, why);
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	char *names[256];
	size_t n = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL && n < 256) {
		size_t len = strlen(de->d_name);
		if (de->d_name[0] != '.' && len > 5 && strcmp(de->d_name + len - 5, ".json") == 0)
			names[n++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, name_order);
	for (size_t i = 0; i < n; i++) {
		char path[4400];
		snprintf(path, sizeof path, "%s%s", dir, names[i]);
		ck_assert(catalog_add_path(&single, path, false, &why));
		free(names[i]);
	}
	ck_assert_uint_ge(whole.n, 20);
	ck_assert_uint_eq(whole.n, single.n);
	for (size_t i = 0; i < whole.n; i++)
		ck_assert_str_eq(whole.v[i].path, single.v[i].path);
	char *a = render(&whole, dir), *b = render(&single, dir);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	catalog_free(&whole);
	catalog_free(&single);
}
END_TEST

/* Writes a lesson file of n choice items under dir; with broken set, one
 * item lacks its prompt.  Returns the file's size. */
static long write_big_lesson(const char *dir, const char *name, const char *id, int n, bool broken)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fprintf(fp, "{\"format\": 1, \"id\": \"%s\", \"title\": \"Big %s\", \"summary\": \"Many items.\",\n \"items\": [\n", id, id);
	for (int i = 0; i < n; i++)
		fprintf(fp, "  {\"id\": \"q%d\", \"kind\": \"choice\", \"difficulty\": \"easy\",%s\n"
		    "   \"options\": [{\"text\": \"Replicate the model on every GPU\", \"correct\": true},\n"
		    "               {\"text\": \"Split the layers\", \"feedback\": \"That is model parallelism, not data parallelism.\"}]}%s\n",
		    i, broken && i == n / 2 ? "" : " \"prompt\": \"Which describes data parallelism?\",",
		    i + 1 < n ? "," : "");
	fputs("]}\n", fp);
	long size = ftell(fp);
	fclose(fp);
	return size;
}

/* A directory big enough to load on several threads gives the same
 * entries, in name order, with the same diagnostics (a broken item, a
 * duplicate lesson id) as its files added one by one. */
START_TEST(test_threaded_directory_matches_files)
{
	char dir[] = "/tmp/paratutor-threads-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	const char *const names[] = { "a.json", "b.json", "c.json", "d.json" };
	const char *const ids[] = { "first", "second", "first", "fourth" };
	long total = 0;
	for (int f = 0; f < 4; f++)
		total += write_big_lesson(dir, names[f], ids[f], 2500, f == 1);
	ck_assert_int_gt(total, 2 << 20); /* enough for a helper thread */
	pt_catalog whole = { 0 }, single = { 0 };
	const char *why = NULL;
	ck_assert(catalog_add_path(&whole, dir, false, &why));
	for (int f = 0; f < 4; f++) {
		char path[4400];
		snprintf(path, sizeof path, "%s/%s", dir, names[f]);
		ck_assert(catalog_add_path(&single, path, false, &why));
	}
	ck_assert_uint_eq(whole.n, 4);
	ck_assert_uint_eq(single.n, 4);
	char *a = render(&whole, dir), *b = render(&single, dir);
	ck_assert_str_eq(a, b);
	ck_assert_ptr_nonnull(strstr(a, "/b.json:"));
	ck_assert_ptr_nonnull(strstr(a, "duplicate lesson id \"first\""));
	for (int f = 0; f < 4; f++) {
		ck_assert_str_eq(whole.v[f].path + strlen(dir) + 1, names[f]);
		ck_assert_uint_eq(whole.v[f].lesson->n_items, 2500);
		char path[4400];
		snprintf(path, sizeof path, "%s/%s", dir, names[f]);
		unlink(path);
	}
	free(a);
	free(b);
	catalog_free(&whole);
	catalog_free(&single);
	rmdir(dir);
}
END_TEST

/* The good fixtures and every bundled lesson load with no error. */
START_TEST(test_good_lessons_clean)
{
	const char *const paths[] = { "tests/fixtures/good", "tests/fixtures/good/format2", "content" };
	for (size_t p = 0; p < 3; p++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", test_srcdir(), paths[p]);
		pt_catalog cat = { 0 };
		const char *why = NULL;
		ck_assert_msg(catalog_add_path(&cat, path, false, &why), "%s: %s", path, why);
		for (size_t i = 0; i < cat.n; i++) {
			diags_print(&cat.v[i].diags, stderr);
			ck_assert_msg(!cat.v[i].broken, "%s is broken", cat.v[i].path);
		}
		ck_assert_uint_gt(cat.n, 0);
		catalog_free(&cat);
	}
}
END_TEST

/* A file over the size cap is refused with a clear error, not read. */
START_TEST(test_file_too_large)
{
	char path[] = "/tmp/paratutor-big-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	FILE *fp = fdopen(fd, "w");
	ck_assert_ptr_nonnull(fp);
	for (size_t i = 0; i < PT_MAX_FILE_SIZE / 8 + 1; i++)
		fputs("        ", fp);
	fclose(fp);
	pt_diags d = { 0 };
	ck_assert_ptr_null(load_lesson_file(path, NULL, &d));
	ck_assert_uint_eq(d.n, 1);
	ck_assert_str_eq(d.v[0].message, "file is larger than 4 MiB; split the lesson");
	diags_free(&d);
	unlink(path);
}
END_TEST

/* A missing file reports the system's reason. */
START_TEST(test_missing_file)
{
	pt_diags d = { 0 };
	ck_assert_ptr_null(load_lesson_file("/nonexistent/lesson.json", NULL, &d));
	ck_assert_uint_eq(d.errors, 1);
	ck_assert_str_eq(d.v[0].message, "cannot read: No such file or directory");
	diags_free(&d);
}
END_TEST

/* Positions count characters, not bytes, and lines from 1. */
START_TEST(test_offset_pos)
{
	const char *text = "ab\n\xc3\xa9x\ny";
	pt_pos p = load_offset_pos(text, strlen(text), 5);
	ck_assert_int_eq(p.line, 2);
	ck_assert_int_eq(p.col, 2);
	p = load_offset_pos(text, strlen(text), 7);
	ck_assert_int_eq(p.line, 3);
	ck_assert_int_eq(p.col, 1);
}
END_TEST

/* The loader keeps every field of the good fixture. */
START_TEST(test_fields_loaded)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/fixtures/good/minimal.json", test_srcdir());
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_file(path, NULL, &d);
	ck_assert_ptr_nonnull(l);
	ck_assert_str_eq(l->id.s, "fixture-minimal");
	ck_assert_uint_eq(l->n_items, 3);
	const pt_item *fill = &l->items[0];
	ck_assert_int_eq(fill->kind, PT_KIND_FILL);
	ck_assert_str_eq(fill->code.s, "parts = data.{{1}}(n)\nx = parts[1].{{2}}()");
	ck_assert_uint_eq(fill->bank.n, 4);
	ck_assert_uint_eq(fill->n_blanks, 2);
	ck_assert_str_eq(lesson_blank_feedback(fill, 0, 0), "batch groups elements.");
	ck_assert(lesson_blank_accepts(fill, 0, 1));
	ck_assert_uint_eq(fill->solution.steps.n, 2);
	ck_assert_str_eq(fill->solution.check.s, "Divide then reduce.");
	ck_assert_str_eq(fill->note.s, "Changed from the source.");
	ck_assert_str_eq(fill->refs[0].url.s, "https://example.org/docs");
	ck_assert_int_eq(fill->code.pos.line, 14);
	ck_assert_int_eq(fill->code.pos.col, 15);
	ck_assert_int_eq(l->items[1].attempts, 2);
	ck_assert_int_eq(l->items[2].attempts, 3);
	ck_assert_int_eq(l->items[2].difficulty, PT_HARD);
	ck_assert_uint_eq(lesson_correct_count(&l->items[2]), 2);
	char *filled = validate_fill_answers(fill);
	ck_assert_str_eq(filled, "parts = data.split(n)\nx = parts[1].sum()");
	free(filled);
	lesson_free(l);
	diags_free(&d);
}
END_TEST

/* A blank used twice is an error for --check, but the filled code is
 * still built for it (codecheck, fuzzing): each use is filled, and the
 * answer is longer than its placeholder, so a result sized by blanks
 * alone would overflow (found by fuzzing). */
/* Every field name of the format is found by the loader's lookup (a
 * bsearch over a table that must stay sorted), and a misspelt one is not. */
START_TEST(test_field_names)
{
	for (int k = 0; k <= N_FIELDS; k++) {
		cJSON *obj = cJSON_CreateObject();
		ck_assert_ptr_nonnull(cJSON_AddNullToObject(obj, k < N_FIELDS ? field_name((pt_field)k) : "explaination"));
		pt_fields f;
		field_scan(obj, ~0ull, &f);
		int found = -1;
		for (int i = 0; i < N_FIELDS; i++)
			if (f.v[i] != NULL)
				found = i;
		ck_assert_msg(found == (k < N_FIELDS ? k : -1), "field %d (%s) looked up as %d", k,
		    k < N_FIELDS ? field_name((pt_field)k) : "explaination", found);
		cJSON_Delete(obj);
	}
}
END_TEST

START_TEST(test_fill_answers_repeated_blank)
{
	const char *text = "{\"format\":1,\"id\":\"r\",\"title\":\"t\",\"summary\":\"s\",\"items\":[{\"id\":\"q\","
	    "\"kind\":\"fill\",\"difficulty\":\"easy\",\"prompt\":\"P\",\"code\":\"{{1}}+{{1}}+{{1}}\","
	    "\"bank\":[\"all_reduce_coalesced\",\"b\"],\"blanks\":[{\"accept\":[\"all_reduce_coalesced\"]}],"
	    "\"hints\":[\"h\"],\"explanation\":\"e\"}]}";
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("test.json", text, strlen(text), &d);
	ck_assert_ptr_nonnull(l);
	validate_lesson(l, &d);
	ck_assert_uint_eq(d.errors, 2); /* the second and third {{1}} */
	char *filled = validate_fill_answers(&l->items[0]);
	ck_assert_str_eq(filled, "all_reduce_coalesced+all_reduce_coalesced+all_reduce_coalesced");
	free(filled);
	lesson_free(l);
	diags_free(&d);
}
END_TEST

/* The graded-content hash changes with answers but not with prose. */
START_TEST(test_item_hash)
{
	const char *a = "{\"format\":1,\"id\":\"h\",\"title\":\"t\",\"summary\":\"s\",\"items\":[{\"id\":\"q\",\"kind\":\"choice\","
	    "\"difficulty\":\"easy\",\"prompt\":\"P\",\"options\":[{\"text\":\"A\",\"correct\":true},{\"text\":\"B\",\"feedback\":\"f\"}],"
	    "\"hints\":[\"h\"],\"explanation\":\"e\"}]}";
	const char *b = "{\"format\":1,\"id\":\"h\",\"title\":\"t\",\"summary\":\"s\",\"items\":[{\"id\":\"q\",\"kind\":\"choice\","
	    "\"difficulty\":\"easy\",\"prompt\":\"Reworded\",\"options\":[{\"text\":\"A\",\"correct\":true},{\"text\":\"B\",\"feedback\":\"g\"}],"
	    "\"hints\":[\"h2\"],\"explanation\":\"e2\"}]}";
	const char *c = "{\"format\":1,\"id\":\"h\",\"title\":\"t\",\"summary\":\"s\",\"items\":[{\"id\":\"q\",\"kind\":\"choice\","
	    "\"difficulty\":\"easy\",\"prompt\":\"P\",\"options\":[{\"text\":\"A\",\"feedback\":\"f\"},{\"text\":\"B\",\"correct\":true}],"
	    "\"hints\":[\"h\"],\"explanation\":\"e\"}]}";
	pt_lesson *la = test_lesson(a), *lb = test_lesson(b), *lc = test_lesson(c);
	ck_assert(lesson_item_hash(&la->items[0]) == lesson_item_hash(&lb->items[0]));
	ck_assert(lesson_item_hash(&la->items[0]) != lesson_item_hash(&lc->items[0]));
	lesson_free(la);
	lesson_free(lb);
	lesson_free(lc);
}
END_TEST

/* Columns stay exact after long runs of ASCII and of multibyte text in
 * strings, which the scanner skips in bulk: a key after them is reported
 * where a byte-by-byte count puts it. */
START_TEST(test_positions_after_long_strings)
{
	const char *text =
	    "{\"format\": 1, \"id\": \"u\", \"title\": \"plain ascii text that runs for a while\", "
	    "\"summary\": \"caf\xc3\xa9 na\xc3\xafve r\xc3\xa9sum\xc3\xa9 \xe2\x9c\x93 \\\"quoted\\\" and more ascii after\", "
	    "\"zzz\": 1, \"items\": []}";
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("t.json", text, strlen(text), &d);
	ck_assert_ptr_nonnull(l);
	const char *key = strstr(text, "\"zzz\"");
	pt_pos want = load_offset_pos(text, strlen(text), (size_t)(key - text));
	bool found = false;
	for (size_t i = 0; i < d.n; i++) {
		if (strstr(d.v[i].message, "unknown field \"zzz\"") == NULL)
			continue;
		found = true;
		ck_assert_int_eq(d.v[i].pos.line, want.line);
		ck_assert_int_eq(d.v[i].pos.col, want.col);
	}
	ck_assert(found);
	ck_assert_int_eq(want.col, (int)(key - text) + 1 - 6); /* 6 continuation bytes before it */
	lesson_free(l);
	diags_free(&d);
}
END_TEST

/* Whatever a string holds and wherever (an escape, a multibyte
 * character, in the 16- and 8-byte blocks the scanner skips or in the
 * tail), a key after it is reported where a byte-by-byte count puts it. */
START_TEST(test_positions_after_any_string)
{
	static const char *const specials[] = { "\\\"", "\\n", "\xc3\xa9", "\xe2\x9c\x93", "\\u00e9" };
	static const char *const decoded[] = { "\"", "\n", "\xc3\xa9", "\xe2\x9c\x93", "\xc3\xa9" };
	for (size_t sp = 0; sp < sizeof specials / sizeof specials[0]; sp++) {
		for (int before = 0; before < 40; before++) {
			char value[128], text[512];
			snprintf(value, sizeof value, "%.*s%s%s", before,
			    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP", specials[sp], "tail text 0123456789");
			snprintf(text, sizeof text, "{\"format\": 1, \"id\": \"u\", \"title\": \"%s\", "
			    "\"summary\": \"%s\", \"zzz\": 1, \"items\": []}", value, value);
			pt_diags d = { 0 };
			pt_lesson *l = load_lesson_text("t.json", text, strlen(text), &d);
			ck_assert_ptr_nonnull(l);
			pt_pos want = load_offset_pos(text, strlen(text), (size_t)(strstr(text, "\"zzz\"") - text));
			bool found = false;
			for (size_t i = 0; i < d.n; i++) {
				if (strstr(d.v[i].message, "unknown field \"zzz\"") == NULL)
					continue;
				found = true;
				ck_assert_int_eq(d.v[i].pos.line, want.line);
				ck_assert_int_eq(d.v[i].pos.col, want.col);
			}
			ck_assert(found);
			char expect[128];
			snprintf(expect, sizeof expect, "%.*s%s%s", before,
			    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP", decoded[sp], "tail text 0123456789");
			ck_assert_str_eq(l->title.s, expect);
			ck_assert_str_eq(l->summary.s, expect);
			lesson_free(l);
			diags_free(&d);
		}
	}
}
END_TEST

/* Loads text and returns its diagnostics, one formatted line each. */
static char *diags_of(const char *text, size_t *n_items)
{
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("t.json", text, strlen(text), &d);
	ck_assert_ptr_nonnull(l);
	*n_items = l->n_items;
	pt_catalog cat = { 0 };
	pt_entry e = { .path = "t.json", .lesson = l, .diags = d };
	cat.v = &e;
	cat.n = 1;
	char *out = render(&cat, "/no/such/dir/");
	lesson_free(l);
	diags_free(&d);
	return out;
}

/* Items are parsed one at a time; positions inside later items, a second
 * "items" field and a key spelled with an escape (parsed whole) all come
 * out the same as for the whole file. */
START_TEST(test_items_parsed_apart)
{
	const char *head = "{\"format\": 1, \"id\": \"u\", \"title\": \"T\", \"summary\": \"S\",\n";
	const char *body =
	    " [\n"
	    "  {\"id\": \"a\", \"kind\": \"choice\", \"difficulty\": \"easy\", \"prompt\": \"P\",\n"
	    "   \"options\": [{\"text\": \"x\", \"correct\": true}, {\"text\": \"y\"}]},\n"
	    "  7,\n"
	    "  {\"id\": \"b\", \"kind\": \"multi\", \"difficulty\": \"hard\", \"prompt\": \"Q\", \"bogus\": 1,\n"
	    "   \"options\": [{\"text\": \"x\", \"correct\": true}, {\"text\": \"\"}]}\n"
	    " ],\n"
	    " \"items\": []}\n";
	char plain[2048], escaped[2048];
	snprintf(plain, sizeof plain, "%s\"items\":%s", head, body);
	snprintf(escaped, sizeof escaped, "%s\"\\u0069tems\":%s", head, body);
	size_t n_plain = 0, n_escaped = 0;
	char *a = diags_of(plain, &n_plain);
	char *b = diags_of(escaped, &n_escaped);
	ck_assert_uint_eq(n_plain, 2);
	ck_assert_uint_eq(n_escaped, 2);
	ck_assert_ptr_nonnull(strstr(a, "t.json:6:69: error: unknown field \"bogus\" in a multi item"));
	ck_assert_ptr_nonnull(strstr(a, "t.json:5:3: error: \"items[]\" must be an object, not a number"));
	ck_assert_ptr_nonnull(strstr(a, "t.json:7:57: error: \"text\" is empty"));
	ck_assert_ptr_nonnull(strstr(a, "t.json:9:2: error: field \"items\" appears twice in the lesson (first at line 2)"));
	/* The escaped key moves nothing after its own line. */
	ck_assert_ptr_nonnull(strstr(b, "t.json:6:69: error: unknown field \"bogus\" in a multi item"));
	ck_assert_ptr_nonnull(strstr(b, "t.json:7:57: error: \"text\" is empty"));
	free(a);
	free(b);
}
END_TEST

/* ---- every lesson file loads or says why ------------------------------ */

/* Loads and validates text, asserting that when it builds no lesson it
 * says why. */
static void loads_or_says_why(const char *name, const char *text, size_t len)
{
	pt_diags d = { 0 };
	pt_lesson *lesson = load_lesson_text(name, text, len, &d);
	ck_assert_msg(lesson != NULL || d.errors > 0, "%s: no lesson and no error", name);
	if (lesson != NULL)
		validate_lesson(lesson, &d);
	lesson_free(lesson);
	diags_free(&d);
}

/* Loads every .json file under dir (and its subdirectories) as above;
 * returns how many there were. */
static int loads_or_says_why_in(const char *dir)
{
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot open %s", dir);
	int count = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		char path[4400];
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		struct stat st;
		ck_assert_int_eq(stat(path, &st), 0);
		size_t n = strlen(de->d_name);
		if (S_ISDIR(st.st_mode)) {
			count += loads_or_says_why_in(path);
		} else if (n > 5 && strcmp(de->d_name + n - 5, ".json") == 0) {
			size_t len = 0;
			pt_read_error err;
			char *text = file_read(path, PT_MAX_FILE_SIZE, &len, &err);
			ck_assert_msg(text != NULL, "%s: %s", path, file_read_describe(&err));
			loads_or_says_why(path, text, len);
			free(text);
			count++;
		}
	}
	closedir(d);
	return count;
}

/* Every bundled lesson and every fixture either loads or gives an error
 * saying why not. */
START_TEST(test_every_file_loads_or_says_why)
{
	static const char *const dirs[] = {
		"content", "tests/fixtures/good", "tests/fixtures/bad", "tests/fixtures/cli", "tests/schema/cases",
	};
	int total = 0;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		char dir[4096];
		snprintf(dir, sizeof dir, "%s/%s", test_srcdir(), dirs[i]);
		int n = loads_or_says_why_in(dir);
		ck_assert_msg(n > 0, "no lesson files in %s", dir);
		total += n;
	}
	ck_assert_int_ge(total, 50);
	/* An escaped key beside the same key, escaped strings, a root that is
	 * no object, a fill code with escapes, a lone surrogate. */
	static const char *const texts[] = {
		"{\"format\": 1, \"id\": \"u\", \"title\": \"T\", \"summary\": \"S\", \"\\u0069tems\": [7], \"items\": [1, {}]}",
		"{\"format\": 1, \"id\": \"u\", \"title\": \"t\\\"q\", \"summary\": \"\\u00e9\", \"items\": {}}",
		"[1, 2]",
		"{\"items\": [{\"id\": \"a\", \"kind\": \"fill\", \"code\": \"x = \\\"\\t\\\" + {{01}}\", \"blanks\": [{}]}]}",
		"{\"items\": [\"\\ud800\"]}",
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		loads_or_says_why("t.json", texts[i], strlen(texts[i]));
}
END_TEST

/* ---- diagnostics that cannot be kept ---------------------------------- */

/* A diagnostic the list cannot keep still counts, so a broken lesson
 * never looks clean, and the list says how many it lost. */
START_TEST(test_dropped_diagnostics_still_count)
{
	pt_diags d = { .limit = 1 };
	diags_add(&d, "a.json", (pt_pos){ 1, 1 }, PT_WARNING, "kept");
	diags_add(&d, "a.json", (pt_pos){ 2, 1 }, PT_ERROR, "not kept");
	diags_add(&d, "a.json", (pt_pos){ 3, 1 }, PT_ERROR, "not kept either");
	ck_assert_uint_eq(d.n, 1);
	ck_assert_uint_eq(d.errors, 2);
	ck_assert_uint_eq(d.warnings, 1);
	ck_assert_uint_eq(d.dropped, 2);
	char line[512];
	ck_assert(diags_format_dropped(&d, "a.json", line, sizeof line));
	ck_assert_str_eq(line, "a.json: error: out of memory: 2 more diagnostics could not be kept; "
	    "check this file on its own or free some memory");
	diags_free(&d);
	ck_assert(!diags_format_dropped(&d, "a.json", line, sizeof line));
}
END_TEST

/* ---- paths that are not lesson files ---------------------------------- */

/* A FIFO is refused at once, by path or inside a directory, instead of
 * waiting for a writer; so are a device and a directory read as a file. */
START_TEST(test_not_regular_files)
{
	char dir[] = "/tmp/paratutor-fifo-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char fifo[4200];
	snprintf(fifo, sizeof fifo, "%s/pipe.json", dir);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	pt_catalog cat = { 0 };
	const char *why = NULL;
	ck_assert(!catalog_add_path(&cat, fifo, false, &why));
	ck_assert_str_eq(why, "not a regular file (a FIFO); give a lesson .json file or a directory");
	ck_assert(!catalog_add_path(&cat, "/dev/null", false, &why));
	ck_assert_str_eq(why, "not a regular file (a character device); give a lesson .json file or a directory");
	ck_assert(catalog_add_path(&cat, dir, false, &why));
	ck_assert_uint_eq(cat.n, 1);
	ck_assert(cat.v[0].broken);
	ck_assert_str_eq(cat.v[0].diags.v[0].message, "cannot read: not a regular file (a FIFO); a lesson is a .json file");
	catalog_free(&cat);
	pt_diags d = { 0 };
	ck_assert_ptr_null(load_lesson_file(dir, NULL, &d));
	ck_assert_str_eq(d.v[0].message, "cannot read: not a regular file (a directory); a lesson is a .json file");
	diags_free(&d);
	unlink(fifo);
	rmdir(dir);
}
END_TEST

/* UTF-8 validation rejects overlongs, surrogates and stray bytes. */
START_TEST(test_utf8)
{
	ck_assert(validate_utf8("caf\xc3\xa9 \xe2\x9c\x93", 9));
	ck_assert(validate_utf8("\xef\xbf\xbd", 3));
	ck_assert(!validate_utf8("\xc0\xaf", 2));
	ck_assert(!validate_utf8("\xed\xa0\x80", 3));
	ck_assert(!validate_utf8("\xff", 1));
	ck_assert(!validate_utf8("\xe2\x9c", 2));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("validate");
	TCase *tc = tcase_create("rules");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_bad_fixtures);
	tcase_add_test(tc, test_good_lessons_clean);
	tcase_add_test(tc, test_directory_matches_files);
	tcase_add_test(tc, test_threaded_directory_matches_files);
	tcase_add_test(tc, test_file_too_large);
	tcase_add_test(tc, test_missing_file);
	tcase_add_test(tc, test_offset_pos);
	tcase_add_test(tc, test_fields_loaded);
	tcase_add_test(tc, test_field_names);
	tcase_add_test(tc, test_item_hash);
	tcase_add_test(tc, test_fill_answers_repeated_blank);
	tcase_add_test(tc, test_utf8);
	tcase_add_test(tc, test_positions_after_long_strings);
	tcase_add_test(tc, test_items_parsed_apart);
	tcase_add_test(tc, test_positions_after_any_string);
	tcase_add_test(tc, test_every_file_loads_or_says_why);
	tcase_add_test(tc, test_dropped_diagnostics_still_count);
	tcase_add_test(tc, test_not_regular_files);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

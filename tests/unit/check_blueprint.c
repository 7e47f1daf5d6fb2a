/* check_blueprint.c - exam blueprints: reading one with located
 * diagnostics, and papers drawn to its shares by largest remainder over
 * many seeds and sizes on the bundled lessons. */
#include <math.h>

#include "paratutor/load/blueprint.h"
#include "paratutor/catalog/catalog.h"
#include "paratutor/learn/exam.h"
#include "testutil.h"

#define T0 ((time_t)1700000000)

/* Parses text; returns the diagnostics (caller frees) and fills bp. */
static pt_diags parse(pt_blueprint *bp, const char *text)
{
	pt_diags d = { 0 };
	blueprint_parse(bp, "bp.json", text, strlen(text), &d);
	return d;
}

/* Asserts that diagnostic k of d is at line:col and holds words. */
static void diag_is(const pt_diags *d, size_t k, int line, int col, const char *words)
{
	ck_assert_msg(k < d->n, "only %zu diagnostics", d->n);
	char buf[1024];
	diags_format(&d->v[k], buf, sizeof buf);
	ck_assert_msg(d->v[k].pos.line == line && d->v[k].pos.col == col && strstr(buf, words) != NULL,
	    "wanted %d:%d %s, got %s", line, col, words, buf);
}

/* A good blueprint reads; each fault of a bad one is reported where it
 * is written. */
START_TEST(test_parse)
{
	pt_blueprint bp;
	pt_diags d = parse(&bp, "{\n  \"blueprint\": 1,\n  \"shares\": {\"a\": 62.5, \"b\": 37.5}\n}\n");
	ck_assert_uint_eq(d.errors, 0);
	ck_assert_uint_eq(bp.n, 2);
	ck_assert_str_eq(bp.v[0].lesson, "a");
	ck_assert_double_eq_tol(bp.v[0].percent, 62.5, 1e-12);
	ck_assert_int_eq(bp.v[1].pos.line, 3);
	ck_assert_int_eq(bp.v[1].pos.col, 25);
	ck_assert_str_eq(bp.path, "bp.json");
	blueprint_free(&bp);
	diags_free(&d);

	d = parse(&bp, "{\n"
	               "  \"blueprint\": \"1\",\n"
	               "  \"sahres\": 1,\n"
	               "  \"shares\": {\n"
	               "    \"a\": 50,\n"
	               "    \"b\": \"half\",\n"
	               "    \"c\": -5,\n"
	               "    \"a\": 10,\n"
	               "    \"\": 5,\n"
	               "    \"d\": 101\n"
	               "  }\n"
	               "}\n");
	ck_assert_uint_eq(d.errors, 7);
	diags_sort(&d);
	diag_is(&d, 0, 2, 16, "\"blueprint\" must be 1");
	diag_is(&d, 1, 3, 3, "unknown field \"sahres\" in a blueprint; did you mean \"shares\"?");
	diag_is(&d, 2, 6, 10, "the share of lesson \"b\" must be a number");
	diag_is(&d, 3, 7, 10, "the share of lesson \"c\" is -5");
	diag_is(&d, 4, 8, 5, "lesson \"a\" has a share already (at line 5, column 5)");
	diag_is(&d, 5, 9, 5, "a share needs a lesson id");
	diag_is(&d, 6, 10, 10, "the share of lesson \"d\" is 101");
	blueprint_free(&bp);
	diags_free(&d);

	d = parse(&bp, "{\"blueprint\": 1, \"shares\": {\"a\": 50, \"b\": 30}}");
	ck_assert_uint_eq(d.errors, 1);
	diag_is(&d, 0, 1, 18, "the shares add up to 80 %, not 100 %");
	blueprint_free(&bp);
	diags_free(&d);

	d = parse(&bp, "{\"blueprint\": 1}");
	diag_is(&d, 0, 1, 1, "a blueprint needs \"shares\"");
	blueprint_free(&bp);
	diags_free(&d);
	d = parse(&bp, "{\"blueprint\": 1, \"shares\": []}");
	diag_is(&d, 0, 1, 28, "\"shares\" must be an object");
	blueprint_free(&bp);
	diags_free(&d);
	d = parse(&bp, "{\"blueprint\": 1,\n \"shares\": {\"a\": 100,}}");
	diag_is(&d, 0, 2, 21, "invalid JSON: trailing comma");
	blueprint_free(&bp);
	diags_free(&d);
	d = parse(&bp, "[1, 2]");
	diag_is(&d, 0, 1, 1, "a blueprint is a JSON object");
	blueprint_free(&bp);
	diags_free(&d);

	ck_assert(blueprint_recognise("{\"shares\": {}, \"blueprint\": 1}", 30));
	ck_assert(!blueprint_recognise("{\"format\": 2, \"id\": \"x\"}", 24));
	ck_assert(!blueprint_recognise("not json", 8));
}
END_TEST

/* Returns true for the ids "a" and "bb". */
static bool known_ab(const void *ctx, const char *id)
{
	(void)ctx;
	return strcmp(id, "a") == 0 || strcmp(id, "bb") == 0;
}

/* A lesson id no lesson has is reported at it, with the nearest id. */
START_TEST(test_ids)
{
	pt_blueprint bp;
	pt_diags d = parse(&bp, "{\"blueprint\": 1, \"shares\": {\"a\": 50, \"collectivs\": 25, \"zzz\": 25}}");
	ck_assert_uint_eq(d.errors, 0);
	const char *names[] = { "a", "collectives", "bb" };
	ck_assert_uint_eq(blueprint_check_ids(&bp, known_ab, NULL, names, 3, &d), 2);
	diag_is(&d, 0, 1, 38, "no lesson has the id \"collectivs\"; did you mean \"collectives\"?");
	ck_assert_ptr_null(strstr(d.v[1].message, "did you mean"));
	blueprint_free(&bp);
	diags_free(&d);
}
END_TEST

/* Largest remainder: got is count * part / total rounded down or up. */
static bool floor_or_ceil(size_t got, size_t count, double part, double total)
{
	double exact = (double)count * part / total;
	return (double)got >= floor(exact + 1e-9) - 1e-9 && (double)got <= ceil(exact - 1e-9) + 1e-9;
}

/* The bundled lessons under a four-lesson blueprint: over 50 seeds and
 * papers of 7, 10, 20 and 25 items, each lesson gives its blueprint share
 * within one (largest remainder), its items of each difficulty in
 * proportion to what it holds within one, and no other lesson gives any
 * (the adversary: the pool's own shares, which the blueprint overrides). */
START_TEST(test_draw_to_blueprint)
{
	char dir[1024];
	const char *why = NULL;
	snprintf(dir, sizeof dir, "%s/content", test_srcdir());
	pt_catalog c = { 0 };
	ck_assert_msg(catalog_add_path(&c, dir, false, &why), "%s: %s", dir, why ? why : "");
	catalog_load_all(&c);
	const char *text = "{\"blueprint\": 1, \"shares\": {\"dp-vs-mp\": 40, \"collectives\": 27.5, "
	                   "\"memory-sharding\": 20, \"tensor-parallel\": 12.5}}";
	pt_blueprint bp;
	pt_diags d = parse(&bp, text);
	ck_assert_uint_eq(d.errors, 0);
	diags_free(&d);
	static const size_t sizes[] = { 7, 10, 20, 25 };
	for (size_t z = 0; z < 4; z++)
		for (unsigned long long seed = 1; seed <= 50; seed++) {
			pt_exam_config cfg;
			exam_config_default(&cfg);
			cfg.count = sizes[z];
			cfg.seed = seed;
			cfg.blueprint = &bp;
			pt_exam e;
			char err[512] = "";
			ck_assert_msg(exam_start(&e, &c, &cfg, T0, err, sizeof err), "%s", err);
			ck_assert_uint_eq(e.n, sizes[z]);
			for (size_t k = 0; k < bp.n; k++) {
				const pt_lesson *l = catalog_find(&c, bp.v[k].lesson)->lesson;
				size_t mine = 0, by_d[3] = { 0 }, pool[3] = { 0 };
				for (size_t i = 0; i < e.n; i++)
					if (e.lessons[i] == l) {
						mine++;
						by_d[e.items[i]->difficulty]++;
					}
				for (size_t i = 0; i < l->n_items; i++)
					pool[l->items[i].difficulty]++;
				ck_assert_msg(floor_or_ceil(mine, e.n, bp.v[k].percent, 100), "%zu items, seed %llu: %zu from %s",
				    e.n, seed, mine, l->id.s);
				for (int dd = 0; dd < 3; dd++)
					ck_assert_msg(floor_or_ceil(by_d[dd], mine, (double)pool[dd], (double)l->n_items),
					    "%zu items, seed %llu, %s: %zu of %zu at difficulty %d (pool %zu of %zu)", e.n, seed,
					    l->id.s, by_d[dd], mine, dd, pool[dd], l->n_items);
			}
			for (size_t i = 0; i < e.n; i++) {
				bool named = false;
				for (size_t k = 0; k < bp.n; k++)
					named = named || strcmp(e.lessons[i]->id.s, bp.v[k].lesson) == 0;
				ck_assert_msg(named, "seed %llu drew from %s", seed, e.lessons[i]->id.s);
				for (size_t j = i + 1; j < e.n; j++)
					ck_assert_ptr_ne(e.items[i], e.items[j]);
			}
			exam_free(&e);
		}
	/* A share larger than the lesson is said, naming it; an unknown
	 * lesson is located in the blueprint. */
	pt_exam_config cfg;
	exam_config_default(&cfg);
	cfg.blueprint = &bp;
	cfg.count = 200;
	pt_exam e;
	char err[512] = "";
	ck_assert(!exam_start(&e, &c, &cfg, T0, err, sizeof err));
	ck_assert_msg(strstr(err, "the blueprint gives lesson 'dp-vs-mp' 80 of the 200 items, but it holds") != NULL,
	    "%s", err);
	blueprint_free(&bp);
	d = parse(&bp, "{\"blueprint\": 1,\n\"shares\": {\"dp-vs-mp\": 50, \"colectives\": 50}}");
	cfg.blueprint = &bp;
	cfg.count = 10;
	ck_assert(!exam_start(&e, &c, &cfg, T0, err, sizeof err));
	ck_assert_str_eq(err, "bp.json:2:28: error: no lesson has the id \"colectives\"; did you mean \"collectives\"?");
	blueprint_free(&bp);
	diags_free(&d);
	catalog_free(&c);
}
END_TEST

Suite *blueprint_suite(void);

/* The suite. */
Suite *blueprint_suite(void)
{
	Suite *s = suite_create("blueprint");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_parse);
	tcase_add_test(tc, test_ids);
	tcase_add_test(tc, test_draw_to_blueprint);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(blueprint_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

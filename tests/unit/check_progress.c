/* check_progress.c - the progress store: round trip, item hashes, merging,
 * corruption handling, memory-only mode, the Leitner schedule,
 * misconception counts and the instructor report. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "paratutor/catalog.h"
#include "paratutor/progress.h"
#include "paratutor/session.h"
#include "testutil.h"

#define T0 ((time_t)1700000000) /* 2023-11-14T22:13:20Z */
#define DAY ((time_t)86400)

/* Lessons are written with ' for " to keep them readable. */
#define HEAD(id) "{'format':1,'id':'" id "','title':'T','summary':'s','attempts':3,'items':["
#define TAIL "]}"
#define ITEM_FILL \
	"{'id':'fill','kind':'fill','difficulty':'easy','prompt':'x','code':'a = {{1}}({{2}})'," \
	"'bank':['batch','split','sum','say \\'hi\\', then']," \
	"'blanks':[{'accept':['split'],'feedback':{'batch':'fb-batch','sum':'fb-sum1','say \\'hi\\', then':'fb-say'}}," \
	"{'accept':['sum'],'feedback':{'batch':'fb-batch2','split':'fb-split2'}}]," \
	"'hints':['h1','h2'],'explanation':'e'}"
#define ITEM_ONE(correct_b, correct_c) \
	"{'id':'one','kind':'choice','difficulty':'easy','prompt':'x','attempts':2," \
	"'options':[{'text':'A','feedback':'no-a'},{'text':'B','correct':" correct_b ",'feedback':'no-b'}," \
	"{'text':'C','correct':" correct_c ",'feedback':'no-c'}],'hints':['h'],'explanation':'e'}"
#define ITEM_MANY \
	"{'id':'many','kind':'multi','difficulty':'easy','prompt':'x'," \
	"'options':[{'text':'A','correct':true,'feedback':'yes-a'},{'text':'B','feedback':'no-b'}," \
	"{'text':'C','correct':true,'feedback':'yes-c'},{'text':'D','feedback':'no-d'}],'hints':['h'],'explanation':'e'}"
#define ITEM_EXTRA \
	"{'id':'extra','kind':'choice','difficulty':'easy','prompt':'x'," \
	"'options':[{'text':'Y','correct':true},{'text':'N','feedback':'no-n'}],'hints':['h'],'explanation':'e'}"

static const char lesson_p[] = HEAD("p") ITEM_FILL "," ITEM_ONE("true", "false") "," ITEM_MANY TAIL;
/* "one" now has C right: its hash changes, the others' do not. */
static const char lesson_p_changed[] = HEAD("p") ITEM_FILL "," ITEM_ONE("false", "true") "," ITEM_MANY TAIL;
/* Same items reordered, and one added. */
static const char lesson_p_reordered[] =
    HEAD("p") ITEM_MANY "," ITEM_EXTRA "," ITEM_ONE("true", "false") "," ITEM_FILL TAIL;
/* Another lesson whose wrong option shares a feedback text with p. */
static const char lesson_q[] = HEAD("q")
    "{'id':'x','kind':'choice','difficulty':'easy','prompt':'x',"
    "'options':[{'text':'W','feedback':'fb-batch'},{'text':'R','correct':true}],'hints':['h'],'explanation':'e'}" TAIL;

static char dir[256];
static char path[512];

/* Returns a lesson from single-quoted JSON. */
static pt_lesson *mk(const char *squoted)
{
	size_t n = strlen(squoted);
	char *json = malloc(n + 1);
	ck_assert_ptr_nonnull(json);
	for (size_t i = 0; i <= n; i++)
		json[i] = squoted[i] == '\'' ? '"' : squoted[i];
	pt_lesson *l = test_lesson(json);
	free(json);
	return l;
}

/* Removes a directory tree. */
static void rm_rf(const char *p)
{
	struct stat st;
	if (lstat(p, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		chmod(p, 0700);
		DIR *d = opendir(p);
		struct dirent *e;
		while (d != NULL && (e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			char sub[1024];
			snprintf(sub, sizeof sub, "%s/%s", p, e->d_name);
			rm_rf(sub);
		}
		if (d != NULL)
			closedir(d);
		rmdir(p);
	} else {
		unlink(p);
	}
}

/* Makes a fresh directory for the store of each test. */
static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/pt-check-progress-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/state/paratutor/progress.json", dir);
}

/* Removes it. */
static void teardown(void)
{
	rm_rf(dir);
}

/* Writes text to file f. */
static void write_file(const char *f, const char *text)
{
	FILE *fp = fopen(f, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
}

/* Returns a file's contents (caller frees). */
static char *slurp(const char *f)
{
	FILE *fp = fopen(f, "rb");
	ck_assert_ptr_nonnull(fp);
	char *buf = malloc(1 << 20);
	size_t n = fread(buf, 1, (1 << 20) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

/* Returns true when f exists. */
static bool exists(const char *f)
{
	struct stat st;
	return lstat(f, &st) == 0;
}

/* Opens the store at path and asserts it is usable. */
static pt_progress *open_ok(const char *p, time_t now)
{
	pt_open_report rep;
	pt_progress *s = progress_open(p, now, &rep);
	ck_assert_ptr_nonnull(s);
	ck_assert_msg(!rep.memory_only, "memory only: %s", rep.message);
	ck_assert_str_eq(rep.moved_to, "");
	return s;
}

/* Saves and asserts success. */
static void save_ok(pt_progress *s)
{
	char err[512] = "";
	ck_assert_msg(progress_save(s, err, sizeof err), "save failed: %s", err);
}

/* Fills both blanks (locked ones stay) and checks. */
static void check_fill(pt_grade *g, int b0, int b1)
{
	grade_fill(g, 0, b0);
	grade_fill(g, 1, b1);
	ck_assert_int_eq(grade_check(g), PT_GRADE_OK);
}

/* Selects exactly the options in mask and checks. */
static void check_pick(pt_grade *g, unsigned mask)
{
	for (int o = 0; o < grade_slots(g); o++) {
		bool want = (mask >> o) & 1u;
		if (g->item->kind == PT_KIND_CHOICE ? want : g->picked[o] != want)
			grade_pick(g, o);
	}
	ck_assert_int_eq(grade_check(g), PT_GRADE_OK);
}

/* Returns the number of entries of the directory. */
static int dir_entries(const char *d)
{
	int n = 0;
	DIR *dp = opendir(d);
	struct dirent *e;
	while (dp != NULL && (e = readdir(dp)) != NULL)
		n += e->d_name[0] != '.';
	if (dp != NULL)
		closedir(dp);
	return n;
}

/* Adds a lesson to a hand-built catalog (the catalog then owns it). */
static void cat_add(pt_catalog *c, pt_lesson *l)
{
	pt_entry *v = realloc(c->v, (c->n + 1) * sizeof *v);
	ck_assert_ptr_nonnull(v);
	c->v = v;
	memset(&v[c->n], 0, sizeof v[c->n]);
	v[c->n].path = malloc(8);
	strcpy(v[c->n].path, "mem");
	v[c->n].lesson = l;
	c->n++;
	c->cap = c->n;
}

/* Records a round on lesson p: fill solved after a retry (batch picked
 * wrongly), one failed (A twice), many left open after a hint. */
static void play_p(pt_progress *s, const pt_lesson *l, time_t now)
{
	pt_session ses;
	ck_assert(session_init(&ses, l));
	pt_grade *g = &ses.grades[0];
	check_fill(g, 0, 2);
	ck_assert(progress_record_item(s, l, g->item, g, now));
	check_fill(g, 1, 2);
	ck_assert_int_eq(g->status, PT_SOLVED);
	ck_assert(progress_record_item(s, l, g->item, g, now + 10));
	ck_assert(progress_add_time(s, l, g->item, 30, now + 10));
	g = &ses.grades[1];
	check_pick(g, 1u << 0);
	ck_assert(progress_record_item(s, l, g->item, g, now + 20));
	check_pick(g, 1u << 0);
	ck_assert_int_eq(g->status, PT_FAILED);
	ck_assert(progress_record_item(s, l, g->item, g, now + 25));
	g = &ses.grades[2];
	ck_assert_int_eq(grade_hint(g), PT_GRADE_OK);
	check_pick(g, 1u << 0 | 1u << 1);
	ck_assert_int_eq(g->status, PT_OPEN);
	ck_assert(progress_record_item(s, l, g->item, g, now + 30));
	ck_assert(progress_set_position(s, "p", "many"));
	session_free(&ses);
}

/* Everything checked comes back after closing and opening the store. */
START_TEST(test_round_trip)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	ck_assert(progress_persistent(s));
	play_p(s, l, T0);
	ck_assert(progress_dirty(s));
	save_ok(s);
	ck_assert(!progress_dirty(s));
	progress_close(s);

	char state_dir[600];
	snprintf(state_dir, sizeof state_dir, "%s/state/paratutor", dir);
	struct stat st;
	ck_assert_int_eq(stat(state_dir, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0700);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_mode & 0077, 0);
	char *text = slurp(path);
	ck_assert_ptr_nonnull(strstr(text, "\"format\":\t1"));
	free(text);
	/* Only the store and its lock file: no temporary file left. */
	ck_assert_int_eq(dir_entries(state_dir), 2);

	pt_open_report rep;
	s = progress_open(path, T0 + 100, &rep);
	ck_assert(rep.loaded);
	ck_assert_str_eq(rep.message, "");
	const pt_record *r = progress_find(s, "p", "fill");
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(r->outcome, PT_OUTCOME_RETRIES);
	ck_assert_int_eq(r->attempts, 2);
	ck_assert_int_eq(r->hints, 0);
	ck_assert_uint_eq(r->n_wrong, 1);
	ck_assert_str_eq(r->wrong[0], "batch");
	ck_assert_int_eq(r->first_seen, T0);
	ck_assert_int_eq(r->last_seen, T0 + 10);
	ck_assert_int_eq(r->time_spent, 30);
	ck_assert(r->hash == lesson_item_hash(&l->items[0]));
	r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FAILED);
	ck_assert_str_eq(r->wrong[0], "A");
	r = progress_find(s, "p", "many");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_NONE);
	ck_assert_int_eq(r->hints, 1);
	ck_assert_uint_eq(r->n_wrong, 1);
	ck_assert_str_eq(r->wrong[0], "B");
	ck_assert_str_eq(progress_position(s, "p"), "many");

	pt_session ses;
	ck_assert(session_init(&ses, l));
	size_t changed = 99;
	ck_assert_uint_eq(progress_restore(s, &ses, &changed), 3);
	ck_assert_uint_eq(changed, 0);
	pt_grade *g = &ses.grades[0];
	ck_assert_int_eq(g->status, PT_SOLVED);
	ck_assert_int_eq(grade_outcome(g), PT_OUTCOME_RETRIES);
	ck_assert_int_eq(g->checks, 2);
	ck_assert_int_eq(g->attempts_left, 2);
	ck_assert_int_eq(g->fill[0], 1); /* the right answer is back in place */
	ck_assert_int_eq(g->fill[1], 2);
	ck_assert(g->locked[0] && g->locked[1]);
	ck_assert_uint_eq(g->wrong_seen, 1u << 0);
	ck_assert_int_eq(grade_score(g), 75);
	g = &ses.grades[1];
	ck_assert_int_eq(g->status, PT_FAILED);
	ck_assert_int_eq(g->attempts_left, 0);
	ck_assert_int_eq(g->checks, 2);
	g = &ses.grades[2];
	ck_assert_int_eq(g->status, PT_OPEN);
	ck_assert_int_eq(g->checks, 1);
	ck_assert_int_eq(g->attempts_left, 2);
	ck_assert_int_eq(g->hints_shown, 1);
	ck_assert_uint_eq(ses.current, 2);

	size_t done, total;
	int score;
	progress_lesson_stats(s, l, &done, &total, &score);
	ck_assert_uint_eq(done, 2);
	ck_assert_uint_eq(total, 3);
	ck_assert_int_eq(score, 25);

	session_free(&ses);
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* Resume goes to the stored position when it is unfinished, else to the
 * first unfinished item. */
START_TEST(test_resume_position)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_session ses;
	ck_assert(session_init(&ses, l));
	check_fill(&ses.grades[0], 1, 2);
	ck_assert(progress_record_item(s, l, &l->items[0], &ses.grades[0], T0));
	ck_assert(progress_set_position(s, "p", "fill"));
	session_free(&ses);

	ck_assert(session_init(&ses, l));
	progress_restore(s, &ses, NULL);
	ck_assert_uint_eq(ses.current, 1); /* fill is done: the first open one */
	session_free(&ses);

	ck_assert(progress_set_position(s, "p", "many"));
	ck_assert(session_init(&ses, l));
	progress_restore(s, &ses, NULL);
	ck_assert_uint_eq(ses.current, 2);
	session_free(&ses);
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* Changing one item's answer resets that item and nothing else. */
START_TEST(test_hash_change_resets_only_that_item)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	play_p(s, l, T0);
	save_ok(s);
	progress_close(s);

	pt_lesson *l2 = mk(lesson_p_changed);
	ck_assert(lesson_item_hash(&l->items[0]) == lesson_item_hash(&l2->items[0]));
	ck_assert(lesson_item_hash(&l->items[1]) != lesson_item_hash(&l2->items[1]));
	s = open_ok(path, T0 + 100);
	pt_session ses;
	ck_assert(session_init(&ses, l2));
	size_t changed = 0;
	ck_assert_uint_eq(progress_restore(s, &ses, &changed), 2);
	ck_assert_uint_eq(changed, 1);
	ck_assert_int_eq(ses.grades[0].status, PT_SOLVED);
	ck_assert_int_eq(ses.grades[1].status, PT_OPEN);
	ck_assert_int_eq(ses.grades[1].checks, 0);
	ck_assert_int_eq(ses.grades[1].attempts_left, 2);
	ck_assert_int_eq(ses.grades[2].checks, 1);
	size_t done, total;
	int score;
	progress_lesson_stats(s, l2, &done, &total, &score);
	ck_assert_uint_eq(done, 1);

	/* Answering the changed item starts its record over. */
	pt_grade *g = &ses.grades[1];
	check_pick(g, 1u << 2);
	ck_assert(progress_record_item(s, l2, g->item, g, T0 + 200));
	const pt_record *r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert_uint_eq(r->n_wrong, 0);
	ck_assert_int_eq(r->box, 1);
	ck_assert(r->hash == lesson_item_hash(&l2->items[1]));
	ck_assert_int_eq(r->first_seen, T0 + 20);
	save_ok(s);
	progress_close(s);
	s = open_ok(path, T0 + 300);
	r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert_uint_eq(r->n_wrong, 0);
	session_free(&ses);
	progress_close(s);
	lesson_free(l);
	lesson_free(l2);
}
END_TEST

/* Reordering the items and adding one keeps every item's progress. */
START_TEST(test_reorder_keeps_progress)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	play_p(s, l, T0);
	ck_assert(progress_set_position(s, "p", NULL));
	save_ok(s);
	progress_close(s);

	pt_lesson *l2 = mk(lesson_p_reordered);
	s = open_ok(path, T0 + 100);
	pt_session ses;
	ck_assert(session_init(&ses, l2));
	size_t changed = 9;
	ck_assert_uint_eq(progress_restore(s, &ses, &changed), 3);
	ck_assert_uint_eq(changed, 0);
	ck_assert_int_eq(ses.grades[0].status, PT_OPEN); /* many */
	ck_assert_int_eq(ses.grades[0].checks, 1);
	ck_assert_int_eq(ses.grades[1].status, PT_OPEN); /* extra, new */
	ck_assert_int_eq(ses.grades[1].checks, 0);
	ck_assert_int_eq(ses.grades[2].status, PT_FAILED); /* one */
	ck_assert_int_eq(ses.grades[3].status, PT_SOLVED); /* fill */
	ck_assert_int_eq(ses.grades[3].fill[0], 1);
	ck_assert_uint_eq(ses.current, 0);
	size_t done, total;
	int score;
	progress_lesson_stats(s, l2, &done, &total, &score);
	ck_assert_uint_eq(done, 2);
	ck_assert_uint_eq(total, 4);
	ck_assert_int_eq(score, 75 / 4);
	session_free(&ses);
	progress_close(s);
	lesson_free(l);
	lesson_free(l2);
}
END_TEST

/* Two stores opened on one file, changed differently and saved one after
 * the other, lose nothing: items, wrong options, time and completions. */
START_TEST(test_merge_no_lost_update)
{
	pt_lesson *l = mk(lesson_p);
	pt_lesson *q = mk(lesson_q);
	pt_progress *a = open_ok(path, T0);
	pt_progress *b = open_ok(path, T0);
	pt_grade ga, gb;

	/* B begins fill at T0 (wrong: sum in blank 1), before A completes it. */
	grade_init(&gb, &l->items[0]);
	check_fill(&gb, 2, 1);
	ck_assert(progress_record_item(b, l, gb.item, &gb, T0));
	/* A solves fill first time at T0+10 and spends 10 s on it. */
	grade_init(&ga, &l->items[0]);
	check_fill(&ga, 1, 2);
	ck_assert(progress_record_item(a, l, ga.item, &ga, T0 + 10));
	ck_assert(progress_add_time(a, l, ga.item, 10, T0 + 10));
	ck_assert(progress_set_position(a, "p", "one"));
	/* A also does lesson q. */
	grade_init(&ga, &q->items[0]);
	check_pick(&ga, 1u << 1);
	ck_assert(progress_record_item(a, q, ga.item, &ga, T0 + 15));
	save_ok(a);

	/* A leaves many open with B picked wrongly. */
	grade_init(&ga, &l->items[2]);
	check_pick(&ga, 1u << 0 | 1u << 1);
	ck_assert(progress_record_item(a, l, ga.item, &ga, T0 + 16));
	save_ok(a);

	/* B, unaware, checks fill wrong again later (batch), fails one, picks
	 * D wrongly in many, and spends 5 s on fill. */
	pt_grade gm;
	grade_init(&gm, &l->items[2]);
	check_pick(&gm, 1u << 0 | 1u << 3);
	ck_assert(progress_record_item(b, l, gm.item, &gm, T0 + 17));
	check_fill(&gb, 0, 1);
	ck_assert_int_eq(gb.status, PT_OPEN);
	ck_assert(progress_record_item(b, l, gb.item, &gb, T0 + 20));
	ck_assert(progress_add_time(b, l, gb.item, 5, T0 + 20));
	grade_init(&gb, &l->items[1]);
	check_pick(&gb, 1u << 0);
	check_pick(&gb, 1u << 2);
	ck_assert(progress_record_item(b, l, gb.item, &gb, T0 + 30));
	save_ok(b);
	/* B now also holds what A saved. */
	ck_assert_ptr_nonnull(progress_find(b, "q", "x"));
	ck_assert_str_eq(progress_position(b, "p"), "one");

	pt_progress *c = open_ok(path, T0 + 100);
	const pt_record *r = progress_find(c, "p", "fill");
	ck_assert_ptr_nonnull(r);
	/* B's stale pass did not undo A's completion... */
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert_int_eq(r->last_seen, T0 + 10);
	/* ...but its wrong picks (sum, split, batch) and time are kept. */
	ck_assert_uint_eq(r->n_wrong, 3);
	ck_assert_int_eq(r->time_spent, 15);
	r = progress_find(c, "p", "one");
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FAILED);
	ck_assert_ptr_nonnull(progress_find(c, "q", "x"));
	ck_assert_str_eq(progress_position(c, "p"), "one");
	/* many: B's later pass wins, with the wrong picks of both. */
	r = progress_find(c, "p", "many");
	ck_assert_int_eq(r->last_seen, T0 + 17);
	ck_assert_uint_eq(r->n_wrong, 2);

	/* A saves again without new changes to fill: B's failure of one
	 * stays, and A's new time adds up. */
	ck_assert(progress_add_time(a, l, &l->items[0], 1, T0 + 40));
	ck_assert(progress_set_position(a, "p", "many"));
	save_ok(a);
	progress_close(c);
	c = open_ok(path, T0 + 100);
	ck_assert_int_eq(progress_find(c, "p", "one")->outcome, PT_OUTCOME_FAILED);
	ck_assert_int_eq(progress_find(c, "p", "fill")->time_spent, 16);
	ck_assert_str_eq(progress_position(c, "p"), "many");

	progress_close(a);
	progress_close(b);
	progress_close(c);
	lesson_free(l);
	lesson_free(q);
}
END_TEST

/* A later pass (review or retry) begun after a completion replaces it,
 * in memory and through a merge. */
START_TEST(test_new_pass_after_completion)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	pt_grade g;
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	save_ok(s);
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 0);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 2 * DAY));
	const pt_record *r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_NONE);
	ck_assert_int_eq(r->pass_start, T0 + 2 * DAY);
	ck_assert_int_eq(r->box, 1); /* unchanged until the pass ends */
	save_ok(s);
	progress_close(s);
	s = open_ok(path, T0 + 3 * DAY);
	r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_NONE);
	ck_assert_int_eq(r->attempts, 1);

	/* A check from a pass that was already under way when the item got
	 * completed (by another tutor, merged in) does not undo the
	 * completion; its wrong picks still count. */
	pt_grade stale;
	grade_init(&stale, &l->items[2]);
	check_pick(&stale, 1u << 1);
	grade_init(&g, &l->items[2]);
	check_pick(&g, 1u << 0 | 1u << 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 3 * DAY));
	check_pick(&stale, 1u << 3);
	ck_assert_int_eq(stale.checks, 2);
	ck_assert_int_eq(stale.status, PT_OPEN);
	ck_assert(progress_record_item(s, l, stale.item, &stale, T0 + 3 * DAY + 9));
	r = progress_find(s, "p", "many");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert_int_eq(r->last_seen, T0 + 3 * DAY);
	ck_assert_uint_eq(r->n_wrong, 2);
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* A damaged file is moved aside under a dated name, reported, and a fresh
 * store starts; a second one the same second gets "-2". */
/* A review pass in the same second as the pass it follows is not lost to
 * the copy on disk when saving merges them. */
START_TEST(test_same_second_pass_kept)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	pt_grade g;
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 0);
	check_pick(&g, 1u << 1);
	ck_assert_int_eq(grade_outcome(&g), PT_OUTCOME_RETRIES);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	save_ok(s);
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	save_ok(s);
	progress_close(s);
	s = open_ok(path, T0);
	const pt_record *r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert_int_eq(r->attempts, 1);
	ck_assert_int_eq(r->box, 1);
	progress_close(s);
	lesson_free(l);
}
END_TEST

START_TEST(test_corrupt_moved_aside)
{
	pt_lesson *l = mk(lesson_p);
	char state_dir[600];
	snprintf(state_dir, sizeof state_dir, "%s/state/paratutor", dir);
	pt_progress *s = open_ok(path, T0); /* creates the directory */
	progress_close(s);
	write_file(path, "{ \"format\": 1, \"lessons\": { oops");

	pt_open_report rep;
	s = progress_open(path, T0, &rep);
	ck_assert_ptr_nonnull(s);
	char want[700];
	snprintf(want, sizeof want, "%s.corrupt-20231114-221320", path);
	ck_assert_str_eq(rep.moved_to, want);
	ck_assert(!rep.memory_only);
	ck_assert(!rep.loaded);
	ck_assert_ptr_nonnull(strstr(rep.message, want));
	ck_assert_ptr_nonnull(strstr(rep.message, "not valid JSON (line 1"));
	ck_assert(!exists(path));
	char *text = slurp(want);
	ck_assert_str_eq(text, "{ \"format\": 1, \"lessons\": { oops");
	free(text);
	/* The fresh store saves normally. */
	play_p(s, l, T0);
	save_ok(s);
	progress_close(s);
	s = open_ok(path, T0);
	ck_assert_ptr_nonnull(progress_find(s, "p", "fill"));
	progress_close(s);

	/* Valid JSON with a wrong structure is damaged too. */
	write_file(path, "{\"format\": 1, \"lessons\": {\"p\": {\"items\": {\"fill\": {\"hash\": 7}}}}}");
	s = progress_open(path, T0, &rep);
	snprintf(want, sizeof want, "%s.corrupt-20231114-221320-2", path);
	ck_assert_str_eq(rep.moved_to, want);
	ck_assert_ptr_nonnull(strstr(rep.message, "item \"fill\" of lesson \"p\": \"hash\""));
	size_t n_rec = 9;
	progress_records(s, &n_rec);
	ck_assert_uint_eq(n_rec, 0);
	progress_close(s);

	/* Empty file, and trailing text after the JSON. */
	write_file(path, "");
	s = progress_open(path, T0 + 1, &rep);
	ck_assert_ptr_nonnull(strstr(rep.message, "empty file"));
	ck_assert_ptr_nonnull(strstr(rep.moved_to, ".corrupt-20231114-221321"));
	progress_close(s);
	write_file(path, "{\"format\": 1} x");
	s = progress_open(path, T0 + 2, &rep);
	ck_assert_ptr_nonnull(strstr(rep.message, "text after the JSON value"));
	progress_close(s);
	write_file(path, "[1, 2]");
	s = progress_open(path, T0 + 3, &rep);
	ck_assert_ptr_nonnull(strstr(rep.message, "top level is not an object"));
	progress_close(s);
	ck_assert_int_eq(dir_entries(state_dir), 6); /* lock + 5 moved aside */
	lesson_free(l);
}
END_TEST

/* A file damaged on disk while a tutor runs is moved aside when it saves. */
START_TEST(test_corrupt_found_while_saving)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	play_p(s, l, T0);
	save_ok(s);
	write_file(path, "garbage");
	ck_assert(progress_add_time(s, l, &l->items[0], 1, T0));
	save_ok(s);
	char notice[1024];
	ck_assert(progress_take_notice(s, notice, sizeof notice));
	ck_assert_ptr_nonnull(strstr(notice, ".corrupt-"));
	ck_assert(!progress_take_notice(s, notice, sizeof notice));
	progress_close(s);
	/* Everything held in memory was written back. */
	s = open_ok(path, T0);
	ck_assert_int_eq(progress_find(s, "p", "fill")->time_spent, 31);
	ck_assert_int_eq(progress_find(s, "p", "one")->outcome, PT_OUTCOME_FAILED);
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* A file from a newer paratutor is left alone; the store runs in memory. */
START_TEST(test_newer_format_left_alone)
{
	pt_progress *s = open_ok(path, T0);
	progress_close(s);
	write_file(path, "{\"format\": 2, \"future\": true}");
	pt_open_report rep;
	s = progress_open(path, T0, &rep);
	ck_assert(rep.memory_only);
	ck_assert_str_eq(rep.moved_to, "");
	ck_assert_ptr_nonnull(strstr(rep.message, "newer paratutor (format 2)"));
	ck_assert(!progress_persistent(s));
	ck_assert(progress_set_position(s, "p", "one"));
	save_ok(s);
	progress_close(s);
	char *text = slurp(path);
	ck_assert_str_eq(text, "{\"format\": 2, \"future\": true}");
	free(text);
}
END_TEST

/* A file over the size cap is refused clearly and left alone. */
START_TEST(test_too_large_left_alone)
{
	pt_progress *s = open_ok(path, T0);
	progress_close(s);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (off_t)PT_PROGRESS_MAX_SIZE + 1), 0);
	close(fd);
	pt_open_report rep;
	s = progress_open(path, T0, &rep);
	ck_assert(rep.memory_only);
	ck_assert_ptr_nonnull(strstr(rep.message, "larger than 16 MiB"));
	progress_close(s);
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, (off_t)PT_PROGRESS_MAX_SIZE + 1);
}
END_TEST

/* A state directory that cannot be created or written: the store keeps
 * progress in memory and warns once. */
START_TEST(test_unwritable_dir_memory_mode)
{
	pt_lesson *l = mk(lesson_p);
	char blocker[600], p2[700];
	snprintf(blocker, sizeof blocker, "%s/file", dir);
	write_file(blocker, "not a directory");
	snprintf(p2, sizeof p2, "%s/sub/progress.json", blocker);
	pt_open_report rep;
	pt_progress *s = progress_open(p2, T0, &rep);
	ck_assert_ptr_nonnull(s);
	ck_assert(rep.memory_only);
	ck_assert(!progress_persistent(s));
	ck_assert_ptr_nonnull(strstr(rep.message, "memory only"));
	ck_assert_ptr_nonnull(strstr(rep.message, "Not a directory"));
	play_p(s, l, T0);
	save_ok(s); /* nothing to do, and no error */
	ck_assert_ptr_nonnull(progress_find(s, "p", "fill"));
	progress_close(s);

	/* A plain memory store says nothing. */
	s = progress_open(NULL, T0, &rep);
	ck_assert(rep.memory_only);
	ck_assert_str_eq(rep.message, "");
	ck_assert_ptr_null(progress_path(s));
	progress_close(s);

	/* A read-only directory (not for root, who may write anyway): the old
	 * progress is still shown. */
	if (geteuid() != 0) {
		s = open_ok(path, T0);
		play_p(s, l, T0);
		save_ok(s);
		progress_close(s);
		char state_dir[600];
		snprintf(state_dir, sizeof state_dir, "%s/state/paratutor", dir);
		ck_assert_int_eq(chmod(state_dir, 0500), 0);
		s = progress_open(path, T0, &rep);
		ck_assert(rep.memory_only);
		ck_assert(rep.loaded);
		ck_assert_ptr_nonnull(progress_find(s, "p", "fill"));
		progress_close(s);
		chmod(state_dir, 0700);
	}
	lesson_free(l);
}
END_TEST

/* Temporary files left by a tutor killed mid-save are cleaned up. */
START_TEST(test_stale_temp_removed)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	char tmp[700];
	snprintf(tmp, sizeof tmp, "%s.tmp-AbC123", path);
	write_file(tmp, "{\"half");
	play_p(s, l, T0);
	save_ok(s);
	ck_assert(!exists(tmp));
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* Resetting a lesson forgets it, also against a tutor that loaded it
 * before and saves later. */
START_TEST(test_reset_lesson)
{
	pt_lesson *l = mk(lesson_p);
	pt_lesson *q = mk(lesson_q);
	pt_progress *a = open_ok(path, T0);
	play_p(a, l, T0);
	save_ok(a);
	pt_progress *b = open_ok(path, T0 + 40);
	ck_assert_ptr_nonnull(progress_find(b, "p", "fill"));

	ck_assert(progress_reset_lesson(a, "p", T0 + 50));
	ck_assert_ptr_null(progress_find(a, "p", "fill"));
	ck_assert_ptr_null(progress_position(a, "p"));
	save_ok(a);

	/* B still holds p's old records; saving other work must not bring
	 * them back. */
	pt_grade g;
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(b, q, g.item, &g, T0 + 60));
	ck_assert(progress_set_position(b, "p", "one")); /* chosen before it knew */
	save_ok(b);
	ck_assert_ptr_null(progress_find(b, "p", "fill"));
	ck_assert_ptr_null(progress_position(b, "p"));

	/* Work done after the reset is kept. */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(a, l, g.item, &g, T0 + 70));
	save_ok(a);

	pt_progress *c = open_ok(path, T0 + 100);
	ck_assert_ptr_null(progress_find(c, "p", "fill"));
	ck_assert_ptr_null(progress_find(c, "p", "many"));
	ck_assert_ptr_nonnull(progress_find(c, "p", "one"));
	ck_assert_ptr_nonnull(progress_find(c, "q", "x"));
	size_t done, total;
	int score;
	progress_lesson_stats(c, l, &done, &total, &score);
	ck_assert_uint_eq(done, 1);
	progress_close(a);
	progress_close(b);
	progress_close(c);
	lesson_free(l);
	lesson_free(q);
}
END_TEST

/* Box moves and due times of the Leitner schedule. */
START_TEST(test_schedule_transitions)
{
	static const int days[] = { 0, 1, 3, 7, 21, 60 };
	for (int b = 0; b < PT_LEITNER_BOXES; b++)
		ck_assert_int_eq(schedule_interval_days(b), days[b]);
	ck_assert_int_eq(schedule_interval_days(99), 60);
	int box = 0;
	time_t due = 0;
	for (int b = 1; b <= 5; b++) {
		schedule_apply(PT_OUTCOME_FIRST_TIME, T0, &box, &due);
		ck_assert_int_eq(box, b);
		ck_assert_int_eq(due, T0 + days[b] * DAY);
	}
	schedule_apply(PT_OUTCOME_FIRST_TIME, T0, &box, &due);
	ck_assert_int_eq(box, 5);
	ck_assert_int_eq(due, T0 + 60 * DAY);
	schedule_apply(PT_OUTCOME_NONE, T0 + 5, &box, &due);
	ck_assert_int_eq(box, 5);
	ck_assert_int_eq(due, T0 + 60 * DAY);
	static const pt_outcome down[] = { PT_OUTCOME_WITH_HINTS, PT_OUTCOME_RETRIES, PT_OUTCOME_FAILED };
	for (size_t i = 0; i < 3; i++) {
		box = 4;
		schedule_apply(down[i], T0 + 7, &box, &due);
		ck_assert_int_eq(box, 0);
		ck_assert_int_eq(due, T0 + 7);
	}
}
END_TEST

/* Review lists what is due, oldest first, and follows the boxes. */
START_TEST(test_due_order)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p));
	cat_add(&cat, mk(lesson_q));
	const pt_lesson *l = cat.v[0].lesson, *q = cat.v[1].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;

	/* q/x right first time at T0: box 1, due T0 + 1 day. */
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, q, g.item, &g, T0));
	/* p/one failed at T0 + 100: box 0, due then. */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 0);
	check_pick(&g, 1u << 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 100));
	/* p/fill right with a hint at T0 + 50: box 0, due then. */
	grade_init(&g, &l->items[0]);
	grade_hint(&g);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 50));
	/* p/many still open: never due. */
	grade_init(&g, &l->items[2]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 60));

	ck_assert_uint_eq(progress_due_count(s, &cat, T0 + 49), 0);
	ck_assert_uint_eq(progress_due_count(s, &cat, T0 + 100), 2);
	pt_due_list due;
	ck_assert(progress_due(s, &cat, T0 + DAY, &due));
	ck_assert_uint_eq(due.n, 3);
	ck_assert_str_eq(due.v[0].item->id.s, "fill");
	ck_assert_int_eq(due.v[0].due, T0 + 50);
	ck_assert_uint_eq(due.v[0].index, 0);
	ck_assert_str_eq(due.v[1].item->id.s, "one");
	ck_assert_str_eq(due.v[2].item->id.s, "x");
	ck_assert_int_eq(due.v[2].box, 1);
	ck_assert_ptr_eq(due.v[2].lesson, q);
	progress_due_free(&due);

	/* Reviewing x right first time again: box 2, due 3 days later. */
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, q, g.item, &g, T0 + DAY));
	const pt_record *r = progress_find(s, "q", "x");
	ck_assert_int_eq(r->box, 2);
	ck_assert_int_eq(r->due, T0 + DAY + 3 * DAY);
	/* Reviewing fill: wrong, then right: back to box 0, due now. */
	grade_init(&g, &l->items[0]);
	check_fill(&g, 0, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + DAY + 5));
	ck_assert_uint_eq(progress_due_count(s, &cat, T0 + DAY + 5), 2); /* still due mid-review */
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + DAY + 6));
	r = progress_find(s, "p", "fill");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_RETRIES);
	ck_assert_int_eq(r->box, 0);
	ck_assert_int_eq(r->due, T0 + DAY + 6);
	ck_assert(progress_due(s, &cat, T0 + DAY + 6, &due));
	ck_assert_uint_eq(due.n, 2);
	ck_assert_str_eq(due.v[0].item->id.s, "one");
	ck_assert_str_eq(due.v[1].item->id.s, "fill");
	progress_due_free(&due);

	/* A broken lesson's items are not offered. */
	cat.v[0].broken = true;
	ck_assert_uint_eq(progress_due_count(s, &cat, T0 + 10 * DAY), 1);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* Misconceptions: feedback of wrong picks, counted across lessons. */
START_TEST(test_misconceptions)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p));
	cat_add(&cat, mk(lesson_q));
	const pt_lesson *l = cat.v[0].lesson, *q = cat.v[1].lesson;
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	/* p/fill: batch in blank 1 (fb-batch). */
	grade_init(&g, &l->items[0]);
	check_fill(&g, 0, 2);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	/* p/one: A then C (no-a, no-c). */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 0);
	check_pick(&g, 1u << 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	/* q/x: W (fb-batch again, from another lesson). */
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 0);
	ck_assert(progress_record_item(s, q, g.item, &g, T0));
	/* p/many: B and D wrongly picked. */
	grade_init(&g, &l->items[2]);
	check_pick(&g, 1u << 0 | 1u << 1 | 1u << 3);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));

	pt_misconception m[8];
	size_t n = 0;
	ck_assert(progress_misconceptions(s, &cat, NULL, m, 8, &n));
	ck_assert_uint_eq(n, 5);
	ck_assert_str_eq(m[0].feedback, "fb-batch");
	ck_assert_uint_eq(m[0].count, 2);
	for (size_t i = 1; i < n; i++)
		ck_assert_uint_eq(m[i].count, 1);
	ck_assert(progress_misconceptions(s, &cat, NULL, m, 2, &n));
	ck_assert_uint_eq(n, 2);
	ck_assert(progress_misconceptions(s, &cat, "q", m, 8, &n));
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(m[0].feedback, "fb-batch");
	ck_assert_uint_eq(m[0].count, 1);
	ck_assert(progress_misconceptions(s, &cat, "p", m, 8, &n));
	ck_assert_uint_eq(n, 5);
	ck_assert_uint_eq(m[0].count, 1);
	progress_close(s);
	catalog_free(&cat);
}
END_TEST

/* Runs the report into a string (caller frees). */
static char *report(const pt_progress *s, const pt_catalog *cat, const char *format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(fp);
	char err[256] = "";
	ck_assert_msg(progress_report(s, cat, fp, format, err, sizeof err), "%s", err);
	fclose(fp);
	return buf;
}

/* The instructor report in CSV and JSON. */
START_TEST(test_report)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p_changed));
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	/* fill: "say "hi", then" in blank 1, then right. */
	grade_init(&g, &l->items[0]);
	check_fill(&g, 3, 2);
	check_fill(&g, 1, 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	ck_assert(progress_add_time(s, l, g.item, 42, T0));
	/* one: failed; its item has since changed in the catalog. */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 0);
	check_pick(&g, 1u << 2);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 60));
	/* A record of an item the catalog no longer has. */
	pt_lesson *q = mk(lesson_q);
	grade_init(&g, &q->items[0]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, q, g.item, &g, T0 + 120));

	char *csv = report(s, &cat, "csv");
	ck_assert_str_eq(csv,
	    "lesson,item,outcome,attempts,hints,wrong_options,time_spent,first_seen,last_seen,item_status\r\n"
	    "p,fill,retries,2,0,\"say \"\"hi\"\", then\",42,2023-11-14T22:13:20Z,2023-11-14T22:13:20Z,current\r\n"
	    "p,one,failed,2,0,A;C,0,2023-11-14T22:14:20Z,2023-11-14T22:14:20Z,changed\r\n"
	    "q,x,first_time,1,0,,0,2023-11-14T22:15:20Z,2023-11-14T22:15:20Z,removed\r\n");
	free(csv);

	char *json = report(s, &cat, "json");
	cJSON *root = cJSON_Parse(json);
	ck_assert_ptr_nonnull(root);
	ck_assert(cJSON_IsArray(root));
	ck_assert_int_eq(cJSON_GetArraySize(root), 3);
	cJSON *row = cJSON_GetArrayItem(root, 0);
	ck_assert_str_eq(cJSON_GetObjectItem(row, "lesson")->valuestring, "p");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "item")->valuestring, "fill");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "outcome")->valuestring, "retries");
	ck_assert_int_eq(cJSON_GetObjectItem(row, "attempts")->valueint, 2);
	ck_assert_int_eq(cJSON_GetObjectItem(row, "hints")->valueint, 0);
	ck_assert_int_eq(cJSON_GetObjectItem(row, "time_spent")->valueint, 42);
	cJSON *wrong = cJSON_GetObjectItem(row, "wrong_options");
	ck_assert_int_eq(cJSON_GetArraySize(wrong), 1);
	ck_assert_str_eq(cJSON_GetArrayItem(wrong, 0)->valuestring, "say \"hi\", then");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "first_seen")->valuestring, "2023-11-14T22:13:20Z");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "last_seen")->valuestring, "2023-11-14T22:13:20Z");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "item_status")->valuestring, "current");
	row = cJSON_GetArrayItem(root, 1);
	ck_assert_str_eq(cJSON_GetObjectItem(row, "outcome")->valuestring, "failed");
	ck_assert_str_eq(cJSON_GetObjectItem(row, "item_status")->valuestring, "changed");
	row = cJSON_GetArrayItem(root, 2);
	ck_assert_str_eq(cJSON_GetObjectItem(row, "item_status")->valuestring, "removed");
	cJSON_Delete(root);
	free(json);

	/* Without a catalog every row is "removed"; empty store: header only. */
	csv = report(s, NULL, "csv");
	ck_assert_ptr_nonnull(strstr(csv, ",removed\r\n"));
	ck_assert_ptr_null(strstr(csv, ",current\r\n"));
	free(csv);
	pt_progress *empty = progress_open(NULL, T0, &(pt_open_report){ 0 });
	csv = report(empty, &cat, "csv");
	ck_assert_str_eq(csv, "lesson,item,outcome,attempts,hints,wrong_options,time_spent,first_seen,last_seen,item_status\r\n");
	free(csv);
	json = report(empty, &cat, "json");
	ck_assert_str_eq(json, "[]\n");
	free(json);

	char err[256] = "";
	ck_assert(!progress_report(s, &cat, stdout, "xml", err, sizeof err));
	ck_assert_str_eq(err, "unknown report format 'xml' (use csv or json)");

	progress_close(empty);
	progress_close(s);
	lesson_free(l);
	lesson_free(q);
	catalog_free(&cat);
}
END_TEST

/* The read-only open (for --report) never changes anything on disk. */
START_TEST(test_open_readonly)
{
	pt_lesson *l = mk(lesson_p);
	pt_open_report rep;
	pt_progress *s = progress_open_readonly(path, &rep);
	ck_assert(!rep.loaded);
	ck_assert(rep.memory_only);
	ck_assert_ptr_nonnull(strstr(rep.message, "no progress recorded there"));
	progress_close(s);
	char parent[600];
	snprintf(parent, sizeof parent, "%s/state", dir);
	ck_assert(!exists(parent)); /* no directory was created */

	s = open_ok(path, T0);
	play_p(s, l, T0);
	save_ok(s);
	progress_close(s);
	s = progress_open_readonly(path, &rep);
	ck_assert(rep.loaded);
	ck_assert_str_eq(rep.message, "");
	ck_assert_ptr_nonnull(progress_find(s, "p", "fill"));
	ck_assert(progress_set_position(s, "p", "one"));
	save_ok(s); /* memory only: nothing written */
	progress_close(s);
	s = open_ok(path, T0);
	ck_assert_str_eq(progress_position(s, "p"), "many");
	progress_close(s);

	write_file(path, "{broken");
	s = progress_open_readonly(path, &rep);
	ck_assert(!rep.loaded);
	ck_assert_str_eq(rep.moved_to, "");
	ck_assert_ptr_nonnull(strstr(rep.message, "is damaged"));
	progress_close(s);
	char *text = slurp(path);
	ck_assert_str_eq(text, "{broken");
	free(text);
	lesson_free(l);
}
END_TEST

/* The sample store in the fixtures (the fuzzer's seed) is valid. */
START_TEST(test_fixture_store_loads)
{
	char f[1024];
	snprintf(f, sizeof f, "%s/tests/fixtures/progress/store.json", test_srcdir());
	pt_open_report rep;
	pt_progress *s = progress_open_readonly(f, &rep);
	ck_assert_msg(rep.loaded, "%s", rep.message);
	size_t n;
	progress_records(s, &n);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(progress_position(s, "fixture-minimal"), "pick-all");
	const pt_record *r = progress_find(s, "fixture-minimal", "pick-one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FAILED);
	ck_assert_uint_eq(r->n_wrong, 2);
	ck_assert(r->scheduled);
	ck_assert(!progress_find(s, "fixture-minimal", "pick-all")->scheduled);
	progress_close(s);
}
END_TEST

/* Recording an open item again without a new check changes nothing but
 * the hints. */
START_TEST(test_repeated_record_open)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = progress_open(NULL, T0, &(pt_open_report){ 0 });
	pt_grade g;
	grade_init(&g, &l->items[2]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, l, g.item, &g, T0));
	grade_hint(&g);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 5));
	const pt_record *r = progress_find(s, "p", "many");
	ck_assert_int_eq(r->attempts, 1);
	ck_assert_int_eq(r->hints, 1);
	ck_assert_int_eq(r->last_seen, T0);
	ck_assert_int_eq(r->pass_start, T0);
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* The default path follows XDG_STATE_HOME, else HOME. */
START_TEST(test_default_path)
{
	char buf[512], err[128];
	setenv("XDG_STATE_HOME", "/xdg/state", 1);
	ck_assert(progress_default_path(buf, sizeof buf, err, sizeof err));
	ck_assert_str_eq(buf, "/xdg/state/paratutor/progress.json");
	setenv("XDG_STATE_HOME", "relative/ignored", 1);
	setenv("HOME", "/home/learner", 1);
	ck_assert(progress_default_path(buf, sizeof buf, err, sizeof err));
	ck_assert_str_eq(buf, "/home/learner/.local/state/paratutor/progress.json");
	unsetenv("XDG_STATE_HOME");
	ck_assert(progress_default_path(buf, sizeof buf, err, sizeof err));
	ck_assert_str_eq(buf, "/home/learner/.local/state/paratutor/progress.json");
	ck_assert(!progress_default_path(buf, 10, err, sizeof err));
	ck_assert_str_eq(err, "the state path is too long");
}
END_TEST

/* The file is plain, stable JSON a person can read. */
START_TEST(test_file_format)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	play_p(s, l, T0);
	save_ok(s);
	progress_close(s);
	char *text = slurp(path);
	cJSON *root = cJSON_Parse(text);
	ck_assert_ptr_nonnull(root);
	ck_assert_int_eq(cJSON_GetObjectItem(root, "format")->valueint, 1);
	cJSON *p = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "lessons"), "p");
	ck_assert_str_eq(cJSON_GetObjectItem(p, "position")->valuestring, "many");
	cJSON *fill = cJSON_GetObjectItem(cJSON_GetObjectItem(p, "items"), "fill");
	char hash[17];
	snprintf(hash, sizeof hash, "%016llx", lesson_item_hash(&l->items[0]));
	ck_assert_str_eq(cJSON_GetObjectItem(fill, "hash")->valuestring, hash);
	ck_assert_str_eq(cJSON_GetObjectItem(fill, "outcome")->valuestring, "retries");
	ck_assert_int_eq(cJSON_GetObjectItem(fill, "box")->valueint, 0);
	ck_assert_int_eq((long)cJSON_GetObjectItem(fill, "due")->valuedouble, (long)(T0 + 10));
	cJSON *many = cJSON_GetObjectItem(cJSON_GetObjectItem(p, "items"), "many");
	ck_assert_ptr_null(cJSON_GetObjectItem(many, "due"));
	cJSON_Delete(root);
	free(text);
	lesson_free(l);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("progress");
	TCase *tc = tcase_create("store");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_resume_position);
	tcase_add_test(tc, test_hash_change_resets_only_that_item);
	tcase_add_test(tc, test_reorder_keeps_progress);
	tcase_add_test(tc, test_merge_no_lost_update);
	tcase_add_test(tc, test_new_pass_after_completion);
	tcase_add_test(tc, test_same_second_pass_kept);
	tcase_add_test(tc, test_corrupt_moved_aside);
	tcase_add_test(tc, test_corrupt_found_while_saving);
	tcase_add_test(tc, test_newer_format_left_alone);
	tcase_add_test(tc, test_too_large_left_alone);
	tcase_add_test(tc, test_unwritable_dir_memory_mode);
	tcase_add_test(tc, test_stale_temp_removed);
	tcase_add_test(tc, test_reset_lesson);
	tcase_add_test(tc, test_schedule_transitions);
	tcase_add_test(tc, test_due_order);
	tcase_add_test(tc, test_misconceptions);
	tcase_add_test(tc, test_report);
	tcase_add_test(tc, test_open_readonly);
	tcase_add_test(tc, test_repeated_record_open);
	tcase_add_test(tc, test_fixture_store_loads);
	tcase_add_test(tc, test_default_path);
	tcase_add_test(tc, test_file_format);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

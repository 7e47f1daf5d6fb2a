/* progress_util.h - lessons and helpers shared by the progress store's
 * Check suites (check_progress*.c). */
#ifndef PARATUTOR_PROGRESS_UTIL_H
#define PARATUTOR_PROGRESS_UTIL_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/store/progress.h"
#include "paratutor/learn/session.h"
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

#define lesson_p HEAD("p") ITEM_FILL "," ITEM_ONE("true", "false") "," ITEM_MANY TAIL
/* "one" now has C right: its hash changes, the others' do not. */
#define lesson_p_changed HEAD("p") ITEM_FILL "," ITEM_ONE("false", "true") "," ITEM_MANY TAIL
/* Same items reordered, and one added. */
#define lesson_p_reordered HEAD("p") ITEM_MANY "," ITEM_EXTRA "," ITEM_ONE("true", "false") "," ITEM_FILL TAIL
/* Another lesson whose wrong option shares a feedback text with p. */
#define lesson_q HEAD("q") \
	"{'id':'x','kind':'choice','difficulty':'easy','prompt':'x'," \
	"'options':[{'text':'W','feedback':'fb-batch'},{'text':'R','correct':true}],'hints':['h'],'explanation':'e'}" TAIL

static char dir[256];
static char path[512];

/* Returns a lesson from single-quoted JSON. */
static inline pt_lesson *mk(const char *squoted)
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
static inline void rm_rf(const char *p)
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
			if ((size_t)snprintf(sub, sizeof sub, "%s/%s", p, e->d_name) < sizeof sub)
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
static inline void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/pt-check-progress-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/state/paratutor/progress.json", dir);
}

/* Removes it. */
static inline void teardown(void)
{
	rm_rf(dir);
}

/* Writes text to file f. */
static inline void write_file(const char *f, const char *text)
{
	FILE *fp = fopen(f, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
}

/* Returns a file's contents (caller frees). */
static inline char *slurp(const char *f)
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
static inline bool exists(const char *f)
{
	struct stat st;
	return lstat(f, &st) == 0;
}

/* Opens the store at path and asserts it is usable. */
static inline pt_progress *open_ok(const char *p, time_t now)
{
	pt_open_report rep;
	pt_progress *s = progress_open(p, now, &rep);
	ck_assert_ptr_nonnull(s);
	ck_assert_msg(!rep.memory_only, "memory only: %s", rep.message);
	ck_assert_str_eq(rep.moved_to, "");
	return s;
}

/* Saves and asserts success. */
static inline void save_ok(pt_progress *s)
{
	char err[512] = "";
	ck_assert_msg(progress_save(s, err, sizeof err), "save failed: %s", err);
}

/* Fills both blanks (locked ones stay) and checks; the check counts (an
 * answer already checked would not). */
static inline void check_fill_at(pt_grade *g, int b0, int b1, int line)
{
	grade_fill(g, 0, b0);
	grade_fill(g, 1, b1);
	pt_grade_rc rc = grade_check(g);
	ck_assert_msg(rc == PT_GRADE_OK, "line %d: check returned %d", line, (int)rc);
}
#define check_fill(g, b0, b1) check_fill_at((g), (b0), (b1), __LINE__)

/* Selects exactly the options in mask and checks; the check counts. */
static inline void check_pick_at(pt_grade *g, unsigned mask, int line)
{
	for (int o = 0; o < grade_slots(g); o++) {
		bool want = (mask >> o) & 1u;
		if (g->item->kind == PT_KIND_CHOICE ? want : g->picked[o] != want)
			grade_pick(g, o);
	}
	pt_grade_rc rc = grade_check(g);
	ck_assert_msg(rc == PT_GRADE_OK, "line %d: check returned %d", line, (int)rc);
}
#define check_pick(g, mask) check_pick_at((g), (mask), __LINE__)

/* Returns the number of entries of the directory. */
static inline int dir_entries(const char *d)
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
static inline void cat_add(pt_catalog *c, pt_lesson *l)
{
	pt_entry *v = realloc(c->v, (c->n + 1) * sizeof *v);
	ck_assert_ptr_nonnull(v);
	c->v = v;
	memset(&v[c->n], 0, sizeof v[c->n]);
	v[c->n].path = malloc(8);
	strcpy(v[c->n].path, "mem");
	v[c->n].lesson = l;
	v[c->n].info = index_info_of(l);
	v[c->n].loaded = true;
	ck_assert_ptr_nonnull(v[c->n].info);
	c->n++;
	c->cap = c->n;
}

/* Records a round on lesson p: fill solved after a retry (batch picked
 * wrongly), one failed (A, then C: an answer checked again would cost
 * nothing), many left open after a hint. */
static inline void play_p(pt_progress *s, const pt_lesson *l, time_t now)
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
	check_pick(g, 1u << 2);
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

#endif

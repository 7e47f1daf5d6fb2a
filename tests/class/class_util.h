/* class_util.h - helpers shared by the class report's Check suites: a
 * scratch directory, a lesson written to it, and progress stores written
 * record by record with the hashes of that lesson. */
#ifndef PARATUTOR_CLASS_UTIL_H
#define PARATUTOR_CLASS_UTIL_H

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/store/progress.h"
#include "testutil.h"

#define T0 1700000000L /* 2023-11-14T22:13:20Z */

/* The hand-computed class's lesson, in single quotes for " : a fill item
 * (one blank, split right), a choice (B right; C has no feedback) and a
 * multi (P and R right), two hints each. */
#define LESSON_HC \
	"{'format':1,'id':'hc','title':'Hand count','summary':'s','attempts':3,'items':[" \
	"{'id':'f','kind':'fill','difficulty':'easy','prompt':'Divide the data.','code':'x = d.{{1}}(n)'," \
	"'bank':['split','batch','sum'],'blanks':[{'accept':['split'],'feedback':{'batch':'fb-batch','sum':'fb-sum'}}]," \
	"'hints':['h1','h2'],'explanation':'e'}," \
	"{'id':'c','kind':'choice','difficulty':'easy','prompt':'Pick one.'," \
	"'options':[{'text':'A','feedback':'no-a'},{'text':'B','correct':true},{'text':'C'}]," \
	"'hints':['h1','h2'],'explanation':'e'}," \
	"{'id':'m','kind':'multi','difficulty':'easy','prompt':'Pick all.'," \
	"'options':[{'text':'P','correct':true},{'text':'Q','feedback':'no-q'},{'text':'R','correct':true}]," \
	"'hints':['h1','h2'],'explanation':'e'}]}"

/* A second lesson for the generated classes. */
#define LESSON_G2 \
	"{'format':1,'id':'g2','title':'Second','summary':'s','attempts':3,'items':[" \
	"{'id':'one','kind':'choice','difficulty':'easy','prompt':'One?'," \
	"'options':[{'text':'Yes','correct':true},{'text':'No','feedback':'no-no'},{'text':'Maybe','feedback':'fb-maybe'}]," \
	"'hints':['h'],'explanation':'e'}," \
	"{'id':'two','kind':'fill','difficulty':'easy','prompt':'Two.','code':'{{1}} + {{2}}'," \
	"'bank':['a','b','c'],'blanks':[{'accept':['a'],'feedback':{'b':'fb-b1'}},{'accept':['b'],'feedback':{'a':'fb-a2','c':'fb-c2'}}]," \
	"'hints':['h'],'explanation':'e'}]}"

/* One record to write: an outcome word, checks, hints and wrong options
 * (up to 4; NULL ends them).  older writes a hash the item does not have
 * (an earlier version); an item the catalog lacks gets hash 1. */
typedef struct rec {
	const char *lesson;
	const char *item;
	const char *outcome;
	int attempts;
	int hints;
	const char *wrong[5];
	bool older;
	long spent;
} rec;

static char dir[256];

/* Removes a directory tree. */
static inline void rm_rf(const char *p)
{
	struct stat st;
	if (lstat(p, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
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

/* Makes a fresh scratch directory. */
static inline void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/pt-check-class-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

/* Removes it. */
static inline void teardown(void)
{
	rm_rf(dir);
}

/* Writes text to file f, making its directory. */
static inline void write_file(const char *f, const char *text)
{
	char d[1024];
	snprintf(d, sizeof d, "%s", f);
	for (char *slash = strchr(d + 1, '/'); slash != NULL; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(d, 0700);
		*slash = '/';
	}
	FILE *fp = fopen(f, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
}

/* Writes the single-quoted lesson json into dir/lessons/NAME.json. */
static inline void write_lesson(const char *name, const char *squoted)
{
	char f[512], *json = strdup(squoted);
	ck_assert_ptr_nonnull(json);
	for (char *c = json; *c; c++)
		if (*c == '\'')
			*c = '"';
	snprintf(f, sizeof f, "%s/lessons", dir);
	mkdir(f, 0700);
	snprintf(f, sizeof f, "%s/lessons/%s.json", dir, name);
	write_file(f, json);
	free(json);
}

/* Loads dir/lessons into cat and asserts every lesson is usable. */
static inline void load_lessons(pt_catalog *cat)
{
	char f[512];
	const char *why = NULL;
	snprintf(f, sizeof f, "%s/lessons", dir);
	ck_assert_msg(catalog_add_path(cat, f, false, &why), "%s", why);
	for (size_t e = 0; e < cat->n; e++) {
		if (cat->v[e].broken)
			diags_print(&cat->v[e].diags, stderr);
		ck_assert(!cat->v[e].broken);
	}
}

/* Returns the hash to store for record r. */
static inline unsigned long long rec_hash(const pt_catalog *cat, const rec *r)
{
	const pt_entry *e = catalog_find(cat, r->lesson);
	const pt_item *item = e ? lesson_find_item(e->lesson, r->item) : NULL;
	if (item == NULL)
		return 1;
	return lesson_item_hash(item) ^ (r->older ? 0xffULL : 0);
}

/* Writes the n records as a progress store at path (under dir, with its
 * directory made), lessons in the order first met. */
static inline void write_store(const char *path, const pt_catalog *cat, const rec *r, size_t n)
{
	size_t cap = 4096 + n * 512;
	char *text = malloc(cap), *o = text;
	ck_assert_ptr_nonnull(text);
	o += sprintf(o, "{\"format\":1,\"lessons\":{");
	bool *done = calloc(n + 1, sizeof *done);
	bool first_lesson = true;
	for (size_t i = 0; i < n; i++) {
		if (done[i])
			continue;
		o += sprintf(o, "%s\"%s\":{\"items\":{", first_lesson ? "" : ",", r[i].lesson);
		first_lesson = false;
		bool first = true;
		for (size_t k = i; k < n; k++) {
			if (done[k] || strcmp(r[k].lesson, r[i].lesson) != 0)
				continue;
			done[k] = true;
			o += sprintf(o, "%s\"%s\":{\"hash\":\"%016llx\",\"outcome\":\"%s\",\"attempts\":%d,\"hints\":%d,\"wrong\":[",
			    first ? "" : ",", r[k].item, rec_hash(cat, &r[k]), r[k].outcome, r[k].attempts, r[k].hints);
			for (int w = 0; w < 4 && r[k].wrong[w]; w++)
				o += sprintf(o, "%s\"%s\"", w ? "," : "", r[k].wrong[w]);
			o += sprintf(o, "],\"first_seen\":%ld,\"last_seen\":%ld,\"pass_start\":%ld,\"time_spent\":%ld,\"box\":0}",
			    T0 + (long)k, T0 + (long)k + 30, T0 + (long)k, r[k].spent);
			first = false;
		}
		o += sprintf(o, "}}");
	}
	sprintf(o, "}}\n");
	free(done);
	write_file(path, text);
	free(text);
}

#endif

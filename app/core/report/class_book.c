/* class_book.c - the class report's gradebook: a CSV that Canvas's and
 * Moodle's grade imports take, one row per learner, one column per lesson
 * and per exam (see class.h and docs/class.md).  The login column is a
 * course's roster id, else the learner's name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/report/class.h"
#include "paratutor/report/class_parts.h"
#include "paratutor/base/sanitise.h"

/* Appends the column title of lesson li: its title, with its id when
 * another lesson has the same title; last ends the row. */
static void lesson_head(pt_strbuf *b, const pt_class *c, size_t li, bool last)
{
	const pt_lesson *l = c->lessons[li].lesson;
	bool clash = false;
	for (size_t k = 0; k < c->n_lessons; k++)
		clash = clash || (k != li && strcmp(class_title_of(c->lessons[k].lesson), class_title_of(l)) == 0);
	if (!clash) {
		sanitise_csv_field(b, class_title_of(l), last);
		return;
	}
	size_t n = strlen(class_title_of(l)) + strlen(l->id.s) + 4;
	char *both = malloc(n);
	if (both == NULL) {
		b->failed = true;
		return;
	}
	snprintf(both, n, "%s (%s)", class_title_of(l), l->id.s);
	sanitise_csv_field(b, both, last);
	free(both);
}

/* Appends a score, with two decimals only when it is not whole; empty
 * when x < 0. */
static void score_field(pt_strbuf *b, double x, bool last)
{
	char buf[32] = "";
	if (x >= 0) {
		double r = class_rounded(x, 2);
		snprintf(buf, sizeof buf, r == (double)(long)r ? "%.0f" : "%.2f", r);
	}
	sanitise_csv_field(b, buf, last);
}

void class_render_gradebook(pt_strbuf *b, const pt_class *c)
{
	static const char *const head[] = { "Student", "ID", "SIS User ID", "SIS Login ID", "Section" };
	size_t cols = c->n_lessons + c->n_exams;
	for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
		sanitise_csv_field(b, head[i], cols == 0 && i + 1 == sizeof head / sizeof head[0]);
	for (size_t li = 0; li < c->n_lessons; li++)
		lesson_head(b, c, li, li + 1 == cols);
	for (size_t k = 0; k < c->n_exams; k++) {
		char title[96];
		snprintf(title, sizeof title, "Exam: %s", class_exam_title(&c->exams[k]));
		sanitise_csv_field(b, title, c->n_lessons + k + 1 == cols);
	}
	for (size_t L = 0; L < c->n_learners; L++) {
		const char *name = c->learners[L].name;
		sanitise_csv_field(b, name, false);
		sanitise_csv_field(b, "", false);
		sanitise_csv_field(b, "", false);
		sanitise_csv_field(b, class_login(&c->learners[L]), false);
		sanitise_csv_field(b, "", cols == 0);
		for (size_t li = 0; li < c->n_lessons; li++)
			score_field(b, class_score(c, L, li), li + 1 == cols);
		for (size_t k = 0; k < c->n_exams; k++) {
			pt_class_standing s = class_standing(&c->exams[k], L);
			score_field(b, s.best != NULL ? s.best->score : -1, c->n_lessons + k + 1 == cols);
		}
	}
}

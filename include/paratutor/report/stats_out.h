/* stats_out.h - the learner's statistics (stats.h) put into words and
 * text charts, once for both the statistics screen and `paratutor stats
 * --me`.
 *
 * The result is a list of blocks: headings, paragraphs for the caller to
 * wrap at its width, and preformatted lines (chart rows) that fit the
 * width asked for.  Charts use Unicode block characters, or ASCII when
 * asked; no figure is told by colour alone.  Pure: no I/O, no clock,
 * but for stats_text_for, which computes the figures from a store.
 *
 * Ownership: a pt_stats_text owns its blocks and their strings; free it
 * with stats_text_free(). */
#ifndef PARATUTOR_STATS_OUT_H
#define PARATUTOR_STATS_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "paratutor/report/stats.h"

/* Rows of the column charts (each row shows eight steps in UTF-8). */
#define PT_CHART_ROWS 4
/* Cells of a lesson's mastery bar. */
#define PT_CHART_BAR_CELLS 16

/* One finished exam, for the exam history chart. */
typedef struct pt_exam_point {
	time_t finished;
	double score;      /* 0 to 100 */
	int pass_percent;  /* the pass mark, 0 to 100 */
	size_t retake_of;  /* a retake: the number of the exam it sat again; 0 otherwise */
	time_t results_at; /* a course exam whose results are not out yet: when they are (its score is not shown);
	                    * 0 otherwise */
} pt_exam_point;

typedef enum pt_stats_block_form {
	STATS_HEADING, /* a section title */
	STATS_PARA,    /* text to wrap; wrapped lines hang under the text, after lead */
	STATS_NOTE,    /* as STATS_PARA, secondary: how a figure is made */
	STATS_LINE     /* a preformatted line (a chart row): never wrapped; with a lead (a bar), the text is its
	                * figures, wrapped after it as STATS_PARA */
} pt_stats_block_form;

typedef struct pt_stats_block {
	pt_stats_block_form form;
	int indent;  /* column where the block starts */
	char *lead;  /* NULL, or a short label before the text ("  3x") */
	char *text;
} pt_stats_block;

typedef struct pt_stats_text {
	pt_stats_block *v;
	size_t n, cap;
	bool failed; /* out of memory: the text is incomplete */
} pt_stats_text;

/* How to draw: ASCII charts instead of block characters, the width the
 * preformatted lines must fit (the charts of days and exams show the
 * latest, or the first, that fit; mastery bars need 58), and the local time's offset
 * from UTC for the exams' dates.  words: no charts and no columns, every
 * figure a short sentence, for a screen reader (plain mode). */
typedef struct pt_stats_style {
	bool ascii;
	int width;
	long utc_offset;
	bool words;
	bool hosted; /* a hosted course's session: say the words it takes (ssh HOST next), not commands */
} pt_stats_style;

/* Builds the statistics text from s and the exams (n of them, oldest
 * first; none: "No exams yet") into out.  Returns false when out of
 * memory (out is then freed). */
bool stats_text(const pt_stats *s, const pt_exam_point *exams, size_t n_exams, const pt_stats_style *style,
    pt_stats_text *out);

/* The statistics text of the store p over catalog at now, as the screen
 * and plain mode show it: stats_compute (at style's utc_offset), then
 * stats_exams (course: the hosted course whose exams' results may not be
 * out yet, or NULL) and stats_text.  Returns false when out of memory. */
bool stats_text_for(const pt_progress *p, const struct pt_course *course, pt_catalog *catalog, time_t now,
    const pt_stats_style *style, pt_stats_text *out);

/* Appends the exam history chart and its list to out: a column per exam
 * (the latest that fit the width), the score marked in its row and the
 * pass mark drawn as a line across the rest of its row. */
void stats_text_exams(pt_stats_text *out, const pt_exam_point *exams, size_t n, const pt_stats_style *style);

/* Appends to buf (size bytes, always terminated) a bar cells wide,
 * filled num / den: full blocks and an eighth-step end (ASCII: '#'),
 * then light shade (ASCII: '.') for the rest. */
void stats_bar(char *buf, size_t size, size_t num, size_t den, int cells, bool ascii);

/* Frees the blocks and empties out. */
void stats_text_free(pt_stats_text *out);

#endif

/* stats_out.c - the learner's statistics in words and text charts
 * (stats_out.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "paratutor/report/next.h"
#include "paratutor/base/diag.h"
#include "paratutor/base/grow.h"
#include "paratutor/base/strbuf.h"
#include "paratutor/learn/score.h"
#include "paratutor/report/stats_out.h"

/* Glyphs of one drawing style. */
typedef struct chart_glyphs {
	const char *steps[9];   /* a cell filled 0 to 8 eighths from the bottom */
	const char *hsteps[9];  /* a cell filled 0 to 8 eighths from the left */
	const char *empty_bar;  /* the unfilled part of a bar */
	const char *no_data;    /* a day without first answers */
	const char *axis_top, *axis, *corner, *rule;
	const char *point, *pass;
	const char *times;      /* "3x" */
} chart_glyphs;

static const chart_glyphs utf8_glyphs = {
	{ " ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588" },
	{ "", "\u258f", "\u258e", "\u258d", "\u258c", "\u258b", "\u258a", "\u2589", "\u2588" },
	"\u2591", "\u00b7", "\u2524", "\u2502", "\u2514", "\u2500", "\u25cf", "\u2500", "\u00d7",
};

static const chart_glyphs ascii_glyphs = {
	{ " ", "_", "_", "-", "-", "=", "=", "#", "#" },
	{ "", "", "", "", "#", "#", "#", "#", "#" },
	".", ".", "+", "|", "+", "-", "o", "-", "x",
};

static const char *const month_names[12] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
};

static const char *const weekday_names[7] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };

/* Exam chart rows: the scores 100, 90, ... 0, every other one labelled. */
#define EXAM_ROWS 11
#define EXAM_STEP 10

/* Returns the glyphs of style. */
static const chart_glyphs *glyphs_of(const pt_stats_style *style)
{
	return style->ascii ? &ascii_glyphs : &utf8_glyphs;
}

/* Appends a block; lead may be NULL.  Marks out failed when out of memory. */
static void add_block(pt_stats_text *out, pt_stats_block_form form, int indent, const char *lead, const char *text)
{
	if (out->failed)
		return;
	char *l = lead != NULL ? strdup(lead) : NULL, *t = strdup(text);
	if (t == NULL || (lead != NULL && l == NULL) ||
	    !grow_array((void **)&out->v, &out->cap, out->n + 1, sizeof *out->v)) {
		free(l);
		free(t);
		out->failed = true;
		return;
	}
	out->v[out->n++] = (pt_stats_block){ form, indent, l, t };
}

/* As add_block with a printf-style text and no lead. */
static void PT_PRINTF(4, 5) addf(pt_stats_text *out, pt_stats_block_form form, int indent, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	add_block(out, form, indent, NULL, buf);
}

/* Adds the line built in b, without trailing spaces, as a preformatted
 * block (indented, after lead when not NULL) and empties b. */
static void add_led_line(pt_stats_text *out, pt_strbuf *b, int indent, const char *lead)
{
	if (b->failed)
		out->failed = true;
	while (b->n > 0 && b->s[b->n - 1] == ' ')
		b->s[--b->n] = '\0';
	add_block(out, STATS_LINE, indent, lead, b->s != NULL ? b->s : "");
	b->n = 0;
	if (b->s != NULL)
		b->s[0] = '\0';
}

/* As add_led_line, with no indent or lead. */
static void add_line(pt_stats_text *out, pt_strbuf *b)
{
	add_led_line(out, b, 0, NULL);
}

/* Writes "Dec 3" for day number day into buf. */
static void format_day(long day, char *buf, size_t size)
{
	int y, m, d;
	stats_date(day, &y, &m, &d);
	snprintf(buf, size, "%s %d", month_names[m - 1], d);
}

/* Returns round(100 * num / den) for den > 0. */
static int percent(size_t num, size_t den)
{
	return (int)((200 * num + den) / (2 * den));
}

void stats_bar(char *buf, size_t size, size_t num, size_t den, int cells, bool ascii)
{
	const chart_glyphs *g = ascii ? &ascii_glyphs : &utf8_glyphs;
	size_t eighths = den > 0 ? (num > den ? den : num) * (size_t)cells * 8 / den : 0;
	size_t len = 0;
	if (size == 0)
		return;
	buf[0] = '\0';
	for (int c = 0; c < cells; c++) {
		size_t filled = eighths > (size_t)c * 8 ? eighths - (size_t)c * 8 : 0;
		const char *s = filled >= 8 ? g->hsteps[8] : filled > 0 && g->hsteps[filled][0] ? g->hsteps[filled]
		                                                                             : g->empty_bar;
		size_t n = strlen(s);
		if (len + n + 1 > size)
			break;
		memcpy(buf + len, s, n + 1);
		len += n;
	}
}

/* Returns the eighths a column of rows rows is filled for value num / max
 * (max > 0): rounded, at least one when num is above zero or shown is
 * set. */
static int column_level(size_t num, size_t max, bool shown)
{
	int total = PT_CHART_ROWS * 8;
	int level = (int)((2 * num * (size_t)total + max) / (2 * max));
	return level == 0 && (num > 0 || shown) ? 1 : level;
}

/* Returns the glyph of row r (0 at the top) of a column filled level
 * eighths. */
static const char *column_cell(const chart_glyphs *g, int level, int r)
{
	int base = (PT_CHART_ROWS - 1 - r) * 8;
	int fill = level - base;
	return g->steps[fill < 0 ? 0 : fill > 8 ? 8 : fill];
}

/* Returns how many of n chart columns, each per wide after lead columns
 * of axis, fit style's width (at least one): a chart shows the latest (or
 * the first) that fit, and its note says so. */
static size_t columns_fit(const pt_stats_style *style, int lead, int per, size_t n)
{
	size_t fit = style->width >= lead + per ? (size_t)(style->width - lead) / (size_t)per : 1;
	return n < fit ? n : fit;
}

/* Adds a bar filled num / den with its percent, then the figures built
 * in b (wrapped after the bar where the width is short), and empties b. */
static void add_bar(pt_stats_text *out, pt_strbuf *b, size_t num, size_t den, int percent, const pt_stats_style *style)
{
	char bar[PT_CHART_BAR_CELLS * 4 + 1], lead[sizeof bar + 8];
	stats_bar(bar, sizeof bar, num, den, PT_CHART_BAR_CELLS, style->ascii);
	snprintf(lead, sizeof lead, "%s %3d%%", bar, percent);
	add_led_line(out, b, 4, lead);
}

/* The mastery section: one bar per lesson. */
static void add_mastery(pt_stats_text *out, const pt_stats *s, const pt_stats_style *style)
{
	add_block(out, STATS_HEADING, 0, NULL, "Mastery by lesson");
	add_block(out, STATS_NOTE, 0, NULL,
	    "Mastered: right in a review a day or more after the lesson and not due again for 3 days or more: the "
	    "memory model predicts you will still recall it by then. \"done\": finished in the lesson.");
	if (s->n_lessons == 0)
		add_block(out, STATS_PARA, 2, NULL, "No lessons to show.");
	pt_strbuf b = { 0 };
	for (size_t i = 0; i < s->n_lessons; i++) {
		const pt_stats_lesson *l = &s->lessons[i];
		char score[64]; /* as the menu shows it, the attempt's beside it */
		score_attempt_text(l->score, l->attempt, l->attempt_score, style->ascii || style->words, score, sizeof score);
		if (style->words) {
			addf(out, STATS_PARA, 0, "%s: %zu of %zu mastered, %d%%; %zu done, score %s.",
			    l->title, l->mastered, l->items, l->percent, l->done, score);
			continue;
		}
		add_block(out, STATS_PARA, 2, NULL, l->title);
		strbuf_printf(&b, "%zu of %zu mastered, %zu done, score %s", l->mastered, l->items, l->done, score);
		add_bar(out, &b, l->mastered, l->items, l->percent, style);
	}
	free(b.s);
}

/* What to study next (next.h), each line with its reason. */
static void add_next(pt_stats_text *out, const pt_stats *s, const pt_stats_style *style)
{
	pt_next n;
	if (!next_from_stats(s, NULL, &n)) {
		out->failed = true;
		return;
	}
	add_block(out, STATS_HEADING, 0, NULL, "What to study next");
	for (size_t i = 0; i < n.n; i++)
		add_block(out, STATS_PARA, 2, NULL, n.lines[i]);
	if (n.due > 0)
		addf(out, STATS_NOTE, 0, "%zu item%s due for review now: answer %s with %s, or %s.", n.due,
		    n.due == 1 ? "" : "s", n.due == 1 ? "it" : "them", style->words ? "review at the lesson list" :
		    "r in the menu", style->hosted ? "ssh HOST next" : "paratutor next --plain");
}

/* Mastery by concept tag: a bar each, with the figures in words. */
static void add_tags(pt_stats_text *out, const pt_stats *s, const pt_stats_style *style)
{
	if (s->n_tags == 0)
		return;
	add_block(out, STATS_HEADING, 0, NULL, "Mastery by concept");
	add_block(out, STATS_NOTE, 0, NULL,
	    "A concept runs through several lessons; recall is the review schedule's prediction for the items seen, "
	    "an item not right first time when last answered counting 0 until you next get it right.");
	pt_strbuf b = { 0 };
	for (size_t t = 0; t < s->n_tags; t++) {
		const pt_stats_tag *g = &s->tags[t];
		if (style->words && g->seen > 0) {
			addf(out, STATS_PARA, 0, "%s: %zu of %zu mastered, %d%%; %zu due, recall %d%%.", g->label, g->mastered,
			    g->items, percent(g->mastered, g->items), g->due, (int)(g->recall * 100 + 0.5));
			continue;
		} else if (style->words) {
			addf(out, STATS_PARA, 0, "%s: %zu item%s, none answered yet.", g->label, g->items,
			    g->items == 1 ? "" : "s");
			continue;
		}
		add_block(out, STATS_PARA, 2, NULL, g->label);
		if (g->seen > 0)
			strbuf_printf(&b, "%zu of %zu mastered, %zu due, recall %d %%", g->mastered, g->items, g->due,
			    (int)(g->recall * 100 + 0.5));
		else
			strbuf_printf(&b, "%zu item%s, none answered yet", g->items, g->items == 1 ? "" : "s");
		add_bar(out, &b, g->mastered, g->items, g->seen > 0 ? percent(g->mastered, g->items) : 0, style);
	}
	free(b.s);
}

/* The first answers of the last 30 days, the total then each day with
 * some: sentences, or under the chart (chart) a line each day. */
static void add_tries(pt_stats_text *out, const pt_stats *s, bool chart)
{
	int indent = chart ? 2 : 0;
	if (s->tries == 0) {
		add_block(out, STATS_PARA, indent, NULL, "No first answers in the last 30 days.");
		return;
	}
	addf(out, STATS_PARA, indent, chart ? "%zu first answer%s on %zu day%s, %zu right first time (%d%%)"
	                                    : "%zu first answer%s on %zu day%s, %zu right first time, %d%%.",
	    s->tries, s->tries == 1 ? "" : "s", s->days_with_tries, s->days_with_tries == 1 ? "" : "s", s->right,
	    percent(s->right, s->tries));
	pt_strbuf b = { 0 };
	for (int d = 0; d < PT_STATS_DAYS; d++) {
		const pt_stats_day *day = &s->days[d];
		if (day->tries == 0)
			continue;
		char date[16];
		format_day(s->today - (PT_STATS_DAYS - 1 - d), date, sizeof date);
		bool today = d == PT_STATS_DAYS - 1;
		if (chart) {
			strbuf_printf(&b, "    %-7s %zu of %zu right (%d%%)", today ? "today" : date, day->right, day->tries,
			    percent(day->right, day->tries));
			add_line(out, &b);
		} else {
			addf(out, STATS_PARA, 0, "%s: %zu of %zu right, %d%%.", today ? "Today" : date, day->right,
			    day->tries, percent(day->right, day->tries));
		}
	}
	free(b.s);
}

/* The first-try accuracy in sentences: the total, then each day with
 * first answers. */
static void add_accuracy_words(pt_stats_text *out, const pt_stats *s)
{
	add_block(out, STATS_NOTE, 0, NULL, "Only each item's first answer in its lesson counts (in attempt 1 and "
	    "in the current attempt), not retries or reviews; right first time means right at the first check with no hint.");
	add_tries(out, s, false);
}

/* The review forecast in one sentence: the days with reviews, by name. */
static void add_forecast_words(pt_stats_text *out, const pt_stats *s, size_t total)
{
	static const char *const day_names[7] = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
		"Saturday" };
	if (total == 0) {
		add_block(out, STATS_PARA, 0, NULL, "Nothing comes back for review in the next 14 days.");
		return;
	}
	pt_strbuf b = { 0 };
	strbuf_puts(&b, "Reviews due:");
	bool first = true;
	for (int d = 0; d < PT_STATS_FORECAST_DAYS; d++) {
		if (s->forecast[d] == 0)
			continue;
		char when[24];
		if (d == 0)
			snprintf(when, sizeof when, "today");
		else if (d == 1)
			snprintf(when, sizeof when, "tomorrow");
		else if (d < 7)
			snprintf(when, sizeof when, "%s", day_names[stats_weekday(s->today + d)]);
		else
			format_day(s->today + d, when, sizeof when);
		strbuf_printf(&b, "%s %s %zu", first ? "" : ",", when, s->forecast[d]);
		first = false;
	}
	strbuf_printf(&b, ". %zu in the next 14 days", total);
	if (s->overdue > 0)
		strbuf_printf(&b, "; %zu of today's %zu %s overdue", s->overdue, s->forecast[0], s->overdue == 1 ? "is" : "are");
	strbuf_puts(&b, ".");
	if (b.failed)
		out->failed = true;
	add_block(out, STATS_PARA, 0, NULL, b.s != NULL ? b.s : "");
	free(b.s);
}

/* The first-try accuracy section: a column per day and the days listed. */
static void add_accuracy(pt_stats_text *out, const pt_stats *s, const pt_stats_style *style)
{
	const chart_glyphs *g = glyphs_of(style);
	add_block(out, STATS_HEADING, 0, NULL, "Right first time, last 30 days");
	if (style->words) {
		add_accuracy_words(out, s);
		return;
	}
	int from = PT_STATS_DAYS - (int)columns_fit(style, 6, 1, PT_STATS_DAYS);
	addf(out, STATS_NOTE, 0,
	    "Each column is a day%s, today at the right. Its height is the share of your first answers that day "
	    "that were right at the first check with no hint; %s marks a day with none. Only each item's first "
	    "answer in its lesson counts, not retries or reviews.", from > 0 ? " (the latest that fit)" : "",
	    g->no_data);
	pt_strbuf b = { 0 };
	for (int r = 0; r < PT_CHART_ROWS; r++) {
		strbuf_puts(&b, r == 0 ? "100% " : "     ");
		strbuf_puts(&b, r == 0 ? g->axis_top : g->axis);
		for (int d = from; d < PT_STATS_DAYS; d++) {
			const pt_stats_day *day = &s->days[d];
			if (day->tries == 0)
				strbuf_puts(&b, r == PT_CHART_ROWS - 1 ? g->no_data : " ");
			else
				strbuf_puts(&b, column_cell(g, column_level(day->right, day->tries, true), r));
		}
		add_line(out, &b);
	}
	strbuf_puts(&b, "  0% ");
	strbuf_puts(&b, g->corner);
	for (int d = from; d < PT_STATS_DAYS; d++)
		strbuf_puts(&b, g->rule);
	add_line(out, &b);
	char first[16];
	format_day(s->today - (PT_STATS_DAYS - 1 - from), first, sizeof first);
	if (PT_STATS_DAYS - from >= 13) /* room for the first day's date before "today" */
		strbuf_printf(&b, "      %-*s%s", PT_STATS_DAYS - from - 5, first, "today");
	else
		strbuf_printf(&b, "%*s", 6 + PT_STATS_DAYS - from, "today");
	add_line(out, &b);
	free(b.s);
	add_tries(out, s, true);
}

/* The review forecast section: a column per day with its count. */
static void add_forecast(pt_stats_text *out, const pt_stats *s, const pt_stats_style *style)
{
	const chart_glyphs *g = glyphs_of(style);
	add_block(out, STATS_HEADING, 0, NULL, "Reviews due, next 14 days");
	size_t max = 0, total = 0;
	for (int d = 0; d < PT_STATS_FORECAST_DAYS; d++) {
		max = s->forecast[d] > max ? s->forecast[d] : max;
		total += s->forecast[d];
	}
	if (style->words) {
		add_forecast_words(out, s, total);
		return;
	}
	int days = (int)columns_fit(style, 2, 4, PT_STATS_FORECAST_DAYS);
	addf(out, STATS_NOTE, 0,
	    "Each column is a day, today first%s; the number under it counts the items that come back for "
	    "review that day. Today's column includes the items already overdue.",
	    days < PT_STATS_FORECAST_DAYS ? " (the first that fit)" : "");
	pt_strbuf b = { 0 };
	for (int r = 0; r < PT_CHART_ROWS && max > 0; r++) {
		strbuf_puts(&b, "  ");
		for (int d = 0; d < days; d++) {
			const char *cell = column_cell(g, column_level(s->forecast[d], max, false), r);
			strbuf_puts(&b, " ");
			strbuf_puts(&b, cell);
			strbuf_puts(&b, cell);
			strbuf_puts(&b, " ");
		}
		add_line(out, &b);
	}
	strbuf_puts(&b, "  ");
	for (int d = 0; d < days; d++)
		strbuf_printf(&b, "%3zu ", s->forecast[d]);
	add_line(out, &b);
	strbuf_puts(&b, "  ");
	for (int d = 0; d < days; d++)
		strbuf_printf(&b, "%3s ", d == 0 ? "tdy" : weekday_names[stats_weekday(s->today + d)]);
	add_line(out, &b);
	free(b.s);
	if (total == 0)
		add_block(out, STATS_PARA, 2, NULL, "Nothing comes back for review in the next 14 days.");
	else if (s->overdue > 0)
		addf(out, STATS_PARA, 2, "%zu review%s in the next 14 days; %zu of today's %zu %s overdue.", total,
		    total == 1 ? "" : "s", s->overdue, s->forecast[0], s->overdue == 1 ? "is" : "are");
	else
		addf(out, STATS_PARA, 2, "%zu review%s in the next 14 days.", total, total == 1 ? "" : "s");
}

/* Returns value within 0 to 100; anything else (NaN too) counts as 0. */
static double clamp_percent(double value)
{
	return value >= 0 && value <= 100 ? value : value > 100 ? 100 : 0;
}

/* Returns the exam chart row (0 at the top) of a score or pass mark. */
static int exam_row(double value)
{
	double v = clamp_percent(value);
	return EXAM_ROWS - 1 - (int)(v / EXAM_STEP + 0.5);
}

/* A sitting whose results the course has not released yet: writes "result
 * on <release time> (UTC)" into buf and returns true; false otherwise. */
static bool results_on(const pt_exam_point *x, char *buf, size_t size)
{
	struct tm tm;
	char when[24];
	if (x->results_at == 0 || gmtime_r(&x->results_at, &tm) == NULL ||
	    strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm) == 0)
		return false;
	snprintf(buf, size, "result on %s (UTC)", when);
	return true;
}

void stats_text_exams(pt_stats_text *out, const pt_exam_point *exams, size_t n, const pt_stats_style *style)
{
	const chart_glyphs *g = glyphs_of(style);
	add_block(out, STATS_HEADING, 0, NULL, "Exam history");
	if (n == 0) {
		add_block(out, STATS_PARA, 2, NULL,
		    "No exams yet: the score of each exam you sit shows here, against its pass mark.");
		return;
	}
	if (style->words) {
		for (size_t k = 0; k < n; k++) {
			char date[16];
			format_day(stats_day(exams[k].finished, style->utc_offset), date, sizeof date);
			double score = clamp_percent(exams[k].score), pass = clamp_percent(exams[k].pass_percent);
			char retake[48] = "", release[40];
			if (exams[k].retake_of > 0)
				snprintf(retake, sizeof retake, " A retake of exam %zu.", exams[k].retake_of);
			if (results_on(&exams[k], release, sizeof release))
				addf(out, STATS_PARA, 0, "Exam %zu, %s: %s.%s", k + 1, date, release, retake);
			else
				addf(out, STATS_PARA, 0, "Exam %zu, %s: %.0f%%, %s; the pass mark was %.0f%%.%s", k + 1, date, score,
				    score + 1e-9 >= pass ? "passed" : "not passed", pass, retake);
		}
		return;
	}
	size_t from = n - columns_fit(style, 8, 3, n);
	addf(out, STATS_NOTE, 0, "One column per exam%s, oldest first: %s marks your score, %s%s%s the pass mark.",
	    from > 0 ? " (the latest that fit)" : "", g->point, g->pass, g->pass, g->pass);
	pt_strbuf b = { 0 };
	for (int r = 0; r < EXAM_ROWS; r++) {
		if (r % 2 == 0)
			strbuf_printf(&b, "%3d %s", 100 - r * EXAM_STEP, g->axis_top);
		else
			strbuf_printf(&b, "    %s", g->axis);
		for (size_t k = from; k < n; k++) {
			bool pass_row = exam_row(exams[k].pass_percent) == r;
			const char *fill = pass_row ? g->pass : " ";
			strbuf_puts(&b, fill);
			strbuf_puts(&b, !exams[k].results_at && exam_row(exams[k].score) == r ? g->point : fill);
			strbuf_puts(&b, fill);
		}
		add_line(out, &b);
	}
	strbuf_puts(&b, "    ");
	strbuf_puts(&b, g->corner);
	for (size_t k = from; k < n; k++) {
		strbuf_puts(&b, g->rule);
		strbuf_puts(&b, g->rule);
		strbuf_puts(&b, g->rule);
	}
	add_line(out, &b);
	strbuf_puts(&b, "     ");
	for (size_t k = from; k < n; k++)
		strbuf_printf(&b, "%2zu ", (k + 1) % 100);
	add_line(out, &b);
	for (size_t k = from; k < n; k++) {
		char date[16];
		format_day(stats_day(exams[k].finished, style->utc_offset), date, sizeof date);
		double score = clamp_percent(exams[k].score), pass = clamp_percent(exams[k].pass_percent);
		bool passed = score + 1e-9 >= pass;
		char release[40];
		if (results_on(&exams[k], release, sizeof release))
			strbuf_printf(&b, "  %2zu. %-7s %s", k + 1, date, release);
		else
			strbuf_printf(&b, "  %2zu. %-7s %3.0f%%  %s (pass mark %.0f%%)", k + 1, date, score,
			    passed ? "passed" : "not passed", pass);
		if (exams[k].retake_of > 0)
			strbuf_printf(&b, ", a retake of exam %zu", exams[k].retake_of);
		add_line(out, &b);
	}
	free(b.s);
}

/* The misconceptions section: the five met most often, each with where
 * it was first met. */
static void add_mistakes(pt_stats_text *out, const pt_stats *s, const pt_stats_style *style)
{
	const chart_glyphs *g = glyphs_of(style);
	add_block(out, STATS_HEADING, 0, NULL, "Mistakes you made most often");
	if (s->n_top == 0) {
		add_block(out, STATS_PARA, 2, NULL, "None yet: a wrong answer that shows a mistake is counted here.");
		return;
	}
	addf(out, STATS_NOTE, 0, "The number counts the different wrong answers you picked that show the "
	    "mistake, in any lesson, reviews included.");
	for (size_t k = 0; k < s->n_top; k++) {
		const pt_misconception *m = &s->top[k];
		if (style->words) {
			addf(out, STATS_PARA, 0, "%s %zu time%s, first in %s, item %zu.", m->feedback, m->count,
			    m->count == 1 ? "" : "s", m->lesson->title.s != NULL ? m->lesson->title.s : "", m->index + 1);
			continue;
		}
		char lead[16];
		snprintf(lead, sizeof lead, "%3zu%s", m->count, g->times);
		add_block(out, STATS_PARA, 0, lead, m->feedback);
		addf(out, STATS_NOTE, 6, "from %s, item %zu", m->lesson->title.s != NULL ? m->lesson->title.s : "",
		    m->index + 1);
	}
}

/* The streak line. */
static void add_streak(pt_stats_text *out, const pt_stats *s)
{
	if (s->streak == 0)
		add_block(out, STATS_PARA, 0, NULL, "Days practised in a row: none yet; answer an item today to start.");
	else if (s->practised_today)
		addf(out, STATS_PARA, 0, "Days practised in a row: %d, today included.", s->streak);
	else
		addf(out, STATS_PARA, 0, "Days practised in a row: %d, up to yesterday; practise today to keep it going.",
		    s->streak);
	add_block(out, STATS_NOTE, 0, NULL,
	    "Counted from the days your saved progress shows answers on. It keeps only the first and the "
	    "latest answer to each item, so this can count short.");
}

bool stats_text(const pt_stats *s, const pt_exam_point *exams, size_t n_exams, const pt_stats_style *style,
    pt_stats_text *out)
{
	memset(out, 0, sizeof *out);
	add_streak(out, s);
	add_mastery(out, s, style);
	add_accuracy(out, s, style);
	add_forecast(out, s, style);
	stats_text_exams(out, exams, n_exams, style);
	add_mistakes(out, s, style);
	add_tags(out, s, style);
	add_next(out, s, style);
	if (out->failed) {
		stats_text_free(out);
		return false;
	}
	return true;
}

bool stats_text_for(const pt_progress *p, const struct pt_course *course, pt_catalog *catalog, time_t now,
    const pt_stats_style *style, pt_stats_text *out)
{
	pt_stats s;
	pt_exam_point *exams = NULL;
	size_t n_exams = 0;
	bool ok = stats_compute(p, catalog, now, style->utc_offset, &s) && stats_exams(p, course, now, &exams, &n_exams) &&
	    stats_text(&s, exams, n_exams, style, out);
	free(exams);
	stats_free(&s);
	return ok;
}

void stats_text_free(pt_stats_text *out)
{
	for (size_t i = 0; i < out->n; i++) {
		free(out->v[i].lead);
		free(out->v[i].text);
	}
	free(out->v);
	memset(out, 0, sizeof *out);
}

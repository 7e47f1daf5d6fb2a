/* stats.c - the learner's statistics from the progress store (stats.h). */
#include <stdlib.h>
#include <string.h>

#include "paratutor/load/load_kind.h"
#include "paratutor/model/tags.h"
#include "paratutor/store/course.h"
#include "paratutor/store/progress_view.h"
#include "paratutor/report/stats.h"
#include "paratutor/report/stats_out.h"

#define SECONDS_PER_DAY 86400L

/* Times beyond this many seconds either side of the epoch count as it. */
#define TIME_LIMIT 1000000000000000LL

long stats_day(time_t t, long utc_offset)
{
	long long s = (long long)t;
	s = s > TIME_LIMIT ? TIME_LIMIT : s < -TIME_LIMIT ? -TIME_LIMIT : s;
	s += utc_offset > TIME_LIMIT ? TIME_LIMIT : utc_offset < -TIME_LIMIT ? -TIME_LIMIT : utc_offset;
	long long d = s / SECONDS_PER_DAY;
	if (s % SECONDS_PER_DAY < 0)
		d--;
	return (long)d;
}

void stats_date(long day, int *year, int *month, int *mday)
{
	/* Days to civil date, after Howard Hinnant's public-domain algorithm. */
	long long z = (long long)day + 719468;
	long long era = (z >= 0 ? z : z - 146096) / 146097;
	long long doe = z - era * 146097;
	long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long long mp = (5 * doy + 2) / 153;
	long long d = doy - (153 * mp + 2) / 5 + 1;
	long long m = mp < 10 ? mp + 3 : mp - 9;
	*year = (int)(yoe + era * 400 + (m <= 2));
	*month = (int)m;
	*mday = (int)d;
}

int stats_weekday(long day)
{
	long w = (day + 4) % 7; /* 1970-01-01 was a Thursday */
	return (int)(w < 0 ? w + 7 : w);
}

/* Returns the record of item when its hash matches, else NULL. */
static const pt_record *current(const pt_progress *p, const pt_lesson *lesson, const pt_item *item)
{
	const pt_record *r = progress_find(p, lesson->id.s, item->id.s);
	return r != NULL && progress_record_matches(r, lesson_item_hash(item), lesson_item_key_hash(item)) ? r : NULL;
}

/* Returns the lesson of catalog entry e, loaded when it came from the
 * index, when it can be looked into; else NULL. */
static const pt_lesson *usable(pt_catalog *c, size_t e)
{
	const pt_lesson *l = !c->v[e].broken ? catalog_lesson(c, e) : NULL;
	return l != NULL && !c->v[e].broken && l->id.s != NULL ? l : NULL;
}

/* Adds item it (record r, or NULL) to the figures of each of its tags
 * (their indexes those of list known). */
static void count_tags(const pt_item *it, const pt_record *r, const pt_item_count *c, const pt_tags *known,
    pt_stats_tag *tags)
{
	for (size_t t = 0; t < it->tags.n; t++) {
		int k = it->tags.v[t].s != NULL ? tags_find(known, it->tags.v[t].s) : -1;
		if (k < 0)
			continue;
		pt_stats_tag *g = &tags[k];
		g->items++;
		g->done += r != NULL && r->outcome != PT_OUTCOME_NONE;
		g->mastered += c->mastered;
		g->seen += c->seen;
		g->due += c->due;
		g->missed += c->due && c->missed;
		g->recall += c->recall;
	}
}

/* Counts one lesson's items: done, mastered, due, the review forecast and
 * the tags' figures, each item as progress_item_count() sees it. */
static void count_lesson(const pt_progress *p, const pt_lesson *l, time_t now, long today, long off, pt_stats *s,
    pt_stats_lesson *out, const pt_tags *known, pt_stats_tag *tags)
{
	*out = (pt_stats_lesson){ l, l->title.s != NULL ? l->title.s : "", l->n_items, 0, 0, 0, 0, 0,
		progress_lesson_attempt(p, l->id.s), 0, -1 };
	pt_lesson_scores sc;
	progress_lesson_scores(p, l, &sc);
	out->score = sc.score;
	out->attempt_score = sc.attempt_score;
	for (size_t i = 0; i < l->n_items; i++) {
		const pt_record *r = current(p, l, &l->items[i]);
		pt_item_count c;
		progress_item_count(p, r, now, &c);
		count_tags(&l->items[i], r, &c, known, tags);
		s->items++;
		if (r == NULL)
			continue;
		out->done += r->outcome != PT_OUTCOME_NONE;
		out->mastered += c.mastered;
		out->answered += r->tried_at != 0 || (r->pass_start != 0 && r->attempts > 0);
		s->due += c.due;
		if (!c.seen)
			continue;
		long in = stats_day(r->due, off) - today;
		if (in < 0) {
			s->overdue++;
			in = 0;
		}
		if (in < PT_STATS_FORECAST_DAYS)
			s->forecast[in]++;
	}
	out->percent = out->items > 0 ? (int)(out->mastered * 100 / out->items) : 0;
	s->done += out->done;
	s->mastered += out->mastered;
}

/* Counts a lesson the store has no record of from its index entry e,
 * without loading it: as count_lesson would, every item unanswered.
 * False, counting nothing, when it cannot (e loaded already or not from
 * an index, or an item's tag not in list known yet: the lesson may
 * declare it). */
static bool count_info(const pt_progress *p, const pt_entry *e, const pt_tags *known, pt_stats *s,
    pt_stats_lesson *out, pt_stats_tag *tags)
{
	const pt_lesson_info *info = e->info;
	if (e->loaded || e->broken || info == NULL || info->id == NULL || progress_lesson_has_records(p, info->id))
		return false;
	pt_index_items items = index_items(info);
	pt_index_item it;
	size_t add[PT_TAGS_MAX] = { 0 };
	while (index_items_next(&items, &it)) {
		for (const char *t = it.tags; t != NULL;) {
			char name[64];
			size_t len = strcspn(t, ",");
			if (len >= sizeof name)
				return false;
			memcpy(name, t, len);
			name[len] = '\0';
			int k = tags_find(known, name);
			if (k < 0)
				return false;
			add[k]++;
			t = t[len] == ',' ? t + len + 1 : NULL;
		}
	}
	for (size_t k = 0; k < PT_TAGS_MAX; k++)
		tags[k].items += add[k];
	pt_lesson_scores sc;
	progress_info_scores(p, info, &sc);
	*out = (pt_stats_lesson){ NULL, info->title != NULL ? info->title : "", info->n_items, 0, 0, 0, 0, sc.score,
		progress_lesson_attempt(p, info->id), 0, sc.attempt_score };
	s->items += info->n_items;
	return true;
}

/* Counts one first try, at t (0: none), in the accuracy chart when it
 * falls in the last PT_STATS_DAYS days. */
static void count_try_at(time_t t, bool right, long today, long off, pt_stats *s)
{
	if (t == 0)
		return;
	long ago = today - stats_day(t, off);
	if (ago < 0 || ago >= PT_STATS_DAYS)
		return;
	pt_stats_day *d = &s->days[PT_STATS_DAYS - 1 - ago];
	d->tries++;
	d->right += right;
}

/* Counts the first tries of record r (of any lesson, in the catalog or
 * not): the one a reset kept, and the current attempt's. */
static void count_try(const pt_record *r, long today, long off, pt_stats *s)
{
	count_try_at(r->tried_at, r->tried_right, today, off, s);
	if (r->attempts > 0)
		count_try_at(r->pass_start, r->outcome == PT_OUTCOME_FIRST_TIME, today, off, s);
}

/* Days back the streak looks, and the bytes of its bitmap. */
#define STREAK_MAX 4096
#define STREAK_BYTES (STREAK_MAX / 8)

/* Marks day number day as practised in the bitmap of the days from
 * today - STREAK_MAX + 1 to today. */
static void mark_day(unsigned char *seen, long day, long today)
{
	long ago = today - day;
	if (ago >= 0 && ago < STREAK_MAX)
		seen[ago / 8] |= (unsigned char)(1u << (ago % 8));
}

/* Returns true when the day ago days before today was practised. */
static bool day_seen(const unsigned char *seen, long ago)
{
	return ago >= 0 && ago < STREAK_MAX && (seen[ago / 8] >> (ago % 8)) & 1u;
}

/* Marks the days record r shows a check on. */
static void mark_record(unsigned char *seen, const pt_record *r, long today, long off)
{
	bool checked = r->attempts > 0 || r->scheduled;
	if (r->pass_start != 0)
		mark_day(seen, stats_day(r->pass_start, off), today);
	if (r->tried_at != 0)
		mark_day(seen, stats_day(r->tried_at, off), today);
	if (r->scheduled && r->scheduled_at != 0)
		mark_day(seen, stats_day(r->scheduled_at, off), today);
	if (checked && r->last_seen != 0)
		mark_day(seen, stats_day(r->last_seen, off), today);
}

/* Counts the days practised in a row ending today, or yesterday when
 * today has no practice yet. */
static void count_streak(const unsigned char *seen, pt_stats *s)
{
	s->practised_today = day_seen(seen, 0);
	long ago = s->practised_today ? 0 : 1;
	while (day_seen(seen, ago))
		ago++;
	s->streak = (int)(ago - (s->practised_today ? 0 : 1));
}

bool stats_compute(const pt_progress *p, pt_catalog *catalog, time_t now, long utc_offset,
    pt_stats *out)
{
	memset(out, 0, sizeof *out);
	out->today = stats_day(now, utc_offset);
	out->lessons = calloc(catalog->n ? catalog->n : 1, sizeof *out->lessons);
	pt_stats_tag *tags = calloc(PT_TAGS_MAX, sizeof *tags); /* lessons loaded below may declare more tags */
	if (out->lessons == NULL || tags == NULL) {
		free(tags);
		stats_free(out);
		return false;
	}
	for (size_t e = 0; e < catalog->n; e++) {
		pt_stats_lesson *sl = &out->lessons[out->n_lessons];
		bool from_index = count_info(p, &catalog->v[e], &catalog->tags, out, sl, tags);
		const pt_lesson *l = from_index ? NULL : usable(catalog, e);
		if (l != NULL)
			count_lesson(p, l, now, out->today, utc_offset, out, sl, &catalog->tags, tags);
		if (from_index || l != NULL)
			out->lessons[out->n_lessons++].number = e + 1;
	}
	/* Keep the tags that have items, in the list's order. */
	out->tags = tags;
	for (size_t t = 0; t < tags_count(&catalog->tags); t++) {
		if (tags[t].items == 0)
			continue;
		pt_stats_tag g = tags[t];
		g.tag = (int)t;
		g.name = tags_at(&catalog->tags, t)->name;
		g.label = tags_at(&catalog->tags, t)->label;
		g.recall = g.seen > 0 ? g.recall / (double)g.seen : 0;
		out->tags[out->n_tags++] = g;
	}
	unsigned char *days = calloc(1, STREAK_BYTES);
	if (days == NULL) {
		stats_free(out);
		return false;
	}
	size_t n;
	const pt_record *rec = progress_records(p, &n);
	for (size_t i = 0; i < n; i++) {
		count_try(&rec[i], out->today, utc_offset, out);
		mark_record(days, &rec[i], out->today, utc_offset);
	}
	count_streak(days, out);
	free(days);
	for (size_t d = 0; d < PT_STATS_DAYS; d++) {
		out->tries += out->days[d].tries;
		out->right += out->days[d].right;
		out->days_with_tries += out->days[d].tries > 0;
	}
	if (!progress_misconceptions(p, catalog, NULL, out->top, PT_STATS_TOP, &out->n_top)) {
		stats_free(out);
		return false;
	}
	return true;
}

void stats_free(pt_stats *out)
{
	free(out->lessons);
	free(out->tags);
	memset(out, 0, sizeof *out);
}

bool stats_exams(const pt_progress *p, const pt_course *course, time_t now, pt_exam_point **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	size_t count = p != NULL ? progress_exam_count(p) : 0;
	if (count == 0)
		return true;
	pt_exam_point *v = calloc(count, sizeof *v);
	if (v == NULL)
		return false;
	size_t k = 0;
	for (size_t i = 0; i < count; i++) {
		pt_exam_summary sum;
		if (!progress_exam_summary(p, i, &sum))
			continue;
		char name[PT_COURSE_EXAM_NAME_MAX + 1];
		const pt_exam_record *r = progress_exam_at(p, i);
		const char *of = course != NULL && r != NULL ? course_exam_of(r->id, name, sizeof name) : NULL;
		const pt_course_exam *ex = of != NULL ? course_exam(course, of) : NULL;
		time_t release = ex != NULL ? course_exam_release(ex) : 0;
		v[k++] = (pt_exam_point){ sum.finished, sum.score, sum.pass_percent, sum.retake_of, release > now ? release : 0 };
	}
	*out = v;
	*n = k;
	return true;
}

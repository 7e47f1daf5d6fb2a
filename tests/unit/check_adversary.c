/* check_adversary.c - a learner who knows nothing plays every bundled item
 * with every strategy we could think of, through the core API and using
 * only what a learner is shown (the shown marks,
 * what a check said).  The exact expected score of blind guessing is
 * worked out from the score model for each item; no strategy may beat it
 * by more than a small margin, and "right first time" happens only by
 * chance.  The table of strategies and mean scores is printed (and quoted
 * in docs/scoring.md). */
#include <math.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/model/explore_item.h"
#include "paratutor/learn/kind.h"
#include "paratutor/store/progress.h"
#include "paratutor/store/progress_view.h"
#include "paratutor/learn/score.h"
#include "paratutor/learn/session.h"
#include "paratutor/store/track.h"
#include "testutil.h"

#define TRIALS 24          /* plays of each item by each strategy */
#define MARGIN 3.0         /* points a strategy may beat blind guessing by (sampling) */
#define FIRST_MARGIN 0.03  /* share of items right first time beyond chance */
#define MAX_TRIED 64       /* answers remembered per item */

/* ---- a seeded random source --------------------------------------------- */

static unsigned long long rng_state;

static unsigned rnd(unsigned n)
{
	unsigned long long z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	return n ? (unsigned)(z % n) : 0;
}

/* ---- what a learner remembers of an item --------------------------------- */

typedef struct memo {
	unsigned long long tried[MAX_TRIED]; /* answers checked, as keys */
	size_t n_tried;
	unsigned wrong_at[PT_MAX_BLANKS];    /* fill, match: bank options shown wrong per blank */
	int typed_n;                         /* typed kinds: junk answers typed */
} memo;

/* Returns a key for the answer now in g. */
static unsigned long long answer_key(const pt_grade *g)
{
	unsigned long long h = 1469598103934665603ull;
	for (int s = 0; s < grade_slots(g); s++) {
		long v = g->item->kind == PT_KIND_CHOICE || g->item->kind == PT_KIND_MULTI ? g->picked[s] : g->fill[s];
		h = (h ^ (unsigned long long)(v + 7)) * 1099511628211ull;
	}
	for (const char *c = g->typed; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return h;
}

static bool was_tried(const memo *m, unsigned long long key)
{
	for (size_t i = 0; i < m->n_tried; i++)
		if (m->tried[i] == key)
			return true;
	return false;
}

static void remember(memo *m, const pt_grade *g)
{
	if (m->n_tried < MAX_TRIED)
		m->tried[m->n_tried++] = answer_key(g);
	if (g->item->kind == PT_KIND_FILL || g->item->kind == PT_KIND_MATCH)
		for (int b = 0; b < grade_slots(g); b++)
			if (session_shown_mark(g, b) == PT_MARK_WRONG && g->fill[b] >= 0)
				m->wrong_at[b] |= 1u << g->fill[b];
}

/* ---- the answer spaces --------------------------------------------------- */

static int bank_size(const pt_item *it)
{
	return (int)(it->bank.n < PT_MAX_OPTIONS ? it->bank.n : PT_MAX_OPTIONS);
}

static int n_options(const pt_item *it)
{
	return (int)(it->n_options < PT_MAX_OPTIONS ? it->n_options : PT_MAX_OPTIONS);
}

static int popcount(unsigned v)
{
	int n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

/* Returns true when mask is an answer a select-all item takes: some ticks,
 * not all of them, and the set count when there is one. */
static bool multi_valid(const pt_item *it, unsigned mask)
{
	int n = n_options(it), k = popcount(mask);
	if (k == 0 || mask == (1u << n) - 1)
		return false;
	return it->choose <= 0 || k == it->choose;
}

/* Sets g to a uniformly drawn blind answer that was not checked before.
 * Fill and match redraw only the blanks not locked, among the options
 * not shown wrong there; order draws a whole permutation; typed kinds
 * type something no item accepts.  Returns false when there is none. */
static bool blind_answer(pt_grade *g, memo *m)
{
	const pt_item *it = g->item;
	for (int round = 0; round < 4000; round++) {
		switch (it->kind) {
		case PT_KIND_CHOICE:
			grade_pick(g, (int)rnd((unsigned)n_options(it)));
			break;
		case PT_KIND_MULTI: {
			unsigned mask;
			do
				mask = rnd(1u << n_options(it));
			while (!multi_valid(it, mask));
			for (int o = 0; o < n_options(it); o++)
				if (g->picked[o] != ((mask >> o) & 1u))
					grade_pick(g, o);
			break;
		}
		case PT_KIND_FILL:
		case PT_KIND_MATCH:
			for (int b = 0; b < grade_slots(g); b++) {
				if (g->locked[b])
					continue;
				int o;
				do
					o = (int)rnd((unsigned)bank_size(it));
				while ((m->wrong_at[b] >> o) & 1u && popcount(m->wrong_at[b]) < bank_size(it));
				grade_fill(g, b, o);
			}
			break;
		case PT_KIND_ORDER: {
			int n = grade_slots(g), perm[PT_MAX_OPTIONS];
			for (int i = 0; i < n; i++)
				perm[i] = i;
			for (int i = n - 1; i > 0; i--) {
				int j = (int)rnd((unsigned)i + 1), t = perm[i];
				perm[i] = perm[j];
				perm[j] = t;
			}
			for (int p = 0; p < n; p++)
				grade_clear(g, p);
			for (int p = 0; p < n; p++)
				grade_fill(g, p, perm[p]);
			break;
		}
		case PT_KIND_NUMERIC: {
			char buf[32];
			snprintf(buf, sizeof buf, "%d", 987654321 + m->typed_n++);
			grade_type(g, buf);
			break;
		}
		case PT_KIND_TEXT: {
			char buf[32];
			snprintf(buf, sizeof buf, "qzxv%d", m->typed_n++);
			grade_type(g, buf);
			break;
		}
		case PT_KIND_EXPLORE: {
			pt_explore e;
			ck_assert(explore_of(it, &e));
			pt_figure f = e.start;
			for (int k = 0; k < e.n_knobs; k++)
				f.v[e.knob[k].param] = e.knob[k].min +
				    e.knob[k].step * (double)rnd((unsigned)explore_knob_count(&e.knob[k]));
			pt_strbuf b = { 0 };
			explore_setting_write(&e, &f, &b);
			grade_type(g, b.s);
			free(b.s);
			break;
		}
		case PT_KIND_COUNT: /* not a kind */
			break;
		}
		if (!was_tried(m, answer_key(g)))
			return true;
	}
	return false;
}

/* Checks the answer in g; remembers it when the check counted. */
static pt_grade_rc check(pt_grade *g, memo *m)
{
	pt_grade_rc rc = grade_check(g);
	if (rc == PT_GRADE_OK)
		remember(m, g);
	return rc;
}

/* Puts the right answer in g (a learner who saw it). */
static void answer_right(pt_grade *g)
{
	const pt_item *it = g->item;
	switch (it->kind) {
	case PT_KIND_CHOICE:
	case PT_KIND_MULTI:
		for (int o = 0; o < n_options(it); o++)
			if (g->picked[o] != it->options[o].correct)
				grade_pick(g, o);
		break;
	case PT_KIND_FILL:
	case PT_KIND_MATCH:
		for (int b = 0; b < grade_slots(g); b++)
			for (int o = 0; o < bank_size(it) && !g->locked[b]; o++)
				if (lesson_blank_accepts(it, (size_t)b, (size_t)o)) {
					grade_fill(g, b, o);
					break;
				}
		break;
	case PT_KIND_ORDER:
		for (int p = 0; p < grade_slots(g); p++)
			for (int o = 0; o < bank_size(it); o++)
				if (strcmp(it->bank.v[o].s, it->steps.v[p].s) == 0)
					grade_fill(g, p, o);
		break;
	case PT_KIND_NUMERIC: {
		char buf[64];
		snprintf(buf, sizeof buf, "%.15g", it->answer.value);
		grade_type(g, buf);
		break;
	}
	case PT_KIND_TEXT:
		grade_type(g, it->accept.v[0].s);
		break;
	case PT_KIND_EXPLORE: {
		char buf[PT_MAX_TYPED];
		kind_ops(it->kind)->right_typed(it, buf, sizeof buf);
		grade_type(g, buf);
		break;
	}
	case PT_KIND_COUNT: /* not a kind */
		break;
	}
}

/* An explore item's settings, and how many of them are right: meet the
 * conditions and, when the goal asks for the best, hold its value. */
static void explore_counts(const pt_item *it, double *n, double *r)
{
	pt_explore e;
	pt_figure best;
	ck_assert(explore_of(it, &e));
	ck_assert_int_gt(explore_search(&e, &best), 0);
	long idx[EXP_MAX_KNOBS] = { 0 }, total = 1;
	for (int k = 0; k < e.n_knobs; k++)
		total *= explore_knob_count(&e.knob[k]);
	*n = (double)total;
	*r = 0;
	pt_figure f = e.start;
	for (long s = 0; s < total; s++) {
		for (int k = 0; k < e.n_knobs; k++)
			f.v[e.knob[k].param] = e.knob[k].min + e.knob[k].step * (double)idx[k];
		int cond;
		double got;
		char why[160];
		if (explore_conditions(&e, &f, &cond, &got, why, sizeof why) && cond < 0 &&
		    (e.best < 0 || f.v[e.knob[e.best].param] == best.v[e.knob[e.best].param]))
			*r += 1;
		for (int k = 0; k < e.n_knobs && ++idx[k] == explore_knob_count(&e.knob[k]); k++)
			idx[k] = 0;
	}
}

/* ---- the exact expectation of blind guessing ------------------------------ */

/* The score of a first pass solved at check k without hints. */
static double solved_at(int k)
{
	return score_item(k == 1 ? PT_OUTCOME_FIRST_TIME : PT_OUTCOME_RETRIES, k, 0);
}

/* Expected score and chance of right first time when each check draws
 * uniformly among the n answers not checked yet, r of them right. */
static void draw_without_repeats(double n, double r, int attempts, double *score, double *first)
{
	double miss_so_far = 1.0;
	*score = 0;
	*first = n > 0 ? r / n : 0;
	for (int k = 1; k <= attempts && n - (k - 1) > 0; k++) {
		double left = n - (k - 1);
		double p = miss_so_far * r / left;
		*score += p * solved_at(k);
		miss_so_far *= (left - r) / left;
	}
}

/* Chance that a blank with c right options among m is found within k draws
 * without repeats. */
static double found_within(int m, int c, int k)
{
	double miss = 1.0;
	for (int i = 0; i < k && i < m; i++)
		miss *= (double)(m - c - i) / (double)(m - i);
	return miss < 0 ? 1.0 : 1.0 - miss;
}

/* The exact expected first-pass score of blind guessing on it, and the
 * chance of right first time. */
static void blind_expectation(const pt_item *it, double *score, double *first)
{
	int a = it->attempts > 0 ? it->attempts : PT_DEFAULT_ATTEMPTS;
	*score = *first = 0;
	switch (it->kind) {
	case PT_KIND_CHOICE: {
		int r = 0;
		for (int o = 0; o < n_options(it); o++)
			r += it->options[o].correct;
		draw_without_repeats(n_options(it), r, a, score, first);
		return;
	}
	case PT_KIND_MULTI: {
		int valid = 0;
		for (unsigned mask = 0; mask < (1u << n_options(it)); mask++)
			valid += multi_valid(it, mask);
		draw_without_repeats(valid, 1, a, score, first);
		return;
	}
	case PT_KIND_ORDER: {
		double n = 1;
		for (size_t i = 2; i <= it->steps.n; i++)
			n *= (double)i;
		draw_without_repeats(n, 1, a, score, first);
		return;
	}
	case PT_KIND_FILL:
	case PT_KIND_MATCH: {
		double before = 0;
		for (int k = 1; k <= a; k++) {
			double by = 1;
			for (size_t b = 0; b < it->n_blanks; b++) {
				int c = 0;
				for (int o = 0; o < bank_size(it); o++)
					c += lesson_blank_accepts(it, b, (size_t)o);
				by *= found_within(bank_size(it), c, k);
			}
			*score += (by - before) * solved_at(k);
			if (k == 1)
				*first = by;
			before = by;
		}
		return;
	}
	case PT_KIND_EXPLORE: {
		double n, r;
		explore_counts(it, &n, &r);
		draw_without_repeats(n, r, a, score, first);
		return;
	}
	case PT_KIND_NUMERIC:
	case PT_KIND_TEXT:
	case PT_KIND_COUNT: /* not a kind */
		return;
	}
}

/* ---- the strategies -------------------------------------------------------- */

typedef enum strategy {
	S_GUESS,      /* blind guessing, never an answer twice */
	S_TICK_ALL,   /* select-all: tick everything, then untick what is marked */
	S_REPEAT,     /* check each answer three times (a double Enter) */
	S_HINTS,      /* every hint first, then guess */
	S_RESUME,     /* one check, quit, reopen the lesson, go on */
	S_RETRY,      /* guess out, then retry the item with the answer seen */
	S_REVIEW,     /* guess out, then review it with the answer seen */
	S_EXAM,       /* sit an exam first, use all its results show, then the lesson */
	S_NEAR,       /* text: near misses of the answer, then the answer */
	S_ELIMINATE,  /* select-all: tick all but one, untick the one wrong tick each check names */
	S_RESET,      /* guess out, reset the lesson, quit and come back, answer what was seen */
	S_COUNT
} strategy;

static const char *const strategy_names[S_COUNT] = {
	"blind guessing", "tick all, untick what is marked", "every answer checked 3 times",
	"all hints, then guessing", "quit and resume after each check", "retry after the answer was shown",
	"review after the answer was shown", "exam, then the lesson", "near-miss probes, then the answer",
	"tick all but one, untick the named", "reset, restart, the answer seen",
};

/* What one strategy scored over the bundled items. */
typedef struct tally {
	double score;      /* sum of lesson scores per item play */
	double first;      /* plays right first time */
	double plays;
	double free_near;  /* near misses that cost nothing */
	double disagree;   /* plays where the summary and the menu differ */
	double zeroed;     /* reset plays whose attempt 2, all right, did not score in full */
} tally;

static pt_catalog catalog;

/* Returns what item i adds to the lesson score the summary shows (its
 * mean over the items). */
static int lesson_item_score(const pt_session *s, size_t i)
{
	return session_lesson_item_score(s, i);
}

/* Plays item i of lesson with strategy st once; adds to t. */
static void play(const pt_lesson *lesson, size_t i, strategy st, unsigned long long seed, tally *t)
{
	pt_progress *p = progress_open(NULL, 1700000000, &(pt_open_report){ 0 });
	ck_assert_ptr_nonnull(p);
	pt_track tr;
	track_init(&tr, p, NULL);
	pt_session s;
	ck_assert(session_init_shuffled(&s, lesson, true, seed));
	track_open(&tr, &s);
	s.current = i;
	memo m;
	memset(&m, 0, sizeof m);
	pt_grade *g = &s.grades[i];
	const pt_item *it = g->item;

	if (st == S_EXAM) {
		/* The exam, sat blind, is submitted; its results show this
		 * item's verdict and key only when the store says they may. */
		bool shown = progress_exam_may_show(p, lesson, &lesson->items[i]);
		ck_assert(progress_record_exam_item(p, lesson, &lesson->items[i], rnd(4) != 0, 1700000000));
		ck_assert(progress_find(p, lesson->id.s, lesson->items[i].id.s)->exam_first);
		session_free(&s);
		ck_assert(session_init_shuffled(&s, lesson, true, seed));
		track_open(&tr, &s);
		s.current = i;
		g = &s.grades[i];
		if (shown) {
			answer_right(g);
			if (grade_check(g) == PT_GRADE_OK)
				track_checked(&tr, &s);
		}
		for (int guard = 0; g->status == PT_OPEN && guard < 100 && blind_answer(g, &m); guard++) {
			if (grade_check(g) == PT_GRADE_OK)
				track_checked(&tr, &s);
			remember(&m, g);
		}
	} else if (st == S_NEAR && it->kind == PT_KIND_TEXT && strlen(it->accept.v[0].s) >= 4) {
		char near[PT_MAX_TYPED];
		for (int probe = 0; probe < 3 && g->status == PT_OPEN; probe++) {
			snprintf(near, sizeof near, "%s", it->accept.v[0].s);
			near[strlen(near) - 1] = (char)('0' + probe); /* one letter off, a new one each time */
			grade_type(g, near);
			pt_grade_rc rc = grade_check(g);
			if (rc == PT_GRADE_SPELLING)
				t->free_near++;
			else if (rc == PT_GRADE_OK)
				track_checked(&tr, &s);
		}
		if (g->status == PT_OPEN) {
			answer_right(g);
			if (grade_check(g) == PT_GRADE_OK)
				track_checked(&tr, &s);
		}
	} else {
		if (st == S_HINTS) {
			while (grade_hint(g) == PT_GRADE_OK)
				track_hinted(&tr, &s);
		}
		if (st == S_ELIMINATE && it->kind == PT_KIND_MULTI) {
			/* What a wrong check reveals, used to the full: one wrong
			 * tick named each time, so untick it and check again. */
			int skip = (int)rnd((unsigned)n_options(it));
			for (int o = 0; o < n_options(it); o++)
				if (g->picked[o] != (o != skip))
					grade_pick(g, o);
			for (int guard = 0; g->status == PT_OPEN && guard < 10 && grade_ready(g); guard++) {
				if (check(g, &m) != PT_GRADE_OK)
					break;
				track_checked(&tr, &s);
				int named = -1;
				for (int o = 0; o < n_options(it); o++)
					if (session_shown_mark(g, o) == PT_MARK_WRONG)
						named = o;
				if (named < 0)
					break;
				grade_pick(g, named);
			}
		}
		if (st == S_TICK_ALL && it->kind == PT_KIND_MULTI) {
			for (int o = 0; o < n_options(it); o++)
				if (!g->picked[o])
					grade_pick(g, o);
			if (check(g, &m) == PT_GRADE_OK)
				track_checked(&tr, &s);
			if (g->status == PT_OPEN) {
				bool marked[PT_MAX_OPTIONS] = { false };
				for (int o = 0; o < n_options(it); o++)
					marked[o] = session_shown_mark(g, o) == PT_MARK_WRONG;
				for (int o = 0; o < n_options(it); o++)
					if (marked[o] && g->picked[o])
						grade_pick(g, o);
				if (grade_ready(g) && check(g, &m) == PT_GRADE_OK)
					track_checked(&tr, &s);
			}
		}
		for (int guard = 0; g->status == PT_OPEN && guard < 100; guard++) {
			if (!blind_answer(g, &m))
				break;
			int times = st == S_REPEAT ? 3 : 1;
			for (int k = 0; k < times && g->status == PT_OPEN; k++)
				if (grade_check(g) == PT_GRADE_OK)
					track_checked(&tr, &s);
			remember(&m, g);
			if (st == S_RESUME && g->status == PT_OPEN) {
				track_drafts(&tr, &s);
				session_free(&s);
				ck_assert(session_init_shuffled(&s, lesson, true, seed));
				track_open(&tr, &s);
				s.current = i;
				g = &s.grades[i];
			}
		}
		if (st == S_RESET) {
			/* A reset forgets the lesson; quitting and coming back
			 * must not make the seen answer a first pass. */
			for (int loop = 0; loop < 2; loop++) {
				ck_assert(track_reset(&tr, &s));
				session_free(&s);
				ck_assert(session_init_shuffled(&s, lesson, true, seed));
				track_open(&tr, &s);
				s.current = i;
				g = &s.grades[i];
				answer_right(g);
				if (grade_check(g) == PT_GRADE_OK)
					track_checked(&tr, &s);
				/* the new attempt scores in full, never as a zero */
				t->zeroed += session_attempt_item_score(&s, i) != PT_SCORE_FULL;
			}
		}
		if (st == S_RETRY || st == S_REVIEW) {
			for (int loop = 0; loop < 3; loop++) {
				session_reset_item(&s, i);
				g = &s.grades[i];
				answer_right(g);
				if (grade_check(g) == PT_GRADE_OK) {
					if (st == S_RETRY)
						track_checked(&tr, &s);
					else
						track_reviewed(&tr, &s);
				}
			}
		}
	}

	/* The lesson score the summary shows, and the menu's. */
	pt_summary sum;
	session_summarize(&s, &sum);
	size_t done, total;
	int menu;
	progress_lesson_stats(p, lesson, &done, &total, &menu);
	t->score += lesson_item_score(&s, i);
	t->first += lesson_item_score(&s, i) == PT_SCORE_FULL; /* right first time in attempt 1 */
	t->plays++;
	t->disagree += sum.score != menu;
	pt_lesson_scores sc;
	progress_lesson_scores(p, lesson, &sc);
	t->disagree += sum.attempt != sc.attempt || sum.attempt_score != sc.attempt_score;
	session_free(&s);
	progress_close(p);
}

static void setup(void)
{
	char path[4096];
	const char *why = NULL;
	snprintf(path, sizeof path, "%s/content", test_srcdir());
	memset(&catalog, 0, sizeof catalog);
	ck_assert_msg(catalog_add_path(&catalog, path, false, &why), "%s: %s", path, why);
}

static void teardown(void)
{
	catalog_free(&catalog);
}

/* Returns true when strategy st is about item it (the others play it
 * blindly, so they are left out of that strategy's row). */
static bool applies(strategy st, const pt_item *it)
{
	if (st == S_TICK_ALL || st == S_ELIMINATE)
		return it->kind == PT_KIND_MULTI;
	if (st == S_NEAR)
		return it->kind == PT_KIND_TEXT && strlen(it->accept.v[0].s) >= 4;
	if (st == S_HINTS)
		return it->hints.n > 0;
	return true;
}

START_TEST(no_strategy_beats_blind_guessing)
{
	tally t[S_COUNT];
	memset(t, 0, sizeof t);
	double exact[S_COUNT] = { 0 }, exact_first[S_COUNT] = { 0 };
	size_t items = 0;
	for (size_t e = 0; e < catalog.n; e++) {
		const pt_lesson *lesson = catalog.v[e].lesson;
		if (lesson == NULL)
			continue;
		for (size_t i = 0; i < lesson->n_items; i++) {
			double ex, ex1;
			blind_expectation(&lesson->items[i], &ex, &ex1);
			items++;
			for (int st = 0; st < S_COUNT; st++) {
				if (!applies((strategy)st, &lesson->items[i]))
					continue;
				exact[st] += ex * TRIALS;
				exact_first[st] += ex1 * TRIALS;
				for (int trial = 0; trial < TRIALS; trial++) {
					rng_state = 0x5eed0000ull + (unsigned long long)trial * 7919u + i * 104729u + e;
					play(lesson, i, (strategy)st, 0xC0FFEEull + (unsigned long long)trial, &t[st]);
				}
			}
		}
	}
	printf("\n%-36s %6s %8s %8s %8s %8s\n", "strategy", "items", "mean", "blind", "first%", "chance%");
	for (int st = 0; st < S_COUNT; st++) {
		double n = t[st].plays;
		printf("%-36s %6.0f %8.1f %8.1f %8.1f %8.1f\n", strategy_names[st], n / TRIALS,
		    t[st].score / n, exact[st] / n, 100 * t[st].first / n, 100 * exact_first[st] / n);
	}
	printf("near misses that cost nothing, per text item: %.2f\n", t[S_NEAR].free_near / t[S_NEAR].plays);
	double disagree = 0, plays = 0;
	for (int st = 0; st < S_COUNT; st++) {
		disagree += t[st].disagree;
		plays += t[st].plays;
	}
	printf("plays where the summary and the menu differ: %.0f of %.0f\n", disagree, plays);
	printf("reset plays whose next attempt, all right, scored less than %d: %.0f of %.0f\n", PT_SCORE_FULL,
	    t[S_RESET].zeroed, t[S_RESET].plays * 2);
	fflush(stdout);
	ck_assert_uint_gt(items, 150);
	/* Blind guessing played agrees with its exact expectation. */
	ck_assert_msg(fabs(t[S_GUESS].score - exact[S_GUESS]) / t[S_GUESS].plays < MARGIN,
	    "blind guessing played %.1f, expected %.1f", t[S_GUESS].score / t[S_GUESS].plays,
	    exact[S_GUESS] / t[S_GUESS].plays);
	for (int st = 0; st < S_COUNT; st++) {
		double n = t[st].plays;
		if (st == S_NEAR || st == S_ELIMINATE)
			continue; /* not blind: reported, bounded below */
		ck_assert_msg(t[st].score / n <= exact[st] / n + MARGIN, "%s scores %.1f, blind guessing %.1f",
		    strategy_names[st], t[st].score / n, exact[st] / n);
		ck_assert_msg(t[st].first / n <= exact_first[st] / n + FIRST_MARGIN,
		    "%s is right first time on %.1f%% of items, chance %.1f%%", strategy_names[st], 100 * t[st].first / n,
		    100 * exact_first[st] / n);
	}
	/* Using every named wrong tick never scores more than half marks on
	 * average: two wrong checks are the price of what they reveal. */
	ck_assert_msg(t[S_ELIMINATE].score / t[S_ELIMINATE].plays <= 50.0, "elimination scores %.1f",
	    t[S_ELIMINATE].score / t[S_ELIMINATE].plays);
	ck_assert_msg(t[S_ELIMINATE].first / t[S_ELIMINATE].plays <= exact_first[S_ELIMINATE] / t[S_ELIMINATE].plays +
	    FIRST_MARGIN, "elimination is right first time too often");
	/* Checking an answer again costs nothing: repeating scores as guessing. */
	ck_assert_msg(fabs(t[S_REPEAT].score - t[S_GUESS].score) / t[S_GUESS].plays < MARGIN,
	    "checking each answer three times scores %.1f, guessing %.1f", t[S_REPEAT].score / t[S_REPEAT].plays,
	    t[S_GUESS].score / t[S_GUESS].plays);
	/* One free near miss per item, no more. */
	ck_assert_msg(t[S_NEAR].free_near <= t[S_NEAR].plays, "near misses cost nothing %.0f times in %.0f plays",
	    t[S_NEAR].free_near, t[S_NEAR].plays);
	ck_assert_msg(disagree == 0, "the summary and the menu differ in %.0f plays", disagree);
	ck_assert_msg(t[S_RESET].zeroed == 0, "a new attempt answered right scored less than in full");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("adversary");
	TCase *tc = tcase_create("strategies");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, no_strategy_beats_blind_guessing);
	suite_add_tcase(s, tc);
	return test_run(s) ? EXIT_FAILURE : EXIT_SUCCESS;
}

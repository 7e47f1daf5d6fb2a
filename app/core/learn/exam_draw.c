/* exam_draw.c - drawing a mock exam's paper from the catalog: the lessons
 * chosen (or a blueprint's), a share of the count for each lesson and
 * difficulty by largest remainders, items whose answers earlier results
 * showed only when the others run short, all from one seed (see exam.h
 * and docs/exams.md).  Sitting the paper is exam.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/learn/exam.h"
#include "paratutor/load/load_kind.h"

void exam_config_default(pt_exam_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->count = PT_EXAM_DEFAULT_COUNT;
	cfg->seconds = -1;
	cfg->pass_percent = PT_EXAM_DEFAULT_PASS;
	cfg->seed = 1;
	cfg->shuffle = true;
}

/* Returns a number below n (n > 0) from the sequence at *state. */
static size_t rng_below(unsigned long long *state, size_t n)
{
	return (size_t)(session_random(state) % (unsigned long long)n);
}

/* One candidate item: its catalog entry and its index there. */
typedef struct candidate {
	size_t entry;
	size_t item;
	bool seen;   /* drawn from the items earlier results showed */
} candidate;

/* One cell of the draw: the candidates of one lesson at one difficulty. */
typedef struct cell {
	candidate *v;
	size_t n;
	size_t quota;
	size_t floor_share;     /* count * n / total, rounded down */
	size_t remainder;       /* count * n % total: the fraction left over */
	unsigned long long tie; /* breaks ties between equal remainders */
} cell;

/* Returns true when entry e of catalog may give items. */
static bool usable(const pt_entry *e)
{
	return e->lesson != NULL && !e->broken && e->lesson->n_items > 0;
}

/* Returns true when the catalog (ctx) has a lesson with id. */
static bool catalog_has(const void *ctx, const char *id)
{
	return catalog_find((const pt_catalog *)ctx, id) != NULL;
}

/* Marks in use[] the lessons of cfg->blueprint; false with the cause
 * (located in the blueprint) when one is missing or broken. */
static bool pick_blueprint(const pt_catalog *c, const pt_exam_config *cfg, bool *use, char *err, size_t errlen)
{
	const pt_blueprint *bp = cfg->blueprint;
	const char **names = calloc(c->n + 1, sizeof *names);
	pt_diags d = { 0 };
	for (size_t i = 0; names != NULL && i < c->n; i++)
		names[i] = c->v[i].info != NULL ? c->v[i].info->id : c->v[i].lesson != NULL ? c->v[i].lesson->id.s : NULL;
	if (names == NULL) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	size_t unknown = blueprint_check_ids(bp, catalog_has, c, names, c->n, &d);
	free(names);
	if (unknown > 0) {
		if (d.n > 0)
			diags_format(&d.v[0], err, errlen);
		else
			snprintf(err, errlen, "out of memory");
		diags_free(&d);
		return false;
	}
	diags_free(&d);
	for (size_t k = 0; k < bp->n; k++) {
		pt_entry *e = catalog_find(c, bp->v[k].lesson);
		if (!usable(e)) {
			snprintf(err, errlen, "%s:%d:%d: lesson \"%s\" has errors; run 'paratutor --check %s'", bp->path,
			    bp->v[k].pos.line, bp->v[k].pos.col, bp->v[k].lesson, e->path);
			return false;
		}
		use[e - c->v] = true;
	}
	return true;
}

/* Marks in use[] the catalog entries the exam draws from; false with the
 * cause when a named lesson is missing or broken. */
static bool pick_lessons(const pt_catalog *c, const pt_exam_config *cfg, bool *use, char *err, size_t errlen)
{
	for (size_t i = 0; i < c->n; i++)
		use[i] = cfg->n_from == 0 && cfg->blueprint == NULL && usable(&c->v[i]);
	if (cfg->blueprint != NULL)
		return pick_blueprint(c, cfg, use, err, errlen);
	for (size_t k = 0; k < cfg->n_from; k++) {
		pt_entry *e = catalog_find(c, cfg->from[k]);
		if (e == NULL) {
			snprintf(err, errlen, "no lesson has the id '%s'", cfg->from[k]);
			return false;
		}
		if (!usable(e)) {
			snprintf(err, errlen, "lesson '%s' has errors; run 'paratutor --check %s'", cfg->from[k], e->path);
			return false;
		}
		use[e - c->v] = true;
	}
	return true;
}

/* A share to round: its whole part, its remainder and a tie number. */
typedef struct share {
	size_t whole, remainder, index;
	unsigned long long tie;
} share;

/* Orders shares by remainder, largest first, then by their tie number. */
static int share_cmp(const void *a, const void *b)
{
	const share *x = a, *y = b;
	if (x->remainder != y->remainder)
		return x->remainder > y->remainder ? -1 : 1;
	return x->tie < y->tie ? -1 : x->tie > y->tie;
}

/* Largest remainder: shares count among n parts of sizes size[] (of
 * total) into quota[]: each part its whole share, the units left over to
 * the largest remainders (ties by the seed).  Each quota is within one of
 * its exact share and never above its size.  False when out of memory. */
static bool largest_remainder(const size_t *size, size_t n, size_t count, size_t total, size_t *quota,
    unsigned long long *rng)
{
	share *sh = malloc((n ? n : 1) * sizeof *sh);
	if (sh == NULL)
		return false;
	size_t given = 0;
	for (size_t k = 0; k < n; k++) {
		unsigned long long x = (unsigned long long)count * size[k];
		sh[k] = (share){ (size_t)(x / total), (size_t)(x % total), k, session_random(rng) };
		given += sh[k].whole;
	}
	qsort(sh, n, sizeof *sh, share_cmp);
	for (size_t k = 0; k < n; k++)
		quota[sh[k].index] = sh[k].whole + (k < count - given && sh[k].remainder > 0);
	free(sh);
	return true;
}

/* The extra units of the draw: a 0/1 per cell on top of its whole share,
 * so that each lesson (row) gets the units plan() still wants for it and
 * each difficulty (column) want_col more.  A bipartite matching of rows
 * to columns, grown along augmenting paths. */
typedef struct extra {
	cell *cells;      /* rows * 3 */
	size_t rows;
	size_t want_col[3];
	bool *on;         /* rows * 3: the cell takes one more */
	bool *seen_row;   /* scratch of a search */
	bool loose;       /* also cells whose share is whole (still within one) */
} extra;

/* Returns true when cell (r, d) may take one more unit. */
static bool may_take(const extra *x, size_t r, int d)
{
	const cell *c = &x->cells[r * 3 + (size_t)d];
	return c->floor_share < c->n && (c->remainder > 0 || x->loose);
}

/* Searches from row r for a column with a unit wanted, along cells not
 * on, then back along cells on; flips the path when found. */
static bool augment(extra *x, size_t r)
{
	if (x->seen_row[r])
		return false;
	x->seen_row[r] = true;
	for (int d = 0; d < 3; d++) {
		if (x->on[r * 3 + (size_t)d] || !may_take(x, r, d))
			continue;
		if (x->want_col[d] > 0) {
			x->on[r * 3 + (size_t)d] = true;
			x->want_col[d]--;
			return true;
		}
		for (size_t r2 = 0; r2 < x->rows; r2++)
			if (r2 != r && x->on[r2 * 3 + (size_t)d] && augment(x, r2)) {
				/* r2 took another column: its unit in d passes to r. */
				x->on[r2 * 3 + (size_t)d] = false;
				x->on[r * 3 + (size_t)d] = true;
				return true;
			}
	}
	return false;
}

/* Sets every cell's quota: per lesson and per difficulty the largest
 * remainder share of count (each within one of its share of the pool),
 * and per cell its whole share or one more.  False when out of memory. */
static bool plan(cell *cells, size_t rows, size_t count, size_t total, unsigned long long *rng,
    unsigned long long *tie_rng)
{
	size_t *row_n = calloc(rows + 1, sizeof *row_n), *row_q = calloc(rows + 1, sizeof *row_q);
	size_t *want = calloc(rows + 1, sizeof *want), col_n[3] = { 0 }, col_q[3] = { 0 };
	bool *on = calloc(rows * 3 + 1, sizeof *on), *seen = calloc(rows + 1, sizeof *seen);
	share *order = malloc((rows * 3 + 1) * sizeof *order);
	bool ok = row_n && row_q && want && on && seen && order;
	for (size_t r = 0; ok && r < rows; r++)
		for (int d = 0; d < 3; d++) {
			cell *c = &cells[r * 3 + (size_t)d];
			unsigned long long x = (unsigned long long)count * c->n;
			c->floor_share = (size_t)(x / total);
			c->remainder = (size_t)(x % total);
			c->tie = c->n > 0 ? session_random(rng) : 0; /* one a cell with items, as papers were drawn before */
			row_n[r] += c->n;
			col_n[d] += c->n;
		}
	ok = ok && largest_remainder(row_n, rows, count, total, row_q, tie_rng) &&
	    largest_remainder(col_n, 3, count, total, col_q, tie_rng);
	if (ok) {
		extra x = { cells, rows, { 0 }, on, seen, false };
		size_t left = count;
		for (size_t r = 0; r < rows; r++)
			want[r] = row_q[r];
		for (int d = 0; d < 3; d++)
			x.want_col[d] = col_q[d];
		for (size_t k = 0; k < rows * 3; k++) {
			want[k / 3] -= cells[k].floor_share;
			x.want_col[k % 3] -= cells[k].floor_share;
			left -= cells[k].floor_share;
			order[k] = (share){ 0, cells[k].remainder, k, cells[k].tie };
		}
		/* First the largest remainders, then paths that make room. */
		qsort(order, rows * 3, sizeof *order, share_cmp);
		for (size_t k = 0; k < rows * 3 && left > 0; k++) {
			size_t r = order[k].index / 3;
			int d = (int)(order[k].index % 3);
			if (want[r] > 0 && x.want_col[d] > 0 && may_take(&x, r, d)) {
				on[order[k].index] = true;
				want[r]--;
				x.want_col[d]--;
				left--;
			}
		}
		for (int pass = 0; pass < 2 && left > 0; pass++) {
			x.loose = pass == 1;
			for (size_t r = 0; r < rows && left > 0; r++)
				while (want[r] > 0 && left > 0) {
					memset(seen, 0, rows * sizeof *seen);
					if (!augment(&x, r))
						break;
					want[r]--;
					left--;
				}
		}
		for (size_t k = 0; k < rows * 3; k++)
			cells[k].quota = cells[k].floor_share + on[k];
		/* Should the shares not fit together, any room takes the rest. */
		for (size_t k = 0; k < rows * 3 && left > 0; k++)
			while (cells[order[k].index].quota < cells[order[k].index].n && left > 0) {
				cells[order[k].index].quota++;
				left--;
			}
	}
	free(row_n);
	free(row_q);
	free(want);
	free(on);
	free(seen);
	free(order);
	return ok;
}

/* Returns the blueprint's share of the lesson of catalog entry e, in
 * millionths of a percent. */
static size_t blueprint_weight(const pt_blueprint *bp, const pt_entry *e)
{
	const char *id = e->info != NULL ? e->info->id : e->lesson->id.s;
	for (size_t k = 0; k < bp->n; k++)
		if (strcmp(bp->v[k].lesson, id) == 0)
			return (size_t)(bp->v[k].percent * 1e6 + 0.5);
	return 0;
}

/* Splits want units over the three difficulty cells of one lesson by
 * largest remainder of what each holds (adding to their quotas). */
static bool split_row(cell *row, size_t want, unsigned long long *rng)
{
	size_t size[3], quota[3], total = 0;
	for (int d = 0; d < 3; d++)
		total += size[d] = row[d].n - row[d].quota;
	if (want == 0 || total == 0)
		return true;
	if (!largest_remainder(size, 3, want, total, quota, rng))
		return false;
	for (int d = 0; d < 3; d++)
		row[d].quota += quota[d];
	return true;
}

/* The blueprint's plan: each lesson (row) its share of count by largest
 * remainder of the blueprint's percentages, taken from its unseen items
 * first (fresh), the rest from those seen (counted in *repeated), each
 * part split over the difficulties in proportion to what the lesson
 * holds.  False with the cause in err when a lesson holds too few items
 * or memory runs out. */
static bool plan_blueprint(const pt_catalog *c, const bool *use, const pt_blueprint *bp, cell *fresh, cell *seen,
    size_t rows, size_t count, unsigned long long *rng, size_t *repeated, char *err, size_t errlen)
{
	size_t *weight = calloc(rows + 1, sizeof *weight), *quota = calloc(rows + 1, sizeof *quota);
	const pt_entry **entry = calloc(rows + 1, sizeof *entry);
	size_t total = 0, r = 0;
	bool ok = weight != NULL && quota != NULL && entry != NULL;
	for (size_t e = 0; ok && e < c->n; e++)
		if (use[e]) {
			entry[r] = &c->v[e];
			total += weight[r++] = blueprint_weight(bp, &c->v[e]);
		}
	ok = ok && total > 0 && largest_remainder(weight, rows, count, total, quota, rng);
	if (!ok)
		snprintf(err, errlen, "out of memory");
	*repeated = 0;
	for (r = 0; ok && r < rows; r++) {
		size_t n_fresh = fresh[r * 3].n + fresh[r * 3 + 1].n + fresh[r * 3 + 2].n;
		size_t n_seen = seen[r * 3].n + seen[r * 3 + 1].n + seen[r * 3 + 2].n;
		size_t from_fresh = quota[r] < n_fresh ? quota[r] : n_fresh;
		if (quota[r] > n_fresh + n_seen) {
			const char *id = entry[r]->info != NULL ? entry[r]->info->id : entry[r]->lesson->id.s;
			snprintf(err, errlen, "the blueprint gives lesson '%s' %zu of the %zu items, but it holds %zu; ask for "
			    "fewer items (--count) or change its share", id, quota[r], count, n_fresh + n_seen);
			ok = false;
			break;
		}
		ok = split_row(&fresh[r * 3], from_fresh, rng) && split_row(&seen[r * 3], quota[r] - from_fresh, rng);
		*repeated += quota[r] - from_fresh;
		if (!ok)
			snprintf(err, errlen, "out of memory");
	}
	free(weight);
	free(quota);
	free(entry);
	return ok;
}

/* Draws each cell's quota of its items into pick from *k on, in an order
 * of the seed's. */
static void draw(cell *cells, size_t n_cells, candidate *pick, size_t *k, unsigned long long *rng)
{
	for (size_t s = 0; s < n_cells; s++)
		for (size_t i = 0; i < cells[s].quota; i++) {
			size_t j = i + rng_below(rng, cells[s].n - i);
			candidate t = cells[s].v[i];
			cells[s].v[i] = cells[s].v[j];
			cells[s].v[j] = t;
			pick[(*k)++] = cells[s].v[i];
		}
}

/* Returns true when cfg draws items of it's kind. */
static bool kind_wanted(const pt_exam_config *cfg, const pt_item *it)
{
	return cfg->kinds == 0 || ((cfg->kinds >> it->kind) & 1u) != 0;
}

bool exam_kinds_parse(const char *list, unsigned *kinds, char *err, size_t errlen)
{
	*kinds = 0;
	for (const char *p = list; p != NULL && *p != '\0';) {
		size_t n = strcspn(p, ",");
		bool found = false;
		for (int k = 0; k < PT_KIND_COUNT && !found; k++) {
			const char *name = lesson_kind_name((pt_kind)k);
			if (name != NULL && strlen(name) == n && strncmp(name, p, n) == 0) {
				*kinds |= 1u << k;
				found = true;
			}
		}
		if (!found) {
			snprintf(err, errlen, "'%.*s' is not a kind (choice, multi, fill, numeric, text, match, order)",
			    (int)n, p);
			return false;
		}
		p += n + (p[n] == ',');
	}
	if (*kinds == 0)
		snprintf(err, errlen, "no kind named");
	return *kinds != 0;
}

/* Collects into all the candidates of the lessons in use for which
 * cfg->shown says want (every one when it is NULL), grouped into cells
 * by lesson and difficulty, three cells a lesson in use; returns the
 * number of candidates. */
static size_t collect(const pt_catalog *c, const bool *use, const pt_exam_config *cfg, bool want, candidate *all,
    cell *cells)
{
	size_t k = 0, r = 0;
	for (size_t e = 0; e < c->n; e++) {
		if (!use[e])
			continue;
		const pt_lesson *l = c->v[e].lesson;
		for (int d = PT_EASY; d <= PT_HARD; d++) {
			cell *cl = &cells[r * 3 + (size_t)d];
			memset(cl, 0, sizeof *cl);
			cl->v = all + k;
			for (size_t i = 0; i < l->n_items; i++) {
				bool shown = cfg->shown != NULL && cfg->shown(cfg->shown_ctx, l->id.s, l->items[i].id.s);
				if ((int)l->items[i].difficulty == d && (cfg->shown == NULL || shown == want) &&
				    kind_wanted(cfg, &l->items[i]))
					all[k++] = (candidate){ e, i, false };
			}
			cl->n = (size_t)(all + k - cl->v);
		}
		r++;
	}
	return k;
}

bool exam_start(pt_exam *e, const pt_catalog *catalog, const pt_exam_config *cfg, time_t now,
    char *err, size_t errlen)
{
	memset(e, 0, sizeof *e);
	size_t total_items = 0, rows = 0;
	bool *use = calloc(catalog->n + 1, sizeof *use);
	if (use == NULL || !pick_lessons(catalog, cfg, use, err, errlen)) {
		if (use == NULL)
			snprintf(err, errlen, "out of memory");
		free(use);
		return false;
	}
	for (size_t i = 0; i < catalog->n; i++) {
		for (size_t k = 0; use[i] && k < catalog->v[i].lesson->n_items; k++)
			total_items += kind_wanted(cfg, &catalog->v[i].lesson->items[k]);
		rows += use[i];
	}
	/* A blueprint's shares are of the count asked for: a lesson too small
	 * for its share is said, not made up for by the others. */
	size_t count = cfg->count < total_items || cfg->blueprint != NULL ? cfg->count : total_items;
	if (count > PT_EXAM_MAX_ITEMS)
		count = PT_EXAM_MAX_ITEMS;
	unsigned long long rng = cfg->seed ^ 0x6a09e667f3bcc909ull, tie_rng = cfg->seed ^ 0xbb67ae8584caa73bull;
	candidate *fresh = malloc((total_items + 1) * sizeof *fresh);
	candidate *seen = malloc((total_items + 1) * sizeof *seen);
	cell *fresh_cells = calloc(rows * 3 + 1, sizeof *fresh_cells);
	cell *seen_cells = calloc(rows * 3 + 1, sizeof *seen_cells);
	candidate *pick = malloc((count + 1) * sizeof *pick);
	const pt_lesson **lessons = malloc((count + 1) * sizeof *lessons);
	const pt_item **items = malloc((count + 1) * sizeof *items);
	bool ok = false;
	if (!fresh || !seen || !fresh_cells || !seen_cells || !pick || !lessons || !items) {
		snprintf(err, errlen, "out of memory");
	} else if (count == 0) {
		snprintf(err, errlen, "the lessons chosen hold no items%s to draw an exam from",
		    cfg->kinds != 0 ? " of the kinds asked for" : "");
	} else {
		/* Items whose answers earlier results showed are drawn only when
		 * the others run short, and then as few as can be. */
		size_t n_fresh = collect(catalog, use, cfg, false, fresh, fresh_cells);
		size_t n_seen = cfg->shown != NULL ? collect(catalog, use, cfg, true, seen, seen_cells) : 0;
		size_t from_fresh = n_fresh < count ? n_fresh : count, k = 0, repeated = 0;
		if (cfg->blueprint != NULL) {
			ok = plan_blueprint(catalog, use, cfg->blueprint, fresh_cells, seen_cells, rows, count, &tie_rng,
			    &repeated, err, errlen);
			from_fresh = count - repeated;
		} else {
			ok = plan(fresh_cells, rows, from_fresh, n_fresh ? n_fresh : 1, &rng, &tie_rng) &&
			    (from_fresh == count ||
			        plan(seen_cells, rows, count - from_fresh, n_seen ? n_seen : 1, &rng, &tie_rng));
			if (!ok)
				snprintf(err, errlen, "out of memory");
		}
		if (ok) {
			draw(fresh_cells, rows * 3, pick, &k, &rng);
			size_t k_fresh = k;
			if (from_fresh < count)
				draw(seen_cells, rows * 3, pick, &k, &rng);
			for (size_t i = 0; i < k; i++)
				pick[i].seen = i >= k_fresh;
			for (size_t i = k; i > 1; i--) {
				size_t j = rng_below(&rng, i);
				candidate t = pick[i - 1];
				pick[i - 1] = pick[j];
				pick[j] = t;
			}
			for (size_t i = 0; i < count; i++) {
				lessons[i] = catalog->v[pick[i].entry].lesson;
				items[i] = &lessons[i]->items[pick[i].item];
			}
			long limit = cfg->seconds < 0 ? (long)count * PT_EXAM_SECONDS_PER_ITEM : cfg->seconds;
			ok = k == count && exam_setup(e, lessons, items, count, cfg->seed, cfg->shuffle, cfg->pass_percent,
			    limit, 0, now, now);
			e->repeated = count - from_fresh;
			if (ok && e->repeated > 0) {
				e->repeat = calloc(count, sizeof *e->repeat);
				ok = e->repeat != NULL;
				for (size_t i = 0; ok && i < count; i++)
					e->repeat[i] = pick[i].seen;
			}
			if (!ok)
				snprintf(err, errlen, "out of memory");
		}
	}
	free(use);
	free(fresh);
	free(seen);
	free(fresh_cells);
	free(seen_cells);
	free(pick);
	free(lessons);
	if (ok)
		e->tags = &catalog->tags;
	free(items);
	return ok;
}


bool exam_retake(pt_exam *e, const pt_lesson *const *lessons, const pt_item *const *items, size_t n,
    unsigned long long seed, bool shuffle, int pass_percent, long limit, time_t now, size_t number, const char *id)
{
	size_t *order = malloc((n ? n : 1) * sizeof *order);
	const pt_lesson **ls = malloc((n ? n : 1) * sizeof *ls);
	const pt_item **its = malloc((n ? n : 1) * sizeof *its);
	bool ok = order != NULL && ls != NULL && its != NULL && n > 0;
	unsigned long long rng = seed ^ 0x3c6ef372fe94f82bull;
	for (size_t i = 0; ok && i < n; i++)
		order[i] = i;
	for (size_t i = n; ok && i > 1; i--) {
		size_t j = rng_below(&rng, i), t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
	/* A new order: one the shuffle left as it was is turned by one. */
	bool same = true;
	for (size_t i = 0; ok && i < n; i++)
		same = same && order[i] == i;
	for (size_t i = 0; ok && i < n; i++) {
		size_t k = same ? (order[i] + 1) % n : order[i];
		ls[i] = lessons[k];
		its[i] = items[k];
	}
	ok = ok && exam_setup(e, ls, its, n, seed, shuffle, pass_percent, limit, 0, now, now);
	if (ok) {
		e->retake_of = number;
		snprintf(e->retake_id, sizeof e->retake_id, "%s", id);
	}
	free(order);
	free(ls);
	free(its);
	return ok;
}

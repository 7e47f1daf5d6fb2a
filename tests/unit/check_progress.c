/* check_progress.c - the progress store on disk: round trip, item hashes,
 * merging, corruption handling, memory-only mode, the file format. */
#include <cJSON.h>
#include <grp.h>
#include <sys/wait.h>

#include "paratutor/load/load_kind.h"
#include "paratutor/learn/score.h"
#include "paratutor/base/strbuf.h"
#include "progress_util.h"


/* Returns how many items progress_due() lists at now. */
static size_t due_count(const pt_progress *p, pt_catalog *cat, time_t now)
{
	pt_due_list due;
	ck_assert(progress_due(p, cat, now, &due));
	size_t n = due.n;
	progress_due_free(&due);
	return n;
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

/* Changing one item's answer resets that item and nothing else. */
/* A wrong pick is kept by the text the learner saw at the letter they
 * pressed, whatever order the options and bank were shown in. */
START_TEST(test_wrong_picks_of_shuffled_items)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	int tried = 0;
	for (unsigned long long salt = 1; salt < 200 && tried < 8; salt++) {
		pt_session ses;
		ck_assert(session_init_shuffled(&ses, l, true, salt));
		/* The multi item: a wrong option the view shows at another index. */
		pt_grade *g = &ses.grades[2];
		int shown = -1;
		for (size_t o = 0; o < g->item->n_options; o++)
			if (!g->item->options[o].correct && strcmp(g->item->options[o].text.s, l->items[2].options[o].text.s) != 0)
				shown = (int)o;
		/* The fill item: a wrong bank entry for blank 1 at another index. */
		pt_grade *f = &ses.grades[0];
		int bank = -1;
		for (size_t b = 0; b < f->item->bank.n; b++)
			if (strcmp(f->item->bank.v[b].s, "split") != 0 && strcmp(f->item->bank.v[b].s, l->items[0].bank.v[b].s) != 0)
				bank = (int)b;
		if (shown < 0 || bank < 0) {
			session_free(&ses);
			continue;
		}
		tried++;
		const char *picked = g->item->options[shown].text.s;
		ck_assert(grade_pick(g, shown) == PT_GRADE_OK);
		grade_check(g);
		const char *filled = f->item->bank.v[bank].s;
		ck_assert(grade_fill(f, 0, bank) == PT_GRADE_OK);
		for (size_t b = 0; b < f->item->bank.n; b++)
			if (strcmp(f->item->bank.v[b].s, "sum") == 0)
				ck_assert(grade_fill(f, 1, (int)b) == PT_GRADE_OK);
		grade_check(f);
		progress_close(s); /* a fresh store: a reset keeps the wrong picks of earlier attempts */
		s = progress_open(NULL, T0, &(pt_open_report){ 0 });
		ck_assert_ptr_nonnull(s);
		ck_assert(progress_record_item(s, l, &l->items[2], g, T0));
		ck_assert(progress_record_item(s, l, &l->items[0], f, T0));
		const pt_record *r = progress_find(s, "p", "many");
		ck_assert_uint_eq(r->n_wrong, 1);
		ck_assert_str_eq(r->wrong[0], picked);
		r = progress_find(s, "p", "fill");
		ck_assert_uint_eq(r->n_wrong, 1);
		ck_assert_str_eq(r->wrong[0], filled);
		session_free(&ses);
	}
	ck_assert_int_gt(tried, 0);
	progress_close(s);
	lesson_free(l);
}
END_TEST

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
	ck_assert_int_eq(score, 19); /* 75 over 4 items is 18.75: to the nearest */
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
	ck_assert_int_eq(r->attempts, 1);
	ck_assert_int_eq(r->pass_start, T0 + 10);
	ck_assert_int_eq(r->last_seen, T0 + 20); /* B's check is the latest seen */
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

/* A later pass (a review or a retry) after the first pass finished never
 * changes the lesson result: it moves the review state, in memory and
 * through a save. */
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
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert_int_eq(r->attempts, 1);
	ck_assert_int_eq(r->pass_start, T0);
	ck_assert_int_eq(r->last_seen, T0 + 2 * DAY);
	ck_assert_int_eq(r->box, 1);
	ck_assert_int_eq(r->due, T0 + 2 * DAY + PT_RELEARN_SECONDS);
	ck_assert_uint_eq(r->n_wrong, 1);
	save_ok(s);
	progress_close(s);
	s = open_ok(path, T0 + 3 * DAY);
	r = progress_find(s, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_FIRST_TIME);
	ck_assert_int_eq(r->attempts, 1);
	ck_assert_int_eq(r->due, T0 + 2 * DAY + PT_RELEARN_SECONDS);
	ck_assert_int_eq(r->scheduled_at, T0 + 2 * DAY);

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
	ck_assert_int_eq(r->box, 1);
	ck_assert_int_eq(r->due, T0 + 5 * DAY); /* a first Good: stability 2.3 days */
	ck_assert_uint_eq(r->n_wrong, 2);
	progress_close(s);
	lesson_free(l);
}
END_TEST

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
	ck_assert_int_eq(r->outcome, PT_OUTCOME_RETRIES);
	ck_assert_int_eq(r->attempts, 2);
	ck_assert_int_eq(r->box, 1);
	ck_assert_int_eq(r->due, T0 + DAY);
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* Asserts that the learner's words for a store kept aside (rep) do not
 * name cause, which is inside the file, and that reading the kept file
 * for a report says it. */
static void assert_cause_kept(const pt_open_report *rep, const char *cause)
{
	ck_assert_msg(strstr(rep->message, cause) == NULL, "%s", rep->message);
	ck_assert_ptr_nonnull(strstr(rep->message, "could not be read (some are not as paratutor writes them)"));
	pt_open_report kept;
	pt_progress *s = progress_open_readonly(rep->moved_to, &kept);
	ck_assert_ptr_nonnull(strstr(kept.message, cause));
	ck_assert_ptr_null(strstr(kept.learner, cause));
	progress_close(s);
}

/* A damaged file is moved aside under a dated name, reported in the
 * learner's words (a JSON error by its line and column, nothing inside
 * the file by name), and a fresh store starts; a second one the same
 * second gets "-2". */
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
	ck_assert_ptr_nonnull(strstr(rep.message, "could not be read (not valid JSON at line 1, column 30)"));
	ck_assert_ptr_nonnull(strstr(rep.message, "nothing was deleted"));
	ck_assert_ptr_nonnull(strstr(rep.message, "moving it back as progress.json brings its records back"));
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
	assert_cause_kept(&rep, "item \"fill\" of lesson \"p\": \"hash\"");
	ck_assert_ptr_null(strstr(rep.message, "hash"));
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
	assert_cause_kept(&rep, "top level is not an object");
	progress_close(s);
	ck_assert_int_eq(dir_entries(state_dir), 6); /* lock + 5 moved aside */
	lesson_free(l);
}
END_TEST

/* Plays lesson p into a fresh store at path and returns its saved text
 * (caller frees). */
static char *saved_store(pt_lesson *l)
{
	pt_progress *s = open_ok(path, T0);
	play_p(s, l, T0);
	save_ok(s);
	progress_close(s);
	return slurp(path);
}

/* A key twice in one object (cJSON would keep the first and drop the
 * rest) is damage: the file is kept aside whole, the learner is told, and
 * nothing is saved over it silently. */
START_TEST(test_duplicate_keys_kept_aside)
{
	pt_lesson *l = mk(lesson_p);
	char *good = saved_store(l);
	static const char *const cases[][2] = {
		{ "\"lessons\":", "\"lessons\": {},\n\"lessons\":" },
		{ "\"items\":", "\"items\": {},\n\"items\":" },
	};
	for (size_t c = 0; c < 2; c++) {
		char *at = strstr(good, cases[c][0]);
		ck_assert_ptr_nonnull(at);
		char bad[1 << 16];
		snprintf(bad, sizeof bad, "%.*s%s%s", (int)(at - good), good, cases[c][1], at + strlen(cases[c][0]));
		write_file(path, bad);
		pt_open_report rep;
		pt_progress *s = progress_open(path, T0 + (time_t)c, &rep);
		ck_assert_ptr_nonnull(s);
		ck_assert_msg(rep.moved_to[0] != '\0', "case %zu not moved aside: %s", c, rep.message);
		assert_cause_kept(&rep, "appears twice");
		ck_assert_ptr_nonnull(strstr(rep.message, rep.moved_to));
		char *kept = slurp(rep.moved_to);
		ck_assert_str_eq(kept, bad); /* every record is still there */
		free(kept);
		progress_close(s);
	}
	free(good);
	lesson_free(l);
}
END_TEST

/* Counters at the reader's cap stay there: one more check saves a store
 * the next start reads. */
START_TEST(test_counters_saturate)
{
	pt_lesson *l = mk(lesson_p);
	char *good = saved_store(l);
	char *at = strstr(good, "\"attempts\":");
	ck_assert_ptr_nonnull(at);
	char *num = at + strlen("\"attempts\":");
	num += strspn(num, " \t");
	size_t digits = strspn(num, "0123456789");
	char capped[1 << 16];
	snprintf(capped, sizeof capped, "%.*s1000000%s", (int)(num - good), good, num + digits);
	write_file(path, capped);
	free(good);
	pt_progress *s = open_ok(path, T0 + 10);
	play_p(s, l, T0 + 10);
	save_ok(s);
	progress_close(s);
	pt_open_report rep;
	s = progress_open(path, T0 + 20, &rep);
	ck_assert_msg(rep.loaded && rep.moved_to[0] == '\0', "%s", rep.message);
	ck_assert_ptr_nonnull(progress_find(s, "p", "fill"));
	progress_close(s);
	char *text = slurp(path);
	ck_assert_ptr_null(strstr(text, "1000001"));
	free(text);
	lesson_free(l);
}
END_TEST

/* A draft holding bytes that are not UTF-8 is stored as valid UTF-8 (each
 * bad byte as U+FFFD), so the store stays valid JSON and loads again. */
START_TEST(test_bad_utf8_draft)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *s = open_ok(path, T0);
	pt_draft d = { 0 };
	d.n = 1;
	d.slot[0] = "ok \xC3\xA9 bad \xFF\xC3 end";
	ck_assert(progress_set_draft(s, "p", "fill", &d));
	save_ok(s);
	progress_close(s);
	pt_open_report rep;
	s = progress_open(path, T0 + 1, &rep);
	ck_assert_msg(rep.loaded && rep.moved_to[0] == '\0', "%s", rep.message);
	pt_draft back;
	ck_assert(progress_draft(s, "p", "fill", &back));
	ck_assert_str_eq(back.slot[0], "ok \xC3\xA9 bad \xEF\xBF\xBD\xEF\xBF\xBD end");
	progress_close(s);
	lesson_free(l);
}
END_TEST

/* Runs fn as an ordinary user: as root, in a child that has become nobody
 * (as setpriv would) over a test tree nobody owns; returns fn's code. */
static int as_learner(int (*fn)(void))
{
	if (geteuid() != 0)
		return fn();
	char state[600], state_dir[600];
	snprintf(state, sizeof state, "%s/state", dir);
	snprintf(state_dir, sizeof state_dir, "%s/state/paratutor", dir);
	ck_assert_int_eq(chmod(dir, 0755), 0);
	ck_assert_int_eq(chown(state, 65534, 65534), 0);
	ck_assert_int_eq(chown(state_dir, 65534, 65534), 0);
	ck_assert_int_eq(lchown(path, 65534, 65534), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		if (setgroups(0, NULL) != 0 || setgid(65534) != 0 || setuid(65534) != 0)
			_exit(10);
		_exit(fn());
	}
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

/* Opens a store of mode 000: 0 when it was reported as unreadable, left
 * in place and not reset. */
static int open_mode_000(void)
{
	pt_open_report rep;
	pt_progress *s = progress_open(path, T0, &rep);
	int code = s == NULL ? 20 : !rep.memory_only ? 21 : rep.moved_to[0] != '\0' ? 22 :
	    strstr(rep.message, "Permission denied") == NULL ? 23 : strstr(rep.message, "left untouched") == NULL ? 24 : 0;
	char err[512];
	if (code == 0 && !progress_save(s, err, sizeof err))
		code = 25;
	progress_close(s);
	return code;
}

/* A store that cannot be read (mode 000) is reported as such and never
 * reset: after a session it still holds every byte it held. */
START_TEST(test_unreadable_store_left_alone)
{
	pt_lesson *l = mk(lesson_p);
	char *before = saved_store(l);
	ck_assert_int_eq(chmod(path, 0), 0);
	ck_assert_int_eq(as_learner(open_mode_000), 0);
	ck_assert_int_eq(chmod(path, 0600), 0);
	char *after = slurp(path);
	ck_assert_str_eq(after, before);
	free(before);
	free(after);
	lesson_free(l);
}
END_TEST

/* Saving keeps the store's mode, and writes through a symbolic link to
 * its target: the link stays a link and the target gets the records. */
START_TEST(test_mode_and_symlink_kept)
{
	pt_lesson *l = mk(lesson_p);
	free(saved_store(l));
	ck_assert_int_eq(chmod(path, 0444), 0);
	pt_progress *s = open_ok(path, T0 + 1);
	ck_assert(progress_add_time(s, l, &l->items[0], 5, T0 + 1));
	save_ok(s);
	progress_close(s);
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0444);

	/* A link beside it, the store its target. */
	char link[700];
	snprintf(link, sizeof link, "%s/state/paratutor/linked.json", dir);
	ck_assert_int_eq(symlink("progress.json", link), 0);
	s = open_ok(link, T0 + 2);
	ck_assert_ptr_nonnull(progress_find(s, "p", "fill"));
	ck_assert(progress_add_time(s, l, &l->items[0], 7, T0 + 2));
	save_ok(s);
	progress_close(s);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	s = open_ok(path, T0 + 3);
	const pt_record *r = progress_find(s, "p", "fill");
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(r->time_spent, 30 + 5 + 7);
	progress_close(s);
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
	ck_assert_ptr_nonnull(strstr(notice, "could not be read (not valid JSON at line 1, column 1) when your latest "
	    "work was saved; nothing was deleted"));
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

/* Opens the store of a read-only state directory: 0 when it loaded, in
 * memory only, with its record; another number says what went wrong. */
static int open_read_only_store(void)
{
	pt_open_report rep;
	pt_progress *s = progress_open(path, T0, &rep);
	int code = s == NULL ? 14 : !rep.memory_only ? 11 : !rep.loaded ? 12 :
	    progress_find(s, "p", "fill") == NULL ? 13 : 0;
	progress_close(s);
	return code;
}

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
	ck_assert(!progress_persistent(s));
	progress_close(s);

	/* A directory the store cannot write in: the old progress is still
	 * shown, and nothing is written.  Root may write in any directory, so
	 * the lock file's place is taken by a directory, which no one can open
	 * for writing. */
	s = open_ok(path, T0);
	play_p(s, l, T0);
	save_ok(s);
	progress_close(s);
	char lock[700];
	snprintf(lock, sizeof lock, "%s.lock", path);
	ck_assert_int_eq(unlink(lock), 0);
	ck_assert_int_eq(mkdir(lock, 0700), 0);
	char *before = slurp(path);
	s = progress_open(path, T0, &rep);
	ck_assert(rep.memory_only);
	ck_assert(rep.loaded);
	ck_assert_ptr_nonnull(strstr(rep.message, "cannot save progress"));
	ck_assert_ptr_nonnull(progress_find(s, "p", "fill"));
	ck_assert(progress_set_position(s, "p", "one"));
	save_ok(s); /* memory only: nothing to do */
	progress_close(s);
	char *after = slurp(path);
	ck_assert_str_eq(after, before);
	free(before);
	free(after);
	ck_assert_int_eq(rmdir(lock), 0);

	/* A read-only directory.  Root writes in it anyway, so as root the
	 * store is opened by a child that has become nobody (as setpriv
	 * would), over a tree nobody owns. */
	char state_dir[600];
	snprintf(state_dir, sizeof state_dir, "%s/state/paratutor", dir);
	if (geteuid() == 0) {
		ck_assert_int_eq(chmod(dir, 0755), 0);
		char state[600];
		snprintf(state, sizeof state, "%s/state", dir);
		ck_assert_int_eq(chown(state, 65534, 65534), 0);
		ck_assert_int_eq(chown(state_dir, 65534, 65534), 0);
		ck_assert_int_eq(chown(path, 65534, 65534), 0);
	}
	ck_assert_int_eq(chmod(state_dir, 0500), 0);
	if (geteuid() != 0) {
		ck_assert_int_eq(open_read_only_store(), 0);
	} else {
		pid_t pid = fork();
		ck_assert_int_ge(pid, 0);
		if (pid == 0) {
			if (setgroups(0, NULL) != 0 || setgid(65534) != 0 || setuid(65534) != 0)
				_exit(10);
			_exit(open_read_only_store());
		}
		int status;
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_assert(WIFEXITED(status));
		ck_assert_int_eq(WEXITSTATUS(status), 0);
	}
	chmod(state_dir, 0700);
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

/* True when the store holds nothing of item id of lesson p's current
 * attempt (a reset keeps attempt 1's result beside it: docs/scoring.md). */
static bool forgotten(const pt_progress *p, const char *id)
{
	const pt_record *r = progress_find(p, "p", id);
	return r == NULL || (r->outcome == PT_OUTCOME_NONE && r->attempts == 0 && r->hints == 0 && r->attempt == 2);
}

/* True when item id of lesson p keeps the learner's history after a
 * reset: its first try at T0, its review schedule and its wrong picks. */
static bool history_kept(const pt_progress *p, const char *id)
{
	const pt_record *r = progress_find(p, "p", id);
	return r != NULL && r->tried_at == T0 && !r->tried_right && r->scheduled && r->stability > 0 && r->n_wrong > 0;
}

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
	ck_assert(forgotten(a, "fill"));
	ck_assert(history_kept(a, "fill")); /* only the scoring starts over */
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
	ck_assert(forgotten(b, "fill"));
	ck_assert_ptr_null(progress_position(b, "p"));

	/* Work done after the reset is kept. */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(a, l, g.item, &g, T0 + 70));
	save_ok(a);

	pt_progress *c = open_ok(path, T0 + 100);
	ck_assert(forgotten(c, "fill"));
	ck_assert(history_kept(c, "fill")); /* through the file and the other tutor's save */
	ck_assert(forgotten(c, "many"));
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

/* A reset starts attempt 2: attempt 1's score stays the lesson score,
 * and attempt 2, all right, scores 100 beside it, never zeroes; both
 * survive a save, a restart and another tutor's save. */
START_TEST(test_reset_starts_attempt)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *a = open_ok(path, T0);
	play_p(a, l, T0); /* fill 75, one out of attempts, many open: 25 */
	pt_lesson_scores sc;
	progress_lesson_scores(a, l, &sc);
	ck_assert_int_eq(sc.score, 25);
	ck_assert_int_eq(sc.attempt, 1);
	save_ok(a);
	pt_progress *b = open_ok(path, T0 + 40); /* another tutor, loaded before the reset */
	ck_assert(progress_reset_lesson(a, "p", T0 + 50));
	progress_lesson_scores(a, l, &sc);
	ck_assert_int_eq(sc.score, 25);
	ck_assert_int_eq(sc.attempt, 2);
	ck_assert_int_eq(sc.attempt_score, -1); /* nothing of attempt 2 done yet */
	ck_assert_uint_eq(sc.done, 0);
	save_ok(a);
	progress_close(a);

	a = open_ok(path, T0 + 60);
	pt_session ses;
	ck_assert(session_init(&ses, l));
	progress_restore(a, &ses, NULL);
	ck_assert_int_eq(ses.attempt, 2);
	for (size_t i = 0; i < l->n_items; i++) {
		ck_assert_int_eq(ses.grades[i].status, PT_OPEN);
		ck_assert(!ses.grades[i].retry_pass); /* an attempt's pass, not practice */
	}
	check_fill(&ses.grades[0], 1, 2);
	check_pick(&ses.grades[1], 1u << 1);
	check_pick(&ses.grades[2], 1u << 0 | 1u << 2);
	for (size_t i = 0; i < l->n_items; i++) {
		ck_assert_int_eq(grade_score(&ses.grades[i]), PT_SCORE_FULL);
		ck_assert(progress_record_item(a, l, &l->items[i], &ses.grades[i], T0 + 70));
	}
	pt_summary sum;
	session_summarize(&ses, &sum);
	ck_assert_int_eq(sum.score, 25);
	ck_assert_int_eq(sum.attempt, 2);
	ck_assert_int_eq(sum.attempt_score, 100);
	ck_assert_uint_eq(sum.first_time, 3);
	char text[64];
	score_attempt_text(sum.score, sum.attempt, sum.attempt_score, true, text, sizeof text);
	ck_assert_str_eq(text, "25 - attempt 2: 100");
	session_free(&ses);
	save_ok(a);
	save_ok(b); /* B's older copy brings nothing back */
	progress_close(b);
	progress_close(a);

	a = open_ok(path, T0 + 100);
	progress_lesson_scores(a, l, &sc);
	ck_assert_int_eq(sc.score, 25);
	ck_assert_int_eq(sc.attempt, 2);
	ck_assert_int_eq(sc.attempt_score, 100);
	ck_assert_uint_eq(sc.done, 3);
	/* A third attempt keeps attempt 1's score still. */
	ck_assert(progress_reset_lesson(a, "p", T0 + 110));
	progress_lesson_scores(a, l, &sc);
	ck_assert_int_eq(sc.score, 25);
	ck_assert_int_eq(sc.attempt, 3);
	ck_assert_int_eq(sc.attempt_score, -1);
	progress_close(a);
	lesson_free(l);
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
	ck_assert_ptr_nonnull(strstr(rep.message, "is damaged: not valid JSON at line 1, column 3"));
	ck_assert_ptr_nonnull(strstr(rep.learner, "could not be read (not valid JSON at line 1, column 3), so none are "
	    "shown; the file was left as it is"));
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
	ck_assert_int_eq(r->scheduled_at, r->last_seen); /* written before scheduled_at */
	ck_assert(!progress_find(s, "fixture-minimal", "pick-all")->scheduled);
	progress_close(s);
}
END_TEST

/* A store written by the release before the FSRS schedule (0.1.0, with
 * Leitner boxes; tests/fixtures/progress/leitner-0.1.0.json, made by that
 * release's plain mode) converts on first read: every record and every
 * member it had is kept as it was, due times included, and each
 * scheduled item gains a memory state (stability, difficulty) that the
 * next save writes. */
START_TEST(test_leitner_store_converts)
{
	char f[1024];
	snprintf(f, sizeof f, "%s/tests/fixtures/progress/leitner-0.1.0.json", test_srcdir());
	char *old_text = slurp(f);
	cJSON *old = cJSON_Parse(old_text);
	ck_assert_ptr_nonnull(old);
	pt_progress *s = open_ok(path, T0);
	progress_close(s);
	write_file(path, old_text);
	s = open_ok(path, T0);
	size_t n, scheduled = 0, expected = 0;
	progress_records(s, &n);
	cJSON *lesson;
	cJSON_ArrayForEach(lesson, cJSON_GetObjectItem(old, "lessons")) {
		cJSON *item;
		cJSON_ArrayForEach(item, cJSON_GetObjectItem(lesson, "items")) {
			expected++;
			const pt_record *r = progress_find(s, lesson->string, item->string);
			ck_assert_ptr_nonnull(r);
			cJSON *due = cJSON_GetObjectItem(item, "due");
			ck_assert(r->scheduled == (due != NULL));
			if (due == NULL)
				continue;
			scheduled++;
			ck_assert_int_eq(r->due, (time_t)due->valuedouble);
			ck_assert(r->stability > 0);
			ck_assert(r->difficulty >= 1 && r->difficulty <= 10);
			ck_assert_int_eq(r->box, cJSON_GetObjectItem(item, "box")->valueint);
		}
	}
	ck_assert_uint_eq(n, expected);
	ck_assert_uint_ge(scheduled, 10);
	ck_assert(progress_set_position(s, "parallelism-kinds", "d1-2-fits-but-slow")); /* a change: the save writes */
	save_ok(s);
	progress_close(s);

	char *new_text = slurp(path);
	cJSON *saved = cJSON_Parse(new_text);
	ck_assert_ptr_nonnull(saved);
	/* Every member of every old record is in the new file, unchanged. */
	cJSON_ArrayForEach(lesson, cJSON_GetObjectItem(old, "lessons")) {
		cJSON *sl = cJSON_GetObjectItem(cJSON_GetObjectItem(saved, "lessons"), lesson->string);
		ck_assert_ptr_nonnull(sl);
		cJSON *item;
		cJSON_ArrayForEach(item, cJSON_GetObjectItem(lesson, "items")) {
			cJSON *si = cJSON_GetObjectItem(cJSON_GetObjectItem(sl, "items"), item->string);
			ck_assert_ptr_nonnull(si);
			cJSON *member;
			cJSON_ArrayForEach(member, item)
				ck_assert_msg(cJSON_Compare(member, cJSON_GetObjectItem(si, member->string), true),
				    "%s/%s: \"%s\" changed", lesson->string, item->string, member->string);
			if (cJSON_GetObjectItem(item, "due") != NULL) {
				ck_assert_ptr_nonnull(cJSON_GetObjectItem(si, "stability"));
				ck_assert_ptr_nonnull(cJSON_GetObjectItem(si, "difficulty"));
			}
		}
		/* Drafts and the position are kept too. */
		ck_assert(cJSON_Compare(cJSON_GetObjectItem(lesson, "drafts"), cJSON_GetObjectItem(sl, "drafts"), true));
	}
	ck_assert(cJSON_Compare(cJSON_GetObjectItem(old, "salt"), cJSON_GetObjectItem(saved, "salt"), true));
	cJSON_Delete(saved);
	cJSON_Delete(old);
	free(new_text);
	free(old_text);
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

/* A store written before the lesson result and the review state were
 * kept apart loads: the review state counts as set at the last check, a
 * record left open by a review pass stays due and is not done, and the
 * file keeps format 1 with the new member added. */
START_TEST(test_old_store_compatible)
{
	pt_catalog cat = { 0 };
	cat_add(&cat, mk(lesson_p));
	const pt_lesson *l = cat.v[0].lesson;
	char text[2048];
	snprintf(text, sizeof text,
	    "{\"format\": 1, \"lessons\": {\"p\": {\"position\": \"many\", \"items\": {"
	    "\"one\": {\"hash\": \"%016llx\", \"outcome\": \"open\", \"attempts\": 1, \"wrong\": [\"A\"],"
	    " \"last_seen\": %lld, \"pass_start\": %lld, \"box\": 2, \"due\": %lld},"
	    "\"many\": {\"hash\": \"%016llx\", \"outcome\": \"first_time\", \"attempts\": 1,"
	    " \"last_seen\": %lld, \"pass_start\": %lld, \"box\": 1, \"due\": %lld}}}}}",
	    lesson_item_hash(&l->items[1]), (long long)T0 + 50, (long long)T0 + 50, (long long)T0,
	    lesson_item_hash(&l->items[2]), (long long)T0 + 10, (long long)T0 + 10, (long long)(T0 + 10 + DAY));
	pt_progress *s = open_ok(path, T0);
	progress_close(s);
	write_file(path, text);
	s = open_ok(path, T0 + 100);
	const pt_record *r = progress_find(s, "p", "one");
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(r->scheduled_at, T0 + 50);
	ck_assert_int_eq(progress_find(s, "p", "many")->scheduled_at, T0 + 10);
	ck_assert_uint_eq(due_count(s, &cat, T0 + 100), 1);
	size_t done, total;
	int score;
	progress_lesson_stats(s, l, &done, &total, &score);
	ck_assert_uint_eq(done, 1);

	/* Answering it right restores a lesson result and schedules it on. */
	pt_grade g;
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(s, l, g.item, &g, T0 + 200));
	ck_assert_uint_eq(due_count(s, &cat, T0 + 200), 0);
	progress_lesson_stats(s, l, &done, &total, &score);
	ck_assert_uint_eq(done, 2);
	save_ok(s);
	progress_close(s);
	char *saved = slurp(path);
	cJSON *root = cJSON_Parse(saved);
	ck_assert_ptr_nonnull(root);
	ck_assert_int_eq(cJSON_GetObjectItem(root, "format")->valueint, PT_PROGRESS_FORMAT);
	ck_assert_int_eq(PT_PROGRESS_FORMAT, 1);
	cJSON *one = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(root, "lessons"), "p"), "items"), "one");
	ck_assert_int_eq((long)cJSON_GetObjectItem(one, "scheduled_at")->valuedouble, (long)(T0 + 200));
	cJSON_Delete(root);
	free(saved);
	catalog_free(&cat);
}
END_TEST

/* A review made by another tutor merges with a lesson result kept here:
 * each side keeps what it knows better. */
START_TEST(test_merge_review_state)
{
	pt_lesson *l = mk(lesson_p);
	pt_progress *a = open_ok(path, T0);
	pt_grade g;
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 0);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(a, l, g.item, &g, T0));
	save_ok(a);
	pt_progress *b = open_ok(path, T0 + 10);
	/* B reviews it right a day later (Good after a first Hard: stability
	 * 4.5 days, due in 5); A, unaware, only spends time. */
	grade_init(&g, &l->items[1]);
	check_pick(&g, 1u << 1);
	ck_assert(progress_record_item(b, l, g.item, &g, T0 + DAY));
	save_ok(b);
	ck_assert(progress_add_time(a, l, &l->items[1], 7, T0 + DAY + 5));
	save_ok(a);
	const pt_record *r = progress_find(a, "p", "one");
	ck_assert_int_eq(r->outcome, PT_OUTCOME_RETRIES);
	ck_assert_int_eq(r->attempts, 2);
	ck_assert_int_eq(r->box, 2);
	ck_assert_int_eq(r->due, T0 + DAY + 5 * DAY);
	ck_assert_double_eq_tol(r->stability, 4.54602939, 1e-8);
	ck_assert_int_eq(r->last_seen, T0 + DAY);
	ck_assert_int_eq(r->time_spent, 7);
	progress_close(a);
	progress_close(b);
	lesson_free(l);
}
END_TEST

/* A record keeps the first PT_MAX_WRONG different wrong answers: a store
 * listing 200 (with repeats) reads as the first 64, in order, so no store
 * makes reading or reporting it cost more (issue: 300,000 took minutes). */
START_TEST(test_wrong_answers_capped)
{
	pt_strbuf b = { 0 };
	const char *head = "{\"format\": 1, \"lessons\": {\"p\": {\"items\": {\"one\": {\"hash\": \"0000000000000000\", "
	    "\"outcome\": \"failed\", \"attempts\": 3, \"last_seen\": 1700000000, \"wrong\": [";
	strbuf_put(&b, head, strlen(head));
	for (int i = 0; i < 200; i++) {
		char w[32];
		int n = snprintf(w, sizeof w, "%s\"w%d\", \"w%d\"", i ? ", " : "", i, i / 2);
		strbuf_put(&b, w, (size_t)n);
	}
	const char *tail = "], \"wrong_at\": [\"1:a\", \"1:a\", \"2:b\"]}}}}}";
	strbuf_put(&b, tail, strlen(tail));
	ck_assert(!b.failed);
	progress_close(open_ok(path, T0)); /* makes the store's folder */
	write_file(path, b.s);
	free(b.s);
	pt_progress *s = open_ok(path, T0);
	const pt_record *r = progress_find(s, "p", "one");
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(r->n_wrong, PT_MAX_WRONG);
	ck_assert_str_eq(r->wrong[0], "w0");
	ck_assert_str_eq(r->wrong[PT_MAX_WRONG - 1], "w63");
	ck_assert_uint_eq(r->n_wrong_at, 2);
	progress_close(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("progress");
	TCase *tc = tcase_create("store");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_wrong_picks_of_shuffled_items);
	tcase_add_test(tc, test_hash_change_resets_only_that_item);
	tcase_add_test(tc, test_reorder_keeps_progress);
	tcase_add_test(tc, test_merge_no_lost_update);
	tcase_add_test(tc, test_new_pass_after_completion);
	tcase_add_test(tc, test_same_second_pass_kept);
	tcase_add_test(tc, test_corrupt_moved_aside);
	tcase_add_test(tc, test_corrupt_found_while_saving);
	tcase_add_test(tc, test_duplicate_keys_kept_aside);
	tcase_add_test(tc, test_counters_saturate);
	tcase_add_test(tc, test_bad_utf8_draft);
	tcase_add_test(tc, test_unreadable_store_left_alone);
	tcase_add_test(tc, test_mode_and_symlink_kept);
	tcase_add_test(tc, test_newer_format_left_alone);
	tcase_add_test(tc, test_too_large_left_alone);
	tcase_add_test(tc, test_unwritable_dir_memory_mode);
	tcase_add_test(tc, test_stale_temp_removed);
	tcase_add_test(tc, test_reset_lesson);
	tcase_add_test(tc, test_open_readonly);
	tcase_add_test(tc, test_fixture_store_loads);
	tcase_add_test(tc, test_leitner_store_converts);
	tcase_add_test(tc, test_default_path);
	tcase_add_test(tc, test_file_format);
	tcase_add_test(tc, test_old_store_compatible);
	tcase_add_test(tc, test_merge_review_state);
	tcase_add_test(tc, test_reset_starts_attempt);
	tcase_add_test(tc, test_wrong_answers_capped);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* go.c - moving between screens: the transitions handlers ask for with
 * ui_go() (screens.c), carried out once the handler returns (a lesson
 * opened at its resume point, the next item, the summary, a review's due
 * items, an exam started, resumed or settled), what opens first, and the
 * watched lesson reloaded with the answers given so far.  ui.c keeps the
 * terminal and the event loop, screens.c the screen table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/learn/kind.h"
#include "paratutor/store/course.h"
#include "paratutor/ui/ui_app.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/ui/ui_exam_gate.h"
#include "paratutor/ui/ui_kind.h"

/* Opens catalog entry index: its session is created (and restored from
 * the store) the first time.  Returns false when it cannot be opened. */
static bool open_lesson(pt_ui *ui, size_t index)
{
	const pt_entry *e = &ui->catalog->v[index];
	const pt_lesson *lesson = catalog_lesson(ui->catalog, index);
	if (lesson == NULL || e->broken || lesson->n_items == 0)
		return false;
	pt_session *s = &ui->sessions[index];
	bool fresh = s->grades == NULL;
	if (fresh && !session_init_shuffled(s, lesson, ui->shuffle, ui->salt))
		return false;
	ui->entry = index;
	if (fresh)
		ui_notify(ui, s->current, UI_PROGRESS_OPEN);
	return true;
}

/* Returns the catalog index of lesson, or the catalog's size. */
static size_t entry_of(const pt_ui *ui, const pt_lesson *lesson)
{
	for (size_t i = 0; i < ui->catalog->n; i++)
		if (ui->catalog->v[i].lesson == lesson)
			return i;
	return ui->catalog->n;
}

/* Ends the review.  A review is a pass of its own: the lessons it went
 * through are put back as the store has them (their first passes, drafts
 * and resume points), so leaving a review half-way, or finishing it,
 * changes no lesson's position, marks or drafts. */
static void end_review(pt_ui *ui)
{
	for (size_t k = 0; ui->review.active && k < ui->review.due.n; k++) {
		size_t index = entry_of(ui, ui->review.due.v[k].lesson);
		if (index == ui->catalog->n || ui->sessions[index].grades == NULL)
			continue;
		session_free(&ui->sessions[index]); /* restored afresh when next opened */
	}
	review_stop(ui);
}

/* Opens the review's current due item, or the next one that can be
 * opened; at the end of the list, ends the review on the menu. */
static void open_due(pt_ui *ui)
{
	size_t n = ui->review.due.n;
	for (const pt_due *due; (due = review_current(ui)) != NULL; ui->review.pos++) {
		size_t index = entry_of(ui, due->lesson);
		if (index == ui->catalog->n || !open_lesson(ui, index))
			continue;
		pt_session *s = ui_session(ui);
		if (s->grades[due->index].status != PT_OPEN) {
			session_reset_item(s, due->index);
			s->grades[due->index].review_pass = true;
		}
		ui_show(ui, UI_SCREEN_ITEM, due->index);
		/* A typed answer's field takes n: Tab gives the keys back. */
		unsigned keys = ui_kind(s->lesson->items[due->index].kind)->keys;
		bool typed = keys & AN_TYPED;
		ui_say(ui, "Review %zu of %zu: %s and press Enter; %s skips to the next", ui->review.pos + 1, n,
		    typed ? "type your answer" : keys & AN_KNOBS ? "turn the knobs" : "answer",
		    typed ? "Tab then n" : "n");
		return;
	}
	end_review(ui);
	ui_show(ui, UI_SCREEN_MENU, ui->entry);
	ui_say(ui, "Review done: %zu item%s went through; the menu shows what is due next", n, n == 1 ? "" : "s");
}

/* Starts a review of the due items; says so on the menu when none is due. */
static void start_review(pt_ui *ui)
{
	char why[256];
	if (!review_load(ui)) {
		ui_show(ui, UI_SCREEN_MENU, ui->entry);
		ui_say(ui, "Nothing is due for review: items you miss or get right only with help come back here");
		return;
	}
	size_t closed = exam_gate_filter(ui->track->progress, &ui->review.due);
	if (ui->review.due.n == 0) {
		review_stop(ui);
		ui_show(ui, UI_SCREEN_MENU, ui->entry);
		if (exam_gate_closed(ui->track->progress, NULL, why, sizeof why))
			ui_say(ui, "No review: the %zu item%s due belong%s to lessons closed while an exam is open", closed,
			    closed == 1 ? "" : "s", closed == 1 ? "s" : "");
		return;
	}
	open_due(ui);
	if (closed > 0)
		ui_say(ui, "%zu item%s due wait%s: %s lesson%s closed while an exam is open", closed,
		    closed == 1 ? "" : "s", closed == 1 ? "s" : "", closed == 1 ? "its" : "their", closed == 1 ? " is" :
		    "s are");
}

/* Lets go of the exam: frees it when it was started or resumed here, and
 * lets another paratutor take it up. */
static void drop_exam(pt_ui *ui)
{
	if (ui->exam == &ui->exam_mem)
		exam_free(&ui->exam_mem);
	ui->exam = NULL;
	if (ui->track->progress != NULL)
		progress_exam_release(ui->track->progress);
}

/* Closed books: true (with the reason said) when the lesson of catalog
 * entry index may not open because an exam is open. */
static bool lesson_closed(pt_ui *ui, size_t index)
{
	char why[256];
	const pt_entry *e = &ui->catalog->v[index];
	if (e->info == NULL || !exam_gate_closed(ui->track->progress, e->info->id, why, sizeof why))
		return false;
	ui_say(ui, "%s", why);
	return true;
}

/* Submits a timed exam whose deadline passed while the candidate was
 * away, as it stood at the deadline, and says so; false when it still
 * runs. */
static bool settle_expired(pt_ui *ui, time_t now)
{
	pt_exam *e = ui->exam;
	if (e == NULL || !exam_expired(e, now))
		return false;
	exam_submit(e, exam_deadline(e), true);
	track_exam(ui->track, e, now);
	char clock[24];
	exam_format_clock(e->limit, clock, sizeof clock);
	ui_say(ui, "Time ran out while you were away: the exam (%s) was submitted as it stood at its deadline", clock);
	track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
	return true;
}

/* Opens the running exam, else the one left open in the store (its clock
 * running, waiting for the learner to take it up; submitted when its
 * deadline passed), else the exam form. */
static void open_exam(pt_ui *ui)
{
	pt_progress *p = ui->track->progress;
	char why[256];
	if (ui->hosted != NULL && ui->exam == NULL && (p == NULL || progress_exam_open(p) == NULL)) {
		/* A course's exams are sat only as the course defines them (one
		 * left open in this session is taken up below). */
		ui_show(ui, UI_SCREEN_MENU, ui->entry);
		ui_say(ui, "%s", ui->hosted);
		return;
	}
	if (ui->exam != NULL && ui->exam->submitted)
		drop_exam(ui);
	if (p != NULL)
		progress_exam_sync(p);
	if (ui->exam != NULL && p != NULL && progress_exam_done(p, ui->exam->id)) {
		drop_exam(ui);
		ui_show(ui, UI_SCREEN_MENU, ui->entry);
		ui_say(ui, "This exam was already submitted in another paratutor: a paper counts once; its result is in "
		    "the history");
		return;
	}
	if (p != NULL && (ui->exam != NULL || progress_exam_open(p) != NULL) &&
	    progress_exam_hold(p) == PT_EXAM_ELSEWHERE) {
		if (ui->exam != NULL && ui->exam != &ui->exam_mem)
			ui->exam = NULL;
		ui_show(ui, UI_SCREEN_MENU, ui->entry);
		exam_gate_elsewhere(why, sizeof why);
		ui_say(ui, "%s", why);
		return;
	}
	if (ui->exam == NULL && p != NULL && progress_exam_open(p) != NULL) {
		catalog_load_all(ui->catalog);
		char err[256];
		size_t dropped = 0;
		time_t now = ui_now();
		if (!progress_exam_resume(p, ui->catalog, &ui->exam_mem, now, &dropped, err, sizeof err)) {
			ui_show(ui, UI_SCREEN_MENU, ui->entry);
			ui_say(ui, "The unfinished exam cannot be resumed: %s", err);
			return;
		}
		ui->exam = &ui->exam_mem;
		if (settle_expired(ui, now)) {
			ui_show(ui, UI_SCREEN_EXAM_RESULTS, 0);
			return;
		}
		if (dropped > 0)
			ui_say(ui, "%zu item%s of the exam changed or went away and %s left out", dropped,
			    dropped == 1 ? "" : "s", dropped == 1 ? "is" : "are");
	}
	if (ui->exam != NULL && settle_expired(ui, ui_now()))
		ui_show(ui, UI_SCREEN_EXAM_RESULTS, 0);
	else if (ui->exam != NULL)
		ui_show(ui, UI_SCREEN_EXAM, ui->exam->session.current);
	else
		ui_show(ui, UI_SCREEN_EXAM_FORM, 0);
}

/* Says what the paper about to be sat is, with its first item: a retake
 * of which exam, or how many of its items repeat ones already seen. */
static void exam_opening(pt_ui *ui)
{
	const pt_exam *e = ui->exam;
	if (e->retake_of > 0)
		ui_say(ui, "A retake of exam %zu: the same %zu items in a new order; exam %zu's score stays as it was",
		    e->retake_of, e->n, e->retake_of);
	else if (e->repeated > 0)
		ui_say(ui, "Too few unseen items: %zu of the %zu repeat ones whose answers you have seen", e->repeated, e->n);
}

/* Starts a new exam with the form's choices, drawn with a new seed. */
static void start_exam(pt_ui *ui)
{
	char err[256];
	time_t now = ui_now();
	drop_exam(ui);
	pt_progress *p = ui->track->progress;
	if (p != NULL && (progress_exam_sync(p), progress_exam_open(p) != NULL)) {
		open_exam(ui); /* one started in another paratutor meanwhile */
		return;
	}
	if (p != NULL && progress_exam_hold(p) == PT_EXAM_ELSEWHERE) {
		exam_gate_elsewhere(err, sizeof err);
		ui_say(ui, "%s", err);
		return;
	}
	ui->exam_cfg.seed = (unsigned long long)now * 2654435761ull ^ (unsigned long long)getpid();
	ui->exam_cfg.shuffle = ui->shuffle;
	ui->exam_cfg.shown = p != NULL ? progress_exam_shown : NULL;
	ui->exam_cfg.shown_ctx = p;
	catalog_load_all(ui->catalog);
	if (!exam_start(&ui->exam_mem, ui->catalog, &ui->exam_cfg, now, err, sizeof err)) {
		ui_say(ui, "No exam: %s", err);
		return;
	}
	ui->exam = &ui->exam_mem;
	if (ui->track->progress != NULL)
		progress_exam_new_id(ui->track->progress, ui->exam);
	track_exam(ui->track, ui->exam, now);
	ui_show(ui, UI_SCREEN_EXAM, 0);
	exam_opening(ui);
	track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
}

/* At the start: an exam left open whose deadline passed is submitted and
 * its results shown; one still running is announced with its time left. */
static void exam_notice(pt_ui *ui)
{
	const pt_exam_record *r = progress_exam_open(ui->track->progress);
	time_t now = ui_now();
	if (r->limit > 0 && now >= r->started + r->limit) {
		ui_go(ui, UI_GO_EXAM, 0); /* resumed, then submitted at its deadline */
		return;
	}
	char clock[24];
	exam_format_clock(r->limit > 0 ? r->started + r->limit - now : r->used, clock, sizeof clock);
	if (r->limit > 0)
		ui_say(ui, "An unfinished exam, its clock running: %s left; e goes on with it", clock);
	else
		ui_say(ui, "An unfinished untimed practice exam (%s used): e goes on with it", clock);
}

void go_apply(pt_ui *ui)
{
	pt_goto where = ui->go;
	size_t arg = ui->go_arg;
	ui->go = UI_GO_NONE;
	if (where == UI_GO_NONE)
		return;
	if (ui->review.active && (where == UI_GO_NEXT || where == UI_GO_CONTINUE)) {
		ui->review.pos++;
		open_due(ui);
		return;
	}
	pt_session *s = ui_session(ui);
	size_t n = s->grades != NULL ? s->lesson->n_items : 0;
	bool in_lesson = where == UI_GO_ITEM || where == UI_GO_NEXT || where == UI_GO_CONTINUE || where == UI_GO_SUMMARY;
	if (in_lesson && s == &ui->sessions[ui->entry] && lesson_closed(ui, ui->entry)) {
		review_stop(ui); /* an exam opened meanwhile, e.g. in another paratutor */
		ui_show(ui, UI_SCREEN_MENU, ui->entry);
		return;
	}
	switch (where) {
	case UI_GO_NONE: break;
	case UI_GO_MENU:
		if (s->grades != NULL) {
			track_drafts(ui->track, s);
			track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
			/* A retry is a pass of its own too: the lesson comes back
			 * as the store keeps it (its first passes). */
			bool practice = false;
			for (size_t i = 0; i < n; i++)
				practice = practice || s->grades[i].retry_pass;
			if (practice && (ui->exam == NULL || s != &ui->exam->session))
				session_free(s);
		}
		end_review(ui);
		if (ui->exam != NULL && (ui->exam->submitted || ui->exam->paused))
			drop_exam(ui); /* a left exam is kept in the store, for whichever tutor takes it up */
		ui_show(ui, UI_SCREEN_MENU, ui->entry);
		break;
	case UI_GO_EXAM:
		open_exam(ui);
		break;
	case UI_GO_EXAM_START:
		start_exam(ui);
		break;
	case UI_GO_EXAM_RESULTS:
		ui_show(ui, UI_SCREEN_EXAM_RESULTS, 0);
		break;
	case UI_GO_LESSON:
		if (lesson_closed(ui, arg))
			ui_show(ui, UI_SCREEN_MENU, arg);
		else if (open_lesson(ui, arg))
			ui_show(ui, UI_SCREEN_ITEM, ui_session(ui)->current);
		else
			ui_say(ui, "Out of memory: cannot open this lesson");
		break;
	case UI_GO_ITEM:
		ui_show(ui, UI_SCREEN_ITEM, arg < n ? arg : 0);
		break;
	case UI_GO_NEXT:
		if (s->current + 1 < n)
			ui_show(ui, UI_SCREEN_ITEM, s->current + 1);
		else
			ui_show(ui, UI_SCREEN_SUMMARY, 0);
		break;
	case UI_GO_CONTINUE: {
		size_t next = session_next_open(s, s->current + 1);
		if (next < n)
			ui_show(ui, UI_SCREEN_ITEM, next);
		else
			ui_show(ui, UI_SCREEN_SUMMARY, 0);
		break;
	}
	case UI_GO_SUMMARY:
		ui_show(ui, UI_SCREEN_SUMMARY, 0);
		break;
	case UI_GO_REVIEW:
		start_review(ui);
		break;
	case UI_GO_STATS: {
		char why[256];
		if (exam_gate_closed(ui->track->progress, NULL, why, sizeof why)) {
			ui_show(ui, UI_SCREEN_MENU, ui->entry);
			ui_say(ui, "%s", why);
		} else {
			ui_show(ui, UI_SCREEN_STATS, arg);
		}
		break;
	}
	case UI_GO_MENU_AT:
		ui_show(ui, UI_SCREEN_MENU, arg < ui->catalog->n ? arg : ui->entry);
		break;
	}
}

/* An item's grading state kept across a reload of the watched lesson,
 * with the texts of what was picked or placed (by option text, not by
 * index, so a reordered list keeps them). */
struct pt_kept_grade {
	char *id;
	unsigned long long hash;
	pt_grade grade;
	char *picked[PT_MAX_OPTIONS];  /* choice, multi: texts of the options ticked */
	char *placed[PT_MAX_BLANKS];   /* fill, match, order: bank text in each slot */
};

/* Forgets the kept answers. */
static void drop_kept(pt_ui *ui)
{
	for (size_t i = 0; i < ui->watch_n_kept; i++) {
		free(ui->watch_kept[i].id);
		for (size_t k = 0; k < PT_MAX_OPTIONS; k++)
			free(ui->watch_kept[i].picked[k]);
		for (size_t k = 0; k < PT_MAX_BLANKS; k++)
			free(ui->watch_kept[i].placed[k]);
	}
	free(ui->watch_kept);
	ui->watch_kept = NULL;
	ui->watch_n_kept = 0;
}

/* Keeps every item's answers of the open preview, by id and graded
 * content, with the texts of its picks and placed entries, before its
 * lesson goes away. */
static void keep_answers(pt_ui *ui, const pt_session *s)
{
	drop_kept(ui);
	size_t n = s->lesson->n_items;
	ui->watch_kept = calloc(n ? n : 1, sizeof *ui->watch_kept);
	if (ui->watch_kept == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		const pt_item *it = &s->lesson->items[i];
		struct pt_kept_grade *k = &ui->watch_kept[ui->watch_n_kept];
		if (it->id.s == NULL || (k->id = strdup(it->id.s)) == NULL)
			continue;
		k->hash = lesson_item_hash(it);
		k->grade = s->grades[i];
		const pt_grade *g = &s->grades[i];
		for (size_t o = 0; o < it->n_options && o < PT_MAX_OPTIONS; o++)
			if (g->picked[o] && it->options[o].text.s != NULL)
				k->picked[o] = strdup(it->options[o].text.s);
		for (size_t b = 0; b < PT_MAX_BLANKS; b++)
			if (g->fill[b] >= 0 && (size_t)g->fill[b] < it->bank.n && it->bank.v[g->fill[b]].s != NULL)
				k->placed[b] = strdup(it->bank.v[g->fill[b]].s);
		ui->watch_n_kept++;
	}
}

/* Gives an item whose graded content changed the answer in progress kept
 * for it, by text: each tick whose option text is still there, each placed
 * entry still in the bank, what was typed, and the checks and hints spent;
 * marks and locks go (the key may have changed).  A pick whose text is
 * gone is cleared and, the first time, named in lost.  A finished item
 * starts afresh. */
static void carry_by_text(const struct pt_kept_grade *kept, pt_grade *g, char *lost, size_t size)
{
	const pt_item *it = g->item;
	if (kept->grade.status != PT_OPEN)
		return;
	g->checks = kept->grade.checks;
	g->hints_shown = kept->grade.hints_shown < (int)it->hints.n ? kept->grade.hints_shown : (int)it->hints.n;
	g->attempts_left = kept->grade.attempts_left < g->attempts_left ? kept->grade.attempts_left : g->attempts_left;
	if (g->attempts_left < 1)
		g->attempts_left = 1;
	snprintf(g->typed, sizeof g->typed, "%s", kept->grade.typed);
	for (size_t k = 0; k < PT_MAX_OPTIONS; k++) {
		if (kept->picked[k] == NULL)
			continue;
		bool found = false;
		for (size_t o = 0; o < it->n_options && o < PT_MAX_OPTIONS && !found; o++)
			if (it->options[o].text.s != NULL && strcmp(it->options[o].text.s, kept->picked[k]) == 0)
				found = g->picked[o] = true;
		if (!found && lost[0] == '\0')
			snprintf(lost, size, "%s", kept->picked[k]);
	}
	for (size_t b = 0; b < PT_MAX_BLANKS; b++) {
		if (kept->placed[b] == NULL)
			continue;
		int o = lesson_bank_find(it, kept->placed[b]);
		if (o >= 0 && b < (size_t)grade_slots(g))
			g->fill[b] = o;
		else if (lost[0] == '\0')
			snprintf(lost, size, "%s", kept->placed[b]);
	}
}

/* Gives back the kept answers: whole to the items whose id and graded
 * content are unchanged, by text to those whose content changed.  Names
 * in lost (with the item's id in lost_item) the first pick cleared
 * because its text is gone. */
static void restore_answers(pt_ui *ui, pt_session *s, char *lost, size_t size, char *lost_item, size_t item_size)
{
	lost[0] = lost_item[0] = '\0';
	for (size_t i = 0; i < s->lesson->n_items; i++) {
		const pt_item *it = &s->lesson->items[i];
		for (size_t k = 0; k < ui->watch_n_kept; k++) {
			const struct pt_kept_grade *kept = &ui->watch_kept[k];
			if (strcmp(kept->id, it->id.s) != 0)
				continue;
			if (kept->hash == lesson_item_hash(it)) {
				const pt_item *view = s->grades[i].item;
				s->grades[i] = kept->grade;
				s->grades[i].item = view;
			} else {
				bool had = lost[0] != '\0';
				carry_by_text(kept, &s->grades[i], lost, size);
				if (!had && lost[0] != '\0')
					snprintf(lost_item, item_size, "%s", it->id.s);
			}
			break;
		}
	}
}

/* Returns the last part of a path, for a status line that fits. */
static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}

void go_reload(pt_ui *ui)
{
	pt_session *s = &ui->sessions[0];
	size_t was = 0;
	if (s->grades != NULL) {
		snprintf(ui->watch_item, sizeof ui->watch_item, "%s", s->lesson->items[s->current].id.s);
		was = s->current;
		keep_answers(ui, s);
		session_free(s);
		memset(s, 0, sizeof *s);
	}
	const char *name = base_of(ui->watch_path);
	if (!catalog_reload(ui->catalog, 0) || !open_lesson(ui, 0)) {
		ui_show(ui, UI_SCREEN_MENU, 0);
		ui_say(ui, "%.40s has errors: fix them and save; the lesson comes back by itself", name);
		return;
	}
	s = ui_session(ui);
	char lost[64], lost_item[48];
	restore_answers(ui, s, lost, sizeof lost, lost_item, sizeof lost_item);
	const pt_item *item = ui->watch_item[0] != '\0' ? lesson_find_item(s->lesson, ui->watch_item) : NULL;
	size_t at = item != NULL ? (size_t)(item - s->lesson->items) : was < s->lesson->n_items ? was : 0;
	ui_show(ui, UI_SCREEN_ITEM, at);
	size_t warnings = 0;
	const pt_diags *dg = ui->catalog->n > 0 ? &ui->catalog->v[0].diags : NULL;
	const pt_diag *first = NULL;
	for (size_t i = 0; dg != NULL && i < dg->n; i++)
		if (dg->v[i].severity == PT_WARNING && warnings++ == 0)
			first = &dg->v[i];
	if (item == NULL && ui->watch_item[0] != '\0')
		ui_say(ui, "Item %.24s is gone from %.24s: showing item %zu in its place", ui->watch_item, name, at + 1);
	else if (lost[0] != '\0')
		ui_say(ui, "Option \"%.20s\" of %.16s was renamed or removed: that choice is cleared", lost, lost_item);
	else if (first != NULL)
		ui_say(ui, "Reloaded; %zu warning%s, first at line %d: %s", warnings,
		    warnings == 1 ? "" : "s (paratutor --check lists them all)", first->pos.line, first->message);
	else
		ui_say(ui, "Reloaded %.40s: watching it for the next save", name);
}

void go_start(pt_ui *ui, const pt_ui_options *options)
{
	track_take_notice(ui->track, ui->message, UI_MESSAGE_MAX);
	if (ui->track->progress != NULL && progress_exam_open(ui->track->progress) != NULL && options->exam == NULL)
		exam_notice(ui);
	if (options->exam != NULL) {
		ui->exam = options->exam;
		ui_go(ui, ui->exam->submitted ? UI_GO_EXAM_RESULTS : UI_GO_EXAM, 0);
	}
	pt_entry *e = options->lesson_id != NULL ? catalog_find(ui->catalog, options->lesson_id) : NULL;
	if (e != NULL)
		ui_go(ui, UI_GO_LESSON, (size_t)(e - ui->catalog->v));
	if (options->review)
		ui_go(ui, UI_GO_REVIEW, 0);
	if (ui->watch_path != NULL) {
		if (ui->catalog->v[0].broken || ui->catalog->v[0].lesson == NULL)
			ui_say(ui, "%.40s has errors: fix them and save; the lesson comes back by itself",
			    base_of(ui->watch_path));
		else
			ui_go(ui, UI_GO_LESSON, 0);
	}
	go_apply(ui);
	if (options->exam != NULL && !options->exam->submitted && !options->exam->paused)
		exam_opening(ui); /* a paper the exam command drew: its note was not on this screen */
	size_t n_records = 0;
	progress_records(ui->track->progress, &n_records);
	/* The first run opens the introduction over the menu, or over the
	 * lesson named on the command line: closing it goes on there. */
	if (options->first_run && ui->watch_path == NULL && n_records == 0 &&
	    (ui->screen == UI_SCREEN_MENU || (ui->screen == UI_SCREEN_ITEM && e != NULL && !options->review)))
		help_open_intro(ui);
	if (ui->watch_path != NULL && ui->message[0] == '\0')
		ui_say(ui, "Watching %.40s: each save reloads it here", base_of(ui->watch_path));
}

void go_end(pt_ui *ui)
{
	if (ui->exam != NULL && !ui->exam->submitted) {
		time_t now = ui_now();
		/* Ended while sitting it (Ctrl-C, a signal), or left in a hosted
		 * session (which then ends): say where it went. */
		bool sitting = !ui->exam->paused || ui->hosted != NULL;
		char name[PT_COURSE_EXAM_NAME_MAX + 1], again[PT_COURSE_EXAM_NAME_MAX + 24];
		snprintf(again, sizeof again, "ssh HOST 'exam %s'",
		    course_exam_of(ui->exam->id, name, sizeof name) != NULL ? name : "NAME");
		exam_pause(ui->exam, now);
		track_exam(ui->track, ui->exam, now);
		char clock[24];
		bool timed = ui->exam->limit > 0;
		exam_format_clock(timed ? exam_time_left(ui->exam, now) : exam_time_used(ui->exam, now), clock,
		    sizeof clock);
		if (sitting)
			fprintf(stderr, "paratutor: your exam is kept%s (%s %s): %s takes it up\n",
			    timed ? ", its clock still running" : "", clock, timed ? "left" : "used",
			    ui->hosted != NULL ? again : "paratutor exam (or e in the menu)");
	}
	drop_exam(ui);
	review_stop(ui);
	drop_kept(ui);
}

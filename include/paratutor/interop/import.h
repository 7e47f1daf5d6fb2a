/* import.h - turning questions from other formats (GIFT, Moodle XML) into
 * the items of one format-2 lesson.
 *
 * A pt_import gathers items from one or more files as a cJSON array it
 * owns; the readers (gift.h, moodlexml.h) build each item with
 * import_item() and hand it over with import_add().  Problems go to the
 * pt_diags the caller owns, as "FILE:LINE:COL: warning: ..." or "error".
 * Free the import with import_free(). */
#ifndef PARATUTOR_IMPORT_H
#define PARATUTOR_IMPORT_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "paratutor/base/diag.h"

typedef struct pt_import {
	cJSON *items;      /* the items read so far, in order (owned) */
	size_t n_items;    /* how many: kept, as counting the list each time made an import quadratic */
	struct pt_import_id *ids; /* the item ids in use: an open-addressing hash table (owned) */
	size_t n_ids;
	size_t cap_ids;    /* slots in ids, a power of two (0 before the first id) */
	char *title;       /* a lesson title taken from the first category, or NULL (owned) */
	char *category;    /* the category being read, or NULL (owned) */
	const char *file;  /* the file being read, named in diagnostics (borrowed) */
	char *source;      /* its base name, for the items' "source" (owned) */
	pt_diags *diags;   /* where problems go (borrowed) */
	size_t questions;  /* questions met, imported or not */
	size_t skipped;    /* questions met but not imported */
	/* Each category met is a group; the items of a group make one lesson
	 * when an import is split.  Group 0 holds the questions under no
	 * category. */
	struct pt_import_group *groups; /* (owned) */
	size_t n_groups;
	size_t group;      /* the group being read */
	size_t cap_groups;
	size_t *group_index; /* the groups by path: an open-addressing hash of index + 1, 0 empty (owned) */
	size_t cap_group_index; /* its slots, a power of two kept at least twice n_groups (0: none yet) */
	/* Questions left out because of an error, with where they start. */
	struct pt_import_broken *broken; /* (owned) */
	size_t n_broken;
} pt_import;

/* A category: its whole path (the key) and the name a lesson made of it
 * takes (group 0, the questions under no category or under Moodle's own
 * levels "top" and "Default for ...", has the path "" and no title). */
struct pt_import_group {
	char *path;
	char *title;
	size_t items; /* items imported under it */
	cJSON **members; /* those items, in order (borrowed from items; owned array; emptied by import_lesson) */
	size_t cap_members;
};

/* A question not imported because of an error. */
struct pt_import_broken {
	char *file;
	pt_pos pos;
	char *label; /* its title or the start of its text; NULL for a whole file */
};

/* Starts an empty import reporting to diags (borrowed: it must outlive
 * the import).  Returns false when out of memory. */
bool import_init(pt_import *imp, pt_diags *diags);

/* Names the file the next questions come from (borrowed until the next
 * call or import_free). */
void import_file(pt_import *imp, const char *file);

/* Releases everything the import owns. */
void import_free(pt_import *imp);

/* Appends a warning at pos in the current file. */
void import_warn(pt_import *imp, pt_pos pos, const char *fmt, ...) PT_PRINTF(3, 4);

/* Appends an error at pos in the current file. */
void import_error(pt_import *imp, pt_pos pos, const char *fmt, ...) PT_PRINTF(3, 4);

/* Counts a question that is not imported and warns at pos why. */
void import_skip(pt_import *imp, pt_pos pos, const char *fmt, ...) PT_PRINTF(3, 4);

/* Warns at pos that item only approximates its source, and records the
 * same sentence in the item's "editor_note" for instructors. */
void import_approx(pt_import *imp, cJSON *item, pt_pos pos, const char *fmt, ...) PT_PRINTF(4, 5);

/* True when an option's text starts with the k-th letter of the
 * alphabet (from 0) and ')' or '.', as in "b) DDP" (import_notes.c). */
bool import_lettered(const char *text, int k);

/* Warns (import_approx) about a choice question's options: the negative
 * marks listed in negatives ("-50%, -100%"; "" or NULL for none), and
 * options that all (lettered of n) start with their letters while the
 * item shuffles them. */
void import_note_options(pt_import *imp, cJSON *item, pt_pos pos, int lettered, int n, const char *negatives);

/* Returns a new item object {"id", "kind", "difficulty": "medium",
 * "prompt"} (the id is set by import_add), or NULL when out of memory. */
cJSON *import_item(const char *kind, const char *prompt);

/* Sets item[key] to the string s unless s is NULL or empty. */
void import_set_text(cJSON *item, const char *key, const char *s);

/* Sets item[key] to the array list when it holds anything, else frees
 * list: a lesson leaves out a list it has nothing for. */
void import_set_list(cJSON *item, const char *key, cJSON *list);

/* Places feedback written for a right answer, which paratutor has no place
 * for: it becomes the explanation when the item has none, and is otherwise
 * dropped with a warning at pos.  Empty feedback is ignored. */
void import_right_feedback(pt_import *imp, cJSON *item, const char *feedback, pt_pos pos);

/* Adds {"text", "correct", "feedback"} to options (feedback left out
 * when NULL or empty). */
void import_add_option(cJSON *options, const char *text, bool correct, const char *feedback);

/* Replaces *slot (freed) with a copy of s; NULL or "" leaves it NULL. */
void import_keep(char **slot, const char *s);

/* One answer of a numeric or short-answer question, as its source grades
 * it: its credit in percent, whether that is full marks, whether it is the
 * numeric question's best answer, and its feedback. */
typedef struct pt_import_credit {
	double percent;
	bool full;
	bool best;
	const char *feedback;
} pt_import_credit;

/* Files the value r (taken) of a numeric question's answer: the best is
 * *answer, warned at pos when below full marks, its feedback kept in
 * *right; another with full marks is dropped (one right answer); one with
 * feedback is a wrong value in wrong; the rest are dropped.  Credit that
 * cannot be carried is warned about. */
void import_numeric_answer(pt_import *imp, cJSON *item, pt_pos pos, const pt_import_credit *c, cJSON *r,
    cJSON **answer, cJSON *wrong, char **right);

/* Files text, a short-answer question's answer: with credit it joins the
 * item's "accept" (warned at pos when below full marks; the first
 * feedback is kept in *right); without, feedback makes it a wrong answer
 * in wrong. */
void import_text_answer(pt_import *imp, cJSON *item, pt_pos pos, const pt_import_credit *c, const char *text,
    cJSON *wrong, char **right);

/* Writes into buf (size bytes) the start of s, cut at a character
 * boundary with "..." when it does not fit; returns buf. */
const char *import_excerpt(const char *s, char *buf, size_t size);

/* Returns "easy", "medium" or "hard" when tag names a difficulty ("hard",
 * "difficulty:hard", "difficulty=hard", any case), else NULL. */
const char *import_difficulty(const char *tag);

/* Records a category path ("$course$/top/Week 1"): the questions after it
 * form its group (a lesson of their own when the import is split); the
 * lesson title defaults to the first category's last part. */
void import_category(pt_import *imp, const char *path, pt_pos pos);

/* Records that the question at pos of the current file (label: its title
 * or NULL for the whole file) is not imported because of an error. */
void import_broken(pt_import *imp, pt_pos pos, const char *label);

/* Returns the number of groups holding at least one item. */
size_t import_groups_used(const pt_import *imp);

/* Returns a new format-2 lesson holding copies of the items of group g
 * (the import keeps its own), or NULL when out of memory. */
cJSON *import_group_lesson(const pt_import *imp, size_t g, const char *id, const char *title, const char *summary);

/* Takes item (always: it is freed when skipped): checks it against the
 * format-2 limits (options, blanks, pairs, steps), skipping it with a
 * warning when it breaks one; otherwise gives it an id made from idnumber,
 * else name, else its prompt (a fill item's code), unique in the lesson, sets its difficulty
 * (NULL keeps "medium") and its "source" (FILE:LINE), and appends it. */
void import_add(pt_import *imp, cJSON *item, const char *idnumber, const char *name,
    const char *difficulty, pt_pos pos);

/* Writes into out (size bytes, at least 2) a lesson or item id made from
 * s: lowercase ASCII letters and digits, other runs (and blanks such as
 * {{1}}) as '-', apostrophes dropped, at most 40
 * characters cut at a '-' where possible; empty when s has no letter or
 * digit. */
void import_slug(const char *s, char *out, size_t size);

/* Returns true when id is a valid lesson or item id. */
bool import_id_ok(const char *id);

/* Returns a new format-2 lesson object holding every item read (the
 * import's array is emptied), or NULL when out of memory.  Caller frees
 * it with cJSON_Delete. */
cJSON *import_lesson(pt_import *imp, const char *id, const char *title, const char *summary);

/* Returns json as indented text (two spaces, short arrays of strings and
 * numbers on one line, a final newline), or NULL when out of memory.
 * Caller frees with free(). */
char *import_render(const cJSON *json);

#endif

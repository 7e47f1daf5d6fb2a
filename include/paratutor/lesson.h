/* lesson.h - the lesson model: lessons, items, options and blanks.
 *
 * A pt_lesson owns every string and array reachable from it, all kept in
 * its arena together with the lesson itself; free it with lesson_free().  Positions (line, column, both 1-based) point at the JSON
 * value each field came from, so diagnostics can name the exact spot. */
#ifndef PARATUTOR_LESSON_H
#define PARATUTOR_LESSON_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/arena.h"

#define PT_FORMAT_VERSION 1
#define PT_MAX_OPTIONS 7   /* labels A-G; H, N, P and Q are command keys */
#define PT_MAX_BLANKS 9    /* blanks are focused with the digits 1-9 */
#define PT_DEFAULT_ATTEMPTS 3

typedef struct pt_pos {
	int line;
	int col;
} pt_pos;

/* A string together with where it was found. */
typedef struct pt_text {
	char *s;
	pt_pos pos;
} pt_text;

typedef struct pt_text_list {
	pt_text *v;
	size_t n;
	pt_pos pos;
} pt_text_list;

typedef enum pt_kind { PT_KIND_FILL, PT_KIND_CHOICE, PT_KIND_MULTI } pt_kind;

typedef enum pt_difficulty {
	PT_EASY,
	PT_MEDIUM,
	PT_HARD
} pt_difficulty;

/* One entry of a blank's feedback map: the wrong option and what it reveals. */
typedef struct pt_feedback {
	pt_text option;
	pt_text text;
} pt_feedback;

typedef struct pt_blank {
	pt_text_list accept;
	pt_feedback *feedback;
	size_t n_feedback;
	pt_pos pos;
} pt_blank;

/* An option of a choice or multi item. */
typedef struct pt_option {
	pt_text text;
	bool correct;
	pt_text feedback; /* s is NULL when absent */
	pt_pos pos;
} pt_option;

typedef struct pt_reference {
	pt_text title;
	pt_text url;
} pt_reference;

typedef struct pt_solution {
	bool present;
	pt_text_list steps;
	pt_text answer;
	pt_text check;
} pt_solution;

typedef struct pt_item {
	pt_text id;
	pt_kind kind;
	pt_difficulty difficulty;
	pt_text prompt;
	pt_text_list hints;
	pt_text_list mistakes;
	pt_text explanation;
	pt_solution solution;
	int attempts; /* resolved budget: the item's, else the lesson's */
	pt_pos attempts_pos;
	pt_text language; /* s is NULL when neither item nor lesson sets it */
	pt_text note;
	pt_text source;
	pt_reference *refs;
	size_t n_refs;

	/* fill */
	pt_text code;
	pt_text_list bank;
	pt_blank *blanks;
	size_t n_blanks;
	pt_pos blanks_pos;

	/* choice and multi */
	pt_option *options;
	size_t n_options;
	pt_pos options_pos;

	pt_pos pos;
} pt_item;

typedef struct pt_lesson {
	pt_arena *arena; /* holds the lesson and everything it points to */
	char *path;
	pt_text id;
	pt_text title;
	pt_text summary;
	int attempts;
	pt_pos attempts_pos;
	pt_text language;
	pt_item *items;
	size_t n_items;
	pt_pos items_pos;
} pt_lesson;

/* Frees a lesson and everything it owns; NULL is allowed. */
void lesson_free(pt_lesson *lesson);

/* Returns "fill", "choice" or "multi". */
const char *lesson_kind_name(pt_kind kind);

/* Returns "easy", "medium" or "hard". */
const char *lesson_difficulty_name(pt_difficulty difficulty);

/* Returns the label letter ('A'...) of option number index. */
char lesson_option_label(size_t index);

/* Returns the option number for a label key (either case), or -1. */
int lesson_option_index(int key, size_t n_options);

/* Returns the bank index of text in the item's bank, or -1. */
int lesson_bank_find(const pt_item *item, const char *text);

/* Returns true when bank option index is accepted for blank. */
bool lesson_blank_accepts(const pt_item *item, size_t blank, size_t option);

/* Returns the feedback for choosing bank option index in blank, or NULL. */
const char *lesson_blank_feedback(const pt_item *item, size_t blank, size_t option);

/* Returns the number of correct options of a choice or multi item. */
size_t lesson_correct_count(const pt_item *item);

/* Returns the lesson's item with the given id, or NULL. */
pt_item *lesson_find_item(const pt_lesson *lesson, const char *id);

/* Returns a 64-bit FNV-1a hash of everything that decides how an item is
 * graded (kind, code, bank, accepted answers, options and their
 * correctness), so stored progress can tell when an answer changed. */
unsigned long long lesson_item_hash(const pt_item *item);

#endif

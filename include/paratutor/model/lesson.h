/* lesson.h - the lesson model: lessons, items, options and blanks.
 *
 * A pt_lesson owns every string and array reachable from it, all kept in
 * its arena together with the lesson itself; free it with lesson_free().  Positions (line, column, both 1-based) point at the JSON
 * value each field came from, so diagnostics can name the exact spot. */
#ifndef PARATUTOR_LESSON_H
#define PARATUTOR_LESSON_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/base/arena.h"
#include "paratutor/base/diag.h"

#define PT_FORMAT_VERSION 2 /* the newest format this paratutor reads */
#define PT_FORMAT_OLDEST 1
#define PT_MAX_OPTIONS 7   /* labels A-G; H, N, P and Q are command keys */
#define PT_MAX_BLANKS 9    /* blanks are focused with the digits 1-9 */
#define PT_MAX_UNITS 32    /* units of a numeric item: more is an error (and no lint or grading cost grows) */
#define PT_DEFAULT_ATTEMPTS 3
#define PT_MAX_KNOBS 4     /* knobs of an explore item (EXP_MAX_KNOBS) */

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

typedef enum pt_kind {
	PT_KIND_FILL, PT_KIND_CHOICE, PT_KIND_MULTI,
	PT_KIND_NUMERIC, PT_KIND_TEXT, PT_KIND_MATCH, PT_KIND_ORDER, /* format 2 */
	PT_KIND_EXPLORE, /* format 2: knobs turned on the item's figure (figure_explore.h) */
	PT_KIND_COUNT /* not a kind: how many there are (a test build adds one at this value) */
} pt_kind;

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

/* A numeric answer or a known wrong value: the inclusive interval it
 * covers, resolved from value/tolerance/relative or min/max. */
typedef struct pt_range {
	double min, max;
	double value;     /* the key as written (the middle of min..max for a range) */
	pt_text feedback; /* wrong ranges only; s is NULL on the answer */
	pt_pos pos;       /* the range object */
	const char *written; /* the range as the file writes it, for messages ("1058000", "20 ± 2",
	                      * "1 to 5"), or NULL */
} pt_range;

/* A unit a numeric answer may be typed in, and the factor that converts
 * it into the answer's unit. */
typedef struct pt_unit {
	pt_text name;   /* as typed; pos is its key */
	double factor;
} pt_unit;

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

/* Where an item's figure shows: under the prompt, or with the explanation
 * once the item ends. */
enum { PT_FIGURE_AT_PROMPT, PT_FIGURE_AT_EXPLANATION };

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

	/* format 2 (defaults in format 1 files) */
	int format;            /* 1 or 2, the lesson's */
	bool shuffle;          /* options, bank, match answers shown shuffled; default true */
	pt_pos shuffle_pos;    /* the item when absent */
	int choose;            /* multi: options to pick, 0 when unset */
	pt_pos choose_pos;
	pt_text editor_note;   /* instructors only; s is NULL when absent */
	pt_text_list tags;     /* concept tags from tags.h (checked when loaded) */
	bool pseudo_code;      /* fill: the code is pseudo-code */
	int version;           /* the item's revision, 1 when unset; instructors only */
	pt_pos version_pos;
	struct pt_figure *figure; /* a figure the tutor computes (figure.h), or NULL */
	pt_pos figure_pos;
	int figure_at;         /* PT_FIGURE_AT_PROMPT or PT_FIGURE_AT_EXPLANATION */
	int figure_check;      /* numeric: the figure's output the key equals, or -1 */

	/* fill (match and order fill bank too, see below) */
	pt_text code;
	pt_text_list bank;
	pt_blank *blanks;
	size_t n_blanks;
	pt_pos blanks_pos;

	/* choice and multi */
	pt_option *options;
	size_t n_options;
	pt_pos options_pos;

	/* numeric */
	pt_range answer;
	pt_range *wrong;
	size_t n_wrong;
	pt_unit *units;
	size_t n_units;
	pt_pos units_pos;

	/* text: accepted answers and known wrong answers (option is the wrong
	 * answer, text its feedback) */
	pt_text_list accept;
	bool case_sensitive;
	pt_feedback *wrong_answers;
	size_t n_wrong_answers;

	/* match: the loader fills bank (every pair's right, then the
	 * distractors) and blanks (one per pair: accept = {right}, feedback =
	 * the pair's map), so a match item grades exactly like fill; plus the
	 * left prompts, one per pair (blanks_pos is the pairs array). */
	pt_text *lefts;
	size_t n_lefts;
	pt_text_list distractors;

	/* order: the steps in the right order; the loader also fills bank
	 * with a copy of them (the order shown, which a session may permute) */
	pt_text_list steps;
	pt_text *step_feedback; /* parallel to steps; s is NULL when absent */
	/* explore: the knobs and the goal on the figure (figure_explore.h; its
	 * start is the figure as written, set by explore_of), where each was
	 * written, and the author's feedback for common wrong settings */
	struct pt_explore *explore;
	pt_pos knobs_pos, goal_pos;
	pt_pos knob_pos[PT_MAX_KNOBS];
	struct pt_explore_feedback *explore_fb;
	size_t n_explore_fb;

	pt_pos pos;
} pt_item;

/* A concept tag a lesson declares beyond the bundled ones (tags.h). */
typedef struct pt_concept {
	pt_text tag;
	pt_text title;
} pt_concept;

typedef struct pt_lesson {
	pt_arena *arena; /* holds the lesson and everything it points to */
	char *path;
	pt_text id;
	pt_text title;
	pt_text summary;
	int attempts;
	pt_pos attempts_pos;
	pt_text language;
	int format;          /* 1 or 2 */
	pt_pos format_pos;
	pt_item *items;
	size_t n_items;
	pt_pos items_pos;
	pt_concept *concepts; /* format 2: "concepts": { TAG: TITLE, ... } */
	size_t n_concepts;
} pt_lesson;

/* Frees a lesson and everything it owns; NULL is allowed. */
void lesson_free(pt_lesson *lesson);

/* The one id rule, for lessons and items alike: a lower-case letter or a
 * digit, then lower-case letters, digits, '-', '_' and '.'. */
bool lesson_id_ok(const char *id);

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

/* Folds the string s and its terminator (NULL as "") into an FNV-1a hash h;
 * the item hashes (load_kind.h) are built from these. */
unsigned long long lesson_hash_str(unsigned long long h, const char *s);

/* Folds a number into a hash by its shortest exact text. */
unsigned long long lesson_hash_num(unsigned long long h, double v);

#endif

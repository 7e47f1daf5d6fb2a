/* class.h - the class report: many learners' progress stores read
 * together, with the classical item analysis of every lesson item and each
 * lesson's completion and scores, rendered as text for the caller to print.
 *
 * Each store is one learner.  Only records of an item's current version
 * (the stored hash equals lesson_item_hash() of the item in the catalog)
 * enter the analysis; a learner whose record is of an older version is
 * counted apart, in the item's `older`.  A learner "met" an item when the
 * first pass of the current version has at least one check.  Per item:
 *   right first     right first time (no hint, first check) / met (the
 *                   "right_first_rate" of the JSON and CSV; not Moodle's
 *                   facility index, below)
 *   mean attempts   checks of the first pass, over those who met it
 *   mean hints      hints of the first pass, over those who met it
 *   upper-lower     the upper-lower index ("upper_lower_index"; not
 *                   Moodle's discrimination index, below): the share
 *                   right first in the upper group minus that in the
 *                   lower group, the groups being the 27% (rounded) of the
 *                   learners who started the lesson with the highest and
 *                   the lowest lesson scores (ties: name order), each
 *                   group's share taken over its members who met the
 *                   item; undefined when a group is empty or none of a
 *                   group met the item
 *   wrong answers   per wrong answer at its place: learners whose record
 *                   lists it (any pass, reviews included: the store keeps
 *                   them together), and the misconception its feedback
 *                   there names.  Choice and multi: each wrong option
 *                   (every one listed, picked or not).  Fill and match:
 *                   each bank option put in a blank or pair where it is
 *                   wrong, with that blank's or pair's feedback (listed
 *                   when picked there or when the place has feedback for
 *                   it).  Order: each step put in a position not its own,
 *                   with the step's feedback.  Numeric and text: each
 *                   value typed (as stored), and the declared wrong
 *                   values.  Per blank, pair or position, the learners
 *                   with any wrong answer there.  A bank pick stored
 *                   without its place (an older paratutor) counts for the
 *                   only blank or pair where it is wrong, else as "place
 *                   not recorded" (place 0).
 * Per concept tag (tags.h), over the items carrying it: the learners who
 * met one of them, the learner-item pairs met and right first time, and
 * those mastered as the learner's statistics count it
 * (progress_item_mastered, current version); mastery is the
 * pairs mastered over items times those learners.
 * Moodle's item statistics, under Moodle's names, over the learners who
 * started the lesson, an item's score x being its share of the lesson
 * score (score_lesson_item of its first pass, docs/scoring.md: 0 when not
 * finished, not answered, of an older version or met after its answer was
 * shown) and the
 * rest of the test X the sum of the lesson's other item scores:
 *   facility index        mean x, in percent of the full 100
 *   discrimination index  100 * the correlation of x with X (undefined
 *                         when either does not vary)
 *   discriminative efficiency  100 * cov(x, X) / the largest covariance x
 *                         and X could have with the same values (both
 *                         sorted alike); undefined when that is not above 0
 * Flags, each with what it suggests checking (class_flag_text): a
 * negative discrimination index, one under PT_CLASS_DI_LOW, a facility
 * index at most PT_CLASS_F_LOW or at least PT_CLASS_F_HIGH, a distractor
 * no learner who met the item picked, and a wrong answer given by more of
 * the upper 27% than of the lower.  A lesson started by fewer than
 * PT_CLASS_SMALL_SAMPLE learners is warned about: one learner more or
 * less can move every figure.
 * A learner's lesson score is the menu's: the mean over all the lesson's
 * items of grade_score() of the first pass (0 for items not finished or
 * of an older version).  A learner started a lesson when they met one of
 * its items, and completed it when every item's first pass is finished.
 *
 * Ownership: a pt_class owns everything in it and borrows the catalog,
 * which must outlive it; free it with class_free().  All fields are
 * read-only for callers.  Nothing here prints or reads the clock. */
#ifndef PARATUTOR_CLASS_H
#define PARATUTOR_CLASS_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/model/lesson.h"
#include "paratutor/store/progress.h"

#define PT_CLASS_BINS 10        /* score histogram: 0-9, 10-19, ..., 90-100 */
#define PT_CLASS_GROUP_PCT 27   /* upper and lower groups, percent */
#define PT_CLASS_MAX_DEPTH 64   /* directory levels searched for stores */
#define PT_CLASS_STORE_NAME "progress.json"
#define PT_CLASS_SMALL_SAMPLE 20 /* fewer learners than this: the figures are warned about */
#define PT_CLASS_DI_LOW 10      /* discrimination index (%) below this (and not negative): flagged */
#define PT_CLASS_F_LOW 10       /* facility index (%) at most this: flagged as hard */
#define PT_CLASS_F_HIGH 90      /* facility index (%) at least this: flagged as easy */

/* How a learner is named. */
typedef enum pt_class_naming {
	PT_CLASS_NAME_DIR,  /* the directory holding the store (default) */
	PT_CLASS_NAME_PATH, /* the store's path as given or found */
	PT_CLASS_NAME_FILE  /* the store's file name without ".json" */
} pt_class_naming;

/* What to render. */
typedef enum pt_class_format {
	PT_CLASS_TABLE,     /* text for reading, with score histograms */
	PT_CLASS_CSV,       /* one row per item and per wrong option */
	PT_CLASS_JSON,      /* everything, as one object */
	PT_CLASS_GRADEBOOK  /* one row per learner, one column per lesson */
} pt_class_format;

/* Why a store or path was left out. */
typedef enum pt_class_skip_kind {
	PT_CLASS_SKIP_UNREAD, /* a learner's store that could not be read: the learner is missing */
	PT_CLASS_SKIP_PATH,   /* a path given or found that yields no store (missing, unreadable dir) */
	PT_CLASS_SKIP_REPEAT, /* the same store found twice: read once, nothing missing */
	PT_CLASS_SKIP_KEPT    /* a roster learner's damaged store kept aside (PATH.corrupt-*): their work in it
	                       * is missing, the rest of their records are reported */
} pt_class_skip_kind;

/* A store or path left out, and why: a whole message for the instructor
 * that names the path; for an unread store, the learner it would have
 * been (name). */
typedef struct pt_class_skip {
	char *path;
	char *why;
	char *name;              /* the learner, or NULL when the skip names no learner */
	pt_class_skip_kind kind;
} pt_class_skip;

/* A wrong answer of an item at one place: a wrong option (choice,
 * multi), a bank option put in a blank, pair or order position where it
 * is wrong, or a value typed (numeric, text).  text and feedback point
 * into the catalog, or text into owned for a typed value. */
typedef struct pt_class_option {
	const char *text;
	const char *feedback; /* the misconception named, or NULL */
	size_t picks;         /* learners whose record lists it */
	int place;            /* blank, pair or position from 1; 0: the item as a whole, or not recorded */
	char *owned;          /* a typed value's copy, or NULL */
	size_t order;         /* scratch: when it was listed */
	size_t upper, lower;  /* of picks, learners in the upper and lower 27% groups */
	bool distractor;      /* choice, multi: a wrong option; fill, match: a bank option no place accepts */
	unsigned flags;       /* PT_CLASS_FLAG_UNPICKED, PT_CLASS_FLAG_STRONG_PICK */
	size_t *who;          /* owned: the learners (indices) who gave it */
	size_t n_who, cap_who;
} pt_class_option;

/* Flags an item or wrong answer can carry: what the figures suggest
 * checking (class_flag_text gives the words). */
enum {
	PT_CLASS_FLAG_NEGATIVE = 1u << 0,    /* discrimination index below 0 */
	PT_CLASS_FLAG_FLAT = 1u << 1,        /* discrimination index from 0 to under PT_CLASS_DI_LOW */
	PT_CLASS_FLAG_HARD = 1u << 2,        /* facility index at most PT_CLASS_F_LOW */
	PT_CLASS_FLAG_EASY = 1u << 3,        /* facility index at least PT_CLASS_F_HIGH */
	PT_CLASS_FLAG_UNPICKED = 1u << 4,    /* a distractor no learner picked */
	PT_CLASS_FLAG_STRONG_PICK = 1u << 5  /* more of the upper group than of the lower gave this wrong answer */
};
#define PT_CLASS_FLAG_COUNT 6

typedef struct pt_class_item {
	const pt_item *item;       /* in the catalog */
	unsigned long long hash;   /* lesson_item_hash(item) */
	size_t met;
	size_t right;              /* of those who met it, right first time */
	unsigned long long key;    /* lesson_item_key_hash(item) */
	size_t older;              /* learners with a record of an older version, left out (reopened counted here too) */
	size_t reworded;           /* of met: answered an earlier wording whose right answers are the same (credit kept) */
	size_t exam_first;         /* of met: saw it in an exam before its lesson (their lesson credit stands) */
	size_t reopened;           /* of older: answered before the right answer changed; open again (policy reopen) */
	size_t kept;               /* of met: answered before the right answer changed; credit kept (policy keep) */
	long attempts;             /* summed over those who met it */
	long hints;
	bool discriminates;        /* discrimination is defined */
	double discrimination;     /* -1 to 1 */
	pt_class_option *wrong;    /* owned; by place, then most picked first */
	size_t n_wrong;
	size_t cap_wrong;
	size_t *wrong_index;       /* owned: wrong by place and text, an open-addressing hash of index + 1 (0: empty) */
	size_t cap_index;          /* slots in wrong_index, a power of two kept at least twice n_wrong (0: none yet) */
	size_t n_places;           /* fill blanks, match pairs, order positions; else 0 */
	size_t place_wrong[PT_MAX_SLOTS]; /* learners with a wrong answer at each place */
	size_t unplaced;           /* learners with a wrong bank pick kept without its place */
	/* Moodle's figures, over the learners who started the lesson (see above). */
	bool has_facility_index, has_discrimination_index, has_efficiency;
	double facility_index;     /* percent */
	double discrimination_index; /* percent, -100 to 100 */
	double discriminative_efficiency; /* percent */
	unsigned flags;            /* PT_CLASS_FLAG_NEGATIVE ... PT_CLASS_FLAG_EASY */
} pt_class_item;

typedef struct pt_class_lesson {
	const pt_lesson *lesson;   /* in the catalog */
	pt_class_item *items;      /* owned; in lesson order */
	size_t n_items;
	size_t first;              /* index of items[0] among all items */
	size_t started;
	size_t completed;
	size_t histogram[PT_CLASS_BINS];
	double mean_score;         /* over those who started it */
	double median_score;
	size_t group;              /* learners in each of the 27% groups */
	size_t removed;            /* learners with records of items it lacks */
	bool small_sample;         /* started by fewer than PT_CLASS_SMALL_SAMPLE learners */
} pt_class_lesson;

typedef struct pt_class_learner {
	char *name;                  /* for people: the roster's name (its id when none), else from the path */
	char *path;
	char *login;                 /* a course's roster id (the gradebook's login), or NULL: the name */
	char *email;                 /* the roster's e-mail address, or NULL */
	bool roster;                 /* on a course's roster: a missing store is a learner with no records */
	bool no_records;             /* on the roster, no store yet */
	unsigned long long dev, ino; /* the file, to read each store once */
} pt_class_learner;

/* A concept tag across the class; name and label are the catalog's (tags.h). */
typedef struct pt_class_tag {
	const char *name;
	const char *label;
	size_t items;              /* items carrying it in the class's lessons */
	size_t learners;           /* learners who met one of them */
	size_t met;                /* learner-item pairs met */
	size_t right;              /* of those, right first time */
	size_t mastered;           /* of those, mastered */
	size_t last;               /* scratch: the last learner counted + 1 */
} pt_class_tag;

/* A lesson id found in stores but not among the catalog's usable lessons. */
typedef struct pt_class_unknown {
	char *id;
	size_t learners;
	size_t last;               /* scratch: the last learner counted + 1 */
} pt_class_unknown;

/* One finished sitting of an exam by a learner (class_exam.c). */
typedef struct pt_class_sitting {
	size_t learner;            /* index into learners */
	double score;              /* percent right, 0-100 */
	bool passed, timed_out;
	int pass_percent;
	long used, limit;          /* seconds; limit 0 when untimed */
	long long started, finished; /* seconds since the epoch */
	size_t items, right;
} pt_class_sitting;

/* An item of an exam across the class, over each learner's first
 * sitting of the exam that drew it (later sittings have seen the
 * answers): the item analysis of the exam. */
typedef struct pt_class_exam_item {
	char *lesson, *id;         /* owned */
	const pt_item *item;       /* in the catalog, or NULL when gone */
	size_t drawn;              /* first sittings that drew it, of its current version */
	size_t right, wrong, unanswered;
	size_t older;              /* first sittings that drew an earlier version (left out of the figures) */
	bool has_facility_index, has_discrimination_index;
	double facility_index;     /* percent right */
	double discrimination_index; /* 100 x correlation of right (0/1) with the rest of the sitting's score */
	pt_class_option *wrong_answers; /* owned: answers given when wrong, as kept (texts joined by " | ") */
	size_t n_wrong_answers;
	double *x, *rest;          /* owned, scratch: per first sitting, right (0/1) and the rest's percent */
	size_t n_x, cap_x, cap_rest;
} pt_class_exam_item;

/* An exam across the class: a course exam (its name, the part of the
 * stored id before '/') or, name NULL, the mock exams learners chose for
 * themselves.  Sittings are in learner order, then time. */
typedef struct pt_class_exam {
	char *name;
	pt_class_sitting *sittings;
	size_t n_sittings, cap_sittings;
	size_t learners;           /* learners with at least one sitting */
	size_t open;               /* learners with a sitting still open */
	size_t passed;             /* learners whose best sitting passed */
	double mean_best;          /* over learners who sat it */
	pt_class_exam_item *items; /* by lesson then item id */
	size_t n_items, cap_items;
} pt_class_exam;

/* A learner's standing in one exam: the best sitting graded (highest
 * score, then the earliest), how many sittings. */
typedef struct pt_class_standing {
	size_t attempts;           /* finished sittings */
	const pt_class_sitting *best; /* NULL when none */
	const pt_class_sitting *last;
} pt_class_standing;

/* An id and the index of what it names, for lookups by id. */
typedef struct pt_class_key {
	const char *id;
	size_t index;
} pt_class_key;

typedef struct pt_class {
	const pt_catalog *catalog;      /* borrowed */
	pt_class_naming naming;
	bool keep_changed;              /* a course's "answer_changed": "keep" (set before class_read) */
	time_t now;                     /* when set (before class_read), a timed exam a store left open past
	                                 * its deadline counts as submitted at it (progress_exam_settle) */
	pt_class_lesson *lessons;       /* the catalog's usable lessons, in its order */
	size_t n_lessons;
	size_t n_items;                 /* across lessons */
	pt_class_learner *learners;     /* readable stores, by name then path */
	size_t n_learners;
	pt_class_skip *skips;           /* in the order met */
	size_t n_skips;
	pt_class_unknown *unknown;      /* sorted by id */
	size_t n_unknown;
	short *scores;                  /* [learner * n_lessons + lesson]: 0-100, -1 not started */
	unsigned char *states;          /* [learner * n_items + item]: see class.c */
	pt_class_tag *tags;             /* every tag of the catalog's list, in its order (items 0: none carry it) */
	size_t n_tags;
	short *item_scores;             /* [learner * n_items + item]: grade score 0-100 of the first pass */
	pt_class_exam *exams;           /* course exams by name, then the learners' own mock exams */
	size_t n_exams, cap_exams;
	/* Working state. */
	pt_class_key *by_id;            /* lessons sorted by id */
	pt_class_key **item_by_id;      /* per lesson, its items sorted by id */
	pt_class_learner *found;        /* stores found, not yet read */
	size_t n_found;
	size_t cap_found, cap_learners, cap_skips, cap_unknown;
} pt_class;

/* Starts a class over the catalog's lessons that are not broken.  Returns
 * a new class (free with class_free), or NULL when out of memory. */
pt_class *class_new(const pt_catalog *catalog, pt_class_naming naming);

/* Frees the class; NULL is allowed. */
void class_free(pt_class *c);

/* Adds path: a store file, or a directory searched (up to
 * PT_CLASS_MAX_DEPTH levels, not following links to directories) for
 * files named progress.json.  A path that cannot be used, or a directory
 * holding no store, becomes a skip.  Returns false only when out of
 * memory. */
bool class_add_path(pt_class *c, const char *path);

/* Adds the store of course learner id (roster name and email, either
 * may be NULL or ""): the learner is named by the roster, and a store
 * that does not exist yet is a learner with no records, not a skip.
 * Returns false only when out of memory. */
bool class_add_roster(pt_class *c, const char *path, const char *id, const char *name, const char *email);

/* Declares a course exam by name, so it has its column and section even
 * when no one sat it; false when out of memory. */
bool class_declare_exam(pt_class *c, const char *name);

/* Returns the learner's login: the roster id, or the name. */
const char *class_login(const pt_class_learner *l);

/* Reads every store added (learners sorted by name, then path), skipping
 * and listing the ones that are missing, unreadable, damaged or written by
 * a newer paratutor, or the same file as one read already (found twice
 * under other names), and computes the analysis.  Returns false when out
 * of memory. */
bool class_read(pt_class *c);

/* Adds a learner named name (path: where their records came from) from n
 * records of their first passes (rec, grouped by lesson; scores[i] the
 * lesson score of rec[i] as recorded, 0-100, or -1 to take the record's
 * own; scores may be NULL), as class_read would from a store holding
 * them, without exams or review states: for a report from records read
 * elsewhere (xapi_read.h).  Add learners in name order, then call
 * class_finish() instead of class_read().  False when out of memory. */
bool class_add_records(pt_class *c, const char *name, const char *path, const pt_record *rec, const int *scores,
    size_t n);

/* Computes the analysis of the learners added with class_add_records();
 * false when out of memory. */
bool class_finish(pt_class *c);

/* Returns the number of skips that lost something (every kind but
 * PT_CLASS_SKIP_REPEAT): a learner or path the report leaves out, for
 * which the command exits non-zero. */
size_t class_failures(const pt_class *c);

/* Returns the learner's score in the lesson (0-100), or -1 when they did
 * not start it. */
int class_score(const pt_class *c, size_t learner, size_t lesson);

/* Returns learner L's standing in exam e. */
pt_class_standing class_standing(const pt_class_exam *e, size_t L);

/* Returns the exam's title for people: its name, or "Mock exams" for
 * the learners' own. */
const char *class_exam_title(const pt_class_exam *e);

/* Returns the lesson with the given id, or NULL. */
const pt_class_lesson *class_lesson(const pt_class *c, const char *id);

/* Returns the item of lesson l with the given id, or NULL. */
const pt_class_item *class_item(const pt_class_lesson *l, const char *id);

/* Returns the number of learners sharing a name with another (each such
 * learner counted), for a warning: the gradebook cannot tell them apart. */
size_t class_name_clashes(const pt_class *c);

/* Returns what flag (one PT_CLASS_FLAG_ bit) says and what it suggests
 * checking, one sentence. */
const char *class_flag_text(unsigned flag);

/* Returns the flag's name for tools ("negative_discrimination", ...). */
const char *class_flag_name(unsigned flag);

/* Renders the class into *out (a new NUL-terminated string the caller
 * frees with free(); *len gets its length).  Returns false (and *out
 * NULL) when out of memory.  (class_out.c) */
bool class_render(const pt_class *c, pt_class_format format, char **out, size_t *len);

#endif

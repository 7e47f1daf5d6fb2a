/* load_kind.h - the loader's table of item kinds: one row per kind.
 *
 * Each kind's row lives in its own file (app/core/load/load_kind_*.c);
 * load_kind.c lists the rows.  A row is what the lowest layer that reads
 * lessons knows of a kind: its name and the words messages use for it,
 * how it is answered (shape), the format that brought it, the fields it
 * may have, how its fields are read, checked and linted, and what of it
 * decides grading (folded into the item hashes stored progress keys on).
 * Every layer above asks these rows rather than comparing kinds: the
 * learn layer's grading table (kind.h) and the UI's (ui_kind.h) sit beside
 * them.  See docs/styleguide.md. */
#ifndef PARATUTOR_LOAD_KIND_H
#define PARATUTOR_LOAD_KIND_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/base/diag.h"
#include "paratutor/model/lesson.h"

/* How a kind is answered, which decides what a grade keeps of it. */
typedef enum pt_answer_shape {
	PT_SHAPE_SLOTS, /* bank entries placed in slots (g->fill): blanks, prompts, positions */
	PT_SHAPE_PICKS, /* options picked or ticked (g->picked) */
	PT_SHAPE_TYPED  /* a typed answer (g->typed) */
} pt_answer_shape;

struct pt_loader;
struct pt_fields;

typedef struct pt_load_kind {
	pt_kind kind;
	const char *name;       /* as lessons spell it: "fill" */
	const char *what;       /* in messages: "a fill item" */
	pt_answer_shape shape;
	int format;             /* the oldest lesson format that has it */
	unsigned long long fields; /* the item fields it may have (convert_field.h) */
	/* Reads the kind's own fields of an item (its members looked up in
	 * f), reporting structural problems. */
	void (*load)(struct pt_loader *ld, const struct pt_fields *f, pt_item *item);
	/* Checks the kind's cross-field rules (validate.c); may be NULL. */
	void (*validate)(const pt_lesson *l, const pt_item *it, pt_diags *d);
	/* Warns about hints and common mistakes that give the kind's answers
	 * away, and what else only the kind can get wrong (lint.c); NULL when
	 * it has nothing to warn of. */
	void (*lint)(const pt_lesson *l, const pt_item *it, pt_diags *d);
	/* Warns where what the learner sees of item i hands over the kind's
	 * answer before it is solved (lint_giveaway.c); NULL for nothing. */
	void (*giveaway)(const pt_lesson *l, size_t i, pt_diags *d);
	/* Folds what of the kind's own fields decides grading into an item
	 * hash (lesson_item_hash and lesson_item_key_hash); NULL for nothing. */
	unsigned long long (*hash)(unsigned long long h, const pt_item *it);
	bool derived_bank;      /* the bank is made from other fields (and not hashed itself) */
	bool always_shuffled;   /* its answers are shown in a drawn order whatever "shuffle" says */
	/* Picks kinds: exactly one option is right (validate), so a pick
	 * replaces the one before instead of toggling, and the key stands
	 * alone among the options (lint). */
	bool one_right;
} pt_load_kind;

/* Returns the row of kind (every pt_kind has one). */
const pt_load_kind *load_kind(pt_kind kind);

/* Returns the i-th row in the table's order, or NULL past the last. */
const pt_load_kind *load_kind_at(size_t i);

/* Returns how kind is answered. */
pt_answer_shape kind_shape(pt_kind kind);

/* Returns the kind's name as lessons spell it ("fill"). */
const char *lesson_kind_name(pt_kind kind);

/* Returns a 64-bit FNV-1a hash of everything that decides how an item is
 * graded (kind, code, bank, accepted answers, options and their
 * correctness, and what the kind's row folds in: numeric ranges and units,
 * text answers, match pairs, order steps), so stored progress can tell when an answer changed.  Format-1
 * items hash as before; a match or order item hashes the same whatever
 * order its bank is in. */
unsigned long long lesson_item_hash(const pt_item *item);

/* Returns a hash of the item's answer key alone: its kind and what is
 * right (each blank's accepted answers, the right options as a set,
 * numeric ranges and units, text answers and case, match pairs, order
 * steps), never 0.  Reordering options, rewording a wrong option or
 * adding one, and rewording the prompt, code, feedback or hints leave
 * it as it was: a record whose key equals the item's keeps its credit
 * (progress_record_matches). */
unsigned long long lesson_item_key_hash(const pt_item *item);

/* The rows, one per kind file. */
extern const pt_load_kind load_kind_fill, load_kind_choice, load_kind_multi, load_kind_numeric, load_kind_text,
    load_kind_match, load_kind_order, load_kind_explore;

#endif

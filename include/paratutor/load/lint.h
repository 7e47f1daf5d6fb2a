/* lint.h - item-writing lint: warnings about items that are easy to
 * answer without knowing the subject, or that tell the answer.
 *
 * Called by validate_lesson(); every warning says how to fix the item.
 * Warnings fail `--check --strict` only. */
#ifndef PARATUTOR_LINT_H
#define PARATUTOR_LINT_H

#include <stdbool.h>

#include "paratutor/base/diag.h"
#include "paratutor/model/lesson.h"

/* Appends the lesson's item-writing warnings to diags:
 *  - a choice item whose correct option is the longest by a clear margin
 *    (at least 1.25 times and 10 characters longer than the next);
 *  - a lesson (with at least LINT_MIN_CHOICE choice items) where the
 *    correct option is the longest in more than half of them;
 *  - "all of the above" or "none of the above" in an item that shuffles;
 *  - a hint or common mistake that contains an answer (fill, choice,
 *    multi, text; an option of several words in any ASCII case), or
 *    states a numeric key: as written, with its digits
 *    grouped ("1,048,576", "1 048 576"), or in one of the item's units
 *    ("1 MiB"); a one-digit key only after the word "answer";
 *  - an error when a numeric item's worked solution gives an answer with
 *    numbers and none of them is the key (rounded to half a percent, or
 *    in one of its units). */
void lint_lesson(const pt_lesson *lesson, pt_diags *diags);

/* Returns true when text states the key of numeric item it (as above;
 * loose: a statement within half a percent counts, and a one-digit key
 * needs no "answer" before it), writing the words
 * that do into as (size bytes) when as is not NULL. */
bool lint_states_number(const pt_item *it, const char *text, bool loose, char *as, size_t size);

#define LINT_MIN_CHOICE 3

/* Returns true when needle occurs in hay as a whole word, ignoring ASCII
 * case when fold is true. */
bool lint_contains_word(const char *hay, const char *needle, bool fold);

/* Returns true when an option's text is looked for in any ASCII case (a
 * phrase: "so the summed..." quotes "So the summed..."), false when it is
 * one word, matched as written (a hint may say "parameters" in its plain
 * sense beside the option "Parameters"). */
bool lint_option_folds(const char *text);

/* Returns where needle next occurs in hay as lint_contains_word finds it,
 * looking at from (a place in hay) onwards, or NULL. */
const char *lint_find_word(const char *hay, const char *from, const char *needle, bool fold);

/* Appends the rules every lesson keeps (lint_rules.c):
 *  - an error when the prompt says "choose N", "select N" or "pick N"
 *    (N a digit or one to seven, ending the instruction) and the item is
 *    not a multi item whose "choose" is N;
 *  - a text item accepting a qualified name ("GradScaler.unscale_")
 *    without its last part ("unscale_");
 *  - a numeric key, not a whole number, whose three-significant-figure
 *    rounding is outside the accepted range while the prompt asks no
 *    precision;
 *  - a choice or multi hint that rules options out until one is left;
 *  - a text item whose prompt holds four fifths of an accepted answer
 *    (letters and digits, case folded, at least LINT_STEM_MIN of them). */
void lint_rules(const pt_lesson *lesson, pt_diags *diags);

#define LINT_STEM_MIN 6

/* Returns true when c continues a word (a letter, a digit or '_'). */
bool lint_word_char(char c);

/* Appends the give-away warnings (lint_giveaway.c), each at the text that
 * gives the answer away (or at the answer):
 *  - a fill blank's answer, or a text item's accepted answer, written as
 *    a word in the prompt or in the code outside the blanks (answers of
 *    at least LINT_GIVEAWAY_MIN characters; a code line that defines the
 *    name, an import or the left side of an assignment, is reading, not
 *    a give-away);
 *  - a text item's accepted answer (at least LINT_EARLIER_MIN characters)
 *    printed in an earlier item of the lesson, in what is read while
 *    answering it (prompt, code, options; an explanation teaches, and
 *    recalling it later is the point);
 *  - a choice item (three options or more) whose one right option alone
 *    ends with other punctuation, or alone begins in another case;
 *  - feedback shown before the item is solved that states its answer: a
 *    fill or match blank's feedback for a wrong option naming the blank's
 *    answer (a word in any case, a code token exactly, an operator not
 *    inside a longer one), a common mistake naming a two-character blank
 *    answer, a numeric wrong range's feedback stating the key (a number
 *    inside that range is the learner's own), a text wrong answer's
 *    feedback holding an accepted answer, a choice or multi wrong option's
 *    feedback naming a right option (lint_option_folds; not inside the
 *    wrong option's own text);
 *  - an order item's hint, common mistake or step feedback that lists
 *    every step in order, names a step with its own place nearby
 *    ("first", "2nd", "step 2", "last") or two steps with the order
 *    between them ("A, then B", "B after A");
 *  - a match item's hint or common mistake holding a pair's left and
 *    right together;
 *  - an explore item's hint, common mistake or wrong-setting feedback
 *    stating a knob's value in the winning setting (the minimised or
 *    maximised knob, or every knob when one setting alone wins), not one
 *    the start has or the prompt states; one digit or a named choice's
 *    word only as the setting ("to 8", "chunks = 4"). */
void lint_giveaways(const pt_lesson *lesson, pt_diags *diags);

#define LINT_GIVEAWAY_MIN 3
#define LINT_EARLIER_MIN 5

/* Returns the count a prompt asks to pick ("(Choose two.)" gives 2) and
 * where that wording is, or 0 when it asks none. */
int lint_choose_wording(const char *prompt, size_t *at, size_t *len);

/* Returns the length of the longest run of key's letters and digits that
 * stem holds in a row (case folded, other characters skipped in both). */
size_t lint_common_run(const char *stem, const char *key);

#endif

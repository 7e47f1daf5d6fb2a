/* ui_kind_parts.h - what several item kinds' UI rows share (ui_kind.h).
 *
 * Internal to app/ui: the kind files (ui_kind_NAME.c) build their rows
 * from these, and the generic code around the rows (item_body.c's layout,
 * plain_item.c's commands) defines them.  Each says which kinds use it; a
 * part only one kind uses lives in that kind's file instead. */
#ifndef PARATUTOR_UI_KIND_PARTS_H
#define PARATUTOR_UI_KIND_PARTS_H

#include <stdbool.h>
#include <stdio.h>

#include "paratutor/learn/grade.h"
#include "paratutor/learn/session.h"
#include "paratutor/ui/ui_draw.h"
#include "paratutor/ui/ui_item.h"

/* ---- the screen body (item_body.c) ---- */

#define MARGIN 2       /* indent of code, options and result lines */
#define OPTION_TEXT 8  /* column of an option's text */
#define LIST_TEXT 5    /* column of a match prompt's or a step's text */
#define ORDER_TEXT 11  /* column of the step placed in an order position */
#define RESULT_TEXT 14 /* column of what a result line is about */
#define TAB_WIDTH 4    /* tab stops in code */
#define FIELD_MIN 24   /* columns inside an answer field's brackets */

/* Returns the columns of a NUL-terminated string.  All kinds. */
int body_width(const char *s);

/* Fill and match: writes blank or match pair b as "[1]" or "[1:split]"
 * into token, with its mark after a check (a failed item's answer instead
 * unless given_only), the text cut with an ellipsis when the whole token
 * would be wider than room (0: never cut); returns the role to draw it
 * in. */
pt_role body_blank_token(const pt_grade *g, bool given_only, int b, char *token, size_t size, int room);

/* Fill and match: adds the bank in one wrapped row under heading
 * ("Options:  A batch   B split ..."); compact, an entry on a line of its
 * own is cut to that line. */
void body_bank(pt_doc *d, const pt_item *it, const char *heading, bool compact);

/* All kinds, compact areas: adds text on the current line, cut with an
 * ellipsis to room columns (at its first line break too). */
void body_cut(pt_doc *d, pt_role role, int zone, const char *text, int room);

/* Fill and match (results): one line per checked blank or pair with its
 * mark, the answer once the item is failed and the feedback of a wrong
 * choice. */
void body_fill_results(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show);

/* Choice and multi (area): adds the options with their marks, each with a
 * tick box ("[x]") where a pick toggles, else (the loader row says one_right)
 * a radio button; compact, each on one line, its text cut. */
void body_options(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show, item_anchors *a);

/* Choice and multi (results): the feedback of each option marked Wrong or
 * Missed (a select-all item names one wrong tick at most, never counting
 * right ones). */
void body_option_results(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show);

/* Numeric and text (results): body_typed_results, a check not counted
 * marked with the word for what the core's row says it was (unclear):
 * "Unclear" (a number not understood) or "Spelling". */
void body_typed_checked(pt_doc *d, const pt_grade *g, const pt_item_view *v, const pt_disclosure *show);

/* Numeric and text: adds the answer field with what it accepts below it
 * (accepts may be "": nothing said). */
void body_field(pt_doc *d, const pt_grade *g, const pt_item_view *v, const char *accepts);

/* Numeric and text (results): what the last check said; a check that was
 * not counted is marked with not_counted ("Unclear", "Spelling"). */
void body_typed_results(pt_doc *d, const pt_grade *g, const pt_disclosure *show, const char *not_counted);

/* Fill, match, numeric and text results: adds a result line, "✗ Wrong
 * [1] sum  → answer: len", then the feedback (answer and feedback may be
 * NULL). */
void body_result(pt_doc *d, pt_glyph glyph, const char *word, pt_role role, const char *what,
    const char *answer, const char *feedback);

/* Rows' shown: one answer shown (choice, numeric, text), several (multi),
 * a blank's or a prompt's answer each (fill, match). */
const char *body_shown_one(const pt_item *it);
const char *body_shown_several(const pt_item *it);
const char *body_shown_slots(const pt_item *it);

/* ---- rows ---- */

/* Choice and multi: the operations of their rows, the same for both (how a
 * pick is drawn and read follows the loader row's one_right). */
#define UI_KIND_PICKS_OPS                                                                              \
	.area = body_options, .results = body_option_results, .print_area = plain_area_options,          \
	.print_key = plain_key_options, .print_checked = plain_print_options_check,                       \
	.apply = plain_apply_options, .print_given = plain_given_picks

/* Numeric and text: what their rows share: the typed answer's results,
 * the one answer shown, its keys, and reading and printing it in plain
 * mode. */
#define UI_KIND_TYPED_OPS                                                                              \
	.results = body_typed_checked, .shown = body_shown_one,                                            \
	.keys = AN_TYPED, /* AN_TYPING is added while the field takes the keys */                         \
	.incomplete = "Type your answer first, then press Enter", .print_key = plain_key_typed,            \
	.print_checked = plain_print_typed_check, .apply = plain_apply_typed, .print_given = plain_given_typed

/* ---- plain mode (plain_item.c) ---- */

#define PLAIN_MAX_WORDS 64

/* Fill and match help: the line an exam prints instead of when a check
 * is made. */
#define PLAIN_EXAM_WHEN "                 an exam checks nothing until you submit it\n"

/* Fill, match and order: prints a lettered list of n texts. */
void plain_print_lettered(FILE *out, const pt_text *texts, size_t n);

/* All kinds' checks: returns the word for a mark as shown now, or NULL. */
const char *plain_mark_word(pt_mark mark);

/* Order and the pairs reader: splits line into words at spaces and tabs
 * (and at commas when commas is set), in place; returns how many, at most
 * PLAIN_MAX_WORDS. */
size_t plain_split_words(char *line, char **words, bool commas);

/* Fill and match: the marks of the last check, each slot named by its
 * number (and by its prompt's text when prompts is set). */
void plain_print_pairs_check(FILE *out, const pt_grade *g, bool prompts);

/* Fill and match: reads pairs of a slot number and a bank entry (letter
 * or text), or with a single slot the entry alone; option is what an
 * entry is called ("option", "answer"). */
bool plain_apply_pairs(FILE *out, pt_grade *g, const char *line, const char *option);

/* Choice and multi: the options; the correct ones as the key; the marks
 * of the last check; what was picked so far (exams). */
void plain_area_options(FILE *out, const pt_grade *g);
void plain_key_options(FILE *out, const pt_item *it);
void plain_print_options_check(FILE *out, const pt_grade *g);
void plain_given_picks(FILE *out, const pt_grade *g);

/* Choice and multi: reads letters or option texts; one answer only where
 * a pick replaces the last (the loader row says one_right). */
bool plain_apply_options(FILE *out, pt_grade *g, const char *line);

/* Numeric and text: the key (a row with typed_key); the mark of the last check; reading the
 * answer; what was typed so far (exams). */
void plain_key_typed(FILE *out, const pt_item *it);
void plain_print_typed_check(FILE *out, const pt_grade *g);
bool plain_apply_typed(FILE *out, pt_grade *g, const char *line);
void plain_given_typed(FILE *out, const pt_grade *g);

#endif

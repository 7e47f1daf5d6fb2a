/* giftq.h - the parts of a GIFT question, shared by gift.c (which cuts
 * the file into questions) and giftq.c (which reads a question's text and
 * answers and builds its item).  Internal to the GIFT reader.
 *
 * A pt_gift_block owns its character array (free v); the strings these
 * functions return are new and the caller frees them; items are cJSON
 * objects the caller owns (hand them to import_add). */
#ifndef PARATUTOR_GIFTQ_H
#define PARATUTOR_GIFTQ_H

#include <stdbool.h>
#include <stddef.h>

#include "paratutor/interop/import.h"

/* Where a missing word goes while the text is reduced; no text holds it. */
#define GIFT_GAP_MARK '\x02'

/* One byte of a question: lit is set when an escape made it plain text. */
typedef struct pt_gch {
	char c;
	bool lit;
	pt_pos pos;
} pt_gch;

typedef enum pt_gift_format { FMT_MOODLE, FMT_PLAIN, FMT_MARKDOWN, FMT_HTML } pt_gift_format;

/* A question: its characters (comment lines left out) and what the
 * comment lines said. */
typedef struct pt_gift_block {
	pt_gch *v;
	size_t n;
	size_t cap;
	char idnumber[128];
	const char *difficulty;
	pt_pos pos;
	bool oom;
} pt_gift_block;

/* One answer inside { }: sign, weight, text and feedback spans. */
typedef struct pt_gift_answer {
	char sign;           /* '=', '~', or 0 before any sign */
	bool has_weight;
	double weight;       /* percent */
	size_t a, b;         /* the answer text */
	size_t fa, fb;       /* the feedback; fa == fb when none */
	bool has_feedback;
	pt_pos pos;
} pt_gift_answer;

#define GIFT_MAX_ANSWERS 64

/* The state of reading one question. */
typedef struct pt_gift_question {
	pt_import *imp;
	pt_gift_block *blk;
	pt_gift_format fmt;
	char *title;
	const char *label;   /* title, or the start of the text, for messages */
	char *right;         /* feedback written for the right answer (owned) */
	const char *lead;    /* a missing word's text before its <pre> code, or NULL (borrowed) */
	bool failed;
} pt_gift_question;


/* Returns true when the block has the unescaped text lit at i. */
bool giftq_has(const pt_gift_block *b, size_t i, const char *lit);

/* Returns the first unescaped lit in [i, end), or end. */
size_t giftq_find(const pt_gift_block *b, size_t i, size_t end, const char *lit);

/* Returns true when the character at i is unescaped white space. */
bool giftq_space(const pt_gift_block *b, size_t i);

/* Narrows [*a, *b) past white space at both ends. */
void giftq_trim(const pt_gift_block *blk, size_t *a, size_t *b);

/* Returns the position of character i, or of the block's end. */
pt_pos giftq_pos(const pt_gift_block *b, size_t i);

/* Reads a [format] marker at *a (after white space), moving past it;
 * returns the format, or dflt when there is none. */
pt_gift_format giftq_format(const pt_gift_block *blk, size_t *a, size_t b, pt_gift_format dflt);

/* Returns the bytes of [a, b) with escapes resolved and white space runs
 * folded (line breaks kept for markdown, escaped \n always kept; HTML
 * left as it is), or NULL when out of memory. */
char *giftq_raw(const pt_gift_block *blk, size_t a, size_t b, pt_gift_format fmt);

/* Returns the text of [a, b) in its own [format] or else the question's,
 * HTML reduced to text (warning about dropped images); NULL when out of
 * memory. */
char *giftq_text(pt_gift_question *q, size_t a, size_t b);

/* As giftq_text, in the format fmt: a [format] marker at the start is
 * text (the question's own marker was read already). */
char *giftq_text_in(pt_gift_question *q, size_t a, size_t b, pt_gift_format fmt);

/* Splits [a, b) into answers at each unescaped character of signs, with
 * their %weights% and '#' feedback.  Returns how many (at most
 * GIFT_MAX_ANSWERS), or -1 after an error. */
int giftq_answers(pt_gift_question *q, size_t a, size_t b, const char *signs, pt_gift_answer *out);

/* Builds a true/false question from the answer text [a, b)
 * ("T#wrong feedback#right feedback") as a choice of True and False. */
cJSON *giftq_truefalse(pt_gift_question *q, const char *prompt, size_t a, size_t b);

/* Builds a short-answer question ("=a =b") as a text item. */
cJSON *giftq_short(pt_gift_question *q, const char *prompt, pt_gift_answer *ans, int n);

/* Builds a multiple-choice question: a choice when one answer has '=', a
 * multi when none has (answers with a positive weight are right), a fill
 * item whose code is gap_text when the answers sit inside the sentence
 * (gap_text not NULL).  Returns NULL after an error. */
cJSON *giftq_choice(pt_gift_question *q, const char *prompt, const char *gap_text, pt_gift_answer *ans, int n);

/* Builds a matching question ("=left -> right"; an empty left adds a
 * wrong answer). */
cJSON *giftq_match(pt_gift_question *q, const char *prompt, pt_gift_answer *ans, int n);

/* Builds a numeric question: the first answer with the most credit is the
 * answer, other answers with feedback wrong ranges, feedback for any other
 * answer ("~#...") a common mistake. */
cJSON *giftq_numeric(pt_gift_question *q, const char *prompt, pt_gift_answer *ans, int n);

#endif

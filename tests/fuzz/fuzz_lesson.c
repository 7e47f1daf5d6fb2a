/* fuzz_lesson.c - libFuzzer target: the lesson loader and validator must
 * survive any input without crashing, leaking or undefined behaviour, and
 * the loader's fast path must agree with its reference path. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/load.h"
#include "paratutor/placeholder.h"
#include "paratutor/session.h"
#include "paratutor/validate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Loads and validates text by one path; returns its diagnostics, sorted
 * and formatted a line each (caller frees). */
static char *load_by(pt_load_path how, const char *text, size_t size, pt_lesson **lesson)
{
	pt_diags diags = { 0 };
	*lesson = load_lesson_text_with(how, "fuzz.json", text, size, &diags);
	if (*lesson != NULL)
		validate_lesson(*lesson, &diags);
	diags_sort(&diags);
	size_t cap = 1 + diags.n * 2048, n = 0;
	char *out = calloc(cap, 1);
	for (size_t i = 0; out != NULL && i < diags.n; i++) {
		diags_format(&diags.v[i], out + n, cap - n - 1);
		n += strlen(out + n);
		out[n++] = '\n';
	}
	if (out != NULL && diags.dropped > 0)
		out[0] = '\0'; /* out of memory: nothing to compare */
	diags_free(&diags);
	return out;
}

/* Walks a fill item's placeholder tokens, which must tile its code. */
static void walk_placeholders(const pt_item *item)
{
	pt_ph_iter it;
	pt_ph_token tok;
	size_t covered = 0;
	ph_begin(&it, item->code.s);
	while (ph_next(&it, &tok))
		covered += tok.len;
	if (item->code.s != NULL && covered != strlen(item->code.s))
		abort();
	free(validate_fill_answers(item));
}

/* Loads by both paths and compares; when clean, walks every item through
 * grading. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	pt_lesson *lesson, *reference;
	char *a = load_by(PT_LOAD_FAST, text, size, &lesson);
	char *b = load_by(PT_LOAD_REFERENCE, text, size, &reference);
	if (a != NULL && b != NULL && (strcmp(a, b) != 0 || (lesson == NULL) != (reference == NULL) ||
	    (lesson != NULL && lesson->n_items != reference->n_items))) {
		fprintf(stderr, "fast path:\n%sreference path:\n%s", a, b);
		abort();
	}
	bool clean = a != NULL && strstr(a, ": error: ") == NULL;
	if (lesson != NULL && clean) {
		pt_session s;
		if (session_init(&s, lesson)) {
			for (size_t i = 0; i < lesson->n_items; i++) {
				pt_grade *g = &s.grades[i];
				for (int k = 0; k < grade_slots(g); k++)
					grade_fill(g, k, k % 3);
				grade_pick(g, 0);
				grade_type(g, "1,024 GB");
				grade_hint(g);
				grade_check(g);
				grade_said(g);
			}
			session_free(&s);
		}
	}
	for (size_t i = 0; lesson != NULL && i < lesson->n_items; i++)
		if (lesson->items[i].kind == PT_KIND_FILL)
			walk_placeholders(&lesson->items[i]);
	free(a);
	free(b);
	lesson_free(lesson);
	lesson_free(reference);
	free(text);
	return 0;
}

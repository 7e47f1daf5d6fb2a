/* fuzz_lesson.c - libFuzzer target: the lesson loader and validator must
 * survive any input without crashing, leaking or undefined behaviour. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/load.h"
#include "paratutor/session.h"
#include "paratutor/validate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Loads, validates and, when clean, walks every item through grading. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	pt_diags diags = { 0 };
	pt_lesson *lesson = load_lesson_text("fuzz.json", text, size, &diags);
	if (lesson != NULL) {
		validate_lesson(lesson, &diags);
		if (diags.errors == 0) {
			pt_session s;
			if (session_init(&s, lesson)) {
				for (size_t i = 0; i < lesson->n_items; i++) {
					pt_grade *g = &s.grades[i];
					for (int b = 0; b < grade_slots(g); b++)
						grade_fill(g, b, b % 3);
					grade_pick(g, 0);
					grade_hint(g);
					grade_check(g);
					free(validate_fill_answers(&lesson->items[i]));
				}
				session_free(&s);
			}
		}
	}
	diags_sort(&diags);
	lesson_free(lesson);
	diags_free(&diags);
	free(text);
	return 0;
}

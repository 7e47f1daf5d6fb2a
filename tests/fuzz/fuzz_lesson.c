/* fuzz_lesson.c - libFuzzer target: the lesson loader and validator must
 * survive any input without crashing, leaking or undefined behaviour, and
 * a lesson it cannot build must come with an error.  Every lesson that
 * validates is also exported as GIFT and as Moodle XML, and each
 * export must import back without an error into a lesson that loads. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/interop/export.h"
#include "paratutor/interop/gift.h"
#include "paratutor/interop/import.h"
#include "paratutor/load/load.h"
#include "paratutor/interop/moodlexml.h"
#include "paratutor/model/placeholder.h"
#include "paratutor/learn/session.h"
#include "paratutor/load/validate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Loads and validates text, counting its errors; returns its diagnostics,
 * sorted and formatted a line each (caller frees). */
static char *load(const char *text, size_t size, pt_lesson **lesson, size_t *errors)
{
	pt_diags diags = { 0 };
	*lesson = load_lesson_text("fuzz.json", text, size, &diags);
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
	*errors = diags.errors;
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

/* Exports the lesson in format f and imports it back; aborts when the
 * import reports an error or its lesson does not load. */
static void export_round_trip(const pt_lesson *lesson, pt_export_format f)
{
	pt_strbuf text = { 0 };
	pt_diags ed = { 0 }, id = { 0 }, ld = { 0 };
	pt_export_count count;
	if (!export_lesson(lesson, f, &text, &ed, &count)) {
		free(text.s);
		diags_free(&ed);
		return; /* out of memory */
	}
	pt_import imp;
	if (import_init(&imp, &id)) {
		import_file(&imp, f == PT_EXPORT_GIFT ? "fuzz.gift" : "fuzz.xml");
		if (f == PT_EXPORT_GIFT)
			gift_read(&imp, text.s ? text.s : "", text.n);
		else
			moodlexml_read(&imp, text.s ? text.s : "", text.n);
		if (id.errors > 0) {
			fprintf(stderr, "export as %s:\n%s\nimport:\n", export_format_name(f), text.s);
			diags_print(&id, stderr);
			abort();
		}
		cJSON *json = import_lesson(&imp, "fuzz", "Fuzz", "fuzz");
		char *rendered = json ? import_render(json) : NULL;
		if (rendered != NULL && cJSON_GetArraySize(cJSON_GetObjectItem(json, "items")) > 0) {
			pt_lesson *back = load_lesson_text("fuzz.json", rendered, strlen(rendered), &ld);
			if (back == NULL) {
				fprintf(stderr, "re-imported lesson does not load:\n%s\n", rendered);
				diags_print(&ld, stderr);
				abort();
			}
			lesson_free(back);
		}
		free(rendered);
		cJSON_Delete(json);
		import_free(&imp);
	}
	free(text.s);
	diags_free(&ed);
	diags_free(&id);
	diags_free(&ld);
}

/* Loads; when clean, walks every item through grading. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	pt_lesson *lesson;
	size_t errors;
	char *a = load(text, size, &lesson, &errors);
	if (lesson == NULL && errors == 0) {
		fprintf(stderr, "no lesson and no error:\n%s", a != NULL ? a : "");
		abort();
	}
	bool clean = errors == 0;
	if (lesson != NULL && clean) {
		export_round_trip(lesson, PT_EXPORT_GIFT);
		export_round_trip(lesson, PT_EXPORT_MOODLE_XML);
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
	lesson_free(lesson);
	free(text);
	return 0;
}

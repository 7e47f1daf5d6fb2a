/* fuzz_moodlexml.c - libFuzzer target: the XML reader and the Moodle XML reader must survive any
 * input without crashing, leaking or undefined behaviour, and whatever it
 * imports must render as JSON that parses, with valid UTF-8 strings. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/interop/moodlexml.h"
#include "paratutor/base/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts unless every string (and key) under v is valid UTF-8. */
static void check_strings(const cJSON *v)
{
	const char *s[2] = { v->string, cJSON_IsString(v) ? v->valuestring : NULL };
	for (int k = 0; k < 2; k++)
		for (size_t i = 0, n = s[k] ? strlen(s[k]) : 0; i < n;)
			if (text_decode(s[k], n, &i) == 0xFFFD && memcmp(s[k] + i - 3, "\xEF\xBF\xBD", 3) != 0)
				abort();
	for (const cJSON *c = v->child; c; c = c->next)
		check_strings(c);
}

/* Imports the input, renders the lesson and parses the rendering back. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	pt_diags diags = { 0 };
	pt_import imp;
	if (import_init(&imp, &diags)) {
		import_file(&imp, "fuzz.xml");
		moodlexml_read(&imp, text, size);
		cJSON *lesson = import_lesson(&imp, "fuzz", "Fuzz", "Fuzzed.");
		char *json = lesson ? import_render(lesson) : NULL;
		if (json != NULL) {
			cJSON *back = cJSON_Parse(json);
			if (back == NULL || cJSON_GetArraySize(cJSON_GetObjectItem(back, "items")) !=
			    cJSON_GetArraySize(cJSON_GetObjectItem(lesson, "items")))
				abort();
			check_strings(back);
			cJSON_Delete(back);
		}
		free(json);
		cJSON_Delete(lesson);
		import_free(&imp);
	}
	diags_sort(&diags);
	diags_free(&diags);
	free(text);
	return 0;
}

/* track_oom.c - the tracker tells the learner when the progress store runs
 * out of memory.
 *
 * Linked with -Wl,--wrap for malloc, calloc, realloc and strdup: while
 * `failing` is set, every allocation made by the core and the tracker
 * fails.  Each tracker call that records something must then leave a
 * notice saying progress could not be kept.  Prints "PASS name" or
 * "FAIL name: why" lines for tests/progress/run.sh to count. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/load/load.h"
#include "paratutor/store/track.h"
#include "paratutor/load/validate.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
char *__real_strdup(const char *s);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
char *__wrap_strdup(const char *s);

static bool failing;

/* The allocators the linker sends every call to: they fail on demand. */
void *__wrap_malloc(size_t size)
{
	return failing ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
	return failing ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
	return failing ? NULL : __real_realloc(p, size);
}

char *__wrap_strdup(const char *s)
{
	return failing ? NULL : __real_strdup(s);
}

static const char lesson_json[] =
    "{\"format\":1,\"id\":\"oom\",\"title\":\"t\",\"summary\":\"s\",\"attempts\":3,\"items\":["
    "{\"id\":\"a\",\"kind\":\"choice\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"options\":["
    "{\"text\":\"W\",\"feedback\":\"f\"},{\"text\":\"R\",\"correct\":true}],\"hints\":[\"h\"],\"explanation\":\"e\"},"
    "{\"id\":\"b\",\"kind\":\"choice\",\"difficulty\":\"easy\",\"prompt\":\"p\",\"options\":["
    "{\"text\":\"W\",\"feedback\":\"f\"},{\"text\":\"R\",\"correct\":true}],\"hints\":[\"h\"],\"explanation\":\"e\"}]}";

static int failed;

/* Checks that the tracker holds a notice about keeping progress, and
 * clears it. */
static void expect_notice(pt_track *t, const char *name)
{
	char notice[1024];
	bool got = track_take_notice(t, notice, sizeof notice);
	if (got && strstr(notice, "progress could not be kept") != NULL) {
		printf("PASS %s\n", name);
	} else {
		printf("FAIL %s: %s\n", name, got ? notice : "no notice");
		failed++;
	}
}

int main(void)
{
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("oom.json", lesson_json, strlen(lesson_json), &d);
	if (l == NULL || (validate_lesson(l, &d), d.errors > 0)) {
		printf("FAIL setup: the lesson does not load\n");
		return 1;
	}
	diags_free(&d);
	pt_open_report rep;
	pt_progress *p = progress_open(NULL, 0, &rep);
	pt_session s;
	if (p == NULL || !session_init(&s, l)) {
		printf("FAIL setup: out of memory\n");
		return 1;
	}
	pt_track t;
	track_init(&t, p, NULL);

	failing = true;
	grade_pick(&s.grades[0], 1);
	grade_check(&s.grades[0]);
	track_checked(&t, &s);
	expect_notice(&t, "a check that cannot be recorded is reported");
	track_reviewed(&t, &s);
	expect_notice(&t, "a review check that cannot be recorded is reported");
	s.current = 1;
	grade_hint(&s.grades[1]);
	track_hinted(&t, &s);
	expect_notice(&t, "hints that cannot be recorded are reported");
	track_moved(&t, &s, 0);
	expect_notice(&t, "a move that cannot be recorded is reported");
	track_reset(&t, &s);
	expect_notice(&t, "a reset that cannot be recorded is reported");
	failing = false;

	grade_pick(&s.grades[1], 1);
	grade_check(&s.grades[1]);
	track_checked(&t, &s);
	char notice[1024];
	if (track_take_notice(&t, notice, sizeof notice)) {
		printf("FAIL memory back: unexpected notice: %s\n", notice);
		failed++;
	} else {
		printf("PASS with memory back nothing is reported\n");
	}
	session_free(&s);
	progress_close(p);
	lesson_free(l);
	return failed == 0 ? 0 : 1;
}

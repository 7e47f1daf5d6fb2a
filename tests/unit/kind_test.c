/* kind_test.c - a kind that exists only in a test build: "echo", a typed
 * answer right when it says the item's first accepted answer backwards.
 * The test build compiles this file and adds its row to the kind table
 * (kind.c built with -DPT_TEST_KIND=kind_test); nothing else changes. */
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/kind.h"

#define PT_KIND_ECHO ((pt_kind)PT_KIND_COUNT)

/* A typed answer. */
static size_t echo_slots(const pt_item *it)
{
	(void)it;
	return 1;
}

/* Writes the item's first accepted answer backwards. */
static void echo_right(const pt_item *it, char *buf, size_t size)
{
	const char *a = it->accept.n > 0 ? it->accept.v[0].s : "";
	size_t n = strlen(a);
	if (size == 0)
		return;
	if (n > size - 1)
		n = size - 1;
	for (size_t i = 0; i < n; i++)
		buf[i] = a[n - 1 - i];
	buf[n] = '\0';
}

/* Right when the typed answer is the accepted one backwards. */
static bool echo_check(pt_grade *g, bool *clear)
{
	char want[PT_MAX_TYPED];
	echo_right(g->item, want, sizeof want);
	*clear = true;
	bool right = strcmp(g->typed, want) == 0;
	g->marks[0] = right ? PT_MARK_RIGHT : PT_MARK_WRONG;
	return right;
}

/* Every wrong echo gets the same word. */
static const char *echo_wrong_feedback(const pt_item *it, const char *text)
{
	(void)it;
	(void)text;
	return "say it backwards";
}

const pt_kind_ops kind_test = {
	.kind = PT_KIND_ECHO, .slots = echo_slots, .max_slots = 1,
	.check = echo_check, .right_typed = echo_right, .wrong_feedback = echo_wrong_feedback,
	.xapi_type = "other",
};

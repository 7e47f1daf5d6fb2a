/* export_kind_test.c - the test-only kind "echo" (kind_test.c) in the
 * exchange formats: a short answer whose one right answer is the item's
 * first accepted answer backwards, as the kind's core row writes it.  The
 * test build adds this row to the exchange formats' table (export_kind.c
 * built with -DPT_TEST_EXPORT_KIND=export_kind_test); nothing else in
 * app/core/interop changes. */
#include "paratutor/interop/export_parts.h"
#include "paratutor/learn/kind.h"

#define PT_KIND_ECHO ((pt_kind)PT_KIND_COUNT)

/* Writes an echo item as GIFT short answer. */
static void echo_gift(gift_writer *w)
{
	char right[PT_MAX_TYPED];
	kind_ops(w->item->kind)->right_typed(w->item, right, sizeof right);
	gift_put_field(w, w->item->prompt.s);
	strbuf_puts(w->out, " {\n\t=");
	gift_put_answer(w, right, true);
	strbuf_puts(w->out, "\n");
	gift_put_close(w);
}

/* Writes an echo item as a case-sensitive shortanswer. */
static void echo_moodle(xml_writer *w)
{
	char right[PT_MAX_TYPED];
	kind_ops(w->item->kind)->right_typed(w->item, right, sizeof right);
	moodle_put_value(w, "usecase", "1");
	moodle_put_answer(w, 100, right, NULL, NULL);
}

const export_kind_ops export_kind_test = {
	.kind = PT_KIND_ECHO,
	.gift_write = echo_gift,
	.moodle_type = "shortanswer",
	.moodle_write = echo_moodle,
};

/* export_kind_multi.c - multi in the exchange formats: multiple choice
 * with weighted options, written by choice's writers
 * (export_kind_choice.c). */
#include "paratutor/export_parts.h"

/* Writes a multi item as GIFT multiple choice: each right option a share
 * of 100 %, each wrong one a share of -100 %. */
static void multi_gift(gift_writer *w)
{
	export_choice_gift(w, false);
}

/* Writes a multi item as multichoice with several right answers. */
static void multi_moodle(xml_writer *w)
{
	export_choice_moodle(w, false);
}

const export_kind_ops export_kind_multi = {
	.kind = PT_KIND_MULTI,
	.gift_write = multi_gift,
	.moodle_type = "multichoice",
	.moodle_write = multi_moodle,
};

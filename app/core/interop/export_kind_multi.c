/* export_kind_multi.c - multi in the exchange formats: multiple choice
 * with weighted options, written by choice's writers
 * (export_kind_choice.c). */
#include "paratutor/interop/export_parts.h"

/* Writes a multi item as GIFT multiple choice: each right option a share
 * of 100 %, each wrong one a share of -100 %. */
static void multi_gift(gift_writer *w)
{
	export_choice_gift(w, false);
}

/* Says that the scoring changes: here a select-all item is right only
 * when every right option and no wrong one is picked; both formats give
 * each right pick a share of the mark (and take one for a wrong pick). */
static void multi_lost(const pt_lesson *lesson, const pt_item *it, pt_diags *diags, pt_export_format format)
{
	diags_add(diags, lesson->path, it->options_pos.line > 0 ? it->options_pos : it->pos, PT_WARNING,
	    "item \"%s\": select-all is all-or-nothing in paratutor, but %s gives partial credit for each right "
	    "option picked and takes some back for a wrong one", it->id.s, export_format_name(format));
}

/* Writes a multi item as multichoice with several right answers. */
static void multi_moodle(xml_writer *w)
{
	export_choice_moodle(w, false);
}

const export_kind_ops export_kind_multi = {
	.kind = PT_KIND_MULTI,
	.lost = multi_lost,
	.gift_write = multi_gift,
	.moodle_type = "multichoice",
	.moodle_write = multi_moodle,
};

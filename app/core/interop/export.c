/* export.c - what the GIFT and Moodle XML writers share: numbers, and the
 * warnings for what a format cannot carry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/interop/export.h"
#include "paratutor/interop/export_kind.h"

const char *export_format_name(pt_export_format format)
{
	return format == PT_EXPORT_GIFT ? "GIFT" : "Moodle XML";
}

/* Returns |x| (no libm needed). */
static double magnitude(double x)
{
	return x < 0 ? -x : x;
}

bool export_close(double a, double b, double scale)
{
	double m = magnitude(scale) > magnitude(a) ? magnitude(scale) : magnitude(a);
	return magnitude(a - b) <= 1e-12 * m;
}

/* Writes v in plain decimal notation (no exponent, which some GIFT readers
 * refuse) with the fewest significant digits whose value lies within slack
 * of v. */
static const char *decimal(double v, double slack, char *buf, size_t size)
{
	for (int digits = 1; digits <= 17; digits++) {
		char e[48];
		snprintf(e, sizeof e, "%.*e", digits - 1, v);
		int exp10 = atoi(strchr(e, 'e') + 1);
		int decimals = digits - 1 - exp10 > 0 ? digits - 1 - exp10 : 0;
		if (decimals > 340)
			decimals = 340;
		snprintf(buf, size, "%.*f", decimals, v);
		if (magnitude(strtod(buf, NULL) - v) <= slack)
			break;
	}
	return buf;
}

const char *export_number(double v, char *buf, size_t size)
{
	return decimal(v, 0, buf, size);
}

const char *export_tolerance(double tolerance, double value, char *buf, size_t size)
{
	double scale = magnitude(value) > magnitude(tolerance) ? magnitude(value) : magnitude(tolerance);
	return decimal(tolerance, 1e-12 * scale, buf, size);
}

void export_lost(const pt_lesson *lesson, const pt_item *item, pt_diags *diags, pt_export_format format,
    pt_pos pos, const char *what)
{
	diags_add(diags, lesson->path, pos.line > 0 ? pos : item->pos, PT_WARNING,
	    "item \"%s\": %s cannot carry %s; left out of the export", item->id.s, export_format_name(format), what);
}

void export_lost_common(const pt_lesson *lesson, const pt_item *item, pt_diags *diags, pt_export_format format)
{
	if (item->solution.present)
		export_lost(lesson, item, diags, format, item->solution.steps.pos, "the worked solution");
	if (item->n_refs > 0)
		export_lost(lesson, item, diags, format, item->refs[0].title.pos, "the references");
	if (item->attempts != lesson->attempts || item->attempts != PT_DEFAULT_ATTEMPTS) {
		char what[80];
		snprintf(what, sizeof what, "an attempt budget (%d; Moodle sets attempts per quiz)", item->attempts);
		export_lost(lesson, item, diags, format, item->attempts_pos, what);
	}
	if (item->note.s != NULL)
		export_lost(lesson, item, diags, format, item->note.pos, "the note");
	if (item->editor_note.s != NULL)
		export_lost(lesson, item, diags, format, item->editor_note.pos, "the editor_note");
	if (item->source.s != NULL)
		export_lost(lesson, item, diags, format, item->source.pos, "the source");
	if (item->tags.n > 0) {
		char what[80];
		snprintf(what, sizeof what, "the concept tags (%zu; only the difficulty goes out as a tag)", item->tags.n);
		export_lost(lesson, item, diags, format, item->tags.pos, what);
	}
	if (item->figure != NULL)
		export_lost(lesson, item, diags, format, item->figure_pos,
		    "the figure (the picture and figures the tutor computes)");
	const export_kind_ops *k = export_kind(item->kind);
	if (k->lost != NULL)
		k->lost(lesson, item, diags, format);
}

/* export_lesson.c - a lesson in the format asked for: the GIFT writer
 * (export_gift.c) or the Moodle XML one (export_moodle.c), over what both
 * share (export.c). */
#include "paratutor/interop/export.h"

bool export_lesson(const pt_lesson *lesson, pt_export_format format, pt_strbuf *out, pt_diags *diags,
    pt_export_count *count)
{
	return format == PT_EXPORT_GIFT ? export_gift(lesson, out, diags, count)
	                                : export_moodle(lesson, out, diags, count);
}

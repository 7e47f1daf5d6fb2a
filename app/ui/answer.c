/* answer.c - the words for the typed kinds' units and unclear checks,
 * shared by the item screen, the exam and plain mode. */
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/kind.h"
#include "paratutor/ui/ui_answer.h"

bool answer_units(const pt_item *item, char *buf, size_t size)
{
	if (size == 0)
		return false;
	buf[0] = '\0';
	/* Units are a numeric item's own field: other items have none. */
	size_t used = 0;
	for (size_t i = 0; i < item->n_units && used + 1 < size; i++) {
		int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", item->units[i].name.s);
		if (n < 0)
			break;
		used += (size_t)n < size - used ? (size_t)n : size - used - 1;
	}
	return buf[0] != '\0';
}

bool answer_not_counted(const pt_grade *g, char *buf, size_t size)
{
	const pt_item *item = g->item;
	const char *said = grade_said(g);
	if (size == 0)
		return false;
	buf[0] = '\0';
	/* Only a typed answer's check can be no check (an unclear number, a slip). */
	if (kind_shape(item->kind) != PT_SHAPE_TYPED || g->status != PT_OPEN ||
	    g->checked || said == NULL)
		return false;
	/* The slips' sentences (spelling, a fraction for a percentage, a
	 * qualified name) already say it cost nothing; the reasons a number
	 * was not understood do not. */
	if (kind_ops(item->kind)->unclear == PT_GRADE_UNCLEAR && strstr(said, "cost no attempt") == NULL)
		snprintf(buf, size, "%s This did not cost an attempt.", said);
	else
		snprintf(buf, size, "%s", said);
	return true;
}

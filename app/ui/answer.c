/* answer.c - the words for the format-2 kinds' answers and verdicts,
 * shared by the item screen and plain mode. */
#include <stdio.h>
#include <string.h>

#include "paratutor/learn/kind.h"
#include "paratutor/ui/ui_answer.h"

/* Returns the name of the unit a numeric item's answer is written in (the
 * first with factor 1), or NULL. */
static const char *answer_unit(const pt_item *item)
{
	for (size_t i = 0; i < item->n_units; i++)
		if (item->units[i].factor == 1.0 && item->units[i].name.s != NULL)
			return item->units[i].name.s;
	return NULL;
}

void answer_key(const pt_item *item, char *buf, size_t size)
{
	if (size == 0)
		return;
	buf[0] = '\0';
	/* The typed kinds' keys read their own fields (accepted texts, a range
	 * with units): compared here, where the words for them are. */
	if (item->kind == PT_KIND_TEXT) {
		if (item->accept.n > 0 && item->accept.v[0].s != NULL)
			snprintf(buf, size, "%s", item->accept.v[0].s);
		return;
	}
	if (item->kind != PT_KIND_NUMERIC)
		return;
	const char *unit = answer_unit(item);
	const char *space = unit != NULL && strcmp(unit, "%") != 0 ? " " : "";
	const pt_range *r = &item->answer;
	if (r->min == r->max)
		snprintf(buf, size, "%.10g%s%s", r->value, unit ? space : "", unit ? unit : "");
	else
		snprintf(buf, size, "%.10g%s%s (anything from %.10g to %.10g%s%s)", r->value,
		    unit ? space : "", unit ? unit : "", r->min, r->max, unit ? space : "", unit ? unit : "");
}

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

/* Returns the step number of text in an order item, or -1. */
static int step_number(const pt_item *item, const char *text)
{
	for (size_t i = 0; text != NULL && i < item->steps.n; i++)
		if (item->steps.v[i].s != NULL && strcmp(item->steps.v[i].s, text) == 0)
			return (int)i;
	return -1;
}

bool answer_out_of_place(const pt_grade *g, char *buf, size_t size)
{
	const pt_item *item = g->item;
	int pos = g->first_out_of_place;
	if (size == 0)
		return false;
	buf[0] = '\0';
	/* Steps and positions are an order item's own; a step placed there
	 * since the check took the mark away. */
	if (item->kind != PT_KIND_ORDER || !g->checked || pos < 0 || pos >= grade_slots(g) || g->fill[pos] < 0 ||
	    g->marks[pos] != PT_MARK_WRONG)
		return false;
	int placed = g->fill[pos];
	const char *text = item->bank.v[placed].s;
	int belongs = step_number(item, text);
	snprintf(buf, size, "Step %c, \"%s\", comes %s.", lesson_option_label((size_t)placed), text,
	    belongs > pos ? "later" : "earlier");
	return true;
}

int answer_step_at(const pt_item *item, int pos)
{
	/* Steps are an order item's own field. */
	if (pos < 0 || (size_t)pos >= item->steps.n)
		return -1;
	return lesson_bank_find(item, item->steps.v[pos].s);
}

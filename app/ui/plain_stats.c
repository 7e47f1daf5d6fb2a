/* plain_stats.c - the learner's statistics as plain text: shared by the
 * plain mode's stats command and `paratutor stats --me`. */
#include <string.h>

#include "paratutor/ui/plain.h"
#include "paratutor/ui/ui_clock.h"
#include "paratutor/ui/ui_draw.h"
#include "paratutor/ui/ui_guard.h"
#include "paratutor/ui/ui_wrapout.h"
#include "paratutor/report/stats_out.h"
#include "paratutor/base/text.h"

#define TEXT_WIDTH 78 /* the widest text and charts, on a wider terminal too */

/* Prints a paragraph: lead (when set) at indent, the text wrapped at width
 * after it with its later lines hanging under its start. */
static void print_para(FILE *out, const pt_stats_block *b, int width)
{
	int hang = b->indent;
	fprintf(out, "%*s", b->indent, "");
	if (b->lead != NULL) {
		fprintf(out, "%s  ", b->lead);
		hang += text_width(b->lead, strlen(b->lead)) + 2;
	}
	pt_lines lines;
	if (!text_wrap(b->text, width - hang, &lines)) {
		fprintf(out, "%s\n", b->text);
		return;
	}
	for (size_t k = 0; k < lines.n; k++)
		fprintf(out, "%*s%.*s\n", k > 0 ? hang : 0, "", (int)lines.v[k].len, b->text + lines.v[k].start);
	if (lines.n == 0)
		fputc('\n', out);
	text_lines_free(&lines);
}

/* Prints the statistics text, paragraphs wrapped at width. */
static void print_text(FILE *out, const pt_stats_text *t, int width)
{
	for (size_t i = 0; i < t->n; i++) {
		const pt_stats_block *b = &t->v[i];
		switch (b->form) {
		case STATS_HEADING:
			fprintf(out, "\n%s\n", b->text);
			break;
		case STATS_PARA:
		case STATS_NOTE:
			print_para(out, b, width);
			break;
		case STATS_LINE:
			if (b->lead != NULL)
				print_para(out, b, width);
			else
				fprintf(out, "%*s%s\n", b->indent, "", b->text);
			break;
		}
	}
}

bool plain_stats(FILE *out, const pt_progress *p, const struct pt_course *course, pt_catalog *catalog, time_t now,
    bool words)
{
	/* The terminal's width less a column each side, as the full screen's
	 * text: the charts fit it.  Standard output is the guarded stream;
	 * the terminal is behind it. */
	int width = wrapout_width(out == stdout ? guard_terminal() : out) - 2;
	pt_stats_style style = { !draw_locale_utf8(), width < TEXT_WIDTH ? width : TEXT_WIDTH, ui_utc_offset(now), words,
		course != NULL };
	pt_stats_text text;
	if (!stats_text_for(p, course, catalog, now, &style, &text))
		return false;
	print_text(out, &text, style.width);
	stats_text_free(&text);
	return true;
}

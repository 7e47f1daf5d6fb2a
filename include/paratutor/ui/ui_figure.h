/* ui_figure.h - an item's figure (figure.h) on the full screen and in
 * plain mode. */
#ifndef PARATUTOR_UI_FIGURE_H
#define PARATUTOR_UI_FIGURE_H

#include <stdio.h>

#include "paratutor/model/figure.h"
#include "paratutor/model/lesson.h"
#include "paratutor/ui/ui_doc.h"

/* Adds the item's figure to d: its picture, then its figures in
 * sentences.  Nothing when the item has none. */
void figure_view_add(pt_doc *d, const pt_item *it);

/* Prints the item's figure as sentences (plain mode). */
void figure_view_print(FILE *out, const pt_item *it);

/* What of a figure figure_view_add_figure adds: its picture, its
 * sentences, or both. */
enum { FIG_VIEW_PICTURE = 1u << 0, FIG_VIEW_SENTENCES = 1u << 1 };

/* The same for a figure at another setting (an explore item's), the parts
 * asked for (FIG_VIEW_* bits). */
void figure_view_add_figure(pt_doc *d, const pt_figure *f, unsigned parts);
void figure_view_print_figure(FILE *out, const pt_figure *f);

#endif

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

/* The same for a figure at another setting (an explore item's); with
 * picture false, its sentences alone. */
void figure_view_add_figure(pt_doc *d, const pt_figure *f, bool picture);
void figure_view_print_figure(FILE *out, const pt_figure *f);

#endif

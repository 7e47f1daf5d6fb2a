/* tags.h - the controlled list of concept tags an item may carry
 * ("tags": [...] in a format-2 lesson).  A concept such as all-reduce or
 * the pipeline bubble runs through several lessons; mastery, review
 * advice and the class report are also given per tag.  content/README.md
 * lists the tags with what each covers. */
#ifndef PARATUTOR_TAGS_H
#define PARATUTOR_TAGS_H

#include <stddef.h>

typedef struct pt_tag_info {
	const char *name;   /* as written in a lesson */
	const char *label;  /* what a learner reads */
} pt_tag_info;

/* The list, in a stable order; tags_count() entries. */
extern const pt_tag_info pt_tags[];
size_t tags_count(void);

/* Returns the index of tag name in pt_tags, or -1. */
int tags_find(const char *name);

/* Returns the known tag nearest to name (a likely misspelling), or NULL. */
const char *tags_nearest(const char *name);

#endif

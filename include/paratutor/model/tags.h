/* tags.h - the controlled list of concept tags an item may carry
 * ("tags": [...] in a format-2 lesson).  A concept such as all-reduce or
 * the pipeline bubble runs through several lessons; mastery, review
 * advice and the class report are also given per tag.  content/README.md
 * lists the tags with what each covers.
 *
 * A course (course.json "concepts") or a lesson ("concepts" at its top)
 * may declare more, each with a title: tags_declare adds them after the
 * bundled ones, up to PT_TAGS_MAX in all, for the rest of the process
 * (declaring is safe beside readers on other threads; a name keeps the
 * title it was first declared with). */
#ifndef PARATUTOR_TAGS_H
#define PARATUTOR_TAGS_H

#include <stdbool.h>
#include <stddef.h>

#define PT_TAGS_MAX 64 /* bundled and declared tags together: a tag is a bit of a 64-bit mask */

typedef struct pt_tag_info {
	const char *name;   /* as written in a lesson */
	const char *label;  /* what a learner reads */
} pt_tag_info;

/* The number of bundled tags: the first entries of the list (tags_at). */
size_t tags_bundled(void);

/* Every tag known now, bundled then declared, in a stable order: index i
 * from 0 to tags_count() - 1 (the count only grows). */
size_t tags_count(void);
const pt_tag_info *tags_at(size_t i);

/* Returns true when name is a well-formed tag name: 1 to 32 of a-z, 0-9
 * and '-', starting with a letter. */
bool tags_name_ok(const char *name);

/* Declares tag name with label (both copied), by a lesson (by_lesson) or
 * by a course.  Returns its index (that of a tag known already, its title
 * kept), or -1 when the name is not well formed, the label empty, the
 * list full or memory out. */
int tags_declare(const char *name, const char *label, bool by_lesson);

/* Returns true when tag i was declared by a lesson (not bundled, not a
 * course's): only lessons declaring it themselves may use it. */
bool tags_by_lesson(size_t i);

/* Returns the index of tag name in the list (tags_at), or -1. */
int tags_find(const char *name);

/* Returns the known tag nearest to name (a likely misspelling), or NULL. */
const char *tags_nearest(const char *name);

#endif

/* tags.h - the controlled list of concept tags an item may carry
 * ("tags": [...] in a format-2 lesson).  A concept such as all-reduce or
 * the pipeline bubble runs through several lessons; mastery, review
 * advice and the class report are also given per tag.  content/README.md
 * lists the tags with what each covers.
 *
 * A course (course.json "concepts") or a lesson ("concepts" at its top)
 * may declare more, each with a title: tags_declare adds them to a tag
 * list (pt_tags, kept by whoever loads the lessons: the catalog) after the
 * bundled ones, up to PT_TAGS_MAX in all (declaring is safe beside readers
 * on other threads; a name keeps the title it was first declared with).
 * Every function reading a list takes NULL for the bundled tags alone. */
#ifndef PARATUTOR_TAGS_H
#define PARATUTOR_TAGS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#define PT_TAGS_MAX 64 /* bundled and declared tags together: a tag is a bit of a 64-bit mask */

typedef struct pt_tag_info {
	const char *name;   /* as written in a lesson */
	const char *label;  /* what a learner reads */
} pt_tag_info;

/* The bundled tags and those declared so far.  All zero is an empty list
 * (no init call); tags_free frees the declared ones.  An entry is written
 * under the lock, complete before the count that shows it is published,
 * so readers need no lock. */
typedef struct pt_tags {
	pt_tag_info declared[PT_TAGS_MAX];
	bool by_lesson[PT_TAGS_MAX];
	atomic_size_t n;     /* declared entries published */
	atomic_bool busy;    /* the lock declaring takes */
} pt_tags;

/* Frees the declared tags and empties the list. */
void tags_free(pt_tags *tags);

/* The number of bundled tags: the first entries of the list (tags_at). */
size_t tags_bundled(void);

/* Every tag known now, bundled then declared, in a stable order: index i
 * from 0 to tags_count() - 1 (the count only grows). */
size_t tags_count(const pt_tags *tags);
const pt_tag_info *tags_at(const pt_tags *tags, size_t i);

/* Returns true when name is a well-formed tag name: 1 to 32 of a-z, 0-9
 * and '-', starting with a letter. */
bool tags_name_ok(const char *name);

/* Declares tag name with label (both copied), by a lesson (by_lesson) or
 * by a course.  Returns its index (that of a tag known already, its title
 * kept), or -1 when the name is not well formed, the label empty, the
 * list full or memory out. */
int tags_declare(pt_tags *tags, const char *name, const char *label, bool by_lesson);

/* Returns true when tag i was declared by a lesson (not bundled, not a
 * course's): only lessons declaring it themselves may use it. */
bool tags_by_lesson(const pt_tags *tags, size_t i);

struct pt_lesson;

/* Returns true when lesson may carry tag i: bundled, a course's, or
 * declared in lesson's own "concepts" (another lesson's concept is not
 * known to it, whichever lesson was loaded first). */
bool tags_usable(const pt_tags *tags, size_t i, const struct pt_lesson *lesson);

/* Returns the index of tag name in the list (tags_at), or -1. */
int tags_find(const pt_tags *tags, const char *name);

/* Returns the tag lesson may carry (tags_usable) nearest to name (a
 * likely misspelling), or NULL. */
const char *tags_nearest(const pt_tags *tags, const char *name, const struct pt_lesson *lesson);

#endif

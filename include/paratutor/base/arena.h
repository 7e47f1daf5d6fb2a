/* arena.h - bump allocation for data that is freed all at once.
 *
 * An arena owns every block it hands out; arena_free() releases them
 * together.  Blocks from arena_alloc and arena_calloc are aligned for any
 * type; strings from arena_strdup are packed without padding.  Not
 * thread-safe: one arena belongs to one thread at a time. */
#ifndef PARATUTOR_ARENA_H
#define PARATUTOR_ARENA_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pt_arena pt_arena;

/* Returns an empty arena, or NULL when out of memory. */
pt_arena *arena_new(void);

/* As arena_new, for memory filled at once in bulk: its chunks are
 * mapped with their pages in place (MAP_POPULATE), which costs far less
 * than a page fault on each first touch (the lesson index of a large
 * library).  Falls back to ordinary chunks where that is refused. */
pt_arena *arena_new_populated(void);

/* Returns n bytes that live until the arena is freed, or NULL. */
void *arena_alloc(pt_arena *a, size_t n);

/* Returns n zeroed elements of size bytes each, or NULL (also on
 * overflow). */
void *arena_calloc(pt_arena *a, size_t n, size_t size);

/* Returns a copy of s in the arena, or NULL. */
char *arena_strdup(pt_arena *a, const char *s);

/* Returns a NUL-terminated copy of the n bytes at s, or NULL. */
char *arena_strndup(pt_arena *a, const char *s, size_t n);

/* Makes the arena own n bytes at p mapped with mmap: arena_free unmaps
 * them with the blocks.  Returns false (p stays mapped, the caller's)
 * when out of memory. */
bool arena_own_mapping(pt_arena *a, void *p, size_t n);

/* Frees the arena and every block it handed out; NULL is allowed. */
void arena_free(pt_arena *a);

#endif

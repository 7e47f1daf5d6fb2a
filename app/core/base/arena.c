/* arena.c - bump allocation in growing chunks, freed all at once. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "paratutor/base/arena.h"

#define CHUNK_FIRST ((size_t)16 << 10)
#define CHUNK_MAX ((size_t)1 << 20)

typedef struct chunk {
	struct chunk *next;
	size_t used;
	size_t size;
	bool mapped; /* from mmap (munmap sizeof chunk + size), else malloc */
	max_align_t data[];
} chunk;

/* A mapping the arena owns (arena_own_mapping). */
typedef struct mapping {
	struct mapping *next;
	void *p;
	size_t n;
} mapping;

struct pt_arena {
	mapping *mappings; /* unmapped by arena_free */
	chunk *head;      /* the chunk being filled; older ones follow */
	size_t next_size; /* size of the next chunk, doubling up to CHUNK_MAX */
	bool populate;    /* map chunks with their pages in place */
};

pt_arena *arena_new(void)
{
	pt_arena *a = malloc(sizeof *a);
	if (a != NULL) {
		a->mappings = NULL;
		a->head = NULL;
		a->next_size = CHUNK_FIRST;
		a->populate = false;
	}
	return a;
}

pt_arena *arena_new_populated(void)
{
	pt_arena *a = arena_new();
	if (a != NULL)
		a->populate = true;
	return a;
}

/* Returns a new chunk of size bytes of data, or NULL. */
static chunk *chunk_new(const pt_arena *a, size_t size)
{
	if (a->populate) {
		void *p = mmap(NULL, sizeof(chunk) + size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
		if (p != MAP_FAILED) {
			chunk *c = p;
			c->mapped = true;
			return c;
		}
	}
	chunk *c = malloc(sizeof *c + size);
	if (c != NULL)
		c->mapped = false;
	return c;
}

/* Returns n bytes aligned to align (a power of two), or NULL. */
static void *arena_take(pt_arena *a, size_t n, size_t align)
{
	if (n > SIZE_MAX / 2)
		return NULL;
	chunk *c = a->head;
	size_t at = c != NULL ? (c->used + align - 1) & ~(align - 1) : 0;
	if (c == NULL || at > c->size || c->size - at < n) {
		size_t size = n > a->next_size ? n : a->next_size;
		chunk *fresh = chunk_new(a, size);
		if (fresh == NULL)
			return NULL;
		fresh->size = size;
		if (a->next_size < CHUNK_MAX)
			a->next_size *= 2;
		fresh->next = c;
		fresh->used = 0;
		a->head = c = fresh;
		at = 0;
	}
	c->used = at + n;
	return (char *)c->data + at;
}

void *arena_alloc(pt_arena *a, size_t n)
{
	return arena_take(a, n, sizeof(max_align_t));
}

void *arena_calloc(pt_arena *a, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / 2 / size)
		return NULL;
	void *p = arena_alloc(a, n * size);
	if (p != NULL)
		memset(p, 0, n * size);
	return p;
}

char *arena_strdup(pt_arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_strndup(pt_arena *a, const char *s, size_t n)
{
	char *copy = n < SIZE_MAX ? arena_take(a, n + 1, 1) : NULL;
	if (copy != NULL) {
		memcpy(copy, s, n);
		copy[n] = '\0';
	}
	return copy;
}

bool arena_own_mapping(pt_arena *a, void *p, size_t n)
{
	mapping *m = malloc(sizeof *m);
	if (m == NULL)
		return false;
	*m = (mapping){ a->mappings, p, n };
	a->mappings = m;
	return true;
}

/* Unmaps and forgets the mappings the arena owns. */
static void mappings_free(pt_arena *a)
{
	while (a->mappings != NULL) {
		mapping *next = a->mappings->next;
		munmap(a->mappings->p, a->mappings->n);
		free(a->mappings);
		a->mappings = next;
	}
}

/* Frees a list of chunks. */
static void chunks_free(chunk *c)
{
	while (c != NULL) {
		chunk *next = c->next;
		if (c->mapped)
			munmap(c, sizeof *c + c->size);
		else
			free(c);
		c = next;
	}
}

void arena_free(pt_arena *a)
{
	if (a == NULL)
		return;
	mappings_free(a);
	chunks_free(a->head);
	free(a);
}

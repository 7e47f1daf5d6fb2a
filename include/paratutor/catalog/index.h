/* index.h - the lesson index cache: what the menu and the progress views
 * need of each lesson file, kept on disk so that start-up does not load
 * and validate every lesson.
 *
 * One index file per lesson directory holds the directory's key when
 * its lesson files were all indexed (a start that finds the directory
 * unchanged takes their names from the index instead of reading the
 * directory: adding, removing or renaming a file changes the key), and,
 * per lesson file, its key
 * (path as given, device, inode, size, modification and change times in
 * nanoseconds), a pt_lesson_info (id, title, summary, and per item the id,
 * graded-content hash, kind, difficulty, hint count and concept tags) and the
 * diagnostics that loading and validating it gave.  The file starts with a
 * magic, PT_INDEX_VERSION and a tag naming the program that wrote it, and
 * ends with a checksum: anything truncated, corrupt, from another version
 * or another build fails to decode, and the caller rebuilds it.  The index
 * is only a cache: an entry is used only while its key matches the file.
 *
 * Pure: the caller passes paths and stat results.  index_read and
 * index_write do file I/O (as the progress store does); nothing here
 * prints or reads the clock.
 *
 * Ownership: a pt_lesson_info is one block, malloc'd (free() it) or, when
 * decoded into an arena, the arena's; a pt_index owns its entries, their
 * paths and infos (unless in an arena) and diagnostics (index_free);
 * index_take moves one entry's info and diagnostics out. */
#ifndef PARATUTOR_INDEX_H
#define PARATUTOR_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <limits.h>
#include <sys/stat.h>

#include "paratutor/base/arena.h"
#include "paratutor/base/diag.h"
#include "paratutor/model/lesson.h"

#define PT_INDEX_VERSION 5
#define PT_INDEX_MAX_SIZE (256u * 1024u * 1024u) /* larger index files are not read */

/* What identifies one version of a lesson file. */
typedef struct pt_file_key {
	unsigned long long dev, ino, size, mtime_ns, ctime_ns;
} pt_file_key;

/* One item as the menu and progress views see it. */
typedef struct pt_index_item {
	const char *id;           /* NULL when the item has none */
	unsigned long long hash;  /* lesson_item_hash() */
	unsigned long long key;   /* lesson_item_key_hash() */
	pt_kind kind;
	pt_difficulty difficulty;
	unsigned n_hints;
	const char *tags;         /* its concept tags joined by commas; NULL when none */
} pt_index_item;

/* A lesson without its content: everything in one block, or (decoded
 * into an arena) pointing into the index file's bytes.  The items stay
 * encoded as the index file holds them, checked when decoded: only the
 * progress views read them, and only for lessons with progress, so a
 * start-up over a large library does not build ten thousand of them.
 * Read them with index_items_next. */
typedef struct pt_lesson_info {
	const char *id;      /* NULL when the lesson has none */
	pt_pos id_pos;
	const char *title;   /* NULL when absent */
	const char *summary; /* NULL when absent */
	size_t n_items;
	size_t per_difficulty[3]; /* items of each pt_difficulty */
	const unsigned char *items; /* n_items encoded items, items_len bytes */
	size_t items_len;
	unsigned kinds;      /* bit 1u << kind set for each pt_kind some item has */
} pt_lesson_info;

/* A place in an info's encoded items. */
typedef struct pt_index_items {
	const unsigned char *p;
	size_t left; /* items not yet read */
} pt_index_items;

/* One lesson file in an index. */
typedef struct pt_index_entry {
	char *path;
	pt_file_key key;
	pt_lesson_info *info; /* NULL when the file gave no lesson */
	pt_diags diags;       /* from loading and validating it */
} pt_index_entry;

/* A decoded index, its entries sorted by path. */
typedef struct pt_index {
	pt_index_entry *v;
	size_t n;
	pt_arena *infos; /* where the infos are when not each its own block (not owned) */
	/* The second the index file was last written (index_read), or
	 * PT_INDEX_NO_TIME when decoded from memory.  An entry whose file was
	 * modified in that second or later is not trusted (index_find): a
	 * later change in the same second could keep the same key (git's
	 * "racily clean" rule). */
	long long written_s;
	bool has_dir;    /* the index holds every lesson file of the directory with key dir */
	pt_file_key dir;
} pt_index;

#define PT_INDEX_NO_TIME LLONG_MAX

/* An index being written: entries are added one by one. */
typedef struct pt_index_writer {
	char *buf;
	size_t len, cap;
	size_t n;        /* entries added */
	size_t count_at; /* where the entry count goes */
	bool failed; /* out of memory: index_finish gives nothing */
} pt_index_writer;

/* Fills *key from a stat result. */
void index_key_of(const struct stat *st, pt_file_key *key);

/* Returns true when two keys name the same version of a file. */
bool index_key_equal(const pt_file_key *a, const pt_file_key *b);

/* Returns a new info (one block; caller frees) describing lesson, or NULL
 * when out of memory. */
pt_lesson_info *index_info_of(const pt_lesson *lesson);

/* Starts an index written by the program named tag, with dir the key of
 * the directory whose lesson files are all added (NULL: not all). */
void index_writer_start(pt_index_writer *w, const char *tag, const pt_file_key *dir);

/* Adds one lesson file (info may be NULL). */
void index_writer_add(pt_index_writer *w, const char *path, const pt_file_key *key,
    const pt_lesson_info *info, const pt_diags *diags);

/* Ends the index: on success *out (caller frees) holds *len bytes and
 * true is returned; false when out of memory. */
bool index_writer_finish(pt_index_writer *w, char **out, size_t *len);

/* Decodes len bytes written by index_writer_finish for the program named
 * tag into *ix.  Returns false (with *ix empty) when the bytes are not a
 * whole, uncorrupted index of this version and tag, or out of memory. */
bool index_decode(const char *buf, size_t len, const char *tag, pt_index *ix);

/* As index_decode, with the entries and infos allocated from the arena
 * infos instead, their strings and items pointing into buf: they live
 * as long as both do (index_read maps the file and gives the arena the
 * mapping); index_free leaves them. */
bool index_decode_into(const char *buf, size_t len, const char *tag, pt_index *ix, pt_arena *infos);

/* Returns the checksum index_writer_finish appends to the n bytes at p
 * (the fuzz target seals its inputs with it, to reach the decoder). */
unsigned long long index_checksum(const char *p, size_t n);

/* Returns a cursor on the first of info's items. */
pt_index_items index_items(const pt_lesson_info *info);

/* Reads the item at the cursor into *it and moves on; false (with *it
 * untouched) after the last.  The item's id points into the info. */
bool index_items_next(pt_index_items *c, pt_index_item *it);

/* Returns the entry for path when its key equals key and the file was
 * modified before the second the index was written, else NULL. */
pt_index_entry *index_find(const pt_index *ix, const char *path, const pt_file_key *key);

/* Returns true when the index holds every lesson file of the directory
 * with key dir: it says so for that key, and the directory was modified
 * before the second the index was written (the rule index_find keeps). */
bool index_lists_dir(const pt_index *ix, const pt_file_key *dir);

/* Moves an entry's info and diagnostics into the caller's hands, leaving
 * the entry empty. */
void index_take(pt_index_entry *e, pt_lesson_info **info, pt_diags *diags);

/* Reads and decodes the index file at path, as index_decode_into (infos
 * may be NULL); false when missing, unreadable or not valid, with *ix
 * empty. */
bool index_read(const char *path, const char *tag, pt_index *ix, pt_arena *infos);

/* Writes len bytes as the index file at path: a temporary file in the
 * same directory, renamed over path, so a reader never sees a partial
 * index and two writers never mix.  Creates the directory (mode 0700)
 * when missing.  Returns false when it cannot be written. */
bool index_write(const char *path, const char *buf, size_t len);

/* Writes the index file name for lesson directory dir (its real path and
 * the path as given, hashed) under cache_dir into buf; false when it does not fit or dir
 * cannot be resolved. */
bool index_file_for(const char *cache_dir, const char *dir, char *buf, size_t size);

/* Writes the default cache directory, $XDG_CACHE_HOME/paratutor (else
 * ~/.cache/paratutor), into buf; false when no home is known or it does
 * not fit. */
bool index_default_dir(char *buf, size_t size);

/* Frees everything the index owns and empties it. */
void index_free(pt_index *ix);

#endif

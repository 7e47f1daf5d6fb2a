/* index.c - the lesson index cache: encoding, decoding and the file.
 *
 * Layout (integers little-endian; a string is a u32 length, 0xffffffff
 * for none, then its bytes and a NUL, so that a decoded index can point
 * into the file's bytes instead of copying):
 *   "PTIX" u32 version, string tag, u8 has_dir, [u64 dev ino size mtime_ns
 *   ctime_ns of the directory], u32 entry count,
 *   per entry: u32 byte length of the rest of the entry, string path,
 *     u64 dev ino size mtime_ns ctime_ns, u8 has_info,
 *     [string id, i32 line, i32 col, string title, string summary,
 *      u32 items, per item: string id, u64 hash, u64 key, u8 kind, u8 difficulty,
 *      u32 hints, string tags (joined by commas; none when it has none)],
 *     u32 errors warnings dropped kept, per kept diagnostic: string file,
 *     i32 line, i32 col, u8 severity, string message;
 *   u64 FNV-1a of every byte before it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "paratutor/base/fileio.h"
#include "paratutor/base/grow.h"
#include "paratutor/catalog/index.h"
#include "paratutor/load/load_kind.h"

#define MAGIC "PTIX"
#define NO_STRING 0xffffffffu
#define ITEM_FIXED_BYTES (8 + 8 + 1 + 1 + 4) /* an item after its id */
#define MIN_ITEM_BYTES (4 + ITEM_FIXED_BYTES + 4)
#define MIN_DIAG_BYTES (4 + 4 + 4 + 1 + 4)
#define MIN_ENTRY_BYTES (4 + 4 + 5 * 8 + 1 + 4 * 4)

void index_key_of(const struct stat *st, pt_file_key *key)
{
	key->dev = (unsigned long long)st->st_dev;
	key->ino = (unsigned long long)st->st_ino;
	key->size = (unsigned long long)st->st_size;
	key->mtime_ns = (unsigned long long)st->st_mtim.tv_sec * 1000000000ull + (unsigned long long)st->st_mtim.tv_nsec;
	key->ctime_ns = (unsigned long long)st->st_ctim.tv_sec * 1000000000ull + (unsigned long long)st->st_ctim.tv_nsec;
}

bool index_key_equal(const pt_file_key *a, const pt_file_key *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime_ns == b->mtime_ns &&
	    a->ctime_ns == b->ctime_ns;
}

/* ---- storing --------------------------------------------------------- */

/* Stores v as size bytes, least significant first; returns the end. */
static unsigned char *store_uint(unsigned char *at, unsigned long long v, size_t size)
{
	for (size_t i = 0; i < size; i++)
		at[i] = (unsigned char)(v >> (8 * i));
	return at + size;
}

/* Returns the bytes a string of n bytes (s NULL for none) takes. */
static size_t string_bytes(const char *s, size_t n)
{
	return s != NULL ? 4 + n + 1 : 4;
}

/* Stores a string of n bytes (s NULL for none); returns the end. */
static unsigned char *store_str(unsigned char *at, const char *s, size_t n)
{
	if (s == NULL)
		return store_uint(at, NO_STRING, 4);
	at = store_uint(at, n, 4);
	memcpy(at, s, n);
	at[n] = '\0';
	return at + n + 1;
}

/* ---- infos ------------------------------------------------------------- */

/* Copies s (NULL allowed) to *at, advancing it; returns the copy. */
static const char *put_string(char **at, const char *s, size_t n)
{
	if (s == NULL)
		return NULL;
	char *copy = *at;
	memcpy(copy, s, n);
	copy[n] = '\0';
	*at += n + 1;
	return copy;
}

/* Returns strlen(s) + 1, or 0 for NULL. */
static size_t string_room(const char *s)
{
	return s != NULL ? strlen(s) + 1 : 0;
}

/* Returns the length of an item's tags joined by commas. */
static size_t tags_len(const pt_text_list *tags)
{
	size_t n = tags->n > 0 ? tags->n - 1 : 0;
	for (size_t t = 0; t < tags->n; t++)
		n += tags->v[t].s != NULL ? strlen(tags->v[t].s) : 0;
	return n;
}

/* Stores an item's tags joined by commas (none when it has none); returns
 * the end. */
static unsigned char *store_tags(unsigned char *at, const pt_text_list *tags)
{
	if (tags->n == 0)
		return store_str(at, NULL, 0);
	at = store_uint(at, tags_len(tags), 4);
	for (size_t t = 0; t < tags->n; t++) {
		size_t n = tags->v[t].s != NULL ? strlen(tags->v[t].s) : 0;
		memcpy(at, tags->v[t].s != NULL ? tags->v[t].s : "", n);
		at[n] = t + 1 < tags->n ? ',' : '\0';
		at += n + 1;
	}
	return at;
}

pt_lesson_info *index_info_of(const pt_lesson *lesson)
{
	size_t items_len = 0;
	for (size_t i = 0; i < lesson->n_items; i++) {
		const char *id = lesson->items[i].id.s;
		const pt_text_list *tags = &lesson->items[i].tags;
		size_t joined = tags_len(tags);
		if ((id != NULL && strlen(id) >= NO_STRING) || joined >= NO_STRING)
			return NULL;
		items_len += string_bytes(id, id != NULL ? strlen(id) : 0) + ITEM_FIXED_BYTES;
		items_len += tags->n > 0 ? string_bytes("", joined) : string_bytes(NULL, 0);
	}
	size_t room = sizeof(pt_lesson_info) + items_len;
	room += string_room(lesson->id.s) + string_room(lesson->title.s) + string_room(lesson->summary.s);
	pt_lesson_info *info = malloc(room);
	if (info == NULL)
		return NULL;
	unsigned char *items = (unsigned char *)(info + 1), *end = items;
	memset(info->per_difficulty, 0, sizeof info->per_difficulty);
	info->kinds = 0;
	for (size_t i = 0; i < lesson->n_items; i++) {
		const pt_item *it = &lesson->items[i];
		info->per_difficulty[it->difficulty]++;
		info->kinds |= 1u << it->kind;
		end = store_str(end, it->id.s, it->id.s != NULL ? strlen(it->id.s) : 0);
		end = store_uint(end, lesson_item_hash(it), 8);
		end = store_uint(end, lesson_item_key_hash(it), 8);
		end = store_uint(end, (unsigned)it->kind, 1);
		end = store_uint(end, (unsigned)it->difficulty, 1);
		end = store_uint(end, (unsigned)it->hints.n, 4);
		end = store_tags(end, &it->tags);
	}
	char *at = (char *)end;
	info->id = put_string(&at, lesson->id.s, string_room(lesson->id.s) - 1);
	info->id_pos = lesson->id.pos;
	info->title = put_string(&at, lesson->title.s, string_room(lesson->title.s) - 1);
	info->summary = put_string(&at, lesson->summary.s, string_room(lesson->summary.s) - 1);
	info->n_items = lesson->n_items;
	info->items = items;
	info->items_len = items_len;
	return info;
}

/* ---- encoding ---------------------------------------------------------- */

/* Makes room for n more bytes; false (and failed) when out of memory. */
static bool reserve(pt_index_writer *w, size_t n)
{
	if (w->failed)
		return false;
	if (w->len + n > w->cap) {
		void *v = w->buf;
		if (!grow_array(&v, &w->cap, w->len + n, 1)) {
			w->failed = true;
			return false;
		}
		w->buf = v;
	}
	return true;
}

/* Appends n bytes. */
static void put(pt_index_writer *w, const void *p, size_t n)
{
	if (n > 0 && reserve(w, n)) {
		memcpy(w->buf + w->len, p, n);
		w->len += n;
	}
}

/* Appends an unsigned integer of size bytes, least significant first. */
static void put_uint(pt_index_writer *w, unsigned long long v, size_t size)
{
	unsigned char b[8];
	put(w, b, (size_t)(store_uint(b, v, size) - b));
}

/* Appends a string (NULL allowed). */
static void put_str(pt_index_writer *w, const char *s)
{
	size_t n = s != NULL ? strlen(s) : 0;
	if (n >= NO_STRING) {
		w->failed = true;
		return;
	}
	if (!reserve(w, string_bytes(s, n)))
		return;
	unsigned char *at = (unsigned char *)w->buf + w->len;
	w->len += (size_t)(store_str(at, s, n) - at);
}

/* Appends a position. */
static void put_pos(pt_index_writer *w, pt_pos pos)
{
	put_uint(w, (uint32_t)pos.line, 4);
	put_uint(w, (uint32_t)pos.col, 4);
}

/* Writes v as a u32 at offset at. */
static void patch_u32(pt_index_writer *w, size_t at, size_t v)
{
	if (w->failed)
		return;
	if (v > UINT32_MAX) {
		w->failed = true;
		return;
	}
	store_uint((unsigned char *)w->buf + at, v, 4);
}

/* Appends a key. */
static void put_key(pt_index_writer *w, const pt_file_key *key)
{
	const unsigned long long k[5] = { key->dev, key->ino, key->size, key->mtime_ns, key->ctime_ns };
	for (size_t i = 0; i < 5; i++)
		put_uint(w, k[i], 8);
}

void index_writer_start(pt_index_writer *w, const char *tag, const pt_file_key *dir)
{
	memset(w, 0, sizeof *w);
	put(w, MAGIC, 4);
	put_uint(w, PT_INDEX_VERSION, 4);
	put_str(w, tag);
	put_uint(w, dir != NULL, 1);
	if (dir != NULL)
		put_key(w, dir);
	w->count_at = w->len;
	put_uint(w, 0, 4); /* the entry count, set by index_writer_finish */
}

void index_writer_add(pt_index_writer *w, const char *path, const pt_file_key *key,
    const pt_lesson_info *info, const pt_diags *diags)
{
	size_t start = w->len;
	put_uint(w, 0, 4);
	put_str(w, path);
	put_key(w, key);
	put_uint(w, info != NULL, 1);
	if (info != NULL) {
		put_str(w, info->id);
		put_pos(w, info->id_pos);
		put_str(w, info->title);
		put_str(w, info->summary);
		put_uint(w, info->n_items, 4);
		put(w, info->items, info->items_len);
	}
	put_uint(w, diags->errors, 4);
	put_uint(w, diags->warnings, 4);
	put_uint(w, diags->dropped, 4);
	put_uint(w, diags->n, 4);
	for (size_t i = 0; i < diags->n; i++) {
		const pt_diag *d = &diags->v[i];
		put_str(w, d->file);
		put_pos(w, d->pos);
		put_uint(w, (unsigned)d->severity, 1);
		put_str(w, d->message);
	}
	patch_u32(w, start, w->len - start - 4);
	w->n++;
}

bool index_writer_finish(pt_index_writer *w, char **out, size_t *len)
{
	patch_u32(w, w->count_at, w->n);
	if (!w->failed)
		put_uint(w, index_checksum(w->buf, w->len), 8);
	if (w->failed) {
		free(w->buf);
		memset(w, 0, sizeof *w);
		return false;
	}
	*out = w->buf;
	*len = w->len;
	memset(w, 0, sizeof *w);
	return true;
}

/* ---- decoding ---------------------------------------------------------- */

/* A cursor over bytes being decoded; ok turns false at the first fault. */
typedef struct reader {
	const unsigned char *p;
	size_t left;
	bool ok;
} reader;

/* Reads an unsigned integer of size bytes (0 after a fault). */
static unsigned long long get_uint(reader *r, size_t size)
{
	if (!r->ok || r->left < size) {
		r->ok = false;
		return 0;
	}
	unsigned long long v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&v, r->p, size); /* the file's order: one load instead of a loop */
#else
	for (size_t i = 0; i < size; i++)
		v |= (unsigned long long)r->p[i] << (8 * i);
#endif
	r->p += size;
	r->left -= size;
	return v;
}

/* Reads a string into *s and *n (*s NULL for none); *s points at the
 * string's NUL-terminated bytes in the buffer.  A string holding a NUL
 * byte or missing its NUL is a fault. */
static void get_str(reader *r, const char **s, size_t *n)
{
	*s = NULL;
	*n = 0;
	unsigned long long len = get_uint(r, 4);
	if (!r->ok || len == NO_STRING)
		return;
	if (len >= r->left || r->p[len] != '\0' || memchr(r->p, '\0', (size_t)len) != NULL) {
		r->ok = false;
		return;
	}
	*s = (const char *)r->p;
	*n = (size_t)len;
	r->p += len + 1;
	r->left -= (size_t)len + 1;
}

/* Reads a string as a new NUL-terminated copy (NULL for none or a fault;
 * *ok turns false when a present string cannot be copied). */
static char *get_strdup(reader *r)
{
	const char *s;
	size_t n;
	get_str(r, &s, &n);
	if (s == NULL)
		return NULL;
	char *copy = malloc(n + 1);
	if (copy == NULL) {
		r->ok = false;
		return NULL;
	}
	memcpy(copy, s, n);
	copy[n] = '\0';
	return copy;
}

/* Reads a key. */
static pt_file_key get_key(reader *r)
{
	unsigned long long k[5];
	for (size_t i = 0; i < 5; i++)
		k[i] = get_uint(r, 8);
	return (pt_file_key){ k[0], k[1], k[2], k[3], k[4] };
}

/* Reads a position; lines and columns are positive. */
static pt_pos get_pos(reader *r)
{
	unsigned long long line = get_uint(r, 4), col = get_uint(r, 4);
	if (line > INT_MAX || col > INT_MAX)
		r->ok = false;
	return r->ok ? (pt_pos){ (int)line, (int)col } : (pt_pos){ 0, 0 };
}

/* Checks the n encoded items ahead of r and moves past them, counting
 * them by difficulty into per and setting a bit of *kinds per kind. */
static void skip_items(reader *r, size_t n, size_t per[3], unsigned *kinds)
{
	per[0] = per[1] = per[2] = 0;
	*kinds = 0;
	for (size_t i = 0; i < n && r->ok; i++) {
		const char *id;
		size_t len;
		get_str(r, &id, &len);
		get_uint(r, 8);
		get_uint(r, 8);
		unsigned long long kind = get_uint(r, 1), difficulty = get_uint(r, 1);
		get_uint(r, 4);
		get_str(r, &id, &len);
		if (kind >= PT_KIND_COUNT || difficulty > PT_HARD)
			r->ok = false;
		else {
			per[difficulty]++;
			*kinds |= 1u << kind;
		}
	}
}

pt_index_items index_items(const pt_lesson_info *info)
{
	return (pt_index_items){ info->items, info->n_items };
}

bool index_items_next(pt_index_items *c, pt_index_item *it)
{
	if (c->left == 0)
		return false;
	/* Checked when decoded (skip_items) or written by index_info_of. */
	reader r = { c->p, SIZE_MAX, true };
	size_t len;
	get_str(&r, &it->id, &len);
	it->hash = get_uint(&r, 8);
	it->key = get_uint(&r, 8);
	it->kind = (pt_kind)get_uint(&r, 1);
	it->difficulty = (pt_difficulty)get_uint(&r, 1);
	it->n_hints = (unsigned)get_uint(&r, 4);
	get_str(&r, &it->tags, &len);
	c->p = r.p;
	c->left--;
	return true;
}

/* Reads an info: into the arena infos, pointing into the buffer, when
 * infos is not NULL, else copied into one malloc'd block.  NULL on a
 * fault. */
static pt_lesson_info *get_info(reader *r, pt_arena *infos)
{
	const char *id, *title, *summary;
	size_t id_n, title_n, summary_n;
	get_str(r, &id, &id_n);
	pt_pos id_pos = get_pos(r);
	get_str(r, &title, &title_n);
	get_str(r, &summary, &summary_n);
	unsigned long long n = get_uint(r, 4);
	if (!r->ok || n > r->left / MIN_ITEM_BYTES) {
		r->ok = false;
		return NULL;
	}
	const unsigned char *items = r->p;
	size_t per[3];
	unsigned kinds;
	skip_items(r, (size_t)n, per, &kinds);
	if (!r->ok)
		return NULL;
	size_t items_len = (size_t)(r->p - items);
	pt_lesson_info *info;
	if (infos != NULL) {
		info = arena_alloc(infos, sizeof *info);
		if (info == NULL) {
			r->ok = false;
			return NULL;
		}
		*info = (pt_lesson_info){ id, id_pos, title, summary, (size_t)n, { per[0], per[1], per[2] }, items,
			items_len, kinds };
		return info;
	}
	size_t room = (id ? id_n + 1 : 0) + (title ? title_n + 1 : 0) + (summary ? summary_n + 1 : 0);
	info = malloc(sizeof *info + items_len + room);
	if (info == NULL) {
		r->ok = false;
		return NULL;
	}
	unsigned char *copy = (unsigned char *)(info + 1);
	memcpy(copy, items, items_len);
	char *at = (char *)copy + items_len;
	info->id = put_string(&at, id, id_n);
	info->id_pos = id_pos;
	info->title = put_string(&at, title, title_n);
	info->summary = put_string(&at, summary, summary_n);
	info->n_items = (size_t)n;
	memcpy(info->per_difficulty, per, sizeof per);
	info->items = copy;
	info->items_len = items_len;
	info->kinds = kinds;
	return info;
}

/* Reads the diagnostics into d (empty); a fault leaves r->ok false. */
static void get_diags(reader *r, pt_diags *d)
{
	unsigned long long errors = get_uint(r, 4), warnings = get_uint(r, 4), dropped = get_uint(r, 4);
	unsigned long long kept = get_uint(r, 4);
	if (!r->ok || kept > r->left / MIN_DIAG_BYTES || kept + dropped != errors + warnings) {
		r->ok = false;
		return;
	}
	if (kept > 0 && (d->v = calloc((size_t)kept, sizeof *d->v)) == NULL) {
		r->ok = false;
		return;
	}
	d->cap = (size_t)kept;
	size_t n_errors = 0;
	for (size_t i = 0; i < kept && r->ok; i++) {
		pt_diag *diag = &d->v[i];
		diag->file = get_strdup(r);
		diag->pos = get_pos(r);
		unsigned long long sev = get_uint(r, 1);
		diag->message = get_strdup(r);
		d->n = i + 1;
		if (diag->file == NULL || diag->message == NULL || sev > PT_ERROR)
			r->ok = false;
		diag->severity = (pt_severity)sev;
		n_errors += sev == PT_ERROR;
	}
	d->errors = (size_t)errors;
	d->warnings = (size_t)warnings;
	d->dropped = (size_t)dropped;
	if (r->ok && (n_errors > errors || kept - n_errors > warnings))
		r->ok = false;
}

/* Frees what an entry owns (its path and info too, unless infos holds
 * them). */
static void entry_free(pt_index_entry *e, const pt_arena *infos)
{
	if (infos == NULL) {
		free(e->path);
		free(e->info);
	}
	diags_free(&e->diags);
}

/* Reads one entry into e (zeroed), its info from infos when not NULL;
 * false on a fault. */
static bool get_entry(reader *r, pt_index_entry *e, pt_arena *infos)
{
	unsigned long long len = get_uint(r, 4);
	if (!r->ok || len > r->left || len < MIN_ENTRY_BYTES - 4)
		return false;
	reader in = { r->p, (size_t)len, true };
	r->p += len;
	r->left -= (size_t)len;
	if (infos != NULL) {
		const char *s;
		size_t n;
		get_str(&in, &s, &n);
		e->path = (char *)s; /* the buffer's, as the infos' strings are */
	} else {
		e->path = get_strdup(&in);
	}
	e->key = get_key(&in);
	unsigned long long has_info = get_uint(&in, 1);
	if (has_info > 1 || e->path == NULL)
		in.ok = false;
	if (in.ok && has_info)
		e->info = get_info(&in, infos);
	if (in.ok)
		get_diags(&in, &e->diags);
	return in.ok && in.left == 0;
}

/* Orders entries by path. */
static int entry_cmp(const void *a, const void *b)
{
	return strcmp(((const pt_index_entry *)a)->path, ((const pt_index_entry *)b)->path);
}

bool index_decode(const char *buf, size_t len, const char *tag, pt_index *ix)
{
	return index_decode_into(buf, len, tag, ix, NULL);
}

bool index_decode_into(const char *buf, size_t len, const char *tag, pt_index *ix, pt_arena *infos)
{
	ix->v = NULL;
	ix->n = 0;
	ix->infos = infos;
	ix->written_s = PT_INDEX_NO_TIME;
	ix->has_dir = false;
	if (len < 4 + 4 + 4 + 1 + 4 + 8 || memcmp(buf, MAGIC, 4) != 0)
		return false;
	reader sum = { (const unsigned char *)buf + len - 8, 8, true };
	if (get_uint(&sum, 8) != index_checksum(buf, len - 8))
		return false;
	reader r = { (const unsigned char *)buf + 4, len - 4 - 8, true };
	const char *t;
	size_t tn;
	if (get_uint(&r, 4) != PT_INDEX_VERSION)
		return false;
	get_str(&r, &t, &tn);
	if (!r.ok || t == NULL || tn != strlen(tag) || memcmp(t, tag, tn) != 0)
		return false;
	unsigned long long has_dir = get_uint(&r, 1);
	pt_file_key dir = has_dir == 1 ? get_key(&r) : (pt_file_key){ 0 };
	if (has_dir > 1)
		return false;
	unsigned long long n = get_uint(&r, 4);
	if (!r.ok || n > r.left / MIN_ENTRY_BYTES)
		return false;
	if (n > 0 && (ix->v = infos != NULL ? arena_calloc(infos, (size_t)n, sizeof *ix->v) :
	    calloc((size_t)n, sizeof *ix->v)) == NULL)
		return false;
	bool ok = true;
	for (size_t i = 0; i < n && ok; i++) {
		ok = get_entry(&r, &ix->v[i], infos);
		ix->n = i + 1;
	}
	if (!ok || r.left != 0) {
		index_free(ix);
		return false;
	}
	/* Written in path order, so usually sorted already; a path twice is
	 * no index this program wrote. */
	size_t i = 1;
	while (i < ix->n && strcmp(ix->v[i - 1].path, ix->v[i].path) < 0)
		i++;
	if (i < ix->n)
		qsort(ix->v, ix->n, sizeof *ix->v, entry_cmp);
	for (i = 1; i < ix->n; i++)
		if (strcmp(ix->v[i - 1].path, ix->v[i].path) == 0) {
			index_free(ix);
			return false;
		}
	ix->has_dir = has_dir == 1;
	ix->dir = dir;
	return true;
}

/* Racily clean: modified in the second the index was written (or later,
 * a clock set back), a file or directory may have changed again since
 * without its key changing (git's rule). */
static bool before_written(const pt_index *ix, const pt_file_key *key)
{
	return ix->written_s == PT_INDEX_NO_TIME || (long long)(key->mtime_ns / 1000000000ull) < ix->written_s;
}

bool index_lists_dir(const pt_index *ix, const pt_file_key *dir)
{
	return ix->has_dir && index_key_equal(&ix->dir, dir) && before_written(ix, dir);
}

pt_index_entry *index_find(const pt_index *ix, const char *path, const pt_file_key *key)
{
	pt_index_entry probe = { .path = (char *)path };
	pt_index_entry *e = ix->n > 0 ? bsearch(&probe, ix->v, ix->n, sizeof *ix->v, entry_cmp) : NULL;
	return e != NULL && index_key_equal(&e->key, key) && before_written(ix, &e->key) ? e : NULL;
}

void index_take(pt_index_entry *e, pt_lesson_info **info, pt_diags *diags)
{
	*info = e->info;
	*diags = e->diags;
	e->info = NULL;
	memset(&e->diags, 0, sizeof e->diags);
}

void index_free(pt_index *ix)
{
	for (size_t i = 0; i < ix->n; i++)
		entry_free(&ix->v[i], ix->infos);
	if (ix->infos == NULL)
		free(ix->v);
	ix->v = NULL;
	ix->n = 0;
}

/* ---- the file ---------------------------------------------------------- */

/* Reads the whole of fd, size bytes, into buf; false when it falls
 * short. */
static bool read_all(int fd, char *buf, size_t size)
{
	size_t done = 0;
	while (done < size) {
		ssize_t n = read(fd, buf + done, size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	return done == size;
}

/* Maps the index file fd (size bytes) for the arena infos, with its
 * pages in place, and decodes it there: the infos point into the page
 * cache's own copy of the file, so a start-up touches no fresh memory
 * for them (on a virtual machine each first touch of a fresh page costs
 * several microseconds; a thousand lessons' index is 160 pages).  The
 * arena owns the mapping.  Every writer replaces an index file by
 * renaming a new one over it, which leaves this mapping intact; only a
 * file truncated in place under a running tutor could take pages from
 * it, as truncating the program's own executable would. */
static bool map_and_decode(int fd, size_t size, const char *tag, pt_index *ix, pt_arena *infos)
{
	char *buf = mmap(NULL, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	if (buf == MAP_FAILED) { /* a file system that cannot map it: a copy in the arena */
		buf = arena_alloc(infos, size);
		return buf != NULL && read_all(fd, buf, size) && index_decode_into(buf, size, tag, ix, infos);
	}
	if (!index_decode_into(buf, size, tag, ix, infos)) {
		munmap(buf, size);
		return false;
	}
	if (!arena_own_mapping(infos, buf, size)) {
		index_free(ix); /* what it left in the arena points nowhere now */
		munmap(buf, size);
		return false;
	}
	return true;
}

bool index_read(const char *path, const char *tag, pt_index *ix, pt_arena *infos)
{
	ix->v = NULL;
	ix->n = 0;
	ix->infos = infos;
	ix->written_s = PT_INDEX_NO_TIME;
	ix->has_dir = false;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	struct stat st;
	bool ok = false;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (unsigned long long)st.st_size <= PT_INDEX_MAX_SIZE) {
		size_t size = (size_t)st.st_size;
		if (infos != NULL) {
			ok = map_and_decode(fd, size, tag, ix, infos);
		} else {
			char *buf = malloc(size);
			ok = buf != NULL && read_all(fd, buf, size) && index_decode(buf, size, tag, ix);
			free(buf);
		}
	}
	close(fd);
	if (ok)
		ix->written_s = (long long)st.st_mtim.tv_sec;
	return ok;
}

bool index_write(const char *path, const char *buf, size_t len)
{
	/* A cache: no fsync (it is on the start path), mode 0600 as mkstemp makes it. */
	pt_replace r = { .flags = 0, .mode = 0600 };
	char *dir = file_folder(path);
	bool ok = dir != NULL && file_make_dirs(dir) && file_replace_with(path, buf, len, &r);
	free(dir);
	return ok;
}

bool index_file_for(const char *cache_dir, const char *dir, char *buf, size_t size)
{
	char *real = realpath(dir, NULL);
	if (real == NULL)
		return false;
	/* The directory as given too: diagnostics name files by the path as
	 * given, so "content" and "/src/content" keep an index each. */
	unsigned long long h = index_checksum(real, strlen(real) + 1) ^ index_checksum(dir, strlen(dir));
	free(real);
	int w = snprintf(buf, size, "%s/index-%016llx.bin", cache_dir, h);
	return w > 0 && (size_t)w < size;
}

bool index_default_dir(char *buf, size_t size)
{
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	int w;
	if (xdg != NULL && xdg[0] == '/')
		w = snprintf(buf, size, "%s/paratutor", xdg);
	else if (home != NULL && home[0] != '\0')
		w = snprintf(buf, size, "%s/.cache/paratutor", home);
	else
		return false;
	return w > 0 && (size_t)w < size;
}

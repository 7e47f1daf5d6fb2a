/* load.c - lesson files to the lesson model, with exact positions.
 *
 * Two ways to the same lesson and the same diagnostics:
 *
 * - the fast path: the scanner (scan.c) finds positions and writes a
 *   skeleton of the text with plain string values emptied; cJSON parses
 *   the skeleton's root object with its items array left empty, then each
 *   item on its own into a small arena reused for the next, so the tree
 *   in memory is never larger than one item;
 * - the reference path: the scanner finds positions only, and cJSON
 *   parses the whole text with its own allocation, as a plain cJSON user
 *   would.  It is the yardstick: make bench times both, and a unit test
 *   and the fuzz target prove both build the same lesson.
 *
 * Either way convert.c copies the tree into pt_lesson, looking positions
 * up by node.  No cJSON type leaves the loader (load.c, convert.c). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "paratutor/base/arena.h"
#include "paratutor/load/convert.h"
#include "paratutor/load/load.h"
#include "paratutor/load/scan.h"

/* ---- parse arena ------------------------------------------------------- */

/* cJSON allocates a block per node and per string and frees them one by
 * one; during a load they all live exactly as long as the tree, so while
 * this thread parses a lesson they come from an arena emptied whole
 * afterwards and kept for the next lesson, until load_release().  Outside
 * a lesson parse the hooks fall back to malloc and free, so other cJSON
 * users are unaffected.  Parsing on several threads at once follows the
 * conditions cJSON documents for it: the hooks are set once, before any
 * parse, and cJSON_GetErrorPtr is never used. */
static _Thread_local pt_arena *parse_arena;   /* set while parsing */
static _Thread_local pt_arena *parse_scratch;  /* the root's tree, kept between loads */
static _Thread_local pt_arena *element_scratch; /* one item's tree at a time */
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* cJSON asks for a block per node and per string, so small blocks are cut
 * from a run taken from the arena PARSE_RUN bytes at a time. */
#define PARSE_RUN ((size_t)32 << 10)
static _Thread_local char *run_at, *run_end;

/* Allocates for cJSON from this thread's parse arena, if one is open. */
static void *parse_alloc(size_t n)
{
	if (parse_arena == NULL)
		return malloc(n);
	const size_t align = sizeof(max_align_t);
	n = (n + align - 1) / align * align;
	if (n > (size_t)(run_end - run_at)) {
		if (n > PARSE_RUN / 4)
			return arena_alloc(parse_arena, n);
		run_at = arena_alloc(parse_arena, PARSE_RUN);
		run_end = run_at != NULL ? run_at + PARSE_RUN : NULL;
		if (run_at == NULL)
			return NULL;
	}
	void *p = run_at;
	run_at += n;
	return p;
}

/* Frees for cJSON; blocks of an open parse arena wait for the arena. */
static void parse_free(void *p)
{
	if (parse_arena == NULL)
		free(p);
}

/* Parses len bytes of text with cJSON into arena; the tree lives until
 * the arena is reset.  Returns NULL when the parser rejects the text (end
 * then points near the fault) or arena is NULL. */
static cJSON *parse_into(pt_arena *arena, const char *text, size_t len, const char **end)
{
	*end = NULL;
	if (arena == NULL)
		return NULL;
	parse_arena = arena;
	run_at = run_end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(text, len, end, 0);
	parse_arena = NULL;
	run_at = run_end = NULL;
	return root;
}

/* ---- positions --------------------------------------------------------- */

/* Numbers are read from valuedouble, so each node's valueint is free to
 * carry its index in document order: a pre-order walk of the tree meets
 * the values in the order the scanner recorded them. */
static void index_walk(cJSON *node, size_t *next, size_t skip_at, size_t skip)
{
	for (; node != NULL; node = node->next) {
		size_t at = (*next)++;
		node->valueint = (int)at;
		if (at == skip_at)
			*next += skip; /* records of contents parsed apart */
		index_walk(node->child, next, skip_at, skip);
	}
}

/* Marks every node of a tree as having no known position. */
static void index_forget(cJSON *node)
{
	for (; node != NULL; node = node->next) {
		node->valueint = -1;
		index_forget(node->child);
	}
}

/* ---- the fast path ----------------------------------------------------- */

/* The items array parsed apart: its span and its elements'. */
typedef struct apart {
	const char *text;
	const char *skel;             /* the skeleton, or the text without one */
	const pt_scan_span *items;    /* NULL when the items are not parsed apart */
	const pt_scan_span *elements;
	size_t n_elements;
	const char *rejected;         /* where cJSON rejected an element's text, or NULL */
} apart;

/* Parses element k of the items array on its own, numbering its nodes
 * from its first record; the tree lives until the next call.  NULL when
 * out of memory, or (with ap->rejected set) when cJSON rejects what the
 * scanner accepted. */
static const cJSON *parse_element(void *ctx, size_t k)
{
	apart *ap = ctx;
	const pt_scan_span *e = &ap->elements[k];
	if (element_scratch == NULL)
		element_scratch = arena_new();
	arena_reset(element_scratch);
	const char *end;
	cJSON *node = parse_into(element_scratch, ap->skel + e->sk_start, e->sk_end - e->sk_start, &end);
	size_t next = e->rec;
	if (node != NULL)
		index_walk(node, &next, SIZE_MAX, 0);
	if (node == NULL || next != e->rec + e->desc + 1) {
		/* The parsers disagree: parse the text itself, without positions. */
		arena_reset(element_scratch);
		node = parse_into(element_scratch, ap->text + e->start, e->end - e->start, &end);
		if (node != NULL)
			index_forget(node);
		else if (end != NULL)
			ap->rejected = end;
	}
	return node;
}

/* Finds the root's items array for parsing apart: the first root member
 * whose key is written "items" and whose value is an array. */
static void find_items(const pt_scan *sc, const char *text, apart *ap)
{
	for (size_t k = 0; k < sc->n_spans; k++) {
		const pt_scan_span *m = &sc->spans[k];
		if (m->depth == 1 && m->key_len == 7 && memcmp(text + m->key_at, "\"items\"", 7) == 0 &&
		    text[m->start] == '[') {
			ap->items = m;
			ap->elements = m + 1;
			while (k + 1 + ap->n_elements < sc->n_spans && m[1 + ap->n_elements].depth == 2 &&
			    m[1 + ap->n_elements].rec <= m->rec + m->desc)
				ap->n_elements++;
			return;
		}
	}
}

/* Parses the skeleton's root object with its items array emptied,
 * numbering nodes as if the items were there; NULL when that fails. */
static cJSON *parse_root_apart(const apart *ap, size_t skel_len, size_t n_rec)
{
	const pt_scan_span *items = ap->items;
	size_t tail = skel_len - items->sk_end, len = items->sk_start + 2 + tail;
	char *root_text = malloc(len + 1);
	if (root_text == NULL)
		return NULL;
	memcpy(root_text, ap->skel, items->sk_start);
	memcpy(root_text + items->sk_start, "[]", 2);
	memcpy(root_text + items->sk_start + 2, ap->skel + items->sk_end, tail);
	root_text[len] = '\0';
	const char *end;
	cJSON *root = parse_into(parse_scratch, root_text, len, &end);
	free(root_text);
	size_t n_nodes = 0;
	if (root != NULL)
		index_walk(root, &n_nodes, items->rec, items->desc);
	if (root == NULL || n_nodes != n_rec) {
		arena_reset(parse_scratch);
		return NULL;
	}
	return root;
}

/* Parses len bytes of text into the parse arena and numbers its nodes;
 * sets *positions to whether the node count agrees with the scanner's
 * n_rec records.  NULL when the parser rejects the text, with *end near
 * the fault. */
static cJSON *parse_numbered(pt_arena *arena, const char *text, size_t len, size_t n_rec,
    const char **end, bool *positions)
{
	cJSON *root = parse_into(arena, text, len, end);
	size_t n_nodes = 0;
	if (root != NULL)
		index_walk(root, &n_nodes, SIZE_MAX, 0);
	*positions = root != NULL && n_nodes == n_rec;
	return root;
}

/* ---- both paths -------------------------------------------------------- */

/* Sets up what every load shares, once per process: cJSON's allocation
 * hooks. */
static void load_init(void)
{
	cJSON_Hooks hooks = { parse_alloc, parse_free };
	cJSON_InitHooks(&hooks);
}

/* Reports what keeps text from being loaded before it is parsed (a byte
 * order mark, a syntax error); returns false when there is something. */
static bool scan_or_report(pt_scan *sc, const char *name, const char *text, size_t len, bool skeleton,
    pt_diags *diags)
{
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR,
		    "file starts with a UTF-8 byte order mark; save it without one");
		memset(sc, 0, sizeof *sc);
		return false;
	}
	if (scan_text(sc, text, len, skeleton))
		return true;
	if (sc->error == SCAN_NO_MEMORY)
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while loading");
	else
		diags_add(diags, name, sc->error_pos, PT_ERROR, "invalid JSON: %s", scan_error_message(sc->error));
	return false;
}

/* Reports that cJSON rejected text (end near the fault, or NULL when
 * memory ran out). */
static void report_rejected(const char *name, const char *text, size_t len, const char *end, pt_diags *diags)
{
	if (end == NULL || end < text)
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while loading");
	else
		diags_add(diags, name, scan_offset_pos(text, len, (size_t)(end - text)), PT_ERROR,
		    "invalid JSON: the parser rejected this value");
}

/* Converts root; reports running out of memory, or where cJSON rejected
 * an item parsed apart (*rejected, when not NULL). */
static pt_lesson *convert_or_report(const pt_convert *cv, const cJSON *root, const char *const *rejected)
{
	bool no_memory = false;
	pt_lesson *lesson = convert_lesson(cv, root, &no_memory);
	if (no_memory && rejected != NULL && *rejected != NULL)
		report_rejected(cv->name, cv->text, cv->text_len, *rejected, cv->diags);
	else if (no_memory)
		diags_add(cv->diags, cv->name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while loading");
	return lesson;
}

/* The fast path: the skeleton's root with its items apart when it can,
 * else the whole skeleton, else the text itself (where a count that
 * disagrees with the scanner leaves positions unknown). */
static pt_lesson *load_fast(const char *name, const char *text, size_t len, pt_diags *diags)
{
	pt_scan sc;
	pt_lesson *lesson = NULL;
	if (!scan_or_report(&sc, name, text, len, true, diags))
		goto done;
	if (parse_scratch == NULL)
		parse_scratch = arena_new();
	apart ap = { .text = text, .skel = sc.skel != NULL ? sc.skel : text };
	size_t skel_len = sc.skel != NULL ? sc.skel_len : len;
	pt_convert cv = {
		.name = name, .diags = diags, .rec = sc.rec, .n_rec = sc.n_rec,
		.text = text, .text_len = len, .text_is_utf8 = !sc.bad_utf8,
		.items_rec = SIZE_MAX, .item_apart = parse_element, .ctx = &ap,
	};
	find_items(&sc, text, &ap);
	cJSON *root = ap.items != NULL ? parse_root_apart(&ap, skel_len, sc.n_rec) : NULL;
	if (root != NULL) {
		cv.items_rec = ap.items->rec;
		cv.n_items_apart = ap.n_elements;
	} else {
		const char *end;
		bool positions;
		root = parse_numbered(parse_scratch, ap.skel, skel_len, sc.n_rec, &end, &positions);
		if (root == NULL || !positions) {
			arena_reset(parse_scratch);
			root = parse_numbered(parse_scratch, text, len, sc.n_rec, &end, &positions);
			if (!positions)
				cv.n_rec = 0; /* the parsers disagree: positions are unknown */
		}
		if (root == NULL) {
			report_rejected(name, text, len, end, diags);
			goto done;
		}
	}
	lesson = convert_or_report(&cv, root, &ap.rejected);
done:
	arena_reset(parse_scratch);
	arena_reset(element_scratch);
	scan_free(&sc);
	return lesson;
}

/* The reference path: positions from the scanner, and the whole text
 * parsed by cJSON with its own allocation, as plain cJSON use would. */
static pt_lesson *load_reference(const char *name, const char *text, size_t len, pt_diags *diags)
{
	pt_scan sc;
	pt_lesson *lesson = NULL;
	if (scan_or_report(&sc, name, text, len, false, diags)) {
		const char *end = NULL;
		cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
		if (root == NULL) {
			report_rejected(name, text, len, end, diags);
		} else {
			size_t n_nodes = 0;
			index_walk(root, &n_nodes, SIZE_MAX, 0);
			pt_convert cv = {
				.name = name, .diags = diags, .rec = sc.rec,
				.n_rec = n_nodes == sc.n_rec ? sc.n_rec : 0,
				.text = text, .text_len = len, .text_is_utf8 = !sc.bad_utf8,
				.items_rec = SIZE_MAX,
			};
			lesson = convert_or_report(&cv, root, NULL);
			cJSON_Delete(root);
		}
	}
	scan_free(&sc);
	return lesson;
}

/* ---- entry points ------------------------------------------------------ */

void load_release(void)
{
	arena_free(parse_scratch);
	arena_free(element_scratch);
	parse_scratch = element_scratch = NULL;
}

pt_pos load_offset_pos(const char *text, size_t len, size_t offset)
{
	return scan_offset_pos(text, len, offset);
}

pt_lesson *load_lesson_text_with(pt_load_path path, const char *name, const char *text, size_t len,
    pt_diags *diags)
{
	pthread_once(&init_once, load_init);
	return path == PT_LOAD_REFERENCE ? load_reference(name, text, len, diags)
	                                 : load_fast(name, text, len, diags);
}

pt_lesson *load_lesson_text(const char *name, const char *text, size_t len, pt_diags *diags)
{
	return load_lesson_text_with(PT_LOAD_FAST, name, text, len, diags);
}

pt_lesson *load_lesson_file(const char *path, pt_diags *diags)
{
	size_t len = 0;
	pt_read_error err;
	char *text = file_read(path, PT_MAX_FILE_SIZE, &len, &err);
	if (text == NULL) {
		pt_pos at = { 1, 1 };
		switch (err.status) {
		case PT_READ_TOO_LARGE:
			diags_add(diags, path, at, PT_ERROR, "file is larger than %u MiB; split the lesson",
			    PT_MAX_FILE_SIZE / (1024u * 1024u));
			break;
		case PT_READ_NOT_REGULAR:
			diags_add(diags, path, at, PT_ERROR,
			    "cannot read: not a regular file (%s); a lesson is a .json file", err.type);
			break;
		case PT_READ_NO_MEMORY:
			diags_add(diags, path, at, PT_ERROR, "out of memory while loading");
			break;
		default:
			diags_add(diags, path, at, PT_ERROR, "cannot read: %s", file_read_describe(&err));
		}
		return NULL;
	}
	pt_lesson *lesson = load_lesson_text(path, text, len, diags);
	free(text);
	return lesson;
}

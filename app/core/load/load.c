/* load.c - lesson files to the lesson model, with exact positions.
 *
 * The scanner (scan.c) finds every value's position and reports syntax
 * errors where they are; cJSON then parses the whole text with its own
 * allocation, and convert.c copies the tree into pt_lesson, looking
 * positions up by node.  No cJSON type leaves the loader (load.c,
 * convert.c). */
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/load/convert.h"
#include "paratutor/load/load.h"
#include "paratutor/load/scan.h"

/* Numbers are read from valuedouble, so each node's valueint is free to
 * carry its index in document order: a pre-order walk of the tree meets
 * the values in the order the scanner recorded them. */
static void index_walk(cJSON *node, size_t *next)
{
	for (; node != NULL; node = node->next) {
		node->valueint = (int)(*next)++;
		index_walk(node->child, next);
	}
}

/* Reports what keeps text from being loaded before it is parsed (a byte
 * order mark, a syntax error); returns false when there is something. */
static bool scan_or_report(pt_scan *sc, const char *name, const char *text, size_t len, pt_diags *diags)
{
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR,
		    "file starts with a UTF-8 byte order mark; save it without one");
		memset(sc, 0, sizeof *sc);
		return false;
	}
	if (scan_text(sc, text, len))
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

pt_pos load_offset_pos(const char *text, size_t len, size_t offset)
{
	return scan_offset_pos(text, len, offset);
}

/* load_lesson_text with the tags of list tags (NULL: one of its own). */
static pt_lesson *load_text(const char *name, const char *text, size_t len, pt_tags *tags, pt_diags *diags)
{
	pt_tags own = { 0 };
	pt_scan sc;
	pt_lesson *lesson = NULL;
	if (scan_or_report(&sc, name, text, len, diags)) {
		const char *end = NULL;
		cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
		if (root == NULL) {
			report_rejected(name, text, len, end, diags);
		} else {
			size_t n_nodes = 0;
			index_walk(root, &n_nodes);
			pt_convert cv = {
				.name = name, .diags = diags, .rec = sc.rec,
				.n_rec = n_nodes == sc.n_rec ? sc.n_rec : 0, /* else the parsers disagree */
				.text = text, .text_len = len, .text_is_utf8 = !sc.bad_utf8,
				.tags = tags != NULL ? tags : &own,
			};
			bool no_memory = false;
			lesson = convert_lesson(&cv, root, &no_memory);
			if (no_memory)
				diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while loading");
			cJSON_Delete(root);
		}
	}
	scan_free(&sc);
	tags_free(&own);
	return lesson;
}

pt_lesson *load_lesson_text(const char *name, const char *text, size_t len, pt_diags *diags)
{
	return load_text(name, text, len, NULL, diags);
}

pt_lesson *load_lesson_file(const char *path, pt_tags *tags, pt_diags *diags)
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
	pt_lesson *lesson = load_text(path, text, len, tags, diags);
	free(text);
	return lesson;
}

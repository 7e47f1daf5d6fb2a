/* blueprint.c - reading and checking an exam blueprint (blueprint.h):
 * the scanner gives every value's line and column, cJSON the values. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "paratutor/load/blueprint.h"
#include "paratutor/load/load.h"
#include "paratutor/load/scan.h"
#include "paratutor/base/text.h"

/* The members a blueprint may have. */
static const char *const members[] = { "blueprint", "shares" };
#define N_MEMBERS (sizeof members / sizeof members[0])

/* Numbers every node of a tree in document order (valueint: numbers are
 * read from valuedouble), as the scanner recorded the values. */
static void number_nodes(cJSON *node, int *next)
{
	for (; node != NULL; node = node->next) {
		node->valueint = (*next)++;
		number_nodes(node->child, next);
	}
}

/* What positions are known of a parsed text. */
typedef struct located {
	const pt_scan *sc;
	const char *name;
	pt_diags *diags;
} located;

/* Returns where node's value starts. */
static pt_pos value_pos(const located *at, const cJSON *node)
{
	if (node == NULL || node->valueint < 0 || (size_t)node->valueint >= at->sc->n_rec)
		return (pt_pos){ 1, 1 };
	return at->sc->rec[node->valueint].value;
}

/* Returns where node's key starts (its value when it has none). */
static pt_pos key_pos(const located *at, const cJSON *node)
{
	if (node == NULL || node->valueint < 0 || (size_t)node->valueint >= at->sc->n_rec)
		return (pt_pos){ 1, 1 };
	return at->sc->rec[node->valueint].key;
}

bool blueprint_recognise(const char *text, size_t len)
{
	cJSON *root = cJSON_ParseWithLength(text, len);
	bool is = cJSON_IsObject(root) && cJSON_GetObjectItemCaseSensitive(root, "blueprint") != NULL;
	cJSON_Delete(root);
	return is;
}

/* Reports each member of the root that a blueprint does not have. */
static void check_members(const located *at, const cJSON *root)
{
	const cJSON *c;
	cJSON_ArrayForEach(c, root) {
		const char *best = NULL;
		bool known = false;
		int best_d = 3;
		for (size_t k = 0; k < N_MEMBERS; k++) {
			int d = text_distance(members[k], c->string);
			known = known || d == 0;
			if (d < best_d) {
				best_d = d;
				best = members[k];
			}
		}
		if (known)
			continue;
		if (best != NULL)
			diags_add(at->diags, at->name, key_pos(at, c), PT_ERROR,
			    "unknown field \"%s\" in a blueprint; did you mean \"%s\"?", c->string, best);
		else
			diags_add(at->diags, at->name, key_pos(at, c), PT_ERROR,
			    "unknown field \"%s\" in a blueprint (it has \"blueprint\" and \"shares\")", c->string);
	}
}

/* Reads the shares into bp; reports each fault.  Returns the number of
 * errors found. */
static size_t read_shares(const located *at, const cJSON *root, pt_blueprint *bp)
{
	size_t before = at->diags->errors;
	const cJSON *shares = cJSON_GetObjectItemCaseSensitive(root, "shares");
	if (shares == NULL) {
		diags_add(at->diags, at->name, value_pos(at, root), PT_ERROR,
		    "a blueprint needs \"shares\": each lesson's share of the paper in percent, "
		    "e.g. \"shares\": {\"dp-vs-mp\": 60, \"collectives\": 40}");
		return 1;
	}
	if (!cJSON_IsObject(shares) || shares->child == NULL) {
		diags_add(at->diags, at->name, value_pos(at, shares), PT_ERROR,
		    "\"shares\" must be an object of lesson ids and percentages, e.g. {\"dp-vs-mp\": 60, \"collectives\": 40}");
		return 1;
	}
	size_t n = (size_t)cJSON_GetArraySize(shares);
	bp->v = calloc(n, sizeof *bp->v);
	if (bp->v == NULL) {
		diags_add(at->diags, at->name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while reading the blueprint");
		return 1;
	}
	double sum = 0;
	const cJSON *c;
	cJSON_ArrayForEach(c, shares) {
		pt_pos where = key_pos(at, c);
		if (c->string[0] == '\0') {
			diags_add(at->diags, at->name, where, PT_ERROR, "a share needs a lesson id, not \"\"");
			continue;
		}
		bool twice = false;
		for (size_t k = 0; k < bp->n && !twice; k++)
			if (strcmp(bp->v[k].lesson, c->string) == 0) {
				diags_add(at->diags, at->name, where, PT_ERROR,
				    "lesson \"%s\" has a share already (at line %d, column %d)", c->string, bp->v[k].pos.line,
				    bp->v[k].pos.col);
				twice = true;
			}
		if (twice)
			continue;
		if (!cJSON_IsNumber(c)) {
			diags_add(at->diags, at->name, value_pos(at, c), PT_ERROR,
			    "the share of lesson \"%s\" must be a number (percent of the paper), e.g. 25", c->string);
			continue;
		}
		double v = c->valuedouble;
		if (!(v > 0) || v > 100 || !isfinite(v)) {
			diags_add(at->diags, at->name, value_pos(at, c), PT_ERROR,
			    "the share of lesson \"%s\" is %g; a share is a percentage above 0 and at most 100 (leave out a "
			    "lesson the paper should not draw from)", c->string, v);
			continue;
		}
		pt_blueprint_share *s = &bp->v[bp->n];
		s->lesson = strdup(c->string);
		if (s->lesson == NULL) {
			diags_add(at->diags, at->name, where, PT_ERROR, "out of memory while reading the blueprint");
			continue;
		}
		s->percent = v;
		s->pos = where;
		bp->n++;
		sum += v;
	}
	if (at->diags->errors == before && fabs(sum - 100) > 1e-6)
		diags_add(at->diags, at->name, key_pos(at, shares), PT_ERROR,
		    "the shares add up to %g %%, not 100 %%", sum);
	return at->diags->errors - before;
}

bool blueprint_parse(pt_blueprint *bp, const char *name, const char *text, size_t len, pt_diags *diags)
{
	memset(bp, 0, sizeof *bp);
	pt_scan sc;
	located at = { &sc, name, diags };
	size_t before = diags->errors;
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR,
		    "file starts with a UTF-8 byte order mark; save it without one");
		return false;
	}
	if (!scan_text(&sc, text, len)) {
		if (sc.error == SCAN_NO_MEMORY)
			diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while loading");
		else
			diags_add(diags, name, sc.error_pos, PT_ERROR, "invalid JSON: %s", scan_error_message(sc.error));
		scan_free(&sc);
		return false;
	}
	cJSON *root = cJSON_ParseWithLength(text, len);
	if (root == NULL) {
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "invalid JSON: the parser rejected the file");
		scan_free(&sc);
		return false;
	}
	int next = 0;
	number_nodes(root, &next);
	if ((size_t)next != sc.n_rec) { /* should not happen: positions unknown rather than wrong */
		scan_free(&sc);
		memset(&sc, 0, sizeof sc);
	}
	if (!cJSON_IsObject(root)) {
		diags_add(diags, name, value_pos(&at, root), PT_ERROR,
		    "a blueprint is a JSON object: {\"blueprint\": 1, \"shares\": {...}}");
	} else {
		const cJSON *version = cJSON_GetObjectItemCaseSensitive(root, "blueprint");
		if (version == NULL)
			diags_add(diags, name, value_pos(&at, root), PT_ERROR,
			    "a blueprint starts with \"blueprint\": 1 (the format of the file)");
		else if (!cJSON_IsNumber(version) || version->valuedouble != 1)
			diags_add(diags, name, value_pos(&at, version), PT_ERROR,
			    "\"blueprint\" must be 1, the only format there is");
		check_members(&at, root);
		read_shares(&at, root, bp);
	}
	cJSON_Delete(root);
	scan_free(&sc);
	bp->path = strdup(name);
	if (bp->path == NULL)
		diags_add(diags, name, (pt_pos){ 1, 1 }, PT_ERROR, "out of memory while reading the blueprint");
	return diags->errors == before;
}

bool blueprint_load(pt_blueprint *bp, const char *path, pt_diags *diags)
{
	size_t len = 0;
	pt_read_error err;
	memset(bp, 0, sizeof *bp);
	char *text = file_read(path, PT_BLUEPRINT_MAX_BYTES, &len, &err);
	if (text == NULL) {
		diags_add(diags, path, (pt_pos){ 1, 1 }, PT_ERROR, "%s", file_read_describe(&err));
		return false;
	}
	bool ok = blueprint_parse(bp, path, text, len, diags);
	free(text);
	return ok;
}

size_t blueprint_check_ids(const pt_blueprint *bp, bool (*known)(const void *ctx, const char *id),
    const void *ctx, const char *const *names, size_t n_names, pt_diags *diags)
{
	size_t unknown = 0;
	for (size_t k = 0; k < bp->n; k++) {
		if (known(ctx, bp->v[k].lesson))
			continue;
		const char *best = NULL;
		int best_d = 3; /* two slips at most */
		for (size_t i = 0; i < n_names; i++) {
			int d = names[i] != NULL ? text_distance(names[i], bp->v[k].lesson) : 9;
			if (d < best_d) {
				best_d = d;
				best = names[i];
			}
		}
		if (best != NULL)
			diags_add(diags, bp->path, bp->v[k].pos, PT_ERROR, "no lesson has the id \"%s\"; did you mean \"%s\"?",
			    bp->v[k].lesson, best);
		else
			diags_add(diags, bp->path, bp->v[k].pos, PT_ERROR, "no lesson has the id \"%s\"", bp->v[k].lesson);
		unknown++;
	}
	return unknown;
}

void blueprint_free(pt_blueprint *bp)
{
	for (size_t k = 0; k < bp->n; k++)
		free(bp->v[k].lesson);
	free(bp->v);
	free(bp->path);
	memset(bp, 0, sizeof *bp);
}

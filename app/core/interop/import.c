/* import.c - items of a format-2 lesson from imported questions: ids,
 * limits, approximations and the groups (categories) they fall in; the
 * lesson's JSON text is written by import_render.c. */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/base/grow.h"
#include "paratutor/load/lint.h"
#include "paratutor/interop/import.h"
#include "paratutor/model/lesson.h"
#include "paratutor/model/placeholder.h"
#include "paratutor/base/sanitise.h"

/* One id in use; next is the first suffix to try when id is met again
 * as a base (so many questions of one name stay linear). */
struct pt_import_id {
	char *id; /* NULL: an empty slot */
	unsigned next;
};

#define MAX_OPTIONS 7
#define MAX_BLANKS 9
#define MAX_SLUG 40

bool import_init(pt_import *imp, pt_diags *diags)
{
	memset(imp, 0, sizeof *imp);
	imp->diags = diags;
	imp->items = cJSON_CreateArray();
	imp->groups = calloc(1, sizeof *imp->groups);
	if (imp->groups == NULL || (imp->groups[0].path = strdup("")) == NULL) {
		import_free(imp);
		return false;
	}
	imp->n_groups = imp->cap_groups = 1;
	return imp->items != NULL;
}

void import_file(pt_import *imp, const char *file)
{
	imp->file = file;
	free(imp->source);
	const char *base = strrchr(file, '/');
	imp->source = strdup(base ? base + 1 : file);
	free(imp->category);
	imp->category = NULL;
	imp->group = 0;
}

void import_free(pt_import *imp)
{
	cJSON_Delete(imp->items);
	for (size_t i = 0; i < imp->cap_ids; i++)
		free(imp->ids[i].id);
	free(imp->ids);
	for (size_t i = 0; i < imp->n_groups; i++) {
		free(imp->groups[i].path);
		free(imp->groups[i].title);
		free(imp->groups[i].members);
	}
	free(imp->groups);
	free(imp->group_index);
	for (size_t i = 0; i < imp->n_broken; i++) {
		free(imp->broken[i].file);
		free(imp->broken[i].label);
	}
	free(imp->broken);
	free(imp->title);
	free(imp->category);
	free(imp->source);
	memset(imp, 0, sizeof *imp);
}

/* Cuts an incomplete UTF-8 sequence off the end of s. */
static void utf8_cut(char *s)
{
	size_t n = strlen(s), k = n;
	while (k > 0 && ((unsigned char)s[k - 1] & 0xC0) == 0x80 && n - k < 3)
		k--;
	if (k == 0 || ((unsigned char)s[k - 1] & 0x80) == 0)
		return;
	unsigned char lead = (unsigned char)s[k - 1];
	size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
	if (n - (k - 1) < need)
		s[k - 1] = '\0';
}

/* Appends a diagnostic of severity sev with a va_list message. */
static void report(pt_import *imp, pt_pos pos, pt_severity sev, const char *fmt, va_list ap)
{
	char msg[900];
	vsnprintf(msg, sizeof msg, fmt, ap);
	utf8_cut(msg);
	diags_add(imp->diags, imp->file ? imp->file : "", pos, sev, "%s", msg);
}

void import_warn(pt_import *imp, pt_pos pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(imp, pos, PT_WARNING, fmt, ap);
	va_end(ap);
}

void import_error(pt_import *imp, pt_pos pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(imp, pos, PT_ERROR, fmt, ap);
	va_end(ap);
}

void import_skip(pt_import *imp, pt_pos pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(imp, pos, PT_WARNING, fmt, ap);
	va_end(ap);
	imp->skipped++;
}

void import_approx(pt_import *imp, cJSON *item, pt_pos pos, const char *fmt, ...)
{
	char msg[900];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	utf8_cut(msg);
	import_warn(imp, pos, "%s", msg);
	const cJSON *old = cJSON_GetObjectItemCaseSensitive(item, "editor_note");
	char note[4096];
	if (cJSON_IsString(old))
		snprintf(note, sizeof note, "%.*s; %s.", (int)strlen(old->valuestring) - 1, old->valuestring, msg);
	else
		snprintf(note, sizeof note, "Imported from Moodle: %s.", msg);
	utf8_cut(note);
	cJSON_DeleteItemFromObjectCaseSensitive(item, "editor_note");
	cJSON_AddStringToObject(item, "editor_note", note);
}

cJSON *import_item(const char *kind, const char *prompt)
{
	cJSON *item = cJSON_CreateObject();
	if (item == NULL)
		return NULL;
	cJSON_AddStringToObject(item, "id", "");
	cJSON_AddStringToObject(item, "kind", kind);
	cJSON_AddStringToObject(item, "difficulty", "medium");
	cJSON_AddStringToObject(item, "prompt", prompt ? prompt : "");
	return item;
}

void import_set_text(cJSON *item, const char *key, const char *s)
{
	if (s == NULL || s[0] == '\0')
		return;
	cJSON_DeleteItemFromObjectCaseSensitive(item, key);
	cJSON_AddStringToObject(item, key, s);
}

void import_set_list(cJSON *item, const char *key, cJSON *list)
{
	if (cJSON_GetArraySize(list) > 0)
		cJSON_AddItemToObject(item, key, list);
	else
		cJSON_Delete(list);
}

void import_right_feedback(pt_import *imp, cJSON *item, const char *feedback, pt_pos pos)
{
	if (feedback == NULL || feedback[0] == '\0')
		return;
	const cJSON *ex = cJSON_GetObjectItemCaseSensitive(item, "explanation");
	if (!cJSON_IsString(ex)) {
		import_set_text(item, "explanation", feedback);
		return;
	}
	char ex_buf[64];
	if (strcmp(ex->valuestring, feedback) != 0)
		import_approx(imp, item, pos,
		    "the feedback for a right answer (\"%s\") is dropped: paratutor shows the explanation after a right answer",
		    import_excerpt(feedback, ex_buf, sizeof ex_buf));
}

void import_keep(char **slot, const char *s)
{
	free(*slot);
	*slot = s != NULL && s[0] != '\0' ? strdup(s) : NULL;
}

const char *import_excerpt(const char *s, char *buf, size_t size)
{
	if (strlen(s) < size) {
		snprintf(buf, size, "%s", s);
		return buf;
	}
	/* Cut by hand: a truncating snprintf here is what it is meant to do, but
	 * compilers warn on it at some optimisation levels. */
	size_t keep = size > 3 ? size - 4 : 0;
	memcpy(buf, s, keep);
	buf[keep] = '\0';
	utf8_cut(buf);
	strncat(buf, "...", size - strlen(buf) - 1);
	return buf;
}

/* Compares the first n bytes of a and b ignoring ASCII case; returns 0
 * when they match. */
static int ascii_ncasecmp(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int x = tolower((unsigned char)a[i]), y = tolower((unsigned char)b[i]);
		if (x != y || x == 0)
			return x - y;
	}
	return 0;
}

const char *import_difficulty(const char *tag)
{
	static const char *const names[] = { "easy", "medium", "hard" };
	const char *p = tag;
	if (ascii_ncasecmp(p, "difficulty", 10) == 0 && (p[10] == ':' || p[10] == '='))
		p += 11;
	while (*p == ' ')
		p++;
	for (size_t i = 0; i < 3; i++) {
		size_t n = strlen(names[i]);
		if (ascii_ncasecmp(p, names[i], n) == 0 && (p[n] == '\0' || p[n] == ' '))
			return names[i];
	}
	return NULL;
}

/* Replaces the text at *slot (cJSON's) by its sanitised copy when it holds
 * a character a terminal would obey or hide; notes the first in *cp. */
static bool defuse_text(char **slot, unsigned *cp)
{
	size_t len = strlen(*slot), n;
	unsigned found;
	if (sanitise_find(*slot, len, &found, &n) == len)
		return true;
	if (*cp == 0)
		*cp = found;
	char *safe = sanitise_dup(*slot);
	char *copy = safe ? cJSON_malloc(strlen(safe) + 1) : NULL;
	if (copy == NULL) {
		free(safe);
		**slot = '\0'; /* out of memory: nothing rather than the raw text */
		return false;
	}
	memcpy(copy, safe, strlen(safe) + 1);
	free(safe);
	cJSON_free(*slot);
	*slot = copy;
	return true;
}

/* Sanitises every string and key under node; sets *cp to the first
 * character escaped. */
static void defuse(cJSON *node, unsigned *cp)
{
	for (cJSON *c = node->child; c != NULL; c = c->next) {
		if (c->string != NULL && !(c->type & cJSON_StringIsConst))
			defuse_text(&c->string, cp);
		if (cJSON_IsString(c) && c->valuestring != NULL && !(c->type & cJSON_IsReference))
			defuse_text(&c->valuestring, cp);
		defuse(c, cp);
	}
}

/* Escapes the characters a terminal would obey or hide (sanitise.h) in
 * item's texts, with a warning at pos naming the first. */
static void defuse_item(pt_import *imp, cJSON *item, pt_pos pos)
{
	unsigned cp = 0;
	defuse(item, &cp);
	if (cp != 0) {
		char esc[PT_SANITISE_ESCAPE_MAX + 1];
		if (cp == 0xFFFFFFFFu) {
			import_warn(imp, pos, "the question holds bytes that are not UTF-8; they are imported written "
			    "out as \\xNN");
		} else {
			sanitise_escape(cp, esc);
			import_warn(imp, pos, "the question holds %s, a character a terminal obeys or hides instead of "
			    "showing; it is imported written out as %s", esc, esc);
		}
	}
}

/* FNV-1a of n bytes. */
static size_t fnv(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return (size_t)h;
}

/* Returns the slot of the group index holding the group of path (len
 * bytes), or the empty slot where it would go.  Group 0 (no category) is
 * never in it. */
static size_t *group_slot(const pt_import *imp, const char *path, size_t len)
{
	size_t mask = imp->cap_group_index - 1;
	for (size_t i = fnv(path, len) & mask;; i = (i + 1) & mask) {
		size_t g = imp->group_index[i];
		if (g == 0 || (strlen(imp->groups[g - 1].path) == len && memcmp(imp->groups[g - 1].path, path, len) == 0))
			return &imp->group_index[i];
	}
}

/* Remakes the group index with cap slots (a power of two); false when
 * out of memory. */
static bool index_groups(pt_import *imp, size_t cap)
{
	size_t *v = calloc(cap, sizeof *v);
	if (v == NULL)
		return false;
	free(imp->group_index);
	imp->group_index = v;
	imp->cap_group_index = cap;
	for (size_t g = 1; g < imp->n_groups; g++)
		*group_slot(imp, imp->groups[g].path, strlen(imp->groups[g].path)) = g + 1;
	return true;
}

void import_category(pt_import *imp, const char *path, pt_pos pos)
{
	const char *end = path + strlen(path);
	while (end > path && (end[-1] == '/' || end[-1] == ' '))
		end--;
	/* Moodle writes a '/' inside a name twice. */
	const char *start = end;
	while (start > path && (start[-1] != '/' || (start - 1 > path && start[-2] == '/')))
		start -= start[-1] == '/' ? 2 : 1;
	while (start < end && *start == ' ')
		start++;
	char *raw = strndup(start, (size_t)(end - start));
	char *last = raw ? sanitise_dup(raw) : NULL;
	if (raw != NULL && last != NULL && strcmp(raw, last) != 0)
		import_warn(imp, pos, "the category holds characters a terminal obeys or hides instead of showing; "
		    "they are written out as escapes");
	free(raw);
	if (last == NULL)
		return;
	char *o = last;
	for (const char *p = last; *p; p++) {
		*o++ = *p;
		if (p[0] == '/' && p[1] == '/')
			p++;
	}
	*o = '\0';
	free(imp->category);
	imp->category = last;
	/* Moodle's own levels ("top", "Default for ...") name no subject. */
	bool names = last[0] != '\0' && strcmp(last, "top") != 0 && ascii_ncasecmp(last, "Default for ", 12) != 0 &&
	    last[0] != '$';
	if (imp->title == NULL && names)
		imp->title = strdup(last);
	/* The questions after it form its group, one per path; Moodle's own
	 * levels join the questions under no category. */
	imp->group = 0;
	if (!names)
		return;
	while (*path == ' ' || *path == '\t')
		path++;
	size_t len = (size_t)(end - path);
	/* Found by hash: a bank of a category per question stays linear. */
	if (2 * (imp->n_groups + 1) > imp->cap_group_index &&
	    !index_groups(imp, imp->cap_group_index ? 2 * imp->cap_group_index : 16))
		return;
	size_t *slot = group_slot(imp, path, len);
	if (*slot != 0) {
		imp->group = *slot - 1;
		return;
	}
	void *v = imp->groups;
	if (!grow_array(&v, &imp->cap_groups, imp->n_groups + 1, sizeof *imp->groups))
		return;
	imp->groups = v;
	struct pt_import_group *grp = &imp->groups[imp->n_groups];
	*grp = (struct pt_import_group){ .path = strndup(path, len), .title = strdup(last) };
	if (grp->path == NULL || grp->title == NULL) {
		free(grp->path);
		free(grp->title);
		return;
	}
	imp->group = imp->n_groups++;
	*slot = imp->n_groups;
}

void import_broken(pt_import *imp, pt_pos pos, const char *label)
{
	size_t cap = imp->n_broken;
	void *v = imp->broken;
	if (!grow_array(&v, &cap, imp->n_broken + 1, sizeof *imp->broken))
		return;
	imp->broken = v;
	struct pt_import_broken *b = &imp->broken[imp->n_broken];
	b->file = strdup(imp->file ? imp->file : "");
	b->pos = pos;
	b->label = label ? strdup(label) : NULL;
	if (b->file == NULL) {
		free(b->label);
		return;
	}
	imp->n_broken++;
}

size_t import_groups_used(const pt_import *imp)
{
	size_t n = 0;
	for (size_t g = 0; g < imp->n_groups; g++)
		n += imp->groups[g].items > 0;
	return n;
}

/* Returns a new lesson object {"format": 2, "id", "title", "summary"},
 * without its items, or NULL when out of memory. */
static cJSON *lesson_head(const char *id, const char *title, const char *summary)
{
	cJSON *lesson = cJSON_CreateObject();
	if (lesson == NULL)
		return NULL;
	cJSON_AddNumberToObject(lesson, "format", 2);
	cJSON_AddStringToObject(lesson, "id", id);
	cJSON_AddStringToObject(lesson, "title", title);
	cJSON_AddStringToObject(lesson, "summary", summary);
	return lesson;
}

cJSON *import_group_lesson(const pt_import *imp, size_t g, const char *id, const char *title, const char *summary)
{
	cJSON *lesson = lesson_head(id, title, summary);
	if (lesson == NULL)
		return NULL;
	cJSON *items = cJSON_AddArrayToObject(lesson, "items");
	const struct pt_import_group *grp = &imp->groups[g];
	for (size_t i = 0; grp->members != NULL && i < grp->items; i++) {
		cJSON *copy = cJSON_Duplicate(grp->members[i], true);
		if (copy == NULL) {
			cJSON_Delete(lesson);
			return NULL;
		}
		cJSON_AddItemToArray(items, copy);
	}
	return lesson;
}

void import_slug(const char *s, char *out, size_t size)
{
	size_t n = 0, cap = size - 1 < MAX_SLUG ? size - 1 : MAX_SLUG;
	bool dash = false, cut = false;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		size_t ph_len;
		if (c == '{' && ph_blank_at(s, &ph_len) >= 0) {
			s += ph_len - 1; /* a blank placeholder, read by the grammar */
			dash = true;
		} else if (isalnum(c) && c < 0x80) {
			if (dash && n > 0 && n + 2 > cap)
				break;
			if (dash && n > 0)
				out[n++] = '-';
			dash = false;
			if (n == cap) {
				cut = true;
				break;
			}
			out[n++] = (char)tolower(c);
		} else if (c != '\'') {
			dash = true;
		}
	}
	out[n] = '\0';
	/* A word cut short goes, when that leaves something. */
	char *d = cut ? strrchr(out, '-') : NULL;
	if (d != NULL && d - out >= 8)
		*d = '\0';
}

bool import_id_ok(const char *id)
{
	return lesson_id_ok(id);
}

/* FNV-1a of a string. */
static size_t id_hash(const char *s)
{
	return fnv(s, strlen(s));
}

/* Returns the slot of id, or the empty slot where it would go. */
static struct pt_import_id *id_slot(const pt_import *imp, const char *id)
{
	size_t mask = imp->cap_ids - 1;
	for (size_t i = id_hash(id) & mask;; i = (i + 1) & mask)
		if (imp->ids[i].id == NULL || strcmp(imp->ids[i].id, id) == 0)
			return &imp->ids[i];
}

/* Returns the entry of id when the import already uses it, else NULL. */
static struct pt_import_id *id_find(const pt_import *imp, const char *id)
{
	if (imp->cap_ids == 0)
		return NULL;
	struct pt_import_id *e = id_slot(imp, id);
	return e->id != NULL ? e : NULL;
}

/* Records id as used; returns false when out of memory.  The table is
 * kept at most half full. */
static bool id_keep(pt_import *imp, const char *id)
{
	if (2 * (imp->n_ids + 1) > imp->cap_ids) {
		size_t cap = imp->cap_ids ? imp->cap_ids * 2 : 64;
		struct pt_import_id *v = calloc(cap, sizeof *v);
		if (v == NULL)
			return false;
		pt_import bigger = *imp;
		bigger.ids = v;
		bigger.cap_ids = cap;
		for (size_t i = 0; i < imp->cap_ids; i++)
			if (imp->ids[i].id != NULL)
				*id_slot(&bigger, imp->ids[i].id) = imp->ids[i];
		free(imp->ids);
		imp->ids = v;
		imp->cap_ids = cap;
	}
	struct pt_import_id *e = id_slot(imp, id);
	if ((e->id = strdup(id)) == NULL)
		return false;
	e->next = 2;
	imp->n_ids++;
	return true;
}

/* Returns the string item[key], or "" when absent. */
static const char *str_of(const cJSON *item, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(item, key);
	return cJSON_IsString(v) ? v->valuestring : "";
}

/* Returns the number of elements of item[key] (0 when absent). */
static int count_of(const cJSON *item, const char *key)
{
	return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(item, key));
}

/* Returns true when the strings of arr (or of member key of its objects,
 * when key is not NULL) are all different and none is empty. */
static bool all_different(const cJSON *arr, const char *key, const cJSON *more)
{
	const cJSON *lists[2] = { arr, more };
	for (int l = 0; l < 2; l++) {
		const cJSON *a;
		cJSON_ArrayForEach(a, lists[l]) {
			const char *s = key && l == 0 ? str_of(a, key) : cJSON_IsString(a) ? a->valuestring : "";
			if (s[0] == '\0')
				return false;
			for (int m = 0; m <= l; m++) {
				const cJSON *b;
				cJSON_ArrayForEach(b, lists[m]) {
					if (b == a)
						break;
					const char *t = key && m == 0 ? str_of(b, key) : cJSON_IsString(b) ? b->valuestring : "";
					if (strcmp(s, t) == 0)
						return false;
				}
			}
		}
	}
	return true;
}

/* A multi question whose text asks for a number of picks ("(Choose
 * two.)") gets that count as "choose" when it equals its correct options,
 * so the screen says it too and --check accepts the wording. */
static void import_choose(cJSON *item)
{
	size_t at, len;
	int want = lint_choose_wording(str_of(item, "prompt"), &at, &len);
	if (want < 1 || strcmp(str_of(item, "kind"), "multi") != 0 ||
	    cJSON_GetObjectItemCaseSensitive(item, "choose") != NULL)
		return;
	int correct = 0;
	const cJSON *o;
	cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(item, "options"))
		correct += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "correct"));
	if (correct == want)
		cJSON_AddNumberToObject(item, "choose", want);
}

/* Checks item against the format-2 limits; returns NULL when it keeps
 * them, else writes why not into buf and returns it. */
static const char *check_limits(const cJSON *item, char *buf, size_t size)
{
	const char *kind = str_of(item, "kind");
	if (str_of(item, "prompt")[0] == '\0')
		return "it has no question text";
	if (strcmp(kind, "choice") == 0 || strcmp(kind, "multi") == 0) {
		int n = count_of(item, "options");
		if (n < 2 || n > MAX_OPTIONS) {
			snprintf(buf, size, "it has %d option%s and an item shows 2 to %d (%s)", n, n == 1 ? "" : "s",
			    MAX_OPTIONS, n < 2 ? "add options" : "drop some wrong options or split the question");
			return buf;
		}
		const cJSON *o;
		cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(item, "options"))
			if (str_of(o, "text")[0] == '\0')
				return "an option has no text";
	} else if (strcmp(kind, "fill") == 0) {
		int n = count_of(item, "bank"), b = count_of(item, "blanks");
		if (n < 2 || n > MAX_OPTIONS) {
			snprintf(buf, size, "its choices make a bank of %d and a bank holds 2 to %d", n, MAX_OPTIONS);
			return buf;
		}
		if (!all_different(cJSON_GetObjectItemCaseSensitive(item, "bank"), NULL, NULL))
			return "a choice has no text";
		if (b < 1 || b > MAX_BLANKS) {
			snprintf(buf, size, "it has %d blanks and an item holds 1 to %d", b, MAX_BLANKS);
			return buf;
		}
	} else if (strcmp(kind, "match") == 0) {
		const cJSON *pairs = cJSON_GetObjectItemCaseSensitive(item, "pairs");
		const cJSON *extra = cJSON_GetObjectItemCaseSensitive(item, "distractors");
		int n = cJSON_GetArraySize(pairs), r = n + cJSON_GetArraySize(extra);
		if (n < 2 || n > MAX_OPTIONS) {
			snprintf(buf, size, "it has %d pair%s and an item matches 2 to %d", n, n == 1 ? "" : "s", MAX_OPTIONS);
			return buf;
		}
		if (r < 3 || r > MAX_OPTIONS) {
			snprintf(buf, size, "it has %d answers to match against and an item needs 3 to %d (%s)", r,
			    MAX_OPTIONS, r < 3 ? "add a wrong answer" : "drop some wrong answers");
			return buf;
		}
		if (!all_different(pairs, "right", extra))
			return "two prompts share an answer (or an answer is empty), and each answer matches one prompt";
	} else if (strcmp(kind, "order") == 0) {
		int n = count_of(item, "steps");
		if (n < 3 || n > MAX_OPTIONS) {
			snprintf(buf, size, "it has %d steps and an item orders 3 to %d", n, MAX_OPTIONS);
			return buf;
		}
		if (!all_different(cJSON_GetObjectItemCaseSensitive(item, "steps"), "text", NULL))
			return "two steps have the same text (or a step is empty)";
	} else if (strcmp(kind, "text") == 0) {
		if (count_of(item, "accept") < 1)
			return "it has no right answer";
	}
	return NULL;
}

void import_add(pt_import *imp, cJSON *item, const char *idnumber, const char *name,
    const char *difficulty, pt_pos pos)
{
	char why[200], label[64];
	defuse_item(imp, item, pos);
	/* A fill item's prompt is a stock instruction: its code says more. */
	const char *text = strcmp(str_of(item, "kind"), "fill") == 0 ? str_of(item, "code") : str_of(item, "prompt");
	import_slug(name && name[0] ? name : text, label, sizeof label);
	const char *msg = check_limits(item, why, sizeof why);
	if (msg != NULL) {
		import_skip(imp, pos, "question \"%s\" is not imported: %s", name && name[0] ? name : label, msg);
		cJSON_Delete(item);
		return;
	}
	char base[MAX_SLUG + 1], id[MAX_SLUG + 16];
	import_slug(idnumber && idnumber[0] ? idnumber : name && name[0] ? name : text, base, sizeof base);
	if (base[0] == '\0')
		snprintf(base, sizeof base, "question");
	snprintf(id, sizeof id, "%s", base);
	struct pt_import_id *first = id_find(imp, base);
	if (first != NULL) {
		unsigned k = first->next;
		do
			snprintf(id, sizeof id, "%s-%u", base, k++);
		while (id_find(imp, id) != NULL);
		first->next = k; /* before id_keep, which may move the table */
	}
	if (!id_keep(imp, id)) {
		cJSON_Delete(item);
		return;
	}
	cJSON_ReplaceItemInObjectCaseSensitive(item, "id", cJSON_CreateString(id));
	if (difficulty != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(item, "difficulty", cJSON_CreateString(difficulty));
	char source[600];
	snprintf(source, sizeof source, "%s:%d", imp->source ? imp->source : "", pos.line);
	cJSON_AddStringToObject(item, "source", source);
	import_choose(item);
	cJSON *note = cJSON_DetachItemFromObjectCaseSensitive(item, "editor_note");
	if (note != NULL)
		cJSON_AddItemToObject(item, "editor_note", note);
	struct pt_import_group *grp = &imp->groups[imp->group];
	void *v = grp->members;
	if (!grow_array(&v, &grp->cap_members, grp->items + 1, sizeof *grp->members)) {
		cJSON_Delete(item);
		return;
	}
	grp->members = v;
	grp->members[grp->items++] = item;
	cJSON_AddItemToArray(imp->items, item); /* cJSON keeps the last element: no walk */
	imp->n_items++;
}

cJSON *import_lesson(pt_import *imp, const char *id, const char *title, const char *summary)
{
	cJSON *lesson = lesson_head(id, title, summary);
	if (lesson == NULL)
		return NULL;
	cJSON_AddItemToObject(lesson, "items", imp->items);
	imp->items = cJSON_CreateArray();
	imp->n_items = 0;
	for (size_t g = 0; g < imp->n_groups; g++) { /* the items are the lesson's now */
		free(imp->groups[g].members);
		imp->groups[g].members = NULL;
		imp->groups[g].cap_members = 0;
	}
	return lesson;
}

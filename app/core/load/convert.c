/* convert.c - copying a parsed lesson tree into the lesson model.
 *
 * Each object's members are looked up once (convert_field.c), every value
 * is copied into the lesson's arena with the position the scanner
 * recorded for it, and structural problems become diagnostics.  The
 * lesson, its items and the format-1 kinds are read here; the format-2
 * kinds in convert_kinds.c. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "paratutor/load/convert.h"
#include "paratutor/load/convert_field.h"
#include "paratutor/load/convert_kinds.h"
#include "paratutor/load/load_kind.h"
#include "paratutor/model/tags.h"
#include "paratutor/load/validate.h"

/* ---- lesson structure -------------------------------------------------- */

static const char *const difficulty_names[] = { "easy", "medium", "hard", NULL };

/* Reads a fill item's blanks. */
static void load_blanks(pt_loader *ld, const pt_fields *itf, pt_item *item)
{
	const cJSON *arr = field_array(ld, itf, F_BLANKS, "a fill item", true);
	if (arr == NULL)
		return;
	item->blanks_pos = field_pos(ld, arr);
	int n = cJSON_GetArraySize(arr);
	item->blanks = field_calloc(ld, (size_t)n + 1, sizeof *item->blanks);
	if (item->blanks == NULL)
		return;
	const cJSON *b;
	cJSON_ArrayForEach(b, arr) {
		pt_blank *blank = &item->blanks[item->n_blanks++];
		blank->pos = field_pos(ld, b);
		if (!cJSON_IsObject(b)) {
			field_wrong_type(ld, b, "blanks[]", "an object");
			continue;
		}
		pt_fields bf;
		field_scan(b, BLANK_FIELDS, &bf);
		field_check_names(ld, &bf, "a blank", BLANK_FIELDS);
		field_text_list(ld, &bf, F_ACCEPT, "a blank", true, &blank->accept);
		const cJSON *fb = field_object(ld, &bf, F_FEEDBACK, "a blank", false);
		if (fb != NULL)
			field_feedback_map(ld, fb, "this blank", &blank->feedback, &blank->n_feedback);
	}
}

/* Returns what a "correct" of the wrong type evidently means: true for
 * the string "true" (in any case) or a number other than 0.  The type
 * error stands alone; the checks that follow judge the item its author
 * meant, instead of adding knock-on errors ("found 0 correct"). */
static bool meant_true(const cJSON *v)
{
	if (cJSON_IsNumber(v))
		return v->valuedouble != 0;
	if (!cJSON_IsString(v))
		return false;
	size_t n;
	const char *s = field_string(v, &n);
	return n == 4 && strncasecmp(s, "true", 4) == 0;
}

/* Reads a choice or multi item's options. */
void kinds_load_options(pt_loader *ld, const pt_fields *itf, pt_item *item)
{
	const cJSON *arr = field_array(ld, itf, F_OPTIONS, "a choice or multi item", true);
	if (arr == NULL)
		return;
	item->options_pos = field_pos(ld, arr);
	int n = cJSON_GetArraySize(arr);
	item->options = field_calloc(ld, (size_t)n + 1, sizeof *item->options);
	if (item->options == NULL)
		return;
	const cJSON *o;
	cJSON_ArrayForEach(o, arr) {
		pt_option *opt = &item->options[item->n_options++];
		opt->pos = field_pos(ld, o);
		if (!cJSON_IsObject(o)) {
			field_wrong_type(ld, o, "options[]", "an object");
			continue;
		}
		pt_fields of;
		field_scan(o, OPTION_FIELDS, &of);
		field_check_names(ld, &of, "an option", OPTION_FIELDS);
		field_text(ld, &of, F_TEXT, "an option", true, &opt->text);
		field_text(ld, &of, F_FEEDBACK, "an option", false, &opt->feedback);
		const cJSON *c = field_get(ld, &of, F_CORRECT, "an option", false);
		if (c != NULL && !cJSON_IsBool(c)) {
			field_wrong_type(ld, c, "correct", "true or false");
			opt->correct = meant_true(c);
		} else if (c != NULL) {
			opt->correct = cJSON_IsTrue(c);
		}
	}
}

/* Returns true when url starts with a scheme a learner may be sent to:
 * https:// or http:// with a host after it, or mailto: with an address
 * (the scheme in any case).  javascript:, file:, data: and the rest are
 * refused. */
static bool url_scheme_ok(const char *url)
{
	static const char *const schemes[] = { "https://", "http://", "mailto:" };
	for (size_t k = 0; k < sizeof schemes / sizeof schemes[0]; k++) {
		size_t n = strlen(schemes[k]);
		if (strncasecmp(url, schemes[k], n) == 0)
			return url[n] != '\0' && url[n] != '/' && url[n] != ' ';
	}
	return false;
}

/* Reads an item's solution and references. */
static void load_extras(pt_loader *ld, const pt_fields *itf, pt_item *item)
{
	const cJSON *sol = field_object(ld, itf, F_SOLUTION, "an item", false);
	if (sol != NULL) {
		item->solution.present = true;
		pt_fields sf;
		field_scan(sol, SOLUTION_FIELDS, &sf);
		field_check_names(ld, &sf, "a solution", SOLUTION_FIELDS);
		field_text_list(ld, &sf, F_STEPS, "a solution", true, &item->solution.steps);
		field_text(ld, &sf, F_ANSWER, "a solution", false, &item->solution.answer);
		field_text(ld, &sf, F_CHECK, "a solution", false, &item->solution.check);
	}
	const cJSON *refs = field_array(ld, itf, F_REFERENCES, "an item", false);
	if (refs == NULL)
		return;
	item->refs = field_calloc(ld, (size_t)cJSON_GetArraySize(refs) + 1, sizeof *item->refs);
	if (item->refs == NULL)
		return;
	const cJSON *r;
	cJSON_ArrayForEach(r, refs) {
		if (!cJSON_IsObject(r)) {
			field_wrong_type(ld, r, "references[]", "an object");
			continue;
		}
		pt_reference *ref = &item->refs[item->n_refs++];
		pt_fields rf;
		field_scan(r, REFERENCE_FIELDS, &rf);
		field_check_names(ld, &rf, "a reference", REFERENCE_FIELDS);
		field_text(ld, &rf, F_TITLE, "a reference", true, &ref->title);
		field_text(ld, &rf, F_URL, "a reference", true, &ref->url);
		if (ref->url.s != NULL && !url_scheme_ok(ref->url.s))
			diags_add(ld->diags, ld->name, ref->url.pos, PT_ERROR,
			    "a reference's url must start with https://, http:// or mailto: (a learner's terminal may open "
			    "it); give the web address");
	}
}

/* A fill item's code node, for finding its bytes in the file. */
typedef struct code_at {
	const pt_loader *ld;
	const cJSON *node;
	pt_pos start; /* the code string's own position */
} code_at;

/* Returns where byte offset of the code comes from in the file: exact
 * when the scanner noted the string's characters, else the string's
 * start. */
static pt_pos code_locate(void *ctx, size_t offset)
{
	const code_at *c = ctx;
	const pt_scan_pos *p = field_record(c->ld, c->node);
	if (p == NULL || p->raw == 0)
		return c->start;
	pt_pos first = { p->value.line, p->value.col + 1 }; /* just past the quote */
	return scan_string_pos(c->ld->cv->text, c->ld->cv->text_len, p->raw, first, offset);
}

void kinds_load_fill(pt_loader *ld, const pt_fields *f, pt_item *item)
{
	field_text(ld, f, F_CODE, "a fill item", true, &item->code);
	field_text_list(ld, f, F_BANK, "a fill item", true, &item->bank);
	load_blanks(ld, f, item);
	/* Only here are the code's bytes still tied to the file. */
	if (item->code.s != NULL && item->blanks != NULL && item->n_blanks >= 1 && item->n_blanks <= PT_MAX_BLANKS) {
		code_at at = { ld, f->v[F_CODE], item->code.pos };
		validate_placeholders(ld->name, item, code_locate, &at, ld->diags);
	}
}

/* Reads an item's "kind": returns its row, or NULL (reported) when it
 * names none. */
static const pt_load_kind *read_kind(pt_loader *ld, const pt_fields *f)
{
	const char *names[PT_KIND_COUNT + 2];
	char choices[256] = "";
	size_t n = 0, len = 0;
	for (const pt_load_kind *k; n + 1 < sizeof names / sizeof names[0] && (k = load_kind_at(n)) != NULL; n++) {
		names[n] = k->name;
		int w = snprintf(choices + len, sizeof choices - len, "%s\"%s\"", n > 0 ? ", " : "", k->name);
		if (w > 0 && (size_t)w < sizeof choices - len)
			len += (size_t)w;
	}
	names[n] = NULL;
	int i = field_enum(ld, f, F_KIND, "an item", names, choices);
	return i < 0 ? NULL : load_kind_at((size_t)i);
}

/* Reads the fields every format-2 item may have, reporting a format-2
 * kind or field in a format-1 file where it is written. */
static void load_format2(pt_loader *ld, const pt_fields *f, const pt_load_kind *kind, pt_item *item)
{
	item->format = ld->format;
	item->shuffle = true;
	item->shuffle_pos = item->pos;
	if (kind != NULL && ld->format < kind->format)
		diags_add(ld->diags, ld->name, field_pos(ld, f->v[F_KIND]), PT_ERROR,
		    "\"%s\" items need \"format\": %d; set it at the top of the file", kind->name, kind->format);
	unsigned long long allowed = kind == NULL ? ANY_ITEM_FIELDS : kind->fields;
	for (int k = 0; k < N_FIELDS && ld->format < 2; k++)
		if (f->v[k] != NULL && ((FORMAT2_ITEM_FIELDS & allowed) >> k & 1ull))
			diags_add(ld->diags, ld->name, field_key_pos(ld, f->v[k]), PT_ERROR,
			    "\"%s\" needs \"format\": 2; set it at the top of the file", field_name((pt_field)k));
	const char *what = kind == NULL ? "an item" : kind->what;
	if (f->v[F_SHUFFLE] != NULL && (allowed & BIT(F_SHUFFLE))) {
		item->shuffle_pos = field_pos(ld, f->v[F_SHUFFLE]);
		field_bool(ld, f, F_SHUFFLE, what, &item->shuffle);
	}
	int choose = 0;
	pt_pos choose_pos;
	bool has_choose = (allowed & BIT(F_CHOOSE)) && field_int(ld, f, F_CHOOSE, what, false, &choose, &choose_pos);
	if (has_choose && choose < 1) {
		diags_add(ld->diags, ld->name, choose_pos, PT_ERROR,
		    "\"choose\" must be 1 or more: the number of options to pick");
	} else if (has_choose) {
		item->choose = choose;
		item->choose_pos = choose_pos; /* set only when valid: validation trusts it */
	}
	if (allowed & BIT(F_PSEUDO_CODE))
		field_bool(ld, f, F_PSEUDO_CODE, what, &item->pseudo_code);
	field_text(ld, f, F_EDITOR_NOTE, what, false, &item->editor_note);
	item->version = 1;
	item->version_pos = item->pos;
	int version = 0;
	pt_pos version_pos;
	if (field_int(ld, f, F_VERSION, what, false, &version, &version_pos)) {
		if (version < 1)
			diags_add(ld->diags, ld->name, version_pos, PT_ERROR,
			    "\"version\" must be 1 or more: raise it by one each time the item's content changes");
		else {
			item->version = version;
			item->version_pos = version_pos;
		}
	}
	field_text_list(ld, f, F_TAGS, what, false, &item->tags);
	for (size_t i = 0; i < item->tags.n; i++) {
		const pt_text *t = &item->tags.v[i];
		int k = t->s != NULL ? tags_find(ld->cv->tags, t->s) : -1;
		if (t->s == NULL || (k >= 0 && tags_usable(ld->cv->tags, (size_t)k, ld->lesson)))
			continue;
		const char *near = tags_nearest(ld->cv->tags, t->s, ld->lesson);
		diags_add(ld->diags, ld->name, t->pos, PT_ERROR, "unknown tag \"%s\"%s%s%s (content/README.md lists the tags; "
		    "a lesson may declare its own in \"concepts\")",
		    t->s, near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "");
	}
}

/* Reads one item; kind-specific parts follow its kind. */
static void load_item(pt_loader *ld, const cJSON *obj, pt_item *item, const pt_lesson *lesson)
{
	pt_fields f;
	field_scan(obj, ANY_ITEM_FIELDS, &f);
	item->pos = field_pos(ld, obj);
	item->attempts = lesson->attempts;
	item->attempts_pos = lesson->attempts_pos;
	field_text(ld, &f, F_ID, "an item", true, &item->id);
	const pt_load_kind *kind = read_kind(ld, &f);
	int diff = field_enum(ld, &f, F_DIFFICULTY, "an item", difficulty_names, "\"easy\", \"medium\", \"hard\"");
	item->kind = kind == NULL ? PT_KIND_CHOICE : kind->kind;
	item->difficulty = diff < 0 ? PT_EASY : (pt_difficulty)diff;
	if (kind == NULL)
		field_check_names(ld, &f, "an item", ANY_ITEM_FIELDS);
	else
		field_check_names(ld, &f, kind->what, kind->fields);
	load_format2(ld, &f, kind, item);
	field_text(ld, &f, F_PROMPT, "an item", true, &item->prompt);
	field_text_list(ld, &f, F_HINTS, "an item", false, &item->hints);
	field_text_list(ld, &f, F_MISTAKES, "an item", false, &item->mistakes);
	field_text(ld, &f, F_EXPLANATION, "an item", false, &item->explanation);
	field_text(ld, &f, F_NOTE, "an item", false, &item->note);
	field_text(ld, &f, F_SOURCE, "an item", false, &item->source);
	field_text(ld, &f, F_LANGUAGE, "an item", false, &item->language);
	if (item->language.s == NULL && lesson->language.s != NULL)
		item->language = lesson->language; /* the same arena holds both */
	field_int(ld, &f, F_ATTEMPTS, "an item", false, &item->attempts, &item->attempts_pos);
	load_extras(ld, &f, item);
	if (kind != NULL)
		kind->load(ld, &f, item);
	load_figure(ld, &f, item); /* after the key: a figure may check it */
}

/* Adds one element of the items array to the lesson. */
static void load_element(pt_loader *ld, const cJSON *it, pt_lesson *lesson)
{
	if (!cJSON_IsObject(it))
		field_wrong_type(ld, it, "items[]", "an object");
	else
		load_item(ld, it, &lesson->items[lesson->n_items++], lesson);
}

/* Reads the concepts the lesson declares ("concepts": {TAG: TITLE}) and
 * declares each in the loader's tag list (tags.h), so its items may carry
 * them. */
static void load_concepts(pt_loader *ld, const pt_fields *f, pt_lesson *lesson)
{
	const cJSON *v = field_get(ld, f, F_CONCEPTS, "the lesson", false);
	if (v == NULL)
		return;
	if (ld->format < 2) {
		diags_add(ld->diags, ld->name, field_key_pos(ld, v), PT_ERROR,
		    "\"concepts\" needs \"format\": 2; set it at the top of the file");
		return;
	}
	if (!cJSON_IsObject(v)) {
		field_wrong_type(ld, v, "concepts", "an object of tag names and titles");
		return;
	}
	lesson->concepts = field_calloc(ld, (size_t)cJSON_GetArraySize(v) + 1, sizeof *lesson->concepts);
	const cJSON *m;
	cJSON_ArrayForEach(m, v) {
		if (lesson->concepts == NULL)
			return;
		pt_concept *c = &lesson->concepts[lesson->n_concepts];
		c->tag.pos = field_key_pos(ld, m);
		if (!tags_name_ok(m->string)) {
			diags_add(ld->diags, ld->name, c->tag.pos, PT_ERROR, "concept \"%s\" is not a tag name: 1 to 32 of "
			    "a-z, 0-9 and '-', starting with a letter", m->string);
			continue;
		}
		int k = tags_find(NULL, m->string);
		if (k >= 0) {
			diags_add(ld->diags, ld->name, c->tag.pos, PT_ERROR, "concept \"%s\" is one of paratutor's own "
			    "(content/README.md lists them): use it without declaring it", m->string);
			continue;
		}
		if (!field_take_text(ld, m, "concepts", &c->title))
			continue;
		if (c->title.s[0] == '\0')
			continue; /* said already: a title cannot be empty */
		c->tag.s = field_strdup(ld, m->string);
		if (c->tag.s == NULL)
			return;
		if (tags_declare(ld->cv->tags, c->tag.s, c->title.s, true) < 0)
			diags_add(ld->diags, ld->name, c->tag.pos, PT_ERROR, "concept \"%s\" is one too many: at most %d "
			    "concept tags in all", c->tag.s, PT_TAGS_MAX);
		else
			lesson->n_concepts++;
	}
}

/* Builds the lesson from a parsed tree. */
static pt_lesson *build_lesson(pt_loader *ld, const cJSON *root)
{
	if (!cJSON_IsObject(root)) {
		diags_add(ld->diags, ld->name, field_pos(ld, root), PT_ERROR,
		    "a lesson file must hold one JSON object, not %s", field_type_name(root));
		return NULL;
	}
	pt_lesson *lesson = field_calloc(ld, 1, sizeof *lesson);
	if (lesson == NULL)
		return NULL;
	lesson->arena = ld->model;
	lesson->path = field_strdup(ld, ld->name);
	lesson->attempts = PT_DEFAULT_ATTEMPTS;
	pt_fields f;
	field_scan(root, LESSON_FIELDS, &f);
	field_check_names(ld, &f, "the lesson", LESSON_FIELDS);
	const cJSON *schema = field_get(ld, &f, F_SCHEMA, "the lesson", false);
	if (schema != NULL && !cJSON_IsString(schema))
		field_wrong_type(ld, schema, "$schema", "a string");
	int format = 0;
	pt_pos format_pos = field_pos(ld, root);
	if (field_int(ld, &f, F_FORMAT, "the lesson", true, &format, &format_pos) &&
	    (format < PT_FORMAT_OLDEST || format > PT_FORMAT_VERSION))
		diags_add(ld->diags, ld->name, format_pos, PT_ERROR,
		    "unsupported format %d; this paratutor reads formats %d and %d", format,
		    PT_FORMAT_OLDEST, PT_FORMAT_VERSION);
	/* An unreadable format is reported once; the items are judged by the
	 * newest format, without knock-on errors. */
	ld->format = format >= PT_FORMAT_OLDEST && format <= PT_FORMAT_VERSION ? format : PT_FORMAT_VERSION;
	lesson->format = ld->format;
	lesson->format_pos = format_pos;
	field_text(ld, &f, F_ID, "the lesson", true, &lesson->id);
	field_text(ld, &f, F_TITLE, "the lesson", true, &lesson->title);
	field_text(ld, &f, F_SUMMARY, "the lesson", true, &lesson->summary);
	field_text(ld, &f, F_LANGUAGE, "the lesson", false, &lesson->language);
	lesson->attempts_pos = field_pos(ld, root);
	field_int(ld, &f, F_ATTEMPTS, "the lesson", false, &lesson->attempts, &lesson->attempts_pos);
	ld->lesson = lesson;
	load_concepts(ld, &f, lesson);
	const cJSON *items = field_array(ld, &f, F_ITEMS, "the lesson", true);
	if (items == NULL)
		return lesson;
	lesson->items_pos = field_pos(ld, items);
	size_t n = (size_t)cJSON_GetArraySize(items);
	lesson->items = field_calloc(ld, n + 1, sizeof *lesson->items);
	if (lesson->items == NULL)
		return lesson;
	const cJSON *it;
	cJSON_ArrayForEach(it, items)
		load_element(ld, it, lesson);
	return lesson;
}


pt_lesson *convert_lesson(const pt_convert *cv, const cJSON *root, bool *no_memory)
{
	pt_loader ld = { .cv = cv, .format = PT_FORMAT_VERSION, .name = cv->name, .diags = cv->diags, .model = arena_new() };
	*no_memory = ld.model == NULL;
	pt_lesson *lesson = ld.model != NULL ? build_lesson(&ld, root) : NULL;
	if (ld.failed) {
		*no_memory = true;
		lesson = NULL;
	}
	if (lesson == NULL)
		arena_free(ld.model);
	return lesson;
}

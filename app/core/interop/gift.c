/* gift.c - Moodle's GIFT format: lines, comments and escapes into
 * question blocks, each block's title, braces and kind. */
#include <stdlib.h>
#include <string.h>

#include "paratutor/interop/gift.h"
#include "paratutor/base/grow.h"
#include "paratutor/interop/giftq.h"
#include "paratutor/base/text.h"

/* Appends a character to the block. */
static void blk_put(pt_gift_block *b, char c, bool lit, pt_pos pos)
{
	void *v = b->v;
	if (!grow_array(&v, &b->cap, b->n + 1, sizeof *b->v)) {
		b->oom = true;
		return;
	}
	b->v = v;
	b->v[b->n++] = (pt_gch){ c, lit, pos };
}

/* Reads the comment line s (after "//") for Moodle's [id:...] and
 * [tag:...]. */
static void read_comment(pt_gift_block *b, const char *s, size_t n)
{
	char line[512];
	if (n >= sizeof line)
		n = sizeof line - 1;
	memcpy(line, s, n);
	line[n] = '\0';
	for (char *p = line; (p = strchr(p, '[')) != NULL; p++) {
		bool id = strncmp(p, "[id:", 4) == 0, tag = strncmp(p, "[tag:", 5) == 0;
		char *end = strchr(p, ']');
		if ((!id && !tag) || end == NULL)
			continue;
		char *v = p + (id ? 4 : 5);
		*end = '\0';
		while (*v == ' ')
			v++;
		if (id)
			snprintf(b->idnumber, sizeof b->idnumber, "%s", v);
		else if (import_difficulty(v) != NULL)
			b->difficulty = import_difficulty(v);
		*end = ']';
	}
}

/* Returns the question's text with the answer block [ob, cb] replaced by
 * mark (or removed when mark is 0); NULL when out of memory. */
static char *question_text(pt_gift_question *q, size_t a, size_t ob, size_t cb, size_t end, char mark)
{
	pt_gift_block *blk = q->blk;
	pt_gch *saved = blk->v;
	size_t n = (ob - a) + 1 + (end - cb - 1);
	pt_gch *tmp = malloc((n + 1) * sizeof *tmp);
	if (tmp == NULL)
		return NULL;
	size_t k = 0;
	for (size_t i = a; i < ob; i++)
		tmp[k++] = saved[i];
	tmp[k++] = (pt_gch){ mark ? mark : ' ', mark != 0, saved[ob].pos };
	for (size_t i = cb + 1; i < end; i++)
		tmp[k++] = saved[i];
	size_t saved_n = blk->n;
	blk->v = tmp;
	blk->n = k;
	char *s = giftq_text_in(q, 0, k, q->fmt);
	blk->v = saved;
	blk->n = saved_n;
	free(tmp);
	return s;
}

/* Replaces the gap mark in s with with; returns a new string or NULL. */
static char *fill_gap(const char *s, const char *with)
{
	const char *m = strchr(s, GIFT_GAP_MARK);
	if (m == NULL)
		return strdup(s);
	size_t n = strlen(s) + strlen(with);
	char *out = malloc(n);
	if (out != NULL)
		snprintf(out, n, "%.*s%s%s", (int)(m - s), s, with, m + 1);
	return out;
}

/* Reads the $CATEGORY line starting at i. */
static void read_category(pt_gift_question *q, size_t i)
{
	pt_gift_block *blk = q->blk;
	size_t a = i + 10, eol = a;
	while (eol < blk->n && !(blk->v[eol].c == '\n' && !blk->v[eol].lit))
		eol++;
	size_t rest = eol, end = blk->n;
	giftq_trim(blk, &rest, &end);
	if (rest < end) {
		import_error(q->imp, giftq_pos(blk, rest), "leave a blank line between the $CATEGORY line and the next question");
		q->failed = true;
		return;
	}
	char *path = giftq_raw(blk, a, eol, FMT_PLAIN);
	if (path != NULL)
		import_category(q->imp, path, giftq_pos(blk, i));
	free(path);
}

/* Checks the braces of a question: one unescaped { } pair.  Sets *ob and
 * *cb (both n for a description); returns false after an error. */
static bool find_braces(pt_gift_question *q, size_t i, size_t *ob, size_t *cb)
{
	pt_gift_block *blk = q->blk;
	size_t n = blk->n;
	*ob = giftq_find(blk, i, n, "{");
	*cb = giftq_find(blk, i, n, "}");
	const char *msg = NULL;
	size_t at = 0;
	if (*ob == n && *cb == n)
		return true;
	if (*cb < *ob) {
		msg = "'}' with no '{' before it; write \\} for a literal brace";
		at = *cb;
	} else if (*cb == n) {
		msg = "this '{' is never closed with '}' (write \\{ for a literal brace)";
		at = *ob;
	} else if (giftq_find(blk, *ob + 1, *cb, "{") < *cb) {
		msg = "'{' inside an answer block; write \\{ for a literal brace";
		at = giftq_find(blk, *ob + 1, *cb, "{");
	} else {
		size_t more = giftq_find(blk, *cb + 1, n, "{"), close = giftq_find(blk, *cb + 1, n, "}");
		at = more < close ? more : close;
		if (at < n)
			msg = "a second answer block in one question; leave a blank line between questions";
	}
	if (msg == NULL)
		return true;
	import_error(q->imp, giftq_pos(blk, at), "%s", msg);
	return false;
}

/* Turns one question block into an item, a category or a diagnostic;
 * sets *at to where it starts and copies its title (or the start of its
 * text) into label when it has one. */
static void read_block(pt_import *imp, pt_gift_block *blk, pt_pos *at, char *label, size_t size)
{
	pt_gift_question q = { .imp = imp, .blk = blk, .fmt = FMT_MOODLE };
	size_t i = 0, n = blk->n;
	while (i < n && giftq_space(blk, i))
		i++;
	if (i == n)
		return;
	*at = giftq_pos(blk, i);
	if (giftq_has(blk, i, "$CATEGORY:")) {
		snprintf(label, size, "$CATEGORY");
		read_category(&q, i);
		return;
	}
	imp->questions++;
	pt_pos qpos = giftq_pos(blk, i);
	/* A format marker may come before the title as well as after it. */
	pt_gift_format lead_fmt = giftq_format(blk, &i, n, FMT_MOODLE);
	while (i < n && giftq_space(blk, i))
		i++;
	if (giftq_has(blk, i, "::")) {
		size_t close = giftq_find(blk, i + 2, n, "::");
		if (close == n) {
			import_error(imp, qpos, "the title has no closing '::' (write \\: for a literal colon)");
			return;
		}
		size_t ta = i + 2, tb = close;
		giftq_trim(blk, &ta, &tb);
		q.title = giftq_raw(blk, ta, tb, FMT_PLAIN);
		if (q.title != NULL)
			snprintf(label, size, "%s", q.title);
		i = close + 2;
	}
	size_t ob, cb;
	if (!find_braces(&q, i, &ob, &cb)) {
		free(q.title);
		return;
	}
	q.fmt = giftq_format(blk, &i, ob, lead_fmt);
	char slug[48];
	char *plain = giftq_raw(blk, i, ob < n ? ob : n, FMT_PLAIN);
	import_slug(plain ? plain : "", slug, sizeof slug);
	if (label[0] == '\0' && plain != NULL)
		import_excerpt(plain, label, size);
	free(plain);
	q.label = q.title && q.title[0] ? q.title : slug;
	if (ob == n) {
		import_skip(imp, qpos, "question \"%s\" has no answers (a description): not imported", q.label);
		free(q.title);
		return;
	}
	/* Text after the closing brace makes a missing-word question, unless
	 * it is a comment. */
	size_t after = cb + 1, end = n;
	giftq_trim(blk, &after, &end);
	if (giftq_has(blk, after, "//"))
		end = after;
	bool gap = after < end;
	size_t aa = ob + 1, ab = cb;
	size_t gf = ab;
	for (size_t k = aa; k < ab; k++)
		if (giftq_has(blk, k, "####"))
			gf = k;
	char *general = gf < ab ? giftq_text(&q, gf + 4, ab) : NULL;
	ab = gf;
	giftq_trim(blk, &aa, &ab);
	char *text = gap ? question_text(&q, i, ob, cb, end, GIFT_GAP_MARK) : question_text(&q, i, ob, cb, cb + 1, 0);
	char *prompt = text ? fill_gap(text, "_____") : NULL;
	/* In HTML, text before a <pre> holding the gap is the instruction. */
	size_t pre = gap && q.fmt == FMT_HTML ? giftq_find(blk, i, ob, "<pre") : ob;
	char *lead = NULL, *code_text = NULL;
	if (pre < ob) {
		lead = giftq_text_in(&q, i, pre, q.fmt);
		code_text = question_text(&q, pre, ob, cb, end, GIFT_GAP_MARK);
		q.lead = lead;
	}
	char *code = text && gap ? fill_gap(code_text ? code_text : text, "{{1}}") : NULL;
	free(code_text);
	pt_gift_answer ans[GIFT_MAX_ANSWERS];
	cJSON *item = NULL;
	if (aa == ab) {
		import_skip(imp, qpos, "question \"%s\" is an essay, which paratutor cannot grade: not imported", q.label);
	} else if (giftq_has(blk, aa, "#")) {
		int k = giftq_answers(&q, aa + 1, ab, "=~", ans);
		if (k == 0) {
			import_error(imp, giftq_pos(blk, aa), "numeric question \"%s\" has no answer after '#'", q.label);
			q.failed = true;
		} else if (k > 0) {
			/* A single answer keeps its '#' feedback; "=" and "~" split. */
			item = giftq_numeric(&q, prompt, ans, k);
		} else {
			q.failed = true;
		}
	} else if (giftq_find(blk, aa, ab, "~") < ab) {
		int k = giftq_answers(&q, aa, ab, "=~", ans);
		item = k > 0 ? giftq_choice(&q, prompt, code, ans, k) : NULL;
		q.failed |= k < 0;
	} else if (giftq_find(blk, aa, ab, "=") < ab && giftq_find(blk, aa, ab, "->") < ab) {
		int k = giftq_answers(&q, aa, ab, "=", ans);
		item = k > 0 ? giftq_match(&q, prompt, ans, k) : NULL;
		q.failed |= k < 0;
	} else {
		size_t ta = aa, tb = giftq_find(blk, aa, ab, "#");
		giftq_trim(blk, &ta, &tb);
		char *tf = giftq_raw(blk, ta, tb, FMT_PLAIN);
		if (tf && (!strcmp(tf, "T") || !strcmp(tf, "TRUE") || !strcmp(tf, "F") || !strcmp(tf, "FALSE"))) {
			item = giftq_truefalse(&q, prompt, aa, ab);
		} else {
			int k = giftq_answers(&q, aa, ab, "=", ans);
			item = k > 0 ? giftq_short(&q, prompt, ans, k) : NULL;
			q.failed |= k < 0;
		}
		free(tf);
	}
	if (item != NULL && !q.failed) {
		import_set_text(item, "explanation", general);
		import_right_feedback(imp, item, q.right, qpos);
		import_add(imp, item, blk->idnumber, q.title, blk->difficulty, qpos);
	} else {
		cJSON_Delete(item);
	}
	free(general);
	free(text);
	free(prompt);
	free(code);
	free(lead);
	free(q.title);
	free(q.right);
}

/* Reads one question block; a question an error keeps out is recorded
 * as broken, with where it starts. */
static void read_question(pt_import *imp, pt_gift_block *blk)
{
	size_t errors = imp->diags->errors;
	pt_pos at = blk->pos;
	char label[64] = "";
	read_block(imp, blk, &at, label, sizeof label);
	if (imp->diags->errors > errors)
		import_broken(imp, at, label[0] ? label : "(untitled)");
}

/* Returns true when the line [s, s+n) holds only white space. */
static bool blank_line(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strchr(" \t\r\f\v", s[i]))
			return false;
	return true;
}

/* Appends the line [s, s+n), which starts at line ln, to the block,
 * resolving escapes. */
static void add_line(pt_gift_block *blk, const char *s, size_t n, int ln)
{
	int col = 1;
	if (blk->n > 0)
		blk_put(blk, '\n', false, (pt_pos){ ln - 1, 1 });
	for (size_t i = 0; i < n; i++) {
		pt_pos pos = { ln, col };
		char c = s[i];
		if (c == '\\' && i + 1 < n && strchr("~=#{}:\\n", s[i + 1]) != NULL) {
			char e = s[++i];
			blk_put(blk, e == 'n' ? '\n' : e, true, pos);
			col += 2;
			continue;
		}
		if (c == '\r' && i + 1 == n)
			break;
		blk_put(blk, c, false, pos);
		if (((unsigned char)c & 0xC0) != 0x80)
			col++;
		/* Continuation bytes share their character's column. */
		else if (blk->n > 0)
			blk->v[blk->n - 1].pos.col = col - 1;
	}
}

/* Checks that text is UTF-8; reports the first bad byte. */
static bool check_utf8(pt_import *imp, const char *text, size_t len)
{
	for (size_t i = 0; i < len;) {
		size_t at = i;
		unsigned cp = text_decode(text, len, &i);
		bool bad = cp == 0xFFFD && !(i - at == 3 && memcmp(text + at, "\xEF\xBF\xBD", 3) == 0);
		if (bad || cp == 0) {
			import_error(imp, diag_walk((pt_pos){ 1, 1 }, text, at),
			    bad ? "the file is not valid UTF-8 here; save it as UTF-8" : "the file holds a NUL byte; is it a text file?");
			return false;
		}
	}
	return true;
}

bool gift_read(pt_import *imp, const char *text, size_t len)
{
	size_t errors = imp->diags->errors;
	if (!check_utf8(imp, text, len)) {
		import_broken(imp, (pt_pos){ 0, 0 }, NULL);
		return false;
	}
	size_t i = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	pt_gift_block blk = { 0 };
	int ln = 1;
	while (i <= len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
		const char *s = text + i;
		if (blank_line(s, n)) {
			read_question(imp, &blk);
			blk.n = 0;
			blk.idnumber[0] = '\0';
			blk.difficulty = NULL;
		} else {
			size_t k = 0;
			while (k < n && (s[k] == ' ' || s[k] == '\t'))
				k++;
			if (k + 1 < n && s[k] == '/' && s[k + 1] == '/')
				read_comment(&blk, s + k + 2, n - k - 2);
			else
				add_line(&blk, s, n, ln);
		}
		if (blk.oom) {
			import_error(imp, (pt_pos){ ln, 1 }, "out of memory");
			break;
		}
		ln++;
		i += n + 1;
	}
	read_question(imp, &blk);
	free(blk.v);
	return imp->diags->errors == errors;
}

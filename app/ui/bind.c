/* bind.c - key tables: which binding an event triggers, and the key bar
 * drawn from the same table, so what is handled is what is listed; the
 * scrolling keys and what they do to a pane (frame_scroll). */
#include <stdio.h>
#include <string.h>

#include "paratutor/ui/ui_app.h"

/* Returns true when binding b is offered in context ctx. */
static bool bind_offered(const pt_binding *b, unsigned ctx)
{
	return (ctx & b->when) == b->when && (ctx & b->unless) == 0;
}

/* Returns true when character c is a key every screen shares at all
 * times (those offered in a context only take their key before the
 * screen's, while offered: bind_dispatch). */
static bool claimed_everywhere(int c)
{
	for (size_t i = 0; i < ui_n_global_keys; i++) {
		const char *chars = ui_global_keys[i].chars;
		if (ui_global_keys[i].when != 0)
			continue;
		if (chars != NULL && c > 0 && c < 128 && strchr(chars, c) != NULL)
			return true;
	}
	return false;
}

/* Returns true when ev triggers binding b. */
static bool triggers(const pt_binding *b, const pt_event *ev)
{
	if (b->events & UI_ON_ANY)
		return ev->type != EV_RESIZE;
	switch (ev->type) {
	case EV_CHAR:
		if (b->events & UI_ON_TEXT)
			return !claimed_everywhere(ev->code);
		return b->chars != NULL && ev->code > 0 && ev->code < 128 && strchr(b->chars, ev->code) != NULL;
	case EV_KEY:
		for (size_t k = 0; k < UI_MAX_NAMED && b->named[k] != 0; k++)
			if (b->named[k] == ev->code + 1)
				return true;
		return false;
	case EV_CLICK: return (b->events & UI_ON_CLICK) != 0;
	case EV_WHEEL: return (b->events & UI_ON_WHEEL) != 0;
	case EV_RESIZE: return false;
	}
	return false;
}

const pt_binding *bind_find(const pt_binding *keys, size_t n, unsigned ctx, const pt_event *ev)
{
	for (size_t i = 0; i < n; i++)
		if (bind_offered(&keys[i], ctx) && triggers(&keys[i], ev))
			return &keys[i];
	return NULL;
}

bool frame_scroll(const pt_event *ev, size_t *scroll, const pt_pane *pane)
{
	size_t step = pane->rows > 2 ? (size_t)pane->rows - 1 : 1;
	if (ev->type != EV_WHEEL && ev->type != EV_KEY)
		return false;
	if (*scroll > pane->max)
		*scroll = pane->max;
	if (ev->type == EV_WHEEL) {
		step = 3;
		if (ev->code < 0)
			*scroll = *scroll > step ? *scroll - step : 0;
		else
			*scroll += step;
	} else {
		switch (ev->code) {
		case PT_KEY_UP:
			step = 1;
			/* fall through */
		case PT_KEY_PGUP:
			*scroll = *scroll > step ? *scroll - step : 0;
			break;
		case PT_KEY_DOWN:
			step = 1;
			/* fall through */
		case PT_KEY_PGDN:
			*scroll += step;
			break;
		case PT_KEY_HOME:
			*scroll = 0;
			break;
		case PT_KEY_END:
			*scroll = pane->max;
			break;
		default:
			return false;
		}
	}
	if (*scroll > pane->max)
		*scroll = pane->max;
	return true;
}

/* Context bits of the scrolling table. */
enum { SC_SCROLLS = 1u << 0 };

/* Scrolling keys and the wheel: the current screen's body. */
static unsigned key_scroll(pt_ui *ui, const pt_event *ev)
{
	size_t *scroll = ui_screen_ops(ui->screen)->scroll(ui);
	frame_scroll(ev, scroll, &ui->body_pane);
	return UI_REDRAW;
}

static const pt_binding scroll_keys[] = {
	{ .keys = "Up/Down, PgUp/PgDn",
	    .help = "scroll a long page; Home/End jump to the top / bottom; the wheel scrolls too",
	    .bar = "scroll", .bar_keys = "PgUp/PgDn", .when = SC_SCROLLS,
	    .named = { PT_KEY_UP + 1, PT_KEY_DOWN + 1, PT_KEY_PGUP + 1, PT_KEY_PGDN + 1, PT_KEY_HOME + 1, PT_KEY_END + 1 },
	    .events = UI_ON_WHEEL, .run = key_scroll },
};

/* Offered while the current screen's body is taller than its rows and the
 * screen lets the shared keys scroll it. */
static unsigned scroll_context(const pt_ui *ui)
{
	const pt_screen_ops *ops = ui_screen_ops(ui->screen);
	return ui->body_scrolls && ops->scroll != NULL && ops->scroll(ui) != NULL ? SC_SCROLLS : 0;
}

const pt_keytable ui_scroll_table = {
	"Scrolling (items, exams, summaries, statistics, results)", scroll_keys,
	sizeof scroll_keys / sizeof scroll_keys[0], scroll_context, NULL,
};

/* The screen's own keys as a table of the chain. */
static pt_keytable own_table(const pt_screen_ops *ops)
{
	pt_keytable t = { ops->name, ops->keys, ops->n_keys, ops->context, ops->bar_keys };
	return t;
}

/* Fills chain with the tables a key goes through, in order; returns how
 * many. */
static size_t chain_of(const pt_ui *ui, const pt_screen_ops *ops, pt_keytable chain[4])
{
	size_t n = 0;
	chain[n++] = own_table(ops);
	if (ops->answering != NULL && ops->answering(ui) != NULL)
		chain[n++] = ui_answering_table;
	if (ops->scroll != NULL)
		chain[n++] = ui_scroll_table;
	chain[n++] = ui_global_table;
	return n;
}

const pt_binding *bind_dispatch(pt_ui *ui, const pt_screen_ops *ops, const pt_event *ev, unsigned *result)
{
	pt_keytable chain[4];
	size_t n = chain_of(ui, ops, chain);
	*result = 0;
	/* A shared key offered in a context only (putting an alert away) comes
	 * first, so no screen key and no typed answer takes it meanwhile. */
	unsigned global_ctx = ui_global_table.context(ui);
	for (size_t i = 0; i < ui_n_global_keys; i++) {
		const pt_binding *b = &ui_global_keys[i];
		if (b->when != 0 && bind_offered(b, global_ctx) && triggers(b, ev) && b->run != NULL) {
			*result = b->run(ui, ev);
			return b;
		}
	}
	for (size_t t = 0; t < n; t++) {
		unsigned ctx = chain[t].context != NULL ? chain[t].context(ui) : 0;
		const pt_binding *b = bind_find(chain[t].keys, chain[t].n_keys, ctx, ev);
		if (b == NULL)
			continue;
		if (b->run == NULL && b->go == UI_GO_NONE)
			return NULL;
		if (b->run != NULL) {
			*result = b->run(ui, ev);
		} else {
			ui_go(ui, b->go, 0);
			*result = UI_REDRAW;
		}
		return b;
	}
	return NULL;
}

/* Adds the key-bar entries of rows [from, to) of table t; returns the new
 * count. */
static size_t bar_rows(const pt_ui *ui, const pt_keytable *t, size_t from, size_t to, pt_keyhint *out,
    size_t n, size_t max)
{
	unsigned ctx = t->context != NULL ? t->context(ui) : 0;
	for (size_t i = from; i < to && i < t->n_keys && n + 1 < max; i++) {
		const pt_binding *b = &t->keys[i];
		if (b->bar == NULL || !bind_offered(b, ctx))
			continue;
		snprintf(out[n].key, sizeof out[n].key, "%s", b->bar_keys ? b->bar_keys : b->keys);
		if (t->bar_keys != NULL)
			t->bar_keys(ui, b, out[n].key, sizeof out[n].key);
		out[n].label = b->bar;
		n++;
	}
	return n;
}

size_t bind_bar(const pt_ui *ui, const pt_screen_ops *ops, pt_keyhint *out, size_t max)
{
	pt_keytable chain[4];
	size_t n_tables = chain_of(ui, ops, chain);
	size_t n = 0;
	/* The screen's leading rows, the answer entry's, the screen's others,
	 * then scrolling: the answer keys stay near the front of the bar. */
	bool answers = n_tables > 2 && chain[1].keys == ui_answering_table.keys;
	size_t lead = answers ? ops->bar_lead : ops->n_keys;
	n = bar_rows(ui, &chain[0], 0, lead, out, n, max);
	if (answers)
		n = bar_rows(ui, &chain[1], 0, chain[1].n_keys, out, n, max);
	n = bar_rows(ui, &chain[0], lead, ops->n_keys, out, n, max);
	for (size_t t = answers ? 2 : 1; t + 1 < n_tables; t++)
		n = bar_rows(ui, &chain[t], 0, chain[t].n_keys, out, n, max);
	/* The keys every screen shares end the bar (those offered in a context
	 * while offered). */
	unsigned global_ctx = ui_global_table.context(ui);
	for (size_t i = 0; i < ui_n_global_keys && n < max; i++) {
		if (ui_global_keys[i].bar == NULL || !bind_offered(&ui_global_keys[i], global_ctx))
			continue;
		snprintf(out[n].key, sizeof out[n].key, "%s", ui_global_keys[i].keys);
		out[n].label = ui_global_keys[i].bar;
		n++;
	}
	return n;
}

/* bind.c - key tables: which binding an event triggers, and the key bar
 * drawn from the same table, so what is handled is what is listed. */
#include <stdio.h>
#include <string.h>

#include "paratutor/ui_app.h"

bool bind_offered(const pt_binding *b, unsigned ctx)
{
	return (ctx & b->when) == b->when && (ctx & b->unless) == 0;
}

/* Returns true when character c is a key every screen shares. */
static bool claimed_everywhere(int c)
{
	for (size_t i = 0; i < ui_n_global_keys; i++) {
		const char *chars = ui_global_keys[i].chars;
		if (chars != NULL && c > 0 && c < 128 && strchr(chars, c) != NULL)
			return true;
	}
	return false;
}

/* Returns true when ev triggers binding b. */
static bool triggers(const pt_binding *b, const pt_event *ev)
{
	if (b->events & UI_ON_ANY)
		return ev->kind != EV_RESIZE;
	switch (ev->kind) {
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

size_t bind_bar(const pt_ui *ui, const pt_screen_ops *ops, pt_keyhint *out, size_t max)
{
	unsigned ctx = ops->context(ui);
	size_t n = 0;
	for (size_t i = 0; i < ops->n_keys && n + 1 < max; i++) {
		const pt_binding *b = &ops->keys[i];
		if (b->bar == NULL || !bind_offered(b, ctx))
			continue;
		snprintf(out[n].key, sizeof out[n].key, "%s", b->bar_keys ? b->bar_keys : b->keys);
		if (ops->bar_keys != NULL)
			ops->bar_keys(ui, b, out[n].key, sizeof out[n].key);
		out[n].label = b->bar;
		n++;
	}
	for (size_t i = 0; i < ui_n_global_keys && n < max; i++) {
		if (ui_global_keys[i].bar == NULL)
			continue;
		snprintf(out[n].key, sizeof out[n].key, "%s", ui_global_keys[i].keys);
		out[n].label = ui_global_keys[i].bar;
		n++;
	}
	return n;
}

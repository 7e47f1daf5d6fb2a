/* tags.c - the controlled list of concept tags and those courses and
 * lessons declare (tags.h). */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/model/tags.h"
#include "paratutor/model/lesson.h"
#include "paratutor/base/text.h"

/* The bundled list, in a stable order. */
static const pt_tag_info bundled[] = {
	{ "data-parallel", "data parallelism" },
	{ "model-parallel", "model parallelism" },
	{ "pipeline", "pipeline parallelism and bubbles" },
	{ "tensor-parallel", "tensor parallelism" },
	{ "sequence-parallel", "sequence and context parallelism" },
	{ "expert-parallel", "expert parallelism (mixture of experts)" },
	{ "hybrid", "combining parallelisms (3D)" },
	{ "collectives", "collectives: all-reduce and friends" },
	{ "communication", "communication cost and bandwidth" },
	{ "sharding", "sharded states: ZeRO and FSDP" },
	{ "memory", "memory per GPU" },
	{ "activations", "activation memory and recomputation" },
	{ "precision", "number formats and mixed precision" },
	{ "batch-size", "batch size and learning rate" },
	{ "launch", "launching and process groups" },
	{ "fault-tolerance", "restarts, elasticity and checkpoints" },
	{ "frameworks", "framework APIs (PyTorch, TensorFlow, JAX)" },
	{ "compilers", "compilers and automatic sharding" },
	{ "performance", "throughput, utilisation and FLOPs" },
	{ "debugging", "debugging hangs and slow workers" },
	{ "platforms", "managed platforms" },
};

size_t tags_bundled(void)
{
	return sizeof bundled / sizeof bundled[0];
}

size_t tags_count(const pt_tags *tags)
{
	return tags_bundled() + (tags != NULL ? atomic_load_explicit(&tags->n, memory_order_acquire) : 0);
}

const pt_tag_info *tags_at(const pt_tags *tags, size_t i)
{
	return i < tags_bundled() ? &bundled[i] : &tags->declared[i - tags_bundled()];
}

int tags_find(const pt_tags *tags, const char *name)
{
	size_t n = tags_count(tags);
	for (size_t i = 0; i < n; i++)
		if (strcmp(tags_at(tags, i)->name, name) == 0)
			return (int)i;
	return -1;
}

bool tags_name_ok(const char *name)
{
	size_t n = strlen(name);
	if (n == 0 || n > 32 || name[0] < 'a' || name[0] > 'z')
		return false;
	return strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") == n;
}

int tags_declare(pt_tags *tags, const char *name, const char *label, bool by_lesson)
{
	if (!tags_name_ok(name) || label == NULL || label[0] == '\0')
		return -1;
	/* A lock that all zero leaves open: entries are short, so waiters yield. */
	while (atomic_exchange_explicit(&tags->busy, true, memory_order_acquire))
		sched_yield();
	int at = tags_find(tags, name);
	size_t n = atomic_load_explicit(&tags->n, memory_order_relaxed);
	if (at < 0 && tags_bundled() + n < PT_TAGS_MAX) {
		char *nm = strdup(name), *lb = strdup(label);
		if (nm != NULL && lb != NULL) {
			tags->declared[n] = (pt_tag_info){ nm, lb };
			tags->by_lesson[n] = by_lesson;
			atomic_store_explicit(&tags->n, n + 1, memory_order_release);
			at = (int)(tags_bundled() + n);
		} else {
			free(nm);
			free(lb);
		}
	} else if (at >= 0 && !by_lesson && (size_t)at >= tags_bundled()) {
		tags->by_lesson[(size_t)at - tags_bundled()] = false; /* a course's now: every lesson may use it */
	}
	atomic_store_explicit(&tags->busy, false, memory_order_release);
	return at;
}

void tags_free(pt_tags *tags)
{
	for (size_t i = 0; i < atomic_load(&tags->n); i++) {
		free((char *)tags->declared[i].name);
		free((char *)tags->declared[i].label);
	}
	memset(tags, 0, sizeof *tags);
}

bool tags_by_lesson(const pt_tags *tags, size_t i)
{
	return i >= tags_bundled() && i < tags_count(tags) && tags->by_lesson[i - tags_bundled()];
}

bool tags_usable(const pt_tags *tags, size_t i, const struct pt_lesson *lesson)
{
	if (!tags_by_lesson(tags, i))
		return i < tags_count(tags);
	for (size_t c = 0; lesson != NULL && c < lesson->n_concepts; c++)
		if (strcmp(lesson->concepts[c].tag.s, tags_at(tags, i)->name) == 0)
			return true;
	return false;
}

const char *tags_nearest(const pt_tags *tags, const char *name, const struct pt_lesson *lesson)
{
	const char *best = NULL;
	int best_d = 4;
	for (size_t i = 0; i < tags_count(tags); i++) {
		if (!tags_usable(tags, i, lesson))
			continue;
		int d = text_distance(tags_at(tags, i)->name, name);
		if (d < best_d) {
			best_d = d;
			best = tags_at(tags, i)->name;
		}
	}
	return best;
}

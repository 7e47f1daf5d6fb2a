/* tags.c - the controlled list of concept tags and those courses and
 * lessons declare (tags.h). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/model/tags.h"
#include "paratutor/base/text.h"

/* The bundled list, in a stable order. */
static const pt_tag_info pt_tags[] = {
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

/* Declared tags: written under the lock, an entry complete before the
 * count that shows it is published, so readers need no lock. */
static pt_tag_info declared[PT_TAGS_MAX];
static bool declared_by_lesson[PT_TAGS_MAX];
static atomic_size_t n_declared;
static pthread_mutex_t declare_lock = PTHREAD_MUTEX_INITIALIZER;

size_t tags_bundled(void)
{
	return sizeof pt_tags / sizeof pt_tags[0];
}

size_t tags_count(void)
{
	return tags_bundled() + atomic_load_explicit(&n_declared, memory_order_acquire);
}

const pt_tag_info *tags_at(size_t i)
{
	return i < tags_bundled() ? &pt_tags[i] : &declared[i - tags_bundled()];
}

int tags_find(const char *name)
{
	size_t n = tags_count();
	for (size_t i = 0; i < n; i++)
		if (strcmp(tags_at(i)->name, name) == 0)
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

int tags_declare(const char *name, const char *label, bool by_lesson)
{
	if (!tags_name_ok(name) || label == NULL || label[0] == '\0')
		return -1;
	pthread_mutex_lock(&declare_lock);
	int at = tags_find(name);
	size_t n = atomic_load_explicit(&n_declared, memory_order_relaxed);
	if (at < 0 && tags_bundled() + n < PT_TAGS_MAX) {
		char *nm = strdup(name), *lb = strdup(label);
		if (nm != NULL && lb != NULL) {
			declared[n] = (pt_tag_info){ nm, lb };
			declared_by_lesson[n] = by_lesson;
			atomic_store_explicit(&n_declared, n + 1, memory_order_release);
			at = (int)(tags_bundled() + n);
		} else {
			free(nm);
			free(lb);
		}
	} else if (at >= 0 && !by_lesson && (size_t)at >= tags_bundled()) {
		declared_by_lesson[(size_t)at - tags_bundled()] = false; /* a course's now: every lesson may use it */
	}
	pthread_mutex_unlock(&declare_lock);
	return at;
}

bool tags_by_lesson(size_t i)
{
	return i >= tags_bundled() && i < tags_count() && declared_by_lesson[i - tags_bundled()];
}

const char *tags_nearest(const char *name)
{
	const char *best = NULL;
	int best_d = 4;
	for (size_t i = 0; i < tags_count(); i++) {
		int d = text_distance(tags_at(i)->name, name);
		if (d < best_d) {
			best_d = d;
			best = tags_at(i)->name;
		}
	}
	return best;
}

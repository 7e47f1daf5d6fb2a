/* tags.c - the controlled list of concept tags (tags.h). */
#include <string.h>

#include "paratutor/tags.h"
#include "paratutor/text.h"

const pt_tag_info pt_tags[] = {
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

size_t tags_count(void)
{
	return sizeof pt_tags / sizeof pt_tags[0];
}

int tags_find(const char *name)
{
	for (size_t i = 0; i < tags_count(); i++)
		if (strcmp(pt_tags[i].name, name) == 0)
			return (int)i;
	return -1;
}

const char *tags_nearest(const char *name)
{
	const char *best = NULL;
	int best_d = 4;
	for (size_t i = 0; i < tags_count(); i++) {
		int d = text_distance(pt_tags[i].name, name);
		if (d < best_d) {
			best_d = d;
			best = pt_tags[i].name;
		}
	}
	return best;
}

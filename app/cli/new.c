/* new.c - `paratutor new KIND` prints an item template, `paratutor new
 * lesson ID` a lesson skeleton.  The templates are data, here and nowhere
 * else; each one, wrapped in a lesson, passes `paratutor --check --strict`
 * (tests/cli/run.sh proves it). */
#include <stdio.h>
#include <string.h>

#include "paratutor/cli/cli_command.h"
#include "paratutor/interop/import.h"

/* One item template: its kind and its JSON text (two-space indent, no
 * final newline). */
typedef struct new_template {
	const char *kind;
	const char *json;
} new_template;

static const new_template templates[] = {
	{ "fill",
	  "{\n"
	  "  \"id\": \"shard-before-shuffle\",\n"
	  "  \"kind\": \"fill\",\n"
	  "  \"difficulty\": \"easy\",\n"
	  "  \"prompt\": \"Complete the code so that each worker reads only its own part of the files.\",\n"
	  "  \"language\": \"python\",\n"
	  "  \"code\": \"files = tf.data.Dataset.list_files(pattern, shuffle=False)\\nfiles = files.{{1}}(num_workers, worker_index)\",\n"
	  "  \"bank\": [\"shard\", \"batch\", \"shuffle\", \"take\"],\n"
	  "  \"blanks\": [\n"
	  "    {\n"
	  "      \"accept\": [\"shard\"],\n"
	  "      \"feedback\": {\n"
	  "        \"batch\": \"batch groups consecutive elements; every worker would still read every file.\",\n"
	  "        \"shuffle\": \"shuffle reorders the files; it does not divide them between workers.\",\n"
	  "        \"take\": \"take keeps the first files only; the other workers' files are never read.\"\n"
	  "      }\n"
	  "    }\n"
	  "  ],\n"
	  "  \"hints\": [\"Which call keeps every n-th element, starting at this worker's index?\"],\n"
	  "  \"mistakes\": [\"Sharding after a shuffle, so that workers see overlapping files.\"],\n"
	  "  \"explanation\": \"Dataset.shard(num_shards, index) keeps the elements whose position modulo num_shards equals index, so the workers read disjoint files.\",\n"
	  "  \"solution\": {\n"
	  "    \"steps\": [\"Each worker must read a disjoint part of the files.\", \"shard(num_workers, worker_index) keeps every num_workers-th file from worker_index on.\"],\n"
	  "    \"answer\": \"files.shard(num_workers, worker_index)\",\n"
	  "    \"check\": \"Four workers, eight files: each reads two.\"\n"
	  "  },\n"
	  "  \"references\": [{ \"title\": \"tf.data.Dataset.shard\", \"url\": \"https://www.tensorflow.org/api_docs/python/tf/data/Dataset#shard\" }]\n"
	  "}" },
	{ "choice",
	  "{\n"
	  "  \"id\": \"what-is-split\",\n"
	  "  \"kind\": \"choice\",\n"
	  "  \"difficulty\": \"easy\",\n"
	  "  \"prompt\": \"What does data parallelism split across the workers?\",\n"
	  "  \"options\": [\n"
	  "    { \"text\": \"Each batch of training data\", \"correct\": true },\n"
	  "    { \"text\": \"The layers of the model\", \"feedback\": \"Splitting the layers is model (pipeline) parallelism.\" },\n"
	  "    { \"text\": \"Each weight matrix\", \"feedback\": \"Splitting a weight matrix is tensor parallelism.\" },\n"
	  "    { \"text\": \"The optimizer's step count\", \"feedback\": \"Every worker takes the same optimizer steps; nothing is split there.\" }\n"
	  "  ],\n"
	  "  \"hints\": [\"Every worker holds a full copy of the model. What is left to divide?\"],\n"
	  "  \"mistakes\": [\"Confusing data parallelism with model parallelism: ask what is copied and what is cut.\"],\n"
	  "  \"explanation\": \"Data parallelism copies the whole model to every worker and gives each a different slice of every batch; averaging the gradients keeps the copies identical.\",\n"
	  "  \"solution\": {\n"
	  "    \"steps\": [\"The model is copied, so it is not what is split.\", \"What differs between workers is the data they see.\"],\n"
	  "    \"answer\": \"Each batch of training data\",\n"
	  "    \"check\": \"Copy the model, split the data.\"\n"
	  "  },\n"
	  "  \"references\": [{ \"title\": \"PyTorch DistributedDataParallel\", \"url\": \"https://pytorch.org/docs/stable/notes/ddp.html\" }]\n"
	  "}" },
	{ "multi",
	  "{\n"
	  "  \"id\": \"zero-stages\",\n"
	  "  \"kind\": \"multi\",\n"
	  "  \"difficulty\": \"medium\",\n"
	  "  \"prompt\": \"Which of these does ZeRO stage 3 partition across the data-parallel ranks?\",\n"
	  "  \"choose\": 3,\n"
	  "  \"options\": [\n"
	  "    { \"text\": \"Optimizer states\", \"correct\": true, \"feedback\": \"Stage 1 already partitions the optimizer states.\" },\n"
	  "    { \"text\": \"Gradients\", \"correct\": true, \"feedback\": \"Stage 2 adds the gradients.\" },\n"
	  "    { \"text\": \"Parameters\", \"correct\": true, \"feedback\": \"Stage 3 adds the parameters themselves.\" },\n"
	  "    { \"text\": \"The input batch\", \"feedback\": \"Every data-parallel rank already reads its own batch; ZeRO does not change that.\" }\n"
	  "  ],\n"
	  "  \"hints\": [\"Each stage adds one more kind of training state to what is partitioned.\"],\n"
	  "  \"mistakes\": [\"Thinking stage 3 keeps full parameters on every rank: it gathers them only while a layer runs.\"],\n"
	  "  \"explanation\": \"Stage 1 partitions the optimizer states, stage 2 also the gradients, stage 3 also the parameters.\",\n"
	  "  \"solution\": {\n"
	  "    \"steps\": [\"Stage 1: optimizer states.\", \"Stage 2: plus gradients.\", \"Stage 3: plus parameters.\"],\n"
	  "    \"answer\": \"Optimizer states, gradients and parameters\"\n"
	  "  },\n"
	  "  \"references\": [{ \"title\": \"ZeRO: Memory Optimizations Toward Training Trillion Parameter Models\", \"url\": \"https://arxiv.org/abs/1910.02054\" }]\n"
	  "}" },
	{ "numeric",
	  "{\n"
	  "  \"id\": \"adam-bytes\",\n"
	  "  \"kind\": \"numeric\",\n"
	  "  \"difficulty\": \"medium\",\n"
	  "  \"prompt\": \"Mixed-precision Adam keeps bf16 weights and gradients plus fp32 master weights and two fp32 moments. How many bytes per parameter is that?\",\n"
	  "  \"answer\": { \"value\": 16, \"tolerance\": 0 },\n"
	  "  \"units\": { \"B\": 1, \"bytes\": 1 },\n"
	  "  \"wrong\": [\n"
	  "    { \"value\": 12, \"feedback\": \"12 leaves out the bf16 weights and gradients: 2 + 2 bytes on top of 4 + 4 + 4.\" },\n"
	  "    { \"min\": 20, \"max\": 24, \"feedback\": \"That counts an fp32 copy of the gradients too; here they stay in bf16.\" }\n"
	  "  ],\n"
	  "  \"hints\": [\"Add up the bytes of every copy kept per parameter.\"],\n"
	  "  \"mistakes\": [\"Counting Adam's two moments as one.\"],\n"
	  "  \"explanation\": \"bf16 weights (2) and gradients (2), fp32 master weights (4) and two fp32 moments (4 + 4).\",\n"
	  "  \"solution\": {\n"
	  "    \"steps\": [\"bf16 weights and gradients: 2 + 2 bytes.\", \"fp32 master weights and two moments: 4 + 4 + 4 bytes.\"],\n"
	  "    \"answer\": \"16 bytes\",\n"
	  "    \"check\": \"4 + 12 = 16\"\n"
	  "  },\n"
	  "  \"references\": [{ \"title\": \"Mixed Precision Training\", \"url\": \"https://arxiv.org/abs/1710.03740\" }]\n"
	  "}" },
	{ "text",
	  "{\n"
	  "  \"id\": \"sampler-name\",\n"
	  "  \"kind\": \"text\",\n"
	  "  \"difficulty\": \"easy\",\n"
	  "  \"prompt\": \"Which PyTorch class gives each data-parallel rank its own part of a dataset?\",\n"
	  "  \"accept\": [\"DistributedSampler\", \"torch.utils.data.DistributedSampler\"],\n"
	  "  \"case_sensitive\": false,\n"
	  "  \"wrong\": [\n"
	  "    { \"answer\": \"DataParallel\", \"feedback\": \"DataParallel replicates a module across GPUs in one process; it does not split a dataset.\" }\n"
	  "  ],\n"
	  "  \"hints\": [\"It is a sampler, and it knows about ranks.\"],\n"
	  "  \"mistakes\": [\"Shuffling with the DataLoader's own shuffle=True, which every rank does alike.\"],\n"
	  "  \"explanation\": \"A DistributedSampler hands each rank a disjoint slice of the dataset's indices.\",\n"
	  "  \"solution\": {\n"
	  "    \"steps\": [\"The DataLoader takes a sampler.\", \"The distributed one splits the indices by rank.\"],\n"
	  "    \"answer\": \"DistributedSampler\"\n"
	  "  },\n"
	  "  \"references\": [{ \"title\": \"torch.utils.data.distributed.DistributedSampler\", \"url\": \"https://pytorch.org/docs/stable/data.html\" }]\n"
	  "}" },
	{ "match",
	  "{\n"
	  "  \"id\": \"strategy-fit\",\n"
	  "  \"kind\": \"match\",\n"
	  "  \"difficulty\": \"medium\",\n"
	  "  \"prompt\": \"Match each situation to the strategy that fits it best.\",\n"
	  "  \"pairs\": [\n"
	  "    { \"left\": \"The model fits on one GPU, the dataset is huge\", \"right\": \"Data parallelism\",\n"
	  "      \"feedback\": { \"Tensor parallelism\": \"Splitting layers only adds communication when the model already fits.\",\n"
	  "                    \"Expert parallelism\": \"There are no experts to place.\" } },\n"
	  "    { \"left\": \"One layer's weight matrix is too big for one GPU\", \"right\": \"Tensor parallelism\",\n"
	  "      \"feedback\": { \"Data parallelism\": \"Every rank would still hold the whole matrix.\",\n"
	  "                    \"Expert parallelism\": \"Experts are whole sub-networks, not parts of one matrix.\" } }\n"
	  "  ],\n"
	  "  \"distractors\": [\"Expert parallelism\"],\n"
	  "  \"hints\": [\"Ask what does not fit: the data, or the model.\"],\n"
	  "  \"mistakes\": [\"Choosing model splits when only the data is large.\"],\n"
	  "  \"explanation\": \"Data parallelism copies the model and splits the data; tensor parallelism splits a layer.\",\n"
	  "  \"solution\": {\n"
	  "    \"steps\": [\"A model that fits needs only its data split.\", \"A layer that does not fit must itself be split.\"],\n"
	  "    \"answer\": \"1 Data parallelism, 2 Tensor parallelism\"\n"
	  "  },\n"
	  "  \"references\": [{ \"title\": \"Megatron-LM\", \"url\": \"https://arxiv.org/abs/1909.08053\" }]\n"
	  "}" },
	{ "order",
	  "{\n"
	  "  \"id\": \"ring-phases\",\n"
	  "  \"kind\": \"order\",\n"
	  "  \"difficulty\": \"medium\",\n"
	  "  \"prompt\": \"Put the phases of a ring all-reduce in order.\",\n"
	  "  \"steps\": [\n"
	  "    { \"text\": \"Each rank splits its buffer into N chunks\" },\n"
	  "    { \"text\": \"Reduce-scatter: N-1 steps pass and add chunks\", \"feedback\": \"The sums have to exist before anyone can share them.\" },\n"
	  "    { \"text\": \"All-gather: N-1 steps pass the reduced chunks on\", \"feedback\": \"Only reduced chunks are worth passing on.\" }\n"
	  "  ],\n"
	  "  \"hints\": [\"Nothing can be added before it is split.\"],\n"
	  "  \"mistakes\": [\"Gathering before reducing, which moves every gradient twice.\"],\n"
	  "  \"explanation\": \"Split, then reduce-scatter, then all-gather: 2(N-1) steps in all.\",\n"
	  "  \"solution\": {\n"
	  "    \"steps\": [\"Split into N chunks.\", \"Reduce-scatter so each rank owns one summed chunk.\", \"All-gather the summed chunks.\"],\n"
	  "    \"answer\": \"split, reduce-scatter, all-gather\"\n"
	  "  },\n"
	  "  \"references\": [{ \"title\": \"NCCL collective operations\", \"url\": \"https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/usage/collectives.html\" }]\n"
	  "}" },
	{ "explore",
	  "{\n"
	  "  \"id\": \"bubble\",\n"
	  "  \"kind\": \"explore\",\n"
	  "  \"difficulty\": \"medium\",\n"
	  "  \"prompt\": \"A GPipe pipeline of 4 stages idles in its bubble. Raise the micro-batches until the bubble is at most 10 % of the time, using as few as that takes.\",\n"
	  "  \"figure\": { \"type\": \"pipeline\", \"schedule\": \"gpipe\", \"stages\": 4, \"microbatches\": 4 },\n"
	  "  \"knobs\": { \"microbatches\": { \"min\": 1, \"max\": 64 } },\n"
	  "  \"goal\": { \"all\": [ { \"value\": \"bubble_percent\", \"at_most\": 10 } ], \"minimise\": \"microbatches\" },\n"
	  "  \"wrong\": [ { \"when\": { \"microbatches\": 30 }, \"feedback\": \"30 meet the goal, but fewer do too.\" } ],\n"
	  "  \"hints\": [ \"The bubble is (p - 1)/(m + p - 1) of the time.\" ],\n"
	  "  \"mistakes\": [ \"Adding micro-batches without end: past the goal each one only costs memory and smaller matrix products.\" ],\n"
	  "  \"explanation\": \"3/(m + 3) is at most 0.1 once m + 3 is at least 30: 27 micro-batches.\",\n"
	  "  \"solution\": {\n"
	  "    \"steps\": [ \"With p = 4 stages the bubble is 3/(m + 3).\", \"3/(m + 3) <= 0.1 means m + 3 >= 30.\" ],\n"
	  "    \"answer\": \"27 micro-batches\"\n"
	  "  },\n"
	  "  \"references\": [ { \"title\": \"GPipe\", \"url\": \"https://arxiv.org/abs/1811.06965\" } ]\n"
	  "}" },
};

#define N_TEMPLATES (sizeof templates / sizeof templates[0])

/* Prints the usage text of the command to fp. */
static void new_usage(FILE *fp)
{
	fputs("Usage: paratutor new fill|choice|multi|numeric|text|match|order|explore [ITEM-ID]\n"
	      "       paratutor new lesson ID\n"
	      "Print a template to start from: an item of the given kind with every field\n"
	      "filled by an example (hints, feedback, explanation, solution, references)\n"
	      "and the id ITEM-ID when one is given,\n"
	      "or a lesson (format 2) with one item.  Paste the item into a lesson's\n"
	      "\"items\", or save the lesson as content/ID.json, then change the example and\n"
	      "check it with 'paratutor --check --strict FILE'.  paratutor-lessons(5)\n"
	      "describes every field.\n", fp);
}

/* Returns the template of kind, or NULL. */
static const new_template *find_template(const char *kind)
{
	for (size_t i = 0; i < N_TEMPLATES; i++)
		if (strcmp(templates[i].kind, kind) == 0)
			return &templates[i];
	return NULL;
}

/* Prints text with indent before every line. */
static void put_indented(const char *text, const char *indent)
{
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
		printf("%s%.*s", indent, (int)n, p);
		p += n;
	}
}

/* Prints a format-2 lesson with the id given and the choice template. */
static void print_lesson(const char *id)
{
	printf("{\n"
	       "  \"$schema\": \"./lesson.schema.json\",\n"
	       "  \"format\": 2,\n"
	       "  \"id\": \"%s\",\n"
	       "  \"title\": \"Data parallelism in one question\",\n"
	       "  \"summary\": \"One line for the lesson menu: what the learner practises here.\",\n"
	       "  \"items\": [\n", id);
	put_indented(find_template("choice")->json, "    ");
	printf("\n  ]\n}\n");
}

int cli_new(int argc, char **argv)
{
	if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		new_usage(stdout);
		return CLI_OK;
	}
	if (argc == 3 && strcmp(argv[1], "lesson") == 0) {
		if (!import_id_ok(argv[2])) {
			fprintf(stderr, "paratutor: lesson id \"%s\" may use only lowercase letters, digits, '-', '_' and '.', "
			    "starting with a letter or digit\n", argv[2]);
			return CLI_USAGE;
		}
		print_lesson(argv[2]);
		return CLI_OK;
	}
	const new_template *t = argc == 2 || argc == 3 ? find_template(argv[1]) : NULL;
	if (t != NULL && argc == 3 && !import_id_ok(argv[2])) {
		fprintf(stderr, "paratutor: item id \"%s\" may use only lowercase letters, digits, '-', '_' and '.', "
		    "starting with a letter or digit\n", argv[2]);
		return CLI_USAGE;
	}
	if (t == NULL) {
		if (argc == 2 && strcmp(argv[1], "lesson") == 0)
			fputs("paratutor: new lesson needs an id, as in 'paratutor new lesson my-lesson'\n", stderr);
		else if (argc >= 2)
			fprintf(stderr, "paratutor: new: no template \"%s\"; give fill, choice, multi, numeric, text, match, "
			    "order, explore, or lesson ID\n", argv[1]);
		else
			fputs("paratutor: new needs a kind (fill, choice, multi, numeric, text, match, order, explore) or "
			      "'lesson ID'\n",
			    stderr);
		fputs("Try 'paratutor new --help' for more information.\n", stderr);
		return CLI_USAGE;
	}
	if (argc == 3) {
		/* The template's id is its first "id" value: print the given one instead. */
		const char *id = strstr(t->json, "\"id\": \"") + strlen("\"id\": \"");
		printf("%.*s%s%s\n", (int)(id - t->json), t->json, argv[2], strchr(id, '"'));
	} else {
		put_indented(t->json, "");
		putchar('\n');
	}
	return CLI_OK;
}

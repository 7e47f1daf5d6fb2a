/* fuzz_blueprint.c - libFuzzer target: whatever the bytes, reading them as
 * an exam blueprint never crashes or leaks; every diagnostic has a line
 * and column of 1 or more; a blueprint read without error has shares
 * above 0, at most 100, that add up to 100, each lesson once; and the
 * check of its lesson ids reports exactly the ones not known. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/load/blueprint.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Knows the lesson ids that start with 'a'. */
static bool known(const void *ctx, const char *id)
{
	(void)ctx;
	return id[0] == 'a';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pt_blueprint bp;
	pt_diags d = { 0 };
	bool ok = blueprint_parse(&bp, "fuzz.json", (const char *)data, size, &d);
	(void)blueprint_recognise((const char *)data, size);
	for (size_t k = 0; k < d.n; k++)
		if (d.v[k].pos.line < 1 || d.v[k].pos.col < 1)
			abort();
	if (ok != (d.errors == 0))
		abort();
	if (ok) {
		double sum = 0;
		for (size_t k = 0; k < bp.n; k++) {
			if (!(bp.v[k].percent > 0) || bp.v[k].percent > 100 || bp.v[k].lesson[0] == '\0')
				abort();
			for (size_t j = 0; j < k; j++)
				if (strcmp(bp.v[j].lesson, bp.v[k].lesson) == 0)
					abort();
			sum += bp.v[k].percent;
		}
		if (fabs(sum - 100) > 1e-6)
			abort();
		const char *names[] = { "a", "abc", "collectives" };
		size_t unknown = 0;
		for (size_t k = 0; k < bp.n; k++)
			unknown += !known(NULL, bp.v[k].lesson);
		size_t before = d.errors;
		if (blueprint_check_ids(&bp, known, NULL, names, 3, &d) != unknown || d.errors != before + unknown)
			abort();
	}
	blueprint_free(&bp);
	diags_free(&d);
	return 0;
}

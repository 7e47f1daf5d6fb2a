/* index_sum.c - the checksum that seals an index file (index.h). */
#include <stdint.h>
#include <string.h>

#include "paratutor/catalog/index.h"

/* One step of a checksum lane: xor a word in, multiply by an odd number,
 * xor the state with its own high bits; each a bijection of the state. */
static inline uint64_t lane_step(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 1099511628211ull;
	return h ^ (h >> 29);
}

/* A 64-bit hash of n bytes in four lanes of eight bytes, so that the
 * four multiply chains run side by side (an index of a thousand lessons
 * is most of a megabyte).  Each step and the final fold are bijections
 * of the lane they change, so a change confined to one word always
 * changes the result. */
unsigned long long index_checksum(const char *p, size_t n)
{
	uint64_t a = 1469598103934665603ull, b = 0x9e3779b97f4a7c15ull, c = 0xc2b2ae3d27d4eb4full,
		 d = 0x165667b19e3779f9ull, w[4];
	size_t i = 0;
	for (; i + 32 <= n; i += 32) {
		memcpy(w, p + i, sizeof w);
		a = lane_step(a, w[0]);
		b = lane_step(b, w[1]);
		c = lane_step(c, w[2]);
		d = lane_step(d, w[3]);
	}
	for (; i + 8 <= n; i += 8) {
		memcpy(w, p + i, 8);
		a = lane_step(a, w[0]);
	}
	uint64_t sum = lane_step(lane_step(lane_step(a, b), c), d);
	for (; i < n; i++)
		sum = (sum ^ (unsigned char)p[i]) * 1099511628211ull;
	return sum ^ n;
}

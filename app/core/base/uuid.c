/* uuid.c - SHA-1 and version 5 UUIDs. */
#include <string.h>

#include "paratutor/uuid.h"

/* Rotates x left by n bits (0 < n < 32). */
static uint32_t rotl(uint32_t x, unsigned n)
{
	return (x << n) | (x >> (32 - n));
}

/* Reads four bytes as a big-endian number. */
static uint32_t load_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* Folds one 64-byte block into the state. */
static void sha1_block(uint32_t h[5], const unsigned char *block)
{
	uint32_t w[80];
	for (int t = 0; t < 16; t++)
		w[t] = load_be32(block + 4 * t);
	for (int t = 16; t < 80; t++)
		w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
	uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	for (int t = 0; t < 80; t++) {
		uint32_t f, k;
		if (t < 20) {
			f = (b & c) | (~b & d);
			k = 0x5A827999u;
		} else if (t < 40) {
			f = b ^ c ^ d;
			k = 0x6ED9EBA1u;
		} else if (t < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8F1BBCDCu;
		} else {
			f = b ^ c ^ d;
			k = 0xCA62C1D6u;
		}
		uint32_t temp = rotl(a, 5) + f + e + k + w[t];
		e = d;
		d = c;
		c = rotl(b, 30);
		b = a;
		a = temp;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

void uuid_sha1_start(pt_sha1 *s)
{
	static const uint32_t init[5] = { 0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u };
	memcpy(s->h, init, sizeof init);
	s->bytes = 0;
	s->used = 0;
}

void uuid_sha1_add(pt_sha1 *s, const void *data, size_t len)
{
	const unsigned char *p = data;
	s->bytes += len;
	while (len > 0) {
		size_t n = sizeof s->block - s->used;
		if (n > len)
			n = len;
		memcpy(s->block + s->used, p, n);
		s->used += n;
		p += n;
		len -= n;
		if (s->used == sizeof s->block) {
			sha1_block(s->h, s->block);
			s->used = 0;
		}
	}
}

void uuid_sha1_finish(pt_sha1 *s, unsigned char out[PT_SHA1_SIZE])
{
	uint64_t bits = s->bytes * 8;
	/* Padding: a 1 bit, zeros up to 56 bytes into a block, then the
	 * length in bits as a 64-bit big-endian number. */
	s->block[s->used++] = 0x80;
	if (s->used > 56) {
		memset(s->block + s->used, 0, sizeof s->block - s->used);
		sha1_block(s->h, s->block);
		s->used = 0;
	}
	memset(s->block + s->used, 0, 56 - s->used);
	for (int i = 0; i < 8; i++)
		s->block[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
	sha1_block(s->h, s->block);
	for (int i = 0; i < 5; i++) {
		out[4 * i] = (unsigned char)(s->h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(s->h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(s->h[i] >> 8);
		out[4 * i + 3] = (unsigned char)s->h[i];
	}
}

void uuid_sha1(const void *data, size_t len, unsigned char out[PT_SHA1_SIZE])
{
	pt_sha1 s;
	uuid_sha1_start(&s);
	uuid_sha1_add(&s, data, len);
	uuid_sha1_finish(&s, out);
}

void uuid_v5(const unsigned char ns[PT_UUID_SIZE], const void *name, size_t len,
    unsigned char out[PT_UUID_SIZE])
{
	pt_sha1 s;
	unsigned char digest[PT_SHA1_SIZE];
	uuid_sha1_start(&s);
	uuid_sha1_add(&s, ns, PT_UUID_SIZE);
	uuid_sha1_add(&s, name, len);
	uuid_sha1_finish(&s, digest);
	memcpy(out, digest, PT_UUID_SIZE);
	out[6] = (unsigned char)((out[6] & 0x0F) | 0x50); /* version 5 */
	out[8] = (unsigned char)((out[8] & 0x3F) | 0x80); /* variant 10x */
}

void uuid_format(const unsigned char u[PT_UUID_SIZE], char out[PT_UUID_TEXT])
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0;
	for (int i = 0; i < PT_UUID_SIZE; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			out[o++] = '-';
		out[o++] = hex[u[i] >> 4];
		out[o++] = hex[u[i] & 15];
	}
	out[o] = '\0';
}

/* Returns the value of hex digit c, or -1. */
static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool uuid_parse(const char *text, unsigned char out[PT_UUID_SIZE])
{
	size_t t = 0;
	for (int i = 0; i < PT_UUID_SIZE; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10) {
			if (text[t++] != '-')
				return false;
		}
		int hi = hex_value(text[t]);
		int lo = hi < 0 ? -1 : hex_value(text[t + 1]);
		if (lo < 0)
			return false;
		out[i] = (unsigned char)(hi << 4 | lo);
		t += 2;
	}
	return text[t] == '\0';
}

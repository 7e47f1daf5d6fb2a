/* uuid.h - SHA-1 (FIPS 180-4) and name-based UUIDs (version 5, RFC 4122
 * section 4.3), for identifiers that come out the same every time the
 * same thing is named.
 *
 * Pure: no I/O, no allocation.  SHA-1 is used here only to name things,
 * never to protect anything. */
#ifndef PARATUTOR_UUID_H
#define PARATUTOR_UUID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PT_SHA1_SIZE 20
#define PT_UUID_SIZE 16
#define PT_UUID_TEXT 37 /* 36 characters and the NUL */

/* A SHA-1 computation under way. */
typedef struct pt_sha1 {
	uint32_t h[5];
	uint64_t bytes;          /* message length so far */
	unsigned char block[64]; /* the block being filled */
	size_t used;             /* bytes of block filled */
} pt_sha1;

/* Starts a SHA-1 computation. */
void uuid_sha1_start(pt_sha1 *s);

/* Adds len bytes of data to the message. */
void uuid_sha1_add(pt_sha1 *s, const void *data, size_t len);

/* Finishes the computation and writes the digest into out. */
void uuid_sha1_finish(pt_sha1 *s, unsigned char out[PT_SHA1_SIZE]);

/* Writes the SHA-1 digest of len bytes of data into out. */
void uuid_sha1(const void *data, size_t len, unsigned char out[PT_SHA1_SIZE]);

/* Writes into out the version 5 UUID of name (len bytes) in namespace ns:
 * SHA-1 of the namespace's 16 bytes then the name, cut to 16 bytes, with
 * the version (5) and the RFC 4122 variant set. */
void uuid_v5(const unsigned char ns[PT_UUID_SIZE], const void *name, size_t len,
    unsigned char out[PT_UUID_SIZE]);

/* Writes u in the standard form, 8-4-4-4-12 lowercase hex digits, into
 * out. */
void uuid_format(const unsigned char u[PT_UUID_SIZE], char out[PT_UUID_TEXT]);

/* Reads the standard form (either case) into out; returns false when text
 * is not one. */
bool uuid_parse(const char *text, unsigned char out[PT_UUID_SIZE]);

#endif

/* course_key.c - the strict reader of one OpenSSH public key line and the
 * safe names of a course (course.h).  A key goes into authorized_keys
 * behind the course's forced command, so nothing in it may add options,
 * lines or characters sshd would read differently. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/store/course.h"

/* The key types OpenSSH accepts for users (ssh-dss is gone from it). */
static const char *const key_types[] = {
	"ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
	"sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com",
};
#define N_KEY_TYPES (sizeof key_types / sizeof key_types[0])

bool course_name_ok(const char *id, size_t max)
{
	size_t n = strlen(id);
	if (n == 0 || n > max)
		return false;
	for (size_t i = 0; i < n; i++) {
		char ch = id[i];
		bool alnum = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9');
		if (!alnum && (i == 0 || (ch != '.' && ch != '_' && ch != '-')))
			return false;
	}
	return true;
}

bool course_path_ok(const char *s)
{
	if (s[0] != '/')
		return false;
	for (const char *p = s; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("/._+-", *p) != NULL))
			return false;
	return strlen(s) < 1024;
}

/* Returns the value of base64 digit ch, or -1. */
static int b64(char ch)
{
	if (ch >= 'A' && ch <= 'Z')
		return ch - 'A';
	if (ch >= 'a' && ch <= 'z')
		return ch - 'a' + 26;
	if (ch >= '0' && ch <= '9')
		return ch - '0' + 52;
	return ch == '+' ? 62 : ch == '/' ? 63 : -1;
}

/* Decodes the n base64 characters of s (padded to a multiple of 4) into
 * out (at least n / 4 * 3 bytes); returns the bytes or -1 when s is not
 * base64. */
static long decode(const char *s, size_t n, unsigned char *out)
{
	if (n == 0 || n % 4 != 0)
		return -1;
	long k = 0;
	for (size_t i = 0; i < n; i += 4) {
		int v[4];
		for (int j = 0; j < 4; j++) {
			v[j] = b64(s[i + j]);
			bool pad = s[i + j] == '=' && i + 4 == n && j >= 2 && (j == 3 || s[i + 3] == '=');
			if (v[j] < 0 && !pad)
				return -1;
		}
		out[k++] = (unsigned char)(v[0] << 2 | v[1] >> 4);
		if (v[2] >= 0)
			out[k++] = (unsigned char)((v[1] & 15) << 4 | v[2] >> 2);
		if (v[3] >= 0)
			out[k++] = (unsigned char)((v[2] & 3) << 6 | v[3]);
		if (v[2] < 0 && v[3] >= 0)
			return -1;
	}
	return k;
}

bool course_key_parse(const char *text, size_t len, char *out, size_t size, char *err, size_t errlen)
{
	if (len > 0 && text[len - 1] == '\n')
		len--;
	if (len > 0 && text[len - 1] == '\r')
		len--;
	if (len == 0) {
		snprintf(err, errlen, "the key file is empty; give the learner's public key (a .pub file)");
		return false;
	}
	if (len >= PT_COURSE_KEY_MAX) {
		snprintf(err, errlen, "the key file is too long for one public key");
		return false;
	}
	if (len > 20 && memcmp(text, "-----BEGIN", 10) == 0) {
		snprintf(err, errlen, "this is a private key; give the public one (the .pub file)");
		return false;
	}
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)text[i];
		if (ch == '\n') {
			snprintf(err, errlen, "the key file holds more than one line; give one public key");
			return false;
		}
		if (ch < 0x20 || ch == 0x7f || ch >= 0x80) {
			snprintf(err, errlen, "the key file holds a control character or a byte that is not ASCII");
			return false;
		}
	}
	const char *sp = memchr(text, ' ', len);
	size_t type_len = sp != NULL ? (size_t)(sp - text) : len;
	const char *type = NULL;
	for (size_t t = 0; t < N_KEY_TYPES; t++)
		if (strlen(key_types[t]) == type_len && memcmp(text, key_types[t], type_len) == 0)
			type = key_types[t];
	if (type == NULL) {
		snprintf(err, errlen, "the key does not start with a key type OpenSSH knows (like ssh-ed25519 or "
		    "ssh-rsa); a line with options before the key is refused");
		return false;
	}
	if (sp == NULL) {
		snprintf(err, errlen, "the key has a type but no key after it");
		return false;
	}
	const char *blob = sp + 1;
	const char *end = memchr(blob, ' ', len - (size_t)(blob - text));
	size_t blob_len = end != NULL ? (size_t)(end - blob) : len - (size_t)(blob - text);
	unsigned char *raw = malloc(blob_len / 4 * 3 + 4);
	long n = raw != NULL ? decode(blob, blob_len, raw) : -1;
	/* The blob begins with its own type: a 32-bit length and the name. */
	bool ok = n >= 4;
	unsigned long name_len = ok ? (unsigned long)raw[0] << 24 | raw[1] << 16 | raw[2] << 8 | raw[3] : 0;
	ok = ok && name_len == strlen(type) && (unsigned long)n >= 4 + name_len + 4 &&
	    memcmp(raw + 4, type, name_len) == 0;
	free(raw);
	if (!ok) {
		snprintf(err, errlen, "the key's base64 part is not a %s public key", type);
		return false;
	}
	if (type_len + 1 + blob_len + 1 > size) {
		snprintf(err, errlen, "the key is too long");
		return false;
	}
	snprintf(out, size, "%.*s", (int)(type_len + 1 + blob_len), text);
	return true;
}

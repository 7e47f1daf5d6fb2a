/* fuzz_course.c - libFuzzer target: whatever the bytes, reading them as
 * course.json or as an OpenSSH public key line never crashes or leaks; a
 * course read without error is written back to the same text (members
 * kept), its roster has safe ids and distinct ids and keys, and its
 * authorized_keys has one forced-command line per learner and no other
 * line; an LRS address and credentials path read are ones course_lrs_ok
 * takes, the path resolved is absolute; a key accepted is "TYPE BASE64", ASCII with one space, and reads
 * back as itself. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/store/course.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_key(const char *text, size_t size)
{
	char key[PT_COURSE_KEY_MAX], again[PT_COURSE_KEY_MAX], err[256];
	if (!course_key_parse(text, size, key, sizeof key, err, sizeof err))
		return;
	size_t spaces = 0;
	for (const char *s = key; *s != '\0'; s++) {
		if ((unsigned char)*s <= 0x20 && *s != ' ')
			abort();
		if ((unsigned char)*s >= 0x7f || *s == '"' || *s == ',')
			abort();
		spaces += *s == ' ';
	}
	if (spaces != 1 || !course_key_parse(key, strlen(key), again, sizeof again, err, sizeof err) ||
	    strcmp(key, again) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_key((const char *)data, size);
	pt_course c;
	char err[1024];
	if (!course_parse(&c, "/srv/course", "course.json", (const char *)data, size, err, sizeof err))
		return 0;
	for (size_t i = 0; i < c.n_learners; i++) {
		if (!course_name_ok(c.learners[i].id, PT_COURSE_ID_MAX))
			abort();
		for (size_t j = 0; j < i; j++)
			if (strcmp(c.learners[i].id, c.learners[j].id) == 0 || strcmp(c.learners[i].key, c.learners[j].key) == 0)
				abort();
	}
	char why[256], auth[8192];
	if ((c.lrs != NULL && !course_lrs_ok(c.lrs, false, why, sizeof why)) ||
	    (c.lrs_auth != NULL && (c.lrs == NULL || !course_lrs_ok(c.lrs_auth, true, why, sizeof why) ||
	    !course_lrs_auth_path(&c, auth, sizeof auth) || auth[0] != '/')))
		abort();
	char *text = course_text(&c);
	char *keys = course_keys_text(&c, "/usr/bin/paratutor", "/srv/course");
	if (text == NULL || keys == NULL)
		abort();
	size_t lines = 0;
	for (const char *s = keys; (s = strchr(s, '\n')) != NULL; s++)
		lines++;
	size_t commands = 0;
	for (const char *s = keys; (s = strstr(s, "\ncommand=\"/usr/bin/paratutor --course /srv/course --learner ")) != NULL;
	    s++)
		commands++;
	if (lines != c.n_learners + 1 || commands != c.n_learners)
		abort();
	pt_course again;
	if (!course_parse(&again, "/srv/course", "again", text, strlen(text), err, sizeof err))
		abort();
	char *text2 = course_text(&again);
	if (text2 == NULL || strcmp(text, text2) != 0)
		abort();
	free(text2);
	course_free(&again);
	free(text);
	free(keys);
	course_free(&c);
	return 0;
}

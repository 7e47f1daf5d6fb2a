/* check_course.c - a course's core (course.h): safe names, OpenSSH public
 * key lines, UTC times, an exam's window and attempts counted from a
 * learner's store by the id's name, extra minutes, and course.json kept
 * through a rewrite. */
#include "paratutor/store/course.h"
#include "testutil.h"

#define ED25519 "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAhN4hZcdCCFvbyrNvt36FdHBCql3UuyYnyBjPb24pyu"

/* Returns whether text is a key, putting what is kept in out. */
static bool key(const char *text, char *out, size_t size)
{
	char err[256];
	return course_key_parse(text, strlen(text), out, size, err, sizeof err);
}

START_TEST(test_names)
{
	ck_assert(course_name_ok("alice", PT_COURSE_ID_MAX));
	ck_assert(course_name_ok("a.b_c-9", PT_COURSE_ID_MAX));
	ck_assert(course_name_ok("0", PT_COURSE_ID_MAX));
	const char *bad[] = { "", "Alice", "-a", ".a", "_a", "a b", "a/b", "../a", "a\n", "é", "a;b", "a$b" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(!course_name_ok(bad[i], PT_COURSE_ID_MAX), "took '%s'", bad[i]);
	ck_assert(course_name_ok("abcdefghijklmnopqrstuvwxyz012345", PT_COURSE_ID_MAX));
	ck_assert(!course_name_ok("abcdefghijklmnopqrstuvwxyz0123456", PT_COURSE_ID_MAX));
	ck_assert(!course_name_ok("abcdefghijklmnopq", PT_COURSE_EXAM_NAME_MAX));
	ck_assert(course_path_ok("/srv/course-1/x_y.z+w"));
	ck_assert(!course_path_ok("srv/course"));
	ck_assert(!course_path_ok("/srv/my course"));
	ck_assert(!course_path_ok("/srv/a\"b"));
	ck_assert(!course_path_ok("/srv/$(id)"));
}
END_TEST

START_TEST(test_keys)
{
	char out[PT_COURSE_KEY_MAX];
	ck_assert(key(ED25519 " learner@laptop\n", out, sizeof out));
	ck_assert_str_eq(out, ED25519);
	ck_assert(key(ED25519, out, sizeof out));
	ck_assert(key(ED25519 "\r\n", out, sizeof out));
	const char *bad[] = {
		"", "\n", "ssh-ed25519", "ssh-ed25519 ", "ssh-dss " "AAAAB3NzaC1kc3MAAA==",
		"from=\"1.2.3.4\" " ED25519, "command=\"sh\" " ED25519, "no-pty " ED25519,
		ED25519 "\n" ED25519, ED25519 " x\ny", ED25519 " \033[2J", ED25519 " caf\xc3\xa9",
		"ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIAhN4hZcdCCFvbyrNvt36FdHBCql3UuyYnyBjPb24pyu",
		"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAhN4hZcdCCFvbyrNvt36FdHBCql3UuyYnyBjPb24py",
		"ssh-ed25519 AAAA!!!!", "ssh-ed25519 ====", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n",
		" " ED25519, "ssh-ed25519  AAAAC3NzaC1lZDI1NTE5AAAAIAhN4hZcdCCFvbyrNvt36FdHBCql3UuyYnyBjPb24pyu",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(!key(bad[i], out, sizeof out), "took key %zu: %s", i, bad[i]);
	/* A NUL inside counts as a control character. */
	char err[256];
	ck_assert(!course_key_parse(ED25519 "\0x", sizeof ED25519 + 1, out, sizeof out, err, sizeof err));
}
END_TEST

START_TEST(test_times)
{
	time_t t;
	ck_assert(course_parse_time("2026-03-01T09:00Z", &t));
	ck_assert_int_eq((long long)t, 1772355600LL);
	ck_assert(course_parse_time("2026-03-01T09:00:30Z", &t));
	ck_assert_int_eq((long long)t, 1772355630LL);
	ck_assert(course_parse_time("2026-03-01 09:00", &t));
	ck_assert_int_eq((long long)t, 1772355600LL);
	ck_assert(course_parse_time("2000-02-29 23:59:59", &t));
	ck_assert_int_eq((long long)t, 951868799LL);
	ck_assert(course_parse_time("@42", &t));
	ck_assert_int_eq((long long)t, 42);
	ck_assert(course_parse_time("@253402300799", &t));
	const char *bad[] = { "@253402300800", "@8888888888888888", "tomorrow", "2026-03-01", "2026-03-01T09:00", "2026-03-01 09:00Z", "2026-13-01 09:00",
		"2026-03-01 24:00", "2026-03-01T09:00Zx", "@", "@-1", "@1x", "1969-12-31 23:59" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(!course_parse_time(bad[i], &t), "took time '%s'", bad[i]);
	char buf[40];
	course_format_time(1772355630, buf, sizeof buf);
	ck_assert_str_eq(buf, "2026-03-01T09:00:30Z");
	/* The latest time read is written back as a time read again. */
	course_format_time(253402300799, buf, sizeof buf);
	ck_assert_str_eq(buf, "9999-12-31T23:59:59Z");
	ck_assert(course_parse_time(buf, &t));
	ck_assert_int_eq((long long)t, 253402300799LL);
}
END_TEST

/* The window and the attempts: an exam of the store counts for the course
 * exam its id names, an open one too, and no other. */
START_TEST(test_window_and_attempts)
{
	pt_course_exam ex = { .name = "mid", .count = 2, .minutes = 10, .opens = 1000, .closes = 2000, .attempts = 2 };
	ck_assert_int_eq(course_exam_window(&ex, 0, 999), PT_COURSE_EXAM_NOT_YET);
	ck_assert_int_eq(course_exam_window(&ex, 0, 1000), PT_COURSE_EXAM_OPEN);
	ck_assert_int_eq(course_exam_window(&ex, 1, 1999), PT_COURSE_EXAM_OPEN);
	ck_assert_int_eq(course_exam_window(&ex, 2, 1500), PT_COURSE_EXAM_USED_UP);
	ck_assert_int_eq(course_exam_window(&ex, 0, 2000), PT_COURSE_EXAM_CLOSED);
	ex.attempts = 0;
	ck_assert_int_eq(course_exam_window(&ex, 99, 1500), PT_COURSE_EXAM_OPEN);
	pt_course_extra extra = { "ada", 7.5 };
	ex.extra = &extra;
	ex.n_extra = 1;
	ck_assert_int_eq(course_exam_seconds(&ex, "ada"), 1050);
	ck_assert_int_eq(course_exam_seconds(&ex, "bob"), 600);

	char content_dir[1024], name[PT_COURSE_EXAM_NAME_MAX + 1];
	const char *why = NULL;
	snprintf(content_dir, sizeof content_dir, "%s/tests/screen/lessons", test_srcdir());
	pt_catalog c = { 0 };
	ck_assert(catalog_add_path(&c, content_dir, false, &why));
	catalog_load_all(&c);
	pt_open_report rep;
	pt_progress *p = progress_open(NULL, 5000, &rep);
	const char *ids[] = { "mid/5000-0000000000000001", "midterm/5001-0000000000000001", "5002-0000000000000001",
		"mid/5003-0000000000000002" };
	for (size_t i = 0; i < 4; i++) {
		pt_exam_config cfg;
		exam_config_default(&cfg);
		cfg.count = 2;
		cfg.seed = i + 1;
		pt_exam e;
		char err[256];
		ck_assert_msg(exam_start(&e, &c, &cfg, 5000 + (time_t)i, err, sizeof err), "%s", err);
		snprintf(e.id, sizeof e.id, "%s", ids[i]);
		if (i < 3)
			exam_submit(&e, 5100 + (time_t)i, false);
		ck_assert(progress_exam_keep(p, &e, 5100 + (time_t)i));
		exam_free(&e);
	}
	bool open = false;
	ck_assert_uint_eq(course_exam_attempts(p, "mid", &open), 2);
	ck_assert(open);
	ck_assert_uint_eq(course_exam_attempts(p, "midterm", &open), 1);
	ck_assert(!open);
	ck_assert_uint_eq(course_exam_attempts(p, "mi", NULL), 0);
	ck_assert_str_eq(course_exam_of("mid/5000-1", name, sizeof name), "mid");
	ck_assert_ptr_null(course_exam_of("5000-1", name, sizeof name));
	ck_assert_ptr_null(course_exam_of("../x/5000-1", name, sizeof name));
	progress_close(p);
	catalog_free(&c);
}
END_TEST

/* course.json: written and read back the same, members a later paratutor
 * adds kept; a duplicate key is refused when reading. */
START_TEST(test_round_trip)
{
	const char *text = "{\"course\": 1, \"title\": \"T\", \"lti\": {\"endpoint\": \"https://x/\"},"
	    "\"learners\": [{\"id\": \"ada\", \"key\": \"" ED25519 "\", \"team\": 3}],"
	    "\"exams\": [{\"name\": \"mid\", \"lessons\": [\"a\"], \"count\": 2, \"minutes\": 1.5, \"pass\": 60,"
	    "\"release\": \"later\"}]}";
	pt_course c, d;
	char err[512];
	ck_assert_msg(course_parse(&c, "/srv/c", "course.json", text, strlen(text), err, sizeof err), "%s", err);
	char *out = course_text(&c);
	ck_assert(strstr(out, "\"lti\"") && strstr(out, "\"team\"") && strstr(out, "\"release\"") && strstr(out, "1.5"));
	ck_assert(course_parse(&d, "/srv/c", "again", out, strlen(out), err, sizeof err));
	char *again = course_text(&d);
	ck_assert_str_eq(out, again);
	ck_assert(!course_add_learner(&d, "bob", "", "", ED25519, 1, err, sizeof err));
	ck_assert(strstr(err, "ada") != NULL);
	ck_assert(course_add_learner(&d, "bob", "Bob", "", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBhN4hZcdCCFvbyrNvt36FdHBCql3UuyYnyBjPb24pyu", 1,
	    err, sizeof err));
	free(out);
	free(again);
	course_free(&c);
	course_free(&d);
	const char *dup = "{\"course\": 1, \"learners\": [{\"id\": \"a\", \"key\": \"" ED25519 "\"},"
	    "{\"id\": \"b\", \"key\": \"" ED25519 "\"}]}";
	ck_assert(!course_parse(&c, "/srv/c", "course.json", dup, strlen(dup), err, sizeof err));
	ck_assert_msg(strstr(err, "same key") != NULL, "%s", err);
	const char *newer = "{\"course\": 2}";
	ck_assert(!course_parse(&c, "/srv/c", "course.json", newer, strlen(newer), err, sizeof err));
	ck_assert_msg(strstr(err, "newer paratutor") != NULL, "%s", err);
}
END_TEST

/* "lrs" and "lrs_auth": read, checked with the member named, written back
 * as they were; a relative credentials path is under the course folder. */
START_TEST(test_lrs)
{
	const char *text = "{\"course\": 1, \"lrs\": \"https://lrs.example.org/xapi\", \"lrs_auth\": \"lrs.auth\"}";
	pt_course c, d;
	char err[512], path[256];
	ck_assert_msg(course_parse(&c, "/srv/c", "course.json", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_str_eq(c.lrs, "https://lrs.example.org/xapi");
	ck_assert(course_lrs_auth_path(&c, path, sizeof path));
	ck_assert_str_eq(path, "/srv/c/lrs.auth");
	char *out = course_text(&c);
	ck_assert(course_parse(&d, "/srv/c", "again", out, strlen(out), err, sizeof err));
	ck_assert_str_eq(d.lrs, c.lrs);
	ck_assert_str_eq(d.lrs_auth, "lrs.auth");
	free(out);
	course_free(&c);
	course_free(&d);
	const char *none = "{\"course\": 1}";
	ck_assert(course_parse(&c, "/srv/c", "course.json", none, strlen(none), err, sizeof err));
	ck_assert(c.lrs == NULL && !course_lrs_auth_path(&c, path, sizeof path));
	out = course_text(&c);
	ck_assert(strstr(out, "lrs") == NULL);
	free(out);
	course_free(&c);
	static const char *const bad[][2] = {
		{ "{\"course\": 1, \"lrs\": 3}", "\"lrs\": must be a string" },
		{ "{\"course\": 1, \"lrs\": \"gopher://x\"}", "\"lrs\": the LRS address must start with https://" },
		{ "{\"course\": 1, \"lrs\": \"https://x/\\u0007\"}", "no space or control character" },
		{ "{\"course\": 1, \"lrs\": \"https://x/\\u202e\"}", "printable ASCII" },
		{ "{\"course\": 1, \"lrs\": \"https://x/\", \"lrs_auth\": \"/a\\u0085\"}", "printable ASCII" },
		{ "{\"course\": 1, \"lrs\": \"https://x/\", \"lrs_auth\": \"\"}", "\"lrs_auth\": the credentials file" },
		{ "{\"course\": 1, \"lrs_auth\": \"/a\"}", "\"lrs_auth\" is given without \"lrs\"" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_msg(!course_parse(&c, "/srv/c", "course.json", bad[i][0], strlen(bad[i][0]), err, sizeof err), "%s",
		    bad[i][0]);
		ck_assert_msg(strstr(err, bad[i][1]) != NULL && strncmp(err, "course.json: ", 13) == 0, "%s: %s", bad[i][0],
		    err);
	}
}
END_TEST

Suite *course_suite(void);

/* The suite. */
Suite *course_suite(void)
{
	Suite *s = suite_create("course");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_keys);
	tcase_add_test(tc, test_times);
	tcase_add_test(tc, test_window_and_attempts);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_lrs);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(course_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

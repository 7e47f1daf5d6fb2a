/* check_codecheck.c - the python parse check: it leaves the process as
 * it was, and runs the built-in Python isolated, in /, with a bare
 * environment and its limits, whatever PATH and the current directory say. */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paratutor/catalog/catalog.h"
#include "paratutor/catalog/codecheck.h"
#include "testutil.h"

/* Writes an executable shell script at dir/name; path receives its path. */
static void write_script(const char *dir, const char *name, const char *body, char *path, size_t cap)
{
	snprintf(path, cap, "%s/%s", dir, name);
	FILE *fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(body, fp);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_int_eq(chmod(path, 0755), 0);
}

/* ---- the python parse check is pure ----------------------------------- */

static volatile sig_atomic_t sigpipes;

/* Counts SIGPIPEs delivered to the process. */
static void count_sigpipe(int sig)
{
	(void)sig;
	sigpipes++;
}

/* With a python3 that exits without reading its input, the parse check
 * hits a closed pipe: it reports that python3 could not run, prints
 * nothing, delivers no SIGPIPE, and leaves the handler, the thread's
 * signal mask and the pending set as they were. */
START_TEST(test_codecheck_pure)
{
	char dir[] = "/tmp/paratutor-python-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char fake[4200];
	snprintf(fake, sizeof fake, "%s/python3", dir);
	FILE *fp = fopen(fake, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("#!/bin/sh\nexit 1\n", fp);
	fclose(fp);
	ck_assert_int_eq(chmod(fake, 0755), 0);
	/* More code than a pipe holds, so the write meets the closed pipe. */
	size_t cap = 1 << 20, n = 0;
	char *json = malloc(cap);
	ck_assert_ptr_nonnull(json);
	n += (size_t)snprintf(json + n, cap - n, "{\"format\": 1, \"id\": \"py\", \"title\": \"T\", \"summary\": \"S\", "
	    "\"language\": \"python\", \"items\": [");
	for (int i = 0; i < 300; i++)
		n += (size_t)snprintf(json + n, cap - n, "%s{\"id\": \"q%d\", \"kind\": \"fill\", \"difficulty\": \"easy\", "
		    "\"prompt\": \"P\", \"code\": \"x = {{1}}%0400d\", \"bank\": [\"a\", \"b\"], "
		    "\"blanks\": [{\"accept\": [\"a\"]}]}", i ? "," : "", i, 0);
	n += (size_t)snprintf(json + n, cap - n, "]}");
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("py.json", json, n, &d);
	ck_assert_ptr_nonnull(l);
	ck_assert_uint_eq(d.errors, 0);
	pt_entry e = { .path = "py.json", .lesson = l, .diags = d };
	pt_catalog cat = { .v = &e, .n = 1 };

	struct sigaction count = { .sa_handler = count_sigpipe }, before, after;
	sigemptyset(&count.sa_mask);
	ck_assert_int_eq(sigaction(SIGPIPE, &count, &before), 0);
	sigset_t mask_before, mask_after, pending;
	pthread_sigmask(SIG_SETMASK, NULL, &mask_before);
	char err_path[] = "/tmp/paratutor-stderr-XXXXXX";
	int err_fd = mkstemp(err_path);
	ck_assert_int_ge(err_fd, 0);
	fflush(stderr);
	int saved_err = dup(STDERR_FILENO);
	dup2(err_fd, STDERR_FILENO);

	size_t unchecked = 0;
	pt_codecheck_status status = codecheck_catalog(&cat, fake, &unchecked);

	fflush(stderr);
	dup2(saved_err, STDERR_FILENO);
	close(saved_err);
	ck_assert_int_eq(status, CODECHECK_NO_PYTHON);
	ck_assert_uint_eq(unchecked, 300);
	ck_assert_int_eq(sigpipes, 0);
	ck_assert_int_eq(sigaction(SIGPIPE, &before, &after), 0);
	ck_assert(after.sa_handler == count_sigpipe);
	pthread_sigmask(SIG_SETMASK, NULL, &mask_after);
	ck_assert_int_eq(sigismember(&mask_after, SIGPIPE), sigismember(&mask_before, SIGPIPE));
	sigpending(&pending);
	ck_assert_int_eq(sigismember(&pending, SIGPIPE), 0);
	struct stat st;
	ck_assert_int_eq(fstat(err_fd, &st), 0);
	ck_assert_msg(st.st_size == 0, "the parse check wrote %lld bytes to stderr", (long long)st.st_size);
	close(err_fd);
	unlink(err_path);
	unlink(fake);
	rmdir(dir);
	lesson_free(l);
	diags_free(&e.diags);
	free(json);
}
END_TEST

/* One python fill item, loaded and valid. */
static const char one_item[] =
    "{\"format\": 1, \"id\": \"py\", \"title\": \"T\", \"summary\": \"S\", \"language\": \"python\", "
    "\"items\": [{\"id\": \"q\", \"kind\": \"fill\", \"difficulty\": \"easy\", \"prompt\": \"P\", "
    "\"code\": \"x = {{1}}\", \"bank\": [\"a\", \"b\"], \"blanks\": [{\"accept\": [\"a\"]}]}]}";

/* A stand-in Python reports, as the item's parse error, how it was started:
 * its arguments, working directory, limits, environment, the program on
 * its stdin and the sources on descriptor 3.  The check passes -I -S and
 * reads the program from stdin, runs in /, under its CPU, memory and file
 * limits, with LC_ALL alone in the environment (a variable of ours and
 * PATH not passed on), and a PATH holding another python3 and a current
 * directory holding one change nothing. */
START_TEST(test_codecheck_isolated)
{
	char dir[] = "/tmp/paratutor-python-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char fake[4200], decoy[4200], mark[4200];
	snprintf(mark, sizeof mark, "%s/decoy-ran", dir);
	char body[8400];
	snprintf(body, sizeof body, "#!/bin/sh\n: >'%s'\nexit 0\n", mark);
	write_script(dir, "python3", body, decoy, sizeof decoy);
	write_script(dir, "reporter",
	    "#!/bin/sh\necho \"0 1 args=$1 $2 $3 $4 $5| cwd=$(pwd)| cpu=$(ulimit -t)| mem=$(ulimit -v)| "
	    "fsize=$(ulimit -f)| env=$(env | grep -v '^PWD=\\|^SHLVL=\\|^_=' | tr '\\n' ' ')| "
	    "program=$(head -n 1)| sources=$(tr '\\000' '#' <&3)|\"\n", fake, sizeof fake);
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("py.json", one_item, strlen(one_item), &d);
	ck_assert_ptr_nonnull(l);
	ck_assert_uint_eq(d.errors, 0);
	pt_entry e = { .path = "py.json", .lesson = l, .diags = d };
	pt_catalog cat = { .v = &e, .n = 1 };

	char *path = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	char cwd[4096];
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	setenv("PATH", dir, 1);
	setenv("PT_TEST_SECRET", "leaked", 1);
	ck_assert_int_eq(chdir(dir), 0);
	size_t unchecked = 0;
	pt_codecheck_status status = codecheck_catalog(&cat, fake, &unchecked);
	ck_assert_int_eq(chdir(cwd), 0);
	setenv("PATH", path, 1);
	unsetenv("PT_TEST_SECRET");
	free(path);

	ck_assert_int_eq(status, CODECHECK_DONE);
	ck_assert_uint_eq(e.diags.n, 1);
	const char *msg = e.diags.v[0].message;
	char want[256];
	ck_assert_msg(strstr(msg, "args=-I -S -B - |") != NULL, "%s", msg);
	ck_assert_msg(strstr(msg, "program=import ast, os|") != NULL, "%s", msg);
	ck_assert_msg(strstr(msg, "sources=x = a#|") != NULL, "%s", msg);
	ck_assert_msg(strstr(msg, "cwd=/|") != NULL, "%s", msg);
	snprintf(want, sizeof want, "cpu=%d|", CODECHECK_CPU_SECONDS);
	ck_assert_msg(strstr(msg, want) != NULL, "%s", msg);
	snprintf(want, sizeof want, "mem=%d|", CODECHECK_MEMORY_MIB * 1024);
	ck_assert_msg(strstr(msg, want) != NULL, "%s", msg);
	ck_assert_msg(strstr(msg, "fsize=0|") != NULL, "%s", msg);
	ck_assert_msg(strstr(msg, "env=LC_ALL=C.UTF-8 |") != NULL, "%s", msg);
	ck_assert_int_eq(access(mark, F_OK), -1);
	unlink(fake);
	unlink(decoy);
	rmdir(dir);
	lesson_free(l);
	diags_free(&e.diags);
}
END_TEST

/* A Python that is not there leaves the items unchecked, said as such. */
START_TEST(test_codecheck_missing)
{
	pt_diags d = { 0 };
	pt_lesson *l = load_lesson_text("py.json", one_item, strlen(one_item), &d);
	ck_assert_ptr_nonnull(l);
	pt_entry e = { .path = "py.json", .lesson = l, .diags = d };
	pt_catalog cat = { .v = &e, .n = 1 };
	size_t unchecked = 0;
	pt_codecheck_status status = codecheck_catalog(&cat, "/nonexistent/python3", &unchecked);
	ck_assert_int_eq(status, CODECHECK_NO_PYTHON);
	ck_assert_uint_eq(unchecked, 1);
	ck_assert_uint_eq(e.diags.n, 0);
	lesson_free(l);
	diags_free(&e.diags);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("codecheck");
	TCase *tc = tcase_create("codecheck");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_codecheck_pure);
	tcase_add_test(tc, test_codecheck_isolated);
	tcase_add_test(tc, test_codecheck_missing);
	suite_add_tcase(s, tc);
	return test_run(s) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

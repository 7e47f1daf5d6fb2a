/* check_fileio.c - the one atomic replace (file_replace_with) played
 * against: links followed only when asked, a new file that must not
 * replace anything, a FIFO or device at the path, a folder that cannot be
 * written and a disk that fills up half-way.  Whatever fails, the old file keeps every byte and no
 * temporary file is left beside it. */
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <grp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "paratutor/base/fileio.h"
#include "testutil.h"

#define OLD "the learner's own file\n"

static char dir[64];
static char path[128];

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/pt-fileio-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/file", dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(OLD, f);
	ck_assert_int_eq(fclose(f), 0);
}

static int remove_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(p);
}

static void teardown(void)
{
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* The whole text of the file at p ("" when it cannot be read). */
static char *slurp(const char *p)
{
	size_t len;
	pt_read_error err;
	char *text = file_read(p, 1u << 20, &len, &err);
	return text != NULL ? text : strdup("");
}

/* Asserts the file at p holds exactly want. */
static void assert_holds(const char *p, const char *want)
{
	char *text = slurp(p);
	ck_assert_str_eq(text, want);
	free(text);
}

/* The number of entries of the test folder whose name has ".tmp-". */
static int temps_left(void)
{
	int n = 0;
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	struct dirent *e;
	while ((e = readdir(d)) != NULL)
		n += strstr(e->d_name, ".tmp-") != NULL;
	closedir(d);
	return n;
}

/* Replacing: the text and the tail, the mode kept or set, the folder
 * synced, no temporary file left. */
START_TEST(test_replace_keeps_mode)
{
	ck_assert_int_eq(chmod(path, 0640), 0);
	pt_replace r = { .flags = PT_REPLACE_KEEP_MODE | PT_REPLACE_SYNC_FILE | PT_REPLACE_SYNC_DIR, .mode = 0600,
	    .tail = "\n" };
	ck_assert(file_replace_with(path, "new", 3, &r));
	ck_assert_int_eq(r.failed, PT_REPLACE_DONE);
	assert_holds(path, "new\n");
	struct stat st;
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0640);
	r = (pt_replace){ .mode = 0604 };
	ck_assert(file_replace_with(path, "again", 5, &r));
	assert_holds(path, "again");
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0604);
	ck_assert_int_eq(temps_left(), 0);
}
END_TEST

/* A link is written through to its target and stays a link when
 * PT_REPLACE_FOLLOW says so, and is itself replaced when not. */
START_TEST(test_link_followed_only_when_asked)
{
	char link_path[160];
	snprintf(link_path, sizeof link_path, "%s/link", dir);
	ck_assert_int_eq(symlink("file", link_path), 0);
	pt_replace r = { .flags = PT_REPLACE_FOLLOW, .mode = 0600 };
	ck_assert(file_replace_with(link_path, "through", 7, &r));
	struct stat st;
	ck_assert_int_eq(lstat(link_path, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	assert_holds(path, "through");

	r = (pt_replace){ .mode = 0600 };
	ck_assert(file_replace_with(link_path, "instead", 7, &r));
	ck_assert_int_eq(lstat(link_path, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	assert_holds(link_path, "instead");
	assert_holds(path, "through");
	ck_assert_int_eq(temps_left(), 0);
}
END_TEST

/* A FIFO (or a device, or a socket) is never replaced by a file, named
 * or reached through a link: it stays what it was and nothing is left
 * beside it.  (A replace by rename would put a regular file in its place:
 * as root, over /dev/full, say.)  A link to one, not followed, is
 * replaced as a link. */
START_TEST(test_special_file_kept)
{
	char fifo[160], link_path[160];
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	snprintf(link_path, sizeof link_path, "%s/to-fifo", dir);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(symlink("fifo", link_path), 0);
	const unsigned flags[] = { 0, PT_REPLACE_FOLLOW, PT_REPLACE_KEEP_MODE | PT_REPLACE_SYNC_FILE | PT_REPLACE_SYNC_DIR };
	for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++) {
		pt_replace r = { .flags = flags[k], .mode = 0600 };
		ck_assert(!file_replace_with(fifo, "attack", 6, &r));
		ck_assert_int_eq(r.failed, PT_REPLACE_NOT_FILE);
		ck_assert_str_eq(r.type, "a FIFO");
	}
	pt_replace r = { .flags = PT_REPLACE_FOLLOW, .mode = 0600 };
	ck_assert(!file_replace_with(link_path, "attack", 6, &r));
	ck_assert_int_eq(r.failed, PT_REPLACE_NOT_FILE);
	struct stat st;
	ck_assert_int_eq(lstat(fifo, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	ck_assert_int_eq(temps_left(), 0);
	char err[512];
	ck_assert(!file_replace(fifo, "attack", 6, 0600, err, sizeof err));
	ck_assert_str_eq(strstr(err, "fifo"), "fifo: it is a FIFO, not a file; it was left as it was");
	r = (pt_replace){ .mode = 0600 };
	ck_assert(file_replace_with(link_path, "instead", 7, &r));
	ck_assert_int_eq(lstat(link_path, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	ck_assert_int_eq(lstat(fifo, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
}
END_TEST

/* PT_REPLACE_NEW never replaces: not a file, not a link (even to
 * nowhere), and it says EEXIST at the rename step; where nothing is, it
 * writes the file. */
START_TEST(test_new_replaces_nothing)
{
	pt_replace r = { .flags = PT_REPLACE_NEW | PT_REPLACE_SYNC_FILE, .mode = 0600 };
	ck_assert(!file_replace_with(path, "attack", 6, &r));
	ck_assert_int_eq(r.failed, PT_REPLACE_RENAME);
	ck_assert_int_eq(r.errnum, EEXIST);
	assert_holds(path, OLD);
	ck_assert_int_eq(temps_left(), 0);

	char dangling[160], fresh[160];
	snprintf(dangling, sizeof dangling, "%s/dangling", dir);
	snprintf(fresh, sizeof fresh, "%s/fresh", dir);
	ck_assert_int_eq(symlink("fresh", dangling), 0);
	r = (pt_replace){ .flags = PT_REPLACE_NEW, .mode = 0600 };
	ck_assert(!file_replace_with(dangling, "attack", 6, &r));
	ck_assert_int_eq(r.errnum, EEXIST);
	ck_assert_int_eq(access(fresh, F_OK), -1);
	ck_assert_int_eq(temps_left(), 0);

	ck_assert(file_replace_with(fresh, "made", 4, &r));
	assert_holds(fresh, "made");
	ck_assert_int_eq(temps_left(), 0);
}
END_TEST

/* In a child that cannot write the test folder (nobody, when run as
 * root), tries to replace the file: 0 when it failed at the temporary
 * file with EACCES. */
static int replace_unwritable(void)
{
	if (geteuid() == 0 && (setgroups(0, NULL) != 0 || setgid(65534) != 0 || setuid(65534) != 0))
		return 10;
	pt_replace r = { .flags = PT_REPLACE_SYNC_FILE | PT_REPLACE_SYNC_DIR, .mode = 0600 };
	if (file_replace_with(path, "attack", 6, &r))
		return 11;
	return r.failed == PT_REPLACE_CREATE && r.errnum == EACCES ? 0 : 12;
}

/* A folder that cannot be written: nothing replaced, nothing left. */
START_TEST(test_unwritable_folder)
{
	ck_assert_int_eq(chmod(dir, 0555), 0);
	ck_assert_int_eq(chmod(path, 0666), 0); /* the file itself may be written: only the folder stops it */
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(replace_unwritable());
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	ck_assert_int_eq(chmod(dir, 0700), 0);
	assert_holds(path, OLD);
	ck_assert_int_eq(temps_left(), 0);
}
END_TEST

/* A disk that fills up half-way (a file size limit, its signal ignored):
 * the write fails, the old file keeps every byte, the temporary file
 * goes. */
START_TEST(test_full_disk)
{
	static char big[65536];
	memset(big, 'x', sizeof big);
	struct rlimit was;
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &was), 0);
	void (*handler)(int) = signal(SIGXFSZ, SIG_IGN);
	struct rlimit small = { 1000, was.rlim_max };
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
	pt_replace r = { .flags = PT_REPLACE_KEEP_MODE | PT_REPLACE_SYNC_FILE | PT_REPLACE_SYNC_DIR, .mode = 0600 };
	bool ok = file_replace_with(path, big, sizeof big, &r);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &was), 0);
	signal(SIGXFSZ, handler);
	ck_assert(!ok);
	ck_assert_int_eq(r.failed, PT_REPLACE_WRITE);
	ck_assert_int_eq(r.errnum, EFBIG);
	ck_assert_ptr_nonnull(strstr(r.tmp, "/file.tmp-"));
	assert_holds(path, OLD);
	ck_assert_int_eq(temps_left(), 0);
}
END_TEST

/* A path too long for any file system: refused at the temporary file. */
START_TEST(test_name_too_long)
{
	static char long_path[PATH_MAX + 64];
	memset(long_path, 'a', sizeof long_path - 1);
	long_path[0] = '/';
	pt_replace r = { .mode = 0600 };
	ck_assert(!file_replace_with(long_path, "x", 1, &r));
	ck_assert_int_eq(r.failed, PT_REPLACE_CREATE);
	ck_assert_int_eq(r.errnum, ENAMETOOLONG);
}
END_TEST

/* Folders made with their parents; a file in the way stops it, and the
 * name given is cut at the folder that could not be made. */
START_TEST(test_make_dirs)
{
	char made[160];
	snprintf(made, sizeof made, "%s/a/b/c", dir);
	ck_assert(file_make_dirs(made));
	ck_assert_str_eq(made + strlen(dir), "/a/b/c");
	struct stat st;
	ck_assert_int_eq(stat(made, &st), 0);
	ck_assert(S_ISDIR(st.st_mode));
	ck_assert_uint_eq(st.st_mode & 07777, 0700);
	ck_assert(file_make_dirs(made)); /* there already */

	char blocked[160];
	snprintf(blocked, sizeof blocked, "%s/file/x/y", dir);
	ck_assert(!file_make_dirs(blocked));
	ck_assert_int_eq(errno, ENOTDIR);
	ck_assert_str_eq(blocked + strlen(dir), "/file/x");
	assert_holds(path, OLD);
}
END_TEST

/* The folder of a path: "." for a bare name, "/" at the root. */
START_TEST(test_folder)
{
	const char *cases[][2] = { { "name", "." }, { "/name", "/" }, { "a/b/name", "a/b" }, { "/a/name", "/a" } };
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *folder = file_folder(cases[i][0]);
		ck_assert_str_eq(folder, cases[i][1]);
		free(folder);
	}
}
END_TEST

static Suite *fileio_suite(void)
{
	Suite *s = suite_create("fileio");
	TCase *tc = tcase_create("replace");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_replace_keeps_mode);
	tcase_add_test(tc, test_link_followed_only_when_asked);
	tcase_add_test(tc, test_new_replaces_nothing);
	tcase_add_test(tc, test_special_file_kept);
	tcase_add_test(tc, test_unwritable_folder);
	tcase_add_test(tc, test_full_disk);
	tcase_add_test(tc, test_name_too_long);
	tcase_add_test(tc, test_make_dirs);
	tcase_add_test(tc, test_folder);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run(fileio_suite()) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* codecheck.c - parse-checking python fill items with python3's parser. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/catalog/codecheck.h"
#include "paratutor/base/fileio.h"
#include "paratutor/load/validate.h"

/* The program Python reads on its stdin: it reads NUL-separated sources
 * on descriptor SOURCES_FD and prints "INDEX ok" or "INDEX LINE MESSAGE"
 * per source. */
#define SOURCES_FD 3
static const char py_script[] =
    "import ast, os\n"
    "for i, src in enumerate(os.fdopen(3, 'rb').read().split(b'\\0')[:-1]):\n"
    "    try:\n"
    "        ast.parse(src.decode('utf-8'))\n"
    "        print(i, 'ok')\n"
    "    except SyntaxError as e:\n"
    "        print(i, e.lineno or 0, (e.msg or 'invalid syntax').replace('\\n', ' '))\n";

typedef struct py_job {
	pt_entry *entry;
	const pt_item *item;
} py_job;

/* Returns true when item holds python code to check: its placeholders are
 * sound and every blank has an answer to fill in. */
static bool is_python_fill(const pt_item *it)
{
	if (it->code.s == NULL || it->language.s == NULL || /* only a fill item has code */
	    strcmp(it->language.s, "python") != 0 || !validate_placeholders_ok(it))
		return false;
	for (size_t b = 0; b < it->n_blanks; b++)
		if (it->blanks[b].accept.n == 0)
			return false;
	return true;
}

/* Writes all of buf to the pipe fd with SIGPIPE blocked in this thread
 * only; a SIGPIPE the write raises is taken off the pending set before
 * the mask is restored, so it is never delivered.  Returns false on
 * error (EPIPE when the reader is gone). */
static bool write_pipe(int fd, const char *buf, size_t len)
{
	sigset_t pipe_only, old, pending;
	sigemptyset(&pipe_only);
	sigaddset(&pipe_only, SIGPIPE);
	if (pthread_sigmask(SIG_BLOCK, &pipe_only, &old) != 0)
		return false;
	/* A SIGPIPE pending already is someone else's: leave it be. */
	bool was_pending = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1;
	bool ok = file_write_all(fd, buf, len);
	int saved = errno;
	if (!ok && saved == EPIPE && !was_pending) {
		const struct timespec now = { 0, 0 };
		while (sigtimedwait(&pipe_only, NULL, &now) < 0 && errno == EINTR)
			;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = saved;
	return ok;
}

/* Closes both ends of a pipe that are open. */
static void close_pipe(int p[2])
{
	if (p[0] >= 0)
		close(p[0]);
	if (p[1] >= 0)
		close(p[1]);
	p[0] = p[1] = -1;
}

/* Makes a pipe whose ends children do not inherit; false on failure. */
static bool make_pipe(int p[2])
{
	if (pipe(p) != 0) {
		p[0] = p[1] = -1;
		return false;
	}
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	return true;
}

/* The Python the check runs: an absolute path fixed at build time (never
 * looked up on PATH), so nothing in the lesson folder, the current
 * directory or the environment chooses it. */
#ifndef PT_PYTHON3
#define PT_PYTHON3 "/usr/bin/python3"
#endif

/* Sets one resource limit in the child; nothing to report if it fails
 * (the hard limit may be lower already). */
static void limit(int resource, rlim_t value)
{
	struct rlimit r = { value, value };
	setrlimit(resource, &r);
}

/* Starts the Python at path reading its program on stdin (script_fd), the
 * sources on SOURCES_FD (sources_fd) and writing to stdout (out_fd),
 * isolated (-I: no current directory or script directory on sys.path, no
 * user site, no PYTHON* variables; -S: no site module, so no sitecustomize
 * or usercustomize), in /, with a one-variable environment and limits on
 * time, memory, files and core dumps.  Between fork and exec the child
 * makes only async-signal-safe calls.  Returns false when it cannot fork;
 * a Python that cannot be executed exits 127, which the caller reads as
 * "not available". */
static bool spawn_python(const char *path, pid_t *pid, int script_fd, int sources_fd, int out_fd)
{
	char *argv[] = { (char *)path, "-I", "-S", "-B", "-", NULL };
	char *envp[] = { "LC_ALL=C.UTF-8", NULL };
	*pid = fork();
	if (*pid < 0)
		return false;
	if (*pid > 0)
		return true;
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	sigaction(SIGALRM, &dfl, NULL);
	/* Copies above the targets first, so no dup2 overwrites a source. */
	int from[3] = { script_fd, out_fd, sources_fd }, to[3] = { STDIN_FILENO, STDOUT_FILENO, SOURCES_FD };
	for (int k = 0; k < 3; k++)
		if ((from[k] = fcntl(from[k], F_DUPFD_CLOEXEC, 10)) < 0)
			_exit(127);
	for (int k = 0; k < 3; k++)
		if (dup2(from[k], to[k]) < 0)
			_exit(127);
	if (chdir("/") != 0)
		_exit(127);
	limit(RLIMIT_CPU, CODECHECK_CPU_SECONDS);
	limit(RLIMIT_AS, (rlim_t)CODECHECK_MEMORY_MIB << 20);
	limit(RLIMIT_FSIZE, 0);
	limit(RLIMIT_CORE, 0);
	alarm(CODECHECK_WALL_SECONDS); /* kept across exec: SIGALRM ends a Python that hangs */
	execve(path, argv, envp);
	_exit(127);
}

/* Runs the Python at path on the joined sources; returns its output
 * (caller frees) or NULL when it could not run or did not read them all. */
static char *run_python(const char *path, const char *input, size_t len)
{
	int script[2] = { -1, -1 }, in[2] = { -1, -1 }, out[2] = { -1, -1 };
	pid_t pid;
	if (!make_pipe(script) || !make_pipe(in) || !make_pipe(out) ||
	    !spawn_python(path, &pid, script[0], in[0], out[1])) {
		close_pipe(script);
		close_pipe(in);
		close_pipe(out);
		return NULL;
	}
	close(script[0]);
	close(in[0]);
	close(out[1]);
	/* python3 reads its program to the end, then all the sources, before
	 * it writes, so writing all of both first cannot deadlock. */
	bool fed = write_pipe(script[1], py_script, sizeof py_script - 1);
	close(script[1]);
	fed = fed && write_pipe(in[1], input, len);
	close(in[1]);
	size_t got;
	pt_read_error why;
	char *result = file_read_fd(out[0], 0, SIZE_MAX, &got, &why);
	close(out[0]); /* when out of memory, python3 then ends on a broken pipe */
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!fed || result == NULL || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		free(result);
		return NULL;
	}
	return result;
}

/* Adds the parse errors python3 reported in result to their entries. */
static void report(char *result, const py_job *jobs, size_t n_jobs)
{
	char *save = NULL;
	for (char *line = strtok_r(result, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		char *rest;
		unsigned long idx = strtoul(line, &rest, 10);
		if (idx >= n_jobs || strncmp(rest, " ok", 3) == 0)
			continue;
		long code_line = strtol(rest, &rest, 10);
		pt_entry *entry = jobs[idx].entry;
		diags_add(&entry->diags, entry->path, jobs[idx].item->code.pos, PT_ERROR,
		    "with the answers filled in, code line %ld does not parse as Python:%s",
		    code_line, rest);
		entry->broken = true;
		diags_sort(&entry->diags);
	}
}

bool codecheck_wants(const pt_lesson *lesson)
{
	for (size_t i = 0; i < lesson->n_items; i++)
		if (is_python_fill(&lesson->items[i]))
			return true;
	return false;
}

pt_codecheck_status codecheck_catalog(pt_catalog *cat, const char *python, size_t *unchecked)
{
	size_t n_jobs = 0, len = 0;
	for (size_t e = 0; e < cat->n; e++)
		for (size_t i = 0; cat->v[e].lesson && i < cat->v[e].lesson->n_items; i++)
			n_jobs += is_python_fill(&cat->v[e].lesson->items[i]);
	*unchecked = n_jobs;
	if (n_jobs == 0)
		return CODECHECK_DONE;
	pt_codecheck_status status = CODECHECK_NO_MEMORY;
	py_job *jobs = calloc(n_jobs, sizeof *jobs);
	char **codes = calloc(n_jobs, sizeof *codes);
	char *input = NULL;
	size_t k = 0;
	if (jobs == NULL || codes == NULL)
		goto out;
	for (size_t e = 0; e < cat->n; e++) {
		pt_lesson *l = cat->v[e].lesson;
		for (size_t i = 0; l && i < l->n_items; i++) {
			if (!is_python_fill(&l->items[i]))
				continue;
			jobs[k] = (py_job){ &cat->v[e], &l->items[i] };
			codes[k] = validate_fill_answers(&l->items[i]);
			if (codes[k] == NULL)
				goto out;
			len += strlen(codes[k]) + 1;
			k++;
		}
	}
	input = malloc(len + 1);
	if (input == NULL)
		goto out;
	size_t off = 0;
	for (size_t j = 0; j < k; j++) {
		size_t n = strlen(codes[j]) + 1;
		memcpy(input + off, codes[j], n);
		off += n;
	}
	char *result = run_python(python != NULL ? python : PT_PYTHON3, input, len);
	if (result == NULL) {
		status = CODECHECK_NO_PYTHON;
		goto out;
	}
	report(result, jobs, k);
	free(result);
	*unchecked = 0;
	status = CODECHECK_DONE;
out:
	for (size_t j = 0; j < k; j++)
		free(codes[j]);
	free(codes);
	free(jobs);
	free(input);
	return status;
}

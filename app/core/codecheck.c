/* codecheck.c - parse-checking python fill items with python3's parser. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "paratutor/codecheck.h"
#include "paratutor/validate.h"

/* Reads NUL-separated sources on stdin; prints "INDEX ok" or
 * "INDEX LINE MESSAGE" per source. */
static const char py_script[] =
    "import ast, sys\n"
    "for i, src in enumerate(sys.stdin.buffer.read().split(b'\\0')[:-1]):\n"
    "    try:\n"
    "        ast.parse(src.decode('utf-8'))\n"
    "        print(i, 'ok')\n"
    "    except SyntaxError as e:\n"
    "        print(i, e.lineno or 0, (e.msg or 'invalid syntax').replace('\\n', ' '))\n";

typedef struct py_job {
	pt_entry *entry;
	const pt_item *item;
} py_job;

/* Returns true when item holds python code to check. */
static bool is_python_fill(const pt_item *it)
{
	return it->kind == PT_KIND_FILL && it->code.s != NULL && it->language.s != NULL &&
	    strcmp(it->language.s, "python") == 0;
}

/* Writes all of buf to fd; returns false on error. */
static bool write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, buf, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		buf += w;
		len -= (size_t)w;
	}
	return true;
}

/* Runs python3 on the joined sources; returns its output (caller frees)
 * or NULL when python3 could not run. */
static char *run_python(const char *input, size_t len)
{
	int in[2], out[2];
	if (pipe(in) != 0)
		return NULL;
	if (pipe(out) != 0) {
		close(in[0]);
		close(in[1]);
		return NULL;
	}
	pid_t pid = fork();
	if (pid < 0) {
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		return NULL;
	}
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		execlp("python3", "python3", "-c", py_script, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);
	write_all(in[1], input, len);
	close(in[1]);
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (buf != NULL && n + 1 >= cap) {
			char *bigger = realloc(buf, cap * 2);
			if (bigger == NULL) {
				free(buf);
				buf = NULL;
			} else {
				buf = bigger;
				cap *= 2;
			}
		}
		char sink[512];
		ssize_t r = buf ? read(out[0], buf + n, cap - n - 1) : read(out[0], sink, sizeof sink);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (buf)
			n += (size_t)r;
	}
	close(out[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	signal(SIGPIPE, old);
	if (buf == NULL || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

void codecheck_catalog(pt_catalog *cat)
{
	size_t n_jobs = 0, len = 0;
	for (size_t e = 0; e < cat->n; e++)
		for (size_t i = 0; cat->v[e].lesson && i < cat->v[e].lesson->n_items; i++)
			n_jobs += is_python_fill(&cat->v[e].lesson->items[i]);
	if (n_jobs == 0)
		return;
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
	char *result = run_python(input, len);
	if (result == NULL) {
		fprintf(stderr, "paratutor: note: python3 is not available; skipped the parse check of %zu python fill item%s\n",
		    k, k == 1 ? "" : "s");
		goto out;
	}
	for (char *line = strtok(result, "\n"); line != NULL; line = strtok(NULL, "\n")) {
		char *rest;
		unsigned long idx = strtoul(line, &rest, 10);
		if (idx >= k || strncmp(rest, " ok", 3) == 0)
			continue;
		long code_line = strtol(rest, &rest, 10);
		pt_entry *entry = jobs[idx].entry;
		diags_add(&entry->diags, entry->path, jobs[idx].item->code.pos, PT_ERROR,
		    "with the answers filled in, code line %ld does not parse as Python:%s",
		    code_line, rest);
		entry->broken = true;
		diags_sort(&entry->diags);
	}
	free(result);
out:
	for (size_t j = 0; j < k; j++)
		free(codes[j]);
	free(codes);
	free(jobs);
	free(input);
}

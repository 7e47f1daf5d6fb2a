/* command.c - what the commands share: the option reader, the store and
 * lessons they open, closed books while an exam is open (cli_command.h). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/cli/cli_command.h"
#include "paratutor/store/progress_exam.h"
#include "paratutor/ui/ui_clock.h"

#define MAX_ROWS 32

/* Returns true when a row of this kind takes an argument. */
static bool takes(cli_arg arg)
{
	return arg != CLI_FLAG && arg != CLI_SAY && arg != CLI_CALL_MAYBE;
}

bool cli_whole(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out)
{
	char *end;
	errno = 0;
	if (s[0] == '-' || s[0] == '\0')
		return false;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* Takes the argument of row o; false when it is bad. */
static bool take(const cli_opt *o, const char *arg, const char *who)
{
	switch (o->arg) {
	case CLI_FLAG: *(bool *)o->to = true; return true;
	case CLI_TEXT: *(const char **)o->to = arg; return true;
	case CLI_WHOLE: {
		unsigned long long v;
		bool ok = cli_whole(arg, (unsigned long long)o->lo, (unsigned long long)o->hi, &v);
		if (ok)
			*(size_t *)o->to = (size_t)v;
		return ok;
	}
	case CLI_NUMBER: return cli_number(arg, o->lo, o->hi, o->to);
	case CLI_COUNT: return cli_number(arg, o->lo, o->hi, o->to) && *(double *)o->to == (long long)*(double *)o->to;
	case CLI_WORD:
		for (int i = 0; o->words[i] != NULL; i++)
			if (strcmp(arg, o->words[i]) == 0) {
				*(int *)o->to = i;
				return true;
			}
		return false;
	case CLI_LESSONS:
	case CLI_ONLY_LESSONS: return cli_lessons_arg(o->to, arg, o->arg == CLI_ONLY_LESSONS, who);
	case CLI_CALL:
	case CLI_CALL_MAYBE: return o->call(arg, o->to);
	default: return false;
	}
}

int cli_read_options(int argc, char **argv, const cli_opt *opts, const char *who, const char *try)
{
	struct option longopts[MAX_ROWS + 1];
	char letters[2 * MAX_ROWS + 1];
	size_t n = 0, k = 0;
	for (; opts[n].arg != CLI_END && n < MAX_ROWS; n++) {
		const cli_opt *o = &opts[n];
		longopts[n] = (struct option){ o->name, o->arg == CLI_CALL_MAYBE ? optional_argument :
		    takes(o->arg) ? required_argument : no_argument, NULL, o->letter ? o->letter : 256 + (int)n };
		if (o->letter != 0) {
			letters[k++] = (char)o->letter;
			if (takes(o->arg))
				letters[k++] = ':';
		}
	}
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };
	letters[k] = '\0';
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, letters, longopts, NULL)) != -1) {
		size_t i = 0;
		while (i < n && (opts[i].letter ? opts[i].letter : 256 + (int)i) != c)
			i++;
		if (i == n) {
			if (try != NULL)
				fprintf(stderr, "Try '%s --help' for more information.\n", try);
			return CLI_USAGE;
		}
		if (opts[i].arg == CLI_SAY) {
			fputs(opts[i].to, stdout);
			return CLI_OK;
		}
		if (opts[i].given != NULL)
			*opts[i].given = opts[i].name;
		if (!take(&opts[i], optarg, who)) {
			if (opts[i].bad != NULL)
				fprintf(stderr, "%s: %s, not '%s'\n", who, opts[i].bad, optarg);
			return CLI_USAGE;
		}
	}
	return -1;
}

bool cli_number(const char *s, double lo, double hi, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !(v >= lo && v <= hi))
		return false;
	*out = v;
	return true;
}

bool cli_option_takes(const cli_opt *opts, const char *name, size_t n)
{
	for (const cli_opt *o = opts; o->arg != CLI_END; o++)
		if (strlen(o->name) == n && strncmp(o->name, name, n) == 0)
			return takes(o->arg);
	return false;
}

bool cli_actor_account(const char *arg, void *to)
{
	cli_actor *a = to;
	snprintf(a->account, sizeof a->account, "%s", arg);
	a->xo.account_home = a->account;
	a->xo.account_name = strchr(a->account, ',') ? strchr(a->account, ',') + 1 : NULL;
	if (a->xo.account_name != NULL)
		a->account[a->xo.account_name - 1 - a->account] = '\0';
	return true;
}

const char *cli_store_path(const char *given, char *buf, size_t size, const char *who, const char *option)
{
	char err[512];
	if (given != NULL)
		return given;
	if (progress_default_path(buf, size, err, sizeof err))
		return buf;
	fprintf(stderr, "%s: %s; name the store with %s FILE\n", who, err, option);
	return NULL;
}

pt_progress *cli_store_open(const char *path, bool readonly, const char *who)
{
	pt_open_report rep;
	pt_progress *p = readonly ? progress_open_readonly(path, &rep) : progress_open(path, ui_now(), &rep);
	if (p == NULL)
		fprintf(stderr, "%s: out of memory\n", who);
	else if (rep.message[0] != '\0')
		fprintf(stderr, "%s: %s\n", who, rep.learner[0] != '\0' ? rep.learner : rep.message);
	if (p != NULL && rep.learner[0] != '\0') { /* damaged: an empty view of it would be untrue */
		progress_close(p);
		p = NULL;
	}
	return p;
}

bool cli_lessons_or_say(pt_catalog *cat, cli_lesson_path *lp)
{
	if (cli_load_lessons(cat, lp, "paratutor"))
		return true;
	fputs("paratutor: no lessons found; give the lesson directory with --lessons DIR\n", stderr);
	return false;
}

bool cli_exam_closed(const char *path, const char *command)
{
	char buf[PT_PROGRESS_PATH_MAX], err[512];
	if (path == NULL && !progress_default_path(buf, sizeof buf, err, sizeof err))
		return false;
	pt_open_report rep;
	pt_progress *p = progress_open_readonly(path != NULL ? path : buf, &rep);
	if (p == NULL)
		return false;
	long left = 0;
	bool closed = progress_exam_closes(p, NULL, ui_now(), &left);
	progress_close(p);
	if (closed)
		fprintf(stderr, "paratutor: %s is closed while your exam is open; submit it first (paratutor exam), "
		    "then try again\n", command);
	return closed;
}

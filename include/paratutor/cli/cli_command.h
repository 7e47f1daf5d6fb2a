/* cli_command.h - what the commands share: their entry points (main.c runs
 * them from one table), their exit statuses, the one option reader (a
 * command lists its options as rows: the long name, the letter, what the
 * argument is and where it goes; cli_read_options() runs getopt_long over
 * them, saying what is wrong in the command's own words), and the store and
 * lessons every command opens, with the same messages everywhere. */
#ifndef PARATUTOR_CLI_COMMAND_H
#define PARATUTOR_CLI_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <unistd.h> /* optind */

#include "paratutor/catalog/catalog.h"
#include "paratutor/cli/cli_lessons.h"
#include "paratutor/report/xapi.h"

/* The exit statuses every command gives (paratutor(1) lists them). */
enum cli_status {
	CLI_OK = 0,        /* done; --check found no errors */
	CLI_FAILED = 1,    /* it could not be done; --check found errors (or warnings with --strict) */
	CLI_USAGE = 2,     /* a bad command line */
	CLI_NO_LESSONS = 3 /* no lessons found, or the one named does not exist or is broken */
};

/* The commands, each run with argv[0] being its name; each returns its
 * exit status.
 * import: GIFT and Moodle XML question files into format-2 lessons (1: the
 *   input has errors or cannot be read or written).
 * new: an item or lesson template printed.
 * export: a lesson as GIFT or Moodle XML (1: the lesson is broken or cannot
 *   be read or written; 3: no such lesson).
 * stats: `stats --me`, the learner's own statistics (stats.h) as plain text
 *   with text charts (1: out of memory or the output could not be written).
 * next: what to study next (next.h), printed, or with --plain opened as a
 *   review in plain mode (1: out of memory or output lost). */
int cli_import(int argc, char **argv);
int cli_new(int argc, char **argv);
int cli_export(int argc, char **argv);
int cli_stats(int argc, char **argv);
int cli_next(int argc, char **argv);

/* Closed books for the commands that show answers or records: while this
 * user's own exam is open (its deadline not passed), stats --me, --watch,
 * export and --report refuse with one line, as the tutor closes its own
 * statistics.  A courtesy on one's own machine: only hosted courses are
 * proctored (README, threat model).
 * Returns true, having printed one line on stderr naming command, when
 * the progress store at path (NULL: this user's default store) holds an
 * open exam whose deadline has not passed; false otherwise (also when the
 * store cannot be read: the command then says so itself). */
bool cli_exam_closed(const char *path, const char *command);

/* What an option takes and what the reader does with it. */
typedef enum cli_arg {
	CLI_END,          /* ends the rows */
	CLI_FLAG,         /* no argument: *(bool *)to = true */
	CLI_TEXT,         /* *(const char **)to = the argument */
	CLI_WHOLE,        /* a whole number from lo to hi, in digits: *(size_t *)to */
	CLI_NUMBER,       /* a number from lo to hi as strtod reads it: *(double *)to */
	CLI_COUNT,        /* as CLI_NUMBER, and a whole one */
	CLI_WORD,         /* one of words: *(int *)to = its index */
	CLI_LESSONS,      /* --lessons DIR into the cli_lesson_path to */
	CLI_ONLY_LESSONS, /* --only-lessons DIR likewise */
	CLI_SAY,          /* print the text to on stdout, then exit 0 (--help, --version) */
	CLI_CALL,         /* call(argument, to); false: the argument is bad */
	CLI_CALL_MAYBE    /* as CLI_CALL with an optional argument (NULL when none) */
} cli_arg;

typedef struct cli_opt {
	const char *name;   /* the long name, without "--" */
	int letter;         /* the one-letter form, or 0 */
	cli_arg arg;
	void *to;
	const char *bad;    /* a bad argument is said as "WHO: BAD, not 'ARG'" (NULL: call said it) */
	double lo, hi;      /* the range of a number */
	const char *const *words; /* CLI_WORD's words, NULL after the last */
	bool (*call)(const char *arg, void *to);
	const char **given; /* when not NULL, set to name when the option is read */
} cli_opt;

/* A row of no more than a name, a letter, what it takes and where it goes
 * (the other fields go by name: .bad, .lo, .hi, .words, .call); the rows
 * end with { 0 }. */
#define CLI_ROW(name, letter, arg, to) { name, letter, arg, to, NULL, 0, 0, NULL, NULL, NULL }

/* The rows of --lessons DIR (-l) and --only-lessons DIR into lp. */
#define CLI_LESSON_ROWS(lp) CLI_ROW("lessons", 'l', CLI_LESSONS, lp), CLI_ROW("only-lessons", 0, CLI_ONLY_LESSONS, lp)

/* The row of --help (-h), printing usage, and the end of the rows. */
#define CLI_HELP_ROWS(usage) CLI_ROW("help", 'h', CLI_SAY, (void *)(usage)), { 0 }

/* Reads the options of argv by the rows opts (ended by { 0 }) from
 * argv[1] on.  Messages start "WHO: "; after an option getopt does not
 * know, "Try 'TRY --help' for more information." follows unless try is
 * NULL.  Returns -1 to go on, with optind at the first operand, or the exit
 * status: CLI_OK after CLI_SAY, CLI_USAGE after a bad option or argument. */
int cli_read_options(int argc, char **argv, const cli_opt *opts, const char *who, const char *try);

/* Returns true when opts has a row named name (n bytes) that takes an
 * argument of its own (a required one), for moving a subcommand first. */
bool cli_option_takes(const cli_opt *opts, const char *name, size_t n);

/* Who the learner is in xAPI statements: --actor, --actor-account and
 * --activity-base (CLI_ACTOR_ROWS) fill xo; account holds its strings. */
typedef struct cli_actor {
	pt_xapi_options xo;
	char account[1024];
} cli_actor;

/* Reads a whole number from lo to hi, in digits, into *out; false when s
 * is not one. */
bool cli_whole(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out);

/* Reads a number from lo to hi as strtod reads it into *out; false when s
 * is not one. */
bool cli_number(const char *s, double lo, double hi, double *out);

/* --actor-account HOMEPAGE,NAME into the cli_actor to; always true. */
bool cli_actor_account(const char *arg, void *to);

#define CLI_ACTOR_ROWS(a) \
	CLI_ROW("actor", 0, CLI_TEXT, &(a)->xo.mbox), \
	{ "actor-account", 0, CLI_CALL, (a), .call = cli_actor_account }, \
	CLI_ROW("activity-base", 0, CLI_TEXT, &(a)->xo.activity_base)

/* The progress store: given, or the default one written into buf.  NULL
 * after saying "WHO: why; name the store with OPTION FILE". */
const char *cli_store_path(const char *given, char *buf, size_t size, const char *who, const char *option);

/* Opens the store at path (read-only, or to record in as of now), saying
 * on stderr after who what opening it found (a damaged file kept
 * aside...) in the learner's words; NULL after saying "out of memory", or
 * that a store opened read-only is damaged (no view of it is shown). */
pt_progress *cli_store_open(const char *path, bool readonly, const char *who);

/* Loads the lessons on the lesson path; false after saying "paratutor: no lessons found; give the lesson directory with
 * --lessons DIR". */
bool cli_lessons_or_say(pt_catalog *cat, cli_lesson_path *lp);

#endif

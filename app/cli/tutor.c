/* tutor.c - running the tutor over a progress store (cli_tutor.h): the
 * learner's shuffle salt, full screen or plain (the lesson index it reads
 * is lessons.c's). */
#include <stdio.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "paratutor/cli/cli_course.h"
#include "paratutor/cli/cli_command.h"
#include "paratutor/cli/cli_tutor.h"
#include "paratutor/ui/plain.h"
#include "paratutor/store/progress.h"
#include "paratutor/store/track.h"
#include "paratutor/ui/ui.h"
#include "paratutor/ui/ui_clock.h"

/* Returns the learner's shuffle salt: the one their store keeps, or a new
 * random one that the store keeps from now on, so each learner gets an
 * order of their own and the same order on every start. */
static unsigned long long learner_salt(pt_progress *progress)
{
	unsigned long long fresh = 0;
	if (getrandom(&fresh, sizeof fresh, GRND_NONBLOCK) != (ssize_t)sizeof fresh)
		fresh = (unsigned long long)time(NULL) * 0x9e3779b97f4a7c15ull ^ (unsigned long long)getpid();
	return progress_salt(progress, fresh);
}

/* Opens the progress store and runs the tutor, full-screen or plain (the
 * latter also whenever stdin or stdout is not a terminal). */
int cli_run_tutor(pt_catalog *cat, const cli_tutor_options *o)
{
	const char *lesson_id = o->lesson_id;
	bool plain = o->plain;
	if (lesson_id != NULL) {
		pt_entry *e = catalog_find(cat, lesson_id);
		if (e == NULL || e->broken) {
			fprintf(stderr, "paratutor: %s: %s\n", lesson_id,
			    e == NULL ? "no such lesson" : "the lesson has errors; run 'paratutor --check' on it");
			if (e != NULL)
				diags_print(&e->diags, stderr);
			return CLI_NO_LESSONS;
		}
	}
	pt_open_report rep;
	pt_progress *progress = progress_open(o->state, ui_now(), &rep);
	if (progress == NULL) {
		fputs("paratutor: out of memory\n", stderr);
		return CLI_FAILED;
	}
	progress_set_retention(progress, o->retention);
	pt_track track;
	track_init(&track, progress, rep.message[0] != '\0' || o->notice == NULL ? rep.message : o->notice);
	cli_course_push_attach(&track); /* hosted with an LRS: send each result */
	pt_ui_options uio = { lesson_id, o->review, NULL, &track, !rep.loaded && !rep.memory_only, o->shuffle,
		learner_salt(progress), NULL, o->hosted, o->course };
	char why[160];
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		plain = true;
	} else if (!plain && !ui_terminal_usable(why, sizeof why)) {
		fprintf(stderr, "paratutor: %s, so it runs in plain mode (--plain); set TERM to your terminal's "
		    "type (e.g. xterm-256color) for the full screen\n", why);
		plain = true;
	}
	int status = plain ? plain_run(cat, &uio, stdin, stdout) : ui_run(cat, &uio);
	track_print_exit(&track, stderr);
	if (status == CLI_OK && track.unsaved[0] != '\0')
		status = CLI_FAILED; /* the latest work is not on disk: a script must see it */
	progress_close(progress);
	return status;
}

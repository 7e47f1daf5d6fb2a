/* cli_next.h - the `paratutor next` command: what to study next (next.h),
 * printed, or with --plain opened as a review in plain mode. */
#ifndef PARATUTOR_CLI_NEXT_H
#define PARATUTOR_CLI_NEXT_H

/* Runs `paratutor next` with argv[0] being "next"; returns the exit status
 * (0 done, 1 out of memory or output lost, 2 bad command line, 3 no
 * lessons found). */
int cli_next(int argc, char **argv);

#endif

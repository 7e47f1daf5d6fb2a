/* cli_sync.h - `paratutor sync`: sends the statements of a progress store
 * (those of --report --format xapi) that a Learning Record Store has not
 * yet acknowledged. */
#ifndef PARATUTOR_CLI_SYNC_H
#define PARATUTOR_CLI_SYNC_H

/* Runs the command (argv[0] is "sync"); returns the exit status. */
int cli_sync(int argc, char **argv);

#endif

/* cli_stats.h - the `paratutor stats --me` command: the learner's own
 * statistics (stats.h) printed as plain text with text charts. */
#ifndef PARATUTOR_CLI_STATS_H
#define PARATUTOR_CLI_STATS_H

/* Runs `paratutor stats` with argv[0] being "stats"; returns the exit
 * status (0 printed, 1 the output could not be written or out of memory,
 * 2 bad command line, 3 no lessons found). */
int cli_stats(int argc, char **argv);

#endif

/* cli_config.h - the configuration files as the commands read them: the
 * system's (/etc/paratutor/config) and the learner's
 * ($XDG_CONFIG_HOME/paratutor/config), each read once, a bad one named at
 * its line on stderr and left out. */
#ifndef PARATUTOR_CLI_CONFIG_H
#define PARATUTOR_CLI_CONFIG_H

#include "paratutor/store/settings.h"

typedef struct cli_config {
	pt_settings system; /* the system's file */
	pt_settings user;   /* the learner's: its retention starts from the system's */
	const char *lrs;      /* the learner's lrs, else the system's; NULL when neither says */
	const char *lrs_auth; /* likewise */
} cli_config;

/* Reads both files into cfg; each that cannot be read or has a bad line
 * is named on stderr after who, and none of its settings is used. */
void cli_config_read(cli_config *cfg, const char *who);

/* Frees what cfg holds. */
void cli_config_free(cli_config *cfg);

#endif

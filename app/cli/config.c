/* config.c - reading the system's and the learner's configuration files
 * (cli_config.h). */
#include <stdio.h>

#include "paratutor/cli/cli_config.h"

/* Reads path into s; a bad file is named after who and dropped whole. */
static void read_one(const char *path, pt_settings *s, const char *who)
{
	double retention = s->retention;
	char bad[4600];
	if (settings_read(path, s, bad, sizeof bad))
		return;
	fprintf(stderr, "%s: %s; none of that file's settings is used until it is fixed "
	    "(the review schedule keeps its default retention)\n", who, bad);
	settings_free(s);
	s->retention = retention;
}

void cli_config_read(cli_config *cfg, const char *who)
{
	char path[4200];
	settings_init(&cfg->system);
	settings_init(&cfg->user);
	if (settings_system_path(path, sizeof path))
		read_one(path, &cfg->system, who);
	cfg->user.retention = cfg->system.retention;
	cfg->user.plain = cfg->system.plain;
	if (settings_default_path(path, sizeof path))
		read_one(path, &cfg->user, who);
	cfg->lrs = cfg->user.lrs != NULL ? cfg->user.lrs : cfg->system.lrs;
	cfg->lrs_auth = cfg->user.lrs_auth != NULL ? cfg->user.lrs_auth : cfg->system.lrs_auth;
}

void cli_config_free(cli_config *cfg)
{
	settings_free(&cfg->system);
	settings_free(&cfg->user);
	cfg->lrs = cfg->lrs_auth = NULL;
}

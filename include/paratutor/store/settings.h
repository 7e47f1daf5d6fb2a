/* settings.h - the configuration files: settings that outlive a session
 * and are not progress.  Lines are "key = value"; '#' starts a comment.
 * Known keys (a table in settings.c):
 *   retention  the review schedule's desired retention, 0.70 to 0.99
 *   lessons    a lesson folder to search (repeatable; relative to the
 *              file's folder)
 *   lrs        the Learning Record Store that `paratutor sync` sends to
 *   lrs_auth   the file holding its credentials (key:secret)
 *   plain      yes: plain mode by default, also on a terminal (for a
 *              screen reader); no: the full screen there
 * The learner's file is $XDG_CONFIG_HOME/paratutor/config, the system's
 * PT_SYSCONFDIR/paratutor/config; both are optional. */
#ifndef PARATUTOR_SETTINGS_H
#define PARATUTOR_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#define PT_SETTINGS_MAX_LESSONS 16 /* lessons = lines in one file */

typedef struct pt_settings {
	double retention;
	char *lessons[PT_SETTINGS_MAX_LESSONS]; /* owned; absolute or as written */
	size_t n_lessons;
	char *lrs;      /* owned; NULL when not set */
	char *lrs_auth; /* owned; NULL when not set */
	bool plain;     /* plain mode by default */
} pt_settings;

/* Sets s to the defaults (nothing owned). */
void settings_init(pt_settings *s);

/* Frees what s owns and sets it to the defaults again. */
void settings_free(pt_settings *s);

/* Fills buf with $XDG_CONFIG_HOME/paratutor/config (an absolute
 * XDG_CONFIG_HOME), else $HOME/.config/paratutor/config.  Returns false
 * when neither is set or the path does not fit. */
bool settings_default_path(char *buf, size_t size);

/* Fills buf with the system-wide file, PT_SYSCONFDIR/paratutor/config
 * (/etc/paratutor/config unless the build says otherwise; a test build
 * reads PARATUTOR_TEST_SYSCONFDIR instead when it is set).  Returns false
 * when the path does not fit. */
bool settings_system_path(char *buf, size_t size);

/* Reads the file at path into s (left as it is when the file does not
 * exist).  Returns false with a located message in err when it cannot be
 * read or a line is bad. */
bool settings_read(const char *path, pt_settings *s, char *err, size_t size);

/* Parses a desired retention ("0.85"); false unless 0.70 to 0.99. */
bool settings_retention(const char *value, double *out);

#endif

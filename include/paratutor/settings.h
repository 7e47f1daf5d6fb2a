/* settings.h - the learner's configuration file: settings that outlive a
 * session and are not progress.  Lines are "key = value"; '#' starts a
 * comment.  Known keys: retention (the review schedule's desired
 * retention, 0.70 to 0.99).  The file is optional. */
#ifndef PARATUTOR_SETTINGS_H
#define PARATUTOR_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct pt_settings {
	double retention;
} pt_settings;

/* Fills buf with $XDG_CONFIG_HOME/paratutor/config (an absolute
 * XDG_CONFIG_HOME), else $HOME/.config/paratutor/config.  Returns false
 * when neither is set or the path does not fit. */
bool settings_default_path(char *buf, size_t size);

/* Parses text (from a file called name) into s, which starts with the
 * defaults.  Returns false with "name:LINE: what is wrong" in err on the
 * first bad line. */
bool settings_parse(const char *text, const char *name, pt_settings *s, char *err, size_t size);

/* Reads the file at path into s (the defaults when it does not exist).
 * Returns false with a located message in err when it cannot be read or
 * a line is bad. */
bool settings_read(const char *path, pt_settings *s, char *err, size_t size);

/* Parses a desired retention ("0.85"); false unless 0.70 to 0.99. */
bool settings_retention(const char *value, double *out);

#endif

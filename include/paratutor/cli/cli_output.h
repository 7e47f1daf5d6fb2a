/* cli_output.h - the one way the subcommands write a file a user named
 * with -o (or standard output). */
#ifndef PARATUTOR_CLI_OUTPUT_H
#define PARATUTOR_CLI_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

/* Writes len bytes of text to path, or to standard output when path is
 * NULL.  A file is written to a temporary file in the same directory and
 * renamed over path, so a failure (a full disk) leaves an existing file as
 * it was; it keeps the mode of the file it replaces; a symbolic link is
 * written through to its target and stays a link.  Returns false after
 * saying why on standard error.  In the test builds
 * PARATUTOR_TEST_WRITE_FAIL set in the environment makes the write fail
 * halfway (file_replace_with). */
bool cli_write_output(const char *path, const char *text, size_t len);

/* Writes len bytes of text to a new file at path, as cli_write_output
 * does, but never replaces anything: when path exists (a file, a symbolic
 * link even to nowhere, anything) nothing is written and the message says
 * it was left as it was.  The check and the write are one step (link(2)
 * of the written temporary file), so a file made meanwhile is kept too. */
bool cli_write_new(const char *path, const char *text, size_t len);

#endif

/* new.c - `paratutor new KIND`: templates (in progress). */
#include <stdio.h>

#include "paratutor/cli_export.h"

int cli_new(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("paratutor: new: not written yet\n", stderr);
	return 2;
}

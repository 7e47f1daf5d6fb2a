/* codecheck.h - checking fill items' code with the answers filled in. */
#ifndef PARATUTOR_CODECHECK_H
#define PARATUTOR_CODECHECK_H

#include "paratutor/catalog.h"

/* For every fill item whose language is python, fills in the accepted
 * answers and asks python3's own parser whether the result parses; adds an
 * error per item that does not, or one note (a warning-free message on
 * stderr) when python3 is not installed.  Runs one python3 process. */
void codecheck_catalog(pt_catalog *catalog);

#endif

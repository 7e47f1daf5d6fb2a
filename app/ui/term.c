/* term.c - whether curses can drive the terminal at all, asked before
 * taking it over, so a terminal it cannot drive gets plain mode instead.
 * Apart from ui.c because <term.h> defines capability names as macros. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <term.h>
#include <unistd.h>

#include "paratutor/ui/ui.h"

bool ui_terminal_usable(char *why, size_t size)
{
	const char *term = getenv("TERM");
	if (term == NULL || term[0] == '\0') {
		snprintf(why, size, "TERM is not set");
		return false;
	}
	int err = 0;
	if (setupterm(term, STDOUT_FILENO, &err) != OK) {
		snprintf(why, size, err == 0 ? "the terminal type TERM=%s is unknown here" :
		    "the terminal database has no entry usable for TERM=%s", term);
		return false;
	}
	const char *cup = tigetstr("cup");
	bool can_move = cup != NULL && cup != (const char *)-1;
	del_curterm(cur_term);
	if (!can_move) {
		snprintf(why, size, "TERM=%s cannot move the cursor", term);
		return false;
	}
	return true;
}

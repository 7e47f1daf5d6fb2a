/* minimal_menu.c - the smallest reasonable ncurses menu, the baseline
 * bench_pty measures paratutor against.
 *
 * Usage: minimal_menu TITLE...  (ten "Lesson N" lines without arguments)
 *
 * initscr, one line per title with the selected one in reverse video, a
 * footer; Down/Up (or j/k) move, q quits.  Every move redraws the whole
 * menu into stdscr and leaves the diff to ncurses, as a plain curses
 * program would. */
#include <curses.h>
#include <locale.h>
#include <stdio.h>

#define DEFAULT_LINES 10

int main(int argc, char **argv)
{
	static const char *const defaults[DEFAULT_LINES] = {
		"Lesson 1", "Lesson 2", "Lesson 3", "Lesson 4", "Lesson 5",
		"Lesson 6", "Lesson 7", "Lesson 8", "Lesson 9", "Lesson 10",
	};
	const char *const *titles = argc > 1 ? (const char *const *)argv + 1 : defaults;
	int n = argc > 1 ? argc - 1 : DEFAULT_LINES;
	int selected = 0;

	setlocale(LC_ALL, "");
	initscr();
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	curs_set(0);
	for (;;) {
		mvaddstr(0, 2, "Choose a lesson");
		for (int i = 0; i < n; i++) {
			if (i == selected)
				attron(A_REVERSE);
			mvprintw(2 + i, 2, "%2d  %s", i + 1, titles[i]);
			attroff(A_REVERSE);
		}
		mvaddstr(n + 3, 2, "Up/Down: move   q: quit");
		refresh();
		int ch = getch();
		if (ch == 'q' || ch == ERR)
			break;
		if ((ch == KEY_DOWN || ch == 'j') && selected < n - 1)
			selected++;
		else if ((ch == KEY_UP || ch == 'k') && selected > 0)
			selected--;
	}
	endwin();
	return 0;
}

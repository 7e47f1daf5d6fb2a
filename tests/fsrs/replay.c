/* replay.c - runs review logs through the core's FSRS model for the
 * ts-fsrs comparison (tests/fsrs/oracle.js).
 *
 *   replay RETENTION [INDEX=VALUE]  < logs  > results
 *
 * Each input line is one log: "t1 g1 t2 g2 ...", a review every pair
 * (t whole days since the previous review, ignored for the first; g the
 * rating 1-4).  Each output line holds, per review, "R S D I": the
 * retrievability just before it (0 for the first), then stability,
 * difficulty and interval in days after it.  INDEX=VALUE replaces one
 * parameter (the test uses it to see the comparison fail). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paratutor/learn/fsrs.h"

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: replay RETENTION [INDEX=VALUE] < logs\n");
		return 2;
	}
	double w[PT_FSRS_PARAMS];
	memcpy(w, fsrs_default_w, sizeof w);
	if (argc > 2) {
		int i = atoi(argv[2]);
		const char *eq = strchr(argv[2], '=');
		if (eq == NULL || i < 0 || i >= PT_FSRS_PARAMS)
			return 2;
		w[i] = strtod(eq + 1, NULL);
	}
	pt_fsrs f;
	fsrs_init(&f, w, strtod(argv[1], NULL));
	char line[8192];
	while (fgets(line, sizeof line, stdin) != NULL) {
		pt_memory m = { 0, 0 };
		char *p = line, *end;
		for (int n = 0;; n++) {
			long t = strtol(p, &end, 10);
			if (end == p)
				break;
			p = end;
			long g = strtol(p, &end, 10);
			if (end == p)
				break;
			p = end;
			double r = n == 0 ? 0 : fsrs_retrievability(&f, (double)t, m.stability);
			m = fsrs_next(&f, m, n == 0 ? 0 : (int)t, (pt_rating)g);
			printf("%s%.8f %.8f %.8f %d", n ? " " : "", r, m.stability, m.difficulty, fsrs_interval(&f, m.stability));
		}
		putchar('\n');
	}
	return ferror(stdout) || fflush(stdout) != 0;
}

/* intro.c - the introduction's words, shared by both ways of running. */
#include "paratutor/learn/intro.h"
#include "paratutor/learn/session.h"

/* NULL marks where the score rule goes; the list ends at its size. */
static const char *const paragraphs[] = {
	"paratutor asks questions on data, model, pipeline, tensor and sharded parallelism. Each lesson is "
	"a short run of items of eight kinds: code with blanks to fill from an option bank, a question with "
	"one answer, a question where you tick all that apply (it may say how many), a number to work out "
	"(units such as GB or % are understood), a short name to type (an API or a flag), prompts to match "
	"with answers, steps to put in order, and a figure (a pipeline schedule, memory per GPU) whose knobs "
	"you turn until it shows what the question asks.",
	"Every mark carries a word: Correct, Wrong, or Missed (an option you should have ticked, named only "
	"once the item is over). A wrong answer says what that choice usually means; a slip is pointed out "
	"instead (what costs what is below). The answer itself is shown only when the item is solved or out "
	"of attempts.",
	NULL,
	"Options are shuffled for you: the same order every time you come back, a new one for each retry and "
	"review, so remember the idea, not the letter.",
	"Review: items you miss, or get right only with help, come back at once; the rest come back when a "
	"memory model (FSRS) predicts you would start to forget them, later each time you remember. A wrong "
	"review answer brings the item back in ten minutes. Reviews never lower a lesson's score.",
	"Your progress is saved as you go, answers not yet checked included, so you can quit at any time and "
	"carry on later.",
};

const char *intro_paragraph(size_t i)
{
	if (i >= sizeof paragraphs / sizeof paragraphs[0])
		return NULL;
	return paragraphs[i] != NULL ? paragraphs[i] : session_score_rule();
}

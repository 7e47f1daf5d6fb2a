#!/usr/bin/env python3
"""accessible.py BINARY - plain mode as a screen-reader user meets it.

Plays lesson 1 of the bundled lessons and every item of two fixture lessons
that hold the seven kinds between them, then an exam, answering each item
over a pipe as the output asks (reading up to each "> " prompt, never
sleeping).  After every step it types `again` and checks the item is
restated with the state the step left: the hints used of how many (and
their texts), the attempts left, the verdicts of the last check, a finished
item's outcome, an exam item's answer so far.  Over every transcript (the
tutor, the exam and its results, stats, paratutor next and exam --history
in plain mode) it checks the contract of issue 39:
  - a verdict starts its line: Correct, Wrong, Missed or Not counted;
  - no character from the block elements (U+2580-259F), box drawing
    (U+2500-257F) or geometric shapes (U+25A0-25FF), and no "==" or "--"
    decoration;
  - the first start prints at most 30 lines before the first prompt, and
    prev at the first item answers in one line."""
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

BIN = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
passed = 0
failed = 0
transcripts = {}  # name -> text, for the scans at the end


def report(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok - " + name)
    else:
        failed += 1
        print("not ok - " + name)
        for line in str(detail).splitlines()[-40:]:
            print("  | " + line)


class Plain:
    """The tutor on pipes: send a line, get what it printed up to its next
    prompt."""

    def __init__(self, name, args, env):
        self.name = name
        self.p = subprocess.Popen([BIN] + args, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
        self.all = ""
        self.first = self.until_prompt()

    def until_prompt(self, seconds=60):
        got = b""
        end = time.monotonic() + seconds
        fd = self.p.stdout.fileno()
        while time.monotonic() < end:
            r, _, _ = select.select([fd], [], [], 0.1)
            if not r:
                if self.p.poll() is not None:
                    break
                continue
            data = os.read(fd, 65536)
            if not data:
                break
            got += data
            if got.endswith(b"> ") or got.endswith(b"\n> "):
                break
        text = got.decode("utf-8", "replace")
        self.all += text
        return text[:-2] if text.endswith("> ") else text

    def send(self, line):
        self.all += line + "\n"
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()
        return self.until_prompt()

    def close(self):
        try:
            self.p.stdin.close()
        except OSError:
            pass
        rest = self.p.stdout.read().decode("utf-8", "replace")
        self.all += rest
        self.p.wait(timeout=60)
        transcripts[self.name] = self.all
        return self.p.returncode


HEADER = re.compile(r"^(Exam item|Item) (\d+) of (\d+), (easy|medium|hard), (.*?)\.( From .*)?$", re.M)
VERDICT = re.compile(r"^(Correct|Wrong|Missed|Not counted)[:!] ", re.M)


def verdict_lines(text):
    return [l for l in text.splitlines() if VERDICT.match(l) and not l.startswith("Correct! ")]


def answer_for(task, k, n_options=4):
    """An answer of the item's kind, different for each attempt k."""
    letter = "abcdefg"[k % 3]
    m = re.match(r"fill in (\d+) blank", task) or re.match(r"match (\d+) prompt", task)
    if m:
        n = int(m.group(1))
        return " ".join("%d %s" % (b + 1, "abcdefg"[(b + k) % 3]) for b in range(n))
    m = re.match(r"put (\d+) step", task)
    if m:
        n = int(m.group(1))
        order = list("abcdefg"[:n])
        order = order[k % n:] + order[:k % n]
        return "".join(order)
    m = re.match(r"tick exactly (\d+)", task)
    if m:
        n = int(m.group(1))
        return ",".join("abcdefg"[(k + i) % 4] for i in range(n))
    if task.startswith("select all"):
        return ["a c", "b,c", "ab"][k % 3]
    if task.startswith("type a number"):
        return str(3 + k)
    if task.startswith("type the answer"):
        return ["tokenizer", "gradient", "all-reduce"][k % 3]
    return letter


def check_again(t, step, response, again, state, marks=True):
    """again must restate what step left, as response said it (marks: the
    verdicts too, in the same session)."""
    name = "%s: again after %s restates" % (t.name, step)
    problems = []
    if not HEADER.search(again):
        problems.append("no item header")
    for line in verdict_lines(response) if marks else []:
        if line.startswith("Not counted"):
            continue
        if line not in again:
            problems.append("verdict not restated: " + line)
    m = re.search(r"Not yet\. (\d+) attempts? left\.", response)
    if m and not re.search(r"^%s attempts? left\." % m.group(1), again, re.M):
        problems.append("attempts not restated: " + m.group(0))
    m = re.search(r"^Correct! (.*)\.$", response, re.M) or re.search(r"^Result: (.*)\.$", response, re.M)
    if m and "Finished: %s." % m.group(1) not in again:
        problems.append("outcome not restated: " + m.group(0))
    m = re.search(r"^Hint (\d+) of (\d+): (.*)$", response, re.M)
    if m and ("Hints used: %s of %s." % (m.group(1), m.group(2)) not in again or m.group(0) not in again):
        problems.append("hint not restated: " + m.group(0))
    m = re.search(r"^(\d+ (blank|prompt|position)s? still empty: [0-9, and]+\.)", response, re.M)
    if m and m.group(1) not in again:
        problems.append("empty slots not restated: " + m.group(1))
    if state is not None and state not in again:
        problems.append("state missing: " + state)
    report(not problems, name, "\n".join(problems) + "\n--- step said:\n" + response + "\n--- again said:\n" + again)


def play_items(t, first_item_text, opener):
    """Plays every item of the open lesson in turn with go N."""
    m = HEADER.search(first_item_text)
    total = int(m.group(3))
    for n in range(1, total + 1):
        shown = t.send("go %d" % n)
        h = HEADER.search(shown)
        if not h:
            report(False, "%s: go %d opens item %d" % (t.name, n, n), shown)
            return
        task = h.group(5)
        again = t.send("again")
        report(again.strip() == shown.strip(), "%s: again on item %d repeats it as shown" % (t.name, n),
               "--- shown:\n%s\n--- again:\n%s" % (shown, again))
        if "Finished:" in shown:
            continue
        r = t.send("hint")
        check_again(t, "a hint on item %d" % n, r, t.send("again"), None)
        m2 = re.match(r"fill in (\d+) blanks", task) or re.match(r"match (\d+) prompts", task)
        if m2:
            r = t.send("1 a")
            check_again(t, "part of an answer on item %d" % n, r, t.send(""), None)
        for k in range(6):
            r = t.send(answer_for(task, k))
            if "Item %d of" % (n + 1) in r or "Summary of" in r:
                # the item ended and the next was shown: go back to it
                finished = r
                reopened = "press Enter for the lesson list" in r
                if reopened:
                    # the summary asks about retrying: the lesson list, then
                    # the lesson opened again (a new session, whose restored
                    # item has its outcome, not the last check's marks)
                    t.send("")
                    t.send(opener)
                again = t.send("go %d" % n)
                check_again(t, "the last answer on item %d" % n, finished.split("\nItem ")[0], again, "Finished: ",
                            marks=not reopened)
                break
            check_again(t, "answer %d on item %d" % (k + 1, n), r, t.send("again"), None)
            if "Finished:" in t.send("again"):
                break
        ex = t.send("explain")
        report("Explanation:" in ex or "The answer:" in ex, "%s: explain on finished item %d" % (t.name, n), ex)


helps = {}  # prompt -> its help text


def help_words(text):
    """The command words (and short forms) a help text lists."""
    words = set()
    for line in text.splitlines():
        m = re.match(r"^  ([a-z]+)(?: N)?((?:, [a-z?]+)*)  ", line)
        if m and not line.startswith("  NUMBER"):
            words.add(m.group(1))
            words.update(w.strip() for w in m.group(2).split(",") if w.strip())
    return words


def scan(name, text):
    """The contract's scans over one transcript."""
    bad = []
    for no, line in enumerate(text.splitlines(), 1):
        body = line[2:] if line.startswith("> ") else line
        for ch in body:
            if 0x2500 <= ord(ch) <= 0x25FF:
                bad.append("%d: U+%04X in: %s" % (no, ord(ch), line))
                break
        # A rule of == or -- is decoration; an option name such as
        # "--history" that wrapping put first on a line is not.
        if re.match(r"^\s*(==|--)(?![a-z])", body) or re.search(r"(===|---)", body):
            bad.append("%d: decoration: %s" % (no, line))
        if re.search(r" - (Correct|Wrong|Missed)\b|- not counted", body):
            bad.append("%d: a verdict after its subject: %s" % (no, line))
        m = re.search(r"\b(Correct|Wrong|Missed|Not counted)[:!] ", body)
        if m and m.start() != 0:
            bad.append("%d: a verdict not at the start: %s" % (no, line))
    report(not bad, "%s: no drawing characters, no decoration, verdicts first" % name, "\n".join(bad[:20]))


tmp = tempfile.mkdtemp()
try:
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_CACHE_HOME=os.path.join(tmp, "cache"),
               XDG_CONFIG_HOME=os.path.join(tmp, "config"), COLUMNS="80", LC_ALL="C.UTF-8")

    # The first start: at most 30 lines before the first prompt.
    t = Plain("first start", ["--only-lessons", "content"], env)
    lines = t.first.count("\n")
    report(lines <= 30, "the first start prints %d lines (at most 30) before the first prompt" % lines, t.first)
    listed = t.send("list")
    report("24) " in listed or re.search(r"^\d\d\) ", listed, re.M), "list reads every lesson, one line each", listed)
    intro = t.send("intro")
    report("How paratutor works" in intro, "intro reads the rest of the introduction", intro)
    helps["lesson list"] = t.send("help")
    lesson = t.send("1")
    helps["item"] = t.send("help")
    r = t.send("prev")
    report(r.count("\n") == 1 and "first item" in r, "prev at the first item says so in one line", r)
    play_items(t, lesson, "1")
    t.send("q")
    t.send("quit")
    t.close()

    for fixture, lesson_id in (("tests/fixtures/good/minimal.json", "fixture-minimal"),
                               ("tests/screen/lessons/screen-kinds.json", "screen-kinds")):
        t = Plain(lesson_id, ["--no-shuffle", "--only-lessons", fixture], env)
        play_items(t, t.send(lesson_id), lesson_id)
        r = t.send("go %d" % 99)
        report(r.count("\n") == 1, "%s: a bad go N says so in one line" % lesson_id, r)
        s = t.send("summary")
        report("Summary of " in s and "Score: " in s, "%s: summary on demand" % lesson_id, s)
        t.send("q")
        t.send("quit")
        t.close()

    # An exam over the seven kinds, untimed, answered with again after each
    # answer; then the results.
    t = Plain("exam", ["exam", "--plain", "--no-shuffle", "--untimed", "--only-lessons", "tests/screen/lessons",
                       "--from", "screen-kinds", "--count", "6", "--seed", "1"], env)
    out = t.first
    helps["exam"] = t.send("help")
    for n in range(1, 7):
        shown = t.send("go %d" % n)
        h = HEADER.search(shown)
        task = h.group(5) if h else ""
        again = t.send("again")
        report(again.strip() == shown.strip(), "exam: again on item %d repeats it as shown" % n,
               "--- shown:\n%s\n--- again:\n%s" % (shown, again))
        m2 = re.match(r"fill in (\d+) blanks", task) or re.match(r"match (\d+) prompts", task)
        if m2:
            r = t.send("1 a")
            check_again(t, "part of an answer to exam item %d" % n, r, t.send(""), None)
        r = t.send(answer_for(task, 0))
        again = t.send("go %d" % n)
        given = re.search(r"^(Your (answer|order) so far: .*)$", again, re.M)
        filled = re.search(r"\[1: ", again)
        report((given or filled) and "Time: untimed practice" in again,
               "exam: again restates item %d's answer so far and the time" % n, again)
    results = t.send("submit")
    results += t.send("yes")
    t.close()
    res = transcripts["exam"]
    report("Exam results." in res and len(re.findall(r"^(Correct|Wrong): item \d of 6", res, re.M)) == 6,
           "exam results: each item's line starts with its verdict", res[-3000:])

    # stats, next and --history in plain mode, from a store with figures.
    store = os.path.join(tmp, "stats.json")
    subprocess.run(["sh", "tests/stats/write_store.sh", BIN, store], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(os.path.join(ROOT, "tests/stats/now")) as f:
        now = f.read().strip()
    senv = dict(env, TZ="UTC", PARATUTOR_TEST_NOW=now)
    both = ["--only-lessons", "tests/fixtures/good/minimal.json", "--only-lessons", "tests/stats/second.json"]
    t = Plain("stats in plain mode", ["--state", store] + both, senv)
    st = t.send("stats")
    t.send("quit")
    t.close()
    report("Reviews due: today" in st, "stats: the review forecast as a sentence", st)
    for args, name in ((["stats", "--me", "--plain", "--progress", store] + both, "stats --me --plain"),
                       (["next", "--state", store] + both, "next"),
                       (["exam", "--history", "--plain"], "exam --history --plain")):
        p = subprocess.run([BIN] + args, cwd=ROOT, env=senv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        transcripts[name] = p.stdout.decode("utf-8", "replace")
        report(p.returncode == 0, name + " runs", transcripts[name])
    report("Exam 1, finished" in transcripts["exam --history --plain"], "--history: a sentence per exam",
           transcripts["exam --history --plain"])

    for name, text in transcripts.items():
        scan(name, text)

    # The man page's PLAIN MODE lists every command each prompt's help lists.
    with open(os.path.join(ROOT, "man/paratutor.1")) as f:
        page = f.read()
    section = page[page.index(".SH PLAIN MODE"):]
    section = section[:section.index("\n.SH ", 1)]
    for prompt, text in helps.items():
        words = help_words(text)
        missing = [w for w in sorted(words) if not re.search(r"(^\.B[IR]? |, |\" )" + re.escape(w) + r"(?![a-z])",
                                                              section, re.M)]
        report(len(words) >= 6 and not missing, "the man page lists every %s command (%d)" % (prompt, len(words)),
               "missing: %s\n%s" % (missing, text))
finally:
    shutil.rmtree(tmp, ignore_errors=True)

print("%d passed, %d failed" % (passed, failed))
sys.exit(0 if failed == 0 and passed > 0 else 1)

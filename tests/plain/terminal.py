#!/usr/bin/env python3
"""terminal.py BINARY - plain mode on a terminal: `plain = yes` in the
configuration file starts the tutor in plain mode where it would otherwise
take the full screen, and at an exam's time-up a half-typed answer is thrown
away (tcflush), never left for the shell.  Each program runs on a pseudo-
terminal; the output is polled, never waited for blindly, and the exam's
clock is injected (PARATUTOR_TEST_NOW names a file the test rewrites)."""
import os
import pty
import select
import shutil
import sys
import tempfile
import time

BIN = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
passed = 0
failed = 0


def report(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok - " + name)
    else:
        failed += 1
        print("not ok - " + name)
        for line in detail.splitlines()[-40:]:
            print("  | " + line)


class Term:
    """A program on a pseudo-terminal, with everything it wrote so far."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.execvpe(argv[0], argv, env)
        self.out = b""
        self.status = None

    def read(self, wait):
        r, _, _ = select.select([self.fd], [], [], wait)
        if not r:
            return
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if data:
            self.out += data
        else:
            self.reap(block=True)

    def reap(self, block=False):
        if self.status is None:
            pid, status = os.waitpid(self.pid, 0 if block else os.WNOHANG)
            if pid == self.pid:
                self.status = status

    def wait_for(self, text, seconds=30):
        """Polls the output until it holds text; False at the deadline."""
        want = text.encode()
        end = time.monotonic() + seconds
        while want not in self.out and time.monotonic() < end:
            if self.status is not None:
                return want in self.out
            self.read(0.05)
            self.reap()
        return want in self.out

    def wait_after(self, marker, text, seconds=30):
        """Polls the output until text follows the first marker."""
        m, want = marker.encode(), text.encode()
        end = time.monotonic() + seconds
        while time.monotonic() < end and self.status is None:
            at = self.out.find(m)
            if at >= 0 and self.out.find(want, at + len(m)) >= 0:
                return True
            self.read(0.05)
            self.reap()
        at = self.out.find(m)
        return at >= 0 and self.out.find(want, at + len(m)) >= 0

    def send(self, text):
        os.write(self.fd, text.encode())

    def finish(self, seconds=30):
        end = time.monotonic() + seconds
        while self.status is None and time.monotonic() < end:
            self.read(0.05)
            self.reap()
        if self.status is None:
            os.kill(self.pid, 9)
            self.reap(block=True)
        try:
            os.close(self.fd)
        except OSError:
            pass

    def text(self):
        return self.out.decode("utf-8", "replace")


tmp = tempfile.mkdtemp()
try:
    base = dict(os.environ)
    base.update(TERM="xterm-256color", LC_ALL="C.UTF-8", XDG_STATE_HOME=os.path.join(tmp, "state"),
                XDG_CACHE_HOME=os.path.join(tmp, "cache"), COLUMNS="100", LINES="30")
    base.pop("NO_COLOR", None)
    lessons = ["--only-lessons", "tests/fixtures/good/minimal.json", "--state", os.path.join(tmp, "p.json")]

    # Without the configuration line a terminal gets the full screen (the
    # control: escape sequences, no plain-mode greeting).
    env = dict(base, XDG_CONFIG_HOME=os.path.join(tmp, "none"))
    t = Term([BIN] + lessons, env)
    t.wait_for("\x1b[", 30)
    report("\x1b[" in t.text() and "plain mode" not in t.text(),
           "control: on a terminal with no configuration the tutor takes the full screen", t.text())
    t.send("q")
    t.finish()

    # plain = yes: plain mode on the same terminal.
    cfg = os.path.join(tmp, "config")
    os.makedirs(os.path.join(cfg, "paratutor"))
    with open(os.path.join(cfg, "paratutor", "config"), "w") as f:
        f.write("# a screen reader here\nplain = yes\n")
    env = dict(base, XDG_CONFIG_HOME=cfg)
    t = Term([BIN] + lessons, env)
    ok = t.wait_for("paratutor, plain mode.", 30) and t.wait_for("> ", 30)
    t.send("quit\n")
    t.finish()
    report(ok and "\x1b" not in t.text(), "plain = yes in the configuration starts plain mode on a terminal",
           t.text())
    with open(os.path.join(cfg, "paratutor", "config"), "w") as f:
        f.write("plain = maybe\n")
    t = Term([BIN] + lessons + ["--plain"], env)
    t.wait_for("> ", 30)
    t.send("quit\n")
    t.finish()
    report("config:1: plain takes yes or no" in t.text(), "a bad plain line is located", t.text())

    # Time-up with a half-typed answer: the exam runs under a shell that
    # reads one line after it; the typed "b" must not reach that line.
    now = os.path.join(tmp, "now")
    t0 = 2000000000
    with open(now, "w") as f:
        f.write("%d\n" % t0)
    env = dict(base, XDG_CONFIG_HOME=os.path.join(tmp, "none"), PARATUTOR_TEST_NOW=now, BIN=BIN)
    script = ('"$BIN" exam --plain --no-shuffle --only-lessons tests/screen/lessons --from screen-drills --count 4 '
              '--seed 1 --minutes 10 --state "$XDG_STATE_HOME/exam.json"; echo SHELL-READY; '
              'IFS= read -r rest; echo "LEFT:[$rest]"')
    t = Term(["/bin/sh", "-c", script], env)
    ok = t.wait_after("Exam item 1 of 4", "or help.\r\n> ", 30)
    t.send("a\n")
    ok = ok and t.wait_for("Kept your answer to item 1.", 30)
    # item 2 and its prompt: the exam waits for a line
    ok = ok and t.wait_after("Exam item 2 of 4", "or help.\r\n> ", 30)
    t.send("b")
    ok = ok and t.wait_after("Exam item 2 of 4", "> b", 30)  # echoed: it waits in the line being typed
    with open(now + ".new", "w") as f:
        f.write("%d\n" % (t0 + 601))
    os.rename(now + ".new", now)
    up = t.wait_for("Time is up: the exam was submitted by the clock.", 30)
    told = "what you were typing was not kept" in t.text()
    ready = t.wait_for("SHELL-READY", 30)
    t.send("z\n")
    left = t.wait_for("LEFT:[", 30) and t.wait_for("]", 5)
    t.finish()
    out = t.text()
    report(ok and up, "the clock submits the exam at time-up while an answer is half typed", out)
    report(told, "the learner is told the half-typed answer was not kept", out)
    report(ready and left and "LEFT:[z]" in out, "the half-typed bytes are not left for the shell", out)
    report("Score: 25% (1 of 4 right)" in out, "the answer given before counts", out)
finally:
    shutil.rmtree(tmp, ignore_errors=True)

print("%d passed, %d failed" % (passed, failed))
sys.exit(0 if failed == 0 and passed > 0 else 1)

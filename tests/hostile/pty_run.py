#!/usr/bin/env python3
"""Runs a full-screen program in a pseudo-terminal and keeps its raw output.

    pty_run.py OUT WAIT KEYS -- COMMAND...

Starts COMMAND in an 80x24 pty (TERM=xterm-256color, a UTF-8 locale),
reads until the bytes WAIT have appeared in its output, types KEYS, and
reads to the end; every byte the program wrote goes to OUT.  Polls the
output and never sleeps blindly; gives up after 60 s (exit 1, saying what
it waited for).  Exits with the program's status otherwise."""
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time


def main(argv):
    out, wait, keys = argv[1], argv[2].encode(), argv[3].encode()
    cmd = argv[5:]
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        os.execvp(cmd[0], cmd)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    data = b""
    sent = False
    deadline = time.monotonic() + 60
    while True:
        if not sent and wait in data:
            os.write(fd, keys)
            sent = True
        left = deadline - time.monotonic()
        if left <= 0:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            open(out, "wb").write(data)
            print("pty_run: gave up waiting for %r (sent keys: %s)" % (wait, sent), file=sys.stderr)
            return 1
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            break
        data += chunk
    _, status = os.waitpid(pid, 0)
    open(out, "wb").write(data)
    if not sent:
        print("pty_run: the program ended before %r appeared" % wait, file=sys.stderr)
        return 1
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

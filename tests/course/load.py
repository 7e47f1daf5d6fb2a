#!/usr/bin/env python3
"""load.py - many learners answering over ssh at once (tests/course/load.sh).

Usage: load.py LESSON-FILE ITEMS
       load.py drive SECONDS ANSWERS COURSE -- SSH-WORDS...

The first form writes a lesson of ITEMS two-option choice items, one
attempt each, so every answer is one check.  The second runs one plain
session per learner id read from stdin (one per line) with ssh
SSH-WORDS... (the word LEARNER in them is replaced by the id), all at
once; each answers A to every item it is shown until SECONDS have passed
or it has given ANSWERS answers (0: no such bound), then quits.  While
they run it samples the resident memory of the tutors serving COURSE
and of the sshd processes serving them.  It prints one JSON object:
sessions, answers per learner, seconds, and the peak memory per session.
"""
import json
import os
import selectors
import subprocess
import sys
import time


def write_lesson(path, n):
    items = [{"id": f"q{i:04d}", "kind": "choice", "difficulty": "easy", "attempts": 1,
              "prompt": f"Question {i}: which of the two is the right one?",
              "options": [{"text": f"right {i}", "correct": True},
                          {"text": f"wrong {i}", "feedback": "This is the wrong one."}],
              "explanation": "The right one is right."} for i in range(n)]
    with open(path, "w") as f:
        json.dump({"format": 2, "id": "course-load", "title": "Course load", "summary": "Many one-attempt items.",
                   "language": "text", "items": items}, f)


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def serving(course):
    """Tutor pids serving course, and the sshd pids that are their parents."""
    tutors, sshds = [], set()
    needle = f"--course\0{course}\0".encode()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read()
            if needle in cmd:
                tutors.append(int(name))
                with open(f"/proc/{name}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                with open(f"/proc/{ppid}/cmdline", "rb") as f:
                    if b"sshd" in f.read():
                        sshds.add(ppid)
        except (OSError, ValueError, IndexError):
            pass
    return tutors, sshds


def drive(seconds, limit, course, words):
    learners = [line.strip() for line in sys.stdin if line.strip()]
    sel = selectors.DefaultSelector()
    state = {}
    start = time.monotonic()
    for lid in learners:
        cmd = [w.replace("LEARNER", lid) for w in words]
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        os.set_blocking(p.stdout.fileno(), False)
        state[p.stdout.fileno()] = {"id": lid, "p": p, "buf": b"", "answers": 0, "opened": False, "done": False,
                                    "log": b""}
        sel.register(p.stdout.fileno(), selectors.EVENT_READ)
    peak_tutor = peak_sshd = 0
    peak_sessions = 0
    last_sample = 0.0
    open_fds = set(state)
    while open_fds:
        now = time.monotonic()
        if now - last_sample > 0.25:
            last_sample = now
            tutors, sshds = serving(course)
            if tutors:
                t = [r for r in (rss_kib(x) for x in tutors) if r]
                s = [r for r in (rss_kib(x) for x in sshds) if r]
                if t and sum(t) / len(t) > peak_tutor:
                    peak_tutor = sum(t) / len(t)
                if s and sum(s) / len(s) > peak_sshd:
                    peak_sshd = sum(s) / len(s)
                peak_sessions = max(peak_sessions, len(tutors))
        for key, _ in sel.select(timeout=0.25):
            fd = key.fd
            st = state[fd]
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not data:
                sel.unregister(fd)
                open_fds.discard(fd)
                st["p"].wait()
                continue
            st["buf"] += data
            st["log"] = (st["log"] + data)[-4000:]
            if not st["buf"].endswith(b"> ") or st["done"]:
                continue
            text, st["buf"] = st["buf"], b""
            out_of_time = time.monotonic() - start >= seconds or (limit and st["answers"] >= limit)
            if not st["opened"]:
                reply, st["opened"] = b"1\n", True
            elif out_of_time or b"Summary of" in text:
                reply, st["done"] = b"quit\n", True
            elif b"Type your answer" in text:
                reply = b"A\n"
                st["answers"] += 1
            else:
                reply = b"\n"  # an explanation or a notice: go on
            try:
                st["p"].stdin.write(reply)
                st["p"].stdin.flush()
                if st["done"]:
                    st["p"].stdin.close()
            except BrokenPipeError:
                pass
    elapsed = time.monotonic() - start
    result = {"sessions": len(learners), "at_once": peak_sessions, "seconds": round(elapsed, 1),
              "answers": {st["id"]: st["answers"] for st in state.values()},
              "status": {st["id"]: st["p"].returncode for st in state.values()},
              "tutor_rss_kib": round(peak_tutor), "sshd_rss_kib": round(peak_sshd)}
    bad = [st for st in state.values() if st["p"].returncode != 0]
    for st in bad[:3]:
        sys.stderr.write(f"--- {st['id']} exited {st['p'].returncode}:\n{st['log'].decode(errors='replace')}\n")
    print(json.dumps(result))


if __name__ == "__main__":
    if sys.argv[1] == "drive":
        sep = sys.argv.index("--")
        drive(float(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[sep + 1:])
    else:
        write_lesson(sys.argv[1], int(sys.argv[2]))

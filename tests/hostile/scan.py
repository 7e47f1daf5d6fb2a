#!/usr/bin/env python3
"""Fails on any byte a terminal would obey or hide rather than show.

    scan.py [--screen] FILE...

Reads each file's bytes and names the first offending one: a byte that is
not part of valid UTF-8, a C0 control other than newline and tab (a
carriage return only right before a newline), DEL, a C1 control, a bidi
override or isolate, or an invisible format character.  With --screen the
files are a full-screen program's raw output, whose own escape sequences
(CSI and the character-set switches curses sends) are skipped first; an
OSC, DCS or any other sequence still fails.  Exits 1 naming each file
that holds one, 0 when all are clean."""
import re
import sys

HOSTILE = set(range(0x00, 0x20)) - {0x0A, 0x09}
HOSTILE |= set(range(0x7F, 0xA0))
HOSTILE |= set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
HOSTILE |= set(range(0x200B, 0x2010)) | {0x2028, 0x2029, 0xFEFF, 0x061C, 0x180E}
HOSTILE |= set(range(0x2060, 0x2065)) | set(range(0x206A, 0x2070)) | set(range(0xFFF9, 0xFFFC))
HOSTILE |= set(range(0xE0000, 0xE0080))

# What curses itself writes: CSI sequences (ESC [ params final), ESC ( B
# and friends, ESC = / ESC >, ESC 7 / 8, and the ^O / ^N shifts.
CURSES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78M]|[\x0e\x0f\x07\x08\r]")


def first_bad(data):
    text = data.decode("utf-8", errors="surrogateescape")
    for i, ch in enumerate(text):
        cp = ord(ch)
        if 0xDC80 <= cp <= 0xDCFF:
            return i, "byte 0x%02X that is not UTF-8" % (cp - 0xDC00), text
        if ch == "\r" and text[i + 1:i + 2] == "\n":
            continue
        if cp in HOSTILE:
            return i, "U+%04X" % cp, text
    return None, None, text


def main(argv):
    screen = len(argv) > 1 and argv[1] == "--screen"
    files = argv[2:] if screen else argv[1:]
    bad = 0
    for name in files:
        with open(name, "rb") as f:
            data = f.read()
        if screen:
            data = CURSES.sub(b"", data)
        at, what, text = first_bad(data)
        if at is not None:
            bad += 1
            print("%s: %s at character %d: ...%r..." % (name, what, at, text[max(0, at - 30):at + 10]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

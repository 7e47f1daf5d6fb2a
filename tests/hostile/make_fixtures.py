#!/usr/bin/env python3
"""Writes the hostile inputs of tests/hostile/run.sh into DIR.

    make_fixtures.py DIR CLEAN-LESSON STORE

The text of issue 24 (an OSC that retitles the window, a screen clear, a
C1 CSI, a right-to-left override) and more of its kind (an OSC 52
clipboard write, zero-width and bidi isolate characters, DEL, a lone
carriage return, a byte-order mark) go into:
  lessons/hostile.json  every learner-visible field of a lesson, an id and
                        a key; DIR/expected holds FILE:LINE:COL of the
                        first such character of each field, as --check
                        must report it
  lessons/<ESC...>.json a broken lesson whose file name holds an OSC
  bank.gift, bank.xml   an imported bank: raw escapes, &#155; and &#x202E;
  bytes.gift            a GIFT bank holding a byte that is not UTF-8
  class/NAME/progress.json  the progress store STORE (written by the tutor on
                        CLEAN-LESSON) with hostile lesson and item keys and
                        wrong picks, under learner names that start a
                        spreadsheet formula or hold an OSC
  damaged<OSC>/progress.json  a damaged store whose path holds an OSC"""
import json
import os
import shutil
import sys

H = ("Evil \x1b]0;PWNED\x07\x1b[2J\x9b31m\u202e title \u200b\u2066x\u2069\x7f\r\ufeff"
     "\x1b]52;c;cHduZWQ=\x07")
OSC = "\x1b]0;PWNED\x07"


def lesson_text():
    """The hostile lesson, one field a line, and where --check must point."""
    fields = [("title", H), ("summary", "S " + H)]
    lines = ['{', '  "format": 1,', '  "id": "hostile",']
    want = []
    for key, value in fields:
        lines.append('  "%s": %s,' % (key, json.dumps(value, ensure_ascii=False)))
    lines.append('  "attempts": 3,')
    lines.append('  "items": [{')
    lines.append('    "id": "pick\\u001b[2J",')
    lines.append('    "evil\\u001b]0;key\\u0007": 1,')
    lines.append('    "kind": "choice", "difficulty": "easy",')
    item = [("prompt", "P " + H), ("explanation", "E " + H)]
    for key, value in item:
        lines.append('    "%s": %s,' % (key, json.dumps(value, ensure_ascii=False)))
    lines.append('    "hints": [%s],' % json.dumps("Hint " + H, ensure_ascii=False))
    lines.append('    "options": [{"text": %s, "feedback": %s},' % (
        json.dumps("A " + H, ensure_ascii=False), json.dumps("F \u202e" + H, ensure_ascii=False)))
    lines.append('      {"text": "B", "correct": true}]')
    lines.append('  }]')
    lines.append('}')
    # The first character of each hostile string value: its line, and its
    # column counted in characters (an escape such as \u001b starts there).
    for n, line in enumerate(lines, 1):
        at = 0
        while True:
            q = line.find('"', at)
            if q < 0:
                break
            end = q + 1
            while line[end] != '"':
                end += 2 if line[end] == "\\" else 1
            raw = line[q + 1:end]
            value = json.loads('"%s"' % raw)
            is_key = line[end + 1:end + 2] == ":"
            if not is_key and any(ch in value for ch in "\x1b\u202e"):
                col = q + 2
                for k in range(len(raw)):
                    ch = raw[k]
                    if ch in "\u202e\u200b" or raw.startswith("\\u001b", k) or raw.startswith("\\u0007", k):
                        col = q + 2 + k
                        break
                want.append((n, col))
            at = end + 1
    return "\n".join(lines) + "\n", want


def main(argv):
    out, clean, store = argv[1], argv[2], argv[3]
    os.makedirs(os.path.join(out, "lessons"))
    text, want = lesson_text()
    with open(os.path.join(out, "lessons", "hostile.json"), "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(out, "expected"), "w") as f:
        for line, col in want:
            f.write("hostile.json:%d:%d: error: \n" % (line, col))
    shutil.copy(clean, os.path.join(out, "lessons", "clean.json"))
    with open(os.path.join(out, "lessons", "evil" + OSC + ".json"), "w") as f:
        f.write('{"format": 1, "id": "x",\n')

    gift = ("$CATEGORY: $course$/top/Evil " + OSC + " \u202e cat\n\n"
            "::q1::What \x1b[2J is \u202e this \x9b31m?{=yes \x1b]52;c;eA\\=\\=\x07 ~no#bad \u200b}\n\n"
            "::q2::Isolates\u2066?{=a ~b#c}\n").encode("utf-8")
    with open(os.path.join(out, "bank.gift"), "wb") as f:
        f.write(gift)
    # A C1 CSI byte that is not UTF-8.
    with open(os.path.join(out, "bytes.gift"), "wb") as f:
        f.write(b"::q1::Raw \x9b" b"31m bytes?{=a ~b}\n")
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'
           '<question type="category"><category><text>$course$/top/Evil &#155;31m &#x202E; cat</text></category>'
           '</question>\n'
           '<question type="multichoice"><name><text>q&#x202E;1</text></name>\n'
           '<questiontext format="plain_text"><text>What &#155;31m is &#x202E;this&#x2066;? \u202e</text>'
           '</questiontext>\n<single>true</single>\n'
           '<answer fraction="100"><text>yes &#155;</text><feedback><text>ok &#x200B;</text></feedback></answer>\n'
           '<answer fraction="0"><text>no</text><feedback><text>bad &#xFEFF;</text></feedback></answer>\n'
           '</question>\n</quiz>\n')
    with open(os.path.join(out, "bank.xml"), "w", encoding="utf-8") as f:
        f.write(xml)

    with open(store, encoding="utf-8") as f:
        data = json.load(f)
    (lesson_id, lesson), = data["lessons"].items()
    (item_id, record), = lesson["items"].items()
    record["wrong"] = ["=HYPERLINK(\"http://evil.example/\",\"x\")", H]
    evil = dict(record, wrong=["-2+3", H])
    lesson["items"]["item " + H] = evil
    data["lessons"]["=cmd|' /C calc'!A0 " + H] = {"position": H, "items": {H: evil}}
    for name in ["=1+2", "@SUM(A1)", "evil" + OSC + "\u202e"]:
        os.makedirs(os.path.join(out, "class", name))
        with open(os.path.join(out, "class", name, "progress.json"), "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False)
    # A store with a raw C1 byte that is not UTF-8 in a wrong pick.
    os.makedirs(os.path.join(out, "class", "raw"))
    raw = json.dumps(data, ensure_ascii=False).encode("utf-8").replace(b"PWNED", b"PW\x9bNED", 1)
    with open(os.path.join(out, "class", "raw", "progress.json"), "wb") as f:
        f.write(raw)
    os.makedirs(os.path.join(out, "class", "dud" + OSC))
    with open(os.path.join(out, "class", "dud" + OSC, "progress.json"), "w") as f:
        f.write('{"format": 1, "lessons": {')
    os.makedirs(os.path.join(out, "damaged" + OSC))
    with open(os.path.join(out, "damaged" + OSC, "progress.json"), "w") as f:
        f.write('{"format": 1, "lessons": {')
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

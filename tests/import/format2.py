#!/usr/bin/env python3
"""format2.py LESSON.json... - checks lessons against the structure of lesson
format 2 (the agreed spec for this round): the lesson fields, every item's
common fields and the fields and limits of its kind.  Prints one line per
problem and exits 1 when there is any; written independently of the C
checker so the importer's output is judged by a second reader."""
import json
import re
import sys

ID = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
COMMON = {"id", "kind", "difficulty", "prompt", "hints", "mistakes", "explanation", "solution",
          "attempts", "language", "note", "source", "references", "shuffle", "editor_note"}
KINDS = {
    "choice": {"options"}, "multi": {"options", "choose"},
    "fill": {"code", "bank", "blanks", "pseudo_code"},
    "numeric": {"answer", "units", "wrong"}, "text": {"accept", "case_sensitive", "wrong"},
    "match": {"pairs", "distractors"}, "order": {"steps"},
}


def strings(v):
    return isinstance(v, list) and all(isinstance(s, str) and s for s in v)


def check_range(r, where, problems, wrong=False):
    if not isinstance(r, dict):
        problems.append(f"{where}: a range must be an object")
        return
    keys = set(r) - ({"feedback"} if wrong else set())
    if keys <= {"value", "tolerance"} and "value" in keys or keys <= {"value", "relative"} and "value" in keys:
        bad = [k for k in keys if not isinstance(r[k], (int, float))]
    elif keys == {"min", "max"}:
        bad = [k for k in keys if not isinstance(r[k], (int, float))] or (["min > max"] if r["min"] > r["max"] else [])
    else:
        bad = ["value (+ tolerance or relative) or min and max"]
    if r.get("tolerance", 0) < 0:
        bad.append("tolerance >= 0")
    if wrong and not (isinstance(r.get("feedback"), str) and r["feedback"]):
        bad.append("feedback")
    if bad:
        problems.append(f"{where}: bad range {r} ({', '.join(map(str, bad))})")


def check_item(it, i, problems):
    w = f"item {i} ({it.get('id')})"
    kind = it.get("kind")
    if kind not in KINDS:
        problems.append(f"{w}: unknown kind {kind}")
        return
    for k in ("id", "kind", "difficulty", "prompt"):
        if not (isinstance(it.get(k), str) and it[k]):
            problems.append(f"{w}: {k} must be a non-empty string")
    if not ID.match(it.get("id", "")):
        problems.append(f"{w}: bad id")
    if it.get("difficulty") not in ("easy", "medium", "hard"):
        problems.append(f"{w}: bad difficulty")
    for k in set(it) - COMMON - KINDS[kind]:
        problems.append(f"{w}: unknown field {k}")
    for k in ("hints", "mistakes"):
        if k in it and not strings(it[k]):
            problems.append(f"{w}: {k} must be non-empty strings")
    if "shuffle" in it and not isinstance(it["shuffle"], bool):
        problems.append(f"{w}: shuffle must be a boolean")
    if kind in ("choice", "multi"):
        opts = it.get("options", [])
        right = sum(1 for o in opts if o.get("correct") is True)
        if not 2 <= len(opts) <= 7 or any(not o.get("text") or set(o) - {"text", "correct", "feedback"} for o in opts):
            problems.append(f"{w}: options must be 2-7 objects with text, correct, feedback")
        if (kind == "choice" and right != 1) or (kind == "multi" and right < 1):
            problems.append(f"{w}: {right} correct options")
    elif kind == "fill":
        bank, blanks = it.get("bank", []), it.get("blanks", [])
        if not strings(bank) or not 2 <= len(bank) <= 7 or len(set(bank)) != len(bank):
            problems.append(f"{w}: bank must be 2-7 different strings")
        if not 1 <= len(blanks) <= 9:
            problems.append(f"{w}: 1-9 blanks")
        marks = re.findall(r"\{\{(\d+)\}\}", it.get("code", ""))
        if sorted(marks) != [str(n) for n in range(1, len(blanks) + 1)]:
            problems.append(f"{w}: placeholders {marks} for {len(blanks)} blanks")
        for b in blanks:
            if not b.get("accept") or any(a not in bank for a in b["accept"]):
                problems.append(f"{w}: blank accepts {b.get('accept')} outside the bank")
            for k in b.get("feedback", {}):
                if k not in bank:
                    problems.append(f"{w}: feedback for {k} outside the bank")
    elif kind == "numeric":
        check_range(it.get("answer"), f"{w} answer", problems)
        for r in it.get("wrong", []):
            check_range(r, f"{w} wrong", problems, wrong=True)
        for u, f in it.get("units", {}).items():
            if not u or not isinstance(f, (int, float)) or f == 0:
                problems.append(f"{w}: unit {u!r} needs a non-zero factor")
    elif kind == "text":
        if not strings(it.get("accept")):
            problems.append(f"{w}: accept needs at least one answer")
        for x in it.get("wrong", []):
            if not (x.get("answer") and x.get("feedback")):
                problems.append(f"{w}: wrong entries need answer and feedback")
    elif kind == "match":
        pairs, extra = it.get("pairs", []), it.get("distractors", [])
        rights = [p.get("right") for p in pairs] + list(extra)
        if not 2 <= len(pairs) <= 7 or any(not p.get("left") or not p.get("right") for p in pairs):
            problems.append(f"{w}: 2-7 pairs with left and right")
        if not 3 <= len(rights) <= 7 or len(set(rights)) != len(rights):
            problems.append(f"{w}: right-hand answers must be 3-7 different strings")
    elif kind == "order":
        steps = [s.get("text") for s in it.get("steps", [])]
        if not 3 <= len(steps) <= 7 or len(set(steps)) != len(steps) or not all(steps):
            problems.append(f"{w}: 3-7 different steps")


def main():
    failed = 0
    for path in sys.argv[1:]:
        problems = []
        with open(path, encoding="utf-8") as f:
            lesson = json.load(f)
        if lesson.get("format") != 2:
            problems.append("format must be 2")
        for k in ("id", "title", "summary"):
            if not (isinstance(lesson.get(k), str) and lesson[k]):
                problems.append(f"lesson {k} must be a non-empty string")
        if not ID.match(lesson.get("id", "")):
            problems.append("bad lesson id")
        items = lesson.get("items", [])
        if not items:
            problems.append("no items")
        ids = [it.get("id") for it in items]
        if len(set(ids)) != len(ids):
            problems.append("item ids repeat")
        for i, it in enumerate(items, 1):
            check_item(it, i, problems)
        for p in problems:
            print(f"{path}: {p}")
        failed += bool(problems)
    sys.exit(1 if failed else 0)


main()

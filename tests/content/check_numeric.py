#!/usr/bin/env python3
"""check_numeric.py CONTENT_DIR - recomputes every numeric answer of the
bundled lessons from the inputs its prompt states.

Each check (numeric_*.py beside this file) names a lesson, a numeric item,
the input strings that must stand verbatim in the item's prompt, a formula
that recomputes the key from them, and under "wrong" one formula per known
wrong value: the slip its feedback describes, recomputed.  Fails when an
input is missing from the prompt, when the recomputed key falls outside the
item's answer range, when a recomputed slip lies in no wrong range (or in
the answer's), when a wrong range has no slip that lands in it, or when a
numeric item has no check at all.  Prints one line a check
and "N passed, M failed".
"""
import glob
import importlib.util
import json
import os
import sys


def load_module(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def load_checks(here):
    """The checks of numeric_*.py, with the slips of slips_*.py merged in."""
    checks = []
    for path in sorted(glob.glob(os.path.join(here, "numeric_*.py"))):
        checks.extend(load_module(path).CHECKS)
    by_key = {(c["lesson"], c["item"]): c for c in checks}
    for path in sorted(glob.glob(os.path.join(here, "slips_*.py"))):
        for key, slips in load_module(path).SLIPS.items():
            if key in by_key:
                by_key[key]["wrong"] = slips
            else:
                checks.append({"lesson": key[0], "item": key[1], "inputs": [], "compute": None,
                               "wrong": slips})
    return checks


def answer_range(answer):
    if "min" in answer:
        return answer["min"], answer["max"]
    value = answer["value"]
    tol = answer.get("tolerance", 0)
    if "relative" in answer:
        tol = abs(value) * answer["relative"]
    return value - tol, value + tol


def inside(x, lo, hi):
    """lo <= x <= hi with the grader's relative slack of 1e-9."""
    slack = 1e-9 * max(abs(lo), abs(hi))
    return lo - slack <= x <= hi + slack


def wrong_problems(item, check):
    """Recomputes each known wrong value from the slip its feedback names."""
    ranges = [answer_range(w) for w in item.get("wrong", [])]
    slips = check.get("wrong")
    if slips is None:
        return ["%d known wrong values with no recomputed slip" % len(ranges)] if ranges else []
    problems = []
    lo, hi = answer_range(item["answer"])
    hit = set()
    for slip in slips:
        v = slip() if callable(slip) else slip
        where = [i for i, (a, b) in enumerate(ranges) if inside(v, a, b)]
        if inside(v, lo, hi):
            problems.append("slip %g lies in the answer's range" % v)
        elif not where:
            problems.append("slip %g lies in no wrong range: its value or its feedback is off" % v)
        hit.update(where[:1])
    for i, (a, b) in enumerate(ranges):
        if i not in hit:
            problems.append("wrong range [%g, %g] has no slip that recomputes it" % (a, b))
    return problems


def main():
    content = sys.argv[1] if len(sys.argv) > 1 else "content"
    items = {}
    for path in sorted(glob.glob(os.path.join(content, "*.json"))):
        if path.endswith("lesson.schema.json"):
            continue
        with open(path, encoding="utf-8") as f:
            lesson = json.load(f)
        for item in lesson.get("items", []) if isinstance(lesson, dict) else []:
            if item.get("kind") == "numeric":
                items[(lesson["id"], item["id"])] = item
    passed = failed = 0
    seen = set()
    for check in load_checks(os.path.dirname(os.path.abspath(__file__))):
        key = (check["lesson"], check["item"])
        seen.add(key)
        item = items.get(key)
        problems = []
        if item is None:
            problems.append("no such numeric item in %s" % content)
        else:
            for text in check["inputs"]:
                if text not in item["prompt"]:
                    problems.append("the prompt does not state %r" % text)
            got = check["compute"]() if check["compute"] else float("nan")
            lo, hi = answer_range(item["answer"])
            if check["compute"] is None:
                problems.append("slips given, but no check recomputes the key")
            elif not inside(got, lo, hi):
                problems.append("recomputed %g, outside the key [%g, %g]" % (got, lo, hi))
            problems.extend(wrong_problems(item, check))
        name = "%s/%s" % key
        if problems:
            failed += 1
            print("not ok - %s: %s" % (name, "; ".join(problems)))
        else:
            passed += 1
            print("ok - %s: recomputed from %d stated inputs, %d slips" % (name, len(check["inputs"]),
                                                                     len(check.get("wrong", []))))
    for key in sorted(set(items) - seen):
        failed += 1
        print("not ok - %s/%s: a numeric item with no recomputing check" % key)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

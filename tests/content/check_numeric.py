#!/usr/bin/env python3
"""check_numeric.py CONTENT_DIR - recomputes every numeric answer of the
bundled lessons from the inputs its prompt states.

Each check (numeric_*.py beside this file) names a lesson, a numeric item,
the input strings that must stand verbatim in the item's prompt, and a
formula that recomputes the key from them.  Fails when an input is missing
from the prompt, when the recomputed value falls outside the item's answer
range, or when a numeric item has no check at all.  Prints one line a check
and "N passed, M failed".
"""
import glob
import importlib.util
import json
import os
import sys


def load_checks(here):
    checks = []
    for path in sorted(glob.glob(os.path.join(here, "numeric_*.py"))):
        spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        checks.extend(mod.CHECKS)
    return checks


def answer_range(answer):
    if "min" in answer:
        return answer["min"], answer["max"]
    value = answer["value"]
    tol = answer.get("tolerance", 0)
    if "relative" in answer:
        tol = abs(value) * answer["relative"]
    return value - tol, value + tol


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
            got = check["compute"]()
            lo, hi = answer_range(item["answer"])
            if not lo <= got <= hi:
                problems.append("recomputed %g, outside the key [%g, %g]" % (got, lo, hi))
        name = "%s/%s" % key
        if problems:
            failed += 1
            print("not ok - %s: %s" % (name, "; ".join(problems)))
        else:
            passed += 1
            print("ok - %s: recomputed from %d stated inputs" % (name, len(check["inputs"])))
    for key in sorted(set(items) - seen):
        failed += 1
        print("not ok - %s/%s: a numeric item with no recomputing check" % key)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""docs-examples.py PARATUTOR - every item example of content/README.md is a
lesson's item an author can copy: put into the README's own lesson skeleton
(its first JSON example), each passes `paratutor --check --strict` with no
error and no warning.  Prints a TAP-like line per example; exits 1 when any
fails."""
import json
import os
import re
import subprocess
import sys
import tempfile

binary = sys.argv[1]
text = open("content/README.md", encoding="utf-8").read()
blocks = re.findall(r"```json\n(.*?)```", text, re.S)
skeleton = json.loads(blocks[0])
failed = passed = 0
with tempfile.TemporaryDirectory() as tmp:
    for number, block in enumerate(blocks[1:], start=2):
        item = json.loads(block)
        name = f"content/README.md's example {number} ({item.get('kind', '?')})"
        lesson = dict(skeleton)
        lesson.pop("$schema", None)
        lesson["items"] = [item]
        path = os.path.join(tmp, f"example-{number}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(lesson, f, indent=2)
        run = subprocess.run([binary, "--check", "--strict", path], capture_output=True, text=True)
        if run.returncode == 0 and ": 0 errors, 0 warnings" in run.stdout:
            passed += 1
            print(f"ok - {name} passes --check --strict")
        else:
            failed += 1
            print(f"not ok - {name} passes --check --strict")
            print("  " + (run.stdout + run.stderr).strip().replace("\n", "\n  "))
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)

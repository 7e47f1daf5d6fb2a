#!/usr/bin/env python3
"""check_planted.py CONTENT_DIR - shows that check_numeric.py catches a
slip: copies the lessons, plants faults in one item at a time and expects
the checker to fail each with the right message.

1. d10-4's wrong value 396 (220 + 176) written as 380, the slip the 2026
   fact-check found: "slip 396 lies in no wrong range".
2. The same item's key 220 changed to 221: "outside the key".
3. A wrong range added to e25-4 with no slip: "has no slip".
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(content):
    r = subprocess.run([sys.executable, os.path.join(HERE, "check_numeric.py"), content],
                       capture_output=True, text=True)
    return r.returncode, r.stdout


def plant(src, lesson_file, item_id, change, expect):
    with tempfile.TemporaryDirectory() as tmp:
        for path in glob.glob(os.path.join(src, "*.json")):
            shutil.copy(path, tmp)
        path = os.path.join(tmp, lesson_file)
        with open(path, encoding="utf-8") as f:
            lesson = json.load(f)
        item = next(it for it in lesson["items"] if it["id"] == item_id)
        change(item)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(lesson, f)
        code, out = run(tmp)
        ok = code == 1 and expect in out
        print("%s - planted fault in %s is caught (%s)" % ("ok" if ok else "not ok", item_id, expect))
        if not ok:
            print(out)
        return ok


def slip_380(item):
    for w in item["wrong"]:
        if w.get("value") == 396:
            w["value"] = 380


def key_221(item):
    item["answer"]["value"] = 221


def extra_wrong(item):
    item["wrong"].append({"value": 999, "feedback": "planted"})


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "content"
    code, out = run(src)
    results = [code == 0]
    print("%s - the bundled lessons pass unchanged" % ("ok" if code == 0 else "not ok"))
    results.append(plant(src, "20-expert-parallel.json", "d10-4-dropped-count", slip_380,
                         "slip 396 lies in no wrong range"))
    results.append(plant(src, "20-expert-parallel.json", "d10-4-dropped-count", key_221,
                         "outside the key"))
    results.append(plant(src, "25-nccl-in-practice.json", "e25-4-busbw", extra_wrong,
                         "wrong range [999, 999] has no slip that recomputes it"))
    print("%d passed, %d failed" % (sum(results), len(results) - sum(results)))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())

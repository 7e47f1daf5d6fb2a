#!/usr/bin/env python3
"""docs-figures.py - the README's figures against the content: the menu's
lesson count, and for each lesson row shown, its title, its "done" total
and its item count.  Prints one line per figure: NAME<TAB>README<TAB>CONTENT."""
import glob
import json
import re

lessons = [json.load(open(f, encoding="utf-8")) for f in sorted(glob.glob("content/*.json"))
           if not f.endswith("lesson.schema.json")]
row = None
for line in open("README.md", encoding="utf-8").read().splitlines():
    m = re.match(r" paratutor: lessons +(\d+) lessons$", line)
    if m:
        print("the menu's lesson count\t%s\t%d" % (m.group(1), len(lessons)))
        continue
    m = re.match(r" [ \u25b8] +(\d+) (.+?)  ", line)
    if m and int(m.group(1)) <= len(lessons):
        row = lessons[int(m.group(1)) - 1]
        print("lesson %s's title\t%s\t%s" % (m.group(1), m.group(2).strip(), row["title"]))
        d = re.search(r"\d+/(\d+) done", line)
        if d:
            print("lesson %s's done total\t%s\t%d" % (m.group(1), d.group(1), len(row["items"])))
        continue
    m = re.match(r" +(\d+) items \u00b7", line)
    if m and row is not None:
        print("lesson %s's item count\t%s\t%d" % (row["id"], m.group(1), len(row["items"])))
        row = None

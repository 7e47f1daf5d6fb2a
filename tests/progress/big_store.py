"""big_store.py FILE BYTES - writes a compact progress store of about BYTES
bytes: lessons of 50 answered items each, under ids no lesson has.  The
indented form of the same data is about a third larger."""
import json, sys
target = int(sys.argv[2])
rec = {"hash": "223241baacd946b2", "outcome": "first_time", "attempts": 1, "hints": 0, "wrong": [],
       "first_seen": 1700000000, "last_seen": 1700000000, "pass_start": 1700000000, "time_spent": 0,
       "box": 1, "due": 1700172800, "scheduled_at": 1700000000, "stability": 2.5, "difficulty": 2.5}
lessons = {}
size = 0
i = 0
while size < target:
    items = {"item-%d" % k: rec for k in range(50)}
    lessons["filler-%05d" % i] = {"position": "item-0", "items": items}
    size += len(json.dumps(items, separators=(",", ":"))) + 40
    i += 1
json.dump({"format": 1, "salt": "0123456789abcdef", "lessons": lessons}, open(sys.argv[1], "w"), separators=(",", ":"))

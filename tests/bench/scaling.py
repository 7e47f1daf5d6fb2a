#!/usr/bin/env python3
"""scaling.py BINARY DIR N LIMIT [REPS] - every input costs linear time.

For each input that once cost quadratic time, times the command on an input
of size N and of size 4N (the CPU time of the child, the least of REPS runs)
and fails when the larger one takes more than LIMIT times as long: linear
work gives a ratio near 4 (less while start-up weighs), quadratic work 16.
The inputs are written under DIR.  `make bench` runs it at the sizes of the
issue that found them; `make check` at small sizes with a wide LIMIT.

  import      a GIFT bank of N questions, half sharing one title
  categories  a GIFT bank of N questions, each in a category of its own
  units       a numeric item with N units and a hint of N numbers (--check)
  units-cap   a numeric item with the most units and a hint of N numbers
  store       one learner's record with N wrong answers: class, --report,
              stats --me
  class       a class of N / 50 learners who typed 50 different wrong values
              each (class)
  xml-attrs   a Moodle XML question with N attributes (import)
"""
import json
import os
import resource
import subprocess
import sys

MAX_UNITS = 32  # PT_MAX_UNITS
RUN = {}  # the binary and its environment, for the cases that need the tutor itself


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def gift(d, n):
    lines = []
    for i in range(n):
        title = "same title" if i % 2 else "question %d" % i
        lines.append("::%s:: How many ranks hold shard %d? {=%d ~%d ~%d}\n" % (
            title, i, i % 7 + 1, i % 7 + 2, i % 7 + 3))
    write(os.path.join(d, "bank.gift"), "\n".join(lines))
    return [["import", os.path.join(d, "bank.gift"), "-o", os.path.join(d, "out.json")]]


def categories(d, n):
    lines = []
    for i in range(n):
        lines.append("$CATEGORY: top/week %d\n\n::q%d:: How many ranks hold shard %d? {=%d ~%d}\n" % (
            i, i, i, i % 7 + 1, i % 7 + 2))
    write(os.path.join(d, "bank.gift"), "\n".join(lines))
    return [["import", os.path.join(d, "bank.gift"), "--one-lesson", "-o", os.path.join(d, "out.json")]]


def numeric_lesson(d, units, numbers):
    names = {"B": 1}
    for i in range(units - 1):
        names["megabytes_per_%d" % i] = i + 2
    hint = " ".join("%d megabytes_per_x" % (20 + i % 70) for i in range(numbers))
    lesson = {"format": 2, "id": "units", "title": "Units", "summary": "Many numbers.", "items": [{
        "id": "n", "kind": "numeric", "difficulty": "easy", "prompt": "How many bytes?",
        "answer": {"value": 16}, "units": names, "hints": [hint], "explanation": "Sixteen."}]}
    os.makedirs(os.path.join(d, "lessons"), exist_ok=True)
    write(os.path.join(d, "lessons", "units.json"), json.dumps(lesson))
    return [["--check", os.path.join(d, "lessons")]]


def units(d, n):
    return numeric_lesson(d, n, n)


def units_cap(d, n):
    return numeric_lesson(d, MAX_UNITS, n)


def store(d, n):
    lessons = os.path.join(d, "lessons")
    os.makedirs(lessons, exist_ok=True)
    lesson = {"format": 2, "id": "store", "title": "Store", "summary": "Two items.", "items": [
        {"id": "n", "kind": "numeric", "difficulty": "easy", "prompt": "How many bytes?",
         "answer": {"value": 16}, "units": {"B": 1}, "hints": ["Add them."], "explanation": "Sixteen."},
        {"id": "f", "kind": "fill", "difficulty": "easy", "prompt": "Fill it.", "code": "x = {{1}}",
         "bank": ["a", "b", "c"], "blanks": [{"accept": ["a"]}], "hints": ["Think."], "explanation": "A."}]}
    write(os.path.join(lessons, "store.json"), json.dumps(lesson))

    def record(wrong, wrong_at):
        return {"hash": "0000000000000000", "outcome": "failed", "attempts": 3, "hints": 0, "wrong": wrong,
                "wrong_at": wrong_at, "first_seen": 1700000000, "last_seen": 1700000060,
                "pass_start": 1700000000, "time_spent": 60, "box": 0}
    items = {"n": record([str(100 + i) for i in range(n)], []),
             "f": record(["b", "c"], ["%d:b" % (1 + i % 9) for i in range(n)])}
    path = os.path.join(d, "progress.json")
    write(path, json.dumps({"format": 1, "lessons": {"store": {"items": items}}}))
    return [["class", "--only-lessons", lessons, path],
            ["--only-lessons", lessons, "--state", path, "--report"],
            ["stats", "--me", "--only-lessons", lessons, "--progress", path]]


def class_typed(d, n):
    """A class whose learners typed n different wrong values in all, 50 each."""
    store(d, 0)  # the lesson
    lessons = os.path.join(d, "lessons")
    # The item's hash, from a store the tutor writes (a record of another
    # version of the item would be left out of the analysis).
    state = os.path.join(d, "one.json")
    subprocess.run([RUN["binary"], "--plain", "--no-shuffle", "--only-lessons", lessons, "--state", state],
                   input=b"1\n5\nquit\n", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=RUN["env"],
                   check=False)
    with open(state, encoding="utf-8") as f:
        item_hash = json.load(f)["lessons"]["store"]["items"]["n"]["hash"]
    learners = max(2, n // 50)
    for k in range(learners):
        folder = os.path.join(d, "class", "learner-%d" % k)
        os.makedirs(folder, exist_ok=True)
        record = {"hash": item_hash, "outcome": "failed", "attempts": 3, "hints": 0,
                  "wrong": [str(1000 + 50 * k + i) for i in range(50)], "first_seen": 1700000000,
                  "last_seen": 1700000060, "pass_start": 1700000000, "time_spent": 60, "box": 0}
        write(os.path.join(folder, "progress.json"),
              json.dumps({"format": 1, "lessons": {"store": {"items": {"n": record}}}}))
    return [["class", "--only-lessons", lessons, os.path.join(d, "class")]]


def xml_attrs(d, n):
    attrs = " ".join('a%d="%d"' % (i, i) for i in range(n))
    write(os.path.join(d, "bank.xml"), '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'
          '<question type="shortanswer" %s>\n<name><text>q</text></name>\n'
          '<questiontext format="html"><text>How many?</text></questiontext>\n'
          '<answer fraction="100"><text>4</text></answer>\n</question>\n</quiz>\n' % attrs)
    return [["import", os.path.join(d, "bank.xml"), "-o", os.path.join(d, "out.json")]]


CASES = [("import", gift), ("categories", categories), ("units", units), ("units-cap", units_cap), ("store", store),
         ("class", class_typed), ("xml-attrs", xml_attrs)]


def cpu_of(binary, args, env):
    """Runs binary with args; returns the child's CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary] + args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    binary, top, n, limit = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    reps = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    only = os.environ.get("SCALING_CASES", "").split()
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(top, "state"), XDG_CACHE_HOME=os.path.join(top, "cache"),
               XDG_CONFIG_HOME=os.path.join(top, "config"), NO_COLOR="1")
    RUN.update(binary=binary, env=env)
    failed = 0
    print("Scaling: CPU seconds at n and 4n (the least of %d runs); linear is near 4, quadratic 16; "
          "fails above %g" % (reps, limit))
    print("| input      |        n |     time n |   time 4n | ratio | verdict |")
    print("|------------|----------|------------|-----------|-------|---------|")
    for name, make in CASES:
        if only and name not in only:
            continue
        times = []
        for size in (n, 4 * n):
            d = os.path.join(top, "%s-%d" % (name, size))
            os.makedirs(d, exist_ok=True)
            commands = make(d, size)
            # A floor of a millisecond keeps a start-up too quick to time from
            # making the ratio noise.
            times.append(max(0.001, min(sum(cpu_of(binary, c, env) for c in commands) for _ in range(reps))))
        ratio = times[1] / times[0]
        ok = ratio <= limit
        failed += not ok
        print("| %-10s | %8d | %8.3f s | %7.3f s | %5.1f | %-7s |" % (
            name, n, times[0], times[1], ratio, "ok" if ok else "FAIL"))
    if failed:
        print("scaling: %d input%s grew faster than linear" % (failed, "" if failed == 1 else "s"))
        sys.exit(1)


if __name__ == "__main__":
    main()

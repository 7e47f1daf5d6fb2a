"""moodle_gift.py GIFT IMPORTED SOURCE - reads the GIFT file that
`paratutor export --to gift` wrote for the lesson SOURCE the way Moodle's
GIFT reader does, as its documentation describes it, and checks that the
questions mean what paratutor's importer (IMPORTED, its lesson JSON) and
the source say.  Prints "ok - ..." or "not ok - ..." lines; exits 1 when
one is not ok.

The reading, from the GIFT format's documentation:
  - lines starting with // are comments; questions are separated by blank
    lines; $CATEGORY: lines name a category;
  - ::title:: names a question; a [html], [moodle], [plain] or [markdown]
    marker sets the text format;
  - the answer block is the text between the first unescaped { and the
    next unescaped }; text after it makes a missing-word question;
  - \\~ \\= \\# \\{ \\} \\: \\\\ are the characters themselves and \\n a new line;
  - a block starting with # is numerical: everything after its first ~ is
    one answer, the feedback for any other answer; the rest is split at
    each =, each answer being [%weight%]value[:tolerance | ..max][#feedback];
  - otherwise answers start with = (full credit) or ~ (none); %n% after
    the sign sets the credit to n percent; # starts an answer's feedback;
    = answers holding -> are matching pairs; a block with = answers only
    is a short answer, one with ~ a multiple choice.
"""
import html
import json
import sys

SPECIAL = "~=#{}:"


def split_unescaped(s, seps):
    """Splits s before each unescaped character of seps, keeping it."""
    parts, cur, i = [], "", 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            cur += s[i:i + 2]
            i += 2
            continue
        if c in seps:
            parts.append(cur)
            cur = c
        else:
            cur += c
        i += 1
    parts.append(cur)
    return parts


def find_unescaped(s, ch, start=0):
    i = start
    while i < len(s):
        if s[i] == "\\":
            i += 2
            continue
        if s[i] == ch:
            return i
        i += 1
    return -1


def unescape(s):
    out, i = "", 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            nxt = s[i + 1]
            out += "\n" if nxt == "n" else nxt
            i += 2
        else:
            out += s[i]
            i += 1
    return out


def clean(s, fmt):
    s = unescape(s).strip()
    if fmt == "html":
        s = html.unescape(s)
    return " ".join(s.split())


def weight(a):
    """Returns (percent or None, rest) for an answer after its sign."""
    a = a.lstrip()
    if a.startswith("%"):
        end = a.find("%", 1)
        return float(a[1:end]), a[end + 1:]
    return None, a


def feedback_split(a):
    k = find_unescaped(a, "#")
    return (a, None) if k < 0 else (a[:k], a[k + 1:])


def read_questions(text):
    questions, block = [], []
    for line in text.split("\n") + [""]:
        if line.strip().startswith("//"):
            continue
        if line.strip() == "":
            if block:
                questions.append("\n".join(block))
                block = []
            continue
        block.append(line)
    out = []
    for q in questions:
        if q.startswith("$CATEGORY:"):
            continue
        title = None
        if q.startswith("::"):
            end = q.find("::", 2)
            title, q = q[2:end], q[end + 2:]
        fmt = "moodle"
        qs = q.lstrip()
        for f in ("html", "moodle", "plain", "markdown"):
            if qs.startswith("[" + f + "]"):
                fmt, q = f, qs[len(f) + 2:]
        start = find_unescaped(q, "{")
        end = find_unescaped(q, "}", start + 1)
        body = q[start + 1:end]
        after = q[end + 1:].strip()
        # The general feedback (####) is not an answer.
        gf = body.find("####")
        if gf >= 0:
            body = body[:gf]
        out.append(parse_block(title, body, fmt, missing_word=after != ""))
    return out


def parse_block(title, body, fmt, missing_word):
    b = body.strip()
    q = {"title": title, "answers": []}
    if b.startswith("#"):
        q["type"] = "numerical"
        b = b[1:]
        tilde = find_unescaped(b, "~")
        q["other"] = None
        if tilde >= 0:
            rest = b[tilde + 1:].strip()
            q["other"] = clean(rest[1:] if rest.startswith("#") else rest, fmt)
            b = b[:tilde]
        for a in split_unescaped(b, "="):
            a = a.strip()
            if not a.startswith("="):
                if a:
                    q["answers"].append({"bad": a})
                continue
            w, a = weight(a[1:])
            value, fb = feedback_split(a)
            value = unescape(value).strip()
            if ".." in value:
                lo, hi = value.split("..")
                lo, hi = float(lo), float(hi)
                v, tol = (lo + hi) / 2, (hi - lo) / 2
            elif ":" in value:
                v, tol = (float(x) for x in value.split(":"))
            else:
                v, tol = float(value), 0.0
            q["answers"].append({"value": v, "tolerance": tol, "fraction": 100.0 if w is None else w,
                                 "feedback": clean(fb, fmt) if fb is not None else None})
        return q
    parts = [p for p in split_unescaped(b, "~=") if p.strip()]
    for p in parts:
        p = p.strip()
        sign = p[0]
        w, a = weight(p[1:])
        text, fb = feedback_split(a)
        q["answers"].append({"sign": sign, "text": clean(text, fmt),
                             "fraction": w if w is not None else (100.0 if sign == "=" else 0.0),
                             "feedback": clean(fb, fmt) if fb is not None else None,
                             "raw": text})
    signs = {a["sign"] for a in q["answers"]}
    if signs == {"="} and any("->" in a["raw"] for a in q["answers"]):
        q["type"] = "match"
    elif signs == {"="} and not missing_word:
        q["type"] = "shortanswer"
    else:
        q["type"] = "multichoice"
    return q


def main():
    gift, imported, source = sys.argv[1:4]
    qs = read_questions(open(gift, encoding="utf-8").read())
    ours = {it["id"]: it for it in json.load(open(imported, encoding="utf-8"))["items"]}
    src = {it["id"]: it for it in json.load(open(source, encoding="utf-8"))["items"]}
    bad = 0

    def check(cond, what):
        nonlocal bad
        if cond:
            print("ok - " + what)
        else:
            bad += 1
            print("not ok - " + what)

    check(len(qs) == len(ours), "%d questions read, %d imported" % (len(qs), len(ours)))
    for q in qs:
        it, s = ours.get(q["title"]), src.get(q["title"])
        name = q["title"]
        if it is None or s is None:
            check(False, "%s: imported and in the source" % name)
            continue
        if q["type"] == "numerical":
            right = [a for a in q["answers"] if a.get("fraction") == 100]
            zero = [a for a in q["answers"] if a.get("fraction") == 0]
            check(not any("bad" in a for a in q["answers"]), "%s: every numeric answer reads as a value" % name)
            check(len(right) == 1 and abs(right[0]["value"] - it["answer"]["value"]) < 1e-9,
                  "%s: the right value as paratutor reads it" % name)
            wrong = it.get("wrong", [])
            check(len(zero) == len(wrong) == len(s.get("wrong", [])),
                  "%s: %d wrong values, each a 0%% answer (paratutor %d, source %d)"
                  % (name, len(zero), len(wrong), len(s.get("wrong", []))))
            for a, w in zip(zero, wrong):
                wv = w.get("value", (w.get("min", 0) + w.get("max", 0)) / 2)
                check(abs(a["value"] - wv) < 1e-9 and a["feedback"] == " ".join(w["feedback"].split()),
                      "%s: wrong value %g keeps its own feedback" % (name, a["value"]))
            mistakes = " ".join(" ".join(m.split()) for m in s.get("mistakes", []))
            check((q["other"] or "") == mistakes, "%s: any other answer gets the common mistakes" % name)
        elif q["type"] == "multichoice":
            credited = sorted(a["text"] for a in q["answers"] if a["fraction"] > 0)
            if it["kind"] == "fill":
                want = sorted(" ".join(x.split()) for x in it["blanks"][0]["accept"])
                src_want = sorted(" ".join(x.split()) for x in s["blanks"][0]["accept"])
                check(credited == want == src_want, "%s: the accepted options %s, as paratutor and the source"
                      % (name, credited))
            else:
                want = sorted(" ".join(o["text"].split()) for o in it["options"] if o.get("correct"))
                check(credited == want, "%s: the credited options as paratutor's right ones" % name)
        elif q["type"] == "shortanswer":
            full = sorted(a["text"] for a in q["answers"] if a["fraction"] == 100)
            check(full == sorted(" ".join(x.split()) for x in it["accept"]), "%s: the accepted answers" % name)
            zero = sorted(a["text"] for a in q["answers"] if a["fraction"] == 0)
            check(zero == sorted(" ".join(w["answer"].split()) for w in it.get("wrong", [])),
                  "%s: the known wrong answers at 0%%" % name)
        elif q["type"] == "match":
            pairs = [a for a in q["answers"] if not a["text"].startswith("->")]
            check(len(pairs) == len(it.get("pairs", [])), "%s: %d pairs" % (name, len(pairs)))
    sys.exit(1 if bad else 0)


main()

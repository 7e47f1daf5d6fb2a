#!/usr/bin/env python3
"""check_findings.py CONTENT_DIR - reads the items blind fact-checks found
wrong or imprecise (ten of issue 41, eight of lessons 29-33) and checks
each fix is in place: the
arithmetic the fix states is recomputed here, the wording that was wrong
is gone, and each item's version was raised.  Prints one line a check and
"N passed, M failed"; exits 1 on any failure.
"""
import glob
import json
import os
import re
import sys


def items(content):
    found = {}
    for path in glob.glob(os.path.join(content, "*.json")):
        if path.endswith("lesson.schema.json"):
            continue
        with open(path, encoding="utf-8") as f:
            lesson = json.load(f)
        for item in lesson["items"]:
            found[(lesson["id"], item["id"])] = item
    return found


def answer_range(answer):
    if "min" in answer:
        return answer["min"], answer["max"]
    tol = answer.get("tolerance", 0)
    if "relative" in answer:
        tol = abs(answer["value"]) * answer["relative"]
    return answer["value"] - tol, answer["value"] + tol


def close(a, b):
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1)


def e27_5(it):
    lo, hi = answer_range(it["answer"])
    assert lo <= 70 <= hi, "70 (Chinchilla's own size) is not accepted: range [%g, %g]" % (lo, hi)
    key = (5.76e23 / 120) ** 0.5 / 1e9
    assert lo <= key <= hi, "the key %g fell out of the range" % key
    fb = next(w["feedback"] for w in it["wrong"] if w.get("value") == 4800)
    assert "10^20" not in fb, "the 4800 feedback still counts in units of 10^20"
    m = re.search(r"C / 120 = ([\d.]+) × 10\^(\d+) = (\d+) × 10\^(\d+)", fb)
    assert m, "the 4800 feedback does not show C/120 = a × 10^b = 4800 × 10^c"
    a, b, c, d = float(m.group(1)), int(m.group(2)), float(m.group(3)), int(m.group(4))
    assert close(5.76e23 / 120, a * 10 ** b), "C/120 is %g, not %g" % (5.76e23 / 120, a * 10 ** b)
    assert close(c * 10 ** d, a * 10 ** b) and c == 4800, "4800 × 10^%d is not C/120" % d


def e27_7(it):
    text = it["explanation"]
    assert "a quarter" not in text, "still says a quarter of the steps"
    assert "a third" in text, "does not say a third of the steps"
    before, after = 1 + 1 / 1, 1 + 1 / 3        # S/S_min at B = B_noise and B = 3 B_noise
    assert close((before - after) / before, 1 / 3)


def gb_notation(it):
    assert "GB (10^9 bytes)" not in it["prompt"], "still reads as N GB = 10^9 bytes"
    assert "1 GB = 10^9 B" in it["prompt"], "does not write 1 GB = 10^9 B"


def e25_6(it):
    steps = [s["text"] for s in it["steps"]]
    assert not any("TRACE_BUFFER_SIZE" in s or "FR_BUFFER_SIZE" in s for s in steps), \
        "a step still turns the recorder on by sizing its buffer"
    assert any("TORCH_NCCL_DUMP_ON_TIMEOUT=1" in s for s in steps), "no step adds the dump on timeout"
    text = it["explanation"]
    assert "on by default" in text, "the explanation does not teach the default-on recorder"
    assert "TORCH_FR_BUFFER_SIZE" not in text, "it names the answer of the later item e25-9"


def e25_9(it):
    accepted = {a.upper() for a in it["accept"]}
    for name in ("TORCH_FR_BUFFER_SIZE", "TORCH_NCCL_TRACE_BUFFER_SIZE"):
        assert name in accepted, "%s is not accepted" % name
    assert not any(w["answer"].upper() in accepted for w in it.get("wrong", []))
    assert "TORCH_FR_BUFFER_SIZE" not in it["prompt"], "the prompt gives the answer away"


def e25_15(it):
    right = [o["text"] for o in it["options"] if o.get("correct")]
    assert len(right) == 1 and re.match(r"NCCL_SOCKET_IFNAME==\w+", right[0]), \
        "the keyed option is not NCCL_SOCKET_IFNAME==<fabric interface>: %r" % right
    assert "^" not in right[0], "the keyed option still excludes instead of naming the interface"
    excl = [o for o in it["options"] if "^docker0,lo" in o["text"]]
    assert all(not o.get("correct") for o in excl), "^docker0,lo is still keyed"
    text = it["explanation"]
    for word in ("lo", "docker", "bypass"):
        assert word in text, "the explanation does not teach the default rule (%s)" % word


def e26_5(it):
    text = it["explanation"]
    assert "enable_symm_mem_for_group" in text and "2.11" in text and "deprecated" in text, \
        "the explanation does not say which PyTorch needs enable_symm_mem_for_group"


def d10_6(it):
    text = it["explanation"]
    assert "probability ≈ 1" in text, "the 0.92α example does not route the minority with P ≈ 1"
    f = (0.9, 0.1)
    majority, minority = (0.5, 0.5), (0.0, 1.0)
    P = [f[0] * majority[i] + f[1] * minority[i] for i in range(2)]
    loss = 2 * sum(f[i] * P[i] for i in range(2))
    assert close(loss, 0.92) and "0.92" in text, "the example's loss is %g" % loss
    assert "P = (%.2f, %.2f)" % tuple(P) in text, "the example's P is not (%.2f, %.2f)" % tuple(P)
    tied = 2 * sum(f[i] * (0.9 * 0.5 + 0.1 * 0.5) for i in range(2))   # near-ties everywhere
    assert close(tied, 1.0), "with near-ties everywhere the loss is alpha"


def megatron_interleaved_ok(m, group, p):
    """Megatron Core's check: m mod N must be 0 or at least the pipeline size."""
    r = m % group
    return not (0 < r < p)


def d14_3(it):
    text = it["explanation"]
    assert "must be divisible by the pipeline-parallel size" not in text, "the old rule is still stated"
    assert "m mod N" in text and "at least p" in text, "the current rule is not stated"
    assert megatron_interleaved_ok(24, 8, 8), "the item's own m = 24, N = p = 8 would be refused"
    assert megatron_interleaved_ok(20, 12, 8) and not megatron_interleaved_ok(20, 8, 8)
    assert not any("divisibility" in h for h in it.get("hints", [])), "a hint points at the old rule"


def f29_13(it):
    fb = next(o["feedback"] for o in it["options"] if "temperature-scaled" in o["text"])
    assert "engines report log-probabilities under it" not in fb, \
        "still says engines report log-probabilities under the temperature"
    assert "raw logits" in fb and "logprobs_mode" in fb, "does not say vLLM V1 reports raw logprobs"


def f29_4(it):
    for blank in it["blanks"]:
        fb = blank["feedback"]["pause"]
        assert "no pause method" not in fb, "still says vLLM has no pause"
        assert "scheduling" in fb, "does not say what pausing does"


def f29_12(it):
    assert "usually as large as the policy" not in it["explanation"], "the critic-size claim is back"


def f29_8(it):
    fb = next(w["feedback"] for w in it["wrong"] if close(w["value"], 2.4))
    assert close(120 / (40 + 10), 2.4) and not close(120 / 40, 2.4)
    assert "training plus sync" in fb, "2.4 is not explained as generation over training plus sync"


def f30_11(it):
    assert ",," not in it["explanation"], "the doubled comma is back"


def f31_6(it):
    text = it["explanation"]
    assert "--moe-flex-dispatcher-backend" in text, "the current backend flag is not named"
    assert [a.lower() for a in it["accept"]] == ["flex"], "the key changed"
    fb = next(w["feedback"] for w in it["wrong"] if w["answer"] == "deepep")
    assert "--moe-enable-deepep switching the backend on" not in fb, "names only the 0.12 switch"


def f32_5(it):
    right = next(o["text"] for o in it["options"] if o.get("correct")).lower()
    for h in it["hints"]:
        assert "adam" not in h.lower() or "eigenbasis" not in h.lower(), "a hint spells out the key: %r" % h
        assert "preconditioner's eigenbasis" not in h.lower(), "a hint spells out the acronym"
    assert "eigenbasis" in right


def f32_6(it):
    text = it["explanation"]
    assert "8-bit mantissa" not in text, "still calls bf16's mantissa 8-bit"
    assert "7 stored mantissa bits" in text
    assert 1 + 8 + 7 == 16, "bf16 is 1 sign + 8 exponent + 7 mantissa bits"


CHECKS = [
    ("flops-budgets", "e27-5-chinchilla", 2, e27_5),
    ("flops-budgets", "e27-7-steps-tradeoff", 2, e27_7),
    ("nccl-in-practice", "e25-4-busbw", 2, gb_notation),
    ("nccl-in-practice", "e25-5-ring-bytes", 2, gb_notation),
    ("nccl-in-practice", "e25-6-hang-triage", 2, e25_6),
    ("nccl-in-practice", "e25-9-trace-buffer", 2, e25_9),
    ("nccl-in-practice", "e25-15-socket-ifname", 2, e25_15),
    ("compile-low-precision", "e26-5-async-tp", 2, e26_5),
    ("expert-parallel", "d10-6-aux-loss", 3, d10_6),
    ("schedules-compilers", "d14-3-interleaved", 2, d14_3),
    # the fact-check of lessons 29-33
    ("rl-post-training", "f29-13-mismatch", 2, f29_13),
    ("rl-post-training", "f29-12-ppo-models", 2, f29_12),
    ("rl-post-training", "f29-4-sleep", 2, f29_4),
    ("rl-post-training", "f29-8-overlap", 2, f29_8),
    ("fabric", "f30-11-nvls", 2, f30_11),
    ("moe-at-scale", "f31-6-flex", 2, f31_6),
    ("optimizers-low-precision", "f32-5-soap", 2, f32_5),
    ("optimizers-low-precision", "f32-6-bf16-moments", 2, f32_6),
]


def main():
    found = items(sys.argv[1] if len(sys.argv) > 1 else "content")
    passed = failed = 0
    for lesson, item, version, check in CHECKS:
        it = found.get((lesson, item))
        problems = []
        if it is None:
            problems.append("item not found")
        else:
            if it.get("version", 1) < version:
                problems.append("version %d, expected at least %d" % (it.get("version", 1), version))
            try:
                check(it)
            except AssertionError as e:
                problems.append(str(e) or "check failed")
        if problems:
            print("not ok - %s/%s: %s" % (lesson, item, "; ".join(problems)))
            failed += 1
        else:
            print("ok - %s/%s" % (lesson, item))
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

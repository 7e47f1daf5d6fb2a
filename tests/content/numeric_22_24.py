"""Recomputes the keyed answer of every numeric item in lessons 22-24.

Each entry: lesson id, item id, the input strings that must appear verbatim in
the item's prompt, and a compute() returning the answer in the answer's unit.
"""

GB = 10**9
MiB = 2**20


def _scaler(init, backoff, growth, interval, overflows, clean):
    """Replays torch.amp.GradScaler.update() over a run of iterations."""
    scale, tracker = init, 0
    for _ in range(overflows):
        scale *= backoff
        tracker = 0
    for _ in range(clean):
        tracker += 1
        if tracker == interval:
            scale *= growth
            tracker = 0
    return scale


def _bf16_gap(x, stored_mantissa_bits=7):
    """Gap between consecutive binary floats at x (x a positive normal)."""
    e = 0
    while 2 ** (e + 1) <= x:
        e += 1
    return 2.0 ** (e - stored_mantissa_bits)


CHECKS = [
    # ---------------------------------------------------------- lesson 22
    {"lesson": "precision-memory", "item": "d12-3-bf16-spacing",
     "inputs": ["7 stored mantissa bits", "[256, 512)"],
     "compute": lambda: _bf16_gap(256, 7)},
    {"lesson": "precision-memory", "item": "d12-4-scaler-dynamics",
     "inputs": ["init_scale 65536", "backoff_factor 0.5", "growth_factor 2.0",
                "growth_interval 2000", "first 3 iterations", "next 4000 iterations"],
     "compute": lambda: _scaler(65536, 0.5, 2.0, 2000, 3, 4000)},
    {"lesson": "precision-memory", "item": "d12-8-13b-mixed",
     "inputs": ["13 billion", "bf16 weights", "bf16 gradients", "fp32 master weights",
                "two fp32 Adam moments", "10^9 bytes"],
     "compute": lambda: 13e9 * (2 + 2 + 4 + 4 + 4) / GB},
    {"lesson": "precision-memory", "item": "d12-9-adam8bit-bytes",
     "inputs": ["13 billion", "fp32 (4 bytes each)", "1 byte each per parameter", "10^9 bytes"],
     "compute": lambda: 13e9 * (4 + 4 + 1 + 1) / GB},
    {"lesson": "precision-memory", "item": "d12-12-fp8-scale",
     "inputs": ["fp8_format=HYBRID", "margin=1", "amax_compute_algo=\"max\"",
                "2.1, 3.5 and 2.8", "E4M3: 448", "E5M2: 57344", "forward activation"],
     "compute": lambda: 448 / max(2.1, 3.5, 2.8) / 2 ** 1},
    # ---------------------------------------------------------- lesson 23
    {"lesson": "running-for-real", "item": "d13-3-elastic-world",
     "inputs": ["--nnodes=2:4", "--nproc-per-node=8", "Three nodes have joined"],
     "compute": lambda: 3 * 8},
    {"lesson": "running-for-real", "item": "d13-10-hsdp-memory",
     "inputs": ["7 billion", "16 bytes per parameter", "4 nodes × 8 GPUs", "(4, 8)",
                "10^9 bytes"],
     "compute": lambda: 7e9 * 16 / 8 / GB},
    {"lesson": "running-for-real", "item": "d13-12-linear-scaling",
     "inputs": ["learning rate 0.1", "minibatch of 256", "8 nodes × 8 GPUs",
                "per-GPU batch of 32", "2 gradient-accumulation micro-steps"],
     "compute": lambda: 0.1 * (8 * 8 * 32 * 2) / 256},
    {"lesson": "running-for-real", "item": "d13-13-warmup",
     "inputs": ["learning rate 0.1", "target 3.2", "after 5 epochs", "2 of those 5 epochs"],
     "compute": lambda: 0.1 + (3.2 - 0.1) * 2 / 5},
    # ---------------------------------------------------------- lesson 24
    {"lesson": "schedules-compilers", "item": "d14-1-gpipe-bubble",
     "inputs": ["p = 6", "m = 18", "(p − 1)/(m + p − 1)"],
     "compute": lambda: 100 * (6 - 1) / (18 + 6 - 1)},
    {"lesson": "schedules-compilers", "item": "d14-2-1f1b-inflight",
     "inputs": ["p = 8", "m = 32", "1F1B"],
     "compute": lambda: (8 - 1) + 1},
    {"lesson": "schedules-compilers", "item": "d14-3-interleaved",
     "inputs": ["p = 8", "v = 3", "m = 24", "(p − 1)/(v·m)"],
     "compute": lambda: 100 * (8 - 1) / (3 * 24)},
    {"lesson": "schedules-compilers", "item": "d14-6-zbh1-time",
     "inputs": ["p = 8", "each take 1 ms", "(p − 1)(F + B − W)"],
     "compute": lambda: (8 - 1) * (1 + 1 - 1)},
    {"lesson": "schedules-compilers", "item": "d14-7-dualpipe-time",
     "inputs": ["(PP/2 − 1)(F&B + B − 3W)", "PP = 8", "B = 2 ms", "W = 1 ms", "F&B = 3 ms"],
     "compute": lambda: (8 / 2 - 1) * (3 + 2 - 3 * 1)},
    {"lesson": "schedules-compilers", "item": "d14-11-shard-bytes",
     "inputs": ["float32", "(8192, 4096)", "P(\"data\", \"model\")", "(4, 2)", "2^20 bytes"],
     "compute": lambda: (8192 // 4) * (4096 // 2) * 4 / MiB},
    {"lesson": "schedules-compilers", "item": "d14-16-uneven-stages",
     "inputs": ["78-layer", "pipeline-parallel size 8", "--decoder-first-pipeline-num-layers 9",
                "--decoder-last-pipeline-num-layers 9"],
     "compute": lambda: (78 - 9 - 9) / (8 - 2),
     # the even split; the middle stages counted instead of their layers;
     # an end stage's own count; the middle's layers not yet divided
     "wrong": [lambda: 78 / 8, lambda: 8 - 2, lambda: 9, lambda: 78 - 9 - 9]},
]

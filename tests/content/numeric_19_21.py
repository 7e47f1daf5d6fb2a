"""Recompute the keyed answers of the numeric items in lessons 19-21.

Each entry names a lesson and a numeric item, lists the input strings that must
appear verbatim in the item's prompt, and recomputes the keyed answer from those
inputs, in the answer's unit. Run this module to check every entry against the
bundled lesson files.
"""

GB = 1e9
MIB = 2**20
MB = 1e6

CHECKS = [
    # ---- lesson 19: sequence-context ------------------------------------
    {
        "lesson": "sequence-context",
        "item": "d9-6-ulysses-volume",
        "inputs": ["3Nh elements", "Nh elements", "N = 65,536 tokens", "hidden size 8192",
                   "P = 8 GPUs", "bf16 (2 bytes per element)", "M/P elements per link"],
        # (3Nh + Nh) / P elements per link, 2 bytes each, in MiB
        "compute": lambda: (3 * 65536 * 8192 + 65536 * 8192) / 8 * 2 / MIB,
    },
    {
        "lesson": "sequence-context",
        "item": "d9-8-cp-activation-memory",
        "inputs": ["80 layers", "hidden size 8192", "131,072 tokens", "micro-batch size 1",
                   "34·s·b·h bytes", "tensor parallelism 8 with sequence parallelism",
                   "context parallelism 8", "no pipeline parallelism"],
        # 34 s b h L / (TP * CP), in GB
        "compute": lambda: 34 * 131072 * 1 * 8192 * 80 / (8 * 8) / GB,
    },
    # ---- lesson 20: expert-parallel -------------------------------------
    {
        "lesson": "expert-parallel",
        "item": "d10-3-capacity",
        "inputs": ["8192 tokens", "top-k = 2", "64 experts", "--moe-expert-capacity-factor is 1.25"],
        # tokens * topk * capacity_factor / experts
        "compute": lambda: 8192 * 2 * 1.25 / 64,
    },
    {
        "lesson": "expert-parallel",
        "item": "d10-4-dropped-count",
        "inputs": ["top-1", "4 experts", "capacity factor 1.25", "4096 tokens",
                   "1500 tokens to expert 1", "1200 to expert 2", "800 to expert 3", "596 to expert 4"],
        "compute": lambda: sum(max(0, load - 4096 * 1 * 1.25 / 4) for load in (1500, 1200, 800, 596)),
    },
    {
        "lesson": "expert-parallel",
        "item": "d10-6-aux-loss",
        "inputs": ["α · N · Σ f_i · P_i", "N = 4 experts", "α = 0.01",
                   "f = (0.4, 0.3, 0.2, 0.1)", "P = (0.35, 0.3, 0.2, 0.15)"],
        "compute": lambda: 0.01 * 4 * sum(f * p for f, p in zip((0.4, 0.3, 0.2, 0.1), (0.35, 0.3, 0.2, 0.15))),
    },
    {
        "lesson": "expert-parallel",
        "item": "d10-10-dispatch-volume",
        "inputs": ["Expert-parallel size 8", "8192 tokens", "hidden size 4096",
                   "2 bytes per value", "top-k = 2", "spreads assignments evenly over the 8 GPUs"],
        # token copies * share leaving the GPU * bytes per vector, in MB
        "compute": lambda: 8192 * 2 * (8 - 1) / 8 * 4096 * 2 / MB,
    },
    {
        "lesson": "expert-parallel",
        "item": "d10-12-expert-data-parallel",
        "inputs": ["64 GPUs", "tensor-parallel size 1", "pipeline-parallel size 4",
                   "no context parallelism", "expert-parallel size 8", "expert tensor parallelism 1"],
        # world / (expert TP * EP * PP)
        "compute": lambda: 64 / (1 * 8 * 4),
    },
    # ---- lesson 21: activation-memory -----------------------------------
    {
        "lesson": "activation-memory",
        "item": "d11-1-bytes-per-layer",
        "inputs": ["s·b·h(34 + 5as/h)", "s = 2048 tokens", "micro-batch b = 1",
                   "hidden size h = 12288", "a = 96 attention heads"],
        "compute": lambda: 2048 * 1 * 12288 * (34 + 5 * 96 * 2048 / 12288) / GB,
    },
    {
        "lesson": "activation-memory",
        "item": "d11-3-tp-only",
        "inputs": ["s·b·h(10 + 24/t + 5as/(ht))", "t = 8", "s = 2048 tokens", "micro-batch b = 1",
                   "hidden size h = 12288", "a = 96 attention heads"],
        "compute": lambda: 2048 * 1 * 12288 * (10 + 24 / 8 + 5 * 96 * 2048 / (12288 * 8)) / GB,
    },
    {
        "lesson": "activation-memory",
        "item": "d11-5-selective-model",
        "inputs": ["96 layers", "34·s·b·h/t", "t = 8", "s = 2048 tokens", "micro-batch b = 1",
                   "hidden size h = 12288"],
        "compute": lambda: 34 * 2048 * 1 * 12288 / 8 * 96 / GB,
    },
    {
        "lesson": "activation-memory",
        "item": "d11-6-full-recompute",
        "inputs": ["2·s·b·h bytes", "96 GPT-3 175B layers", "s = 2048 tokens", "micro-batch b = 1",
                   "hidden size h = 12288", "no parallelism"],
        "compute": lambda: 2 * 2048 * 1 * 12288 * 96 / GB,
    },
    {
        "lesson": "activation-memory",
        "item": "d11-7-recompute-overhead",
        "inputs": ["twice the forward pass", "runs once more during backward"],
        # forward 1 + backward 2 = 3 units; recomputation adds 1 forward
        "compute": lambda: ((1 + 2 + 1) / (1 + 2) - 1) * 100,
    },
    {"lesson": "sequence-context", "item": "d9-14-thd-cp-padding",
     "inputs": ["CP = 4", "2 × CP", "1,003-token sequence"],
     "compute": lambda: -(-1003 // (2 * 4)) * (2 * 4),
     "wrong": [lambda: -(-1003 // 4) * 4,                         # multiple of CP only
               lambda: 1003,                                      # no padding
               lambda: 2 ** (1003 - 1).bit_length()]},            # next power of two
]

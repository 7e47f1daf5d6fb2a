"""Recomputes the keyed answer and every known wrong value of the numeric
items in lessons 29-33 (RL systems, the fabric, MoE at scale, optimizers
and low precision, seeing the overlap).

Each entry: lesson id, item id, the input strings that must appear verbatim
in the item's prompt, compute() returning the key in the answer's unit, and
"wrong": one formula per known wrong value, the slip its feedback names.
"""

GB = 10**9

CHECKS = [
    # ---------------------------------------------------------- lesson 29
    {"lesson": "rl-post-training", "item": "f29-6-advantage",
     "inputs": ["rewards (1, 0, 0, 0)", "A_i = r_i − mean(r)"],
     "compute": lambda: 1 - (1 + 0 + 0 + 0) / 4,
     "wrong": [lambda: 1,                                   # the reward itself
               lambda: (1 + 0 + 0 + 0) / 4,                 # the baseline
               lambda: 0 - (1 + 0 + 0 + 0) / 4]},           # a wrong completion's
    {"lesson": "rl-post-training", "item": "f29-7-weight-sync",
     "inputs": ["8 billion-parameter", "bf16 (2 bytes per parameter)", "400 Gb/s"],
     "compute": lambda: 8e9 * 2 / (400e9 / 8),
     "wrong": [lambda: 8e9 * 2 / 400e9,                     # Gb/s read as GB/s
               lambda: 8e9 * 4 / (400e9 / 8),               # fp32
               lambda: 8e9 * 1 / (400e9 / 8)]},             # one byte
    {"lesson": "rl-post-training", "item": "f29-8-overlap",
     "inputs": ["120 s of generation", "40 s of training", "10 s of weight sync"],
     "compute": lambda: (120 + 40 + 10) / max(120, 40 + 10),
     "wrong": [lambda: (120 + 40) / 120,                    # sync left out
               lambda: (120 + 40 + 10) / (40 + 10),         # the shorter lane
               lambda: 120 / (40 + 10)]},                   # generation vs training
    # ---------------------------------------------------------- lesson 30
    {"lesson": "fabric", "item": "f30-2-nvl72-total",
     "inputs": ["72 GPUs", "1.8 TB/s"],
     "compute": lambda: 72 * 1.8,
     "wrong": [lambda: 72 * 1.8 / 2,                        # one direction
               lambda: 8 * 1.8,                             # one 8-GPU server
               lambda: 72 / 1.8]},                          # divided
    {"lesson": "fabric", "item": "f30-3-nic-vs-nvlink",
     "inputs": ["450 GB/s over NVLink in each direction", "400 Gb/s in each direction"],
     "compute": lambda: 450 / (400 / 8),
     "wrong": [lambda: 450 / 400,                           # bits read as bytes
               lambda: 900 / (400 / 8),                     # both directions
               lambda: 900 / 400]},                         # both slips
    {"lesson": "fabric", "item": "f30-4-nvlink-allreduce",
     "inputs": ["S = 8 GB", "n = 8 GPUs", "B = 450 GB/s", "t = 2(n − 1)/n · S / B"],
     "compute": lambda: 2 * (8 - 1) / 8 * 8 / 450 * 1000,
     "wrong": [lambda: (8 - 1) / 8 * 8 / 450 * 1000,        # one phase
               lambda: 2 * (8 - 1) / 8 * 8 / 900 * 1000,    # both directions (same value)
               lambda: 8 / 450 * 1000,                      # S/B
               lambda: 2 * 8 / 450 * 1000]},                # factor 2 alone
    # ---------------------------------------------------------- lesson 31
    {"lesson": "moe-at-scale", "item": "f31-2-dispatch-bytes",
     "inputs": ["8,192 tokens", "hidden size 7,168", "top-8 experts", "bf16 (2 bytes per value)", "1 GB = 10^9 B"],
     "compute": lambda: 8192 * 8 * 7168 * 2 / GB,
     "wrong": [lambda: 8192 * 7168 * 2 / GB,                # each token once
               lambda: 8192 * 8 * 7168 * 4 / GB,            # fp32
               lambda: 8192 * 8 * 7168 * 1 / GB]},          # FP8
    {"lesson": "moe-at-scale", "item": "f31-3-edp",
     "inputs": ["1,024 GPUs", "PP = 8", "TP = 4", "EP = 16", "ETP = 1"],
     "compute": lambda: 1024 / 8 / (16 * 1),
     "wrong": [lambda: 1024 / (16 * 1),                     # pipeline forgotten
               lambda: 1024 / 8 / (16 * 4),                 # attention TP as ETP
               lambda: 1024 / 8 / 4]},                      # attention DP
    {"lesson": "moe-at-scale", "item": "f31-4-capacity",
     "inputs": ["E = 64 experts", "T = 4,096 tokens", "k = 2", "capacity factor 1.25",
                "capacity factor × T × k / E"],
     "compute": lambda: 1.25 * 4096 * 2 / 64,
     "wrong": [lambda: 1.25 * 4096 / 64,                    # k left out
               lambda: 4096 * 2 / 64,                       # no headroom
               lambda: 1.25 * 4096 * 2]},                   # all experts
    {"lesson": "moe-at-scale", "item": "f31-5-bias-update",
     "inputs": ["starting at 0", "u = 0.001", "5 steps"],
     "compute": lambda: 0 - 5 * 0.001,
     "wrong": [lambda: 0 + 5 * 0.001,                       # wrong sign
               lambda: 0 - 0.001,                           # one step
               lambda: 0]},                                 # no change
    # ---------------------------------------------------------- lesson 32
    {"lesson": "optimizers-low-precision", "item": "f32-2-muon-state",
     "inputs": ["8 billion-parameter", "fp32 (4 bytes per value)", "two moments", "one momentum buffer"],
     "compute": lambda: 8e9 * 2 * 4 / GB - 8e9 * 1 * 4 / GB,
     "wrong": [lambda: 8e9 * 2 * 4 / GB,                    # AdamW's whole state
               lambda: 8e9 * 2 / GB,                        # 2-byte values
               lambda: 8e9 * (2 * 4 + 4) / GB]},            # master weights added
    {"lesson": "optimizers-low-precision", "item": "f32-4-shampoo-memory",
     "inputs": ["m × m", "n × n", "m = 4,096", "n = 14,336"],
     "compute": lambda: (4096**2 + 14336**2) / (4096 * 14336),
     "wrong": [lambda: (4096**2 + 4096**2) / (4096 * 4096),  # square matrix
               lambda: 14336**2 / (4096 * 14336),           # right factor only
               lambda: 4096**2 / (4096 * 14336)]},          # left factor only
    {"lesson": "optimizers-low-precision", "item": "f32-6-bf16-moments",
     "inputs": ["bf16 weights (2 B)", "bf16 gradients (2 B)", "fp32 master weights (4 B)", "both Adam moments in bf16"],
     "compute": lambda: 2 + 2 + 4 + 2 * 2,
     "wrong": [lambda: 2 + 2 + 4 + 2 * 4,                   # fp32 moments
               lambda: 2 + 2 + 2 * 2,                       # no master weights
               lambda: 2 + 2 + 4 + 2]},                     # one moment
    {"lesson": "optimizers-low-precision", "item": "f32-9-nvfp4-bits",
     "inputs": ["4-bit E2M1", "block of 16 values", "8-bit E4M3 scale"],
     "compute": lambda: 4 + 8 / 16,
     "wrong": [lambda: 4,                                   # scales ignored
               lambda: 4 + 8 / 32,                          # MXFP4's blocks of 32
               lambda: 4 + 8]},                             # a scale per value
    {"lesson": "optimizers-low-precision", "item": "f32-10-stochastic",
     "inputs": ["0, 0.5, 1, 1.5, 2, 3, 4 and 6", "(x − a)/(b − a)", "x = 4.5"],
     "compute": lambda: (4.5 - 4) / (6 - 4),
     "wrong": [lambda: (6 - 4.5) / (6 - 4),                 # probability of rounding down
               lambda: (4.5 - 4) / (5 - 4),                 # a 5 on the grid
               lambda: 0]},                                 # round to nearest
    # ---------------------------------------------------------- lesson 33
    {"lesson": "seeing-overlap", "item": "f33-1-schedule",
     "inputs": ["wait=1", "warmup=1", "active=3", "repeat=2"],
     "compute": lambda: (1 + 1 + 3) * 2,
     "wrong": [lambda: 3 * 2,                               # recorded steps only
               lambda: 1 + 1 + 3,                           # one cycle
               lambda: 3]},                                 # one cycle's active steps
    {"lesson": "seeing-overlap", "item": "f33-2-hidden",
     "inputs": ["add up to 200 ms", "80 ms of that"],
     "compute": lambda: 80 / 200 * 100,
     "wrong": [lambda: (200 - 80) / 200 * 100,              # the exposed share
               lambda: 80 / 500 * 100,                      # over a 500 ms step
               lambda: 80 / 200]},                          # a fraction, read as %
    {"lesson": "seeing-overlap", "item": "f33-9-launch-bound",
     "inputs": ["2,000 kernels", "5 µs", "8 ms of GPU time"],
     "compute": lambda: max(2000 * 5e-3, 8),
     "wrong": [lambda: 2000 * 5e-3 + 8,                     # added, not overlapped
               lambda: 8,                                   # GPU time only
               lambda: 2000 * 5e-6]},                       # seconds
    {"lesson": "seeing-overlap", "item": "f33-11-offload",
     "inputs": ["6 GB", "1 GB = 10^9 B", "50 GB/s in each direction"],
     "compute": lambda: 6 / 50 * 1000,
     "wrong": [lambda: 2 * 6 / 50 * 1000,                   # both directions
               lambda: 6 * 8 / 50 * 1000,                   # bytes read as bits
               lambda: 6 / 50]},                            # seconds
]

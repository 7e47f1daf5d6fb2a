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
]

"""Recomputes the keyed answer and every known wrong value of the numeric
items in lessons 25-28.

Each entry: lesson id, item id, the input strings that must appear verbatim
in the item's prompt, compute() returning the key in the answer's unit, and
"wrong": one formula per known wrong value, the slip its feedback names.
"""

GB = 10**9


def busbw(size_gb, seconds, n, factor):
    """nccl-tests' bus bandwidth: algbw = size/time times a per-collective factor."""
    return size_gb / seconds * factor(n)


def allreduce(n):
    return 2 * (n - 1) / n


CHECKS = [
    # ---------------------------------------------------------- lesson 25
    {"lesson": "nccl-in-practice", "item": "e25-4-busbw",
     "inputs": ["algbw = size / time", "busbw = algbw × 2(n − 1)/n", "4 GB (1 GB = 10^9 B)",
                "n = 16 GPUs", "50 ms"],
     "compute": lambda: busbw(4, 0.050, 16, allreduce),
     "wrong": [lambda: 4 / 0.050,                          # algbw itself
               lambda: 4 / 0.050 * 2,                      # factor 2, no (n-1)/n
               lambda: 4 / 0.050 * 15 / 16,                # all-gather factor
               lambda: 4 / 0.050 / allreduce(16)]},        # divided by the factor
    {"lesson": "nccl-in-practice", "item": "e25-5-ring-bytes",
     "inputs": ["2 GB (1 GB = 10^9 B)", "n = 8 GPUs", "S/n bytes", "n − 1 reduce-scatter steps",
                "n − 1 all-gather steps"],
     "compute": lambda: 2 * (8 - 1) * 2 / 8,
     "wrong": [lambda: (8 - 1) * 2 / 8,                    # one phase
               lambda: 2 * 2,                              # the 2S limit
               lambda: 2 * (8 - 1) * 2,                    # whole buffer per step
               lambda: 2]},                                # the buffer once
    {"lesson": "nccl-in-practice", "item": "e25-13-ring-steps",
     "inputs": ["n − 1 steps", "n = 64 ranks"],
     "compute": lambda: 2 * (64 - 1),
     "wrong": [lambda: 64 - 1,                             # one phase
               lambda: 64,                                 # the rank count
               lambda: 2 * 6,                              # 2 log2(64), a tree
               lambda: 2 * 64]},                           # n steps per phase
    # ---------------------------------------------------------- lesson 26
    {"lesson": "compile-low-precision", "item": "e26-7-fsdp-allgather",
     "inputs": ["8 billion-parameter", "64 GPUs", "param_dtype=bf16 (2 bytes)",
                "once for forward and once again for backward", "63/64", "10^9 bytes"],
     "compute": lambda: 2 * 8e9 * 2 * 63 / 64 / GB,
     "wrong": [lambda: 2 * 8e9 * 4 * 63 / 64 / GB,         # fp32 bytes
               lambda: 2 * 8e9 * 2 / GB,                   # no 63/64
               lambda: 8e9 * 2 * 63 / 64 / GB,             # one all-gather
               lambda: 2 * 8e9 * 2 / 64 / GB]},            # own shard only
    {"lesson": "compile-low-precision", "item": "e26-11-mxfp8-bits",
     "inputs": ["8-bit E4M3 value", "block of 32", "8-bit E8M0 scale"],
     "compute": lambda: 8 + 8 / 32,
     "wrong": [lambda: 8,                                  # scale ignored
               lambda: 8 + 8 / 16,                         # block of 16
               lambda: 8 + 8,                              # a scale per element
               lambda: 8 + 1 / 32]},                       # one bit, not eight
    {"lesson": "compile-low-precision", "item": "e26-12-nvfp4-bits",
     "inputs": ["4-bit E2M1 value", "block of 16", "8-bit E4M3 scale"],
     "compute": lambda: 4 + 8 / 16,
     "wrong": [lambda: 4,                                  # scale ignored
               lambda: 4 + 8 / 32,                         # MX block of 32
               lambda: 4 + 16 / 16,                        # a 16-bit scale
               lambda: 4 + 8]},                            # a scale per element
    # ---------------------------------------------------------- lesson 27
    {"lesson": "flops-budgets", "item": "e27-1-six-nd",
     "inputs": ["6 FLOPs per parameter per token", "2 for the forward pass, 4 for the backward",
                "10^21 FLOPs", "7 billion-parameter", "2 trillion tokens"],
     "compute": lambda: 6 * 7e9 * 2e12 / 1e21,
     "wrong": [lambda: 2 * 7e9 * 2e12 / 1e21,              # forward only
               lambda: 4 * 7e9 * 2e12 / 1e21,              # backward only
               lambda: 6 * 7e9 * 2e12 / 1e22,              # read as 10^22
               lambda: 6 * 7e10 * 2e12 / 1e21]},           # an exponent too many
    {"lesson": "flops-budgets", "item": "e27-2-train-days",
     "inputs": ["8.4 × 10^22 FLOPs", "1024 GPUs", "989 TFLOPS", "40 % model FLOPs utilization"],
     "compute": lambda: 8.4e22 / (1024 * 989e12 * 0.40) / 86400,
     "wrong": [lambda: 8.4e22 / (1024 * 989e12) / 86400,           # MFU ignored
               lambda: 8.4e22 / (1024 * 989e12) * 0.40 / 86400,    # times MFU
               lambda: 8.4e22 / 3 / (1024 * 989e12 * 0.40) / 86400]},  # 2ND
    {"lesson": "flops-budgets", "item": "e27-3-mfu",
     "inputs": ["8 billion-parameter", "64 GPUs", "989 TFLOPS", "600,000 tokens per second",
                "6 FLOPs per parameter per token"],
     "compute": lambda: 100 * 6 * 8e9 * 6e5 / (64 * 989e12),
     "wrong": [lambda: 100 * 2 * 8e9 * 6e5 / (64 * 989e12),       # forward only
               lambda: 100 * 8 * 8e9 * 6e5 / (64 * 989e12),       # recompute counted
               lambda: 6 * 8e9 * 6e5 / (64 * 989e12),             # a fraction
               lambda: 100 * 6 * 8e9 * 6e5 / 989e12]},            # one GPU's peak
    {"lesson": "flops-budgets", "item": "e27-5-chinchilla",
     "inputs": ["20 tokens per parameter (D = 20 N)", "C = 6 N D", "C = 5.76 × 10^23 FLOPs"],
     "compute": lambda: (5.76e23 / 120) ** 0.5 / 1e9,
     "wrong": [lambda: (5.76e23 / 6) ** 0.5 / 1e9,                # N = D
               lambda: (5.76e23 / 20) ** 0.5 / 1e9,               # 6 left out
               lambda: 20 * (5.76e23 / 120) ** 0.5 / 1e9,         # D, not N
               lambda: 5.76e23 / 120 / 1e18]},                    # no square root
    {"lesson": "flops-budgets", "item": "e27-7-steps-tradeoff",
     "inputs": ["S = S_min · (1 + B_noise / B)", "B = 3 · B_noise"],
     "compute": lambda: 1 + 1 / 3,
     "wrong": [lambda: 1 + 3,                                     # E / E_min
               lambda: 1 / 3,                                     # no 1 +
               lambda: 1 + 1,                                     # B = B_noise
               lambda: 3]},                                       # B / B_noise
    {"lesson": "flops-budgets", "item": "e27-10-lars-ratio",
     "inputs": ["η · ‖w‖ / (‖g‖ + β · ‖w‖)", "‖w‖ = 4", "‖g‖ = 0.02", "η = 0.001", "β = 0.0005"],
     "compute": lambda: 0.001 * 4 / (0.02 + 0.0005 * 4),
     "wrong": [lambda: 0.001 * 4 / 0.02,                          # no decay term
               lambda: 0.001 * (0.02 + 0.0005 * 4) / 4,           # ratio inverted
               lambda: 4 / (0.02 + 0.0005 * 4),                   # no η
               lambda: 0.001 * 4 / (0.02 + 0.0005)]},             # β without ‖w‖
    {"lesson": "flops-budgets", "item": "e27-11-sharded-norm",
     "inputs": ["4 ranks", "9, 16, 36 and 3"],
     "compute": lambda: (9 + 16 + 36 + 3) ** 0.5,
     "wrong": [lambda: 9 ** 0.5 + 16 ** 0.5 + 36 ** 0.5 + 3 ** 0.5,  # norms added
               lambda: ((9 + 16 + 36 + 3) / 4) ** 0.5,                # mean of squares
               lambda: max(9, 16, 36, 3) ** 0.5,                      # largest shard
               lambda: 9 + 16 + 36 + 3]},                             # no root
    # ---------------------------------------------------------- lesson 28
    {"lesson": "resilience-comms", "item": "e28-3-ckpt-overhead",
     "inputs": ["1000 steps of 2 s", "60 s"],
     "compute": lambda: 100 * 60 / (1000 * 2 + 60),
     "wrong": [lambda: 100 * 60 / (1000 * 2),                    # training time only
               lambda: 100 * 4 / (1000 * 2 + 4),                 # an async 4 s staging
               lambda: 60 / (1000 * 2 + 60)]},                   # a fraction
    {"lesson": "resilience-comms", "item": "e28-4-lost-work",
     "inputs": ["once every 10 hours", "every 30 minutes"],
     "compute": lambda: 100 * (30 / 2) / (10 * 60),
     "wrong": [lambda: 100 * 30 / (10 * 60),                     # whole interval lost
               lambda: (30 / 2) / (10 * 60),                     # a fraction
               lambda: 100 * (30 / 4) / (10 * 60),               # halved twice
               lambda: 100 * (30 / 2) / 60]},                    # against one hour
    {"lesson": "resilience-comms", "item": "e28-9-zeropp-volume",
     "inputs": ["3M", "half of M", "nothing across nodes", "a quarter of M"],
     "compute": lambda: 3 / (0.5 + 0 + 0.25),
     "wrong": [lambda: 3 / (0.5 + 0 + 1),                        # gradients at M
               lambda: 3 / (0.5 + 0 + 0.5),                      # INT8 gradients
               lambda: 3 / (0.5 + 1 + 1),                        # qwZ only
               lambda: 3 / (0.5 + 1 + 0.25)]},                   # hpZ forgotten
    {"lesson": "resilience-comms", "item": "e28-12-hybrid-cp-tokens",
     "inputs": ["[8, 4]", "131,072-token sequence", "32 GPUs in all"],
     "compute": lambda: 131072 / (8 * 4),
     "wrong": [lambda: 131072 / 8,                               # a2a level only
               lambda: 131072 / 4,                               # ring level only
               lambda: 131072 / (2 * 8 * 4),                     # one of two chunks
               lambda: 131072 / (8 + 4)]},                       # levels added
    {"lesson": "resilience-comms", "item": "e28-18-diloco-syncs",
     "inputs": ["H = 500 inner steps", "20,000 steps"],
     "compute": lambda: 20000 / 500,
     "wrong": [lambda: 20000,                                     # every step
               lambda: 500,                                       # H itself
               lambda: 20000 * 500]},                             # multiplied
]

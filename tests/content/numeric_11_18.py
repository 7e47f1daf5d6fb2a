"""Recompute the keyed answers of the numeric items in lessons 11-18.

Each entry names a lesson and a numeric item, lists the input strings that must
appear verbatim in the item's prompt, and recomputes the keyed answer from those
inputs, in the answer's unit.
"""
import math

GB = 10**9
MB = 10**6

CHECKS = [
    # ---- lesson 11: parallelism-kinds ------------------------------------
    {
        "lesson": "parallelism-kinds",
        "item": "d1-10-replica-memory",
        "inputs": ["2 billion parameters", "16 bytes per parameter", "plain PyTorch DDP on 8 GPUs",
                   "10^9 bytes"],
        # DDP replicates everything: no division by the GPU count
        "compute": lambda: 2e9 * 16 / GB,
    },
]
CHECKS += [
    # ---- lesson 12: data-parallel-practice -------------------------------
    {
        "lesson": "data-parallel-practice",
        "item": "d2-12-padding-count",
        "inputs": ["50,000 samples", "64 ranks", "drop_last=False"],
        # padded total ceil(N/r)*r minus N
        "compute": lambda: math.ceil(50000 / 64) * 64 - 50000,
    },
]
CHECKS += [
    # ---- lesson 13: collectives ------------------------------------------
    {
        "lesson": "collectives",
        "item": "d3-11-fsdp-bytes-sent",
        "inputs": ["3 billion-parameter", "bf16 (2 bytes each)", "16 GPUs", "all-gathers the parameters for forward",
                   "all-gathers them again for backward", "reduce-scatters the gradients",
                   "(n − 1)/n · S", "10^9 bytes"],
        # three collectives, each (n-1)/n of the whole bf16 buffer
        "compute": lambda: 3 * (16 - 1) / 16 * 3e9 * 2 / GB,
    },
]
CHECKS += [
    # ---- lesson 14: model-pipeline ---------------------------------------
    {
        "lesson": "model-pipeline",
        "item": "d4-11-pipeline-speedup",
        "inputs": ["p = 4 equal-time stages", "p stage-times per direction", "m = 12 micro-batches",
                   "m + p − 1 micro-batch slots", "1/m of a stage-time"],
        # naive p stage-times over pipelined (m + p - 1)/m stage-times
        "compute": lambda: 4 / ((12 + 4 - 1) / 12),
    },
]
CHECKS += [
    # ---- lesson 15: tensor-parallel --------------------------------------
    {
        "lesson": "tensor-parallel",
        "item": "d5-10-tp-bytes-per-layer",
        "inputs": ["t = 8 GPUs", "2 all-reduces per transformer layer in the forward pass", "s × b × h values",
                   "s = 4096 tokens", "micro-batch b = 1", "hidden size h = 8192", "bf16 (2 bytes per value)",
                   "2(t − 1)/t of the buffer", "10^6 bytes"],
        # two ring all-reduces of the full activation
        "compute": lambda: 2 * (2 * (8 - 1) / 8) * 4096 * 1 * 8192 * 2 / MB,
    },
]
CHECKS += [
    # ---- lesson 16: memory-sharding --------------------------------------
    {
        "lesson": "memory-sharding",
        "item": "d6-11-zero1-min-gpus",
        "inputs": ["7 billion-parameter", "ZeRO stage 1", "4Ψ bytes", "12Ψ bytes", "at most 40 GB",
                   "10^9 bytes"],
        # smallest Nd with 4*Psi + 12*Psi/Nd <= 40 GB
        "compute": lambda: min(nd for nd in range(1, 1000) if 4 * 7e9 + 12 * 7e9 / nd <= 40 * GB),
    },
]
CHECKS += [
    # ---- lesson 17: managed-platforms ------------------------------------
    {
        "lesson": "managed-platforms",
        "item": "d7-12-multiworker-batch",
        "inputs": ["replica_count=4", "accelerator_count=4", "one replica per GPU on every machine",
                   "64 examples per replica"],
        # machines (chief included) x GPUs each x per-replica batch
        "compute": lambda: 4 * 4 * 64,
    },
]
CHECKS += [
    # ---- lesson 18: hybrid-3d --------------------------------------------
    {
        "lesson": "hybrid-3d",
        "item": "d8-9-3d-model-states",
        "inputs": ["175 billion parameters", "tensor-parallel size 8", "pipeline-parallel size 16",
                   "data-parallel size 8", "6 + 12/d bytes per parameter", "10^9 bytes"],
        # parameters per GPU (split by TP x PP) times the distributed-optimizer bytes
        "compute": lambda: 175e9 / (8 * 16) * (6 + 12 / 8) / GB,
    },
    {"lesson": "hybrid-3d", "item": "d8-13-hsdp-shard-group",
     "inputs": ["70 billion-parameter", "16 bytes per parameter", "4 nodes × 8 GPUs", "sharded over the 8 GPUs"],
     "compute": lambda: 70e9 * 16 / 8 / 1e9,
     "wrong": [lambda: 70e9 * 16 / 32 / 1e9,              # plain FSDP over 32
               lambda: 70e9 * 16 / 1e9,                   # unsharded
               lambda: 70e9 * 16 / 4 / 1e9]},             # divided by the replicas
    {"lesson": "hybrid-3d", "item": "d8-15-distopt-instances",
     "inputs": ["8 billion-parameter", "64 data-parallel ranks", "--num-distributed-optimizer-instances 4",
                "12 bytes per parameter", "1 GB = 10^9 B"],
     # 64 / 4 = 16 ranks share one copy of the optimizer state
     "compute": lambda: 8e9 * 12 / (64 / 4) / GB,
     "wrong": [lambda: 8e9 * 12 / 64 / GB,                # one instance: over all 64
               lambda: 8e9 * 12 / 4 / GB,                 # divided by the instances
               lambda: 8e9 * 12 / GB,                     # unsharded
               lambda: 8e9 * 12 / (64 * 4) / GB]},        # divided by both
]

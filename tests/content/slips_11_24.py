"""The known wrong values of the numeric items in lessons 11-24, each
recomputed from the slip its feedback names (check_numeric.py merges them
into the checks of numeric_11_18.py, numeric_19_21.py and numeric_22_24.py).
A value or a feedback whose arithmetic drifts (380 where the slip gives 396)
fails the content tests.
"""

GB = 10**9
GiB = 2**30
MiB = 2**20
SBH = 2048 * 1 * 12288          # GPT-3 175B layer: s * b * h


def _zero1_min_gpus(psi=7e9, limit=40):
    nd = 1
    while 4 * psi / GB + 12 * psi / GB / nd > limit:
        nd += 1
    return nd


SLIPS = {
    ("parallelism-kinds", "d1-10-replica-memory"): [
        lambda: 2e9 * 16 / 8 / GB,            # divided over the GPUs
        lambda: 2e9 * 16 * 8 / GB,            # summed over the GPUs
        lambda: 2e9 * 12 / GB,                # fp32 optimizer state only
        lambda: 2e9 * 4 / GB],                # fp32 weights only
    ("data-parallel-practice", "d2-12-padding-count"): [
        lambda: 50000 - 64 * (50000 // 64),   # drop_last=True leaves out
        lambda: 0,                            # no padding
        lambda: -(-50000 // 64),              # per-rank count
        lambda: 50000 // 64],                 # floor per rank
    ("collectives", "d3-11-fsdp-bytes-sent"): [
        lambda: 2 * 15 / 16 * 6,              # one DDP all-reduce
        lambda: 3 * 6,                        # no (n - 1)/n
        lambda: 15 / 16 * 6,                  # a single collective
        lambda: 3 * 15 / 16 * 12,             # 4 bytes per value
        lambda: 3 * 15 / 16 * 6 / 16],        # divided by 16 again
    ("model-pipeline", "d4-11-pipeline-speedup"): [
        lambda: 4,                            # p
        lambda: 12,                           # m
        lambda: (12 + 4 - 1) / 12,            # against a perfect pipeline
        lambda: (12 + 4 - 1) / (12 * 4)],     # ratio upside down
    ("tensor-parallel", "d5-10-tp-bytes-per-layer"): [
        lambda: 1 * 2 * 7 / 8 * 4096 * 8192 * 2 / 1e6,   # one all-reduce
        lambda: 2 * 4096 * 8192 * 2 / 1e6,                # buffer once each
        lambda: 4 * 2 * 7 / 8 * 4096 * 8192 * 2 / 1e6,   # backward added
        lambda: 2 * 2 * 7 / 8 * 4096 * 8192 * 2 / 8 / 1e6],  # divided by t
    ("memory-sharding", "d6-11-zero1-min-gpus"): [
        lambda: -(-112 // 40),                # everything sharded (stage 3)
        lambda: 84 / 40,                      # optimizer state against the limit
        lambda: _zero1_min_gpus() - 1,        # 6 GPUs: 42 GB, still over
        lambda: _zero1_min_gpus() + 1],       # 8 fits but is not the smallest
    ("managed-platforms", "d7-12-multiworker-batch"): [
        lambda: 3 * 4 * 64,                   # workers only
        lambda: 5 * 4 * 64,                   # primary counted twice
        lambda: 4 * 64,                       # one machine
        lambda: 64,                           # per replica
        lambda: 4 * 4],                       # replicas
    ("hybrid-3d", "d8-9-3d-model-states"): [
        lambda: 175e9 / 128 * 18 / GB,        # no distributed optimizer
        lambda: 175e9 / 128 * 16 / GB,        # ZeRO's 16 bytes
        lambda: 175e9 * 7.5 / GB,             # whole model
        lambda: 175e9 / 8 * 7.5 / GB,         # tensor-parallel only
        lambda: 175e9 / 16 * 7.5 / GB,        # pipeline-parallel only
        lambda: 175e9 / 128 * 7.5 / 8 / GB],  # divided by d again
    ("sequence-context", "d9-6-ulysses-volume"): [
        lambda: 4 * 65536 * 8192 * 2 / MiB,           # not divided by P
        lambda: 3 * 65536 * 8192 / 8 * 2 / MiB,       # QKV only
        lambda: 1 * 65536 * 8192 / 8 * 2 / MiB,       # output only
        lambda: 4 * 65536 * 8192 / 8 * 1 / MiB,       # one byte per element
        lambda: 2 * 4 * 65536 * 8192 / 8 * 2 / MiB],  # backward added
    ("sequence-context", "d9-8-cp-activation-memory"): [
        lambda: 80 * 34 * 131072 * 8192 / 64 / GiB,   # GiB
        lambda: 80 * 34 * 131072 * 8192 / 8 / GB,     # no context parallelism
        lambda: 80 * 34 * 131072 * 8192 / GB,         # no parallelism
        lambda: 34 * 131072 * 8192 / 64 / GB,         # one layer
        lambda: 80 * 34 * 131072 * 8192 / 512 / GB],  # divided by 8 too often
    ("expert-parallel", "d10-3-capacity"): [
        lambda: 8192 * 1.25 / 64,             # top-k forgotten
        lambda: 8192 * 2 / 64,                # no capacity factor
        lambda: 8192 / 64,                    # neither
        lambda: 8192 * 2 * 1.25],             # all experts' slots
    ("expert-parallel", "d10-4-dropped-count"): [
        lambda: (1500 - 1024) + (1200 - 1024),    # capacity 1024
        lambda: 0,                                # totals compared
        lambda: 1500 - 1024,                      # expert 1 against 1024
        lambda: (1500 - 1280) + (1200 - 1024)],   # two capacities mixed
    ("expert-parallel", "d10-6-aux-loss"): [
        lambda: 0.01 * (0.4 * 0.35 + 0.3 * 0.3 + 0.2 * 0.2 + 0.1 * 0.15),      # no N
        lambda: 4 * (0.4 * 0.35 + 0.3 * 0.3 + 0.2 * 0.2 + 0.1 * 0.15),         # no alpha
        lambda: 0.01 * 4 * 4 * (0.25 * 0.25),                                  # even routing
        lambda: 0.4 * 0.35 + 0.3 * 0.3 + 0.2 * 0.2 + 0.1 * 0.15],              # bare sum
    ("expert-parallel", "d10-10-dispatch-volume"): [
        lambda: 8192 * 4096 * 2 * 2 / 1e6,            # local share counted
        lambda: 8192 * 4096 * 2 * 1 * 7 / 8 / 1e6,    # top-1
        lambda: 2 * 8192 * 4096 * 2 * 2 * 7 / 8 / 1e6,  # combine added
        lambda: 8192 * 4096 * 2 / 1e6,                # one copy of every token
        lambda: 8192 * 4096 * 2 * 2 * 7 / 8 / MiB],   # MiB
    ("expert-parallel", "d10-12-expert-data-parallel"): [
        lambda: 64 // (1 * 4),                # dense data-parallel size
        lambda: 8,                            # expert-parallel size
        lambda: 1,                            # no replication
        lambda: 4],                           # pipeline size
    ("activation-memory", "d11-1-bytes-per-layer"): [
        lambda: SBH * 34 / GB,                # linear parts only
        lambda: SBH * 80 / GB,                # attention term only
        lambda: SBH * 114 * 2 / GB,           # two bytes again
        lambda: SBH * 114 / GiB],             # GiB
    ("activation-memory", "d11-3-tp-only"): [
        lambda: SBH * (34 / 8 + 10) / GB,     # with sequence parallelism
        lambda: SBH * (10 + 24 / 8) / GB,     # no attention term
        lambda: SBH * 114 / GB,               # unparallelised
        lambda: SBH * 10 / GB],               # replicated part only
    ("activation-memory", "d11-5-selective-model"): [
        lambda: 96 * SBH * (34 / 8 + 10) / GB,    # scores kept
        lambda: 96 * SBH * 34 / GB,               # not divided by t
        lambda: SBH * 34 / 8 / GB,                # one layer
        lambda: 96 * SBH * 114 / GB,              # no parallelism, no recompute
        lambda: 96 * SBH * 34 / 8 / GiB],         # GiB
    ("activation-memory", "d11-6-full-recompute"): [
        lambda: 96 * SBH * 1 / GB,            # one byte per value
        lambda: 2 * SBH / GB,                 # one layer
        lambda: 96 * SBH * 114 / GB,          # no recomputation
        lambda: 96 * 2 * SBH / 8 / GB],       # a tensor-parallel split that is not there
    ("activation-memory", "d11-7-recompute-overhead"): [
        lambda: 100 * 1 / 1,                  # the forward's own growth
        lambda: 100 * 1 / 4,                  # share of the new total
        lambda: 100 * 1 / 2],                 # against the backward alone
    ("precision-memory", "d12-3-bf16-spacing"): [
        lambda: 2.0 ** -7,                    # the gap just above 1
        lambda: 2.0 ** (8 - 10),              # fp16's gap at 256
        lambda: 2.0 ** (8 - 8),               # 8 stored mantissa bits
        lambda: 0.5],                         # the update itself
    ("precision-memory", "d12-4-scaler-dynamics"): [
        lambda: 65536 * 0.5 ** 3,             # back-offs only
        lambda: 65536 * 0.5 ** 3 * 2,         # one growth
        lambda: 65536,                        # back to the start
        lambda: 65536 * 2 * 2],               # no back-off
    ("precision-memory", "d12-8-13b-mixed"): [
        lambda: 13e9 * 16 / GiB,              # GiB
        lambda: 13e9 * 2 / GB,                # bf16 weights
        lambda: 13e9 * 4 / GB,                # 4 bytes
        lambda: 13e9 * 12 / GB,               # fp32 optimizer state
        lambda: 13e9 * 8 / GB,                # the moments
        lambda: 13e9 * 18 / GB],              # Megatron's fp32 gradients
    ("precision-memory", "d12-9-adam8bit-bytes"): [
        lambda: 13e9 * (4 + 4 + 4 + 4) / GB,  # 32-bit moments
        lambda: 13e9 * (2 + 2 + 1 + 1) / GB,  # bf16 weights and gradients
        lambda: 13e9 * (4 + 4) / GB,          # no optimizer state
        lambda: 13e9 * (4 + 4 + 2 + 2) / GB,  # 16-bit moments
        lambda: 13e9 * (4 + 4 + 4 + 1 + 1) / GB,  # an extra master copy
        lambda: 13e9 * (4 + 4 + 4 + 1) / GB],     # one moment left at 32 bits
    ("precision-memory", "d12-12-fp8-scale"): [
        lambda: 448 / 3.5,                    # no margin
        lambda: 448 / 2.8 / 2,                # most recent amax
        lambda: 448 / 2.8,                    # most recent, no margin
        lambda: 57344 / 3.5 / 2,              # E5M2 in forward
        lambda: 57344 / 3.5],                 # E5M2, no margin
    ("running-for-real", "d13-3-elastic-world"): [
        lambda: 4 * 8,                        # the maximum
        lambda: 2 * 8,                        # the minimum
        lambda: 3,                            # nodes
        lambda: 8],                           # LOCAL_WORLD_SIZE
    ("running-for-real", "d13-10-hsdp-memory"): [
        lambda: 7e9 * 16 / 32 / GB,           # sharded over all GPUs
        lambda: 7e9 * 16 / 4 / GB,            # sharded across nodes
        lambda: 7e9 * 16 / GB,                # unsharded
        lambda: 7e9 * 16 / 8 / GiB],          # GiB
    ("running-for-real", "d13-12-linear-scaling"): [
        lambda: 0.1 * (8 * 8 * 32) / 256,     # no accumulation
        lambda: 0.1 * (16 ** 0.5),            # square-root scaling
        lambda: 0.1,                          # unchanged
        lambda: 0.1 * 2],                     # accumulation only
    ("running-for-real", "d13-13-warmup"): [
        lambda: 3.2 * 2 / 5,                  # ramp from 0
        lambda: (0.1 + 3.2) / 2,              # midpoint
        lambda: 3.2,                          # constant warm-up
        lambda: 0.1],                         # no ramp
    ("schedules-compilers", "d14-1-gpipe-bubble"): [
        lambda: 100 * (6 - 1) / 18,           # Megatron's ratio to compute
        lambda: 100 * (6 - 1) / 6,            # m = 1
        lambda: 100 * 1 / 18,                 # 1/m
        lambda: 100 * 6 / 24,                 # p instead of p - 1
        lambda: (6 - 1) / (18 + 6 - 1)],      # a fraction
    ("schedules-compilers", "d14-2-1f1b-inflight"): [
        lambda: 32,                           # GPipe: all m
        lambda: 8 - 1,                        # warm-up only
        lambda: 1,                            # the last stage's figure
        lambda: 32 // 8],                     # m / p
    ("schedules-compilers", "d14-3-interleaved"): [
        lambda: 100 * (8 - 1) / 24,           # not interleaved
        lambda: 100 * (8 - 1) * 3 / 24,       # multiplied by v
        lambda: 100 * (8 - 1) / (24 + 8 - 1), # share of total time
        lambda: 100 * (8 - 1) / (3 * 24 + 8 - 1),  # conventions mixed
        lambda: (8 - 1) / (3 * 24)],          # a fraction
    ("schedules-compilers", "d14-6-zbh1-time"): [
        lambda: (8 - 1) * (1 + 1 + 1),        # 1F1B
        lambda: 0,                            # ZB-H2
        lambda: (8 - 1) * (1 + 1),            # W left out
        lambda: 1 + 1 - 1],                   # no p - 1
    ("schedules-compilers", "d14-7-dualpipe-time"): [
        lambda: (8 - 1) * (1 + 2),            # 1F1B
        lambda: (8 - 1) * (1 + 2 - 2 * 1),    # ZB1P
        lambda: (8 / 2 - 1) * (3 + 2),        # no - 3W
        lambda: (8 - 1) * (3 + 2 - 3 * 1)],   # PP - 1
    ("schedules-compilers", "d14-11-shard-bytes"): [
        lambda: 8192 * 4096 * 4 / 4 / MiB,    # rows only
        lambda: 8192 * 4096 * 4 / 2 / MiB,    # columns only
        lambda: 8192 * 4096 * 4 / MiB,        # whole array
        lambda: 8192 * 4096 * 4 / 8 / 1e6,    # MB
        lambda: 8192 * 4096 * 4 / 32 / MiB],  # 32 devices
}

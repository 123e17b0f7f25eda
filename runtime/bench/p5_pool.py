"""P5 from the block times gpuleak_p5_bench wrote (P5_RAW), per file and
pooled over the files: the same round ratio as the bench (the sum of a
round's on blocks over the sum of its off blocks), the median of the ratios
and a 95% percentile bootstrap interval of it (4000 resamples, fixed seed).

    python3 runtime/bench/p5_pool.py FILE[.gz]...

The H200 calls of 2026-12-02 are kept in runtime/bench/results/. Lines:
    <file|pooled> <workload> <mode> rounds=<n> cost=<median> ci95=[<lo>,<hi>]
"""
import collections
import gzip
import random
import statistics
import sys


def rounds(path):
    """{(workload, mode): [round ratio, ...]} of one file."""
    blocks = collections.defaultdict(lambda: [0.0, 0.0])  # (w, m, round) -> [off, on]
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        for line in f:
            w, m, r, on, _, ms = line.split()
            blocks[(w, m, int(r))][int(on)] += float(ms)
    out = collections.defaultdict(list)
    for (w, m, _), (off, on) in sorted(blocks.items(), key=lambda kv: kv[0][2]):
        if off > 0 and on > 0:
            out[(w, m)].append(on / off)
    return out


def summary(ratios, resamples=4000):
    rng = random.Random(20261202)
    meds = sorted(statistics.median(rng.choices(ratios, k=len(ratios)))
                  for _ in range(resamples))
    return (statistics.median(ratios), meds[int(0.025 * resamples)],
            meds[int(0.975 * resamples) - 1])


def show(label, per_case):
    for (w, m) in sorted(per_case):
        r = per_case[(w, m)]
        med, lo, hi = summary(r)
        print("%s %s %s rounds=%d cost=%+.2f%% ci95=[%+.2f%%,%+.2f%%]" % (
            label, w, m, len(r), 100 * (med - 1), 100 * (lo - 1), 100 * (hi - 1)))


def main(paths):
    pooled = collections.defaultdict(list)
    for p in paths:
        per = rounds(p)
        show(p.rsplit("/", 1)[-1], per)
        for k, v in per.items():
            pooled[k] += v
    if len(paths) > 1:
        show("pooled", pooled)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Roller.sample against raw numpy drawing the same dice, in the same run.

    python benchmarks/sampling.py            # 10**6 rolls of 10d6>=4, 9 repeats, medians
    python benchmarks/sampling.py --quick    # CI smoke: 10**5 rolls, 3 repeats
"""
import argparse, statistics, sys, time
import numpy as np
from fortune_suite.dice import Roller

CASES = {  # notation -> the same dice drawn with raw numpy
    "10d6>=4": lambda rng, n: np.count_nonzero(rng.integers(1, 7, size=(n, 10)) >= 4, axis=1),
    "3d6": lambda rng, n: rng.integers(1, 7, size=(n, 3)).sum(axis=1),
    "4d6kh3": lambda rng, n: np.sort(rng.integers(1, 7, size=(n, 4)), axis=1)[:, 1:].sum(axis=1),
    "d20+5>=14": lambda rng, n: (rng.integers(1, 21, size=n) + 5 >= 14).astype(np.int64),
}


def timeit(fn, repeats):
    ts = []
    for _ in range(repeats):
        t0 = time.perf_counter(); fn(); ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("-n", type=int, default=None)
    args = ap.parse_args(argv)
    n = args.n or (10**5 if args.quick else 10**6)
    reps = 3 if args.quick else 9
    print(f"{'notation':12} {'raw numpy':>11} {'Roller.sample':>14} {'ours / raw speed':>17}   (n = {n:,}, median of {reps})")
    worst = None
    for text, raw in CASES.items():
        r = Roller(1); rng = np.random.default_rng(1)
        r.sample(text, 10); raw(rng, 10)                       # warm up parse caches and numpy
        t_raw = timeit(lambda: raw(rng, n), reps)
        t_ours = timeit(lambda: r.sample(text, n), reps)
        speed = t_raw / t_ours
        worst = speed if worst is None else min(worst, speed)
        print(f"{text:12} {t_raw * 1e3:>9.1f}ms {t_ours * 1e3:>12.1f}ms {speed:>16.0%}")
    print(f"\nslowest case runs at {worst:.0%} of raw numpy's speed (target ≥ 50%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

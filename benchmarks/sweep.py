"""Sweeps on Dask against one plain process: `python benchmarks/sweep.py [--quick] [--repeats R]`.

A study of Fortune Fodder greedy mirror games (two scenarios; `--quick`: SPCFKRS, a few seconds for the CI smoke),
played three ways in the same run: in this process without Dask (the peer: `sweep(workers=0)`, which is the simulator's
own loop), then on a LocalCluster of 1 and of 2 worker processes (the clusters are started before the clock starts;
their start-up is printed apart). Printed: games per second of each (median of the repeats), the scaling efficiency
at 2 workers (rate with 2 workers ÷ twice the plain rate; also ÷ twice the 1-worker rate), the overhead per game of
going through Dask (1 worker against the plain process), the cost of one task (Pig: one game a task against 50),
the machine's load (`os.getloadavg`) before and after, and whether every run gave the same table.
Target: efficiency ≥ 85% at 2 workers — on an idle 2-core machine; with other work on the cores, read the load.
"""
import argparse, logging, os, statistics, sys, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def timed(fn):
    t0 = time.perf_counter(); out = fn(); return time.perf_counter() - t0, out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="SPCFKRS, few games, one repeat (CI smoke)")
    ap.add_argument("--repeats", type=int, default=None, help="timed runs of each kind (default 3; quick 1)")
    a = ap.parse_args(argv)
    import pandas as pd
    from distributed import Client, LocalCluster
    from fortune_suite.sweep import Study, sweep
    repeats = a.repeats or (1 if a.quick else 3)
    if a.quick:
        study = Study([{"game": "spcfkrs", "name": "greedy mirror"},
                       {"game": "spcfkrs", "options": {"budget": 8}, "name": "budget 8"}], games=12, seed=1)
    else:
        study = Study([{"game": "fortune-fodder", "options": {"scenario": s}, "name": s} for s in ("control", "flag")],
                      games=40, seed=1)
    n = study.games * len(study.conditions)
    load0 = os.getloadavg()
    print(f"sweep benchmark: {len(study.conditions)} conditions of {study.conditions[0].game} × {study.games} games = {n} games, "
          f"{repeats} repeat(s); cores {os.cpu_count()}; load average before {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}")
    sweep(Study(study.conditions, games=1, seed=99), workers=0, progress=False)             # warm-up: first-use caches
    plain, ref = [], None
    for _ in range(repeats):
        t, ref = timed(lambda: sweep(study, workers=0, progress=False)); plain.append(t)
    runs, same, starts = {}, True, {}
    for k in (1, 2):
        t0 = time.perf_counter()
        with LocalCluster(n_workers=k, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
            starts[k] = time.perf_counter() - t0
            sweep(Study(study.conditions, games=1, seed=99), client=client, progress=False)   # warm-up: imports in the workers
            runs[k] = []
            for _ in range(repeats):
                t, df = timed(lambda: sweep(study, client=client, progress=False)); runs[k].append(t)
                try: pd.testing.assert_frame_equal(df, ref)
                except AssertionError: same = False
            batch, tasks = df.attrs["run"]["batch"], df.attrs["run"]["tasks"]
            if k == 1:   # the cost of a task: Pig (well under a millisecond a game), one game a task against 50
                pig = Study([{"game": "pig"}], games=200 if a.quick else 1000, seed=3)
                t1 = statistics.median(timed(lambda: sweep(pig, client=client, batch=1, progress=False))[0] for _ in range(repeats))
                t50 = statistics.median(timed(lambda: sweep(pig, client=client, batch=50, progress=False))[0] for _ in range(repeats))
                per_task = (t1 - t50) / (pig.games - pig.games / 50)
    tp, t1w, t2w = statistics.median(plain), statistics.median(runs[1]), statistics.median(runs[2])
    rp, r1, r2 = n / tp, n / t1w, n / t2w
    load1 = os.getloadavg()
    print(f"  plain process (no Dask):  {rp:7.2f} games/s   ({tp:.2f} s, median of {', '.join(f'{t:.2f}' for t in plain)})")
    for k, t, r in ((1, t1w, r1), (2, t2w, r2)):
        print(f"  LocalCluster {k} worker{'s' if k > 1 else ' '}:   {r:7.2f} games/s   ({t:.2f} s, median of "
              f"{', '.join(f'{x:.2f}' for x in runs[k])}; cluster start {starts[k]:.2f} s; {tasks} tasks of ≤{batch} games)")
    eff, eff1 = r2 / (2 * rp), r2 / (2 * r1)
    print(f"  scaling efficiency at 2 workers: {eff:.0%} of twice the plain process ({eff1:.0%} of twice 1 worker); target ≥ 85%: "
          f"{'met' if eff >= 0.85 else 'not met'}")
    print(f"  overhead of Dask per game (1 worker − plain): {(t1w - tp) / n * 1000:+.2f} ms "
          f"({(t1w - tp) / tp:+.1%} of the game time)")
    print(f"  one task's cost (Pig, batch 1 against batch 50, 1 worker): {per_task * 1000:.2f} ms")
    print(f"  same table in every run: {'yes' if same else 'NO'}; load average after {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    return 0 if same else 1


if __name__ == "__main__":      # worker processes re-import this file: the guard keeps them from starting clusters
    sys.exit(main())

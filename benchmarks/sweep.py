"""Sweeps on Dask against one plain process: `python benchmarks/sweep.py [--quick] [--repeats R]`.

A study of Fortune Fodder greedy mirror games (two scenarios; `--quick`: SPCFKRS, a few seconds for the CI smoke),
played three ways in the same run, interleaved repeat by repeat: in this process without Dask (the peer:
`sweep(workers=0)`, which is the simulator's own loop), and on a LocalCluster of 1 and of 2 worker processes (each
started before its clock starts, one at a time; their start-up is printed apart). Printed: games per second of each (wall clock,
median of the repeats), the scaling efficiency at 2 workers (rate with 2 workers ÷ twice the plain rate; also ÷ twice
the 1-worker rate), the CPU each kind of run used per game (for the clusters: the workers' processes plus this one,
which holds the client and the scheduler) — the load-proof part of the picture — the overhead per game of going
through Dask (1 worker against the plain process), the cost of one task (Pig: one game a task against 50), the
machine's load (`os.getloadavg`) before and after, and whether every run gave the same table.
Target: wall-clock efficiency ≥ 85% at 2 workers — on an idle 2-core machine; with other work on the cores, read the
load and the CPU efficiency.
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
    from distributed import Client
    from fortune_suite.sweep import Study, sweep, local_cluster
    logging.getLogger("distributed").setLevel(logging.ERROR)     # the clusters' shutdown chatter
    repeats = a.repeats or (1 if a.quick else 3)
    if a.quick:
        study = Study([{"game": "spcfkrs", "name": "greedy mirror"},
                       {"game": "spcfkrs", "options": {"budget": 8}, "name": "budget 8"}], games=12, seed=1)
    else:
        study = Study([{"game": "fortune-fodder", "options": {"scenario": s}, "name": s} for s in ("control", "flag")],
                      games=60, seed=1)
    n = study.games * len(study.conditions)
    load0 = os.getloadavg()
    print(f"sweep benchmark: {len(study.conditions)} conditions of {study.conditions[0].game} × {study.games} games = {n} games, "
          f"{repeats} repeat(s); cores {os.cpu_count()}; load average before {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}")
    warm = Study(study.conditions, games=4, seed=99)      # warm-up games (other seeds): first-use caches, in every process
    sweep(warm, workers=0, progress=False)
    wall = {"plain": [], 1: [], 2: []}; cpu = {"plain": [], 1: [], 2: []}; starts = {1: [], 2: []}
    ref, same = None, True
    # Repeats interleaved (plain, 1 worker, 2 workers, plain, …) so the three share the machine's load alike; one cluster
    # at a time (two LocalClusters alive in one process stalled a sweep in our tests), started before its clock starts.
    for r in range(repeats):
        c0 = time.process_time()
        t, df = timed(lambda: sweep(study, workers=0, progress=False))
        wall["plain"].append(t); cpu["plain"].append(time.process_time() - c0)
        ref = df if ref is None else ref
        for k in (1, 2):
            t0 = time.perf_counter()
            with local_cluster(k) as cl, Client(cl) as client:
                starts[k].append(time.perf_counter() - t0)
                sweep(warm, client=client, batch=1, progress=False)    # warm-up: imports and caches in every worker
                w0, c0 = sum(client.run(time.process_time).values()), time.process_time()
                t, df = timed(lambda: sweep(study, client=client, progress=False))
                wall[k].append(t)          # CPU: the workers' processes, and this one (client and scheduler)
                cpu[k].append(sum(client.run(time.process_time).values()) - w0 + time.process_time() - c0)
                try: pd.testing.assert_frame_equal(df, ref)
                except AssertionError: same = False
                batch, tasks = df.attrs["run"]["batch"], df.attrs["run"]["tasks"]
                if k == 1 and r == 0:      # the cost of a task: Pig (well under a millisecond a game), one game a task against 50
                    pig = Study([{"game": "pig"}], games=200 if a.quick else 500, seed=3)
                    t1 = min(timed(lambda: sweep(pig, client=client, batch=1, progress=False))[0] for _ in range(2))
                    t50 = min(timed(lambda: sweep(pig, client=client, batch=50, progress=False))[0] for _ in range(2))
                    per_task = (t1 - t50) / (pig.games - pig.games / 50)
    starts = {k: statistics.median(v) for k, v in starts.items()}
    med = {k: statistics.median(v) for k, v in wall.items()}
    mcpu = {k: statistics.median(v) for k, v in cpu.items()}
    rate = {k: n / t for k, t in med.items()}
    load1 = os.getloadavg()
    for k, label in (("plain", "plain process (no Dask):"), (1, "LocalCluster 1 worker: "), (2, "LocalCluster 2 workers:")):
        extra = "" if k == "plain" else f"; cluster start {starts[k]:.2f} s; {tasks} tasks of ≤{batch} games"
        print(f"  {label:25} {rate[k]:7.2f} games/s wall ({med[k]:.2f} s, median of {', '.join(f'{t:.2f}' for t in wall[k])}); "
              f"CPU {mcpu[k] / n * 1000:6.1f} ms a game{extra}")
    eff, eff1 = rate[2] / (2 * rate["plain"]), rate[2] / (2 * rate[1])
    print(f"  scaling efficiency at 2 workers (wall): {eff:.0%} of twice the plain process ({eff1:.0%} of twice 1 worker); "
          f"target ≥ 85%: {'met' if eff >= 0.85 else 'not met'}")
    print(f"  CPU efficiency (plain CPU ÷ all the CPU a 2-worker sweep used, workers + scheduler + client): {mcpu['plain'] / mcpu[2]:.0%} "
          f"(1 worker: {mcpu['plain'] / mcpu[1]:.0%}) — the ceiling of the wall-clock efficiency on an idle machine")
    print(f"  overhead of Dask per game (1 worker − plain): wall {(med[1] - med['plain']) / n * 1000:+.2f} ms, "
          f"CPU {(mcpu[1] - mcpu['plain']) / n * 1000:+.2f} ms ({(mcpu[1] - mcpu['plain']) / mcpu['plain']:+.1%} of a game's CPU)")
    print(f"  one task's cost (Pig, batch 1 against batch 50, 1 worker, best of 2): {per_task * 1000:.2f} ms wall")
    print(f"  same table in every run: {'yes' if same else 'NO'}; load average after {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    return 0 if same else 1


if __name__ == "__main__":      # worker processes re-import this file: the guard keeps them from starting clusters
    sys.exit(main())

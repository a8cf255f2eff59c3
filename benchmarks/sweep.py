"""Sweeps on Dask against one plain process: `python benchmarks/sweep.py [--quick] [--repeats R] [--compare]`.

A study of Fortune Fodder greedy mirror games (two scenarios; `--quick`: SPCFKRS, a few seconds for the CI smoke),
played three ways in the same run, interleaved repeat by repeat: in this process without Dask (the peer:
`sweep(workers=0)`, which is the simulator's own loop), and on a LocalCluster (`fortune_suite.sweep.local_cluster`) of
1 and of 2 worker processes. What a user gets, nothing hidden: every cluster is new, its workers have played nothing
(their imports and first-use caches are inside the clock, which starts once the cluster is up; its start is printed
apart, and with it the whole call `sweep(study, workers=k)` would take). The plain process starts each repeat with its
game caches emptied too, so it never replays games it has seen (its imports are done, as in a user's session).
Printed: games per second of each (wall clock, median of the repeats), the scaling efficiency at 2 workers (rate with
2 workers ÷ twice the plain rate, also ÷ twice the 1-worker rate; median of the repeat-by-repeat ratios too), the CPU
each kind used per game (for the clusters: the workers' processes plus this one, which holds the client, the
scheduler and the nannies) and the CPU efficiency — the load-proof part of the picture —, that CPU split in two (the
games' own and their conditions' setups, as the batches' threads measured them: `attrs["run"]["game_cpu"]`,
`["setup_cpu"]`, and the rest: the workers' start, Dask's event loops, the scheduler and the client), the overhead per game of
going through Dask, the cost of one task (Pig: one game a task against 50), the load average (`os.getloadavg`) before
and after, and whether every run gave the same table. `--compare` adds a 2-worker cluster as the sweep had it before
(Dask's default background work, even batches to the end), interleaved with the rest. `--side-by-side` adds a 1-worker
cluster and a plain process (a child) playing the study at the same time, from cold: their games' CPU (the batches'
threads) compared under the same load — what a game costs more on a worker, apart from the machine's state.
Target: wall-clock efficiency ≥ 85% at 2 workers — on an idle 2-core machine; with other work on the cores, read the
load and the CPU efficiency.
"""
import argparse, functools, logging, os, statistics, sys, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def timed(fn):
    t0 = time.perf_counter(); out = fn(); return time.perf_counter() - t0, out


def clear_caches():
    "Empty every `functools.lru_cache` of fortune_suite's loaded modules: the plain process as cold as a new worker."
    for m in list(sys.modules.values()):
        if getattr(m, "__name__", "").startswith("fortune_suite"):
            for v in list(vars(m).values()):
                if isinstance(v, functools._lru_cache_wrapper): v.cache_clear()


def proc_cpu(client):
    "CPU seconds of the workers' processes."
    return sum(client.run(time.process_time).values())


PLAIN = """import json, sys, time
from fortune_suite.sweep import Study, sweep
st = Study.from_dict(json.loads(sys.stdin.read()))
c = time.process_time(); df = sweep(st, workers=0, progress=False)
print(json.dumps({"cpu": time.process_time() - c, "game_cpu": df.attrs["run"]["game_cpu"], "fp": df.to_csv()}))"""


def side_by_side(study, repeats, ref):
    """A 1-worker cluster and a plain process (a child process) play the study at the same time, both from cold (their
    imports and first-use caches in the setups, outside the games' CPU): they share the machine's state, whatever the
    load, so the ratio of their games' CPU is what a game costs more on a Dask worker than in a plain process."""
    import json, subprocess
    import pandas as pd
    from distributed import Client
    from fortune_suite.sweep import sweep, local_cluster
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parent.parent), os.environ.get("PYTHONPATH", "")])}
    ratios, same, n = [], True, study.games * len(study.conditions)
    for r in range(repeats):
        with local_cluster(1) as cl, Client(cl) as client:
            child = subprocess.Popen([sys.executable, "-c", PLAIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
            child.stdin.write(json.dumps(study.to_dict())); child.stdin.close()
            df = sweep(study, client=client, progress=False)
            got = json.loads(child.stdout.read()); child.wait()
        same = same and got["fp"] == ref.to_csv()
        try: pd.testing.assert_frame_equal(df, ref)
        except AssertionError: same = False
        ratios.append(df.attrs["run"]["game_cpu"] / got["game_cpu"])
        print(f"  side by side {r + 1}: the games' CPU on a worker {df.attrs['run']['game_cpu'] / n * 1000:.1f} ms a game, "
              f"in a plain process at the same time {got['game_cpu'] / n * 1000:.1f} ms (ratio {ratios[-1]:.3f}); load {os.getloadavg()[0]:.2f}", flush=True)
    print(f"  side by side: a game on a Dask worker costs {statistics.median(ratios):.3f}× its CPU in a plain process "
          f"(median of {repeats}; both playing at once, so the machine's load and busy cores are the same for both)")
    return same


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="SPCFKRS, few games, one repeat (CI smoke)")
    ap.add_argument("--repeats", type=int, default=None, help="timed runs of each kind (default 5; quick 1)")
    ap.add_argument("--compare", action="store_true", help="also 2 workers as before: Dask's defaults, even batches")
    ap.add_argument("--side-by-side", action="store_true",
                    help="also a 1-worker cluster and a plain process playing the study at the same time: their games' CPU")
    a = ap.parse_args(argv)
    import pandas as pd
    from distributed import Client
    import fortune_suite.sweep as S
    from fortune_suite.sweep import Study, sweep, local_cluster
    logging.getLogger("distributed").setLevel(logging.ERROR)     # the clusters' shutdown chatter
    repeats = a.repeats or (1 if a.quick else 5)
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
    sweep(Study(study.conditions, games=2, seed=99), workers=0, progress=False)    # this process: the games' modules loaded
    kinds = ["plain", 1, 2] + (["2 before"] if a.compare else [])
    wall, cpu, starts, games_cpu, setup_cpu = ({k: [] for k in kinds} for _ in range(5))
    ref, same, iter_batches = None, True, S.iter_batches
    # Repeats interleaved (plain, 1 worker, 2 workers, …) so the kinds share the machine's load alike; one cluster at a
    # time (two LocalClusters alive in one process stalled a sweep in our tests), started before its clock starts.
    for r in range(repeats):
        for k in kinds:
            if k == "plain":
                clear_caches(); c0 = time.process_time()
                t, df = timed(lambda: sweep(study, workers=0, progress=False))
                wall[k].append(t); cpu[k].append(time.process_time() - c0); starts[k].append(0.0)
                games_cpu[k].append(df.attrs["run"]["game_cpu"]); setup_cpu[k].append(df.attrs["run"]["setup_cpu"])
                ref = df if ref is None else ref
                continue
            before = k == "2 before"
            t0 = time.perf_counter()
            light, S.LIGHT_DASK = S.LIGHT_DASK, ({} if before else S.LIGHT_DASK)     # before: Dask's defaults
            try: cl = local_cluster(2 if before else k)
            finally: S.LIGHT_DASK = light
            with cl, Client(cl) as client:
                starts[k].append(time.perf_counter() - t0)
                w0, c0 = proc_cpu(client), time.process_time()
                if before: S.iter_batches = lambda st, b, w=1: iter_batches(st, b)   # even batches to the end, as before
                try: t, df = timed(lambda: sweep(study, client=client, progress=False))
                finally: S.iter_batches = iter_batches
                wall[k].append(t)          # CPU: the workers' processes, and this one (client, scheduler, nannies)
                cpu[k].append(proc_cpu(client) - w0 + time.process_time() - c0)
                games_cpu[k].append(df.attrs["run"]["game_cpu"])     # the batches' threads: the games' own CPU,
                setup_cpu[k].append(df.attrs["run"]["setup_cpu"])   # and their conditions' setups (a worker's first: imports)
                try: pd.testing.assert_frame_equal(df, ref)
                except AssertionError: same = False
                if k == 2: batch, tasks = df.attrs["run"]["batch"], df.attrs["run"]["tasks"]
                if k == 1 and r == 0:      # the cost of a task: Pig (well under a millisecond a game), one game a task against 50
                    pig = Study([{"game": "pig"}], games=200 if a.quick else 500, seed=3)
                    t1 = min(timed(lambda: sweep(pig, client=client, batch=1, progress=False))[0] for _ in range(2))
                    t50 = min(timed(lambda: sweep(pig, client=client, batch=50, progress=False))[0] for _ in range(2))
                    per_task = (t1 - t50) / (pig.games - pig.games / 50)
        print(f"  repeat {r + 1}: " + ", ".join(f"{k if k != 'plain' else 'plain'}{'' if k == 'plain' or isinstance(k, str) else ' w'} "
                                              f"{wall[k][-1]:.2f} s" for k in kinds) + f"; load {os.getloadavg()[0]:.2f}", flush=True)
    med = {k: statistics.median(v) for k, v in wall.items()}
    mcpu = {k: statistics.median(v) for k, v in cpu.items()}
    mstart = {k: statistics.median(v) for k, v in starts.items()}
    rate = {k: n / t for k, t in med.items()}
    load1 = os.getloadavg()
    labels = {"plain": "plain process (no Dask):", 1: "LocalCluster 1 worker:", 2: "LocalCluster 2 workers:",
              "2 before": "2 workers, as before:"}
    for k in kinds:
        extra = "" if k == "plain" else (f"; cluster start {mstart[k]:.2f} s (start + sweep: {n / (mstart[k] + med[k]):.2f} games/s)"
                                         + (f"; {tasks} tasks of ≤{batch} games" if k == 2 else ""))
        print(f"  {labels[k]:25} {rate[k]:7.2f} games/s wall ({med[k]:.2f} s, median of {', '.join(f'{t:.2f}' for t in wall[k])}); "
              f"CPU {mcpu[k] / n * 1000:6.1f} ms a game{extra}")
    paired = statistics.median(p / (2 * w) for p, w in zip(wall["plain"], wall[2]))
    eff, eff1 = rate[2] / (2 * rate["plain"]), rate[2] / (2 * rate[1])
    print(f"  scaling efficiency at 2 workers (wall): {eff:.0%} of twice the plain process ({eff1:.0%} of twice 1 worker; "
          f"median of the repeat-by-repeat ratios {paired:.0%}); target ≥ 85%: {'met' if eff >= 0.85 else 'not met'}")
    if a.compare:
        pb = statistics.median(p / (2 * w) for p, w in zip(wall["plain"], wall["2 before"]))
        print(f"  as before (Dask defaults, even batches): {rate['2 before'] / (2 * rate['plain']):.0%} of twice the plain process "
              f"(repeat by repeat {pb:.0%}); CPU efficiency {mcpu['plain'] / mcpu['2 before']:.0%}")
    print(f"  CPU efficiency (plain CPU ÷ all the CPU a 2-worker sweep used, workers + scheduler + client): {mcpu['plain'] / mcpu[2]:.0%} "
          f"(1 worker: {mcpu['plain'] / mcpu[1]:.0%}) — the ceiling of the wall-clock efficiency on an idle machine")
    mg = {k: statistics.median(v) for k, v in games_cpu.items()}
    ms = {k: statistics.median(v) for k, v in setup_cpu.items()}
    print("  the CPU split, ms a game (median): the games' own (the batches' threads) + their setups (a worker's first: "
          "the game's imports) + the rest (the workers' start, Dask, scheduler, client) = all — "
          + "; ".join(f"{k if k == 'plain' else str(k) + ' w'}: {mg[k] / n * 1000:.1f} + {ms[k] / n * 1000:.1f} + "
                      f"{(mcpu[k] - mg[k] - ms[k]) / n * 1000:.1f} = {mcpu[k] / n * 1000:.1f}" for k in kinds))
    print(f"  2 workers against plain: the games' own CPU {mg[2] / mg['plain'] - 1:+.1%} (the same games: two busy cores, "
          f"the load, the first games' caches), setups and the rest {(mcpu[2] - mg[2] - mcpu['plain'] + mg['plain']) / mcpu['plain']:+.1%} "
          f"of the plain CPU")
    print(f"  overhead of Dask per game (1 worker − plain): wall {(med[1] - med['plain']) / n * 1000:+.2f} ms, "
          f"CPU {(mcpu[1] - mcpu['plain']) / n * 1000:+.2f} ms ({(mcpu[1] - mcpu['plain']) / mcpu['plain']:+.1%} of a game's CPU)")
    print(f"  one task's cost (Pig, batch 1 against batch 50, 1 worker, best of 2): {per_task * 1000:.2f} ms wall")
    if a.side_by_side: same = side_by_side(study, repeats, ref) and same
    print(f"  same table in every run: {'yes' if same else 'NO'}; load average after {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    return 0 if same else 1


if __name__ == "__main__":      # worker processes re-import this file: the guard keeps them from starting clusters
    sys.exit(main())

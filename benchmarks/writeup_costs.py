"""What a write-up's full study costs: `python benchmarks/writeup_costs.py [fomo|spcfkrs|fortune_fodder|all] [--games N]`.

Plays N games (default 6) of every condition of each write-up's study in this process, as the sweep would play them,
and prints the CPU time a game and what 1,000 games a condition would cost: CPU-seconds, and minutes on this 2-core
machine if both cores were the study's alone (the write-ups' budget is 5 minutes). CPU time, not wall time, so that a
loaded machine still gives a fair estimate; a sweep adds about 5 ms a task of 10–100 games (benchmarks/sweep.py).
"""
import argparse, sys, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from fortune_suite.sweep import sweep, Study, Condition  # noqa: E402


def fomo():
    "The FOMO write-up's study: 2–5 greedy bots, the same tables of random bots, and two 4-player rotations (a greedy bot stands in for the Hook/Tank keepers)."
    return ([Condition("fomo", players=n, bots="greedy", name=f"greedy {n}") for n in (2, 3, 4, 5)]
            + [Condition("fomo", players=n, bots="random", name=f"random {n}") for n in (2, 3, 4, 5)]
            + [Condition("fomo", players=4, bots="greedy", rotate=True, name=f"keeper {k}") for k in (1, 2)])


def spcfkrs():
    "The SPCFKRS write-up's study: each modification against the bodies it costs (study 1) and at equal numbers (study 2)."
    from fortune_suite.games.spcfkrs import load_catalog
    conds = []
    for study in (1, 2):
        for m, mod in load_catalog().mods.items():
            a = [[m]] + [[]] * (9 - mod.cost)
            b = [[]] * 10 if study == 1 else [[]] * (10 - mod.cost)
            conds.append(Condition("spcfkrs", {"max_rounds": 30, "forces": [a, b]}, name=f"{study} {m}"))
        if study == 1: conds.append(Condition("spcfkrs", {"max_rounds": 30, "forces": [[[]] * 10] * 2}, name="1 none"))
    return conds


def fortune_fodder():
    "The Fortune Fodder write-up's study: each Universal Mod on one side of a 160-point mirror match, and the three scenarios."
    from fortune_suite.games.fortune_fodder import load_cards
    team = [["Bulwark", "Vega"], ["Skirmisher", "Ash"], ["Pyre", "Rook"]]
    base = {"teams": [team, team], "points": 160, "secondaries": ["take_names", "take_names"]}
    conds = [Condition("fortune_fodder", {**base, "scenario": "random", "upgrades": [
        {"mods": [[0, m] + (["Rivet Gun"] if m == "Scouter" else [])], "buy_ins": []}, None]}, name=m) for m in load_cards().mods]
    return conds + [Condition("fortune_fodder", {**base, "scenario": s}, name=s) for s in ("tower", "control", "flag")]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("which", nargs="?", default="all", choices=["fomo", "spcfkrs", "fortune_fodder", "all"])
    ap.add_argument("--games", type=int, default=6, help="games per condition to time (default 6)")
    a = ap.parse_args(argv)
    for name, make in (("fomo", fomo), ("spcfkrs", spcfkrs), ("fortune_fodder", fortune_fodder)):
        if a.which not in ("all", name): continue
        conds = make()
        sweep(Study(conds[:1], games=1, seed=999), workers=0, progress=False)          # warm-up: first-use caches
        c0 = time.process_time()
        df = sweep(Study(conds, games=a.games, seed=1), workers=0, progress=False)
        per = (time.process_time() - c0) / len(df)
        full = per * 1000 * len(conds)
        fit = 5 * 60 * 2 / (per * len(conds))
        print(f"{name:15} {len(conds):3} conditions: {per * 1000:6.1f} ms CPU a game; 1,000 a condition = {full:6.0f} CPU-s = "
              f"{full / 120:5.1f} min on 2 cores; in 5 min on 2 cores: {min(fit, 10**6):6.0f} games a condition "
              f"({'fits' if fit >= 1000 else f'needs {full / 300:.1f} cores'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Whole-game benchmarks: `python benchmarks/games.py GAME [--quick]` (GAME: a registered game, or all).

For every game, through the one simulator (`fortune_suite.simkit.simulate`, the same path as `fortune-suite simulate`):
greedy-vs-greedy full games per second on one core in quiet mode, against the same seeded games with the full log
on, measured in the same run (the peer), as medians of repeated runs; and the check that both end every game alike.
Then each game's own benchmark, `benchmarks/bench_<module>.py` (`main(quick) -> int`), if it has one: odds latency and
the profile-guided numbers of that game.
"""
import argparse, importlib.util, statistics, sys, time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from fortune_suite.engine import known_games, get_game, bots_for  # noqa: E402
from fortune_suite.simkit import simulate  # noqa: E402

# games per timed run (full, quick) and table sizes worth measuring
COUNTS = {"pig": (2000, 200), "spcfkrs": (60, 6), "fomo": (600, 40), "fortune_fodder": (20, 2), "votoms": (60, 6)}
PLAYERS = {"fomo": (2, 4, 5)}


def load(module):
    path = HERE / f"bench_{module}.py"
    if not path.exists(): return None
    spec = importlib.util.spec_from_file_location(f"bench_{module}", path)
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    return mod


def rate(game, games, players, quiet, repeats):
    "Median games/s (CPU time) of `repeats` seeded greedy-vs-greedy series; the last series' result."
    bots = "greedy" if "greedy" in bots_for(game) else "random"
    rates, r = [], None
    simulate(game, 1, seed=10**6, bots=bots, players=players, quiet=quiet)   # warm-up: first-use caches (card data, tables)
    for k in range(repeats):
        t0 = time.process_time()
        r = simulate(game, games, seed=1000 * k, bots=bots, players=players, quiet=quiet, keep=True)
        rates.append(games / max(time.process_time() - t0, 1e-9))
    return statistics.median(rates), r


def bench_game(name, quick):
    g = get_game(name)
    n = COUNTS.get(g.name, (100, 10))[1 if quick else 0]
    repeats = 1 if quick else 3
    for players in PLAYERS.get(g.name, (None,)):
        label = g.name + (f" ({players} players)" if players else "")
        q, rq = rate(g, n, players, True, repeats)
        f, rf = rate(g, n, players, False, repeats)
        same = rq.records == rf.records
        print(f"{label:26} greedy vs greedy: quiet {q:8.1f} games/s   full log {f:8.1f} games/s   "
              f"quiet/full {q / f:4.2f}x   ({n} games x {repeats}, median; same results: {same})")
        if not same:
            print(f"  quiet and full-log games ended differently for {label}", file=sys.stderr)
            return 1
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="a game (" + ", ".join(known_games()) + ") or all")
    ap.add_argument("--quick", action="store_true", help="CI smoke: small counts, one run")
    args = ap.parse_args(argv)
    names = known_games() if args.game == "all" else [get_game(args.game).name]
    code = 0
    for name in names:
        print(f"== {name}")
        code |= bench_game(name, args.quick)
        mod = load(name)
        if mod is not None: code |= mod.main(args.quick) or 0
    return code


if __name__ == "__main__":
    sys.exit(main())

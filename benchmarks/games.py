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
COUNTS = {"pig": (2000, 200), "spcfkrs": (60, 6), "fomo": (600, 40), "fortune_fodder": (20, 2), "fmc": (200, 20), "votoms": (60, 6)}
PLAYERS = {"fomo": (2, 4, 5)}


def load(module):
    path = HERE / f"bench_{module}.py"
    if not path.exists(): return None
    spec = importlib.util.spec_from_file_location(f"bench_{module}", path)
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    return mod


def quiet_vs_full(game, games, repeats=3, bots="greedy", players=None, options=None, warm=3, what="games"):
    """The timing loop every game's benchmark shares, through the one simulator: `repeats` series of `games` seeded games
    (seeds 1000·k on), each in quiet mode and again with the full log, interleaved so both see the same machine load,
    after `warm` warm-up games (first-use caches, as a long run has them). Returns {"quiet": (CPU games/s, wall games/s),
    "full": (…), "result": the last quiet series' SimResult}, medians of the series; None, with a line saying so, if a
    quiet and a full-log series ended differently (every game's seed, winners and rounds are compared)."""
    def series(n, seed, quiet):
        t0, w0 = time.process_time(), time.perf_counter()
        r = simulate(game, n, seed, bots, players=players, options=options, quiet=quiet, keep=True)
        return n / max(time.process_time() - t0, 1e-9), n / max(time.perf_counter() - w0, 1e-9), r
    series(warm, 10**6, True)
    quiet, full = [], []
    for k in range(repeats):
        q, f = series(games, 1000 * k, True), series(games, 1000 * k, False)
        if q[2].records != f[2].records:
            print(f"quiet and full-log {what} ended differently (seeds {1000 * k}..{1000 * k + games - 1})"); return None
        # keep the rates, not the kept games: hundreds of full-log games held in memory would make every later
        # series pay for the garbage collector walking them, which no user's single simulate() does
        quiet.append(q if k == repeats - 1 else q[:2]); full.append(f[:2]); del q, f
    med = lambda xs, i: statistics.median(x[i] for x in xs)
    return {"quiet": (med(quiet, 0), med(quiet, 1)), "full": (med(full, 0), med(full, 1)), "result": quiet[-1][2]}


def print_quiet_vs_full(t, label, what, repeats, games, target=None):
    "The two lines every game's benchmark prints of `quiet_vs_full`'s answer `t`: quiet rates, then the full-log peer; and the target's line."
    (qc, qw), (fc, fw) = t["quiet"], t["full"]
    print(f"{label}, through simulate(): {qc:7.1f} {what}/s CPU, {qw:7.1f} wall, quiet (median of {repeats} × {games})")
    print(f"  peer: the same {what} with the full log and JSON views: {fc:7.1f} /s CPU, {fw:7.1f} wall "
          f"(quiet/full = {qc / fc:.2f} CPU, {qw / fw:.2f} wall; same results: yes)")
    if target is not None:
        print(f"  target ≥ {target} {what}/s: {'met' if qc >= target else 'NOT met'} (CPU)"
              f"{'' if qw >= target else ' — wall clock below it: a loaded machine'}")
    return qc


def bench_game(name, quick):
    g = get_game(name)
    n = COUNTS.get(g.name, (100, 10))[1 if quick else 0]
    repeats = 1 if quick else 3
    bots = "greedy" if "greedy" in bots_for(g) else "random"
    for players in PLAYERS.get(g.name, (None,)):
        label = g.name + (f" ({players} players)" if players else "")
        t = quiet_vs_full(g, n, repeats, bots, players, warm=1)
        if t is None:
            print(f"  quiet and full-log games ended differently for {label}", file=sys.stderr)
            return 1
        q, f = t["quiet"][0], t["full"][0]
        print(f"{label:26} {bots} vs {bots}: quiet {q:8.1f} games/s   full log {f:8.1f} games/s   "
              f"quiet/full {q / f:4.2f}x   ({n} games x {repeats}, median, CPU; same results: True)")
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
